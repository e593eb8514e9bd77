// SPDX-License-Identifier: BSD-2-Clause
/*
 * A TA that calls a TA shared library (tests/devkit/shlib_chain): command
 * 0 takes value a and returns chain_<CFG_CHAIN_TOP>(a) in value b.
 */
#include <tee_internal_api.h>

#define CAT2(a, b)   a##b
#define CAT(a, b)    CAT2(a, b)
#define CHAIN_TOP_FN CAT(chain_, CFG_CHAIN_TOP)

/* The library's, as its header would declare it. */
int CHAIN_TOP_FN(int x);

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
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.b = (uint32_t)CHAIN_TOP_FN((int)params[0].value.a);
	return TEE_SUCCESS;
}
