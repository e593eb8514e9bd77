// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tables of chapters 5 and 6: which object types and algorithms the
 * runtime implements, with OP-TEE's size rules (ABI-FACTS-INTERNAL §1.6,
 * §1.7) and libcrypto's name for each.
 */
#include <stdio.h>
#include <string.h>

#include <tee_api_defines.h>
#include <tee_api_defines_extensions.h>

#include "utee_crypto.h"

static const struct utee_attr_spec secret_attrs[] = {
	{TEE_ATTR_SECRET_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

/* ECC keys: the curve gives the size. */
static const struct utee_attr_spec ecc_keypair_attrs[] = {
	{TEE_ATTR_ECC_PRIVATE_VALUE, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_X, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_Y, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_CURVE, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

static const struct utee_attr_spec ecc_public_attrs[] = {
	{TEE_ATTR_ECC_PUBLIC_VALUE_X, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_Y, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_CURVE, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

/* SM2 keys: the key type names the curve. */
static const struct utee_attr_spec sm2_keypair_attrs[] = {
	{TEE_ATTR_ECC_PRIVATE_VALUE, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_X, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_Y, UTEE_ATTR_REQUIRED},
};

static const struct utee_attr_spec sm2_public_attrs[] = {
	{TEE_ATTR_ECC_PUBLIC_VALUE_X, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_ECC_PUBLIC_VALUE_Y, UTEE_ATTR_REQUIRED},
};

static const struct utee_attr_spec rsa_keypair_attrs[] = {
	{TEE_ATTR_RSA_MODULUS, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
	{TEE_ATTR_RSA_PUBLIC_EXPONENT, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_RSA_PRIVATE_EXPONENT, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_RSA_PRIME1, UTEE_ATTR_GROUP},
	{TEE_ATTR_RSA_PRIME2, UTEE_ATTR_GROUP},
	{TEE_ATTR_RSA_EXPONENT1, UTEE_ATTR_GROUP},
	{TEE_ATTR_RSA_EXPONENT2, UTEE_ATTR_GROUP},
	{TEE_ATTR_RSA_COEFFICIENT, UTEE_ATTR_GROUP},
};

/* The key derivation functions' input secrets (OP-TEE extensions). */
static const struct utee_attr_spec hkdf_ikm_attrs[] = {
	{TEE_ATTR_HKDF_IKM, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

static const struct utee_attr_spec concat_z_attrs[] = {
	{TEE_ATTR_CONCAT_KDF_Z, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

static const struct utee_attr_spec pbkdf2_attrs[] = {
	{TEE_ATTR_PBKDF2_PASSWORD, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
};

static const struct utee_attr_spec dsa_keypair_attrs[] = {
	{TEE_ATTR_DSA_PRIME,
	 UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE | UTEE_ATTR_MAXBITS},
	{TEE_ATTR_DSA_SUBPRIME, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_DSA_BASE, UTEE_ATTR_REQUIRED | UTEE_ATTR_MAXBITS},
	{TEE_ATTR_DSA_PRIVATE_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_MAXBITS},
	{TEE_ATTR_DSA_PUBLIC_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_MAXBITS},
};

static const struct utee_attr_spec dsa_public_attrs[] = {
	{TEE_ATTR_DSA_PRIME,
	 UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE | UTEE_ATTR_MAXBITS},
	{TEE_ATTR_DSA_SUBPRIME, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_DSA_BASE, UTEE_ATTR_REQUIRED | UTEE_ATTR_MAXBITS},
	{TEE_ATTR_DSA_PUBLIC_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_MAXBITS},
};

/* DH_X_BITS only comes from TEE_GenerateKey. */
static const struct utee_attr_spec dh_keypair_attrs[] = {
	{TEE_ATTR_DH_PRIME, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
	{TEE_ATTR_DH_BASE, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_DH_PUBLIC_VALUE, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_DH_PRIVATE_VALUE, UTEE_ATTR_REQUIRED},
	{TEE_ATTR_DH_SUBPRIME, UTEE_ATTR_GROUP},
	{TEE_ATTR_DH_X_BITS, UTEE_ATTR_GENERATED},
};

/* 25519 keys: 32 bytes each, no attribute gives a size. */
static const struct utee_attr_spec x25519_keypair_attrs[] = {
	{TEE_ATTR_X25519_PRIVATE_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_LEN32},
	{TEE_ATTR_X25519_PUBLIC_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_LEN32},
};

static const struct utee_attr_spec ed25519_keypair_attrs[] = {
	{TEE_ATTR_ED25519_PRIVATE_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_LEN32},
	{TEE_ATTR_ED25519_PUBLIC_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_LEN32},
};

static const struct utee_attr_spec ed25519_public_attrs[] = {
	{TEE_ATTR_ED25519_PUBLIC_VALUE, UTEE_ATTR_REQUIRED | UTEE_ATTR_LEN32},
};

static const struct utee_attr_spec rsa_public_attrs[] = {
	{TEE_ATTR_RSA_MODULUS, UTEE_ATTR_REQUIRED | UTEE_ATTR_SIZE},
	{TEE_ATTR_RSA_PUBLIC_EXPONENT, UTEE_ATTR_REQUIRED},
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* clang-format off */
#define SECRET(type, step, min, max, alt, alt2) \
	{ type, step, min, max, alt, alt2, 1, secret_attrs }
#define ECC(type, attrs) \
	{ type, 1, 192, 521, 0, 0, ARRAY_LEN(attrs), attrs }
#define RSA(type, attrs) \
	{ type, 1, 256, 4096, 0, 0, ARRAY_LEN(attrs), attrs }
#define KDF_IN(type, attrs) \
	{ type, 8, 0, 4096, 0, 0, ARRAY_LEN(attrs), attrs }
#define FIXED(type, bits, attrs) \
	{ type, 1, bits, bits, 0, 0, ARRAY_LEN(attrs), attrs }
/* clang-format on */

/* Secret-key types.  DES and DES3 also take the GP 1.0 sizes without
 * parity bits (56; 112 and 168), as OP-TEE does (CFG_COMPAT_GP10_DES). */
static const struct utee_obj_type obj_types[] = {
	SECRET(TEE_TYPE_AES, 64, 128, 256, 0, 0),
	SECRET(TEE_TYPE_DES, 64, 64, 64, 56, 0),
	SECRET(TEE_TYPE_DES3, 64, 128, 192, 112, 168),
	SECRET(TEE_TYPE_SM4, 128, 128, 128, 0, 0),
	SECRET(TEE_TYPE_HMAC_MD5, 8, 64, 512, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA1, 8, 80, 512, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA224, 8, 112, 512, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA256, 8, 192, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA384, 8, 256, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA512, 8, 256, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SM3, 8, 80, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA3_224, 8, 192, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA3_256, 8, 256, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA3_384, 8, 256, 1024, 0, 0),
	SECRET(TEE_TYPE_HMAC_SHA3_512, 8, 256, 1024, 0, 0),
	SECRET(TEE_TYPE_GENERIC_SECRET, 8, 0, 4096, 0, 0),
	ECC(TEE_TYPE_ECDSA_KEYPAIR, ecc_keypair_attrs),
	ECC(TEE_TYPE_ECDSA_PUBLIC_KEY, ecc_public_attrs),
	RSA(TEE_TYPE_RSA_KEYPAIR, rsa_keypair_attrs),
	RSA(TEE_TYPE_RSA_PUBLIC_KEY, rsa_public_attrs),
	KDF_IN(TEE_TYPE_HKDF_IKM, hkdf_ikm_attrs),
	KDF_IN(TEE_TYPE_CONCAT_KDF_Z, concat_z_attrs),
	KDF_IN(TEE_TYPE_PBKDF2_PASSWORD, pbkdf2_attrs),
	ECC(TEE_TYPE_ECDH_KEYPAIR, ecc_keypair_attrs),
	ECC(TEE_TYPE_ECDH_PUBLIC_KEY, ecc_public_attrs),
	{TEE_TYPE_DSA_KEYPAIR, 64, 512, 3072, 0, 0,
	 ARRAY_LEN(dsa_keypair_attrs), dsa_keypair_attrs},
	{TEE_TYPE_DSA_PUBLIC_KEY, 64, 512, 3072, 0, 0,
	 ARRAY_LEN(dsa_public_attrs), dsa_public_attrs},
	{TEE_TYPE_DH_KEYPAIR, 1, 256, 2048, 0, 0, ARRAY_LEN(dh_keypair_attrs),
	 dh_keypair_attrs},
	FIXED(TEE_TYPE_X25519_KEYPAIR, 256, x25519_keypair_attrs),
	FIXED(TEE_TYPE_ED25519_KEYPAIR, 256, ed25519_keypair_attrs),
	FIXED(TEE_TYPE_ED25519_PUBLIC_KEY, 256, ed25519_public_attrs),
	FIXED(TEE_TYPE_SM2_DSA_KEYPAIR, 256, sm2_keypair_attrs),
	FIXED(TEE_TYPE_SM2_DSA_PUBLIC_KEY, 256, sm2_public_attrs),
	FIXED(TEE_TYPE_SM2_KEP_KEYPAIR, 256, sm2_keypair_attrs),
	FIXED(TEE_TYPE_SM2_KEP_PUBLIC_KEY, 256, sm2_public_attrs),
	FIXED(TEE_TYPE_SM2_PKE_KEYPAIR, 256, sm2_keypair_attrs),
	FIXED(TEE_TYPE_SM2_PKE_PUBLIC_KEY, 256, sm2_public_attrs),
};

/* clang-format off */
#define DIGEST(id, len, name) \
	{ id, UTEE_ALG_DIGEST, 0, len, 0, name, false, 0 }
#define HMAC(id, type, len, name) \
	{ id, UTEE_ALG_HMAC, type, len, 0, name, false, 0 }
#define CIPHER(id, type, block, mode) \
	{ id, UTEE_ALG_CIPHER, type, 0, block, mode, false, 0 }
#define CBC_MAC(id, type, block, pad) \
	{ id, UTEE_ALG_CBC_MAC, type, block, block, "CBC", pad, 0 }
#define RSA_SIG(id, md, pss) \
	{ id, UTEE_ALG_RSA_SIG, TEE_TYPE_RSA_PUBLIC_KEY, 0, 0, md, pss, 0 }
#define RSA_CIPHER(id, md) \
	{ id, UTEE_ALG_RSA_CIPHER, TEE_TYPE_RSA_PUBLIC_KEY, 0, 0, md, \
	  false, 0 }
#define DSA(id, len, md) \
	{ id, UTEE_ALG_DSA, TEE_TYPE_DSA_PUBLIC_KEY, len, 0, md, false, 0 }
#define DERIVE(id, kind, type, md, bits) \
	{ id, kind, type, 0, 0, md, false, bits }
#define ECDSA(id, len, bits) \
	{ id, UTEE_ALG_ECDSA, TEE_TYPE_ECDSA_PUBLIC_KEY, len, 0, NULL, \
	  false, bits }
/* clang-format on */

static const struct utee_alg algs[] = {
	DIGEST(TEE_ALG_MD5, 16, "MD5"),
	DIGEST(TEE_ALG_SHA1, 20, "SHA1"),
	DIGEST(TEE_ALG_SHA224, 28, "SHA224"),
	DIGEST(TEE_ALG_SHA256, 32, "SHA256"),
	DIGEST(TEE_ALG_SHA384, 48, "SHA384"),
	DIGEST(TEE_ALG_SHA512, 64, "SHA512"),
	DIGEST(TEE_ALG_SM3, 32, "SM3"),
	DIGEST(TEE_ALG_SHA3_224, 28, "SHA3-224"),
	DIGEST(TEE_ALG_SHA3_256, 32, "SHA3-256"),
	DIGEST(TEE_ALG_SHA3_384, 48, "SHA3-384"),
	DIGEST(TEE_ALG_SHA3_512, 64, "SHA3-512"),
	/* XOFs: OP-TEE reports digestLength 0 (TEE_ALG_GET_DIGEST_SIZE). */
	DIGEST(TEE_ALG_SHAKE128, 0, "SHAKE128"),
	DIGEST(TEE_ALG_SHAKE256, 0, "SHAKE256"),
	HMAC(TEE_ALG_HMAC_MD5, TEE_TYPE_HMAC_MD5, 16, "MD5"),
	HMAC(TEE_ALG_HMAC_SHA1, TEE_TYPE_HMAC_SHA1, 20, "SHA1"),
	HMAC(TEE_ALG_HMAC_SHA224, TEE_TYPE_HMAC_SHA224, 28, "SHA224"),
	HMAC(TEE_ALG_HMAC_SHA256, TEE_TYPE_HMAC_SHA256, 32, "SHA256"),
	HMAC(TEE_ALG_HMAC_SHA384, TEE_TYPE_HMAC_SHA384, 48, "SHA384"),
	HMAC(TEE_ALG_HMAC_SHA512, TEE_TYPE_HMAC_SHA512, 64, "SHA512"),
	HMAC(TEE_ALG_HMAC_SM3, TEE_TYPE_HMAC_SM3, 32, "SM3"),
	HMAC(TEE_ALG_HMAC_SHA3_224, TEE_TYPE_HMAC_SHA3_224, 28, "SHA3-224"),
	HMAC(TEE_ALG_HMAC_SHA3_256, TEE_TYPE_HMAC_SHA3_256, 32, "SHA3-256"),
	HMAC(TEE_ALG_HMAC_SHA3_384, TEE_TYPE_HMAC_SHA3_384, 48, "SHA3-384"),
	HMAC(TEE_ALG_HMAC_SHA3_512, TEE_TYPE_HMAC_SHA3_512, 64, "SHA3-512"),
	CIPHER(TEE_ALG_AES_ECB_NOPAD, TEE_TYPE_AES, 16, "ECB"),
	CIPHER(TEE_ALG_AES_CBC_NOPAD, TEE_TYPE_AES, 16, "CBC"),
	CIPHER(TEE_ALG_AES_CTR, TEE_TYPE_AES, 1, "CTR"),
	{TEE_ALG_AES_CTS, UTEE_ALG_CTS, TEE_TYPE_AES, 0, 16, NULL, false, 0},
	{TEE_ALG_AES_XTS, UTEE_ALG_XTS, TEE_TYPE_AES, 0, 16, NULL, false, 0},
	CIPHER(TEE_ALG_DES_ECB_NOPAD, TEE_TYPE_DES, 8, "ECB"),
	CIPHER(TEE_ALG_DES_CBC_NOPAD, TEE_TYPE_DES, 8, "CBC"),
	CIPHER(TEE_ALG_DES3_ECB_NOPAD, TEE_TYPE_DES3, 8, "ECB"),
	CIPHER(TEE_ALG_DES3_CBC_NOPAD, TEE_TYPE_DES3, 8, "CBC"),
	CIPHER(TEE_ALG_SM4_ECB_NOPAD, TEE_TYPE_SM4, 16, "ECB"),
	CIPHER(TEE_ALG_SM4_CBC_NOPAD, TEE_TYPE_SM4, 16, "CBC"),
	CIPHER(TEE_ALG_SM4_CTR, TEE_TYPE_SM4, 1, "CTR"),
	CBC_MAC(TEE_ALG_AES_CBC_MAC_NOPAD, TEE_TYPE_AES, 16, false),
	CBC_MAC(TEE_ALG_AES_CBC_MAC_PKCS5, TEE_TYPE_AES, 16, true),
	CBC_MAC(TEE_ALG_DES_CBC_MAC_NOPAD, TEE_TYPE_DES, 8, false),
	CBC_MAC(TEE_ALG_DES_CBC_MAC_PKCS5, TEE_TYPE_DES, 8, true),
	CBC_MAC(TEE_ALG_DES3_CBC_MAC_NOPAD, TEE_TYPE_DES3, 8, false),
	CBC_MAC(TEE_ALG_DES3_CBC_MAC_PKCS5, TEE_TYPE_DES3, 8, true),
	{TEE_ALG_AES_CMAC, UTEE_ALG_CMAC, TEE_TYPE_AES, 16, 16, "CBC", false,
	 0},
	{TEE_ALG_AES_GCM, UTEE_ALG_GCM, TEE_TYPE_AES, 0, 1, "GCM", false, 0},
	{TEE_ALG_AES_CCM, UTEE_ALG_CCM, TEE_TYPE_AES, 0, 1, "CCM", false, 0},
	/* One curve per algorithm, as OP-TEE binds them. */
	ECDSA(TEE_ALG_ECDSA_SHA1, 20, 192),
	ECDSA(TEE_ALG_ECDSA_SHA224, 28, 224),
	ECDSA(TEE_ALG_ECDSA_SHA256, 32, 256),
	ECDSA(TEE_ALG_ECDSA_SHA384, 48, 384),
	ECDSA(TEE_ALG_ECDSA_SHA512, 64, 521),
	ECDSA(__OPTEE_ALG_ECDSA_P192, 0, 192),
	ECDSA(__OPTEE_ALG_ECDSA_P224, 0, 224),
	ECDSA(__OPTEE_ALG_ECDSA_P256, 0, 256),
	ECDSA(__OPTEE_ALG_ECDSA_P384, 0, 384),
	ECDSA(__OPTEE_ALG_ECDSA_P521, 0, 521),
	/* SM2 encryption: OP-TEE's C1 || C2 || C3 (utee_crypto_sm2.c). */
	{TEE_ALG_SM2_PKE, UTEE_ALG_SM2_PKE, TEE_TYPE_SM2_PKE_PUBLIC_KEY, 0, 0,
	 NULL, false, 256},
	/* SM2 key exchange: two 256-bit keypairs (utee_crypto_sm2_kep.c). */
	{TEE_ALG_SM2_KEP, UTEE_ALG_SM2_KEP, TEE_TYPE_SM2_KEP_KEYPAIR, 0, 0,
	 NULL, false, 512},
	/* SM2 signs the digest e = SM3(Z || M) the TA computes. */
	{TEE_ALG_SM2_DSA_SM3, UTEE_ALG_ECDSA, TEE_TYPE_SM2_DSA_PUBLIC_KEY, 32,
	 0, NULL, false, 256},
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_MD5, "MD5", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_SHA1, "SHA1", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_SHA224, "SHA224", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_SHA256, "SHA256", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_SHA384, "SHA384", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5_SHA512, "SHA512", false),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1, "SHA1", true),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA224, "SHA224", true),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256, "SHA256", true),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384, "SHA384", true),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA512, "SHA512", true),
	/* OP-TEE's extensions (PKCS#11's mechanisms): PSS and OAEP with
	 * MD5, and PKCS#1 v1.5 over data given as is (no DigestInfo). */
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_MD5, "MD5", true),
	RSA_SIG(TEE_ALG_RSASSA_PKCS1_V1_5, NULL, false),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_MD5, "MD5"),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_V1_5, NULL),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1, "SHA1"),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA224, "SHA224"),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256, "SHA256"),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA384, "SHA384"),
	RSA_CIPHER(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA512, "SHA512"),
	{TEE_ALG_RSA_NOPAD, UTEE_ALG_RSA_NOPAD, TEE_TYPE_RSA_PUBLIC_KEY, 0, 0,
	 NULL, false, 0},
	DSA(TEE_ALG_DSA_SHA1, 20, "SHA1"),
	DSA(TEE_ALG_DSA_SHA224, 28, "SHA224"),
	DSA(TEE_ALG_DSA_SHA256, 32, "SHA256"),
	{TEE_ALG_ED25519, UTEE_ALG_ED25519, TEE_TYPE_ED25519_PUBLIC_KEY, 0, 0,
	 NULL, false, 256},
	/* Derivations name their keypair (or input secret) type. */
	DERIVE(TEE_ALG_DH_DERIVE_SHARED_SECRET, UTEE_ALG_DH,
	       TEE_TYPE_DH_KEYPAIR, NULL, 0),
	DERIVE(TEE_ALG_ECDH_DERIVE_SHARED_SECRET, UTEE_ALG_ECDH,
	       TEE_TYPE_ECDH_KEYPAIR, NULL, 0),
	DERIVE(__OPTEE_ALG_ECDH_P192, UTEE_ALG_ECDH, TEE_TYPE_ECDH_KEYPAIR,
	       NULL, 192),
	DERIVE(__OPTEE_ALG_ECDH_P224, UTEE_ALG_ECDH, TEE_TYPE_ECDH_KEYPAIR,
	       NULL, 224),
	DERIVE(__OPTEE_ALG_ECDH_P256, UTEE_ALG_ECDH, TEE_TYPE_ECDH_KEYPAIR,
	       NULL, 256),
	DERIVE(__OPTEE_ALG_ECDH_P384, UTEE_ALG_ECDH, TEE_TYPE_ECDH_KEYPAIR,
	       NULL, 384),
	DERIVE(__OPTEE_ALG_ECDH_P521, UTEE_ALG_ECDH, TEE_TYPE_ECDH_KEYPAIR,
	       NULL, 521),
	DERIVE(TEE_ALG_X25519, UTEE_ALG_X25519, TEE_TYPE_X25519_KEYPAIR, NULL,
	       256),
	DERIVE(TEE_ALG_HKDF_MD5_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "MD5", 0),
	DERIVE(TEE_ALG_HKDF_SHA1_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "SHA1", 0),
	DERIVE(TEE_ALG_HKDF_SHA224_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "SHA224", 0),
	DERIVE(TEE_ALG_HKDF_SHA256_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "SHA256", 0),
	DERIVE(TEE_ALG_HKDF_SHA384_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "SHA384", 0),
	DERIVE(TEE_ALG_HKDF_SHA512_DERIVE_KEY, UTEE_ALG_HKDF, TEE_TYPE_HKDF_IKM,
	       "SHA512", 0),
	DERIVE(TEE_ALG_CONCAT_KDF_SHA1_DERIVE_KEY, UTEE_ALG_CONCAT_KDF,
	       TEE_TYPE_CONCAT_KDF_Z, "SHA1", 0),
	DERIVE(TEE_ALG_CONCAT_KDF_SHA224_DERIVE_KEY, UTEE_ALG_CONCAT_KDF,
	       TEE_TYPE_CONCAT_KDF_Z, "SHA224", 0),
	DERIVE(TEE_ALG_CONCAT_KDF_SHA256_DERIVE_KEY, UTEE_ALG_CONCAT_KDF,
	       TEE_TYPE_CONCAT_KDF_Z, "SHA256", 0),
	DERIVE(TEE_ALG_CONCAT_KDF_SHA384_DERIVE_KEY, UTEE_ALG_CONCAT_KDF,
	       TEE_TYPE_CONCAT_KDF_Z, "SHA384", 0),
	DERIVE(TEE_ALG_CONCAT_KDF_SHA512_DERIVE_KEY, UTEE_ALG_CONCAT_KDF,
	       TEE_TYPE_CONCAT_KDF_Z, "SHA512", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SHA1_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SHA1", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SHA224_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SHA224", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SHA256_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SHA256", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SHA384_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SHA384", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SHA512_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SHA512", 0),
	DERIVE(TEE_ALG_PBKDF2_HMAC_SM3_DERIVE_KEY, UTEE_ALG_PBKDF2,
	       TEE_TYPE_PBKDF2_PASSWORD, "SM3", 0),
};

const struct utee_obj_type *utee_obj_type_find(uint32_t type)
{
	for (size_t i = 0; i < ARRAY_LEN(obj_types); i++)
		if (obj_types[i].type == type)
			return &obj_types[i];
	return NULL;
}

bool utee_obj_size_ok(const struct utee_obj_type *t, uint32_t bits)
{
	if (bits && (bits == t->alt || bits == t->alt2))
		return true;
	return bits >= t->min && bits <= t->max && !(bits % t->step);
}

uint32_t utee_obj_secret_room(const struct utee_obj_type *t)
{
	/* OP-TEE's type table lets an HMAC-SM3 object be allocated up to
	 * 1024 bits but keeps room for 512 bits of key only. */
	if (t->type == TEE_TYPE_HMAC_SM3)
		return 512;
	return t->max;
}

const struct utee_alg *utee_alg_find(uint32_t alg)
{
	for (size_t i = 0; i < ARRAY_LEN(algs); i++)
		if (algs[i].alg == alg)
			return &algs[i];
	return NULL;
}

bool utee_alg_key_size_ok(const struct utee_alg *a, uint32_t bits)
{
	if (a->kind != UTEE_ALG_DSA)
		return !a->key_bits || bits == a->key_bits;
	/* FIPS 186-4's (L, N) pairs, as OP-TEE binds them to the digest. */
	switch (a->digest_len) {
	case 20:
		return bits >= 512 && bits <= 1024 && !(bits % 64);
	case 28:
		return bits == 2048;
	default:
		return bits == 2048 || bits == 3072;
	}
}

uint32_t utee_alg_class(const struct utee_alg *a)
{
	/* OP-TEE's TEE_ALG_GET_CLASS() swaps the SM2 PKE and KEP bits. */
	if (a->alg == TEE_ALG_SM2_PKE)
		return TEE_OPERATION_ASYMMETRIC_CIPHER;
	if (a->alg == TEE_ALG_SM2_KEP)
		return TEE_OPERATION_KEY_DERIVATION;
	/* OP-TEE's 0xF... extensions: classified by their kind. */
	if (a->kind == UTEE_ALG_RSA_SIG)
		return TEE_OPERATION_ASYMMETRIC_SIGNATURE;
	if (a->kind == UTEE_ALG_RSA_CIPHER)
		return TEE_OPERATION_ASYMMETRIC_CIPHER;
	return a->alg >> 28;
}

EVP_CIPHER *utee_cipher_fetch(const struct utee_alg *a, size_t key_len)
{
	char name[32];

	switch (a->key_type) {
	case TEE_TYPE_AES:
		snprintf(name, sizeof(name), "AES-%zu-%s", key_len * 8, a->evp);
		break;
	case TEE_TYPE_SM4:
		snprintf(name, sizeof(name), "SM4-%s", a->evp);
		break;
	default: /* DES, DES3: see utee_cipher_key() */
		snprintf(name, sizeof(name), "DES-EDE3-%s", a->evp);
		break;
	}
	return EVP_CIPHER_fetch(NULL, name, NULL);
}

size_t utee_cipher_key(const struct utee_alg *a, const uint8_t *key, size_t len,
		       uint8_t *out)
{
	if (a->key_type != TEE_TYPE_DES && a->key_type != TEE_TYPE_DES3) {
		memcpy(out, key, len);
		return len;
	}
	/* K1 [K2 [K3]]: the missing keys repeat K1, K2 in turn. */
	for (size_t i = 0; i < 24; i++)
		out[i] = key[i < len ? i : (i - 16 < len ? i - 16 : i % 8)];
	return 24;
}
