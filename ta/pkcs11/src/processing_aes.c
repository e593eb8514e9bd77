// SPDX-License-Identifier: BSD-2-Clause
/*
 * AES ECB and CBC (no padding) encryption and decryption: ENCRYPT_INIT,
 * DECRYPT_INIT and their UPDATE, FINAL and ONESHOT steps, on the GP
 * cipher API, with OP-TEE's processing rules (processing.c,
 * processing_symm.c; ABI-FACTS-INTERNAL §6.2): one operation per
 * session, OPERATION_ACTIVE on a second INIT, a size query (0-byte
 * output) keeps the operation, any other failure of a step ends it.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "object.h"

#define AES_BLOCK 16

void session_processing_release(struct pkcs11_session *s)
{
	if (s->proc_op)
		TEE_FreeOperation(s->proc_op);
	s->proc_op = TEE_HANDLE_NULL;
	s->proc_cmd = 0;
	s->proc_pending = 0;
}

static enum pkcs11_rc key_check(struct pkcs11_object *key, bool encrypt)
{
	uint32_t class = 0, type = 0;

	if (pkcs11_tpl_get_u32(key->attrs.buf, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_SECRET_KEY ||
	    pkcs11_tpl_get_u32(key->attrs.buf, PKCS11_CKA_KEY_TYPE, &type) ||
	    type != PKCS11_CKK_AES)
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	if (!pkcs11_tpl_get_bool(
		    key->attrs.buf,
		    encrypt ? PKCS11_CKA_ENCRYPT : PKCS11_CKA_DECRYPT, false))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc load_key(TEE_OperationHandle op,
			       struct pkcs11_object *key)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	const void *val = NULL;
	TEE_Attribute attr;
	uint32_t size = 0;
	TEE_Result res;

	if (pkcs11_tpl_get(key->attrs.buf, PKCS11_CKA_VALUE, &val, &size))
		return PKCS11_CKR_GENERAL_ERROR;
	res = TEE_AllocateTransientObject(TEE_TYPE_AES, size * 8, &k);
	if (res)
		return PKCS11_CKR_DEVICE_MEMORY;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, val, size);
	res = TEE_PopulateTransientObject(k, &attr, 1);
	if (!res)
		res = TEE_SetOperationKey(op, k);
	TEE_FreeTransientObject(k);
	return res ? PKCS11_CKR_GENERAL_ERROR : PKCS11_CKR_OK;
}

static enum pkcs11_rc cipher_init(struct pkcs11_client *c, uint32_t ptypes,
				  TEE_Param *params, uint32_t cmd)
{
	const bool encrypt = cmd == PKCS11_CMD_ENCRYPT_INIT;
	struct pkcs11_session *s = NULL;
	struct pkcs11_object *key;
	uint32_t sh = 0, kh = 0, mech = 0, psize = 0, alg, vsize = 0;
	const void *param = NULL;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	struct serialargs a;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &kh) ||
	    serialargs_get_u32(&a, &mech) || serialargs_get_u32(&a, &psize) ||
	    serialargs_get_ptr(&a, &param, psize) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd)
		return PKCS11_CKR_OPERATION_ACTIVE;
	if (mech == PKCS11_CKM_AES_ECB && !psize)
		alg = TEE_ALG_AES_ECB_NOPAD;
	else if (mech == PKCS11_CKM_AES_CBC && psize == AES_BLOCK)
		alg = TEE_ALG_AES_CBC_NOPAD;
	else if (mech == PKCS11_CKM_AES_ECB || mech == PKCS11_CKM_AES_CBC)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	else
		return PKCS11_CKR_MECHANISM_INVALID;
	key = object_get(s, kh);
	if (!key)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = key_check(key, encrypt);
	if (rc)
		return rc;
	pkcs11_tpl_get(key->attrs.buf, PKCS11_CKA_VALUE, NULL, &vsize);
	if (TEE_AllocateOperation(&op, alg,
				  encrypt ? TEE_MODE_ENCRYPT : TEE_MODE_DECRYPT,
				  vsize * 8))
		return PKCS11_CKR_DEVICE_MEMORY;
	rc = load_key(op, key);
	if (rc) {
		TEE_FreeOperation(op);
		return rc;
	}
	TEE_CipherInit(op, param, psize);
	s->proc_op = op;
	s->proc_cmd = cmd;
	s->proc_pending = 0;
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_encrypt_init)
{
	return cipher_init(c, ptypes, params, PKCS11_CMD_ENCRYPT_INIT);
}

PKCS11_HANDLER(entry_decrypt_init)
{
	return cipher_init(c, ptypes, params, PKCS11_CMD_DECRYPT_INIT);
}

enum step { STEP_UPDATE, STEP_FINAL, STEP_ONESHOT };

static enum pkcs11_rc len_range(struct pkcs11_session *s)
{
	return s->proc_cmd == PKCS11_CMD_ENCRYPT_INIT
		       ? PKCS11_CKR_DATA_LEN_RANGE
		       : PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
}

/* One step of @s's cipher operation; @in may be NULL (no data). */
static enum pkcs11_rc cipher_step(struct pkcs11_session *s, enum step step,
				  const void *in, size_t in_len, void *out,
				  size_t *out_len)
{
	size_t total = s->proc_pending + in_len, need;
	uint8_t dummy[AES_BLOCK];
	TEE_Result res;

	if (step == STEP_UPDATE)
		need = total / AES_BLOCK * AES_BLOCK;
	else if (total % AES_BLOCK)
		return len_range(s);
	else
		need = total;
	if (*out_len < need) {
		*out_len = need;
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	/* Nothing comes out: the API still wants somewhere to write. */
	if (!out)
		out = dummy;
	if (step == STEP_UPDATE)
		res = TEE_CipherUpdate(s->proc_op, in, in_len, out, out_len);
	else
		res = TEE_CipherDoFinal(s->proc_op, in, in_len, out, out_len);
	if (res)
		return PKCS11_CKR_GENERAL_ERROR;
	s->proc_pending = total % AES_BLOCK;
	return PKCS11_CKR_OK;
}

/* Is @cmd a step of the operation @s runs, and which? */
static bool step_of(struct pkcs11_session *s, uint32_t cmd, enum step *step)
{
	const bool enc = s->proc_cmd == PKCS11_CMD_ENCRYPT_INIT;

	if (!s->proc_cmd)
		return false;
	if (cmd == (enc ? 19U : 20U))
		*step = STEP_UPDATE;
	else if (cmd == (enc ? 21U : 22U))
		*step = STEP_FINAL;
	else if (cmd == (enc ? 23U : 24U))
		*step = STEP_ONESHOT;
	else
		return false;
	return true;
}

static enum pkcs11_rc processing_step(struct pkcs11_session *s, uint32_t cmd,
				      uint32_t ptypes, TEE_Param *params)
{
	uint32_t t1 = TEE_PARAM_TYPE_GET(ptypes, 1);
	uint32_t t2 = TEE_PARAM_TYPE_GET(ptypes, 2);
	const void *in = NULL;
	size_t in_len = 0, out_len = 0;
	void *out = NULL;
	enum step step;
	enum pkcs11_rc rc;

	if (!step_of(s, cmd, &step))
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	if ((t1 != TEE_PARAM_TYPE_NONE && t1 != TEE_PARAM_TYPE_MEMREF_INPUT) ||
	    (t2 != TEE_PARAM_TYPE_NONE && t2 != TEE_PARAM_TYPE_MEMREF_OUTPUT) ||
	    (step == STEP_FINAL && t1 != TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (t1 == TEE_PARAM_TYPE_MEMREF_INPUT) {
		in = PARAM_BUF(1);
		in_len = PARAM_SIZE(1);
	}
	if (t2 == TEE_PARAM_TYPE_MEMREF_OUTPUT) {
		out = PARAM_BUF(2);
		out_len = PARAM_SIZE(2);
	}
	rc = cipher_step(s, step, in, in_len, out, &out_len);
	if (t2 == TEE_PARAM_TYPE_MEMREF_OUTPUT)
		PARAM_SIZE(2) = out_len;
	/* A size query or a short buffer keeps the operation. */
	if (rc == PKCS11_CKR_BUFFER_TOO_SMALL ||
	    (rc == PKCS11_CKR_OK && !out && out_len))
		return rc;
	if (rc || step != STEP_UPDATE)
		session_processing_release(s);
	return rc;
}

/* The encrypt and decrypt steps: a session handle, then the data. */
static enum pkcs11_rc cipher_step_entry(struct pkcs11_client *c,
					uint32_t ptypes, TEE_Param *params,
					uint32_t cmd)
{
	struct pkcs11_session *s;
	struct serialargs a;
	uint32_t sh = 0;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	return processing_step(s, cmd, ptypes, params);
}

#define CIPHER_STEP(name, id)                                                  \
	PKCS11_HANDLER(name)                                                   \
	{                                                                      \
		return cipher_step_entry(c, ptypes, params, id);               \
	}

CIPHER_STEP(entry_encrypt_update, 19)
CIPHER_STEP(entry_decrypt_update, 20)
CIPHER_STEP(entry_encrypt_final, 21)
CIPHER_STEP(entry_decrypt_final, 22)
CIPHER_STEP(entry_encrypt_oneshot, 23)
CIPHER_STEP(entry_decrypt_oneshot, 24)
