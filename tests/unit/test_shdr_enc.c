/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_shdr_enc: encrypted TA images (SHDR_ENCRYPTED_TA) through the
 * verifier (secure/shdr.c, secure/shdr_enc.c), as OP-TEE's ree_fs_ta.c
 * and tee_ta_enc_manager.c check them.
 *
 * The images are built here from sign_encrypt.py's encrypt_ta() layout
 * (shdr || hash || sig || uuid || ta_version || {enc_algo, flags, iv_size,
 * tag_size} || iv || tag || ciphertext; the hash over the header, the
 * sub-headers, IV, tag and the PLAINTEXT; AES-256-GCM without AAD) with
 * OpenSSL directly, not with teebox's encryption code.  OP-TEE answers
 * TEE_ERROR_SECURITY to every broken image; each test also asserts which
 * check refused it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
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
#include "secure/shdr_enc.h"
#include "secure/uuid.h"
#include "ta/include/tee_api_defines.h"

static const uint8_t ta_uuid_octets[16] = {0x8a, 0xaa, 0xf2, 0x00, 0x24, 0x50,
					   0x11, 0xe4, 0xab, 0xe2, 0x00, 0x02,
					   0xa5, 0xd5, 0xc5, 0x1b};
static const uint8_t elf[] = "\x7f"
			     "ELF an encrypted TA, several blocks long so that "
			     "GCM runs more than one counter block";
static const uint8_t key_a[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
static const uint8_t key_b[32] = {0xff, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

static struct {
	EVP_PKEY *root;
	uint8_t *der;
	size_t der_len;
} k;

/* What to build; enc_default() is what sign_encrypt.py writes. */
struct enc {
	uint32_t enc_algo, flags;
	uint16_t iv_size, tag_size;
	const uint8_t *key;
	bool hash_ciphertext; /* a wrong signer: hash over the ciphertext */
};

static struct enc enc_default(void)
{
	return (struct enc){.enc_algo = TEE_ALG_AES_GCM,
			    .flags = SHDR_ENC_KEY_CLASS_WIDE,
			    .iv_size = 12,
			    .tag_size = 16,
			    .key = key_a};
}

static void le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void gcm_encrypt(const struct enc *e, const uint8_t *iv, uint8_t *ct,
			uint8_t *tag)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0;

	assert_non_null(c);
	assert_int_equal(
		EVP_EncryptInit_ex(c, EVP_aes_256_gcm(), NULL, NULL, NULL), 1);
	assert_int_equal(EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN,
					     e->iv_size, NULL),
			 1);
	assert_int_equal(EVP_EncryptInit_ex(c, NULL, NULL, e->key, iv), 1);
	assert_int_equal(EVP_EncryptUpdate(c, ct, &n, elf, sizeof(elf)), 1);
	assert_int_equal(n, sizeof(elf));
	assert_int_equal(EVP_EncryptFinal_ex(c, ct + n, &n), 1);
	/* GCM makes 16 bytes of tag; a shorter one is its prefix. */
	assert_int_equal(
		EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG,
				    e->tag_size > 16 ? 16 : e->tag_size, tag),
		1);
	EVP_CIPHER_CTX_free(c);
}

static void sign(const uint8_t *hash, uint8_t *sig)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, k.root, NULL);
	size_t n = (size_t)EVP_PKEY_get_size(k.root);

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

/* Builds the image of @e; malloc'd, *@len bytes. */
static uint8_t *build(const struct enc *e, size_t *len)
{
	size_t sig_len = (size_t)EVP_PKEY_get_size(k.root);
	size_t sub = 20 + 32 + sig_len, eh = sub + 20;
	size_t ct_off = eh + 12 + e->iv_size + e->tag_size;
	uint8_t *img, hash[32];
	unsigned int n;
	EVP_MD_CTX *md = EVP_MD_CTX_new();

	*len = ct_off + sizeof(elf);
	img = calloc(1, *len);
	assert_non_null(img);
	le32(img, 0x4f545348);
	le32(img + 4, 2);
	le32(img + 8, sizeof(elf));
	le32(img + 12, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256);
	img[16] = 32;
	img[18] = (uint8_t)sig_len;
	img[19] = (uint8_t)(sig_len >> 8);
	memcpy(img + sub, ta_uuid_octets, 16);
	le32(img + sub + 16, 3);
	le32(img + eh, e->enc_algo);
	le32(img + eh + 4, e->flags);
	img[eh + 8] = (uint8_t)e->iv_size;
	img[eh + 9] = (uint8_t)(e->iv_size >> 8);
	img[eh + 10] = (uint8_t)e->tag_size;
	img[eh + 11] = (uint8_t)(e->tag_size >> 8);
	for (size_t i = 0; i < e->iv_size; i++)
		img[eh + 12 + i] = (uint8_t)(0xa0 + i);
	if (e->iv_size)
		gcm_encrypt(e, img + eh + 12, img + ct_off,
			    img + eh + 12 + e->iv_size);
	assert_non_null(md);
	assert_int_equal(EVP_DigestInit_ex(md, EVP_sha256(), NULL), 1);
	assert_int_equal(EVP_DigestUpdate(md, img, 20), 1);
	assert_int_equal(EVP_DigestUpdate(md, img + sub, ct_off - sub), 1);
	assert_int_equal(
		EVP_DigestUpdate(md, e->hash_ciphertext ? img + ct_off : elf,
				 sizeof(elf)),
		1);
	assert_int_equal(EVP_DigestFinal_ex(md, hash, &n), 1);
	EVP_MD_CTX_free(md);
	memcpy(img + 20, hash, 32);
	sign(hash, img + 52);
	return img;
}

/* The device's keys: key_a for both types, and what was asked. */
static struct {
	const uint8_t *class_wide, *dev;
	uint32_t asked;
	int calls;
} keys_state;

static TEE_Result get_key(void *arg, uint32_t key_type, uint8_t key[32])
{
	const uint8_t *k_ = key_type == SHDR_ENC_KEY_CLASS_WIDE
				    ? keys_state.class_wide
				    : keys_state.dev;

	assert_ptr_equal(arg, &keys_state);
	keys_state.asked = key_type;
	keys_state.calls++;
	if (!k_)
		return TEE_ERROR_ITEM_NOT_FOUND;
	memcpy(key, k_, 32);
	return TEE_SUCCESS;
}

static const struct shdr_enc_keys keys = {.get = get_key, .arg = &keys_state};

static TEE_Result verify_len(const uint8_t *img, size_t len,
			     const struct shdr_enc_keys *ks,
			     struct shdr_ta_info *info, const char **why)
{
	uint8_t *copy = malloc(len ? len : 1);
	TEE_UUID uuid;
	TEE_Result res;

	assert_non_null(copy);
	memcpy(copy, img, len);
	uuid_from_octets(&uuid, ta_uuid_octets);
	memset(info, 0, sizeof(*info));
	res = shdr_verify_ta_enc(copy, len, &uuid, k.der, k.der_len, ks, info,
				 why);
	assert_int_equal(ERR_peek_error(), 0);
	if (res)
		assert_null(info->owned);
	free(copy);
	return res;
}

static void expect_refused(const struct enc *e, const char *reason)
{
	struct shdr_ta_info info;
	const char *why = NULL;
	size_t len;
	uint8_t *img = build(e, &len);

	assert_int_equal(verify_len(img, len, &keys, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, reason);
	free(img);
}

static int reset_keys(void **state)
{
	(void)state;
	keys_state.class_wide = key_a;
	keys_state.dev = key_a;
	keys_state.calls = 0;
	keys_state.asked = 0xff;
	return 0;
}

/* ---- tests ---- */

/* The ELF comes back decrypted, in a buffer of the caller's. */
static void test_encrypted_ta_decrypts(void **state)
{
	struct enc e = enc_default();
	struct shdr_ta_info info;
	const char *why = "unset";
	size_t len;
	uint8_t *img = build(&e, &len);

	(void)state;
	assert_int_equal(verify_len(img, len, &keys, &info, &why), TEE_SUCCESS);
	assert_null(why);
	assert_true(info.encrypted);
	assert_non_null(info.owned);
	assert_ptr_equal(info.payload, info.owned);
	assert_int_equal(info.payload_len, sizeof(elf));
	assert_memory_equal(info.payload, elf, sizeof(elf));
	assert_int_equal(info.ta_version, 3);
	assert_int_equal(keys_state.asked, SHDR_ENC_KEY_CLASS_WIDE);
	free(info.owned);
	free(img);
}

/* flags bit 0 names the key; the other bits are not looked at. */
static void test_key_type_from_flags(void **state)
{
	struct enc e = enc_default();
	struct shdr_ta_info info;
	const char *why;
	size_t len;
	uint8_t *img;

	(void)state;
	keys_state.class_wide = key_b;
	e.flags = SHDR_ENC_KEY_DEV_SPECIFIC | 0xfffffff0;
	img = build(&e, &len);
	assert_int_equal(verify_len(img, len, &keys, &info, &why), TEE_SUCCESS);
	assert_int_equal(keys_state.asked, SHDR_ENC_KEY_DEV_SPECIFIC);
	free(info.owned);
	free(img);
}

/* Encrypted for another key: the GCM tag does not match. */
static void test_wrong_key_refused(void **state)
{
	struct enc e = enc_default();

	(void)state;
	e.key = key_b;
	expect_refused(&e, "decryption failed (wrong TA encryption key or "
			   "tampered image)");
}

/* The tag, the IV or the ciphertext changed after signing. */
static void test_tampered_tag_iv_ciphertext_refused(void **state)
{
	struct enc e = enc_default();
	size_t sig_len = (size_t)EVP_PKEY_get_size(k.root);
	size_t eh = 20 + 32 + sig_len + 20,
	       offs[] = {
		       eh + 12,		  /* IV */
		       eh + 12 + 12 + 5,  /* tag */
		       eh + 12 + 12 + 16, /* ciphertext */
	       };
	struct shdr_ta_info info;
	const char *why;
	size_t len;

	(void)state;
	for (size_t i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		uint8_t *img = build(&e, &len);

		img[offs[i]] ^= 0x01;
		assert_int_equal(verify_len(img, len, &keys, &info, &why),
				 TEE_ERROR_SECURITY);
		assert_string_equal(why, "decryption failed (wrong TA "
					 "encryption key or tampered image)");
		free(img);
	}
}

/* The signature covers the plaintext (OP-TEE), not the ciphertext. */
static void test_hash_is_over_the_plaintext(void **state)
{
	struct enc e = enc_default();

	(void)state;
	e.hash_ciphertext = true;
	expect_refused(&e, "hash mismatch");
}

/* No key of that type on this device, or no keys at all. */
static void test_missing_key_refused(void **state)
{
	struct enc e = enc_default();
	struct shdr_ta_info info;
	const char *why;
	size_t len;
	uint8_t *img;

	(void)state;
	keys_state.class_wide = NULL;
	expect_refused(&e, "no class-wide TA encryption key");
	keys_state.dev = NULL;
	e.flags = SHDR_ENC_KEY_DEV_SPECIFIC;
	expect_refused(&e, "no device-specific TA encryption key");
	img = build(&e, &len);
	assert_int_equal(verify_len(img, len, NULL, &info, &why),
			 TEE_ERROR_SECURITY);
	assert_string_equal(why, "encrypted TA and no TA encryption key");
	free(img);
}

/* What sign_encrypt.py never writes and OP-TEE's GCM would not take. */
static void test_unsupported_encryption_headers(void **state)
{
	struct enc e = enc_default();

	(void)state;
	e.enc_algo = TEE_ALG_AES_CCM;
	expect_refused(&e, "encryption algorithm not supported");
	e = enc_default();
	e.tag_size = 8;
	expect_refused(&e, "IV or tag size not supported");
	e.tag_size = 17;
	expect_refused(&e, "IV or tag size not supported");
	e = enc_default();
	e.iv_size = 0;
	expect_refused(&e, "IV or tag size not supported");
	/* Other IV and tag sizes GCM has are fine. */
	e = enc_default();
	e.iv_size = 16;
	e.tag_size = 12;
	{
		struct shdr_ta_info info;
		const char *why;
		size_t len;
		uint8_t *img = build(&e, &len);

		assert_int_equal(verify_len(img, len, &keys, &info, &why),
				 TEE_SUCCESS);
		free(info.owned);
		free(img);
	}
}

/* Every prefix is refused without a read outside it (ASan). */
static void test_truncated_at_every_length(void **state)
{
	struct enc e = enc_default();
	struct shdr_ta_info info;
	const char *why;
	size_t len;
	uint8_t *img = build(&e, &len);

	(void)state;
	for (size_t n = 0; n < len; n++)
		assert_int_equal(verify_len(img, n, &keys, &info, &why),
				 TEE_ERROR_SECURITY);
	free(img);
}

/* shdr_enc_encrypt() (teebox-sign's) against OpenSSL used directly. */
static void test_encrypt_matches_gcm(void **state)
{
	struct enc e = enc_default();
	uint8_t iv[12], ct[sizeof(elf)], tag[16], ct2[sizeof(elf)], tag2[16];

	(void)state;
	for (size_t i = 0; i < sizeof(iv); i++)
		iv[i] = (uint8_t)(0xa0 + i);
	gcm_encrypt(&e, iv, ct, tag);
	assert_int_equal(shdr_enc_encrypt(key_a, iv, sizeof(iv), elf,
					  sizeof(elf), ct2, tag2, sizeof(tag2)),
			 0);
	assert_memory_equal(ct, ct2, sizeof(ct));
	assert_memory_equal(tag, tag2, sizeof(tag));
}

static int setup(void **state)
{
	unsigned char *der = NULL;
	int n;

	(void)state;
	k.root = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	if (!k.root)
		return -1;
	n = i2d_PUBKEY(k.root, &der);
	if (n <= 0)
		return -1;
	k.der = der;
	k.der_len = (size_t)n;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	OPENSSL_free(k.der);
	EVP_PKEY_free(k.root);
	return 0;
}

#define T(f) cmocka_unit_test_setup(f, reset_keys)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_encrypted_ta_decrypts),
		T(test_key_type_from_flags),
		T(test_wrong_key_refused),
		T(test_tampered_tag_iv_ciphertext_refused),
		T(test_hash_is_over_the_plaintext),
		T(test_missing_key_refused),
		T(test_unsupported_encryption_headers),
		T(test_truncated_at_every_length),
		T(test_encrypt_matches_gcm),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
