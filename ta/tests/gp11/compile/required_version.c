// SPDX-License-Identifier: BSD-2-Clause
/*
 * Compiled by the test_gp11_required_* ctests with
 * TEE_CORE_API_REQUIRED_*_VERSION or __OPTEE_CORE_API_COMPAT_1_1 set on
 * the command line: with GP11 defined the 1.1 API must be in force, else
 * the 1.3.1 one; bad versions must stop at the SDK's #error.
 */
#include <tee_internal_api.h>

#ifdef GP11
_Static_assert(__OPTEE_CORE_API_COMPAT_1_1, "the GP 1.1 switch is off");
_Static_assert(sizeof(TEE_ObjectInfo) == 28, "TEE_ObjectInfo is not 1.1's");
_Static_assert(sizeof(((TEE_Param *)0)->memref.size) == 4,
	       "TEE_Param is not 1.1's");
/* The 1.1 prototype: a uint32_t * where 1.3.1 takes a size_t *. */
TEE_Result (*const digest_final)(TEE_OperationHandle, const void *, uint32_t,
				 void *, uint32_t *) = TEE_DigestDoFinal;
#else
_Static_assert(!__OPTEE_CORE_API_COMPAT_1_1, "the GP 1.1 switch is on");
_Static_assert(sizeof(((TEE_Param *)0)->memref.size) == sizeof(size_t),
	       "TEE_Param is not 1.3.1's");
TEE_Result (*const digest_final)(TEE_OperationHandle, const void *, size_t,
				 void *, size_t *) = TEE_DigestDoFinal;
#endif
