/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_shdr_subkey: TA images signed with a subkey chain (secure/shdr.c,
 * secure/shdr_subkey.c), as OP-TEE's ree_fs_ta_open() and
 * core/crypto/signed_hdr.c verify them.
 *
 * Images are built here by a builder written from OP-TEE's
 * scripts/sign_encrypt.py layout (sign-subkey, sign-enc --subkey), not
 * from teebox-sign.  The subkey UUIDs are those of optee_test's own chain
 * (its ta/subkey1 build: top-level subkey f04fa996-..., the name
 * "mid_level_subkey" giving 1a5948c5-..., then "subkey1_ta" giving the TA
 * 5c206987-..., as sign_encrypt.py subkey-uuid prints them), so the v5
 * SHA-512 derivation is checked against OP-TEE's numbers, not our own.
 *
 * OP-TEE refuses every broken chain with TEE_ERROR_SECURITY; each test
 * also asserts which check refused it.  Every image is verified from a
 * heap block of exactly its size (ASan catches a read past it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "secure/shdr.h"
#include "secure/shdr_subkey.h"
#include "secure/uuid.h"
#include "ta/include/tee_api_defines.h"

/* optee_test's chain (see above), as RFC 4122 octets. */
static const uint8_t top_uuid[16] = {0xf0, 0x4f, 0xa9, 0x96, 0x14, 0x8a,
				     0x45, 0x3c, 0xb0, 0x37, 0x1d, 0xcf,
				     0xba, 0xd1, 0x20, 0xa6};
static const uint8_t mid_uuid[16] = {0x1a, 0x59, 0x48, 0xc5, 0x1a, 0xa0,
				     0x51, 0x8c, 0x86, 0xf4, 0xbe, 0x6f,
				     0x6a, 0x05, 0x7b, 0x16};
static const uint8_t ta1_uuid[16] = {0x5c, 0x20, 0x69, 0x87, 0x16, 0xa3,
				     0x59, 0xcc, 0xab, 0x0f, 0x64, 0xb9,
				     0xcf, 0xc9, 0xe7, 0x58};
/* optee_test's subkey2 TA, under an identity subkey of its own UUID. */
static const uint8_t ta2_uuid[16] = {0xa7, 0x20, 0xcc, 0xbb, 0x51, 0xda,
				     0x41, 0x7d, 0xb8, 0x2e, 0xe5, 0x44,
				     0x5d, 0x47, 0x4a, 0x7a};

static const uint8_t payload[] = "\x7f"
				 "ELF a TA under a subkey";

static struct {
	EVP_PKEY *root;	 /* the platform key */
	EVP_PKEY *other; /* a key nobody trusts */
	EVP_PKEY *top;	 /* top-level subkey */
	EVP_PKEY *mid;	 /* mid-level subkey */
	uint8_t *der;	 /* DER SubjectPublicKeyInfo of root */
	size_t der_len;
} k;

/* ---- a growing image ---- */

struct img {
	uint8_t *p;
	size_t len;
};

static uint8_t *grow(struct img *b, size_t n)
{
	b->p = realloc(b->p, b->len + n);
	assert_non_null(b->p);
	memset(b->p + b->len, 0, n);
	b->len += n;
	return b->p + b->len - n;
}

static void le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* RSASSA-PSS SHA-256, salt 32, as sign_encrypt.py's default. */
static void sign(EVP_PKEY *key, const uint8_t *hash, uint8_t *sig)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
	size_t n = (size_t)EVP_PKEY_get_size(key);

	assert_non_null(ctx);
	assert_int_equal(EVP_PKEY_sign_init(ctx), 1);
	assert_true(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) >
		    0);
	assert_true(EVP_PKEY_CTX_set_signature_md(ctx, EVP_sha256()) > 0);
	assert_true(EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256()) > 0);
	assert_true(EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, 32) > 0);
	assert_int_equal(EVP_PKEY_sign(ctx, sig, &n, hash, 32), 1);
	EVP_PKEY_CTX_free(ctx);
}

/*
 * Appends shdr || hash || sig || @body (the part after the signature),
 * hashed as SHA-256(shdr || @hashed_len bytes of @body), signed by @key.
 */
static void append_signed(struct img *b, EVP_PKEY *key, uint32_t img_type,
			  uint32_t img_size, const uint8_t *body,
			  size_t body_len, size_t hashed_len)
{
	size_t sig_len = (size_t)EVP_PKEY_get_size(key);
	size_t at = b->len;
	uint8_t hash[32];
	unsigned int n;
	EVP_MD_CTX *md = EVP_MD_CTX_new();

	grow(b, 20 + 32 + sig_len + body_len);
	le32(b->p + at, 0x4f545348);
	le32(b->p + at + 4, img_type);
	le32(b->p + at + 8, img_size);
	le32(b->p + at + 12, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256);
	b->p[at + 16] = 32;
	b->p[at + 18] = (uint8_t)sig_len;
	b->p[at + 19] = (uint8_t)(sig_len >> 8);
	memcpy(b->p + at + 20 + 32 + sig_len, body, body_len);
	assert_non_null(md);
	assert_int_equal(EVP_DigestInit_ex(md, EVP_sha256(), NULL), 1);
	assert_int_equal(EVP_DigestUpdate(md, b->p + at, 20), 1);
	assert_int_equal(EVP_DigestUpdate(md, body, hashed_len), 1);
	assert_int_equal(EVP_DigestFinal_ex(md, hash, &n), 1);
	EVP_MD_CTX_free(md);
	memcpy(b->p + at + 20, hash, 32);
	sign(key, hash, b->p + at + 52);
}

/* What a subkey says; subkey_default() is what sign-subkey writes. */
struct sk {
	EVP_PKEY *signer, *key;
	const uint8_t *uuid;
	uint32_t max_depth, name_size, algo;
	const char *name;
	uint32_t mod_id;     /* attribute id of the modulus */
	uint32_t attr_count; /* as written */
	uint32_t exp_offs;   /* 0: where it is */
};

static struct sk subkey_default(EVP_PKEY *signer, EVP_PKEY *key,
				const uint8_t *uuid)
{
	return (struct sk){
		.signer = signer,
		.key = key,
		.uuid = uuid,
		.algo = TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256,
		.mod_id = TEE_ATTR_RSA_MODULUS,
		.attr_count = 2,
	};
}

/* A BIGNUM parameter of @key as sign_encrypt.py's int_to_bytes(). */
static size_t key_bytes(EVP_PKEY *key, const char *name, uint8_t *out)
{
	BIGNUM *bn = NULL;
	size_t n;

	assert_int_equal(EVP_PKEY_get_bn_param(key, name, &bn), 1);
	n = (size_t)(BN_num_bits(bn) + 8) / 8;
	assert_int_equal(BN_bn2binpad(bn, out, (int)n), (int)n);
	BN_free(bn);
	return n;
}

/*
 * Appends the subkey @s and its name padded to name_size (no name bytes
 * at all when @s has no name: what a hostile name_size claims).
 */
static void append_subkey(struct img *b, const struct sk *s)
{
	uint8_t body[36 + 24 + 1024];
	uint8_t n[600], e[16];
	size_t nl = key_bytes(s->key, OSSL_PKEY_PARAM_RSA_N, n);
	size_t el = key_bytes(s->key, OSSL_PKEY_PARAM_RSA_E, e);
	size_t len = 60 + nl + el;
	uint8_t *name;

	memcpy(body, s->uuid, 16);
	le32(body + 16, s->name_size);
	le32(body + 20, 1);
	le32(body + 24, s->max_depth);
	le32(body + 28, s->algo);
	le32(body + 32, s->attr_count);
	le32(body + 36, s->mod_id);
	le32(body + 40, 60);
	le32(body + 44, (uint32_t)nl);
	le32(body + 48, TEE_ATTR_RSA_PUBLIC_EXPONENT);
	le32(body + 52, s->exp_offs ? s->exp_offs : (uint32_t)(60 + nl));
	le32(body + 56, (uint32_t)el);
	memcpy(body + 60, n, nl);
	memcpy(body + 60 + nl, e, el);
	append_signed(b, s->signer, SHDR_SUBKEY, (uint32_t)len, body, len, len);
	if (s->name) {
		name = grow(b, s->name_size);
		memcpy(name, s->name, strlen(s->name));
	}
}

/* Appends the bootstrap TA @uuid signed with @key. */
static void append_ta(struct img *b, EVP_PKEY *key, const uint8_t *uuid)
{
	uint8_t body[20 + sizeof(payload)];

	memcpy(body, uuid, 16);
	le32(body + 16, 7);
	memcpy(body + 20, payload, sizeof(payload));
	append_signed(b, key, SHDR_BOOTSTRAP_TA, sizeof(payload), body,
		      sizeof(body), sizeof(body));
}

/* Verifies the first @len bytes of @b for the TA @uuid, from a copy. */
static TEE_Result verify_len(const struct img *b, size_t len,
			     const uint8_t *uuid, struct shdr_ta_info *info,
			     const char **why)
{
	uint8_t *copy = malloc(len ? len : 1);
	TEE_UUID want;
	TEE_Result res;

	assert_non_null(copy);
	memcpy(copy, b->p, len);
	uuid_from_octets(&want, uuid);
	res = shdr_verify_ta_reason(copy, len, &want, k.der, k.der_len, info,
				    why);
	assert_int_equal(ERR_peek_error(), 0);
	if (!res)
		assert_true((const uint8_t *)info->payload +
				    info->payload_len ==
			    copy + len);
	free(copy);
	return res;
}

static void expect_ok(const struct img *b, const uint8_t *uuid,
		      unsigned int subkeys)
{
	struct shdr_ta_info info;
	const char *why = "unset";

	assert_int_equal(verify_len(b, b->len, uuid, &info, &why), TEE_SUCCESS);
	assert_null(why);
	assert_int_equal(info.subkeys, subkeys);
	assert_int_equal(info.payload_len, sizeof(payload));
	assert_int_equal(info.ta_version, 7);
}

/* OP-TEE's answer to every broken chain: TEE_ERROR_SECURITY. */
static void expect_refused(const struct img *b, const uint8_t *uuid,
			   const char *reason)
{
	struct shdr_ta_info info;
	const char *why = NULL;

	assert_int_equal(verify_len(b, b->len, uuid, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, reason);
}

/* optee_test's subkey1 chain: root -> top -> mid -> TA. */
static void build_two_levels(struct img *b, uint32_t top_depth,
			     uint32_t mid_depth)
{
	struct sk top = subkey_default(k.root, k.top, top_uuid);
	struct sk mid = subkey_default(k.top, k.mid, mid_uuid);

	top.max_depth = top_depth;
	top.name_size = 64;
	top.name = "mid_level_subkey";
	mid.max_depth = mid_depth;
	mid.name_size = 64;
	mid.name = "subkey1_ta";
	append_subkey(b, &top);
	append_subkey(b, &mid);
	append_ta(b, k.mid, ta1_uuid);
}

/* ---- tests ---- */

/* optee_test's subkey2: an identity subkey (name_size 0) signs the TA. */
static void test_identity_subkey_signs_its_ta(void **state)
{
	struct sk s = subkey_default(k.root, k.top, ta2_uuid);
	struct img b = {0};

	(void)state;
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_ok(&b, ta2_uuid, 1);
	free(b.p);
}

/* xtest 1039 "Load TA with two levels of subkeys", with its UUIDs. */
static void test_two_level_chain_with_optee_test_uuids(void **state)
{
	struct img b = {0};

	(void)state;
	build_two_levels(&b, 4, 3);
	expect_ok(&b, ta1_uuid, 2);
	free(b.p);
}

/* The derivation alone, against sign_encrypt.py subkey-uuid's output. */
static void test_next_uuid_is_optee_v5_sha512(void **state)
{
	uint8_t name[64] = "mid_level_subkey", out[16];

	(void)state;
	assert_int_equal(
		shdr_subkey_next_uuid(out, top_uuid, name, sizeof(name)),
		TEE_SUCCESS);
	assert_memory_equal(out, mid_uuid, 16);
	assert_int_equal(shdr_subkey_next_uuid(out, mid_uuid,
					       (const uint8_t *)"subkey1_ta",
					       10),
			 TEE_SUCCESS);
	assert_memory_equal(out, ta1_uuid, 16);
	assert_int_equal(shdr_subkey_next_uuid(out, mid_uuid, name, 0),
			 TEE_SUCCESS);
	assert_memory_equal(out, mid_uuid, 16);
}

/* A TA whose UUID is not the one the subkey's name gives. */
static void test_ta_outside_namespace_refused(void **state)
{
	struct sk s = subkey_default(k.root, k.top, top_uuid);
	struct img b = {0};

	(void)state;
	s.name_size = 64;
	s.name = "another_ta";
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta1_uuid);
	expect_refused(&b, ta1_uuid, "TA UUID outside the subkey's namespace");
	free(b.p);

	/* An identity subkey allows its own UUID only. */
	b = (struct img){0};
	s = subkey_default(k.root, k.top, ta2_uuid);
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta1_uuid);
	expect_refused(&b, ta1_uuid, "TA UUID outside the subkey's namespace");
	free(b.p);
}

/* A subkey whose UUID the subkey above does not allow. */
static void test_subkey_outside_namespace_refused(void **state)
{
	struct sk top = subkey_default(k.root, k.top, top_uuid);
	struct sk mid = subkey_default(k.top, k.mid, mid_uuid);
	struct img b = {0};

	(void)state;
	top.max_depth = 1;
	top.name_size = 64;
	top.name = "not_mid_level_subkey";
	mid.name_size = 64;
	mid.name = "subkey1_ta";
	append_subkey(&b, &top);
	append_subkey(&b, &mid);
	append_ta(&b, k.mid, ta1_uuid);
	expect_refused(&b, ta1_uuid,
		       "subkey UUID outside the namespace of the subkey above");
	free(b.p);
}

/*
 * max_depth: each subkey must allow fewer levels than the one above
 * (signed_hdr.c: refused if max_depth >= the previous max_depth).
 */
static void test_chain_deeper_than_max_depth_refused(void **state)
{
	static const uint32_t bad[][2] = {{0, 0}, {1, 1}, {3, 4}};
	struct img b = {0};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		build_two_levels(&b, bad[i][0], bad[i][1]);
		expect_refused(&b, ta1_uuid,
			       "subkey chain deeper than max_depth allows");
		free(b.p);
		b = (struct img){0};
	}
	build_two_levels(&b, 1, 0);
	expect_ok(&b, ta1_uuid, 2);
	free(b.p);
}

/* Offset of the first subkey's body: after shdr, hash and signature. */
static size_t top_body(void)
{
	return 20 + 32 + (size_t)EVP_PKEY_get_size(k.root);
}

/* A byte changed in a subkey, its name, or its signature. */
static void test_tampered_subkey_refused(void **state)
{
	static const struct {
		size_t off; /* from the top subkey's body */
		const char *why;
	} cases[] = {
		{24, "subkey hash mismatch"},  /* max_depth */
		{100, "subkey hash mismatch"}, /* the modulus */
		{0, "subkey hash mismatch"},   /* the UUID */
		{60 + 257 + 3 + 2, "subkey UUID outside the namespace of "
				   "the subkey above"}, /* the name */
	};
	struct img b = {0};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		build_two_levels(&b, 4, 3);
		b.p[top_body() + cases[i].off] ^= 0x01;
		expect_refused(&b, ta1_uuid, cases[i].why);
		free(b.p);
		b = (struct img){0};
	}
	/* The signature itself. */
	build_two_levels(&b, 4, 3);
	b.p[top_body() - 10] ^= 0x01;
	expect_refused(&b, ta1_uuid, "signature mismatch");
	free(b.p);
}

/* A subkey signed by a key that is not the one above it. */
static void test_subkey_signed_by_another_key_refused(void **state)
{
	struct sk s = subkey_default(k.other, k.top, ta2_uuid);
	struct sk top = subkey_default(k.root, k.top, top_uuid);
	struct sk mid = subkey_default(k.other, k.mid, mid_uuid);
	struct img b = {0};

	(void)state;
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_refused(&b, ta2_uuid, "signature mismatch");
	free(b.p);

	/* One level down: the mid subkey not signed by the top one. */
	b = (struct img){0};
	top.max_depth = 1;
	top.name_size = 64;
	top.name = "mid_level_subkey";
	mid.name_size = 64;
	mid.name = "subkey1_ta";
	append_subkey(&b, &top);
	append_subkey(&b, &mid);
	append_ta(&b, k.mid, ta1_uuid);
	expect_refused(&b, ta1_uuid, "signature mismatch under a subkey");
	free(b.p);

	/* The TA signed by the root key behind a subkey. */
	b = (struct img){0};
	s.signer = k.root;
	append_subkey(&b, &s);
	append_ta(&b, k.root, ta2_uuid);
	expect_refused(&b, ta2_uuid, "signature mismatch under a subkey");
	free(b.p);
}

/* Attributes: what is missing, out of range or not RSA (all signed). */
static void test_subkey_attributes_checked(void **state)
{
	struct sk s = subkey_default(k.root, k.top, ta2_uuid);
	struct img b = {0};

	(void)state;
	s.mod_id = TEE_ATTR_RSA_PRIVATE_EXPONENT;
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_refused(&b, ta2_uuid, "subkey has no RSA modulus");
	free(b.p);

	b = (struct img){0};
	s = subkey_default(k.root, k.top, ta2_uuid);
	s.exp_offs = 0xfffffff0; /* offs + size wraps a u32 */
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_refused(&b, ta2_uuid,
		       "subkey attribute value outside the subkey");
	free(b.p);

	b = (struct img){0};
	s = subkey_default(k.root, k.top, ta2_uuid);
	s.attr_count = 0x15555556; /* * 12 wraps a u32 */
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_refused(&b, ta2_uuid, "subkey attributes outside the subkey");
	free(b.p);

	b = (struct img){0};
	s = subkey_default(k.root, k.top, ta2_uuid);
	s.algo = TEE_ALG_ECDSA_P256;
	append_subkey(&b, &s);
	append_ta(&b, k.top, ta2_uuid);
	expect_refused(&b, ta2_uuid, "subkey algorithm is not RSA");
	free(b.p);
}

/* A name that runs past the end of the image. */
static void test_subkey_name_past_the_end_refused(void **state)
{
	struct sk s = subkey_default(k.root, k.top, top_uuid);
	struct img b = {0};

	(void)state;
	s.name_size = 64;
	s.name = "mid_level_subkey";
	append_subkey(&b, &s);
	b.len -= 10; /* cut into the name */
	expect_refused(&b, ta1_uuid, "subkey name truncated");
	free(b.p);

	/* A name_size near 2^32, signed: no wrap, refused. */
	b = (struct img){0};
	s.name_size = 0xfffffff0;
	s.name = NULL;
	append_subkey(&b, &s);
	expect_refused(&b, ta1_uuid, "subkey name truncated");
	free(b.p);
}

/* Every prefix of a two-level image is refused, and read in bounds. */
static void test_truncated_chain_at_every_length(void **state)
{
	struct shdr_ta_info info;
	struct img b = {0};
	const char *why;

	(void)state;
	build_two_levels(&b, 4, 3);
	for (size_t len = 0; len < b.len; len++)
		assert_int_equal(verify_len(&b, len, ta1_uuid, &info, &why),
				 TEE_ERROR_SECURITY);
	free(b.p);
}

/* ---- fixture ---- */

static int setup_keys(void **state)
{
	unsigned char *der = NULL;
	int n;

	(void)state;
	k.root = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	k.other = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	k.top = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	k.mid = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	if (!k.root || !k.other || !k.top || !k.mid)
		return -1;
	n = i2d_PUBKEY(k.root, &der);
	if (n <= 0)
		return -1;
	k.der = der;
	k.der_len = (size_t)n;
	return 0;
}

static int teardown_keys(void **state)
{
	(void)state;
	OPENSSL_free(k.der);
	EVP_PKEY_free(k.root);
	EVP_PKEY_free(k.other);
	EVP_PKEY_free(k.top);
	EVP_PKEY_free(k.mid);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identity_subkey_signs_its_ta),
		cmocka_unit_test(test_two_level_chain_with_optee_test_uuids),
		cmocka_unit_test(test_next_uuid_is_optee_v5_sha512),
		cmocka_unit_test(test_ta_outside_namespace_refused),
		cmocka_unit_test(test_subkey_outside_namespace_refused),
		cmocka_unit_test(test_chain_deeper_than_max_depth_refused),
		cmocka_unit_test(test_tampered_subkey_refused),
		cmocka_unit_test(test_subkey_signed_by_another_key_refused),
		cmocka_unit_test(test_subkey_attributes_checked),
		cmocka_unit_test(test_subkey_name_past_the_end_refused),
		cmocka_unit_test(test_truncated_chain_at_every_length),
	};

	return cmocka_run_group_tests(tests, setup_keys, teardown_keys);
}
