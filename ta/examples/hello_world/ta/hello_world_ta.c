// SPDX-License-Identifier: BSD-2-Clause
/*
 * hello_world: the classic first TA.  Command 0 increments a value;
 * command 1 writes a greeting into the client's buffer.
 */
#include <string.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include <hello_world_ta.h>

static const char greeting[] = "Hello from the TEE";

TEE_Result TA_CreateEntryPoint(void)
{
	DMSG("has been called");
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
	DMSG("has been called");
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t param_types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	(void)params;
	(void)sess_ctx;
	if (param_types !=
	    TEE_PARAM_TYPES(TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
			    TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	IMSG("Hello World!");
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	(void)sess_ctx;
	IMSG("Goodbye!");
}

static TEE_Result inc_value(uint32_t param_types, TEE_Param params[4])
{
	if (param_types !=
	    TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT, TEE_PARAM_TYPE_NONE,
			    TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	IMSG("Got value: %u from NW", params[0].value.a);
	params[0].value.a++;
	IMSG("Increase value to: %u", params[0].value.a);
	return TEE_SUCCESS;
}

static TEE_Result get_hello(uint32_t param_types, TEE_Param params[4])
{
	if (param_types !=
	    TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE,
			    TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].memref.size < sizeof(greeting)) {
		params[0].memref.size = sizeof(greeting);
		return TEE_ERROR_SHORT_BUFFER;
	}
	TEE_MemMove(params[0].memref.buffer, greeting, sizeof(greeting));
	params[0].memref.size = sizeof(greeting);
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd_id,
				      uint32_t param_types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	(void)sess_ctx;
	switch (cmd_id) {
	case TA_HELLO_WORLD_CMD_INC_VALUE:
		return inc_value(param_types, params);
	case TA_HELLO_WORLD_CMD_GET_HELLO:
		return get_hello(param_types, params);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}
