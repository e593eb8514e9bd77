/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GlobalPlatform TEE Internal Core API: constants.
 *
 * Names and values are those of OP-TEE's public TA headers (OP-TEE
 * implements version 1.3.1 of the specification), together with the
 * OP-TEE extensions a TA written for OP-TEE may use.  The numbers are
 * ABI: they cross the boundary between a TA and the trusted OS and must
 * not change.  See docs/abi.md §7.
 *
 * This header is shared by TAs and the secure world, so it depends on
 * nothing but the compiler.
 */
#ifndef TEE_API_DEFINES_H
#define TEE_API_DEFINES_H

/* Version of the Internal Core API this implementation provides: 1.3.1. */
#define TEE_CORE_API_MAJOR_VERSION	 1U
#define TEE_CORE_API_MINOR_VERSION	 3U
#define TEE_CORE_API_MAINTENANCE_VERSION 1U
/* The same, packed as major.minor.maintenance.0, one byte each. */
#define TEE_CORE_API_VERSION                                                   \
	((TEE_CORE_API_MAJOR_VERSION << 24) |                                  \
	 (TEE_CORE_API_MINOR_VERSION << 16) |                                  \
	 (TEE_CORE_API_MAINTENANCE_VERSION << 8))
#define TEE_CORE_API_1_3_1

/*
 * A TA may ask for an older API before including tee_internal_api.h
 * (GP 1.3.1 §3.5.1).  As with OP-TEE, the only older one offered is 1.1,
 * asked for as major 1 (or 0), minor 1: it turns on OP-TEE's own switch
 * __OPTEE_CORE_API_COMPAT_1_1, which a TA may also set directly.  With the
 * switch on, tee_api_compat.h gives the TA GP 1.1's types and prototypes
 * under the standard names.
 */
#if defined(TEE_CORE_API_REQUIRED_MAINTENANCE_VERSION) &&                      \
	!defined(TEE_CORE_API_REQUIRED_MINOR_VERSION)
#error "TEE_CORE_API_REQUIRED_MAINTENANCE_VERSION needs TEE_CORE_API_REQUIRED_MINOR_VERSION"
#endif
#if defined(TEE_CORE_API_REQUIRED_MINOR_VERSION) &&                            \
	!defined(TEE_CORE_API_REQUIRED_MAJOR_VERSION)
#error "TEE_CORE_API_REQUIRED_MINOR_VERSION needs TEE_CORE_API_REQUIRED_MAJOR_VERSION"
#endif
#ifdef TEE_CORE_API_REQUIRED_MAJOR_VERSION
#if TEE_CORE_API_REQUIRED_MAJOR_VERSION != 1 &&                                \
	TEE_CORE_API_REQUIRED_MAJOR_VERSION != 0
#error "TEE_CORE_API_REQUIRED_MAJOR_VERSION: only 0 or 1 is supported"
#endif
#ifdef TEE_CORE_API_REQUIRED_MINOR_VERSION
#if TEE_CORE_API_REQUIRED_MINOR_VERSION == 1
#define __OPTEE_CORE_API_COMPAT_1_1 1
#else
#error "TEE_CORE_API_REQUIRED_MINOR_VERSION: only 1 (GP 1.1 compatibility) is supported"
#endif
#endif
#ifdef TEE_CORE_API_REQUIRED_MAINTENANCE_VERSION
#if TEE_CORE_API_REQUIRED_MAINTENANCE_VERSION != 0
#error "TEE_CORE_API_REQUIRED_MAINTENANCE_VERSION: only 0 is supported"
#endif
#endif
#endif
#ifndef __OPTEE_CORE_API_COMPAT_1_1
#define __OPTEE_CORE_API_COMPAT_1_1 0
#endif

#define TEE_HANDLE_NULL	     0
#define TEE_TIMEOUT_INFINITE 0xFFFFFFFF

/*
 * Result codes (TEE_Result).  0xFFFF00xx are the codes shared with the
 * Client API; 0xF01000xx are storage codes; 0xFFFF3xxx and 0xFFFF5xxx are
 * Internal API specific.
 */
#define TEE_SUCCESS			  0x00000000
#define TEE_ERROR_CORRUPT_OBJECT	  0xF0100001
#define TEE_ERROR_CORRUPT_OBJECT_2	  0xF0100002
#define TEE_ERROR_STORAGE_NOT_AVAILABLE	  0xF0100003
#define TEE_ERROR_STORAGE_NOT_AVAILABLE_2 0xF0100004
#define TEE_ERROR_UNSUPPORTED_VERSION	  0xF0100005
#define TEE_ERROR_CIPHERTEXT_INVALID	  0xF0100006
#define TEE_ERROR_GENERIC		  0xFFFF0000
#define TEE_ERROR_ACCESS_DENIED		  0xFFFF0001
#define TEE_ERROR_CANCEL		  0xFFFF0002
#define TEE_ERROR_ACCESS_CONFLICT	  0xFFFF0003
#define TEE_ERROR_EXCESS_DATA		  0xFFFF0004
#define TEE_ERROR_BAD_FORMAT		  0xFFFF0005
#define TEE_ERROR_BAD_PARAMETERS	  0xFFFF0006
#define TEE_ERROR_BAD_STATE		  0xFFFF0007
#define TEE_ERROR_ITEM_NOT_FOUND	  0xFFFF0008
#define TEE_ERROR_NOT_IMPLEMENTED	  0xFFFF0009
#define TEE_ERROR_NOT_SUPPORTED		  0xFFFF000A
#define TEE_ERROR_NO_DATA		  0xFFFF000B
#define TEE_ERROR_OUT_OF_MEMORY		  0xFFFF000C
#define TEE_ERROR_BUSY			  0xFFFF000D
#define TEE_ERROR_COMMUNICATION		  0xFFFF000E
#define TEE_ERROR_SECURITY		  0xFFFF000F
#define TEE_ERROR_SHORT_BUFFER		  0xFFFF0010
#define TEE_ERROR_EXTERNAL_CANCEL	  0xFFFF0011 /* deprecated */
#define TEE_ERROR_TIMEOUT		  0xFFFF3001
#define TEE_ERROR_OVERFLOW		  0xFFFF300F
#define TEE_ERROR_TARGET_DEAD		  0xFFFF3024
#define TEE_ERROR_STORAGE_NO_SPACE	  0xFFFF3041
#define TEE_ERROR_MAC_INVALID		  0xFFFF3071
#define TEE_ERROR_SIGNATURE_INVALID	  0xFFFF3072
#define TEE_ERROR_TIME_NOT_SET		  0xFFFF5000
#define TEE_ERROR_TIME_NEEDS_RESET	  0xFFFF5001
/* OP-TEE extensions, used inside the trusted OS by drivers. */
#define TEE_ERROR_DEFER_DRIVER_INIT 0x80000000
#define TEE_ERROR_NODE_DISABLED	    0x80000001

/* Where an error was raised (TEE_ErrorOrigin). */
#define TEE_ORIGIN_API	       0x00000001
#define TEE_ORIGIN_COMMS       0x00000002
#define TEE_ORIGIN_TEE	       0x00000003
#define TEE_ORIGIN_TRUSTED_APP 0x00000004
/* OP-TEE extension: raised by the client application of the called TA. */
#define TEE_ORIGIN_CLIENT_APP 0xF0000001

/* How a client logged in (TEE_Identity.login). */
#define TEE_LOGIN_PUBLIC	    0x00000000
#define TEE_LOGIN_USER		    0x00000001
#define TEE_LOGIN_GROUP		    0x00000002
#define TEE_LOGIN_APPLICATION	    0x00000004
#define TEE_LOGIN_APPLICATION_USER  0x00000005
#define TEE_LOGIN_APPLICATION_GROUP 0x00000006
#define TEE_LOGIN_TRUSTED_APP	    0xF0000000
/* OP-TEE extension: the client is code in the REE kernel. */
#define TEE_LOGIN_REE_KERNEL 0x80000000

/*
 * Parameters of the TA entry points.  A TA receives TEE_NUM_PARAMS
 * parameters; their types are packed four bits each into one u32,
 * parameter 0 in the lowest nibble.
 */
#define TEE_NUM_PARAMS 4

#define TEE_PARAM_TYPE_NONE	     0
#define TEE_PARAM_TYPE_VALUE_INPUT   1
#define TEE_PARAM_TYPE_VALUE_OUTPUT  2
#define TEE_PARAM_TYPE_VALUE_INOUT   3
#define TEE_PARAM_TYPE_MEMREF_INPUT  5
#define TEE_PARAM_TYPE_MEMREF_OUTPUT 6
#define TEE_PARAM_TYPE_MEMREF_INOUT  7

/* Packs four parameter types into the paramTypes word. */
#define TEE_PARAM_TYPES(t0, t1, t2, t3)                                        \
	((t0) | ((t1) << 4) | ((t2) << 8) | ((t3) << 12))
/* The type of parameter @i in the paramTypes word @t. */
#define TEE_PARAM_TYPE_GET(t, i) ((((uint32_t)(t)) >> ((i)*4)) & 0xF)
/* Type @t placed in the nibble of parameter @i. */
#define TEE_PARAM_TYPE_SET(t, i) (((uint32_t)(t)&0xF) << ((i)*4))

/*
 * Pseudo handles naming the three property sets.  They are values of
 * TEE_PropSetHandle (tee_api_types.h), never real allocations.
 */
#define TEE_PROPSET_TEE_IMPLEMENTATION ((TEE_PropSetHandle)0xFFFFFFFD)
#define TEE_PROPSET_CURRENT_CLIENT     ((TEE_PropSetHandle)0xFFFFFFFE)
#define TEE_PROPSET_CURRENT_TA	       ((TEE_PropSetHandle)0xFFFFFFFF)

/* TEE_CheckMemoryAccessRights() flags. */
#define TEE_MEMORY_ACCESS_READ	    0x00000001
#define TEE_MEMORY_ACCESS_WRITE	    0x00000002
#define TEE_MEMORY_ACCESS_ANY_OWNER 0x00000004
/* OP-TEE extensions: require the range to be normal-world / secure memory. */
#define TEE_MEMORY_ACCESS_NONSECURE 0x10000000
#define TEE_MEMORY_ACCESS_SECURE    0x20000000

/* TEE_Malloc() hints. */
#define TEE_MALLOC_FILL_ZERO 0x00000000
#define TEE_MALLOC_NO_FILL   0x00000001
#define TEE_MALLOC_NO_SHARE  0x00000002

/* Persistent storage spaces. */
#define TEE_STORAGE_PRIVATE 0x00000001
/* OP-TEE extensions: a specific backing store. */
#define TEE_STORAGE_PRIVATE_REE		 0x80000000
#define TEE_STORAGE_PRIVATE_RPMB	 0x80000100
#define TEE_STORAGE_PRIVATE_SQL_RESERVED 0x80000200 /* no longer served */

/* Flags when opening or creating a persistent object. */
#define TEE_DATA_FLAG_ACCESS_READ	0x00000001
#define TEE_DATA_FLAG_ACCESS_WRITE	0x00000002
#define TEE_DATA_FLAG_ACCESS_WRITE_META 0x00000004
#define TEE_DATA_FLAG_SHARE_READ	0x00000010
#define TEE_DATA_FLAG_SHARE_WRITE	0x00000020
#define TEE_DATA_FLAG_OVERWRITE		0x00000400
#define TEE_DATA_MAX_POSITION		0xFFFFFFFF
#define TEE_OBJECT_ID_MAX_LEN		64

/* Origins for TEE_SeekObjectData() (TEE_Whence). */
#define TEE_DATA_SEEK_SET	 0x00000000
#define TEE_DATA_SEEK_CUR	 0x00000001
#define TEE_DATA_SEEK_END	 0x00000002
#define TEE_WHENCE_ILLEGAL_VALUE 0x7FFFFFFF

/* What a key may be used for (TEE_ObjectInfo.objectUsage). */
#define TEE_USAGE_EXTRACTABLE 0x00000001
#define TEE_USAGE_ENCRYPT     0x00000002
#define TEE_USAGE_DECRYPT     0x00000004
#define TEE_USAGE_MAC	      0x00000008
#define TEE_USAGE_SIGN	      0x00000010
#define TEE_USAGE_VERIFY      0x00000020
#define TEE_USAGE_DERIVE      0x00000040

/* State of an object or operation handle (handleFlags). */
#define TEE_HANDLE_FLAG_PERSISTENT	0x00010000
#define TEE_HANDLE_FLAG_INITIALIZED	0x00020000
#define TEE_HANDLE_FLAG_KEY_SET		0x00040000
#define TEE_HANDLE_FLAG_EXPECT_TWO_KEYS 0x00080000
#define TEE_HANDLE_FLAG_EXTRACTING	0x00100000

/* Operation classes (TEE_OperationInfo.operationClass). */
#define TEE_OPERATION_CIPHER		   1
#define TEE_OPERATION_MAC		   3
#define TEE_OPERATION_AE		   4
#define TEE_OPERATION_DIGEST		   5
#define TEE_OPERATION_ASYMMETRIC_CIPHER	   6
#define TEE_OPERATION_ASYMMETRIC_SIGNATURE 7
#define TEE_OPERATION_KEY_DERIVATION	   8

/* Operation states (TEE_OperationInfoMultiple.operationState). */
#define TEE_OPERATION_STATE_INITIAL    0x00000000
#define TEE_OPERATION_STATE_ACTIVE     0x00000001
#define TEE_OPERATION_STATE_EXTRACTING 0x00000002

/* Operation modes (TEE_OperationMode). */
#define TEE_MODE_ENCRYPT       0x00000000
#define TEE_MODE_DECRYPT       0x00000001
#define TEE_MODE_SIGN	       0x00000002
#define TEE_MODE_VERIFY	       0x00000003
#define TEE_MODE_MAC	       0x00000004
#define TEE_MODE_DIGEST	       0x00000005
#define TEE_MODE_DERIVE	       0x00000006
#define TEE_MODE_ILLEGAL_VALUE 0x7FFFFFFF

/*
 * Algorithm identifiers.  The low byte names the key type (0x10 AES,
 * 0x30 RSA, 0x41/0x42 ECDSA/ECDH, 0x43 EdDSA...), the higher nibbles the
 * operation class, the digest and the padding.
 */
/* Symmetric ciphers, MACs and AEAD with AES. */
#define TEE_ALG_AES_ECB_NOPAD	  0x10000010
#define TEE_ALG_AES_CBC_NOPAD	  0x10000110
#define TEE_ALG_AES_CTR		  0x10000210
#define TEE_ALG_AES_CTS		  0x10000310
#define TEE_ALG_AES_XTS		  0x10000410
#define TEE_ALG_AES_CBC_MAC_NOPAD 0x30000110
#define TEE_ALG_AES_CBC_MAC_PKCS5 0x30000510
#define TEE_ALG_AES_CMAC	  0x30000610
#define TEE_ALG_AES_CCM		  0x40000710
#define TEE_ALG_AES_GCM		  0x40000810
/* DES (one key), triple DES (two or three keys) and SM4. */
#define TEE_ALG_DES_ECB_NOPAD	   0x10000011
#define TEE_ALG_DES_CBC_NOPAD	   0x10000111
#define TEE_ALG_DES_CBC_MAC_NOPAD  0x30000111
#define TEE_ALG_DES_CBC_MAC_PKCS5  0x30000511
#define TEE_ALG_DES3_ECB_NOPAD	   0x10000013
#define TEE_ALG_DES3_CBC_NOPAD	   0x10000113
#define TEE_ALG_DES3_CBC_MAC_NOPAD 0x30000113
#define TEE_ALG_DES3_CBC_MAC_PKCS5 0x30000513
#define TEE_ALG_SM4_ECB_NOPAD	   0x10000014
#define TEE_ALG_SM4_CBC_NOPAD	   0x10000114
#define TEE_ALG_SM4_CTR		   0x10000214
/* RSA signatures. */
#define TEE_ALG_RSASSA_PKCS1_V1_5_MD5	     0x70001830
#define TEE_ALG_RSASSA_PKCS1_V1_5_SHA1	     0x70002830
#define TEE_ALG_RSASSA_PKCS1_V1_5_SHA224     0x70003830
#define TEE_ALG_RSASSA_PKCS1_V1_5_SHA256     0x70004830
#define TEE_ALG_RSASSA_PKCS1_V1_5_SHA384     0x70005830
#define TEE_ALG_RSASSA_PKCS1_V1_5_SHA512     0x70006830
#define TEE_ALG_RSASSA_PKCS1_V1_5_MD5SHA1    0x7000F830
#define TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1   0x70212930
#define TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA224 0x70313930
#define TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256 0x70414930
#define TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384 0x70515930
#define TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA512 0x70616930
/* RSA encryption. */
#define TEE_ALG_RSAES_PKCS1_V1_5	     0x60000130
#define TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1   0x60210230
#define TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA224 0x60310230
#define TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256 0x60410230
#define TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA384 0x60510230
#define TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA512 0x60610230
#define TEE_ALG_RSA_NOPAD		     0x60000030
/* Digests. */
#define TEE_ALG_MD5	 0x50000001
#define TEE_ALG_SHA1	 0x50000002
#define TEE_ALG_SHA224	 0x50000003
#define TEE_ALG_SHA256	 0x50000004
#define TEE_ALG_SHA384	 0x50000005
#define TEE_ALG_SHA512	 0x50000006
#define TEE_ALG_SM3	 0x50000007
#define TEE_ALG_SHA3_224 0x50000008
#define TEE_ALG_SHA3_256 0x50000009
#define TEE_ALG_SHA3_384 0x5000000A
#define TEE_ALG_SHA3_512 0x5000000B
/* HMACs. */
#define TEE_ALG_HMAC_MD5      0x30000001
#define TEE_ALG_HMAC_SHA1     0x30000002
#define TEE_ALG_HMAC_SHA224   0x30000003
#define TEE_ALG_HMAC_SHA256   0x30000004
#define TEE_ALG_HMAC_SHA384   0x30000005
#define TEE_ALG_HMAC_SHA512   0x30000006
#define TEE_ALG_HMAC_SM3      0x30000007
#define TEE_ALG_HMAC_SHA3_224 0x30000008
#define TEE_ALG_HMAC_SHA3_256 0x30000009
#define TEE_ALG_HMAC_SHA3_384 0x3000000A
#define TEE_ALG_HMAC_SHA3_512 0x3000000B
/*
 * Elliptic curves.  The GP 1.3 ECDSA ids end in 0x42; OP-TEE's syscall
 * ABI keeps the GP 1.1 values ending in 0x41 under __OPTEE_ names.
 * TEE_ALG_ECDSA_P256 is the deprecated alias of TEE_ALG_ECDSA_SHA256.
 */
#define TEE_ALG_ECDSA_SHA1		  0x70001042
#define TEE_ALG_ECDSA_SHA224		  0x70002042
#define TEE_ALG_ECDSA_SHA256		  0x70003042
#define TEE_ALG_ECDSA_SHA384		  0x70004042
#define TEE_ALG_ECDSA_SHA512		  0x70005042
#define TEE_ALG_ECDSA_P192		  TEE_ALG_ECDSA_SHA1
#define TEE_ALG_ECDSA_P224		  TEE_ALG_ECDSA_SHA224
#define TEE_ALG_ECDSA_P256		  TEE_ALG_ECDSA_SHA256
#define TEE_ALG_ECDSA_P384		  TEE_ALG_ECDSA_SHA384
#define TEE_ALG_ECDSA_P521		  TEE_ALG_ECDSA_SHA512
#define TEE_ALG_ECDH_DERIVE_SHARED_SECRET 0x80000042
#define __OPTEE_ALG_ECDSA_P192		  0x70001041
#define __OPTEE_ALG_ECDSA_P224		  0x70002041
#define __OPTEE_ALG_ECDSA_P256		  0x70003041
#define __OPTEE_ALG_ECDSA_P384		  0x70004041
#define __OPTEE_ALG_ECDSA_P521		  0x70005041
#define __OPTEE_ALG_ECDH_P256		  0x80003042
#define TEE_ALG_ED25519			  0x70006043
/* DSA, Diffie-Hellman, X25519 and SM2. */
#define TEE_ALG_DSA_SHA1		0x70002131
#define TEE_ALG_DSA_SHA224		0x70003131
#define TEE_ALG_DSA_SHA256		0x70004131
#define TEE_ALG_DH_DERIVE_SHARED_SECRET 0x80000032
#define __OPTEE_ALG_ECDH_P192		0x80001042
#define __OPTEE_ALG_ECDH_P224		0x80002042
#define __OPTEE_ALG_ECDH_P384		0x80004042
#define __OPTEE_ALG_ECDH_P521		0x80005042
#define TEE_ALG_X25519			0x80000044
#define TEE_ALG_SM2_DSA_SM3		0x70006045
#define TEE_ALG_SM2_KEP			0x60000045
#define TEE_ALG_SM2_PKE			0x80000046
/* Extendable-output digests (TEE_DigestExtract()). */
#define TEE_ALG_SHAKE128      0x50000101
#define TEE_ALG_SHAKE256      0x50000102
#define TEE_ALG_ILLEGAL_VALUE 0xEFFFFFFF

/* Object types (TEE_ObjectType). */
#define TEE_TYPE_GENERIC_SECRET	    0xA0000000
#define TEE_TYPE_DATA		    0xA00000BF /* persistent data object */
#define TEE_TYPE_HMAC_MD5	    0xA0000001
#define TEE_TYPE_HMAC_SHA1	    0xA0000002
#define TEE_TYPE_HMAC_SHA224	    0xA0000003
#define TEE_TYPE_HMAC_SHA256	    0xA0000004
#define TEE_TYPE_HMAC_SHA384	    0xA0000005
#define TEE_TYPE_HMAC_SHA512	    0xA0000006
#define TEE_TYPE_HMAC_SM3	    0xA0000007
#define TEE_TYPE_HMAC_SHA3_224	    0xA0000008
#define TEE_TYPE_HMAC_SHA3_256	    0xA0000009
#define TEE_TYPE_HMAC_SHA3_384	    0xA000000A
#define TEE_TYPE_HMAC_SHA3_512	    0xA000000B
#define TEE_TYPE_AES		    0xA0000010
#define TEE_TYPE_DES		    0xA0000011
#define TEE_TYPE_DES3		    0xA0000013
#define TEE_TYPE_SM4		    0xA0000014
#define TEE_TYPE_RSA_PUBLIC_KEY	    0xA0000030
#define TEE_TYPE_RSA_KEYPAIR	    0xA1000030
#define TEE_TYPE_DSA_PUBLIC_KEY	    0xA0000031
#define TEE_TYPE_DSA_KEYPAIR	    0xA1000031
#define TEE_TYPE_DH_KEYPAIR	    0xA1000032
#define TEE_TYPE_ECDSA_PUBLIC_KEY   0xA0000041
#define TEE_TYPE_ECDSA_KEYPAIR	    0xA1000041
#define TEE_TYPE_ECDH_PUBLIC_KEY    0xA0000042
#define TEE_TYPE_ECDH_KEYPAIR	    0xA1000042
#define TEE_TYPE_ED25519_PUBLIC_KEY 0xA0000043
#define TEE_TYPE_ED25519_KEYPAIR    0xA1000043
#define TEE_TYPE_X25519_PUBLIC_KEY  0xA0000044
#define TEE_TYPE_SM2_DSA_PUBLIC_KEY 0xA0000045
#define TEE_TYPE_SM2_DSA_KEYPAIR    0xA1000045
#define TEE_TYPE_SM2_KEP_PUBLIC_KEY 0xA0000046
#define TEE_TYPE_SM2_KEP_KEYPAIR    0xA1000046
#define TEE_TYPE_SM2_PKE_PUBLIC_KEY 0xA0000047
#define TEE_TYPE_SM2_PKE_KEYPAIR    0xA1000047
#define TEE_TYPE_X25519_KEYPAIR	    0xA1000044
#define TEE_TYPE_ILLEGAL_VALUE	    0xEFFFFFFF

/*
 * Attribute identifiers.  Bit 28 set: the attribute is public (may be
 * read back from any object); bit 29 set: it is a value pair (a, b)
 * rather than a buffer.
 */
#define TEE_ATTR_FLAG_PUBLIC (1 << 28)
#define TEE_ATTR_FLAG_VALUE  (1 << 29)
/* Deprecated aliases of the two flags. */
#define TEE_ATTR_BIT_PROTECTED TEE_ATTR_FLAG_PUBLIC
#define TEE_ATTR_BIT_VALUE     TEE_ATTR_FLAG_VALUE

#define TEE_ATTR_SECRET_VALUE	       0xC0000000
#define TEE_ATTR_RSA_MODULUS	       0xD0000130
#define TEE_ATTR_RSA_PUBLIC_EXPONENT   0xD0000230
#define TEE_ATTR_RSA_PRIVATE_EXPONENT  0xC0000330
#define TEE_ATTR_RSA_PRIME1	       0xC0000430
#define TEE_ATTR_RSA_PRIME2	       0xC0000530
#define TEE_ATTR_RSA_EXPONENT1	       0xC0000630
#define TEE_ATTR_RSA_EXPONENT2	       0xC0000730
#define TEE_ATTR_RSA_COEFFICIENT       0xC0000830
#define TEE_ATTR_RSA_OAEP_LABEL	       0xD0000930
#define TEE_ATTR_RSA_OAEP_MGF_HASH     0xD0000931
#define TEE_ATTR_RSA_PSS_SALT_LENGTH   0xF0000A30
#define TEE_ATTR_DSA_PRIME	       0xD0001031
#define TEE_ATTR_DSA_SUBPRIME	       0xD0001131
#define TEE_ATTR_DSA_BASE	       0xD0001231
#define TEE_ATTR_DSA_PUBLIC_VALUE      0xD0000131
#define TEE_ATTR_DSA_PRIVATE_VALUE     0xC0000231
#define TEE_ATTR_DH_PRIME	       0xD0001032
#define TEE_ATTR_DH_SUBPRIME	       0xD0001132
#define TEE_ATTR_DH_BASE	       0xD0001232
#define TEE_ATTR_DH_X_BITS	       0xF0001332
#define TEE_ATTR_DH_PUBLIC_VALUE       0xD0000132
#define TEE_ATTR_DH_PRIVATE_VALUE      0xC0000232
#define TEE_ATTR_ECC_PUBLIC_VALUE_X    0xD0000141
#define TEE_ATTR_ECC_PUBLIC_VALUE_Y    0xD0000241
#define TEE_ATTR_ECC_PRIVATE_VALUE     0xC0000341
#define TEE_ATTR_ECC_CURVE	       0xF0000441
#define TEE_ATTR_EDDSA_PREHASH	       0xF0000004
#define TEE_ATTR_EDDSA_CTX	       0xD0000643
#define TEE_ATTR_ED25519_PUBLIC_VALUE  0xD0000743
#define TEE_ATTR_ED25519_PRIVATE_VALUE 0xC0000843
#define TEE_ATTR_X25519_PUBLIC_VALUE   0xD0000944
#define TEE_ATTR_X25519_PRIVATE_VALUE  0xC0000A44
/* SM2 key exchange (TEE_DeriveKey with TEE_ALG_SM2_KEP). */
#define TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_X 0xD0000146
#define TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_Y 0xD0000246
#define TEE_ATTR_SM2_ID_INITIATOR	      0xD0000446
#define TEE_ATTR_SM2_ID_RESPONDER	      0xD0000546
#define TEE_ATTR_SM2_KEP_USER		      0xF0000646
#define TEE_ATTR_SM2_KEP_CONFIRMATION_IN      0xD0000746
#define TEE_ATTR_SM2_KEP_CONFIRMATION_OUT     0xD0000846
/* GP's HKDF parameters (OP-TEE's HKDF also takes its own ids). */
#define TEE_ATTR_HKDF_SALT    0xD0000946
#define TEE_ATTR_HKDF_INFO    0xD0000A46
#define TEE_ATTR_KDF_KEY_SIZE 0xF0000C46

/* Curves (value of TEE_ATTR_ECC_CURVE). */
#define TEE_ECC_CURVE_NIST_P192 0x00000001
#define TEE_ECC_CURVE_NIST_P224 0x00000002
#define TEE_ECC_CURVE_NIST_P256 0x00000003
#define TEE_ECC_CURVE_NIST_P384 0x00000004
#define TEE_ECC_CURVE_NIST_P521 0x00000005
#define TEE_ECC_CURVE_25519	0x00000300
#define TEE_ECC_CURVE_SM2	0x00000400
/* TEE_IsAlgorithmSupported() for algorithms that need no curve. */
#define TEE_CRYPTO_ELEMENT_NONE 0x00000000

#endif /* TEE_API_DEFINES_H */
