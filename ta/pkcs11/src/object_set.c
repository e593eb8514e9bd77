// SPDX-License-Identifier: BSD-2-Clause
/*
 * SET_ATTRIBUTE_VALUE: change attributes of an object, with PKCS#11 3.0's
 * rules (§4.4 table 4 footnotes 8 and 11, §4.10 secret key table, §5.7
 * C_SetAttributeValue) as OP-TEE's check_attrs_against_modification():
 * an object that is not CKA_MODIFIABLE: ACTION_PROHIBITED; a token object
 * from an R/O session: SESSION_READ_ONLY; a private one without user
 * login: USER_NOT_LOGGED_IN.  Modifiable: CKA_LABEL; a data object's
 * APPLICATION, OBJECT_ID and VALUE; a key's ID, START_DATE, END_DATE and
 * usage flags (those of its class), CKA_SENSITIVE only to true,
 * CKA_EXTRACTABLE only to false, CKA_WRAP_WITH_TRUSTED only to true,
 * CKA_TRUSTED by the SO only.  Other attributes the TA knows:
 * ATTRIBUTE_READ_ONLY; others ATTRIBUTE_TYPE_INVALID; a boolean not 1 byte: ATTRIBUTE_VALUE_INVALID.
 * A token object is rewritten in trusted storage before the change shows.
 *
 * COPY_OBJECT: a new object with the attributes of one that is
 * CKA_COPYABLE (else ACTION_PROHIBITED), changed as the template says
 * under the same rules, and also CKA_TOKEN and CKA_PRIVATE, with
 * CKA_MODIFIABLE, CKA_COPYABLE, CKA_DESTROYABLE only turned off; made
 * with C_CreateObject's session and login checks.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <trace.h>

#include "object.h"

/* How attribute @id of an object of @class may change. */
enum change { READ_ONLY, ANY, BOOL, TO_TRUE, TO_FALSE, SO_ONLY, UNKNOWN };

static enum change change_of(uint32_t class, uint32_t id)
{
	const bool key = class != PKCS11_CKO_DATA;

	switch (id) {
	case PKCS11_CKA_LABEL:
		return ANY;
	case PKCS11_CKA_APPLICATION:
	case PKCS11_CKA_OBJECT_ID:
		return key ? UNKNOWN : ANY;
	case PKCS11_CKA_VALUE:
		return key ? READ_ONLY : ANY;
	case PKCS11_CKA_ID:
	case PKCS11_CKA_START_DATE:
	case PKCS11_CKA_END_DATE:
		return key ? ANY : UNKNOWN;
	case PKCS11_CKA_DERIVE:
	case PKCS11_CKA_ENCRYPT:
	case PKCS11_CKA_DECRYPT:
	case PKCS11_CKA_SIGN:
	case PKCS11_CKA_VERIFY:
	case PKCS11_CKA_WRAP:
	case PKCS11_CKA_UNWRAP:
		return key ? BOOL : UNKNOWN;
	case PKCS11_CKA_SENSITIVE:
	case PKCS11_CKA_WRAP_WITH_TRUSTED:
		return key ? TO_TRUE : UNKNOWN;
	case PKCS11_CKA_EXTRACTABLE:
		return key ? TO_FALSE : UNKNOWN;
	case PKCS11_CKA_TRUSTED:
		return key ? SO_ONLY : UNKNOWN;
	case PKCS11_CKA_CLASS:
	case PKCS11_CKA_TOKEN:
	case PKCS11_CKA_PRIVATE:
	case PKCS11_CKA_MODIFIABLE:
	case PKCS11_CKA_COPYABLE:
	case PKCS11_CKA_DESTROYABLE:
		return READ_ONLY;
	case PKCS11_CKA_KEY_TYPE:
	case PKCS11_CKA_VALUE_LEN:
	case PKCS11_CKA_LOCAL:
	case PKCS11_CKA_ALWAYS_SENSITIVE:
	case PKCS11_CKA_NEVER_EXTRACTABLE:
	case PKCS11_CKA_KEY_GEN_MECHANISM:
		return key ? READ_ONLY : UNKNOWN;
	default:
		return UNKNOWN;
	}
}

/*
 * A public or private key has the usage flags of its class only, which
 * object_keypair.c stores (false when absent): one it lacks is not its
 * type's.  Its key material (modulus, EC point, private parts) is
 * read-only, PKCS#11 3.0 §4.8 and §4.9; the TA's vendor attributes (the
 * hidden EC point) stay invisible.
 */
static enum change keypair_change(struct pkcs11_object *obj, uint32_t id,
				  enum change ch)
{
	bool present = !pkcs11_tpl_get(obj->attrs.buf, id, NULL, NULL);

	if (id == PKCS11_CKA_OPTEE_HIDDEN_EC_POINT)
		return UNKNOWN;
	if (ch == UNKNOWN && present)
		return READ_ONLY;
	if (ch != ANY && ch != READ_ONLY && !present)
		return UNKNOWN;
	return ch;
}

/* How attribute @id of @obj, of @class, may change. */
static enum change change_for(struct pkcs11_object *obj, uint32_t class,
			      uint32_t id)
{
	enum change ch = change_of(class, id);

	if (class == PKCS11_CKO_PUBLIC_KEY || class == PKCS11_CKO_PRIVATE_KEY)
		return keypair_change(obj, id, ch);
	return ch;
}

/*
 * C_CopyObject may also set CKA_TOKEN and CKA_PRIVATE, and turn
 * CKA_MODIFIABLE, CKA_COPYABLE and CKA_DESTROYABLE off (PKCS#11 3.0
 * §4.4 table 4); of an object that is not CKA_MODIFIABLE, only those.
 */
static enum change copy_change_of(struct pkcs11_object *obj, uint32_t class,
				  uint32_t id)
{
	switch (id) {
	case PKCS11_CKA_TOKEN:
	case PKCS11_CKA_PRIVATE:
		return BOOL;
	case PKCS11_CKA_MODIFIABLE:
	case PKCS11_CKA_COPYABLE:
	case PKCS11_CKA_DESTROYABLE:
		return TO_FALSE;
	default:
		if (!pkcs11_tpl_get_bool(obj->attrs.buf, PKCS11_CKA_MODIFIABLE,
					 true) &&
		    change_for(obj, class, id) != UNKNOWN)
			return READ_ONLY;
		return change_for(obj, class, id);
	}
}

/* May @s set attribute @id of @obj (or its copy) to @val (@size bytes)? */
static enum pkcs11_rc check_change(struct pkcs11_session *s,
				   struct pkcs11_object *obj, bool copy,
				   uint32_t class, uint32_t id,
				   const uint8_t *val, uint32_t size)
{
	enum change ch = copy ? copy_change_of(obj, class, id)
			      : change_for(obj, class, id);
	bool now;

	if (ch == UNKNOWN)
		return PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
	if (ch == READ_ONLY)
		return PKCS11_CKR_ATTRIBUTE_READ_ONLY;
	if (ch == ANY)
		return PKCS11_CKR_OK;
	if (size != 1)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	now = pkcs11_tpl_get_bool(obj->attrs.buf, id, ch == TO_FALSE);
	if ((ch == TO_TRUE && now && !*val) || (ch == TO_FALSE && !now && *val))
		return PKCS11_CKR_ATTRIBUTE_READ_ONLY;
	if (ch == SO_ONLY && !session_is_so(s))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

/* @obj's attributes with @tpl's applied (for a @copy), into @out. */
static enum pkcs11_rc apply(struct pkcs11_session *s, struct pkcs11_object *obj,
			    bool copy, const uint8_t *tpl,
			    struct pkcs11_tpl *out)
{
	uint32_t class = 0, n, id, size;
	enum pkcs11_rc rc = PKCS11_CKR_OK;
	const uint8_t *val;

	pkcs11_tpl_get_u32(obj->attrs.buf, PKCS11_CKA_CLASS, &class);
	pkcs11_tpl_init(out);
	for (n = 0; !rc && n < pkcs11_tpl_count(obj->attrs.buf); n++) {
		val = pkcs11_tpl_attr(obj->attrs.buf, n, &id, &size);
		rc = pkcs11_tpl_add(out, id, val, size);
	}
	for (n = 0; !rc && n < pkcs11_tpl_count(tpl); n++) {
		val = pkcs11_tpl_attr(tpl, n, &id, &size);
		rc = check_change(s, obj, copy, class, id, val, size);
		if (!rc)
			rc = pkcs11_tpl_set(out, id, val, size);
	}
	if (rc)
		pkcs11_tpl_release(out);
	return rc;
}

/* Replace token object @obj's stored attributes with @attrs. */
static enum pkcs11_rc store(struct pkcs11_object *obj,
			    const struct pkcs11_tpl *attrs)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	TEE_Result res;

	res = TEE_CreatePersistentObject(
		TEE_STORAGE_PRIVATE, &obj->uuid, sizeof(obj->uuid),
		TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE_META |
			TEE_DATA_FLAG_OVERWRITE,
		TEE_HANDLE_NULL, attrs->buf, attrs->size, &h);
	if (res) {
		EMSG("rewriting a token object failed: 0x%08x",
		     (unsigned int)res);
		return PKCS11_CKR_DEVICE_ERROR;
	}
	TEE_CloseObject(h);
	return PKCS11_CKR_OK;
}

/*
 * The arguments SET_ATTRIBUTE_VALUE and COPY_OBJECT share in param[0]:
 * session, object, template; the object must be one the session may
 * use.  Return: the rc, with *@s, *@obj and *@tpl set on success.
 */
static enum pkcs11_rc object_tpl_args(struct pkcs11_client *c,
				      TEE_Param *params,
				      struct pkcs11_session **s,
				      struct pkcs11_object **obj,
				      const uint8_t **tpl)
{
	uint32_t sh = 0, oh = 0;
	struct serialargs a;
	size_t size = 0;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &oh) ||
	    serialargs_get_template(&a, tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	*s = get_session(c, sh);
	if (!*s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	*obj = object_lookup(*s, oh);
	if (!*obj)
		return PKCS11_CKR_OBJECT_HANDLE_INVALID;
	if (pkcs11_tpl_get_bool((*obj)->attrs.buf, PKCS11_CKA_PRIVATE, false) &&
	    !session_is_user(*s))
		return PKCS11_CKR_USER_NOT_LOGGED_IN;
	return PKCS11_CKR_OK;
}

/* Session, object, template. */
PKCS11_HANDLER(entry_set_attribute_value)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *obj = NULL;
	const uint8_t *tpl = NULL;
	struct pkcs11_tpl attrs;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = object_tpl_args(c, params, &s, &obj, &tpl);
	if (rc)
		return rc;
	if (!obj->session && !s->rw)
		return PKCS11_CKR_SESSION_READ_ONLY;
	if (!pkcs11_tpl_get_bool(obj->attrs.buf, PKCS11_CKA_MODIFIABLE, true))
		return PKCS11_CKR_ACTION_PROHIBITED;
	rc = apply(s, obj, false, tpl, &attrs);
	if (rc)
		return rc;
	if (!obj->session)
		rc = store(obj, &attrs);
	if (rc) {
		pkcs11_tpl_release(&attrs);
		return rc;
	}
	pkcs11_tpl_release(&obj->attrs);
	obj->attrs = attrs;
	return PKCS11_CKR_OK;
}

/* Session, object, template: the copy's handle in param[2]. */
PKCS11_HANDLER(entry_copy_object)
{
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *obj = NULL;
	const uint8_t *tpl = NULL;
	struct pkcs11_tpl attrs;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_MEMREF_OUTPUT,
				      TEE_PARAM_TYPE_NONE) ||
	    PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = object_tpl_args(c, params, &s, &obj, &tpl);
	if (rc)
		return rc;
	if (!pkcs11_tpl_get_bool(obj->attrs.buf, PKCS11_CKA_COPYABLE, true))
		return PKCS11_CKR_ACTION_PROHIBITED;
	rc = apply(s, obj, true, tpl, &attrs);
	if (rc)
		return rc;
	rc = object_add(s, &attrs, PARAM_BUF(2));
	pkcs11_tpl_release(&attrs);
	return rc;
}
