// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_crypto: the crypto benchmarks bench/bench_crypto.c compares
 * with the same libcrypto calls in a plain process.  Only the GP calls
 * of the iterations are timed, with the TA's own clock: what the figure
 * holds is the GP API and the sandboxed process, not the invocation.
 */
#include <string.h>

#include <tee_internal_api.h>

#include "ta_crypto_bench.h"
#include "ta_crypto_cmds.h"

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define MIO   TEE_PARAM_TYPE_MEMREF_INOUT

static uint32_t now_ms(void)
{
	TEE_Time t;

	TEE_GetSystemTime(&t);
	return t.seconds * 1000 + t.millis;
}

/* An operation of @alg, @mode, @bits with a key: generated when @type
 * is an asymmetric keypair (with @attr, if any), else a zero secret. */
static TEE_Result bench_op(uint32_t alg, uint32_t mode, uint32_t type,
			   uint32_t bits, const TEE_Attribute *attr,
			   TEE_OperationHandle *op)
{
	static const uint8_t zero[16];
	TEE_ObjectHandle key;
	TEE_Attribute secret;
	TEE_Result res;

	res = TEE_AllocateOperation(op, alg, mode, bits);
	if (res)
		return res;
	res = TEE_AllocateTransientObject(type, bits, &key);
	if (res)
		goto err;
	if (type == TEE_TYPE_AES) {
		TEE_InitRefAttribute(&secret, TEE_ATTR_SECRET_VALUE, zero,
				     sizeof(zero));
		res = TEE_PopulateTransientObject(key, &secret, 1);
	} else {
		res = TEE_GenerateKey(key, bits, attr, attr ? 1 : 0);
	}
	if (!res)
		res = TEE_SetOperationKey(*op, key);
	TEE_FreeTransientObject(key);
	if (!res)
		return TEE_SUCCESS;
err:
	TEE_FreeOperation(*op);
	return res;
}

static void gcm(TEE_OperationHandle op, uint8_t *buf, size_t len)
{
	static const uint8_t nonce[12];
	uint8_t tag[16];
	size_t out = len, tag_len = sizeof(tag);

	TEE_AEInit(op, nonce, sizeof(nonce), 128, 0, len);
	if (TEE_AEEncryptFinal(op, buf, len, buf, &out, tag, &tag_len))
		TEE_Panic(1);
}

static void sign(TEE_OperationHandle op, uint8_t *buf)
{
	uint8_t sig[512];
	size_t len = sizeof(sig);

	if (TEE_AsymmetricSignDigest(op, NULL, 0, buf, 32, sig, &len))
		TEE_Panic(1);
}

TEE_Result ta_bench(uint32_t types, TEE_Param params[4])
{
	uint32_t which = params[0].value.a, n = params[0].value.b, t0;
	uint8_t *buf = params[1].memref.buffer, digest[32];
	size_t len = params[1].memref.size, out;
	TEE_Attribute curve;
	TEE_OperationHandle op;
	TEE_Result res;

	if (types != TYPES(VIN, MIO, VOUT, NONE) || len < 32)
		return TEE_ERROR_BAD_PARAMETERS;
	TEE_InitValueAttribute(&curve, TEE_ATTR_ECC_CURVE,
			       TEE_ECC_CURVE_NIST_P256, 0);
	switch (which) {
	case TA_CRYPTO_BENCH_AES_GCM:
		res = bench_op(TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT, TEE_TYPE_AES,
			       128, NULL, &op);
		break;
	case TA_CRYPTO_BENCH_SHA256:
		res = TEE_AllocateOperation(&op, TEE_ALG_SHA256,
					    TEE_MODE_DIGEST, 0);
		break;
	case TA_CRYPTO_BENCH_ECDSA_P256:
		res = bench_op(TEE_ALG_ECDSA_SHA256, TEE_MODE_SIGN,
			       TEE_TYPE_ECDSA_KEYPAIR, 256, &curve, &op);
		break;
	case TA_CRYPTO_BENCH_RSA2048:
		res = bench_op(TEE_ALG_RSASSA_PKCS1_V1_5_SHA256, TEE_MODE_SIGN,
			       TEE_TYPE_RSA_KEYPAIR, 2048, NULL, &op);
		break;
	case TA_CRYPTO_BENCH_AES_BLOCK:
		res = bench_op(TEE_ALG_AES_ECB_NOPAD, TEE_MODE_ENCRYPT,
			       TEE_TYPE_AES, 128, NULL, &op);
		if (!res)
			TEE_CipherInit(op, NULL, 0);
		break;
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
	if (res)
		return res;
	t0 = now_ms();
	for (uint32_t i = 0; i < n; i++) {
		switch (which) {
		case TA_CRYPTO_BENCH_AES_GCM:
			gcm(op, buf, len);
			break;
		case TA_CRYPTO_BENCH_SHA256:
			out = sizeof(digest);
			TEE_DigestDoFinal(op, buf, len, digest, &out);
			break;
		case TA_CRYPTO_BENCH_AES_BLOCK:
			out = 16;
			TEE_CipherUpdate(op, buf, 16, buf, &out);
			break;
		default:
			sign(op, buf);
			break;
		}
	}
	params[2].value.a = now_ms() - t0;
	params[2].value.b = 0;
	TEE_FreeOperation(op);
	return TEE_SUCCESS;
}
