/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The gcm_seal TA's interface: it seals a client's data under an
 * AES-256 key that never leaves the TA (made on first use and kept in
 * the TA's private secure storage), and unseals it again.  A sealed blob
 * is
 *
 *	version (1 byte, 1) || nonce (12) || tag (16) || ciphertext
 *
 * with the version byte as AES-GCM additional data: a blob changed in
 * any byte does not unseal (TEE_ERROR_MAC_INVALID).
 */
#ifndef GCM_SEAL_TA_H
#define GCM_SEAL_TA_H

/* 533169b7-7c8a-456a-b3cd-d8b83a01ef66 */
#define TA_GCM_SEAL_UUID                                                       \
	{                                                                      \
		0x533169b7, 0x7c8a, 0x456a,                                    \
		{                                                              \
			0xb3, 0xcd, 0xd8, 0xb8, 0x3a, 0x01, 0xef, 0x66         \
		}                                                              \
	}

#define GCM_SEAL_VERSION   1
#define GCM_SEAL_NONCE_LEN 12
#define GCM_SEAL_TAG_LEN   16
#define GCM_SEAL_OVERHEAD  (1 + GCM_SEAL_NONCE_LEN + GCM_SEAL_TAG_LEN)
/* The largest plaintext one call takes. */
#define GCM_SEAL_MAX_DATA 4096

/*
 * [0] MEMREF_INPUT the data, [1] MEMREF_OUTPUT the sealed blob
 * (GCM_SEAL_OVERHEAD bytes more; TEE_ERROR_SHORT_BUFFER gives the size).
 */
#define TA_GCM_SEAL_CMD_SEAL 0
/*
 * [0] MEMREF_INPUT a sealed blob, [1] MEMREF_OUTPUT the data.
 * TEE_ERROR_MAC_INVALID if the blob was changed or sealed by another
 * key; nothing is written to [1] then.
 */
#define TA_GCM_SEAL_CMD_UNSEAL 1

#endif
