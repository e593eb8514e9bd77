// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API chapter 6, the rest of it, end to end through
 * ta_test_crypto (ta/tests/crypto/ta_crypto_cmds.h): TEE_DeriveKey with
 * DH, ECDH, X25519 and OP-TEE's HKDF, PBKDF2 and Concat KDF extensions,
 * key generation of DSA, DH, ECDH, X25519 and Ed25519 keys, DSA and
 * Ed25519 signatures, raw RSA and TEE_DigestExtract.
 *
 * Every answer is checked against a published known answer (RFC 5869,
 * RFC 6070, RFC 7748, RFC 8032, FIPS 180-4), a value computed by Python
 * `cryptography` 48 (Concat KDF, which has no RFC vectors), or the same
 * computation done in this process: libcrypto's key agreement and
 * signatures, and the defining exponentiations with BN_mod_exp()
 * (DH, DSA public values, raw RSA) — never against an earlier output of
 * the TA.  The misuses the GP specification answers with a panic give
 * the client TEE_ERROR_TARGET_DEAD and the TA serves the next session.
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
#include <openssl/opensslv.h>
#include <openssl/param_build.h>
#include <tee_client_api.h>

#include "harness.h"
#include "crypto_session.h"
#include "teec_helpers.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/tee_api_defines_extensions.h"
#include "ta/tests/crypto/ta_crypto_cmds.h"
#include "ta/tests/test_ta_uuids.h"

/* Hex text to bytes; returns the length. */
static size_t unhex(const char *hex, uint8_t *out)
{
	size_t n = strlen(hex) / 2;

	for (size_t i = 0; i < n; i++) {
		unsigned int b;

		assert_int_equal(sscanf(hex + 2 * i, "%2x", &b), 1);
		out[i] = (uint8_t)b;
	}
	return n;
}

static void assert_hex(const uint8_t *got, size_t len, const char *want)
{
	uint8_t w[BLOB_MAX];

	assert_int_equal(len, unhex(want, w));
	assert_memory_equal(got, w, len);
}

static void add_hex(struct blob *bl, uint32_t id, const char *hex)
{
	uint8_t buf[BLOB_MAX];

	blob_add_ref(bl, id, buf, unhex(hex, buf));
}

static void add_bn(struct blob *bl, uint32_t id, const BIGNUM *bn)
{
	uint8_t buf[BLOB_MAX];

	blob_add_ref(bl, id, buf, (size_t)BN_bn2bin(bn, buf));
}

/* The record @id of a blob the TA wrote; *@len its length. */
static const uint8_t *find(const uint8_t *b, size_t n, uint32_t id, size_t *len)
{
	uint32_t rid, rlen;

	for (size_t off = 0; off + 8 <= n; off += 8 + rlen) {
		memcpy(&rid, b + off, 4);
		memcpy(&rlen, b + off + 4, 4);
		if (rid == id) {
			*len = rlen;
			return b + off + 8;
		}
	}
	fail_msg("attribute %08x not exported", id);
	return NULL;
}

static BIGNUM *find_bn(const struct blob *out, uint32_t id)
{
	size_t len = 0;
	const uint8_t *p = find(out->b, out->n, id, &len);

	return BN_bin2bn(p, (int)len, NULL);
}

/* KEY_GEN: a @type key of @bits with @params; @ids come back in @out. */
static TEEC_Result key_gen(uint32_t type, uint32_t bits,
			   const struct blob *params, const uint32_t *ids,
			   size_t nids, struct blob *out)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_MEMREF_TEMP_INPUT);
	op.params[0].value.a = type;
	op.params[0].value.b = bits;
	op.params[1].tmpref.buffer = (void *)params->b;
	op.params[1].tmpref.size = params->n;
	op.params[2].tmpref.buffer = out->b;
	op.params[2].tmpref.size = sizeof(out->b);
	op.params[3].tmpref.buffer = (void *)ids;
	op.params[3].tmpref.size = nids * 4;
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_KEY_GEN, &op, NULL);
	out->n = op.params[2].tmpref.size;
	return res;
}

/* An ASYM request: key type, size, key attributes, then parameters. */
struct asym {
	struct blob req;
};

static void asym_key(struct asym *a, uint32_t type, uint32_t bits,
		     uint32_t nkey)
{
	memset(a, 0, sizeof(*a));
	blob_put_u32(&a->req, type);
	blob_put_u32(&a->req, bits);
	blob_put_u32(&a->req, nkey);
}

/* ASYM @alg in @mode over @in; @out (*@out_len) gets the result, or
 * holds the signature to check (VERIFY). */
static TEEC_Result asym(const struct asym *a, uint32_t alg, uint32_t mode,
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
	op.params[1].tmpref.buffer = (void *)a->req.b;
	op.params[1].tmpref.size = a->req.n;
	op.params[2].tmpref.buffer = (void *)in;
	op.params[2].tmpref.size = in_len;
	op.params[3].tmpref.buffer = out;
	op.params[3].tmpref.size = *out_len;
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_ASYM, &op, NULL);
	if (mode != TEE_MODE_VERIFY)
		*out_len = op.params[3].tmpref.size;
	return res;
}

/* RFC 5869 appendix A, test cases 1, 3 (SHA-256) and 4 (SHA-1); the
 * salt and info under GP's ids and under OP-TEE's own. */
static void test_hkdf_rfc5869(void **state)
{
	static const char okm1[] =
		"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4"
		"c5bf34007208d5b887185865";
	static const char okm3[] =
		"8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c73"
		"8d2d9d201395faa4b61a96c8";
	static const char okm4[] =
		"085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155"
		"fda2c22e422478d305f3f896";
	uint8_t ikm[22], out[64];
	size_t len;
	struct asym a;

	(void)state;
	memset(ikm, 0x0b, sizeof(ikm));
	crypto_up();
	for (int gp = 0; gp < 2; gp++) {
		asym_key(&a, TEE_TYPE_HKDF_IKM, 22 * 8, 1);
		blob_add_ref(&a.req, TEE_ATTR_HKDF_IKM, ikm, 22);
		add_hex(&a.req,
			gp ? TEE_ATTR_HKDF_SALT : __OPTEE_TEE_ATTR_HKDF_SALT,
			"000102030405060708090a0b0c");
		add_hex(&a.req,
			gp ? TEE_ATTR_HKDF_INFO : __OPTEE_ATTR_HKDF_INFO,
			"f0f1f2f3f4f5f6f7f8f9");
		blob_add_val(&a.req,
			     gp ? TEE_ATTR_KDF_KEY_SIZE
				: TEE_ATTR_HKDF_OKM_LENGTH,
			     42);
		len = sizeof(out);
		assert_int_equal(asym(&a, TEE_ALG_HKDF_SHA256_DERIVE_KEY,
				      TEE_MODE_DERIVE, NULL, 0, out, &len),
				 TEEC_SUCCESS);
		assert_hex(out, len, okm1);
	}
	asym_key(&a, TEE_TYPE_HKDF_IKM, 22 * 8, 1);
	blob_add_ref(&a.req, TEE_ATTR_HKDF_IKM, ikm, 22);
	blob_add_val(&a.req, TEE_ATTR_HKDF_OKM_LENGTH, 42);
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_HKDF_SHA256_DERIVE_KEY,
			      TEE_MODE_DERIVE, NULL, 0, out, &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, okm3);
	asym_key(&a, TEE_TYPE_HKDF_IKM, 11 * 8, 1);
	blob_add_ref(&a.req, TEE_ATTR_HKDF_IKM, ikm, 11);
	add_hex(&a.req, TEE_ATTR_HKDF_SALT, "000102030405060708090a0b0c");
	add_hex(&a.req, TEE_ATTR_HKDF_INFO, "f0f1f2f3f4f5f6f7f8f9");
	blob_add_val(&a.req, TEE_ATTR_HKDF_OKM_LENGTH, 42);
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_HKDF_SHA1_DERIVE_KEY, TEE_MODE_DERIVE,
			      NULL, 0, out, &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, okm4);
	/* More output than the derived object holds (32 bytes): OP-TEE's
	 * BAD_PARAMETERS, a panic for TEE_DeriveKey. */
	len = 32;
	assert_int_equal(asym(&a, TEE_ALG_HKDF_SHA1_DERIVE_KEY, TEE_MODE_DERIVE,
			      NULL, 0, out, &len),
			 TEE_ERROR_TARGET_DEAD);
	crypto_down();
}

/* PBKDF2 of @pass and @salt, @iter rounds, @dk_len bytes. */
static TEEC_Result pbkdf2(const char *pass, const char *salt, size_t salt_len,
			  uint32_t iter, uint32_t dk_len, uint8_t *out)
{
	size_t pass_len = strlen(pass);
	struct asym a;
	size_t len = dk_len;

	asym_key(&a, TEE_TYPE_PBKDF2_PASSWORD, (uint32_t)pass_len * 8, 1);
	blob_add_ref(&a.req, TEE_ATTR_PBKDF2_PASSWORD, pass, pass_len);
	blob_add_ref(&a.req, TEE_ATTR_PBKDF2_SALT, salt, salt_len);
	blob_add_val(&a.req, TEE_ATTR_PBKDF2_ITERATION_COUNT, iter);
	blob_add_val(&a.req, TEE_ATTR_PBKDF2_DKM_LENGTH, dk_len);
	return asym(&a, TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY, TEE_MODE_DERIVE,
		    NULL, 0, out, &len);
}

/* RFC 6070, PBKDF2-HMAC-SHA1 test vectors 1, 2, 3 and 5. */
static void test_pbkdf2_rfc6070(void **state)
{
	static const char salt5[] = "saltSALTsaltSALTsaltSALTsaltSALTsalt";
	uint8_t out[32];

	(void)state;
	crypto_up();
	assert_int_equal(pbkdf2("password", "salt", 4, 1, 20, out),
			 TEEC_SUCCESS);
	assert_hex(out, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6");
	assert_int_equal(pbkdf2("password", "salt", 4, 2, 20, out),
			 TEEC_SUCCESS);
	assert_hex(out, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
	assert_int_equal(pbkdf2("password", "salt", 4, 4096, 20, out),
			 TEEC_SUCCESS);
	assert_hex(out, 20, "4b007901b765489abead49d926f721d065a429c1");
	assert_int_equal(pbkdf2("passwordPASSWORDpassword", salt5,
				sizeof(salt5) - 1, 4096, 25, out),
			 TEEC_SUCCESS);
	assert_hex(out, 25,
		   "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038");
	/* No iteration count: a panic. */
	{
		struct asym a;
		size_t len = 20;

		asym_key(&a, TEE_TYPE_PBKDF2_PASSWORD, 64, 1);
		blob_add_ref(&a.req, TEE_ATTR_PBKDF2_PASSWORD, "password", 8);
		blob_add_val(&a.req, TEE_ATTR_PBKDF2_DKM_LENGTH, 20);
		assert_int_equal(asym(&a, TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY,
				      TEE_MODE_DERIVE, NULL, 0, out, &len),
				 TEE_ERROR_TARGET_DEAD);
	}
	crypto_down();
}

/* The Concat KDF (SP 800-56A 5.8.1) against Python cryptography 48's
 * ConcatKDFHash: Z = 00 01 .. 1f, OtherInfo "teebox concat", 48 bytes of
 * SHA-256 (two rounds of the counter); Z = 00 .. 13, no OtherInfo, 30
 * bytes of SHA-1. */
static void test_concat_kdf_matches_python_cryptography(void **state)
{
	uint8_t z[32], out[64];
	struct asym a;
	size_t len;

	(void)state;
	for (size_t i = 0; i < sizeof(z); i++)
		z[i] = (uint8_t)i;
	crypto_up();
	asym_key(&a, TEE_TYPE_CONCAT_KDF_Z, 256, 1);
	blob_add_ref(&a.req, TEE_ATTR_CONCAT_KDF_Z, z, 32);
	blob_add_ref(&a.req, TEE_ATTR_CONCAT_KDF_OTHER_INFO, "teebox concat",
		     13);
	blob_add_val(&a.req, TEE_ATTR_CONCAT_KDF_DKM_LENGTH, 48);
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_CONCAT_KDF_SHA256_DERIVE_KEY,
			      TEE_MODE_DERIVE, NULL, 0, out, &len),
			 TEEC_SUCCESS);
	assert_hex(out, len,
		   "a4e742618a886c828067a59753bccc6370c61698fcea3200d8f11e71ac"
		   "a1bf60f788c8079e7da2532d147e9d8c3f96a1");
	asym_key(&a, TEE_TYPE_CONCAT_KDF_Z, 160, 1);
	blob_add_ref(&a.req, TEE_ATTR_CONCAT_KDF_Z, z, 20);
	blob_add_val(&a.req, TEE_ATTR_CONCAT_KDF_DKM_LENGTH, 30);
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_CONCAT_KDF_SHA1_DERIVE_KEY,
			      TEE_MODE_DERIVE, NULL, 0, out, &len),
			 TEEC_SUCCESS);
	assert_hex(
		out, len,
		"5de0760743712793f903cb7c497010455c5b74aeb7907ccc74ab0914269e");
	crypto_down();
}

#define RFC7748_A_PRIV                                                         \
	"77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
#define RFC7748_A_PUB                                                          \
	"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
#define RFC7748_B_PRIV                                                         \
	"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
#define RFC7748_B_PUB                                                          \
	"de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
#define RFC7748_K                                                              \
	"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

/* X25519 of our keypair (@priv, @pub) and the peer's @peer. */
static TEEC_Result x25519(const char *priv, const char *pub, const void *peer,
			  size_t peer_len, uint8_t *out, size_t *len)
{
	struct asym a;

	asym_key(&a, TEE_TYPE_X25519_KEYPAIR, 256, 2);
	add_hex(&a.req, TEE_ATTR_X25519_PRIVATE_VALUE, priv);
	add_hex(&a.req, TEE_ATTR_X25519_PUBLIC_VALUE, pub);
	blob_add_ref(&a.req, TEE_ATTR_X25519_PUBLIC_VALUE, peer, peer_len);
	return asym(&a, TEE_ALG_X25519, TEE_MODE_DERIVE, NULL, 0, out, len);
}

static void hex_of(const uint8_t *b, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

/* RFC 7748 section 6.1 both ways; a generated key's public value is the
 * X25519 of its private value and the base point (by libcrypto here). */
static void test_x25519_rfc7748_and_generated_key(void **state)
{
	static const uint32_t ids[] = {TEE_ATTR_X25519_PRIVATE_VALUE,
				       TEE_ATTR_X25519_PUBLIC_VALUE};
	uint8_t peer[32], out[64], pub[32];
	const uint8_t *priv, *tpub;
	size_t len, plen, pub_len = 32;
	struct blob none = {0}, gen;
	char priv_hex[65], pub_hex[65];
	EVP_PKEY *pk;

	(void)state;
	crypto_up();
	unhex(RFC7748_B_PUB, peer);
	len = sizeof(out);
	assert_int_equal(
		x25519(RFC7748_A_PRIV, RFC7748_A_PUB, peer, 32, out, &len),
		TEEC_SUCCESS);
	assert_hex(out, len, RFC7748_K);
	unhex(RFC7748_A_PUB, peer);
	len = sizeof(out);
	assert_int_equal(
		x25519(RFC7748_B_PRIV, RFC7748_B_PUB, peer, 32, out, &len),
		TEEC_SUCCESS);
	assert_hex(out, len, RFC7748_K);
	/* A peer value of 31 bytes: a panic. */
	len = sizeof(out);
	assert_int_equal(
		x25519(RFC7748_B_PRIV, RFC7748_B_PUB, peer, 31, out, &len),
		TEE_ERROR_TARGET_DEAD);
	TEEC_CloseSession(&sess);
	assert_int_equal(e2e_open_session(&ctx, &sess, &crypto_uuid, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(
		key_gen(TEE_TYPE_X25519_KEYPAIR, 256, &none, ids, 2, &gen),
		TEEC_SUCCESS);
	priv = find(gen.b, gen.n, TEE_ATTR_X25519_PRIVATE_VALUE, &plen);
	assert_int_equal(plen, 32);
	tpub = find(gen.b, gen.n, TEE_ATTR_X25519_PUBLIC_VALUE, &plen);
	assert_int_equal(plen, 32);
	pk = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
	assert_non_null(pk);
	assert_true(EVP_PKEY_get_raw_public_key(pk, pub, &pub_len));
	assert_memory_equal(pub, tpub, 32);
	EVP_PKEY_free(pk);
	/* and it agrees with RFC 7748's Bob */
	hex_of(priv, 32, priv_hex);
	hex_of(tpub, 32, pub_hex);
	unhex(RFC7748_B_PUB, peer);
	len = sizeof(out);
	assert_int_equal(x25519(priv_hex, pub_hex, peer, 32, out, &len),
			 TEEC_SUCCESS);
	{
		EVP_PKEY *bob = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519,
							    NULL, peer, 32);
		EVP_PKEY *me = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519,
							    NULL, priv, 32);
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(me, NULL);
		uint8_t k[32];
		size_t klen = 32;

		assert_true(EVP_PKEY_derive_init(c) > 0 &&
			    EVP_PKEY_derive_set_peer(c, bob) > 0 &&
			    EVP_PKEY_derive(c, k, &klen) > 0);
		assert_int_equal(len, 32);
		assert_memory_equal(out, k, 32);
		EVP_PKEY_CTX_free(c);
		EVP_PKEY_free(me);
		EVP_PKEY_free(bob);
	}
	crypto_down();
}

/* RFC 8032 section 7.1, TEST 1 (empty message) and TEST 2. */
static const struct {
	const char *priv, *pub, *msg, *sig;
} rfc8032[] = {
	{"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
	 "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
	 "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
	 "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
	{"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
	 "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
	 "72",
	 "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
	 "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
};

static void test_ed25519_rfc8032(void **state)
{
	uint8_t msg[8], sig[128];
	size_t mlen, len;
	struct asym a;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < 2; i++) {
		mlen = unhex(rfc8032[i].msg, msg);
		asym_key(&a, TEE_TYPE_ED25519_KEYPAIR, 256, 2);
		add_hex(&a.req, TEE_ATTR_ED25519_PRIVATE_VALUE,
			rfc8032[i].priv);
		add_hex(&a.req, TEE_ATTR_ED25519_PUBLIC_VALUE, rfc8032[i].pub);
		/* short buffer: the size a signature needs */
		len = 10;
		assert_int_equal(asym(&a, TEE_ALG_ED25519, TEE_MODE_SIGN, msg,
				      mlen, sig, &len),
				 TEE_ERROR_SHORT_BUFFER);
		assert_int_equal(len, 64);
		len = sizeof(sig);
		assert_int_equal(asym(&a, TEE_ALG_ED25519, TEE_MODE_SIGN, msg,
				      mlen, sig, &len),
				 TEEC_SUCCESS);
		assert_hex(sig, len, rfc8032[i].sig);
		asym_key(&a, TEE_TYPE_ED25519_PUBLIC_KEY, 256, 1);
		add_hex(&a.req, TEE_ATTR_ED25519_PUBLIC_VALUE, rfc8032[i].pub);
		len = 64;
		assert_int_equal(asym(&a, TEE_ALG_ED25519, TEE_MODE_VERIFY, msg,
				      mlen, sig, &len),
				 TEEC_SUCCESS);
		sig[5] ^= 1;
		assert_int_equal(asym(&a, TEE_ALG_ED25519, TEE_MODE_VERIFY, msg,
				      mlen, sig, &len),
				 TEE_ERROR_SIGNATURE_INVALID);
	}
#if OPENSSL_VERSION_NUMBER < 0x30200000L
	/*
	 * Ed25519ctx and Ed25519ph need libcrypto 3.2: a panic, as OP-TEE's
	 * when its crypto library lacks a function (core/crypto/crypto.c
	 * answers TEE_ERROR_NOT_IMPLEMENTED, which libutee's
	 * TEE_AsymmetricSignDigest/VerifyDigest do not return).
	 */
	asym_key(&a, TEE_TYPE_ED25519_KEYPAIR, 256, 2);
	add_hex(&a.req, TEE_ATTR_ED25519_PRIVATE_VALUE, rfc8032[0].priv);
	add_hex(&a.req, TEE_ATTR_ED25519_PUBLIC_VALUE, rfc8032[0].pub);
	blob_add_ref(&a.req, TEE_ATTR_EDDSA_CTX, "foo", 3);
	len = sizeof(sig);
	assert_int_equal(
		asym(&a, TEE_ALG_ED25519, TEE_MODE_SIGN, msg, 1, sig, &len),
		TEE_ERROR_TARGET_DEAD);
	e2e_close(&ctx, &sess);
	e2e_open(&ctx, &sess, &crypto_uuid, TEEC_LOGIN_PUBLIC, NULL);
	asym_key(&a, TEE_TYPE_ED25519_PUBLIC_KEY, 256, 1);
	add_hex(&a.req, TEE_ATTR_ED25519_PUBLIC_VALUE, rfc8032[0].pub);
	blob_add_val(&a.req, TEE_ATTR_EDDSA_PREHASH, 1);
	len = 64;
	assert_int_equal(
		asym(&a, TEE_ALG_ED25519, TEE_MODE_VERIFY, msg, 1, sig, &len),
		TEE_ERROR_TARGET_DEAD);
#endif
	crypto_down();
}

/* ECDH on each curve, both algorithm ids: the TA's secret is what
 * libcrypto here computes with its own key and the TA's public one. */
static void test_ecdh_matches_libcrypto(void **state)
{
	static const struct {
		uint32_t curve, bits, alg;
		const char *group;
	} curves[] = {
		{1, 192, 0x80001042, "prime192v1"},
		{2, 224, 0x80002042, "secp224r1"},
		{3, 256, TEE_ALG_ECDH_DERIVE_SHARED_SECRET, "prime256v1"},
		{4, 384, 0x80004042, "secp384r1"},
		{5, 521, TEE_ALG_ECDH_DERIVE_SHARED_SECRET, "secp521r1"},
	};
	static const uint32_t ids[] = {TEE_ATTR_ECC_PRIVATE_VALUE,
				       TEE_ATTR_ECC_PUBLIC_VALUE_X,
				       TEE_ATTR_ECC_PUBLIC_VALUE_Y};

	(void)state;
	crypto_up();
	for (size_t i = 0; i < 5; i++) {
		struct blob params = {0}, gen;
		BIGNUM *x = NULL, *y = NULL, *tx, *ty, *d;
		uint8_t out[80], want[80], pt[1 + 2 * 66];
		size_t len = sizeof(out), wlen = sizeof(want);
		size_t flen = (curves[i].bits + 7) / 8;
		EVP_PKEY *mine, *theirs = NULL;
		EVP_PKEY_CTX *c;
		OSSL_PARAM_BLD *bld;
		OSSL_PARAM *p;
		struct asym a;

		blob_add_val(&params, TEE_ATTR_ECC_CURVE, curves[i].curve);
		assert_int_equal(key_gen(TEE_TYPE_ECDH_KEYPAIR, curves[i].bits,
					 &params, ids, 3, &gen),
				 TEEC_SUCCESS);
		mine = EVP_PKEY_Q_keygen(NULL, NULL, "EC", curves[i].group);
		assert_non_null(mine);
		assert_true(EVP_PKEY_get_bn_param(
			mine, OSSL_PKEY_PARAM_EC_PUB_X, &x));
		assert_true(EVP_PKEY_get_bn_param(
			mine, OSSL_PKEY_PARAM_EC_PUB_Y, &y));
		asym_key(&a, TEE_TYPE_ECDH_KEYPAIR, curves[i].bits, 4);
		d = find_bn(&gen, TEE_ATTR_ECC_PRIVATE_VALUE);
		add_bn(&a.req, TEE_ATTR_ECC_PRIVATE_VALUE, d);
		BN_clear_free(d);
		tx = find_bn(&gen, TEE_ATTR_ECC_PUBLIC_VALUE_X);
		ty = find_bn(&gen, TEE_ATTR_ECC_PUBLIC_VALUE_Y);
		add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_X, tx);
		add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_Y, ty);
		blob_add_val(&a.req, TEE_ATTR_ECC_CURVE, curves[i].curve);
		add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_X, x);
		add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y);
		assert_int_equal(asym(&a, curves[i].alg, TEE_MODE_DERIVE, NULL,
				      0, out, &len),
				 TEEC_SUCCESS);
		/* libcrypto: our private key, the TA's public point */
		pt[0] = 4;
		BN_bn2binpad(tx, pt + 1, (int)flen);
		BN_bn2binpad(ty, pt + 1 + flen, (int)flen);
		bld = OSSL_PARAM_BLD_new();
		OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME,
						curves[i].group, 0);
		OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY,
						 pt, 1 + 2 * flen);
		p = OSSL_PARAM_BLD_to_param(bld);
		c = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
		assert_true(EVP_PKEY_fromdata_init(c) > 0 &&
			    EVP_PKEY_fromdata(c, &theirs, EVP_PKEY_PUBLIC_KEY,
					      p) > 0);
		EVP_PKEY_CTX_free(c);
		c = EVP_PKEY_CTX_new(mine, NULL);
		assert_true(EVP_PKEY_derive_init(c) > 0 &&
			    EVP_PKEY_derive_set_peer(c, theirs) > 0 &&
			    EVP_PKEY_derive(c, want, &wlen) > 0);
		assert_int_equal(len, flen);
		assert_int_equal(wlen, flen);
		assert_memory_equal(out, want, flen);
		EVP_PKEY_CTX_free(c);
		OSSL_PARAM_free(p);
		OSSL_PARAM_BLD_free(bld);
		EVP_PKEY_free(theirs);
		EVP_PKEY_free(mine);
		BN_free(x);
		BN_free(y);
		BN_free(tx);
		BN_free(ty);
	}
	crypto_down();
}

/* @name's group (RFC 7919) as libcrypto knows it: p, q, g. */
static void ffdhe(const char *name, BIGNUM **p, BIGNUM **q, BIGNUM **g)
{
	EVP_PKEY *pk = NULL;
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "DH", NULL);
	OSSL_PARAM params[2] = {
		OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
						 (char *)name, 0),
		OSSL_PARAM_construct_end(),
	};

	assert_true(EVP_PKEY_fromdata_init(c) > 0 &&
		    EVP_PKEY_fromdata(c, &pk, EVP_PKEY_KEY_PARAMETERS, params) >
			    0);
	*p = *q = *g = NULL;
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_FFC_P, p));
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_FFC_Q, q));
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_FFC_G, g));
	EVP_PKEY_free(pk);
	EVP_PKEY_CTX_free(c);
}

/* DH in RFC 7919's ffdhe2048: a generated key's public value is
 * g^x mod p with x of DH_X_BITS bits at most; the TA's shared secret is
 * peer^x mod p, both computed here with BN_mod_exp(). */
static void test_dh_generate_and_derive(void **state)
{
	static const uint32_t ids[] = {TEE_ATTR_DH_PRIVATE_VALUE,
				       TEE_ATTR_DH_PUBLIC_VALUE,
				       TEE_ATTR_DH_X_BITS};
	BIGNUM *p, *q, *g, *x, *y, *want = BN_new(), *peer_x = BN_new(),
				   *peer_y = BN_new();
	BN_CTX *bc = BN_CTX_new();
	struct blob params = {0}, gen;
	uint8_t out[300], wbuf[300];
	const uint8_t *xb;
	uint32_t xbits;
	size_t len, xl;
	struct asym a;

	(void)state;
	ffdhe("ffdhe2048", &p, &q, &g);
	crypto_up();
	add_bn(&params, TEE_ATTR_DH_PRIME, p);
	add_bn(&params, TEE_ATTR_DH_BASE, g);
	blob_add_val(&params, TEE_ATTR_DH_X_BITS, 256);
	/* A key size other than the prime's: BAD_PARAMETERS, returned. */
	assert_int_equal(
		key_gen(TEE_TYPE_DH_KEYPAIR, 1024, &params, ids, 3, &gen),
		TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		key_gen(TEE_TYPE_DH_KEYPAIR, 2048, &params, ids, 3, &gen),
		TEEC_SUCCESS);
	x = find_bn(&gen, TEE_ATTR_DH_PRIVATE_VALUE);
	y = find_bn(&gen, TEE_ATTR_DH_PUBLIC_VALUE);
	xb = find(gen.b, gen.n, TEE_ATTR_DH_X_BITS, &xl);
	assert_int_equal(xl, 8);
	memcpy(&xbits, xb, 4);
	assert_int_equal(xbits, BN_num_bits(x));
	assert_true(xbits <= 256 && xbits > 200);
	assert_true(BN_mod_exp(want, g, x, p, bc));
	assert_int_equal(BN_cmp(want, y), 0);
	/* the peer: x' random, y' = g^x' */
	assert_true(BN_rand(peer_x, 256, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY));
	assert_true(BN_mod_exp(peer_y, g, peer_x, p, bc));
	asym_key(&a, TEE_TYPE_DH_KEYPAIR, 2048, 5);
	add_bn(&a.req, TEE_ATTR_DH_PRIME, p);
	add_bn(&a.req, TEE_ATTR_DH_BASE, g);
	add_bn(&a.req, TEE_ATTR_DH_SUBPRIME, q);
	add_bn(&a.req, TEE_ATTR_DH_PUBLIC_VALUE, y);
	add_bn(&a.req, TEE_ATTR_DH_PRIVATE_VALUE, x);
	add_bn(&a.req, TEE_ATTR_DH_PUBLIC_VALUE, peer_y);
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_DH_DERIVE_SHARED_SECRET,
			      TEE_MODE_DERIVE, NULL, 0, out, &len),
			 TEEC_SUCCESS);
	assert_true(BN_mod_exp(want, peer_y, x, p, bc));
	assert_int_equal(len, (size_t)BN_bn2bin(want, wbuf));
	assert_memory_equal(out, wbuf, len);
	BN_free(p);
	BN_free(q);
	BN_free(g);
	BN_free(x);
	BN_free(y);
	BN_free(want);
	BN_free(peer_x);
	BN_free(peer_y);
	BN_CTX_free(bc);
	crypto_down();
}

/* SM2 signatures (GB/T 32918.2) of a 32-byte digest e: the TA's key,
 * generated, has no curve attribute and its signature verifies with
 * libcrypto's SM2 here; one made here verifies in the TA, a changed one
 * does not. */
static void test_sm2_dsa_matches_libcrypto(void **state)
{
	static const uint32_t ids[] = {TEE_ATTR_ECC_PRIVATE_VALUE,
				       TEE_ATTR_ECC_PUBLIC_VALUE_X,
				       TEE_ATTR_ECC_PUBLIC_VALUE_Y};
	struct blob none = {0}, gen;
	uint8_t e[32], sig[64], pt[65], der[128];
	const uint8_t *dp;
	size_t len, der_len = sizeof(der), xl;
	EVP_PKEY *ta_pub = NULL, *mine;
	EVP_PKEY_CTX *c;
	OSSL_PARAM_BLD *bld;
	OSSL_PARAM *p;
	BIGNUM *d, *x, *y, *mx = NULL, *my = NULL;
	ECDSA_SIG *es;
	const BIGNUM *r, *s;
	struct asym a;
	int n;
	uint8_t *dd = NULL;
	uint32_t size;

	(void)state;
	memset(e, 0xe5, sizeof(e));
	crypto_up();
	assert_int_equal(
		key_gen(TEE_TYPE_SM2_DSA_KEYPAIR, 256, &none, ids, 3, &gen),
		TEEC_SUCCESS);
	d = find_bn(&gen, TEE_ATTR_ECC_PRIVATE_VALUE);
	x = find_bn(&gen, TEE_ATTR_ECC_PUBLIC_VALUE_X);
	y = find_bn(&gen, TEE_ATTR_ECC_PUBLIC_VALUE_Y);
	/* generated: objectSize 256 (populated, it stays 0) */
	memcpy(&size, find(gen.b, gen.n, 0, &xl), 4);
	assert_int_equal(size, 256);
	asym_key(&a, TEE_TYPE_SM2_DSA_KEYPAIR, 256, 3);
	add_bn(&a.req, TEE_ATTR_ECC_PRIVATE_VALUE, d);
	add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_X, x);
	add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y);
	len = sizeof(sig);
	assert_int_equal(
		asym(&a, TEE_ALG_SM2_DSA_SM3, TEE_MODE_SIGN, e, 32, sig, &len),
		TEEC_SUCCESS);
	assert_int_equal(len, 64);
	pt[0] = 4;
	BN_bn2binpad(x, pt + 1, 32);
	BN_bn2binpad(y, pt + 33, 32);
	bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "SM2",
					0);
	OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pt, 65);
	p = OSSL_PARAM_BLD_to_param(bld);
	c = EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
	assert_true(EVP_PKEY_fromdata_init(c) > 0 &&
		    EVP_PKEY_fromdata(c, &ta_pub, EVP_PKEY_PUBLIC_KEY, p) > 0);
	EVP_PKEY_CTX_free(c);
	OSSL_PARAM_free(p);
	OSSL_PARAM_BLD_free(bld);
	es = ECDSA_SIG_new();
	assert_true(ECDSA_SIG_set0(es, BN_bin2bn(sig, 32, NULL),
				   BN_bin2bn(sig + 32, 32, NULL)));
	n = i2d_ECDSA_SIG(es, &dd);
	ECDSA_SIG_free(es);
	c = EVP_PKEY_CTX_new(ta_pub, NULL);
	assert_true(EVP_PKEY_verify_init(c) > 0);
	assert_int_equal(EVP_PKEY_verify(c, dd, (size_t)n, e, 32), 1);
	EVP_PKEY_CTX_free(c);
	OPENSSL_free(dd);
	/* a key made here signs, the TA verifies */
	mine = EVP_PKEY_Q_keygen(NULL, NULL, "SM2");
	assert_non_null(mine);
	c = EVP_PKEY_CTX_new(mine, NULL);
	assert_true(EVP_PKEY_sign_init(c) > 0 &&
		    EVP_PKEY_sign(c, der, &der_len, e, 32) > 0);
	EVP_PKEY_CTX_free(c);
	dp = der;
	es = d2i_ECDSA_SIG(NULL, &dp, (long)der_len);
	ECDSA_SIG_get0(es, &r, &s);
	BN_bn2binpad(r, sig, 32);
	BN_bn2binpad(s, sig + 32, 32);
	ECDSA_SIG_free(es);
	assert_true(EVP_PKEY_get_bn_param(mine, OSSL_PKEY_PARAM_EC_PUB_X, &mx));
	assert_true(EVP_PKEY_get_bn_param(mine, OSSL_PKEY_PARAM_EC_PUB_Y, &my));
	asym_key(&a, TEE_TYPE_SM2_DSA_PUBLIC_KEY, 256, 2);
	add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_X, mx);
	add_bn(&a.req, TEE_ATTR_ECC_PUBLIC_VALUE_Y, my);
	len = 64;
	assert_int_equal(asym(&a, TEE_ALG_SM2_DSA_SM3, TEE_MODE_VERIFY, e, 32,
			      sig, &len),
			 TEEC_SUCCESS);
	e[0] ^= 1;
	assert_int_equal(asym(&a, TEE_ALG_SM2_DSA_SM3, TEE_MODE_VERIFY, e, 32,
			      sig, &len),
			 TEE_ERROR_SIGNATURE_INVALID);
	BN_clear_free(d);
	BN_free(x);
	BN_free(y);
	BN_free(mx);
	BN_free(my);
	EVP_PKEY_free(mine);
	EVP_PKEY_free(ta_pub);
	crypto_down();
}

/* r || s of @half bytes each to DER. */
static int dsa_der(const uint8_t *sig, size_t half, uint8_t **der)
{
	DSA_SIG *s = DSA_SIG_new();

	assert_true(DSA_SIG_set0(s, BN_bin2bn(sig, (int)half, NULL),
				 BN_bin2bn(sig + half, (int)half, NULL)));
	{
		int n = i2d_DSA_SIG(s, der);

		DSA_SIG_free(s);
		return n;
	}
}

/* DSA with 1024-bit domain parameters libcrypto generates here: the
 * TA's key has y = g^x mod p; its DSA-SHA1 signature verifies here; a
 * signature made here verifies in the TA, a changed one does not. */
static void test_dsa_generate_sign_verify(void **state)
{
	static const uint32_t ids[] = {TEE_ATTR_DSA_PRIVATE_VALUE,
				       TEE_ATTR_DSA_PUBLIC_VALUE};
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
	EVP_PKEY *dom = NULL, *pk = NULL, *mine = NULL;
	BIGNUM *p = NULL, *q = NULL, *g = NULL, *x, *y, *want = BN_new();
	BN_CTX *bc = BN_CTX_new();
	struct blob params = {0}, gen;
	uint8_t digest[20], sig[64], *der = NULL;
	size_t len, der_len;
	struct asym a;
	int n;

	(void)state;
	assert_true(EVP_PKEY_paramgen_init(c) > 0 &&
		    EVP_PKEY_CTX_set_dsa_paramgen_bits(c, 1024) > 0 &&
		    EVP_PKEY_CTX_set_dsa_paramgen_q_bits(c, 160) > 0 &&
		    EVP_PKEY_paramgen(c, &dom) > 0);
	EVP_PKEY_CTX_free(c);
	assert_true(EVP_PKEY_get_bn_param(dom, OSSL_PKEY_PARAM_FFC_P, &p));
	assert_true(EVP_PKEY_get_bn_param(dom, OSSL_PKEY_PARAM_FFC_Q, &q));
	assert_true(EVP_PKEY_get_bn_param(dom, OSSL_PKEY_PARAM_FFC_G, &g));
	EVP_Digest("abc", 3, digest, NULL, EVP_sha1(), NULL);
	crypto_up();
	add_bn(&params, TEE_ATTR_DSA_PRIME, p);
	add_bn(&params, TEE_ATTR_DSA_SUBPRIME, q);
	add_bn(&params, TEE_ATTR_DSA_BASE, g);
	assert_int_equal(
		key_gen(TEE_TYPE_DSA_KEYPAIR, 1024, &params, ids, 2, &gen),
		TEEC_SUCCESS);
	x = find_bn(&gen, TEE_ATTR_DSA_PRIVATE_VALUE);
	y = find_bn(&gen, TEE_ATTR_DSA_PUBLIC_VALUE);
	assert_true(BN_mod_exp(want, g, x, p, bc));
	assert_int_equal(BN_cmp(want, y), 0);
	assert_true(BN_cmp(x, q) < 0);
	asym_key(&a, TEE_TYPE_DSA_KEYPAIR, 1024, 5);
	add_bn(&a.req, TEE_ATTR_DSA_PRIME, p);
	add_bn(&a.req, TEE_ATTR_DSA_SUBPRIME, q);
	add_bn(&a.req, TEE_ATTR_DSA_BASE, g);
	add_bn(&a.req, TEE_ATTR_DSA_PRIVATE_VALUE, x);
	add_bn(&a.req, TEE_ATTR_DSA_PUBLIC_VALUE, y);
	len = 39; /* one short of r || s of 20 bytes each */
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA1, TEE_MODE_SIGN, digest, 20,
			      sig, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 40);
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA1, TEE_MODE_SIGN, digest, 20,
			      sig, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, 40);
	/* libcrypto checks it with the TA's public key */
	{
		OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
		OSSL_PARAM *op;

		OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_P, p);
		OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_Q, q);
		OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_G, g);
		OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PUB_KEY, y);
		op = OSSL_PARAM_BLD_to_param(bld);
		c = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
		assert_true(EVP_PKEY_fromdata_init(c) > 0 &&
			    EVP_PKEY_fromdata(c, &pk, EVP_PKEY_PUBLIC_KEY, op) >
				    0);
		EVP_PKEY_CTX_free(c);
		OSSL_PARAM_free(op);
		OSSL_PARAM_BLD_free(bld);
	}
	n = dsa_der(sig, 20, &der);
	c = EVP_PKEY_CTX_new(pk, NULL);
	assert_true(EVP_PKEY_verify_init(c) > 0);
	assert_int_equal(EVP_PKEY_verify(c, der, (size_t)n, digest, 20), 1);
	EVP_PKEY_CTX_free(c);
	OPENSSL_free(der);
	/* a key made here signs; the TA verifies with the public key */
	c = EVP_PKEY_CTX_new(dom, NULL);
	assert_true(EVP_PKEY_keygen_init(c) > 0 &&
		    EVP_PKEY_keygen(c, &mine) > 0);
	EVP_PKEY_CTX_free(c);
	c = EVP_PKEY_CTX_new(mine, NULL);
	der = OPENSSL_malloc(128);
	der_len = 128;
	assert_true(EVP_PKEY_sign_init(c) > 0 &&
		    EVP_PKEY_sign(c, der, &der_len, digest, 20) > 0);
	EVP_PKEY_CTX_free(c);
	{
		const uint8_t *dp = der;
		DSA_SIG *ds = d2i_DSA_SIG(NULL, &dp, (long)der_len);
		const BIGNUM *r, *s;
		BIGNUM *my_y = NULL;

		DSA_SIG_get0(ds, &r, &s);
		BN_bn2binpad(r, sig, 20);
		BN_bn2binpad(s, sig + 20, 20);
		DSA_SIG_free(ds);
		assert_true(EVP_PKEY_get_bn_param(mine, OSSL_PKEY_PARAM_PUB_KEY,
						  &my_y));
		asym_key(&a, TEE_TYPE_DSA_PUBLIC_KEY, 1024, 4);
		add_bn(&a.req, TEE_ATTR_DSA_PRIME, p);
		add_bn(&a.req, TEE_ATTR_DSA_SUBPRIME, q);
		add_bn(&a.req, TEE_ATTR_DSA_BASE, g);
		add_bn(&a.req, TEE_ATTR_DSA_PUBLIC_VALUE, my_y);
		BN_free(my_y);
	}
	OPENSSL_free(der);
	len = 40;
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA1, TEE_MODE_VERIFY, digest, 20,
			      sig, &len),
			 TEEC_SUCCESS);
	sig[39] ^= 0x80;
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA1, TEE_MODE_VERIFY, digest, 20,
			      sig, &len),
			 TEE_ERROR_SIGNATURE_INVALID);
	/* FIPS 186-4's sizes per digest, as OP-TEE binds them */
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA224, TEE_MODE_VERIFY, digest,
			      20, sig, &len),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(asym(&a, TEE_ALG_DSA_SHA256, TEE_MODE_VERIFY, digest,
			      20, sig, &len),
			 TEE_ERROR_NOT_SUPPORTED);
	EVP_PKEY_free(pk);
	EVP_PKEY_free(mine);
	EVP_PKEY_free(dom);
	BN_free(p);
	BN_free(q);
	BN_free(g);
	BN_free(x);
	BN_free(y);
	BN_free(want);
	BN_CTX_free(bc);
	crypto_down();
}

/* Raw RSA: the TA's output is m^e mod n computed here, without leading
 * zeros; decrypting gives m back. */
static void test_rsa_nopad_is_modexp(void **state)
{
	EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)1024);
	BIGNUM *n = NULL, *e = NULL, *d = NULL, *m, *want = BN_new();
	BN_CTX *bc = BN_CTX_new();
	uint8_t msg[20], out[200], wbuf[200];
	size_t len;
	struct asym a;

	(void)state;
	assert_non_null(pk);
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_N, &n));
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_E, &e));
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_D, &d));
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i + 1);
	m = BN_bin2bn(msg, sizeof(msg), NULL);
	crypto_up();
	asym_key(&a, TEE_TYPE_RSA_PUBLIC_KEY, 1024, 2);
	add_bn(&a.req, TEE_ATTR_RSA_MODULUS, n);
	add_bn(&a.req, TEE_ATTR_RSA_PUBLIC_EXPONENT, e);
	len = 10;
	assert_int_equal(asym(&a, TEE_ALG_RSA_NOPAD, TEE_MODE_ENCRYPT, msg,
			      sizeof(msg), out, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_true(BN_mod_exp(want, m, e, n, bc));
	assert_int_equal(len, (size_t)BN_num_bytes(want));
	len = sizeof(out);
	assert_int_equal(asym(&a, TEE_ALG_RSA_NOPAD, TEE_MODE_ENCRYPT, msg,
			      sizeof(msg), out, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, (size_t)BN_bn2bin(want, wbuf));
	assert_memory_equal(out, wbuf, len);
	asym_key(&a, TEE_TYPE_RSA_KEYPAIR, 1024, 3);
	add_bn(&a.req, TEE_ATTR_RSA_MODULUS, n);
	add_bn(&a.req, TEE_ATTR_RSA_PUBLIC_EXPONENT, e);
	add_bn(&a.req, TEE_ATTR_RSA_PRIVATE_EXPONENT, d);
	memcpy(wbuf, out, len);
	{
		size_t clen = len;

		len = sizeof(out);
		assert_int_equal(asym(&a, TEE_ALG_RSA_NOPAD, TEE_MODE_DECRYPT,
				      wbuf, clen, out, &len),
				 TEEC_SUCCESS);
	}
	assert_int_equal(len, sizeof(msg));
	assert_memory_equal(out, msg, sizeof(msg));
	BN_free(n);
	BN_free(e);
	BN_free(d);
	BN_free(m);
	BN_free(want);
	BN_CTX_free(bc);
	EVP_PKEY_free(pk);
	crypto_down();
}

/* CIPHER (ta_crypto_cmds.h) of @in with hex @key and @iv, updates of
 * @chunk bytes; @out (*@len) gets the result. */
static TEEC_Result cipher(uint32_t alg, uint32_t mode, const char *key,
			  const char *iv, uint32_t chunk, const uint8_t *in,
			  size_t in_len, uint8_t *out, size_t *len)
{
	union {
		struct ta_crypto_req req;
		uint8_t raw[sizeof(struct ta_crypto_req) + 128];
	} r = {0};
	TEEC_Operation op = {0};
	TEEC_Result res;

	r.req.alg = alg;
	r.req.mode = mode;
	r.req.key_type = TEE_TYPE_AES;
	r.req.chunk = chunk;
	r.req.key_len = (uint32_t)unhex(key, r.req.bytes);
	r.req.iv_len = (uint32_t)unhex(iv, r.req.bytes + r.req.key_len);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = r.raw;
	op.params[0].tmpref.size = sizeof(r.req) + r.req.key_len + r.req.iv_len;
	op.params[1].tmpref.buffer = (void *)in;
	op.params[1].tmpref.size = in_len;
	op.params[2].tmpref.buffer = out;
	op.params[2].tmpref.size = *len;
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_CIPHER, &op, NULL);
	*len = op.params[2].tmpref.size;
	return res;
}

/* Encrypts @pt to hex @ct, whole and in updates of each of @chunks,
 * and decrypts it back. */
static void stealing_kat(uint32_t alg, const char *key, const char *iv,
			 const uint8_t *pt, size_t pt_len, const char *ct)
{
	static const uint32_t chunks[] = {0, 1, 7, 16, 33};
	uint8_t out[128], back[128], want[128];
	size_t len, blen;

	assert_int_equal(unhex(ct, want), pt_len);
	for (size_t i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		len = sizeof(out);
		assert_int_equal(cipher(alg, TEE_MODE_ENCRYPT, key, iv,
					chunks[i], pt, pt_len, out, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, pt_len);
		assert_memory_equal(out, want, len);
		blen = sizeof(back);
		assert_int_equal(cipher(alg, TEE_MODE_DECRYPT, key, iv,
					chunks[i], want, pt_len, back, &blen),
				 TEEC_SUCCESS);
		assert_int_equal(blen, pt_len);
		assert_memory_equal(back, pt, pt_len);
	}
}

/* AES-CTS (CBC-CS3, as OP-TEE) against RFC 3962 appendix B's AES-128
 * vectors: 17 to 64 bytes, the last two blocks swapped even when whole;
 * less than a block is a panic. */
static void test_aes_cts_rfc3962(void **state)
{
	static const char msg[] = "I would like the General Gau's Chicken, "
				  "please, and wonton soup.";
	static const struct {
		size_t len;
		const char *ct;
	} v[] = {
		{17, "c6353568f2bf8cb4d8a580362da7ff7f97"},
		{31, "fc00783e0efdb2c1d445d4c8eff7ed2297687268d6ecccc0c07b25e2"
		     "5ecfe5"},
		{32, "39312523a78662d5be7fcbcc98ebf5a897687268d6ecccc0c07b25e2"
		     "5ecfe584"},
		{47, "97687268d6ecccc0c07b25e25ecfe584b3fffd940c16a18c1b5549d2"
		     "f838029e39312523a78662d5be7fcbcc98ebf5"},
		{48, "97687268d6ecccc0c07b25e25ecfe5849dad8bbb96c4cdc03bc103e1"
		     "a194bbd839312523a78662d5be7fcbcc98ebf5a8"},
		{64, "97687268d6ecccc0c07b25e25ecfe58439312523a78662d5be7fcbcc"
		     "98ebf5a84807efe836ee89a526730dbc2f7bc8409dad8bbb96c4cdc0"
		     "3bc103e1a194bbd8"},
	};
	static const char key[] = "636869636b656e207465726979616b69";
	static const char iv[] = "00000000000000000000000000000000";
	uint8_t out[64];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		stealing_kat(TEE_ALG_AES_CTS, key, iv, (const uint8_t *)msg,
			     v[i].len, v[i].ct);
	/* short buffer: the whole 17 bytes come out at the end */
	len = 10;
	assert_int_equal(cipher(TEE_ALG_AES_CTS, TEE_MODE_ENCRYPT, key, iv, 0,
				(const uint8_t *)msg, 17, out, &len),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(len, 17);
	len = sizeof(out);
	assert_int_equal(cipher(TEE_ALG_AES_CTS, TEE_MODE_ENCRYPT, key, iv, 0,
				(const uint8_t *)msg, 15, out, &len),
			 TEE_ERROR_TARGET_DEAD);
	crypto_down();
}

/* AES-XTS: IEEE 1619-2007 vector 2 (key 1 = 11.., key 2 = 22.., data
 * unit 0x3333333333), and 17 and 20 bytes (ciphertext stealing) against
 * Python cryptography 48 with IEEE 1619's vector-15 keys and tweak. */
static void test_aes_xts_ieee1619(void **state)
{
	static const char k_v2[] = "11111111111111111111111111111111"
				   "22222222222222222222222222222222";
	static const char iv_v2[] = "33333333330000000000000000000000";
	static const char k_v15[] = "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0"
				    "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0";
	static const char iv_v15[] = "123456789a0000000000000000000000";
	uint8_t pt[32];

	(void)state;
	crypto_up();
	memset(pt, 0x44, sizeof(pt));
	stealing_kat(TEE_ALG_AES_XTS, k_v2, iv_v2, pt, 32,
		     "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ec"
		     "d6d394f0");
	for (size_t i = 0; i < sizeof(pt); i++)
		pt[i] = (uint8_t)i;
	stealing_kat(TEE_ALG_AES_XTS, k_v15, iv_v15, pt, 17,
		     "641610679dcbf92e505c41333fb06c2a95");
	stealing_kat(TEE_ALG_AES_XTS, k_v15, iv_v15, pt, 20,
		     "a8ba0048d75084603eb8423a09b7bf7595c871f6");
	crypto_down();
}

/* XTS's two keys (ABI-FACTS-INTERNAL §3.2): one handle twice is
 * TEE_ERROR_SECURITY, returned; the operation expects two keys, each half
 * of maxKeySize; TEE_GetOperationInfo reports no single key size. */
static void test_aes_xts_two_keys(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	crypto_up();
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_XTS_KEYS, &op, NULL),
		TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 0xFFFF000F /* SECURITY */);
	assert_int_equal(op.params[0].value.b, 0x80000 /* EXPECT_TWO_KEYS */);
	assert_int_equal(op.params[1].value.a, 128);
	assert_int_equal(op.params[1].value.b, 128);
	assert_int_equal(op.params[2].value.a, 2);
	assert_int_equal(op.params[2].value.b, 0);
	crypto_down();
}

/* DIGEST_EXTRACT: @alg of "abc" in pieces of @piece bytes. */
static TEEC_Result extract(uint32_t alg, uint32_t piece, uint8_t *out,
			   size_t *len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].value.a = alg;
	op.params[0].value.b = piece;
	op.params[1].tmpref.buffer = "abc";
	op.params[1].tmpref.size = 3;
	op.params[2].tmpref.buffer = out;
	op.params[2].tmpref.size = *len;
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_DIGEST_EXTRACT, &op,
				 NULL);
	*len = op.params[2].tmpref.size;
	return res;
}

/* TEE_DigestExtract (GP 1.3.1): the FIPS 180-4 digests of "abc" handed
 * out in pieces; a fixed-size digest ends (an extract gives 0 bytes). */
static void test_digest_extract_fips180(void **state)
{
	static const char sha256[] = "ba7816bf8f01cfea414140de5dae2223b00361a3"
				     "96177a9cb410ff61f20015ad";
	static const char sha512[] =
		"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55"
		"d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94f"
		"a54ca49f";
	static const uint32_t pieces[] = {1, 5, 32, 100};
	uint8_t out[128];
	size_t len;

	(void)state;
	crypto_up();
	for (size_t i = 0; i < 4; i++) {
		len = sizeof(out);
		assert_int_equal(extract(TEE_ALG_SHA256, pieces[i], out, &len),
				 TEEC_SUCCESS);
		assert_hex(out, len, sha256);
		len = sizeof(out);
		assert_int_equal(extract(TEE_ALG_SHA512, pieces[i], out, &len),
				 TEEC_SUCCESS);
		assert_hex(out, len, sha512);
	}
	crypto_down();
}

/* A DER length (short or long form) at *@p; false past @end. */
static bool der_len(const uint8_t **p, const uint8_t *end, size_t *len)
{
	size_t n;

	if (*p >= end)
		return false;
	if (!(**p & 0x80)) {
		*len = *(*p)++;
		return true;
	}
	n = *(*p)++ & 0x7f;
	if (n > 2 || (size_t)(end - *p) < n)
		return false;
	for (*len = 0; n; n--)
		*len = (*len << 8) | *(*p)++;
	return (size_t)(end - *p) >= *len;
}

/* The DER element of @tag at *@p: its contents and length. */
static const uint8_t *der_take(const uint8_t **p, const uint8_t *end,
			       uint8_t tag, size_t *len)
{
	const uint8_t *c;

	if (*p >= end || *(*p)++ != tag || !der_len(p, end, len))
		return NULL;
	c = *p;
	*p += *len;
	return c;
}

static void der_put(uint8_t **p, uint8_t tag, const uint8_t *c, size_t len)
{
	*(*p)++ = tag;
	if (len >= 0x100) {
		*(*p)++ = 0x82;
		*(*p)++ = (uint8_t)(len >> 8);
	} else if (len >= 0x80) {
		*(*p)++ = 0x81;
	}
	*(*p)++ = (uint8_t)len;
	memcpy(*p, c, len);
	*p += len;
}

/* An unsigned big-endian @n-byte integer as a DER INTEGER's contents. */
static size_t der_uint(const uint8_t *b, size_t n, uint8_t *out)
{
	while (n > 1 && !b[0]) {
		b++;
		n--;
	}
	out[0] = 0;
	memcpy(out + (b[0] & 0x80 ? 1 : 0), b, n);
	return n + (b[0] & 0x80 ? 1 : 0);
}

/*
 * OP-TEE's SM2 ciphertext C1 || C2 || C3 (C1 = 04 || x || y) as the DER
 * libcrypto speaks (GM/T 0009: SEQUENCE { x, y INTEGER, C3, C2 OCTET
 * STRING }), into @der; its length.
 */
static size_t sm2_gp_to_der(const uint8_t *c, size_t len, uint8_t *der)
{
	uint8_t body[BLOB_MAX], x[33], y[33], *p = body, *q = der;
	size_t c2 = len - 65 - 32;

	assert_int_equal(c[0], 4);
	der_put(&p, 0x02, x, der_uint(c + 1, 32, x));
	der_put(&p, 0x02, y, der_uint(c + 33, 32, y));
	der_put(&p, 0x04, c + 65 + c2, 32);
	der_put(&p, 0x04, c + 65, c2);
	der_put(&q, 0x30, body, (size_t)(p - body));
	return (size_t)(q - der);
}

/* libcrypto's DER SM2 ciphertext as OP-TEE's C1 || C2 || C3, strictly:
 * every field there, nothing after; its length. */
static size_t sm2_der_to_gp(const uint8_t *der, size_t len, uint8_t *c)
{
	const uint8_t *p = der, *end = der + len, *x, *y, *c3, *c2, *seq;
	size_t sl, xl, yl, c3l, c2l;

	seq = der_take(&p, end, 0x30, &sl);
	assert_non_null(seq);
	assert_ptr_equal(p, end);
	p = seq;
	end = seq + sl;
	x = der_take(&p, end, 0x02, &xl);
	y = der_take(&p, end, 0x02, &yl);
	c3 = der_take(&p, end, 0x04, &c3l);
	c2 = der_take(&p, end, 0x04, &c2l);
	assert_true(x && y && c3 && c2 && p == end);
	assert_true(xl <= 33 && yl <= 33 && c3l == 32);
	if (xl == 33)
		assert_int_equal(*x++, 0), xl--;
	if (yl == 33)
		assert_int_equal(*y++, 0), yl--;
	memset(c, 0, 65);
	c[0] = 4;
	memcpy(c + 1 + 32 - xl, x, xl);
	memcpy(c + 33 + 32 - yl, y, yl);
	memcpy(c + 65, c2, c2l);
	memcpy(c + 65 + c2l, c3, 32);
	return 65 + c2l + 32;
}

/* SM2 encryption (@enc) or decryption here with @pk, libcrypto's DER. */
static size_t sm2_here(EVP_PKEY *pk, bool enc, const uint8_t *in, size_t len,
		       uint8_t *out, size_t room)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);

	assert_non_null(c);
	if (enc)
		assert_true(EVP_PKEY_encrypt_init(c) > 0 &&
			    EVP_PKEY_encrypt(c, out, &room, in, len) > 0);
	else
		assert_true(EVP_PKEY_decrypt_init(c) > 0 &&
			    EVP_PKEY_decrypt(c, out, &room, in, len) > 0);
	EVP_PKEY_CTX_free(c);
	return room;
}

/* An SM2 PKE key of @type for ASYM: this process's @d, @x, @y. */
static void sm2_pke_key(struct asym *a, uint32_t type, const BIGNUM *d,
			const BIGNUM *x, const BIGNUM *y)
{
	bool pair = type == TEE_TYPE_SM2_PKE_KEYPAIR;

	asym_key(a, type, 256, pair ? 3 : 2);
	if (pair)
		add_bn(&a->req, TEE_ATTR_ECC_PRIVATE_VALUE, d);
	add_bn(&a->req, TEE_ATTR_ECC_PUBLIC_VALUE_X, x);
	add_bn(&a->req, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y);
}

/*
 * SM2 PKE (GM/T 0003-2012 part 4) in OP-TEE's layout C1 || C2 || C3
 * (core/lib/libtomcrypt/sm2-pke.c): what the TA encrypts libcrypto
 * decrypts here and the other way round, the DER libcrypto speaks
 * converted strictly both ways.  Then OP-TEE's answers: SHORT_BUFFER with
 * the size needed, a panic for less room than C1 (its BAD_STATE), an
 * empty message CIPHERTEXT_INVALID (its all-zero KDF check), a changed C3
 * CIPHERTEXT_INVALID, a compressed C1 NOT_SUPPORTED, a bad PC byte, a
 * point off the curve or no C2 BAD_PARAMETERS, and too little room to
 * decrypt into: as much of the message as fits.
 */
static void test_sm2_pke_matches_libcrypto(void **state)
{
	static const uint8_t msg[] = "encryption standard, and more than "
				     "one SM3 block of mask: 0123456789";
	const size_t mlen = sizeof(msg) - 1, clen = 65 + mlen + 32;
	uint8_t ct[BLOB_MAX], der[BLOB_MAX], pt[BLOB_MAX], bad[BLOB_MAX];
	EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, "SM2");
	BIGNUM *d = NULL, *x = NULL, *y = NULL;
	struct asym pub, pair;
	size_t len, n;

	(void)state;
	assert_non_null(pk);
	assert_true(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &d) &&
		    EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_EC_PUB_X, &x) &&
		    EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_EC_PUB_Y, &y));
	crypto_up();
	sm2_pke_key(&pub, TEE_TYPE_SM2_PKE_PUBLIC_KEY, d, x, y);
	sm2_pke_key(&pair, TEE_TYPE_SM2_PKE_KEYPAIR, d, x, y);

	/* The TA encrypts, libcrypto decrypts. */
	len = sizeof(ct);
	assert_int_equal(asym(&pub, TEE_ALG_SM2_PKE, TEE_MODE_ENCRYPT, msg,
			      mlen, ct, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, clen);
	n = sm2_gp_to_der(ct, len, der);
	assert_int_equal(sm2_here(pk, false, der, n, pt, sizeof(pt)), mlen);
	assert_memory_equal(pt, msg, mlen);
	/* And decrypts its own. */
	len = sizeof(pt);
	assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT, ct,
			      clen, pt, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, mlen);
	assert_memory_equal(pt, msg, mlen);

	/* libcrypto encrypts (one byte too), the TA decrypts. */
	for (size_t m = 1; m <= mlen; m += mlen - 1) {
		n = sm2_here(pk, true, msg, m, der, sizeof(der));
		assert_int_equal(sm2_der_to_gp(der, n, ct), 65 + m + 32);
		len = sizeof(pt);
		assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT,
				      ct, 65 + m + 32, pt, &len),
				 TEEC_SUCCESS);
		assert_int_equal(len, m);
		assert_memory_equal(pt, msg, m);
	}
	n = sm2_here(pk, true, msg, mlen, der, sizeof(der));
	sm2_der_to_gp(der, n, ct);

	/* Too little room to decrypt into: what fits (OP-TEE). */
	len = 10;
	assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT, ct,
			      clen, pt, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, 10);
	assert_memory_equal(pt, msg, 10);
	/* A changed C3, a changed C2: CIPHERTEXT_INVALID. */
	for (size_t at = clen - 1; at >= 65 + mlen - 1; at -= 32) {
		memcpy(bad, ct, clen);
		bad[at] ^= 1;
		len = sizeof(pt);
		assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT,
				      bad, clen, pt, &len),
				 TEE_ERROR_CIPHERTEXT_INVALID);
	}
	/* C1's form: compressed or hybrid, unknown, off the curve. */
	{
		static const struct {
			uint8_t pc;
			uint32_t res;
		} forms[] = {{2, TEE_ERROR_NOT_SUPPORTED},
			     {3, TEE_ERROR_NOT_SUPPORTED},
			     {6, TEE_ERROR_NOT_SUPPORTED},
			     {7, TEE_ERROR_NOT_SUPPORTED},
			     {0, TEE_ERROR_BAD_PARAMETERS},
			     {5, TEE_ERROR_BAD_PARAMETERS}};

		for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
			memcpy(bad, ct, clen);
			bad[0] = forms[i].pc;
			len = sizeof(pt);
			assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE,
					      TEE_MODE_DECRYPT, bad, clen, pt,
					      &len),
					 forms[i].res);
		}
	}
	memcpy(bad, ct, clen);
	bad[64] ^= 1;
	len = sizeof(pt);
	assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT, bad,
			      clen, pt, &len),
			 TEE_ERROR_BAD_PARAMETERS);
	/* C1 and C3 alone (no C2), or less than C1. */
	len = sizeof(pt);
	assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT, ct,
			      65 + 32, pt, &len),
			 TEE_ERROR_BAD_PARAMETERS);
	len = sizeof(pt);
	assert_int_equal(asym(&pair, TEE_ALG_SM2_PKE, TEE_MODE_DECRYPT, ct, 40,
			      pt, &len),
			 TEE_ERROR_BAD_PARAMETERS);

	/* Encryption's room: the size needed; less than C1: a panic. */
	len = 65;
	assert_int_equal(asym(&pub, TEE_ALG_SM2_PKE, TEE_MODE_ENCRYPT, msg,
			      mlen, ct, &len),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(len, clen);
	/* An empty message: the all-zero mask check refuses it. */
	len = sizeof(ct);
	assert_int_equal(
		asym(&pub, TEE_ALG_SM2_PKE, TEE_MODE_ENCRYPT, msg, 0, ct, &len),
		TEE_ERROR_CIPHERTEXT_INVALID);
	len = 64;
	assert_int_equal(asym(&pub, TEE_ALG_SM2_PKE, TEE_MODE_ENCRYPT, msg,
			      mlen, ct, &len),
			 TEEC_ERROR_TARGET_DEAD);
	e2e_close(&ctx, &sess);
	e2e_open(&ctx, &sess, &crypto_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_SM2_PKE, 0x400),
			 TEEC_SUCCESS);
	crypto_down();
	BN_free(d);
	BN_free(x);
	BN_free(y);
	EVP_PKEY_free(pk);
}

/* GM/T 0003-2012 part 5, annex B.2 (SM2 key exchange on the
 * recommended curve, as OP-TEE's xtest uses it): A initiates, B
 * responds, both identities "1234567812345678". */
static const struct {
	const char *d, *x, *y, *r, *ex, *ey;
} gmt_kep[2] = {
	{"81EB26E941BB5AF16DF116495F90695272AE2CD63D6C4AE1678418BE48230029",
	 "160E12897DF4EDB61DD812FEB96748FBD3CCF4FFE26AA6F6DB9540AF49C94232",
	 "4A7DAD08BB9A459531694BEB20AA489D6649975E1BFCF8C4741B78B4B223007F",
	 "D4DE15474DB74D06491C440D305E012400990F3E390C7E87153C12DB2EA60BB3",
	 "64CED1BDBC99D590049B434D0FD73428CF608A5DB8FE5CE07F15026940BAE40E",
	 "376629C7AB21E7DB260922499DDB118F07CE8EAAE3E7720AFEF6A5CC062070C0"},
	{"785129917D45A9EA5437A59356B82338EAADDA6CEB199088F14AE10DEFA229B5",
	 "6AE848C57C53C7B1B5FA99EB2286AF078BA64C64591B8B566F7357D576F16DFB",
	 "EE489D771621A27B36C5C7992062E9CD09A9264386F3FBEA54DFF69305621C4D",
	 "7E07124814B309489125EAED101113164EBF0F3458C5BD88335C1F9D596243D6",
	 "ACC27688A6F7B706098BC91FF3AD1BFF7DC2802CDB14CCCCDB0A90471F9BD707",
	 "2FEDAC0494B2FFC4D6853876C79B8F301C6573AD0AA50F39FC87181E1A1B46FE"},
};
/* SB: B's confirmation value in the annex. */
static const char gmt_kep_sb[] =
	"D3A0FE15DEE185CEAE907A6B595CC32A266ED7B3367E9983A896DC32FA20F8EB";

/* SM2_KEP as side @me (0: A, the initiator) of gmt_kep with @klen
 * bytes; @conf_in (NULL: none) the peer's value; @out gets K then this
 * side's confirmation value. */
static TEEC_Result kep_side(int me, const uint8_t *conf_in, bool corrupt_peer,
			    uint8_t *out, size_t klen)
{
	const uint8_t id[] = "1234567812345678";
	TEEC_Operation op = {0};
	struct blob b = {0};
	uint8_t peer_x[32];
	int peer = !me;
	TEEC_Result res;

	blob_put_u32(&b, 3);
	add_hex(&b, TEE_ATTR_ECC_PRIVATE_VALUE, gmt_kep[me].d);
	add_hex(&b, TEE_ATTR_ECC_PUBLIC_VALUE_X, gmt_kep[me].x);
	add_hex(&b, TEE_ATTR_ECC_PUBLIC_VALUE_Y, gmt_kep[me].y);
	blob_put_u32(&b, 3);
	add_hex(&b, TEE_ATTR_ECC_PRIVATE_VALUE, gmt_kep[me].r);
	add_hex(&b, TEE_ATTR_ECC_PUBLIC_VALUE_X, gmt_kep[me].ex);
	add_hex(&b, TEE_ATTR_ECC_PUBLIC_VALUE_Y, gmt_kep[me].ey);
	blob_add_val(&b, TEE_ATTR_SM2_KEP_USER, (uint32_t)me);
	unhex(gmt_kep[peer].x, peer_x);
	if (corrupt_peer)
		peer_x[31] ^= 1;
	blob_add_ref(&b, TEE_ATTR_ECC_PUBLIC_VALUE_X, peer_x, 32);
	add_hex(&b, TEE_ATTR_ECC_PUBLIC_VALUE_Y, gmt_kep[peer].y);
	/* One side with OP-TEE's first ids of the ephemeral point. */
	add_hex(&b, me ? 0xD0000946 : TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_X,
		gmt_kep[peer].ex);
	add_hex(&b, me ? 0xD0000A46 : TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_Y,
		gmt_kep[peer].ey);
	blob_add_ref(&b, TEE_ATTR_SM2_ID_INITIATOR, id, 16);
	blob_add_ref(&b, TEE_ATTR_SM2_ID_RESPONDER, id, 16);
	if (conf_in)
		blob_add_ref(&b, TEE_ATTR_SM2_KEP_CONFIRMATION_IN, conf_in, 32);
	blob_add_ref(&b, TEE_ATTR_SM2_KEP_CONFIRMATION_OUT, out, 32);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].value.a = (uint32_t)klen;
	op.params[0].value.b = 1;
	op.params[1].tmpref.buffer = b.b;
	op.params[1].tmpref.size = b.n;
	op.params[2].tmpref.buffer = out;
	op.params[2].tmpref.size = klen + 32;
	res = TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_SM2_KEP, &op, NULL);
	if (!res)
		assert_int_equal(op.params[2].tmpref.size, klen + 32);
	return res;
}

/*
 * An operation that gets another key signs with it: by
 * TEE_SetOperationKey after TEE_ResetOperation, and by TEE_CopyOperation
 * onto an operation that already signed (libutee keeps the libcrypto key
 * with the operation, so it must drop it whenever the key changes).
 */
static void test_new_key_signs_with_it(void **state)
{
	(void)state;
	crypto_up();
	for (uint32_t alg = 0; alg < 2; alg++) {
		TEEC_Operation op = {
			.paramTypes =
				TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE,
						 TEEC_NONE, TEEC_NONE),
			.params[0].value.a = alg,
		};

		assert_int_equal(TEEC_InvokeCommand(&sess, TA_CRYPTO_CMD_REKEY,
						    &op, NULL),
				 TEEC_SUCCESS);
	}
	crypto_down();
}

/*
 * SM2 key exchange (GM/T 0003-2012 part 3, 6.1) as OP-TEE's core does it
 * (core/lib/libtomcrypt/sm2-kep.c): with the annex B.2 keys, B's
 * confirmation value is the annex's SB; A takes it, both sides derive the
 * same key (16 bytes, the annex's klen, and 100), B takes A's value.  A
 * wrong confirmation value, a peer point off the curve: TEE_DeriveKey
 * panics (OP-TEE's BAD_STATE, BAD_PARAMETERS).
 */
static void test_sm2_kep_gmt_vector(void **state)
{
	uint8_t a[100 + 32], b[100 + 32], sb[32];
	static const size_t klens[] = {16, 100};

	(void)state;
	unhex(gmt_kep_sb, sb);
	crypto_up();
	for (size_t i = 0; i < 2; i++) {
		size_t kl = klens[i];

		/* B first, without A's value: its SB. */
		assert_int_equal(kep_side(1, NULL, false, b, kl), TEEC_SUCCESS);
		assert_memory_equal(b + kl, sb, 32);
		assert_int_equal(kep_side(0, b + kl, false, a, kl),
				 TEEC_SUCCESS);
		assert_memory_equal(a, b, kl);
		/* B checks SA. */
		memcpy(sb, a + kl, 32);
		assert_int_equal(kep_side(1, sb, false, b, kl), TEEC_SUCCESS);
		assert_memory_equal(a, b, kl);
		unhex(gmt_kep_sb, sb);
	}
	sb[0] ^= 1;
	assert_int_equal(kep_side(0, sb, false, a, 16), TEEC_ERROR_TARGET_DEAD);
	e2e_close(&ctx, &sess);
	e2e_open(&ctx, &sess, &crypto_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(kep_side(0, NULL, true, a, 16),
			 TEEC_ERROR_TARGET_DEAD);
	e2e_close(&ctx, &sess);
	e2e_open(&ctx, &sess, &crypto_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					      TEE_ALG_SM2_KEP, 0x400),
			 TEEC_SUCCESS);
	crypto_down();
}

/* SHAKE128/256 of @msg, @n bytes of it, computed here. */
static void shake_here(uint32_t alg, const void *msg, size_t len, uint8_t *out,
		       size_t n)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	assert_non_null(c);
	assert_int_equal(EVP_DigestInit_ex(c,
					   alg == TEE_ALG_SHAKE128
						   ? EVP_shake128()
						   : EVP_shake256(),
					   NULL),
			 1);
	assert_int_equal(EVP_DigestUpdate(c, msg, len), 1);
	assert_int_equal(EVP_DigestFinalXOF(c, out, n), 1);
	EVP_MD_CTX_free(c);
}

/* @cmd (TA_CRYPTO_CMD_DIGEST) of @msg with @out_len bytes of room. */
static TEEC_Result digest_final(uint32_t cmd, uint32_t alg, const char *msg,
				uint32_t chunk, uint8_t *out, size_t *out_len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].value.a = alg;
	op.params[0].value.b = chunk;
	op.params[1].tmpref.buffer = (void *)msg;
	op.params[1].tmpref.size = strlen(msg);
	op.params[2].tmpref.buffer = out;
	op.params[2].tmpref.size = *out_len;
	res = TEEC_InvokeCommand(&sess, cmd, &op, NULL);
	*out_len = op.params[2].tmpref.size;
	return res;
}

/*
 * SHAKE128/256 (FIPS 202), as OP-TEE gives them: digestLength 0;
 * TEE_DigestDoFinal writes as many bytes as the buffer holds (OP-TEE's
 * syscall_hash_final() takes an XOF's length from the caller, so there is
 * no SHORT_BUFFER); TEE_DigestExtract squeezes on, call after call, as
 * long as asked.  The FIPS 202 value of SHAKE128("") and libcrypto here
 * are the checks.
 */
static void test_shake_xof(void **state)
{
	static const char shake128_empty[] = "7f9c2ba4e88f827d616045507605853e"
					     "d73b8093f6efbc88eb1a6eacfa66ef26";
	static const uint32_t algs[] = {TEE_ALG_SHAKE128, TEE_ALG_SHAKE256};
	static const uint32_t pieces[] = {1, 7, 64, 168, 500};
	static const size_t sizes[] = {0, 1, 16, 32, 167, 168, 169, 300};
	const char *msg = "abc";
	uint8_t out[301], want[300];
	size_t len;

	(void)state;
	crypto_up();
	len = 32;
	assert_int_equal(digest_final(TA_CRYPTO_CMD_DIGEST, TEE_ALG_SHAKE128,
				      "", 0, out, &len),
			 TEEC_SUCCESS);
	assert_hex(out, len, shake128_empty);
	for (size_t a = 0; a < 2; a++) {
		shake_here(algs[a], msg, 3, want, sizeof(want));
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			len = sizes[i];
			memset(out, 0xee, sizeof(out));
			assert_int_equal(digest_final(TA_CRYPTO_CMD_DIGEST,
						      algs[a], msg, 1, out,
						      &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, sizes[i]);
			assert_memory_equal(out, want, len);
			assert_int_equal(out[len], 0xee);
		}
		for (size_t i = 0; i < sizeof(pieces) / sizeof(pieces[0]);
		     i++) {
			len = 300;
			assert_int_equal(extract(algs[a], pieces[i], out, &len),
					 TEEC_SUCCESS);
			assert_int_equal(len, 300);
			assert_memory_equal(out, want, 300);
		}
	}
	/* TEE_IsAlgorithmSupported says yes. */
	for (size_t a = 0; a < 2; a++)
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					     algs[a], 0),
			TEEC_SUCCESS);
	crypto_down();
}

/* TEE_IsAlgorithmSupported with the new algorithms and their elements
 * (ABI-FACTS-INTERNAL §1.7: 25519 algorithms need TEE_ECC_CURVE_25519,
 * ECDH a NIST curve, SM2 TEE_ECC_CURVE_SM2, the rest none). */
static void test_support_of_new_algorithms(void **state)
{
	static const struct {
		uint32_t alg, element, res;
	} cases[] = {
		{TEE_ALG_X25519, TEE_ECC_CURVE_25519, TEEC_SUCCESS},
		{TEE_ALG_X25519, 0, TEE_ERROR_NOT_SUPPORTED},
		{TEE_ALG_ED25519, TEE_ECC_CURVE_25519, TEEC_SUCCESS},
		{TEE_ALG_ED25519, TEE_ECC_CURVE_NIST_P256,
		 TEE_ERROR_NOT_SUPPORTED},
		{TEE_ALG_ECDH_DERIVE_SHARED_SECRET, TEE_ECC_CURVE_NIST_P384,
		 TEEC_SUCCESS},
		{TEE_ALG_ECDH_DERIVE_SHARED_SECRET, 0, TEE_ERROR_NOT_SUPPORTED},
		{0x80003042 /* __OPTEE_ALG_ECDH_P256 */,
		 TEE_ECC_CURVE_NIST_P384, TEE_ERROR_NOT_SUPPORTED},
		{TEE_ALG_DH_DERIVE_SHARED_SECRET, 0, TEEC_SUCCESS},
		{TEE_ALG_DSA_SHA256, 0, TEEC_SUCCESS},
		{TEE_ALG_HKDF_SHA256_DERIVE_KEY, 0, TEEC_SUCCESS},
		{TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY, 0, TEEC_SUCCESS},
		{TEE_ALG_CONCAT_KDF_SHA256_DERIVE_KEY, 0, TEEC_SUCCESS},
		{TEE_ALG_RSA_NOPAD, 0, TEEC_SUCCESS},
		{TEE_ALG_SM2_DSA_SM3, 0x400 /* TEE_ECC_CURVE_SM2 */,
		 TEEC_SUCCESS},
		{TEE_ALG_SM2_DSA_SM3, TEE_ECC_CURVE_NIST_P256,
		 TEE_ERROR_NOT_SUPPORTED},
		{TEE_ALG_SM2_PKE, 0x400, TEEC_SUCCESS},
		{TEE_ALG_SM2_PKE, 0, TEE_ERROR_NOT_SUPPORTED},
	};

	(void)state;
	crypto_up();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_IS_SUPPORTED,
					     cases[i].alg, cases[i].element),
			cases[i].res);
	crypto_down();
}

/* A panic per new function class: TEE_DeriveKey without its parameter,
 * into a non-generic-secret object, HKDF without a length; an update
 * while extracting; a 25519 value not 32 bytes long; DH_X_BITS given to
 * populate; DSA generation without the base; signing on a verify
 * operation; TEE_SetOperationKey on a two-key (XTS) operation. */
static void test_misuse_panics_target_dead(void **state)
{
	static const uint32_t cases[] = {
		TA_CRYPTO_MISUSE_DERIVE_MISSING_PARAM,
		TA_CRYPTO_MISUSE_DERIVE_INTO_AES,
		TA_CRYPTO_MISUSE_DERIVE_NO_LENGTH,
		TA_CRYPTO_MISUSE_UPDATE_WHILE_EXTRACTING,
		TA_CRYPTO_MISUSE_X25519_SHORT_VALUE,
		TA_CRYPTO_MISUSE_DH_POPULATE_X_BITS,
		TA_CRYPTO_MISUSE_DSA_GEN_NO_BASE,
		TA_CRYPTO_MISUSE_SIGN_ED25519_ON_VERIFY,
		TA_CRYPTO_MISUSE_XTS_ONE_KEY,
	};

	(void)state;
	crypto_up();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(
			crypto_invoke_values(TA_CRYPTO_CMD_MISUSE, cases[i], 0),
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_hkdf_rfc5869,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_pbkdf2_rfc6070,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(
			test_concat_kdf_matches_python_cryptography,
			crypto_stop_leftover),
		cmocka_unit_test_teardown(test_x25519_rfc7748_and_generated_key,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ed25519_rfc8032,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_ecdh_matches_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_dh_generate_and_derive,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_dsa_generate_sign_verify,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_rsa_nopad_is_modexp,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_sm2_dsa_matches_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_digest_extract_fips180,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_shake_xof, crypto_stop_leftover),
		cmocka_unit_test_teardown(test_sm2_pke_matches_libcrypto,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_sm2_kep_gmt_vector,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_aes_cts_rfc3962,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_aes_xts_ieee1619,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_aes_xts_two_keys,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_new_key_signs_with_it,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_support_of_new_algorithms,
					  crypto_stop_leftover),
		cmocka_unit_test_teardown(test_misuse_panics_target_dead,
					  crypto_stop_leftover),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
