// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Internal Client API: sessions to other TAs
 * (TEE_OpenTASession, TEE_InvokeTACommand, TEE_CloseTASession), as
 * OP-TEE's libutee (tee_api.c) gives them:
 *
 *  - memrefs may be the TA's private memory: their bytes go through the
 *    transfer bank of the parameter window (teebox/ta_ipc.h), an OUTPUT
 *    one as zeros; afterwards min(size returned, size given) bytes come
 *    back and the size is updated (SHORT_BUFFER's size feedback); one
 *    inside a memref of a normal-world client is marked
 *    TA_IPC_MEMREF_CLIENT, as OP-TEE passes it on as non-secure memory;
 *  - TEE_OpenTASession returns every result; *session is NULL on failure;
 *  - TEE_InvokeTACommand returns anything with origin TRUSTED_APP, else
 *    only SUCCESS, OUT_OF_MEMORY or TARGET_DEAD: anything else panics;
 *  - TEE_CloseTASession of an unknown handle panics; NULL is a no-op;
 *  - bad annotations panic: params NULL with param types set, session
 *    NULL, and (OP-TEE's rights check) an OUTPUT or INOUT memref over
 *    one of this call's own MEMREF_INPUT params.
 */
#include <string.h>

#include <tee_internal_api.h>
#include <utee_syscalls.h>

#include "utee_priv.h"

#define PAGE 4096ULL

static bool type_is_memref(uint32_t t)
{
	return t == TEE_PARAM_TYPE_MEMREF_INPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

static bool type_is_value(uint32_t t)
{
	return t == TEE_PARAM_TYPE_VALUE_INPUT ||
	       t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       t == TEE_PARAM_TYPE_VALUE_INOUT;
}

static uint64_t page_up(uint64_t v)
{
	return (v + PAGE - 1) & ~(PAGE - 1);
}

/**
 * struct xfer - a TA-to-TA call's memrefs in the transfer bank
 * @base:	the bank here (NULL until opened)
 * @win_off:	the bank's offset in the window
 * @off:	each memref's offset in the bank
 */
struct xfer {
	char *base;
	uint64_t win_off;
	uint64_t off[TEE_NUM_PARAMS];
};

/*
 * A buffer in one of this call's memrefs from a normal-world client:
 * OP-TEE passes such memory on as the client's shared memory, uncopied,
 * where it stays the normal world's (a TA's own memory, and memrefs from
 * a calling TA, are secure: OP-TEE copies or maps them as such).
 */
static bool from_client(const void *buf, size_t size)
{
	const TEE_Identity *client = utee_session_client();

	if (!client || client->login == TEE_LOGIN_TRUSTED_APP)
		return false;
	return utee_memref_overlaps(buf, size);
}

/*
 * Checks the annotations, lays the memrefs out (each at its buffer's
 * offset in its page, as the secure world does) and fills @r.
 * Return: TEE_SUCCESS, or TEE_ERROR_OUT_OF_MEMORY when they do not fit.
 */
static TEE_Result params_out(uint32_t types, const TEE_Param *params,
			     struct xfer *x, struct ta_ipc_ta2ta *r)
{
	uint64_t cur = 0, start;

	r->param_types = types;
	for (unsigned int i = 0; i < TEE_NUM_PARAMS; i++) {
		uint32_t t = TEE_PARAM_TYPE_GET(types, i);
		const TEE_Param *p = &params[i];

		if (type_is_value(t)) {
			r->params[i].a = p->value.a;
			r->params[i].b = p->value.b;
		}
		if (!type_is_memref(t))
			continue;
		if (!p->memref.buffer) {
			r->params[i].flags = TA_IPC_MEMREF_NULL;
			/* Refused by the trusted OS when size != 0. */
			r->params[i].size = p->memref.size;
			continue;
		}
		if (t != TEE_PARAM_TYPE_MEMREF_INPUT &&
		    utee_memref_overlaps_input(p->memref.buffer,
					       p->memref.size))
			TEE_Panic(TEE_ERROR_ACCESS_DENIED);
		/* OP-TEE's check_invoke_param(): no-share memory stays. */
		if (utee_no_share_overlaps(p->memref.buffer, p->memref.size))
			TEE_Panic(0);
		if (p->memref.size > TA_IPC_WIN_BANK_SIZE)
			return TEE_ERROR_OUT_OF_MEMORY;
		start = cur + ((uintptr_t)p->memref.buffer & (PAGE - 1));
		cur = page_up(start + (p->memref.size ? p->memref.size : 1));
		if (cur > TA_IPC_WIN_BANK_SIZE)
			return TEE_ERROR_OUT_OF_MEMORY;
		x->off[i] = start;
		r->params[i].size = p->memref.size;
		if (from_client(p->memref.buffer, p->memref.size))
			r->params[i].flags = TA_IPC_MEMREF_CLIENT;
	}
	x->base = utee_memref_xfer_open(cur, &x->win_off);
	if (!x->base)
		return TEE_ERROR_OUT_OF_MEMORY;
	for (unsigned int i = 0; i < TEE_NUM_PARAMS; i++) {
		uint32_t t = TEE_PARAM_TYPE_GET(types, i);
		const TEE_Param *p = &params[i];

		if (!type_is_memref(t) || !p->memref.buffer)
			continue;
		r->params[i].offset = x->win_off + x->off[i];
		/*
		 * OP-TEE's bounce buffer: an OUTPUT one starts zeroed.  A
		 * client's memory is passed on in place there: its bytes.
		 */
		if (t == TEE_PARAM_TYPE_MEMREF_OUTPUT &&
		    !(r->params[i].flags & TA_IPC_MEMREF_CLIENT))
			memset(x->base + x->off[i], 0, p->memref.size);
		else
			memcpy(x->base + x->off[i], p->memref.buffer,
			       p->memref.size);
	}
	return TEE_SUCCESS;
}

/* Copies the outputs back into @params and closes the transfer bank. */
static void params_back(uint32_t types, TEE_Param *params, const struct xfer *x,
			const struct ta_ipc_ta2ta_out *o)
{
	for (unsigned int i = 0; i < TEE_NUM_PARAMS; i++) {
		uint32_t t = TEE_PARAM_TYPE_GET(types, i);
		TEE_Param *p = &params[i];
		size_t n;

		if (t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
		    t == TEE_PARAM_TYPE_VALUE_INOUT) {
			p->value.a = o->params[i].a;
			p->value.b = o->params[i].b;
		}
		if (t != TEE_PARAM_TYPE_MEMREF_OUTPUT &&
		    t != TEE_PARAM_TYPE_MEMREF_INOUT)
			continue;
		n = o->params[i].size < p->memref.size
			    ? (size_t)o->params[i].size
			    : p->memref.size;
		if (p->memref.buffer && n)
			memcpy(p->memref.buffer, x->base + x->off[i], n);
		p->memref.size = (size_t)o->params[i].size;
	}
	utee_memref_xfer_close();
}

/*
 * One TA_IPC_SYS_TA_OPEN or _INVOKE with @args: the request to sys_buf,
 * the system call, the outputs back.  *@origin gets the origin.
 */
static TEE_Result ta2ta_call(uint32_t nr, const TEE_UUID *uuid,
			     const uint64_t args[4], uint32_t types,
			     TEE_Param *params, uint64_t out[4],
			     uint32_t *origin)
{
	struct ta_ipc_ta2ta r = {0};
	struct ta_ipc_ta2ta_out o;
	uint8_t *sys_buf = utee_channel_sys_buf();
	struct xfer x = {0};
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (uuid) {
		r.uuid.time_low = uuid->timeLow;
		r.uuid.time_mid = uuid->timeMid;
		r.uuid.time_hi_and_version = uuid->timeHiAndVersion;
		memcpy(r.uuid.clock_seq_and_node, uuid->clockSeqAndNode,
		       sizeof(r.uuid.clock_seq_and_node));
	}
	if (!sys_buf)
		return TEE_ERROR_BAD_STATE;
	res = params_out(types, params, &x, &r);
	if (res) {
		utee_memref_xfer_close();
		return res;
	}
	memcpy(sys_buf, &r, sizeof(r));
	res = utee_syscall(nr, args, out);
	if (res) {
		/* Refused: a malformed request or an unknown handle. */
		utee_memref_xfer_close();
		return res;
	}
	memcpy(&o, sys_buf, sizeof(o));
	params_back(types, params, &x, &o);
	*origin = (uint32_t)out[1];
	return (TEE_Result)out[0];
}

TEE_Result TEE_OpenTASession(const TEE_UUID *destination,
			     uint32_t cancellationRequestTimeout,
			     uint32_t paramTypes,
			     TEE_Param params[TEE_NUM_PARAMS],
			     TEE_TASessionHandle *session,
			     uint32_t *returnOrigin)
{
	uint64_t args[4] = {cancellationRequestTimeout};
	uint64_t out[4] = {0};
	uint32_t origin;
	TEE_Result res;

	if ((paramTypes && !params) || !session || !destination)
		TEE_Panic(0);
	res = ta2ta_call(TA_IPC_SYS_TA_OPEN, destination, args, paramTypes,
			 params, out, &origin);
	*session =
		res ? TEE_HANDLE_NULL : (TEE_TASessionHandle)(uintptr_t)out[2];
	if (returnOrigin)
		*returnOrigin = origin;
	return res;
}

TEE_Result TEE_InvokeTACommand(TEE_TASessionHandle session,
			       uint32_t cancellationRequestTimeout,
			       uint32_t commandID, uint32_t paramTypes,
			       TEE_Param params[TEE_NUM_PARAMS],
			       uint32_t *returnOrigin)
{
	uint64_t args[4] = {(uintptr_t)session, cancellationRequestTimeout,
			    commandID};
	uint64_t out[4] = {0};
	uint32_t origin;
	TEE_Result res;

	if (paramTypes && !params)
		TEE_Panic(0);
	res = ta2ta_call(TA_IPC_SYS_TA_INVOKE, NULL, args, paramTypes, params,
			 out, &origin);
	if (returnOrigin)
		*returnOrigin = origin;
	if (origin == TEE_ORIGIN_TRUSTED_APP)
		return res;
	if (res != TEE_SUCCESS && res != TEE_ERROR_OUT_OF_MEMORY &&
	    res != TEE_ERROR_TARGET_DEAD)
		TEE_Panic(res);
	return res;
}

void TEE_CloseTASession(TEE_TASessionHandle session)
{
	uint64_t args[4] = {(uintptr_t)session};
	TEE_Result res;

	if (session == TEE_HANDLE_NULL)
		return;
	res = utee_syscall(TA_IPC_SYS_TA_CLOSE, args, NULL);
	if (res)
		TEE_Panic(res);
}
