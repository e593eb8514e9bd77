// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the pid files and logs in the runtime directory and the
 * check before a pid is signalled (transport/tbx_daemon.c): no file is
 * written through a symbolic link planted in its place, a pid file is
 * believed only when it is a regular file of the caller's, and a pid is
 * signalled only when it is the caller's process running the daemon.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
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
#include <unistd.h>

#include <cmocka.h>

#include "transport/tbx_daemon.h"

#define NOBODY 65534

struct fixture {
	char dir[64];
	char pid_file[PATH_MAX];
	char victim[PATH_MAX];
	pid_t child;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_tbx_daemon-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->pid_file, sizeof(f->pid_file), "%s/teed.pid", f->dir);
	snprintf(f->victim, sizeof(f->victim), "%s/victim", f->dir);
	*state = f;
	return 0;
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

	if (f->child > 0) {
		kill(f->child, SIGKILL);
		waitpid(f->child, NULL, 0);
	}
	rc = nftw(f->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(f);
	return rc;
}

static void write_file(const char *path, const char *text)
{
	FILE *file = fopen(path, "w");

	assert_non_null(file);
	assert_true(fputs(text, file) >= 0);
	assert_int_equal(fclose(file), 0);
}

/* The first line of @path, or "" when it cannot be read. */
static const char *read_file(const char *path)
{
	static char line[256];
	FILE *file = fopen(path, "r");

	line[0] = '\0';
	if (file) {
		if (!fgets(line, sizeof(line), file))
			line[0] = '\0';
		fclose(file);
	}
	return line;
}

/* A child running sleep(1): a live process that is no daemon of ours. */
static pid_t start_sleep(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		execl("/bin/sleep", "sleep", "60", (char *)NULL);
		_exit(127);
	}
	/* Until it has exec'd, /proc/<pid>/exe is this test program. */
	for (int i = 0; i < 500 && !tbx_pid_is_daemon(pid, "sleep"); i++)
		usleep(10000);
	assert_true(tbx_pid_is_daemon(pid, "sleep"));
	return pid;
}

static bool alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

/* A planted link is replaced, and what it named is left alone. */
static void test_pid_file_write__planted_symlink_not_followed(void **state)
{
	struct fixture *f = *state;
	struct stat st;

	write_file(f->victim, "keep me\n");
	assert_int_equal(symlink(f->victim, f->pid_file), 0);
	assert_int_equal(tbx_pid_file_write(f->pid_file, 4242), 0);
	assert_string_equal(read_file(f->victim), "keep me\n");
	assert_int_equal(lstat(f->pid_file, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & (S_IWGRP | S_IWOTH), 0);
	assert_int_equal(tbx_pid_file_read(f->pid_file), 4242);
}

/* A pid file that is a symbolic link names nothing. */
static void test_pid_file_read__symlink_not_believed(void **state)
{
	struct fixture *f = *state;

	write_file(f->victim, "1\n");
	assert_int_equal(symlink(f->victim, f->pid_file), 0);
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
}

static void test_pid_file_read__no_pid_in_it_zero(void **state)
{
	struct fixture *f = *state;

	write_file(f->pid_file, "12ab\n");
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
	write_file(f->pid_file, "-5\n");
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
	write_file(f->pid_file, "");
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
	assert_int_equal(unlink(f->pid_file), 0);
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
}

/* As root: a pid file another user could have written names nothing. */
static void test_pid_file_read__other_users_file_not_believed(void **state)
{
	struct fixture *f = *state;

	if (geteuid() != 0) {
		print_message("skipped: needs root to give a file to another "
			      "user\n");
		skip();
	}
	write_file(f->pid_file, "1\n");
	assert_int_equal(chown(f->pid_file, NOBODY, NOBODY), 0);
	assert_int_equal(tbx_pid_file_read(f->pid_file), 0);
}

/* A pid file naming a live process that is not the daemon: left alone. */
static void test_daemon_stop__unrelated_live_process_not_signalled(void **state)
{
	struct fixture *f = *state;

	f->child = start_sleep();
	assert_int_equal(tbx_pid_file_write(f->pid_file, f->child), 0);
	assert_int_equal(tbx_daemon_find(f->pid_file, "teed"), 0);
	assert_int_equal(tbx_daemon_stop(f->child, "teed", 1000), -ESRCH);
	usleep(50000);
	assert_true(alive(f->child));
}

/* The daemon itself is found, stopped with SIGTERM, and waited for. */
static void test_daemon_stop__the_daemon_gets_sigterm(void **state)
{
	struct fixture *f = *state;
	int status;

	f->child = start_sleep();
	assert_int_equal(tbx_pid_file_write(f->pid_file, f->child), 0);
	assert_int_equal(tbx_daemon_find(f->pid_file, "sleep"), f->child);
	assert_int_equal(tbx_daemon_stop(f->child, "sleep", 5000), 0);
	assert_int_equal(waitpid(f->child, &status, 0), f->child);
	f->child = 0;
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
}

/* The pid of a process that has ended: stale, nothing to signal. */
static void test_daemon_find__ended_process_stale(void **state)
{
	struct fixture *f = *state;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	assert_int_equal(tbx_pid_file_write(f->pid_file, pid), 0);
	assert_int_equal(tbx_daemon_find(f->pid_file, "test_tbx_daemon"), 0);
	assert_int_equal(tbx_daemon_stop(pid, "test_tbx_daemon", 100), -ESRCH);
}

/* Each start: a new log, 0600 whatever the umask; the last one is .1. */
static void test_log_create__fresh_private_last_one_kept(void **state)
{
	struct fixture *f = *state;
	char log[PATH_MAX], old[PATH_MAX];
	mode_t mask = umask(0);
	struct stat st;
	int fd;

	snprintf(log, sizeof(log), "%s/teed.log", f->dir);
	snprintf(old, sizeof(old), "%s/teed.log.1", f->dir);
	write_file(log, "last run\n");
	fd = tbx_log_create(log);
	umask(mask);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "this run\n", 9), 9);
	close(fd);
	assert_int_equal(lstat(log, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_string_equal(read_file(log), "this run\n");
	assert_string_equal(read_file(old), "last run\n");
}

/* A link planted as the log: its target is never written. */
static void test_log_create__planted_symlink_not_followed(void **state)
{
	struct fixture *f = *state;
	char log[PATH_MAX];
	struct stat st;
	int fd;

	snprintf(log, sizeof(log), "%s/teed.log", f->dir);
	write_file(f->victim, "keep me\n");
	assert_int_equal(symlink(f->victim, log), 0);
	fd = tbx_log_create(log);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x\n", 2), 2);
	close(fd);
	assert_string_equal(read_file(f->victim), "keep me\n");
	assert_int_equal(lstat(log, &st), 0);
	assert_true(S_ISREG(st.st_mode));
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_pid_file_write__planted_symlink_not_followed),
		T(test_pid_file_read__symlink_not_believed),
		T(test_pid_file_read__no_pid_in_it_zero),
		T(test_pid_file_read__other_users_file_not_believed),
		T(test_daemon_stop__unrelated_live_process_not_signalled),
		T(test_daemon_stop__the_daemon_gets_sigterm),
		T(test_daemon_find__ended_process_stale),
		T(test_log_create__fresh_private_last_one_kept),
		T(test_log_create__planted_symlink_not_followed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
