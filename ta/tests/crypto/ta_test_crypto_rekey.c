// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA_CRYPTO_CMD_REKEY: a signing operation that gets another key, by
 * TEE_SetOperationKey or TEE_CopyOperation, signs with the new one.
 * libutee keeps the libcrypto form of an operation's key with the
 * operation (tee_api_operations.c, utee_op_pkey_ctx()), and the
 * context initialised for signing or verifying (utee_op_pkey_ctx_kept());
 * this is what shows both are dropped whenever the key changes, and that
 * a kept verification context still works after a refused signature.
 */
#include <tee_internal_api.h>

#include "ta_crypto_asym.h"
#include "ta_crypto_cmds.h"

struct rekey_alg {
	uint32_t alg, type, bits;
	TEE_Attribute curve;
	uint32_t nattrs;
};

static TEE_ObjectHandle new_key(const struct rekey_alg *a)
{
	TEE_ObjectHandle key;

	if (TEE_AllocateTransientObject(a->type, a->bits, &key) ||
	    TEE_GenerateKey(key, a->bits, &a->curve, a->nattrs))
		TEE_Panic(1); /* not what is under test */
	return key;
}

static TEE_OperationHandle new_op(const struct rekey_alg *a, uint32_t mode,
				  TEE_ObjectHandle key)
{
	TEE_OperationHandle op;

	if (TEE_AllocateOperation(&op, a->alg, mode, a->bits) ||
	    (key && TEE_SetOperationKey(op, key)))
		TEE_Panic(1);
	return op;
}

/* Whether @sig over @dig verifies under @key. */
static bool verifies(const struct rekey_alg *a, TEE_ObjectHandle key,
		     const uint8_t *dig, const uint8_t *sig, size_t len)
{
	TEE_OperationHandle op = new_op(a, TEE_MODE_VERIFY, key);
	TEE_Result res;

	res = TEE_AsymmetricVerifyDigest(op, NULL, 0, dig, 32, sig, len);
	TEE_FreeOperation(op);
	return res == TEE_SUCCESS;
}

/* Signs with @op: the result must verify under @good and not @bad. */
static TEE_Result check_sign(const struct rekey_alg *a, TEE_OperationHandle op,
			     TEE_ObjectHandle good, TEE_ObjectHandle bad)
{
	static const uint8_t dig[32] = {1, 2, 3, 4};
	uint8_t sig[512];
	size_t len = sizeof(sig);
	TEE_Result res;

	res = TEE_AsymmetricSignDigest(op, NULL, 0, dig, sizeof(dig), sig,
				       &len);
	if (res)
		return res;
	if (!verifies(a, good, dig, sig, len) ||
	    verifies(a, bad, dig, sig, len))
		return TEE_ERROR_SIGNATURE_INVALID;
	return TEE_SUCCESS;
}

/*
 * One verify operation keeps its libcrypto context between calls
 * (utee_op_pkey_ctx_kept()): a signature under @bad is refused, then one
 * under @good still verifies, then the refused one is refused again.
 */
static TEE_Result check_kept_verify(const struct rekey_alg *a,
				    TEE_ObjectHandle good, TEE_ObjectHandle bad)
{
	static const uint8_t dig[32] = {5, 6, 7, 8};
	TEE_OperationHandle sign_good = new_op(a, TEE_MODE_SIGN, good);
	TEE_OperationHandle sign_bad = new_op(a, TEE_MODE_SIGN, bad);
	TEE_OperationHandle v = new_op(a, TEE_MODE_VERIFY, good);
	uint8_t sig_good[512], sig_bad[512];
	size_t lg = sizeof(sig_good), lb = sizeof(sig_bad);
	TEE_Result res;

	res = TEE_AsymmetricSignDigest(sign_good, NULL, 0, dig, sizeof(dig),
				       sig_good, &lg);
	if (!res)
		res = TEE_AsymmetricSignDigest(sign_bad, NULL, 0, dig,
					       sizeof(dig), sig_bad, &lb);
	if (!res &&
	    (TEE_AsymmetricVerifyDigest(v, NULL, 0, dig, sizeof(dig), sig_bad,
					lb) != TEE_ERROR_SIGNATURE_INVALID ||
	     TEE_AsymmetricVerifyDigest(v, NULL, 0, dig, sizeof(dig), sig_good,
					lg) != TEE_SUCCESS ||
	     TEE_AsymmetricVerifyDigest(v, NULL, 0, dig, sizeof(dig), sig_bad,
					lb) != TEE_ERROR_SIGNATURE_INVALID))
		res = TEE_ERROR_SIGNATURE_INVALID;
	TEE_FreeOperation(sign_good);
	TEE_FreeOperation(sign_bad);
	TEE_FreeOperation(v);
	return res;
}

static TEE_Result rekey(const struct rekey_alg *a)
{
	TEE_ObjectHandle k1 = new_key(a), k2 = new_key(a);
	TEE_OperationHandle op = new_op(a, TEE_MODE_SIGN, k1);
	TEE_OperationHandle other = new_op(a, TEE_MODE_SIGN, k1);
	TEE_Result res;

	res = check_sign(a, op, k1, k2);
	if (!res) {
		TEE_ResetOperation(op);
		res = TEE_SetOperationKey(op, k2);
	}
	if (!res)
		res = check_sign(a, op, k2, k1);
	if (!res)
		res = check_sign(a, other, k1, k2);
	if (!res) {
		/* other has k1's libcrypto key by now; it gets k2. */
		TEE_CopyOperation(other, op);
		res = check_sign(a, other, k2, k1);
	}
	if (!res)
		res = check_kept_verify(a, k1, k2);
	TEE_FreeOperation(op);
	TEE_FreeOperation(other);
	TEE_FreeTransientObject(k1);
	TEE_FreeTransientObject(k2);
	return res;
}

TEE_Result ta_rekey(uint32_t types, TEE_Param params[4])
{
	struct rekey_alg ecdsa = {
		.alg = TEE_ALG_ECDSA_SHA256,
		.type = TEE_TYPE_ECDSA_KEYPAIR,
		.bits = 256,
		.curve = {.attributeID = TEE_ATTR_ECC_CURVE,
			  .content.value = {.a = TEE_ECC_CURVE_NIST_P256}},
		.nattrs = 1,
	};
	struct rekey_alg rsa = {
		.alg = TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
		.type = TEE_TYPE_RSA_KEYPAIR,
		.bits = 1024,
	};

	(void)params;
	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	switch (params[0].value.a) {
	case 0:
		return rekey(&ecdsa);
	case 1:
		return rekey(&rsa);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}
