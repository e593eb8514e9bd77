// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the secure world's decoder of the TA-to-TA requests a
 * hostile caller TA writes into its sys_buf (secure/ta2ta_req.c), and
 * the encoder of the outputs that go back.
 *
 * Input: u8 flags (bit 0: an OPEN, else an INVOKE; bit 1: the caller's
 * transfer bank), then the bytes of sys_buf (short input: zeros after).
 * A request the decoder accepts must hold only what ta_ipc.h allows:
 * known param types, every non-null memref inside the transfer bank,
 * null memrefs empty, an INVOKE without a UUID; and the outputs encoded
 * from it must be the output params' values and sizes, zeros elsewhere.
 * fuzz/corpus/fuzz_ta2ta holds valid requests of each kind.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secure/ta2ta_req.h"
#include "ta/include/tee_api_defines.h"
#include "teebox/ta_ipc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_param(const struct ta2ta_param *p, unsigned int bank)
{
	uint64_t base = (uint64_t)bank * TA_IPC_WIN_BANK_SIZE;

	switch (p->type) {
	case TEE_PARAM_TYPE_NONE:
		if (p->a || p->b)
			abort();
		break;
	case TEE_PARAM_TYPE_VALUE_INPUT:
	case TEE_PARAM_TYPE_VALUE_OUTPUT:
	case TEE_PARAM_TYPE_VALUE_INOUT:
		break;
	case TEE_PARAM_TYPE_MEMREF_INPUT:
	case TEE_PARAM_TYPE_MEMREF_OUTPUT:
	case TEE_PARAM_TYPE_MEMREF_INOUT:
		if (p->null && (p->offset || p->size))
			abort();
		if (!p->null &&
		    (p->offset < base ||
		     p->offset + p->size > base + TA_IPC_WIN_BANK_SIZE))
			abort();
		break;
	default:
		abort();
	}
}

static bool is_output(uint32_t t)
{
	return t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       t == TEE_PARAM_TYPE_VALUE_INOUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

static void check_out(const struct ta2ta_req *req)
{
	static const struct ta_ipc_out_param zero;
	struct ta_ipc_ta2ta_out o;

	ta2ta_req_encode_out(req, &o);
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta2ta_param *p = &req->params[i];
		const struct ta_ipc_out_param *op = &o.params[i];

		if (!is_output(p->type)) {
			if (memcmp(op, &zero, sizeof(zero)))
				abort();
		} else if (p->type >= TEE_PARAM_TYPE_MEMREF_INPUT) {
			if (op->size != p->size || op->a || op->b)
				abort();
		} else if (op->a != p->a || op->b != p->b || op->size) {
			abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t buf[sizeof(struct ta_ipc_ta2ta)] = {0};
	struct ta2ta_req req;
	unsigned int bank;
	bool open;

	if (!size)
		return 0;
	open = data[0] & 1;
	bank = (data[0] >> 1) & 1;
	memcpy(buf, data + 1, size - 1 < sizeof(buf) ? size - 1 : sizeof(buf));
	if (ta2ta_req_decode(buf, sizeof(buf), open, bank, &req))
		return 0;
	if (req.types & ~0xffffU)
		abort();
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		if (req.params[i].type != ((req.types >> (4 * i)) & 0xf))
			abort();
		check_param(&req.params[i], bank);
	}
	if (!open) {
		static const TEE_UUID zero;

		if (memcmp(&req.uuid, &zero, sizeof(zero)))
			abort();
	}
	/* A target may report any size: the outputs carry it unchanged. */
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++)
		req.params[i].size ^= data[0];
	check_out(&req);
	/* A short buffer is refused, never read past. */
	if (!ta2ta_req_decode(buf, sizeof(buf) - 1, open, bank, &req))
		abort();
	return 0;
}
