// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TEE side of libckteec (as OP-TEE's libckteec invoke_ta.c): one
 * TEEC context and session per process; every command passes its control
 * arguments in param[0] as an INOUT memref the TA overwrites with its
 * 4-byte rc, data in param[1] and results in param[2].
 */
#include <stdlib.h>
#include <string.h>
#include <tee_client_api.h>

#include "invoke_ta.h"

static TEEC_Context ctx;
static TEEC_Session sess;
static int opened;

int ckteec_is_open(void)
{
	return opened;
}

static CK_RV login_from_env(uint32_t *method, uint32_t *gid)
{
	const char *type = getenv("CKTEEC_LOGIN_TYPE");
	const char *g = getenv("CKTEEC_LOGIN_GID");
	char *end = NULL;

	*method = TEEC_LOGIN_PUBLIC;
	if (!type || !strcmp(type, "public"))
		return CKR_OK;
	if (!strcmp(type, "user")) {
		*method = TEEC_LOGIN_USER;
		return CKR_OK;
	}
	if (strcmp(type, "group") || !g || !*g)
		return CKR_ARGUMENTS_BAD;
	*gid = strtoul(g, &end, 10);
	if (*end)
		return CKR_ARGUMENTS_BAD;
	*method = TEEC_LOGIN_GROUP;
	return CKR_OK;
}

static CK_RV ping(void)
{
	uint8_t ctrl[4] = {0}, ver[12];
	size_t size = sizeof(ver);
	CK_RV rv;

	rv = ckteec_invoke(PKCS11_CMD_PING, ctrl, sizeof(ctrl), NULL, 0, ver,
			   &size);
	if (rv != CKR_OK || size != sizeof(ver))
		return CKR_DEVICE_ERROR;
	/* libckteec's rule: refuse a TA of a newer major version. */
	if (get_u32(ver) != PKCS11_TA_VERSION_MAJOR)
		return CKR_DEVICE_ERROR;
	return CKR_OK;
}

CK_RV ckteec_open(void)
{
	const TEEC_UUID uuid = PKCS11_TA_UUID;
	uint32_t method = 0, gid = 0, origin = 0;
	CK_RV rv;

	if (login_from_env(&method, &gid))
		return CKR_DEVICE_ERROR;
	if (TEEC_InitializeContext(NULL, &ctx) != TEEC_SUCCESS)
		return CKR_DEVICE_ERROR;
	if (TEEC_OpenSession(&ctx, &sess, &uuid, method,
			     method == TEEC_LOGIN_GROUP ? &gid : NULL, NULL,
			     &origin) != TEEC_SUCCESS)
		goto err_ctx;
	opened = 1;
	rv = ping();
	if (rv)
		goto err_sess;
	return CKR_OK;
err_sess:
	opened = 0;
	TEEC_CloseSession(&sess);
err_ctx:
	TEEC_FinalizeContext(&ctx);
	return CKR_DEVICE_ERROR;
}

void ckteec_close(void)
{
	if (!opened)
		return;
	opened = 0;
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
}

/* param[2] is @out (OUTPUT, room *@out_size) or, @out_size NULL, @in2. */
static CK_RV invoke(uint32_t cmd, void *ctrl, size_t ctrl_size, const void *in,
		    size_t in_size, void *out, size_t *out_size,
		    const void *in2, size_t in2_size)
{
	TEEC_Operation op;
	uint32_t origin = 0, t1 = TEEC_NONE, t2 = TEEC_NONE;
	TEEC_Result res;

	if (!opened)
		return CKR_CRYPTOKI_NOT_INITIALIZED;
	memset(&op, 0, sizeof(op));
	op.params[0].tmpref.buffer = ctrl;
	op.params[0].tmpref.size = ctrl_size;
	if (in) {
		t1 = TEEC_MEMREF_TEMP_INPUT;
		op.params[1].tmpref.buffer = (void *)in;
		op.params[1].tmpref.size = in_size;
	}
	if (out_size) {
		t2 = TEEC_MEMREF_TEMP_OUTPUT;
		op.params[2].tmpref.buffer = *out_size ? out : NULL;
		op.params[2].tmpref.size = *out_size;
	} else if (in2) {
		t2 = TEEC_MEMREF_TEMP_INPUT;
		op.params[2].tmpref.buffer = in2_size ? (void *)in2 : NULL;
		op.params[2].tmpref.size = in2_size;
	}
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INOUT, t1, t2, TEEC_NONE);
	res = TEEC_InvokeCommand(&sess, cmd, &op, &origin);
	if (res == TEEC_ERROR_SHORT_BUFFER) {
		if (out_size)
			*out_size = op.params[2].tmpref.size;
		return CKR_BUFFER_TOO_SMALL;
	}
	if (res == TEEC_ERROR_OUT_OF_MEMORY)
		return CKR_DEVICE_MEMORY;
	if (res != TEEC_SUCCESS || op.params[0].tmpref.size != 4)
		return CKR_GENERAL_ERROR;
	if (out_size)
		*out_size = op.params[2].tmpref.size;
	return get_u32(ctrl);
}

CK_RV ckteec_invoke(uint32_t cmd, void *ctrl, size_t ctrl_size, const void *in,
		    size_t in_size, void *out, size_t *out_size)
{
	return invoke(cmd, ctrl, ctrl_size, in, in_size, out, out_size, NULL,
		      0);
}

CK_RV ckteec_invoke_in2(uint32_t cmd, void *ctrl, size_t ctrl_size,
			const void *in, size_t in_size, const void *in2,
			size_t in2_size)
{
	/* param[2] is there even for an empty signature. */
	static const uint8_t none;

	return invoke(cmd, ctrl, ctrl_size, in, in_size, NULL, NULL,
		      in2 ? in2 : &none, in2_size);
}

void ctrl_put(struct ctrl_buf *c, const void *p, size_t size)
{
	uint8_t *nb;

	if (c->failed)
		return;
	nb = realloc(c->buf, c->size + size + 4);
	if (!nb) {
		c->failed = 1;
		return;
	}
	if (size)
		memcpy(nb + c->size, p, size);
	c->buf = nb;
	c->size += size;
}

void ctrl_put_u32(struct ctrl_buf *c, uint32_t v)
{
	uint8_t b[4];

	put_u32(b, v);
	ctrl_put(c, b, 4);
}

void ctrl_release(struct ctrl_buf *c)
{
	free(c->buf);
	memset(c, 0, sizeof(*c));
}

CK_RV ctrl_invoke(uint32_t cmd, struct ctrl_buf *c, const void *in,
		  size_t in_size, void *out, size_t *out_size)
{
	CK_RV rv = CKR_HOST_MEMORY;

	/* The rc comes back in the first 4 bytes: there must be 4. */
	while (!c->failed && c->size < 4)
		ctrl_put_u32(c, 0);
	if (!c->failed)
		rv = ckteec_invoke(cmd, c->buf, c->size, in, in_size, out,
				   out_size);
	ctrl_release(c);
	return rv;
}

int ck_attr_is_ulong(CK_ATTRIBUTE_TYPE id)
{
	switch (id) {
	case CKA_CLASS:
	case CKA_CERTIFICATE_TYPE:
	case CKA_CERTIFICATE_CATEGORY:
	case CKA_NAME_HASH_ALGORITHM:
	case CKA_KEY_TYPE:
	case CKA_HW_FEATURE_TYPE:
	case CKA_MECHANISM_TYPE:
	case CKA_KEY_GEN_MECHANISM:
	case CKA_VALUE_LEN:
	case CKA_MODULUS_BITS:
		return 1;
	default:
		return 0;
	}
}

static CK_RV put_ulong_attr(struct ctrl_buf *c, CK_ATTRIBUTE_PTR a, int query)
{
	CK_ULONG v;

	if (query) {
		/* Room for the u32 when the caller has room for a CK_ULONG. */
		ctrl_put_u32(c,
			     a->pValue && a->ulValueLen >= sizeof(v) ? 4 : 0);
		if (a->pValue && a->ulValueLen >= sizeof(v))
			ctrl_put_u32(c, 0);
		return CKR_OK;
	}
	if (!a->pValue || a->ulValueLen != sizeof(v))
		return CKR_ATTRIBUTE_VALUE_INVALID;
	memcpy(&v, a->pValue, sizeof(v));
	if (v == CK_UNAVAILABLE_INFORMATION)
		v = PKCS11_CK_UNAVAILABLE_INFORMATION;
	else if (v > UINT32_MAX)
		return CKR_ATTRIBUTE_VALUE_INVALID;
	ctrl_put_u32(c, 4);
	ctrl_put_u32(c, v);
	return CKR_OK;
}

CK_RV serialize_ck_template(struct ctrl_buf *c, CK_ATTRIBUTE_PTR tpl,
			    CK_ULONG count, int query)
{
	size_t head = c->size, n;
	CK_RV rv;

	if (count && !tpl)
		return CKR_ARGUMENTS_BAD;
	if (count > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(c, 0);
	ctrl_put_u32(c, count);
	for (n = 0; n < count; n++) {
		CK_ATTRIBUTE_PTR a = &tpl[n];

		if (a->type > UINT32_MAX || a->ulValueLen > UINT32_MAX)
			return CKR_ARGUMENTS_BAD;
		ctrl_put_u32(c, a->type);
		if (ck_attr_is_ulong(a->type)) {
			rv = put_ulong_attr(c, a, query);
			if (rv)
				return rv;
			continue;
		}
		if (query && !a->pValue) {
			ctrl_put_u32(c, 0);
			continue;
		}
		if (!a->pValue && a->ulValueLen)
			return CKR_ARGUMENTS_BAD;
		ctrl_put_u32(c, a->ulValueLen);
		ctrl_put(c, a->pValue, a->ulValueLen);
	}
	if (c->failed)
		return CKR_HOST_MEMORY;
	put_u32(c->buf + head, c->size - head - 8);
	return CKR_OK;
}
