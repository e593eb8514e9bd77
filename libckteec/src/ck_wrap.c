// SPDX-License-Identifier: BSD-2-Clause
/*
 * C_SetAttributeValue and C_CopyObject over SET_ATTRIBUTE_VALUE and
 * COPY_OBJECT (the template as C_CreateObject's), and C_WrapKey and C_UnwrapKey over the TA's
 * WRAP_KEY and UNWRAP_KEY (as
 * OP-TEE's libckteec pkcs11_processing.c; ABI-FACTS-INTERNAL §6.3): the
 * wrapped key comes back in param[2] (a NULL buffer asks its size), and
 * goes to UNWRAP_KEY in param[1], the new key's handle coming back.
 */
#include "ck_api.h"

static uint32_t u32_of(CK_ULONG h)
{
	return h > UINT32_MAX ? 0 : h;
}

CK_RV C_WrapKey(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE wk,
		CK_OBJECT_HANDLE k, CK_BYTE_PTR w, CK_ULONG_PTR wl)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();
	size_t size;

	if (rv)
		return rv;
	if (!wl)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(s));
	ctrl_put_u32(&c, u32_of(wk));
	ctrl_put_u32(&c, u32_of(k));
	rv = ck_mechanism(&c, m);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	size = w ? *wl : 0;
	rv = ctrl_invoke(PKCS11_CMD_WRAP_KEY, &c, NULL, 0, w, &size);
	if (rv == CKR_OK || rv == CKR_BUFFER_TOO_SMALL)
		*wl = size;
	return rv;
}

CK_RV C_UnwrapKey(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE uk,
		  CK_BYTE_PTR w, CK_ULONG wl, CK_ATTRIBUTE_PTR t, CK_ULONG n,
		  CK_OBJECT_HANDLE_PTR k)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();
	uint8_t out[4];
	size_t size = sizeof(out);

	if (rv)
		return rv;
	if (!k || !w || !wl)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(s));
	ctrl_put_u32(&c, u32_of(uk));
	rv = ck_mechanism(&c, m);
	if (!rv)
		rv = serialize_ck_template(&c, t, n, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	rv = ctrl_invoke(PKCS11_CMD_UNWRAP_KEY, &c, w, wl, out, &size);
	if (rv == CKR_OK)
		*k = get_u32(out);
	return rv;
}

CK_RV C_SetAttributeValue(CK_SESSION_HANDLE s, CK_OBJECT_HANDLE o,
			  CK_ATTRIBUTE_PTR t, CK_ULONG n)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!t && n)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(s));
	ctrl_put_u32(&c, u32_of(o));
	rv = serialize_ck_template(&c, t, n, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	return ctrl_invoke(PKCS11_CMD_SET_ATTRIBUTE_VALUE, &c, NULL, 0, NULL,
			   NULL);
}

CK_RV C_CopyObject(CK_SESSION_HANDLE s, CK_OBJECT_HANDLE o, CK_ATTRIBUTE_PTR t,
		   CK_ULONG n, CK_OBJECT_HANDLE_PTR copy)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();
	uint8_t out[4];
	size_t size = sizeof(out);

	if (rv)
		return rv;
	if ((!t && n) || !copy)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(s));
	ctrl_put_u32(&c, u32_of(o));
	rv = serialize_ck_template(&c, t, n, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	rv = ctrl_invoke(PKCS11_CMD_COPY_OBJECT, &c, NULL, 0, out, &size);
	if (rv == CKR_OK)
		*copy = get_u32(out);
	return rv;
}
