// SPDX-License-Identifier: BSD-2-Clause
/*
 * What every processing mechanism shares: parsing an INIT command's
 * control arguments, loading a key object into a GP operation with
 * OP-TEE's key checks (pkcs11_attributes.c check_parent_attrs_against_
 * processing: the key type the mechanism wants, the usage attribute),
 * and the steps' memrefs and ending rules (ABI-FACTS-INTERNAL §6.2: a
 * size query or BUFFER_TOO_SMALL keeps the operation, an UPDATE that
 * worked keeps it, anything else ends it).
 */
#include <string.h>
#include <tee_internal_api.h>

#include "processing.h"

void session_processing_release(struct pkcs11_session *s)
{
	struct proc_state *st = s->proc_state;

	if (s->proc_op)
		TEE_FreeOperation(s->proc_op);
	if (st) {
		if (st->buf)
			TEE_MemFill(st->buf, 0, st->len);
		TEE_Free(st->buf);
		TEE_MemFill(st, 0, sizeof(*st));
		TEE_Free(st);
	}
	s->proc_op = TEE_HANDLE_NULL;
	s->proc_state = NULL;
	s->proc_cmd = 0;
	s->proc_pending = 0;
}

enum pkcs11_rc proc_key_check(struct pkcs11_object *key, uint32_t usage,
			      uint32_t type, uint32_t alt)
{
	uint32_t class = 0, t = 0;

	if (pkcs11_tpl_get_u32(key->attrs.buf, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_SECRET_KEY ||
	    pkcs11_tpl_get_u32(key->attrs.buf, PKCS11_CKA_KEY_TYPE, &t) ||
	    (t != type && t != alt))
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	if (!pkcs11_tpl_get_bool(key->attrs.buf, usage, false))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

enum pkcs11_rc proc_key_load(struct pkcs11_object *key, uint32_t alg,
			     uint32_t mode, uint32_t obj_type,
			     TEE_OperationHandle *op)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	const void *val = NULL;
	TEE_Attribute attr;
	uint32_t size = 0;
	TEE_Result res;

	if (pkcs11_tpl_get(key->attrs.buf, PKCS11_CKA_VALUE, &val, &size))
		return PKCS11_CKR_GENERAL_ERROR;
	/* GP's key size bounds for the type are OP-TEE's key size range. */
	res = TEE_AllocateTransientObject(obj_type, size * 8, &k);
	if (res == TEE_ERROR_NOT_SUPPORTED)
		return PKCS11_CKR_KEY_SIZE_RANGE;
	if (res)
		return PKCS11_CKR_DEVICE_MEMORY;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, val, size);
	res = TEE_PopulateTransientObject(k, &attr, 1);
	if (!res)
		res = TEE_AllocateOperation(op, alg, mode, size * 8);
	if (!res) {
		res = TEE_SetOperationKey(*op, k);
		if (res) {
			TEE_FreeOperation(*op);
			*op = TEE_HANDLE_NULL;
		}
	}
	TEE_FreeTransientObject(k);
	if (res == TEE_ERROR_NOT_SUPPORTED)
		return PKCS11_CKR_KEY_SIZE_RANGE;
	return res ? PKCS11_CKR_DEVICE_MEMORY : PKCS11_CKR_OK;
}

enum pkcs11_rc proc_init_args(TEE_Param *params, bool has_key, uint32_t *sh,
			      uint32_t *kh, uint32_t *mech, const void **param,
			      uint32_t *psize)
{
	struct serialargs a;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, sh) ||
	    (has_key && serialargs_get_u32(&a, kh)) ||
	    serialargs_get_u32(&a, mech) || serialargs_get_u32(&a, psize) ||
	    serialargs_get_ptr(&a, param, *psize) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	return PKCS11_CKR_OK;
}

void proc_start(struct pkcs11_session *s, uint32_t cmd, TEE_OperationHandle op,
		struct proc_state *st)
{
	s->proc_op = op;
	s->proc_state = st;
	s->proc_cmd = cmd;
	s->proc_pending = 0;
}

static void io_from_params(uint32_t ptypes, TEE_Param *params,
			   struct proc_io *io)
{
	memset(io, 0, sizeof(*io));
	if (TEE_PARAM_TYPE_GET(ptypes, 1) == TEE_PARAM_TYPE_MEMREF_INPUT) {
		io->in = PARAM_BUF(1);
		io->in_len = PARAM_SIZE(1);
	}
	switch (TEE_PARAM_TYPE_GET(ptypes, 2)) {
	case TEE_PARAM_TYPE_MEMREF_OUTPUT:
		io->has_out = true;
		io->out = PARAM_BUF(2);
		io->out_len = PARAM_SIZE(2);
		break;
	case TEE_PARAM_TYPE_MEMREF_INPUT:
		io->in2 = PARAM_BUF(2);
		io->in2_len = PARAM_SIZE(2);
		break;
	default:
		break;
	}
}

struct pkcs11_session *proc_step_session(struct pkcs11_client *c,
					 uint32_t ptypes, TEE_Param *params,
					 uint32_t init, struct proc_io *io,
					 enum pkcs11_rc *rc)
{
	uint32_t t1 = TEE_PARAM_TYPE_GET(ptypes, 1);
	uint32_t t2 = TEE_PARAM_TYPE_GET(ptypes, 2);
	struct pkcs11_session *s;
	struct serialargs a;
	uint32_t sh = 0;

	*rc = PKCS11_CKR_ARGUMENTS_BAD;
	if ((t1 != TEE_PARAM_TYPE_NONE && t1 != TEE_PARAM_TYPE_MEMREF_INPUT) ||
	    (t2 != TEE_PARAM_TYPE_NONE && t2 != TEE_PARAM_TYPE_MEMREF_INPUT &&
	     t2 != TEE_PARAM_TYPE_MEMREF_OUTPUT) ||
	    TEE_PARAM_TYPE_GET(ptypes, 3) != TEE_PARAM_TYPE_NONE)
		return NULL;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_remaining_bytes(&a))
		return NULL;
	s = get_session(c, sh);
	*rc = PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (!s)
		return NULL;
	*rc = PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	if (s->proc_cmd != init)
		return NULL;
	io_from_params(ptypes, params, io);
	*rc = PKCS11_CKR_OK;
	return s;
}

enum pkcs11_rc proc_step_done(struct pkcs11_session *s, TEE_Param *params,
			      struct proc_io *io, enum pkcs11_rc rc, bool last)
{
	if (io->has_out)
		PARAM_SIZE(2) = io->out_len;
	/* A size query or a short buffer keeps the operation. */
	if (rc == PKCS11_CKR_BUFFER_TOO_SMALL ||
	    (rc == PKCS11_CKR_OK && io->has_out && !io->out && io->out_len))
		return rc;
	if (rc || last)
		session_processing_release(s);
	return rc;
}
