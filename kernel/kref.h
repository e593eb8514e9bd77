/* SPDX-License-Identifier: BSD-2-Clause */
/* Reference counters (the kernel's refcount_t subset the TEE core uses). */
#ifndef TEEBOX_KERNEL_KREF_H
#define TEEBOX_KERNEL_KREF_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct {
	atomic_uint refs;
} refcount_t;

static inline void refcount_set(refcount_t *r, unsigned int n)
{
	atomic_store(&r->refs, n);
}

static inline unsigned int refcount_read(refcount_t *r)
{
	return atomic_load(&r->refs);
}

static inline void refcount_inc(refcount_t *r)
{
	atomic_fetch_add(&r->refs, 1);
}

/* Takes a reference unless the count already dropped to zero. */
static inline bool refcount_inc_not_zero(refcount_t *r)
{
	unsigned int old = atomic_load(&r->refs);

	do {
		if (!old)
			return false;
	} while (!atomic_compare_exchange_weak(&r->refs, &old, old + 1));
	return true;
}

/* Drops a reference; true when it was the last one. */
static inline bool refcount_dec_and_test(refcount_t *r)
{
	return atomic_fetch_sub(&r->refs, 1) == 1;
}

#endif
