// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant's storage options end to end (docs/storage.md,
 * "tee-supplicant's side"): `teebox up --storage-dir` hands the directory
 * to the supplicant as OP-TEE's --fs-parent-path, the harness's
 * supplicant serves a directory of the test's, and a malformed
 * --rpmb-cid is refused before anything starts.  What the supplicant does
 * with FS and RPMB requests is tested through its request entry point
 * (tests/unit/test_supp_fs.c, test_supp_rpmb.c).
 */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"

/* Runs @argv with its output in @out: the exit status, or -1. */
static int run(char *const argv[], const char *out)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (fd < 0)
			_exit(126);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* The whole of @path (up to 4 KiB), NULs turned into spaces. */
static void slurp(const char *path, char *buf, size_t len)
{
	size_t n = 0;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	for (size_t i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	buf[n] = '\0';
}

static void test_harness_storage(void **state)
{
	struct harness_opts o = {.supplicant = true};
	struct harness h;
	char path[PATH_MAX], want[PATH_MAX], log[4096];

	(void)state;
	assert_int_equal(harness_start(&h, &o), 0);
	snprintf(path, sizeof(path), "%s/tee-supplicant.log", h.dir);
	snprintf(want, sizeof(want), "storage in %s/storage", h.dir);
	/* -d returns once attached; the line follows (generous bound). */
	for (int ms = 0; ms < 20000; ms += 50) {
		slurp(path, log, sizeof(log));
		if (strstr(log, want))
			break;
		usleep(50 * 1000);
	}
	/* Stopped before the check: a failed check must not leave it up. */
	assert_int_equal(harness_stop(&h), 0);
	if (!strstr(log, want))
		fail_msg("no \"%s\" in the supplicant's log:\n%s", want, log);
}

static void test_teebox_up_storage_dir(void **state)
{
	char base[64], run_dir[128], storage[128], out[128], path[256];
	char buf[4096], want[256];
	char *up[] = {TEEBOX_CLI_BIN,
		      "up",
		      "--runtime-dir",
		      run_dir,
		      "--storage-dir",
		      storage,
		      "--ta-dir",
		      TEEBOX_TEST_TA_DIR,
		      NULL};
	char *down[] = {TEEBOX_CLI_BIN, "down", "--runtime-dir", run_dir, NULL};
	struct stat st;
	int pid;
	FILE *f;

	(void)state;
	snprintf(base, sizeof(base), "/tmp/test_supp_storage-XXXXXX");
	assert_non_null(mkdtemp(base));
	snprintf(run_dir, sizeof(run_dir), "%s/run", base);
	snprintf(storage, sizeof(storage), "%s/secure", base);
	snprintf(out, sizeof(out), "%s/out", base);
	assert_int_equal(run(up, out), 0);
	snprintf(path, sizeof(path), "%s/tee-supplicant.pid", run_dir);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(fscanf(f, "%d", &pid), 1);
	fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
	slurp(path, buf, sizeof(buf));
	snprintf(want, sizeof(want), " --fs-parent-path %s", storage);
	assert_non_null(strstr(buf, want));
	assert_int_equal(stat(storage, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(run(down, out), 0);
	snprintf(path, sizeof(path), "rm -rf '%s'", base);
	assert_int_equal(system(path), 0);
}

/* A storage directory others may write is refused by teebox up. */
static void test_teebox_up_refuses_open_storage(void **state)
{
	char base[64], run_dir[128], storage[128], out[128], buf[4096];
	char *up[] = {TEEBOX_CLI_BIN,
		      "up",
		      "--runtime-dir",
		      run_dir,
		      "--storage-dir",
		      storage,
		      "--ta-dir",
		      TEEBOX_TEST_TA_DIR,
		      NULL};
	char cmd[256];

	(void)state;
	snprintf(base, sizeof(base), "/tmp/test_supp_storage-XXXXXX");
	assert_non_null(mkdtemp(base));
	snprintf(run_dir, sizeof(run_dir), "%s/run", base);
	snprintf(storage, sizeof(storage), "%s/secure", base);
	snprintf(out, sizeof(out), "%s/out", base);
	assert_int_equal(mkdir(storage, 0700), 0);
	assert_int_equal(chmod(storage, 0777), 0);
	assert_int_equal(run(up, out), 1);
	slurp(out, buf, sizeof(buf));
	assert_non_null(strstr(buf, "writable by group or others"));
	/* Nothing was started. */
	snprintf(cmd, sizeof(cmd), "%s/teed.pid", run_dir);
	assert_int_equal(access(cmd, F_OK), -1);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	assert_int_equal(system(cmd), 0);
}

static void test_bad_rpmb_cid(void **state)
{
	char *bad[] = {TEEBOX_SUPP_BIN, "-r", "0123", NULL};
	char *help[] = {TEEBOX_SUPP_BIN, "--help", NULL};
	char out[] = "/tmp/test_supp_storage-out-XXXXXX", buf[4096];
	int fd = mkstemp(out);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(run(bad, out), 2);
	slurp(out, buf, sizeof(buf));
	assert_non_null(strstr(buf, "32 hex digits"));
	assert_int_equal(run(help, out), 0);
	slurp(out, buf, sizeof(buf));
	assert_non_null(strstr(buf, "--fs-parent-path"));
	assert_non_null(strstr(buf, "--rpmb-cid"));
	unlink(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_harness_storage),
		cmocka_unit_test(test_teebox_up_storage_dir),
		cmocka_unit_test(test_teebox_up_refuses_open_storage),
		cmocka_unit_test(test_bad_rpmb_cid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
