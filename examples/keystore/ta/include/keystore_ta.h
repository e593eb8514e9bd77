/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The keystore TA's interface: an RSA key pair generated in the TA and
 * kept there for the session; clients get the public key, signatures
 * and decryptions, never the private key.
 */
#ifndef KEYSTORE_TA_H
#define KEYSTORE_TA_H

/* d331a926-c822-455b-85e1-47192a749f74 */
#define TA_KEYSTORE_UUID                                                       \
	{                                                                      \
		0xd331a926, 0xc822, 0x455b,                                    \
		{                                                              \
			0x85, 0xe1, 0x47, 0x19, 0x2a, 0x74, 0x9f, 0x74         \
		}                                                              \
	}

/*
 * [0] VALUE_INPUT a = key size in bits (2048..4096): a new RSA key pair
 * for this session, usable for signing and decryption, not extractable.
 */
#define TA_KEYSTORE_CMD_GENERATE 0
/*
 * [0] MEMREF_OUTPUT the modulus, [1] MEMREF_OUTPUT the public exponent,
 * both big-endian.
 */
#define TA_KEYSTORE_CMD_GET_PUBLIC 1
/*
 * [0] MEMREF_INPUT a SHA-256 digest, [1] MEMREF_OUTPUT its
 * RSASSA-PKCS1-v1_5 signature.
 */
#define TA_KEYSTORE_CMD_SIGN 2
/*
 * [0] MEMREF_INPUT an RSAES-OAEP (MGF1, SHA-256) ciphertext,
 * [1] MEMREF_OUTPUT the plaintext.
 */
#define TA_KEYSTORE_CMD_DECRYPT 3
/*
 * [0] MEMREF_OUTPUT: asks for the private exponent.  The key is not
 * extractable, so TEE_GetObjectBufferAttribute() panics the TA, as GP
 * says: the client gets TEE_ERROR_TARGET_DEAD and the key is gone.
 */
#define TA_KEYSTORE_CMD_EXPORT_PRIVATE 4

#endif
