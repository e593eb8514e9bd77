/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Subkeys in signed TA images (OP-TEE's SHDR_SUBKEY, docs/abi.md §8,
 * docs/ta-image-format.md "Subkeys").
 *
 * A subkey image is a struct shdr with img_type SHDR_SUBKEY, its hash and
 * signature (made with the key above it), then img_size bytes of subkey
 * body, then name_size bytes of name, then the next struct shdr: another
 * subkey or the TA, signed with this subkey's key.  The body is
 *
 *	uuid[16]		the subkey's UUID: its namespace
 *	name_size		u32 LE: bytes of the name after the body
 *	subkey_version		u32 LE
 *	max_depth		u32 LE: subkey levels allowed below this one
 *	algo			u32 LE: TEE_ALG_* the key is used with
 *	attr_count		u32 LE
 *	attrs[attr_count]	{id, offs, size} u32 LE each; offs counts
 *				from the start of the body
 *	...			the attribute values (big-endian integers)
 *
 * This file decodes a body and what follows from it; secure/shdr.c walks
 * the chain and verifies every signature.
 */
#ifndef TEEBOX_SECURE_SHDR_SUBKEY_H
#define TEEBOX_SECURE_SHDR_SUBKEY_H

#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* Bytes of the fixed part of a subkey body, before attrs[]. */
#define SHDR_SUBKEY_SIZE 36
/* Bytes of one attrs[] entry. */
#define SHDR_SUBKEY_ATTR_SIZE 12

/**
 * struct shdr_subkey - a subkey body's fixed fields, host byte order
 * @uuid:	RFC 4122 octets: the namespace of what the subkey signs
 * @name_size:	bytes of the name that follows the body (0: identity
 *		subkey, the next UUID is @uuid itself)
 * @subkey_version: the signer's version of the subkey
 * @max_depth:	how many subkey levels may follow below this one
 * @algo:	TEE_ALG_* of the key (its main algorithm must be RSA)
 * @attr_count:	entries of attrs[]
 */
struct shdr_subkey {
	uint8_t uuid[16];
	uint32_t name_size;
	uint32_t subkey_version;
	uint32_t max_depth;
	uint32_t algo;
	uint32_t attr_count;
};

struct evp_pkey_st;

/**
 * shdr_subkey_decode() - decode and bounds-check a subkey body
 * @sk:		written on success
 * @body:	the img_size bytes after the subkey's signature
 * @len:	img_size
 * @why:	on failure, a static phrase saying what is wrong
 *
 * Checks, as OP-TEE's check_attrs() does, that the fixed part and
 * attrs[] fit in @len and that every attribute's value lies inside the
 * body; the arithmetic is done in 64 bits, so no u32 field can wrap.
 *
 * Return: TEE_SUCCESS or TEE_ERROR_SECURITY.
 */
TEE_Result shdr_subkey_decode(struct shdr_subkey *sk, const uint8_t *body,
			      size_t len, const char **why);

/**
 * shdr_subkey_pubkey() - the RSA public key a decoded subkey carries
 * @sk:		from shdr_subkey_decode() of @body
 * @body, @len:	the body
 * @key:	on success, a new key the caller frees (EVP_PKEY_free())
 * @why:	on failure, a static phrase
 *
 * The key is the TEE_ATTR_RSA_MODULUS and TEE_ATTR_RSA_PUBLIC_EXPONENT
 * attributes (the first of each id, as OP-TEE's find_attr() takes); the
 * subkey's algo must be an RSA algorithm.
 *
 * Return: TEE_SUCCESS; TEE_ERROR_SECURITY if the algorithm is not RSA, an
 * attribute is missing or the numbers are no RSA key; TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result shdr_subkey_pubkey(const struct shdr_subkey *sk, const uint8_t *body,
			      size_t len, struct evp_pkey_st **key,
			      const char **why);

/**
 * shdr_subkey_next_uuid() - the UUID a subkey lets sign below it
 * @next:	receives 16 RFC 4122 octets
 * @ns:		the subkey's UUID (octets)
 * @name:	the name bytes that follow the subkey body
 * @name_size:	their count; 0 gives @ns itself (an identity subkey)
 *
 * As OP-TEE's calc_next_uuid(): SHA-512 of @ns and the name up to its
 * first NUL, the first 16 bytes of the digest, with the version set to 5
 * and the RFC 4122 variant (a "v5 UUID" with SHA-512 for SHA-1, as
 * sign_encrypt.py's uuid_v5_sha512()).
 *
 * Return: TEE_SUCCESS, or TEE_ERROR_GENERIC if libcrypto failed.
 */
TEE_Result shdr_subkey_next_uuid(uint8_t next[16], const uint8_t ns[16],
				 const uint8_t *name, size_t name_size);

#endif /* TEEBOX_SECURE_SHDR_SUBKEY_H */
