/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One tee-supplicant request parameter from fuzzer input, shared by the
 * supplicant's fuzz targets (fuzz_supp_fs.c, fuzz_supp_plugin.c): each
 * target serves requests against one shared memory buffer of its own,
 * FUZZ_SUPP_SHM_ID of FUZZ_SUPP_SHM_SIZE bytes.
 */
#ifndef TEEBOX_FUZZ_SUPP_PARAM_H
#define TEEBOX_FUZZ_SUPP_PARAM_H

#include <stdint.h>

#include "supplicant/supplicant.h"

#define FUZZ_SUPP_SHM_ID   3
#define FUZZ_SUPP_SHM_SIZE 4096

static inline uint16_t fuzz_u16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/**
 * fuzz_supp_param() - one parameter from 7 bytes of input
 * @p:		the parameter
 * @in:		the input
 * @a_mod:	a value's small "a" (a sub-command) is taken modulo this
 * @b_mod:	and its "b" modulo this; 0: any 16-bit value
 *
 * Memrefs stay mostly within the shared buffer (one byte past it, or
 * another buffer's id, now and then); values are mostly small, with the
 * input's top bit asking for a large one.
 */
static inline void fuzz_supp_param(struct tee_ioctl_param *p, const uint8_t *in,
				   unsigned int a_mod, unsigned int b_mod)
{
	uint64_t type = in[0] & TEE_IOCTL_PARAM_ATTR_TYPE_MASK;

	*p = (struct tee_ioctl_param){.attr = type};
	if (type >= TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT &&
	    type <= TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT) {
		p->a = fuzz_u16(in + 1) % (FUZZ_SUPP_SHM_SIZE + 2);
		p->b = fuzz_u16(in + 3) % (FUZZ_SUPP_SHM_SIZE + 2);
		p->c = in[0] & 0x80 ? (uint64_t)-1 : FUZZ_SUPP_SHM_ID;
	} else {
		p->a = in[1] & 0x80 ? fuzz_u16(in + 1) : in[1] % a_mod;
		p->b = b_mod ? fuzz_u16(in + 3) % b_mod : fuzz_u16(in + 3);
		p->c = in[0] & 0x80 ? UINT64_MAX - fuzz_u16(in + 5)
				    : fuzz_u16(in + 5);
	}
}

#endif
