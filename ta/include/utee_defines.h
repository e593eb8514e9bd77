/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's utee_defines.h names that TAs use: the fields of an algorithm
 * identifier (GP: bits 7-0 main algorithm, 11-8 chaining mode or
 * padding) and the block and digest sizes.  Values are OP-TEE's
 * (ABI-FACTS-INTERNAL.md §1.3, §1.7).
 */
#ifndef UTEE_DEFINES_H
#define UTEE_DEFINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"
#include "tee_api_defines.h"
#include "tee_api_defines_extensions.h"

/* Main algorithm: bits 7-0 of a TEE_ALG_* identifier. */
#define TEE_MAIN_ALGO_MD5	  0x01
#define TEE_MAIN_ALGO_SHA1	  0x02
#define TEE_MAIN_ALGO_SHA224	  0x03
#define TEE_MAIN_ALGO_SHA256	  0x04
#define TEE_MAIN_ALGO_SHA384	  0x05
#define TEE_MAIN_ALGO_SHA512	  0x06
#define TEE_MAIN_ALGO_SM3	  0x07
#define TEE_MAIN_ALGO_SHA3_224	  0x08
#define TEE_MAIN_ALGO_SHA3_256	  0x09
#define TEE_MAIN_ALGO_SHA3_384	  0x0A
#define TEE_MAIN_ALGO_SHA3_512	  0x0B
#define TEE_MAIN_ALGO_AES	  0x10
#define TEE_MAIN_ALGO_DES	  0x11
#define TEE_MAIN_ALGO_DES2	  0x12
#define TEE_MAIN_ALGO_DES3	  0x13
#define TEE_MAIN_ALGO_SM4	  0x14
#define TEE_MAIN_ALGO_RSA	  0x30
#define TEE_MAIN_ALGO_DSA	  0x31
#define TEE_MAIN_ALGO_DH	  0x32
#define TEE_MAIN_ALGO_ECDSA	  0x41
#define TEE_MAIN_ALGO_ECDH	  0x42
#define TEE_MAIN_ALGO_ED25519	  0x43
#define TEE_MAIN_ALGO_X25519	  0x44
#define TEE_MAIN_ALGO_SM2_DSA_SM3 0x45
#define TEE_MAIN_ALGO_SM2_KEP	  0x46
#define TEE_MAIN_ALGO_SM2_PKE	  0x47
#define TEE_MAIN_ALGO_X448	  0x49
#define TEE_MAIN_ALGO_HKDF	  0xC0
#define TEE_MAIN_ALGO_CONCAT_KDF  0xC1
#define TEE_MAIN_ALGO_PBKDF2	  0xC2
#define TEE_MAIN_ALGO_SHAKE128	  0xC3
#define TEE_MAIN_ALGO_SHAKE256	  0xC4

/* Chaining mode or padding: bits 11-8. */
#define TEE_CHAIN_MODE_ECB_NOPAD      0x0
#define TEE_CHAIN_MODE_CBC_NOPAD      0x1
#define TEE_CHAIN_MODE_CTR	      0x2
#define TEE_CHAIN_MODE_CTS	      0x3
#define TEE_CHAIN_MODE_XTS	      0x4
#define TEE_CHAIN_MODE_CBC_MAC_PKCS5  0x5
#define TEE_CHAIN_MODE_CMAC	      0x6
#define TEE_CHAIN_MODE_CCM	      0x7
#define TEE_CHAIN_MODE_GCM	      0x8
#define TEE_CHAIN_MODE_PKCS1_PSS_MGF1 0x9

/* Block sizes, in bytes. */
#define TEE_AES_BLOCK_SIZE 16UL
#define TEE_DES_BLOCK_SIZE 8UL
#define TEE_SM4_BLOCK_SIZE 16UL

#define TEE_AES_MAX_KEY_SIZE 32UL

/* Digest sizes, in bytes. */
#define TEE_MD5_HASH_SIZE     16
#define TEE_SHA1_HASH_SIZE    20
#define TEE_SHA224_HASH_SIZE  28
#define TEE_SHA256_HASH_SIZE  32
#define TEE_SM3_HASH_SIZE     32
#define TEE_SHA384_HASH_SIZE  48
#define TEE_SHA512_HASH_SIZE  64
#define TEE_MD5SHA1_HASH_SIZE (TEE_MD5_HASH_SIZE + TEE_SHA1_HASH_SIZE)
#define TEE_MAX_HASH_SIZE     64

/* Milliseconds in a second, for TEE_Time arithmetic. */
#define TEE_TIME_MILLIS_BASE 1000

/*
 * The fields of an algorithm identifier, as OP-TEE's helpers read them
 * (ABI-FACTS-INTERNAL.md §1.7): the raw bits, except for the OP-TEE
 * extensions in vendor space and the few GP identifiers whose bits do
 * not follow the layout.  TAs use them (optee_test's asym_cipher_perf:
 * TEE_ALG_HASH_ALGO(TEE_ALG_GET_DIGEST_HASH(algo))).
 */
static inline uint32_t __tee_alg_get_class(uint32_t algo)
{
	switch (algo) {
	case TEE_ALG_SM2_PKE:
	case TEE_ALG_RSAES_PKCS1_OAEP_MGF1_MD5:
		return TEE_OPERATION_ASYMMETRIC_CIPHER;
	case TEE_ALG_SM2_KEP:
		return TEE_OPERATION_KEY_DERIVATION;
	case TEE_ALG_RSASSA_PKCS1_V1_5:
	case TEE_ALG_RSASSA_PKCS1_PSS_MGF1_MD5:
		return TEE_OPERATION_ASYMMETRIC_SIGNATURE;
	case TEE_ALG_DES3_CMAC:
		return TEE_OPERATION_MAC;
	case TEE_ALG_SM4_XTS:
		return TEE_OPERATION_CIPHER;
	default:
		return (algo >> 28) & 0xF;
	}
}

#define TEE_ALG_GET_CLASS(algo) __tee_alg_get_class(algo)

/*
 * Bits 7-0, but for SM2 PKE/KEP (whose low bytes are swapped) and
 * ECDSA (0x42 below, ECDSA's main algorithm is 0x41).  The other special
 * cases of OP-TEE's helper (X25519, Ed25519, HKDF, SHAKE, X448) give their
 * low byte anyway.
 */
static inline uint32_t __tee_alg_get_main_alg(uint32_t algo)
{
	switch (algo) {
	case TEE_ALG_SM2_PKE:
		return TEE_MAIN_ALGO_SM2_PKE;
	case TEE_ALG_SM2_KEP:
		return TEE_MAIN_ALGO_SM2_KEP;
	case TEE_ALG_ECDSA_SHA1:
	case TEE_ALG_ECDSA_SHA224:
	case TEE_ALG_ECDSA_SHA256:
	case TEE_ALG_ECDSA_SHA384:
	case TEE_ALG_ECDSA_SHA512:
		return TEE_MAIN_ALGO_ECDSA;
	default:
		return algo & 0xFF;
	}
}

#define TEE_ALG_GET_MAIN_ALG(algo) __tee_alg_get_main_alg(algo)

/* Bits 11-8: chaining mode or padding. */
#define TEE_ALG_GET_CHAIN_MODE(algo) (((algo) >> 8) & 0xF)

/*
 * The digest hash of TEE_ALG_SM2_DSA_SM3, whose bits 15-12 (6) would
 * read as SHA-512: not a GP value, so no identifier has it in 15-12.
 */
#define __TEE_MAIN_HASH_SM3 0x7

static inline uint32_t __tee_alg_get_digest_hash(uint32_t algo)
{
	if (algo == TEE_ALG_SM2_DSA_SM3)
		return __TEE_MAIN_HASH_SM3;
	return (algo >> 12) & 0xF;
}

/* Bits 15-12: the hash a signature or MAC algorithm digests with. */
#define TEE_ALG_GET_DIGEST_HASH(algo) __tee_alg_get_digest_hash(algo)

/* Bits 22-20 (OP-TEE masks three bits): the MGF1 hash of OAEP and PSS. */
#define TEE_ALG_GET_INTERNAL_HASH(algo) (((algo) >> 20) & 0x7)

static inline uint32_t __tee_alg_get_key_type(uint32_t algo, bool with_priv)
{
	return 0xA0000000 | TEE_ALG_GET_MAIN_ALG(algo) |
	       (with_priv ? 0x01000000 : 0);
}

/* The object type of @algo's key: its keypair type if @with_private_key. */
#define TEE_ALG_GET_KEY_TYPE(algo, with_private_key)                           \
	__tee_alg_get_key_type(algo, with_private_key)

static inline uint32_t __tee_alg_hash_algo(uint32_t main_hash)
{
	if (main_hash == __TEE_MAIN_HASH_SM3)
		return TEE_ALG_SM3;
	return ((uint32_t)TEE_OPERATION_DIGEST << 28) | main_hash;
}

/* The digest algorithm of a main hash (a TEE_MAIN_ALGO_* hash value). */
#define TEE_ALG_HASH_ALGO(main_hash) __tee_alg_hash_algo(main_hash)
/* The digest algorithm of @algo's MGF1 hash. */
#define TEE_INTERNAL_HASH_TO_ALGO(algo)                                        \
	TEE_ALG_HASH_ALGO(TEE_ALG_GET_INTERNAL_HASH(algo))
/* The digest algorithm of @algo's digest hash. */
#define TEE_DIGEST_HASH_TO_ALGO(algo)                                          \
	TEE_ALG_HASH_ALGO(TEE_ALG_GET_DIGEST_HASH(algo))
/* The HMAC algorithm of a main hash. */
#define TEE_ALG_HMAC_ALGO(main_hash)                                           \
	(((uint32_t)TEE_OPERATION_MAC << 28) | (main_hash))

/* The digest or MAC size of @algo in bytes, 0 for other algorithms. */
static inline size_t __tee_alg_get_digest_size(uint32_t algo)
{
	switch (algo) {
	case TEE_ALG_MD5:
	case TEE_ALG_HMAC_MD5:
		return TEE_MD5_HASH_SIZE;
	case TEE_ALG_SHA1:
	case TEE_ALG_HMAC_SHA1:
	case TEE_ALG_DSA_SHA1:
	case TEE_ALG_ECDSA_SHA1:
		return TEE_SHA1_HASH_SIZE;
	case TEE_ALG_SHA224:
	case TEE_ALG_SHA3_224:
	case TEE_ALG_HMAC_SHA224:
	case TEE_ALG_HMAC_SHA3_224:
	case TEE_ALG_DSA_SHA224:
	case TEE_ALG_ECDSA_SHA224:
		return TEE_SHA224_HASH_SIZE;
	case TEE_ALG_SHA256:
	case TEE_ALG_SHA3_256:
	case TEE_ALG_HMAC_SHA256:
	case TEE_ALG_HMAC_SHA3_256:
	case TEE_ALG_DSA_SHA256:
	case TEE_ALG_ECDSA_SHA256:
		return TEE_SHA256_HASH_SIZE;
	case TEE_ALG_SHA384:
	case TEE_ALG_SHA3_384:
	case TEE_ALG_HMAC_SHA384:
	case TEE_ALG_HMAC_SHA3_384:
	case TEE_ALG_ECDSA_SHA384:
		return TEE_SHA384_HASH_SIZE;
	case TEE_ALG_SHA512:
	case TEE_ALG_SHA3_512:
	case TEE_ALG_HMAC_SHA512:
	case TEE_ALG_HMAC_SHA3_512:
	case TEE_ALG_ECDSA_SHA512:
		return TEE_SHA512_HASH_SIZE;
	case TEE_ALG_SM3:
	case TEE_ALG_HMAC_SM3:
		return TEE_SM3_HASH_SIZE;
	case TEE_ALG_AES_CBC_MAC_NOPAD:
	case TEE_ALG_AES_CBC_MAC_PKCS5:
	case TEE_ALG_AES_CMAC:
		return TEE_AES_BLOCK_SIZE;
	case TEE_ALG_DES_CBC_MAC_NOPAD:
	case TEE_ALG_DES_CBC_MAC_PKCS5:
	case TEE_ALG_DES3_CBC_MAC_NOPAD:
	case TEE_ALG_DES3_CBC_MAC_PKCS5:
	case TEE_ALG_DES3_CMAC:
		return TEE_DES_BLOCK_SIZE;
	default:
		return 0;
	}
}

#define TEE_ALG_GET_DIGEST_SIZE(algo) __tee_alg_get_digest_size(algo)

#endif /* UTEE_DEFINES_H */
