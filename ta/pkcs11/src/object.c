// SPDX-License-Identifier: BSD-2-Clause
/*
 * Objects: CREATE_OBJECT, GENERATE_KEY (AES, generic secret),
 * DESTROY_OBJECT, FIND_OBJECTS*, GET_ATTRIBUTE_VALUE, GET_OBJECT_SIZE,
 * with OP-TEE's access rules (object.c, pkcs11_attributes.c;
 * ABI-FACTS-INTERNAL §6.4, §6.7).  Token objects are persistent objects
 * named by a random UUID holding the serialized attributes; handles are
 * per client.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <trace.h>

#include "object.h"

#define OUT_TYPES                                                              \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE)
#define CTRL_TYPES                                                             \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE)

void object_release(struct pkcs11_object *obj)
{
	pkcs11_tpl_release(&obj->attrs);
	TEE_Free(obj);
}

void object_forget(struct pkcs11_object *obj)
{
	struct pkcs11_client *c;

	for (c = pkcs11_clients(); c; c = c->next)
		handle_remove(&c->objects, handle_lookup(&c->objects, obj));
}

static bool object_private(struct pkcs11_object *obj)
{
	return pkcs11_tpl_get_bool(obj->attrs.buf, PKCS11_CKA_PRIVATE, false);
}

void session_objects_release(struct pkcs11_session *s, bool private_only)
{
	struct pkcs11_object **pp = &s->objects;

	while (*pp) {
		struct pkcs11_object *o = *pp;

		if (private_only && !object_private(o)) {
			pp = &o->next;
			continue;
		}
		*pp = o->next;
		object_forget(o);
		object_release(o);
	}
}

void session_find_release(struct pkcs11_session *s)
{
	TEE_Free(s->found);
	s->found = NULL;
	s->found_count = 0;
	s->found_next = 0;
	s->find_active = false;
}

static bool on_token_list(struct ck_token *t, struct pkcs11_object *obj)
{
	struct pkcs11_object *o;

	for (o = t->objects; o; o = o->next)
		if (o == obj)
			return true;
	return false;
}

/* Object handle @h of @s's client, if the object is on @s's token. */
static struct pkcs11_object *get_object(struct pkcs11_session *s, uint32_t h)
{
	struct pkcs11_object *obj = handle_get(&s->client->objects, h);

	if (!obj)
		return NULL;
	if (obj->session) {
		if (obj->session->client != s->client ||
		    obj->session->token != s->token)
			return NULL;
		return obj;
	}
	return on_token_list(s->token, obj) ? obj : NULL;
}

struct pkcs11_object *object_lookup(struct pkcs11_session *s, uint32_t h)
{
	return get_object(s, h);
}

struct pkcs11_object *object_get(struct pkcs11_session *s, uint32_t h)
{
	struct pkcs11_object *obj = get_object(s, h);

	if (obj && object_private(obj) && !session_is_user(s))
		return NULL;
	return obj;
}

/* OP-TEE's check_access_attrs_against_token(). */
static enum pkcs11_rc check_access(struct pkcs11_session *s,
				   const uint8_t *attrs)
{
	if (pkcs11_tpl_get_bool(attrs, PKCS11_CKA_TOKEN, false) && !s->rw)
		return PKCS11_CKR_SESSION_READ_ONLY;
	if (pkcs11_tpl_get_bool(attrs, PKCS11_CKA_PRIVATE, false) &&
	    !session_is_user(s))
		return PKCS11_CKR_USER_NOT_LOGGED_IN;
	if (pkcs11_tpl_get_bool(attrs, PKCS11_CKA_TRUSTED, false) &&
	    !session_is_so(s))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc store_token_object(struct ck_token *t,
					 struct pkcs11_object *obj)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	enum pkcs11_rc rc;
	TEE_Result res;

	TEE_GenerateRandom(&obj->uuid, sizeof(obj->uuid));
	res = TEE_CreatePersistentObject(
		TEE_STORAGE_PRIVATE, &obj->uuid, sizeof(obj->uuid),
		TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE_META,
		TEE_HANDLE_NULL, obj->attrs.buf, obj->attrs.size, &h);
	if (res) {
		EMSG("storing a token object failed: 0x%08x",
		     (unsigned int)res);
		return PKCS11_CKR_DEVICE_ERROR;
	}
	obj->next = t->objects;
	t->objects = obj;
	rc = update_persistent_db(t);
	if (rc) {
		t->objects = obj->next;
		TEE_CloseAndDeletePersistentObject1(h);
		return rc;
	}
	TEE_CloseObject(h);
	return PKCS11_CKR_OK;
}

static void unstore_token_object(struct ck_token *t, struct pkcs11_object *obj)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	struct pkcs11_object **pp;

	for (pp = &t->objects; *pp; pp = &(*pp)->next) {
		if (*pp == obj) {
			*pp = obj->next;
			break;
		}
	}
	if (!TEE_OpenPersistentObject(TEE_STORAGE_PRIVATE, &obj->uuid,
				      sizeof(obj->uuid),
				      TEE_DATA_FLAG_ACCESS_WRITE_META, &h))
		TEE_CloseAndDeletePersistentObject1(h);
	update_persistent_db(t);
}

enum pkcs11_rc object_add(struct pkcs11_session *s, struct pkcs11_tpl *attrs,
			  uint8_t *out)
{
	struct pkcs11_object *obj;
	enum pkcs11_rc rc;
	uint32_t h;

	rc = check_access(s, attrs->buf);
	if (rc)
		return rc;
	obj = TEE_Malloc(sizeof(*obj), TEE_MALLOC_FILL_ZERO);
	if (!obj)
		return PKCS11_CKR_DEVICE_MEMORY;
	h = handle_put(&s->client->objects, obj);
	if (!h) {
		TEE_Free(obj);
		return PKCS11_CKR_DEVICE_MEMORY;
	}
	obj->attrs = *attrs;
	if (pkcs11_tpl_get_bool(attrs->buf, PKCS11_CKA_TOKEN, false)) {
		rc = store_token_object(s->token, obj);
		if (rc) {
			handle_remove(&s->client->objects, h);
			TEE_Free(obj);
			return rc;
		}
	} else {
		obj->session = s;
		obj->next = s->objects;
		s->objects = obj;
	}
	pkcs11_tpl_init(attrs);
	put_u32(out, h);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_create_object)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_tpl attrs;
	const uint8_t *tpl = NULL;
	struct serialargs a;
	uint32_t sh = 0;
	size_t size = 0;
	enum pkcs11_rc rc;

	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) ||
	    serialargs_get_template(&a, &tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	rc = create_attributes_from_template(
		tpl, PKCS11_CK_UNAVAILABLE_INFORMATION, &attrs);
	if (rc)
		return rc;
	rc = object_add(s, &attrs, PARAM_BUF(2));
	pkcs11_tpl_release(&attrs);
	return rc;
}

/* The class and key type a key generation mechanism implies. */
static enum pkcs11_rc keygen_template(uint32_t mech, const uint8_t *tpl,
				      struct pkcs11_tpl *in)
{
	uint32_t class = PKCS11_CKO_SECRET_KEY, type, v = 0, n, id, size;
	uint8_t b[4];
	enum pkcs11_rc rc;

	type = mech == PKCS11_CKM_AES_KEY_GEN ? PKCS11_CKK_AES
					      : PKCS11_CKK_GENERIC_SECRET;
	if (!pkcs11_tpl_get_u32(tpl, PKCS11_CKA_CLASS, &v) && v != class)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (!pkcs11_tpl_get_u32(tpl, PKCS11_CKA_KEY_TYPE, &v) && v != type)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (!pkcs11_tpl_get(tpl, PKCS11_CKA_VALUE, NULL, NULL))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	rc = pkcs11_tpl_get_u32(tpl, PKCS11_CKA_VALUE_LEN, &v);
	if (rc == PKCS11_RV_NOT_FOUND)
		return PKCS11_CKR_TEMPLATE_INCOMPLETE;
	if (rc)
		return rc;
	rc = mechanism_keygen_check(mech, type, v);
	if (rc)
		return rc;
	put_u32(b, class);
	rc = pkcs11_tpl_add(in, PKCS11_CKA_CLASS, b, 4);
	put_u32(b, type);
	if (!rc)
		rc = pkcs11_tpl_add(in, PKCS11_CKA_KEY_TYPE, b, 4);
	for (n = 0; !rc && n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);

		if (id != PKCS11_CKA_CLASS && id != PKCS11_CKA_KEY_TYPE)
			rc = pkcs11_tpl_add(in, id, val, size);
	}
	return rc;
}

static enum pkcs11_rc generate_secret(uint32_t mech, const uint8_t *tpl,
				      struct pkcs11_tpl *attrs)
{
	struct pkcs11_tpl in;
	uint32_t len = 0;
	uint8_t *key = NULL;
	enum pkcs11_rc rc;

	pkcs11_tpl_init(&in);
	pkcs11_tpl_init(attrs);
	rc = keygen_template(mech, tpl, &in);
	if (!rc)
		rc = create_attributes_from_template(in.buf, mech, attrs);
	if (rc)
		goto out;
	pkcs11_tpl_get_u32(attrs->buf, PKCS11_CKA_VALUE_LEN, &len);
	key = TEE_Malloc(len, 0);
	if (!key) {
		rc = PKCS11_CKR_DEVICE_MEMORY;
		goto out;
	}
	TEE_GenerateRandom(key, len);
	rc = pkcs11_tpl_add(attrs, PKCS11_CKA_VALUE, key, len);
	TEE_MemFill(key, 0, len);
	TEE_Free(key);
out:
	if (rc)
		pkcs11_tpl_release(attrs);
	pkcs11_tpl_release(&in);
	return rc;
}

PKCS11_HANDLER(entry_generate_secret)
{
	struct pkcs11_session *s = NULL;
	const uint8_t *tpl = NULL;
	uint32_t sh = 0, mech = 0, psize = 0;
	struct pkcs11_tpl attrs;
	struct serialargs a;
	size_t size = 0;
	enum pkcs11_rc rc;

	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &mech) ||
	    serialargs_get_u32(&a, &psize) || serialargs_get(&a, NULL, psize) ||
	    serialargs_get_template(&a, &tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (mech != PKCS11_CKM_AES_KEY_GEN &&
	    mech != PKCS11_CKM_GENERIC_SECRET_KEY_GEN)
		return PKCS11_CKR_MECHANISM_INVALID;
	/* Neither key generation mechanism takes a parameter. */
	if (psize)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	rc = generate_secret(mech, tpl, &attrs);
	if (rc)
		return rc;
	rc = object_add(s, &attrs, PARAM_BUF(2));
	pkcs11_tpl_release(&attrs);
	return rc;
}

/* Session and object handles, nothing after them unless @more. */
static enum pkcs11_rc get_session_object(struct pkcs11_client *c,
					 struct serialargs *a,
					 struct pkcs11_session **s,
					 struct pkcs11_object **obj)
{
	uint32_t sh = 0, oh = 0;

	if (serialargs_get_u32(a, &sh) || serialargs_get_u32(a, &oh))
		return PKCS11_CKR_ARGUMENTS_BAD;
	*s = get_session(c, sh);
	if (!*s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	*obj = get_object(*s, oh);
	return *obj ? PKCS11_CKR_OK : PKCS11_CKR_OBJECT_HANDLE_INVALID;
}

void object_destroy(struct pkcs11_session *s, struct pkcs11_object *obj)
{
	struct pkcs11_object **pp;

	if (!obj)
		return;
	if (obj->session) {
		for (pp = &obj->session->objects; *pp; pp = &(*pp)->next) {
			if (*pp == obj) {
				*pp = obj->next;
				break;
			}
		}
	} else {
		unstore_token_object(s->token, obj);
	}
	object_forget(obj);
	object_release(obj);
}

PKCS11_HANDLER(entry_destroy_object)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *obj = NULL;
	struct serialargs a;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_object(c, &a, &s, &obj);
	if (rc != PKCS11_CKR_ARGUMENTS_BAD && serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (object_private(obj) && !session_is_user(s))
		return PKCS11_CKR_USER_NOT_LOGGED_IN;
	if (!obj->session && !s->rw)
		return PKCS11_CKR_SESSION_READ_ONLY;
	if (!pkcs11_tpl_get_bool(obj->attrs.buf, PKCS11_CKA_DESTROYABLE, true))
		return PKCS11_CKR_ACTION_PROHIBITED;
	object_destroy(s, obj);
	return PKCS11_CKR_OK;
}

/* Does @obj have every attribute of @tpl with the same value? */
static bool object_matches(struct pkcs11_object *obj, const uint8_t *tpl)
{
	uint32_t n, id, size, osize;
	const void *oval;

	for (n = 0; n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);

		if (pkcs11_tpl_get(obj->attrs.buf, id, &oval, &osize) ||
		    osize != size || (size && memcmp(val, oval, size)))
			return false;
	}
	return true;
}

static enum pkcs11_rc found_add(struct pkcs11_session *s,
				struct pkcs11_object *obj, const uint8_t *tpl)
{
	uint32_t h, *nf;

	if (object_private(obj) && !session_is_user(s))
		return PKCS11_CKR_OK;
	if (!object_matches(obj, tpl))
		return PKCS11_CKR_OK;
	h = handle_lookup(&s->client->objects, obj);
	if (!h)
		h = handle_put(&s->client->objects, obj);
	if (!h)
		return PKCS11_CKR_DEVICE_MEMORY;
	nf = TEE_Realloc(s->found, (s->found_count + 1) * sizeof(*nf));
	if (!nf)
		return PKCS11_CKR_DEVICE_MEMORY;
	nf[s->found_count++] = h;
	s->found = nf;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc find_all(struct pkcs11_session *s, const uint8_t *tpl)
{
	struct pkcs11_client *c = s->client;
	struct pkcs11_object *o;
	enum pkcs11_rc rc = PKCS11_CKR_OK;
	uint32_t h;

	for (h = 1; h <= c->sessions.count; h++) {
		struct pkcs11_session *os = handle_get(&c->sessions, h);

		if (!os || os->token != s->token)
			continue;
		for (o = os->objects; o && !rc; o = o->next)
			rc = found_add(s, o, tpl);
	}
	for (o = s->token->objects; o && !rc; o = o->next)
		rc = found_add(s, o, tpl);
	return rc;
}

PKCS11_HANDLER(entry_find_objects_init)
{
	struct pkcs11_session *s = NULL;
	const uint8_t *tpl = NULL;
	struct serialargs a;
	uint32_t sh = 0;
	size_t size = 0;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) ||
	    serialargs_get_template(&a, &tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->find_active)
		return PKCS11_CKR_OPERATION_ACTIVE;
	s->find_active = true;
	rc = find_all(s, tpl);
	if (rc)
		session_find_release(s);
	return rc;
}

PKCS11_HANDLER(entry_find_objects)
{
	struct pkcs11_session *s = NULL;
	uint8_t *out = PARAM_BUF(2);
	uint32_t sh = 0, n, room;
	struct serialargs a;

	if (ptypes != OUT_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (!s->find_active)
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	room = PARAM_SIZE(2) / 4;
	for (n = 0; n < room && s->found_next < s->found_count; n++)
		put_u32(out + 4 * n, s->found[s->found_next++]);
	PARAM_SIZE(2) = n * 4;
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_find_objects_final)
{
	struct pkcs11_session *s = NULL;
	struct serialargs a;
	uint32_t sh = 0;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (!s->find_active)
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	session_find_release(s);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_get_object_size)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *obj = NULL;
	struct serialargs a;
	enum pkcs11_rc rc;

	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_object(c, &a, &s, &obj);
	if (rc != PKCS11_CKR_ARGUMENTS_BAD && serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (object_private(obj) && !session_is_user(s))
		return PKCS11_CKR_OBJECT_HANDLE_INVALID;
	put_u32(PARAM_BUF(2), obj->attrs.size);
	return PKCS11_CKR_OK;
}

/*
 * One attribute of the reply: the client's slot @slot (its size field,
 * then @room value bytes) is filled from @obj.  Return: the rc it earns.
 */
static enum pkcs11_rc fill_attr(struct pkcs11_object *obj, uint32_t id,
				uint8_t *slot, uint32_t room)
{
	const void *val = NULL;
	uint32_t size = 0;

	if ((id & PKCS11_CKA_OPTEE_FLAGS_HIDDEN) ==
		    PKCS11_CKA_OPTEE_FLAGS_HIDDEN ||
	    pkcs11_tpl_get(obj->attrs.buf, id, &val, &size)) {
		put_u32(slot, PKCS11_CK_UNAVAILABLE_INFORMATION);
		return PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
	}
	if (attribute_is_sensitive(obj->attrs.buf, id)) {
		put_u32(slot, PKCS11_CK_UNAVAILABLE_INFORMATION);
		return PKCS11_CKR_ATTRIBUTE_SENSITIVE;
	}
	if (!room) {
		/* A length query. */
		put_u32(slot, size);
		return PKCS11_CKR_OK;
	}
	if (room < size) {
		put_u32(slot, PKCS11_CK_UNAVAILABLE_INFORMATION);
		return PKCS11_CKR_BUFFER_TOO_SMALL;
	}
	put_u32(slot, size);
	if (size)
		memcpy(slot + 4, val, size);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_get_attribute_value)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *obj = NULL;
	bool sensitive = false, invalid = false, small = false;
	const uint8_t *tpl = NULL;
	uint8_t *out = PARAM_BUF(2);
	uint32_t n, off = 8;
	struct serialargs a;
	size_t size = 0;
	enum pkcs11_rc rc;

	if (ptypes != OUT_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_object(c, &a, &s, &obj);
	if (rc == PKCS11_CKR_ARGUMENTS_BAD ||
	    serialargs_get_template(&a, &tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (object_private(obj) && !session_is_user(s))
		return PKCS11_CKR_OBJECT_HANDLE_INVALID;
	if (PARAM_SIZE(2) < size) {
		PARAM_SIZE(2) = size;
		return PKCS11_CKR_BUFFER_TOO_SMALL;
	}
	/* The reply is the template, rewritten in place (§6.4). */
	memmove(out, tpl, size);
	for (n = 0; n < pkcs11_tpl_count(out); n++) {
		uint32_t id = get_u32(out + off), room = get_u32(out + off + 4);

		rc = fill_attr(obj, id, out + off + 4, room);
		sensitive |= rc == PKCS11_CKR_ATTRIBUTE_SENSITIVE;
		invalid |= rc == PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
		small |= rc == PKCS11_CKR_BUFFER_TOO_SMALL;
		off += 8 + room;
	}
	PARAM_SIZE(2) = size;
	if (sensitive)
		return PKCS11_CKR_ATTRIBUTE_SENSITIVE;
	if (invalid)
		return PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
	if (small)
		return PKCS11_CKR_BUFFER_TOO_SMALL;
	return PKCS11_CKR_OK;
}
