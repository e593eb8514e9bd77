// SPDX-License-Identifier: BSD-2-Clause
/*
 * Verification of signed TA images (OP-TEE's signed header format,
 * docs/abi.md §8).
 *
 * Error codes.  OP-TEE answers TEE_ERROR_SECURITY when a TA's signed
 * header is bad, whatever is wrong with it, and so do we: a malformed,
 * truncated or tampered image, an image type or signature algorithm we
 * cannot verify (legacy, encrypted and subkey images included - this
 * version verifies bootstrap TAs only), a wrong key and a wrong UUID are
 * all "this image cannot be trusted", and the normal world learns nothing
 * finer.  Errors that are not the image's fault keep their own codes:
 * bad arguments, a bad public key, and OpenSSL failures.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/x509.h>

#include "shdr.h"
#include "uuid.h"

_Static_assert(sizeof(struct shdr) == SHDR_SIZE, "struct shdr layout");

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

TEE_Result shdr_decode(struct shdr *hdr, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	if (len < SHDR_SIZE)
		return TEE_ERROR_SECURITY;
	hdr->magic = get_le32(p);
	hdr->img_type = get_le32(p + 4);
	hdr->img_size = get_le32(p + 8);
	hdr->algo = get_le32(p + 12);
	hdr->hash_size = get_le16(p + 16);
	hdr->sig_size = get_le16(p + 18);
	return TEE_SUCCESS;
}

void shdr_encode(void *buf, const struct shdr *hdr)
{
	uint8_t *p = buf;

	put_le32(p, hdr->magic);
	put_le32(p + 4, hdr->img_type);
	put_le32(p + 8, hdr->img_size);
	put_le32(p + 12, hdr->algo);
	put_le16(p + 16, hdr->hash_size);
	put_le16(p + 18, hdr->sig_size);
}

const char *shdr_img_type_name(uint32_t img_type)
{
	switch (img_type) {
	case SHDR_TA:
		return "TA";
	case SHDR_BOOTSTRAP_TA:
		return "BOOTSTRAP_TA";
	case SHDR_ENCRYPTED_TA:
		return "ENCRYPTED_TA";
	case SHDR_SUBKEY:
		return "SUBKEY";
	default:
		return "unknown";
	}
}

const char *shdr_algo_name(uint32_t algo)
{
	switch (algo) {
	case TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256:
		return "RSASSA-PSS SHA-256";
	case TEE_ALG_RSASSA_PKCS1_V1_5_SHA256:
		return "RSASSA-PKCS1-v1_5 SHA-256";
	case TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1:
		return "RSASSA-PSS SHA-1";
	case TEE_ALG_RSASSA_PKCS1_V1_5_SHA1:
		return "RSASSA-PKCS1-v1_5 SHA-1";
	default:
		return "unknown";
	}
}

/*
 * After an OpenSSL call failed: TEE_ERROR_OUT_OF_MEMORY if it reported an
 * allocation failure, else @otherwise.  Empties the thread's error queue
 * either way.  (Best effort: newer OpenSSL releases report fewer
 * allocation failures, which then come back as @otherwise.)
 */
static TEE_Result ossl_failure(TEE_Result otherwise)
{
	TEE_Result res = otherwise;
	unsigned long e;

	while ((e = ERR_get_error()) != 0)
		if (ERR_GET_REASON(e) == ERR_R_MALLOC_FAILURE)
			res = TEE_ERROR_OUT_OF_MEMORY;
	return res;
}

/*
 * The last key decoded, and a copy of its DER bytes.  Decoding runs
 * OpenSSL 3's decoder chain, 0.1-0.25 ms, and the secure world verifies
 * every TA it loads with the same key: the decoded key is reused when the
 * caller's bytes are the same bytes (compared in full, whatever their
 * address), and is only ever read, which OpenSSL allows from any thread.
 */
static struct {
	pthread_mutex_t lock;
	uint8_t *der;
	size_t len;
	EVP_PKEY *key;
} key_cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A reference on the cached key if it was decoded from @der, else NULL. */
static EVP_PKEY *cached_key(const uint8_t *der, size_t len)
{
	EVP_PKEY *key = NULL;

	pthread_mutex_lock(&key_cache.lock);
	if (key_cache.key && key_cache.len == len &&
	    !memcmp(key_cache.der, der, len) && EVP_PKEY_up_ref(key_cache.key))
		key = key_cache.key;
	pthread_mutex_unlock(&key_cache.lock);
	return key;
}

/* Keeps @key (a reference of its own) as the one decoded from @der. */
static void cache_key(const uint8_t *der, size_t len, EVP_PKEY *key)
{
	uint8_t *copy = malloc(len);

	if (!copy || !EVP_PKEY_up_ref(key)) {
		free(copy);
		return; /* not kept: the next verification decodes again */
	}
	memcpy(copy, der, len);
	pthread_mutex_lock(&key_cache.lock);
	EVP_PKEY_free(key_cache.key);
	free(key_cache.der);
	key_cache.key = key;
	key_cache.der = copy;
	key_cache.len = len;
	pthread_mutex_unlock(&key_cache.lock);
}

/* Decodes the DER SubjectPublicKeyInfo, which must hold an RSA key. */
static TEE_Result load_pubkey(const uint8_t *der, size_t len, EVP_PKEY **out)
{
	const unsigned char *p = der;
	EVP_PKEY *key;

	if (len > LONG_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	key = cached_key(der, len);
	if (key) {
		*out = key;
		return TEE_SUCCESS;
	}
	key = d2i_PUBKEY_ex(NULL, &p, (long)len, NULL, NULL);
	if (!key)
		return ossl_failure(TEE_ERROR_BAD_PARAMETERS);
	if (p != der + len || !EVP_PKEY_is_a(key, "RSA")) {
		EVP_PKEY_free(key);
		return TEE_ERROR_BAD_PARAMETERS;
	}
	cache_key(der, len, key);
	*out = key;
	return TEE_SUCCESS;
}

/* SHA-256 of the two hashed ranges: the header, then the sub-header on. */
static TEE_Result compute_hash(const uint8_t *hdr, const uint8_t *rest,
			       size_t rest_len, uint8_t out[SHDR_HASH_SIZE])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned int n = 0;
	TEE_Result res = TEE_SUCCESS;

	if (!ctx)
		return ossl_failure(TEE_ERROR_OUT_OF_MEMORY);
	if (!EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ||
	    !EVP_DigestUpdate(ctx, hdr, SHDR_SIZE) ||
	    !EVP_DigestUpdate(ctx, rest, rest_len) ||
	    !EVP_DigestFinal_ex(ctx, out, &n) || n != SHDR_HASH_SIZE)
		res = ossl_failure(TEE_ERROR_GENERIC);
	EVP_MD_CTX_free(ctx);
	return res;
}

void shdr_sig_params(OSSL_PARAM *params, bool pss)
{
	/* OpenSSL keeps pointers to these: they must outlive the call. */
	static char pad_pss[] = OSSL_PKEY_RSA_PAD_MODE_PSS;
	static char pad_pkcs1[] = OSSL_PKEY_RSA_PAD_MODE_PKCSV15;
	static char sha256[] = "SHA256";
	static int saltlen = SHDR_PSS_SALT_LEN;
	OSSL_PARAM *p = params;

	*p++ = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_PAD_MODE,
						pss ? pad_pss : pad_pkcs1, 0);
	*p++ = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST,
						sha256, 0);
	if (pss) {
		*p++ = OSSL_PARAM_construct_utf8_string(
			OSSL_SIGNATURE_PARAM_MGF1_DIGEST, sha256, 0);
		*p++ = OSSL_PARAM_construct_int(
			OSSL_SIGNATURE_PARAM_PSS_SALTLEN, &saltlen);
	}
	*p = OSSL_PARAM_construct_end();
}

/*
 * Verifies @sig over the SHA-256 digest @hash.  @algo has been checked to
 * be one of the two we accept.
 */
static TEE_Result verify_sig(EVP_PKEY *key, uint32_t algo, const uint8_t *hash,
			     const uint8_t *sig, size_t sig_len)
{
	bool pss = algo == TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256;
	OSSL_PARAM params[SHDR_SIG_PARAMS];
	EVP_PKEY_CTX *ctx;
	TEE_Result res;
	int ret;

	shdr_sig_params(params, pss);
	ctx = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
	if (!ctx)
		return ossl_failure(TEE_ERROR_OUT_OF_MEMORY);
	if (EVP_PKEY_verify_init_ex(ctx, params) <= 0) {
		res = ossl_failure(TEE_ERROR_GENERIC);
		goto out;
	}
	/*
	 * 1 is a valid signature.  Anything else is a signature we could not
	 * verify, which is TEE_ERROR_SECURITY unless memory ran out.
	 */
	ret = EVP_PKEY_verify(ctx, sig, sig_len, hash, SHDR_HASH_SIZE);
	res = ret == 1 ? TEE_SUCCESS : ossl_failure(TEE_ERROR_SECURITY);
out:
	EVP_PKEY_CTX_free(ctx);
	return res;
}

TEE_Result shdr_verify_ta_reason(const void *img, size_t img_len,
				 const TEE_UUID *expected_uuid,
				 const uint8_t *pubkey_der, size_t pubkey_len,
				 struct shdr_ta_info *info, const char **reason)
{
	const uint8_t *p = img;
	uint8_t hash[SHDR_HASH_SIZE];
	size_t sig_off, sub_off, payload_off, payload_len;
	const char *why = NULL;
	EVP_PKEY *key = NULL;
	struct shdr hdr;
	TEE_UUID uuid;
	TEE_Result res;

#define FAIL(code, text)                                                       \
	do {                                                                   \
		res = (code);                                                  \
		why = (text);                                                  \
		goto out;                                                      \
	} while (0)

	if ((!img && img_len) || !expected_uuid || !pubkey_der || !pubkey_len ||
	    !info)
		FAIL(TEE_ERROR_BAD_PARAMETERS, "invalid arguments");

	if (shdr_decode(&hdr, p, img_len))
		FAIL(TEE_ERROR_SECURITY, "image shorter than its header");
	if (hdr.magic != SHDR_MAGIC)
		FAIL(TEE_ERROR_SECURITY, "bad magic");
	if (hdr.img_type != SHDR_BOOTSTRAP_TA)
		FAIL(TEE_ERROR_SECURITY, "image type not supported");
	if (hdr.algo != TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256 &&
	    hdr.algo != TEE_ALG_RSASSA_PKCS1_V1_5_SHA256)
		FAIL(TEE_ERROR_SECURITY, "signature algorithm not supported");
	if (hdr.hash_size != SHDR_HASH_SIZE)
		FAIL(TEE_ERROR_SECURITY, "hash size is not 32");

	/*
	 * hash_size and sig_size are u16, so these sums stay below 2^18 and
	 * cannot overflow a size_t.  The payload is everything after the
	 * bootstrap sub-header and must be exactly img_size bytes.
	 */
	sig_off = SHDR_SIZE + (size_t)hdr.hash_size;
	sub_off = sig_off + (size_t)hdr.sig_size;
	payload_off = sub_off + SHDR_BOOTSTRAP_SIZE;
	if (img_len < payload_off)
		FAIL(TEE_ERROR_SECURITY, "image truncated");
	payload_len = img_len - payload_off;
	if (payload_len != (uint64_t)hdr.img_size)
		FAIL(TEE_ERROR_SECURITY, "img_size does not match the payload");
	if (!payload_len)
		FAIL(TEE_ERROR_SECURITY, "empty payload");

	res = load_pubkey(pubkey_der, pubkey_len, &key);
	if (res == TEE_ERROR_OUT_OF_MEMORY)
		FAIL(res, "out of memory");
	if (res)
		FAIL(res, "public key is not a DER RSA SubjectPublicKeyInfo");
	if (EVP_PKEY_get_size(key) != (int)hdr.sig_size)
		FAIL(TEE_ERROR_SECURITY,
		     "signature size does not match the key");

	res = compute_hash(p, p + sub_off, img_len - sub_off, hash);
	if (res)
		FAIL(res, "could not compute the hash");
	if (CRYPTO_memcmp(hash, p + SHDR_SIZE, SHDR_HASH_SIZE))
		FAIL(TEE_ERROR_SECURITY, "hash mismatch");

	res = verify_sig(key, hdr.algo, p + SHDR_SIZE, p + sig_off,
			 hdr.sig_size);
	if (res == TEE_ERROR_SECURITY)
		FAIL(res, "signature mismatch");
	if (res)
		FAIL(res, "could not verify the signature");

	uuid_from_octets(&uuid, p + sub_off);
	if (!uuid_equal(&uuid, expected_uuid)) {
		/* Validly signed, for another TA: the caller may name it. */
		info->uuid = uuid;
		FAIL(TEE_ERROR_SECURITY, "UUID mismatch");
	}

	info->payload = p + payload_off;
	info->payload_len = payload_len;
	info->ta_version = get_le32(p + sub_off + UUID_OCTETS_LEN);
	info->uuid = uuid;
	info->algo = hdr.algo;
	res = TEE_SUCCESS;
#undef FAIL
out:
	EVP_PKEY_free(key);
	ERR_clear_error();
	if (reason)
		*reason = why;
	return res;
}

TEE_Result shdr_verify_ta(const void *img, size_t img_len,
			  const TEE_UUID *expected_uuid,
			  const uint8_t *pubkey_der, size_t pubkey_len,
			  struct shdr_ta_info *info)
{
	return shdr_verify_ta_reason(img, img_len, expected_uuid, pubkey_der,
				     pubkey_len, info, NULL);
}

int shdr_pubkey_fingerprint(const uint8_t *der, size_t len,
			    char out[SHDR_FINGERPRINT_LEN])
{
	unsigned char md[32];
	unsigned int md_len = 0;

	if (!EVP_Digest(der, len, md, &md_len, EVP_sha256(), NULL) ||
	    md_len != sizeof(md)) {
		snprintf(out, SHDR_FINGERPRINT_LEN, "unknown");
		return -EIO;
	}
	for (size_t i = 0; i < sizeof(md); i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
	return 0;
}
