// SPDX-License-Identifier: BSD-2-Clause
/*
 * Digests: DIGEST_INIT, DIGEST_KEY, DIGEST_UPDATE, DIGEST_FINAL and
 * DIGEST_ONESHOT with MD5, SHA-1 and SHA-224 to SHA-512 on the GP digest
 * API (OP-TEE processing_digest.c; ABI-FACTS-INTERNAL §6.3, §6.8: no
 * mechanism parameter; CFG_PKCS11_TA_ALLOW_DIGEST_KEY=y, so DIGEST_KEY
 * feeds a secret key's value, PKCS#11 3.0 §5.12: any other object is
 * KEY_INDIGESTIBLE).
 */
#include <string.h>
#include <tee_internal_api.h>

#include "processing.h"

static uint32_t digest_alg(uint32_t mech)
{
	switch (mech) {
	case PKCS11_CKM_MD5:
		return TEE_ALG_MD5;
	case PKCS11_CKM_SHA_1:
		return TEE_ALG_SHA1;
	case PKCS11_CKM_SHA224:
		return TEE_ALG_SHA224;
	case PKCS11_CKM_SHA256:
		return TEE_ALG_SHA256;
	case PKCS11_CKM_SHA384:
		return TEE_ALG_SHA384;
	case PKCS11_CKM_SHA512:
		return TEE_ALG_SHA512;
	default:
		return 0;
	}
}

PKCS11_HANDLER(entry_digest_init)
{
	uint32_t sh = 0, mech = 0, psize = 0, alg;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	const void *param = NULL;
	struct pkcs11_session *s;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = proc_init_args(params, false, &sh, NULL, &mech, &param, &psize);
	if (rc)
		return rc;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd)
		return PKCS11_CKR_OPERATION_ACTIVE;
	alg = digest_alg(mech);
	if (!alg)
		return PKCS11_CKR_MECHANISM_INVALID;
	if (psize)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	if (TEE_AllocateOperation(&op, alg, TEE_MODE_DIGEST, 0))
		return PKCS11_CKR_DEVICE_MEMORY;
	proc_start(s, PKCS11_CMD_DIGEST_INIT, op, NULL);
	return PKCS11_CKR_OK;
}

/* Session, key: the key's value goes into the running digest. */
PKCS11_HANDLER(entry_digest_key)
{
	struct pkcs11_session *s;
	struct pkcs11_object *key;
	const void *val = NULL;
	uint32_t sh = 0, kh = 0, class = 0, size = 0;
	struct serialargs a;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &kh) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd != PKCS11_CMD_DIGEST_INIT)
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	key = object_get(s, kh);
	if (!key) {
		session_processing_release(s);
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	}
	if (pkcs11_tpl_get_u32(key->attrs.buf, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_SECRET_KEY ||
	    pkcs11_tpl_get(key->attrs.buf, PKCS11_CKA_VALUE, &val, &size)) {
		session_processing_release(s);
		return PKCS11_CKR_KEY_INDIGESTIBLE;
	}
	TEE_DigestUpdate(s->proc_op, val, size);
	return PKCS11_CKR_OK;
}

enum dstep { D_UPDATE, D_FINAL, D_ONESHOT };

static enum pkcs11_rc digest_final(struct pkcs11_session *s, struct proc_io *io)
{
	TEE_OperationInfo info;
	uint8_t md[64];
	size_t len = sizeof(md);

	TEE_GetOperationInfo(s->proc_op, &info);
	if (io->out_len < info.digestLength || !io->out) {
		io->out_len = info.digestLength;
		return io->out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	if (TEE_DigestDoFinal(s->proc_op, io->in, io->in_len, md, &len))
		return PKCS11_CKR_GENERAL_ERROR;
	memcpy(io->out, md, len);
	io->out_len = len;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc digest_step(struct pkcs11_client *c, uint32_t ptypes,
				  TEE_Param *params, enum dstep step)
{
	struct pkcs11_session *s;
	struct proc_io io;
	enum pkcs11_rc rc;

	s = proc_step_session(c, ptypes, params, PKCS11_CMD_DIGEST_INIT, &io,
			      &rc);
	if (!s)
		return rc;
	if (io.in2 || (step == D_FINAL && io.in) ||
	    (step != D_UPDATE && !io.has_out)) {
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	} else if (step == D_UPDATE) {
		if (io.in_len)
			TEE_DigestUpdate(s->proc_op, io.in, io.in_len);
		rc = PKCS11_CKR_OK;
	} else {
		rc = digest_final(s, &io);
	}
	return proc_step_done(s, params, &io, rc, step != D_UPDATE);
}

PKCS11_HANDLER(entry_digest_update)
{
	return digest_step(c, ptypes, params, D_UPDATE);
}

PKCS11_HANDLER(entry_digest_final)
{
	return digest_step(c, ptypes, params, D_FINAL);
}

PKCS11_HANDLER(entry_digest_oneshot)
{
	return digest_step(c, ptypes, params, D_ONESHOT);
}
