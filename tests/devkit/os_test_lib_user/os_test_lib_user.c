// SPDX-License-Identifier: BSD-2-Clause
/*
 * A TA that uses optee_test's os_test_lib as os_test does: command 0
 * returns os_test_shlib_add(a, b) in value a of parameter 0, and in its
 * value b os_test_global, which the library's constructor turned from 1
 * into 12 (1 * 10 + 2) before the TA ran; parameter 1's value a is the
 * library's thread-local os_test_shlib_tls_b (123).
 */
#include <tee_internal_api.h>

/* The library's interface (optee_test's os_test_lib.h). */
int os_test_shlib_add(int a, int b);
extern __thread int os_test_shlib_tls_b;

/* The library's constructor changes it (as in os_test.c). */
int os_test_global = 1;

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types, TEE_Param params[4],
				    void **ctx)
{
	(void)types;
	(void)params;
	(void)ctx;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *ctx)
{
	(void)ctx;
}

TEE_Result TA_InvokeCommandEntryPoint(void *ctx, uint32_t cmd, uint32_t types,
				      TEE_Param params[4])
{
	(void)ctx;
	if (cmd != 0 ||
	    types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.a = (uint32_t)os_test_shlib_add((int)params[0].value.a,
							(int)params[0].value.b);
	params[0].value.b = (uint32_t)os_test_global;
	params[1].value.a = (uint32_t)os_test_shlib_tls_b;
	params[1].value.b = 0;
	return TEE_SUCCESS;
}
