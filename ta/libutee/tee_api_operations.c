// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, chapter 6: cryptographic operations, as
 * OP-TEE's lib/libutee/tee_api_operations.c offers them to a TA.  This
 * file holds the GP functions: handle and state checks, the short-buffer
 * rule (the size needed is written back and nothing is consumed), and
 * the operation states; the work is done by libcrypto, directly for
 * digests and random numbers and through the utee_crypto_*.c backends
 * (utee_crypto.h lists them) for the rest; TEE_DeriveKey() is in
 * tee_api_derive.c.
 *
 * What OP-TEE returns is returned (ABI-FACTS-INTERNAL §3.2); every other
 * misuse (bad handle, wrong class, mode or state, a NULL buffer with a
 * length) and any libcrypto failure makes the TA panic, as OP-TEE's
 * wrappers panic on whatever their system calls answer beyond their list.
 */
#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "utee_crypto.h"

/* Every live operation; see utee_crypto.h. */
static struct utee_op *operations;

static void __attribute__((noreturn)) misuse(void)
{
	TEE_Panic(UTEE_PANIC_MISUSE);
}

/* A libcrypto call that may only fail when memory runs out. */
static void must(int ok)
{
	if (ok <= 0)
		misuse();
}

/* The live operation whose handle is @id, or NULL (0: none). */
static struct utee_op *op_find(uint32_t id)
{
	for (struct utee_op *o = operations; id && o; o = o->next)
		if (o->id == id)
			return o;
	return NULL;
}

bool utee_op_id_live(uint32_t id)
{
	return op_find(id);
}

struct utee_op *utee_op_get(TEE_OperationHandle h)
{
	struct utee_op *o = op_find(utee_handle_id(h));

	if (!o)
		misuse();
	return o;
}

/* Operation @h, which must be of class @cls (TEE_OPERATION_*). */
static struct utee_op *class_op(TEE_OperationHandle h, uint32_t cls)
{
	struct utee_op *op = utee_op_get(h);

	if (utee_alg_class(op->alg) != cls)
		misuse();
	return op;
}

/* Operation @h of class @cls, initialised (CipherInit, MACInit...). */
static struct utee_op *ready_op(TEE_OperationHandle h, uint32_t cls)
{
	struct utee_op *op = class_op(h, cls);

	if (!(op->info.handleState & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	return op;
}

static void check_buf(const void *buf, size_t len)
{
	if (!buf && len)
		misuse();
}

/* The operation is over: back to its initial state, key kept. */
static void op_finish(struct utee_op *op)
{
	op->info.handleState &= ~TEE_HANDLE_FLAG_INITIALIZED;
	op->state = TEE_OPERATION_STATE_INITIAL;
	op->buffered = 0;
	op->held = 0;
	if (op->ccm_aad)
		OPENSSL_cleanse(op->ccm_aad, op->ccm_aad_len);
	if (op->ccm_data)
		OPENSSL_cleanse(op->ccm_data, op->ccm_data_len);
	TEE_Free(op->ccm_aad);
	TEE_Free(op->ccm_data);
	op->ccm_aad = NULL;
	op->ccm_data = NULL;
	op->ccm_aad_len = 0;
	op->ccm_data_len = 0;
}

/* A digest starts again (digests are always initialised). */
static void digest_restart(struct utee_op *op)
{
	EVP_MD *md = EVP_MD_fetch(NULL, op->alg->evp, NULL);
	int ok = md && EVP_DigestInit_ex2(op->md, md, NULL);

	EVP_MD_free(md);
	must(ok);
	op->state = TEE_OPERATION_STATE_INITIAL;
	op->info.handleState &= ~TEE_HANDLE_FLAG_EXTRACTING;
	OPENSSL_cleanse(op->extract, sizeof(op->extract));
	op->extract_off = 0;
}

static uint32_t required_usage(const struct utee_alg *a, uint32_t mode)
{
	/* Raw RSA is both: encrypting is a verification's exponentiation. */
	if (a->kind == UTEE_ALG_RSA_NOPAD)
		return mode == TEE_MODE_ENCRYPT
			       ? TEE_USAGE_ENCRYPT | TEE_USAGE_VERIFY
			       : TEE_USAGE_DECRYPT | TEE_USAGE_SIGN;
	switch (mode) {
	case TEE_MODE_ENCRYPT:
		return TEE_USAGE_ENCRYPT;
	case TEE_MODE_DECRYPT:
		return TEE_USAGE_DECRYPT;
	case TEE_MODE_MAC:
		return TEE_USAGE_MAC;
	case TEE_MODE_SIGN:
		return TEE_USAGE_SIGN;
	case TEE_MODE_VERIFY:
		return TEE_USAGE_VERIFY;
	case TEE_MODE_DERIVE:
		return TEE_USAGE_DERIVE;
	default:
		return 0;
	}
}

static bool mode_ok(const struct utee_alg *a, uint32_t mode)
{
	switch (utee_alg_class(a)) {
	case TEE_OPERATION_DIGEST:
		return mode == TEE_MODE_DIGEST;
	case TEE_OPERATION_MAC:
		return mode == TEE_MODE_MAC;
	case TEE_OPERATION_ASYMMETRIC_SIGNATURE:
		return mode == TEE_MODE_SIGN || mode == TEE_MODE_VERIFY;
	case TEE_OPERATION_KEY_DERIVATION:
		return mode == TEE_MODE_DERIVE;
	default: /* ciphers and AE */
		return mode == TEE_MODE_ENCRYPT || mode == TEE_MODE_DECRYPT;
	}
}

/* The key type of @a in @mode: signing and decrypting take keypairs;
 * derivations name theirs in the table. */
static uint32_t key_type(const struct utee_alg *a, uint32_t mode)
{
	if (mode == TEE_MODE_SIGN ||
	    (utee_alg_class(a) == TEE_OPERATION_ASYMMETRIC_CIPHER &&
	     mode == TEE_MODE_DECRYPT))
		return a->key_type | UTEE_KEYPAIR_BIT;
	return a->key_type;
}

/* The libcrypto context @op's algorithm needs. */
static TEE_Result op_contexts(struct utee_op *op)
{
	EVP_MAC *mac;

	switch (op->alg->kind) {
	case UTEE_ALG_DIGEST:
		op->md = EVP_MD_CTX_new();
		if (!op->md)
			return TEE_ERROR_OUT_OF_MEMORY;
		digest_restart(op);
		return TEE_SUCCESS;
	case UTEE_ALG_ECDSA: /* a context per call */
	case UTEE_ALG_RSA_SIG:
	case UTEE_ALG_RSA_CIPHER:
	case UTEE_ALG_RSA_NOPAD:
	case UTEE_ALG_DSA:
	case UTEE_ALG_ED25519:
	case UTEE_ALG_DH:
	case UTEE_ALG_ECDH:
	case UTEE_ALG_X25519:
	case UTEE_ALG_HKDF:
	case UTEE_ALG_CONCAT_KDF:
	case UTEE_ALG_PBKDF2:
	case UTEE_ALG_SM2_PKE:
	case UTEE_ALG_SM2_KEP:
		return TEE_SUCCESS;
	case UTEE_ALG_HMAC:
	case UTEE_ALG_CMAC:
		mac = EVP_MAC_fetch(
			NULL, op->alg->kind == UTEE_ALG_HMAC ? "HMAC" : "CMAC",
			NULL);
		op->mac = mac ? EVP_MAC_CTX_new(mac) : NULL;
		EVP_MAC_free(mac);
		return op->mac ? TEE_SUCCESS : TEE_ERROR_OUT_OF_MEMORY;
	default:
		op->cipher = EVP_CIPHER_CTX_new();
		return op->cipher ? TEE_SUCCESS : TEE_ERROR_OUT_OF_MEMORY;
	}
}

void utee_op_drop_pkey_ctx(struct utee_op *op)
{
	EVP_PKEY_CTX_free(op->pkey_ctx);
	op->pkey_ctx = NULL;
}

/* The key of @op changed or goes: its libcrypto key with it. */
static void op_drop_pkey(struct utee_op *op)
{
	utee_op_drop_pkey_ctx(op);
	EVP_PKEY_free(op->pkey);
	op->pkey = NULL;
}

EVP_PKEY_CTX *utee_op_pkey_ctx(struct utee_op *op, bool priv,
			       utee_pkey_build *build)
{
	if (op->pkey && op->pkey_priv != priv)
		op_drop_pkey(op);
	if (!op->pkey) {
		op->pkey = build(op->key, priv);
		op->pkey_priv = priv;
		if (!op->pkey)
			return NULL;
	}
	return EVP_PKEY_CTX_new_from_pkey(NULL, op->pkey, NULL);
}

EVP_PKEY_CTX *utee_op_pkey_ctx_kept(struct utee_op *op, bool priv,
				    utee_pkey_build *build,
				    int (*init)(EVP_PKEY_CTX *ctx))
{
	EVP_PKEY_CTX *ctx;

	if (op->pkey_ctx && op->pkey_priv == priv && op->pkey_init == init)
		return op->pkey_ctx;
	utee_op_drop_pkey_ctx(op);
	ctx = utee_op_pkey_ctx(op, priv, build);
	if (ctx && init(ctx) <= 0) {
		EVP_PKEY_CTX_free(ctx);
		ctx = NULL;
	}
	op->pkey_ctx = ctx;
	op->pkey_init = init;
	return ctx;
}

static void op_free(struct utee_op *op)
{
	op_finish(op);
	op_drop_pkey(op);
	EVP_MD_CTX_free(op->md);
	EVP_CIPHER_CTX_free(op->cipher);
	EVP_MAC_CTX_free(op->mac);
	utee_obj_free_key(op->key);
	utee_obj_free_key(op->key2);
	OPENSSL_cleanse(op->last, sizeof(op->last));
	OPENSSL_cleanse(op->hold, sizeof(op->hold));
	TEE_Free(op);
}

TEE_Result TEE_AllocateOperation(TEE_OperationHandle *operation,
				 uint32_t algorithm, uint32_t mode,
				 uint32_t maxKeySize)
{
	const struct utee_alg *a = utee_alg_find(algorithm);
	struct utee_op *op;
	TEE_Result res = TEE_SUCCESS;

	if (!operation)
		misuse();
	*operation = TEE_HANDLE_NULL;
	if (!a || !mode_ok(a, mode) || !utee_alg_key_size_ok(a, maxKeySize))
		return TEE_ERROR_NOT_SUPPORTED;
	op = TEE_Malloc(sizeof(*op), TEE_MALLOC_FILL_ZERO);
	if (!op)
		return TEE_ERROR_OUT_OF_MEMORY;
	op->alg = a;
	op->info.algorithm = algorithm;
	op->info.operationClass = utee_alg_class(a);
	op->info.mode = mode;
	op->info.digestLength = a->digest_len;
	op->info.maxKeySize = maxKeySize;
	op->info.requiredKeyUsage = required_usage(a, mode);
	if (a->kind == UTEE_ALG_DIGEST) {
		op->info.handleState =
			TEE_HANDLE_FLAG_KEY_SET | TEE_HANDLE_FLAG_INITIALIZED;
	} else if (a->kind == UTEE_ALG_XTS || a->kind == UTEE_ALG_SM2_KEP) {
		/* Two keys, each half of maxKeySize. */
		op->info.handleState = TEE_HANDLE_FLAG_EXPECT_TWO_KEYS;
		res = utee_obj_alloc_key(key_type(a, mode), maxKeySize / 2,
					 &op->key);
		if (!res)
			res = utee_obj_alloc_key(key_type(a, mode),
						 maxKeySize / 2, &op->key2);
	} else {
		res = utee_obj_alloc_key(key_type(a, mode), maxKeySize,
					 &op->key);
	}
	if (!res)
		res = op_contexts(op);
	if (res)
		goto err;
	op->id = utee_handle_id_new();
	op->next = operations;
	operations = op;
	*operation = utee_handle_of(op->id);
	return TEE_SUCCESS;
err:
	op_free(op);
	return res;
}

void TEE_FreeOperation(TEE_OperationHandle operation)
{
	struct utee_op **p = &operations;
	struct utee_op *op;

	if (!operation)
		return;
	op = utee_op_get(operation);
	while (*p != op)
		p = &(*p)->next;
	*p = op->next;
	op_free(op);
}

void TEE_GetOperationInfo(TEE_OperationHandle operation,
			  TEE_OperationInfo *operationInfo)
{
	struct utee_op *op = utee_op_get(operation);

	if (!operationInfo)
		misuse();
	*operationInfo = op->info;
	/* OP-TEE reports no single key of a two-key operation. */
	if (op->key2) {
		operationInfo->keySize = 0;
		operationInfo->requiredKeyUsage = 0;
	}
}

TEE_Result TEE_GetOperationInfoMultiple(TEE_OperationHandle operation,
					TEE_OperationInfoMultiple *info,
					size_t *operationSize)
{
	struct utee_op *op = utee_op_get(operation);
	uint32_t nkeys = op->key2 ? 2 : op->key ? 1 : 0;
	size_t need = sizeof(*info) + nkeys * sizeof(info->keyInformation[0]);

	if (!info || !operationSize || *operationSize < sizeof(*info))
		misuse();
	if (*operationSize < need) {
		*operationSize = need;
		return TEE_ERROR_SHORT_BUFFER;
	}
	info->algorithm = op->info.algorithm;
	info->operationClass = op->info.operationClass;
	info->mode = op->info.mode;
	info->digestLength = op->info.digestLength;
	info->maxKeySize = op->info.maxKeySize;
	info->handleState = op->info.handleState;
	info->operationState = op->state;
	info->numberOfKeys = nkeys;
	for (uint32_t i = 0; i < nkeys; i++) {
		info->keyInformation[i].keySize = op->info.keySize;
		info->keyInformation[i].requiredKeyUsage =
			op->info.requiredKeyUsage;
	}
	*operationSize = need;
	return TEE_SUCCESS;
}

void TEE_ResetOperation(TEE_OperationHandle operation)
{
	struct utee_op *op = utee_op_get(operation);

	if (!(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	if (op->alg->kind == UTEE_ALG_DIGEST) {
		digest_restart(op);
		return;
	}
	op_finish(op);
}

TEE_Result utee_op_set_key(TEE_OperationHandle operation, TEE_ObjectHandle key,
			   bool gp11)
{
	struct utee_op *op = utee_op_get(operation);
	struct utee_obj *k;
	uint32_t need = op->info.requiredKeyUsage;

	if (!op->key || op->key2)
		misuse();
	if (gp11) {
		if (op->state != TEE_OPERATION_STATE_INITIAL)
			misuse();
		/* The context was set up with the old key. */
		op_finish(op);
	} else if (op->info.handleState & TEE_HANDLE_FLAG_INITIALIZED) {
		misuse();
	}
	op_drop_pkey(op);
	if (!key) { /* clears the key */
		utee_obj_clear(op->key);
		op->info.keySize = 0;
		op->info.handleState &= ~TEE_HANDLE_FLAG_KEY_SET;
		return TEE_SUCCESS;
	}
	k = utee_obj_get(key);
	if (!(k->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED) ||
	    (k->info.objectUsage & need) != need ||
	    k->info.objectSize > op->info.maxKeySize ||
	    !utee_obj_type_fits(op->key->info.objectType, k->info.objectType))
		misuse();
	if (utee_obj_copy_into(op->key, k))
		misuse();
	op->info.keySize = k->info.objectSize;
	op->info.handleState |= TEE_HANDLE_FLAG_KEY_SET;
	op->state = TEE_OPERATION_STATE_INITIAL;
	return TEE_SUCCESS;
}

TEE_Result TEE_SetOperationKey(TEE_OperationHandle operation,
			       TEE_ObjectHandle key)
{
	return utee_op_set_key(operation, key, false);
}

/* A key TEE_SetOperationKey2() may give: initialised, with the usage,
 * of the key type, within half of maxKeySize. */
static struct utee_obj *key_for(struct utee_op *op, TEE_ObjectHandle h)
{
	struct utee_obj *k = utee_obj_get(h);
	uint32_t need = op->info.requiredKeyUsage;

	if (!(k->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED) ||
	    (k->info.objectUsage & need) != need ||
	    k->info.objectSize > op->info.maxKeySize / 2 ||
	    !utee_obj_type_fits(op->key->info.objectType, k->info.objectType))
		misuse();
	return k;
}

TEE_Result utee_op_set_key2(TEE_OperationHandle operation,
			    TEE_ObjectHandle key1, TEE_ObjectHandle key2,
			    bool gp11)
{
	struct utee_op *op = utee_op_get(operation);
	struct utee_obj *k1, *k2;

	if (!op->key2 || op->state != TEE_OPERATION_STATE_INITIAL ||
	    (op->info.handleState & TEE_HANDLE_FLAG_INITIALIZED) ||
	    (!key1 != !key2))
		misuse();
	op_drop_pkey(op);
	if (!key1) { /* clears both keys */
		utee_obj_clear(op->key);
		utee_obj_clear(op->key2);
		op->info.keySize = 0;
		op->info.handleState &= ~TEE_HANDLE_FLAG_KEY_SET;
		return TEE_SUCCESS;
	}
	/* The same key twice would defeat XTS (IEEE 1619 5.1); GP 1.1
	 * did not say so. */
	if (key1 == key2 && !gp11)
		return TEE_ERROR_SECURITY;
	k1 = key_for(op, key1);
	k2 = key_for(op, key2);
	if (k1->info.objectSize != k2->info.objectSize)
		misuse();
	if (utee_obj_copy_into(op->key, k1) || utee_obj_copy_into(op->key2, k2))
		misuse();
	op->info.keySize = k1->info.objectSize;
	op->info.handleState |= TEE_HANDLE_FLAG_KEY_SET;
	return TEE_SUCCESS;
}

TEE_Result TEE_SetOperationKey2(TEE_OperationHandle operation,
				TEE_ObjectHandle key1, TEE_ObjectHandle key2)
{
	return utee_op_set_key2(operation, key1, key2, false);
}

/* Makes uninitialised-context @dst's libcrypto state a copy of @src's. */
static void copy_contexts(struct utee_op *dst, const struct utee_op *src)
{
	if (src->md)
		must(EVP_MD_CTX_copy_ex(dst->md, src->md));
	if (src->cipher && EVP_CIPHER_CTX_get0_cipher(src->cipher))
		must(EVP_CIPHER_CTX_copy(dst->cipher, src->cipher));
	if (src->mac && (src->info.handleState & TEE_HANDLE_FLAG_INITIALIZED)) {
		EVP_MAC_CTX *mac = EVP_MAC_CTX_dup(src->mac);

		if (!mac)
			misuse();
		EVP_MAC_CTX_free(dst->mac);
		dst->mac = mac;
	}
}

static uint8_t *dup_bytes(const uint8_t *src, size_t len)
{
	uint8_t *p;

	if (!src)
		return NULL;
	p = TEE_Malloc(len ? len : 1, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (!p)
		misuse();
	memcpy(p, src, len);
	return p;
}

void TEE_CopyOperation(TEE_OperationHandle dstOperation,
		       TEE_OperationHandle srcOperation)
{
	struct utee_op *dst = utee_op_get(dstOperation);
	struct utee_op *src = utee_op_get(srcOperation);
	uint32_t max = dst->info.maxKeySize;

	if (dst == src)
		return;
	if (dst->info.algorithm != src->info.algorithm ||
	    dst->info.mode != src->info.mode || src->info.keySize > max)
		misuse();
	op_finish(dst);
	op_drop_pkey(dst);
	if (src->key && (src->info.handleState & TEE_HANDLE_FLAG_KEY_SET)) {
		if (utee_obj_copy_into(dst->key, src->key) ||
		    (src->key2 && utee_obj_copy_into(dst->key2, src->key2)))
			misuse();
	} else if (dst->key) {
		utee_obj_clear(dst->key);
		if (dst->key2)
			utee_obj_clear(dst->key2);
	}
	copy_contexts(dst, src);
	dst->info = src->info;
	dst->info.maxKeySize = max;
	dst->state = src->state;
	dst->buffered = src->buffered;
	memcpy(dst->last, src->last, sizeof(dst->last));
	memcpy(dst->hold, src->hold, sizeof(dst->hold));
	dst->held = src->held;
	memcpy(dst->extract, src->extract, sizeof(dst->extract));
	dst->extract_off = src->extract_off;
	dst->tag_len = src->tag_len;
	dst->ccm_aad = dup_bytes(src->ccm_aad, src->ccm_aad_len);
	dst->ccm_aad_len = src->ccm_aad_len;
	dst->ccm_data = dup_bytes(src->ccm_data, src->ccm_data_len);
	dst->ccm_data_len = src->ccm_data_len;
}

/* @element is what TEE_IsAlgorithmSupported() takes with @a: ECDSA and
 * ECDH name their curve (GP's ECDH id takes any of the five), 25519
 * algorithms TEE_ECC_CURVE_25519, the rest none. */
static bool element_ok(const struct utee_alg *a, uint32_t element)
{
	uint32_t bits = utee_ecc_curve_bits(element);

	if (a->key_type == TEE_TYPE_SM2_DSA_PUBLIC_KEY ||
	    a->key_type == TEE_TYPE_SM2_PKE_PUBLIC_KEY ||
	    a->key_type == TEE_TYPE_SM2_KEP_KEYPAIR)
		return element == TEE_ECC_CURVE_SM2;
	switch (a->kind) {
	case UTEE_ALG_ECDSA:
	case UTEE_ALG_ECDH:
		return bits && (!a->key_bits || bits == a->key_bits);
	case UTEE_ALG_X25519:
	case UTEE_ALG_ED25519:
		return element == TEE_ECC_CURVE_25519;
	default:
		return element == TEE_CRYPTO_ELEMENT_NONE;
	}
}

TEE_Result TEE_IsAlgorithmSupported(uint32_t algId, uint32_t element)
{
	const struct utee_alg *a = utee_alg_find(algId);

	if (!a)
		return TEE_ERROR_NOT_SUPPORTED;
	return element_ok(a, element) ? TEE_SUCCESS : TEE_ERROR_NOT_SUPPORTED;
}

/* Message digest functions */

void TEE_DigestUpdate(TEE_OperationHandle operation, const void *chunk,
		      size_t chunkSize)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_DIGEST);

	check_buf(chunk, chunkSize);
	if (op->state == TEE_OPERATION_STATE_EXTRACTING)
		misuse();
	must(EVP_DigestUpdate(op->md, chunk, chunkSize));
	op->state = TEE_OPERATION_STATE_ACTIVE;
}

/* SHAKE128/256: the digest's length is the caller's. */
static bool xof(const struct utee_op *op)
{
	return op->alg->alg == TEE_ALG_SHAKE128 ||
	       op->alg->alg == TEE_ALG_SHAKE256;
}

/*
 * The next @n bytes of an XOF's output, op->extract_off of them already
 * handed out.  libcrypto 3.0 squeezes once per context (EVP_DigestSqueeze
 * is 3.3's), so op->md keeps the absorbed state and each call finishes a
 * copy of it: OP-TEE's core squeezes on from where the last call stopped.
 */
static void xof_squeeze(struct utee_op *op, void *out, size_t n)
{
	EVP_MD_CTX *c;
	uint8_t *all;

	if (!n)
		return;
	if (op->extract_off + n < n)
		misuse();
	c = EVP_MD_CTX_new();
	all = OPENSSL_malloc(op->extract_off + n);
	must(c && all && EVP_MD_CTX_copy_ex(c, op->md) &&
	     EVP_DigestFinalXOF(c, all, op->extract_off + n));
	memcpy(out, all + op->extract_off, n);
	op->extract_off += n;
	OPENSSL_clear_free(all, op->extract_off);
	EVP_MD_CTX_free(c);
}

/* Finishes the digest into op->extract: the operation is EXTRACTING. */
static void extract_start(struct utee_op *op)
{
	unsigned int len;

	if (!xof(op))
		must(EVP_DigestFinal_ex(op->md, op->extract, &len));
	op->extract_off = 0;
	op->state = TEE_OPERATION_STATE_EXTRACTING;
	op->info.handleState |= TEE_HANDLE_FLAG_EXTRACTING;
}

/* TEE_DigestDoFinal() while extracting: no more data (panic), the rest
 * of the digest, and the operation starts again. */
static TEE_Result extract_rest(struct utee_op *op, size_t chunk_len, void *hash,
			       size_t *hash_len)
{
	size_t rest = op->info.digestLength - op->extract_off;

	if (chunk_len)
		misuse();
	if (xof(op)) {
		/* OP-TEE: *hashLen more bytes of the stream. */
		check_buf(hash, *hash_len);
		xof_squeeze(op, hash, *hash_len);
		digest_restart(op);
		return TEE_SUCCESS;
	}
	if (!hash || *hash_len < rest) {
		*hash_len = rest;
		return TEE_ERROR_SHORT_BUFFER;
	}
	memcpy(hash, op->extract + op->extract_off, rest);
	*hash_len = rest;
	digest_restart(op);
	return TEE_SUCCESS;
}

TEE_Result TEE_DigestExtract(TEE_OperationHandle operation, void *hash,
			     size_t *hashLen)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_DIGEST);
	size_t n;

	if (!hashLen)
		misuse();
	check_buf(hash, *hashLen);
	if (op->state != TEE_OPERATION_STATE_EXTRACTING)
		extract_start(op);
	if (xof(op)) {
		/* An XOF gives as many bytes as asked, call after call. */
		xof_squeeze(op, hash, *hashLen);
		return TEE_SUCCESS;
	}
	/* A fixed-size digest gives at most what is left of it. */
	n = op->info.digestLength - op->extract_off;
	if (*hashLen < n)
		n = *hashLen;
	memcpy(hash, op->extract + op->extract_off, n);
	op->extract_off += n;
	*hashLen = n;
	return TEE_SUCCESS;
}

TEE_Result TEE_DigestDoFinal(TEE_OperationHandle operation, const void *chunk,
			     size_t chunkLen, void *hash, size_t *hashLen)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_DIGEST);
	unsigned int len;

	check_buf(chunk, chunkLen);
	if (!hashLen)
		misuse();
	if (op->state == TEE_OPERATION_STATE_EXTRACTING)
		return extract_rest(op, chunkLen, hash, hashLen);
	if (xof(op)) {
		/*
		 * OP-TEE's syscall_hash_final(): an XOF's output is as long
		 * as the buffer given (none for 0), never SHORT_BUFFER.
		 */
		check_buf(hash, *hashLen);
		must(EVP_DigestUpdate(op->md, chunk, chunkLen));
		xof_squeeze(op, hash, *hashLen);
		digest_restart(op);
		return TEE_SUCCESS;
	}
	if (!hash || *hashLen < op->info.digestLength) {
		*hashLen = op->info.digestLength;
		return TEE_ERROR_SHORT_BUFFER;
	}
	must(EVP_DigestUpdate(op->md, chunk, chunkLen));
	must(EVP_DigestFinal_ex(op->md, hash, &len));
	*hashLen = len;
	digest_restart(op);
	return TEE_SUCCESS;
}

/* Symmetric cipher functions */

/* CTS and XTS: ciphertext stealing, built in utee_crypto_steal.c. */
static bool stealing(const struct utee_op *op)
{
	return op->alg->kind == UTEE_ALG_CTS || op->alg->kind == UTEE_ALG_XTS;
}

void TEE_CipherInit(TEE_OperationHandle operation, const void *IV, size_t IVLen)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_CIPHER);

	check_buf(IV, IVLen);
	if (!(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	op_finish(op);
	if (stealing(op) ? utee_steal_start(op, IV, IVLen)
			 : utee_cipher_start(op, IV, IVLen))
		misuse();
	op->info.handleState |= TEE_HANDLE_FLAG_INITIALIZED;
	op->state = TEE_OPERATION_STATE_ACTIVE;
}

/* CipherUpdate and CipherDoFinal: the short-buffer rule, then the work. */
static TEE_Result cipher_feed(TEE_OperationHandle operation, const void *src,
			      size_t srcLen, void *dest, size_t *destLen,
			      bool final)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_CIPHER);
	size_t need;

	check_buf(src, srcLen);
	if (!destLen)
		misuse();
	/* Without padding, the end must fall on a block boundary; with
	 * stealing, there must be a block. */
	if (stealing(op) ? final && op->held + srcLen < op->alg->block
			 : final && (op->buffered + srcLen) % op->alg->block)
		misuse();
	need = stealing(op) ? utee_steal_out_len(op, srcLen, final)
			    : utee_cipher_out_len(op, srcLen, final);
	if (*destLen < need) {
		*destLen = need;
		return TEE_ERROR_SHORT_BUFFER;
	}
	check_buf(dest, need);
	if (stealing(op) ? utee_steal_run(op, src, srcLen, dest, destLen, final)
			 : utee_cipher_run(op, src, srcLen, dest, destLen))
		misuse();
	if (final)
		op_finish(op);
	return TEE_SUCCESS;
}

TEE_Result TEE_CipherUpdate(TEE_OperationHandle operation, const void *srcData,
			    size_t srcLen, void *destData, size_t *destLen)
{
	return cipher_feed(operation, srcData, srcLen, destData, destLen,
			   false);
}

TEE_Result TEE_CipherDoFinal(TEE_OperationHandle operation, const void *srcData,
			     size_t srcLen, void *destData, size_t *destLen)
{
	return cipher_feed(operation, srcData, srcLen, destData, destLen, true);
}

/* MAC functions */

void TEE_MACInit(TEE_OperationHandle operation, const void *IV, size_t IVLen)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_MAC);

	check_buf(IV, IVLen);
	if (!(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	op_finish(op);
	if (utee_mac_start(op, IV, IVLen))
		misuse();
	op->info.handleState |= TEE_HANDLE_FLAG_INITIALIZED;
	op->state = TEE_OPERATION_STATE_ACTIVE;
}

void TEE_MACUpdate(TEE_OperationHandle operation, const void *chunk,
		   size_t chunkSize)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_MAC);

	check_buf(chunk, chunkSize);
	if (utee_mac_update(op, chunk, chunkSize))
		misuse();
}

/* Feeds the last @len bytes and writes the MAC to @mac. */
static void mac_final(struct utee_op *op, const void *msg, size_t len,
		      uint8_t *mac)
{
	check_buf(msg, len);
	if (utee_mac_update(op, msg, len) || utee_mac_final(op, mac))
		misuse();
	op_finish(op);
}

TEE_Result TEE_MACComputeFinal(TEE_OperationHandle operation,
			       const void *message, size_t messageLen,
			       void *mac, size_t *macLen)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_MAC);

	if (!macLen)
		misuse();
	if (!mac || *macLen < op->info.digestLength) {
		*macLen = op->info.digestLength;
		return TEE_ERROR_SHORT_BUFFER;
	}
	mac_final(op, message, messageLen, mac);
	*macLen = op->info.digestLength;
	return TEE_SUCCESS;
}

TEE_Result TEE_MACCompareFinal(TEE_OperationHandle operation,
			       const void *message, size_t messageLen,
			       const void *mac, size_t macLen)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_MAC);
	uint8_t computed[EVP_MAX_MD_SIZE];
	bool same;

	check_buf(mac, macLen);
	mac_final(op, message, messageLen, computed);
	same = macLen == op->info.digestLength &&
	       !CRYPTO_memcmp(computed, mac, macLen);
	OPENSSL_cleanse(computed, sizeof(computed));
	return same ? TEE_SUCCESS : TEE_ERROR_MAC_INVALID;
}

/* Authenticated encryption functions */

TEE_Result TEE_AEInit(TEE_OperationHandle operation, const void *nonce,
		      size_t nonceLen, uint32_t tagLen, size_t AADLen,
		      size_t payloadLen)
{
	struct utee_op *op = class_op(operation, TEE_OPERATION_AE);
	TEE_Result res;

	/* libcrypto takes CCM's lengths from what is fed. */
	(void)AADLen;
	(void)payloadLen;
	if (!nonce || !(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET) ||
	    op->state != TEE_OPERATION_STATE_INITIAL)
		misuse();
	op_finish(op);
	res = utee_ae_start(op, nonce, nonceLen, tagLen);
	if (res == TEE_ERROR_NOT_SUPPORTED)
		return res;
	if (res)
		misuse();
	op->info.handleState |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
}

void utee_ae_update_aad(TEE_OperationHandle operation, const void *data,
			size_t len, bool gp11)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_AE);

	check_buf(data, len);
	/* All AAD comes before the payload.  GP 1.1 does not check: AAD
	 * after payload then panics for GCM (libcrypto refuses it), and
	 * CCM, which holds everything until the final call, takes it as if
	 * it had come first. */
	if (!gp11 && op->state != TEE_OPERATION_STATE_INITIAL)
		misuse();
	if (utee_ae_aad(op, data, len))
		misuse();
	if (gp11)
		op->state = TEE_OPERATION_STATE_ACTIVE;
}

void TEE_AEUpdateAAD(TEE_OperationHandle operation, const void *AADdata,
		     size_t AADdataLen)
{
	utee_ae_update_aad(operation, AADdata, AADdataLen, false);
}

/* The short-buffer check of the AE functions that output payload. */
static bool ae_short(const struct utee_op *op, size_t srcLen, size_t *destLen,
		     bool final)
{
	size_t need = utee_ae_out_len(op, srcLen, final);

	if (!destLen)
		misuse();
	if (*destLen >= need)
		return false;
	*destLen = need;
	return true;
}

TEE_Result TEE_AEUpdate(TEE_OperationHandle operation, const void *srcData,
			size_t srcLen, void *destData, size_t *destLen)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_AE);

	check_buf(srcData, srcLen);
	if (ae_short(op, srcLen, destLen, false))
		return TEE_ERROR_SHORT_BUFFER;
	check_buf(destData, utee_ae_out_len(op, srcLen, false));
	if (utee_ae_update(op, srcData, srcLen, destData, destLen))
		misuse();
	op->state = TEE_OPERATION_STATE_ACTIVE;
	return TEE_SUCCESS;
}

TEE_Result TEE_AEEncryptFinal(TEE_OperationHandle operation,
			      const void *srcData, size_t srcLen,
			      void *destData, size_t *destLen, void *tag,
			      size_t *tagLen)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_AE);
	size_t need;

	check_buf(srcData, srcLen);
	if (op->info.mode != TEE_MODE_ENCRYPT || !destLen || !tagLen)
		misuse();
	/* Either buffer short: both sizes needed are written back. */
	need = utee_ae_out_len(op, srcLen, true);
	if (*destLen < need || !tag || *tagLen < op->tag_len) {
		*destLen = need;
		*tagLen = op->tag_len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	check_buf(destData, need);
	if (utee_ae_final(op, srcData, srcLen, destData, destLen, tag))
		misuse();
	*tagLen = op->tag_len;
	op_finish(op);
	return TEE_SUCCESS;
}

TEE_Result TEE_AEDecryptFinal(TEE_OperationHandle operation,
			      const void *srcData, size_t srcLen,
			      void *destData, size_t *destLen, void *tag,
			      size_t tagLen)
{
	struct utee_op *op = ready_op(operation, TEE_OPERATION_AE);
	TEE_Result res = TEE_ERROR_MAC_INVALID;

	check_buf(srcData, srcLen);
	check_buf(tag, tagLen);
	if (op->info.mode != TEE_MODE_DECRYPT)
		misuse();
	if (ae_short(op, srcLen, destLen, true))
		return TEE_ERROR_SHORT_BUFFER;
	check_buf(destData, utee_ae_out_len(op, srcLen, true));
	if (tagLen == op->tag_len)
		res = utee_ae_final(op, srcData, srcLen, destData, destLen,
				    tag);
	if (res && res != TEE_ERROR_MAC_INVALID)
		misuse();
	if (res)
		*destLen = 0;
	op_finish(op);
	return res;
}

/* Asymmetric functions */

/* A signature operation of @mode with its key set. */
static struct utee_op *sig_op(TEE_OperationHandle h, uint32_t mode,
			      const TEE_Attribute *params, uint32_t count,
			      const void *digest, size_t len)
{
	struct utee_op *op = class_op(h, TEE_OPERATION_ASYMMETRIC_SIGNATURE);

	check_buf(params, count);
	check_buf(digest, len);
	if (op->info.mode != mode ||
	    !(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	return op;
}

/* The size of a signature with @op's key. */
static size_t sig_len(const struct utee_op *op)
{
	switch (op->alg->kind) {
	case UTEE_ALG_ECDSA:
		return utee_ecc_sig_len(utee_ecc_key_bits(op->key));
	case UTEE_ALG_DSA:
		return utee_dsa_sig_len(op->key);
	case UTEE_ALG_ED25519:
		return 64;
	default:
		return (op->info.keySize + 7) / 8;
	}
}

TEE_Result TEE_AsymmetricSignDigest(TEE_OperationHandle operation,
				    const TEE_Attribute *params,
				    uint32_t paramCount, const void *digest,
				    size_t digestLen, void *signature,
				    size_t *signatureLen)
{
	struct utee_op *op = sig_op(operation, TEE_MODE_SIGN, params,
				    paramCount, digest, digestLen);
	size_t need = sig_len(op);
	TEE_Result res;

	if (!signatureLen)
		misuse();
	if (!signature || *signatureLen < need) {
		*signatureLen = need;
		return TEE_ERROR_SHORT_BUFFER;
	}
	switch (op->alg->kind) {
	case UTEE_ALG_ECDSA:
		res = utee_ecc_sign(op, digest, digestLen, signature,
				    signatureLen);
		break;
	case UTEE_ALG_DSA:
		res = utee_dsa_sign(op, digest, digestLen, signature,
				    signatureLen);
		break;
	case UTEE_ALG_ED25519: /* "digest": the message itself */
		res = utee_ed25519_sign(op, params, paramCount, digest,
					digestLen, signature, signatureLen);
		break;
	default:
		res = utee_rsa_sign(op, params, paramCount, digest, digestLen,
				    signature, signatureLen);
		break;
	}
	if (res)
		misuse();
	return TEE_SUCCESS;
}

TEE_Result TEE_AsymmetricVerifyDigest(TEE_OperationHandle operation,
				      const TEE_Attribute *params,
				      uint32_t paramCount, const void *digest,
				      size_t digestLen, const void *signature,
				      size_t signatureLen)
{
	struct utee_op *op = sig_op(operation, TEE_MODE_VERIFY, params,
				    paramCount, digest, digestLen);
	TEE_Result res;

	check_buf(signature, signatureLen);
	switch (op->alg->kind) {
	case UTEE_ALG_ECDSA:
		res = utee_ecc_verify(op, digest, digestLen, signature,
				      signatureLen);
		break;
	case UTEE_ALG_DSA:
		res = utee_dsa_verify(op, digest, digestLen, signature,
				      signatureLen);
		break;
	case UTEE_ALG_ED25519:
		res = utee_ed25519_verify(op, params, paramCount, digest,
					  digestLen, signature, signatureLen);
		break;
	default:
		res = utee_rsa_verify(op, params, paramCount, digest, digestLen,
				      signature, signatureLen);
		break;
	}
	if (res && res != TEE_ERROR_SIGNATURE_INVALID)
		misuse();
	return res;
}

/* TEE_AsymmetricEncrypt and _Decrypt: an operation in @mode. */
static TEE_Result asym_crypt(TEE_OperationHandle operation, uint32_t mode,
			     const TEE_Attribute *params, uint32_t paramCount,
			     const void *src, size_t srcLen, void *dest,
			     size_t *destLen)
{
	struct utee_op *op =
		class_op(operation, TEE_OPERATION_ASYMMETRIC_CIPHER);
	TEE_Result res;

	check_buf(params, paramCount);
	check_buf(src, srcLen);
	if (op->info.mode != mode || !destLen ||
	    !(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	if (op->alg->kind == UTEE_ALG_SM2_PKE)
		res = utee_sm2_pke_crypt(op, src, srcLen, dest, destLen);
	else
		res = utee_rsa_crypt(op, params, paramCount, src, srcLen, dest,
				     destLen);
	/* OP-TEE's core: BAD_STATE for too little room for SM2's C1. */
	if (res == TEE_ERROR_GENERIC || res == TEE_ERROR_BAD_STATE)
		misuse();
	return res;
}

TEE_Result TEE_AsymmetricEncrypt(TEE_OperationHandle operation,
				 const TEE_Attribute *params,
				 uint32_t paramCount, const void *srcData,
				 size_t srcLen, void *destData, size_t *destLen)
{
	return asym_crypt(operation, TEE_MODE_ENCRYPT, params, paramCount,
			  srcData, srcLen, destData, destLen);
}

TEE_Result TEE_AsymmetricDecrypt(TEE_OperationHandle operation,
				 const TEE_Attribute *params,
				 uint32_t paramCount, const void *srcData,
				 size_t srcLen, void *destData, size_t *destLen)
{
	return asym_crypt(operation, TEE_MODE_DECRYPT, params, paramCount,
			  srcData, srcLen, destData, destLen);
}

/* Random data generation function */

void TEE_GenerateRandom(void *randomBuffer, size_t randomBufferLen)
{
	uint8_t *p = randomBuffer;

	check_buf(randomBuffer, randomBufferLen);
	while (randomBufferLen) {
		size_t n =
			randomBufferLen > INT_MAX ? INT_MAX : randomBufferLen;

		must(RAND_bytes(p, (int)n));
		p += n;
		randomBufferLen -= n;
	}
}
