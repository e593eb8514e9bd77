/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The names the secure world may give the REE file system: OP-TEE sends
 * "/dirf.db", "/<n in hex>" and, from older versions, "/<dir>/<name>",
 * NUL-terminated in a TEE_FS_NAME_MAX (350) byte buffer.  Anything that
 * could reach outside the storage directory, or onto the supplicant's own
 * files there (dot names, such as the RPMB device's), is refused here,
 * before any file system call.
 */
#ifndef TEEBOX_SUPP_FS_NAME_H
#define TEEBOX_SUPP_FS_NAME_H

#include <stddef.h>

/* OP-TEE's TEE_FS_NAME_MAX: the name buffer it sends, NUL included. */
#define SUPP_FS_NAME_MAX 350
/* Components a name may have: OP-TEE uses one or two. */
#define SUPP_FS_NAME_DEPTH 8

/**
 * struct supp_fs_name - a parsed name
 * @buf:	a private copy, its '/' replaced by NULs (the shared memory
 *		it came from may change while we use it)
 * @comp:	the components, in order
 * @ncomp:	how many; 0 only for "/" (the storage directory itself)
 */
struct supp_fs_name {
	char buf[SUPP_FS_NAME_MAX];
	const char *comp[SUPP_FS_NAME_DEPTH];
	size_t ncomp;
};

/**
 * supp_fs_name_parse() - check and split a name from the secure world
 * @mem:	the memref's bytes
 * @size:	the memref's size
 * @name:	the result
 *
 * A name starts with '/', has a NUL within the first
 * min(@size, SUPP_FS_NAME_MAX) bytes, and its components are neither
 * empty nor start with '.' (so no "." or ".."), are at most NAME_MAX
 * bytes, and are at most SUPP_FS_NAME_DEPTH.
 * Return: 0, or -EINVAL when any of that does not hold.
 */
int supp_fs_name_parse(const void *mem, size_t size, struct supp_fs_name *name);

#endif
