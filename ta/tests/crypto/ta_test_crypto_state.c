// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_crypto: misuses of an operation's state, class, mode or key
 * that GP TEE Internal Core API 1.3.1 chapter 6 and OP-TEE's libutee
 * answer with a panic (ABI-FACTS-INTERNAL §3.2, the "panics" column of
 * each function): a function of one class on an operation of another, an
 * update before the init or after the final call, a call with no key.
 */
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "ta_crypto_asym.h"
#include "ta_crypto_cmds.h"

static const uint8_t zeros[32];

/* An operation of @alg and @mode with a @bits-bit key of @type (or none:
 * @type 0); anything unexpected panics with code 1, not the misuse. */
static TEE_OperationHandle op_of(uint32_t alg, uint32_t mode, uint32_t type,
				 uint32_t bits)
{
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Attribute attr;

	if (TEE_AllocateOperation(&op, alg, mode, bits))
		TEE_Panic(1);
	if (!type)
		return op;
	if (TEE_AllocateTransientObject(type, bits, &key))
		TEE_Panic(1);
	if (type == TEE_TYPE_RSA_KEYPAIR) {
		if (TEE_GenerateKey(key, bits, NULL, 0))
			TEE_Panic(1);
	} else {
		TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, zeros,
				     bits / 8);
		if (TEE_PopulateTransientObject(key, &attr, 1))
			TEE_Panic(1);
	}
	if (TEE_SetOperationKey(op, key))
		TEE_Panic(1);
	TEE_FreeTransientObject(key);
	return op;
}

static TEE_OperationHandle hmac_op(void)
{
	return op_of(TEE_ALG_HMAC_SHA256, TEE_MODE_MAC, TEE_TYPE_HMAC_SHA256,
		     256);
}

static TEE_OperationHandle aes_op(uint32_t alg)
{
	return op_of(alg, TEE_MODE_ENCRYPT, TEE_TYPE_AES, 128);
}

/* The misuses of the MAC, cipher and AE functions. */
static bool symmetric_misuse(uint32_t which, uint8_t *buf, size_t *len)
{
	TEE_OperationHandle op;

	switch (which) {
	case TA_CRYPTO_MISUSE_MAC_UPDATE_NOT_INITIALISED:
		TEE_MACUpdate(hmac_op(), buf, 4);
		return true;
	case TA_CRYPTO_MISUSE_MAC_FINAL_TWICE:
		op = hmac_op();
		TEE_MACInit(op, NULL, 0);
		if (TEE_MACComputeFinal(op, buf, 4, buf, len))
			TEE_Panic(1);
		*len = 32;
		TEE_MACComputeFinal(op, buf, 4, buf, len);
		return true;
	case TA_CRYPTO_MISUSE_CIPHER_UPDATE_AFTER_FINAL:
		op = aes_op(TEE_ALG_AES_CBC_NOPAD);
		TEE_CipherInit(op, zeros, 16);
		if (TEE_CipherDoFinal(op, buf, 16, buf, len))
			TEE_Panic(1);
		*len = 32;
		TEE_CipherUpdate(op, buf, 16, buf, len);
		return true;
	case TA_CRYPTO_MISUSE_AE_UPDATE_NOT_INITIALISED:
		TEE_AEUpdate(aes_op(TEE_ALG_AES_GCM), buf, 16, buf, len);
		return true;
	case TA_CRYPTO_MISUSE_AE_INIT_WHILE_ACTIVE:
		/* A second init is allowed until the payload starts (the
		 * operation stays INITIAL), not after. */
		op = aes_op(TEE_ALG_AES_GCM);
		if (TEE_AEInit(op, zeros, 12, 128, 0, 0) ||
		    TEE_AEInit(op, zeros, 12, 128, 0, 0) ||
		    TEE_AEUpdate(op, zeros, 16, buf, len))
			TEE_Panic(1);
		TEE_AEInit(op, zeros, 12, 128, 0, 0);
		return true;
	case TA_CRYPTO_MISUSE_AE_FINAL_NOT_INITIALISED: {
		size_t tag_len = 16;

		TEE_AEEncryptFinal(aes_op(TEE_ALG_AES_GCM), buf, 0, buf, len,
				   buf + 16, &tag_len);
		return true;
	}
	case TA_CRYPTO_MISUSE_CIPHER_INIT_ON_MAC:
		TEE_CipherInit(hmac_op(), NULL, 0);
		return true;
	case TA_CRYPTO_MISUSE_CIPHER_INIT_NO_KEY:
		TEE_CipherInit(
			op_of(TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT, 0, 128),
			zeros, 16);
		return true;
	case TA_CRYPTO_MISUSE_ECB_WITH_IV:
		TEE_CipherInit(aes_op(TEE_ALG_AES_ECB_NOPAD), zeros, 16);
		return true;
	case TA_CRYPTO_MISUSE_DIGEST_FINAL_ON_MAC:
		TEE_DigestDoFinal(hmac_op(), buf, 4, buf, len);
		return true;
	default:
		return false;
	}
}

/* The misuses of the generic and asymmetric functions. */
static bool other_misuse(uint32_t which, uint8_t *buf, size_t *len)
{
	TEE_OperationInfoMultiple info;
	size_t size = sizeof(info) - 1;

	switch (which) {
	case TA_CRYPTO_MISUSE_ENCRYPT_ON_DECRYPT:
		TEE_AsymmetricEncrypt(op_of(TEE_ALG_RSAES_PKCS1_V1_5,
					    TEE_MODE_DECRYPT,
					    TEE_TYPE_RSA_KEYPAIR, 512),
				      NULL, 0, buf, 4, buf, len);
		return true;
	case TA_CRYPTO_MISUSE_VERIFY_ON_SIGN:
		TEE_AsymmetricVerifyDigest(op_of(TEE_ALG_RSASSA_PKCS1_V1_5_SHA1,
						 TEE_MODE_SIGN,
						 TEE_TYPE_RSA_KEYPAIR, 512),
					   NULL, 0, buf, 20, buf, 64);
		return true;
	case TA_CRYPTO_MISUSE_SIGN_NO_KEY:
		TEE_AsymmetricSignDigest(
			op_of(TEE_ALG_ECDSA_SHA256, TEE_MODE_SIGN, 0, 256),
			NULL, 0, buf, 32, buf, len);
		return true;
	case TA_CRYPTO_MISUSE_RESET_NO_KEY:
		TEE_ResetOperation(
			op_of(TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT, 0, 128));
		return true;
	case TA_CRYPTO_MISUSE_INFO_MULTIPLE_TOO_SMALL:
		TEE_GetOperationInfoMultiple(hmac_op(), &info, &size);
		return true;
	default:
		return false;
	}
}

/* A 16-byte AES key from @keys. */
static TEE_ObjectHandle key_from(const uint8_t *keys)
{
	TEE_ObjectHandle key;
	TEE_Attribute attr;

	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, keys, 16);
	if (TEE_AllocateTransientObject(TEE_TYPE_AES, 128, &key) ||
	    TEE_PopulateTransientObject(key, &attr, 1))
		TEE_Panic(1);
	return key;
}

/*
 * TEE_SetOperationKey on an initialised operation: GP 1.3.1 and OP-TEE's
 * libutee (lib/libutee/tee_api_operations.c, TEE_SetOperationKey: a
 * panic when handleState has TEE_HANDLE_FLAG_INITIALIZED, checked before
 * a NULL key clears it) whether the operation is active (CipherInit) or
 * still initial after TEE_AEInit.
 */
static bool set_key_misuse(uint32_t which, uint8_t *buf, size_t *len)
{
	TEE_OperationHandle op;

	switch (which) {
	case TA_CRYPTO_MISUSE_SET_KEY_WHILE_ACTIVE:
		op = aes_op(TEE_ALG_AES_CBC_NOPAD);
		TEE_CipherInit(op, zeros, 16);
		if (TEE_CipherUpdate(op, zeros, 16, buf, len))
			TEE_Panic(1);
		TEE_SetOperationKey(op, key_from(zeros));
		return true;
	case TA_CRYPTO_MISUSE_CLEAR_KEY_WHILE_ACTIVE:
		op = aes_op(TEE_ALG_AES_CBC_NOPAD);
		TEE_CipherInit(op, zeros, 16);
		TEE_SetOperationKey(op, TEE_HANDLE_NULL);
		return true;
	case TA_CRYPTO_MISUSE_SET_KEY_AFTER_AE_INIT:
		op = aes_op(TEE_ALG_AES_GCM);
		if (TEE_AEInit(op, zeros, 12, 128, 0, 0))
			TEE_Panic(1);
		TEE_SetOperationKey(op, key_from(zeros));
		return true;
	default:
		return false;
	}
}

/* @op's handleState and operationState (TEE_GetOperationInfoMultiple). */
static void op_states(TEE_OperationHandle op, TEE_Param *out)
{
	union {
		TEE_OperationInfoMultiple info;
		uint8_t room[sizeof(TEE_OperationInfoMultiple) +
			     2 * sizeof(TEE_OperationInfoKey)];
	} u;
	size_t size = sizeof(u);

	if (TEE_GetOperationInfoMultiple(op, &u.info, &size))
		TEE_Panic(1);
	out->value.a = u.info.handleState;
	out->value.b = u.info.operationState;
}

TEE_Result ta_set_key_reset(uint32_t types, TEE_Param params[4])
{
	const uint8_t *keys = params[0].memref.buffer;
	TEE_ObjectHandle a, b;
	TEE_OperationHandle op;
	uint8_t out[16];
	size_t len = sizeof(out);
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT) ||
	    params[0].memref.size != 32 || params[1].memref.size < 16)
		return TEE_ERROR_BAD_PARAMETERS;
	a = key_from(keys);
	b = key_from(keys + 16);
	if (TEE_AllocateOperation(&op, TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT,
				  128) ||
	    TEE_SetOperationKey(op, a))
		TEE_Panic(1);
	/* Active with A, then back to the initial state, key kept. */
	TEE_CipherInit(op, zeros, 16);
	res = TEE_CipherUpdate(op, zeros, 16, out, &len);
	TEE_ResetOperation(op);
	op_states(op, &params[2]);
	if (!res)
		res = TEE_SetOperationKey(op, b);
	op_states(op, &params[3]);
	if (!res) {
		TEE_CipherInit(op, zeros, 16);
		len = 16;
		res = TEE_CipherDoFinal(op, zeros, 16, params[1].memref.buffer,
					&len);
		params[1].memref.size = len;
	}
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(a);
	TEE_FreeTransientObject(b);
	return res;
}

TEE_Result ta_state_misuse(uint32_t which)
{
	uint8_t buf[80] = {0};
	size_t len = 32;

	if (!symmetric_misuse(which, buf, &len) &&
	    !other_misuse(which, buf, &len) &&
	    !set_key_misuse(which, buf, &len))
		return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS; /* the misuse went unnoticed */
}
