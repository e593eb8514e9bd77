// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PKCS#11 TA's symmetric mechanisms through libckteec's Cryptoki
 * calls, every result checked against OpenSSL, never against values
 * this code made: AES CBC-PAD, CTR and GCM encryption and decryption,
 * one-shot and in parts of odd sizes; AES-CMAC and HMAC signatures and
 * their _GENERAL forms; MD5, SHA-1 and SHA-2 digests and C_DigestKey.
 * Mechanism parameters and answers as OP-TEE's TA (processing_symm.c,
 * processing_digest.c; ABI-FACTS-INTERNAL §6.8), error codes as PKCS#11
 * 3.0 defines them (§5.8 encryption, §5.13/§5.15 signing/verifying,
 * §2.10 AES mechanisms).  pkcs11-tool 0.23 reaches none of CTR, GCM,
 * CMAC: this test calls the library the tool would.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <p11-kit/pkcs11.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "harness.h"

static struct harness tb;
static CK_SESSION_HANDLE ses;
static CK_OBJECT_HANDLE aes_key, gen_key, hmac256_key, nosign_key;

static const uint8_t aes_val[16] = "0123456789abcdef";
static uint8_t gen_val[64];
static uint8_t msg[300];

static CK_OBJECT_HANDLE make_key(CK_KEY_TYPE type, const void *val,
				 CK_ULONG len, CK_BBOOL sign)
{
	CK_OBJECT_CLASS class = CKO_SECRET_KEY;
	CK_BBOOL yes = CK_TRUE;
	CK_ATTRIBUTE tpl[] = {
		{CKA_CLASS, &class, sizeof(class)},
		{CKA_KEY_TYPE, &type, sizeof(type)},
		{CKA_VALUE, (void *)val, len},
		{CKA_ENCRYPT, &yes, 1},
		{CKA_DECRYPT, &yes, 1},
		{CKA_SIGN, &sign, 1},
		{CKA_VERIFY, &sign, 1},
		{CKA_EXTRACTABLE, &yes, 1},
	};
	CK_OBJECT_HANDLE h = 0;

	assert_int_equal(C_CreateObject(ses, tpl, 8, &h), CKR_OK);
	return h;
}

/* A secret key of @type, @val, with the @n attributes of @extra too. */
static CK_OBJECT_HANDLE make_key_ex(CK_KEY_TYPE type, const void *val,
				    CK_ULONG len, const CK_ATTRIBUTE *extra,
				    CK_ULONG n)
{
	CK_OBJECT_CLASS class = CKO_SECRET_KEY;
	CK_ATTRIBUTE tpl[12] = {
		{CKA_CLASS, &class, sizeof(class)},
		{CKA_KEY_TYPE, &type, sizeof(type)},
		{CKA_VALUE, (void *)val, len},
	};
	CK_OBJECT_HANDLE h = 0;

	memcpy(tpl + 3, extra, n * sizeof(*extra));
	assert_int_equal(C_CreateObject(ses, tpl, 3 + n, &h), CKR_OK);
	return h;
}

/* A data object (CKO_DATA) with a value. */
static CK_OBJECT_HANDLE data_obj(void)
{
	CK_OBJECT_CLASS class = CKO_DATA;
	CK_ATTRIBUTE tpl[] = {
		{CKA_CLASS, &class, sizeof(class)},
		{CKA_VALUE, "some data", 9},
	};
	CK_OBJECT_HANDLE h = 0;

	assert_int_equal(C_CreateObject(ses, tpl, 2, &h), CKR_OK);
	return h;
}

static int setup(void **state)
{
	CK_UTF8CHAR label[32];
	size_t n;

	(void)state;
	for (n = 0; n < sizeof(msg); n++)
		msg[n] = n * 13 + 5;
	for (n = 0; n < sizeof(gen_val); n++)
		gen_val[n] = n * 3 + 1;
	memset(label, ' ', sizeof(label));
	memcpy(label, "symm", 4);
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(C_Initialize(NULL), CKR_OK);
	assert_int_equal(C_InitToken(0, (CK_UTF8CHAR_PTR) "12345678", 8, label),
			 CKR_OK);
	assert_int_equal(C_OpenSession(0, CKF_SERIAL_SESSION | CKF_RW_SESSION,
				       NULL, NULL, &ses),
			 CKR_OK);
	assert_int_equal(C_Login(ses, CKU_SO, (CK_UTF8CHAR_PTR) "12345678", 8),
			 CKR_OK);
	assert_int_equal(C_InitPIN(ses, (CK_UTF8CHAR_PTR) "1234", 4), CKR_OK);
	assert_int_equal(C_Logout(ses), CKR_OK);
	assert_int_equal(C_Login(ses, CKU_USER, (CK_UTF8CHAR_PTR) "1234", 4),
			 CKR_OK);
	aes_key = make_key(CKK_AES, aes_val, 16, CK_TRUE);
	gen_key = make_key(CKK_GENERIC_SECRET, gen_val, 64, CK_TRUE);
	hmac256_key = make_key(CKK_SHA256_HMAC, gen_val, 32, CK_TRUE);
	nosign_key = make_key(CKK_GENERIC_SECRET, gen_val, 32, CK_FALSE);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	C_CloseSession(ses);
	C_Finalize(NULL);
	harness_stop_ok(&tb);
	return 0;
}

/* What OpenSSL makes of @in with @cipher, key aes_val, @iv (padding on). */
static int ossl_cipher(const EVP_CIPHER *cipher, const uint8_t *iv, int pad,
		       const uint8_t *in, int len, uint8_t *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, m = 0;

	assert_non_null(c);
	assert_int_equal(EVP_EncryptInit_ex(c, cipher, NULL, aes_val, iv), 1);
	EVP_CIPHER_CTX_set_padding(c, pad);
	assert_int_equal(EVP_EncryptUpdate(c, out, &n, in, len), 1);
	assert_int_equal(EVP_EncryptFinal_ex(c, out + n, &m), 1);
	EVP_CIPHER_CTX_free(c);
	return n + m;
}

/* Encrypt or decrypt @in in parts of @step bytes: the output's size. */
static CK_ULONG in_parts(int enc, const uint8_t *in, CK_ULONG len,
			 CK_ULONG step, uint8_t *out, CK_ULONG room)
{
	CK_ULONG done = 0, off, n, part;

	for (off = 0; off < len; off += part) {
		part = len - off < step ? len - off : step;
		n = room - done;
		assert_int_equal(
			enc ? C_EncryptUpdate(ses, (CK_BYTE_PTR)in + off, part,
					      out + done, &n)
			    : C_DecryptUpdate(ses, (CK_BYTE_PTR)in + off, part,
					      out + done, &n),
			CKR_OK);
		done += n;
	}
	n = room - done;
	assert_int_equal(enc ? C_EncryptFinal(ses, out + done, &n)
			     : C_DecryptFinal(ses, out + done, &n),
			 CKR_OK);
	return done + n;
}

static void test_cbc_pad(void **state)
{
	static const CK_ULONG lens[] = {0, 1, 16, 100, 300};
	uint8_t iv[16], want[320], got[320], back[320];
	CK_MECHANISM m = {CKM_AES_CBC_PAD, iv, 16};
	CK_ULONG n, len, k;
	int wl;

	(void)state;
	for (n = 0; n < 16; n++)
		iv[n] = 0xa0 + n;
	for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
		len = lens[k];
		wl = ossl_cipher(EVP_aes_128_cbc(), iv, 1, msg, len, want);
		/* One shot, with a size query first (PKCS#11 §5.2). */
		assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
		n = 0;
		assert_int_equal(C_Encrypt(ses, msg, len, NULL, &n), CKR_OK);
		assert_int_equal(n, wl);
		assert_int_equal(C_Encrypt(ses, msg, len, got, &n), CKR_OK);
		assert_int_equal(n, wl);
		assert_memory_equal(got, want, wl);
		/* In parts of 7 bytes, both ways. */
		assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
		assert_int_equal(in_parts(1, msg, len, 7, got, sizeof(got)),
				 wl);
		assert_memory_equal(got, want, wl);
		assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
		assert_int_equal(in_parts(0, want, wl, 7, back, sizeof(back)),
				 len);
		assert_memory_equal(back, msg, len);
		/* In whole blocks: the last one is held back until Final. */
		assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
		assert_int_equal(in_parts(0, want, wl, 16, back, sizeof(back)),
				 len);
		assert_memory_equal(back, msg, len);
		assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
		n = sizeof(back);
		assert_int_equal(C_Decrypt(ses, want, wl, back, &n), CKR_OK);
		assert_int_equal(n, len);
		assert_memory_equal(back, msg, len);
	}
	/* A padding that is not PKCS#7: ENCRYPTED_DATA_INVALID. */
	ossl_cipher(EVP_aes_128_cbc(), iv, 0, msg, 32, want);
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(back);
	assert_int_equal(C_Decrypt(ses, want, 32, back, &n),
			 CKR_ENCRYPTED_DATA_INVALID);
	/* Not whole blocks: ENCRYPTED_DATA_LEN_RANGE; the operation ends. */
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(back);
	assert_int_equal(C_Decrypt(ses, want, 17, back, &n),
			 CKR_ENCRYPTED_DATA_LEN_RANGE);
	assert_int_equal(C_Decrypt(ses, want, 16, back, &n),
			 CKR_OPERATION_NOT_INITIALIZED);
	/* A short buffer keeps the operation (PKCS#11 §5.2). */
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	n = 16;
	assert_int_equal(C_Encrypt(ses, msg, 20, got, &n),
			 CKR_BUFFER_TOO_SMALL);
	assert_int_equal(n, 32);
	assert_int_equal(C_Encrypt(ses, msg, 20, got, &n), CKR_OK);
	/* The IV is 16 bytes. */
	m.ulParameterLen = 8;
	assert_int_equal(C_EncryptInit(ses, &m, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
}

static void test_ctr(void **state)
{
	CK_AES_CTR_PARAMS p = {.ulCounterBits = 1};
	CK_MECHANISM m = {CKM_AES_CTR, &p, sizeof(p)};
	uint8_t want[320], got[320], back[320];
	CK_ULONG n;

	(void)state;
	memset(p.cb, 0, sizeof(p.cb));
	/* A counter that carries over its low 64 bits. */
	memset(p.cb + 8, 0xff, 8);
	p.cb[15] = 0xfe;
	ossl_cipher(EVP_aes_128_ctr(), p.cb, 0, msg, 300, want);
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(got);
	assert_int_equal(C_Encrypt(ses, msg, 300, got, &n), CKR_OK);
	assert_int_equal(n, 300);
	assert_memory_equal(got, want, 300);
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	assert_int_equal(in_parts(1, msg, 300, 13, got, sizeof(got)), 300);
	assert_memory_equal(got, want, 300);
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	assert_int_equal(in_parts(0, want, 300, 5, back, sizeof(back)), 300);
	assert_memory_equal(back, msg, 300);
	/* OP-TEE takes only a counter bits value of 1 (processing_symm.c). */
	p.ulCounterBits = 128;
	assert_int_equal(C_EncryptInit(ses, &m, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
	m.ulParameterLen = 16;
	assert_int_equal(C_EncryptInit(ses, &m, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
}

/* OpenSSL's AES-128-GCM of @len bytes of @in: ciphertext ‖ tag. */
static int ossl_gcm_of(const uint8_t *in, const uint8_t *iv, int iv_len,
		       const uint8_t *aad, int aad_len, int tag_len, int len,
		       uint8_t *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, m = 0;

	assert_int_equal(
		EVP_EncryptInit_ex(c, EVP_aes_128_gcm(), NULL, NULL, NULL), 1);
	assert_int_equal(
		EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, iv_len, NULL),
		1);
	assert_int_equal(EVP_EncryptInit_ex(c, NULL, NULL, aes_val, iv), 1);
	if (aad_len)
		assert_int_equal(EVP_EncryptUpdate(c, NULL, &n, aad, aad_len),
				 1);
	assert_int_equal(EVP_EncryptUpdate(c, out, &n, in, len), 1);
	assert_int_equal(EVP_EncryptFinal_ex(c, out + n, &m), 1);
	assert_int_equal(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, tag_len,
					     out + n + m),
			 1);
	EVP_CIPHER_CTX_free(c);
	return n + m + tag_len;
}

/* The same of msg. */
static int ossl_gcm(const uint8_t *iv, int iv_len, const uint8_t *aad,
		    int aad_len, int tag_len, int len, uint8_t *out)
{
	return ossl_gcm_of(msg, iv, iv_len, aad, aad_len, tag_len, len, out);
}

static void test_gcm(void **state)
{
	uint8_t iv[12], aad[20], want[340], got[340], back[340];
	CK_GCM_PARAMS p = {iv, 12, 96, aad, 20, 128};
	CK_MECHANISM m = {CKM_AES_GCM, &p, sizeof(p)};
	CK_ULONG n;
	int wl;

	(void)state;
	memset(iv, 0x42, sizeof(iv));
	memset(aad, 0x17, sizeof(aad));
	wl = ossl_gcm(iv, 12, aad, 20, 16, 300, want);
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	n = 0;
	assert_int_equal(C_Encrypt(ses, msg, 300, NULL, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_int_equal(C_Encrypt(ses, msg, 300, got, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_memory_equal(got, want, wl);
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	assert_int_equal(in_parts(1, msg, 300, 11, got, sizeof(got)), wl);
	assert_memory_equal(got, want, wl);
	/* Decryption gives nothing before Final, which checks the tag. */
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	assert_int_equal(in_parts(0, want, wl, 50, back, sizeof(back)), 300);
	assert_memory_equal(back, msg, 300);
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	n = 0;
	assert_int_equal(C_Decrypt(ses, want, wl, NULL, &n), CKR_OK);
	assert_int_equal(n, 300);
	assert_int_equal(C_Decrypt(ses, want, wl, back, &n), CKR_OK);
	assert_memory_equal(back, msg, 300);
	/* A tag one bit wrong: ENCRYPTED_DATA_INVALID (PKCS#11 3.0 §2.10). */
	want[wl - 1] ^= 1;
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(back);
	assert_int_equal(C_Decrypt(ses, want, wl, back, &n),
			 CKR_ENCRYPTED_DATA_INVALID);
	/* A 96-bit tag, no AAD. */
	memset(iv, 0x42, sizeof(iv));
	p.ulTagBits = 96;
	p.ulAADLen = 0;
	wl = ossl_gcm(iv, 12, NULL, 0, 12, 33, want);
	assert_int_equal(C_EncryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(got);
	assert_int_equal(C_Encrypt(ses, msg, 33, got, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_memory_equal(got, want, wl);
	/* Shorter than its tag: ENCRYPTED_DATA_LEN_RANGE. */
	assert_int_equal(C_DecryptInit(ses, &m, aes_key), CKR_OK);
	n = sizeof(back);
	assert_int_equal(C_Decrypt(ses, want, 11, back, &n),
			 CKR_ENCRYPTED_DATA_LEN_RANGE);
	/* Tag bits GP's GCM lacks, an empty IV: MECHANISM_PARAM_INVALID. */
	p.ulTagBits = 100;
	assert_int_equal(C_EncryptInit(ses, &m, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
	p.ulTagBits = 128;
	p.ulIvLen = 0;
	assert_int_equal(C_EncryptInit(ses, &m, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
}

/* OpenSSL's MAC (@alg "HMAC" with @sub digest, or "CMAC"). */
static size_t ossl_mac(const char *alg, const char *sub, const uint8_t *key,
		       size_t klen, const uint8_t *in, size_t len, uint8_t *out)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, alg, NULL);
	EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac);
	OSSL_PARAM p[2];
	size_t n = 0;

	p[0] = OSSL_PARAM_construct_utf8_string(strcmp(alg, "CMAC")
							? OSSL_MAC_PARAM_DIGEST
							: OSSL_MAC_PARAM_CIPHER,
						(char *)sub, 0);
	p[1] = OSSL_PARAM_construct_end();
	assert_int_equal(EVP_MAC_init(c, key, klen, p), 1);
	assert_int_equal(EVP_MAC_update(c, in, len), 1);
	assert_int_equal(EVP_MAC_final(c, out, &n, 64), 1);
	EVP_MAC_CTX_free(c);
	EVP_MAC_free(mac);
	return n;
}

/* Sign @len bytes of msg one shot and in parts; verify both ways. */
static void sign_check(CK_MECHANISM_PTR m, CK_OBJECT_HANDLE key,
		       const uint8_t *want, CK_ULONG wl, CK_ULONG len)
{
	uint8_t sig[64];
	CK_ULONG n = 0, off;

	assert_int_equal(C_SignInit(ses, m, key), CKR_OK);
	assert_int_equal(C_Sign(ses, msg, len, NULL, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_int_equal(C_Sign(ses, msg, len, sig, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_memory_equal(sig, want, wl);
	assert_int_equal(C_SignInit(ses, m, key), CKR_OK);
	for (off = 0; off < len; off += 37)
		assert_int_equal(C_SignUpdate(ses, msg + off,
					      len - off < 37 ? len - off : 37),
				 CKR_OK);
	n = sizeof(sig);
	assert_int_equal(C_SignFinal(ses, sig, &n), CKR_OK);
	assert_int_equal(n, wl);
	assert_memory_equal(sig, want, wl);
	assert_int_equal(C_VerifyInit(ses, m, key), CKR_OK);
	assert_int_equal(C_Verify(ses, msg, len, sig, wl), CKR_OK);
	assert_int_equal(C_VerifyInit(ses, m, key), CKR_OK);
	assert_int_equal(C_VerifyUpdate(ses, msg, len), CKR_OK);
	assert_int_equal(C_VerifyFinal(ses, sig, wl), CKR_OK);
	/* PKCS#11 §5.15: a wrong MAC, a MAC of the wrong length. */
	sig[0] ^= 0x80;
	assert_int_equal(C_VerifyInit(ses, m, key), CKR_OK);
	assert_int_equal(C_Verify(ses, msg, len, sig, wl),
			 CKR_SIGNATURE_INVALID);
	sig[0] ^= 0x80;
	assert_int_equal(C_VerifyInit(ses, m, key), CKR_OK);
	assert_int_equal(C_Verify(ses, msg, len, sig, wl - 1),
			 CKR_SIGNATURE_LEN_RANGE);
}

static void test_cmac(void **state)
{
	CK_ULONG general = 8;
	CK_MECHANISM m = {CKM_AES_CMAC, NULL, 0};
	CK_MECHANISM g = {CKM_AES_CMAC_GENERAL, &general, sizeof(general)};
	uint8_t want[64];
	size_t wl;

	(void)state;
	wl = ossl_mac("CMAC", "AES-128-CBC", aes_val, 16, msg, 300, want);
	assert_int_equal(wl, 16);
	sign_check(&m, aes_key, want, 16, 300);
	sign_check(&g, aes_key, want, 8, 300);
	wl = ossl_mac("CMAC", "AES-128-CBC", aes_val, 16, msg, 0, want);
	sign_check(&m, aes_key, want, 16, 0);
	/* At most the 16 bytes of a CMAC. */
	general = 17;
	assert_int_equal(C_SignInit(ses, &g, aes_key),
			 CKR_MECHANISM_PARAM_INVALID);
	/* AES-CMAC wants an AES key. */
	assert_int_equal(C_SignInit(ses, &m, gen_key),
			 CKR_KEY_TYPE_INCONSISTENT);
}

static void test_hmac(void **state)
{
	static const struct {
		CK_MECHANISM_TYPE mech;
		const char *md;
	} h[] = {
		{CKM_MD5_HMAC, "MD5"},	     {CKM_SHA_1_HMAC, "SHA1"},
		{CKM_SHA224_HMAC, "SHA224"}, {CKM_SHA256_HMAC, "SHA256"},
		{CKM_SHA384_HMAC, "SHA384"}, {CKM_SHA512_HMAC, "SHA512"},
	};
	CK_ULONG general = 10;
	CK_MECHANISM m = {0, NULL, 0};
	CK_MECHANISM g = {0, &general, sizeof(general)};
	CK_OBJECT_HANDLE short_key;
	uint8_t want[64];
	size_t k, wl;

	(void)state;
	for (k = 0; k < sizeof(h) / sizeof(h[0]); k++) {
		wl = ossl_mac("HMAC", h[k].md, gen_val, 64, msg, 300, want);
		m.mechanism = h[k].mech;
		g.mechanism = h[k].mech + 1; /* its _GENERAL */
		sign_check(&m, gen_key, want, wl, 300);
		sign_check(&g, gen_key, want, 10, 300);
	}
	/* A SHA256-HMAC key: SHA256 HMAC, not another hash's. */
	wl = ossl_mac("HMAC", "SHA256", gen_val, 32, msg, 100, want);
	m.mechanism = CKM_SHA256_HMAC;
	sign_check(&m, hmac256_key, want, wl, 100);
	m.mechanism = CKM_SHA384_HMAC;
	assert_int_equal(C_SignInit(ses, &m, hmac256_key),
			 CKR_KEY_TYPE_INCONSISTENT);
	/* OP-TEE's key sizes: SHA256-HMAC takes 24 to 128 bytes. */
	short_key = make_key(CKK_GENERIC_SECRET, gen_val, 16, CK_TRUE);
	m.mechanism = CKM_SHA256_HMAC;
	assert_int_equal(C_SignInit(ses, &m, short_key), CKR_KEY_SIZE_RANGE);
	/* No CKA_SIGN: KEY_FUNCTION_NOT_PERMITTED. */
	assert_int_equal(C_SignInit(ses, &m, nosign_key),
			 CKR_KEY_FUNCTION_NOT_PERMITTED);
	/* HMAC takes no parameter. */
	m.pParameter = &general;
	m.ulParameterLen = sizeof(general);
	assert_int_equal(C_SignInit(ses, &m, gen_key),
			 CKR_MECHANISM_PARAM_INVALID);
}

static void test_digest(void **state)
{
	static const struct {
		CK_MECHANISM_TYPE mech;
		const char *md;
	} d[] = {
		{CKM_MD5, "MD5"},	{CKM_SHA_1, "SHA1"},
		{CKM_SHA224, "SHA224"}, {CKM_SHA256, "SHA256"},
		{CKM_SHA384, "SHA384"}, {CKM_SHA512, "SHA512"},
	};
	CK_MECHANISM m = {0, NULL, 0};
	uint8_t want[64], got[64];
	unsigned int wl = 0;
	CK_ULONG n;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(d) / sizeof(d[0]); k++) {
		m.mechanism = d[k].mech;
		assert_int_equal(EVP_Digest(msg, 300, want, &wl,
					    EVP_get_digestbyname(d[k].md),
					    NULL),
				 1);
		assert_int_equal(C_DigestInit(ses, &m), CKR_OK);
		n = 0;
		assert_int_equal(C_Digest(ses, msg, 300, NULL, &n), CKR_OK);
		assert_int_equal(n, wl);
		assert_int_equal(C_Digest(ses, msg, 300, got, &n), CKR_OK);
		assert_memory_equal(got, want, wl);
		assert_int_equal(C_DigestInit(ses, &m), CKR_OK);
		assert_int_equal(C_DigestUpdate(ses, msg, 100), CKR_OK);
		assert_int_equal(C_DigestUpdate(ses, msg + 100, 200), CKR_OK);
		n = wl - 1;
		assert_int_equal(C_DigestFinal(ses, got, &n),
				 CKR_BUFFER_TOO_SMALL);
		assert_int_equal(n, wl);
		assert_int_equal(C_DigestFinal(ses, got, &n), CKR_OK);
		assert_memory_equal(got, want, wl);
	}
	/* C_DigestKey: the key's value, between the data (PKCS#11 §5.12). */
	m.mechanism = CKM_SHA256;
	{
		EVP_MD_CTX *c = EVP_MD_CTX_new();

		EVP_DigestInit_ex(c, EVP_sha256(), NULL);
		EVP_DigestUpdate(c, msg, 10);
		EVP_DigestUpdate(c, aes_val, 16);
		EVP_DigestFinal_ex(c, want, &wl);
		EVP_MD_CTX_free(c);
	}
	assert_int_equal(C_DigestInit(ses, &m), CKR_OK);
	assert_int_equal(C_DigestUpdate(ses, msg, 10), CKR_OK);
	assert_int_equal(C_DigestKey(ses, aes_key), CKR_OK);
	n = sizeof(got);
	assert_int_equal(C_DigestFinal(ses, got, &n), CKR_OK);
	assert_memory_equal(got, want, 32);
	/* Only a secret key is digestible (PKCS#11 §5.12). */
	assert_int_equal(C_DigestInit(ses, &m), CKR_OK);
	assert_int_equal(C_DigestKey(ses, data_obj()), CKR_KEY_INDIGESTIBLE);
	assert_int_equal(C_DigestUpdate(ses, msg, 1),
			 CKR_OPERATION_NOT_INITIALIZED);
	/* One operation at a time per session. */
	assert_int_equal(C_DigestInit(ses, &m), CKR_OK);
	assert_int_equal(C_DigestInit(ses, &m), CKR_OPERATION_ACTIVE);
	assert_int_equal(C_SignInit(ses, &m, aes_key), CKR_OPERATION_ACTIVE);
	n = sizeof(got);
	assert_int_equal(C_Digest(ses, msg, 1, got, &n), CKR_OK);
	m.mechanism = CKM_SHA256_HMAC;
	assert_int_equal(C_DigestInit(ses, &m), CKR_MECHANISM_INVALID);
}

/* A key's CKA_VALUE (it must be readable): its length. */
static CK_ULONG value_of(CK_OBJECT_HANDLE h, uint8_t *buf, CK_ULONG room)
{
	CK_ATTRIBUTE a = {CKA_VALUE, buf, room};

	assert_int_equal(C_GetAttributeValue(ses, h, &a, 1), CKR_OK);
	return a.ulValueLen;
}

/*
 * C_WrapKey / C_UnwrapKey with AES-ECB and AES-CBC: the value zero-padded
 * to whole blocks and encrypted as OpenSSL does, cut back to
 * CKA_VALUE_LEN on unwrap (PKCS#11 3.0 §2.10 AES_ECB/AES_CBC key
 * wrapping); with AES-GCM what C_Encrypt makes of the value, ciphertext
 * and tag (OP-TEE's TA reports GCM for wrapping but refuses it: a
 * difference docs/pkcs11.md tells); and the §5.18 rules on who may wrap
 * what.
 */
static void test_wrap(void **state)
{
	CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	CK_ATTRIBUTE wrapper[] = {{CKA_WRAP, &yes, 1}, {CKA_UNWRAP, &yes, 1}};
	CK_ATTRIBUTE plain[] = {{CKA_EXTRACTABLE, &yes, 1}};
	CK_ATTRIBUTE stuck[] = {{CKA_EXTRACTABLE, &no, 1}};
	CK_ATTRIBUTE trusted[] = {{CKA_EXTRACTABLE, &yes, 1},
				  {CKA_WRAP_WITH_TRUSTED, &yes, 1}};
	CK_OBJECT_CLASS class = CKO_SECRET_KEY;
	CK_KEY_TYPE gen = CKK_GENERIC_SECRET;
	CK_ULONG vlen = 32;
	CK_ATTRIBUTE utpl[] = {
		{CKA_CLASS, &class, sizeof(class)},
		{CKA_KEY_TYPE, &gen, sizeof(gen)},
		{CKA_VALUE_LEN, &vlen, sizeof(vlen)},
		{CKA_EXTRACTABLE, &yes, 1},
	};
	CK_ATTRIBUTE local = {CKA_LOCAL, &no, 1};
	uint8_t iv[16], padded[32], want[64], got[64], val[64];
	CK_MECHANISM ecb = {CKM_AES_ECB, NULL, 0};
	CK_MECHANISM cbc = {CKM_AES_CBC, iv, 16};
	CK_MECHANISM cmac = {CKM_AES_CMAC, NULL, 0};
	CK_OBJECT_HANDLE wk, k32, k20, kx, kt, h;
	CK_ULONG n;

	(void)state;
	memset(iv, 0x33, sizeof(iv));
	wk = make_key_ex(CKK_AES, aes_val, 16, wrapper, 2);
	k32 = make_key_ex(CKK_GENERIC_SECRET, gen_val, 32, plain, 1);
	k20 = make_key_ex(CKK_GENERIC_SECRET, gen_val + 1, 20, plain, 1);
	kx = make_key_ex(CKK_GENERIC_SECRET, gen_val, 32, stuck, 1);
	kt = make_key_ex(CKK_GENERIC_SECRET, gen_val, 32, trusted, 2);

	n = 0;
	assert_int_equal(C_WrapKey(ses, &ecb, wk, k32, NULL, &n), CKR_OK);
	assert_int_equal(n, 32);
	assert_int_equal(C_WrapKey(ses, &ecb, wk, k32, got, &n), CKR_OK);
	ossl_cipher(EVP_aes_128_ecb(), NULL, 0, gen_val, 32, want);
	assert_memory_equal(got, want, 32);
	assert_int_equal(C_UnwrapKey(ses, &ecb, wk, got, 32, utpl, 4, &h),
			 CKR_OK);
	assert_int_equal(value_of(h, val, sizeof(val)), 32);
	assert_memory_equal(val, gen_val, 32);
	assert_int_equal(C_GetAttributeValue(ses, h, &local, 1), CKR_OK);
	assert_int_equal(no, CK_FALSE);

	/* 20 bytes: padded with zeros to 32, cut back to CKA_VALUE_LEN. */
	n = sizeof(got);
	assert_int_equal(C_WrapKey(ses, &cbc, wk, k20, got, &n), CKR_OK);
	assert_int_equal(n, 32);
	memset(padded, 0, sizeof(padded));
	memcpy(padded, gen_val + 1, 20);
	ossl_cipher(EVP_aes_128_cbc(), iv, 0, padded, 32, want);
	assert_memory_equal(got, want, 32);
	vlen = 20;
	assert_int_equal(C_UnwrapKey(ses, &cbc, wk, got, 32, utpl, 4, &h),
			 CKR_OK);
	assert_int_equal(value_of(h, val, sizeof(val)), 20);
	assert_memory_equal(val, gen_val + 1, 20);
	vlen = 33;
	assert_int_equal(C_UnwrapKey(ses, &cbc, wk, got, 32, utpl, 4, &h),
			 CKR_TEMPLATE_INCONSISTENT);

	/* GCM: the value encrypted as is, the tag after it. */
	{
		uint8_t giv[12];
		CK_GCM_PARAMS gp = {giv, 12, 96, NULL, 0, 128};
		CK_MECHANISM gcm = {CKM_AES_GCM, &gp, sizeof(gp)};

		memset(giv, 0x61, sizeof(giv));
		n = 0;
		assert_int_equal(C_WrapKey(ses, &gcm, wk, k20, NULL, &n),
				 CKR_OK);
		assert_int_equal(n, 36);
		assert_int_equal(C_WrapKey(ses, &gcm, wk, k20, got, &n),
				 CKR_OK);
		assert_int_equal(n, 36);
		ossl_gcm_of(gen_val + 1, giv, 12, NULL, 0, 16, 20, want);
		assert_memory_equal(got, want, 36);
		vlen = 20;
		assert_int_equal(
			C_UnwrapKey(ses, &gcm, wk, got, 36, utpl, 4, &h),
			CKR_OK);
		assert_int_equal(value_of(h, val, sizeof(val)), 20);
		assert_memory_equal(val, gen_val + 1, 20);
		got[35] ^= 1;
		assert_int_equal(
			C_UnwrapKey(ses, &gcm, wk, got, 36, utpl, 4, &h),
			CKR_WRAPPED_KEY_INVALID);
		assert_int_equal(
			C_UnwrapKey(ses, &gcm, wk, got, 16, utpl, 4, &h),
			CKR_WRAPPED_KEY_LEN_RANGE);
	}

	/* Who may wrap what. */
	n = sizeof(got);
	assert_int_equal(C_WrapKey(ses, &ecb, wk, kx, got, &n),
			 CKR_KEY_UNEXTRACTABLE);
	assert_int_equal(C_WrapKey(ses, &ecb, wk, kt, got, &n),
			 CKR_KEY_NOT_WRAPPABLE);
	assert_int_equal(C_WrapKey(ses, &ecb, wk, data_obj(), got, &n),
			 CKR_KEY_NOT_WRAPPABLE);
	assert_int_equal(C_WrapKey(ses, &ecb, aes_key, k32, got, &n),
			 CKR_KEY_FUNCTION_NOT_PERMITTED);
	assert_int_equal(C_WrapKey(ses, &ecb, gen_key, k32, got, &n),
			 CKR_WRAPPING_KEY_TYPE_INCONSISTENT);
	n = sizeof(got);
	assert_int_equal(C_WrapKey(ses, &cmac, wk, k32, got, &n),
			 CKR_MECHANISM_INVALID);
	vlen = 32;
	assert_int_equal(C_UnwrapKey(ses, &ecb, aes_key, got, 32, utpl, 4, &h),
			 CKR_KEY_FUNCTION_NOT_PERMITTED);
	assert_int_equal(C_UnwrapKey(ses, &ecb, wk, got, 17, utpl, 4, &h),
			 CKR_WRAPPED_KEY_LEN_RANGE);
	n = 8;
	assert_int_equal(C_WrapKey(ses, &ecb, wk, k32, got, &n),
			 CKR_BUFFER_TOO_SMALL);
	assert_int_equal(n, 32);
}

/*
 * C_SetAttributeValue's and C_CopyObject's rules (PKCS#11 3.0 §4.4
 * footnotes 8 and 11, §4.10; OP-TEE check_attrs_against_modification()).
 */
static void test_set_attribute(void **state)
{
	CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	CK_ATTRIBUTE open_key[] = {{CKA_EXTRACTABLE, &yes, 1},
				   {CKA_SIGN, &yes, 1}};
	CK_ATTRIBUTE fixed[] = {{CKA_MODIFIABLE, &no, 1}};
	CK_ATTRIBUTE a;
	CK_MECHANISM m = {CKM_SHA256_HMAC, NULL, 0};
	CK_KEY_TYPE aes = CKK_AES;
	CK_OBJECT_HANDLE k, f;
	char label[16];

	(void)state;
	k = make_key_ex(CKK_GENERIC_SECRET, gen_val, 32, open_key, 2);
	a = (CK_ATTRIBUTE){CKA_LABEL, "renamed", 7};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1), CKR_OK);
	a = (CK_ATTRIBUTE){CKA_LABEL, label, sizeof(label)};
	assert_int_equal(C_GetAttributeValue(ses, k, &a, 1), CKR_OK);
	assert_int_equal(a.ulValueLen, 7);
	assert_memory_equal(label, "renamed", 7);
	/* A usage flag: the change shows in what the key may do. */
	a = (CK_ATTRIBUTE){CKA_SIGN, &no, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1), CKR_OK);
	assert_int_equal(C_SignInit(ses, &m, k),
			 CKR_KEY_FUNCTION_NOT_PERMITTED);
	/* SENSITIVE only to true, EXTRACTABLE only to false. */
	a = (CK_ATTRIBUTE){CKA_SENSITIVE, &yes, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1), CKR_OK);
	a = (CK_ATTRIBUTE){CKA_SENSITIVE, &no, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_ATTRIBUTE_READ_ONLY);
	a = (CK_ATTRIBUTE){CKA_EXTRACTABLE, &no, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1), CKR_OK);
	a = (CK_ATTRIBUTE){CKA_EXTRACTABLE, &yes, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_ATTRIBUTE_READ_ONLY);
	/* What a key is, and what only the SO may say. */
	a = (CK_ATTRIBUTE){CKA_VALUE, (void *)aes_val, 16};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_ATTRIBUTE_READ_ONLY);
	a = (CK_ATTRIBUTE){CKA_KEY_TYPE, &aes, sizeof(aes)};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_ATTRIBUTE_READ_ONLY);
	a = (CK_ATTRIBUTE){CKA_TRUSTED, &yes, 1};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_KEY_FUNCTION_NOT_PERMITTED);
	a = (CK_ATTRIBUTE){CKA_APPLICATION, "app", 3};
	assert_int_equal(C_SetAttributeValue(ses, k, &a, 1),
			 CKR_ATTRIBUTE_TYPE_INVALID);
	/*
	 * C_CopyObject: the same key, what the template changes, CKA_TOKEN
	 * and CKA_PRIVATE too; MODIFIABLE and COPYABLE only turned off.
	 */
	{
		CK_ATTRIBUTE ct[] = {{CKA_LABEL, "copy", 4},
				     {CKA_MODIFIABLE, &no, 1},
				     {CKA_COPYABLE, &no, 1}};
		uint8_t val[16];
		CK_OBJECT_HANDLE cp, cp2;

		assert_int_equal(C_CopyObject(ses, aes_key, ct, 3, &cp),
				 CKR_OK);
		assert_int_not_equal(cp, aes_key);
		assert_int_equal(value_of(cp, val, sizeof(val)), 16);
		assert_memory_equal(val, aes_val, 16);
		a = (CK_ATTRIBUTE){CKA_LABEL, label, sizeof(label)};
		assert_int_equal(C_GetAttributeValue(ses, cp, &a, 1), CKR_OK);
		assert_memory_equal(label, "copy", 4);
		a = (CK_ATTRIBUTE){CKA_LABEL, "y", 1};
		assert_int_equal(C_SetAttributeValue(ses, cp, &a, 1),
				 CKR_ACTION_PROHIBITED);
		assert_int_equal(C_CopyObject(ses, cp, NULL, 0, &cp2),
				 CKR_ACTION_PROHIBITED);
		ct[0] = (CK_ATTRIBUTE){CKA_VALUE, val, 16};
		assert_int_equal(C_CopyObject(ses, aes_key, ct, 1, &cp2),
				 CKR_ATTRIBUTE_READ_ONLY);
	}
	/* CKA_MODIFIABLE false: nothing changes. */
	f = make_key_ex(CKK_AES, aes_val, 16, fixed, 1);
	a = (CK_ATTRIBUTE){CKA_LABEL, "x", 1};
	assert_int_equal(C_SetAttributeValue(ses, f, &a, 1),
			 CKR_ACTION_PROHIBITED);
	/* Its copy stays so, and takes no other change but TOKEN, PRIVATE. */
	a = (CK_ATTRIBUTE){CKA_MODIFIABLE, &yes, 1};
	assert_int_equal(C_CopyObject(ses, f, &a, 1, &k),
			 CKR_ATTRIBUTE_READ_ONLY);
	a = (CK_ATTRIBUTE){CKA_LABEL, "x", 1};
	assert_int_equal(C_CopyObject(ses, f, &a, 1, &k),
			 CKR_ATTRIBUTE_READ_ONLY);
	a = (CK_ATTRIBUTE){CKA_PRIVATE, &yes, 1};
	assert_int_equal(C_CopyObject(ses, f, &a, 1, &k), CKR_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cbc_pad),
		cmocka_unit_test(test_ctr),
		cmocka_unit_test(test_gcm),
		cmocka_unit_test(test_cmac),
		cmocka_unit_test(test_hmac),
		cmocka_unit_test(test_digest),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_set_attribute),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
