// SPDX-License-Identifier: BSD-2-Clause
/* The storage directory and walking beneath it; see fs_root.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "transport/tbx_rundir.h"
#include "fs_root.h"

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* mkdir @dir 0700, its missing parents 0755. */
static int make_root(const char *dir)
{
	char parent[PATH_MAX];
	char *slash;
	int n, rc;

	if (!mkdir(dir, 0700) || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -errno;
	n = snprintf(parent, sizeof(parent), "%s", dir);
	if (n < 0 || (size_t)n >= sizeof(parent))
		return -ENAMETOOLONG;
	slash = strrchr(parent, '/');
	if (slash && slash != parent) {
		*slash = '\0';
		rc = tbx_mkdir_p(parent, 0755);
		if (rc)
			return rc;
	}
	if (mkdir(dir, 0700) && errno != EEXIST)
		return -errno;
	return 0;
}

/* Whether the opened directory is ours alone: 0 or why not. */
static const char *check_root(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		return strerror(errno);
	if (!S_ISDIR(st.st_mode))
		return "not a directory";
	if (st.st_uid != geteuid())
		return "owned by another user";
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return "writable by group or others";
	return NULL;
}

/*
 * -errno of a failed open of @comp in @dirfd, with -ELOOP for a symbolic
 * link: O_DIRECTORY | O_NOFOLLOW says ENOTDIR for a link to a directory.
 */
static int open_error(int dirfd, const char *comp, int err)
{
	struct stat st;

	if ((err == ENOTDIR || err == ELOOP) &&
	    !fstatat(dirfd, comp, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode))
		return -ELOOP;
	return -err;
}

int supp_fs_root(struct supp_fs *fs)
{
	const char *why = NULL;
	int rc, fd;

	if (fs->root_fd >= 0 || fs->unavailable)
		return fs->root_fd;
	rc = make_root(fs->dir);
	if (rc) {
		why = strerror(-rc);
		goto refuse;
	}
	fd = open(fs->dir, DIR_FLAGS);
	if (fd < 0) {
		int err = errno;

		why = open_error(AT_FDCWD, fs->dir, err) == -ELOOP
			      ? "a symbolic link"
			      : strerror(err);
		goto refuse;
	}
	why = check_root(fd);
	if (why) {
		close(fd);
		goto refuse;
	}
	fs->root_fd = fd;
	return fd;
refuse:
	fprintf(stderr,
		"tee-supplicant: storage directory %s: %s; secure storage "
		"is not available\n",
		fs->dir, why);
	fs->unavailable = true;
	return -1;
}

/* Opens directory @comp in @dirfd, making it if asked: fd or -errno. */
static int open_dir(int dirfd, const char *comp, bool create, bool *made)
{
	int fd = openat(dirfd, comp, DIR_FLAGS);

	*made = false;
	if (fd >= 0)
		return fd;
	if (errno != ENOENT || !create)
		return open_error(dirfd, comp, errno);
	if (mkdirat(dirfd, comp, 0700)) {
		if (errno != EEXIST)
			return -errno;
	} else {
		*made = true;
	}
	fd = openat(dirfd, comp, DIR_FLAGS);
	if (fd >= 0)
		return fd;
	fd = -errno;
	if (*made)
		unlinkat(dirfd, comp, AT_REMOVEDIR);
	*made = false;
	return fd;
}

int supp_fs_walk(struct supp_fs *fs, const struct supp_fs_name *name,
		 size_t ndirs, bool create, struct supp_fs_walk *w)
{
	w->name = name;
	w->fd[0] = fs->root_fd;
	w->made[0] = false;
	w->n = 0;
	while (w->n < ndirs) {
		int fd = open_dir(w->fd[w->n], name->comp[w->n], create,
				  &w->made[w->n + 1]);

		if (fd < 0) {
			supp_fs_walk_end(w, true);
			return fd;
		}
		w->fd[++w->n] = fd;
	}
	return 0;
}

void supp_fs_walk_end(struct supp_fs_walk *w, bool undo)
{
	for (; w->n > 0; w->n--) {
		close(w->fd[w->n]);
		if (undo && w->made[w->n])
			unlinkat(w->fd[w->n - 1], w->name->comp[w->n - 1],
				 AT_REMOVEDIR);
	}
}
