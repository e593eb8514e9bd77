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
 * GENERIC_SECRET, the KDF inputs), RSA, DSA, DH, ECDSA, ECDH, SM2 DSA,
 * X25519 and Ed25519 keys (utee_crypto_*.c make them).  Other types are
 * TEE_ERROR_NOT_SUPPORTED.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* Every live object; see utee_crypto.h. */
static struct utee_obj *objects;

/* A misuse the specification answers with a panic. */
static void __attribute__((noreturn)) misuse(void)
{
	TEE_Panic(UTEE_PANIC_MISUSE);
}

/* The live object whose handle is @id, or NULL (0: none). */
static struct utee_obj *obj_find(uint32_t id)
{
	for (struct utee_obj *o = objects; id && o; o = o->next)
		if (o->id == id)
			return o;
	return NULL;
}

bool utee_obj_id_live(uint32_t id)
{
	return obj_find(id);
}

struct utee_obj *utee_obj_get(TEE_ObjectHandle h)
{
	struct utee_obj *o = obj_find(utee_handle_id(h));

	if (!o)
		misuse();
	return o;
}

/* Puts new object @o in the registry, under a handle of its own. */
static void obj_register(struct utee_obj *o)
{
	o->id = utee_handle_id_new();
	o->next = objects;
	objects = o;
}

static void attr_free(struct utee_attr *a)
{
	if (a->buf) {
		OPENSSL_cleanse(a->buf, a->len);
		TEE_Free(a->buf);
	}
	memset(a, 0, sizeof(*a));
}

void utee_obj_clear(struct utee_obj *o)
{
	for (unsigned int i = 0; i < o->nattrs; i++)
		attr_free(&o->attrs[i]);
	o->nattrs = 0;
	o->info.objectSize = 0;
	o->info.objectUsage = 0xFFFFFFFF;
	o->info.handleFlags &= ~TEE_HANDLE_FLAG_INITIALIZED;
}

static TEE_Result obj_alloc(uint32_t type, uint32_t max_bits, bool op_key,
			    struct utee_obj **object)
{
	const struct utee_obj_type *t = utee_obj_type_find(type);
	struct utee_obj *o;

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
	obj_register(o);
	*object = o;
	return TEE_SUCCESS;
}

static void obj_free(struct utee_obj *o)
{
	struct utee_obj **p = &objects;

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
	struct utee_obj *o = NULL;
	TEE_Result res;

	if (!object)
		misuse();
	res = obj_alloc(objectType, maxObjectSize, false, &o);
	*object = res ? TEE_HANDLE_NULL : utee_obj_handle(o);
	return res;
}

TEE_Result utee_obj_alloc_data(TEE_ObjectHandle *object)
{
	struct utee_obj *o;

	if (!object)
		misuse();
	o = TEE_Malloc(sizeof(*o), TEE_MALLOC_FILL_ZERO);
	if (!o) {
		*object = TEE_HANDLE_NULL;
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	/* No kind: no attribute may be given to it (blank_obj()). */
	o->info.objectType = TEE_TYPE_DATA;
	o->info.objectUsage = 0xFFFFFFFF;
	obj_register(o);
	*object = utee_obj_handle(o);
	return TEE_SUCCESS;
}

TEE_Result utee_obj_alloc_persistent(uint32_t type, uint32_t pobj,
				     TEE_ObjectHandle *object)
{
	struct utee_obj *o;

	o = TEE_Malloc(sizeof(*o), TEE_MALLOC_FILL_ZERO);
	if (!o)
		return TEE_ERROR_OUT_OF_MEMORY;
	/* NULL for TEE_TYPE_DATA: a data object has no attributes. */
	o->kind = utee_obj_type_find(type);
	o->info.objectType = type;
	o->pobj = pobj;
	obj_register(o);
	*object = utee_obj_handle(o);
	return TEE_SUCCESS;
}

void utee_obj_free_persistent(struct utee_obj *o)
{
	obj_free(o);
}

TEE_Result utee_obj_alloc_key(uint32_t type, uint32_t max_bits,
			      struct utee_obj **key)
{
	return obj_alloc(type, max_bits, true, key);
}

void utee_obj_free_key(struct utee_obj *key)
{
	if (key)
		obj_free(key);
}

/* The object @h names, which the TA owns (not an operation's key). */
static struct utee_obj *ta_obj(TEE_ObjectHandle h)
{
	struct utee_obj *o = utee_obj_get(h);

	/* Transient-object calls on a persistent object panic too. */
	if (o->op_key || o->pobj)
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
	struct utee_obj *o;

	if (!object)
		return;
	o = utee_obj_get(object);
	if (o->pobj)
		utee_pobj_close(o);
	else
		TEE_FreeTransientObject(object);
}

void TEE_ResetTransientObject(TEE_ObjectHandle object)
{
	if (object)
		utee_obj_clear(ta_obj(object));
}

/* The transient, uninitialised object @h, to be given attributes. */
static struct utee_obj *blank_obj(TEE_ObjectHandle h)
{
	struct utee_obj *o = ta_obj(h);

	/* A GP 1.1 TEE_TYPE_DATA object (utee_obj_alloc_data()) has no
	 * attributes to be given. */
	if ((o->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED) || !o->kind)
		misuse();
	return o;
}

const struct utee_attr *utee_obj_attr(const struct utee_obj *o, uint32_t id)
{
	for (unsigned int i = 0; i < o->nattrs; i++)
		if (o->attrs[i].id == id)
			return &o->attrs[i];
	return NULL;
}

TEE_Result utee_obj_add_buf(struct utee_obj *o, uint32_t id, const void *buf,
			    size_t len)
{
	struct utee_attr *a = &o->attrs[o->nattrs];

	if (o->nattrs == UTEE_OBJ_MAX_ATTRS)
		misuse();
	a->buf = TEE_Malloc(len ? len : 1, TEE_MALLOC_FILL_ZERO);
	if (!a->buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (buf && len) /* NULL: zeros, for random_secret() to fill */
		memcpy(a->buf, buf, len);
	a->id = id;
	a->len = len;
	o->nattrs++;
	return TEE_SUCCESS;
}

TEE_Result utee_obj_add_bn(struct utee_obj *o, uint32_t id, const BIGNUM *bn)
{
	size_t len = (size_t)BN_num_bytes(bn);
	TEE_Result res = utee_obj_add_buf(o, id, NULL, len);

	/* Written in place: no copy of a secret is left on the stack. */
	if (!res && len)
		BN_bn2bin(bn, o->attrs[o->nattrs - 1].buf);
	return res;
}

void utee_obj_add_value(struct utee_obj *o, uint32_t id, uint32_t a)
{
	if (o->nattrs == UTEE_OBJ_MAX_ATTRS)
		misuse();
	o->attrs[o->nattrs].id = id;
	o->attrs[o->nattrs].a = a;
	o->nattrs++;
}

/* Gives @o its secret (value, IKM, Z, password) of @len random bytes. */
static TEE_Result random_secret(struct utee_obj *o, size_t len)
{
	TEE_Result res = utee_obj_add_buf(o, o->kind->attrs[0].id, NULL, len);

	if (!res && len && RAND_priv_bytes(o->attrs[0].buf, (int)len) != 1)
		misuse();
	return res;
}

/* @o's rule for attribute @id, or NULL: the type has no such attribute. */
static const struct utee_attr_spec *attr_spec(const struct utee_obj *o,
					      uint32_t id)
{
	for (unsigned int i = 0; i < o->kind->nattrs; i++)
		if (o->kind->attrs[i].id == id)
			return &o->kind->attrs[i];
	return NULL;
}

/* The size (bits) attribute @a gives an object; panics when it names no
 * size (an unknown curve). */
static uint32_t attr_bits(const TEE_Attribute *a)
{
	uint32_t bits;

	if (!(a->attributeID & TEE_ATTR_FLAG_VALUE)) {
		if (a->content.ref.length > UINT32_MAX / 8)
			misuse();
		return (uint32_t)a->content.ref.length * 8;
	}
	bits = utee_ecc_curve_bits(a->content.value.a);
	if (!bits)
		misuse();
	return bits;
}

/* Bits of the big-endian number @len bytes at @buf. */
static uint32_t num_bits(const uint8_t *buf, size_t len)
{
	while (len && !*buf) {
		buf++;
		len--;
	}
	if (!len)
		return 0;
	if (len > UINT32_MAX / 8)
		return UINT32_MAX;
	return (uint32_t)(len - 1) * 8 + (32 - (uint32_t)__builtin_clz(*buf));
}

/* Checks one attribute against its rule @sp (panics). */
static void check_attr(const struct utee_obj *o,
		       const struct utee_attr_spec *sp, const TEE_Attribute *a)
{
	bool value = a->attributeID & TEE_ATTR_FLAG_VALUE;

	if (sp->flags & UTEE_ATTR_GENERATED)
		misuse(); /* not for populate */
	if (!value && a->content.ref.length && !a->content.ref.buffer)
		misuse();
	/* OP-TEE: TEE_ERROR_SECURITY for a 25519 value of another size. */
	if ((sp->flags & UTEE_ATTR_LEN32) && a->content.ref.length != 32)
		misuse();
	/* OP-TEE: TEE_ERROR_BAD_STATE for a longer number. */
	if ((sp->flags & UTEE_ATTR_MAXBITS) &&
	    num_bits(a->content.ref.buffer, a->content.ref.length) >
		    o->info.maxObjectSize)
		misuse();
}

/* Checks @attrs against @o's type: each known, once, of its kind, every
 * required one there, a group whole or absent.  Returns the size they
 * give. */
static uint32_t check_attrs(const struct utee_obj *o,
			    const TEE_Attribute *attrs, uint32_t count)
{
	unsigned int required = 0, seen = 0, group = 0, in_group = 0;
	uint32_t bits = 0;

	for (unsigned int i = 0; i < o->kind->nattrs; i++) {
		if (o->kind->attrs[i].flags & UTEE_ATTR_REQUIRED)
			required++;
		if (o->kind->attrs[i].flags & UTEE_ATTR_GROUP)
			group++;
	}
	for (uint32_t i = 0; i < count; i++) {
		const struct utee_attr_spec *sp =
			attr_spec(o, attrs[i].attributeID);

		if (!sp)
			misuse();
		for (uint32_t j = 0; j < i; j++)
			if (attrs[j].attributeID == attrs[i].attributeID)
				misuse();
		check_attr(o, sp, &attrs[i]);
		if (sp->flags & UTEE_ATTR_REQUIRED)
			seen++;
		if (sp->flags & UTEE_ATTR_GROUP)
			in_group++;
		if (sp->flags & UTEE_ATTR_SIZE)
			bits = attr_bits(&attrs[i]);
	}
	if (seen != required || (in_group && in_group != group))
		misuse();
	return bits;
}

/* Gives blank @o the checked @attrs and size @bits. */
static TEE_Result set_attrs(struct utee_obj *o, const TEE_Attribute *attrs,
			    uint32_t count, uint32_t bits)
{
	TEE_Result res = TEE_SUCCESS;

	for (uint32_t i = 0; !res && i < count; i++) {
		const TEE_Attribute *a = &attrs[i];

		if (a->attributeID & TEE_ATTR_FLAG_VALUE)
			utee_obj_add_value(o, a->attributeID,
					   a->content.value.a);
		else
			res = utee_obj_add_buf(o, a->attributeID,
					       a->content.ref.buffer,
					       a->content.ref.length);
	}
	if (res) {
		utee_obj_clear(o);
		return res;
	}
	o->info.objectSize = bits;
	o->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
}

/* Some attribute of type @t gives its objects' size. */
static bool has_size_attr(const struct utee_obj_type *t)
{
	for (unsigned int i = 0; i < t->nattrs; i++)
		if (t->attrs[i].flags & UTEE_ATTR_SIZE)
			return true;
	return false;
}

TEE_Result TEE_PopulateTransientObject(TEE_ObjectHandle object,
				       const TEE_Attribute *attrs,
				       uint32_t attrCount)
{
	struct utee_obj *o = blank_obj(object);
	uint32_t bits;

	if (attrCount && !attrs)
		misuse();
	bits = check_attrs(o, attrs, attrCount);
	/* OP-TEE: BAD_STATE past maxObjectSize, SECURITY past the room
	 * the type keeps for its secret; both panic. */
	if (bits > o->info.maxObjectSize ||
	    bits > utee_obj_secret_room(o->kind))
		misuse();
	/* 25519 and SM2 keys have no size attribute: their objectSize
	 * stays 0, as in OP-TEE. */
	if (has_size_attr(o->kind) && !utee_obj_size_ok(o->kind, bits))
		return TEE_ERROR_BAD_PARAMETERS;
	return set_attrs(o, attrs, attrCount, bits);
}

/* Bytes of a secret key of @bits bits: GP 1.0 DES sizes leave out the
 * parity bits, the key still has 8 bytes per DES key. */
static size_t key_bytes(const struct utee_obj *o, uint32_t bits)
{
	if ((o->kind->type == TEE_TYPE_DES || o->kind->type == TEE_TYPE_DES3) &&
	    bits % 64)
		return bits / 56 * 8;
	return (bits + 7) / 8;
}

/* A secret of one attribute: a symmetric key, a KDF's input. */
static bool secret_type(const struct utee_obj_type *t)
{
	return t->nattrs == 1 && !(t->attrs[0].id & TEE_ATTR_FLAG_PUBLIC);
}

/*
 * TEE_GenerateKey's parameters for DSA and DH: each one of @ids (a
 * value attribute is optional, so is DH_SUBPRIME), at most once, the
 * buffers' bytes there; the first @required all present.
 */
static void check_gen_params(const TEE_Attribute *params, uint32_t count,
			     const uint32_t *ids, unsigned int nids,
			     unsigned int required)
{
	unsigned int seen = 0;

	if (count && !params)
		misuse();
	for (uint32_t i = 0; i < count; i++) {
		unsigned int k = 0;

		while (k < nids && ids[k] != params[i].attributeID)
			k++;
		if (k == nids)
			misuse();
		for (uint32_t j = 0; j < i; j++)
			if (params[j].attributeID == params[i].attributeID)
				misuse();
		if (!(ids[k] & TEE_ATTR_FLAG_VALUE) &&
		    params[i].content.ref.length &&
		    !params[i].content.ref.buffer)
			misuse();
		if (k < required)
			seen++;
	}
	if (seen != required)
		misuse();
}

static TEE_Result generate_dsa(struct utee_obj *o, uint32_t bits,
			       const TEE_Attribute *params, uint32_t count)
{
	static const uint32_t ids[] = {
		TEE_ATTR_DSA_PRIME, TEE_ATTR_DSA_SUBPRIME, TEE_ATTR_DSA_BASE};

	check_gen_params(params, count, ids, 3, 3);
	return utee_dsa_generate(o, bits, params, count);
}

static TEE_Result generate_dh(struct utee_obj *o, uint32_t bits,
			      const TEE_Attribute *params, uint32_t count)
{
	static const uint32_t ids[] = {TEE_ATTR_DH_PRIME, TEE_ATTR_DH_BASE,
				       TEE_ATTR_DH_SUBPRIME,
				       TEE_ATTR_DH_X_BITS};

	check_gen_params(params, count, ids, 4, 2);
	return utee_dh_generate(o, bits, params, count);
}

/* X25519 and Ed25519 keypairs take no parameters. */
static TEE_Result generate_25519(struct utee_obj *o, uint32_t count)
{
	if (count)
		misuse();
	if (o->kind->type == TEE_TYPE_X25519_KEYPAIR)
		return utee_x25519_generate(o);
	return utee_ed25519_generate(o);
}

/* A secret key: random bytes; secret types take no parameters (OP-TEE:
 * ITEM_NOT_FOUND, a panic), public keys cannot be generated. */
static TEE_Result generate_secret(struct utee_obj *o, uint32_t bits,
				  uint32_t count)
{
	/* OP-TEE: more bits than the type has room for is EXCESS_DATA,
	 * not among TEE_GenerateKey's results: a panic. */
	if (!secret_type(o->kind) || count ||
	    bits > utee_obj_secret_room(o->kind))
		misuse();
	return random_secret(o, key_bytes(o, bits));
}

/* An ECDSA keypair: exactly one parameter, the curve, of @bits bits. */
static TEE_Result generate_ecc(struct utee_obj *o, uint32_t bits,
			       const TEE_Attribute *params, uint32_t count)
{
	if (count != 1 || !params ||
	    params[0].attributeID != TEE_ATTR_ECC_CURVE)
		misuse();
	if (utee_ecc_curve_bits(params[0].content.value.a) != bits)
		return TEE_ERROR_BAD_PARAMETERS;
	return utee_ecc_generate(o, params[0].content.value.a);
}

/* An RSA keypair: optionally the public exponent, nothing else. */
static TEE_Result generate_rsa(struct utee_obj *o, uint32_t bits,
			       const TEE_Attribute *params, uint32_t count)
{
	const TEE_Attribute *e = count ? params : NULL;

	if (count > 1 || (count && !params) ||
	    (e && e->attributeID != TEE_ATTR_RSA_PUBLIC_EXPONENT))
		misuse();
	if (e && e->content.ref.length && !e->content.ref.buffer)
		misuse();
	if (e && !e->content.ref.length)
		return TEE_ERROR_BAD_PARAMETERS;
	return utee_rsa_generate(o, bits, e ? e->content.ref.buffer : NULL,
				 e ? e->content.ref.length : 0);
}

TEE_Result TEE_GenerateKey(TEE_ObjectHandle object, uint32_t keySize,
			   const TEE_Attribute *params, uint32_t paramCount)
{
	struct utee_obj *o = blank_obj(object);
	TEE_Result res;

	/* A size the type does not allow is NOT_SUPPORTED for OP-TEE's
	 * core, which its wrapper turns into a panic. */
	if (!utee_obj_size_ok(o->kind, keySize) ||
	    keySize > o->info.maxObjectSize)
		misuse();
	switch (o->kind->type) {
	case TEE_TYPE_ECDSA_KEYPAIR:
	case TEE_TYPE_ECDH_KEYPAIR:
		res = generate_ecc(o, keySize, params, paramCount);
		break;
	case TEE_TYPE_RSA_KEYPAIR:
		res = generate_rsa(o, keySize, params, paramCount);
		break;
	case TEE_TYPE_DSA_KEYPAIR:
		res = generate_dsa(o, keySize, params, paramCount);
		break;
	case TEE_TYPE_DH_KEYPAIR:
		res = generate_dh(o, keySize, params, paramCount);
		break;
	case TEE_TYPE_X25519_KEYPAIR:
	case TEE_TYPE_ED25519_KEYPAIR:
		res = generate_25519(o, paramCount);
		break;
	case TEE_TYPE_SM2_DSA_KEYPAIR:
	case TEE_TYPE_SM2_PKE_KEYPAIR:
	case TEE_TYPE_SM2_KEP_KEYPAIR:
		if (paramCount) /* the type names the curve */
			misuse();
		res = utee_ecc_generate(o, TEE_ECC_CURVE_SM2);
		break;
	default:
		res = generate_secret(o, keySize, paramCount);
		break;
	}
	if (res) {
		utee_obj_clear(o);
		if (res != TEE_ERROR_BAD_PARAMETERS)
			misuse(); /* not among its results */
		return res;
	}
	o->info.objectSize = keySize;
	o->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
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

TEE_Result utee_obj_copy_into(struct utee_obj *dst, const struct utee_obj *src)
{
	TEE_Result res = TEE_SUCCESS;

	utee_obj_clear(dst);
	/* What @dst's type holds: a public key keeps the public part of a
	 * keypair. */
	for (unsigned int i = 0; !res && i < src->nattrs; i++) {
		const struct utee_attr *a = &src->attrs[i];

		if (!attr_spec(dst, a->id))
			continue;
		if (a->id & TEE_ATTR_FLAG_VALUE)
			utee_obj_add_value(dst, a->id, a->a);
		else
			res = utee_obj_add_buf(dst, a->id, a->buf, a->len);
	}
	if (res) {
		utee_obj_clear(dst);
		return res;
	}
	dst->info.objectSize = src->info.objectSize;
	dst->info.objectUsage = src->info.objectUsage;
	dst->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
	return TEE_SUCCESS;
}

bool utee_obj_type_fits(uint32_t dst, uint32_t src)
{
	/* A keypair into its public type (secret types have no keypair). */
	return src == dst ||
	       (!(dst & UTEE_KEYPAIR_BIT) && src == (dst | UTEE_KEYPAIR_BIT));
}

TEE_Result TEE_CopyObjectAttributes1(TEE_ObjectHandle destObject,
				     TEE_ObjectHandle srcObject)
{
	struct utee_obj *src = utee_obj_get(srcObject);
	struct utee_obj *dst = blank_obj(destObject);

	if (!(src->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	if (!utee_obj_type_fits(dst->info.objectType, src->info.objectType) ||
	    src->info.objectSize > dst->info.maxObjectSize)
		misuse();
	if (utee_obj_copy_into(dst, src))
		misuse(); /* OUT_OF_MEMORY is not among its results */
	return TEE_SUCCESS;
}

const uint8_t *utee_obj_secret(const struct utee_obj *o, size_t *len)
{
	const struct utee_attr *a = utee_obj_attr(o, TEE_ATTR_SECRET_VALUE);

	if (!a)
		return NULL;
	*len = a->len;
	return a->buf;
}

TEE_Result TEE_GetObjectInfo1(TEE_ObjectHandle object,
			      TEE_ObjectInfo *objectInfo)
{
	struct utee_obj *o = utee_obj_get(object);

	if (!objectInfo)
		misuse();
	if (o->pobj)
		utee_pobj_info(o);
	*objectInfo = o->info;
	return TEE_SUCCESS;
}

TEE_Result TEE_RestrictObjectUsage1(TEE_ObjectHandle object,
				    uint32_t objectUsage)
{
	struct utee_obj *o = utee_obj_get(object);

	if (o->pobj)
		return utee_pobj_restrict(o, objectUsage);
	o->info.objectUsage &= objectUsage;
	return TEE_SUCCESS;
}

/* Attribute @id of initialised @o, which the TA may read, or NULL. */
static const struct utee_attr *readable_attr(TEE_ObjectHandle object,
					     uint32_t id)
{
	struct utee_obj *o = utee_obj_get(object);

	if (!(o->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	/* A secret part of a key that is not extractable: OP-TEE's core
	 * answers BAD_PARAMETERS, which its wrapper turns into a panic. */
	if (!(id & TEE_ATTR_FLAG_PUBLIC) &&
	    !(o->info.objectUsage & TEE_USAGE_EXTRACTABLE))
		misuse();
	return utee_obj_attr(o, id);
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
	const struct utee_attr *attr;

	if (!(attributeID & TEE_ATTR_FLAG_VALUE))
		misuse();
	attr = readable_attr(object, attributeID);
	if (!attr)
		return TEE_ERROR_ITEM_NOT_FOUND;
	if (a)
		*a = attr->a;
	if (b)
		*b = 0;
	return TEE_SUCCESS;
}
