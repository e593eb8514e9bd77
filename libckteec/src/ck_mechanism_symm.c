// SPDX-License-Identifier: BSD-2-Clause
/*
 * The parameters of the symmetric mechanisms, serialized as OP-TEE's
 * libckteec serialize_ck.c sends them (ABI-FACTS-INTERNAL §6.8): the raw
 * IV for AES_CBC_PAD; u32 counter bits ‖ counter block for AES_CTR;
 * u32 IV length ‖ IV ‖ u32 AAD length ‖ AAD ‖ u32 tag bits for AES_GCM;
 * a u32 output length for the _GENERAL MACs; nothing for digests, HMAC
 * and CMAC.
 */
#include <string.h>

#include "ck_api.h"

static uint32_t u32_of(CK_ULONG v, int *bad)
{
	if (v > UINT32_MAX)
		*bad = 1;
	return (uint32_t)v;
}

static CK_RV put_ctr(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_AES_CTR_PARAMS *p = m->pParameter;
	int bad = 0;
	uint32_t bits;

	if (!p || m->ulParameterLen != sizeof(*p))
		return CKR_MECHANISM_PARAM_INVALID;
	bits = u32_of(p->ulCounterBits, &bad);
	if (bad)
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 4 + sizeof(p->cb));
	ctrl_put_u32(c, bits);
	ctrl_put(c, p->cb, sizeof(p->cb));
	return CKR_OK;
}

static CK_RV put_gcm(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_GCM_PARAMS *p = m->pParameter;
	uint32_t iv_len, aad_len, bits;
	int bad = 0;

	if (!p || m->ulParameterLen != sizeof(*p))
		return CKR_MECHANISM_PARAM_INVALID;
	iv_len = u32_of(p->ulIvLen, &bad);
	aad_len = u32_of(p->ulAADLen, &bad);
	bits = u32_of(p->ulTagBits, &bad);
	if (bad || (iv_len && !p->pIv) || (aad_len && !p->pAAD) ||
	    iv_len > UINT32_MAX - 12 - aad_len)
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 12 + iv_len + aad_len);
	ctrl_put_u32(c, iv_len);
	ctrl_put(c, p->pIv, iv_len);
	ctrl_put_u32(c, aad_len);
	ctrl_put(c, p->pAAD, aad_len);
	ctrl_put_u32(c, bits);
	return CKR_OK;
}

static CK_RV put_ulong(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_ULONG v;
	int bad = 0;
	uint32_t u;

	if (!m->pParameter || m->ulParameterLen != sizeof(v))
		return CKR_MECHANISM_PARAM_INVALID;
	memcpy(&v, m->pParameter, sizeof(v));
	u = u32_of(v, &bad);
	if (bad)
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 4);
	ctrl_put_u32(c, u);
	return CKR_OK;
}

static int no_param(CK_MECHANISM_TYPE t)
{
	switch (t) {
	case CKM_MD5:
	case CKM_SHA_1:
	case CKM_SHA224:
	case CKM_SHA256:
	case CKM_SHA384:
	case CKM_SHA512:
	case CKM_MD5_HMAC:
	case CKM_SHA_1_HMAC:
	case CKM_SHA224_HMAC:
	case CKM_SHA256_HMAC:
	case CKM_SHA384_HMAC:
	case CKM_SHA512_HMAC:
	case CKM_AES_CMAC:
		return 1;
	default:
		return 0;
	}
}

CK_RV ck_mechanism_symm(struct ctrl_buf *c, CK_MECHANISM_PTR m, int *done)
{
	*done = 1;
	switch (m->mechanism) {
	case CKM_AES_CBC_PAD:
		if (!m->pParameter || m->ulParameterLen != 16)
			return CKR_MECHANISM_PARAM_INVALID;
		ctrl_put_u32(c, 16);
		ctrl_put(c, m->pParameter, 16);
		return CKR_OK;
	case CKM_AES_CTR:
		return put_ctr(c, m);
	case CKM_AES_GCM:
		return put_gcm(c, m);
	case CKM_MD5_HMAC_GENERAL:
	case CKM_SHA_1_HMAC_GENERAL:
	case CKM_SHA224_HMAC_GENERAL:
	case CKM_SHA256_HMAC_GENERAL:
	case CKM_SHA384_HMAC_GENERAL:
	case CKM_SHA512_HMAC_GENERAL:
	case CKM_AES_CMAC_GENERAL:
		return put_ulong(c, m);
	default:
		break;
	}
	*done = 0;
	if (no_param(m->mechanism) && (m->pParameter || m->ulParameterLen))
		return CKR_MECHANISM_PARAM_INVALID;
	return CKR_OK;
}
