// SPDX-License-Identifier: BSD-2-Clause
/*
 * Where teed's endpoints live; see tbx_rundir.h.  The directory is
 * checked through a descriptor opened with O_NOFOLLOW: what is checked
 * is what was opened, and a symbolic link planted in its place is refused
 * rather than followed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tbx_rundir.h"

int tbx_runtime_dir(char *buf, size_t len)
{
	const char *env = getenv("TEEBOX_RUNTIME_DIR");
	int n;

	if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (geteuid() == 0)
		n = snprintf(buf, len, "/run/teebox");
	else if ((env = getenv("XDG_RUNTIME_DIR")) && *env)
		n = snprintf(buf, len, "%s/teebox", env);
	else
		n = snprintf(buf, len, "/tmp/teebox-%u", (unsigned)geteuid());
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int tbx_mkdir_p(const char *path, unsigned int mode)
{
	char tmp[PATH_MAX];
	int n = snprintf(tmp, sizeof(tmp), "%s", path);

	if (n < 0 || (size_t)n >= sizeof(tmp))
		return -ENAMETOOLONG;
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, mode) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, mode) && errno != EEXIST)
		return -errno;
	return 0;
}

unsigned int tbx_rundir_mode(void)
{
	return geteuid() == 0 ? 0755 : 0700;
}

/* Creates the missing parents of @path, like mkdir -p. */
static int make_parents(const char *path)
{
	char parent[PATH_MAX];
	char *slash;
	int n = snprintf(parent, sizeof(parent), "%s", path);

	if (n < 0 || (size_t)n >= sizeof(parent))
		return -ENAMETOOLONG;
	slash = strrchr(parent, '/');
	if (!slash || slash == parent)
		return 0;
	*slash = '\0';
	return tbx_mkdir_p(parent, 0755);
}

/* mkdir @path: 1 when this call made it, 0 when it was there, or -errno. */
static int make_dir(const char *path, mode_t mode)
{
	int rc;

	if (!mkdir(path, mode))
		return 1;
	if (errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -errno;
	rc = make_parents(path);
	if (rc)
		return rc;
	if (!mkdir(path, mode))
		return 1;
	return errno == EEXIST ? 0 : -errno;
}

/* The sentence for an error of creating or opening @path. */
static void explain_open(int rc, const char *path, char *why, size_t len)
{
	if (rc == -ELOOP)
		snprintf(why, len,
			 "runtime directory %s is a symbolic link: give the "
			 "directory it names instead",
			 path);
	else if (rc == -ENOTDIR)
		snprintf(why, len,
			 "runtime directory %s is not a directory: remove it, "
			 "or choose another with --runtime-dir",
			 path);
	else
		snprintf(why, len, "cannot use runtime directory %s: %s", path,
			 strerror(-rc));
}

/* Why the directory open as @fd may not be used: 0 when it may. */
static int check_dir(int fd, const char *path, char *why, size_t len)
{
	struct stat st;
	int rc;

	if (fstat(fd, &st)) {
		rc = -errno;
		explain_open(rc, path, why, len);
		return rc;
	}
	if (st.st_uid != geteuid()) {
		snprintf(why, len,
			 "runtime directory %s belongs to uid %u, not to you "
			 "(uid %u): remove it, or choose another with "
			 "--runtime-dir or TEEBOX_RUNTIME_DIR",
			 path, (unsigned int)st.st_uid,
			 (unsigned int)geteuid());
		return -EPERM;
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(why, len,
			 "runtime directory %s is writable by %s (mode %04o): "
			 "run chmod go-w %s, or choose another with "
			 "--runtime-dir or TEEBOX_RUNTIME_DIR",
			 path, st.st_mode & S_IWOTH ? "others" : "its group",
			 (unsigned int)(st.st_mode & 07777), path);
		return -EPERM;
	}
	return 0;
}

/*
 * Opens @path and checks it: 0, or -errno with @why filled.
 * @created: this call made it, so it gets @mode exactly.
 */
static int open_checked(const char *path, bool created, mode_t mode, char *why,
			size_t len)
{
	struct stat st;
	int fd, rc;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		/* O_DIRECTORY|O_NOFOLLOW on a symbolic link: ENOTDIR. */
		if (!lstat(path, &st) && S_ISLNK(st.st_mode))
			rc = -ELOOP;
		explain_open(rc, path, why, len);
		return rc;
	}
	rc = check_dir(fd, path, why, len);
	/* Made by us: the exact mode, whatever the umask took away. */
	if (!rc && created && fchmod(fd, mode)) {
		rc = -errno;
		explain_open(rc, path, why, len);
	}
	close(fd);
	return rc;
}

int tbx_rundir_check(const char *path, char *why, size_t len)
{
	return open_checked(path, false, 0, why, len);
}

/*
 * A directory of ours that we may not write (chmod u-w): say so, rather
 * than let whatever tries to make a file in it say "cannot create".
 */
static int check_writable(const char *path, char *why, size_t len)
{
	struct stat st;
	int rc;

	if (!faccessat(AT_FDCWD, path, W_OK | X_OK, AT_EACCESS))
		return 0;
	rc = -errno;
	if (rc != -EACCES || lstat(path, &st)) {
		explain_open(rc, path, why, len);
		return rc;
	}
	snprintf(why, len,
		 "runtime directory %s exists but is not writable by you "
		 "(mode %04o): run chmod u+rwx %s, or choose another with "
		 "--runtime-dir or TEEBOX_RUNTIME_DIR",
		 path, (unsigned int)(st.st_mode & 07777), path);
	return rc;
}

int tbx_rundir_prepare(const char *path, char *why, size_t len)
{
	mode_t mode = (mode_t)tbx_rundir_mode();
	int created = make_dir(path, mode);
	int rc;

	if (created < 0) {
		explain_open(created, path, why, len);
		return created;
	}
	rc = open_checked(path, created, mode, why, len);
	return rc ? rc : check_writable(path, why, len);
}
