// SPDX-License-Identifier: BSD-2-Clause
/*
 * Signature steps (C_Sign*, C_Verify*) and the parameters of the RSA
 * and EC mechanisms, as OP-TEE's libckteec pkcs11_processing.c and
 * serialize_ck.c send them (ABI-FACTS-INTERNAL §6.3, §6.8): the data in
 * param[1], the signature out in param[2] (sign) or in param[2] as an
 * input (verify); a NULL signature buffer asks for its size.
 */
#include <string.h>

#include "ck_api.h"

/* Command ids of the steps (ABI-FACTS-INTERNAL §6.3). */
enum {
	CMD_SIGN_UPDATE = 27,
	CMD_VERIFY_UPDATE = 28,
	CMD_SIGN_FINAL = 29,
	CMD_VERIFY_FINAL = 30,
	CMD_SIGN_ONESHOT = 31,
	CMD_VERIFY_ONESHOT = 32,
};

static int is_pss(CK_MECHANISM_TYPE t)
{
	switch (t) {
	case CKM_RSA_PKCS_PSS:
	case CKM_SHA1_RSA_PKCS_PSS:
	case CKM_SHA224_RSA_PKCS_PSS:
	case CKM_SHA256_RSA_PKCS_PSS:
	case CKM_SHA384_RSA_PKCS_PSS:
	case CKM_SHA512_RSA_PKCS_PSS:
		return 1;
	default:
		return 0;
	}
}

static int is_bare_asymm(CK_MECHANISM_TYPE t)
{
	switch (t) {
	case CKM_RSA_PKCS_KEY_PAIR_GEN:
	case CKM_RSA_PKCS:
	case CKM_SHA1_RSA_PKCS:
	case CKM_SHA224_RSA_PKCS:
	case CKM_SHA256_RSA_PKCS:
	case CKM_SHA384_RSA_PKCS:
	case CKM_SHA512_RSA_PKCS:
	case CKM_EC_KEY_PAIR_GEN:
	case CKM_ECDSA:
	case CKM_ECDSA_SHA1:
	case CKM_ECDSA_SHA224:
	case CKM_ECDSA_SHA256:
	case CKM_ECDSA_SHA384:
	case CKM_ECDSA_SHA512:
	case CKM_EC_EDWARDS_KEY_PAIR_GEN:
		return 1;
	default:
		return 0;
	}
}

/* OAEP: u32 hashAlg, mgf, source, source length, then the source. */
static CK_RV oaep_param(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_RSA_PKCS_OAEP_PARAMS p;

	if (!m->pParameter || m->ulParameterLen != sizeof(p))
		return CKR_MECHANISM_PARAM_INVALID;
	memcpy(&p, m->pParameter, sizeof(p));
	if (p.hashAlg > UINT32_MAX || p.mgf > UINT32_MAX ||
	    p.source > UINT32_MAX || p.ulSourceDataLen > UINT32_MAX - 16 ||
	    (p.ulSourceDataLen && !p.pSourceData))
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 16 + p.ulSourceDataLen);
	ctrl_put_u32(c, p.hashAlg);
	ctrl_put_u32(c, p.mgf);
	ctrl_put_u32(c, p.source);
	ctrl_put_u32(c, p.ulSourceDataLen);
	ctrl_put(c, p.pSourceData, p.ulSourceDataLen);
	return CKR_OK;
}

/* PKCS#11 3.0's CK_EDDSA_PARAMS (p11-kit's header has none). */
struct ck_eddsa_params {
	CK_BBOOL ph_flag;
	CK_ULONG context_len;
	CK_BYTE_PTR context;
};

/* EdDSA: u32 phFlag, u32 context length, the context; {0, 0} if none. */
static CK_RV eddsa_param(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	struct ck_eddsa_params p = {0};

	if (m->pParameter || m->ulParameterLen) {
		if (!m->pParameter || m->ulParameterLen != sizeof(p))
			return CKR_MECHANISM_PARAM_INVALID;
		memcpy(&p, m->pParameter, sizeof(p));
		if (p.context_len > UINT32_MAX - 8 ||
		    (p.context_len && !p.context))
			return CKR_MECHANISM_PARAM_INVALID;
	}
	ctrl_put_u32(c, 8 + p.context_len);
	ctrl_put_u32(c, p.ph_flag);
	ctrl_put_u32(c, p.context_len);
	ctrl_put(c, p.context, p.context_len);
	return CKR_OK;
}

/*
 * ECDH1_DERIVE: u32 kdf, u32 shared data length, the shared data, u32
 * public data length, the peer's point (OP-TEE's serialize_ck.c).
 */
static CK_RV ecdh_param(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_ECDH1_DERIVE_PARAMS p;

	if (!m->pParameter || m->ulParameterLen != sizeof(p))
		return CKR_MECHANISM_PARAM_INVALID;
	memcpy(&p, m->pParameter, sizeof(p));
	if (p.kdf > UINT32_MAX || p.shared_data_len > UINT32_MAX / 2 ||
	    p.public_data_len > UINT32_MAX / 2 - 12 ||
	    (p.shared_data_len && !p.shared_data) ||
	    (p.public_data_len && !p.public_data))
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 12 + p.shared_data_len + p.public_data_len);
	ctrl_put_u32(c, p.kdf);
	ctrl_put_u32(c, p.shared_data_len);
	ctrl_put(c, p.shared_data, p.shared_data_len);
	ctrl_put_u32(c, p.public_data_len);
	ctrl_put(c, p.public_data, p.public_data_len);
	return CKR_OK;
}

CK_RV ck_mechanism_asymm(struct ctrl_buf *c, CK_MECHANISM_PTR m)
{
	CK_RSA_PKCS_PSS_PARAMS p;

	if (is_bare_asymm(m->mechanism)) {
		if (m->pParameter || m->ulParameterLen)
			return CKR_MECHANISM_PARAM_INVALID;
		ctrl_put_u32(c, 0);
		return CKR_OK;
	}
	if (m->mechanism == CKM_RSA_PKCS_OAEP)
		return oaep_param(c, m);
	if (m->mechanism == CKM_EDDSA)
		return eddsa_param(c, m);
	if (m->mechanism == CKM_ECDH1_DERIVE)
		return ecdh_param(c, m);
	if (!is_pss(m->mechanism))
		return CKR_MECHANISM_INVALID;
	if (!m->pParameter || m->ulParameterLen != sizeof(p))
		return CKR_MECHANISM_PARAM_INVALID;
	memcpy(&p, m->pParameter, sizeof(p));
	if (p.hashAlg > UINT32_MAX || p.mgf > UINT32_MAX || p.sLen > UINT32_MAX)
		return CKR_MECHANISM_PARAM_INVALID;
	ctrl_put_u32(c, 12);
	ctrl_put_u32(c, p.hashAlg);
	ctrl_put_u32(c, p.mgf);
	ctrl_put_u32(c, p.sLen);
	return CKR_OK;
}

static uint32_t u32_of(CK_ULONG h)
{
	return h > UINT32_MAX ? 0 : h;
}

/* A sign step: @in in (absent when empty), the signature out. */
static CK_RV sign_cmd(uint32_t cmd, CK_SESSION_HANDLE session, CK_BYTE_PTR in,
		      CK_ULONG in_len, CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	struct ctrl_buf c = {0};
	size_t size;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if ((out_len == NULL && cmd != CMD_SIGN_UPDATE) || (in_len && !in))
		return CKR_ARGUMENTS_BAD;
	size = out && out_len ? *out_len : 0;
	ctrl_put_u32(&c, u32_of(session));
	rv = ctrl_invoke(cmd, &c, in_len ? in : NULL, in_len, out,
			 out_len ? &size : NULL);
	if (out_len && (rv == CKR_OK || rv == CKR_BUFFER_TOO_SMALL))
		*out_len = size;
	return rv;
}

CK_RV C_Sign(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
	     CK_BYTE_PTR sig, CK_ULONG_PTR sig_len)
{
	return sign_cmd(CMD_SIGN_ONESHOT, s, in, in_len, sig, sig_len);
}

CK_RV C_SignUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len)
{
	return sign_cmd(CMD_SIGN_UPDATE, s, in, in_len, NULL, NULL);
}

CK_RV C_SignFinal(CK_SESSION_HANDLE s, CK_BYTE_PTR sig, CK_ULONG_PTR sig_len)
{
	return sign_cmd(CMD_SIGN_FINAL, s, NULL, 0, sig, sig_len);
}

/* A verify step: @in in (absent when empty), the signature @sig in. */
static CK_RV verify_cmd(uint32_t cmd, CK_SESSION_HANDLE session, CK_BYTE_PTR in,
			CK_ULONG in_len, CK_BYTE_PTR sig, CK_ULONG sig_len)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if ((in_len && !in) || (sig_len && !sig))
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(session));
	while (!c.failed && c.size < 4)
		ctrl_put_u32(&c, 0);
	if (c.failed) {
		ctrl_release(&c);
		return CKR_HOST_MEMORY;
	}
	if (cmd == CMD_VERIFY_UPDATE)
		rv = ckteec_invoke(cmd, c.buf, c.size, in_len ? in : NULL,
				   in_len, NULL, NULL);
	else
		rv = ckteec_invoke_in2(cmd, c.buf, c.size, in_len ? in : NULL,
				       in_len, sig, sig_len);
	ctrl_release(&c);
	return rv;
}

CK_RV C_Verify(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
	       CK_BYTE_PTR sig, CK_ULONG sig_len)
{
	return verify_cmd(CMD_VERIFY_ONESHOT, s, in, in_len, sig, sig_len);
}

CK_RV C_VerifyUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len)
{
	return verify_cmd(CMD_VERIFY_UPDATE, s, in, in_len, NULL, 0);
}

CK_RV C_VerifyFinal(CK_SESSION_HANDLE s, CK_BYTE_PTR sig, CK_ULONG sig_len)
{
	return verify_cmd(CMD_VERIFY_FINAL, s, NULL, 0, sig, sig_len);
}
