// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA_CRYPTO_CMD_HANDLES_NEW / _USE: handles that travel to the client in
 * 32-bit values and come back in the next call, as optee_test's storage
 * TA does with xtest (ta/storage/storage.c: params[1].value.b =
 * (uintptr_t)o; later VAL2HANDLE(params[0].value.a)).
 * TA_CRYPTO_CMD_HANDLES_NEW_OFFSET / _USE_OFFSET: the same with each
 * handle kept as its offset from ta_head, as optee_test's crypt TA does
 * (ta/crypt/cryp_taf.c: HANDLE2VAL(h) = h - &ta_head, VAL2HANDLE(v) =
 * v + &ta_head).  On OP-TEE both work because the TA image, its heap and
 * its object ids lie in the low 4 GiB above ta_head.
 */
#include <stdbool.h>
#include <stdint.h>

#include <tee_internal_api.h>
#include <user_ta_header.h>

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

/* cryp_taf.c's HANDLE2VAL() and VAL2HANDLE() for a handle that is not null */
static uint32_t to_offset(const void *h)
{
	return (uint32_t)((uintptr_t)h - (uintptr_t)&ta_head);
}

static void *from_offset(uint32_t v)
{
	return (void *)((uintptr_t)v + (uintptr_t)&ta_head);
}

static uint32_t to_value(const void *h, bool as_offset)
{
	return as_offset ? to_offset(h) : (uint32_t)(uintptr_t)h;
}

static void *from_value(uint32_t v, bool as_offset)
{
	return as_offset ? from_offset(v) : (void *)(uintptr_t)v;
}

/* Whether @h comes back whole from its offset cut to 32 bits. */
static bool fits(const void *h)
{
	return from_offset(to_offset(h)) == h;
}

TEE_Result ta_handles_new(uint32_t types, TEE_Param params[4], bool as_offset)
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
	params[0].value.a = to_value(obj, as_offset);
	params[0].value.b = to_value(op, as_offset);
	params[1].value.a = to_value(en, as_offset);
	params[1].value.b = fits(obj) && fits(op) && fits(en);
	return TEE_SUCCESS;
}

TEE_Result ta_handles_use(uint32_t types, TEE_Param params[4], bool as_offset)
{
	TEE_ObjectHandle obj = from_value(params[0].value.a, as_offset);
	TEE_OperationHandle op = from_value(params[0].value.b, as_offset);
	TEE_ObjectEnumHandle en = from_value(params[1].value.a, as_offset);
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
