/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Keys of the REE file system (OP-TEE's tee_fs_key_manager.c): the TA
 * storage key (TSK) per TA, derived from the SSK, and the per-file FEK,
 * random, kept in the file only wrapped with the TSK.
 */
#ifndef TEEBOX_SECURE_TEE_FS_KEY_MANAGER_H
#define TEEBOX_SECURE_TEE_FS_KEY_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

#define TEE_FS_KM_SSK_SIZE 32
#define TEE_FS_KM_TSK_SIZE 32
#define TEE_FS_KM_FEK_SIZE 16

/**
 * tee_fs_tsk_derive() - TSK = HMAC-SHA-256(key = SSK, msg = the TA's
 * TEE_UUID in its memory layout, 16 bytes, integers little-endian)
 * @ssk:	the secure storage key
 * @uuid:	the owning TA, or NULL for OP-TEE's own dirf.db, whose
 *		message is one 0x00 byte
 * @tsk:	receives TEE_FS_KM_TSK_SIZE bytes
 *
 * Return: TEE_SUCCESS, or TEE_ERROR_GENERIC from libcrypto.
 */
TEE_Result tee_fs_tsk_derive(const uint8_t ssk[TEE_FS_KM_SSK_SIZE],
			     const TEE_UUID *uuid,
			     uint8_t tsk[TEE_FS_KM_TSK_SIZE]);

/**
 * tee_fs_fek_generate() - a fresh random FEK, and its wrapped form
 * @tsk:	the TSK it is wrapped with
 * @fek:	receives the plain FEK
 * @enc_fek:	receives AES-256-ECB(TSK, FEK)
 *
 * Return: TEE_SUCCESS, or TEE_ERROR_GENERIC (RNG or libcrypto).
 */
TEE_Result tee_fs_fek_generate(const uint8_t tsk[TEE_FS_KM_TSK_SIZE],
			       uint8_t fek[TEE_FS_KM_FEK_SIZE],
			       uint8_t enc_fek[TEE_FS_KM_FEK_SIZE]);

/**
 * tee_fs_fek_crypt() - wrap or unwrap a FEK: one AES-256-ECB block
 * @tsk:	the key
 * @encrypt:	true to wrap, false to unwrap
 * @in:		TEE_FS_KM_FEK_SIZE bytes
 * @out:	receives TEE_FS_KM_FEK_SIZE bytes (may not overlap @in)
 *
 * Return: TEE_SUCCESS, or TEE_ERROR_GENERIC from libcrypto.
 */
TEE_Result tee_fs_fek_crypt(const uint8_t tsk[TEE_FS_KM_TSK_SIZE], bool encrypt,
			    const uint8_t in[TEE_FS_KM_FEK_SIZE],
			    uint8_t out[TEE_FS_KM_FEK_SIZE]);

#endif
