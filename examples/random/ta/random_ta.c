// SPDX-License-Identifier: BSD-2-Clause
/*
 * random: the client's buffer filled by TEE_GenerateRandom(), the TEE's
 * random number generator.
 */
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include <random_ta.h>

/* As much as one call hands out; a larger buffer is refused. */
#define RANDOM_MAX_SIZE 4096

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types __unused,
				    TEE_Param params[4] __unused,
				    void **sess_ctx __unused)
{
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx __unused)
{
}

static TEE_Result generate(uint32_t types, TEE_Param params[4])
{
	void *buf;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].memref.size > RANDOM_MAX_SIZE)
		return TEE_ERROR_BAD_PARAMETERS;
	/*
	 * Generated in the TA's own memory, then copied: the client can
	 * see (and change) the shared buffer while the TA works.
	 */
	buf = TEE_Malloc(params[0].memref.size, 0);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	TEE_GenerateRandom(buf, params[0].memref.size);
	TEE_MemMove(params[0].memref.buffer, buf, params[0].memref.size);
	TEE_Free(buf);
	IMSG("generated %u random bytes", (unsigned int)params[0].memref.size);
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx __unused, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_RANDOM_CMD_GENERATE:
		return generate(types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
