// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the runtime directory's checks (transport/tbx_rundir.c):
 * a directory that is not the caller's alone, or a symbolic link in its
 * place, is refused before anything is put in it or read from it; a new
 * one gets its documented mode whatever the umask.
 */
#include <errno.h>
#include <grp.h>
#include <ftw.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "transport/tbx_rundir.h"

/* The user a root test hands a directory to. */
#define NOBODY 65534

struct fixture {
	char base[64];
	char path[PATH_MAX];
	char why[PATH_MAX + 256];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	snprintf(f->base, sizeof(f->base), "/tmp/test_tbx_rundir-XXXXXX");
	if (!mkdtemp(f->base))
		return -1;
	snprintf(f->path, sizeof(f->path), "%s/run", f->base);
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
	int rc = nftw(f->base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);

	free(f);
	return rc;
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode & 07777;
}

/* A new directory: 0700 for a user, 0755 for root, whatever the umask. */
static void
test_rundir_prepare__new_dir_gets_its_mode_whatever_the_umask(void **state)
{
	struct fixture *f = *state;
	mode_t old = umask(0);

	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 0);
	assert_int_equal(mode_of(f->path), geteuid() ? 0700 : 0755);
	assert_int_equal(rmdir(f->path), 0);
	umask(0077);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 0);
	umask(old);
	assert_int_equal(mode_of(f->path), tbx_rundir_mode());
}

static void test_rundir_prepare__missing_parents_are_made(void **state)
{
	struct fixture *f = *state;

	snprintf(f->path, sizeof(f->path), "%s/a/b/run", f->base);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 0);
	assert_int_equal(mode_of(f->path), tbx_rundir_mode());
}

/* The caller's own directory is used, and its mode left as it is. */
static void test_rundir_prepare__own_dir_used_as_it_is(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(mkdir(f->path, 0700), 0);
	assert_int_equal(chmod(f->path, 0711), 0);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 0);
	assert_int_equal(mode_of(f->path), 0711);
	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)), 0);
}

/* Refused with -EPERM, and the sentence names the dir and the fix. */
static void assert_refused_writable(struct fixture *f, mode_t mode)
{
	assert_int_equal(mkdir(f->path, 0700), 0);
	assert_int_equal(chmod(f->path, mode), 0);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 -EPERM);
	assert_non_null(strstr(f->why, f->path));
	assert_non_null(strstr(f->why, "chmod go-w"));
	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)),
			 -EPERM);
	/* Nothing was changed to make it pass. */
	assert_int_equal(mode_of(f->path), mode);
}

static void test_rundir_prepare__world_writable_dir_refused_eperm(void **state)
{
	assert_refused_writable(*state, 0777);
}

static void test_rundir_prepare__group_writable_dir_refused_eperm(void **state)
{
	assert_refused_writable(*state, 0770);
}

/* As root: a directory of nobody's; a user cannot make one to test. */
static void test_rundir_prepare__other_users_dir_refused_eperm(void **state)
{
	struct fixture *f = *state;

	if (geteuid() != 0) {
		print_message("skipped: needs root to give a directory to "
			      "another user\n");
		skip();
	}
	assert_int_equal(mkdir(f->path, 0755), 0);
	assert_int_equal(chown(f->path, NOBODY, NOBODY), 0);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 -EPERM);
	assert_non_null(strstr(f->why, f->path));
	assert_non_null(strstr(f->why, "belongs to uid 65534"));
	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)),
			 -EPERM);
}

/*
 * Ours but not writable (chmod u-w): the message says so and how to fix
 * it, not "cannot create" later (issue 13 item 9).  Root writes
 * anywhere, so as root the directory is nobody's and a child becomes
 * nobody to try.
 */
static int prepare_unwritable(struct fixture *f)
{
	char want[2 * PATH_MAX + 128];

	if (geteuid() == 0 &&
	    (chmod(f->base, 0711) || chown(f->path, NOBODY, NOBODY) ||
	     setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
	     setresuid(NOBODY, NOBODY, NOBODY)))
		return 10;
	if (tbx_rundir_prepare(f->path, f->why, sizeof(f->why)) != -EACCES)
		return 11;
	snprintf(want, sizeof(want),
		 "runtime directory %s exists but is not writable by you "
		 "(mode 0500): run chmod u+rwx %s",
		 f->path, f->path);
	return strstr(f->why, want) ? 0 : 12;
}

static void test_rundir_prepare__unwritable_dir_refused_eacces(void **state)
{
	struct fixture *f = *state;
	int status;
	pid_t pid;

	assert_int_equal(mkdir(f->path, 0500), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(prepare_unwritable(f));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* Reading it is another matter: check does not ask for writing. */
	assert_int_equal(chown(f->path, geteuid(), getegid()), 0);
	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)), 0);
	assert_int_equal(chmod(f->path, 0700), 0);
}

/* A symbolic link, even to a good directory of ours, is not followed. */
static void test_rundir_prepare__symlink_refused_eloop(void **state)
{
	struct fixture *f = *state;
	char real[PATH_MAX];

	snprintf(real, sizeof(real), "%s/real", f->base);
	assert_int_equal(mkdir(real, 0700), 0);
	assert_int_equal(symlink(real, f->path), 0);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 -ELOOP);
	assert_non_null(strstr(f->why, "symbolic link"));
	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)),
			 -ELOOP);
}

static void test_rundir_prepare__regular_file_refused_enotdir(void **state)
{
	struct fixture *f = *state;
	FILE *file = fopen(f->path, "w");

	assert_non_null(file);
	fclose(file);
	assert_int_equal(tbx_rundir_prepare(f->path, f->why, sizeof(f->why)),
			 -ENOTDIR);
	assert_non_null(strstr(f->why, f->path));
}

/* The check is for down and status: it makes nothing. */
static void test_rundir_check__missing_dir_enoent_not_made(void **state)
{
	struct fixture *f = *state;
	struct stat st;

	assert_int_equal(tbx_rundir_check(f->path, f->why, sizeof(f->why)),
			 -ENOENT);
	assert_int_equal(lstat(f->path, &st), -1);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_rundir_prepare__new_dir_gets_its_mode_whatever_the_umask),
		T(test_rundir_prepare__missing_parents_are_made),
		T(test_rundir_prepare__own_dir_used_as_it_is),
		T(test_rundir_prepare__world_writable_dir_refused_eperm),
		T(test_rundir_prepare__group_writable_dir_refused_eperm),
		T(test_rundir_prepare__other_users_dir_refused_eperm),
		T(test_rundir_prepare__unwritable_dir_refused_eacces),
		T(test_rundir_prepare__symlink_refused_eloop),
		T(test_rundir_prepare__regular_file_refused_enotdir),
		T(test_rundir_check__missing_dir_enoent_not_made),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
