// SPDX-License-Identifier: BSD-2-Clause
/* ta_test_shlib: calls its TA library (ta_test_shlib.h). */
#include <tee_internal_api.h>

#include "ta_test_shlib.h"

uint32_t shlib_factor = 7;

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
	if (cmd != TA_TEST_SHLIB_CMD_SCALE ||
	    types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.b = shlib_scale(params[0].value.a);
	return TEE_SUCCESS;
}
