/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Encrypted TA images (OP-TEE's SHDR_ENCRYPTED_TA, docs/abi.md §8,
 * docs/ta-image-format.md "Encrypted TAs").
 *
 * After the bootstrap sub-header (uuid, ta_version) an encrypted image
 * has struct shdr_encrypted_ta, then the IV, the tag and the ciphertext:
 *
 *	enc_algo	u32 LE: TEE_ALG_AES_GCM
 *	flags		u32 LE: bit 0 the key type (SHDR_ENC_KEY_*)
 *	iv_size		u16 LE
 *	tag_size	u16 LE
 *	iv[iv_size], tag[tag_size]
 *	ciphertext[img_size]	AES-256-GCM of the ELF, no AAD
 *
 * The signed hash covers the plaintext (OP-TEE's sign-then-encrypt), so
 * the image is decrypted before its hash can be checked.
 */
#ifndef TEEBOX_SECURE_SHDR_ENC_H
#define TEEBOX_SECURE_SHDR_ENC_H

#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* Bytes of struct shdr_encrypted_ta before the IV. */
#define SHDR_ENC_HDR_SIZE 12
/* The TA encryption key: AES-256 (OP-TEE's TEE_TA_ENC_KEY_SIZE). */
#define SHDR_TA_ENC_KEY_SIZE 32
/* What sign_encrypt.py writes: a 12-byte nonce and a 16-byte tag. */
#define SHDR_ENC_IV_SIZE  12
#define SHDR_ENC_TAG_SIZE 16

/* flags & SHDR_ENC_KEY_TYPE_MASK: which key encrypts the TA. */
#define SHDR_ENC_KEY_TYPE_MASK 0x1
enum shdr_enc_key_type {
	SHDR_ENC_KEY_DEV_SPECIFIC = 0, /* derived from this device's HUK */
	SHDR_ENC_KEY_CLASS_WIDE = 1,   /* one key for a class of devices */
};

/**
 * struct shdr_enc - a decoded struct shdr_encrypted_ta
 * @enc_algo, @flags, @iv_size, @tag_size: its fields
 * @iv, @tag:	point into the image
 * @size:	bytes of the header, IV and tag together
 */
struct shdr_enc {
	uint32_t enc_algo;
	uint32_t flags;
	uint16_t iv_size;
	uint16_t tag_size;
	const uint8_t *iv;
	const uint8_t *tag;
	size_t size;
};

/**
 * struct shdr_enc_keys - where the verifier gets a TA encryption key
 * @get:	writes the SHDR_TA_ENC_KEY_SIZE-byte key of @key_type (an enum
 *		shdr_enc_key_type) to @key; returns TEE_SUCCESS, or an error
 *		if there is no such key (the image is then refused)
 * @subkey_version: optional (NULL: not checked); told each subkey's
 *		UUID (16 octets) and subkey_version once its signature, body
 *		and key are verified, where OP-TEE's ree_fs_ta_open() checks
 *		subkey_ver.db; an error refuses the image with
 *		TEE_ERROR_SECURITY, as OP-TEE's does
 * @arg:	passed to @get and @subkey_version
 *
 * What the loader gives the verifier; the tools give only @get.
 */
struct shdr_enc_keys {
	TEE_Result (*get)(void *arg, uint32_t key_type,
			  uint8_t key[SHDR_TA_ENC_KEY_SIZE]);
	TEE_Result (*subkey_version)(void *arg, const uint8_t uuid[16],
				     uint32_t version);
	void *arg;
};

/**
 * shdr_enc_decode() - decode and check the encryption header at @p
 * @e:		written on success
 * @p, @len:	the image from the header on
 * @why:	on failure, a static phrase
 *
 * Accepts TEE_ALG_AES_GCM with a non-empty IV of at most 64 bytes and a
 * tag of 12 to 16 bytes, all inside @len.
 *
 * Return: TEE_SUCCESS or TEE_ERROR_SECURITY.
 */
TEE_Result shdr_enc_decode(struct shdr_enc *e, const uint8_t *p, size_t len,
			   const char **why);

/**
 * shdr_enc_decrypt() - AES-256-GCM decryption of @len bytes at @ct into
 * @pt (room for @len bytes), checking the tag of @e
 * Return: TEE_SUCCESS; TEE_ERROR_SECURITY if the tag does not match (a
 * wrong key or a changed image); TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result shdr_enc_decrypt(const struct shdr_enc *e,
			    const uint8_t key[SHDR_TA_ENC_KEY_SIZE],
			    const uint8_t *ct, size_t len, uint8_t *pt);

/**
 * shdr_enc_encrypt() - AES-256-GCM encryption of @len bytes at @pt into
 * @ct under @key and the @iv_size-byte @iv, no AAD; the tag to @tag
 * (@tag_size bytes), as sign_encrypt.py's AESGCM.encrypt()
 * Return: 0, or -1 if libcrypto failed.
 */
int shdr_enc_encrypt(const uint8_t key[SHDR_TA_ENC_KEY_SIZE], const uint8_t *iv,
		     size_t iv_size, const uint8_t *pt, size_t len, uint8_t *ct,
		     uint8_t *tag, size_t tag_size);

#endif /* TEEBOX_SECURE_SHDR_ENC_H */
