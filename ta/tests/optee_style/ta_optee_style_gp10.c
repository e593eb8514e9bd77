// SPDX-License-Identifier: BSD-2-Clause
/*
 * The deprecated GP 1.0 object functions, from a file that includes only
 * <tee_api.h> and uses compiler.h's __maybe_unused, as optee_test's
 * storage TA does: that this builds is half the test.
 */
#include <tee_api.h>

#include "ta_optee_style.h"
#include "ta_optee_style_gp10.h"

static const uint32_t key_bits __maybe_unused = 128;

/* See TA_OPTEE_STYLE_CMD_GP10_OBJECTS. */
TEE_Result ta_optee_style_gp10_objects(uint32_t types, TEE_Param params[4])
{
	TEE_ObjectHandle key = TEE_HANDLE_NULL, copy = TEE_HANDLE_NULL;
	TEE_ObjectInfo info;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_AES, key_bits, &key);
	if (res == TEE_SUCCESS)
		res = TEE_AllocateTransientObject(TEE_TYPE_AES, key_bits,
						  &copy);
	if (res == TEE_SUCCESS)
		res = TEE_GenerateKey(key, key_bits, NULL, 0);
	if (res != TEE_SUCCESS)
		goto out;
	TEE_RestrictObjectUsage(key, TEE_USAGE_ENCRYPT | TEE_USAGE_MAC);
	TEE_GetObjectInfo(key, &info);
	params[0].value.a = info.objectUsage;
	params[0].value.b = info.objectSize;
	TEE_CopyObjectAttributes(copy, key);
	TEE_GetObjectInfo(copy, &info);
	params[1].value.a = info.objectUsage;
	params[1].value.b = info.handleFlags;
out:
	TEE_FreeTransientObject(copy);
	TEE_FreeTransientObject(key);
	return res;
}
