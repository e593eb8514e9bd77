// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_flags_*: one source, three TAs that differ only in TA_FLAGS
 * (their user_ta_header_defines.h).  Each reports its process id and an
 * instance-local count, so a test can tell instances apart.
 */
#include <unistd.h>

#include <tee_internal_api.h>

#include <test_ta_cmds.h>

static uint32_t calls;
static uint32_t sessions;

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t param_types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	sessions++;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	sessions--;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd_id,
				      uint32_t param_types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	if (cmd_id != TA_TEST_FLAGS_CMD_INFO)
		return TEE_ERROR_NOT_SUPPORTED;
	if (param_types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
					   TEE_PARAM_TYPE_VALUE_OUTPUT,
					   TEE_PARAM_TYPE_NONE,
					   TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.a = (uint32_t)getpid();
	params[0].value.b = ++calls;
	params[1].value.a = sessions;
	params[1].value.b = 0;
	return TEE_SUCCESS;
}
