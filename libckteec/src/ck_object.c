// SPDX-License-Identifier: BSD-2-Clause
/*
 * Objects over the TA (as OP-TEE's libckteec pkcs11_token.c object part
 * and serialize_ck.c): templates go as the TA's serialized format,
 * GET_ATTRIBUTE_VALUE comes back as the same template rewritten.
 */
#include <stdlib.h>
#include <string.h>

#include "ck_api.h"

CK_RV ck_mechanism(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	int done = 0;
	CK_RV rv;

	if (!m || m->mechanism > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(c, m->mechanism);
	switch (m->mechanism) {
	case CKM_AES_CBC:
		/* The IV, raw (serialize_ck.c). */
		if (!m->pParameter || m->ulParameterLen != 16)
			return CKR_MECHANISM_PARAM_INVALID;
		ctrl_put_u32(c, 16);
		ctrl_put(c, m->pParameter, 16);
		return CKR_OK;
	case CKM_AES_ECB:
	case CKM_AES_KEY_GEN:
	case CKM_GENERIC_SECRET_KEY_GEN:
		if (m->pParameter || m->ulParameterLen)
			return CKR_MECHANISM_PARAM_INVALID;
		break;
	default:
		rv = ck_mechanism_asymm(c, m);
		if (rv != CKR_MECHANISM_INVALID)
			return rv;
		rv = ck_mechanism_symm(c, m, &done);
		if (rv || done)
			return rv;
		/* Others travel bare: the TA refuses what it lacks. */
		break;
	}
	ctrl_put_u32(c, 0);
	return CKR_OK;
}

static CK_RV handle_out_cmd(uint32_t cmd, struct ctrl_buf *c,
			    CK_OBJECT_HANDLE_PTR obj)
{
	uint8_t out[4];
	size_t size = sizeof(out);
	CK_RV rv;

	rv = ctrl_invoke(cmd, c, NULL, 0, out, &size);
	if (rv == CKR_OK)
		*obj = get_u32(out);
	return rv;
}

static uint32_t u32_handle(CK_ULONG h)
{
	/* Out of the TA's range: 0, the invalid handle. */
	return h > UINT32_MAX ? 0 : h;
}

CK_RV C_CreateObject(CK_SESSION_HANDLE session, CK_ATTRIBUTE_PTR tpl,
		     CK_ULONG count, CK_OBJECT_HANDLE_PTR obj)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!obj)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_handle(session));
	rv = serialize_ck_template(&c, tpl, count, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	return handle_out_cmd(PKCS11_CMD_CREATE_OBJECT, &c, obj);
}

/*
 * GENERATE_KEY and DERIVE_KEY: session, the base key (DERIVE_KEY only,
 * @base non-NULL), mechanism, template; the new handle back.
 */
static CK_RV new_key_cmd(uint32_t cmd, CK_SESSION_HANDLE session,
			 const CK_OBJECT_HANDLE *base, CK_MECHANISM_PTR mech,
			 CK_ATTRIBUTE_PTR tpl, CK_ULONG count,
			 CK_OBJECT_HANDLE_PTR obj)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!obj || !mech)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_handle(session));
	if (base)
		ctrl_put_u32(&c, u32_handle(*base));
	rv = ck_mechanism(&c, mech);
	if (!rv)
		rv = serialize_ck_template(&c, tpl, count, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	return handle_out_cmd(cmd, &c, obj);
}

CK_RV C_GenerateKey(CK_SESSION_HANDLE session, CK_MECHANISM_PTR mech,
		    CK_ATTRIBUTE_PTR tpl, CK_ULONG count,
		    CK_OBJECT_HANDLE_PTR obj)
{
	return new_key_cmd(PKCS11_CMD_GENERATE_KEY, session, NULL, mech, tpl,
			   count, obj);
}

CK_RV C_DeriveKey(CK_SESSION_HANDLE session, CK_MECHANISM_PTR mech,
		  CK_OBJECT_HANDLE base, CK_ATTRIBUTE_PTR tpl, CK_ULONG count,
		  CK_OBJECT_HANDLE_PTR obj)
{
	return new_key_cmd(PKCS11_CMD_DERIVE_KEY, session, &base, mech, tpl,
			   count, obj);
}

CK_RV C_DestroyObject(CK_SESSION_HANDLE session, CK_OBJECT_HANDLE obj)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, u32_handle(session));
	ctrl_put_u32(&c, u32_handle(obj));
	return ctrl_invoke(PKCS11_CMD_DESTROY_OBJECT, &c, NULL, 0, NULL, NULL);
}

CK_RV C_GetObjectSize(CK_SESSION_HANDLE session, CK_OBJECT_HANDLE obj,
		      CK_ULONG_PTR size)
{
	struct ctrl_buf c = {0};
	CK_OBJECT_HANDLE v = 0;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!size)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_handle(session));
	ctrl_put_u32(&c, u32_handle(obj));
	rv = handle_out_cmd(PKCS11_CMD_GET_OBJECT_SIZE, &c, &v);
	if (rv == CKR_OK)
		*size = v;
	return rv;
}

/* One attribute of the TA's reply back into the caller's CK_ATTRIBUTE. */
static void attr_from_ta(CK_ATTRIBUTE_PTR a, const uint8_t *slot)
{
	uint32_t size = get_u32(slot);
	CK_ULONG v;

	if (size == PKCS11_CK_UNAVAILABLE_INFORMATION) {
		a->ulValueLen = CK_UNAVAILABLE_INFORMATION;
		return;
	}
	if (!ck_attr_is_ulong(a->type)) {
		if (a->pValue && a->ulValueLen >= size)
			memcpy(a->pValue, slot + 4, size);
		a->ulValueLen = size;
		return;
	}
	if (size != 4) {
		a->ulValueLen = CK_UNAVAILABLE_INFORMATION;
		return;
	}
	if (a->pValue) {
		v = get_u32(slot + 4);
		if (a->type == CKA_KEY_GEN_MECHANISM &&
		    v == PKCS11_CK_UNAVAILABLE_INFORMATION)
			v = CK_UNAVAILABLE_INFORMATION;
		memcpy(a->pValue, &v, sizeof(v));
	}
	a->ulValueLen = sizeof(CK_ULONG);
}

/*
 * The value bytes serialize_ck_template() reserved for @a: the reply
 * keeps the request's layout, whatever sizes the TA wrote in it.
 */
static size_t slot_room(CK_ATTRIBUTE_PTR a)
{
	if (ck_attr_is_ulong(a->type))
		return a->pValue && a->ulValueLen >= sizeof(CK_ULONG) ? 4 : 0;
	return a->pValue ? a->ulValueLen : 0;
}

/* A CK_ULONG slot too small for a CK_ULONG is refused here. */
static int ulong_too_small(CK_ATTRIBUTE_PTR a)
{
	return ck_attr_is_ulong(a->type) && a->pValue &&
	       a->ulValueLen < sizeof(CK_ULONG);
}

CK_RV C_GetAttributeValue(CK_SESSION_HANDLE session, CK_OBJECT_HANDLE obj,
			  CK_ATTRIBUTE_PTR tpl, CK_ULONG count)
{
	struct ctrl_buf c = {0};
	size_t tpl_off, size, n, off = 8;
	uint8_t *out;
	int small = 0;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!tpl && count)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_handle(session));
	ctrl_put_u32(&c, u32_handle(obj));
	tpl_off = c.size;
	rv = serialize_ck_template(&c, tpl, count, 1);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	size = c.size - tpl_off;
	out = malloc(size);
	if (!out) {
		ctrl_release(&c);
		return CKR_HOST_MEMORY;
	}
	rv = ctrl_invoke(PKCS11_CMD_GET_ATTRIBUTE_VALUE, &c, NULL, 0, out,
			 &size);
	if (rv == CKR_OK || rv == CKR_ATTRIBUTE_SENSITIVE ||
	    rv == CKR_ATTRIBUTE_TYPE_INVALID || rv == CKR_BUFFER_TOO_SMALL) {
		for (n = 0; n < count; n++) {
			size_t room = slot_room(&tpl[n]);

			if (ulong_too_small(&tpl[n])) {
				tpl[n].ulValueLen = CK_UNAVAILABLE_INFORMATION;
				small = 1;
			} else {
				attr_from_ta(&tpl[n], out + off + 4);
			}
			off += 8 + room;
		}
	}
	free(out);
	if (rv == CKR_OK && small)
		rv = CKR_BUFFER_TOO_SMALL;
	return rv;
}

CK_RV C_FindObjectsInit(CK_SESSION_HANDLE session, CK_ATTRIBUTE_PTR tpl,
			CK_ULONG count)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, u32_handle(session));
	rv = serialize_ck_template(&c, tpl, count, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	return ctrl_invoke(PKCS11_CMD_FIND_OBJECTS_INIT, &c, NULL, 0, NULL,
			   NULL);
}

CK_RV C_FindObjects(CK_SESSION_HANDLE session, CK_OBJECT_HANDLE_PTR obj,
		    CK_ULONG max, CK_ULONG_PTR count)
{
	struct ctrl_buf c = {0};
	uint8_t *buf = NULL;
	size_t size, n;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!count || (max && !obj) || max > UINT32_MAX / 4)
		return CKR_ARGUMENTS_BAD;
	size = max * 4;
	if (size) {
		buf = malloc(size);
		if (!buf)
			return CKR_HOST_MEMORY;
	}
	ctrl_put_u32(&c, u32_handle(session));
	rv = ctrl_invoke(PKCS11_CMD_FIND_OBJECTS, &c, NULL, 0, buf, &size);
	if (rv == CKR_OK) {
		for (n = 0; n < size / 4 && n < max; n++)
			obj[n] = get_u32(buf + 4 * n);
		*count = n;
	}
	free(buf);
	return rv;
}

CK_RV C_FindObjectsFinal(CK_SESSION_HANDLE session)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, u32_handle(session));
	return ctrl_invoke(PKCS11_CMD_FIND_OBJECTS_FINAL, &c, NULL, 0, NULL,
			   NULL);
}
