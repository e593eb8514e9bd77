// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API chapters 5 and 6, algorithm by algorithm and
 * key size by key size: what test_internal_crypto.c and
 * test_internal_crypto_asym.c check for one key size or one digest, here
 * for every one the README lists, through the same TA (ta_test_crypto,
 * ta/tests/crypto/ta_crypto_cmds.h).
 *
 * Every expected value is a published known answer (FIPS 197, SP 800-38A,
 * SP 800-38B, FIPS 81, RFC 2202, RFC 4231, RFC 3610, the GCM
 * specification) or is computed in this process by libcrypto's own
 * primitives (EVP ciphers incl. the legacy provider's single DES, EVP_MAC
 * HMAC and CMAC, EVP_KDF HKDF, PBKDF2 and SSKDF, EVP_PKEY signatures and
 * OAEP): never an earlier output of the TA.  Key sizes are tried at the
 * bounds OP-TEE's type table sets (ABI-FACTS-INTERNAL §5, OP-TEE
 * core/tee/tee_svc_cryp.c's tee_cryp_obj_type_props) and one step past.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>

#include <cmocka.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/dsa.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>
#include <tee_client_api.h>

#include "harness.h"
#include "crypto_session.h"
#include "teec_helpers.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/tee_api_defines_extensions.h"
#include "ta/tests/crypto/ta_crypto_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define MAX_BYTES    1024
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* After a panic: a new session to the TA, which must serve it. */
static void reopen(void)
{
	TEEC_CloseSession(&sess);
	assert_int_equal(e2e_open_session(&ctx, &sess, &crypto_uuid, NULL),
			 TEEC_SUCCESS);
}

/* Hex text to bytes; returns the length. */
static size_t unhex(const char *hex, uint8_t *out)
{
	size_t n = strlen(hex) / 2;

	assert_true(n <= MAX_BYTES);
	for (size_t i = 0; i < n; i++) {
		unsigned int b;

		assert_int_equal(sscanf(hex + 2 * i, "%2x", &b), 1);
		out[i] = (uint8_t)b;
	}
	return n;
}

static void assert_hex(const uint8_t *got, size_t len, const char *want)
{
	uint8_t w[MAX_BYTES];

	assert_int_equal(len, unhex(want, w));
	assert_memory_equal(got, w, len);
}

/* @n bytes of a fixed pattern, different for each @seed. */
static void fill(uint8_t *p, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 131 + seed * 29 + (i >> 3));
}

static void set_tmp(TEEC_Operation *op, int i, void *buf, size_t size)
{
	op->params[i].tmpref.buffer = buf;
	op->params[i].tmpref.size = size;
}

/**
 * struct keyed - a keyed command's request (struct ta_crypto_req and its
 * bytes) and its size
 */
struct keyed {
	union {
		struct ta_crypto_req req;
		uint8_t raw[sizeof(struct ta_crypto_req) + 4 * MAX_BYTES];
	};
	size_t len;
};

/* Appends @len bytes to the request, after what is there. */
static uint32_t keyed_put(struct keyed *k, const void *p, size_t len)
{
	assert_true(k->len + len <= sizeof(k->raw));
	if (len) /* @p may be NULL then */
		memcpy(k->raw + k->len, p, len);
	k->len += len;
	return (uint32_t)len;
}

/* A request of raw bytes: key, IV, AAD, tag (any may be empty). */
static void keyed_raw(struct keyed *k, uint32_t alg, uint32_t mode,
		      uint32_t key_type, uint32_t chunk, const void *key,
		      size_t key_len, const void *iv, size_t iv_len,
		      const void *aad, size_t aad_len, const void *tag,
		      size_t tag_len)
{
	memset(k, 0, sizeof(*k));
	k->req.alg = alg;
	k->req.mode = mode;
	k->req.key_type = key_type;
	k->req.chunk = chunk;
	k->len = sizeof(k->req);
	k->req.key_len = keyed_put(k, key, key_len);
	k->req.iv_len = keyed_put(k, iv, iv_len);
	k->req.aad_len = keyed_put(k, aad, aad_len);
	k->req.tag_len = keyed_put(k, tag, tag_len);
}

/* Runs keyed @cmd over @in; @out of *@out_len bytes gets the result, and
 * @tag (AE encryption) the tag. */
static TEEC_Result run_keyed(uint32_t cmd, struct keyed *k, const void *in,
			     size_t in_len, void *out, size_t *out_len,
			     void *tag, size_t *tag_len)
{
	uint32_t t2 = cmd == TA_CRYPTO_CMD_MAC_COMPARE
			      ? TEEC_MEMREF_TEMP_INPUT
			      : TEEC_MEMREF_TEMP_OUTPUT;
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 t2, tag ? TEEC_MEMREF_TEMP_OUTPUT : TEEC_NONE);
	set_tmp(&op, 0, k->raw, k->len);
	set_tmp(&op, 1, (void *)in, in_len);
	set_tmp(&op, 2, out, *out_len);
	if (tag)
		set_tmp(&op, 3, tag, *tag_len);
	res = TEEC_InvokeCommand(&sess, cmd, &op, NULL);
	*out_len = op.params[2].tmpref.size;
	if (tag)
		*tag_len = op.params[3].tmpref.size;
	return res;
}

/*
 * Key sizes: OP-TEE's type table (core/tee/tee_svc_cryp.c), min and max
 * bits and the step between them; TEE_AllocateTransientObject() gives
 * TEE_ERROR_NOT_SUPPORTED for a size outside it (GP 1.3.1 5.5.1, and
 * OP-TEE's tee_obj_attr... check in syscall_cryp_obj_alloc).
 */
static const struct {
	uint32_t type, step, min, max;
} key_bounds[] = {
	{TEE_TYPE_AES, 64, 128, 256},
	{TEE_TYPE_DES, 64, 64, 64},
	{TEE_TYPE_DES3, 64, 128, 192},
	{TEE_TYPE_SM4, 128, 128, 128},
	{TEE_TYPE_HMAC_MD5, 8, 64, 512},
	{TEE_TYPE_HMAC_SHA1, 8, 80, 512},
	{TEE_TYPE_HMAC_SHA224, 8, 112, 512},
	{TEE_TYPE_HMAC_SHA256, 8, 192, 1024},
	{TEE_TYPE_HMAC_SHA384, 8, 256, 1024},
	{TEE_TYPE_HMAC_SHA512, 8, 256, 1024},
	{TEE_TYPE_HMAC_SHA3_224, 8, 192, 1024},
	{TEE_TYPE_HMAC_SHA3_256, 8, 256, 1024},
	{TEE_TYPE_HMAC_SHA3_384, 8, 256, 1024},
	{TEE_TYPE_HMAC_SHA3_512, 8, 256, 1024},
	{TEE_TYPE_HMAC_SM3, 8, 80, 1024},
	{TEE_TYPE_GENERIC_SECRET, 8, 0, 4096},
	{TEE_TYPE_HKDF_IKM, 8, 0, 4096},
	{TEE_TYPE_CONCAT_KDF_Z, 8, 0, 4096},
	{TEE_TYPE_PBKDF2_PASSWORD, 8, 0, 4096},
	{TEE_TYPE_RSA_PUBLIC_KEY, 1, 256, 4096},
	{TEE_TYPE_RSA_KEYPAIR, 1, 256, 4096},
	{TEE_TYPE_DSA_PUBLIC_KEY, 64, 512, 3072},
	{TEE_TYPE_DSA_KEYPAIR, 64, 512, 3072},
	{TEE_TYPE_DH_KEYPAIR, 1, 256, 2048},
	{TEE_TYPE_ECDSA_PUBLIC_KEY, 1, 192, 521},
	{TEE_TYPE_ECDSA_KEYPAIR, 1, 192, 521},
	{TEE_TYPE_ECDH_PUBLIC_KEY, 1, 192, 521},
	{TEE_TYPE_ECDH_KEYPAIR, 1, 192, 521},
	{TEE_TYPE_X25519_KEYPAIR, 1, 256, 256},
	{TEE_TYPE_ED25519_PUBLIC_KEY, 1, 256, 256},
	{TEE_TYPE_ED25519_KEYPAIR, 1, 256, 256},
};

/* Each type at its bounds and just past them; a size off the step. */
static void test_key_size_bounds_per_type(void **state)
{
	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(key_bounds); i++) {
		uint32_t t = key_bounds[i].type, s = key_bounds[i].step;
		uint32_t lo = key_bounds[i].min, hi = key_bounds[i].max;

		print_message("type %08x: %u..%u step %u\n", t, lo, hi, s);
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC, t, lo),
			TEEC_SUCCESS);
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC, t, hi),
			TEEC_SUCCESS);
		assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC,
						      t, hi + s),
				 TEE_ERROR_NOT_SUPPORTED);
		if (lo >= s && lo - s != 56 && lo - s != 112)
			assert_int_equal(
				crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC, t,
						     lo - s),
				TEE_ERROR_NOT_SUPPORTED);
		if (s > 1 && lo < hi)
			assert_int_equal(
				crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC, t,
						     lo + s / 2),
				TEE_ERROR_NOT_SUPPORTED);
	}
	crypto_down();
}

/* OBJ_EXPORT of a @type object of @max bits holding @key (@key_len
 * bytes; none: a generated key of @gen_bits); its secret into @secret. */
static TEEC_Result obj_export(uint32_t type, uint32_t max, const uint8_t *key,
			      size_t key_len, uint32_t gen_bits,
			      uint8_t *secret, size_t *secret_len)
{
	uint8_t out[28 + 256];
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = type;
	op.params[0].value.b = max;
	set_tmp(&op, 1, (void *)key, key_len);
	op.params[2].value.a = gen_bits;
	op.params[2].value.b = TEE_USAGE_EXTRACTABLE | TEE_USAGE_MAC;
	set_tmp(&op, 3, out, sizeof(out));
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_OBJ_EXPORT, &op, NULL);
	if (res == TEEC_SUCCESS) {
		*secret_len = op.params[3].tmpref.size - 28;
		memcpy(secret, out + 28, *secret_len);
	}
	return res;
}

/*
 * HMAC-SM3: OP-TEE's type table allows objects of up to 1024 bits but
 * keeps room for 512 bits of key (tee_svc_cryp.c: PROP(TEE_TYPE_HMAC_SM3,
 * 8, 80, 1024, 512 / 8 + ...)): in a 1024-bit object a 512-bit key goes
 * in, generated or given; a 520-bit one panics (TEE_ERROR_SECURITY
 * populating, TEE_ERROR_EXCESS_DATA generating: neither is among the
 * functions' results).
 */
static void test_hmac_sm3_key_room(void **state)
{
	uint8_t key[65], secret[128];
	size_t len = 0;

	(void)state;
	fill(key, sizeof(key), 9);
	crypto_up();
	assert_int_equal(
		obj_export(TEE_TYPE_HMAC_SM3, 1024, key, 64, 0, secret, &len),
		TEEC_SUCCESS);
	assert_int_equal(len, 64);
	assert_memory_equal(secret, key, 64);
	assert_int_equal(
		obj_export(TEE_TYPE_HMAC_SM3, 1024, NULL, 0, 512, secret, &len),
		TEEC_SUCCESS);
	assert_int_equal(len, 64);
	assert_int_equal(
		obj_export(TEE_TYPE_HMAC_SM3, 1024, key, 65, 0, secret, &len),
		TEE_ERROR_TARGET_DEAD);
	reopen();
	assert_int_equal(
		obj_export(TEE_TYPE_HMAC_SM3, 1024, NULL, 0, 520, secret, &len),
		TEE_ERROR_TARGET_DEAD);
	reopen();
	assert_int_equal(obj_export(TEE_TYPE_HMAC_SHA256, 1024, NULL, 0, 1024,
				    secret, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, 128);
	crypto_down();
}

/*
 * Every digest (FIPS 180-4, FIPS 202, GB/T 32905, RFC 1321) of a
 * 1000-byte message in 61-byte updates is libcrypto's; a buffer one byte
 * short of the digest is TEE_ERROR_SHORT_BUFFER with the digest's size
 * (GP 1.3.1 6.3.3).
 */
static void test_digest_every_algorithm_and_short_buffer(void **state)
{
	static const struct {
		uint32_t alg;
		const char *md;
	} v[] = {
		{TEE_ALG_MD5, "MD5"},		{TEE_ALG_SHA1, "SHA1"},
		{TEE_ALG_SHA224, "SHA224"},	{TEE_ALG_SHA256, "SHA256"},
		{TEE_ALG_SHA384, "SHA384"},	{TEE_ALG_SHA512, "SHA512"},
		{TEE_ALG_SM3, "SM3"},		{TEE_ALG_SHA3_224, "SHA3-224"},
		{TEE_ALG_SHA3_256, "SHA3-256"}, {TEE_ALG_SHA3_384, "SHA3-384"},
		{TEE_ALG_SHA3_512, "SHA3-512"},
	};
	uint8_t msg[1000], want[64], out[64];
	TEEC_Operation op;
	unsigned int wl;

	(void)state;
	fill(msg, sizeof(msg), 61);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		assert_true(EVP_Digest(msg, sizeof(msg), want, &wl,
				       EVP_get_digestbyname(v[i].md), NULL));
		for (size_t room = wl; room >= wl - 1; room--) {
			memset(&op, 0, sizeof(op));
			op.paramTypes = TEEC_PARAM_TYPES(
				TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
			op.params[0].value.a = v[i].alg;
			op.params[0].value.b = 61;
			set_tmp(&op, 1, msg, sizeof(msg));
			set_tmp(&op, 2, out, room);
			assert_int_equal(
				TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_DIGEST,
						   &op, NULL),
				room == wl ? TEEC_SUCCESS
					   : TEE_ERROR_SHORT_BUFFER);
			assert_int_equal(op.params[2].tmpref.size, wl);
			if (room == wl)
				assert_memory_equal(out, want, wl);
		}
	}
	crypto_down();
}

/* OP_INFO without a key: what TEE_AllocateOperation(@alg, @mode,
 * @max) returns (ta_crypto_cmds.h). */
static TEEC_Result alloc_op(uint32_t alg, uint32_t mode, uint32_t max)
{
	TEEC_Operation op = {0};
	uint32_t w[12]; /* the header and two keys' entries */

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = mode;
	op.params[1].value.a = max;
	set_tmp(&op, 2, w, sizeof(w));
	return TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_OP_INFO, &op, NULL);
}

/*
 * TEE_AllocateOperation's maxKeySize at the bounds: OP-TEE allocates the
 * operation's key object with it (half of it for XTS), so the type's
 * sizes apply, and binds ECDSA to one curve and DSA to FIPS 186-4's sizes
 * per digest; one step past is TEE_ERROR_NOT_SUPPORTED (GP 1.3.1 6.2.1).
 * A digest ignores maxKeySize.
 */
static void test_operation_max_key_size_bounds(void **state)
{
	static const struct {
		uint32_t alg, mode, ok, bad;
	} v[] = {
		{TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT, 256, 264},
		{TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT, 128, 120},
		{TEE_ALG_AES_XTS, TEE_MODE_ENCRYPT, 512, 528},
		{TEE_ALG_DES3_CBC_NOPAD, TEE_MODE_DECRYPT, 192, 256},
		{TEE_ALG_HMAC_SHA256, TEE_MODE_MAC, 1024, 1032},
		{TEE_ALG_HMAC_SHA256, TEE_MODE_MAC, 192, 184},
		{TEE_ALG_HMAC_SM3, TEE_MODE_MAC, 1024, 1032},
		{TEE_ALG_HMAC_SHA1, TEE_MODE_MAC, 512, 520},
		{TEE_ALG_RSASSA_PKCS1_V1_5_SHA256, TEE_MODE_SIGN, 4096, 4097},
		{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1, TEE_MODE_ENCRYPT, 256,
		 255},
		{TEE_ALG_DSA_SHA1, TEE_MODE_SIGN, 1024, 1088},
		{TEE_ALG_DSA_SHA224, TEE_MODE_VERIFY, 2048, 3072},
		{TEE_ALG_DSA_SHA256, TEE_MODE_SIGN, 3072, 1024},
		{TEE_ALG_DH_DERIVE_SHARED_SECRET, TEE_MODE_DERIVE, 2048, 2049},
		{TEE_ALG_ECDSA_SHA1, TEE_MODE_SIGN, 192, 224},
		{TEE_ALG_ECDSA_SHA512, TEE_MODE_VERIFY, 521, 512},
		{TEE_ALG_ED25519, TEE_MODE_SIGN, 256, 255},
		{TEE_ALG_X25519, TEE_MODE_DERIVE, 256, 512},
		{TEE_ALG_HKDF_SHA256_DERIVE_KEY, TEE_MODE_DERIVE, 4096, 4104},
	};

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		print_message("alg %08x: %u, not %u\n", v[i].alg, v[i].ok,
			      v[i].bad);
		assert_int_equal(alloc_op(v[i].alg, v[i].mode, v[i].ok),
				 TEEC_SUCCESS);
		assert_int_equal(alloc_op(v[i].alg, v[i].mode, v[i].bad),
				 TEE_ERROR_NOT_SUPPORTED);
	}
	assert_int_equal(alloc_op(TEE_ALG_SHA256, TEE_MODE_DIGEST, 12345),
			 TEEC_SUCCESS);
	crypto_down();
}

/* libcrypto's cipher @name over @in (no padding), @iv may be NULL. */
static size_t evp_cipher(const char *name, bool enc, const uint8_t *key,
			 const uint8_t *iv, const OSSL_PARAM *params,
			 const uint8_t *in, size_t len, uint8_t *out)
{
	EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
	EVP_CIPHER_CTX *cc = EVP_CIPHER_CTX_new();
	int n = 0, m = 0;

	assert_non_null(c);
	assert_true(EVP_CipherInit_ex2(cc, c, key, iv, enc, params));
	EVP_CIPHER_CTX_set_padding(cc, 0);
	assert_true(EVP_CipherUpdate(cc, out, &n, in, (int)len));
	assert_true(EVP_CipherFinal_ex(cc, out + n, &m));
	EVP_CIPHER_CTX_free(cc);
	EVP_CIPHER_free(c);
	return (size_t)(n + m);
}

/*
 * Cipher known answers for the key sizes test_internal_crypto.c leaves
 * out: FIPS 197 C.2 (AES-192), SP 800-38A F.1.3/F.1.5 (ECB), F.2.3/F.2.5
 * (CBC), F.5.3/F.5.5 (CTR) for AES-192 and AES-256 (two blocks), and
 * FIPS 81 appendix C's DES-CBC example ("Now is the time for all ").
 */
#define SP_KEY192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define SP_KEY256                                                              \
	"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define SP_PT  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
#define SP_IV  "000102030405060708090a0b0c0d0e0f"
#define SP_CTR "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"

static const struct {
	uint32_t alg, type;
	const char *key, *iv, *pt, *ct;
} cipher_kats[] = {
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES,
	 "000102030405060708090a0b0c0d0e0f1011121314151617", NULL,
	 "00112233445566778899aabbccddeeff",
	 "dda97ca4864cdfe06eaf70a0ec0d7191"},
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, SP_KEY192, NULL, SP_PT,
	 "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"},
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, SP_KEY256, NULL, SP_PT,
	 "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"},
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, SP_KEY192, SP_IV, SP_PT,
	 "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"},
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, SP_KEY256, SP_IV, SP_PT,
	 "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, SP_KEY192, SP_CTR, SP_PT,
	 "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, SP_KEY256, SP_CTR, SP_PT,
	 "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"},
	{TEE_ALG_DES_CBC_NOPAD, TEE_TYPE_DES, "0123456789abcdef",
	 "1234567890abcdef", "4e6f77206973207468652074696d6520666f7220616c6c20",
	 "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6"},
};

/* CIPHER of @in with raw @key and @iv; updates of @chunk bytes. */
static TEEC_Result ta_cipher(uint32_t alg, uint32_t type, uint32_t mode,
			     const uint8_t *key, size_t key_len,
			     const uint8_t *iv, size_t iv_len, uint32_t chunk,
			     const uint8_t *in, size_t in_len, uint8_t *out,
			     size_t *out_len)
{
	struct keyed k;

	keyed_raw(&k, alg, mode, type, chunk, key, key_len, iv, iv_len, NULL, 0,
		  NULL, 0);
	return run_keyed(TA_CRYPTO_CMD_CIPHER, &k, in, in_len, out, out_len,
			 NULL, NULL);
}

static void test_cipher_known_answers_every_key_size(void **state)
{
	uint8_t key[32], iv[16], pt[64], ct[64], out[64];
	size_t kl, ivl, pl, len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(cipher_kats); i++) {
		kl = unhex(cipher_kats[i].key, key);
		ivl = unhex(cipher_kats[i].iv ? cipher_kats[i].iv : "", iv);
		pl = unhex(cipher_kats[i].pt, pt);
		assert_int_equal(unhex(cipher_kats[i].ct, ct), pl);
		for (uint32_t chunk = 0; chunk <= 5; chunk += 5) {
			len = sizeof(out);
			assert_int_equal(ta_cipher(cipher_kats[i].alg,
						   cipher_kats[i].type,
						   TEE_MODE_ENCRYPT, key, kl,
						   iv, ivl, chunk, pt, pl, out,
						   &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, pl);
			assert_memory_equal(out, ct, pl);
			len = sizeof(out);
			assert_int_equal(ta_cipher(cipher_kats[i].alg,
						   cipher_kats[i].type,
						   TEE_MODE_DECRYPT, key, kl,
						   iv, ivl, chunk, ct, pl, out,
						   &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, pl);
			assert_memory_equal(out, pt, pl);
		}
	}
	crypto_down();
}

/*
 * Every cipher mode with every key size, against libcrypto here: AES
 * ECB/CBC/CTR with 128/192/256-bit keys, CTS (libcrypto's CS3, the
 * variant OP-TEE implements) and XTS (two 128- or 256-bit keys) with
 * whole and partial last blocks, single DES (legacy provider) and two-
 * and three-key 3DES in ECB and CBC, SM4 in ECB, CBC and CTR.  Fed whole
 * and in 7-byte updates, both directions.
 */
static const struct {
	uint32_t alg, type;
	const char *evp;
	size_t key_len, iv_len, len;
	bool cts;
} cipher_x[] = {
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, "AES-128-ECB", 16, 0, 64, false},
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, "AES-192-ECB", 24, 0, 64, false},
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, "AES-256-ECB", 32, 0, 64, false},
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, "AES-128-CBC", 16, 16, 64, false},
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, "AES-192-CBC", 24, 16, 64, false},
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, "AES-256-CBC", 32, 16, 64, false},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, "AES-128-CTR", 16, 16, 61, false},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, "AES-192-CTR", 24, 16, 61, false},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, "AES-256-CTR", 32, 16, 61, false},
	{TEE_ALG_AES_CTS, TEE_TYPE_AES, "AES-192-CBC-CTS", 24, 16, 45, true},
	{TEE_ALG_AES_CTS, TEE_TYPE_AES, "AES-256-CBC-CTS", 32, 16, 64, true},
	{TEE_ALG_AES_CTS, TEE_TYPE_AES, "AES-256-CBC-CTS", 32, 16, 33, true},
	{TEE_ALG_AES_XTS, TEE_TYPE_AES, "AES-128-XTS", 32, 16, 64, false},
	{TEE_ALG_AES_XTS, TEE_TYPE_AES, "AES-256-XTS", 64, 16, 64, false},
	{TEE_ALG_AES_XTS, TEE_TYPE_AES, "AES-256-XTS", 64, 16, 37, false},
	{TEE_ALG_DES_ECB_NOPAD, TEE_TYPE_DES, "DES-ECB", 8, 0, 64, false},
	{TEE_ALG_DES_CBC_NOPAD, TEE_TYPE_DES, "DES-CBC", 8, 8, 64, false},
	{TEE_ALG_DES3_ECB_NOPAD, TEE_TYPE_DES3, "DES-EDE-ECB", 16, 0, 64,
	 false},
	{TEE_ALG_DES3_ECB_NOPAD, TEE_TYPE_DES3, "DES-EDE3-ECB", 24, 0, 64,
	 false},
	{TEE_ALG_DES3_CBC_NOPAD, TEE_TYPE_DES3, "DES-EDE-CBC", 16, 8, 64,
	 false},
	{TEE_ALG_DES3_CBC_NOPAD, TEE_TYPE_DES3, "DES-EDE3-CBC", 24, 8, 64,
	 false},
	{TEE_ALG_SM4_ECB_NOPAD, TEE_TYPE_SM4, "SM4-ECB", 16, 0, 64, false},
	{TEE_ALG_SM4_CBC_NOPAD, TEE_TYPE_SM4, "SM4-CBC", 16, 16, 64, false},
	{TEE_ALG_SM4_CTR, TEE_TYPE_SM4, "SM4-CTR", 16, 16, 61, false},
};

static void test_cipher_every_mode_and_key_size_match_libcrypto(void **state)
{
	OSSL_PARAM cs3[] = {
		OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0),
		OSSL_PARAM_END};
	uint8_t key[64], iv[16], pt[64], want[64], out[64];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(cipher_x); i++) {
		size_t n = cipher_x[i].len;

		print_message("%s, %zu bytes\n", cipher_x[i].evp, n);
		fill(key, cipher_x[i].key_len, (unsigned int)i);
		fill(iv, cipher_x[i].iv_len, (unsigned int)i + 100);
		fill(pt, n, (unsigned int)i + 200);
		assert_int_equal(evp_cipher(cipher_x[i].evp, true, key,
					    cipher_x[i].iv_len ? iv : NULL,
					    cipher_x[i].cts ? cs3 : NULL, pt, n,
					    want),
				 n);
		for (uint32_t chunk = 0; chunk <= 7; chunk += 7) {
			len = sizeof(out);
			assert_int_equal(ta_cipher(cipher_x[i].alg,
						   cipher_x[i].type,
						   TEE_MODE_ENCRYPT, key,
						   cipher_x[i].key_len, iv,
						   cipher_x[i].iv_len, chunk,
						   pt, n, out, &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, n);
			assert_memory_equal(out, want, n);
			len = sizeof(out);
			assert_int_equal(ta_cipher(cipher_x[i].alg,
						   cipher_x[i].type,
						   TEE_MODE_DECRYPT, key,
						   cipher_x[i].key_len, iv,
						   cipher_x[i].iv_len, chunk,
						   want, n, out, &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, n);
			assert_memory_equal(out, pt, n);
		}
	}
	crypto_down();
}

/* MAC of @msg with the raw @key; @iv for CBC-MAC (may be empty). */
static TEEC_Result ta_mac(uint32_t cmd, uint32_t alg, uint32_t type,
			  uint32_t chunk, const uint8_t *key, size_t key_len,
			  const uint8_t *msg, size_t msg_len, uint8_t *out,
			  size_t *out_len)
{
	struct keyed k;

	keyed_raw(&k, alg, TEE_MODE_MAC, type, chunk, key, key_len, NULL, 0,
		  NULL, 0, NULL, 0);
	return run_keyed(cmd, &k, msg, msg_len, out, out_len, NULL, NULL);
}

/* libcrypto's MAC @mac (HMAC with digest @md, or CMAC with cipher @md). */
static size_t evp_mac(const char *mac, const char *md, const uint8_t *key,
		      size_t key_len, const uint8_t *msg, size_t msg_len,
		      uint8_t *out)
{
	EVP_MAC *m = EVP_MAC_fetch(NULL, mac, NULL);
	EVP_MAC_CTX *c = EVP_MAC_CTX_new(m);
	OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(
				  strcmp(mac, "HMAC") ? OSSL_MAC_PARAM_CIPHER
						      : OSSL_MAC_PARAM_DIGEST,
				  (char *)md, 0),
			  OSSL_PARAM_END};
	size_t len = 0;

	assert_non_null(m);
	assert_true(EVP_MAC_init(c, key, key_len, p));
	assert_true(EVP_MAC_update(c, msg, msg_len));
	assert_true(EVP_MAC_final(c, out, &len, 64));
	EVP_MAC_CTX_free(c);
	EVP_MAC_free(m);
	return len;
}

/* The HMAC algorithms, their key types, libcrypto digests and key size
 * bounds (key_bounds above). */
static const struct {
	uint32_t alg, type;
	const char *md;
	size_t min, max; /* bytes */
} hmacs[] = {
	{TEE_ALG_HMAC_MD5, TEE_TYPE_HMAC_MD5, "MD5", 8, 64},
	{TEE_ALG_HMAC_SHA1, TEE_TYPE_HMAC_SHA1, "SHA1", 10, 64},
	{TEE_ALG_HMAC_SHA224, TEE_TYPE_HMAC_SHA224, "SHA224", 14, 64},
	{TEE_ALG_HMAC_SHA256, TEE_TYPE_HMAC_SHA256, "SHA256", 24, 128},
	{TEE_ALG_HMAC_SHA384, TEE_TYPE_HMAC_SHA384, "SHA384", 32, 128},
	{TEE_ALG_HMAC_SHA512, TEE_TYPE_HMAC_SHA512, "SHA512", 32, 128},
	{TEE_ALG_HMAC_SM3, TEE_TYPE_HMAC_SM3, "SM3", 10, 64},
	{TEE_ALG_HMAC_SHA3_224, TEE_TYPE_HMAC_SHA3_224, "SHA3-224", 24, 128},
	{TEE_ALG_HMAC_SHA3_256, TEE_TYPE_HMAC_SHA3_256, "SHA3-256", 32, 128},
	{TEE_ALG_HMAC_SHA3_384, TEE_TYPE_HMAC_SHA3_384, "SHA3-384", 32, 128},
	{TEE_ALG_HMAC_SHA3_512, TEE_TYPE_HMAC_SHA3_512, "SHA3-512", 32, 128},
};

#define RFC4231_TC4_KEY "0102030405060708090a0b0c0d0e0f10111213141516171819"

/*
 * HMAC with every digest: RFC 2202 / RFC 4231 test case 4 (the one whose
 * 200-bit key OP-TEE accepts for MD5, SHA-224 and SHA-256), and for every
 * algorithm, keys of the smallest and largest size OP-TEE accepts
 * against libcrypto's HMAC here, fed whole and in 13-byte updates.  The
 * result buffer one byte short: TEE_ERROR_SHORT_BUFFER and the MAC's
 * size (GP 1.3.1 6.6.4).
 */
static void test_hmac_every_digest(void **state)
{
	static const struct {
		uint32_t alg, type;
		const char *mac;
	} tc4[] = {
		{TEE_ALG_HMAC_MD5, TEE_TYPE_HMAC_MD5,
		 "697eaf0aca3a3aea3a75164746ffaa79"},
		{TEE_ALG_HMAC_SHA224, TEE_TYPE_HMAC_SHA224,
		 "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a"},
	};
	uint8_t key[128], msg[300], want[64], out[64];
	size_t kl, len, wl;

	(void)state;
	memset(msg, 0xcd, 50);
	kl = unhex(RFC4231_TC4_KEY, key);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(tc4); i++) {
		len = sizeof(out);
		assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC, tc4[i].alg,
					tc4[i].type, 0, key, kl, msg, 50, out,
					&len),
				 TEEC_SUCCESS);
		assert_hex(out, len, tc4[i].mac);
	}
	fill(msg, sizeof(msg), 7);
	for (size_t i = 0; i < ARRAY_LEN(hmacs); i++) {
		for (int end = 0; end < 2; end++) {
			kl = end ? hmacs[i].max : hmacs[i].min;
			print_message("HMAC-%s, %zu-byte key\n", hmacs[i].md,
				      kl);
			fill(key, kl, (unsigned int)(i + kl));
			wl = evp_mac("HMAC", hmacs[i].md, key, kl, msg,
				     sizeof(msg), want);
			len = sizeof(out);
			assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC, hmacs[i].alg,
						hmacs[i].type, end ? 13 : 0,
						key, kl, msg, sizeof(msg), out,
						&len),
					 TEEC_SUCCESS);
			assert_int_equal(len, wl);
			assert_memory_equal(out, want, wl);
			len = wl;
			assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC_COMPARE,
						hmacs[i].alg, hmacs[i].type, 0,
						key, kl, msg, sizeof(msg), want,
						&len),
					 TEEC_SUCCESS);
		}
		len = wl - 1;
		assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC, hmacs[i].alg,
					hmacs[i].type, 0, key, kl, msg,
					sizeof(msg), out, &len),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(len, wl);
	}
	crypto_down();
}

/*
 * AES-CMAC with 192- and 256-bit keys: SP 800-38B D.2 and D.3 examples
 * 1..3 (0, 16 and 40 bytes); the 64-byte message against libcrypto's
 * CMAC here.
 */
static void test_cmac_aes192_aes256_sp800_38b(void **state)
{
	static const struct {
		const char *key;
		size_t len;
		const char *mac;
	} v[] = {
		{SP_KEY192, 0, "d17ddf46adaacde531cac483de7a9367"},
		{SP_KEY192, 16, "9e99a7bf31e710900662f65e617c5184"},
		{SP_KEY192, 40, "8a1de5be2eb31aad089a82e6ee908b0e"},
		{SP_KEY256, 0, "028962f61b7bf89efc6b551f4667d983"},
		{SP_KEY256, 16, "28a7023f452e8f82bd4bf28d8c37c35c"},
		{SP_KEY256, 40, "aaf3d8f1de5640c232f5b169b9c911e6"},
	};
	static const char msg_hex[] = "6bc1bee22e409f96e93d7e117393172aae2d8a57"
				      "1e03ac9c9eb76fac45af8e51"
				      "30c81c46a35ce411e5fbc1191a0a52eff69f2445"
				      "df4f9b17ad2b417be66c3710";
	uint8_t key[32], msg[64], out[16], want[16];
	size_t kl, len;

	(void)state;
	unhex(msg_hex, msg);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		kl = unhex(v[i].key, key);
		for (uint32_t chunk = 0; chunk <= 16; chunk += 16) {
			len = sizeof(out);
			assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC,
						TEE_ALG_AES_CMAC, TEE_TYPE_AES,
						v[i].len > chunk ? chunk : 0,
						key, kl, msg, v[i].len, out,
						&len),
					 TEEC_SUCCESS);
			assert_hex(out, len, v[i].mac);
		}
	}
	for (size_t kb = 16; kb <= 32; kb += 8) {
		fill(key, kb, (unsigned int)kb);
		assert_int_equal(evp_mac("CMAC",
					 kb == 16   ? "AES-128-CBC"
					 : kb == 24 ? "AES-192-CBC"
						    : "AES-256-CBC",
					 key, kb, msg, sizeof(msg), want),
				 16);
		len = sizeof(out);
		assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC, TEE_ALG_AES_CMAC,
					TEE_TYPE_AES, 5, key, kb, msg,
					sizeof(msg), out, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 16);
		assert_memory_equal(out, want, 16);
	}
	len = 15;
	assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC, TEE_ALG_AES_CMAC,
				TEE_TYPE_AES, 0, key, 32, msg, sizeof(msg), out,
				&len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 16);
	crypto_down();
}

/*
 * CBC-MAC with AES-192/256, DES and two- and three-key 3DES, without
 * padding and with PKCS#5 padding: the last block of CBC encryption under
 * a zero IV (GP 1.3.1 table 6-11; PKCS#5 pads first), computed here.
 */
static void test_cbc_mac_every_cipher(void **state)
{
	static const struct {
		uint32_t nopad, pkcs5, type;
		const char *evp;
		size_t key_len, block;
	} v[] = {
		{TEE_ALG_AES_CBC_MAC_NOPAD, TEE_ALG_AES_CBC_MAC_PKCS5,
		 TEE_TYPE_AES, "AES-192-CBC", 24, 16},
		{TEE_ALG_AES_CBC_MAC_NOPAD, TEE_ALG_AES_CBC_MAC_PKCS5,
		 TEE_TYPE_AES, "AES-256-CBC", 32, 16},
		{TEE_ALG_DES_CBC_MAC_NOPAD, TEE_ALG_DES_CBC_MAC_PKCS5,
		 TEE_TYPE_DES, "DES-CBC", 8, 8},
		{TEE_ALG_DES3_CBC_MAC_NOPAD, TEE_ALG_DES3_CBC_MAC_PKCS5,
		 TEE_TYPE_DES3, "DES-EDE-CBC", 16, 8},
		{TEE_ALG_DES3_CBC_MAC_NOPAD, TEE_ALG_DES3_CBC_MAC_PKCS5,
		 TEE_TYPE_DES3, "DES-EDE3-CBC", 24, 8},
	};
	uint8_t key[32], iv[16] = {0}, msg[64], ct[64], out[16];
	size_t len, n;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		size_t b = v[i].block;

		fill(key, v[i].key_len, (unsigned int)i + 40);
		for (int pad = 0; pad < 2; pad++) {
			/* PKCS#5: 44 bytes, 4 bytes of padding (or 12) */
			size_t mlen = pad ? 44 : 48;

			fill(msg, sizeof(msg), (unsigned int)i);
			n = mlen;
			if (pad) {
				size_t p = b - mlen % b;

				memset(msg + mlen, (int)p, p);
				n += p;
			}
			assert_int_equal(evp_cipher(v[i].evp, true, key, iv,
						    NULL, msg, n, ct),
					 n);
			len = sizeof(out);
			assert_int_equal(ta_mac(TA_CRYPTO_CMD_MAC,
						pad ? v[i].pkcs5 : v[i].nopad,
						v[i].type, 5, key, v[i].key_len,
						msg, mlen, out, &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, b);
			assert_memory_equal(out, ct + n - b, b);
		}
	}
	crypto_down();
}

/* AE with raw inputs; the tag comes back in @tag (encrypt) or is given. */
static TEEC_Result ta_ae(uint32_t alg, uint32_t mode, const uint8_t *key,
			 size_t key_len, const uint8_t *nonce, size_t nonce_len,
			 const uint8_t *aad, size_t aad_len, uint8_t *tag,
			 size_t *tag_len, uint32_t chunk, const uint8_t *in,
			 size_t in_len, uint8_t *out, size_t *out_len)
{
	struct keyed k;

	keyed_raw(&k, alg, mode, TEE_TYPE_AES, chunk, key, key_len, nonce,
		  nonce_len, aad, aad_len, tag, *tag_len);
	return run_keyed(TA_CRYPTO_CMD_AE, &k, in, in_len, out, out_len,
			 mode == TEE_MODE_ENCRYPT ? tag : NULL, tag_len);
}

/* libcrypto's GCM or CCM encryption here; the tag into @tag. */
static void evp_ae(const char *name, bool ccm, const uint8_t *key,
		   const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
		   size_t aad_len, const uint8_t *pt, size_t len, uint8_t *ct,
		   uint8_t *tag, size_t tag_len)
{
	EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
	EVP_CIPHER_CTX *cc = EVP_CIPHER_CTX_new();
	int n;

	assert_true(EVP_EncryptInit_ex2(cc, c, NULL, NULL, NULL));
	assert_true(EVP_CIPHER_CTX_ctrl(cc, EVP_CTRL_AEAD_SET_IVLEN,
					(int)nonce_len, NULL));
	if (ccm)
		assert_true(EVP_CIPHER_CTX_ctrl(cc, EVP_CTRL_AEAD_SET_TAG,
						(int)tag_len, NULL));
	assert_true(EVP_EncryptInit_ex2(cc, NULL, key, nonce, NULL));
	if (ccm)
		assert_true(EVP_EncryptUpdate(cc, NULL, &n, NULL, (int)len));
	assert_true(EVP_EncryptUpdate(cc, NULL, &n, aad, (int)aad_len));
	assert_true(EVP_EncryptUpdate(cc, ct, &n, pt, (int)len));
	assert_true(EVP_EncryptFinal_ex(cc, ct + n, &n));
	assert_true(EVP_CIPHER_CTX_ctrl(cc, EVP_CTRL_AEAD_GET_TAG, (int)tag_len,
					tag));
	EVP_CIPHER_CTX_free(cc);
	EVP_CIPHER_free(c);
}

/*
 * AES-GCM and AES-CCM with every key size and every tag length GP allows
 * (GCM: 96..128 bits by 8, GP 1.3.1 6.7.1; CCM: 32..128 by 16): the GCM
 * specification's test cases 13 and 14 (AES-256), RFC 3610 packet vector
 * #1 (CCM, 8-byte tag, 13-byte nonce), and the rest against libcrypto
 * here; each decrypts back, and a changed tag is TEE_ERROR_MAC_INVALID.
 */
static void test_ae_every_key_size_and_tag_length(void **state)
{
	uint8_t key[32], nonce[13], aad[24], pt[70], tag[16], out[80];
	uint8_t want[80], wtag[16];
	size_t len, tl;

	(void)state;
	crypto_up();
	/* GCM TC13: AES-256, no data; TC14: one zero block */
	memset(key, 0, 32);
	memset(nonce, 0, 12);
	memset(pt, 0, 16);
	for (size_t n = 0; n <= 16; n += 16) {
		len = sizeof(out);
		tl = 16;
		assert_int_equal(ta_ae(TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT, key,
				       32, nonce, 12, NULL, 0, tag, &tl, 0, pt,
				       n, out, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, n);
		if (n)
			assert_hex(out, len,
				   "cea7403d4d606b6e074ec5d3baf39d18");
		assert_hex(tag, tl,
			   n ? "d0d1c8a799996bf0265b98b5d48ab919"
			     : "530f8afbc74536b9a963b4f1c4cb738b");
	}
	/* RFC 3610 packet vector #1 */
	unhex("c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", key);
	unhex("00000003020100a0a1a2a3a4a5", nonce);
	unhex("0001020304050607", aad);
	unhex("08090a0b0c0d0e0f101112131415161718191a1b1c1d1e", pt);
	len = sizeof(out);
	tl = 8;
	assert_int_equal(ta_ae(TEE_ALG_AES_CCM, TEE_MODE_ENCRYPT, key, 16,
			       nonce, 13, aad, 8, tag, &tl, 0, pt, 23, out,
			       &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384");
	assert_hex(tag, tl, "17e8d12cfdf926e0");
	for (size_t kl = 16; kl <= 32; kl += 8) {
		for (int ccm = 0; ccm < 2; ccm++) {
			size_t nl = ccm ? 13 : 12;
			uint32_t alg = ccm ? TEE_ALG_AES_CCM : TEE_ALG_AES_GCM;
			char name[20];

			snprintf(name, sizeof(name), "AES-%zu-%s", kl * 8,
				 ccm ? "CCM" : "GCM");
			fill(key, kl, (unsigned int)kl);
			fill(nonce, nl, 3);
			fill(aad, sizeof(aad), 4);
			fill(pt, sizeof(pt), 5);
			for (size_t t = ccm ? 4 : 12; t <= 16;
			     t += ccm ? 2 : 1) {
				print_message("%s, %zu-byte tag\n", name, t);
				evp_ae(name, ccm, key, nonce, nl, aad,
				       sizeof(aad), pt, sizeof(pt), want, wtag,
				       t);
				len = sizeof(out);
				tl = t;
				assert_int_equal(ta_ae(alg, TEE_MODE_ENCRYPT,
						       key, kl, nonce, nl, aad,
						       sizeof(aad), tag, &tl,
						       ccm ? 0 : 9, pt,
						       sizeof(pt), out, &len),
						 TEEC_SUCCESS);
				assert_int_equal(len, sizeof(pt));
				assert_memory_equal(out, want, len);
				assert_int_equal(tl, t);
				assert_memory_equal(tag, wtag, t);
				len = sizeof(out);
				assert_int_equal(ta_ae(alg, TEE_MODE_DECRYPT,
						       key, kl, nonce, nl, aad,
						       sizeof(aad), wtag, &tl,
						       0, want, sizeof(pt), out,
						       &len),
						 TEEC_SUCCESS);
				assert_int_equal(len, sizeof(pt));
				assert_memory_equal(out, pt, len);
				wtag[t - 1] ^= 1;
				len = sizeof(out);
				assert_int_equal(ta_ae(alg, TEE_MODE_DECRYPT,
						       key, kl, nonce, nl, aad,
						       sizeof(aad), wtag, &tl,
						       0, want, sizeof(pt), out,
						       &len),
						 TEE_ERROR_MAC_INVALID);
			}
		}
	}
	crypto_down();
}

/*
 * AEInit's answers for sizes the mode has not: a GCM tag of 88 bits is
 * TEE_ERROR_NOT_SUPPORTED (OP-TEE's libutee checks GCM's 96..128 by 8
 * itself), while a CCM tag of 5 bytes or a CCM nonce of 6 bytes is
 * refused by OP-TEE's core with an error TEE_AEInit does not return, a
 * panic (ABI-FACTS-INTERNAL §3.2, TEE_AEInit).
 */
static void test_ae_init_bad_sizes(void **state)
{
	uint8_t key[16] = {0}, nonce[13] = {0}, tag[16] = {0}, pt[16] = {0};
	uint8_t out[32];
	size_t len, tl;

	(void)state;
	crypto_up();
	len = sizeof(out);
	tl = 11;
	assert_int_equal(ta_ae(TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT, key, 16,
			       nonce, 12, NULL, 0, tag, &tl, 0, pt, 16, out,
			       &len),
			 TEE_ERROR_NOT_SUPPORTED);
	len = sizeof(out);
	tl = 5;
	assert_int_equal(ta_ae(TEE_ALG_AES_CCM, TEE_MODE_ENCRYPT, key, 16,
			       nonce, 13, NULL, 0, tag, &tl, 0, pt, 16, out,
			       &len),
			 TEE_ERROR_TARGET_DEAD);
	reopen();
	len = sizeof(out);
	tl = 8;
	assert_int_equal(ta_ae(TEE_ALG_AES_CCM, TEE_MODE_ENCRYPT, key, 16,
			       nonce, 6, NULL, 0, tag, &tl, 0, pt, 16, out,
			       &len),
			 TEE_ERROR_TARGET_DEAD);
	reopen();
	len = sizeof(out);
	tl = 8;
	assert_int_equal(ta_ae(TEE_ALG_AES_CCM, TEE_MODE_ENCRYPT, key, 16,
			       nonce, 7, NULL, 0, tag, &tl, 0, pt, 16, out,
			       &len),
			 TEEC_SUCCESS);
	crypto_down();
}

/* Buffer attribute @id: @pk's BIGNUM parameter @name, big-endian. */
static void add_param(struct blob *bl, uint32_t id, const EVP_PKEY *pk,
		      const char *name)
{
	uint8_t buf[MAX_BYTES];
	BIGNUM *bn = NULL;
	int len;

	assert_true(EVP_PKEY_get_bn_param(pk, name, &bn));
	len = BN_bn2bin(bn, buf);
	BN_clear_free(bn);
	blob_add_ref(bl, id, buf, (size_t)len);
}

/* An ASYM request: key type, size, @nkey key attributes (added next),
 * then the operation's parameters. */
static void asym_key(struct blob *a, uint32_t type, uint32_t bits,
		     uint32_t nkey)
{
	memset(a, 0, sizeof(*a));
	blob_put_u32(a, type);
	blob_put_u32(a, bits);
	blob_put_u32(a, nkey);
}

/* ASYM @alg in @mode over @in; @out (*@out_len) gets the result, or
 * holds the signature to check (VERIFY). */
static TEEC_Result asym(const struct blob *a, uint32_t alg, uint32_t mode,
			const void *in, size_t in_len, void *out,
			size_t *out_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_INPUT,
		mode == TEE_MODE_VERIFY ? TEEC_MEMREF_TEMP_INPUT
					: TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = mode;
	set_tmp(&op, 1, (void *)a->b, a->n);
	set_tmp(&op, 2, (void *)in, in_len);
	set_tmp(&op, 3, out, *out_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_ASYM, &op, NULL);
	if (mode != TEE_MODE_VERIFY)
		*out_len = op.params[3].tmpref.size;
	return res;
}

/* The ASYM request of RSA key @pk: public part, or all of the keypair. */
static void rsa_key(struct blob *a, const EVP_PKEY *pk, bool priv)
{
	asym_key(a, priv ? TEE_TYPE_RSA_KEYPAIR : TEE_TYPE_RSA_PUBLIC_KEY,
		 (uint32_t)EVP_PKEY_get_bits(pk), priv ? 8 : 2);
	add_param(a, TEE_ATTR_RSA_MODULUS, pk, OSSL_PKEY_PARAM_RSA_N);
	add_param(a, TEE_ATTR_RSA_PUBLIC_EXPONENT, pk, OSSL_PKEY_PARAM_RSA_E);
	if (!priv)
		return;
	add_param(a, TEE_ATTR_RSA_PRIVATE_EXPONENT, pk, OSSL_PKEY_PARAM_RSA_D);
	add_param(a, TEE_ATTR_RSA_PRIME1, pk, OSSL_PKEY_PARAM_RSA_FACTOR1);
	add_param(a, TEE_ATTR_RSA_PRIME2, pk, OSSL_PKEY_PARAM_RSA_FACTOR2);
	add_param(a, TEE_ATTR_RSA_EXPONENT1, pk, OSSL_PKEY_PARAM_RSA_EXPONENT1);
	add_param(a, TEE_ATTR_RSA_EXPONENT2, pk, OSSL_PKEY_PARAM_RSA_EXPONENT2);
	add_param(a, TEE_ATTR_RSA_COEFFICIENT, pk,
		  OSSL_PKEY_PARAM_RSA_COEFFICIENT1);
}

/* The RSA signature algorithms, their digests and whether PSS. */
static const struct {
	uint32_t alg;
	const char *md;
	bool pss;
} rsa_sigs[] = {
	{TEE_ALG_RSASSA_PKCS1_V1_5_MD5, "MD5", false},
	{TEE_ALG_RSASSA_PKCS1_V1_5_SHA1, "SHA1", false},
	{TEE_ALG_RSASSA_PKCS1_V1_5_SHA224, "SHA224", false},
	{TEE_ALG_RSASSA_PKCS1_V1_5_SHA256, "SHA256", false},
	{TEE_ALG_RSASSA_PKCS1_V1_5_SHA384, "SHA384", false},
	{TEE_ALG_RSASSA_PKCS1_V1_5_SHA512, "SHA512", false},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_MD5, "MD5", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1, "SHA1", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA224, "SHA224", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256, "SHA256", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384, "SHA384", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA512, "SHA512", true},
	{TEE_ALG_RSASSA_PKCS1_V1_5, NULL, false}, /* OP-TEE's: no digest */
};

/* A signing or verifying context of @pk for rsa_sigs[@i] (PSS: a salt
 * as long as the digest, GP 1.3.1's default). */
static EVP_PKEY_CTX *rsa_sig_ctx(EVP_PKEY *pk, size_t i, bool sign)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);

	assert_true((sign ? EVP_PKEY_sign_init(c) : EVP_PKEY_verify_init(c)) >
		    0);
	if (rsa_sigs[i].md)
		assert_true(EVP_PKEY_CTX_set_signature_md(
				    c, EVP_get_digestbyname(rsa_sigs[i].md)) >
			    0);
	else
		assert_true(EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PADDING) >
			    0);
	if (rsa_sigs[i].pss) {
		assert_true(EVP_PKEY_CTX_set_rsa_padding(
				    c, RSA_PKCS1_PSS_PADDING) > 0);
		assert_true(EVP_PKEY_CTX_set_rsa_pss_saltlen(
				    c, RSA_PSS_SALTLEN_DIGEST) > 0);
	}
	return c;
}

/*
 * RSA signatures with every digest, with a 2048-bit key made here
 * (PKCS#1 v2.2 / RFC 8017 8.2, 8.1), and OP-TEE's extensions
 * TEE_ALG_RSASSA_PKCS1_PSS_MGF1_MD5 and TEE_ALG_RSASSA_PKCS1_V1_5 (the
 * data padded as it is, PKCS#11's CKM_RSA_PKCS): what libcrypto signs the TA
 * verifies (a changed byte: TEE_ERROR_SIGNATURE_INVALID); what the TA
 * signs with the same key libcrypto verifies, and for PKCS#1 v1.5,
 * which is deterministic, is byte for byte libcrypto's signature.  A
 * signature buffer one byte short: TEE_ERROR_SHORT_BUFFER and the
 * modulus' size.
 */
static void test_rsa_signatures_both_ways_every_digest(void **state)
{
	EVP_PKEY *pk = EVP_RSA_gen(2048);
	uint8_t digest[64], sig[256], tsig[256];
	static struct blob pub, priv;
	unsigned int dlen;
	size_t slen, tlen;

	(void)state;
	assert_non_null(pk);
	rsa_key(&pub, pk, false);
	rsa_key(&priv, pk, true);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(rsa_sigs); i++) {
		EVP_PKEY_CTX *c;

		print_message("%s %s\n", rsa_sigs[i].pss ? "PSS" : "PKCS1",
			      rsa_sigs[i].md ? rsa_sigs[i].md : "raw");
		if (rsa_sigs[i].md) {
			assert_true(EVP_Digest(
				"teebox", 6, digest, &dlen,
				EVP_get_digestbyname(rsa_sigs[i].md), NULL));
		} else { /* e.g. TLS 1.1's MD5 || SHA-1, padded as is */
			dlen = 36;
			fill(digest, dlen, 31);
		}
		c = rsa_sig_ctx(pk, i, true);
		slen = sizeof(sig);
		assert_true(EVP_PKEY_sign(c, sig, &slen, digest, dlen) > 0);
		EVP_PKEY_CTX_free(c);
		assert_int_equal(asym(&pub, rsa_sigs[i].alg, TEE_MODE_VERIFY,
				      digest, dlen, sig, &slen),
				 TEEC_SUCCESS);
		sig[100] ^= 4;
		assert_int_equal(asym(&pub, rsa_sigs[i].alg, TEE_MODE_VERIFY,
				      digest, dlen, sig, &slen),
				 TEE_ERROR_SIGNATURE_INVALID);
		sig[100] ^= 4;
		tlen = sizeof(tsig);
		assert_int_equal(asym(&priv, rsa_sigs[i].alg, TEE_MODE_SIGN,
				      digest, dlen, tsig, &tlen),
				 TEEC_SUCCESS);
		assert_int_equal(tlen, 256);
		if (!rsa_sigs[i].pss)
			assert_memory_equal(tsig, sig, 256);
		c = rsa_sig_ctx(pk, i, false);
		assert_int_equal(EVP_PKEY_verify(c, tsig, tlen, digest, dlen),
				 1);
		EVP_PKEY_CTX_free(c);
		tlen = 255;
		assert_int_equal(asym(&priv, rsa_sigs[i].alg, TEE_MODE_SIGN,
				      digest, dlen, tsig, &tlen),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(tlen, 256);
	}
	EVP_PKEY_free(pk);
	crypto_down();
}

/* The OAEP algorithms and their digest (MGF1 uses the same). */
static const struct {
	uint32_t alg;
	const char *md;
} oaeps[] = {
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_MD5, "MD5"},
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1, "SHA1"},
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA224, "SHA224"},
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256, "SHA256"},
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA384, "SHA384"},
	{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA512, "SHA512"},
};

static EVP_PKEY_CTX *oaep_ctx(EVP_PKEY *pk, const char *md, bool enc)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);

	assert_true((enc ? EVP_PKEY_encrypt_init(c)
			 : EVP_PKEY_decrypt_init(c)) > 0);
	assert_true(EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_OAEP_PADDING) >
		    0);
	assert_true(EVP_PKEY_CTX_set_rsa_oaep_md_name(c, md, NULL) > 0);
	assert_true(EVP_PKEY_CTX_set_rsa_mgf1_md_name(c, md, NULL) > 0);
	return c;
}

/*
 * RSAES-OAEP with every digest (RFC 8017 7.1), a 2048-bit key made here:
 * what libcrypto encrypts the TA decrypts, what the TA encrypts libcrypto
 * decrypts; the longest message (k - 2 hLen - 2 bytes) goes, one byte
 * more is TEE_ERROR_BAD_PARAMETERS (OP-TEE's answer for a message too
 * long); a ciphertext buffer one byte short is SHORT_BUFFER with k.
 */
static void test_rsa_oaep_both_ways_every_digest(void **state)
{
	EVP_PKEY *pk = EVP_RSA_gen(2048);
	uint8_t msg[256], ct[256], pt[256];
	static struct blob pub, priv;
	size_t clen, plen, mlen;

	(void)state;
	assert_non_null(pk);
	rsa_key(&pub, pk, false);
	rsa_key(&priv, pk, true);
	fill(msg, sizeof(msg), 11);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(oaeps); i++) {
		EVP_PKEY_CTX *c;

		mlen = 256 -
		       2 * (size_t)EVP_MD_get_size(
				   EVP_get_digestbyname(oaeps[i].md)) -
		       2;
		print_message("OAEP %s, %zu bytes\n", oaeps[i].md, mlen);
		c = oaep_ctx(pk, oaeps[i].md, true);
		clen = sizeof(ct);
		assert_true(EVP_PKEY_encrypt(c, ct, &clen, msg, mlen) > 0);
		EVP_PKEY_CTX_free(c);
		plen = sizeof(pt);
		assert_int_equal(asym(&priv, oaeps[i].alg, TEE_MODE_DECRYPT, ct,
				      clen, pt, &plen),
				 TEEC_SUCCESS);
		assert_int_equal(plen, mlen);
		assert_memory_equal(pt, msg, mlen);
		clen = sizeof(ct);
		assert_int_equal(asym(&pub, oaeps[i].alg, TEE_MODE_ENCRYPT, msg,
				      mlen, ct, &clen),
				 TEEC_SUCCESS);
		assert_int_equal(clen, 256);
		c = oaep_ctx(pk, oaeps[i].md, false);
		plen = sizeof(pt);
		assert_true(EVP_PKEY_decrypt(c, pt, &plen, ct, clen) > 0);
		EVP_PKEY_CTX_free(c);
		assert_int_equal(plen, mlen);
		assert_memory_equal(pt, msg, mlen);
		clen = sizeof(ct);
		assert_int_equal(asym(&pub, oaeps[i].alg, TEE_MODE_ENCRYPT, msg,
				      mlen + 1, ct, &clen),
				 TEE_ERROR_BAD_PARAMETERS);
		clen = 255;
		assert_int_equal(asym(&pub, oaeps[i].alg, TEE_MODE_ENCRYPT, msg,
				      mlen, ct, &clen),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(clen, 256);
	}
	EVP_PKEY_free(pk);
	crypto_down();
}

/* The ECDSA algorithms, the curve OP-TEE binds to each, libcrypto's
 * names for both. */
static const struct {
	uint32_t alg, curve;
	size_t flen;
	const char *group, *md;
} ecdsas[] = {
	{TEE_ALG_ECDSA_SHA1, TEE_ECC_CURVE_NIST_P192, 24, "prime192v1", "SHA1"},
	{TEE_ALG_ECDSA_SHA224, TEE_ECC_CURVE_NIST_P224, 28, "secp224r1",
	 "SHA224"},
	{TEE_ALG_ECDSA_SHA256, TEE_ECC_CURVE_NIST_P256, 32, "prime256v1",
	 "SHA256"},
	{TEE_ALG_ECDSA_SHA384, TEE_ECC_CURVE_NIST_P384, 48, "secp384r1",
	 "SHA384"},
	{TEE_ALG_ECDSA_SHA512, TEE_ECC_CURVE_NIST_P521, 66, "secp521r1",
	 "SHA512"},
};

/* GP's r || s (@flen bytes each) from DER and back. */
static void der_to_rs(const uint8_t *der, size_t len, size_t flen, uint8_t *rs)
{
	ECDSA_SIG *s = d2i_ECDSA_SIG(NULL, &der, (long)len);

	assert_non_null(s);
	assert_int_equal(BN_bn2binpad(ECDSA_SIG_get0_r(s), rs, (int)flen),
			 flen);
	assert_int_equal(
		BN_bn2binpad(ECDSA_SIG_get0_s(s), rs + flen, (int)flen), flen);
	ECDSA_SIG_free(s);
}

static size_t rs_to_der(const uint8_t *rs, size_t flen, uint8_t *der)
{
	ECDSA_SIG *s = ECDSA_SIG_new();
	int len;

	assert_true(ECDSA_SIG_set0(s, BN_bin2bn(rs, (int)flen, NULL),
				   BN_bin2bn(rs + flen, (int)flen, NULL)));
	len = i2d_ECDSA_SIG(s, &der);
	ECDSA_SIG_free(s);
	assert_true(len > 0);
	return (size_t)len;
}

/* The ASYM request of EC key @pk on @curve, with the private value if
 * @priv; @type the keypair or public key type. */
static void ec_key(struct blob *a, uint32_t type, const EVP_PKEY *pk,
		   uint32_t curve, uint32_t bits, bool priv)
{
	asym_key(a, type, bits, priv ? 4 : 3);
	if (priv)
		add_param(a, TEE_ATTR_ECC_PRIVATE_VALUE, pk,
			  OSSL_PKEY_PARAM_PRIV_KEY);
	add_param(a, TEE_ATTR_ECC_PUBLIC_VALUE_X, pk, OSSL_PKEY_PARAM_EC_PUB_X);
	add_param(a, TEE_ATTR_ECC_PUBLIC_VALUE_Y, pk, OSSL_PKEY_PARAM_EC_PUB_Y);
	blob_add_val(a, TEE_ATTR_ECC_CURVE, curve);
}

/*
 * ECDSA on P-192, P-224, P-256, P-384 and P-521 (FIPS 186-4 6.4) with a
 * key made here: what libcrypto signs the TA verifies (one bit changed:
 * TEE_ERROR_SIGNATURE_INVALID), what the TA signs libcrypto verifies; a
 * signature buffer one byte short is SHORT_BUFFER with 2 * the field's
 * size.
 */
static void test_ecdsa_both_ways_every_curve(void **state)
{
	uint8_t digest[64], der[160], rs[132];
	static struct blob pub, priv;
	unsigned int dlen;
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(ecdsas); i++) {
		EVP_PKEY *pk = EVP_EC_gen(ecdsas[i].group);
		uint32_t bits = ecdsas[i].flen == 66
					? 521
					: 8 * (uint32_t)ecdsas[i].flen;
		size_t fl = ecdsas[i].flen;
		EVP_PKEY_CTX *c;

		print_message("ECDSA %s\n", ecdsas[i].group);
		assert_non_null(pk);
		ec_key(&pub, TEE_TYPE_ECDSA_PUBLIC_KEY, pk, ecdsas[i].curve,
		       bits, false);
		ec_key(&priv, TEE_TYPE_ECDSA_KEYPAIR, pk, ecdsas[i].curve, bits,
		       true);
		assert_true(EVP_Digest("teebox", 6, digest, &dlen,
				       EVP_get_digestbyname(ecdsas[i].md),
				       NULL));
		c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_sign_init(c) > 0);
		len = sizeof(der);
		assert_true(EVP_PKEY_sign(c, der, &len, digest, dlen) > 0);
		EVP_PKEY_CTX_free(c);
		der_to_rs(der, len, fl, rs);
		len = 2 * fl;
		assert_int_equal(asym(&pub, ecdsas[i].alg, TEE_MODE_VERIFY,
				      digest, dlen, rs, &len),
				 TEEC_SUCCESS);
		len = 2 * fl - 1; /* r || s one byte short */
		assert_int_equal(asym(&pub, ecdsas[i].alg, TEE_MODE_VERIFY,
				      digest, dlen, rs, &len),
				 TEE_ERROR_SIGNATURE_INVALID);
		len = 2 * fl;
		rs[fl + 3] ^= 0x20;
		assert_int_equal(asym(&pub, ecdsas[i].alg, TEE_MODE_VERIFY,
				      digest, dlen, rs, &len),
				 TEE_ERROR_SIGNATURE_INVALID);
		len = sizeof(rs);
		assert_int_equal(asym(&priv, ecdsas[i].alg, TEE_MODE_SIGN,
				      digest, dlen, rs, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 2 * fl);
		len = rs_to_der(rs, fl, der);
		c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_verify_init(c) > 0);
		assert_int_equal(EVP_PKEY_verify(c, der, len, digest, dlen), 1);
		EVP_PKEY_CTX_free(c);
		len = 2 * fl - 1;
		assert_int_equal(asym(&priv, ecdsas[i].alg, TEE_MODE_SIGN,
				      digest, dlen, rs, &len),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(len, 2 * fl);
		EVP_PKEY_free(pk);
	}
	crypto_down();
}

/* libcrypto's KDF @name with @params into @out. */
static void evp_kdf(const char *name, const OSSL_PARAM *params, uint8_t *out,
		    size_t len)
{
	EVP_KDF *k = EVP_KDF_fetch(NULL, name, NULL);
	EVP_KDF_CTX *c = EVP_KDF_CTX_new(k);

	assert_non_null(k);
	assert_int_equal(EVP_KDF_derive(c, out, len, params), 1);
	EVP_KDF_CTX_free(c);
	EVP_KDF_free(k);
}

/* The KDF extensions' digests, in the order of their algorithm ids. */
static const struct {
	uint32_t hkdf, concat, pbkdf2;
	const char *md;
} kdfs[] = {
	{TEE_ALG_HKDF_MD5_DERIVE_KEY, 0, 0, "MD5"},
	{TEE_ALG_HKDF_SHA1_DERIVE_KEY, TEE_ALG_CONCAT_KDF_SHA1_DERIVE_KEY,
	 TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY, "SHA1"},
	{TEE_ALG_HKDF_SHA224_DERIVE_KEY, TEE_ALG_CONCAT_KDF_SHA224_DERIVE_KEY,
	 TEE_ALG_PBKDF2_HMAC_SHA224_DERIVE_KEY, "SHA224"},
	{TEE_ALG_HKDF_SHA256_DERIVE_KEY, TEE_ALG_CONCAT_KDF_SHA256_DERIVE_KEY,
	 TEE_ALG_PBKDF2_HMAC_SHA256_DERIVE_KEY, "SHA256"},
	{TEE_ALG_HKDF_SHA384_DERIVE_KEY, TEE_ALG_CONCAT_KDF_SHA384_DERIVE_KEY,
	 TEE_ALG_PBKDF2_HMAC_SHA384_DERIVE_KEY, "SHA384"},
	{TEE_ALG_HKDF_SHA512_DERIVE_KEY, TEE_ALG_CONCAT_KDF_SHA512_DERIVE_KEY,
	 TEE_ALG_PBKDF2_HMAC_SHA512_DERIVE_KEY, "SHA512"},
	{0, 0, TEE_ALG_PBKDF2_HMAC_SM3_DERIVE_KEY, "SM3"},
};

/*
 * OP-TEE's key derivation extensions with every digest they exist for,
 * against libcrypto's own KDFs here: HKDF (RFC 5869) with salt and info,
 * the Concat KDF (SP 800-56A 5.8.1, libcrypto's SSKDF with a digest) with
 * OtherInfo, PBKDF2 (RFC 8018 5.2) with 1000 iterations; 100 bytes each,
 * more than one block of every digest.
 */
static void test_kdf_every_digest_match_libcrypto(void **state)
{
	uint8_t secret[40], salt[16], info[12], want[100], out[100];
	static struct blob a;
	size_t len;

	(void)state;
	fill(secret, sizeof(secret), 21);
	fill(salt, sizeof(salt), 22);
	fill(info, sizeof(info), 23);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(kdfs); i++) {
		char *md = (char *)kdfs[i].md;

		print_message("KDFs with %s\n", md);
		if (kdfs[i].hkdf) {
			OSSL_PARAM p[] = {
				OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST,
						       md, 0),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY,
							secret, sizeof(secret)),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT,
							salt, sizeof(salt)),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO,
							info, sizeof(info)),
				OSSL_PARAM_END};

			evp_kdf("HKDF", p, want, sizeof(want));
			asym_key(&a, TEE_TYPE_HKDF_IKM, 8 * sizeof(secret), 1);
			blob_add_ref(&a, TEE_ATTR_HKDF_IKM, secret,
				     sizeof(secret));
			blob_add_ref(&a, TEE_ATTR_HKDF_SALT, salt,
				     sizeof(salt));
			blob_add_ref(&a, TEE_ATTR_HKDF_INFO, info,
				     sizeof(info));
			blob_add_val(&a, TEE_ATTR_HKDF_OKM_LENGTH,
				     sizeof(want));
			len = sizeof(out);
			assert_int_equal(asym(&a, kdfs[i].hkdf, TEE_MODE_DERIVE,
					      NULL, 0, out, &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, sizeof(want));
			assert_memory_equal(out, want, len);
		}
		if (kdfs[i].concat) {
			OSSL_PARAM p[] = {
				OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST,
						       md, 0),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY,
							secret, sizeof(secret)),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO,
							info, sizeof(info)),
				OSSL_PARAM_END};

			evp_kdf("SSKDF", p, want, sizeof(want));
			asym_key(&a, TEE_TYPE_CONCAT_KDF_Z, 8 * sizeof(secret),
				 1);
			blob_add_ref(&a, TEE_ATTR_CONCAT_KDF_Z, secret,
				     sizeof(secret));
			blob_add_ref(&a, TEE_ATTR_CONCAT_KDF_OTHER_INFO, info,
				     sizeof(info));
			blob_add_val(&a, TEE_ATTR_CONCAT_KDF_DKM_LENGTH,
				     sizeof(want));
			len = sizeof(out);
			assert_int_equal(asym(&a, kdfs[i].concat,
					      TEE_MODE_DERIVE, NULL, 0, out,
					      &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, sizeof(want));
			assert_memory_equal(out, want, len);
		}
		if (kdfs[i].pbkdf2) {
			unsigned int iter = 1000;
			OSSL_PARAM p[] = {
				OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST,
						       md, 0),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_PASSWORD,
							secret, sizeof(secret)),
				OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT,
							salt, sizeof(salt)),
				OSSL_PARAM_uint(OSSL_KDF_PARAM_ITER, &iter),
				OSSL_PARAM_END};

			evp_kdf("PBKDF2", p, want, sizeof(want));
			asym_key(&a, TEE_TYPE_PBKDF2_PASSWORD,
				 8 * sizeof(secret), 1);
			blob_add_ref(&a, TEE_ATTR_PBKDF2_PASSWORD, secret,
				     sizeof(secret));
			blob_add_ref(&a, TEE_ATTR_PBKDF2_SALT, salt,
				     sizeof(salt));
			blob_add_val(&a, TEE_ATTR_PBKDF2_ITERATION_COUNT, iter);
			blob_add_val(&a, TEE_ATTR_PBKDF2_DKM_LENGTH,
				     sizeof(want));
			len = sizeof(out);
			assert_int_equal(asym(&a, kdfs[i].pbkdf2,
					      TEE_MODE_DERIVE, NULL, 0, out,
					      &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, sizeof(want));
			assert_memory_equal(out, want, len);
		}
	}
	crypto_down();
}

/*
 * RSA signatures over a digest of the wrong length: OP-TEE's core
 * answers TEE_ERROR_BAD_PARAMETERS (the digest must be as long as the
 * algorithm's hash, but for TEE_ALG_RSASSA_PKCS1_V1_5), which is not
 * among TEE_AsymmetricSignDigest's or VerifyDigest's results: a panic.
 * A signature of another length than the modulus is
 * TEE_ERROR_SIGNATURE_INVALID.
 */
static void test_rsa_wrong_digest_length_panics(void **state)
{
	EVP_PKEY *pk = EVP_RSA_gen(1024);
	static struct blob pub, priv;
	uint8_t digest[32] = {1}, sig[128] = {0};
	size_t len = sizeof(sig);

	(void)state;
	assert_non_null(pk);
	rsa_key(&pub, pk, false);
	rsa_key(&priv, pk, true);
	crypto_up();
	assert_int_equal(asym(&priv, TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
			      TEE_MODE_SIGN, digest, 20, sig, &len),
			 TEE_ERROR_TARGET_DEAD);
	reopen();
	assert_int_equal(asym(&pub, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1,
			      TEE_MODE_VERIFY, digest, 32, sig, &len),
			 TEE_ERROR_TARGET_DEAD);
	reopen();
	len = sizeof(sig);
	assert_int_equal(asym(&priv, TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
			      TEE_MODE_SIGN, digest, 32, sig, &len),
			 TEEC_SUCCESS);
	/* a signature shorter or longer than the modulus does not verify */
	for (size_t l = 127; l <= 129; l++) {
		uint8_t s2[129] = {0};

		memcpy(s2, sig, 128);
		assert_int_equal(asym(&pub, TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
				      TEE_MODE_VERIFY, digest, 32, s2, &l),
				 l == 128 ? TEEC_SUCCESS
					  : TEE_ERROR_SIGNATURE_INVALID);
	}
	EVP_PKEY_free(pk);
	crypto_down();
}

/* A DSA key made here with (@l, @n) domain parameters; the ASYM request
 * of its public part or of the keypair. */
static void dsa_key(struct blob *a, const EVP_PKEY *pk, uint32_t l, bool priv)
{
	asym_key(a, priv ? TEE_TYPE_DSA_KEYPAIR : TEE_TYPE_DSA_PUBLIC_KEY, l,
		 priv ? 5 : 4);
	add_param(a, TEE_ATTR_DSA_PRIME, pk, OSSL_PKEY_PARAM_FFC_P);
	add_param(a, TEE_ATTR_DSA_SUBPRIME, pk, OSSL_PKEY_PARAM_FFC_Q);
	add_param(a, TEE_ATTR_DSA_BASE, pk, OSSL_PKEY_PARAM_FFC_G);
	if (priv)
		add_param(a, TEE_ATTR_DSA_PRIVATE_VALUE, pk,
			  OSSL_PKEY_PARAM_PRIV_KEY);
	add_param(a, TEE_ATTR_DSA_PUBLIC_VALUE, pk, OSSL_PKEY_PARAM_PUB_KEY);
}

/*
 * DSA-SHA224 with (L, N) = (2048, 224) and DSA-SHA256 with (2048, 256)
 * (FIPS 186-4 4.2; test_internal_crypto_asym.c has DSA-SHA1), with
 * domain parameters and a key made here: the TA's signature verifies
 * here, libcrypto's verifies in the TA and a changed one does not; a
 * signature buffer one byte short gets SHORT_BUFFER and 2 N / 8.
 */
static void test_dsa_sha224_sha256_both_ways(void **state)
{
	static const struct {
		uint32_t alg, n;
		const char *md;
	} v[] = {
		{TEE_ALG_DSA_SHA224, 224, "SHA224"},
		{TEE_ALG_DSA_SHA256, 256, "SHA256"},
	};
	uint8_t digest[32], rs[64], der[80];
	static struct blob pub, priv;
	unsigned int dlen;
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
		size_t fl = v[i].n / 8;
		EVP_PKEY *dom = NULL, *pk = NULL;

		print_message("DSA (2048, %u)\n", v[i].n);
		assert_true(EVP_PKEY_paramgen_init(c) > 0 &&
			    EVP_PKEY_CTX_set_dsa_paramgen_bits(c, 2048) > 0 &&
			    EVP_PKEY_CTX_set_dsa_paramgen_q_bits(c, v[i].n) >
				    0 &&
			    EVP_PKEY_paramgen(c, &dom) > 0);
		EVP_PKEY_CTX_free(c);
		c = EVP_PKEY_CTX_new_from_pkey(NULL, dom, NULL);
		assert_true(EVP_PKEY_keygen_init(c) > 0 &&
			    EVP_PKEY_keygen(c, &pk) > 0);
		EVP_PKEY_CTX_free(c);
		dsa_key(&pub, pk, 2048, false);
		dsa_key(&priv, pk, 2048, true);
		assert_true(EVP_Digest("teebox", 6, digest, &dlen,
				       EVP_get_digestbyname(v[i].md), NULL));
		len = sizeof(rs);
		assert_int_equal(asym(&priv, v[i].alg, TEE_MODE_SIGN, digest,
				      dlen, rs, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 2 * fl);
		len = rs_to_der(rs, fl, der);
		c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_verify_init(c) > 0);
		assert_int_equal(EVP_PKEY_verify(c, der, len, digest, dlen), 1);
		EVP_PKEY_CTX_free(c);
		c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		len = sizeof(der);
		assert_true(EVP_PKEY_sign_init(c) > 0 &&
			    EVP_PKEY_sign(c, der, &len, digest, dlen) > 0);
		EVP_PKEY_CTX_free(c);
		der_to_rs(der, len, fl, rs);
		len = 2 * fl;
		assert_int_equal(asym(&pub, v[i].alg, TEE_MODE_VERIFY, digest,
				      dlen, rs, &len),
				 TEEC_SUCCESS);
		rs[1] ^= 1;
		assert_int_equal(asym(&pub, v[i].alg, TEE_MODE_VERIFY, digest,
				      dlen, rs, &len),
				 TEE_ERROR_SIGNATURE_INVALID);
		len = 2 * fl - 1;
		assert_int_equal(asym(&priv, v[i].alg, TEE_MODE_SIGN, digest,
				      dlen, rs, &len),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(len, 2 * fl);
		EVP_PKEY_free(pk);
		EVP_PKEY_free(dom);
	}
	crypto_down();
}

/* @pk's raw 32-byte private (@priv) or public value. */
static void raw25519(const EVP_PKEY *pk, bool priv, uint8_t out[32])
{
	size_t len = 32;

	assert_true(priv ? EVP_PKEY_get_raw_private_key(pk, out, &len)
			 : EVP_PKEY_get_raw_public_key(pk, out, &len));
	assert_int_equal(len, 32);
}

/*
 * Ed25519 (RFC 8032 5.1), deterministic: with keys made here, the TA's
 * signature of messages of 0, 1, 64 and 1000 bytes is byte for byte
 * libcrypto's, and libcrypto's verifies in the TA (a changed message
 * does not).  X25519 (RFC 7748 5): the TA's shared secret with a peer
 * key made here is what libcrypto derives, for five key pairs.
 */
static void test_ed25519_x25519_match_libcrypto(void **state)
{
	static const size_t lens[] = {0, 1, 64, 1000};
	uint8_t msg[1000], sig[64], want[64], priv[32], pub[32], peer[32];
	static struct blob kp, pb;
	size_t len;

	(void)state;
	fill(msg, sizeof(msg), 41);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(lens); i++) {
		EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
		EVP_MD_CTX *m = EVP_MD_CTX_new();

		assert_non_null(pk);
		raw25519(pk, true, priv);
		raw25519(pk, false, pub);
		len = sizeof(want);
		assert_true(EVP_DigestSignInit(m, NULL, NULL, NULL, pk) &&
			    EVP_DigestSign(m, want, &len, msg, lens[i]));
		EVP_MD_CTX_free(m);
		asym_key(&kp, TEE_TYPE_ED25519_KEYPAIR, 256, 2);
		blob_add_ref(&kp, TEE_ATTR_ED25519_PRIVATE_VALUE, priv, 32);
		blob_add_ref(&kp, TEE_ATTR_ED25519_PUBLIC_VALUE, pub, 32);
		len = sizeof(sig);
		assert_int_equal(asym(&kp, TEE_ALG_ED25519, TEE_MODE_SIGN, msg,
				      lens[i], sig, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 64);
		assert_memory_equal(sig, want, 64);
		asym_key(&pb, TEE_TYPE_ED25519_PUBLIC_KEY, 256, 1);
		blob_add_ref(&pb, TEE_ATTR_ED25519_PUBLIC_VALUE, pub, 32);
		len = 64;
		assert_int_equal(asym(&pb, TEE_ALG_ED25519, TEE_MODE_VERIFY,
				      msg, lens[i], want, &len),
				 TEEC_SUCCESS);
		msg[0] ^= 1;
		assert_int_equal(asym(&pb, TEE_ALG_ED25519, TEE_MODE_VERIFY,
				      msg, lens[i] ? lens[i] : 1, want, &len),
				 TEE_ERROR_SIGNATURE_INVALID);
		msg[0] ^= 1;
		EVP_PKEY_free(pk);
	}
	for (int i = 0; i < 5; i++) {
		EVP_PKEY *me = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
		EVP_PKEY *other = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, me, NULL);

		len = 32;
		assert_true(EVP_PKEY_derive_init(c) > 0 &&
			    EVP_PKEY_derive_set_peer(c, other) > 0 &&
			    EVP_PKEY_derive(c, want, &len) > 0);
		EVP_PKEY_CTX_free(c);
		raw25519(me, true, priv);
		raw25519(me, false, pub);
		raw25519(other, false, peer);
		asym_key(&kp, TEE_TYPE_X25519_KEYPAIR, 256, 2);
		blob_add_ref(&kp, TEE_ATTR_X25519_PRIVATE_VALUE, priv, 32);
		blob_add_ref(&kp, TEE_ATTR_X25519_PUBLIC_VALUE, pub, 32);
		blob_add_ref(&kp, TEE_ATTR_X25519_PUBLIC_VALUE, peer, 32);
		len = 32;
		assert_int_equal(asym(&kp, TEE_ALG_X25519, TEE_MODE_DERIVE,
				      NULL, 0, sig, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 32);
		assert_memory_equal(sig, want, 32);
		EVP_PKEY_free(me);
		EVP_PKEY_free(other);
	}
	crypto_down();
}

/* RSA_SIGN (ta_crypto_cmds.h): a key of @bits generated in the TA signs
 * @digest; its modulus into @n. */
static TEEC_Result rsa_gen_sign(uint32_t alg, uint32_t bits,
				const uint8_t *digest, size_t dlen, uint8_t *n,
				size_t *n_len, uint8_t *sig, size_t *sig_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = bits;
	set_tmp(&op, 1, (void *)digest, dlen);
	set_tmp(&op, 2, n, *n_len);
	set_tmp(&op, 3, sig, *sig_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_RSA_SIGN, &op, NULL);
	*n_len = op.params[2].tmpref.size;
	*sig_len = op.params[3].tmpref.size;
	return res;
}

/*
 * RSA at the key sizes around the 2048 bits of the other tests: keys of
 * 512, 1024, 3072 and 4096 bits generated in the TA (OP-TEE's bound,
 * CFG_CORE_BIGNUM_MAX_BITS) sign PKCS#1 v1.5 SHA-1 / SHA-256, verified
 * here with the exported modulus and 65537; a 4096-bit key made here
 * decrypts OAEP-SHA256 in the TA.
 */
static void test_rsa_key_sizes_512_to_4096(void **state)
{
	static const uint32_t sizes[] = {512, 1024, 3072, 4096};
	uint8_t digest[32], n[512], sig[512], ct[512], pt[512];
	static struct blob priv;
	unsigned int dlen;
	size_t nl, sl, cl, pl;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(sizes); i++) {
		const char *md = sizes[i] == 512 ? "SHA1" : "SHA256";
		uint32_t alg = sizes[i] == 512
				       ? TEE_ALG_RSASSA_PKCS1_V1_5_SHA1
				       : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
		OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
		EVP_PKEY *pk = NULL;
		BIGNUM *bn, *e = BN_new();
		OSSL_PARAM *p;

		print_message("RSA-%u generated in the TA\n", sizes[i]);
		assert_true(EVP_Digest("abc", 3, digest, &dlen,
				       EVP_get_digestbyname(md), NULL));
		nl = sl = sizeof(n);
		assert_int_equal(rsa_gen_sign(alg, sizes[i], digest, dlen, n,
					      &nl, sig, &sl),
				 TEEC_SUCCESS);
		assert_int_equal(nl, sizes[i] / 8);
		assert_int_equal(sl, sizes[i] / 8);
		bn = BN_bin2bn(n, (int)nl, NULL);
		assert_int_equal(BN_num_bits(bn), sizes[i]);
		assert_true(BN_set_word(e, 65537));
		assert_true(
			OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_RSA_N, bn));
		assert_true(
			OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_RSA_E, e));
		p = OSSL_PARAM_BLD_to_param(b);
		assert_true(EVP_PKEY_fromdata_init(c) > 0 &&
			    EVP_PKEY_fromdata(c, &pk, EVP_PKEY_PUBLIC_KEY, p) >
				    0);
		EVP_PKEY_CTX_free(c);
		c = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_verify_init(c) > 0);
		assert_true(EVP_PKEY_CTX_set_signature_md(
				    c, EVP_get_digestbyname(md)) > 0);
		assert_int_equal(EVP_PKEY_verify(c, sig, sl, digest, dlen), 1);
		EVP_PKEY_CTX_free(c);
		EVP_PKEY_free(pk);
		OSSL_PARAM_free(p);
		OSSL_PARAM_BLD_free(b);
		BN_free(bn);
		BN_free(e);
	}
	{
		EVP_PKEY *pk = EVP_RSA_gen(4096);
		EVP_PKEY_CTX *c;

		assert_non_null(pk);
		rsa_key(&priv, pk, true);
		fill(pt, 100, 51);
		c = oaep_ctx(pk, "SHA256", true);
		cl = sizeof(ct);
		assert_true(EVP_PKEY_encrypt(c, ct, &cl, pt, 100) > 0);
		EVP_PKEY_CTX_free(c);
		pl = sizeof(pt) - 100;
		assert_int_equal(asym(&priv,
				      TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256,
				      TEE_MODE_DECRYPT, ct, cl, pt + 100, &pl),
				 TEEC_SUCCESS);
		assert_int_equal(pl, 100);
		assert_memory_equal(pt + 100, pt, 100);
		EVP_PKEY_free(pk);
	}
	crypto_down();
}

/*
 * The misuses of an operation's state, class, mode or key that GP 1.3.1
 * chapter 6 and OP-TEE answer with a panic (ABI-FACTS-INTERNAL §3.2): an
 * update before the init or after the final call, a second AEInit, a
 * function of another class or mode, a call with no key, an IV for ECB,
 * TEE_GetOperationInfoMultiple with less than its header,
 * TEE_SetOperationKey (a key or NULL) on an initialised operation: active
 * after TEE_CipherInit, or initial after TEE_AEInit (OP-TEE's libutee
 * checks TEE_HANDLE_FLAG_INITIALIZED, not the state).  Each kills
 * the TA instance (TEE_ERROR_TARGET_DEAD), and a new session works.
 */
static void test_state_class_mode_misuses_panic(void **state)
{
	static const uint32_t cases[] = {
		TA_CRYPTO_MISUSE_MAC_UPDATE_NOT_INITIALISED,
		TA_CRYPTO_MISUSE_MAC_FINAL_TWICE,
		TA_CRYPTO_MISUSE_CIPHER_UPDATE_AFTER_FINAL,
		TA_CRYPTO_MISUSE_AE_UPDATE_NOT_INITIALISED,
		TA_CRYPTO_MISUSE_AE_INIT_WHILE_ACTIVE,
		TA_CRYPTO_MISUSE_AE_FINAL_NOT_INITIALISED,
		TA_CRYPTO_MISUSE_CIPHER_INIT_ON_MAC,
		TA_CRYPTO_MISUSE_CIPHER_INIT_NO_KEY,
		TA_CRYPTO_MISUSE_ECB_WITH_IV,
		TA_CRYPTO_MISUSE_DIGEST_FINAL_ON_MAC,
		TA_CRYPTO_MISUSE_ENCRYPT_ON_DECRYPT,
		TA_CRYPTO_MISUSE_VERIFY_ON_SIGN,
		TA_CRYPTO_MISUSE_SIGN_NO_KEY,
		TA_CRYPTO_MISUSE_RESET_NO_KEY,
		TA_CRYPTO_MISUSE_INFO_MULTIPLE_TOO_SMALL,
		TA_CRYPTO_MISUSE_SET_KEY_WHILE_ACTIVE,
		TA_CRYPTO_MISUSE_CLEAR_KEY_WHILE_ACTIVE,
		TA_CRYPTO_MISUSE_SET_KEY_AFTER_AE_INIT,
	};

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		print_message("misuse %u\n", cases[i]);
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_MISUSE, cases[i], 0),
			TEE_ERROR_TARGET_DEAD);
		reopen();
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					     TEE_ALG_SHA256, 0),
			TEEC_SUCCESS);
	}
	/* Each was the misuse's panic, none the test TA's own set-up
	 * failing (TEE_Panic(1) in ta_test_crypto_state.c). */
	assert_int_equal(
		harness_log_count(&tb, "teed.log", "panicked with code"),
		ARRAY_LEN(cases));
	assert_int_equal(harness_log_count(&tb, "teed.log",
					   "panicked with code 0x00000001"),
			 0);
	crypto_down();
}

/*
 * TEE_SetOperationKey on an operation that was active and was reset
 * (TEE_ResetOperation: initial, not initialised, key kept) is allowed,
 * and the operation then encrypts with the new key: its first block,
 * IV 0, is AES-128 of a zero block under that key, computed here by
 * libcrypto.  The state is OP-TEE's after both calls: handleState
 * TEE_HANDLE_FLAG_KEY_SET only, operationState INITIAL.
 */
static void test_set_key_after_reset(void **state)
{
	uint8_t keys[32], out[16], want[16];
	const uint8_t zero[16] = {0};
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	TEEC_Operation op = {0};
	int l;

	(void)state;
	for (size_t i = 0; i < sizeof(keys); i++)
		keys[i] = (uint8_t)(0x10 + 7 * i);
	assert_true(EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, keys + 16,
				       NULL) &&
		    EVP_CIPHER_CTX_set_padding(c, 0) &&
		    EVP_EncryptUpdate(c, want, &l, zero, 16) && l == 16);
	EVP_CIPHER_CTX_free(c);
	crypto_up();
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 TEEC_MEMREF_TEMP_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT);
	set_tmp(&op, 0, keys, sizeof(keys));
	set_tmp(&op, 1, out, sizeof(out));
	assert_int_equal(TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_SET_KEY_RESET,
					    &op, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[1].tmpref.size, 16);
	assert_memory_equal(out, want, 16);
	for (int i = 2; i < 4; i++) {
		assert_int_equal(op.params[i].value.a, TEE_HANDLE_FLAG_KEY_SET);
		assert_int_equal(op.params[i].value.b,
				 TEE_OPERATION_STATE_INITIAL);
	}
	crypto_down();
}

/*
 * Object, operation and enumerator handles fit in 32 bits and work when
 * they come back from the client in a value, as optee_test's storage and
 * crypt TAs use them with xtest (ta/storage/storage.c: (uintptr_t)o into
 * value.b, VAL2HANDLE() back): on OP-TEE object and enumerator handles
 * are 32-bit ids of its system calls and the TA heap is below 4 GiB.
 * A handle cut to 32 bits would make the second call panic the TA.
 */
static void test_handles_fit_in_a_value(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	crypto_up();
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_HANDLES_NEW, &op, NULL),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.b, 1);
	assert_int_not_equal(op.params[0].value.a, 0);
	assert_int_not_equal(op.params[0].value.b, 0);
	assert_int_not_equal(op.params[1].value.a, 0);
	/* One counter for every kind: no two handles are the same value. */
	assert_int_not_equal(op.params[0].value.a, op.params[0].value.b);
	assert_int_not_equal(op.params[0].value.b, op.params[1].value.a);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_HANDLES_USE, &op, NULL),
		TEEC_SUCCESS);
	/* Freed: the same values now make the TA panic. */
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_HANDLES_USE, &op, NULL),
		TEEC_ERROR_TARGET_DEAD);
	crypto_down();
}

/*
 * optee_test's crypt TA keeps each handle as its offset from ta_head in a
 * 32-bit value (ta/crypt/cryp_taf.c: HANDLE2VAL(h) = h - &ta_head,
 * VAL2HANDLE(v) = v + &ta_head) and xtest's 4000 series hands those
 * values back; on OP-TEE they fit because the TA image, heap and object
 * ids lie in the low 4 GiB above ta_head.  A handle that came back other
 * than whole made that TA panic at its second call.
 */
static void test_handles_as_offsets_from_ta_head(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	crypto_up();
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(TEEC_InvokeCommand(&sess,
					    TA_CRYPTO_CMD_HANDLES_NEW_OFFSET,
					    &op, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.b, 1);
	/* An offset of 0 would be TEE_HANDLE_NULL to VAL2HANDLE(). */
	assert_int_not_equal(op.params[0].value.a, 0);
	assert_int_not_equal(op.params[0].value.b, 0);
	assert_int_not_equal(op.params[1].value.a, 0);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(TEEC_InvokeCommand(&sess,
					    TA_CRYPTO_CMD_HANDLES_USE_OFFSET,
					    &op, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(TEEC_InvokeCommand(&sess,
					    TA_CRYPTO_CMD_HANDLES_USE_OFFSET,
					    &op, NULL),
			 TEEC_ERROR_TARGET_DEAD);
	crypto_down();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_key_size_bounds_per_type,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_handles_fit_in_a_value,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_handles_as_offsets_from_ta_head,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_hmac_sm3_key_room,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_operation_max_key_size_bounds,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_digest_every_algorithm_and_short_buffer,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_cipher_known_answers_every_key_size,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_cipher_every_mode_and_key_size_match_libcrypto,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_hmac_every_digest,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_cmac_aes192_aes256_sp800_38b,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_cbc_mac_every_cipher,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ae_every_key_size_and_tag_length,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ae_init_bad_sizes,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_rsa_signatures_both_ways_every_digest,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_rsa_oaep_both_ways_every_digest,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ecdsa_both_ways_every_curve,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_kdf_every_digest_match_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_rsa_wrong_digest_length_panics,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_dsa_sha224_sha256_both_ways,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ed25519_x25519_match_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_rsa_key_sizes_512_to_4096,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_set_key_after_reset,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_state_class_mode_misuses_panic,
					  crypto_stop_leftover),
	};

	/* single DES is in libcrypto's legacy provider */
	OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(NULL, "legacy");
	OSSL_PROVIDER *dflt = OSSL_PROVIDER_load(NULL, "default");
	int res = 1;

	if (legacy && dflt)
		res = cmocka_run_group_tests(tests, NULL, NULL);
	if (legacy)
		OSSL_PROVIDER_unload(legacy);
	if (dflt)
		OSSL_PROVIDER_unload(dflt);
	return res;
}
