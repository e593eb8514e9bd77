// SPDX-License-Identifier: BSD-2-Clause
/*
 * The runtime directory as `teebox` uses it (docs/security.md, "The
 * runtime directory"): a directory that is not the caller's alone is
 * refused, files planted in it are not written through, a pid file never
 * gets an unrelated process signalled, a killed teebox leaves nothing that
 * stops the next one, and the logs are private and fresh on each up.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"

#define NOBODY 65534

/**
 * struct fixture - a private base directory for one test
 * @base:	made by mkdtemp, removed afterwards
 * @run:	the runtime directory under test (@base/run unless changed)
 * @out:	what the last teebox command printed
 * @sleeper:	an unrelated process of the test's (0: none)
 * @h:		a teebox the harness started (teed 0: none)
 */
struct fixture {
	char base[64];
	char run[256];
	char out[256];
	pid_t sleeper;
	struct harness h;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	snprintf(f->base, sizeof(f->base), "/tmp/test_runtime_dir-XXXXXX");
	if (!mkdtemp(f->base))
		return -1;
	snprintf(f->run, sizeof(f->run), "%s/run", f->base);
	snprintf(f->out, sizeof(f->out), "%s/out", f->base);
	*state = f;
	return 0;
}

/*
 * teebox CMD --runtime-dir ... --ta-dir ... [@extra...] with its output
 * in f->out: the exit status, or -1.
 */
static int teebox_with(struct fixture *f, const char *cmd,
		       const char *const *extra)
{
	char *argv[16] = {TEEBOX_CLI_BIN,
			  (char *)cmd,
			  "--runtime-dir",
			  f->run,
			  "--ta-dir",
			  TEEBOX_TEST_TA_DIR,
			  NULL};
	int status, argc = 6;
	pid_t pid;

	for (; extra && *extra && argc < 15; extra++)
		argv[argc++] = (char *)*extra;
	argv[argc] = NULL;
	pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(f->out, O_WRONLY | O_CREAT | O_TRUNC, 0600);

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

static int teebox(struct fixture *f, const char *cmd)
{
	return teebox_with(f, cmd, NULL);
}

/* Whether the file @name in @dir has a line containing @s. */
static bool file_contains(const char *dir, const char *name, const char *s)
{
	char path[PATH_MAX], line[1024];
	bool found = false;
	FILE *file;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	file = fopen(path, "r");
	if (!file)
		return false;
	while (!found && fgets(line, sizeof(line), file))
		found = strstr(line, s) != NULL;
	fclose(file);
	return found;
}

static bool exists(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !lstat(path, &st);
}

static pid_t pid_in(const char *dir, const char *name)
{
	char path[PATH_MAX];
	FILE *file;
	int pid = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	file = fopen(path, "r");
	if (!file)
		return 0;
	if (fscanf(file, "%d", &pid) != 1)
		pid = 0;
	fclose(file);
	return pid;
}

static void write_in(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *file;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	file = fopen(path, "a");
	assert_non_null(file);
	assert_true(fputs(text, file) >= 0);
	assert_int_equal(fclose(file), 0);
}

/* Whether @pid has gone (a zombie has: it runs no program any more). */
static bool gone(pid_t pid)
{
	char path[64], exe[PATH_MAX];

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	return readlink(path, exe, sizeof(exe)) < 0;
}

static void kill9_and_wait(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	for (int i = 0; i < 1000 && !gone(pid); i++)
		harness_sleep_ms(10);
	assert_true(gone(pid));
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	return remove(path);
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	int rc;

	if (f->sleeper > 0) {
		kill(f->sleeper, SIGKILL);
		waitpid(f->sleeper, NULL, 0);
	}
	harness_stop_leftover(&f->h);
	/* A test that failed half-way must not leave teebox running. */
	if (exists(f->run, "teed.pid") && teebox(f, "down"))
		kill9_and_wait(pid_in(f->run, "teed.pid"));
	rc = nftw(f->base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(f);
	return rc;
}

/* Refused: exit 1, the message names the directory, nothing started. */
static void assert_up_refused(struct fixture *f, const char *what)
{
	assert_int_equal(teebox(f, "up"), 1);
	assert_true(file_contains(f->base, "out", f->run));
	assert_true(file_contains(f->base, "out", what));
	assert_false(exists(f->run, "teed.pid"));
	assert_false(exists(f->run, "tee0"));
}

static void test_teebox_up__world_writable_dir_refused(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(mkdir(f->run, 0700), 0);
	assert_int_equal(chmod(f->run, 0777), 0);
	assert_up_refused(f, "chmod go-w");
	assert_int_equal(teebox(f, "down"), 1);
}

/* As root, a directory of nobody's; a user cannot make one to test. */
static void test_teebox_up__other_users_dir_refused(void **state)
{
	struct fixture *f = *state;

	if (geteuid() != 0) {
		print_message("skipped: needs root to give a directory to "
			      "another user\n");
		skip();
	}
	assert_int_equal(mkdir(f->run, 0755), 0);
	assert_int_equal(chown(f->run, NOBODY, NOBODY), 0);
	assert_up_refused(f, "belongs to uid 65534");
}

/* A link in place of the directory is refused, not followed. */
static void test_teebox_up__symlinked_dir_refused(void **state)
{
	struct fixture *f = *state;
	char real[128];

	snprintf(real, sizeof(real), "%s/real", f->base);
	assert_int_equal(mkdir(real, 0700), 0);
	assert_int_equal(symlink(real, f->run), 0);
	assert_up_refused(f, "symbolic link");
	assert_false(exists(real, "tee0"));
}

/* Links planted as the pid files: replaced, their targets untouched. */
static void test_teebox_up__planted_pid_file_links_not_followed(void **state)
{
	struct fixture *f = *state;
	char victim[PATH_MAX], link[PATH_MAX];
	struct stat st;

	assert_int_equal(mkdir(f->run, 0700), 0);
	write_in(f->base, "victim", "keep me\n");
	snprintf(victim, sizeof(victim), "%s/victim", f->base);
	snprintf(link, sizeof(link), "%s/teed.pid", f->run);
	assert_int_equal(symlink(victim, link), 0);
	snprintf(link, sizeof(link), "%s/tee-supplicant.pid", f->run);
	assert_int_equal(symlink(victim, link), 0);
	assert_int_equal(teebox(f, "up"), 0);
	/* Still its own 8 bytes: no pid was written into it. */
	assert_int_equal(lstat(victim, &st), 0);
	assert_int_equal(st.st_size, 8);
	snprintf(link, sizeof(link), "%s/teed.pid", f->run);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(teebox(f, "down"), 0);
}

/* A child running sleep(1): a live process of ours that is no daemon. */
static pid_t start_sleep(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		execl("/bin/sleep", "sleep", "60", (char *)NULL);
		_exit(127);
	}
	return pid;
}

/*
 * Pid files naming an unrelated live process (the pids of a killed
 * teebox, taken since): down does not signal it and removes them, and up
 * does not take it for a running teebox.
 */
static void test_teebox_down__unrelated_pid_not_signalled(void **state)
{
	struct fixture *f = *state;
	char line[32];

	assert_int_equal(mkdir(f->run, 0700), 0);
	f->sleeper = start_sleep();
	snprintf(line, sizeof(line), "%d\n", (int)f->sleeper);
	write_in(f->run, "teed.pid", line);
	write_in(f->run, "tee-supplicant.pid", line);
	assert_int_equal(teebox(f, "down"), 0);
	assert_true(file_contains(f->base, "out", "not running"));
	harness_sleep_ms(100);
	assert_int_equal(waitpid(f->sleeper, NULL, WNOHANG), 0);
	assert_false(exists(f->run, "teed.pid"));
	assert_false(exists(f->run, "tee-supplicant.pid"));

	write_in(f->run, "teed.pid", line);
	assert_int_equal(teebox(f, "up"), 0);
	assert_true(file_contains(f->base, "out", "teebox up"));
	assert_int_equal(teebox(f, "down"), 0);
	assert_int_equal(waitpid(f->sleeper, NULL, WNOHANG), 0);
}

/* The secure world: the child of teed that runs teebox-secure. */
static pid_t secure_world_of(pid_t teed)
{
	struct harness h = {.teed = teed};

	return harness_secure_world_pid(&h);
}

/*
 * Everything killed with SIGKILL: status and down see nothing running,
 * down removes the pid files and sockets left behind, and up works.
 */
static void test_teebox_up__after_kill9_of_everything(void **state)
{
	static const char *const stale[] = {"teed.pid", "tee-supplicant.pid",
					    "tee0", "teepriv0", "control"};
	struct fixture *f = *state;
	pid_t teed, supp, sw;

	assert_int_equal(teebox(f, "up"), 0);
	teed = pid_in(f->run, "teed.pid");
	supp = pid_in(f->run, "tee-supplicant.pid");
	sw = secure_world_of(teed);
	assert_true(teed > 0 && supp > 0 && sw > 0);
	kill9_and_wait(supp);
	kill9_and_wait(teed);
	kill9_and_wait(sw);
	for (size_t i = 0; i < sizeof(stale) / sizeof(stale[0]); i++)
		assert_true(exists(f->run, stale[i]));

	assert_int_equal(teebox(f, "status"), 3);
	assert_int_equal(teebox(f, "down"), 0);
	assert_true(file_contains(f->base, "out", "not running"));
	for (size_t i = 0; i < sizeof(stale) / sizeof(stale[0]); i++)
		assert_false(exists(f->run, stale[i]));

	assert_int_equal(teebox(f, "up"), 0);
	assert_true(file_contains(f->base, "out", "teebox up"));
	assert_int_equal(teebox(f, "status"), 0);
	assert_int_equal(teebox(f, "down"), 0);
}

static mode_t mode_in(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode & 07777;
}

/* The logs are not world-readable, and each up starts them afresh. */
static void test_teebox_up__logs_private_and_fresh(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(teebox(f, "up"), 0);
	assert_int_equal(mode_in(f->run, "teed.log"), 0600);
	assert_int_equal(mode_in(f->run, "tee-supplicant.log"), 0600);
	write_in(f->run, "teed.log", "marker of the last run\n");
	assert_int_equal(teebox(f, "down"), 0);

	assert_int_equal(teebox(f, "up"), 0);
	assert_false(file_contains(f->run, "teed.log", "marker of the last"));
	assert_true(file_contains(f->run, "teed.log.1", "marker of the last"));
	assert_int_equal(mode_in(f->run, "teed.log"), 0600);
	assert_int_equal(teebox(f, "down"), 0);
}

/* The group of the socket @name in @dir; its mode must be @mode. */
static gid_t socket_group(const char *dir, const char *name, mode_t mode)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(st.st_mode & 07777, mode);
	return st.st_gid;
}

/*
 * OP-TEE's udev rules, with groups every system has standing in for
 * teeclnt and tee: tee0 0660 for the client group, teepriv0 0660 for the
 * supplicant's; a group that does not exist leaves tee0 0666 and
 * teepriv0 0600.  Only root can give its sockets to a group.
 */
static void test_teed_devices__follow_the_device_groups(void **state)
{
	static const char *const groups[] = {"--client-group", "nogroup",
					     "--supplicant-group", "daemon",
					     NULL};
	static const char *const none[] = {"--client-group", "no-such-group-x",
					   "--supplicant-group",
					   "no-such-group-y", NULL};
	struct fixture *f = *state;
	struct harness *h = &f->h;
	struct group *gr;
	gid_t nogroup, daemon;

	if (geteuid() != 0) {
		print_message("skipped: only root can give the device sockets "
			      "to a group\n");
		skip();
	}
	gr = getgrnam("nogroup");
	assert_non_null(gr);
	nogroup = gr->gr_gid;
	gr = getgrnam("daemon");
	assert_non_null(gr);
	daemon = gr->gr_gid;
	harness_start_ok(h, (struct harness_opts){.teed_args = groups});
	assert_int_equal(socket_group(h->dir, "tee0", 0660), nogroup);
	assert_int_equal(socket_group(h->dir, "teepriv0", 0660), daemon);
	harness_stop_ok(h);
	harness_start_ok(h, (struct harness_opts){.teed_args = none});
	assert_int_equal(socket_group(h->dir, "tee0", 0666), 0);
	assert_int_equal(socket_group(h->dir, "teepriv0", 0600), 0);
	harness_stop_ok(h);
}

/*
 * An up on a running teebox with other settings (an option, or the
 * TEEBOX_TA_DEBUG its TAs read) would silently not apply them: refused,
 * saying what to do.  The same settings again are fine.  The record is
 * private (0600) and goes with down.
 */
static void test_teebox_up__other_settings_refused(void **state)
{
	static const char *const threads[] = {"--threads", "2", NULL};
	struct fixture *f = *state;
	char msg[512];

	snprintf(msg, sizeof(msg),
		 "teebox: teebox is already up in %s with other settings: "
		 "run `teebox down` first",
		 f->run);
	assert_int_equal(teebox(f, "up"), 0);
	assert_int_equal(mode_in(f->run, "teebox.settings"), 0600);
	assert_int_equal(teebox(f, "up"), 0);
	assert_true(file_contains(f->base, "out", "teebox is already up in"));

	assert_int_equal(teebox_with(f, "up", threads), 1);
	assert_true(file_contains(f->base, "out", msg));
	setenv("TEEBOX_TA_DEBUG", "1", 1);
	assert_int_equal(teebox(f, "up"), 1);
	unsetenv("TEEBOX_TA_DEBUG");
	assert_true(file_contains(f->base, "out", msg));

	assert_int_equal(teebox(f, "down"), 0);
	assert_false(exists(f->run, "teebox.settings"));
	assert_int_equal(teebox_with(f, "up", threads), 0);
	assert_true(file_contains(f->base, "out", "teebox up:"));
	assert_int_equal(teebox(f, "down"), 0);
}

/*
 * up --plugin-path hands tee-supplicant its plugin directory: the test
 * plugins of tests/e2e/plugins load from it.
 */
static void test_teebox_up__plugin_path(void **state)
{
	static const char *const plugins[] = {"--plugin-path",
					      TEEBOX_TEST_PLUGIN_DIR, NULL};
	struct fixture *f = *state;

	assert_int_equal(teebox_with(f, "up", plugins), 0);
	assert_true(
		file_contains(f->run, "tee-supplicant.log",
			      "plugin test loaded from " TEEBOX_TEST_PLUGIN_DIR
			      "/test_plugin.so"));
	assert_int_equal(teebox(f, "down"), 0);
}

/* status says where the TAs, storage and logs are; --json for scripts. */
static void test_teebox_status__directories_and_json(void **state)
{
	struct fixture *f = *state;
	char store[128], want[1024];
	const char *const opts[] = {"--storage-dir", store, NULL};
	const char *const json[] = {"--json", NULL};

	snprintf(store, sizeof(store), "%s/store", f->base);
	assert_int_equal(teebox_with(f, "up", opts), 0);
	/* What up used, not what status is given. */
	assert_int_equal(teebox(f, "status"), 0);
	assert_true(file_contains(f->base, "out",
				  "TA directory:      " TEEBOX_TEST_TA_DIR));
	snprintf(want, sizeof(want), "storage directory: %s", store);
	assert_true(file_contains(f->base, "out", want));
	snprintf(want, sizeof(want),
		 "logs:              %s/teed.log %s/"
		 "tee-supplicant.log",
		 f->run, f->run);
	assert_true(file_contains(f->base, "out", want));

	assert_int_equal(teebox_with(f, "status", json), 0);
	snprintf(want, sizeof(want),
		 "{\"runtime_dir\":\"%s\",\"teed\":"
		 "{\"running\":true,",
		 f->run);
	assert_true(file_contains(f->base, "out", want));
	assert_true(file_contains(f->base, "out",
				  "\"ta_dir\":\"" TEEBOX_TEST_TA_DIR "\""));
	snprintf(want, sizeof(want), "\"storage_dir\":\"%s\"", store);
	assert_true(file_contains(f->base, "out", want));
	assert_true(file_contains(f->base, "out",
				  "\"tee_supplicant\":{\"running\":true,"));
	assert_int_equal(teebox(f, "down"), 0);

	assert_int_equal(teebox_with(f, "status", json), 3);
	assert_true(file_contains(f->base, "out",
				  "\"teed\":{\"running\":false,\"pid\":0}"));
}

/*
 * What teed can do, through up: the loopback driver's devices appear
 * (the subsystem is generic), dynamic shared memory shows in gen_caps
 * (TEE_GEN_CAP_REG_MEM, include/uapi/linux/tee.h), --cpus reaches the
 * secure world, and --no-supplicant leaves teepriv0 free for another.
 */
static void test_teebox_up__teed_options(void **state)
{
	static const char *const opts[] = {
		"--no-supplicant", "--loopback", "--dynamic-shm",
		"--cpus",	   "2",		 NULL};
	struct fixture *f = *state;
	char want[512];

	assert_int_equal(teebox_with(f, "up", opts), 0);
	snprintf(want, sizeof(want),
		 "teebox up: teed (pid %d), no tee-supplicant: run your own "
		 "on %s/teepriv0",
		 (int)pid_in(f->run, "teed.pid"), f->run);
	assert_true(file_contains(f->base, "out", want));
	assert_true(exists(f->run, "tee1"));
	assert_true(exists(f->run, "teepriv1"));
	assert_false(exists(f->run, "tee-supplicant.pid"));
	assert_true(file_contains(f->run, "teed.log", ", 2 CPUs,"));
	assert_int_equal(teebox(f, "status"), 0);
	assert_true(file_contains(f->base, "out", "gen_caps 0xd"));
	assert_true(file_contains(f->base, "out",
				  "tee-supplicant:    not running"));
	assert_int_equal(teebox(f, "down"), 0);
}

static void test_teebox__help_and_unknown_subcommand(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(teebox(f, "--help"), 0);
	assert_true(file_contains(f->base, "out", "usage: teebox up|down"));
	assert_int_equal(teebox(f, "bogus"), 2);
	assert_true(file_contains(f->base, "out",
				  "teebox: unknown subcommand 'bogus'"));
	assert_false(exists(f->run, "teed.pid"));
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* down on an idle teebox: well under 1 s; 2 s for a loaded machine. */
static void test_teebox_down__fast_when_idle(void **state)
{
	struct fixture *f = *state;
	long start, ms;

	assert_int_equal(teebox(f, "up"), 0);
	start = now_ms();
	assert_int_equal(teebox(f, "down"), 0);
	ms = now_ms() - start;
	print_message("# teebox down took %ld ms\n", ms);
	assert_true(ms < 2000);
	assert_true(file_contains(f->base, "out", "teebox down"));
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_teebox_up__world_writable_dir_refused),
		T(test_teebox_up__other_users_dir_refused),
		T(test_teebox_up__symlinked_dir_refused),
		T(test_teebox_up__planted_pid_file_links_not_followed),
		T(test_teebox_down__unrelated_pid_not_signalled),
		T(test_teebox_up__after_kill9_of_everything),
		T(test_teebox_up__logs_private_and_fresh),
		T(test_teed_devices__follow_the_device_groups),
		T(test_teebox_up__other_settings_refused),
		T(test_teebox_up__plugin_path),
		T(test_teebox_status__directories_and_json),
		T(test_teebox_up__teed_options),
		T(test_teebox__help_and_unknown_subcommand),
		T(test_teebox_down__fast_when_idle),
	};

	/* What the caller's environment says must not steer teebox. */
	unsetenv("TEEBOX_RUNTIME_DIR");
	unsetenv("TEEBOX_STORAGE_DIR");
	unsetenv("TEEBOX_TA_DEBUG");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
