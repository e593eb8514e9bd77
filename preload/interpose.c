// SPDX-License-Identifier: BSD-2-Clause
/*
 * libteebox-preload.so: the functions it puts in front of the C
 * library's.  open() and its relatives take over /dev/teeN and
 * /dev/teeprivN (devpath.h); ioctl, close, mmap, munmap, mremap, dup,
 * dup2, dup3 and fcntl act on the files the shim stands in for
 * (files.h) and pass everything else straight to the C library (real.h).
 *
 * Only these symbols are exported (preload.map).  The C library's own
 * internal calls (fopen(), fclose(), ...) do not come through here.
 */
/* We define open() and friends ourselves: no fortified inline wrappers. */
#undef _FORTIFY_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "devpath.h"
#include "files.h"
#include "real.h"

/* Does open(2) read a mode argument with these flags? */
#define NEEDS_MODE(flags)                                                      \
	(((flags)&O_CREAT) || ((flags)&O_TMPFILE) == O_TMPFILE)

#define MODE_ARG(flags, mode)                                                  \
	do {                                                                   \
		va_list ap;                                                    \
                                                                               \
		if (NEEDS_MODE(flags)) {                                       \
			va_start(ap, flags);                                   \
			mode = va_arg(ap, mode_t);                             \
			va_end(ap);                                            \
		}                                                              \
	} while (0)

/*
 * Opens @path if it is a device the shim serves: true with the result in
 * *@ret (a descriptor, or -1 with errno); false to leave it to libc.
 */
static bool open_device(const char *path, int flags, int *ret)
{
	char sock[PATH_MAX];
	int rc = pl_devpath_socket(path, sock, sizeof(sock));

	if (!rc)
		return false;
	if (rc < 0) {
		errno = -rc;
		*ret = -1;
	} else {
		*ret = pl_files_open(sock, flags);
	}
	return true;
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	int fd;

	MODE_ARG(flags, mode);
	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->open(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	int fd;

	MODE_ARG(flags, mode);
	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->open64(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	int fd;

	MODE_ARG(flags, mode);
	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->openat(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	int fd;

	MODE_ARG(flags, mode);
	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->openat64(dirfd, path, flags, mode);
}

/* glibc's _FORTIFY_SOURCE entry points: open() without a mode. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

int __open_2(const char *path, int flags)
{
	int fd;

	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->open_2(path, flags);
}

int __open64_2(const char *path, int flags)
{
	int fd;

	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->open64_2(path, flags);
}

int __openat_2(int dirfd, const char *path, int flags)
{
	int fd;

	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->openat_2(dirfd, path, flags);
}

int __openat64_2(int dirfd, const char *path, int flags)
{
	int fd;

	if (open_device(path, flags, &fd))
		return fd;
	return pl_real()->openat64_2(dirfd, path, flags);
}

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!pl_files_active())
		return pl_real()->ioctl(fd, request, arg);
	return pl_files_ioctl(fd, request, arg);
}

int close(int fd)
{
	if (!pl_files_active())
		return pl_real()->close(fd);
	return pl_files_close(fd);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (!pl_files_active())
		return pl_real()->mmap(addr, len, prot, flags, fd, off);
	return pl_files_mmap(addr, len, prot, flags, fd, off);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	if (!pl_files_active())
		return pl_real()->mmap64(addr, len, prot, flags, fd, off);
	return pl_files_mmap(addr, len, prot, flags, fd, off);
}

int munmap(void *addr, size_t len)
{
	if (!pl_files_active())
		return pl_real()->munmap(addr, len);
	return pl_files_munmap(addr, len);
}

void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	void *new_addr = NULL;
	va_list ap;

	if (flags & MREMAP_FIXED) {
		va_start(ap, flags);
		new_addr = va_arg(ap, void *);
		va_end(ap);
	}
	if (!pl_files_active())
		return pl_real()->mremap(old, old_len, new_len, flags,
					 new_addr);
	return pl_files_mremap(old, old_len, new_len, flags, new_addr);
}

int dup(int fd)
{
	if (!pl_files_active())
		return pl_real()->dup(fd);
	return pl_files_dup(PL_DUP, fd, 0, 0);
}

int dup2(int fd, int newfd)
{
	if (!pl_files_active())
		return pl_real()->dup2(fd, newfd);
	return pl_files_dup(PL_DUP2, fd, newfd, 0);
}

int dup3(int fd, int newfd, int flags)
{
	if (!pl_files_active())
		return pl_real()->dup3(fd, newfd, flags);
	return pl_files_dup(PL_DUP3, fd, newfd, flags);
}

/* fcntl() and fcntl64() differ only in which real function they reach. */
static int do_fcntl(int (*real_fcntl)(int fd, int cmd, ...), int fd, int cmd,
		    void *arg)
{
	if (!pl_files_active())
		return real_fcntl(fd, cmd, arg);
	if (cmd == F_DUPFD)
		return pl_files_dup(PL_DUPFD, fd, (int)(long)arg, 0);
	if (cmd == F_DUPFD_CLOEXEC)
		return pl_files_dup(PL_DUPFD_CLOEXEC, fd, (int)(long)arg, 0);
	return pl_files_fcntl(real_fcntl, fd, cmd, arg);
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return do_fcntl(pl_real()->fcntl, fd, cmd, arg);
}

int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return do_fcntl(pl_real()->fcntl64, fd, cmd, arg);
}
