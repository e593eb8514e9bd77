// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_shlib's TA library: it uses the TA's data and GP API, which
 * bind to the TA that loads it.
 */
#include <tee_internal_api.h>

#include "ta_test_shlib.h"

uint32_t shlib_scale(uint32_t a)
{
	uint32_t *p = TEE_Malloc(sizeof(*p), TEE_MALLOC_FILL_ZERO);
	uint32_t r;

	if (!p)
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	*p = a * shlib_factor;
	r = *p;
	TEE_Free(p);
	return r;
}
