/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The storage directory and the way down into it.  Every file system call
 * is made relative to a descriptor of a directory beneath it, opened one
 * component at a time with O_NOFOLLOW: a symbolic link anywhere below the
 * storage directory is refused (ELOOP), never followed, whatever it points
 * to.
 */
#ifndef TEEBOX_SUPP_FS_ROOT_H
#define TEEBOX_SUPP_FS_ROOT_H

#include <stdbool.h>

#include "fs_name.h"
#include "supplicant.h"

/**
 * struct supp_fs_walk - the directories down to a name
 * @name:	the name walked
 * @fd:		@fd[0] is the storage directory (borrowed), @fd[i] the
 *		directory comp[i - 1] of @name
 * @made:	@made[i]: this walk created @fd[i]'s directory
 * @n:		directories opened below the storage directory
 */
struct supp_fs_walk {
	const struct supp_fs_name *name;
	int fd[SUPP_FS_NAME_DEPTH + 1];
	bool made[SUPP_FS_NAME_DEPTH + 1];
	size_t n;
};

/**
 * supp_fs_root() - the storage directory, opened on first use
 * @fs:		the file system
 *
 * The directory is created with mode 0700 (its missing parents 0755) if
 * it does not exist.  It is refused when it is a symbolic link, not a
 * directory, owned by another user than ours or writable by group or
 * others: others could then swap what the secure world stores.  The
 * refusal is said once on stderr and lasts.
 * Return: its descriptor, or -1 (storage not available).
 */
int supp_fs_root(struct supp_fs *fs);

/**
 * supp_fs_walk() - open the first @ndirs components of @name as
 * directories beneath the storage directory
 * @fs:		the file system (its root already open)
 * @name:	the name
 * @ndirs:	how many components are directories: ncomp - 1 to reach a
 *		file, ncomp to reach a directory
 * @create:	make missing directories, mode 0700
 * @w:		the result; @w->fd[@ndirs] is the last directory
 * Return: 0, or -errno: -ELOOP for a symbolic link on the way, -ENOENT,
 * -ENOTDIR, ...  On error nothing is left open or made.
 */
int supp_fs_walk(struct supp_fs *fs, const struct supp_fs_name *name,
		 size_t ndirs, bool create, struct supp_fs_walk *w);

/**
 * supp_fs_walk_end() - close what supp_fs_walk() opened
 * @w:		the walk
 * @undo:	also remove the directories it made (a failed CREATE)
 */
void supp_fs_walk_end(struct supp_fs_walk *w, bool undo);

#endif
