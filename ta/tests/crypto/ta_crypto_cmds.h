/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_crypto's commands: the GP Internal API's transient objects and
 * cryptographic operations driven from a client, one command per kind of
 * operation.  Shared by the TA and tests/e2e/test_internal_crypto.c.
 *
 * Keyed commands take a struct ta_crypto_req in [0] (MEMREF_INPUT): the
 * algorithm, the key and the IV or nonce; the data comes in [1]
 * (MEMREF_INPUT) and the result goes to [2] (MEMREF_OUTPUT).  A result
 * that does not fit comes back as TEE_ERROR_SHORT_BUFFER with [2]'s size
 * set to what the whole result needs.
 */
#ifndef TA_CRYPTO_CMDS_H
#define TA_CRYPTO_CMDS_H

#include <stdint.h>

/**
 * struct ta_crypto_req - what a keyed command works with
 * @alg:	TEE_ALG_*
 * @mode:	TEE_MODE_*
 * @key_type:	TEE_TYPE_* of the key object
 * @chunk:	feed the data through the Update function in pieces of this
 *		size, the rest to the final function (0: all to the final)
 * @key_len:	bytes of key, first in @bytes
 * @iv_len:	bytes of IV or nonce, next
 * @aad_len:	bytes of AAD (AE), next
 * @tag_len:	AE: tag bytes; decrypting, the tag follows the AAD
 * @bytes:	key, IV, AAD, tag
 */
struct ta_crypto_req {
	uint32_t alg;
	uint32_t mode;
	uint32_t key_type;
	uint32_t chunk;
	uint32_t key_len;
	uint32_t iv_len;
	uint32_t aad_len;
	uint32_t tag_len;
	uint8_t bytes[];
};

/* [0] MEMREF_OUTPUT: filled by TEE_GenerateRandom. */
#define TA_CRYPTO_CMD_RANDOM 0
/*
 * [0] VALUE_INPUT a = TEE_ALG_*, b = chunk (as struct ta_crypto_req);
 * [1] MEMREF_INPUT message; [2] MEMREF_OUTPUT digest.
 */
#define TA_CRYPTO_CMD_DIGEST 1
/* As DIGEST; [2] gets the digest twice: the operation's, then that of a
 * TEE_CopyOperation() copy made after the first b bytes. */
#define TA_CRYPTO_CMD_DIGEST_COPY 2
/* Keyed: TEE_CipherInit, TEE_CipherUpdate..., TEE_CipherDoFinal. */
#define TA_CRYPTO_CMD_CIPHER 3
/* Keyed: TEE_MACInit (IV if any), TEE_MACUpdate..., TEE_MACComputeFinal. */
#define TA_CRYPTO_CMD_MAC 4
/* Keyed, [2] MEMREF_INPUT the expected MAC: returns TEE_MACCompareFinal's
 * result. */
#define TA_CRYPTO_CMD_MAC_COMPARE 5
/*
 * Keyed: TEE_AEInit, TEE_AEUpdateAAD, TEE_AEUpdate..., then
 * TEE_AEEncryptFinal ([3] MEMREF_OUTPUT: the tag) or TEE_AEDecryptFinal
 * (the tag in the request).
 */
#define TA_CRYPTO_CMD_AE 6
/*
 * [0] VALUE_INPUT a = TEE_TYPE_*, b = maxObjectSize: returns what
 * TEE_AllocateTransientObject returns.
 */
#define TA_CRYPTO_CMD_OBJ_ALLOC 7
/*
 * An object of [0] VALUE_INPUT (a = type, b = maxObjectSize), given the
 * key in [1] MEMREF_INPUT (TEE_PopulateTransientObject) or, when [1] is
 * empty, a generated key of [2].a bits; its usage is then restricted to
 * [2].b.  [3] MEMREF_OUTPUT gets TEE_ObjectInfo's fields as seven
 * uint32_t (type, size, max size, usage, data size, data position, handle
 * flags) followed by the secret value read back with
 * TEE_GetObjectBufferAttribute (whose result the command returns).
 */
#define TA_CRYPTO_CMD_OBJ_EXPORT 8
/*
 * Generates an AES key of [0].a bits (VALUE_INPUT) in an extractable
 * object, copies it to a second object (TEE_CopyObjectAttributes1) and
 * encrypts the block [1] (MEMREF_INPUT) with the copy in ECB mode: [2]
 * MEMREF_OUTPUT gets the key, [3] MEMREF_OUTPUT the ciphertext.
 */
#define TA_CRYPTO_CMD_GEN_AES 9
/*
 * [0] VALUE_INPUT a = TEE_ALG_*, b = TEE_MODE_*; [1] VALUE_INPUT a =
 * maxKeySize, b = key bits (0: no key set, else a key of that many bits
 * of zeros is set); [2] MEMREF_OUTPUT gets TEE_OperationInfoMultiple
 * (its size is the size passed); [3] VALUE_OUTPUT a = handleState and b =
 * keySize from TEE_GetOperationInfo.  Returns TEE_AllocateOperation's
 * error, or TEE_GetOperationInfoMultiple's result.
 */
#define TA_CRYPTO_CMD_OP_INFO 10
/* [0] VALUE_INPUT a = algId, b = element: TEE_IsAlgorithmSupported. */
#define TA_CRYPTO_CMD_IS_SUPPORTED 11
/* [0] VALUE_INPUT a = one of TA_CRYPTO_MISUSE_*: the TA panics. */
#define TA_CRYPTO_CMD_MISUSE 12
/*
 * Generates an ECDSA keypair on curve [0].b (VALUE_INPUT; a = TEE_ALG_*)
 * and signs the digest [1] (MEMREF_INPUT) with it; a public-key copy
 * (TEE_CopyObjectAttributes1) must verify the signature.  [2]
 * MEMREF_OUTPUT gets the public X then Y, each as long as the curve's
 * field; [3] MEMREF_OUTPUT the signature (r then s).
 */
#define TA_CRYPTO_CMD_ECDSA_SIGN 13
/*
 * [0] VALUE_INPUT a = TEE_ALG_*, b = curve; [1] MEMREF_INPUT the public
 * X then Y (halves of equal length); [2] MEMREF_INPUT the digest; [3]
 * MEMREF_INPUT the signature: returns TEE_AsymmetricVerifyDigest's
 * result.
 */
#define TA_CRYPTO_CMD_ECDSA_VERIFY 14
/*
 * Generates an RSA keypair of [0].b bits (VALUE_INPUT; a = TEE_ALG_*,
 * exponent 65537) and signs the digest [1] (MEMREF_INPUT); a public-key
 * copy must verify it.  [2] MEMREF_OUTPUT gets the modulus ([0].b / 8
 * bytes), [3] MEMREF_OUTPUT the signature.
 */
#define TA_CRYPTO_CMD_RSA_SIGN 15
/*
 * [0] VALUE_INPUT a = TEE_ALG_RSAES_*, b = TEE_MODE_ENCRYPT or _DECRYPT;
 * [1] MEMREF_INPUT the key and label: nine fields, each a uint32_t
 * length and its bytes: modulus, public exponent, private exponent,
 * prime1, prime2, exponent1, exponent2, coefficient (empty when
 * encrypting: a public key is populated), OAEP label (empty: none); [2]
 * MEMREF_INPUT the data; [3] MEMREF_OUTPUT the result.
 */
#define TA_CRYPTO_CMD_RSA_CRYPT 16

/*
 * The commands below pass attributes as a blob of records, each a
 * uint32_t attribute id, a uint32_t length and that many bytes: a
 * buffer attribute's bytes, or a value attribute's a then b (8 bytes).
 */

/*
 * TEE_GenerateKey() on an object of [0] VALUE_INPUT a = type, b = key
 * size (also its maxObjectSize) with the parameters in [1] MEMREF_INPUT
 * (a blob); [3] MEMREF_INPUT lists uint32_t attribute ids that [2]
 * MEMREF_OUTPUT gets back as a blob (the object's objectSize first, as
 * a record of id 0).  Returns TEE_GenerateKey's result.
 */
#define TA_CRYPTO_CMD_KEY_GEN 17
/*
 * An asymmetric operation or key derivation: [0] VALUE_INPUT a =
 * TEE_ALG_*, b = TEE_MODE_*; [1] MEMREF_INPUT a uint32_t key type, a
 * uint32_t maxKeySize, a uint32_t count n, then a blob of n key
 * attributes (TEE_PopulateTransientObject) and a blob of the
 * operation's parameters; [2] MEMREF_INPUT the input (digest, message,
 * data; unused to derive); [3] the signature to check (VERIFY,
 * MEMREF_INPUT) or MEMREF_OUTPUT the result: signature, ciphertext,
 * plaintext, or the derived secret (read back from a generic secret of
 * [3]'s size).  Returns the function's result.
 */
#define TA_CRYPTO_CMD_ASYM 18
/*
 * [0] VALUE_INPUT a = TEE_ALG_* (a digest), b = piece size; [1]
 * MEMREF_INPUT the message (TEE_DigestUpdate); [2] MEMREF_OUTPUT what
 * TEE_DigestExtract() gives in pieces of b bytes until it gives none.
 */
#define TA_CRYPTO_CMD_DIGEST_EXTRACT 19

/*
 * A benchmark inside the TA (bench/bench_crypto.c): [0] VALUE_INPUT a =
 * TA_CRYPTO_BENCH_*, b = iterations; [1] MEMREF_INOUT the data (1 MiB
 * for the bulk cases); [2] VALUE_OUTPUT a = milliseconds the iterations
 * took (TEE_GetSystemTime), set-up and key generation excluded.
 */
#define TA_CRYPTO_CMD_BENCH 20

#define TA_CRYPTO_BENCH_AES_GCM	   1 /* AES-128-GCM encrypt of [1] */
#define TA_CRYPTO_BENCH_SHA256	   2 /* SHA-256 of [1] */
#define TA_CRYPTO_BENCH_ECDSA_P256 3 /* ECDSA P-256 sign of 32 bytes */
#define TA_CRYPTO_BENCH_RSA2048	   4 /* RSA-2048 PKCS#1 v1.5 SHA-256 sign */
#define TA_CRYPTO_BENCH_AES_BLOCK  5 /* AES-128-ECB, one block per update */

/*
 * An AES-XTS operation (maxKeySize 256) given its keys: [0] VALUE_OUTPUT
 * a = TEE_SetOperationKey2's result with one handle twice, b = its
 * handleState before any key; [1] VALUE_OUTPUT a, b = the two keys'
 * sizes in TEE_GetOperationInfoMultiple after two 128-bit keys; [2]
 * VALUE_OUTPUT a = numberOfKeys, b = TEE_GetOperationInfo's keySize.
 */
#define TA_CRYPTO_CMD_XTS_KEYS 21
/*
 * SM2 key exchange: [0] VALUE_INPUT a = bytes of the key to derive, b = 1
 * to ask for this side's confirmation value; [1] MEMREF_INPUT a blob:
 * uint32_t n1 then n1 attributes of this side's SM2 KEP keypair, uint32_t
 * n2 then n2 of its ephemeral keypair, then TEE_DeriveKey's parameters
 * (TEE_ALG_SM2_KEP, TEE_SetOperationKey2); [2] MEMREF_OUTPUT the key,
 * then (b = 1) the 32-byte confirmation value.
 */
#define TA_CRYPTO_CMD_SM2_KEP 22
/*
 * A signing operation given a second key (TEE_SetOperationKey after a
 * reset, and TEE_CopyOperation) signs with it: [0] VALUE_INPUT a = 0 for
 * ECDSA P-256, 1 for RSA-1024 PKCS#1 v1.5.  TEE_SUCCESS when each
 * signature verifies under the key it should and not the other.
 */
#define TA_CRYPTO_CMD_REKEY 23
/*
 * TEE_SetOperationKey on an AES-128-CBC encryption that was active and
 * then reset: [0] MEMREF_INPUT the two 16-byte keys, A then B; [1]
 * MEMREF_OUTPUT 16 bytes, one zero block encrypted with IV 0 after the
 * operation got B; [2] VALUE_OUTPUT a = handleState, b = operationState
 * after TEE_ResetOperation, [3] VALUE_OUTPUT the same after
 * TEE_SetOperationKey(B).
 */
#define TA_CRYPTO_CMD_SET_KEY_RESET 24
/*
 * Handles kept by the client in 32-bit values, as optee_test's storage
 * TA keeps them ((uintptr_t)handle into value.a, VAL2HANDLE() back).
 * HANDLES_NEW: [0] VALUE_OUTPUT a = an AES transient object (128 bits,
 * no key yet), b = an AES-128 ECB encryption operation; [1] VALUE_OUTPUT
 * a = a persistent object enumerator, b = 1 when each of the three
 * handles' offset from ta_head fits in 32 bits.  HANDLES_USE: [0] and
 * [1] VALUE_INPUT those three values: generates the object's key, sets it on the
 * operation, resets the enumerator and frees all three; TEE_SUCCESS when
 * the operation then reports a 128-bit key.
 */
#define TA_CRYPTO_CMD_HANDLES_NEW 25
#define TA_CRYPTO_CMD_HANDLES_USE 26
/*
 * The same with each value the handle's offset from ta_head, as
 * optee_test's crypt TA keeps handles (cryp_taf.c HANDLE2VAL() and
 * VAL2HANDLE()).
 */
#define TA_CRYPTO_CMD_HANDLES_NEW_OFFSET 27
#define TA_CRYPTO_CMD_HANDLES_USE_OFFSET 28

/* Misuses the GP specification answers with a panic. */
#define TA_CRYPTO_MISUSE_CIPHER_NOT_INITIALISED	 1
#define TA_CRYPTO_MISUSE_FREED_OPERATION	 2
#define TA_CRYPTO_MISUSE_FORGED_OBJECT		 3
#define TA_CRYPTO_MISUSE_DIGEST_ON_CIPHER	 4
#define TA_CRYPTO_MISUSE_KEY_WRONG_TYPE		 5
#define TA_CRYPTO_MISUSE_KEY_NO_USAGE		 6
#define TA_CRYPTO_MISUSE_POPULATE_TWICE		 7
#define TA_CRYPTO_MISUSE_AAD_AFTER_PAYLOAD	 8
#define TA_CRYPTO_MISUSE_CIPHER_PARTIAL_BLOCK	 9
#define TA_CRYPTO_MISUSE_KEY_TOO_LARGE		 10
#define TA_CRYPTO_MISUSE_FREE_OPERATION_KEY	 11
#define TA_CRYPTO_MISUSE_DERIVE_MISSING_PARAM	 12
#define TA_CRYPTO_MISUSE_DERIVE_INTO_AES	 13
#define TA_CRYPTO_MISUSE_DERIVE_NO_LENGTH	 14
#define TA_CRYPTO_MISUSE_UPDATE_WHILE_EXTRACTING 15
#define TA_CRYPTO_MISUSE_X25519_SHORT_VALUE	 16
#define TA_CRYPTO_MISUSE_DH_POPULATE_X_BITS	 17
#define TA_CRYPTO_MISUSE_DSA_GEN_NO_BASE	 18
#define TA_CRYPTO_MISUSE_SIGN_ED25519_ON_VERIFY	 19
#define TA_CRYPTO_MISUSE_XTS_ONE_KEY		 20
/* ta_test_crypto_state.c: state, class, mode and key misuses */
#define TA_CRYPTO_MISUSE_MAC_UPDATE_NOT_INITIALISED 21
#define TA_CRYPTO_MISUSE_MAC_FINAL_TWICE	    22
#define TA_CRYPTO_MISUSE_CIPHER_UPDATE_AFTER_FINAL  23
#define TA_CRYPTO_MISUSE_AE_UPDATE_NOT_INITIALISED  24
#define TA_CRYPTO_MISUSE_AE_INIT_WHILE_ACTIVE	    25
#define TA_CRYPTO_MISUSE_AE_FINAL_NOT_INITIALISED   26
#define TA_CRYPTO_MISUSE_CIPHER_INIT_ON_MAC	    27
#define TA_CRYPTO_MISUSE_CIPHER_INIT_NO_KEY	    28
#define TA_CRYPTO_MISUSE_ECB_WITH_IV		    29
#define TA_CRYPTO_MISUSE_DIGEST_FINAL_ON_MAC	    30
#define TA_CRYPTO_MISUSE_ENCRYPT_ON_DECRYPT	    31
#define TA_CRYPTO_MISUSE_VERIFY_ON_SIGN		    32
#define TA_CRYPTO_MISUSE_SIGN_NO_KEY		    33
#define TA_CRYPTO_MISUSE_RESET_NO_KEY		    34
#define TA_CRYPTO_MISUSE_INFO_MULTIPLE_TOO_SMALL    35
#define TA_CRYPTO_MISUSE_SET_KEY_WHILE_ACTIVE	    36
#define TA_CRYPTO_MISUSE_CLEAR_KEY_WHILE_ACTIVE	    37
#define TA_CRYPTO_MISUSE_SET_KEY_AFTER_AE_INIT	    38

#endif
