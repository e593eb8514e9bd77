// SPDX-License-Identifier: BSD-2-Clause
/*
 * gcm_seal: AES-256-GCM sealing under a key that never leaves the TA.
 * The key is made on first use and kept as a persistent object in the
 * TA's private storage, so what was sealed unseals after a restart.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include <gcm_seal_ta.h>

#define KEY_BITS 256

static const char key_id[] = "gcm_seal.key";
static TEE_ObjectHandle seal_key = TEE_HANDLE_NULL;

/* Makes the key and stores it; another session may have been first. */
static TEE_Result create_key(void)
{
	TEE_ObjectHandle tmp = TEE_HANDLE_NULL;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_AES, KEY_BITS, &tmp);
	if (res)
		return res;
	res = TEE_GenerateKey(tmp, KEY_BITS, NULL, 0);
	if (!res)
		res = TEE_RestrictObjectUsage1(tmp, TEE_USAGE_ENCRYPT |
							    TEE_USAGE_DECRYPT);
	if (!res)
		res = TEE_CreatePersistentObject(
			TEE_STORAGE_PRIVATE, key_id, sizeof(key_id) - 1,
			TEE_DATA_FLAG_ACCESS_READ, tmp, NULL, 0, &seal_key);
	TEE_FreeTransientObject(tmp);
	if (!res)
		IMSG("made a new sealing key");
	return res;
}

static TEE_Result get_key(void)
{
	TEE_Result res;

	if (seal_key != TEE_HANDLE_NULL)
		return TEE_SUCCESS;
	res = TEE_OpenPersistentObject(TEE_STORAGE_PRIVATE, key_id,
				       sizeof(key_id) - 1,
				       TEE_DATA_FLAG_ACCESS_READ, &seal_key);
	if (res == TEE_ERROR_ITEM_NOT_FOUND)
		res = create_key();
	return res;
}

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
	TEE_CloseObject(seal_key);
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types __unused,
				    TEE_Param params[4] __unused,
				    void **sess_ctx __unused)
{
	return get_key();
}

void TA_CloseSessionEntryPoint(void *sess_ctx __unused)
{
}

static TEE_Result gcm_op(uint32_t mode, const uint8_t *nonce,
			 TEE_OperationHandle *op)
{
	uint8_t aad = GCM_SEAL_VERSION;
	TEE_Result res;

	res = TEE_AllocateOperation(op, TEE_ALG_AES_GCM, mode, KEY_BITS);
	if (res)
		return res;
	res = TEE_SetOperationKey(*op, seal_key);
	if (!res)
		res = TEE_AEInit(*op, nonce, GCM_SEAL_NONCE_LEN,
				 GCM_SEAL_TAG_LEN * 8, sizeof(aad), 0);
	if (!res)
		TEE_AEUpdateAAD(*op, &aad, sizeof(aad));
	if (res) {
		TEE_FreeOperation(*op);
		*op = TEE_HANDLE_NULL;
	}
	return res;
}

static TEE_Result seal(TEE_Param params[4])
{
	size_t len = params[0].memref.size;
	size_t need = len + GCM_SEAL_OVERHEAD;
	uint8_t *blob = params[1].memref.buffer;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	size_t ct_len = len, tag_len = GCM_SEAL_TAG_LEN;
	uint8_t nonce[GCM_SEAL_NONCE_LEN];
	TEE_Result res;

	if (len > GCM_SEAL_MAX_DATA)
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[1].memref.size < need) {
		params[1].memref.size = need;
		return TEE_ERROR_SHORT_BUFFER;
	}
	/* A fresh random nonce for every blob: never reused under the key. */
	TEE_GenerateRandom(nonce, sizeof(nonce));
	res = gcm_op(TEE_MODE_ENCRYPT, nonce, &op);
	if (res)
		return res;
	res = TEE_AEEncryptFinal(op, params[0].memref.buffer, len,
				 blob + GCM_SEAL_OVERHEAD, &ct_len,
				 blob + 1 + GCM_SEAL_NONCE_LEN, &tag_len);
	TEE_FreeOperation(op);
	if (res)
		return res;
	blob[0] = GCM_SEAL_VERSION;
	memcpy(blob + 1, nonce, sizeof(nonce));
	params[1].memref.size = need;
	return TEE_SUCCESS;
}

/* Decrypts @blob (@len bytes) into @params[1] if its tag matches. */
static TEE_Result open_blob(const uint8_t *blob, size_t len,
			    TEE_Param params[4])
{
	size_t pt_len = len - GCM_SEAL_OVERHEAD;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	uint8_t *pt;
	TEE_Result res;

	if (blob[0] != GCM_SEAL_VERSION)
		return TEE_ERROR_MAC_INVALID;
	if (params[1].memref.size < pt_len) {
		params[1].memref.size = pt_len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	/*
	 * Into the TA's memory: nothing reaches the client unless the tag
	 * matches.
	 */
	pt = TEE_Malloc(pt_len, 0);
	if (!pt)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = gcm_op(TEE_MODE_DECRYPT, blob + 1, &op);
	if (!res)
		res = TEE_AEDecryptFinal(
			op, blob + GCM_SEAL_OVERHEAD, pt_len, pt, &pt_len,
			(uint8_t *)blob + 1 + GCM_SEAL_NONCE_LEN,
			GCM_SEAL_TAG_LEN);
	TEE_FreeOperation(op);
	if (!res) {
		memcpy(params[1].memref.buffer, pt, pt_len);
		params[1].memref.size = pt_len;
	}
	TEE_Free(pt);
	return res;
}

static TEE_Result unseal(TEE_Param params[4])
{
	size_t len = params[0].memref.size;
	uint8_t *blob;
	TEE_Result res;

	if (len < GCM_SEAL_OVERHEAD ||
	    len > GCM_SEAL_OVERHEAD + GCM_SEAL_MAX_DATA)
		return TEE_ERROR_BAD_PARAMETERS;
	/* Read once: the client may change its buffer meanwhile. */
	blob = TEE_Malloc(len, 0);
	if (!blob)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(blob, params[0].memref.buffer, len);
	res = open_blob(blob, len, params);
	TEE_Free(blob);
	return res;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx __unused, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	switch (cmd) {
	case TA_GCM_SEAL_CMD_SEAL:
		return seal(params);
	case TA_GCM_SEAL_CMD_UNSEAL:
		return unseal(params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
