// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_crypto: key generation of every type, the asymmetric
 * operations and TEE_DeriveKey() with attributes passed as blobs
 * (ta_crypto_cmds.h), TEE_DigestExtract(), and the misuses of those
 * functions that make a TA panic.
 */
#include <string.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "ta_crypto_asym.h"
#include "ta_crypto_cmds.h"

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT

#define MAX_ATTRS 10

/* A blob being read. */
struct blob {
	const uint8_t *p;
	size_t left;
};

static bool take_u32(struct blob *b, uint32_t *v)
{
	if (b->left < 4)
		return false;
	memcpy(v, b->p, 4);
	b->p += 4;
	b->left -= 4;
	return true;
}

/* Reads @max records at most (all that are left when @n is 0, else
 * exactly @n) into @attrs; returns how many, or -1: malformed. */
static int read_attrs(struct blob *b, uint32_t n, TEE_Attribute *attrs)
{
	uint32_t id, len, a, bv;
	int count = 0;

	while (n ? (uint32_t)count < n : b->left > 0) {
		if (count == MAX_ATTRS || !take_u32(b, &id) ||
		    !take_u32(b, &len) || len > b->left)
			return -1;
		if (id & TEE_ATTR_FLAG_VALUE) {
			if (len != 8 || !take_u32(b, &a) || !take_u32(b, &bv))
				return -1;
			TEE_InitValueAttribute(&attrs[count], id, a, bv);
		} else {
			TEE_InitRefAttribute(&attrs[count], id, b->p, len);
			b->p += len;
			b->left -= len;
		}
		count++;
	}
	return count;
}

/* Appends a record to @out (of @room bytes, @used so far); false: full. */
static bool put_record(uint8_t *out, size_t room, size_t *used, uint32_t id,
		       const void *data, uint32_t len)
{
	if (room - *used < 8 + (size_t)len)
		return false;
	memcpy(out + *used, &id, 4);
	memcpy(out + *used + 4, &len, 4);
	memcpy(out + *used + 8, data, len);
	*used += 8 + len;
	return true;
}

/* Writes the attributes @ids of @obj (and its objectSize) to @p. */
static TEE_Result export_attrs(TEE_ObjectHandle obj, const TEE_Param *ids,
			       TEE_Param *p)
{
	uint8_t *out = p->memref.buffer, buf[512];
	size_t room = p->memref.size, used = 0, len;
	TEE_ObjectInfo info;
	uint32_t id, v[2];
	TEE_Result res;

	TEE_GetObjectInfo1(obj, &info);
	if (!put_record(out, room, &used, 0, &info.objectSize, 4))
		return TEE_ERROR_SHORT_BUFFER;
	for (size_t i = 0; i + 4 <= ids->memref.size; i += 4) {
		memcpy(&id, (uint8_t *)ids->memref.buffer + i, 4);
		if (id & TEE_ATTR_FLAG_VALUE) {
			res = TEE_GetObjectValueAttribute(obj, id, &v[0],
							  &v[1]);
			len = 8;
			memcpy(buf, v, 8);
		} else {
			len = sizeof(buf);
			res = TEE_GetObjectBufferAttribute(obj, id, buf, &len);
		}
		if (res)
			return res;
		if (!put_record(out, room, &used, id, buf, (uint32_t)len))
			return TEE_ERROR_SHORT_BUFFER;
	}
	p->memref.size = used;
	return TEE_SUCCESS;
}

TEE_Result ta_key_gen(uint32_t types, TEE_Param params[4])
{
	struct blob b = {params[1].memref.buffer, params[1].memref.size};
	TEE_Attribute attrs[MAX_ATTRS];
	TEE_ObjectHandle obj;
	TEE_Result res;
	int n;

	if (types != TYPES(VIN, MIN, MOUT, MIN))
		return TEE_ERROR_BAD_PARAMETERS;
	n = read_attrs(&b, 0, attrs);
	if (n < 0)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(params[0].value.a, params[0].value.b,
					  &obj);
	if (res)
		return res;
	res = TEE_GenerateKey(obj, params[0].value.b, attrs, (uint32_t)n);
	if (!res)
		res = export_attrs(obj, &params[3], &params[2]);
	TEE_FreeTransientObject(obj);
	return res;
}

/* The operation @alg, @mode with the key [1] describes; *@pn and
 * @op_params get the operation's parameters. */
static TEE_Result asym_setup(uint32_t alg, uint32_t mode, const TEE_Param *p,
			     TEE_OperationHandle *op, TEE_Attribute *op_params,
			     int *pn)
{
	struct blob b = {p->memref.buffer, p->memref.size};
	TEE_Attribute attrs[MAX_ATTRS];
	uint32_t type, max, nkey;
	TEE_ObjectHandle key;
	TEE_Result res;
	int n;

	if (!take_u32(&b, &type) || !take_u32(&b, &max) || !take_u32(&b, &nkey))
		return TEE_ERROR_BAD_PARAMETERS;
	n = read_attrs(&b, nkey, attrs);
	*pn = read_attrs(&b, 0, op_params);
	if (n < 0 || *pn < 0)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateOperation(op, alg, mode, max);
	if (res)
		return res;
	res = TEE_AllocateTransientObject(type, max, &key);
	if (!res) {
		res = TEE_PopulateTransientObject(key, attrs, (uint32_t)n);
		if (!res)
			res = TEE_SetOperationKey(*op, key);
		TEE_FreeTransientObject(key);
	}
	if (res)
		TEE_FreeOperation(*op);
	return res;
}

/* TEE_DeriveKey into a generic secret of [3]'s size, read back. */
static TEE_Result derive(TEE_OperationHandle op, const TEE_Attribute *attrs,
			 int n, TEE_Param *out)
{
	uint32_t bits = (uint32_t)out->memref.size * 8;
	TEE_ObjectHandle secret;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET,
					  bits > 4096 ? 4096 : bits, &secret);
	if (res)
		return res;
	TEE_DeriveKey(op, attrs, (uint32_t)n, secret);
	res = TEE_GetObjectBufferAttribute(secret, TEE_ATTR_SECRET_VALUE,
					   out->memref.buffer,
					   &out->memref.size);
	TEE_FreeTransientObject(secret);
	return res;
}

TEE_Result ta_asym(uint32_t types, TEE_Param params[4])
{
	uint32_t mode = params[0].value.b;
	uint32_t out = mode == TEE_MODE_VERIFY ? MIN : MOUT;
	TEE_Attribute attrs[MAX_ATTRS];
	TEE_OperationHandle op;
	void *in = params[2].memref.buffer;
	size_t in_len = params[2].memref.size;
	TEE_Result res;
	int n;

	if (types != TYPES(VIN, MIN, MIN, out))
		return TEE_ERROR_BAD_PARAMETERS;
	res = asym_setup(params[0].value.a, mode, &params[1], &op, attrs, &n);
	if (res)
		return res;
	switch (mode) {
	case TEE_MODE_SIGN:
		res = TEE_AsymmetricSignDigest(op, attrs, (uint32_t)n, in,
					       in_len, params[3].memref.buffer,
					       &params[3].memref.size);
		break;
	case TEE_MODE_VERIFY:
		res = TEE_AsymmetricVerifyDigest(
			op, attrs, (uint32_t)n, in, in_len,
			params[3].memref.buffer, params[3].memref.size);
		break;
	case TEE_MODE_ENCRYPT:
		res = TEE_AsymmetricEncrypt(op, attrs, (uint32_t)n, in, in_len,
					    params[3].memref.buffer,
					    &params[3].memref.size);
		break;
	case TEE_MODE_DECRYPT:
		res = TEE_AsymmetricDecrypt(op, attrs, (uint32_t)n, in, in_len,
					    params[3].memref.buffer,
					    &params[3].memref.size);
		break;
	default:
		res = derive(op, attrs, n, &params[3]);
		break;
	}
	TEE_FreeOperation(op);
	return res;
}

/* A populated SM2 KEP keypair from @b: a count, then its attributes. */
static TEE_Result kep_key(struct blob *b, TEE_ObjectHandle *key)
{
	TEE_Attribute attrs[MAX_ATTRS];
	TEE_Result res;
	uint32_t n;
	int got;

	if (!take_u32(b, &n))
		return TEE_ERROR_BAD_PARAMETERS;
	got = read_attrs(b, n, attrs);
	if (got < 0)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateTransientObject(TEE_TYPE_SM2_KEP_KEYPAIR, 256, key);
	if (!res)
		res = TEE_PopulateTransientObject(*key, attrs, (uint32_t)got);
	return res;
}

TEE_Result ta_sm2_kep(uint32_t types, TEE_Param params[4])
{
	struct blob b = {params[1].memref.buffer, params[1].memref.size};
	uint32_t len = params[0].value.a, conf = params[0].value.b ? 32 : 0;
	TEE_ObjectHandle k1 = TEE_HANDLE_NULL, k2 = TEE_HANDLE_NULL, secret;
	uint8_t *out = params[2].memref.buffer;
	TEE_Attribute attrs[MAX_ATTRS];
	TEE_OperationHandle op;
	size_t got = len;
	TEE_Result res;
	int n;

	if (types != TYPES(VIN, MIN, MOUT, NONE) ||
	    params[2].memref.size < (size_t)len + conf)
		return TEE_ERROR_BAD_PARAMETERS;
	res = kep_key(&b, &k1);
	if (!res)
		res = kep_key(&b, &k2);
	n = res ? 0 : read_attrs(&b, 0, attrs);
	if (!res && n < 0)
		res = TEE_ERROR_BAD_PARAMETERS;
	/* The confirmation value goes after the key in [2]. */
	for (int i = 0; i < n; i++)
		if (attrs[i].attributeID == TEE_ATTR_SM2_KEP_CONFIRMATION_OUT)
			attrs[i].content.ref.buffer = out + len;
	if (!res)
		res = TEE_AllocateOperation(&op, TEE_ALG_SM2_KEP,
					    TEE_MODE_DERIVE, 512);
	if (res)
		goto out;
	res = TEE_SetOperationKey2(op, k1, k2);
	if (!res)
		res = TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET,
						  len * 8, &secret);
	if (!res) {
		TEE_DeriveKey(op, attrs, (uint32_t)n, secret);
		res = TEE_GetObjectBufferAttribute(
			secret, TEE_ATTR_SECRET_VALUE, out, &got);
		TEE_FreeTransientObject(secret);
	}
	params[2].memref.size = got + conf;
	TEE_FreeOperation(op);
out:
	TEE_FreeTransientObject(k1);
	TEE_FreeTransientObject(k2);
	return res;
}

TEE_Result ta_digest_extract(uint32_t types, TEE_Param params[4])
{
	uint8_t *out = params[2].memref.buffer;
	size_t room = params[2].memref.size, used = 0, len;
	TEE_OperationHandle op;
	TEE_Result res;

	if (types != TYPES(VIN, MIN, MOUT, NONE) || !params[0].value.b)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateOperation(&op, params[0].value.a, TEE_MODE_DIGEST, 0);
	if (res)
		return res;
	TEE_DigestUpdate(op, params[1].memref.buffer, params[1].memref.size);
	do {
		len = params[0].value.b;
		if (len > room - used)
			len = room - used;
		res = TEE_DigestExtract(op, out + used, &len);
		used += len;
	} while (!res && len && used < room);
	params[2].memref.size = used;
	TEE_FreeOperation(op);
	return res;
}

/* An AES key of 16 bytes of @fill. */
static TEE_Result aes_key(uint8_t fill, TEE_ObjectHandle *obj)
{
	uint8_t key[16];
	TEE_Attribute attr;
	TEE_Result res;

	memset(key, fill, sizeof(key));
	res = TEE_AllocateTransientObject(TEE_TYPE_AES, 128, obj);
	if (res)
		return res;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, key, sizeof(key));
	res = TEE_PopulateTransientObject(*obj, &attr, 1);
	if (res)
		TEE_FreeTransientObject(*obj);
	return res;
}

TEE_Result ta_xts_keys(uint32_t types, TEE_Param params[4])
{
	struct {
		TEE_OperationInfoMultiple m;
		TEE_OperationInfoKey keys[2];
	} info;
	size_t size = sizeof(info);
	TEE_OperationHandle op;
	TEE_ObjectHandle k1, k2;
	TEE_OperationInfo one;
	TEE_Result res;

	if (types != TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
			   TEE_PARAM_TYPE_VALUE_OUTPUT,
			   TEE_PARAM_TYPE_VALUE_OUTPUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocateOperation(&op, TEE_ALG_AES_XTS, TEE_MODE_ENCRYPT,
				    256);
	if (res)
		return res;
	TEE_GetOperationInfo(op, &one);
	params[0].value.b = one.handleState;
	res = aes_key(1, &k1);
	if (!res) {
		res = aes_key(2, &k2);
		if (res)
			TEE_FreeTransientObject(k1);
	}
	if (res)
		goto out;
	params[0].value.a = TEE_SetOperationKey2(op, k1, k1);
	res = TEE_SetOperationKey2(op, k1, k2);
	if (!res)
		res = TEE_GetOperationInfoMultiple(op, &info.m, &size);
	if (!res) {
		params[1].value.a = info.m.keyInformation[0].keySize;
		params[1].value.b = info.m.keyInformation[1].keySize;
		params[2].value.a = info.m.numberOfKeys;
		TEE_GetOperationInfo(op, &one);
		params[2].value.b = one.keySize;
	}
	TEE_FreeTransientObject(k1);
	TEE_FreeTransientObject(k2);
out:
	TEE_FreeOperation(op);
	return res;
}

/* An operation of @alg, @mode, @bits with a populated key of @type. */
static TEE_OperationHandle keyed(uint32_t alg, uint32_t mode, uint32_t bits,
				 uint32_t type, const TEE_Attribute *attrs,
				 uint32_t n)
{
	TEE_OperationHandle op;
	TEE_ObjectHandle key;

	if (TEE_AllocateOperation(&op, alg, mode, bits) ||
	    TEE_AllocateTransientObject(type, bits, &key) ||
	    TEE_PopulateTransientObject(key, attrs, n) ||
	    TEE_SetOperationKey(op, key))
		TEE_Panic(1); /* not the misuse under test: fails the test */
	TEE_FreeTransientObject(key);
	return op;
}

/* An X25519 operation with a generated key. */
static TEE_OperationHandle x25519_op(void)
{
	TEE_OperationHandle op;
	TEE_ObjectHandle key;

	if (TEE_AllocateOperation(&op, TEE_ALG_X25519, TEE_MODE_DERIVE, 256) ||
	    TEE_AllocateTransientObject(TEE_TYPE_X25519_KEYPAIR, 256, &key) ||
	    TEE_GenerateKey(key, 256, NULL, 0) || TEE_SetOperationKey(op, key))
		TEE_Panic(1);
	TEE_FreeTransientObject(key);
	return op;
}

TEE_Result ta_asym_misuse(uint32_t which)
{
	static const uint8_t bytes[32] = {9};
	TEE_ObjectHandle obj;
	TEE_OperationHandle op;
	TEE_Attribute attr[3];
	uint8_t buf[64];
	size_t len = sizeof(buf);

	switch (which) {
	case TA_CRYPTO_MISUSE_DERIVE_MISSING_PARAM:
		TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET, 256, &obj);
		TEE_DeriveKey(x25519_op(), NULL, 0, obj);
		break;
	case TA_CRYPTO_MISUSE_DERIVE_INTO_AES:
		TEE_AllocateTransientObject(TEE_TYPE_AES, 256, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_X25519_PUBLIC_VALUE,
				     bytes, 32);
		TEE_DeriveKey(x25519_op(), attr, 1, obj);
		break;
	case TA_CRYPTO_MISUSE_DERIVE_NO_LENGTH:
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_HKDF_IKM, bytes, 32);
		op = keyed(TEE_ALG_HKDF_SHA256_DERIVE_KEY, TEE_MODE_DERIVE, 256,
			   TEE_TYPE_HKDF_IKM, attr, 1);
		TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET, 256, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_HKDF_SALT, bytes, 4);
		TEE_DeriveKey(op, attr, 1, obj);
		break;
	case TA_CRYPTO_MISUSE_UPDATE_WHILE_EXTRACTING:
		TEE_AllocateOperation(&op, TEE_ALG_SHA256, TEE_MODE_DIGEST, 0);
		len = 4;
		TEE_DigestExtract(op, buf, &len);
		TEE_DigestUpdate(op, bytes, 1);
		break;
	case TA_CRYPTO_MISUSE_X25519_SHORT_VALUE:
		TEE_AllocateTransientObject(TEE_TYPE_X25519_KEYPAIR, 256, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_X25519_PRIVATE_VALUE,
				     bytes, 32);
		TEE_InitRefAttribute(&attr[1], TEE_ATTR_X25519_PUBLIC_VALUE,
				     bytes, 31);
		TEE_PopulateTransientObject(obj, attr, 2);
		break;
	case TA_CRYPTO_MISUSE_DH_POPULATE_X_BITS:
		TEE_AllocateTransientObject(TEE_TYPE_DH_KEYPAIR, 256, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_DH_PRIME, bytes, 32);
		TEE_InitRefAttribute(&attr[1], TEE_ATTR_DH_BASE, bytes, 1);
		TEE_InitValueAttribute(&attr[2], TEE_ATTR_DH_X_BITS, 100, 0);
		TEE_PopulateTransientObject(obj, attr, 3);
		break;
	case TA_CRYPTO_MISUSE_DSA_GEN_NO_BASE:
		TEE_AllocateTransientObject(TEE_TYPE_DSA_KEYPAIR, 512, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_DSA_PRIME, bytes, 32);
		TEE_InitRefAttribute(&attr[1], TEE_ATTR_DSA_SUBPRIME, bytes,
				     20);
		TEE_GenerateKey(obj, 512, attr, 2);
		break;
	case TA_CRYPTO_MISUSE_SIGN_ED25519_ON_VERIFY:
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_ED25519_PUBLIC_VALUE,
				     bytes, 32);
		op = keyed(TEE_ALG_ED25519, TEE_MODE_VERIFY, 256,
			   TEE_TYPE_ED25519_PUBLIC_KEY, attr, 1);
		TEE_AsymmetricSignDigest(op, NULL, 0, bytes, 1, buf, &len);
		break;
	case TA_CRYPTO_MISUSE_XTS_ONE_KEY:
		TEE_AllocateOperation(&op, TEE_ALG_AES_XTS, TEE_MODE_ENCRYPT,
				      256);
		TEE_AllocateTransientObject(TEE_TYPE_AES, 128, &obj);
		TEE_InitRefAttribute(&attr[0], TEE_ATTR_SECRET_VALUE, bytes,
				     16);
		TEE_PopulateTransientObject(obj, attr, 1);
		TEE_SetOperationKey(op, obj);
		break;
	default:
		return ta_state_misuse(which);
	}
	return TEE_SUCCESS; /* the misuse went unnoticed */
}
