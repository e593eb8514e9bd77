// SPDX-License-Identifier: BSD-2-Clause
/*
 * One link of a chain of TA shared libraries.  It calls the GP API
 * (TEE_Malloc, TEE_Free, TEE_Panic) of the TA that links it, which the
 * TA exports for it: a TA library has no libutee of its own.
 */
#include <chain.h>
#include <tee_internal_api.h>

int CHAIN_FN(CFG_CHAIN_N)(int x);

#ifdef CFG_CHAIN_NEXT
int CHAIN_FN(CFG_CHAIN_NEXT)(int x);
#endif

#ifdef CFG_CHAIN_CYCLE
int CHAIN_FN(CFG_CHAIN_CYCLE)(int x);

/* Named, never called: the library needs the other end of the cycle. */
int (*const chain_cycle)(int) = CHAIN_FN(CFG_CHAIN_CYCLE);
#endif

int CHAIN_FN(CFG_CHAIN_N)(int x)
{
	int *p = TEE_Malloc(sizeof(*p), TEE_MALLOC_FILL_ZERO);

	if (!p)
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
#ifdef CFG_CHAIN_NEXT
	*p = CFG_CHAIN_N + CHAIN_FN(CFG_CHAIN_NEXT)(x);
#else
	*p = x + 1;
#endif
	x = *p;
	TEE_Free(p);
	return x;
}
