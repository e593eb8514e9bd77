// SPDX-License-Identifier: BSD-2-Clause
/*
 * keystore: an RSA key pair generated in the TA, kept in a transient
 * object for the session.  The client gets the public key, RSASSA
 * signatures and RSAES-OAEP decryptions; the key's usage lacks
 * TEE_USAGE_EXTRACTABLE, so no call can read the private parts out.
 */
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <utee_defines.h>

#include <keystore_ta.h>

#define KEY_BITS_MIN 2048
#define KEY_BITS_MAX 4096

struct keystore_session {
	TEE_ObjectHandle key;
};

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types,
				    TEE_Param params[4] __unused,
				    void **sess_ctx)
{
	struct keystore_session *s;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	s = TEE_Malloc(sizeof(*s), TEE_MALLOC_FILL_ZERO);
	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	s->key = TEE_HANDLE_NULL;
	*sess_ctx = s;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	struct keystore_session *s = sess_ctx;

	TEE_FreeTransientObject(s->key);
	TEE_Free(s);
}

static TEE_Result generate(struct keystore_session *s, uint32_t types,
			   TEE_Param params[4])
{
	uint32_t bits = params[0].value.a;
	TEE_ObjectHandle key = TEE_HANDLE_NULL;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (bits < KEY_BITS_MIN || bits > KEY_BITS_MAX || bits % 8)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_RSA_KEYPAIR, bits, &key);
	if (res)
		return res;
	res = TEE_GenerateKey(key, bits, NULL, 0);
	if (res)
		goto err;
	/* Everything but TEE_USAGE_EXTRACTABLE, for good. */
	res = TEE_RestrictObjectUsage1(key, TEE_USAGE_SIGN | TEE_USAGE_VERIFY |
						    TEE_USAGE_DECRYPT |
						    TEE_USAGE_ENCRYPT);
	if (res)
		goto err;
	TEE_FreeTransientObject(s->key);
	s->key = key;
	IMSG("generated a %u-bit RSA key", (unsigned int)bits);
	return TEE_SUCCESS;
err:
	TEE_FreeTransientObject(key);
	return res;
}

/* Public attribute @id into @p's buffer; its size is updated. */
static TEE_Result get_attr(TEE_ObjectHandle key, uint32_t id, TEE_Param *p)
{
	size_t size = p->memref.size;
	TEE_Result res;

	res = TEE_GetObjectBufferAttribute(key, id, p->memref.buffer, &size);
	p->memref.size = size;
	return res;
}

static TEE_Result get_public(struct keystore_session *s, uint32_t types,
			     TEE_Param params[4])
{
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (s->key == TEE_HANDLE_NULL)
		return TEE_ERROR_BAD_STATE;
	res = get_attr(s->key, TEE_ATTR_RSA_MODULUS, &params[0]);
	if (res == TEE_SUCCESS || res == TEE_ERROR_SHORT_BUFFER) {
		TEE_Result res2 = get_attr(s->key, TEE_ATTR_RSA_PUBLIC_EXPONENT,
					   &params[1]);

		if (res == TEE_SUCCESS)
			res = res2;
	}
	return res;
}

/* One asymmetric operation of @alg in @mode with the session's key. */
static TEE_Result run_op(struct keystore_session *s, uint32_t alg,
			 uint32_t mode, TEE_Param params[4])
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	size_t out_size = params[1].memref.size;
	TEE_ObjectInfo info;
	TEE_Result res;

	if (s->key == TEE_HANDLE_NULL)
		return TEE_ERROR_BAD_STATE;
	res = TEE_GetObjectInfo1(s->key, &info);
	if (res)
		return res;
	res = TEE_AllocateOperation(&op, alg, mode, info.objectSize);
	if (res)
		return res;
	res = TEE_SetOperationKey(op, s->key);
	if (res)
		goto out;
	if (mode == TEE_MODE_SIGN)
		res = TEE_AsymmetricSignDigest(
			op, NULL, 0, params[0].memref.buffer,
			params[0].memref.size, params[1].memref.buffer,
			&out_size);
	else
		res = TEE_AsymmetricDecrypt(op, NULL, 0,
					    params[0].memref.buffer,
					    params[0].memref.size,
					    params[1].memref.buffer, &out_size);
	params[1].memref.size = out_size;
out:
	TEE_FreeOperation(op);
	return res;
}

static TEE_Result sign_or_decrypt(struct keystore_session *s, uint32_t cmd,
				  uint32_t types, TEE_Param params[4])
{
	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (cmd == TA_KEYSTORE_CMD_SIGN) {
		if (params[0].memref.size != TEE_SHA256_HASH_SIZE)
			return TEE_ERROR_BAD_PARAMETERS;
		return run_op(s, TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
			      TEE_MODE_SIGN, params);
	}
	return run_op(s, TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256, TEE_MODE_DECRYPT,
		      params);
}

/*
 * What a TA must not be able to do with a non-extractable key: the GP
 * API does not return an error here, it panics the TA.
 */
static TEE_Result export_private(struct keystore_session *s, uint32_t types,
				 TEE_Param params[4])
{
	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (s->key == TEE_HANDLE_NULL)
		return TEE_ERROR_BAD_STATE;
	EMSG("asked for the private exponent of a non-extractable key");
	return get_attr(s->key, TEE_ATTR_RSA_PRIVATE_EXPONENT, &params[0]);
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	struct keystore_session *s = sess_ctx;

	switch (cmd) {
	case TA_KEYSTORE_CMD_GENERATE:
		return generate(s, types, params);
	case TA_KEYSTORE_CMD_GET_PUBLIC:
		return get_public(s, types, params);
	case TA_KEYSTORE_CMD_SIGN:
	case TA_KEYSTORE_CMD_DECRYPT:
		return sign_or_decrypt(s, cmd, types, params);
	case TA_KEYSTORE_CMD_EXPORT_PRIVATE:
		return export_private(s, types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
