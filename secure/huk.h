/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hardware unique key (OP-TEE's tee_otp_get_hw_unique_key() and
 * huk_subkey.c).  teebox has no fuses: the HUK is 16 random bytes made
 * once per installation and kept in a 0600 file of the secure world's
 * state directory, which only the secure world reads.  It never leaves
 * the secure world; only keys derived from it are used.
 */
#ifndef TEEBOX_SECURE_HUK_H
#define TEEBOX_SECURE_HUK_H

#include <stddef.h>
#include <stdint.h>

/* CFG_HW_UNIQUE_KEY_LENGTH */
#define HUK_SIZE 16
/* Largest HUK sub-key (HMAC-SHA-256 output). */
#define HUK_SUBKEY_MAX_LEN 32
/*
 * Most const_data huk_subkey_derive() takes: a TA's UUID and its extra
 * data (PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY: 16 + 1024 bytes), or the TA
 * encryption key's constant (a modulus of up to 4096 bits), with room.
 */
#define HUK_SUBKEY_CONST_MAX 2048
/* The HUK file in the state directory. */
#define HUK_FILE_NAME "huk"

/* Usages of huk_subkey_derive() (OP-TEE's enum huk_subkey_usage). */
enum huk_subkey_usage {
	HUK_SUBKEY_RPMB = 0,
	HUK_SUBKEY_SSK = 1,
	HUK_SUBKEY_DIE_ID = 2,
	HUK_SUBKEY_UNIQUE_TA = 3,
	HUK_SUBKEY_TA_ENC = 4,
	HUK_SUBKEY_SE050 = 5,
};

/**
 * huk_load() - read the installation's HUK, making it on first use
 * @state_dir:	the secure world's state directory (created 0700 if
 *		missing, one level)
 * @huk:	receives HUK_SIZE bytes
 *
 * A new HUK comes from the system RNG and is published with a link, so
 * two secure worlds starting at once agree on one key.  An existing file
 * must be a regular file of ours, of exactly HUK_SIZE bytes, that nobody
 * else may read or write: anything else is refused rather than trusted
 * or replaced (replacing it would make every stored object unreadable).
 *
 * Return: 0, or a negative errno: -EPERM for a file with wrong owner or
 * mode, -EINVAL for one of the wrong size or type, or the system error.
 */
int huk_load(const char *state_dir, uint8_t huk[HUK_SIZE]);

/**
 * huk_subkey_derive() - OP-TEE's generic sub-key rule:
 * HMAC-SHA-256(key = HUK, msg = u32 LE @usage || @const_data)
 * @huk:	the HUK
 * @usage:	enum huk_subkey_usage
 * @const_data:	optional extra message bytes (may be NULL if @const_size 0)
 * @const_size:	their length, at most HUK_SUBKEY_CONST_MAX
 * @subkey:	receives @subkey_size bytes
 * @subkey_size: 1..HUK_SUBKEY_MAX_LEN (a prefix of the HMAC)
 *
 * Return: 0, -EINVAL for a bad size, -ENOMEM or -EIO from libcrypto.
 */
int huk_subkey_derive(const uint8_t huk[HUK_SIZE], enum huk_subkey_usage usage,
		      const void *const_data, size_t const_size,
		      uint8_t *subkey, size_t subkey_size);

/**
 * huk_ssk_derive() - the secure storage key as OP-TEE derives it with
 * CFG_CORE_HUK_SUBKEY_COMPAT=y (its default): HMAC-SHA-256(key = HUK,
 * msg = chip id "BEEF" x 8 || "ONLY_FOR_tee_fs_ssk" with its NUL)
 * @huk:	the HUK
 * @ssk:	receives 32 bytes
 *
 * Return: 0, or -EIO from libcrypto.
 */
int huk_ssk_derive(const uint8_t huk[HUK_SIZE], uint8_t ssk[32]);

#endif
