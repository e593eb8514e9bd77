// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, chapters 5 and 6, end to end: a client drives
 * ta_test_crypto (ta/tests/crypto/ta_crypto_cmds.h) and checks what the
 * TA's transient objects and operations give, in the manner of OP-TEE's
 * xtest 4001 (digest), 4002 (MAC), 4003 (cipher), 4005 (AE), 4007 (key
 * generation) and 4009..: every result against a published known answer
 * (FIPS 180-4 / 202 and GB/T 32905 "abc", FIPS 197, SP 800-38A, FIPS 81,
 * GB/T 32907, RFC 4231 / RFC 2202, SP 800-38B, the GCM specification,
 * SP 800-38C), or against the same computation by this process's own
 * libcrypto (never against an earlier output of the TA); the short-buffer
 * rule; and the misuses that make the TA panic (TEE_ERROR_TARGET_DEAD for
 * its client, and the TA serves the next session).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>

#include <cmocka.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <tee_client_api.h>

#include "harness.h"
#include "crypto_session.h"
#include "teec_helpers.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/tee_api_defines_extensions.h"
#include "ta/tests/crypto/ta_crypto_cmds.h"
#include "ta/tests/test_ta_uuids.h"

/* Not in the SDK's headers: SM2 PKE is not implemented (README). */
#define TEE_TYPE_SM2_PKE_KEYPAIR 0xA1000047

#define MAX_BYTES 512

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

static void set_tmp(TEEC_Operation *op, int i, void *buf, size_t size)
{
	op->params[i].tmpref.buffer = buf;
	op->params[i].tmpref.size = size;
}

/**
 * struct keyed - a keyed command: request and buffers
 * @req:	struct ta_crypto_req followed by its bytes
 * @len:	the request's size
 */
struct keyed {
	union {
		struct ta_crypto_req req;
		uint8_t raw[sizeof(struct ta_crypto_req) + 4 * MAX_BYTES];
	};
	size_t len;
};

/* Builds a request from hex key, IV, AAD and tag. */
static void keyed_req(struct keyed *k, uint32_t alg, uint32_t mode,
		      uint32_t key_type, uint32_t chunk, const char *key,
		      const char *iv, const char *aad, const char *tag)
{
	uint8_t *p;

	memset(k, 0, sizeof(*k));
	k->req.alg = alg;
	k->req.mode = mode;
	k->req.key_type = key_type;
	k->req.chunk = chunk;
	p = k->req.bytes;
	k->req.key_len = (uint32_t)unhex(key, p);
	p += k->req.key_len;
	k->req.iv_len = (uint32_t)unhex(iv ? iv : "", p);
	p += k->req.iv_len;
	k->req.aad_len = (uint32_t)unhex(aad ? aad : "", p);
	p += k->req.aad_len;
	k->req.tag_len = (uint32_t)unhex(tag ? tag : "", p);
	p += k->req.tag_len;
	k->len = (size_t)(p - k->raw);
}

/* Runs keyed @cmd over @in; @out of *@out_len bytes gets the result. */
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

static void assert_hex(const uint8_t *got, size_t len, const char *want)
{
	uint8_t w[MAX_BYTES];

	assert_int_equal(len, unhex(want, w));
	assert_memory_equal(got, w, len);
}

/* DIGEST of @msg with updates of @chunk bytes; returns the result. */
static TEEC_Result digest(uint32_t cmd, uint32_t alg, uint32_t chunk,
			  const void *msg, size_t len, uint8_t *out,
			  size_t *out_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].value.a = alg;
	op.params[0].value.b = chunk;
	set_tmp(&op, 1, (void *)msg, len);
	set_tmp(&op, 2, out, *out_len);
	res = TEEC_InvokeCommand(&sess, cmd, &op, NULL);
	*out_len = op.params[2].tmpref.size;
	return res;
}

/* FIPS 180-4 / FIPS 202 / GB/T 32905 examples: the message "abc". */
static const struct {
	uint32_t alg;
	const char *evp;
	const char *abc;
} digests[] = {
	{TEE_ALG_MD5, "MD5", "900150983cd24fb0d6963f7d28e17f72"},
	{TEE_ALG_SHA1, "SHA1", "a9993e364706816aba3e25717850c26c9cd0d89d"},
	{TEE_ALG_SHA224, "SHA224",
	 "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
	{TEE_ALG_SHA256, "SHA256",
	 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	{TEE_ALG_SHA384, "SHA384",
	 "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
	 "8086072ba1e7cc2358baeca134c825a7"},
	{TEE_ALG_SHA512, "SHA512",
	 "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	 "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
	{TEE_ALG_SM3, "SM3",
	 "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
	{TEE_ALG_SHA3_224, "SHA3-224",
	 "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
	{TEE_ALG_SHA3_256, "SHA3-256",
	 "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
	{TEE_ALG_SHA3_384, "SHA3-384",
	 "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
	 "98d88cea927ac7f539f1edf228376d25"},
	{TEE_ALG_SHA3_512, "SHA3-512",
	 "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
	 "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* 4001: every digest of "abc", whole and a byte at a time. */
static void test_digest_known_answers_fips180_fips202_sm3(void **state)
{
	uint8_t out[64];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(digests); i++) {
		for (uint32_t chunk = 0; chunk < 2; chunk++) {
			len = sizeof(out);
			assert_int_equal(digest(TA_CRYPTO_CMD_DIGEST,
						digests[i].alg, chunk, "abc", 3,
						out, &len),
					 TEEC_SUCCESS);
			assert_hex(out, len, digests[i].abc);
		}
	}
	crypto_down();
}

/* A long message in odd chunks, checked with this process's libcrypto;
 * a TEE_CopyOperation copy made halfway gives the same digest. */
static void test_digest_streamed_and_copied_matches_libcrypto(void **state)
{
	static uint8_t msg[3000];
	uint8_t out[128], want[64];
	unsigned int want_len;
	size_t len;

	(void)state;
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 7 + 3);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(digests); i++) {
		assert_true(EVP_Digest(msg, sizeof(msg), want, &want_len,
				       EVP_get_digestbyname(digests[i].evp),
				       NULL));
		len = sizeof(out);
		assert_int_equal(digest(TA_CRYPTO_CMD_DIGEST_COPY,
					digests[i].alg, 333, msg, sizeof(msg),
					out, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 2 * want_len);
		assert_memory_equal(out, want, want_len);
		assert_memory_equal(out + want_len, want, want_len);
	}
	crypto_down();
}

/* GP short-buffer rule: SHORT_BUFFER and the digest's size. */
static void test_digest_short_buffer_gives_size(void **state)
{
	uint8_t out[64];
	size_t len = 31;

	(void)state;
	crypto_up();
	assert_int_equal(digest(TA_CRYPTO_CMD_DIGEST, TEE_ALG_SHA256, 0, "abc",
				3, out, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 32);
	crypto_down();
}

/**
 * struct cipher_kat - a cipher known answer
 * @alg:	TEE_ALG_*
 * @type:	key type
 * @key:	key (hex)
 * @iv:		IV (hex) or NULL
 * @pt:		plaintext (hex)
 * @ct:		ciphertext (hex)
 */
struct cipher_kat {
	uint32_t alg;
	uint32_t type;
	const char *key;
	const char *iv;
	const char *pt;
	const char *ct;
};

#define SP800_38A_KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define SP800_38A_PT                                                           \
	"6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"

static const struct cipher_kat cipher_kats[] = {
	/* FIPS 197 C.1 and C.3 */
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES,
	 "000102030405060708090a0b0c0d0e0f", NULL,
	 "00112233445566778899aabbccddeeff",
	 "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES,
	 "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	 NULL, "00112233445566778899aabbccddeeff",
	 "8ea2b7ca516745bfeafc49904b496089"},
	/* SP 800-38A F.2.1 (CBC-AES128), F.5.1 (CTR-AES128) */
	{TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, SP800_38A_KEY,
	 "000102030405060708090a0b0c0d0e0f", SP800_38A_PT,
	 "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"},
	{TEE_ALG_AES_CTR, TEE_TYPE_AES, SP800_38A_KEY,
	 "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", SP800_38A_PT,
	 "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"},
	/* The classic DES example (key 133457799bbcdff1) */
	{TEE_ALG_DES_ECB_NOPAD, TEE_TYPE_DES, "133457799bbcdff1", NULL,
	 "0123456789abcdef", "85e813540f0ab405"},
	/* GB/T 32907-2016 example 1 */
	{TEE_ALG_SM4_ECB_NOPAD, TEE_TYPE_SM4,
	 "0123456789abcdeffedcba9876543210", NULL,
	 "0123456789abcdeffedcba9876543210",
	 "681edf34d206965e86b3e94f536e4246"},
};

static TEEC_Result cipher(const struct cipher_kat *v, uint32_t mode,
			  uint32_t chunk, const char *in_hex, uint8_t *out,
			  size_t *out_len)
{
	uint8_t in[MAX_BYTES];
	size_t in_len = unhex(in_hex, in);
	struct keyed k;

	keyed_req(&k, v->alg, mode, v->type, chunk, v->key, v->iv, NULL, NULL);
	return run_keyed(TA_CRYPTO_CMD_CIPHER, &k, in, in_len, out, out_len,
			 NULL, NULL);
}

/* 4003: the known answers both ways, whole and in 5-byte pieces (the
 * block modes hold the tail back). */
static void test_cipher_known_answers_fips197_sp800_38a(void **state)
{
	uint8_t out[MAX_BYTES];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(cipher_kats); i++) {
		const struct cipher_kat *v = &cipher_kats[i];

		for (uint32_t chunk = 0; chunk <= 5; chunk += 5) {
			len = sizeof(out);
			assert_int_equal(cipher(v, TEE_MODE_ENCRYPT, chunk,
						v->pt, out, &len),
					 TEEC_SUCCESS);
			assert_hex(out, len, v->ct);
			len = sizeof(out);
			assert_int_equal(cipher(v, TEE_MODE_DECRYPT, chunk,
						v->ct, out, &len),
					 TEEC_SUCCESS);
			assert_hex(out, len, v->pt);
		}
	}
	crypto_down();
}

/* Triple DES (two and three keys) and SM4-CBC against this process's
 * libcrypto. */
static void test_cipher_des3_sm4_match_libcrypto(void **state)
{
	static const struct {
		uint32_t alg, type;
		const char *evp, *key, *iv;
	} v[] = {
		{TEE_ALG_DES3_ECB_NOPAD, TEE_TYPE_DES3, "DES-EDE-ECB",
		 "0123456789abcdeffedcba9876543210", NULL},
		{TEE_ALG_DES3_CBC_NOPAD, TEE_TYPE_DES3, "DES-EDE3-CBC",
		 "0123456789abcdeffedcba987654321089abcdef01234567",
		 "1122334455667788"},
		{TEE_ALG_SM4_CBC_NOPAD, TEE_TYPE_SM4, "SM4-CBC",
		 "0123456789abcdeffedcba9876543210",
		 "000102030405060708090a0b0c0d0e0f"},
	};
	uint8_t key[32], iv[16], pt[64], want[80], out[64];
	int n, m;
	size_t len;

	(void)state;
	for (size_t i = 0; i < sizeof(pt); i++)
		pt[i] = (uint8_t)i;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
		EVP_CIPHER *ciph = EVP_CIPHER_fetch(NULL, v[i].evp, NULL);
		struct keyed k;

		unhex(v[i].key, key);
		unhex(v[i].iv ? v[i].iv : "", iv);
		assert_true(EVP_EncryptInit_ex2(c, ciph, key,
						v[i].iv ? iv : NULL, NULL));
		EVP_CIPHER_free(ciph);
		EVP_CIPHER_CTX_set_padding(c, 0);
		assert_true(EVP_EncryptUpdate(c, want, &n, pt, sizeof(pt)));
		assert_true(EVP_EncryptFinal_ex(c, want + n, &m));
		EVP_CIPHER_CTX_free(c);
		keyed_req(&k, v[i].alg, TEE_MODE_ENCRYPT, v[i].type, 7,
			  v[i].key, v[i].iv, NULL, NULL);
		len = sizeof(out);
		assert_int_equal(run_keyed(TA_CRYPTO_CMD_CIPHER, &k, pt,
					   sizeof(pt), out, &len, NULL, NULL),
				 TEEC_SUCCESS);
		assert_int_equal(len, n + m);
		assert_memory_equal(out, want, len);
	}
	crypto_down();
}

/* GP short-buffer rule for ciphers: the size the output needs. */
static void test_cipher_short_buffer_gives_size(void **state)
{
	uint8_t out[64];
	size_t len = 16;

	(void)state;
	crypto_up();
	assert_int_equal(cipher(&cipher_kats[2], TEE_MODE_ENCRYPT, 0,
				SP800_38A_PT, out, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 32);
	crypto_down();
}

static TEEC_Result mac(uint32_t cmd, uint32_t alg, uint32_t type,
		       uint32_t chunk, const char *key, const char *msg_hex,
		       uint8_t *out, size_t *out_len)
{
	uint8_t msg[MAX_BYTES];
	size_t msg_len = unhex(msg_hex, msg);
	struct keyed k;

	keyed_req(&k, alg, TEE_MODE_MAC, type, chunk, key, NULL, NULL, NULL);
	return run_keyed(cmd, &k, msg, msg_len, out, out_len, NULL, NULL);
}

/* RFC 4231 / RFC 2202 test case 4: key 0x01..0x19, 50 bytes 0xcd. */
#define RFC4231_TC4_KEY "0102030405060708090a0b0c0d0e0f10111213141516171819"

static void cd50(char *hex)
{
	for (int i = 0; i < 50; i++)
		memcpy(hex + 2 * i, "cd", 3);
}

/* 4002: HMAC and CMAC known answers; MACCompareFinal agrees. */
static void test_mac_known_answers_rfc4231_sp800_38b(void **state)
{
	static const char cmac_msg[] = "6bc1bee22e409f96e93d7e117393172a";
	char msg[101];
	uint8_t out[64];
	size_t len;

	(void)state;
	cd50(msg);
	crypto_up();
	len = sizeof(out);
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC, TEE_ALG_HMAC_SHA256,
			     TEE_TYPE_HMAC_SHA256, 7, RFC4231_TC4_KEY, msg, out,
			     &len),
			 TEEC_SUCCESS);
	assert_hex(out, len,
		   "82558a389a443c0ea4cc819899f2083a"
		   "85f0faa3e578f8077a2e3ff46729665b");
	len = sizeof(out);
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC, TEE_ALG_HMAC_SHA1,
			     TEE_TYPE_HMAC_SHA1, 0, RFC4231_TC4_KEY, msg, out,
			     &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, "4c9007f4026250c6bc8414f9bf50c86c2d7235da");
	/* SP 800-38B D.1 example 2 */
	len = sizeof(out);
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC, TEE_ALG_AES_CMAC, TEE_TYPE_AES,
			     3, SP800_38A_KEY, cmac_msg, out, &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, "070a16b46b4d4144f79bdd9dd04a287c");
	len = 16;
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC_COMPARE, TEE_ALG_AES_CMAC,
			     TEE_TYPE_AES, 0, SP800_38A_KEY, cmac_msg, out,
			     &len),
			 TEEC_SUCCESS);
	out[15] ^= 1;
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC_COMPARE, TEE_ALG_AES_CMAC,
			     TEE_TYPE_AES, 0, SP800_38A_KEY, cmac_msg, out,
			     &len),
			 TEE_ERROR_MAC_INVALID);
	len = 15;
	assert_int_equal(mac(TA_CRYPTO_CMD_MAC_COMPARE, TEE_ALG_AES_CMAC,
			     TEE_TYPE_AES, 0, SP800_38A_KEY, cmac_msg, out,
			     &len),
			 TEE_ERROR_MAC_INVALID);
	crypto_down();
}

/* CBC-MAC is the last block of CBC encryption under a zero IV (PKCS#5:
 * of the padded message): computed here with libcrypto's AES-CBC. */
static void test_mac_cbc_mac_matches_libcrypto_cbc(void **state)
{
	static const char msg[] = "6bc1bee22e409f96e93d7e117393172a"
				  "ae2d8a571e03ac9c9eb76fac45af8e51";
	uint8_t key[16], m[48], ct[64], out[16];
	size_t len, mlen;
	int n;

	(void)state;
	unhex(SP800_38A_KEY, key);
	crypto_up();
	for (int pad = 0; pad < 2; pad++) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
		uint8_t iv[16] = {0};

		mlen = unhex(msg, m);
		if (pad) {
			memset(m + mlen, 16, 16);
			mlen += 16;
		}
		assert_true(EVP_EncryptInit_ex2(c, EVP_aes_128_cbc(), key, iv,
						NULL));
		EVP_CIPHER_CTX_set_padding(c, 0);
		assert_true(EVP_EncryptUpdate(c, ct, &n, m, (int)mlen));
		EVP_CIPHER_CTX_free(c);
		len = sizeof(out);
		assert_int_equal(mac(TA_CRYPTO_CMD_MAC,
				     pad ? TEE_ALG_AES_CBC_MAC_PKCS5
					 : TEE_ALG_AES_CBC_MAC_NOPAD,
				     TEE_TYPE_AES, 5, SP800_38A_KEY, msg, out,
				     &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, 16);
		assert_memory_equal(out, ct + n - 16, 16);
	}
	crypto_down();
}

/**
 * struct ae_kat - an AE known answer
 * @alg:	TEE_ALG_AES_GCM or _CCM
 * @key, @nonce, @aad, @pt, @ct, @tag: hex
 */
struct ae_kat {
	uint32_t alg;
	const char *key, *nonce, *aad, *pt, *ct, *tag;
};

static const struct ae_kat ae_kats[] = {
	/* The GCM specification (McGrew, Viega), test cases 2 and 4 */
	{TEE_ALG_AES_GCM, "00000000000000000000000000000000",
	 "000000000000000000000000", "", "00000000000000000000000000000000",
	 "0388dace60b6a392f328c2b971b2fe78",
	 "ab6e47d42cec13bdf53a67b21257bddf"},
	{TEE_ALG_AES_GCM, "feffe9928665731c6d6a8f9467308308",
	 "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	 "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	 "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	 "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	 "5bc94fbc3221a5db94fae95ae7121a47"},
	/* SP 800-38C C.1 and C.2 */
	{TEE_ALG_AES_CCM, "404142434445464748494a4b4c4d4e4f", "10111213141516",
	 "0001020304050607", "20212223", "7162015b", "4dac255d"},
	{TEE_ALG_AES_CCM, "404142434445464748494a4b4c4d4e4f",
	 "1011121314151617", "000102030405060708090a0b0c0d0e0f",
	 "202122232425262728292a2b2c2d2e2f", "d2a1f0e051ea5f62081a7792073d593d",
	 "1fc64fbfaccd"},
};

static TEEC_Result ae(const struct ae_kat *v, uint32_t mode, uint32_t chunk,
		      const char *tag_hex, uint8_t *out, size_t *out_len,
		      uint8_t *tag, size_t *tag_len)
{
	uint8_t in[MAX_BYTES];
	size_t in_len = unhex(mode == TEE_MODE_ENCRYPT ? v->pt : v->ct, in);
	struct keyed k;

	keyed_req(&k, v->alg, mode, TEE_TYPE_AES, chunk, v->key, v->nonce,
		  v->aad, tag_hex);
	return run_keyed(TA_CRYPTO_CMD_AE, &k, in, in_len, out, out_len, tag,
			 tag_len);
}

/* Encrypts @v, with the tag length of @v, into @out and @tag. */
static void ae_encrypt_ok(const struct ae_kat *v, uint32_t chunk)
{
	uint8_t out[MAX_BYTES], tag[16];
	size_t len = sizeof(out), tag_len = strlen(v->tag) / 2;
	struct keyed k;
	uint8_t in[MAX_BYTES];
	size_t in_len = unhex(v->pt, in);

	/* The request carries the tag length only: a dummy tag of it. */
	keyed_req(&k, v->alg, TEE_MODE_ENCRYPT, TEE_TYPE_AES, chunk, v->key,
		  v->nonce, v->aad, v->tag);
	assert_int_equal(run_keyed(TA_CRYPTO_CMD_AE, &k, in, in_len, out, &len,
				   tag, &tag_len),
			 TEEC_SUCCESS);
	assert_hex(out, len, v->ct);
	assert_hex(tag, tag_len, v->tag);
}

/* 4005: GCM and CCM known answers, both ways, whole and in pieces; a
 * changed tag is TEE_ERROR_MAC_INVALID. */
static void test_ae_known_answers_gcm_sp800_38c(void **state)
{
	uint8_t out[MAX_BYTES];
	char bad[40];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(ae_kats); i++) {
		const struct ae_kat *v = &ae_kats[i];

		for (uint32_t chunk = 0; chunk <= 5; chunk += 5) {
			ae_encrypt_ok(v, chunk);
			len = sizeof(out);
			assert_int_equal(ae(v, TEE_MODE_DECRYPT, chunk, v->tag,
					    out, &len, NULL, NULL),
					 TEEC_SUCCESS);
			assert_hex(out, len, v->pt);
		}
		strcpy(bad, v->tag);
		bad[0] = bad[0] == '0' ? '1' : '0';
		len = sizeof(out);
		assert_int_equal(
			ae(v, TEE_MODE_DECRYPT, 0, bad, out, &len, NULL, NULL),
			TEE_ERROR_MAC_INVALID);
	}
	crypto_down();
}

/* GCM tags shorter than 96 bits are TEE_ERROR_NOT_SUPPORTED (OP-TEE);
 * a short tag buffer is SHORT_BUFFER with the tag's size. */
static void test_ae_gcm_tag_rules(void **state)
{
	const struct ae_kat *v = &ae_kats[1];
	uint8_t out[MAX_BYTES], tag[16], in[MAX_BYTES];
	size_t len = sizeof(out), tag_len = 8;
	size_t in_len = unhex(v->pt, in);
	struct keyed k;

	(void)state;
	crypto_up();
	keyed_req(&k, v->alg, TEE_MODE_ENCRYPT, TEE_TYPE_AES, 0, v->key,
		  v->nonce, v->aad, "0011223344556677");
	assert_int_equal(run_keyed(TA_CRYPTO_CMD_AE, &k, in, in_len, out, &len,
				   tag, &tag_len),
			 TEE_ERROR_NOT_SUPPORTED);
	keyed_req(&k, v->alg, TEE_MODE_ENCRYPT, TEE_TYPE_AES, 0, v->key,
		  v->nonce, v->aad, v->tag);
	len = sizeof(out);
	tag_len = 15;
	assert_int_equal(run_keyed(TA_CRYPTO_CMD_AE, &k, in, in_len, out, &len,
				   tag, &tag_len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(tag_len, 16);
	assert_int_equal(len, in_len);
	crypto_down();
}

/* OBJ_EXPORT; @w gets the seven info words, @secret the value. */
static TEEC_Result obj_export(uint32_t type, uint32_t max, const char *key,
			      uint32_t gen_bits, uint32_t usage, uint32_t w[7],
			      uint8_t *secret, size_t *secret_len)
{
	uint8_t in[MAX_BYTES], out[28 + 128];
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = type;
	op.params[0].value.b = max;
	set_tmp(&op, 1, in, unhex(key, in));
	op.params[2].value.a = gen_bits;
	op.params[2].value.b = usage;
	set_tmp(&op, 3, out, 28 + *secret_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_OBJ_EXPORT, &op, NULL);
	memcpy(w, out, 28);
	*secret_len = op.params[3].tmpref.size - 28;
	if (res == TEEC_SUCCESS)
		memcpy(secret, out + 28, *secret_len);
	return res;
}

/* 4007-like: allocation sizes per type (OP-TEE's table), what
 * TEE_GetObjectInfo1 reports, export of an extractable key, the
 * short-buffer rule of TEE_GetObjectBufferAttribute. */
static void test_objects_secret_key_rules(void **state)
{
	static const struct {
		uint32_t type, bits, res;
	} alloc[] = {
		{TEE_TYPE_AES, 128, TEEC_SUCCESS},
		{TEE_TYPE_AES, 256, TEEC_SUCCESS},
		{TEE_TYPE_AES, 160, TEE_ERROR_NOT_SUPPORTED},
		{TEE_TYPE_AES, 512, TEE_ERROR_NOT_SUPPORTED},
		{TEE_TYPE_DES, 64, TEEC_SUCCESS},
		{TEE_TYPE_DES, 56, TEEC_SUCCESS},
		{TEE_TYPE_DES3, 168, TEEC_SUCCESS},
		{TEE_TYPE_HMAC_SHA256, 184, TEE_ERROR_NOT_SUPPORTED},
		{TEE_TYPE_HMAC_SHA256, 1024, TEEC_SUCCESS},
		{TEE_TYPE_GENERIC_SECRET, 4096, TEEC_SUCCESS},
		{TEE_TYPE_GENERIC_SECRET, 4100, TEE_ERROR_NOT_SUPPORTED},
		{TEE_TYPE_RSA_KEYPAIR, 2048, TEEC_SUCCESS},
		{TEE_TYPE_RSA_KEYPAIR, 4097, TEE_ERROR_NOT_SUPPORTED},
		{TEE_TYPE_SM2_PKE_KEYPAIR, 256, TEEC_SUCCESS},
		{TEE_TYPE_SM2_PKE_KEYPAIR, 255, TEE_ERROR_NOT_SUPPORTED},
		{0xA1000049 /* X448 keypair */, 448, TEE_ERROR_NOT_SUPPORTED},
		{0xA00000FF, 128, TEE_ERROR_NOT_SUPPORTED},
	};
	uint8_t secret[128];
	size_t len;
	uint32_t w[7];

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(alloc); i++)
		assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_OBJ_ALLOC,
						      alloc[i].type,
						      alloc[i].bits),
				 alloc[i].res);
	len = 32;
	assert_int_equal(obj_export(TEE_TYPE_AES, 256, SP800_38A_KEY, 0,
				    TEE_USAGE_EXTRACTABLE | TEE_USAGE_ENCRYPT,
				    w, secret, &len),
			 TEEC_SUCCESS);
	assert_hex(secret, len, SP800_38A_KEY);
	assert_int_equal(w[0], TEE_TYPE_AES);
	assert_int_equal(w[1], 128);
	assert_int_equal(w[2], 256);
	assert_int_equal(w[3], TEE_USAGE_EXTRACTABLE | TEE_USAGE_ENCRYPT);
	assert_int_equal(w[4], 0);
	assert_int_equal(w[5], 0);
	assert_int_equal(w[6], TEE_HANDLE_FLAG_INITIALIZED);
	/* 15 bytes of room: SHORT_BUFFER and the size needed */
	len = 15;
	assert_int_equal(obj_export(TEE_TYPE_AES, 128, SP800_38A_KEY, 0, 1, w,
				    secret, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 16);
	/* A size the type does not allow: BAD_PARAMETERS from populate */
	len = 32;
	assert_int_equal(obj_export(TEE_TYPE_AES, 256, "00112233445566778899",
				    0, 1, w, secret, &len),
			 TEE_ERROR_BAD_PARAMETERS);
	/* A generated HMAC key has the size asked for */
	len = 128;
	assert_int_equal(obj_export(TEE_TYPE_HMAC_SHA256, 512, "", 264, 1, w,
				    secret, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, 33);
	assert_int_equal(w[1], 264);
	crypto_down();
}

/* A key generated in the TA and copied to a second object encrypts as
 * libcrypto says it must with that key (and two keys differ). */
static void test_generated_key_copy_encrypts_as_libcrypto(void **state)
{
	static const uint8_t block[16] = "teebox gen test";
	uint8_t key[2][32], ct[16], want[16];
	TEEC_Operation op;
	int n;

	(void)state;
	crypto_up();
	for (int i = 0; i < 2; i++) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();

		memset(&op, 0, sizeof(op));
		op.paramTypes = TEEC_PARAM_TYPES(
			TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
			TEEC_MEMREF_TEMP_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT);
		op.params[0].value.a = 256;
		set_tmp(&op, 1, (void *)block, 16);
		set_tmp(&op, 2, key[i], 32);
		set_tmp(&op, 3, ct, 16);
		assert_int_equal(TEEC_InvokeCommand(&sess,
						    TA_CRYPTO_CMD_GEN_AES, &op,
						    NULL),
				 TEEC_SUCCESS);
		assert_int_equal(op.params[2].tmpref.size, 32);
		assert_true(EVP_EncryptInit_ex2(c, EVP_aes_256_ecb(), key[i],
						NULL, NULL));
		assert_true(EVP_EncryptUpdate(c, want, &n, block, 16));
		EVP_CIPHER_CTX_free(c);
		assert_memory_equal(ct, want, 16);
	}
	assert_memory_not_equal(key[0], key[1], 32);
	crypto_down();
}

/* TEE_GenerateRandom fills the buffer; two calls differ. */
static void test_random_fills_and_differs(void **state)
{
	uint8_t buf[2][64];
	TEEC_Operation op;

	(void)state;
	memset(buf, 0, sizeof(buf));
	crypto_up();
	for (int i = 0; i < 2; i++) {
		memset(&op, 0, sizeof(op));
		op.paramTypes =
			TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
		set_tmp(&op, 0, buf[i], 64);
		assert_int_equal(TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_RANDOM,
						    &op, NULL),
				 TEEC_SUCCESS);
	}
	assert_memory_not_equal(buf[0], buf[1], 64);
	crypto_down();
}

/* OP_INFO: @w gets TEE_OperationInfoMultiple's words (size @size). */
static TEEC_Result op_info(uint32_t alg, uint32_t mode, uint32_t max,
			   uint32_t key_type, uint32_t key_bits, uint32_t *w,
			   size_t *size, TEEC_Value *state)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = mode;
	op.params[1].value.a = max;
	op.params[1].value.b = key_bits;
	op.params[3].value.a = key_type;
	set_tmp(&op, 2, w, *size);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_OP_INFO, &op, NULL);
	*size = op.params[2].tmpref.size;
	*state = op.params[3].value;
	return res;
}

/* TEE_AllocateOperation's rules and what the info functions report. */
static void test_operation_info_and_support(void **state_)
{
	uint32_t w[10];
	size_t size = 32;
	TEEC_Value st;

	(void)state_;
	crypto_up();
	/* A digest is initialised at once and has no key. */
	assert_int_equal(op_info(TEE_ALG_SHA256, TEE_MODE_DIGEST, 0, 0, 0, w,
				 &size, &st),
			 TEEC_SUCCESS);
	assert_int_equal(size, 32);
	assert_int_equal(w[0], TEE_ALG_SHA256);
	assert_int_equal(w[1], 5); /* TEE_OPERATION_DIGEST */
	assert_int_equal(w[3], 32);
	assert_int_equal(w[5],
			 TEE_HANDLE_FLAG_KEY_SET | TEE_HANDLE_FLAG_INITIALIZED);
	assert_int_equal(w[7], 0);
	/* A cipher with its key set: one key entry; no room for it is
	 * SHORT_BUFFER with the size needed. */
	size = 32;
	assert_int_equal(op_info(TEE_ALG_AES_CBC_NOPAD, TEE_MODE_DECRYPT, 256,
				 TEE_TYPE_AES, 128, w, &size, &st),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(size, 40);
	assert_int_equal(op_info(TEE_ALG_AES_CBC_NOPAD, TEE_MODE_DECRYPT, 256,
				 TEE_TYPE_AES, 128, w, &size, &st),
			 TEEC_SUCCESS);
	assert_int_equal(st.a, TEE_HANDLE_FLAG_KEY_SET);
	assert_int_equal(st.b, 128);
	assert_int_equal(w[2], TEE_MODE_DECRYPT);
	assert_int_equal(w[4], 256);
	assert_int_equal(w[6], 0); /* TEE_OPERATION_STATE_INITIAL */
	assert_int_equal(w[7], 1);
	assert_int_equal(w[8], 128);
	assert_int_equal(w[9], 0x4); /* TEE_USAGE_DECRYPT */
	/* Not supported: a mode the algorithm has not, a key size the key
	 * type has not, an algorithm not implemented. */
	size = 40;
	assert_int_equal(op_info(TEE_ALG_SHA256, TEE_MODE_ENCRYPT, 0, 0, 0, w,
				 &size, &st),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(op_info(TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT, 100, 0, 0,
				 w, &size, &st),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(op_info(0x80000045 /* TEE_ALG_X448 */,
				 4 /* TEE_MODE_DERIVE */, 448, 0, 0, w, &size,
				 &st),
			 TEE_ERROR_NOT_SUPPORTED);
	/* ECDSA: one curve per algorithm */
	assert_int_equal(
		op_info(TEE_ALG_ECDSA_SHA256, 2, 384, 0, 0, w, &size, &st),
		TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_AES_CCM, 0),
			 TEEC_SUCCESS);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_AES_CCM,
					      TEE_ECC_CURVE_NIST_P256),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      0x80000045 /* TEE_ALG_X448 */, 0),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_ECDSA_SHA256,
					      TEE_ECC_CURVE_NIST_P256),
			 TEEC_SUCCESS);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_ECDSA_SHA256, 0),
			 TEE_ERROR_NOT_SUPPORTED);
	crypto_down();
}

/*
 * Each misuse the specification answers with a panic: the client sees
 * TEE_ERROR_TARGET_DEAD, and a new session works.  Reading the secret of
 * a key without TEE_USAGE_EXTRACTABLE is one of them.
 */
static void test_misuse_panics_target_dead(void **state)
{
	static const uint32_t cases[] = {
		TA_CRYPTO_MISUSE_CIPHER_NOT_INITIALISED,
		TA_CRYPTO_MISUSE_FREED_OPERATION,
		TA_CRYPTO_MISUSE_FORGED_OBJECT,
		TA_CRYPTO_MISUSE_DIGEST_ON_CIPHER,
		TA_CRYPTO_MISUSE_KEY_WRONG_TYPE,
		TA_CRYPTO_MISUSE_KEY_NO_USAGE,
		TA_CRYPTO_MISUSE_POPULATE_TWICE,
		TA_CRYPTO_MISUSE_AAD_AFTER_PAYLOAD,
		TA_CRYPTO_MISUSE_CIPHER_PARTIAL_BLOCK,
		TA_CRYPTO_MISUSE_KEY_TOO_LARGE,
	};
	uint8_t secret[32];
	size_t len = 32;
	uint32_t w[7];

	(void)state;
	crypto_up();
	for (size_t i = 0; i <= ARRAY_LEN(cases); i++) {
		if (i < ARRAY_LEN(cases))
			assert_int_equal(
				crypto_invoke_values(TA_CRYPTO_CMD_MISUSE,
						     cases[i], 0),
				TEE_ERROR_TARGET_DEAD);
		else /* usage without TEE_USAGE_EXTRACTABLE */
			assert_int_equal(
				obj_export(TEE_TYPE_AES, 128, SP800_38A_KEY, 0,
					   TEE_USAGE_ENCRYPT, w, secret, &len),
				TEE_ERROR_TARGET_DEAD);
		TEEC_CloseSession(&sess);
		assert_int_equal(
			e2e_open_session(&ctx, &sess, &crypto_uuid, NULL),
			TEEC_SUCCESS);
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					     TEE_ALG_SHA256, 0),
			TEEC_SUCCESS);
	}
	crypto_down();
}

/* The ECDSA algorithms and the curve OP-TEE binds to each. */
static const struct {
	uint32_t alg, curve;
	size_t flen;
	const char *group, *md;
} ecdsa[] = {
	{TEE_ALG_ECDSA_SHA1, 1, 24, "prime192v1", "SHA1"},
	{TEE_ALG_ECDSA_SHA224, 2, 28, "secp224r1", "SHA224"},
	{TEE_ALG_ECDSA_SHA256, 3, 32, "prime256v1", "SHA256"},
	{TEE_ALG_ECDSA_SHA384, 4, 48, "secp384r1", "SHA384"},
	{TEE_ALG_ECDSA_SHA512, 5, 66, "secp521r1", "SHA512"},
};

/* This process's libcrypto key for public point @xy on @group. */
static EVP_PKEY *client_pubkey(const char *group, const uint8_t *xy,
			       size_t flen)
{
	uint8_t pt[1 + 2 * 66];
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	EVP_PKEY *pk = NULL;
	OSSL_PARAM *p;

	pt[0] = 4;
	memcpy(pt + 1, xy, 2 * flen);
	assert_true(OSSL_PARAM_BLD_push_utf8_string(
		b, OSSL_PKEY_PARAM_GROUP_NAME, group, 0));
	assert_true(OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY,
						     pt, 1 + 2 * flen));
	p = OSSL_PARAM_BLD_to_param(b);
	assert_true(EVP_PKEY_fromdata_init(pctx) > 0);
	assert_true(EVP_PKEY_fromdata(pctx, &pk, EVP_PKEY_PUBLIC_KEY, p) > 0);
	OSSL_PARAM_free(p);
	OSSL_PARAM_BLD_free(b);
	EVP_PKEY_CTX_free(pctx);
	return pk;
}

/* GP's r || s (@flen bytes each) as DER; returns its length. */
static int gp_sig_to_der(const uint8_t *sig, size_t flen, uint8_t **der)
{
	ECDSA_SIG *s = ECDSA_SIG_new();
	int len;

	assert_true(ECDSA_SIG_set0(s, BN_bin2bn(sig, (int)flen, NULL),
				   BN_bin2bn(sig + flen, (int)flen, NULL)));
	len = i2d_ECDSA_SIG(s, der);
	ECDSA_SIG_free(s);
	return len;
}

static TEEC_Result ecdsa_sign(size_t i, const uint8_t *digest, size_t dlen,
			      uint8_t *xy, uint8_t *sig, size_t *sig_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = ecdsa[i].alg;
	op.params[0].value.b = ecdsa[i].curve;
	set_tmp(&op, 1, (void *)digest, dlen);
	set_tmp(&op, 2, xy, 2 * 66);
	set_tmp(&op, 3, sig, *sig_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_ECDSA_SIGN, &op, NULL);
	*sig_len = op.params[3].tmpref.size;
	return res;
}

/* 4006-like: on every curve a key generated in the TA signs the digest
 * of "abc"; this process's libcrypto verifies the signature with the
 * public key the TA exports, and so does a public-key copy in the TA. */
static void test_ecdsa_signature_verified_by_libcrypto(void **state)
{
	uint8_t digest[64], xy[2 * 66], sig[2 * 66], *der = NULL;
	unsigned int dlen;
	size_t sig_len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(ecdsa); i++) {
		EVP_PKEY_CTX *pctx;
		EVP_PKEY *pk;
		int der_len;

		assert_true(EVP_Digest("abc", 3, digest, &dlen,
				       EVP_get_digestbyname(ecdsa[i].md),
				       NULL));
		sig_len = sizeof(sig);
		assert_int_equal(ecdsa_sign(i, digest, dlen, xy, sig, &sig_len),
				 TEEC_SUCCESS);
		assert_int_equal(sig_len, 2 * ecdsa[i].flen);
		pk = client_pubkey(ecdsa[i].group, xy, ecdsa[i].flen);
		der_len = gp_sig_to_der(sig, ecdsa[i].flen, &der);
		pctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_verify_init(pctx) > 0);
		assert_int_equal(EVP_PKEY_verify(pctx, der, (size_t)der_len,
						 digest, dlen),
				 1);
		EVP_PKEY_CTX_free(pctx);
		EVP_PKEY_free(pk);
		OPENSSL_free(der);
		der = NULL;
	}
	/* Short buffer: SHORT_BUFFER and the signature's size */
	sig_len = 63;
	assert_int_equal(ecdsa_sign(2, digest, 32, xy, sig, &sig_len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(sig_len, 64);
	crypto_down();
}

static TEEC_Result ecdsa_verify(size_t i, const uint8_t *xy,
				const uint8_t *digest, size_t dlen,
				const uint8_t *sig, size_t sig_len)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT);
	op.params[0].value.a = ecdsa[i].alg;
	op.params[0].value.b = ecdsa[i].curve;
	set_tmp(&op, 1, (void *)xy, 2 * ecdsa[i].flen);
	set_tmp(&op, 2, (void *)digest, dlen);
	set_tmp(&op, 3, (void *)sig, sig_len);
	return TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_ECDSA_VERIFY, &op, NULL);
}

/* RFC 6979 A.2.5: P-256, SHA-256, message "sample": the TA verifies the
 * published signature and refuses it changed, or of another length. */
static void test_ecdsa_verifies_rfc6979_signature(void **state)
{
	uint8_t xy[64], sig[64], digest[32];
	unsigned int dlen;

	(void)state;
	unhex("60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
	      "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d446229"
	      "9",
	      xy);
	unhex("efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
	      "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda"
	      "8",
	      sig);
	assert_true(EVP_Digest("sample", 6, digest, &dlen, EVP_sha256(), NULL));
	crypto_up();
	assert_int_equal(ecdsa_verify(2, xy, digest, dlen, sig, 64),
			 TEEC_SUCCESS);
	assert_int_equal(ecdsa_verify(2, xy, digest, dlen, sig, 63),
			 TEE_ERROR_SIGNATURE_INVALID);
	sig[40] ^= 0x10;
	assert_int_equal(ecdsa_verify(2, xy, digest, dlen, sig, 64),
			 TEE_ERROR_SIGNATURE_INVALID);
	crypto_down();
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
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1, "SHA1", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA224, "SHA224", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256, "SHA256", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384, "SHA384", true},
	{TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA512, "SHA512", true},
};

#define RSA_BYTES 256 /* the keys of these tests: 2048 bits */

/* This process's libcrypto public key (@n, 65537). */
static EVP_PKEY *client_rsa_pubkey(const uint8_t *n, size_t len)
{
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	BIGNUM *bn = BN_bin2bn(n, (int)len, NULL), *e = BN_new();
	EVP_PKEY *pk = NULL;
	OSSL_PARAM *p;

	assert_true(BN_set_word(e, 65537));
	assert_true(OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_RSA_N, bn));
	assert_true(OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_RSA_E, e));
	p = OSSL_PARAM_BLD_to_param(b);
	assert_true(EVP_PKEY_fromdata_init(pctx) > 0);
	assert_true(EVP_PKEY_fromdata(pctx, &pk, EVP_PKEY_PUBLIC_KEY, p) > 0);
	OSSL_PARAM_free(p);
	OSSL_PARAM_BLD_free(b);
	EVP_PKEY_CTX_free(pctx);
	BN_free(bn);
	BN_free(e);
	return pk;
}

static TEEC_Result rsa_sign(uint32_t alg, const uint8_t *digest, size_t dlen,
			    uint8_t *n, size_t *n_len, uint8_t *sig,
			    size_t *sig_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = 8 * RSA_BYTES;
	set_tmp(&op, 1, (void *)digest, dlen);
	set_tmp(&op, 2, n, *n_len);
	set_tmp(&op, 3, sig, *sig_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_RSA_SIGN, &op, NULL);
	*n_len = op.params[2].tmpref.size;
	*sig_len = op.params[3].tmpref.size;
	return res;
}

/* 4006-like: a 2048-bit key generated in the TA signs the digest of
 * "abc" with every PKCS#1 v1.5 and PSS digest; this process's libcrypto
 * verifies each signature with the modulus the TA exports. */
static void test_rsa_signatures_verified_by_libcrypto(void **state)
{
	uint8_t digest[64], n[RSA_BYTES], sig[RSA_BYTES];
	size_t n_len, sig_len;
	unsigned int dlen;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(rsa_sigs); i++) {
		const EVP_MD *md = EVP_get_digestbyname(rsa_sigs[i].md);
		EVP_PKEY_CTX *pctx;
		EVP_PKEY *pk;

		assert_true(EVP_Digest("abc", 3, digest, &dlen, md, NULL));
		n_len = sig_len = RSA_BYTES;
		assert_int_equal(rsa_sign(rsa_sigs[i].alg, digest, dlen, n,
					  &n_len, sig, &sig_len),
				 TEEC_SUCCESS);
		assert_int_equal(n_len, RSA_BYTES);
		assert_int_equal(sig_len, RSA_BYTES);
		pk = client_rsa_pubkey(n, n_len);
		pctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_verify_init(pctx) > 0);
		assert_true(EVP_PKEY_CTX_set_signature_md(pctx, md) > 0);
		if (rsa_sigs[i].pss) {
			assert_true(EVP_PKEY_CTX_set_rsa_padding(
					    pctx, RSA_PKCS1_PSS_PADDING) > 0);
			assert_true(EVP_PKEY_CTX_set_rsa_pss_saltlen(
					    pctx, RSA_PSS_SALTLEN_DIGEST) > 0);
		}
		assert_int_equal(
			EVP_PKEY_verify(pctx, sig, sig_len, digest, dlen), 1);
		EVP_PKEY_CTX_free(pctx);
		EVP_PKEY_free(pk);
	}
	/* Short buffer: SHORT_BUFFER and the modulus' size */
	n_len = RSA_BYTES;
	sig_len = RSA_BYTES - 1;
	assert_int_equal(
		rsa_sign(rsa_sigs[3].alg, digest, 32, n, &n_len, sig, &sig_len),
		TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(sig_len, RSA_BYTES);
	crypto_down();
}

/* Appends a uint32_t length and @len bytes to the blob at *@p. */
static void blob_add(uint8_t **p, const void *buf, size_t len)
{
	uint32_t l = (uint32_t)len;

	memcpy(*p, &l, 4);
	if (len)
		memcpy(*p + 4, buf, len);
	*p += 4 + len;
}

/* The RSA_CRYPT blob of client key @pk (public part only if !@priv). */
static size_t rsa_blob(EVP_PKEY *pk, bool priv, const char *label,
		       uint8_t *blob)
{
	static const char *const names[] = {
		OSSL_PKEY_PARAM_RSA_N,	       OSSL_PKEY_PARAM_RSA_E,
		OSSL_PKEY_PARAM_RSA_D,	       OSSL_PKEY_PARAM_RSA_FACTOR1,
		OSSL_PKEY_PARAM_RSA_FACTOR2,   OSSL_PKEY_PARAM_RSA_EXPONENT1,
		OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1,
	};
	uint8_t *p = blob, buf[RSA_BYTES];

	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		BIGNUM *bn = NULL;
		int len = 0;

		if (i < 2 || priv) {
			assert_true(EVP_PKEY_get_bn_param(pk, names[i], &bn));
			len = BN_bn2bin(bn, buf);
			BN_clear_free(bn);
		}
		blob_add(&p, buf, (size_t)len);
	}
	blob_add(&p, label, label ? strlen(label) : 0);
	return (size_t)(p - blob);
}

static TEEC_Result rsa_crypt(uint32_t alg, uint32_t mode, const uint8_t *blob,
			     size_t blob_len, const void *in, size_t in_len,
			     uint8_t *out, size_t *out_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].value.a = alg;
	op.params[0].value.b = mode;
	set_tmp(&op, 1, (void *)blob, blob_len);
	set_tmp(&op, 2, (void *)in, in_len);
	set_tmp(&op, 3, out, *out_len);
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_RSA_CRYPT, &op, NULL);
	*out_len = op.params[3].tmpref.size;
	return res;
}

/* Sets client context @pctx up for @alg's padding (OAEP: @md, @label). */
static void client_rsa_pad(EVP_PKEY_CTX *pctx, const char *md,
			   const char *label)
{
	if (!md) {
		assert_true(EVP_PKEY_CTX_set_rsa_padding(
				    pctx, RSA_PKCS1_PADDING) > 0);
		return;
	}
	assert_true(EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_OAEP_PADDING) >
		    0);
	assert_true(EVP_PKEY_CTX_set_rsa_oaep_md_name(pctx, md, NULL) > 0);
	assert_true(EVP_PKEY_CTX_set_rsa_mgf1_md_name(pctx, md, NULL) > 0);
	if (label)
		assert_true(EVP_PKEY_CTX_set0_rsa_oaep_label(
				    pctx, OPENSSL_strdup(label),
				    (int)strlen(label)) > 0);
}

/* PKCS#1 v1.5 and OAEP (with and without a label) with a key this
 * process made: the TA decrypts what libcrypto encrypted, libcrypto
 * decrypts what the TA encrypted; a short buffer gets the plaintext's
 * size, a damaged ciphertext is TEE_ERROR_BAD_PARAMETERS. */
static void test_rsa_encryption_interoperates_with_libcrypto(void **state)
{
	static const struct {
		uint32_t alg;
		const char *md, *label;
	} v[] = {
		{TEE_ALG_RSAES_PKCS1_V1_5, NULL, NULL},
		{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1, "SHA1", NULL},
		{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256, "SHA256", "teebox"},
		{TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA512, "SHA512", NULL},
	};
	static const char msg[] = "a message for the key store";
	uint8_t blob[9 * (4 + RSA_BYTES)], ct[RSA_BYTES], pt[RSA_BYTES];
	EVP_PKEY *pk = EVP_RSA_gen(2048);
	size_t blob_len, ct_len, pt_len;

	(void)state;
	assert_non_null(pk);
	crypto_up();
	for (size_t i = 0; i < ARRAY_LEN(v); i++) {
		EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);

		/* libcrypto encrypts, the TA decrypts */
		assert_true(EVP_PKEY_encrypt_init(pctx) > 0);
		client_rsa_pad(pctx, v[i].md, v[i].label);
		ct_len = sizeof(ct);
		assert_true(EVP_PKEY_encrypt(pctx, ct, &ct_len,
					     (const uint8_t *)msg,
					     sizeof(msg)) > 0);
		blob_len = rsa_blob(pk, true, v[i].label, blob);
		pt_len = sizeof(pt);
		assert_int_equal(rsa_crypt(v[i].alg, TEE_MODE_DECRYPT, blob,
					   blob_len, ct, ct_len, pt, &pt_len),
				 TEEC_SUCCESS);
		assert_int_equal(pt_len, sizeof(msg));
		assert_memory_equal(pt, msg, sizeof(msg));
		pt_len = 3;
		assert_int_equal(rsa_crypt(v[i].alg, TEE_MODE_DECRYPT, blob,
					   blob_len, ct, ct_len, pt, &pt_len),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(pt_len, sizeof(msg));
		ct[5] ^= 1;
		pt_len = sizeof(pt);
		assert_int_equal(rsa_crypt(v[i].alg, TEE_MODE_DECRYPT, blob,
					   blob_len, ct, ct_len, pt, &pt_len),
				 TEE_ERROR_BAD_PARAMETERS);
		/* the TA encrypts with the public key, libcrypto decrypts */
		blob_len = rsa_blob(pk, false, v[i].label, blob);
		ct_len = sizeof(ct);
		assert_int_equal(rsa_crypt(v[i].alg, TEE_MODE_ENCRYPT, blob,
					   blob_len, msg, sizeof(msg), ct,
					   &ct_len),
				 TEEC_SUCCESS);
		assert_int_equal(ct_len, RSA_BYTES);
		EVP_PKEY_CTX_free(pctx);
		pctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
		assert_true(EVP_PKEY_decrypt_init(pctx) > 0);
		client_rsa_pad(pctx, v[i].md, v[i].label);
		pt_len = sizeof(pt);
		assert_true(EVP_PKEY_decrypt(pctx, pt, &pt_len, ct, ct_len) >
			    0);
		assert_int_equal(pt_len, sizeof(msg));
		assert_memory_equal(pt, msg, sizeof(msg));
		EVP_PKEY_CTX_free(pctx);
	}
	EVP_PKEY_free(pk);
	crypto_down();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_random_fills_and_differs,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_digest_known_answers_fips180_fips202_sm3,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_digest_streamed_and_copied_matches_libcrypto,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_digest_short_buffer_gives_size,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_cipher_known_answers_fips197_sp800_38a,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_cipher_des3_sm4_match_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_cipher_short_buffer_gives_size,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_mac_known_answers_rfc4231_sp800_38b,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_mac_cbc_mac_matches_libcrypto_cbc,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ae_known_answers_gcm_sp800_38c,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ae_gcm_tag_rules,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_objects_secret_key_rules,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_generated_key_copy_encrypts_as_libcrypto,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_operation_info_and_support,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_misuse_panics_target_dead,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_ecdsa_signature_verified_by_libcrypto,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ecdsa_verifies_rfc6979_signature,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_rsa_signatures_verified_by_libcrypto,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_rsa_encryption_interoperates_with_libcrypto,
			crypto_stop_leftover),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
