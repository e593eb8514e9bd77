// SPDX-License-Identifier: BSD-2-Clause
/*
 * fido_signer: a FIDO-style authenticator.  The credential's private key
 * is made in the TA and never leaves it (not extractable); the client
 * gets the public key once, then signatures over
 * SHA-256(appId || challenge || counter) with a counter that only goes
 * up, as an authenticator's does.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <utee_defines.h>

#include <fido_signer_ta.h>

#define FIDO_INPUT_MAX 256
#define P256_BYTES     32

struct fido_session {
	TEE_ObjectHandle key;
	uint32_t counter;
};

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types __unused,
				    TEE_Param params[4] __unused,
				    void **sess_ctx)
{
	struct fido_session *s = TEE_Malloc(sizeof(*s), TEE_MALLOC_FILL_ZERO);

	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	s->key = TEE_HANDLE_NULL;
	*sess_ctx = s;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	struct fido_session *s = sess_ctx;

	TEE_FreeTransientObject(s->key);
	TEE_Free(s);
}

/* Coordinate @id of the key, left-padded to 32 bytes at @out. */
static TEE_Result get_coord(TEE_ObjectHandle key, uint32_t id, uint8_t *out)
{
	uint8_t buf[P256_BYTES];
	size_t len = sizeof(buf);
	TEE_Result res;

	res = TEE_GetObjectBufferAttribute(key, id, buf, &len);
	if (res)
		return res;
	memset(out, 0, P256_BYTES - len);
	memcpy(out + P256_BYTES - len, buf, len);
	return TEE_SUCCESS;
}

static TEE_Result make_credential(TEE_ObjectHandle *key)
{
	TEE_Attribute curve;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_ECDSA_KEYPAIR, 256, key);
	if (res)
		return res;
	TEE_InitValueAttribute(&curve, TEE_ATTR_ECC_CURVE,
			       TEE_ECC_CURVE_NIST_P256, 0);
	res = TEE_GenerateKey(*key, 256, &curve, 1);
	if (!res)
		res = TEE_RestrictObjectUsage1(*key, TEE_USAGE_SIGN |
							     TEE_USAGE_VERIFY);
	if (res) {
		TEE_FreeTransientObject(*key);
		*key = TEE_HANDLE_NULL;
	}
	return res;
}

static TEE_Result do_register(struct fido_session *s, uint32_t types,
			      TEE_Param params[4])
{
	uint8_t *pub = params[0].memref.buffer;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (s->key != TEE_HANDLE_NULL)
		return TEE_ERROR_ACCESS_CONFLICT;
	if (params[0].memref.size < FIDO_PUBLIC_KEY_SIZE) {
		params[0].memref.size = FIDO_PUBLIC_KEY_SIZE;
		return TEE_ERROR_SHORT_BUFFER;
	}
	res = make_credential(&s->key);
	if (res)
		return res;
	pub[0] = 0x04;
	res = get_coord(s->key, TEE_ATTR_ECC_PUBLIC_VALUE_X, pub + 1);
	if (!res)
		res = get_coord(s->key, TEE_ATTR_ECC_PUBLIC_VALUE_Y,
				pub + 1 + P256_BYTES);
	params[0].memref.size = FIDO_PUBLIC_KEY_SIZE;
	IMSG("credential registered");
	return res;
}

/* SHA-256(appId || challenge || counter, big-endian) into @digest. */
static TEE_Result hash_assertion(const TEE_Param *app, const TEE_Param *chal,
				 uint32_t counter, uint8_t *digest)
{
	uint8_t ctr[4] = {counter >> 24, counter >> 16, counter >> 8, counter};
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	size_t len = TEE_SHA256_HASH_SIZE;
	TEE_Result res;

	res = TEE_AllocateOperation(&op, TEE_ALG_SHA256, TEE_MODE_DIGEST, 0);
	if (res)
		return res;
	TEE_DigestUpdate(op, app->memref.buffer, app->memref.size);
	TEE_DigestUpdate(op, chal->memref.buffer, chal->memref.size);
	res = TEE_DigestDoFinal(op, ctr, sizeof(ctr), digest, &len);
	TEE_FreeOperation(op);
	return res;
}

static TEE_Result sign_digest(TEE_ObjectHandle key, const uint8_t *digest,
			      TEE_Param *out)
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	size_t len = out->memref.size;
	TEE_Result res;

	res = TEE_AllocateOperation(&op, TEE_ALG_ECDSA_SHA256, TEE_MODE_SIGN,
				    256);
	if (res)
		return res;
	res = TEE_SetOperationKey(op, key);
	if (!res)
		res = TEE_AsymmetricSignDigest(op, NULL, 0, digest,
					       TEE_SHA256_HASH_SIZE,
					       out->memref.buffer, &len);
	out->memref.size = len;
	TEE_FreeOperation(op);
	return res;
}

static TEE_Result do_sign(struct fido_session *s, uint32_t types,
			  TEE_Param params[4])
{
	uint8_t digest[TEE_SHA256_HASH_SIZE];
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT))
		return TEE_ERROR_BAD_PARAMETERS;
	if (!params[0].memref.size || params[0].memref.size > FIDO_INPUT_MAX ||
	    !params[1].memref.size || params[1].memref.size > FIDO_INPUT_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	if (s->key == TEE_HANDLE_NULL)
		return TEE_ERROR_BAD_STATE;
	if (params[3].memref.size < FIDO_SIGNATURE_SIZE) {
		params[3].memref.size = FIDO_SIGNATURE_SIZE;
		return TEE_ERROR_SHORT_BUFFER;
	}
	if (s->counter == UINT32_MAX)
		return TEE_ERROR_OVERFLOW;
	/* Counted before signing: a counter value is never signed twice. */
	s->counter++;
	res = hash_assertion(&params[0], &params[1], s->counter, digest);
	if (res)
		return res;
	res = sign_digest(s->key, digest, &params[3]);
	params[2].value.a = s->counter;
	return res;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_FIDO_CMD_REGISTER:
		return do_register(sess_ctx, types, params);
	case TA_FIDO_CMD_SIGN:
		return do_sign(sess_ctx, types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
