/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Signed TA images in OP-TEE's format (docs/abi.md §8), and their
 * verification.
 *
 * A bootstrap TA image signed with the platform key is laid out as
 *
 *	struct shdr (20 bytes, little-endian)
 *	hash[hash_size]		SHA-256 of shdr || uuid || ta_version || ELF
 *	sig[sig_size]		RSA signature of hash
 *	uuid[16]		RFC 4122 octets
 *	ta_version		u32, little-endian
 *	ELF[img_size]		the TA itself
 *
 * and one signed with a subkey starts with the subkey chain
 * (shdr_subkey.h).  teebox-sign (tools/ta-sign) writes these files; the secure world checks
 * them with shdr_verify_ta() before it runs a TA.
 */
#ifndef TEEBOX_SECURE_SHDR_H
#define TEEBOX_SECURE_SHDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* "HSTO" read as a little-endian u32. */
#define SHDR_MAGIC 0x4f545348

/* Bytes of struct shdr in a file. */
#define SHDR_SIZE 20
/* Bytes of the bootstrap sub-header: uuid[16] and ta_version. */
#define SHDR_BOOTSTRAP_SIZE 20
/* hash_size of every image we accept: SHA-256. */
#define SHDR_HASH_SIZE 32
/* PSS salt length used when signing and required when verifying. */
#define SHDR_PSS_SALT_LEN 32

/* shdr.img_type values. */
enum shdr_img_type {
	SHDR_TA = 0,	       /* legacy: no sub-header */
	SHDR_BOOTSTRAP_TA = 1, /* uuid + ta_version, then a plain ELF */
	SHDR_ENCRYPTED_TA = 2, /* bootstrap + AES-GCM encrypted ELF */
	SHDR_SUBKEY = 3,       /* a subkey, followed by the image it signs */
};

/**
 * struct shdr - the signed header, decoded to host byte order
 * @magic:	SHDR_MAGIC
 * @img_type:	an enum shdr_img_type value
 * @img_size:	bytes of the payload (the ELF) after all sub-headers
 * @algo:	TEE_ALG_* signature algorithm
 * @hash_size:	bytes of the hash that follows the header
 * @sig_size:	bytes of the signature that follows the hash
 */
struct shdr {
	uint32_t magic;
	uint32_t img_type;
	uint32_t img_size;
	uint32_t algo;
	uint16_t hash_size;
	uint16_t sig_size;
};

/**
 * struct shdr_ta_info - what a verified image contains
 * @payload:	the ELF; points into the image given to shdr_verify_ta()
 *		and lives exactly as long as that buffer
 * @payload_len: its length in bytes (the header's img_size)
 * @ta_version:	the version the signer gave the TA
 * @uuid:	the TA's UUID, host byte order; also set when verification
 *		fails only because it is not the expected one
 * @algo:	the signature algorithm that was verified
 * @subkeys:	how many subkeys the chain above the TA had (0: the TA is
 *		signed with the platform key itself)
 * @encrypted:	the image was an encrypted TA (SHDR_ENCRYPTED_TA)
 * @owned:	NULL, or (an encrypted TA) the decrypted ELF that @payload
 *		points to: the caller's, to free()
 */
struct shdr_ta_info {
	const void *payload;
	size_t payload_len;
	uint32_t ta_version;
	TEE_UUID uuid;
	uint32_t algo;
	unsigned int subkeys;
	bool encrypted;
	void *owned;
};

struct shdr_enc_keys;

/**
 * shdr_decode() - read the 20-byte header at the start of @buf
 * @hdr:	written only on success
 * @buf:	image bytes
 * @len:	bytes available at @buf
 *
 * Only decodes; checks nothing but that SHDR_SIZE bytes are there.
 *
 * Return: TEE_SUCCESS, or TEE_ERROR_SECURITY if @len < SHDR_SIZE.
 */
TEE_Result shdr_decode(struct shdr *hdr, const void *buf, size_t len);

/**
 * shdr_encode() - write @hdr as SHDR_SIZE little-endian bytes to @buf
 */
void shdr_encode(void *buf, const struct shdr *hdr);

/**
 * shdr_verify_ta() - check a signed bootstrap TA image
 * @img:	the whole image file.  It must be memory the normal world
 *		can no longer change (the caller's private copy): it is read
 *		more than once, and a TOCTOU change between the checks and
 *		the use of the payload would defeat them.
 * @img_len:	bytes at @img
 * @expected_uuid: the UUID the image must carry (the TA being loaded)
 * @pubkey_der:	DER SubjectPublicKeyInfo of the RSA key TAs are signed with
 * @pubkey_len:	its length
 * @info:	on success, where the payload is and what the image says;
 *		not written on failure
 *
 * Walks the subkeys the image may start with (docs/ta-image-format.md
 * "Subkeys"): each one's signature under the key above it (the first
 * under @pubkey_der), its hash, its attributes, its max_depth and its
 * UUID against what the subkey above allows.  Then checks the TA's
 * header, in order: that every field is one we accept and that the
 * lengths add up to exactly @img_len; that the stored SHA-256 matches the
 * recomputed one; that the signature over it is valid under the last key
 * (RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt, or RSASSA
 * PKCS#1 v1.5 with SHA-256); that @expected_uuid is the UUID the last
 * subkey allows, if there is one; and that the image's UUID is
 * @expected_uuid.
 * Never reads outside [@img, @img + @img_len).  Leaves the calling
 * thread's OpenSSL error queue empty.  Encrypted images are refused
 * (shdr_verify_ta_enc() decrypts them).
 *
 * Return:
 * TEE_SUCCESS;
 * TEE_ERROR_SECURITY if the image is malformed, truncated, of a type or
 * algorithm we do not verify, not signed by the key, or for another UUID;
 * TEE_ERROR_BAD_PARAMETERS if an argument is NULL or the key is not a
 * valid DER RSA public key;
 * TEE_ERROR_OUT_OF_MEMORY if OpenSSL ran out of memory;
 * TEE_ERROR_GENERIC if OpenSSL failed in another way.
 */
TEE_Result shdr_verify_ta(const void *img, size_t img_len,
			  const TEE_UUID *expected_uuid,
			  const uint8_t *pubkey_der, size_t pubkey_len,
			  struct shdr_ta_info *info);

/**
 * shdr_verify_ta_reason() - shdr_verify_ta() that also says why it failed
 * @reason:	if not NULL, set on failure to a static, lowercase phrase
 *		naming the first check that failed ("hash mismatch",
 *		"signature mismatch", "UUID mismatch", ...), for log lines
 *		and tools; set to NULL on success
 *
 * The other parameters and the return value are those of
 * shdr_verify_ta().
 */
TEE_Result shdr_verify_ta_reason(const void *img, size_t img_len,
				 const TEE_UUID *expected_uuid,
				 const uint8_t *pubkey_der, size_t pubkey_len,
				 struct shdr_ta_info *info,
				 const char **reason);

/**
 * shdr_verify_ta_enc() - shdr_verify_ta_reason() that also verifies
 * encrypted TAs
 * @keys:	where the TA encryption keys come from (shdr_enc.h); NULL
 *		refuses encrypted images
 *
 * An encrypted TA (SHDR_ENCRYPTED_TA) is checked as a bootstrap one, but
 * its signature and UUIDs before its payload is decrypted (AES-GCM, the
 * key its flags name), and its hash over the plaintext; on success
 * @info->owned holds the plaintext, which the caller frees.  A tag that
 * does not match (wrong key, changed image) is TEE_ERROR_SECURITY.  The
 * other parameters and the return value are those of
 * shdr_verify_ta_reason().
 */
TEE_Result shdr_verify_ta_enc(const void *img, size_t img_len,
			      const TEE_UUID *expected_uuid,
			      const uint8_t *pubkey_der, size_t pubkey_len,
			      const struct shdr_enc_keys *keys,
			      struct shdr_ta_info *info, const char **reason);

/**
 * shdr_img_type_name() - "BOOTSTRAP_TA" etc., or "unknown"
 */
const char *shdr_img_type_name(uint32_t img_type);

/**
 * shdr_algo_name() - a short name of a signature algorithm id ("RSASSA-PSS
 * SHA-256" etc.), or "unknown"
 */
const char *shdr_algo_name(uint32_t algo);

/* Bytes of a key fingerprint: 64 hex digits and the NUL. */
#define SHDR_FINGERPRINT_LEN 65

/**
 * shdr_pubkey_fingerprint() - name a signing key for people: the SHA-256
 * of its DER public key in lowercase hex, which
 * `openssl pkey -in KEY.pem -pubout -outform DER | sha256sum` also prints
 * @der, @len:	the DER SubjectPublicKeyInfo
 * @out:	receives SHDR_FINGERPRINT_LEN bytes
 * Return: 0, or -EIO if libcrypto failed (@out is then "unknown").
 */
int shdr_pubkey_fingerprint(const uint8_t *der, size_t len,
			    char out[SHDR_FINGERPRINT_LEN]);

/* Entries shdr_sig_params() fills, the terminator included. */
#define SHDR_SIG_PARAMS 5

struct ossl_param_st;

/**
 * shdr_sig_params() - the OpenSSL signature parameters of an OP-TEE TA
 * signature over a SHA-256 digest: RSASSA-PSS with MGF1-SHA-256 and a
 * 32-byte salt when @pss, else RSASSA-PKCS1-v1_5 (used to verify here and
 * to sign in teebox-sign, so both agree by construction)
 * @params:	room for SHDR_SIG_PARAMS entries (OSSL_PARAM)
 */
void shdr_sig_params(struct ossl_param_st *params, bool pss);

#endif /* TEEBOX_SECURE_SHDR_H */
