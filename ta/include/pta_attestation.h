/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attestation pseudo TA's interface (OP-TEE's pta_attestation.h,
 * CFG_ATTESTATION_PTA): signed measurements of TAs and of the TEE, under
 * a key pair the pseudo TA keeps in secure storage.  optee_test's
 * os_test TA and xtest use it.
 *
 * teebox does not implement this pseudo TA: a session to
 * PTA_ATTESTATION_UUID fails with TEE_ERROR_ITEM_NOT_FOUND, as it does on
 * an OP-TEE built without CFG_ATTESTATION_PTA.
 *
 * The signatures are TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256 with a 32-byte
 * salt, over SHA-256(nonce | digest).
 */
#ifndef __PTA_ATTESTATION_H
#define __PTA_ATTESTATION_H

/* 39800861-182a-4720-9b67-2bcd622bc0b5 */
#define PTA_ATTESTATION_UUID                                                   \
	{                                                                      \
		0x39800861, 0x182a, 0x4720,                                    \
		{                                                              \
			0x9b, 0x67, 0x2b, 0xcd, 0x62, 0x2b, 0xc0, 0xb5         \
		}                                                              \
	}

/*
 * The public key that verifies the other commands' signatures.
 * [out] memref[0]  exponent, big endian
 * [out] memref[1]  modulus, big endian
 * [out] value[2]   the signature algorithm (.a)
 * TEE_ERROR_SHORT_BUFFER: memref[i].size says what is needed.
 */
#define PTA_ATTESTATION_GET_PUBKEY 0x0

/*
 * The digest in the signed header of a TA or TA library (struct
 * shdr's hash), signed.
 * [in]  memref[0]  UUID of the TA or library
 * [in]  memref[1]  nonce, not empty
 * [out] memref[2]  the 32-byte digest, then the signature (at least
 *                  32 + modulus size bytes)
 */
#define PTA_ATTESTATION_GET_TA_SHDR_DIGEST 0x1

/*
 * A signed SHA-256 of the calling TA's immutable memory (code and
 * read-only data); only a user TA may ask (TEE_ERROR_ACCESS_DENIED).
 * [in]  memref[0]  nonce
 * [out] memref[1]  the hash, then the signature
 */
#define PTA_ATTESTATION_HASH_TA_MEMORY 0x2

/*
 * A signed SHA-256 of the TEE core's immutable memory.
 * [in]  memref[0]  nonce
 * [out] memref[1]  the hash, then the signature
 */
#define PTA_ATTESTATION_HASH_TEE_MEMORY 0x3

#endif /* __PTA_ATTESTATION_H */
