// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE libutils' out-of-line atomic counters (<atomic.h>).  OP-TEE
 * writes them in assembly (ldrex/strex, ldxr/stxr) and returns the new
 * value; the compiler's sequentially consistent builtins give the same
 * on any architecture a teebox TA runs on.
 */
#include <stdint.h>

#include "atomic.h"

uint32_t atomic_inc32(volatile uint32_t *v)
{
	return __atomic_add_fetch(v, 1, __ATOMIC_SEQ_CST);
}

uint32_t atomic_dec32(volatile uint32_t *v)
{
	return __atomic_sub_fetch(v, 1, __ATOMIC_SEQ_CST);
}
