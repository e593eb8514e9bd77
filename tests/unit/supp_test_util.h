/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the supplicant's unit tests share: a supplicant whose shared
 * memory is a plain buffer (id SUPP_TEST_SHM_ID), in a scratch directory,
 * and parameters built the way the kernel hands them over (ABI-FACTS
 * §5: memref a = offset, b = size, c = shm id).
 */
#ifndef TEEBOX_SUPP_TEST_UTIL_H
#define TEEBOX_SUPP_TEST_UTIL_H

#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "supplicant/supplicant.h"

#define SUPP_TEST_SHM_ID   7
#define SUPP_TEST_SHM_SIZE (64 * 1024)

/**
 * struct supp_test - one test's supplicant
 * @s:		the supplicant
 * @shm:	its one shared memory
 * @mem:	the buffer behind it
 * @base:	the scratch directory
 * @dir:	the storage directory, @base/storage
 * @outside:	a directory beside it the secure world must never reach
 */
struct supp_test {
	struct supplicant s;
	struct supp_shm shm;
	uint8_t mem[SUPP_TEST_SHM_SIZE];
	char base[64];
	char dir[128];
	char outside[128];
};

static inline int supp_test_setup(void **state)
{
	struct supp_test *t = calloc(1, sizeof(*t));

	if (!t)
		return -1;
	snprintf(t->base, sizeof(t->base), "/tmp/test_supp-XXXXXX");
	if (!mkdtemp(t->base))
		return -1;
	snprintf(t->dir, sizeof(t->dir), "%s/storage", t->base);
	snprintf(t->outside, sizeof(t->outside), "%s/outside", t->base);
	if (mkdir(t->outside, 0700))
		return -1;
	supp_init(&t->s, t->dir);
	t->shm = (struct supp_shm){.id = SUPP_TEST_SHM_ID,
				   .fd = -1,
				   .va = t->mem,
				   .size = sizeof(t->mem)};
	t->s.shms = &t->shm;
	t->s.nshms = 1;
	*state = t;
	return 0;
}

static inline int supp_test_rm(const char *path, const struct stat *st,
			       int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static inline int supp_test_teardown(void **state)
{
	struct supp_test *t = *state;
	int rc;

	supp_release(&t->s);
	rc = nftw(t->base, supp_test_rm, 16, FTW_DEPTH | FTW_PHYS);
	free(t);
	return rc;
}

/* A new supplicant on the same directory: a restart. */
static inline void supp_test_restart(struct supp_test *t)
{
	supp_release(&t->s);
	supp_init(&t->s, t->dir);
	t->s.shms = &t->shm;
	t->s.nshms = 1;
}

static inline void supp_test_val(struct tee_ioctl_param *p, uint64_t type,
				 uint64_t a, uint64_t b, uint64_t c)
{
	*p = (struct tee_ioctl_param){.attr = type, .a = a, .b = b, .c = c};
}

static inline void supp_test_mem(struct tee_ioctl_param *p, uint64_t type,
				 size_t off, size_t size)
{
	*p = (struct tee_ioctl_param){
		.attr = type, .a = off, .b = size, .c = SUPP_TEST_SHM_ID};
}

#endif
