/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fido_signer TA's interface: a FIDO-style authenticator.  Its
 * credential is an ECDSA P-256 key pair made at registration; the
 * public key is handed out then, once; each assertion signs
 *
 *	SHA-256(appId || challenge || counter)
 *
 * where counter is the signature counter (4 bytes, big-endian) after
 * it was incremented for this signature.
 */
#ifndef FIDO_SIGNER_TA_H
#define FIDO_SIGNER_TA_H

/* 96c664ad-8ed0-4876-bbb5-e2118c46a40a */
#define TA_FIDO_SIGNER_UUID                                                    \
	{                                                                      \
		0x96c664ad, 0x8ed0, 0x4876,                                    \
		{                                                              \
			0xbb, 0xb5, 0xe2, 0x11, 0x8c, 0x46, 0xa4, 0x0a         \
		}                                                              \
	}

/* An uncompressed P-256 point: 0x04 || X || Y. */
#define FIDO_PUBLIC_KEY_SIZE 65
/* r || s, 32 bytes each. */
#define FIDO_SIGNATURE_SIZE 64

/*
 * [0] MEMREF_OUTPUT FIDO_PUBLIC_KEY_SIZE bytes: make the credential and
 * return its public key.  A second registration in the session gets
 * TEE_ERROR_ACCESS_CONFLICT.
 */
#define TA_FIDO_CMD_REGISTER 0
/*
 * [0] MEMREF_INPUT appId, [1] MEMREF_INPUT challenge (1..256 bytes
 * each), [2] VALUE_OUTPUT a = the counter signed, [3] MEMREF_OUTPUT
 * FIDO_SIGNATURE_SIZE bytes: the signature.  TEE_ERROR_BAD_STATE before
 * registration.
 */
#define TA_FIDO_CMD_SIGN 1

#endif
