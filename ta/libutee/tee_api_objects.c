// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, chapter 5: transient objects and their
 * attributes, as OP-TEE's lib/libutee/tee_api_objects.c offers them to a
 * TA.  Objects live in the TA process (see utee_crypto.h on handles);
 * what OP-TEE's trusted OS checks behind its system calls is checked
 * here, with the same outcome: the errors ABI-FACTS-INTERNAL §3.2 lists
 * are returned, every other misuse makes the TA panic.
 *
 * Implemented types: the secret-key types (AES, DES, DES3, SM4, HMAC-*,
 * GENERIC_SECRET).  Other types are TEE_ERROR_NOT_SUPPORTED.
 */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* Every live object; see utee_crypto.h. */
static struct __TEE_ObjectHandle *objects;

/* A misuse the specification answers with a panic. */
static void __attribute__((noreturn)) misuse(void)
{
	TEE_Panic(UTEE_PANIC_MISUSE);
}

struct __TEE_ObjectHandle *utee_obj_get(TEE_ObjectHandle h)
{
	for (struct __TEE_ObjectHandle *o = objects; o; o = o->next)
		if (o == h)
			return o;
	misuse();
}

static void attr_free(struct utee_attr *a)
{
	if (a->buf) {
		OPENSSL_cleanse(a->buf, a->len);
		TEE_Free(a->buf);
	}
	memset(a, 0, sizeof(*a));
}

void utee_obj_clear(struct __TEE_ObjectHandle *o)
{
	for (unsigned int i = 0; i < o->nattrs; i++)
		attr_free(&o->attrs[i]);
	o->nattrs = 0;
	o->info.objectSize = 0;
	o->info.objectUsage = 0xFFFFFFFF;
	o->info.handleFlags &= ~TEE_HANDLE_FLAG_INITIALIZED;
}

static TEE_Result obj_alloc(uint32_t type, uint32_t max_bits, bool op_key,
			    TEE_ObjectHandle *object)
{
	const struct utee_obj_type *t = utee_obj_type_find(type);
	struct __TEE_ObjectHandle *o;

	if (!t || !utee_obj_size_ok(t, max_bits))
		return TEE_ERROR_NOT_SUPPORTED;
	o = TEE_Malloc(sizeof(*o), TEE_MALLOC_FILL_ZERO);
	if (!o)
		return TEE_ERROR_OUT_OF_MEMORY;
	o->kind = t;
	o->info.objectType = type;
	o->info.maxObjectSize = max_bits;
	o->info.objectUsage = 0xFFFFFFFF;
	o->op_key = op_key;
	o->next = objects;
	objects = o;
	*object = o;
	return TEE_SUCCESS;
}

static void obj_free(struct __TEE_ObjectHandle *o)
{
	struct __TEE_ObjectHandle **p = &objects;

	while (*p != o)
		p = &(*p)->next;
	*p = o->next;
	utee_obj_clear(o);
	TEE_Free(o);
}

TEE_Result TEE_AllocateTransientObject(TEE_ObjectType objectType,
				       uint32_t maxObjectSize,
				       TEE_ObjectHandle *object)
{
	TEE_Result res;

	if (!object)
		misuse();
	res = obj_alloc(objectType, maxObjectSize, false, object);
	if (res)
		*object = TEE_HANDLE_NULL;
	return res;
}

TEE_Result utee_obj_alloc_key(uint32_t type, uint32_t max_bits,
			      TEE_ObjectHandle *key)
{
	return obj_alloc(type, max_bits, true, key);
}

void utee_obj_free_key(TEE_ObjectHandle key)
{
	if (key)
		obj_free(utee_obj_get(key));
}

/* The object @h names, which the TA owns (not an operation's key). */
static struct __TEE_ObjectHandle *ta_obj(TEE_ObjectHandle h)
{
	struct __TEE_ObjectHandle *o = utee_obj_get(h);

	if (o->op_key)
		misuse();
	return o;
}

void TEE_FreeTransientObject(TEE_ObjectHandle object)
{
	if (object)
		obj_free(ta_obj(object));
}

void TEE_CloseObject(TEE_ObjectHandle object)
{
	TEE_FreeTransientObject(object);
}

void TEE_ResetTransientObject(TEE_ObjectHandle object)
{
	if (object)
		utee_obj_clear(ta_obj(object));
}

/* The transient, uninitialised object @h, to be given attributes. */
static struct __TEE_ObjectHandle *blank_obj(TEE_ObjectHandle h)
{
	struct __TEE_ObjectHandle *o = ta_obj(h);

	if (o->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED)
		misuse();
	return o;
}

/* Gives @o its secret value: @len bytes from @src, or random if NULL. */
static TEE_Result set_secret(struct __TEE_ObjectHandle *o, const void *src,
			     size_t len, uint32_t bits)
{
	struct utee_attr *a = &o->attrs[0];

	a->buf = TEE_Malloc(len ? len : 1, TEE_MALLOC_FILL_ZERO);
	if (!a->buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (src)
		memcpy(a->buf, src, len);
	else if (len && RAND_priv_bytes(a->buf, (int)len) != 1)
		misuse();
	a->id = TEE_ATTR_SECRET_VALUE;
	a->len = len;
	o->nattrs = 1;
	o->info.objectSize = bits;
	o->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
}

TEE_Result TEE_PopulateTransientObject(TEE_ObjectHandle object,
				       const TEE_Attribute *attrs,
				       uint32_t attrCount)
{
	struct __TEE_ObjectHandle *o = blank_obj(object);
	const TEE_Attribute *secret;
	uint32_t bits;

	if (attrCount && !attrs)
		misuse();
	/* Secret-key types take exactly one attribute, SECRET_VALUE. */
	if (attrCount != 1 || attrs[0].attributeID != TEE_ATTR_SECRET_VALUE)
		misuse();
	secret = &attrs[0];
	if (secret->content.ref.length && !secret->content.ref.buffer)
		misuse();
	if (secret->content.ref.length > UINT32_MAX / 8)
		misuse();
	bits = (uint32_t)secret->content.ref.length * 8;
	if (bits > o->info.maxObjectSize)
		misuse();
	if (!utee_obj_size_ok(o->kind, bits))
		return TEE_ERROR_BAD_PARAMETERS;
	return set_secret(o, secret->content.ref.buffer,
			  secret->content.ref.length, bits);
}

/* Bytes of a secret key of @bits bits: GP 1.0 DES sizes leave out the
 * parity bits, the key still has 8 bytes per DES key. */
static size_t key_bytes(const struct __TEE_ObjectHandle *o, uint32_t bits)
{
	if ((o->kind->type == TEE_TYPE_DES || o->kind->type == TEE_TYPE_DES3) &&
	    bits % 64)
		return bits / 56 * 8;
	return (bits + 7) / 8;
}

TEE_Result TEE_GenerateKey(TEE_ObjectHandle object, uint32_t keySize,
			   const TEE_Attribute *params, uint32_t paramCount)
{
	struct __TEE_ObjectHandle *o = blank_obj(object);

	(void)params;
	/* Secret-key types take no parameters (OP-TEE: ITEM_NOT_FOUND,
	 * which its wrapper turns into a panic); a size the type does not
	 * allow is NOT_SUPPORTED, a panic too. */
	if (paramCount)
		misuse();
	if (!utee_obj_size_ok(o->kind, keySize) ||
	    keySize > o->info.maxObjectSize)
		misuse();
	return set_secret(o, NULL, key_bytes(o, keySize), keySize);
}

void TEE_InitRefAttribute(TEE_Attribute *attr, uint32_t attributeID,
			  const void *buffer, size_t length)
{
	if (!attr || (attributeID & TEE_ATTR_FLAG_VALUE))
		misuse();
	attr->attributeID = attributeID;
	attr->content.ref.buffer = (void *)buffer;
	attr->content.ref.length = length;
}

void TEE_InitValueAttribute(TEE_Attribute *attr, uint32_t attributeID,
			    uint32_t a, uint32_t b)
{
	if (!attr || !(attributeID & TEE_ATTR_FLAG_VALUE))
		misuse();
	attr->attributeID = attributeID;
	attr->content.value.a = a;
	attr->content.value.b = b;
}

TEE_Result utee_obj_copy_into(struct __TEE_ObjectHandle *dst,
			      const struct __TEE_ObjectHandle *src)
{
	TEE_Result res = TEE_SUCCESS;

	utee_obj_clear(dst);
	if (src->nattrs)
		res = set_secret(dst, src->attrs[0].buf, src->attrs[0].len,
				 src->info.objectSize);
	if (res) {
		utee_obj_clear(dst);
		return res;
	}
	dst->info.objectSize = src->info.objectSize;
	dst->info.objectUsage = src->info.objectUsage;
	dst->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
}

TEE_Result TEE_CopyObjectAttributes1(TEE_ObjectHandle destObject,
				     TEE_ObjectHandle srcObject)
{
	struct __TEE_ObjectHandle *src = utee_obj_get(srcObject);
	struct __TEE_ObjectHandle *dst = blank_obj(destObject);

	if (!(src->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	if (src->info.objectType != dst->info.objectType ||
	    src->info.objectSize > dst->info.maxObjectSize)
		misuse();
	if (utee_obj_copy_into(dst, src))
		misuse(); /* OUT_OF_MEMORY is not among its results */
	return TEE_SUCCESS;
}

const uint8_t *utee_obj_secret(const struct __TEE_ObjectHandle *o, size_t *len)
{
	for (unsigned int i = 0; i < o->nattrs; i++) {
		if (o->attrs[i].id == TEE_ATTR_SECRET_VALUE) {
			*len = o->attrs[i].len;
			return o->attrs[i].buf;
		}
	}
	return NULL;
}

TEE_Result TEE_GetObjectInfo1(TEE_ObjectHandle object,
			      TEE_ObjectInfo *objectInfo)
{
	struct __TEE_ObjectHandle *o = utee_obj_get(object);

	if (!objectInfo)
		misuse();
	*objectInfo = o->info;
	return TEE_SUCCESS;
}

TEE_Result TEE_RestrictObjectUsage1(TEE_ObjectHandle object,
				    uint32_t objectUsage)
{
	utee_obj_get(object)->info.objectUsage &= objectUsage;
	return TEE_SUCCESS;
}

/* Attribute @id of initialised @o, which the TA may read, or NULL. */
static const struct utee_attr *readable_attr(TEE_ObjectHandle object,
					     uint32_t id)
{
	struct __TEE_ObjectHandle *o = utee_obj_get(object);

	if (!(o->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	/* A secret part of a key that is not extractable: OP-TEE's core
	 * answers BAD_PARAMETERS, which its wrapper turns into a panic. */
	if (!(id & TEE_ATTR_FLAG_PUBLIC) &&
	    !(o->info.objectUsage & TEE_USAGE_EXTRACTABLE))
		misuse();
	for (unsigned int i = 0; i < o->nattrs; i++)
		if (o->attrs[i].id == id)
			return &o->attrs[i];
	return NULL;
}

TEE_Result TEE_GetObjectBufferAttribute(TEE_ObjectHandle object,
					uint32_t attributeID, void *buffer,
					size_t *size)
{
	const struct utee_attr *a;

	if (!size || (attributeID & TEE_ATTR_FLAG_VALUE))
		misuse();
	a = readable_attr(object, attributeID);
	if (!a)
		return TEE_ERROR_ITEM_NOT_FOUND;
	if (!buffer || *size < a->len) {
		*size = a->len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	memcpy(buffer, a->buf, a->len);
	*size = a->len;
	return TEE_SUCCESS;
}

TEE_Result TEE_GetObjectValueAttribute(TEE_ObjectHandle object,
				       uint32_t attributeID, uint32_t *a,
				       uint32_t *b)
{
	(void)a;
	(void)b;
	if (!(attributeID & TEE_ATTR_FLAG_VALUE))
		misuse();
	/* The checks of readable_attr(); no implemented type has value
	 * attributes. */
	(void)readable_attr(object, attributeID);
	return TEE_ERROR_ITEM_NOT_FOUND;
}
