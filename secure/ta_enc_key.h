/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA encryption keys (OP-TEE's tee_otp_get_ta_enc_key()): what an
 * encrypted TA image (shdr_enc.h) is decrypted with.
 *
 *   SHDR_ENC_KEY_DEV_SPECIFIC  derived from this installation's HUK as
 *	OP-TEE's default derives it: huk_subkey_derive(HUK_SUBKEY_TA_ENC,
 *	the platform TA key's modulus), i.e. HMAC-SHA-256(HUK, u32 LE 4 ||
 *	modulus big-endian, no leading zero)
 *   SHDR_ENC_KEY_CLASS_WIDE  the key teed was given with --ta-enc-key
 *	(the role of OP-TEE's TA_ENC_KEY, which a platform's
 *	tee_otp_get_ta_enc_key() returns for a class of devices)
 */
#ifndef TEEBOX_SECURE_TA_ENC_KEY_H
#define TEEBOX_SECURE_TA_ENC_KEY_H

#include <stdint.h>

#include "shdr_enc.h"

/**
 * ta_enc_key_load() - read a key file: 64 hex digits (the form of
 * sign_encrypt.py's --enc-key), then optionally a newline
 * @path:	the file
 * @key:	receives the 32 bytes
 * Return: 0, -EINVAL if the file is not such a key, or -errno.
 */
int ta_enc_key_load(const char *path, uint8_t key[SHDR_TA_ENC_KEY_SIZE]);

/**
 * ta_enc_key_get() - the secure world's struct shdr_enc_keys .get
 * @sw:		the struct secure_world
 * @key_type:	an enum shdr_enc_key_type
 * @key:	receives the key
 * Return: TEE_SUCCESS; TEE_ERROR_ITEM_NOT_FOUND if no class-wide key was
 * given or the HUK cannot be read; TEE_ERROR_GENERIC if libcrypto failed.
 */
TEE_Result ta_enc_key_get(void *sw, uint32_t key_type,
			  uint8_t key[SHDR_TA_ENC_KEY_SIZE]);

#endif /* TEEBOX_SECURE_TA_ENC_KEY_H */
