/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's <signed_hdr.h> as its dev kit exports it to host programs
 * (export-ta_<arch>/host_include): the layout of a signed TA image
 * (docs/ta-image-format.md), which teebox-sign writes and teebox's
 * loader checks byte for byte as OP-TEE does.  xtest's regression 1008
 * uses it to corrupt each header field of a TA file in turn.
 *
 * Only the image format is here: the functions OP-TEE's core declares
 * in this header check images inside the trusted OS (teebox's own are
 * in secure/shdr.h) and are no part of a host program.
 */
#ifndef TEEBOX_DEVKIT_SIGNED_HDR_H
#define TEEBOX_DEVKIT_SIGNED_HDR_H

#include <inttypes.h>
#include <stdlib.h>
#include <tee_api_types.h>
#include <util.h>

/* What follows struct shdr. */
enum shdr_img_type {
	SHDR_TA = 0,	       /* the ELF (legacy) */
	SHDR_BOOTSTRAP_TA = 1, /* struct shdr_bootstrap_ta, then the ELF */
	SHDR_ENCRYPTED_TA = 2, /* the same, then struct shdr_encrypted_ta */
	SHDR_SUBKEY = 3,       /* struct shdr_subkey, then the next shdr */
};

/* "HSTO" read as a little-endian u32. */
#define SHDR_MAGIC 0x4f545348

/**
 * struct shdr - the signed header at the start of a TA image
 * @magic:	SHDR_MAGIC
 * @img_type:	an enum shdr_img_type value
 * @img_size:	bytes of the image after the header and sub-headers
 * @algo:	TEE_ALG_* signature algorithm
 * @hash_size:	bytes of the hash that follows this struct
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

/* Bytes of the header with its hash and signature; 0 on overflow. */
static inline size_t shdr_get_size(const struct shdr *shdr)
{
	size_t s = sizeof(*shdr);

	if (ADD_OVERFLOW(s, shdr->hash_size, &s) ||
	    ADD_OVERFLOW(s, shdr->sig_size, &s))
		return 0;
	return s;
}

#define SHDR_GET_SIZE(x) shdr_get_size((x))
#define SHDR_GET_HASH(x) (uint8_t *)(((struct shdr *)(x)) + 1)
#define SHDR_GET_SIG(x)	 (SHDR_GET_HASH(x) + (x)->hash_size)

/**
 * struct shdr_subkey - a subkey that signs what follows it
 * @uuid:	the subkey's UUID (RFC 4122 octets); what it signs lies in
 *		its namespace
 * @name_size:	bytes of the name after this header (0: none)
 * @subkey_version: rollback counter of the subkey
 * @max_depth:	levels of subkeys allowed below this one
 * @algo:	TEE_ALG_* of the subkey
 * @attr_count:	entries of @attrs
 * @attrs:	the public key's attributes: TEE_ATTR_* id, offset from
 *		the start of this struct, size
 */
struct shdr_subkey {
	uint8_t uuid[sizeof(TEE_UUID)];
	uint32_t name_size;
	uint32_t subkey_version;
	uint32_t max_depth;
	uint32_t algo;
	uint32_t attr_count;
	struct shdr_subkey_attr {
		uint32_t id;
		uint32_t offs;
		uint32_t size;
	} attrs[];
};

/**
 * struct shdr_bootstrap_ta - the sub-header of a bootstrap TA
 * @uuid:	the TA's UUID (RFC 4122 octets)
 * @ta_version:	the TA's version, for rollback protection
 */
struct shdr_bootstrap_ta {
	uint8_t uuid[sizeof(TEE_UUID)];
	uint32_t ta_version;
};

/**
 * struct shdr_encrypted_ta - the sub-header of an encrypted TA
 * @enc_algo:	TEE_ALG_AES_GCM
 * @flags:	the key type in SHDR_ENC_KEY_TYPE_MASK
 * @iv_size:	bytes of the IV that follows this struct
 * @tag_size:	bytes of the tag that follows the IV
 */
struct shdr_encrypted_ta {
	uint32_t enc_algo;
	uint32_t flags;
	uint16_t iv_size;
	uint16_t tag_size;
};

#define SHDR_ENC_KEY_TYPE_MASK 0x1

enum shdr_enc_key_type {
	SHDR_ENC_KEY_DEV_SPECIFIC = 0,
	SHDR_ENC_KEY_CLASS_WIDE = 1,
};

/* Bytes of the encrypted-TA sub-header with IV and tag; 0 on overflow. */
static inline size_t shdr_enc_get_size(const struct shdr_encrypted_ta *ehdr)
{
	size_t s = sizeof(*ehdr);

	if (ADD_OVERFLOW(s, ehdr->iv_size, &s) ||
	    ADD_OVERFLOW(s, ehdr->tag_size, &s))
		return 0;
	return s;
}

#define SHDR_ENC_GET_SIZE(x) shdr_enc_get_size((x))
#define SHDR_ENC_GET_IV(x)   ((uint8_t *)(((struct shdr_encrypted_ta *)(x)) + 1))
#define SHDR_ENC_GET_TAG(x)                                                    \
	({                                                                     \
		__typeof__(x) _x = (x);                                        \
		(SHDR_ENC_GET_IV(_x) + _x->iv_size);                           \
	})

#endif /* TEEBOX_DEVKIT_SIGNED_HDR_H */
