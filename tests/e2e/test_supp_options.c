// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant's command line is OP-TEE's (optee_client
 * tee-supplicant/src/tee_supplicant.c, main() and usage()): the command
 * lines distributions start OP-TEE's supplicant with start ours, with the
 * same meaning (issue 13 item 5).
 *
 *  - optee_client's own unit, tee-supplicant@.service.in: Type=notify,
 *    "tee-supplicant $OPTARGS"; NixOS's module fills the options in as
 *    "--ta-dir optee_armtz --fs-parent-path DIR --plugin-path DIR".
 *  - meta-arm's (Yocto) init script: start-stop-daemon ... -- -d $OPTARGS,
 *    here with OP-TEE's positional device "/dev/teepriv0".
 *
 * And -d leaves the daemon as the opener of teepriv0, so that teectl
 * shows a live pid (issue 13 item 9).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_uuids.h"
#include "teebox/version.h"

#define OUT_MAX	  (16 * 1024)
#define WAIT_MS	  60000
#define SUPP_NAME "tee-supplicant"

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/* Runs @argv to its end, stdout and stderr into @out: the exit status. */
static int run(char *const argv[], const char *dir, char *out)
{
	char path[PATH_MAX];
	size_t n = 0;
	int status;
	FILE *f;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/run.out", dir);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			      0600);

		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 ||
		    dup2(fd, STDERR_FILENO) < 0)
			_exit(126);
		execv(argv[0], argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	out[0] = '\0';
	f = fopen(path, "r");
	if (f) {
		n = fread(out, 1, OUT_MAX - 1, f);
		fclose(f);
	}
	out[n] = '\0';
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* teectl's output for @args, and its exit status. */
static int teectl(const struct harness *h, const char *args, char *out)
{
	char cmd[PATH_MAX * 2];
	size_t n = 0;
	FILE *f;
	int st;

	snprintf(cmd, sizeof(cmd), "%s --runtime-dir %s %s", TEEBOX_TEECTL_BIN,
		 h->dir, args);
	f = popen(cmd, "r");
	assert_non_null(f);
	n = fread(out, 1, OUT_MAX - 1, f);
	out[n] = '\0';
	st = pclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A TA the supplicant has to load: proves it found the TA directory. */
static void open_basic_ta(void)
{
	TEEC_Context ctx;
	TEEC_Session s;

	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_close(&ctx, &s);
}

/* A datagram socket standing in for systemd's $NOTIFY_SOCKET. */
static int notify_socket(const struct harness *h, char *path, size_t len)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd;

	snprintf(path, len, "%s/notify", h->dir);
	assert_true(strlen(path) < sizeof(sa.sun_path));
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	return fd;
}

/*
 * optee_client's unit with NixOS's options: -t names the TA directory
 * under the load path (ours: where the TAs are built or installed), and
 * READY=1 comes once teepriv0 is open.
 */
static void test_optee_unit_command_line(void **state)
{
	char plugins[PATH_MAX], notify[PATH_MAX], want[PATH_MAX + 32];
	char *argv[] = {TEEBOX_SUPP_BIN,
			"--ta-dir",
			"optee_armtz",
			"--fs-parent-path",
			NULL,
			"--plugin-path",
			plugins,
			NULL};
	char log[PATH_MAX], msg[64] = "";
	struct harness h;
	struct pollfd pfd;
	ssize_t n;

	(void)state;
	harness_start_ok(&h, (struct harness_opts){0});
	argv[4] = h.storage_dir;
	snprintf(plugins, sizeof(plugins), "%s/plugins", h.dir);
	assert_int_equal(mkdir(plugins, 0700), 0);
	pfd = (struct pollfd){.fd = notify_socket(&h, notify, sizeof(notify)),
			      .events = POLLIN};
	setenv("NOTIFY_SOCKET", notify, 1);
	unsetenv("TEEBOX_TA_DIR");
	snprintf(log, sizeof(log), "%s/tee-supplicant.log", h.dir);
	h.supp = harness_spawn(argv, log);
	unsetenv("NOTIFY_SOCKET");
	assert_true(h.supp > 0);

	/* Type=notify: systemd waits for this. */
	assert_int_equal(poll(&pfd, 1, WAIT_MS), 1);
	n = recv(pfd.fd, msg, sizeof(msg) - 1, 0);
	assert_int_equal(n, 7);
	assert_string_equal(msg, "READY=1");
	close(pfd.fd);

	/* <load path>/optee_armtz is the build's TA directory. */
	snprintf(want, sizeof(want), "TAs from %s,", TEEBOX_TEST_TA_DIR);
	assert_true(harness_log_contains(&h, "tee-supplicant.log", want));
	/* The plugin directory is read (an empty one: nothing loaded). */
	assert_false(harness_log_contains(&h, "tee-supplicant.log",
					  "no plugins: cannot open"));
	open_basic_ta();
	harness_stop_ok(&h);
}

/*
 * meta-arm's init script: -d returns once the daemon is attached; the
 * pid teectl shows for teepriv0 is the daemon's, which lives on.
 */
static void test_daemonize_is_the_opener(void **state)
{
	static char out[OUT_MAX];
	char pid_file[PATH_MAX], want[64];
	char *argv[] = {TEEBOX_SUPP_BIN,
			"-d",
			"--pid-file",
			pid_file,
			"-l",
			NULL,
			"-f",
			NULL,
			"/dev/teepriv0",
			NULL};
	struct harness h;
	FILE *f;
	int pid = 0;

	(void)state;
	harness_start_ok(&h, (struct harness_opts){0});
	argv[5] = h.ta_dir;
	argv[7] = h.storage_dir;
	snprintf(pid_file, sizeof(pid_file), "%s/supp.pid", h.dir);
	assert_int_equal(run(argv, h.dir, out), 0);
	f = fopen(pid_file, "r");
	assert_non_null(f);
	assert_int_equal(fscanf(f, "%d", &pid), 1);
	fclose(f);
	h.supp = pid;
	assert_int_equal(kill(pid, 0), 0);

	assert_int_equal(teectl(&h, "sessions", out), 0);
	snprintf(want, sizeof(want), "teepriv0 pid %d ", pid);
	assert_non_null(strstr(out, want));
	open_basic_ta();
	harness_stop_ok(&h);
}

/* What OP-TEE refuses, refused; --help and --version. */
static void test_usage(void **state)
{
	static char out[OUT_MAX];
	char dir[] = "/tmp/test_supp_options-XXXXXX";
	char *both[] = {TEEBOX_SUPP_BIN, "-l", "/a", "-t", "b", NULL};
	char *two[] = {TEEBOX_SUPP_BIN, "teepriv0", "teepriv1", NULL};
	char *help[] = {TEEBOX_SUPP_BIN, "--help", NULL};
	char *version[] = {TEEBOX_SUPP_BIN, "--version", NULL};
	char *old_p[] = {TEEBOX_SUPP_BIN, "--plugin-path", "/x", "-p", NULL};

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(run(both, dir, out), 2);
	assert_non_null(strstr(out, "cannot use --ta-path and --ta-dir at "
				    "the same time"));
	assert_int_equal(run(two, dir, out), 2);
	assert_non_null(strstr(out, "too many arguments: teepriv1"));
	/* -p takes the plugin directory, as OP-TEE's: here it lacks one. */
	assert_int_equal(run(old_p, dir, out), 2);

	assert_int_equal(run(help, dir, out), 0);
	assert_non_null(strstr(out, "[<device-name>]"));
	assert_non_null(strstr(out, "-d, --daemonize"));
	assert_non_null(strstr(out, "-f, --fs-parent-path"));
	assert_non_null(strstr(out, "-l, --ta-path"));
	assert_non_null(strstr(out, "-t, --ta-dir"));
	assert_non_null(strstr(out,
			       "-p, --plugin-path DIR the plugin "
			       "directory [/usr/lib/tee-supplicant/plugins]"));
	assert_non_null(strstr(out, "-r, --rpmb-cid"));

	assert_int_equal(run(version, dir, out), 0);
	assert_string_equal(out, SUPP_NAME " (teebox) " TEEBOX_VERSION "\n");
	snprintf(out, OUT_MAX, "rm -rf '%s'", dir);
	assert_int_equal(system(out), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_optee_unit_command_line),
		cmocka_unit_test(test_daemonize_is_the_opener),
		cmocka_unit_test(test_usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
