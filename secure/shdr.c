// SPDX-License-Identifier: BSD-2-Clause
/*
 * Verification of signed TA images (OP-TEE's signed header format,
 * docs/abi.md §8).
 *
 * An image is a chain of signed headers: zero or more subkeys, each
 * signed by the key above it (the first by the platform key), then the
 * bootstrap TA, signed by the last key.  The chain is walked as OP-TEE's
 * ree_fs_ta_open() walks it (core/kernel/ree_fs_ta.c, with
 * core/crypto/signed_hdr.c), header by header from the start of the
 * image, every offset checked against the image's length first.
 *
 * Error codes.  OP-TEE answers TEE_ERROR_SECURITY when a TA's signed
 * header is bad, whatever is wrong with it, and so do we: a malformed,
 * truncated or tampered image or subkey, an image type or signature
 * algorithm we cannot verify (legacy images included), an encrypted TA
 * that does not decrypt (wrong key, changed ciphertext or tag), a
 * wrong key, a subkey chain deeper than its max_depth allows, a TA or
 * subkey outside the namespace of the subkey above it and a wrong UUID
 * are all "this image cannot be trusted", and the normal world learns
 * nothing finer.  Errors that are not the image's fault keep their own codes:
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

#include <tbx/byteorder.h>

#include "shdr.h"
#include "shdr_enc.h"
#include "shdr_subkey.h"
#include "uuid.h"

_Static_assert(sizeof(struct shdr) == SHDR_SIZE, "struct shdr layout");

TEE_Result shdr_decode(struct shdr *hdr, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	if (len < SHDR_SIZE)
		return TEE_ERROR_SECURITY;
	hdr->magic = tbx_get_le32(p);
	hdr->img_type = tbx_get_le32(p + 4);
	hdr->img_size = tbx_get_le32(p + 8);
	hdr->algo = tbx_get_le32(p + 12);
	hdr->hash_size = tbx_get_le16(p + 16);
	hdr->sig_size = tbx_get_le16(p + 18);
	return TEE_SUCCESS;
}

void shdr_encode(void *buf, const struct shdr *hdr)
{
	uint8_t *p = buf;

	tbx_put_le32(p, hdr->magic);
	tbx_put_le32(p + 4, hdr->img_type);
	tbx_put_le32(p + 8, hdr->img_size);
	tbx_put_le32(p + 12, hdr->algo);
	tbx_put_le16(p + 16, hdr->hash_size);
	tbx_put_le16(p + 18, hdr->sig_size);
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

/*
 * SHA-256 of the hashed ranges: the header, then the sub-header on
 * (@rest), then for an encrypted TA the plaintext (@rest2, else NULL).
 */
static TEE_Result compute_hash(const uint8_t *hdr, const uint8_t *rest,
			       size_t rest_len, const uint8_t *rest2,
			       size_t rest2_len, uint8_t out[SHDR_HASH_SIZE])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned int n = 0;
	TEE_Result res = TEE_SUCCESS;

	if (!ctx)
		return ossl_failure(TEE_ERROR_OUT_OF_MEMORY);
	if (!EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ||
	    !EVP_DigestUpdate(ctx, hdr, SHDR_SIZE) ||
	    !EVP_DigestUpdate(ctx, rest, rest_len) ||
	    (rest2 && !EVP_DigestUpdate(ctx, rest2, rest2_len)) ||
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

/*
 * Where one signed header sits and what it says: @off is its offset in the
 * image, @sub_off that of what follows its signature.
 */
struct hdr_at {
	struct shdr hdr;
	size_t off;
	size_t sub_off;
};

/* Why a check failed, and the code it fails with. */
struct verdict {
	TEE_Result res;
	const char *why;
};

static TEE_Result refuse(struct verdict *v, TEE_Result res, const char *why)
{
	v->res = res;
	v->why = why;
	return res;
}

/*
 * Decodes the header at @off and checks what can be checked before any
 * cryptography: magic, algorithm, hash size, that its hash and signature
 * lie inside the image and that the signature is as long as @key's
 * modulus.  @depth is the number of subkeys above it (0: the platform
 * key signs it), for the reason given.
 */
static TEE_Result header_at(struct hdr_at *h, const uint8_t *img, size_t len,
			    size_t off, EVP_PKEY *key, unsigned int depth,
			    struct verdict *v)
{
	struct shdr *hdr = &h->hdr;

	if (off > len || shdr_decode(hdr, img + off, len - off))
		return refuse(v, TEE_ERROR_SECURITY,
			      depth ? "image truncated after a subkey"
				    : "image shorter than its header");
	if (hdr->magic != SHDR_MAGIC)
		return refuse(v, TEE_ERROR_SECURITY, "bad magic");
	if (hdr->img_type != SHDR_BOOTSTRAP_TA &&
	    hdr->img_type != SHDR_ENCRYPTED_TA && hdr->img_type != SHDR_SUBKEY)
		return refuse(v, TEE_ERROR_SECURITY,
			      "image type not supported");
	if (hdr->algo != TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256 &&
	    hdr->algo != TEE_ALG_RSASSA_PKCS1_V1_5_SHA256)
		return refuse(v, TEE_ERROR_SECURITY,
			      "signature algorithm not supported");
	if (hdr->hash_size != SHDR_HASH_SIZE)
		return refuse(v, TEE_ERROR_SECURITY, "hash size is not 32");
	/*
	 * hash_size and sig_size are u16: the sum stays below 2^18 and
	 * @off <= @len, so it cannot overflow a size_t.
	 */
	h->off = off;
	h->sub_off = off + SHDR_SIZE + hdr->hash_size + hdr->sig_size;
	if (h->sub_off > len)
		return refuse(v, TEE_ERROR_SECURITY, "image truncated");
	if (EVP_PKEY_get_size(key) != (int)hdr->sig_size)
		return refuse(v, TEE_ERROR_SECURITY,
			      depth ? "signature size does not match the subkey"
				    : "signature size does not match the key");
	return TEE_SUCCESS;
}

/* The signature of the header @h under @key. */
static TEE_Result check_sig(const struct hdr_at *h, const uint8_t *img,
			    EVP_PKEY *key, unsigned int depth,
			    struct verdict *v)
{
	TEE_Result res;

	res = verify_sig(key, h->hdr.algo, img + h->off + SHDR_SIZE,
			 img + h->off + SHDR_SIZE + h->hdr.hash_size,
			 h->hdr.sig_size);
	if (res == TEE_ERROR_SECURITY)
		return refuse(v, res,
			      depth ? "signature mismatch under a subkey"
				    : "signature mismatch");
	if (res)
		return refuse(v, res, "could not verify the signature");
	return TEE_SUCCESS;
}

/*
 * The stored hash of @h against SHA-256(header || @len bytes at @rest ||
 * @len2 bytes at @rest2 if not NULL).
 */
static TEE_Result check_hash(const struct hdr_at *h, const uint8_t *img,
			     const uint8_t *rest, size_t len,
			     const uint8_t *rest2, size_t len2,
			     const char *what, struct verdict *v)
{
	uint8_t hash[SHDR_HASH_SIZE];
	TEE_Result res;

	res = compute_hash(img + h->off, rest, len, rest2, len2, hash);
	if (res)
		return refuse(v, res, "could not compute the hash");
	if (CRYPTO_memcmp(hash, img + h->off + SHDR_SIZE, SHDR_HASH_SIZE))
		return refuse(v, TEE_ERROR_SECURITY, what);
	return TEE_SUCCESS;
}

/*
 * Where a walk down a subkey chain stands: the key that signs the next
 * header, the UUID the next header must have (once a subkey was seen),
 * and the subkey levels still allowed below.
 */
struct chain {
	EVP_PKEY *key;
	unsigned int depth;
	bool have_next_uuid;
	uint8_t next_uuid[UUID_OCTETS_LEN];
	uint32_t max_depth;
	const struct shdr_enc_keys *hooks;
};

/*
 * The subkey whose header is @h, verified as OP-TEE's ree_fs_ta_open()
 * and shdr_load_pub_key() do: its signature under the key above, the hash
 * of its header and body, the body's attributes, that it allows fewer
 * levels than the subkey above it, that its UUID is the one the subkey
 * above allows, then its name and its key.  On success @c holds the
 * subkey's key and what it allows, and *@next the offset of the next
 * header.
 */
static TEE_Result subkey_step(struct chain *c, const struct hdr_at *h,
			      const uint8_t *img, size_t len, size_t *next,
			      struct verdict *v)
{
	const uint8_t *body = img + h->sub_off;
	struct shdr_subkey sk;
	EVP_PKEY *key = NULL;
	TEE_Result res;
	const char *why;
	uint64_t end;

	res = check_sig(h, img, c->key, c->depth, v);
	if (res)
		return res;
	if ((uint64_t)h->hdr.img_size > len - h->sub_off)
		return refuse(v, TEE_ERROR_SECURITY, "subkey truncated");
	res = check_hash(h, img, body, h->hdr.img_size, NULL, 0,
			 "subkey hash mismatch", v);
	if (res)
		return res;
	if (shdr_subkey_decode(&sk, body, h->hdr.img_size, &why))
		return refuse(v, TEE_ERROR_SECURITY, why);
	if (sk.max_depth >= c->max_depth)
		return refuse(v, TEE_ERROR_SECURITY,
			      "subkey chain deeper than max_depth allows");
	if (c->have_next_uuid && memcmp(c->next_uuid, sk.uuid, sizeof(sk.uuid)))
		return refuse(v, TEE_ERROR_SECURITY,
			      "subkey UUID outside the namespace of the "
			      "subkey above");
	end = (uint64_t)h->sub_off + h->hdr.img_size + sk.name_size;
	if (end > len)
		return refuse(v, TEE_ERROR_SECURITY, "subkey name truncated");
	res = shdr_subkey_next_uuid(c->next_uuid, sk.uuid,
				    body + h->hdr.img_size, sk.name_size);
	if (res)
		return refuse(v, res, "could not derive the next UUID");
	res = shdr_subkey_pubkey(&sk, body, h->hdr.img_size, &key, &why);
	if (res)
		return refuse(v, res, why);
	/* Anti-rollback: the loader's subkey_ver.db (ta_ver_db.h). */
	if (c->hooks && c->hooks->subkey_version &&
	    c->hooks->subkey_version(c->hooks->arg, sk.uuid,
				     sk.subkey_version)) {
		EVP_PKEY_free(key);
		return refuse(v, TEE_ERROR_SECURITY,
			      "subkey version lower than one loaded before");
	}
	/* The platform key is the caller's; a subkey's key is ours. */
	if (c->depth)
		EVP_PKEY_free(c->key);
	c->key = key;
	c->depth++;
	c->have_next_uuid = true;
	c->max_depth = sk.max_depth;
	*next = (size_t)end;
	return TEE_SUCCESS;
}

/*
 * The UUIDs of the TA whose header is @h: under a subkey the TA asked for
 * must be the one the last subkey allows (ree_fs_ta_open() checks the
 * UUID asked for against it), and the image must be for the TA asked for.
 */
static TEE_Result check_uuids(const struct chain *c, const struct hdr_at *h,
			      const uint8_t *img, const TEE_UUID *expected_uuid,
			      struct shdr_ta_info *info, struct verdict *v)
{
	TEE_UUID uuid, allowed;

	uuid_from_octets(&uuid, img + h->sub_off);
	if (c->have_next_uuid) {
		uuid_from_octets(&allowed, c->next_uuid);
		if (!uuid_equal(&allowed, expected_uuid)) {
			info->uuid = uuid;
			return refuse(v, TEE_ERROR_SECURITY,
				      "TA UUID outside the subkey's namespace");
		}
	}
	if (!uuid_equal(&uuid, expected_uuid)) {
		/* Validly signed, for another TA: the caller may name it. */
		info->uuid = uuid;
		return refuse(v, TEE_ERROR_SECURITY, "UUID mismatch");
	}
	return TEE_SUCCESS;
}

/*
 * The payload of an encrypted TA, @len bytes at @off: decrypted into a
 * new buffer (*@plain) with the key its flags name, then the hash checked
 * over the plaintext, as OP-TEE's ree_fs_ta_read() does (the signature
 * covers the plaintext).
 */
static TEE_Result decrypt_payload(const struct hdr_at *h, const uint8_t *img,
				  const struct shdr_enc *e, size_t off,
				  size_t len, const struct shdr_enc_keys *keys,
				  uint8_t **plain, struct verdict *v)
{
	uint8_t key[SHDR_TA_ENC_KEY_SIZE];
	TEE_Result res;

	if (!keys || !keys->get)
		return refuse(v, TEE_ERROR_SECURITY,
			      "encrypted TA and no TA encryption key");
	res = keys->get(keys->arg, e->flags & SHDR_ENC_KEY_TYPE_MASK, key);
	if (res == TEE_ERROR_OUT_OF_MEMORY)
		return refuse(v, res, "out of memory");
	if (res)
		return refuse(v, TEE_ERROR_SECURITY,
			      (e->flags & SHDR_ENC_KEY_TYPE_MASK) ==
					      SHDR_ENC_KEY_CLASS_WIDE
				      ? "no class-wide TA encryption key"
				      : "no device-specific TA encryption key");
	*plain = malloc(len);
	res = *plain ? shdr_enc_decrypt(e, key, img + off, len, *plain)
		     : TEE_ERROR_OUT_OF_MEMORY;
	OPENSSL_cleanse(key, sizeof(key));
	if (res == TEE_ERROR_SECURITY)
		return refuse(v, res,
			      "decryption failed (wrong TA encryption key or "
			      "tampered image)");
	if (res)
		return refuse(v, res, "out of memory");
	return check_hash(h, img, img + h->sub_off, off - h->sub_off, *plain,
			  len, "hash mismatch", v);
}

/*
 * The TA whose header is @h, the last one of the image (bootstrap or
 * encrypted): the lengths, the hash, the signature under @c's key, the
 * UUIDs; an encrypted one is decrypted after its signature and UUIDs
 * checked, as OP-TEE orders it.
 */
static TEE_Result ta_step(const struct chain *c, const struct hdr_at *h,
			  const uint8_t *img, size_t len,
			  const TEE_UUID *expected_uuid,
			  const struct shdr_enc_keys *keys,
			  struct shdr_ta_info *info, struct verdict *v)
{
	size_t payload_off = h->sub_off + SHDR_BOOTSTRAP_SIZE, payload_len;
	bool encrypted = h->hdr.img_type == SHDR_ENCRYPTED_TA;
	const uint8_t *payload = NULL;
	uint8_t *plain = NULL;
	struct shdr_enc e;
	TEE_Result res;
	const char *why;

	if (len < payload_off)
		return refuse(v, TEE_ERROR_SECURITY, "image truncated");
	if (encrypted) {
		if (shdr_enc_decode(&e, img + payload_off, len - payload_off,
				    &why))
			return refuse(v, TEE_ERROR_SECURITY, why);
		payload_off += e.size;
	}
	payload_len = len - payload_off;
	if (payload_len != (uint64_t)h->hdr.img_size)
		return refuse(v, TEE_ERROR_SECURITY,
			      "img_size does not match the payload");
	if (!payload_len)
		return refuse(v, TEE_ERROR_SECURITY, "empty payload");
	if (!encrypted) {
		payload = img + payload_off;
		res = check_hash(h, img, img + h->sub_off, len - h->sub_off,
				 NULL, 0, "hash mismatch", v);
		if (res)
			return res;
	}
	res = check_sig(h, img, c->key, c->depth, v);
	if (!res)
		res = check_uuids(c, h, img, expected_uuid, info, v);
	if (!res && encrypted) {
		res = decrypt_payload(h, img, &e, payload_off, payload_len,
				      keys, &plain, v);
		payload = plain;
	}
	if (res) {
		free(plain);
		return res;
	}

	info->payload = payload;
	info->payload_len = payload_len;
	info->owned = plain;
	info->ta_version = tbx_get_le32(img + h->sub_off + UUID_OCTETS_LEN);
	uuid_from_octets(&info->uuid, img + h->sub_off);
	info->algo = h->hdr.algo;
	info->subkeys = c->depth;
	info->encrypted = encrypted;
	return TEE_SUCCESS;
}

TEE_Result shdr_verify_ta_reason(const void *img, size_t img_len,
				 const TEE_UUID *expected_uuid,
				 const uint8_t *pubkey_der, size_t pubkey_len,
				 struct shdr_ta_info *info, const char **reason)
{
	return shdr_verify_ta_enc(img, img_len, expected_uuid, pubkey_der,
				  pubkey_len, NULL, info, reason);
}

TEE_Result shdr_verify_ta_enc(const void *img, size_t img_len,
			      const TEE_UUID *expected_uuid,
			      const uint8_t *pubkey_der, size_t pubkey_len,
			      const struct shdr_enc_keys *keys,
			      struct shdr_ta_info *info, const char **reason)
{
	struct chain c = {.max_depth = UINT32_MAX, .hooks = keys};
	struct verdict v = {TEE_SUCCESS, NULL};
	EVP_PKEY *root = NULL;
	const uint8_t *p = img;
	struct hdr_at h;
	size_t off = 0;
	TEE_Result res;

	if ((!img && img_len) || !expected_uuid || !pubkey_der || !pubkey_len ||
	    !info) {
		refuse(&v, TEE_ERROR_BAD_PARAMETERS, "invalid arguments");
		goto out;
	}
	/* A header that cannot be one fails before the key is decoded. */
	if (img_len < SHDR_SIZE) {
		refuse(&v, TEE_ERROR_SECURITY, "image shorter than its header");
		goto out;
	}
	res = load_pubkey(pubkey_der, pubkey_len, &root);
	if (res) {
		refuse(&v, res,
		       res == TEE_ERROR_OUT_OF_MEMORY
			       ? "out of memory"
			       : "public key is not a DER RSA "
				 "SubjectPublicKeyInfo");
		goto out;
	}
	c.key = root;
	for (;;) {
		if (header_at(&h, p, img_len, off, c.key, c.depth, &v))
			break;
		if (h.hdr.img_type != SHDR_SUBKEY) {
			ta_step(&c, &h, p, img_len, expected_uuid, keys, info,
				&v);
			break;
		}
		if (subkey_step(&c, &h, p, img_len, &off, &v))
			break;
	}
out:
	if (c.depth)
		EVP_PKEY_free(c.key);
	EVP_PKEY_free(root);
	ERR_clear_error();
	if (reason)
		*reason = v.why;
	return v.res;
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
