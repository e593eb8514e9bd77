/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libteec's seam to the TEE device: every system call the library makes
 * on the device, its shared-memory fds and their mappings goes through one
 * of these operations.  The default table is transport/tdev.h plus
 * mmap(2)/munmap(2); the unit tests install a fake device that records
 * each ioctl and answers as the kernel would.
 *
 * Not exported from libteec.so (the version script keeps only TEEC_*);
 * tests link the library's static archive to reach it.
 */
#ifndef TEEBOX_TEEC_DEV_OPS_H
#define TEEBOX_TEEC_DEV_OPS_H

#include <stddef.h>
#include <sys/types.h>

struct tdev;

/**
 * struct teec_dev_ops - how libteec reaches a TEE device
 * @open:	open device @name ("tee0" .. "tee9"); 0 with *@out or -errno
 *		(tdev_open())
 * @ioctl:	ioctl on the device; >= 0 (a new fd for SHM_ALLOC,
 *		SHM_REGISTER and SHM_REGISTER_FD) or -errno (tdev_ioctl())
 * @close_shm:	close a shared-memory fd from @ioctl (tdev_close_shm())
 * @close:	close the device (tdev_close())
 * @mmap:	map a shared-memory fd, as mmap(2): MAP_FAILED on error
 * @munmap:	unmap it, as munmap(2)
 * @mprotect:	change the access of a mapping from @mmap, as mprotect(2)
 */
struct teec_dev_ops {
	int (*open)(const char *name, struct tdev **out);
	long (*ioctl)(struct tdev *d, unsigned long cmd, void *arg);
	int (*close_shm)(struct tdev *d, int fd);
	void (*close)(struct tdev *d);
	void *(*mmap)(void *addr, size_t len, int prot, int flags, int fd,
		      off_t off);
	int (*munmap)(void *addr, size_t len);
	int (*mprotect)(void *addr, size_t len, int prot);
};

/**
 * teec_set_dev_ops() - choose the operations later contexts use
 * @ops:	the table, or NULL for the default (tdev and mmap); must stay
 *		valid while any context opened with it exists
 *
 * A context keeps the table it was opened with, so switching affects only
 * contexts initialized afterwards.  Thread safe.
 */
void teec_set_dev_ops(const struct teec_dev_ops *ops);

/**
 * teec_tmpref_set_limit() - bound the bytes each context keeps for TEMP
 * memrefs (tmpref_cache.c); for tests, whose fake device has a small pool
 * @bytes:	the bound, or 0 for the default (1 MiB)
 *
 * Affects buffers given back from now on.  Thread safe.
 */
void teec_tmpref_set_limit(size_t bytes);

#endif
