/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The C library's functions behind the ones the shim interposes: what a
 * call that is none of the shim's business goes to, and what the shim
 * itself uses to make real files and mappings.
 */
#ifndef TEEBOX_PRELOAD_REAL_H
#define TEEBOX_PRELOAD_REAL_H

#include <stddef.h>
#include <sys/types.h>

/**
 * struct pl_real - the next definition of each interposed function
 *
 * Found with dlsym(RTLD_NEXT), so a sanitizer runtime or another shim
 * loaded before us keeps seeing the calls.  Every member is set: a
 * function the C library lacks is stood in for by its nearest relative
 * (fcntl64 by fcntl, __open_2 by open, ...).
 */
struct pl_real {
	int (*open)(const char *path, int flags, ...);
	int (*open64)(const char *path, int flags, ...);
	int (*openat)(int dirfd, const char *path, int flags, ...);
	int (*openat64)(int dirfd, const char *path, int flags, ...);
	int (*open_2)(const char *path, int flags);
	int (*open64_2)(const char *path, int flags);
	int (*openat_2)(int dirfd, const char *path, int flags);
	int (*openat64_2)(int dirfd, const char *path, int flags);
	int (*ioctl)(int fd, unsigned long request, ...);
	int (*close)(int fd);
	void *(*mmap)(void *addr, size_t len, int prot, int flags, int fd,
		      off_t off);
	void *(*mmap64)(void *addr, size_t len, int prot, int flags, int fd,
			off64_t off);
	int (*munmap)(void *addr, size_t len);
	void *(*mremap)(void *old, size_t old_len, size_t new_len, int flags,
			...);
	int (*dup)(int fd);
	int (*dup2)(int fd, int newfd);
	int (*dup3)(int fd, int newfd, int flags);
	int (*fcntl)(int fd, int cmd, ...);
	int (*fcntl64)(int fd, int cmd, ...);
};

/**
 * pl_real() - the real functions, looked up on first use (thread safe)
 * Return: the table; it never changes afterwards.
 */
const struct pl_real *pl_real(void);

#endif
