// SPDX-License-Identifier: BSD-2-Clause
/* The C library's functions behind ours; see real.h. */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>

#include "real.h"

/* Written once under real_once, read-only afterwards. */
static struct pl_real real;
static pthread_once_t real_once = PTHREAD_ONCE_INIT;

/* Stand-ins for the functions a C library may lack. */
static int open_2(const char *path, int flags)
{
	return real.open(path, flags);
}

static int openat_2(int dirfd, const char *path, int flags)
{
	return real.openat(dirfd, path, flags);
}

static void *mmap64_off(void *addr, size_t len, int prot, int flags, int fd,
			off64_t off)
{
	return real.mmap(addr, len, prot, flags, fd, (off_t)off);
}

#define LOOKUP(member, name)                                                   \
	(real.member = (typeof(real.member))dlsym(RTLD_NEXT, name))

static void real_init(void)
{
	LOOKUP(open, "open");
	LOOKUP(open64, "open64");
	LOOKUP(openat, "openat");
	LOOKUP(openat64, "openat64");
	LOOKUP(open_2, "__open_2");
	LOOKUP(open64_2, "__open64_2");
	LOOKUP(openat_2, "__openat_2");
	LOOKUP(openat64_2, "__openat64_2");
	LOOKUP(ioctl, "ioctl");
	LOOKUP(close, "close");
	LOOKUP(mmap, "mmap");
	LOOKUP(mmap64, "mmap64");
	LOOKUP(munmap, "munmap");
	LOOKUP(mremap, "mremap");
	LOOKUP(dup, "dup");
	LOOKUP(dup2, "dup2");
	LOOKUP(dup3, "dup3");
	LOOKUP(fcntl, "fcntl");
	LOOKUP(fcntl64, "fcntl64");

	if (!real.open64)
		real.open64 = real.open;
	if (!real.openat64)
		real.openat64 = real.openat;
	if (!real.open_2)
		real.open_2 = open_2;
	if (!real.open64_2)
		real.open64_2 = real.open_2;
	if (!real.openat_2)
		real.openat_2 = openat_2;
	if (!real.openat64_2)
		real.openat64_2 = real.openat_2;
	if (!real.mmap64)
		real.mmap64 = mmap64_off;
	if (!real.fcntl64)
		real.fcntl64 = real.fcntl;
}

const struct pl_real *pl_real(void)
{
	pthread_once(&real_once, real_init);
	return &real;
}
