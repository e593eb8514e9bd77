/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The atomic helpers OP-TEE's libutils <atomic.h> gives TAs (same names,
 * types and meanings; OP-TEE's test TAs, e.g. optee_test's concurrent TA,
 * count concurrent invocations with atomic_inc32()/atomic_dec32()).
 * atomic_inc32() and atomic_dec32() are functions in libutee, as they are
 * functions in OP-TEE's libutils; the rest are inline, on the compiler's
 * builtins (compiler.h), as in OP-TEE.
 */
#ifndef TEEBOX_TA_ATOMIC_H
#define TEEBOX_TA_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler.h"

/**
 * atomic_inc32() - add one to *@v atomically (sequentially consistent)
 * @v: the counter
 *
 * Return: the new value of *@v.
 */
uint32_t atomic_inc32(volatile uint32_t *v);

/**
 * atomic_dec32() - subtract one from *@v atomically (sequentially consistent)
 * @v: the counter
 *
 * Return: the new value of *@v.
 */
uint32_t atomic_dec32(volatile uint32_t *v);

/* true and *p = nval when *p was *oval; else false and *oval = *p. */
static inline bool atomic_cas_uint(unsigned int *p, unsigned int *oval,
				   unsigned int nval)
{
	return __compiler_compare_and_swap(p, oval, nval);
}

static inline bool atomic_cas_u32(uint32_t *p, uint32_t *oval, uint32_t nval)
{
	return __compiler_compare_and_swap(p, oval, nval);
}

static inline int atomic_load_int(int *p)
{
	return __compiler_atomic_load(p);
}

static inline short int atomic_load_short(short int *p)
{
	return __compiler_atomic_load(p);
}

static inline unsigned int atomic_load_uint(unsigned int *p)
{
	return __compiler_atomic_load(p);
}

static inline uint32_t atomic_load_u32(const uint32_t *p)
{
	return __compiler_atomic_load(p);
}

static inline void atomic_store_int(int *p, int val)
{
	__compiler_atomic_store(p, val);
}

static inline void atomic_store_short(short int *p, short int val)
{
	__compiler_atomic_store(p, val);
}

static inline void atomic_store_uint(unsigned int *p, unsigned int val)
{
	__compiler_atomic_store(p, val);
}

static inline void atomic_store_u32(uint32_t *p, uint32_t val)
{
	__compiler_atomic_store(p, val);
}

#endif /* TEEBOX_TA_ATOMIC_H */
