/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libutee internals of chapters 5 and 6 (transient objects, cryptographic
 * operations): what tee_api_objects.c, tee_api_operations.c and the
 * libcrypto backends (utee_crypto_*.c) share.
 *
 *  utee_crypto_init.c    libcrypto brought up before the sandbox
 *  utee_crypto_alg.c     the tables: object types and algorithms
 *  tee_api_objects.c     transient objects, attributes, key generation
 *  tee_api_operations.c  generic operation functions, digests, random
 *  utee_crypto_cipher.c  symmetric ciphers and AE on EVP_CIPHER
 *  utee_crypto_mac.c     HMAC and CMAC on EVP_MAC, CBC-MAC on EVP_CIPHER
 *  utee_crypto_ecc.c     ECDSA, ECDH, SM2 keys, signatures, ECDH secrets
 *  utee_crypto_sm2.c     SM2 encryption (PKE), the SM2 KDF and EC helpers
 *  utee_crypto_sm2_kep.c SM2 key exchange (KEP)
 *  utee_crypto_rsa.c     RSA keys, signatures and encryption on EVP_PKEY
 *  utee_crypto_ffc.c     DSA and DH keys, signatures, DH secrets
 *  utee_crypto_25519.c   X25519 and Ed25519 keys, secrets, signatures
 *  utee_crypto_kdf.c     HKDF, PBKDF2, Concat KDF on EVP_KDF
 *  utee_crypto_steal.c   AES-CTS and AES-XTS on AES-ECB
 *  tee_api_derive.c      TEE_DeriveKey()
 *
 * Handles are opaque to the TA: TEE_ObjectHandle and TEE_OperationHandle
 * carry the 32-bit id of one of the structs below (utee_handle.c: a TA
 * may keep a handle in a 32-bit value, as on OP-TEE), and every API
 * function first looks the id up in the registry of live handles
 * (utee_obj_get(), utee_op_get()); what is not there makes the TA panic,
 * so a freed or forged handle is never dereferenced.  Like the rest of the runtime the
 * registries are touched by the entry thread only, so they need no lock.
 */
#ifndef UTEE_CRYPTO_H
#define UTEE_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <openssl/ec.h>
#include <openssl/evp.h>
#include <tee_api_types.h>

/* Attributes an object of any implemented type holds at most. */
#define UTEE_OBJ_MAX_ATTRS 8

/* Flags of struct utee_attr_spec. */
#define UTEE_ATTR_REQUIRED  0x1	 /* populate needs it */
#define UTEE_ATTR_SIZE	    0x2	 /* it gives the object's size */
#define UTEE_ATTR_GROUP	    0x4	 /* all of the group or none (RSA CRT) */
#define UTEE_ATTR_MAXBITS   0x8	 /* at most maxObjectSize bits long */
#define UTEE_ATTR_LEN32	    0x10 /* exactly 32 bytes (25519 keys) */
#define UTEE_ATTR_GENERATED 0x20 /* TEE_GenerateKey() only (DH_X_BITS) */

/**
 * struct utee_attr_spec - an attribute a type of object holds
 * @id:		TEE_ATTR_*
 * @flags:	UTEE_ATTR_*
 */
struct utee_attr_spec {
	uint32_t id;
	uint32_t flags;
};

/* Largest block of the implemented ciphers (AES, SM4). */
#define UTEE_MAX_BLOCK 16

/* What tells a keypair type from its public type (bit 24). */
#define UTEE_KEYPAIR_BIT 0x01000000

/* TEE_Panic() code of a misuse the runtime detects (OP-TEE's usual 0). */
#define UTEE_PANIC_MISUSE 0

/**
 * struct utee_obj_type - what a TEE_TYPE_* allows (OP-TEE's rules)
 * @type:	the TEE_TYPE_* value
 * @step:	sizes (bits) are multiples of it
 * @min:	the smallest size
 * @max:	the largest size
 * @alt:	one more size accepted off the step (GP 1.0 DES sizes), or 0
 * @alt2:	another one, or 0
 * @nattrs:	entries in @attrs
 * @attrs:	the attributes it holds, in OP-TEE's order
 */
struct utee_obj_type {
	uint32_t type;
	uint16_t step;
	uint16_t min;
	uint16_t max;
	uint16_t alt;
	uint16_t alt2;
	unsigned int nattrs;
	const struct utee_attr_spec *attrs;
};

/**
 * struct utee_attr - one attribute an object holds
 * @id:		its TEE_ATTR_* id
 * @buf:	a buffer attribute's bytes (TEE_Malloc'ed), or NULL
 * @len:	their length
 * @a:		a value attribute's a (OP-TEE keeps no b: it reads 0)
 */
struct utee_attr {
	uint32_t id;
	uint8_t *buf;
	size_t len;
	uint32_t a;
};

/**
 * struct utee_obj - a transient object
 * @info:	what TEE_GetObjectInfo1() reports (dataSize/Position 0)
 * @kind:	its type's rules
 * @nattrs:	attributes held in @attrs
 * @attrs:	the attributes
 * @op_key:	the key slot of an operation: the TA may not free it
 * @pobj:	persistent object: the secure world's handle (0: transient)
 * @id:		the TA's handle to it (utee_handle.c)
 * @next:	registry link
 */
struct utee_obj {
	TEE_ObjectInfo info;
	const struct utee_obj_type *kind;
	unsigned int nattrs;
	struct utee_attr attrs[UTEE_OBJ_MAX_ATTRS];
	bool op_key;
	uint32_t pobj;
	uint32_t id;
	struct utee_obj *next;
};

/* How an algorithm's operation is carried out. */
enum utee_alg_kind {
	UTEE_ALG_DIGEST,
	UTEE_ALG_CIPHER,
	UTEE_ALG_HMAC,
	UTEE_ALG_CMAC,
	UTEE_ALG_CBC_MAC,
	UTEE_ALG_GCM,
	UTEE_ALG_CCM,
	UTEE_ALG_ECDSA,
	UTEE_ALG_RSA_SIG,
	UTEE_ALG_RSA_CIPHER,
	UTEE_ALG_RSA_NOPAD,
	UTEE_ALG_DSA,
	UTEE_ALG_ED25519,
	UTEE_ALG_DH,
	UTEE_ALG_ECDH,
	UTEE_ALG_X25519,
	UTEE_ALG_HKDF,
	UTEE_ALG_CONCAT_KDF,
	UTEE_ALG_PBKDF2,
	UTEE_ALG_CTS,
	UTEE_ALG_XTS,
	UTEE_ALG_SM2_PKE,
	UTEE_ALG_SM2_KEP,
};

/**
 * struct utee_alg - an implemented algorithm
 * @alg:	its TEE_ALG_* value
 * @kind:	the backend that runs it
 * @key_type:	the TEE_TYPE_* of its key (0: none)
 * @digest_len:	TEE_OperationInfo.digestLength (digest and MAC size)
 * @block:	the cipher's block size (1: a stream mode)
 * @evp:	libcrypto's name: the digest (RSA: of the signature, of
 *		OAEP; NULL: PKCS#1 v1.5 encryption), or the cipher mode
 *		("ECB", "CBC", "CTR", "GCM", "CCM") completed by the key;
 *		the KDFs' digest
 * @pad:	CBC-MAC with PKCS#5 padding; RSA signatures: PSS
 * @key_bits:	the only maxKeySize allowed (ECDSA, ECDH: the curve), or 0
 *		(DSA: see utee_alg_key_size_ok())
 *
 * Asymmetric algorithms name the public key type; signing takes the
 * keypair type.
 */
struct utee_alg {
	uint32_t alg;
	enum utee_alg_kind kind;
	uint32_t key_type;
	uint8_t digest_len;
	uint8_t block;
	const char *evp;
	bool pad;
	uint16_t key_bits;
};

/**
 * struct utee_op - a cryptographic operation
 * @info:	what TEE_GetOperationInfo() reports
 * @state:	TEE_OPERATION_STATE_*
 * @alg:	the algorithm
 * @key:	the operation's own key object (a copy of the TA's key)
 * @key2:	the second key of a two-key algorithm (AES-XTS), or NULL
 * @md:		digest context (digests)
 * @cipher:	cipher context (ciphers, CBC-MAC, AE)
 * @mac:	MAC context (HMAC, CMAC)
 * @buffered:	input bytes libcrypto holds back (block modes, CBC-MAC)
 * @last:	CBC-MAC: the last ciphertext block
 * @tag_len:	AE: the tag length in bytes
 * @ccm_aad:	CCM: the AAD, kept for the final call (libcrypto takes
 *		CCM's AAD and payload in one piece each)
 * @ccm_aad_len: its length
 * @ccm_data:	CCM: the payload so far
 * @ccm_data_len: its length
 * @hold:	CTS, XTS: input held back (the last blocks)
 * @held:	its length
 * @extract:	TEE_DigestExtract(): the digest being handed out
 * @extract_off: bytes of it handed out
 * @pkey:	the libcrypto key of @key, built at its first use (sign,
 *		verify...) and dropped whenever @key changes
 * @pkey_priv:	@pkey holds the private part
 * @pkey_ctx:	a context on @pkey initialised for @mode's signature or
 *		verification, kept between calls as a native caller keeps
 *		it (utee_op_pkey_ctx_kept()), dropped with @pkey
 * @pkey_init:	the function that initialised @pkey_ctx
 * @id:		the TA's handle to it (utee_handle.c)
 * @next:	registry link
 */
struct utee_op {
	TEE_OperationInfo info;
	uint32_t state;
	const struct utee_alg *alg;
	struct utee_obj *key;
	struct utee_obj *key2;
	EVP_MD_CTX *md;
	EVP_CIPHER_CTX *cipher;
	EVP_MAC_CTX *mac;
	size_t buffered;
	uint8_t last[UTEE_MAX_BLOCK];
	size_t tag_len;
	uint8_t *ccm_aad;
	size_t ccm_aad_len;
	uint8_t *ccm_data;
	size_t ccm_data_len;
	uint8_t hold[3 * UTEE_MAX_BLOCK];
	size_t held;
	uint8_t extract[EVP_MAX_MD_SIZE];
	size_t extract_off;
	EVP_PKEY *pkey;
	bool pkey_priv;
	EVP_PKEY_CTX *pkey_ctx;
	int (*pkey_init)(EVP_PKEY_CTX *ctx);
	uint32_t id;
	struct utee_op *next;
};

/**
 * typedef utee_pkey_build - makes the libcrypto key of object @o
 * @priv:	with its private part (a keypair), or only the public one
 * Return: the key, or NULL.
 */
typedef EVP_PKEY *utee_pkey_build(const struct utee_obj *o, bool priv);

/**
 * utee_op_pkey_ctx() - a libcrypto context on the key of @op, whose
 * EVP_PKEY is built once per key set (@build) and kept with @op until its
 * key changes or @op is freed: rebuilding it per call costs as much as an
 * RSA signature's precomputation, which a native caller keeps too
 * @priv:	the private key (sign, decrypt) or the public one
 * Return: a new context (the caller frees it), or NULL.
 */
EVP_PKEY_CTX *utee_op_pkey_ctx(struct utee_op *op, bool priv,
			       utee_pkey_build *build);

/**
 * utee_op_pkey_ctx_kept() - the context on the key of @op initialised by
 * @init (EVP_PKEY_sign_init, EVP_PKEY_verify_init), made at the first call
 * and kept with @op until its key changes: OpenSSL 3.0 fetches the
 * signature method and builds the provider's context at every init, a
 * few microseconds that a native caller, who keeps a context, does not
 * pay per signature (bench_crypto's ECDSA P-256 floor)
 * @op:		an operation whose mode never changes (sign or verify)
 * @priv:	the private key or the public one (utee_op_pkey_ctx())
 * @build:	makes the key (utee_op_pkey_ctx())
 * @init:	initialises a new context
 *
 * The context belongs to @op: the caller does not free it, and calls
 * utee_op_drop_pkey_ctx() when a call on it failed, so that the next one
 * starts from a fresh context.
 *
 * Return: the context, or NULL.
 */
EVP_PKEY_CTX *utee_op_pkey_ctx_kept(struct utee_op *op, bool priv,
				    utee_pkey_build *build,
				    int (*init)(EVP_PKEY_CTX *ctx));

/**
 * utee_op_drop_pkey_ctx() - drops the context utee_op_pkey_ctx_kept()
 * keeps with @op (its key stays)
 * @op:		the operation
 */
void utee_op_drop_pkey_ctx(struct utee_op *op);

/*
 * tee_api_operations.c: the calls whose rules GP 1.1 and 1.3.1 (as
 * OP-TEE implements them) tell apart, for both the 1.3.1 function and
 * its __GP11_ twin (tee_api_compat.h).  @gp11 picks the rules.
 */

/**
 * utee_op_set_key() - TEE_SetOperationKey(): 1.3.1 panics when the
 * operation is initialised; 1.1 when its state is not INITIAL, and an
 * initialised operation must then be initialised again
 * @operation:	the operation
 * @key:	the key, or TEE_HANDLE_NULL to clear it
 * @gp11:	the 1.1 rule
 * Return: TEE_SUCCESS.
 */
TEE_Result utee_op_set_key(TEE_OperationHandle operation, TEE_ObjectHandle key,
			   bool gp11);

/**
 * utee_op_set_key2() - TEE_SetOperationKey2(): 1.1 has no check that the
 * two keys differ
 * @operation:	the operation
 * @key1:	the first key (or both TEE_HANDLE_NULL to clear them)
 * @key2:	the second key
 * @gp11:	the 1.1 rule
 * Return: TEE_SUCCESS, or (1.3.1) TEE_ERROR_SECURITY when they are the
 * same.
 */
TEE_Result utee_op_set_key2(TEE_OperationHandle operation,
			    TEE_ObjectHandle key1, TEE_ObjectHandle key2,
			    bool gp11);

/**
 * utee_ae_update_aad() - TEE_AEUpdateAAD(): 1.3.1 panics unless the
 * state is INITIAL; 1.1 does not check it and leaves the state ACTIVE
 * @operation:	the operation
 * @data:	the additional data
 * @len:	its length
 * @gp11:	the 1.1 rule
 */
void utee_ae_update_aad(TEE_OperationHandle operation, const void *data,
			size_t len, bool gp11);

/* utee_crypto_init.c */

/**
 * utee_crypto_init() - bring libcrypto up while the process may still
 * open files: no configuration file, the default provider, both DRBGs
 * seeded.  Afterwards libcrypto needs only calls the sandbox allows.
 * Return: 0, or -1 when libcrypto cannot start.
 */
int utee_crypto_init(void);

/* utee_crypto_alg.c */

/** utee_obj_type_find() - the rules of @type, or NULL: not implemented. */
const struct utee_obj_type *utee_obj_type_find(uint32_t type);

/** utee_obj_size_ok() - @bits is a size objects of @t may have. */
bool utee_obj_size_ok(const struct utee_obj_type *t, uint32_t bits);

/**
 * utee_obj_secret_room() - the most key bits an object of @t can hold:
 * its maximum size, but for HMAC-SM3, whose objects OP-TEE allocates up
 * to 1024 bits with room for a 512-bit key (a longer key panics).
 * Return: bits.
 */
uint32_t utee_obj_secret_room(const struct utee_obj_type *t);

/** utee_alg_find() - the algorithm @alg, or NULL: not implemented. */
const struct utee_alg *utee_alg_find(uint32_t alg);

/**
 * utee_alg_key_size_ok() - @bits is a maxKeySize @a allows
 */
bool utee_alg_key_size_ok(const struct utee_alg *a, uint32_t bits);

/**
 * utee_alg_class() - @a's TEE_OPERATION_* class (bits 31:28 of the id)
 */
uint32_t utee_alg_class(const struct utee_alg *a);

/**
 * utee_cipher_fetch() - libcrypto's cipher for @a with a key of
 * @key_len bytes, or NULL
 */
EVP_CIPHER *utee_cipher_fetch(const struct utee_alg *a, size_t key_len);

/**
 * utee_cipher_key() - the key libcrypto takes for @a from the object's
 * secret @key of @len bytes: DES and two-key triple DES run as three-key
 * triple DES (K1 K1 K1, K1 K2 K1), which computes the same function
 * @out:	at least 24 bytes
 * Return: the length of the key in @out.
 */
size_t utee_cipher_key(const struct utee_alg *a, const uint8_t *key, size_t len,
		       uint8_t *out);

/* tee_api_objects.c */

/** utee_obj_get() - the live object @h, or the TA panics. */
struct utee_obj *utee_obj_get(TEE_ObjectHandle h);

/**
 * utee_obj_secret() - the secret value of initialised object @o
 * @len:	[out] its length
 * Return: the bytes (owned by @o), or NULL when it has none.
 */
const uint8_t *utee_obj_secret(const struct utee_obj *o, size_t *len);

/**
 * utee_obj_alloc_key() - the key object of a new operation: a transient
 * object the TA cannot free
 * Return: TEE_SUCCESS, TEE_ERROR_NOT_SUPPORTED or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_obj_alloc_key(uint32_t type, uint32_t max_bits,
			      struct utee_obj **key);

/** utee_obj_free_key() - free an operation's key object (NULL is fine). */
void utee_obj_free_key(struct utee_obj *key);

/**
 * utee_obj_copy_into() - make uninitialised @dst a copy of initialised
 * @src (attributes, size, usage, INITIALIZED)
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY (@dst left reset).
 */
TEE_Result utee_obj_copy_into(struct utee_obj *dst, const struct utee_obj *src);

/**
 * utee_obj_type_fits() - a key of type @src may go into an object of
 * type @dst: the same type, or a keypair into its public type
 */
bool utee_obj_type_fits(uint32_t dst, uint32_t src);

/** utee_obj_clear() - reset @o: no attributes, size 0, usage all. */
void utee_obj_clear(struct utee_obj *o);

/** utee_obj_attr() - attribute @id of @o, or NULL. */
const struct utee_attr *utee_obj_attr(const struct utee_obj *o, uint32_t id);

/**
 * utee_obj_add_buf() - give @o the buffer attribute @id (@len bytes)
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_obj_add_buf(struct utee_obj *o, uint32_t id, const void *buf,
			    size_t len);

/**
 * utee_obj_add_bn() - give @o the buffer attribute @id: @bn, big-endian,
 * in as few bytes as it takes
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_obj_add_bn(struct utee_obj *o, uint32_t id, const BIGNUM *bn);

/** utee_obj_add_value() - give @o the value attribute @id (a = @a). */
void utee_obj_add_value(struct utee_obj *o, uint32_t id, uint32_t a);

/* tee_api_operations.c */

/** utee_op_get() - the live operation @h, or the TA panics. */
struct utee_op *utee_op_get(TEE_OperationHandle h);

/* utee_crypto_cipher.c: ciphers and AE.  Errors other than those named
 * are libcrypto failures: the caller panics. */

/**
 * utee_cipher_start() - (re)initialise @op's cipher context with its
 * key and @iv (NULL for ECB) for its mode
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_cipher_start(struct utee_op *op, const void *iv, size_t iv_len);

/**
 * utee_cipher_out_len() - how many bytes feeding @len more input makes
 * @op output now (@final: and at the end)
 */
size_t utee_cipher_out_len(const struct utee_op *op, size_t len, bool final);

/**
 * utee_cipher_run() - feed @len bytes of @src to @op, output into @dest
 * (room checked by the caller with utee_cipher_out_len())
 * @out_len:	[out] bytes written
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_cipher_run(struct utee_op *op, const void *src, size_t len,
			   void *dest, size_t *out_len);

/**
 * utee_ae_start() - start AE operation @op with @nonce, a tag of
 * @tag_bits bits and, for CCM, the lengths announced
 * Return: TEE_SUCCESS, TEE_ERROR_NOT_SUPPORTED (GCM tag length) or
 * TEE_ERROR_BAD_PARAMETERS (a length CCM or GCM cannot take: panic).
 */
TEE_Result utee_ae_start(struct utee_op *op, const void *nonce,
			 size_t nonce_len, uint32_t tag_bits);

/**
 * utee_ae_aad() - feed @len bytes of additional data
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ae_aad(struct utee_op *op, const void *aad, size_t len);

/**
 * utee_ae_out_len() - bytes feeding @len more payload outputs now
 * (@final: and at the end)
 */
size_t utee_ae_out_len(const struct utee_op *op, size_t len, bool final);

/**
 * utee_ae_update() - feed @len bytes of payload, output into @dest
 * @out_len:	[out] bytes written
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ae_update(struct utee_op *op, const void *src, size_t len,
			  void *dest, size_t *out_len);

/**
 * utee_ae_final() - feed the last @len bytes and finish: encrypting,
 * write the tag (op->tag_len bytes) to @tag; decrypting, check @tag
 * @out_len:	[out] bytes written to @dest
 * Return: TEE_SUCCESS, TEE_ERROR_MAC_INVALID (decryption),
 * TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ae_final(struct utee_op *op, const void *src, size_t len,
			 void *dest, size_t *out_len, void *tag);

/* utee_crypto_ecc.c */

/**
 * utee_ecc_curve_bits() - the size of TEE_ECC_CURVE_* @curve (NIST
 * P-192..P-521), or 0: not implemented
 */
uint32_t utee_ecc_curve_bits(uint32_t curve);

/**
 * utee_ecc_generate() - a new key on @curve into uninitialised ECDSA,
 * ECDH or SM2 keypair @o (private value, public X and Y, curve but for
 * TEE_ECC_CURVE_SM2)
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ecc_generate(struct utee_obj *o, uint32_t curve);

/**
 * utee_ecc_sign() - ECDSA signature of @digest with @op's keypair, as
 * GP lays it out: r then s, each as long as the curve's order
 * @sig_len:	[out] its length (room checked by the caller with
 *		utee_ecc_sig_len())
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ecc_sign(struct utee_op *op, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len);

/**
 * utee_ecc_verify() - check GP-layout @sig of @digest with @op's key
 * Return: TEE_SUCCESS, TEE_ERROR_SIGNATURE_INVALID or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ecc_verify(struct utee_op *op, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len);

/**
 * utee_ecc_key_bits() - the size of ECC key @o's curve (SM2 keys: 256,
 * they have no curve attribute), or 0
 */
uint32_t utee_ecc_key_bits(const struct utee_obj *o);

/** utee_ecc_sig_len() - the size of a signature with a key of @bits. */
size_t utee_ecc_sig_len(uint32_t bits);

/**
 * utee_ecdh_derive() - the ECDH shared secret of keypair @key and the
 * peer's public point (@x, @y): its X coordinate, as long as the field
 * @out:	at least 66 bytes; *@out_len: its size in, the length out
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC (a point not on the curve).
 */
TEE_Result utee_ecdh_derive(struct utee_obj *key, const TEE_Attribute *x,
			    const TEE_Attribute *y, uint8_t *out,
			    size_t *out_len);

/* utee_crypto_25519.c.  Other errors than those named are libcrypto
 * failures: the caller panics. */

/**
 * utee_x25519_generate() - a new X25519 keypair into uninitialised @o
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_x25519_generate(struct utee_obj *o);

/**
 * utee_ed25519_generate() - a new Ed25519 keypair into uninitialised @o
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ed25519_generate(struct utee_obj *o);

/**
 * utee_x25519_derive() - the X25519 shared secret of keypair @key and
 * the peer's 32-byte public value @peer
 * @out:	*@out_len bytes of room (at least 32); *@out_len: the length
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_x25519_derive(struct utee_obj *key, const void *peer,
			      size_t peer_len, uint8_t *out, size_t *out_len);

/**
 * utee_ed25519_sign() - Ed25519 signature (64 bytes) of message @msg;
 * @params: TEE_ATTR_EDDSA_PREHASH, TEE_ATTR_EDDSA_CTX
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (an unknown parameter,
 * a context over 255 bytes), TEE_ERROR_NOT_SUPPORTED (ctx/ph with a
 * libcrypto older than 3.2) or TEE_ERROR_GENERIC.
 */
TEE_Result utee_ed25519_sign(struct utee_op *op, const TEE_Attribute *params,
			     uint32_t n, const void *msg, size_t len,
			     uint8_t *sig, size_t *sig_len);

/**
 * utee_ed25519_verify() - check Ed25519 signature @sig of @msg
 * Return: TEE_SUCCESS, TEE_ERROR_SIGNATURE_INVALID, or the errors of
 * utee_ed25519_sign().
 */
TEE_Result utee_ed25519_verify(struct utee_op *op, const TEE_Attribute *params,
			       uint32_t n, const void *msg, size_t len,
			       const uint8_t *sig, size_t sig_len);

/* utee_crypto_ffc.c.  Other errors than those named are libcrypto
 * failures: the caller panics. */

/**
 * utee_dsa_generate() - a new DSA keypair of @bits bits in the domain
 * @params give (DSA_PRIME, _SUBPRIME, _BASE, all there) into @o
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (the prime is not of
 * @bits bits, the domain is unusable), TEE_ERROR_OUT_OF_MEMORY or
 * TEE_ERROR_GENERIC.
 */
TEE_Result utee_dsa_generate(struct utee_obj *o, uint32_t bits,
			     const TEE_Attribute *params, uint32_t n);

/**
 * utee_dh_generate() - a new DH keypair of @bits bits in the group
 * @params give (DH_PRIME, DH_BASE; optionally DH_SUBPRIME, DH_X_BITS)
 * into @o, with DH_X_BITS set to the private value's length
 * Return: as utee_dsa_generate().
 */
TEE_Result utee_dh_generate(struct utee_obj *o, uint32_t bits,
			    const TEE_Attribute *params, uint32_t n);

/**
 * utee_dh_derive() - the DH shared secret of keypair @key and the peer's
 * public value @peer, big-endian, without leading zeros
 * @out:	*@out_len bytes of room (the prime's length)
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC (a peer value out of range).
 */
TEE_Result utee_dh_derive(struct utee_obj *key, const void *peer,
			  size_t peer_len, uint8_t *out, size_t *out_len);

/** utee_dsa_sig_len() - the size of a signature with DSA key @key. */
size_t utee_dsa_sig_len(const struct utee_obj *key);

/**
 * utee_dsa_sign() - DSA signature of @digest, r then s each as long as
 * the subprime (room checked by the caller with utee_dsa_sig_len())
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_dsa_sign(struct utee_op *op, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len);

/**
 * utee_dsa_verify() - check GP-layout DSA signature @sig of @digest
 * Return: TEE_SUCCESS, TEE_ERROR_SIGNATURE_INVALID or TEE_ERROR_GENERIC.
 */
TEE_Result utee_dsa_verify(struct utee_op *op, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len);

/* utee_crypto_sm2.c */

/**
 * struct utee_sm2_chunk - one piece of an SM3 input
 * @buf:	its bytes
 * @len:	their number
 */
struct utee_sm2_chunk {
	const void *buf;
	size_t len;
};

/**
 * utee_sm2_kdf() - the SM2 key derivation function (GM/T 0003-2012 part
 * 4, 5.4.3): @len bytes of SM3(@z || ct) for ct = 1, 2, ... into @out
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_sm2_kdf(const uint8_t *z, size_t z_len, uint8_t *out,
			size_t len);

/**
 * utee_sm2_sm3() - SM3 of the concatenation of @n @chunks into @out (32
 * bytes)
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC.
 */
TEE_Result utee_sm2_sm3(const struct utee_sm2_chunk *chunks, size_t n,
			uint8_t *out);

/** utee_sm2_group() - the SM2 curve's group (EC_GROUP_free()), or NULL. */
EC_GROUP *utee_sm2_group(void);

/**
 * utee_sm2_attr_bn() - buffer attribute @id of @o as a BIGNUM
 * Return: the BIGNUM (BN_clear_free()), or NULL.
 */
BIGNUM *utee_sm2_attr_bn(const struct utee_obj *o, uint32_t id);

/**
 * utee_sm2_public() - the public point of SM2 key @o on group @g
 * Return: the point (EC_POINT_free()), or NULL: none, or not on the
 * curve.
 */
EC_POINT *utee_sm2_public(const EC_GROUP *g, const struct utee_obj *o);

/**
 * utee_sm2_xy() - @p's affine coordinates, 32 bytes each, into @xy
 * Return: true, or false (the point at infinity).
 */
bool utee_sm2_xy(const EC_GROUP *g, const EC_POINT *p, uint8_t *xy);

/**
 * utee_sm2_pke_crypt() - SM2 encryption or decryption (@op's mode) as
 * OP-TEE's core gives it: C1 || C2 || C3
 * @op:		a TEE_ALG_SM2_PKE operation with its key
 * @src:	the message or ciphertext
 * @len:	its length
 * @dst:	the output
 * @dst_len:	its room in, the output's length out (SHORT_BUFFER: the
 *		length needed)
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER, TEE_ERROR_BAD_PARAMETERS,
 * TEE_ERROR_NOT_SUPPORTED (a compressed C1), TEE_ERROR_CIPHERTEXT_INVALID,
 * TEE_ERROR_OUT_OF_MEMORY, TEE_ERROR_BAD_STATE or TEE_ERROR_GENERIC (the
 * last two: OP-TEE's panics).
 */
TEE_Result utee_sm2_pke_crypt(struct utee_op *op, const void *src, size_t len,
			      void *dst, size_t *dst_len);

/* utee_crypto_sm2_kep.c */

/**
 * utee_sm2_kep_derive() - the SM2 key exchange's shared key, as OP-TEE's
 * core derives it, checking and giving the confirmation values
 * @op:		a TEE_ALG_SM2_KEP operation: this side's keypair and
 *		ephemeral keypair
 * @params:	TEE_DeriveKey()'s parameters
 * @count:	their number
 * @len:	the key's length in bytes (the derived object's room)
 * @out:	[out] the key, TEE_Malloc'ed (also on failure; TEE_Free())
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (a point missing or not
 * on the curve, a confirmation buffer under 32 bytes),
 * TEE_ERROR_BAD_STATE (a wrong confirmation value) or
 * TEE_ERROR_OUT_OF_MEMORY: all panics of TEE_DeriveKey().
 */
TEE_Result utee_sm2_kep_derive(struct utee_op *op, const TEE_Attribute *params,
			       uint32_t count, size_t len, uint8_t **out);

/* utee_crypto_kdf.c */

/**
 * utee_kdf_derive() - run HKDF, PBKDF2 or the Concat KDF (@op's
 * algorithm) on the operation key's secret with @params
 * @out:	[out] the derived bytes (TEE_Malloc'ed: the caller frees)
 * @out_len:	[out] their length
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (a parameter the KDF
 * does not take, a missing length, a length it cannot give) or
 * TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_kdf_derive(struct utee_op *op, const TEE_Attribute *params,
			   uint32_t n, uint8_t **out, size_t *out_len);

/* utee_crypto_rsa.c.  Other errors than those named are libcrypto
 * failures: the caller panics. */

/**
 * utee_rsa_generate() - a new key of @bits bits with public exponent
 * @e_buf (big-endian; NULL: 65537) into uninitialised RSA keypair @o
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (exponent not odd, below
 * 65537 or 2^256 or above), TEE_ERROR_OUT_OF_MEMORY or TEE_ERROR_GENERIC.
 */
TEE_Result utee_rsa_generate(struct utee_obj *o, uint32_t bits,
			     const void *e_buf, size_t e_len);

/**
 * utee_rsa_sign() - PKCS#1 v1.5 or PSS signature of @digest (@params:
 * TEE_ATTR_RSA_PSS_SALT_LENGTH) into @sig, of *@sig_len bytes of room
 * (the modulus' size); *@sig_len gets its length
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC (a digest of the wrong size).
 */
TEE_Result utee_rsa_sign(struct utee_op *op, const TEE_Attribute *params,
			 uint32_t n, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len);

/**
 * utee_rsa_verify() - check @sig of @digest
 * Return: TEE_SUCCESS, TEE_ERROR_SIGNATURE_INVALID or TEE_ERROR_GENERIC.
 */
TEE_Result utee_rsa_verify(struct utee_op *op, const TEE_Attribute *params,
			   uint32_t n, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len);

/**
 * utee_rsa_crypt() - encrypt or decrypt (@op's mode) @src, PKCS#1 v1.5
 * or OAEP (@params: TEE_ATTR_RSA_OAEP_LABEL), into @dest of *@dest_len
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER (*@dest_len: the size
 * needed), TEE_ERROR_BAD_PARAMETERS (message too long, ciphertext that
 * does not decrypt) or TEE_ERROR_GENERIC.
 */
TEE_Result utee_rsa_crypt(struct utee_op *op, const TEE_Attribute *params,
			  uint32_t n, const void *src, size_t len, void *dest,
			  size_t *dest_len);

/* utee_crypto_steal.c: AES-CTS and AES-XTS */

/**
 * utee_steal_start() - (re)start CTS or XTS operation @op with @iv (the
 * XTS tweak), one block
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (IV length) or
 * TEE_ERROR_GENERIC.
 */
TEE_Result utee_steal_start(struct utee_op *op, const void *iv, size_t iv_len);

/**
 * utee_steal_out_len() - bytes feeding @len more makes @op output now
 * (@final: and at the end)
 */
size_t utee_steal_out_len(const struct utee_op *op, size_t len, bool final);

/**
 * utee_steal_run() - feed @len bytes of @src (the last ones if @final)
 * to @op, output into @dest (room checked by the caller with
 * utee_steal_out_len())
 * @out_len:	[out] bytes written
 * Return: TEE_SUCCESS or TEE_ERROR_BAD_PARAMETERS (a message shorter
 * than a block).
 */
TEE_Result utee_steal_run(struct utee_op *op, const void *src, size_t len,
			  void *dest, size_t *out_len, bool final);

/* utee_crypto_mac.c */

/**
 * utee_mac_start() - (re)initialise MAC operation @op with its key (and
 * @iv for CBC-MAC; NULL: zeros)
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (IV length) or
 * TEE_ERROR_GENERIC.
 */
TEE_Result utee_mac_start(struct utee_op *op, const void *iv, size_t iv_len);

/** utee_mac_update() - feed @len bytes. Return: TEE_SUCCESS or GENERIC. */
TEE_Result utee_mac_update(struct utee_op *op, const void *src, size_t len);

/**
 * utee_mac_final() - the MAC (op->info.digestLength bytes) into @mac
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (CBC-MAC without padding
 * over a partial block) or TEE_ERROR_GENERIC.
 */
TEE_Result utee_mac_final(struct utee_op *op, uint8_t *mac);

/**
 * utee_obj_alloc_data() - a new transient object of TEE_TYPE_DATA, with
 * no attributes and none to be given, as GP 1.1's
 * TEE_AllocateTransientObject(TEE_TYPE_DATA, 0) gives (OP-TEE's core
 * allows it; 1.3.1's libutee refuses it before asking)
 * @object:	receives it (TEE_HANDLE_NULL on failure)
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_obj_alloc_data(TEE_ObjectHandle *object);

/**
 * utee_obj_alloc_persistent() - a new object for a persistent handle
 * @type:	its type (TEE_TYPE_DATA too: no attributes)
 * @pobj:	the secure world's handle
 * @object:	receives it
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result utee_obj_alloc_persistent(uint32_t type, uint32_t pobj,
				     TEE_ObjectHandle *object);

/** utee_obj_free_persistent() - free @o (its handle is closed already) */
void utee_obj_free_persistent(struct utee_obj *o);

/**
 * utee_pobj_close() - TEE_CloseObject on persistent @o: close the secure
 * world's handle and free @o
 */
void utee_pobj_close(struct utee_obj *o);

/**
 * utee_pobj_info() - refresh persistent @o's info (data size and position
 * change) from the secure world; panics when it cannot
 */
void utee_pobj_info(struct utee_obj *o);

/**
 * utee_pobj_restrict() - TEE_RestrictObjectUsage1 on persistent @o
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT or
 * TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result utee_pobj_restrict(struct utee_obj *o, uint32_t usage);

/**
 * utee_handle_id_new() - the value of a new object, enumerator or
 * operation handle: not 0 and no live handle's (see utee_handle.c)
 * Return: the id.
 */
uint32_t utee_handle_id_new(void);

/**
 * utee_handle_of() - the handle the TA gets for an id (see utee_handle.c)
 * @id:		from utee_handle_id_new()
 * Return: &ta_head + @id.
 */
void *utee_handle_of(uint32_t id);

/**
 * utee_handle_id() - the id a handle the TA gave carries
 * @handle:	the handle, whole or cut to 32 bits
 * Return: the id (its offset from &ta_head modulo 2^32), or 0 (no
 * handle's) for TEE_HANDLE_NULL.
 */
uint32_t utee_handle_id(const void *handle);

/** utee_obj_id_live() - Return: whether an object's handle is @id. */
bool utee_obj_id_live(uint32_t id);

/** utee_op_id_live() - Return: whether an operation's handle is @id. */
bool utee_op_id_live(uint32_t id);

/** utee_enum_id_live() - Return: whether an enumerator's handle is @id. */
bool utee_enum_id_live(uint32_t id);

/** utee_obj_handle() - Return: the TA's handle to object @o. */
static inline TEE_ObjectHandle utee_obj_handle(const struct utee_obj *o)
{
	return utee_handle_of(o->id);
}

#endif
