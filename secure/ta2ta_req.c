// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA-to-TA requests: see ta2ta_req.h.  The buffer is written by a hostile
 * TA: it is read field by field from the caller's copy, and every field
 * is checked before anything uses it.  Reserved fields must be 0, so that
 * their meaning can be given later without old TAs sending garbage.
 */
#include <string.h>

#include "ta/include/tee_api_defines.h"
#include "ta2ta_req.h"

static uint32_t param_type(uint32_t types, unsigned int i)
{
	return (types >> (4 * i)) & 0xf;
}

static bool type_is_value(uint32_t t)
{
	return t == TEE_PARAM_TYPE_VALUE_INPUT ||
	       t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       t == TEE_PARAM_TYPE_VALUE_INOUT;
}

static bool type_is_memref(uint32_t t)
{
	return t == TEE_PARAM_TYPE_MEMREF_INPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

static bool type_is_output(uint32_t t)
{
	return t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       t == TEE_PARAM_TYPE_VALUE_INOUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

/* A memref: null (nothing else set) or inside the transfer bank. */
static TEE_Result decode_memref(const struct ta_ipc_param *ip,
				unsigned int bank, struct ta2ta_param *p)
{
	uint64_t base = (uint64_t)bank * TA_IPC_WIN_BANK_SIZE;

	if (ip->a || ip->b || ip->pad)
		return TEE_ERROR_BAD_PARAMETERS;
	if (ip->flags == TA_IPC_MEMREF_NULL) {
		/* OP-TEE refuses a NULL buffer with a size. */
		if (ip->offset || ip->size)
			return TEE_ERROR_BAD_PARAMETERS;
		p->null = true;
		return TEE_SUCCESS;
	}
	if ((ip->flags & ~TA_IPC_MEMREF_CLIENT) || ip->offset < base ||
	    ip->offset - base > TA_IPC_WIN_BANK_SIZE ||
	    ip->size > TA_IPC_WIN_BANK_SIZE - (ip->offset - base))
		return TEE_ERROR_BAD_PARAMETERS;
	p->client_mem = ip->flags & TA_IPC_MEMREF_CLIENT;
	p->offset = ip->offset;
	p->size = ip->size;
	return TEE_SUCCESS;
}

static TEE_Result decode_param(const struct ta_ipc_param *ip, uint32_t t,
			       unsigned int bank, struct ta2ta_param *p)
{
	memset(p, 0, sizeof(*p));
	p->type = t;
	if (type_is_memref(t))
		return decode_memref(ip, bank, p);
	if (ip->flags || ip->pad || ip->offset || ip->size)
		return TEE_ERROR_BAD_PARAMETERS;
	if (t == TEE_PARAM_TYPE_NONE)
		return ip->a || ip->b ? TEE_ERROR_BAD_PARAMETERS : TEE_SUCCESS;
	if (!type_is_value(t))
		return TEE_ERROR_BAD_PARAMETERS;
	p->a = ip->a;
	p->b = ip->b;
	return TEE_SUCCESS;
}

TEE_Result ta2ta_req_decode(const uint8_t *buf, size_t len, bool open,
			    unsigned int bank, struct ta2ta_req *req)
{
	static const struct ta_ipc_uuid zero_uuid;
	struct ta_ipc_ta2ta r;
	TEE_Result res;

	memset(req, 0, sizeof(*req));
	if (len < sizeof(r) || bank > 1)
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&r, buf, sizeof(r));
	if (r.pad || r.param_types & ~0xffffU)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!open && memcmp(&r.uuid, &zero_uuid, sizeof(zero_uuid)))
		return TEE_ERROR_BAD_PARAMETERS;
	req->uuid.timeLow = r.uuid.time_low;
	req->uuid.timeMid = r.uuid.time_mid;
	req->uuid.timeHiAndVersion = r.uuid.time_hi_and_version;
	memcpy(req->uuid.clockSeqAndNode, r.uuid.clock_seq_and_node,
	       sizeof(req->uuid.clockSeqAndNode));
	req->types = r.param_types;
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		res = decode_param(&r.params[i], param_type(r.param_types, i),
				   bank, &req->params[i]);
		if (res)
			return res;
	}
	return TEE_SUCCESS;
}

void ta2ta_req_encode_out(const struct ta2ta_req *req,
			  struct ta_ipc_ta2ta_out *out)
{
	memset(out, 0, sizeof(*out));
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta2ta_param *p = &req->params[i];

		if (!type_is_output(p->type))
			continue;
		if (type_is_value(p->type)) {
			out->params[i].a = p->a;
			out->params[i].b = p->b;
		} else {
			out->params[i].size = p->size;
		}
	}
}
