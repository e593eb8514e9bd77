/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's utee_defines.h names that TAs use: the fields of an algorithm
 * identifier (GP: bits 7-0 main algorithm, 11-8 chaining mode or
 * padding) and the block and digest sizes.  Values are OP-TEE's
 * (ABI-FACTS-INTERNAL.md §1.3, §1.7).
 */
#ifndef UTEE_DEFINES_H
#define UTEE_DEFINES_H

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

#endif /* UTEE_DEFINES_H */
