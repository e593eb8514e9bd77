// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_optee_style: written as a TA for OP-TEE's dev kit is, with
 * what that gives implicitly (compiler.h's __unused, <inttypes.h>'s
 * PRIx32, util.h, utee_defines.h, the extension constants, snprintf), so
 * that it building here is the test.  Commands: ta_optee_style.h.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <utee_defines.h>
#include <util.h>

#include "ta_optee_style.h"
#include "ta_optee_style_gp10.h"

struct instance {
	uint32_t value;
};

struct __packed packed_pair {
	uint8_t tag;
	uint32_t value;
};

static const uint32_t algos[] __maybe_unused = {
	TEE_ALG_HKDF_SHA256_DERIVE_KEY,
	TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY,
	TEE_ALG_CONCAT_KDF_SHA1_DERIVE_KEY,
	TEE_ALG_RSASSA_PKCS1_V1_5,
};

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
	TEE_Free(TEE_GetInstanceData());
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t param_types __unused,
				    TEE_Param params[4] __unused,
				    void **sess_ctx __unused)
{
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx __unused)
{
}

static TEE_Result set_instance(uint32_t types, TEE_Param params[4])
{
	struct instance *inst = TEE_GetInstanceData();

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (!inst) {
		inst = TEE_Malloc(sizeof(*inst), TEE_MALLOC_FILL_ZERO);
		if (!inst)
			return TEE_ERROR_OUT_OF_MEMORY;
		TEE_SetInstanceData(inst);
	}
	inst->value = params[0].value.a;
	return TEE_SUCCESS;
}

static TEE_Result get_instance(uint32_t types, TEE_Param params[4])
{
	const struct instance *inst = TEE_GetInstanceData();

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.a = inst ? inst->value : 0;
	params[0].value.b = inst != NULL;
	return TEE_SUCCESS;
}

static TEE_Result headers(uint32_t types, TEE_Param params[4])
{
	int n;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	n = snprintf(params[0].memref.buffer, params[0].memref.size,
		     "%zu %" PRIx32 " %" PRIx32 " %d %d %d %zu %d %u %" PRIu64,
		     ARRAY_SIZE(algos), algos[0], algos[3],
		     TEE_MAIN_ALGO_SHA256, TEE_CHAIN_MODE_GCM,
		     TEE_SHA256_HASH_SIZE, sizeof(struct packed_pair),
		     ROUNDUP(13, 8), (unsigned int)BIT(5),
		     (uint64_t)TEE_BigIntSizeInU32(2048));
	if (n < 0 || (size_t)n >= params[0].memref.size)
		return TEE_ERROR_SHORT_BUFFER;
	params[0].memref.size = (size_t)n;
	return TEE_SUCCESS;
}

/* Appends "name=value\n" for the enumerator's current property. */
static TEE_Result add_property(TEE_PropSetHandle e, char *buf, size_t size,
			       size_t *off)
{
	char name[80], value[80];
	size_t nlen = sizeof(name), vlen = sizeof(value);
	TEE_Result res;
	int n;

	res = TEE_GetPropertyName(e, name, &nlen);
	if (!res)
		res = TEE_GetPropertyAsString(e, NULL, value, &vlen);
	if (res)
		return res;
	n = snprintf(buf + *off, size - *off, "%s=%s\n", name, value);
	if (n < 0 || (size_t)n >= size - *off)
		return TEE_ERROR_SHORT_BUFFER;
	*off += (size_t)n;
	return TEE_SUCCESS;
}

static TEE_Result properties(uint32_t types, TEE_Param params[4])
{
	TEE_PropSetHandle e = TEE_HANDLE_NULL;
	size_t off = 0;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocatePropertyEnumerator(&e);
	if (res)
		return res;
	TEE_StartPropertyEnumerator(e, params[0].value.a
					       ? TEE_PROPSET_TEE_IMPLEMENTATION
					       : TEE_PROPSET_CURRENT_TA);
	do {
		res = add_property(e, params[1].memref.buffer,
				   params[1].memref.size, &off);
	} while (!res && !(res = TEE_GetNextProperty(e)));
	TEE_FreePropertyEnumerator(e);
	if (res != TEE_ERROR_ITEM_NOT_FOUND)
		return res;
	params[1].memref.size = off;
	return TEE_SUCCESS;
}

static TEE_Result ext_values(uint32_t types, TEE_Param params[4])
{
	TEE_PropSetHandle ta = TEE_PROPSET_CURRENT_TA;
	uint64_t u64 = 0;
	bool b = false;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_GetPropertyAsU32(ta, TA_OPTEE_STYLE_PROP_U32,
				   &params[0].value.a);
	if (!res)
		res = TEE_GetPropertyAsBool(ta, TA_OPTEE_STYLE_PROP_BOOL, &b);
	if (!res)
		res = TEE_GetPropertyAsU64(ta, TA_OPTEE_STYLE_PROP_U64, &u64);
	if (!res)
		res = TEE_GetPropertyAsBinaryBlock(
			ta, TA_OPTEE_STYLE_PROP_BINARY, params[2].memref.buffer,
			&params[2].memref.size);
	params[0].value.b = b;
	params[1].value.a = (uint32_t)u64;
	params[1].value.b = (uint32_t)(u64 >> 32);
	return res;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx __unused, uint32_t cmd,
				      uint32_t param_types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_OPTEE_STYLE_CMD_SET_INSTANCE:
		return set_instance(param_types, params);
	case TA_OPTEE_STYLE_CMD_GET_INSTANCE:
		return get_instance(param_types, params);
	case TA_OPTEE_STYLE_CMD_HEADERS:
		return headers(param_types, params);
	case TA_OPTEE_STYLE_CMD_PROPERTIES:
		return properties(param_types, params);
	case TA_OPTEE_STYLE_CMD_EXT_VALUES:
		return ext_values(param_types, params);
	case TA_OPTEE_STYLE_CMD_GP10_OBJECTS:
		return ta_optee_style_gp10_objects(param_types, params);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}
