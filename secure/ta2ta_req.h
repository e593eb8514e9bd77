/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA-to-TA requests as the secure world reads them (OP-TEE's
 * tee_svc_copy_param() for syscall_open_ta_session / _invoke_ta_command):
 * the struct ta_ipc_ta2ta a caller TA wrote into its sys_buf, decoded and
 * checked once, and the outputs written back.  No state: a pure decoder,
 * fuzzed by fuzz/fuzz_ta2ta.c.
 */
#ifndef TEEBOX_SECURE_TA2TA_REQ_H
#define TEEBOX_SECURE_TA2TA_REQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "teebox/ta_ipc.h"

/**
 * struct ta2ta_param - one checked parameter
 * @type:	TEE_PARAM_TYPE_*
 * @a, @b:	VALUE_*: the value
 * @null:	MEMREF_*: a null memref (no buffer)
 * @client_mem: MEMREF_*: the caller says the buffer is its client's
 *		memory (TA_IPC_MEMREF_CLIENT)
 * @offset:	MEMREF_*: where the buffer starts in the caller's window
 * @size:	MEMREF_*: its size
 */
struct ta2ta_param {
	uint32_t type;
	uint32_t a;
	uint32_t b;
	bool null;
	bool client_mem;
	uint64_t offset;
	uint64_t size;
};

/**
 * struct ta2ta_req - a checked TA-to-TA request
 * @uuid:	OPEN: the target TA
 * @types:	TEE_PARAM_TYPES of @params
 * @params:	the parameters
 */
struct ta2ta_req {
	TEE_UUID uuid;
	uint32_t types;
	struct ta2ta_param params[TA_IPC_NUM_PARAMS];
};

/**
 * ta2ta_req_decode() - decode and check the request a caller TA wrote
 * @buf, @len:	a copy of the caller's sys_buf (at least a struct
 *		ta_ipc_ta2ta)
 * @open:	TA_IPC_SYS_TA_OPEN (a UUID) rather than INVOKE (zeros)
 * @bank:	the caller's transfer bank (0 or 1): every non-null memref
 *		must lie inside it
 * @req:	[out] the request
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS for a short buffer, an
 * unknown param type, a non-zero reserved field, an unknown memref flag,
 * a null memref with a size or another flag, or a memref outside the
 * transfer bank.
 */
TEE_Result ta2ta_req_decode(const uint8_t *buf, size_t len, bool open,
			    unsigned int bank, struct ta2ta_req *req);

/**
 * ta2ta_req_encode_out() - the outputs of a finished request for the
 * caller's sys_buf: values and sizes of its output params, zeros
 * elsewhere
 * @req:	the request, with the outputs the target left
 * @out:	[out] what goes to sys_buf
 */
void ta2ta_req_encode_out(const struct ta2ta_req *req,
			  struct ta_ipc_ta2ta_out *out);

#endif
