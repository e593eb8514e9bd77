// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_crypto: the GP Internal Core API's transient objects (chapter
 * 5) and cryptographic operations (chapter 6) as commands, so that a
 * client can check each against known answers and an independent
 * implementation (tests/e2e/test_internal_crypto.c).  Commands:
 * ta_crypto_cmds.h.
 */
#include <string.h>

#include <tee_internal_api.h>

#include "ta_crypto_asym.h"
#include "ta_crypto_bench.h"
#include "ta_crypto_cmds.h"

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define VIO   TEE_PARAM_TYPE_VALUE_INOUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT

/* What a keyed command works with, taken from its request. */
struct keyed {
	const struct ta_crypto_req *req;
	const uint8_t *key;
	const uint8_t *iv;
	const uint8_t *aad;
	const uint8_t *tag;
	TEE_OperationHandle op;
};

/* Where an operation's output goes, and how much the whole needs. */
struct sink {
	uint8_t *buf;
	size_t size;
	size_t used;
};

typedef TEE_Result (*update_fn)(TEE_OperationHandle op, const void *src,
				size_t len, void *dest, size_t *dest_len);

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	(void)types;
	(void)params;
	(void)sess_ctx;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	(void)sess_ctx;
}

/* A transient object of @type holding secret @key, usage @usage. */
static TEE_Result make_key(uint32_t type, const void *key, size_t len,
			   uint32_t usage, TEE_ObjectHandle *obj)
{
	TEE_Attribute attr;
	TEE_Result res;

	res = TEE_AllocateTransientObject(type, len * 8, obj);
	if (res)
		return res;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, key, len);
	res = TEE_PopulateTransientObject(*obj, &attr, 1);
	if (!res)
		res = TEE_RestrictObjectUsage1(*obj, usage);
	if (res)
		TEE_FreeTransientObject(*obj);
	return res;
}

/* Checks [0] and splits it into @k. */
static TEE_Result parse_req(const TEE_Param *p, struct keyed *k)
{
	const struct ta_crypto_req *r = p->memref.buffer;
	size_t room = p->memref.size;

	if (room < sizeof(*r))
		return TEE_ERROR_BAD_PARAMETERS;
	room -= sizeof(*r);
	if (r->key_len > room || r->iv_len > room - r->key_len ||
	    r->aad_len > room - r->key_len - r->iv_len ||
	    r->tag_len > room - r->key_len - r->iv_len - r->aad_len)
		return TEE_ERROR_BAD_PARAMETERS;
	k->req = r;
	k->key = r->bytes;
	k->iv = k->key + r->key_len;
	k->aad = k->iv + r->iv_len;
	k->tag = k->aad + r->aad_len;
	return TEE_SUCCESS;
}

/* AES-XTS: key 1 and key 2 are the halves of the request's key. */
static TEE_Result xts_keys(struct keyed *k)
{
	size_t half = k->req->key_len / 2;
	TEE_ObjectHandle k1, k2;
	TEE_Result res;

	res = make_key(TEE_TYPE_AES, k->key, half, 0xFFFFFFFF, &k1);
	if (res)
		goto out;
	res = make_key(TEE_TYPE_AES, k->key + half, half, 0xFFFFFFFF, &k2);
	if (!res) {
		res = TEE_SetOperationKey2(k->op, k1, k2);
		TEE_FreeTransientObject(k2);
	}
	TEE_FreeTransientObject(k1);
out:
	if (res)
		TEE_FreeOperation(k->op);
	return res;
}

/* The operation of @k with its key set; the TA's key object is freed at
 * once: the operation holds its own copy. */
static TEE_Result keyed_op(struct keyed *k)
{
	const struct ta_crypto_req *r = k->req;
	TEE_ObjectHandle key;
	TEE_Result res;

	res = TEE_AllocateOperation(&k->op, r->alg, r->mode, r->key_len * 8);
	if (res)
		return res;
	if (r->alg == TEE_ALG_AES_XTS)
		return xts_keys(k);
	res = make_key(r->key_type, k->key, r->key_len, 0xFFFFFFFF, &key);
	if (!res)
		res = TEE_SetOperationKey(k->op, key);
	TEE_FreeTransientObject(key);
	if (res)
		TEE_FreeOperation(k->op);
	return res;
}

/* Feeds @len bytes of @src through @fn in pieces of @chunk; returns the
 * offset of what is left for the final call in *@off. */
static TEE_Result feed(TEE_OperationHandle op, update_fn fn, const uint8_t *src,
		       size_t len, size_t chunk, struct sink *out, size_t *off)
{
	TEE_Result res;
	size_t room;

	for (*off = 0; chunk && len - *off > chunk; *off += chunk) {
		room = out->size - out->used;
		res = fn(op, src + *off, chunk, out->buf + out->used, &room);
		/* SHORT_BUFFER: room is what this call needs */
		out->used += room;
		if (res)
			return res;
	}
	return TEE_SUCCESS;
}

static TEE_Result cipher(uint32_t types, TEE_Param params[4])
{
	struct sink out = {params[2].memref.buffer, params[2].memref.size, 0};
	const uint8_t *src = params[1].memref.buffer;
	size_t len = params[1].memref.size;
	struct keyed k;
	TEE_Result res;
	size_t off, room;

	if (types != TYPES(MIN, MIN, MOUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = parse_req(&params[0], &k);
	if (!res)
		res = keyed_op(&k);
	if (res)
		return res;
	TEE_CipherInit(k.op, k.iv, k.req->iv_len);
	res = feed(k.op, TEE_CipherUpdate, src, len, k.req->chunk, &out, &off);
	if (!res) {
		room = out.size - out.used;
		res = TEE_CipherDoFinal(k.op, src + off, len - off,
					out.buf + out.used, &room);
		out.used += room;
	}
	params[2].memref.size = out.used;
	TEE_FreeOperation(k.op);
	return res;
}

/* MACInit, the updates: what is left for the final call at *@off. */
static TEE_Result mac_start(uint32_t types, uint32_t t2, TEE_Param params[4],
			    struct keyed *k, size_t *off)
{
	const uint8_t *src = params[1].memref.buffer;
	size_t len = params[1].memref.size;
	TEE_Result res;

	if (types != TYPES(MIN, MIN, t2, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = parse_req(&params[0], k);
	if (!res)
		res = keyed_op(k);
	if (res)
		return res;
	TEE_MACInit(k->op, k->req->iv_len ? k->iv : NULL, k->req->iv_len);
	for (*off = 0; k->req->chunk && len - *off > k->req->chunk;
	     *off += k->req->chunk)
		TEE_MACUpdate(k->op, src + *off, k->req->chunk);
	return TEE_SUCCESS;
}

static TEE_Result mac(uint32_t types, TEE_Param params[4], bool compare)
{
	const uint8_t *src = params[1].memref.buffer;
	size_t len = params[1].memref.size;
	struct keyed k;
	TEE_Result res;
	size_t off;

	res = mac_start(types, compare ? MIN : MOUT, params, &k, &off);
	if (res)
		return res;
	if (compare)
		res = TEE_MACCompareFinal(k.op, src + off, len - off,
					  params[2].memref.buffer,
					  params[2].memref.size);
	else
		res = TEE_MACComputeFinal(k.op, src + off, len - off,
					  params[2].memref.buffer,
					  &params[2].memref.size);
	TEE_FreeOperation(k.op);
	return res;
}

/* The AAD in two calls, so that both count. */
static void ae_aad(struct keyed *k)
{
	size_t half = k->req->aad_len / 2;

	TEE_AEUpdateAAD(k->op, k->aad, half);
	TEE_AEUpdateAAD(k->op, k->aad + half, k->req->aad_len - half);
}

static TEE_Result ae_final(struct keyed *k, TEE_Param params[4],
			   const uint8_t *src, size_t len, struct sink *out)
{
	size_t room = out->size - out->used;
	TEE_Result res;

	if (k->req->mode == TEE_MODE_ENCRYPT)
		res = TEE_AEEncryptFinal(k->op, src, len, out->buf + out->used,
					 &room, params[3].memref.buffer,
					 &params[3].memref.size);
	else
		res = TEE_AEDecryptFinal(k->op, src, len, out->buf + out->used,
					 &room, (void *)k->tag,
					 k->req->tag_len);
	out->used += room;
	return res;
}

static TEE_Result ae(uint32_t types, TEE_Param params[4])
{
	struct sink out = {params[2].memref.buffer, params[2].memref.size, 0};
	const uint8_t *src = params[1].memref.buffer;
	size_t len = params[1].memref.size;
	struct keyed k;
	TEE_Result res;
	size_t off = 0;

	if (types != TYPES(MIN, MIN, MOUT, MOUT) &&
	    types != TYPES(MIN, MIN, MOUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = parse_req(&params[0], &k);
	if (!res)
		res = keyed_op(&k);
	if (res)
		return res;
	res = TEE_AEInit(k.op, k.iv, k.req->iv_len, k.req->tag_len * 8,
			 k.req->aad_len, len);
	if (!res) {
		ae_aad(&k);
		res = feed(k.op, TEE_AEUpdate, src, len, k.req->chunk, &out,
			   &off);
	}
	if (!res)
		res = ae_final(&k, params, src + off, len - off, &out);
	params[2].memref.size = out.used;
	TEE_FreeOperation(k.op);
	return res;
}

/* Digest of [1], with the updates of @chunk bytes; into @hash. */
static TEE_Result digest_rest(TEE_OperationHandle op, const uint8_t *src,
			      size_t off, size_t len, void *hash,
			      size_t *hash_len)
{
	return TEE_DigestDoFinal(op, src + off, len - off, hash, hash_len);
}

static TEE_Result digest(uint32_t types, TEE_Param params[4], bool copy)
{
	const uint8_t *src = params[1].memref.buffer;
	size_t len = params[1].memref.size;
	size_t chunk = params[0].value.b;
	TEE_OperationHandle op, op2 = TEE_HANDLE_NULL;
	uint8_t *hash = params[2].memref.buffer;
	size_t off = 0, size = params[2].memref.size, size2;
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MOUT, NONE) || chunk > len)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateOperation(&op, params[0].value.a, TEE_MODE_DIGEST, 0);
	if (res)
		return res;
	for (; chunk && len - off > chunk; off += chunk)
		TEE_DigestUpdate(op, src + off, chunk);
	if (copy) {
		res = TEE_AllocateOperation(&op2, params[0].value.a,
					    TEE_MODE_DIGEST, 0);
		if (!res)
			TEE_CopyOperation(op2, op);
	}
	if (!res)
		res = digest_rest(op, src, off, len, hash, &size);
	if (!res && copy) {
		size2 = params[2].memref.size - size;
		res = digest_rest(op2, src, off, len, hash + size, &size2);
		size += size2;
	}
	params[2].memref.size = size;
	TEE_FreeOperation(op);
	TEE_FreeOperation(op2);
	return res;
}

/* TEE_ObjectInfo as seven uint32_t. */
static void info_out(TEE_ObjectHandle obj, uint8_t *dest)
{
	TEE_ObjectInfo info;
	uint32_t w[7];

	TEE_GetObjectInfo1(obj, &info);
	w[0] = info.objectType;
	w[1] = info.objectSize;
	w[2] = info.maxObjectSize;
	w[3] = info.objectUsage;
	w[4] = (uint32_t)info.dataSize;
	w[5] = (uint32_t)info.dataPosition;
	w[6] = info.handleFlags;
	memcpy(dest, w, sizeof(w));
}

static TEE_Result obj_alloc(uint32_t types, TEE_Param params[4])
{
	TEE_ObjectHandle obj;
	TEE_Result res;

	if (types != TYPES(VIN, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(params[0].value.a, params[0].value.b,
					  &obj);
	if (!res)
		TEE_FreeTransientObject(obj);
	return res;
}

static TEE_Result obj_export(uint32_t types, TEE_Param params[4])
{
	uint8_t *out = params[3].memref.buffer;
	TEE_ObjectHandle obj;
	TEE_Attribute attr;
	TEE_Result res;
	size_t len;

	if (types != TYPES(VIN, MIN, VIN, MOUT) || params[3].memref.size < 28)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(params[0].value.a, params[0].value.b,
					  &obj);
	if (res)
		return res;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE,
			     params[1].memref.buffer, params[1].memref.size);
	if (params[1].memref.size)
		res = TEE_PopulateTransientObject(obj, &attr, 1);
	else
		res = TEE_GenerateKey(obj, params[2].value.a, NULL, 0);
	if (!res)
		res = TEE_RestrictObjectUsage1(obj, params[2].value.b);
	if (!res) {
		info_out(obj, out);
		len = params[3].memref.size - 28;
		res = TEE_GetObjectBufferAttribute(obj, TEE_ATTR_SECRET_VALUE,
						   len ? out + 28 : NULL, &len);
		params[3].memref.size = 28 + len;
	}
	TEE_FreeTransientObject(obj);
	return res;
}

/* Encrypts the block [1] with AES-ECB under key @copy into [3]. */
static TEE_Result aes_ecb(TEE_ObjectHandle copy, uint32_t bits,
			  TEE_Param params[4])
{
	TEE_OperationHandle op;
	TEE_Result res;

	res = TEE_AllocateOperation(&op, TEE_ALG_AES_ECB_NOPAD,
				    TEE_MODE_ENCRYPT, bits);
	if (res)
		return res;
	res = TEE_SetOperationKey(op, copy);
	if (!res) {
		TEE_CipherInit(op, NULL, 0);
		res = TEE_CipherDoFinal(
			op, params[1].memref.buffer, params[1].memref.size,
			params[3].memref.buffer, &params[3].memref.size);
	}
	TEE_FreeOperation(op);
	return res;
}

static TEE_Result gen_aes(uint32_t types, TEE_Param params[4])
{
	TEE_ObjectHandle key = TEE_HANDLE_NULL, copy = TEE_HANDLE_NULL;
	uint32_t bits = params[0].value.a;
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MOUT, MOUT))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_AES, bits, &key);
	if (!res)
		res = TEE_AllocateTransientObject(TEE_TYPE_AES, bits, &copy);
	if (!res)
		res = TEE_GenerateKey(key, bits, NULL, 0);
	if (!res)
		res = TEE_CopyObjectAttributes1(copy, key);
	if (!res)
		res = TEE_GetObjectBufferAttribute(key, TEE_ATTR_SECRET_VALUE,
						   params[2].memref.buffer,
						   &params[2].memref.size);
	TEE_FreeTransientObject(key);
	if (!res)
		res = aes_ecb(copy, bits, params);
	TEE_FreeTransientObject(copy);
	return res;
}

static TEE_Result op_info(uint32_t types, TEE_Param params[4])
{
	static const uint8_t zeros[128];
	uint32_t key_bits = params[1].value.b;
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_OperationInfo info;
	TEE_Result res;

	if (types != TYPES(VIN, VIN, MOUT, VIO) || key_bits > 8 * 128)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateOperation(&op, params[0].value.a, params[0].value.b,
				    params[1].value.a);
	if (res)
		return res;
	if (key_bits) {
		res = make_key(params[3].value.a, zeros, key_bits / 8,
			       0xFFFFFFFF, &key);
		if (!res)
			res = TEE_SetOperationKey(op, key);
		TEE_FreeTransientObject(key);
	}
	TEE_GetOperationInfo(op, &info);
	params[3].value.a = info.handleState;
	params[3].value.b = info.keySize;
	if (!res)
		res = TEE_GetOperationInfoMultiple(op, params[2].memref.buffer,
						   &params[2].memref.size);
	TEE_FreeOperation(op);
	return res;
}

/* Public X or Y of @key, right-aligned in @flen bytes at @dest. */
static TEE_Result ecc_coord(TEE_ObjectHandle key, uint32_t id, uint8_t *dest,
			    size_t flen)
{
	uint8_t buf[66];
	size_t len = sizeof(buf);
	TEE_Result res;

	res = TEE_GetObjectBufferAttribute(key, id, buf, &len);
	if (res)
		return res;
	if (len > flen)
		return TEE_ERROR_GENERIC;
	memset(dest, 0, flen - len);
	memcpy(dest + flen - len, buf, len);
	return TEE_SUCCESS;
}

/* An operation of @alg in @mode with @key set. */
static TEE_Result key_op(uint32_t alg, uint32_t mode, uint32_t bits,
			 TEE_ObjectHandle key, TEE_OperationHandle *op)
{
	TEE_Result res = TEE_AllocateOperation(op, alg, mode, bits);

	if (res)
		return res;
	res = TEE_SetOperationKey(*op, key);
	if (res)
		TEE_FreeOperation(*op);
	return res;
}

/* The public half of @pair verifies @sig of @digest. */
static TEE_Result ecdsa_check(TEE_ObjectHandle pair, uint32_t alg,
			      uint32_t bits, const TEE_Param *digest,
			      const void *sig, size_t sig_len)
{
	TEE_ObjectHandle pub;
	TEE_OperationHandle op;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_ECDSA_PUBLIC_KEY, bits,
					  &pub);
	if (res)
		return res;
	res = TEE_CopyObjectAttributes1(pub, pair);
	if (!res)
		res = key_op(alg, TEE_MODE_VERIFY, bits, pub, &op);
	TEE_FreeTransientObject(pub);
	if (res)
		return res;
	res = TEE_AsymmetricVerifyDigest(op, NULL, 0, digest->memref.buffer,
					 digest->memref.size, sig, sig_len);
	TEE_FreeOperation(op);
	return res;
}

/* The size of NIST curve @curve (TEE_ECC_CURVE_NIST_P192..P521). */
static uint32_t curve_bits(uint32_t curve)
{
	static const uint32_t bits[] = {192, 224, 256, 384, 521};

	return curve >= 1 && curve <= 5 ? bits[curve - 1] : 0;
}

/* A new keypair of @bits on @curve. */
static TEE_Result ecdsa_keypair(uint32_t curve, uint32_t bits,
				TEE_ObjectHandle *pair)
{
	TEE_Attribute attr;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_ECDSA_KEYPAIR, bits, pair);
	if (res)
		return res;
	TEE_InitValueAttribute(&attr, TEE_ATTR_ECC_CURVE, curve, 0);
	res = TEE_GenerateKey(*pair, bits, &attr, 1);
	if (res)
		TEE_FreeTransientObject(*pair);
	return res;
}

static TEE_Result ecdsa_sign(uint32_t types, TEE_Param params[4])
{
	uint32_t alg = params[0].value.a;
	uint32_t bits = curve_bits(params[0].value.b);
	size_t flen = (bits + 7) / 8;
	uint8_t *xy = params[2].memref.buffer;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	TEE_ObjectHandle pair;
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MOUT, MOUT) || !bits ||
	    params[2].memref.size < 2 * flen)
		return TEE_ERROR_BAD_PARAMETERS;
	res = ecdsa_keypair(params[0].value.b, bits, &pair);
	if (res)
		return res;
	res = ecc_coord(pair, TEE_ATTR_ECC_PUBLIC_VALUE_X, xy, flen);
	if (!res)
		res = ecc_coord(pair, TEE_ATTR_ECC_PUBLIC_VALUE_Y, xy + flen,
				flen);
	params[2].memref.size = 2 * flen;
	if (!res)
		res = key_op(alg, TEE_MODE_SIGN, bits, pair, &op);
	if (!res)
		res = TEE_AsymmetricSignDigest(
			op, NULL, 0, params[1].memref.buffer,
			params[1].memref.size, params[3].memref.buffer,
			&params[3].memref.size);
	if (!res)
		res = ecdsa_check(pair, alg, bits, &params[1],
				  params[3].memref.buffer,
				  params[3].memref.size);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(pair);
	return res;
}

static TEE_Result ecdsa_verify(uint32_t types, TEE_Param params[4])
{
	uint32_t curve = params[0].value.b;
	uint32_t bits = curve_bits(curve);
	size_t half = params[1].memref.size / 2;
	uint8_t *xy = params[1].memref.buffer;
	TEE_OperationHandle op;
	TEE_ObjectHandle pub;
	TEE_Attribute attrs[3];
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MIN, MIN) || !bits)
		return TEE_ERROR_BAD_PARAMETERS;
	TEE_InitRefAttribute(&attrs[0], TEE_ATTR_ECC_PUBLIC_VALUE_X, xy, half);
	TEE_InitRefAttribute(&attrs[1], TEE_ATTR_ECC_PUBLIC_VALUE_Y, xy + half,
			     half);
	TEE_InitValueAttribute(&attrs[2], TEE_ATTR_ECC_CURVE, curve, 0);
	res = TEE_AllocateTransientObject(TEE_TYPE_ECDSA_PUBLIC_KEY, bits,
					  &pub);
	if (res)
		return res;
	res = TEE_PopulateTransientObject(pub, attrs, 3);
	if (!res)
		res = key_op(params[0].value.a, TEE_MODE_VERIFY, bits, pub,
			     &op);
	TEE_FreeTransientObject(pub);
	if (res)
		return res;
	res = TEE_AsymmetricVerifyDigest(
		op, NULL, 0, params[2].memref.buffer, params[2].memref.size,
		params[3].memref.buffer, params[3].memref.size);
	TEE_FreeOperation(op);
	return res;
}

/* The public half of RSA @pair verifies @sig of @digest. */
static TEE_Result rsa_check(TEE_ObjectHandle pair, uint32_t alg, uint32_t bits,
			    const TEE_Param *digest, const void *sig,
			    size_t sig_len)
{
	TEE_ObjectHandle pub;
	TEE_OperationHandle op;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_RSA_PUBLIC_KEY, bits, &pub);
	if (res)
		return res;
	res = TEE_CopyObjectAttributes1(pub, pair);
	if (!res)
		res = key_op(alg, TEE_MODE_VERIFY, bits, pub, &op);
	TEE_FreeTransientObject(pub);
	if (res)
		return res;
	res = TEE_AsymmetricVerifyDigest(op, NULL, 0, digest->memref.buffer,
					 digest->memref.size, sig, sig_len);
	TEE_FreeOperation(op);
	return res;
}

static TEE_Result rsa_sign(uint32_t types, TEE_Param params[4])
{
	uint32_t alg = params[0].value.a, bits = params[0].value.b;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	TEE_ObjectHandle pair;
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MOUT, MOUT))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_RSA_KEYPAIR, bits, &pair);
	if (res)
		return res;
	res = TEE_GenerateKey(pair, bits, NULL, 0);
	if (!res)
		res = TEE_GetObjectBufferAttribute(pair, TEE_ATTR_RSA_MODULUS,
						   params[2].memref.buffer,
						   &params[2].memref.size);
	if (!res)
		res = key_op(alg, TEE_MODE_SIGN, bits, pair, &op);
	if (!res)
		res = TEE_AsymmetricSignDigest(
			op, NULL, 0, params[1].memref.buffer,
			params[1].memref.size, params[3].memref.buffer,
			&params[3].memref.size);
	if (!res)
		res = rsa_check(pair, alg, bits, &params[1],
				params[3].memref.buffer, params[3].memref.size);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(pair);
	return res;
}

/* The RSA attributes in the order of TA_CRYPTO_CMD_RSA_CRYPT's blob. */
static const uint32_t rsa_ids[] = {
	TEE_ATTR_RSA_MODULUS,	       TEE_ATTR_RSA_PUBLIC_EXPONENT,
	TEE_ATTR_RSA_PRIVATE_EXPONENT, TEE_ATTR_RSA_PRIME1,
	TEE_ATTR_RSA_PRIME2,	       TEE_ATTR_RSA_EXPONENT1,
	TEE_ATTR_RSA_EXPONENT2,	       TEE_ATTR_RSA_COEFFICIENT,
	TEE_ATTR_RSA_OAEP_LABEL,
};

/* Splits the blob of [1] into @attrs (nine); returns how many key
 * attributes it holds (2: public key, 8: keypair), or 0: malformed. */
static uint32_t rsa_blob(const TEE_Param *p, TEE_Attribute attrs[9])
{
	const uint8_t *b = p->memref.buffer;
	size_t off = 0, n = 0;
	uint32_t len;

	for (size_t i = 0; i < 9; i++) {
		if (p->memref.size - off < 4)
			return 0;
		memcpy(&len, b + off, 4);
		off += 4;
		if (len > p->memref.size - off)
			return 0;
		TEE_InitRefAttribute(&attrs[i], rsa_ids[i], b + off, len);
		off += len;
		if (i < 8 && len)
			n++;
	}
	return n == 2 || n == 8 ? (uint32_t)n : 0;
}

static TEE_Result rsa_crypt(uint32_t types, TEE_Param params[4])
{
	uint32_t mode = params[0].value.b, n;
	TEE_OperationHandle op;
	TEE_Attribute attrs[9];
	TEE_ObjectHandle key;
	TEE_Result res;
	uint32_t bits;

	if (types != TYPES(VIN, MIN, MIN, MOUT))
		return TEE_ERROR_BAD_PARAMETERS;
	n = rsa_blob(&params[1], attrs);
	if (!n)
		return TEE_ERROR_BAD_PARAMETERS;
	bits = (uint32_t)attrs[0].content.ref.length * 8;
	res = TEE_AllocateTransientObject(n == 8 ? TEE_TYPE_RSA_KEYPAIR
						 : TEE_TYPE_RSA_PUBLIC_KEY,
					  bits, &key);
	if (res)
		return res;
	res = TEE_PopulateTransientObject(key, attrs, n);
	if (!res)
		res = key_op(params[0].value.a, mode, bits, key, &op);
	TEE_FreeTransientObject(key);
	if (res)
		return res;
	if (mode == TEE_MODE_ENCRYPT)
		res = TEE_AsymmetricEncrypt(
			op, &attrs[8], attrs[8].content.ref.length ? 1 : 0,
			params[2].memref.buffer, params[2].memref.size,
			params[3].memref.buffer, &params[3].memref.size);
	else
		res = TEE_AsymmetricDecrypt(
			op, &attrs[8], attrs[8].content.ref.length ? 1 : 0,
			params[2].memref.buffer, params[2].memref.size,
			params[3].memref.buffer, &params[3].memref.size);
	TEE_FreeOperation(op);
	return res;
}

/* An AES-128 operation of @alg and @mode with a zero key set. */
static TEE_OperationHandle aes_op(uint32_t alg, uint32_t mode)
{
	static const uint8_t key[16];
	TEE_OperationHandle op;
	TEE_ObjectHandle obj;

	if (TEE_AllocateOperation(&op, alg, mode, 128) ||
	    make_key(TEE_TYPE_AES, key, sizeof(key), 0xFFFFFFFF, &obj) ||
	    TEE_SetOperationKey(op, obj))
		TEE_Panic(1); /* not the misuse under test: fails the test */
	TEE_FreeTransientObject(obj);
	return op;
}

/* Each case ends in a panic the GP specification mandates. */
static TEE_Result misuse(uint32_t which)
{
	static const uint8_t key[32];
	uint8_t buf[32] = {0};
	size_t len = sizeof(buf);
	TEE_OperationHandle op;
	TEE_ObjectHandle obj;
	TEE_ObjectInfo info;
	TEE_Attribute attr;

	switch (which) {
	case TA_CRYPTO_MISUSE_CIPHER_NOT_INITIALISED:
		op = aes_op(TEE_ALG_AES_CBC_NOPAD, TEE_MODE_ENCRYPT);
		TEE_CipherUpdate(op, buf, 16, buf, &len);
		break;
	case TA_CRYPTO_MISUSE_FREED_OPERATION:
		TEE_AllocateOperation(&op, TEE_ALG_SHA256, TEE_MODE_DIGEST, 0);
		TEE_FreeOperation(op);
		TEE_DigestUpdate(op, buf, 1);
		break;
	case TA_CRYPTO_MISUSE_FORGED_OBJECT:
		TEE_GetObjectInfo1((TEE_ObjectHandle)(void *)buf, &info);
		break;
	case TA_CRYPTO_MISUSE_DIGEST_ON_CIPHER:
		TEE_DigestUpdate(
			aes_op(TEE_ALG_AES_ECB_NOPAD, TEE_MODE_ENCRYPT), buf,
			1);
		break;
	case TA_CRYPTO_MISUSE_KEY_WRONG_TYPE:
		TEE_AllocateOperation(&op, TEE_ALG_AES_ECB_NOPAD,
				      TEE_MODE_ENCRYPT, 256);
		make_key(TEE_TYPE_HMAC_SHA256, key, 32, 0xFFFFFFFF, &obj);
		TEE_SetOperationKey(op, obj);
		break;
	case TA_CRYPTO_MISUSE_KEY_NO_USAGE:
		TEE_AllocateOperation(&op, TEE_ALG_AES_ECB_NOPAD,
				      TEE_MODE_ENCRYPT, 128);
		make_key(TEE_TYPE_AES, key, 16, TEE_USAGE_DECRYPT, &obj);
		TEE_SetOperationKey(op, obj);
		break;
	case TA_CRYPTO_MISUSE_POPULATE_TWICE:
		make_key(TEE_TYPE_AES, key, 16, 0xFFFFFFFF, &obj);
		TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, key, 16);
		TEE_PopulateTransientObject(obj, &attr, 1);
		break;
	case TA_CRYPTO_MISUSE_AAD_AFTER_PAYLOAD:
		op = aes_op(TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT);
		TEE_AEInit(op, buf, 12, 128, 16, 16);
		TEE_AEUpdate(op, buf, 16, buf + 16, &len);
		TEE_AEUpdateAAD(op, buf, 16);
		break;
	case TA_CRYPTO_MISUSE_CIPHER_PARTIAL_BLOCK:
		op = aes_op(TEE_ALG_AES_ECB_NOPAD, TEE_MODE_ENCRYPT);
		TEE_CipherInit(op, NULL, 0);
		TEE_CipherDoFinal(op, buf, 5, buf, &len);
		break;
	case TA_CRYPTO_MISUSE_KEY_TOO_LARGE:
		TEE_AllocateOperation(&op, TEE_ALG_AES_ECB_NOPAD,
				      TEE_MODE_ENCRYPT, 128);
		make_key(TEE_TYPE_AES, key, 32, 0xFFFFFFFF, &obj);
		TEE_SetOperationKey(op, obj);
		break;
	default:
		return ta_asym_misuse(which);
	}
	return TEE_SUCCESS; /* the misuse went unnoticed */
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	(void)sess_ctx;
	switch (cmd) {
	case TA_CRYPTO_CMD_RANDOM:
		if (types != TYPES(MOUT, NONE, NONE, NONE))
			return TEE_ERROR_BAD_PARAMETERS;
		TEE_GenerateRandom(params[0].memref.buffer,
				   params[0].memref.size);
		return TEE_SUCCESS;
	case TA_CRYPTO_CMD_DIGEST:
	case TA_CRYPTO_CMD_DIGEST_COPY:
		return digest(types, params, cmd == TA_CRYPTO_CMD_DIGEST_COPY);
	case TA_CRYPTO_CMD_CIPHER:
		return cipher(types, params);
	case TA_CRYPTO_CMD_MAC:
	case TA_CRYPTO_CMD_MAC_COMPARE:
		return mac(types, params, cmd == TA_CRYPTO_CMD_MAC_COMPARE);
	case TA_CRYPTO_CMD_AE:
		return ae(types, params);
	case TA_CRYPTO_CMD_OBJ_ALLOC:
		return obj_alloc(types, params);
	case TA_CRYPTO_CMD_OBJ_EXPORT:
		return obj_export(types, params);
	case TA_CRYPTO_CMD_GEN_AES:
		return gen_aes(types, params);
	case TA_CRYPTO_CMD_OP_INFO:
		return op_info(types, params);
	case TA_CRYPTO_CMD_IS_SUPPORTED:
		return TEE_IsAlgorithmSupported(params[0].value.a,
						params[0].value.b);
	case TA_CRYPTO_CMD_MISUSE:
		return misuse(params[0].value.a);
	case TA_CRYPTO_CMD_ECDSA_SIGN:
		return ecdsa_sign(types, params);
	case TA_CRYPTO_CMD_ECDSA_VERIFY:
		return ecdsa_verify(types, params);
	case TA_CRYPTO_CMD_RSA_SIGN:
		return rsa_sign(types, params);
	case TA_CRYPTO_CMD_RSA_CRYPT:
		return rsa_crypt(types, params);
	case TA_CRYPTO_CMD_KEY_GEN:
		return ta_key_gen(types, params);
	case TA_CRYPTO_CMD_ASYM:
		return ta_asym(types, params);
	case TA_CRYPTO_CMD_DIGEST_EXTRACT:
		return ta_digest_extract(types, params);
	case TA_CRYPTO_CMD_SM2_KEP:
		return ta_sm2_kep(types, params);
	case TA_CRYPTO_CMD_BENCH:
		return ta_bench(types, params);
	case TA_CRYPTO_CMD_SET_KEY_RESET:
		return ta_set_key_reset(types, params);
	case TA_CRYPTO_CMD_XTS_KEYS:
		return ta_xts_keys(types, params);
	case TA_CRYPTO_CMD_REKEY:
		return ta_rekey(types, params);
	case TA_CRYPTO_CMD_HANDLES_NEW:
		return ta_handles_new(types, params, false);
	case TA_CRYPTO_CMD_HANDLES_USE:
		return ta_handles_use(types, params, false);
	case TA_CRYPTO_CMD_HANDLES_NEW_OFFSET:
		return ta_handles_new(types, params, true);
	case TA_CRYPTO_CMD_HANDLES_USE_OFFSET:
		return ta_handles_use(types, params, true);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
