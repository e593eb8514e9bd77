// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA_CRYPTO_CMD_HANDLES_NEW / _USE: handles that travel to the client in
 * 32-bit values and come back in the next call, as optee_test's storage
 * TA (ta/storage/storage.c: params[1].value.b = (uintptr_t)o; later
 * VAL2HANDLE(params[0].value.a)) and crypt TA do with xtest.  On OP-TEE
 * this works because object and enumerator handles are 32-bit ids and
 * the TA heap lies below 4 GiB.
 */
#include <stdint.h>

#include <tee_internal_api.h>

#include "ta_crypto_asym.h"
#include "ta_crypto_cmds.h"

#define VALUES_OUT                                                             \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,                           \
			TEE_PARAM_TYPE_VALUE_OUTPUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_NONE)
#define VALUES_IN                                                              \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,                            \
			TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_NONE,       \
			TEE_PARAM_TYPE_NONE)

static bool fits(const void *h)
{
	return (uintptr_t)h <= UINT32_MAX;
}

TEE_Result ta_handles_new(uint32_t types, TEE_Param params[4])
{
	TEE_ObjectHandle obj = TEE_HANDLE_NULL;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	TEE_ObjectEnumHandle en = TEE_HANDLE_NULL;
	TEE_Result res;

	if (types != VALUES_OUT)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_AES, 128, &obj);
	if (!res)
		res = TEE_AllocateOperation(&op, TEE_ALG_AES_ECB_NOPAD,
					    TEE_MODE_ENCRYPT, 128);
	if (!res)
		res = TEE_AllocatePersistentObjectEnumerator(&en);
	if (res) {
		TEE_FreeTransientObject(obj);
		TEE_FreeOperation(op);
		return res;
	}
	params[0].value.a = (uintptr_t)obj;
	params[0].value.b = (uintptr_t)op;
	params[1].value.a = (uintptr_t)en;
	params[1].value.b = fits(obj) && fits(op) && fits(en);
	return TEE_SUCCESS;
}

TEE_Result ta_handles_use(uint32_t types, TEE_Param params[4])
{
	TEE_ObjectHandle obj = (TEE_ObjectHandle)(uintptr_t)params[0].value.a;
	TEE_OperationHandle op =
		(TEE_OperationHandle)(uintptr_t)params[0].value.b;
	TEE_ObjectEnumHandle en =
		(TEE_ObjectEnumHandle)(uintptr_t)params[1].value.a;
	TEE_OperationInfo info;
	TEE_Result res;

	if (types != VALUES_IN)
		return TEE_ERROR_BAD_PARAMETERS;
	/* A handle the runtime does not know would panic the TA here. */
	res = TEE_GenerateKey(obj, 128, NULL, 0);
	if (!res)
		res = TEE_SetOperationKey(op, obj);
	if (res)
		return res;
	TEE_GetOperationInfo(op, &info);
	TEE_ResetPersistentObjectEnumerator(en);
	TEE_FreePersistentObjectEnumerator(en);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(obj);
	return info.keySize == 128 ? TEE_SUCCESS : TEE_ERROR_GENERIC;
}
