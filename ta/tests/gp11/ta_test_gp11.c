// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_gp11: a TA written against GP Internal Core API 1.1 (sizes as
 * uint32_t, the 1.1 TEE_Param, TEE_Attribute and TEE_ObjectInfo), built
 * with __OPTEE_CORE_API_COMPAT_1_1 so that each call below is a __GP11_
 * twin of libutee (tee_api_compat.h).  Commands: ta_gp11_cmds.h; the
 * client is tests/e2e/test_gp11_compat.c.
 */
#include <stddef.h>
#include <string.h>

#include <tee_internal_api.h>

#include "ta_gp11_cmds.h"
#include "../ta2ta/ta_ta2ta_cmds.h"

/* The 1.1 layouts are what this file sees under the standard names. */
_Static_assert(__OPTEE_CORE_API_COMPAT_1_1, "built without the GP 1.1 switch");
_Static_assert(sizeof(((TEE_Param *)0)->memref.size) == 4,
	       "TEE_Param is not GP 1.1's");
_Static_assert(sizeof(((TEE_Attribute *)0)->content.ref.length) == 4,
	       "TEE_Attribute is not GP 1.1's");
_Static_assert(sizeof(TEE_ObjectInfo) == 28, "TEE_ObjectInfo is not GP 1.1's");
_Static_assert(offsetof(TEE_ObjectInfo, maxKeySize) == 8,
	       "TEE_ObjectInfo is not GP 1.1's");

#define CHECK(c)                                                               \
	do {                                                                   \
		if (!(c))                                                      \
			return GP11_FAIL | __LINE__;                           \
	} while (0)

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define VIO   TEE_PARAM_TYPE_VALUE_INOUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT
#define MIO   TEE_PARAM_TYPE_MEMREF_INOUT

#define ID    "gp11-object"
#define NEWID "gp11-renamed"

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

/* Through __ta_open_sess(): p0 value INOUT a += 1, b = sizeof(TEE_Param). */
TEE_Result TA_OpenSessionEntryPoint(uint32_t types, TEE_Param params[4],
				    void **sess_ctx)
{
	(void)sess_ctx;
	if (types == TYPES(VIO, NONE, NONE, NONE)) {
		params[0].value.a++;
		params[0].value.b = sizeof(TEE_Param);
	}
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	(void)sess_ctx;
}

static TEE_Result cmd_params(uint32_t types, TEE_Param p[4])
{
	uint32_t size;

	CHECK(types == TYPES(MIO, VOUT, VIO, NONE));
	size = p[0].memref.size;
	TEE_MemFill(p[0].memref.buffer, 0xA5, size);
	p[0].memref.size = size / 2;
	p[1].value.a = size;
	p[1].value.b = sizeof(TEE_Param);
	p[2].value.a++;
	return TEE_SUCCESS;
}

static TEE_Result cmd_memory(void)
{
	uint32_t n = 64;
	uint8_t *a = TEE_Malloc(n, TEE_MALLOC_FILL_ZERO);
	uint8_t *b;

	CHECK(a);
	for (uint32_t i = 0; i < n; i++)
		CHECK(!a[i]);
	TEE_MemFill(a, 0x5A, n);
	CHECK(a[0] == 0x5A && a[n - 1] == 0x5A);
	b = TEE_Realloc(a, 2 * n);
	CHECK(b);
	CHECK(b[n - 1] == 0x5A && b[2 * n - 1] == 0);
	TEE_MemMove(b + n, b, n);
	CHECK(TEE_MemCompare(b, b + n, n) == 0);
	b[2 * n - 1] = 0x5B;
	CHECK(TEE_MemCompare(b, b + n, n) < 0);
	CHECK(TEE_CheckMemoryAccessRights(TEE_MEMORY_ACCESS_READ |
						  TEE_MEMORY_ACCESS_WRITE,
					  b, 2 * n) == TEE_SUCCESS);
	TEE_Free(b);
	return TEE_SUCCESS;
}

static TEE_Result cmd_property(uint32_t types, TEE_Param p[4])
{
	char s[64];
	uint8_t blk[8];
	uint32_t len = 4;
	TEE_PropSetHandle e;

	CHECK(types == TYPES(MOUT, NONE, NONE, NONE));
	/* Too short: the length needed, NUL included, comes back. */
	CHECK(TEE_GetPropertyAsString(TEE_PROPSET_CURRENT_TA,
				      "gpd.ta.description", s,
				      &len) == TEE_ERROR_SHORT_BUFFER);
	CHECK(len == sizeof("teebox test TA: GP 1.1 compatibility"));
	len = sizeof(s);
	CHECK(TEE_GetPropertyAsString(TEE_PROPSET_CURRENT_TA,
				      "gpd.ta.description", s,
				      &len) == TEE_SUCCESS);
	CHECK(!strcmp(s, "teebox test TA: GP 1.1 compatibility"));
	len = sizeof(blk);
	CHECK(TEE_GetPropertyAsBinaryBlock(TEE_PROPSET_CURRENT_TA,
					   GP11_PROP_BLOCK, blk,
					   &len) == TEE_SUCCESS);
	CHECK(len == 3 && blk[0] == 1 && blk[1] == 2 && blk[2] == 3);
	CHECK(TEE_AllocatePropertyEnumerator(&e) == TEE_SUCCESS);
	TEE_StartPropertyEnumerator(e, TEE_PROPSET_CURRENT_TA);
	len = p[0].memref.size;
	CHECK(TEE_GetPropertyName(e, p[0].memref.buffer, &len) == TEE_SUCCESS);
	p[0].memref.size = len;
	TEE_FreePropertyEnumerator(e);
	return TEE_SUCCESS;
}

static TEE_Result cmd_objects(uint32_t types, TEE_Param p[4])
{
	static const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
	TEE_ObjectHandle o, g;
	TEE_Attribute a;
	TEE_ObjectInfo info;
	uint8_t out[16];
	uint32_t len = 8;

	CHECK(types == TYPES(VOUT, VOUT, VOUT, VOUT));
	CHECK(TEE_AllocateTransientObject(TEE_TYPE_AES, 128, &o) ==
	      TEE_SUCCESS);
	TEE_InitRefAttribute(&a, TEE_ATTR_SECRET_VALUE, key, sizeof(key));
	CHECK(a.content.ref.length == sizeof(key));
	CHECK(TEE_PopulateTransientObject(o, &a, 1) == TEE_SUCCESS);
	CHECK(TEE_GetObjectInfo1(o, &info) == TEE_SUCCESS);
	p[0].value.a = info.keySize;
	p[0].value.b = info.maxKeySize;
	p[1].value.a = info.objectType;
	p[1].value.b = info.handleFlags;
	p[2].value.a = sizeof(info);
	p[2].value.b = info.dataSize;
	/* The deprecated 1.1 function: the same, no result. */
	TEE_MemFill(&info, 0, sizeof(info));
	TEE_GetObjectInfo(o, &info);
	CHECK(info.keySize == 128 && info.objectType == TEE_TYPE_AES);
	CHECK(TEE_GetObjectBufferAttribute(o, TEE_ATTR_SECRET_VALUE, out,
					   &len) == TEE_ERROR_SHORT_BUFFER);
	CHECK(len == sizeof(key));
	CHECK(TEE_GetObjectBufferAttribute(o, TEE_ATTR_SECRET_VALUE, out,
					   &len) == TEE_SUCCESS);
	CHECK(!TEE_MemCompare(out, key, sizeof(key)));
	p[3].value.a = sizeof(TEE_Attribute);
	p[3].value.b = len;
	/* GenerateKey with a 1.1 value attribute: an ECDSA P-256 key. */
	CHECK(TEE_AllocateTransientObject(TEE_TYPE_ECDSA_KEYPAIR, 256, &g) ==
	      TEE_SUCCESS);
	TEE_InitValueAttribute(&a, TEE_ATTR_ECC_CURVE, TEE_ECC_CURVE_NIST_P256,
			       0);
	CHECK(a.content.value.a == TEE_ECC_CURVE_NIST_P256);
	CHECK(TEE_GenerateKey(g, 256, &a, 1) == TEE_SUCCESS);
	CHECK(TEE_GetObjectInfo1(g, &info) == TEE_SUCCESS);
	CHECK(info.keySize == 256 &&
	      (info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED));
	TEE_FreeTransientObject(g);
	TEE_FreeTransientObject(o);
	return TEE_SUCCESS;
}

static TEE_Result cmd_data_object(uint32_t types, TEE_Param p[4])
{
	TEE_ObjectHandle o = TEE_HANDLE_NULL, bad = TEE_HANDLE_NULL;
	TEE_ObjectInfo info;

	CHECK(types == TYPES(VOUT, VOUT, NONE, NONE));
	p[0].value.a = TEE_AllocateTransientObject(TEE_TYPE_DATA, 0, &o);
	p[0].value.b = TEE_AllocateTransientObject(TEE_TYPE_DATA, 128, &bad);
	CHECK(!bad);
	CHECK(o);
	CHECK(TEE_GetObjectInfo1(o, &info) == TEE_SUCCESS);
	p[1].value.a = info.objectType;
	p[1].value.b = info.maxKeySize;
	TEE_ResetTransientObject(o);
	TEE_FreeTransientObject(o);
	return TEE_SUCCESS;
}

/* A data object written, sought, read, truncated, renamed, listed. */
static TEE_Result cmd_storage(uint32_t types, TEE_Param p[4])
{
	const uint32_t rw =
		TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE |
		TEE_DATA_FLAG_ACCESS_WRITE_META | TEE_DATA_FLAG_OVERWRITE;
	TEE_ObjectHandle o;
	TEE_ObjectEnumHandle e;
	TEE_ObjectInfo info;
	uint8_t id[TEE_OBJECT_ID_MAX_LEN];
	uint8_t buf[16];
	uint32_t n = 0, idlen = 0;

	CHECK(types == TYPES(VOUT, VOUT, NONE, NONE));
	CHECK(TEE_CreatePersistentObject(TEE_STORAGE_PRIVATE, ID,
					 sizeof(ID) - 1, rw, TEE_HANDLE_NULL,
					 "0123", 4, &o) == TEE_SUCCESS);
	CHECK(TEE_SeekObjectData(o, 0, TEE_DATA_SEEK_END) == TEE_SUCCESS);
	CHECK(TEE_WriteObjectData(o, "456789", 6) == TEE_SUCCESS);
	/* A negative 32-bit offset: 3 bytes back from the end. */
	CHECK(TEE_SeekObjectData(o, -3, TEE_DATA_SEEK_END) == TEE_SUCCESS);
	CHECK(TEE_GetObjectInfo1(o, &info) == TEE_SUCCESS);
	p[0].value.a = info.dataSize;
	p[0].value.b = info.dataPosition;
	CHECK(TEE_ReadObjectData(o, buf, sizeof(buf), &n) == TEE_SUCCESS);
	CHECK(n == 3 && !TEE_MemCompare(buf, "789", 3));
	p[1].value.a = n;
	CHECK(TEE_TruncateObjectData(o, 2) == TEE_SUCCESS);
	CHECK(TEE_GetObjectInfo1(o, &info) == TEE_SUCCESS);
	CHECK(info.dataSize == 2);
	CHECK(TEE_RenamePersistentObject(o, NEWID, sizeof(NEWID) - 1) ==
	      TEE_SUCCESS);
	TEE_CloseObject(o);
	CHECK(TEE_OpenPersistentObject(TEE_STORAGE_PRIVATE, ID, sizeof(ID) - 1,
				       TEE_DATA_FLAG_ACCESS_READ,
				       &o) == TEE_ERROR_ITEM_NOT_FOUND);
	CHECK(TEE_AllocatePersistentObjectEnumerator(&e) == TEE_SUCCESS);
	CHECK(TEE_StartPersistentObjectEnumerator(e, TEE_STORAGE_PRIVATE) ==
	      TEE_SUCCESS);
	TEE_MemFill(&info, 0xFF, sizeof(info));
	idlen = sizeof(id);
	CHECK(TEE_GetNextPersistentObject(e, &info, id, &idlen) == TEE_SUCCESS);
	CHECK(idlen == sizeof(NEWID) - 1 && !TEE_MemCompare(id, NEWID, idlen));
	CHECK(info.objectType == TEE_TYPE_DATA && info.dataSize == 2);
	p[1].value.b = idlen;
	TEE_FreePersistentObjectEnumerator(e);
	CHECK(TEE_OpenPersistentObject(
		      TEE_STORAGE_PRIVATE, NEWID, sizeof(NEWID) - 1,
		      TEE_DATA_FLAG_ACCESS_WRITE_META, &o) == TEE_SUCCESS);
	CHECK(TEE_CloseAndDeletePersistentObject1(o) == TEE_SUCCESS);
	return TEE_SUCCESS;
}

static TEE_Result cmd_digest(uint32_t types, TEE_Param p[4])
{
	const uint8_t *in = p[0].memref.buffer;
	uint32_t half = p[0].memref.size / 2;
	TEE_OperationHandle op;
	uint32_t len = 16;

	CHECK(types == TYPES(MIN, MOUT, VOUT, NONE));
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_SHA256, TEE_MODE_DIGEST, 0) ==
	      TEE_SUCCESS);
	TEE_DigestUpdate(op, in, half);
	p[2].value.a = TEE_DigestDoFinal(op, in + half, p[0].memref.size - half,
					 p[1].memref.buffer, &len);
	p[2].value.b = len;
	len = p[1].memref.size;
	CHECK(TEE_DigestDoFinal(op, in + half, p[0].memref.size - half,
				p[1].memref.buffer, &len) == TEE_SUCCESS);
	p[1].memref.size = len;
	TEE_FreeOperation(op);
	return TEE_SUCCESS;
}

/* An AES-128 key object from @key. */
static TEE_Result aes_key(const uint8_t *key, TEE_ObjectHandle *o)
{
	TEE_Attribute a;

	CHECK(TEE_AllocateTransientObject(TEE_TYPE_AES, 128, o) == TEE_SUCCESS);
	TEE_InitRefAttribute(&a, TEE_ATTR_SECRET_VALUE, key, 16);
	CHECK(TEE_PopulateTransientObject(*o, &a, 1) == TEE_SUCCESS);
	return TEE_SUCCESS;
}

/* AES-128-CBC-NOPAD over @in (whole blocks) in @mode into @out. */
static TEE_Result cbc(uint32_t mode, TEE_ObjectHandle key, const uint8_t *iv,
		      const uint8_t *in, uint32_t len, uint8_t *out)
{
	TEE_OperationHandle op;
	uint32_t n = len, m;

	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_CBC_NOPAD, mode, 128) ==
	      TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key) == TEE_SUCCESS);
	TEE_CipherInit(op, iv, 16);
	CHECK(TEE_CipherUpdate(op, in, 16, out, &n) == TEE_SUCCESS);
	CHECK(n == 16);
	m = len - n;
	CHECK(TEE_CipherDoFinal(op, in + 16, len - 16, out + n, &m) ==
	      TEE_SUCCESS);
	CHECK(n + m == len);
	TEE_FreeOperation(op);
	return TEE_SUCCESS;
}

static TEE_Result cmd_cipher(uint32_t types, TEE_Param p[4])
{
	const uint8_t *in = p[0].memref.buffer;
	uint32_t len = p[0].memref.size - 32;
	TEE_ObjectHandle key;
	uint8_t back[256];
	TEE_Result res;

	CHECK(types == TYPES(MIN, MOUT, NONE, NONE));
	CHECK(len >= 32 && len % 16 == 0 && len <= sizeof(back) &&
	      p[1].memref.size >= len);
	res = aes_key(in, &key);
	if (res)
		return res;
	res = cbc(TEE_MODE_ENCRYPT, key, in + 16, in + 32, len,
		  p[1].memref.buffer);
	if (res)
		return res;
	res = cbc(TEE_MODE_DECRYPT, key, in + 16, p[1].memref.buffer, len,
		  back);
	if (res)
		return res;
	CHECK(!TEE_MemCompare(back, in + 32, len));
	p[1].memref.size = len;
	TEE_FreeTransientObject(key);
	return TEE_SUCCESS;
}

static TEE_Result cmd_mac(uint32_t types, TEE_Param p[4])
{
	const uint8_t *in = p[0].memref.buffer;
	uint32_t len = p[0].memref.size - 32, maclen = p[1].memref.size;
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Attribute a;
	uint8_t *mac = p[1].memref.buffer;

	CHECK(types == TYPES(MIN, MOUT, NONE, NONE));
	CHECK(p[0].memref.size >= 32);
	CHECK(TEE_AllocateTransientObject(TEE_TYPE_HMAC_SHA256, 256, &key) ==
	      TEE_SUCCESS);
	TEE_InitRefAttribute(&a, TEE_ATTR_SECRET_VALUE, in, 32);
	CHECK(TEE_PopulateTransientObject(key, &a, 1) == TEE_SUCCESS);
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_HMAC_SHA256, TEE_MODE_MAC,
				    256) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key) == TEE_SUCCESS);
	TEE_MACInit(op, NULL, 0);
	TEE_MACUpdate(op, in + 32, len / 2);
	CHECK(TEE_MACComputeFinal(op, in + 32 + len / 2, len - len / 2, mac,
				  &maclen) == TEE_SUCCESS);
	CHECK(maclen == 32);
	p[1].memref.size = maclen;
	TEE_MACInit(op, NULL, 0);
	CHECK(TEE_MACCompareFinal(op, in + 32, len, mac, maclen) ==
	      TEE_SUCCESS);
	TEE_MACInit(op, NULL, 0);
	CHECK(TEE_MACCompareFinal(op, in + 32, len, mac, maclen - 1) ==
	      TEE_ERROR_MAC_INVALID);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(key);
	return TEE_SUCCESS;
}

/* The operation state TEE_GetOperationInfoMultiple reports. */
static TEE_Result op_state(TEE_OperationHandle op, uint32_t *state)
{
	uint8_t buf[sizeof(TEE_OperationInfoMultiple) +
		    2 * sizeof(TEE_OperationInfoKey)];
	TEE_OperationInfoMultiple *info = (void *)buf;
	uint32_t len = sizeof(*info); /* no room for the key */

	CHECK(TEE_GetOperationInfoMultiple(op, info, &len) ==
	      TEE_ERROR_SHORT_BUFFER);
	len = sizeof(buf);
	CHECK(TEE_GetOperationInfoMultiple(op, info, &len) == TEE_SUCCESS);
	CHECK(len ==
	      sizeof(TEE_OperationInfoMultiple) + sizeof(TEE_OperationInfoKey));
	*state = info->operationState;
	return TEE_SUCCESS;
}

static TEE_Result cmd_ae(uint32_t types, TEE_Param p[4])
{
	static const uint8_t k[16] = {0x42}, nonce[12] = {7}, aad[8] = {9};
	static const uint8_t pt[24] = "GP 1.1 AE round trip...";
	uint8_t ct[32], back[32], tag[16];
	uint32_t n = sizeof(ct), m, tlen = sizeof(tag), state = 0;
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Result res = aes_key(k, &key);

	if (res)
		return res;
	CHECK(types == TYPES(VOUT, NONE, NONE, NONE));
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT,
				    128) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key) == TEE_SUCCESS);
	CHECK(TEE_AEInit(op, nonce, sizeof(nonce), 128, sizeof(aad),
			 sizeof(pt)) == TEE_SUCCESS);
	TEE_AEUpdateAAD(op, aad, 4);
	res = op_state(op, &state);
	if (res)
		return res;
	p[0].value.a = state;
	/* Not INITIAL any more: 1.1 does not check. */
	TEE_AEUpdateAAD(op, aad + 4, 4);
	CHECK(TEE_AEUpdate(op, pt, 16, ct, &n) == TEE_SUCCESS);
	CHECK(n == 16);
	m = sizeof(ct) - n;
	CHECK(TEE_AEEncryptFinal(op, pt + 16, sizeof(pt) - 16, ct + n, &m, tag,
				 &tlen) == TEE_SUCCESS);
	CHECK(n + m == sizeof(pt) && tlen == 16);
	p[0].value.b = tlen;
	TEE_FreeOperation(op);
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_GCM, TEE_MODE_DECRYPT,
				    128) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key) == TEE_SUCCESS);
	CHECK(TEE_AEInit(op, nonce, sizeof(nonce), 128, sizeof(aad),
			 sizeof(pt)) == TEE_SUCCESS);
	TEE_AEUpdateAAD(op, aad, sizeof(aad));
	n = sizeof(back);
	CHECK(TEE_AEDecryptFinal(op, ct, sizeof(pt), back, &n, tag, tlen) ==
	      TEE_SUCCESS);
	CHECK(n == sizeof(pt) && !TEE_MemCompare(back, pt, sizeof(pt)));
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(key);
	return TEE_SUCCESS;
}

/* An operation of @alg in @mode with @key. */
static TEE_Result keyed_op(uint32_t alg, uint32_t mode, TEE_ObjectHandle key,
			   TEE_OperationHandle *op)
{
	CHECK(TEE_AllocateOperation(op, alg, mode, 1024) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(*op, key) == TEE_SUCCESS);
	return TEE_SUCCESS;
}

static TEE_Result cmd_asym(void)
{
	static const uint8_t msg[20] = "GP 1.1 asymmetric";
	static const uint8_t digest[32] = {1, 2, 3};
	uint8_t ct[128], back[128], sig[128];
	uint32_t n = sizeof(ct), m = sizeof(back), s = 16;
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Attribute salt;
	TEE_Result res;

	CHECK(TEE_AllocateTransientObject(TEE_TYPE_RSA_KEYPAIR, 1024, &key) ==
	      TEE_SUCCESS);
	CHECK(TEE_GenerateKey(key, 1024, NULL, 0) == TEE_SUCCESS);
	res = keyed_op(TEE_ALG_RSAES_PKCS1_V1_5, TEE_MODE_ENCRYPT, key, &op);
	if (res)
		return res;
	CHECK(TEE_AsymmetricEncrypt(op, NULL, 0, msg, sizeof(msg), ct, &n) ==
	      TEE_SUCCESS);
	CHECK(n == 128);
	TEE_FreeOperation(op);
	res = keyed_op(TEE_ALG_RSAES_PKCS1_V1_5, TEE_MODE_DECRYPT, key, &op);
	if (res)
		return res;
	CHECK(TEE_AsymmetricDecrypt(op, NULL, 0, ct, n, back, &m) ==
	      TEE_SUCCESS);
	CHECK(m == sizeof(msg) && !TEE_MemCompare(back, msg, m));
	TEE_FreeOperation(op);
	TEE_InitValueAttribute(&salt, TEE_ATTR_RSA_PSS_SALT_LENGTH, 32, 0);
	res = keyed_op(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256, TEE_MODE_SIGN, key,
		       &op);
	if (res)
		return res;
	CHECK(TEE_AsymmetricSignDigest(op, &salt, 1, digest, sizeof(digest),
				       sig, &s) == TEE_ERROR_SHORT_BUFFER);
	CHECK(s == 128);
	CHECK(TEE_AsymmetricSignDigest(op, &salt, 1, digest, sizeof(digest),
				       sig, &s) == TEE_SUCCESS);
	TEE_FreeOperation(op);
	res = keyed_op(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256, TEE_MODE_VERIFY,
		       key, &op);
	if (res)
		return res;
	CHECK(TEE_AsymmetricVerifyDigest(op, &salt, 1, digest, sizeof(digest),
					 sig, s) == TEE_SUCCESS);
	sig[0] ^= 1;
	CHECK(TEE_AsymmetricVerifyDigest(op, &salt, 1, digest, sizeof(digest),
					 sig,
					 s) == TEE_ERROR_SIGNATURE_INVALID);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(key);
	return TEE_SUCCESS;
}

/* A P-256 ECDH keypair. */
static TEE_Result ecdh_key(TEE_ObjectHandle *o)
{
	TEE_Attribute a;

	CHECK(TEE_AllocateTransientObject(TEE_TYPE_ECDH_KEYPAIR, 256, o) ==
	      TEE_SUCCESS);
	TEE_InitValueAttribute(&a, TEE_ATTR_ECC_CURVE, TEE_ECC_CURVE_NIST_P256,
			       0);
	CHECK(TEE_GenerateKey(*o, 256, &a, 1) == TEE_SUCCESS);
	return TEE_SUCCESS;
}

/* The secret @mine derives with @peer's public point, into @out[32]. */
static TEE_Result ecdh(TEE_ObjectHandle mine, TEE_ObjectHandle peer,
		       uint8_t *out)
{
	uint8_t x[32], y[32];
	uint32_t xl = sizeof(x), yl = sizeof(y), len = 32;
	TEE_Attribute pub[2];
	TEE_OperationHandle op;
	TEE_ObjectHandle secret;

	CHECK(TEE_GetObjectBufferAttribute(peer, TEE_ATTR_ECC_PUBLIC_VALUE_X, x,
					   &xl) == TEE_SUCCESS);
	CHECK(TEE_GetObjectBufferAttribute(peer, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y,
					   &yl) == TEE_SUCCESS);
	TEE_InitRefAttribute(&pub[0], TEE_ATTR_ECC_PUBLIC_VALUE_X, x, xl);
	TEE_InitRefAttribute(&pub[1], TEE_ATTR_ECC_PUBLIC_VALUE_Y, y, yl);
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_ECDH_DERIVE_SHARED_SECRET,
				    TEE_MODE_DERIVE, 256) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, mine) == TEE_SUCCESS);
	CHECK(TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET, 256,
					  &secret) == TEE_SUCCESS);
	TEE_DeriveKey(op, pub, 2, secret);
	CHECK(TEE_GetObjectBufferAttribute(secret, TEE_ATTR_SECRET_VALUE, out,
					   &len) == TEE_SUCCESS);
	CHECK(len == 32);
	TEE_FreeTransientObject(secret);
	TEE_FreeOperation(op);
	return TEE_SUCCESS;
}

static TEE_Result cmd_derive(void)
{
	uint8_t s1[32], s2[32];
	TEE_ObjectHandle a, b;
	TEE_Result res = ecdh_key(&a);

	if (!res)
		res = ecdh_key(&b);
	if (!res)
		res = ecdh(a, b, s1);
	if (!res)
		res = ecdh(b, a, s2);
	if (res)
		return res;
	CHECK(!TEE_MemCompare(s1, s2, sizeof(s1)));
	TEE_FreeTransientObject(a);
	TEE_FreeTransientObject(b);
	return TEE_SUCCESS;
}

static TEE_Result cmd_arith(void)
{
	static const uint8_t v[5] = {0x01, 0x23, 0x45, 0x67, 0x89};
	TEE_BigInt a[TEE_BigIntSizeInU32(64)], b[TEE_BigIntSizeInU32(64)];
	uint32_t ctx[4], fmm[TEE_BigIntSizeInU32(64) + 2];
	uint8_t out[8], rnd[32] = {0};
	uint32_t len = 2, nonzero = 0;

	TEE_GenerateRandom(rnd, sizeof(rnd));
	for (unsigned int i = 0; i < sizeof(rnd); i++)
		nonzero |= rnd[i];
	CHECK(nonzero);
	CHECK(TEE_BigIntFMMSizeInU32(64) <= sizeof(fmm) / sizeof(fmm[0]));
	CHECK(TEE_BigIntFMMContextSizeInU32(64) <= sizeof(ctx) / 4);
	__GP11_TEE_BigIntInit(a, TEE_BigIntSizeInU32(64));
	TEE_BigIntInit(b, TEE_BigIntSizeInU32(64));
	CHECK(TEE_BigIntConvertFromOctetString(a, v, sizeof(v), 1) ==
	      TEE_SUCCESS);
	CHECK(TEE_BigIntConvertToOctetString(out, &len, a) ==
	      TEE_ERROR_SHORT_BUFFER);
	CHECK(len == sizeof(v));
	CHECK(TEE_BigIntConvertToOctetString(out, &len, a) == TEE_SUCCESS);
	CHECK(len == sizeof(v) && !TEE_MemCompare(out, v, len));
	TEE_BigIntShiftRight(b, a, 8);
	len = sizeof(out);
	CHECK(TEE_BigIntConvertToOctetString(out, &len, b) == TEE_SUCCESS);
	CHECK(len == 4 && !TEE_MemCompare(out, v, 4));
	TEE_BigIntInitFMMContext(ctx, TEE_BigIntFMMContextSizeInU32(64), a);
	TEE_BigIntInitFMM(fmm, TEE_BigIntFMMSizeInU32(64));
	return TEE_SUCCESS;
}

/* AES-GCM with @op (keyed, not initialised) over a fixed message. */
static TEE_Result gcm(TEE_OperationHandle op, uint8_t *ct, uint8_t *tag)
{
	static const uint8_t nonce[12] = {8};
	static const uint8_t in[32] = "set key after AEInit, GP 1.1...";
	uint32_t n = sizeof(in), t = 16;

	CHECK(TEE_AEInit(op, nonce, sizeof(nonce), 128, 0, sizeof(in)) ==
	      TEE_SUCCESS);
	CHECK(TEE_AEEncryptFinal(op, in, sizeof(in), ct, &n, tag, &t) ==
	      TEE_SUCCESS);
	CHECK(n == sizeof(in) && t == 16);
	return TEE_SUCCESS;
}

/*
 * SetOperationKey after AEInit, whose state is still INITIAL: 1.1 allows
 * it (1.3.1 panics: the operation is initialised); the operation is then
 * initialised again and uses the new key.
 */
static TEE_Result cmd_set_key_init(void)
{
	static const uint8_t k1[16] = {1}, k2[16] = {2}, nonce[12] = {0};
	uint8_t ct[32], tag[16], ref[32], rtag[16];
	TEE_ObjectHandle key1, key2;
	TEE_OperationHandle op, ref_op;
	TEE_Result res = aes_key(k1, &key1);

	if (!res)
		res = aes_key(k2, &key2);
	if (res)
		return res;
	CHECK(TEE_AllocateOperation(&ref_op, TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT,
				    128) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(ref_op, key2) == TEE_SUCCESS);
	res = gcm(ref_op, ref, rtag);
	if (res)
		return res;
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT,
				    128) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key1) == TEE_SUCCESS);
	CHECK(TEE_AEInit(op, nonce, sizeof(nonce), 128, 0, 0) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key2) == TEE_SUCCESS);
	res = gcm(op, ct, tag);
	if (res)
		return res;
	CHECK(!TEE_MemCompare(ct, ref, sizeof(ct)));
	CHECK(!TEE_MemCompare(tag, rtag, sizeof(tag)));
	TEE_FreeOperation(op);
	TEE_FreeOperation(ref_op);
	TEE_FreeTransientObject(key1);
	TEE_FreeTransientObject(key2);
	return TEE_SUCCESS;
}

static TEE_Result cmd_set_key2_same(uint32_t types, TEE_Param p[4])
{
	static const uint8_t k[16] = {3};
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Result res = aes_key(k, &key);

	if (res)
		return res;
	CHECK(types == TYPES(VOUT, NONE, NONE, NONE));
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_XTS, TEE_MODE_ENCRYPT,
				    256) == TEE_SUCCESS);
	p[0].value.a = TEE_SetOperationKey2(op, key, key);
	TEE_FreeOperation(op);
	TEE_FreeTransientObject(key);
	return TEE_SUCCESS;
}

static TEE_Result cmd_set_key_active_panic(void)
{
	static const uint8_t k[16] = {4}, iv[16] = {0}, in[16] = {0};
	uint8_t out[16];
	uint32_t n = sizeof(out);
	TEE_OperationHandle op;
	TEE_ObjectHandle key;
	TEE_Result res = aes_key(k, &key);

	if (res)
		return res;
	CHECK(TEE_AllocateOperation(&op, TEE_ALG_AES_CBC_NOPAD,
				    TEE_MODE_ENCRYPT, 128) == TEE_SUCCESS);
	CHECK(TEE_SetOperationKey(op, key) == TEE_SUCCESS);
	TEE_CipherInit(op, iv, sizeof(iv));
	CHECK(TEE_CipherUpdate(op, in, sizeof(in), out, &n) == TEE_SUCCESS);
	/* ACTIVE: GP 1.1 panics. */
	TEE_SetOperationKey(op, key);
	return GP11_FAIL | __LINE__;
}

static TEE_Result cmd_data_populate_panic(void)
{
	static const uint8_t k[16] = {5};
	TEE_ObjectHandle o;
	TEE_Attribute a;

	CHECK(TEE_AllocateTransientObject(TEE_TYPE_DATA, 0, &o) == TEE_SUCCESS);
	TEE_InitRefAttribute(&a, TEE_ATTR_SECRET_VALUE, k, sizeof(k));
	TEE_PopulateTransientObject(o, &a, 1);
	return GP11_FAIL | __LINE__;
}

/*
 * Open a session to ta_test_ta2ta_multi through the twin; its open entry
 * point doubles value a and adds one to b (ta_test_ta2ta.c).
 */
static TEE_Result ta2ta_open(TEE_TASessionHandle *s, TEE_Param p[4])
{
	static const TEE_UUID uuid = TA_TEST_TA2TA_MULTI_UUID;
	TEE_Param op[4];
	uint32_t origin = 0;
	TEE_Result res;

	TEE_MemFill(op, 0, sizeof(op));
	op[0].value.a = 21;
	op[0].value.b = 6;
	res = TEE_OpenTASession(&uuid, TEE_TIMEOUT_INFINITE,
				TYPES(VIO, NONE, NONE, NONE), op, s, &origin);
	p[0].value.a = res;
	p[0].value.b = origin;
	if (res)
		return res;
	CHECK(*s != TEE_HANDLE_NULL && origin == TEE_ORIGIN_TRUSTED_APP);
	CHECK(op[0].value.a == 42 && op[0].value.b == 7);
	return TEE_SUCCESS;
}

/*
 * MIX (ta_ta2ta_cmds.h) on @s with this TA's private memory: @in on the
 * stack, @out and @io on the heap; the 1.1 TEE_Param carries the sizes
 * as uint32_t both ways.
 */
static TEE_Result ta2ta_mix(TEE_TASessionHandle s, uint8_t *out, uint8_t *io,
			    TEE_Param p[4])
{
	uint32_t types = TYPES(VIO, MIN, MOUT, MIO), origin = 0;
	uint8_t in[GP11_TA2TA_LEN];
	TEE_Param mp[4];

	for (uint32_t i = 0; i < GP11_TA2TA_LEN; i++) {
		in[i] = (uint8_t)i;
		io[i] = (uint8_t)(0x30 + i);
		out[i] = 0xee;
	}
	mp[0].value.a = 5;
	mp[0].value.b = 9;
	mp[1].memref.buffer = in;
	mp[1].memref.size = GP11_TA2TA_LEN;
	mp[2].memref.buffer = out;
	mp[2].memref.size = GP11_TA2TA_LEN / 2; /* too small */
	mp[3].memref.buffer = io;
	mp[3].memref.size = GP11_TA2TA_LEN;
	p[1].value.a = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE,
					   TA2TA_CMD_MIX, types, mp, &origin);
	p[1].value.b = mp[2].memref.size;
	CHECK(origin == TEE_ORIGIN_TRUSTED_APP);
	/* Nothing written past the buffer given. */
	CHECK(out[GP11_TA2TA_LEN / 2] == 0xee);

	mp[2].memref.size = GP11_TA2TA_LEN;
	p[2].value.a = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE,
					   TA2TA_CMD_MIX, types, mp, &origin);
	p[2].value.b = mp[2].memref.size;
	p[3].value.a = mp[0].value.a;
	p[3].value.b = mp[0].value.b;
	CHECK(origin == TEE_ORIGIN_TRUSTED_APP);
	for (uint32_t i = 0; i < GP11_TA2TA_LEN; i++) {
		CHECK(out[i] == GP11_TA2TA_LEN - 1 - i);
		CHECK(io[i] == (uint8_t)(0x30 + i)); /* flipped twice */
		CHECK(in[i] == i);
	}
	return TEE_SUCCESS;
}

static TEE_Result cmd_ta2ta(uint32_t types, TEE_Param p[4])
{
	TEE_TASessionHandle s = TEE_HANDLE_NULL;
	uint8_t *out = TEE_Malloc(GP11_TA2TA_LEN, 0);
	uint8_t *io = TEE_Malloc(GP11_TA2TA_LEN, 0);
	TEE_Result res = GP11_FAIL | __LINE__;

	if (types != TYPES(VOUT, VOUT, VOUT, VOUT) || !out || !io)
		goto out;
	res = ta2ta_open(&s, p);
	if (res == TEE_SUCCESS)
		res = ta2ta_mix(s, out, io, p);
	TEE_CloseTASession(s);
out:
	TEE_Free(out);
	TEE_Free(io);
	return res;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	(void)sess_ctx;
	switch (cmd) {
	case GP11_CMD_PARAMS:
		return cmd_params(types, params);
	case GP11_CMD_MEMORY:
		return cmd_memory();
	case GP11_CMD_PROPERTY:
		return cmd_property(types, params);
	case GP11_CMD_OBJECTS:
		return cmd_objects(types, params);
	case GP11_CMD_DATA_OBJECT:
		return cmd_data_object(types, params);
	case GP11_CMD_STORAGE:
		return cmd_storage(types, params);
	case GP11_CMD_DIGEST:
		return cmd_digest(types, params);
	case GP11_CMD_CIPHER:
		return cmd_cipher(types, params);
	case GP11_CMD_MAC:
		return cmd_mac(types, params);
	case GP11_CMD_AE:
		return cmd_ae(types, params);
	case GP11_CMD_ASYM:
		return cmd_asym();
	case GP11_CMD_DERIVE:
		return cmd_derive();
	case GP11_CMD_ARITH:
		return cmd_arith();
	case GP11_CMD_SET_KEY_INIT:
		return cmd_set_key_init();
	case GP11_CMD_SET_KEY2_SAME:
		return cmd_set_key2_same(types, params);
	case GP11_CMD_SET_KEY_ACTIVE_PANIC:
		return cmd_set_key_active_panic();
	case GP11_CMD_FREE_NULL_PANIC:
		TEE_FreeOperation(TEE_HANDLE_NULL);
		return GP11_FAIL | __LINE__;
	case GP11_CMD_DATA_POPULATE_PANIC:
		return cmd_data_populate_panic();
	case GP11_CMD_TA2TA:
		return cmd_ta2ta(types, params);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}
