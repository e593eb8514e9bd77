/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's <tee_fs_key_manager.h> as its dev kit exports it to host
 * programs (export-ta_<arch>/host_include): the sizes and algorithms of
 * the secure storage key hierarchy (SSK, TSK, FEK; docs/storage.md),
 * the same in teebox.  The key manager's functions run inside the
 * trusted OS (teebox's are in secure/tee_fs_key_manager.h).
 */
#ifndef TEEBOX_DEVKIT_TEE_FS_KEY_MANAGER_H
#define TEEBOX_DEVKIT_TEE_FS_KEY_MANAGER_H

#include <tee_api_types.h>
#include <utee_defines.h>

#define TEE_FS_KM_CHIP_ID_LENGTH 32
#define TEE_FS_KM_HMAC_ALG	 TEE_ALG_HMAC_SHA256
#define TEE_FS_KM_ENC_FEK_ALG	 TEE_ALG_AES_ECB_NOPAD
#define TEE_FS_KM_SSK_SIZE	 TEE_SHA256_HASH_SIZE
#define TEE_FS_KM_TSK_SIZE	 TEE_SHA256_HASH_SIZE
#define TEE_FS_KM_FEK_SIZE	 16 /* bytes */

#endif /* TEEBOX_DEVKIT_TEE_FS_KEY_MANAGER_H */
