/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_shdr: the signed TA image verifier (secure/shdr.c) and the UUID
 * helpers (secure/uuid.c).
 *
 * Images are built here, in memory, by a builder written independently of
 * shdr.c and teebox-sign (straight from docs/abi.md §8), so a mistake in
 * the format would have to be made twice to go unnoticed.  The builder can
 * set every header field to a wrong value while keeping the rest of the
 * image consistent (hash recomputed, signature redone), so each test
 * reaches the one check it is about; the test then also asserts which
 * check refused the image.
 *
 * Every image handed to the verifier sits in a heap block of exactly its
 * size, so under ASan a read past the end is a crash, not a silent pass.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "secure/shdr.h"
#include "secure/uuid.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/tee_api_types.h"

/* Layouts the verifier and every TA rely on (docs/abi.md §7.2). */
_Static_assert(sizeof(TEE_UUID) == 16, "TEE_UUID");
_Static_assert(offsetof(TEE_UUID, clockSeqAndNode) == 8, "TEE_UUID");
_Static_assert(sizeof(TEE_Identity) == 20, "TEE_Identity");
_Static_assert(offsetof(TEE_Identity, uuid) == 4, "TEE_Identity");
_Static_assert(sizeof(TEE_Param) == 2 * sizeof(void *), "TEE_Param");
_Static_assert(offsetof(TEE_Param, memref.size) == sizeof(void *), "TEE_Param");
_Static_assert(TEE_PARAM_TYPES(1, 5, 6, 7) == 0x7651, "TEE_PARAM_TYPES");
_Static_assert(TEE_PARAM_TYPE_GET(0x7651, 2) == 6, "TEE_PARAM_TYPE_GET");

static const uint8_t payload_bytes[] = "\x7f"
				       "ELF pretend TA payload, "
				       "long enough to have a first and a "
				       "last byte that differ";

/* 8aaaf200-2450-11e4-abe2-0002a5d5c51b, in host order and as octets. */
static const TEE_UUID ta_uuid = {
	.timeLow = 0x8aaaf200,
	.timeMid = 0x2450,
	.timeHiAndVersion = 0x11e4,
	.clockSeqAndNode = {0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b},
};
static const uint8_t ta_uuid_octets[16] = {
	0x8a, 0xaa, 0xf2, 0x00, 0x24, 0x50, 0x11, 0xe4,
	0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b,
};

/* Keys shared by all tests: generating RSA keys is the slow part. */
static struct {
	EVP_PKEY *key;	 /* RSA-2048: the platform key */
	EVP_PKEY *other; /* RSA-2048: someone else's */
	EVP_PKEY *big;	 /* RSA-3072 */
	uint8_t *der;	 /* DER SubjectPublicKeyInfo of key */
	size_t der_len;
} k;

/* ---- the independent image builder ---- */

enum pad { PAD_PSS, PAD_PKCS1 };

/*
 * What to build.  Every field has a correct default (spec_default());
 * tests change one.
 */
struct spec {
	EVP_PKEY *key;
	uint32_t magic, img_type, algo;
	uint16_t hash_size;
	enum pad pad;	   /* how to sign, whatever algo says */
	int saltlen;	   /* PSS salt length */
	bool set_img_size; /* else img_size = payload length */
	uint32_t img_size;
	uint8_t uuid[16]; /* octets */
	uint32_t version;
	const uint8_t *payload;
	size_t payload_len;
};

static struct spec spec_default(enum pad pad)
{
	struct spec s = {
		.key = k.key,
		.magic = 0x4f545348,
		.img_type = 1,
		.algo = pad == PAD_PSS ? 0x70414930 : 0x70004830,
		.hash_size = 32,
		.pad = pad,
		.saltlen = 32,
		.version = 0x01020304,
		.payload = payload_bytes,
		.payload_len = sizeof(payload_bytes),
	};

	memcpy(s.uuid, ta_uuid_octets, 16);
	return s;
}

static void le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void sign_digest(const struct spec *s, const uint8_t *hash, uint8_t *sig,
			size_t sig_len)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, s->key, NULL);
	size_t n = sig_len;

	assert_non_null(ctx);
	assert_int_equal(EVP_PKEY_sign_init(ctx), 1);
	assert_true(EVP_PKEY_CTX_set_rsa_padding(
			    ctx, s->pad == PAD_PSS ? RSA_PKCS1_PSS_PADDING
						   : RSA_PKCS1_PADDING) > 0);
	assert_true(EVP_PKEY_CTX_set_signature_md(ctx, EVP_sha256()) > 0);
	if (s->pad == PAD_PSS) {
		assert_true(EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256()) >
			    0);
		assert_true(EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, s->saltlen) >
			    0);
	}
	assert_int_equal(EVP_PKEY_sign(ctx, sig, &n, hash, 32), 1);
	assert_int_equal(n, sig_len);
	EVP_PKEY_CTX_free(ctx);
}

/* Builds shdr || hash || sig || uuid || version || payload; malloc'd. */
static uint8_t *build(const struct spec *s, size_t *len)
{
	size_t sig_len = (size_t)EVP_PKEY_get_size(s->key);
	size_t sub = 20 + s->hash_size + sig_len;
	size_t total = sub + 20 + s->payload_len;
	uint8_t hash[32];
	unsigned int n;
	EVP_MD_CTX *md;
	uint8_t *img;

	img = calloc(1, total);
	assert_non_null(img);
	le32(img, s->magic);
	le32(img + 4, s->img_type);
	le32(img + 8, s->set_img_size ? s->img_size : (uint32_t)s->payload_len);
	le32(img + 12, s->algo);
	le16(img + 16, s->hash_size);
	le16(img + 18, (uint16_t)sig_len);
	memcpy(img + sub, s->uuid, 16);
	le32(img + sub + 16, s->version);
	if (s->payload_len)
		memcpy(img + sub + 20, s->payload, s->payload_len);

	md = EVP_MD_CTX_new();
	assert_non_null(md);
	assert_int_equal(EVP_DigestInit_ex(md, EVP_sha256(), NULL), 1);
	assert_int_equal(EVP_DigestUpdate(md, img, 20), 1);
	assert_int_equal(EVP_DigestUpdate(md, img + sub, total - sub), 1);
	assert_int_equal(EVP_DigestFinal_ex(md, hash, &n), 1);
	EVP_MD_CTX_free(md);
	memcpy(img + 20, hash, s->hash_size < 32 ? s->hash_size : 32);
	sign_digest(s, hash, img + 20 + s->hash_size, sig_len);
	*len = total;
	return img;
}

/* ---- running the verifier ---- */

static const struct shdr_ta_info info_canary = {
	.payload = (const void *)0x5a5a,
	.payload_len = 0x5a5a,
	.ta_version = 0x5a5a,
};

/*
 * Verifies the first @len bytes of @img from a heap copy of exactly that
 * size against the platform key and @uuid.  Checks that the error queue is
 * left empty and that @info is untouched on failure, but for a UUID
 * mismatch, where @info->uuid names the TA the image holds.
 */
static TEE_Result verify_as(const uint8_t *img, size_t len,
			    const TEE_UUID *uuid, struct shdr_ta_info *info,
			    const char **why)
{
	uint8_t *copy = malloc(len ? len : 1);
	TEE_Result res;

	assert_non_null(copy);
	memcpy(copy, img, len);
	*info = info_canary;
	res = shdr_verify_ta_reason(copy, len, uuid, k.der, k.der_len, info,
				    why);
	assert_int_equal(ERR_peek_error(), 0);
	if (res != TEE_SUCCESS) {
		assert_non_null(*why);
		if (!strcmp(*why, "UUID mismatch")) {
			assert_memory_equal(&info->uuid, &ta_uuid,
					    sizeof(ta_uuid));
			info->uuid = info_canary.uuid;
		}
		assert_memory_equal(info, &info_canary, sizeof(*info));
	} else {
		assert_null(*why);
		/* The payload must point into our copy; rebase it. */
		assert_true((const uint8_t *)info->payload >= copy &&
			    (const uint8_t *)info->payload +
					    info->payload_len <=
				    copy + len);
		info->payload = img + ((const uint8_t *)info->payload - copy);
	}
	free(copy);
	return res;
}

static TEE_Result verify(const uint8_t *img, size_t len, const char **why)
{
	struct shdr_ta_info info;

	return verify_as(img, len, &ta_uuid, &info, why);
}

/* Builds @s, expects SECURITY with reason @reason. */
static void expect_refused(const struct spec *s, const char *reason)
{
	const char *why;
	uint8_t *img;
	size_t len;

	img = build(s, &len);
	assert_int_equal(verify(img, len, &why), TEE_ERROR_SECURITY);
	assert_string_equal(why, reason);
	free(img);
}

/* ---- valid images ---- */

static void check_valid(enum pad pad, uint32_t algo)
{
	struct spec s = spec_default(pad);
	struct shdr_ta_info info;
	const char *why;
	uint8_t *img;
	size_t len;

	img = build(&s, &len);
	assert_int_equal(verify_as(img, len, &ta_uuid, &info, &why),
			 TEE_SUCCESS);
	assert_ptr_equal(info.payload, img + 20 + 32 + 256 + 20);
	assert_int_equal(info.payload_len, sizeof(payload_bytes));
	assert_memory_equal(info.payload, payload_bytes, sizeof(payload_bytes));
	assert_int_equal(info.ta_version, 0x01020304);
	assert_memory_equal(&info.uuid, &ta_uuid, sizeof(ta_uuid));
	assert_int_equal(info.algo, algo);
	/* The public entry point agrees. */
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, k.der, k.der_len, &info),
		TEE_SUCCESS);
	free(img);
}

static void test_valid_pss(void **state)
{
	check_valid(PAD_PSS, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256);
}

static void test_valid_pkcs1(void **state)
{
	check_valid(PAD_PKCS1, TEE_ALG_RSASSA_PKCS1_V1_5_SHA256);
}

static void test_valid_3072_key(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	struct shdr_ta_info info;
	uint8_t *img, *der = NULL;
	int der_len;
	size_t len;

	s.key = k.big;
	img = build(&s, &len);
	der_len = i2d_PUBKEY(k.big, &der);
	assert_true(der_len > 0);
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, der, (size_t)der_len, &info),
		TEE_SUCCESS);
	assert_int_equal(info.payload_len, sizeof(payload_bytes));
	OPENSSL_free(der);
	free(img);
}

/* ---- tampering ---- */

static void test_flipped_byte_in_each_region(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	const size_t sub = 20 + 32 + 256;
	size_t offs[64], n = 0, i, len;
	const char *why;
	uint8_t *img;

	for (i = 0; i < 20; i++)
		offs[n++] = i; /* every header byte */
	offs[n++] = 20;	       /* hash, first and last */
	offs[n++] = 20 + 31;
	offs[n++] = 52; /* signature, first and last */
	offs[n++] = 52 + 255;
	for (i = 0; i < 16; i++)
		offs[n++] = sub + i; /* every UUID byte */
	for (i = 16; i < 20; i++)
		offs[n++] = sub + i; /* every version byte */
	offs[n++] = sub + 20;	     /* payload, first and last */
	offs[n++] = sub + 20 + sizeof(payload_bytes) - 1;

	img = build(&s, &len);
	assert_int_equal(offs[n - 1], len - 1);
	for (i = 0; i < n; i++) {
		img[offs[i]] ^= 0x01;
		assert_int_equal(verify(img, len, &why), TEE_ERROR_SECURITY);
		img[offs[i]] ^= 0x01;
	}
	assert_int_equal(verify(img, len, &why), TEE_SUCCESS);
	free(img);
}

static void test_tampered_regions_name_the_check(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	const size_t sub = 20 + 32 + 256;
	const char *why;
	uint8_t *img;
	size_t len;

	img = build(&s, &len);
	img[sub + 20] ^= 0x80;
	assert_int_equal(verify(img, len, &why), TEE_ERROR_SECURITY);
	assert_string_equal(why, "hash mismatch");
	img[sub + 20] ^= 0x80;
	img[52 + 100] ^= 0x80;
	assert_int_equal(verify(img, len, &why), TEE_ERROR_SECURITY);
	assert_string_equal(why, "signature mismatch");
	free(img);
}

static void test_truncated_at_every_length(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	const char *why;
	uint8_t *img;
	size_t len, i;

	img = build(&s, &len);
	for (i = 0; i < len; i++)
		assert_int_equal(verify(img, i, &why), TEE_ERROR_SECURITY);
	/* And a NULL image of length 0. */
	assert_int_equal(shdr_verify_ta_reason(NULL, 0, &ta_uuid, k.der,
					       k.der_len,
					       &(struct shdr_ta_info){0}, &why),
			 TEE_ERROR_SECURITY);
	free(img);
}

static void test_trailing_byte(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	const char *why;
	uint8_t *img, *longer;
	size_t len;

	img = build(&s, &len);
	longer = calloc(1, len + 1);
	assert_non_null(longer);
	memcpy(longer, img, len);
	assert_int_equal(verify(longer, len + 1, &why), TEE_ERROR_SECURITY);
	assert_string_equal(why, "img_size does not match the payload");
	free(longer);
	free(img);
}

/* ---- wrong identity ---- */

static void test_wrong_expected_uuid(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	struct shdr_ta_info info;
	TEE_UUID other = ta_uuid;
	const char *why;
	uint8_t *img;
	size_t len;

	img = build(&s, &len);
	other.clockSeqAndNode[7] ^= 1;
	assert_int_equal(verify_as(img, len, &other, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, "UUID mismatch");
	/* A UUID whose octets are byte-swapped in the integer fields. */
	other = ta_uuid;
	other.timeLow = 0x00f2aa8a;
	assert_int_equal(verify_as(img, len, &other, &info, &why),
			 TEE_ERROR_SECURITY);
	free(img);
}

static void test_signed_by_another_key(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.key = k.other;
	expect_refused(&s, "signature mismatch");
	s.pad = PAD_PKCS1;
	s.algo = TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
	expect_refused(&s, "signature mismatch");
}

/*
 * The decoded key is reused only for the same key bytes: the same buffer
 * holding another key of the same length, and then other keys, are
 * decoded afresh (an image signed by k.key is refused under them and
 * accepted again under k.der).
 */
static void test_key_reused_only_for_same_bytes(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	struct shdr_ta_info info;
	uint8_t *img, *der, *other = NULL, *big = NULL;
	int other_len, big_len;
	const char *why;
	size_t len;

	img = build(&s, &len);
	other_len = i2d_PUBKEY(k.other, &other);
	big_len = i2d_PUBKEY(k.big, &big);
	assert_int_equal(other_len, (int)k.der_len);
	assert_true(big_len > 0);
	der = malloc(k.der_len);
	assert_non_null(der);
	memcpy(der, k.der, k.der_len);
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, der, k.der_len, &info),
		TEE_SUCCESS);
	/* Same address, same length, another key. */
	memcpy(der, other, k.der_len);
	assert_int_equal(shdr_verify_ta_reason(img, len, &ta_uuid, der,
					       k.der_len, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, "signature mismatch");
	assert_int_equal(shdr_verify_ta_reason(img, len, &ta_uuid, big,
					       (size_t)big_len, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, "signature size does not match the key");
	memcpy(der, k.der, k.der_len);
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, der, k.der_len, &info),
		TEE_SUCCESS);
	OPENSSL_free(big);
	OPENSSL_free(other);
	free(der);
	free(img);
}

/* The header's algo is hashed and must match how the hash was signed. */
static void test_algo_and_padding_disagree(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.algo = TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
	expect_refused(&s, "signature mismatch");
	s = spec_default(PAD_PKCS1);
	s.algo = TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256;
	expect_refused(&s, "signature mismatch");
}

/* OP-TEE's signer uses a 32-byte salt; other lengths are refused. */
static void test_pss_salt_length(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.saltlen = 20;
	expect_refused(&s, "signature mismatch");
	s.saltlen = 0;
	expect_refused(&s, "signature mismatch");
}

/* ---- header fields ---- */

static void test_bad_magic(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.magic = 0x4f545349;
	expect_refused(&s, "bad magic");
	s.magic = 0x4853544f; /* byte-swapped */
	expect_refused(&s, "bad magic");
}

static void test_hash_size_20(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.hash_size = 20;
	expect_refused(&s, "hash size is not 32");
	s.hash_size = 64;
	expect_refused(&s, "hash size is not 32");
}

static void test_sig_size_mismatch(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	/* A consistent image whose 384-byte signature cannot be ours. */
	s.key = k.big;
	expect_refused(&s, "signature size does not match the key");
}

static void test_unsupported_algo(void **state)
{
	static const uint32_t algos[] = {
		TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1,
		TEE_ALG_RSASSA_PKCS1_V1_5_SHA1,
		TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384,
		TEE_ALG_RSASSA_PKCS1_V1_5_MD5,
		TEE_ALG_ECDSA_SHA256,
		TEE_ALG_SHA256,
		0,
		0xffffffff,
	};
	struct spec s = spec_default(PAD_PSS);
	size_t i;

	for (i = 0; i < sizeof(algos) / sizeof(algos[0]); i++) {
		s.algo = algos[i];
		expect_refused(&s, "signature algorithm not supported");
	}
}

static void test_img_types(void **state)
{
	static const uint32_t types[] = {SHDR_TA, 99, 0xffffffff};
	struct spec s = spec_default(PAD_PSS);
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		s.img_type = types[i];
		expect_refused(&s, "image type not supported");
	}
	/*
	 * A TA's header relabelled SHDR_SUBKEY is read as a subkey: its hash
	 * then covers only img_size bytes of "subkey" and no longer matches
	 * (test_shdr_subkey has the real subkey images).
	 */
	s.img_type = SHDR_SUBKEY;
	expect_refused(&s, "subkey hash mismatch");
	/*
	 * Relabelled SHDR_ENCRYPTED_TA, its ELF is read as an encryption
	 * header (test_shdr_enc has the real encrypted images).
	 */
	s.img_type = SHDR_ENCRYPTED_TA;
	expect_refused(&s, "encryption algorithm not supported");
}

static void test_img_size(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.set_img_size = true;
	s.img_size = 0xffffffff;
	expect_refused(&s, "img_size does not match the payload");
	s.img_size = sizeof(payload_bytes) - 1;
	expect_refused(&s, "img_size does not match the payload");
	s.img_size = sizeof(payload_bytes) + 1;
	expect_refused(&s, "img_size does not match the payload");
	s.img_size = 0;
	expect_refused(&s, "img_size does not match the payload");
}

static void test_empty_payload(void **state)
{
	struct spec s = spec_default(PAD_PSS);

	s.payload_len = 0;
	expect_refused(&s, "empty payload");
}

/* ---- arguments and keys ---- */

static void test_bad_arguments(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	struct shdr_ta_info info;
	uint8_t *img;
	size_t len;

	img = build(&s, &len);
	assert_int_equal(
		shdr_verify_ta(NULL, len, &ta_uuid, k.der, k.der_len, &info),
		TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		shdr_verify_ta(img, len, NULL, k.der, k.der_len, &info),
		TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, NULL, k.der_len, &info),
		TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(shdr_verify_ta(img, len, &ta_uuid, k.der, 0, &info),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, k.der, k.der_len, NULL),
		TEE_ERROR_BAD_PARAMETERS);
	free(img);
}

static void test_bad_public_keys(void **state)
{
	struct spec s = spec_default(PAD_PSS);
	struct shdr_ta_info info;
	uint8_t *img, *der, *ec_der = NULL;
	EVP_PKEY *ec;
	int ec_len;
	size_t len;

	img = build(&s, &len);
	/* Truncated, and with a trailing byte. */
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, k.der, k.der_len - 1, &info),
		TEE_ERROR_BAD_PARAMETERS);
	der = malloc(k.der_len + 1);
	assert_non_null(der);
	memcpy(der, k.der, k.der_len);
	der[k.der_len] = 0;
	assert_int_equal(
		shdr_verify_ta(img, len, &ta_uuid, der, k.der_len + 1, &info),
		TEE_ERROR_BAD_PARAMETERS);
	free(der);
	/* Not RSA. */
	ec = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	assert_non_null(ec);
	ec_len = i2d_PUBKEY(ec, &ec_der);
	assert_true(ec_len > 0);
	assert_int_equal(shdr_verify_ta(img, len, &ta_uuid, ec_der,
					(size_t)ec_len, &info),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(ERR_peek_error(), 0);
	OPENSSL_free(ec_der);
	EVP_PKEY_free(ec);
	free(img);
}

/* ---- header codec and names ---- */

static void test_shdr_codec(void **state)
{
	const struct shdr in = {
		SHDR_MAGIC, 1,
		0x11223344, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256,
		32,	    384};
	const uint8_t expect[SHDR_SIZE] = {
		0x48, 0x53, 0x54, 0x4f, 0x01, 0x00, 0x00, 0x00, 0x44, 0x33,
		0x22, 0x11, 0x30, 0x49, 0x41, 0x70, 0x20, 0x00, 0x80, 0x01};
	uint8_t buf[SHDR_SIZE];
	struct shdr out;

	shdr_encode(buf, &in);
	assert_memory_equal(buf, expect, sizeof(expect));
	assert_int_equal(shdr_decode(&out, buf, sizeof(buf)), TEE_SUCCESS);
	assert_memory_equal(&out, &in, sizeof(in));
	assert_int_equal(shdr_decode(&out, buf, SHDR_SIZE - 1),
			 TEE_ERROR_SECURITY);
	assert_string_equal(shdr_img_type_name(SHDR_BOOTSTRAP_TA),
			    "BOOTSTRAP_TA");
	assert_string_equal(shdr_img_type_name(7), "unknown");
	assert_string_equal(
		shdr_algo_name(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256),
		"RSASSA-PSS SHA-256");
}

/* ---- UUIDs ---- */

static void test_uuid_octets(void **state)
{
	uint8_t octets[16];
	TEE_UUID u;

	uuid_from_octets(&u, ta_uuid_octets);
	assert_memory_equal(&u, &ta_uuid, sizeof(u));
	uuid_to_octets(octets, &ta_uuid);
	assert_memory_equal(octets, ta_uuid_octets, sizeof(octets));
	/* Unaligned buffers are fine. */
	{
		uint8_t odd[17];

		uuid_to_octets(odd + 1, &ta_uuid);
		assert_memory_equal(odd + 1, ta_uuid_octets, 16);
		uuid_from_octets(&u, odd + 1);
		assert_true(uuid_equal(&u, &ta_uuid));
	}
}

static void test_uuid_text(void **state)
{
	static const char *const bad[] = {
		"",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51b0",
		"8aaaf200x2450-11e4-abe2-0002a5d5c51b",
		"8aaaf2002-450-11e4-abe2-0002a5d5c51b",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51g",
		"{aaaf200-2450-11e4-abe2-0002a5d5c51b",
		"8aaaf200-2450-11e4-abe2-0002a5d5c5 b",
	};
	char str[UUID_STR_LEN];
	TEE_UUID u, v;
	size_t i;

	uuid_to_str(str, &ta_uuid);
	assert_string_equal(str, "8aaaf200-2450-11e4-abe2-0002a5d5c51b");
	assert_int_equal(uuid_from_str(&u, str), 0);
	assert_true(uuid_equal(&u, &ta_uuid));
	assert_int_equal(
		uuid_from_str(&u, "8AAAF200-2450-11E4-ABE2-0002A5D5C51B"), 0);
	assert_true(uuid_equal(&u, &ta_uuid));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&v, 0x77, sizeof(v));
		u = v;
		assert_int_not_equal(uuid_from_str(&u, bad[i]), 0);
		assert_memory_equal(&u, &v, sizeof(u)); /* untouched */
	}
	v = ta_uuid;
	v.timeHiAndVersion++;
	assert_false(uuid_equal(&v, &ta_uuid));
}

/* ---- fixture ---- */

static int setup_keys(void **state)
{
	unsigned char *der = NULL;
	int n;

	k.key = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	k.other = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	k.big = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)3072);
	if (!k.key || !k.other || !k.big)
		return -1;
	n = i2d_PUBKEY(k.key, &der);
	if (n <= 0)
		return -1;
	k.der = der;
	k.der_len = (size_t)n;
	return 0;
}

static int teardown_keys(void **state)
{
	OPENSSL_free(k.der);
	EVP_PKEY_free(k.key);
	EVP_PKEY_free(k.other);
	EVP_PKEY_free(k.big);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_pss),
		cmocka_unit_test(test_valid_pkcs1),
		cmocka_unit_test(test_valid_3072_key),
		cmocka_unit_test(test_flipped_byte_in_each_region),
		cmocka_unit_test(test_tampered_regions_name_the_check),
		cmocka_unit_test(test_truncated_at_every_length),
		cmocka_unit_test(test_trailing_byte),
		cmocka_unit_test(test_wrong_expected_uuid),
		cmocka_unit_test(test_signed_by_another_key),
		cmocka_unit_test(test_key_reused_only_for_same_bytes),
		cmocka_unit_test(test_algo_and_padding_disagree),
		cmocka_unit_test(test_pss_salt_length),
		cmocka_unit_test(test_bad_magic),
		cmocka_unit_test(test_hash_size_20),
		cmocka_unit_test(test_sig_size_mismatch),
		cmocka_unit_test(test_unsupported_algo),
		cmocka_unit_test(test_img_types),
		cmocka_unit_test(test_img_size),
		cmocka_unit_test(test_empty_payload),
		cmocka_unit_test(test_bad_arguments),
		cmocka_unit_test(test_bad_public_keys),
		cmocka_unit_test(test_shdr_codec),
		cmocka_unit_test(test_uuid_octets),
		cmocka_unit_test(test_uuid_text),
	};

	return cmocka_run_group_tests(tests, setup_keys, teardown_keys);
}
