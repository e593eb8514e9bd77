// SPDX-License-Identifier: BSD-2-Clause
/*
 * The device tree decides whether there is an OP-TEE, end to end.  teed
 * boots the secure world, then probes the OP-TEE driver from its tree as
 * the seed's driver does (seeds/004 drivers/tee/optee/core.c:
 * optee_driver_init() finds the node, get_invoke_func() reads "method";
 * seeds/002 is the binding, seeds/006 the HiKey node).  A tree without a
 * usable node leaves teed running with no OP-TEE device, as a kernel
 * without OP-TEE; a file that is no tree at all stops teed.
 *
 * The trees are the .dts files of dts/, compiled by dtc into
 * TEEBOX_DTB_DIR.  Every
 * test starts its own teed in a private directory and stops it.
 */
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/examples/hello_world/ta/include/hello_world_ta.h"
#include "transport/tdev.h"

/* How long teed may take to give up on a bad --dtb. */
#define EXIT_TIMEOUT_MS 20000

static const TEEC_UUID hello_uuid = TA_HELLO_WORLD_UUID;

/* The path of the compiled dts/@name.dts. */
static const char *dtb(const char *name)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s.dtb", TEEBOX_DTB_DIR, name);
	return path;
}

/*
 * Starts teed with --dtb @tree (NULL: the built-in tree); with a device
 * expected, tee-supplicant too (it attaches to teepriv0).
 */
static void start(struct harness *h, const char *tree, bool expect_device)
{
	const char *args[] = {"--dtb", tree, NULL};
	struct harness_opts o = {
		.supplicant = expect_device,
		.teed_args = tree ? args : NULL,
		.expect_no_device = !expect_device,
	};

	harness_start_ok(h, o);
}

static int setup(void **state)
{
	struct harness *h = calloc(1, sizeof(*h));

	*state = h;
	return h ? 0 : -1;
}

/* Stops what a failed test left running. */
static int teardown(void **state)
{
	struct harness *h = *state;

	harness_stop_leftover(h);
	free(h);
	return 0;
}

/* TEE_IOC_VERSION on @name: the OP-TEE driver answers (impl_id 1). */
static void assert_optee_version(const char *name)
{
	struct tee_ioctl_version_data vers;
	struct tdev *d;

	assert_int_equal(tdev_open(name, &d), 0);
	memset(&vers, 0, sizeof(vers));
	assert_int_equal(tdev_ioctl(d, TEE_IOC_VERSION, &vers), 0);
	assert_int_equal(vers.impl_id, TEE_IMPL_ID_OPTEE);
	assert_true(vers.gen_caps & TEE_GEN_CAP_GP);
	tdev_close(d);
}

/*
 * The OP-TEE device works: tee0 answers, teepriv0 is held by
 * tee-supplicant (one user at a time), and a client opens a session to
 * the hello_world TA, which the supplicant loaded through teepriv0,
 * invokes it and closes it.
 */
static void assert_optee_works(struct harness *h)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct tdev *d = NULL;

	assert_true(harness_log_contains(h, "teed.log",
					 "optee: initialized driver"));
	assert_optee_version("tee0");
	assert_int_equal(tdev_open("teepriv0", &d), -EBUSY);

	e2e_open(&ctx, &s, &hello_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&s, TA_HELLO_WORLD_CMD_INC_VALUE);
	e2e_close(&ctx, &s);
}

/* teed logged that the probe failed with -@err. */
static void assert_probe_failed(struct harness *h, int err)
{
	char line[128];

	snprintf(line, sizeof(line), "OP-TEE driver probe failed: %s",
		 strerror(err));
	assert_true(harness_log_contains(h, "teed.log", line));
}

/* teed is up but registered no OP-TEE device: no socket for either. */
static void assert_no_device(struct harness *h)
{
	char path[PATH_MAX];
	struct tdev *d = NULL;
	struct stat st;

	assert_false(harness_log_contains(h, "teed.log",
					  "optee: initialized driver"));
	assert_int_equal(tdev_open("tee0", &d), -ENOENT);
	assert_int_equal(tdev_open("teepriv0", &d), -ENOENT);
	snprintf(path, sizeof(path), "%s/tee0", h->dir);
	assert_int_equal(stat(path, &st), -1);
	assert_int_equal(errno, ENOENT);
}

/* optee_driver_init: the built-in tree has /firmware/optee, "smc". */
static void test_optee_driver_init_builtin_tree(void **state)
{
	struct harness *h = *state;

	start(h, NULL, true);
	assert_optee_works(h);
	harness_stop_ok(h);
}

/* optee_driver_init: dts/teebox.dts, the built-in tree as a file. */
static void test_optee_driver_init_teebox_dtb(void **state)
{
	struct harness *h = *state;

	start(h, dtb("teebox"), true);
	assert_optee_works(h);
	harness_stop_ok(h);
}

/* optee_driver_init: the HiKey node of seeds/006 (compatible, "smc"). */
static void test_optee_driver_init_hikey_dtb(void **state)
{
	struct harness *h = *state;

	start(h, dtb("hikey-optee"), true);
	assert_optee_works(h);
	harness_stop_ok(h);
}

/*
 * get_invoke_func: method "hvc" gives the HVC conduit; every call of
 * the probe and of the session goes through the machine's hypervisor
 * path to the same secure world.
 */
static void test_get_invoke_func_hvc(void **state)
{
	struct harness *h = *state;

	start(h, dtb("optee-hvc"), true);
	assert_optee_works(h);
	harness_stop_ok(h);
}

/* optee_driver_init: no /firmware, -ENODEV: teed runs without OP-TEE. */
static void test_optee_driver_init_no_firmware(void **state)
{
	struct harness *h = *state;

	start(h, dtb("no-firmware"), false);
	assert_true(harness_log_contains(h, "teed.log", "no OP-TEE node"));
	assert_no_device(h);
	harness_stop_ok(h);
}

/*
 * optee_driver_init: /firmware without a "linaro,optee-tz" node,
 * -ENODEV: teed runs without OP-TEE.
 */
static void test_optee_driver_init_no_optee_node(void **state)
{
	struct harness *h = *state;

	start(h, dtb("no-optee"), false);
	assert_true(harness_log_contains(h, "teed.log", "no OP-TEE node"));
	assert_no_device(h);
	harness_stop_ok(h);
}

/* get_invoke_func: no "method" is warned about, and -ENXIO. */
static void test_get_invoke_func_missing_method(void **state)
{
	struct harness *h = *state;

	start(h, dtb("no-method"), false);
	assert_true(harness_log_contains(h, "teed.log",
					 "optee: missing \"method\" property"));
	assert_probe_failed(h, ENXIO);
	assert_false(harness_log_contains(h, "teed.log", "no OP-TEE node"));
	assert_no_device(h);
	harness_stop_ok(h);
}

/* get_invoke_func: a method not "smc" nor "hvc" is named, and -EINVAL. */
static void test_get_invoke_func_invalid_method(void **state)
{
	struct harness *h = *state;

	start(h, dtb("bad-method"), false);
	assert_true(harness_log_contains(
		h, "teed.log", "optee: invalid \"method\" property: foo"));
	assert_probe_failed(h, EINVAL);
	assert_false(harness_log_contains(h, "teed.log", "no OP-TEE node"));
	assert_no_device(h);
	harness_stop_ok(h);
}

/* Does @path have a line containing @s? */
static bool file_contains(const char *path, const char *s)
{
	char line[1024];
	bool found = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, s) != NULL;
	fclose(f);
	return found;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	return remove(path);
}

/* The number of entries in @path, "." and ".." aside. */
static int entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)))
		n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	closedir(d);
	return n;
}

static void print_file(const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	fprintf(stderr, "--- %s ---\n", path);
	while (fgets(line, sizeof(line), f))
		fputs(line, stderr);
	fclose(f);
}

/*
 * Runs teed with the secure world @secure and --dtb @tree (NULL: the
 * built-in tree) in a private directory, expecting it to refuse to
 * start: it must exit non-zero (not die of a signal), with a log line
 * containing @why, and serve nothing.
 */
static void assert_teed_refuses(const char *secure, const char *tree,
				const char *why)
{
	char dir[] = "/tmp/teebox-test-XXXXXX";
	char log[PATH_MAX], sock[PATH_MAX];
	char *argv[] = {TEEBOX_TEED_BIN,
			"--runtime-dir",
			dir,
			"--secure-world",
			(char *)secure,
			tree ? "--dtb" : NULL,
			(char *)tree,
			NULL};
	bool said_why, said_ready, served;
	int status = 0, ms, left;
	struct stat st;
	pid_t pid;

	assert_non_null(mkdtemp(dir));
	snprintf(log, sizeof(log), "%s/teed.log", dir);
	snprintf(sock, sizeof(sock), "%s/tee0", dir);
	pid = harness_spawn(argv, log);
	assert_true(pid >= 0);
	for (ms = 0; ms < EXIT_TIMEOUT_MS; ms += 10) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		harness_sleep_ms(10);
	}
	if (ms >= EXIT_TIMEOUT_MS) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	said_why = file_contains(log, why);
	said_ready = file_contains(log, "ready (");
	served = stat(sock, &st) == 0;
	/* teed.log aside, nothing may be left: no socket, no pid file. */
	left = entries(dir) - 1;
	if (!said_why)
		print_file(log);
	if (getenv("TEEBOX_KEEP_TEST_DIR"))
		fprintf(stderr, "kept %s\n", dir);
	else
		nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);

	assert_true(ms < EXIT_TIMEOUT_MS);
	assert_true(WIFEXITED(status));
	assert_int_not_equal(WEXITSTATUS(status), 0);
	assert_true(said_why);
	assert_false(said_ready);
	assert_false(served);
	assert_int_equal(left, 0);
}

/* --dtb of a file that is no flattened tree (a .dts source): teed stops. */
static void test_dtb_not_a_tree_refused(void **state)
{
	const char *tree = TEEBOX_DTS_DIR "/teebox.dts";
	char why[PATH_MAX + 64];

	snprintf(why, sizeof(why), "%s is not a flattened device tree", tree);
	assert_teed_refuses(TEEBOX_SECURE_BIN, tree, why);
}

/* --dtb of a file that is not there: teed says so and stops. */
static void test_dtb_missing_file_refused(void **state)
{
	const char *tree = TEEBOX_DTB_DIR "/missing.dtb";
	char why[PATH_MAX + 64];

	snprintf(why, sizeof(why), "cannot open device tree %s: %s", tree,
		 strerror(ENOENT));
	assert_teed_refuses(TEEBOX_SECURE_BIN, tree, why);
}

/*
 * Firmware that is not there: the machine does not boot, teed says so
 * and exits 1 (it once died of SIGSEGV halting the machine twice).
 */
static void test_secure_world_missing_refused(void **state)
{
	assert_teed_refuses("/nonexistent/teebox-secure", NULL,
			    "the secure world did not boot");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_optee_driver_init_builtin_tree, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_optee_driver_init_teebox_dtb, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_optee_driver_init_hikey_dtb, setup, teardown),
		cmocka_unit_test_setup_teardown(test_get_invoke_func_hvc, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_optee_driver_init_no_firmware, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_optee_driver_init_no_optee_node, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_get_invoke_func_missing_method, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_get_invoke_func_invalid_method, setup, teardown),
		cmocka_unit_test(test_dtb_not_a_tree_refused),
		cmocka_unit_test(test_dtb_missing_file_refused),
		cmocka_unit_test(test_secure_world_missing_refused),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
