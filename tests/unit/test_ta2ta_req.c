// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA-to-TA request decoder (secure/ta2ta_req.c): what a caller TA
 * may put in its sys_buf (teebox/ta_ipc.h, struct ta_ipc_ta2ta) and each
 * way a hostile one gets refused with TEE_ERROR_BAD_PARAMETERS (OP-TEE's
 * tee_svc_copy_param() refuses so, e.g. a NULL buffer with a size).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "secure/ta2ta_req.h"
#include "ta/include/tee_api_defines.h"
#include "teebox/ta_ipc.h"

#define BANK TA_IPC_WIN_BANK_SIZE

static const struct ta_ipc_uuid target = {
	0x74f46f49,
	0x8d80,
	0x4608,
	{0x83, 0x76, 0xa9, 0x77, 0x5e, 0x67, 0xaa, 0x91}};

/* A valid MIX-like request: value, three memrefs in bank @bank. */
static struct ta_ipc_ta2ta mix(unsigned int bank)
{
	struct ta_ipc_ta2ta r = {0};

	r.param_types = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_VALUE_INOUT, TEE_PARAM_TYPE_MEMREF_INPUT,
		TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_MEMREF_INOUT);
	r.params[0].a = 5;
	r.params[0].b = 9;
	r.params[1].offset = bank * BANK + 0x10;
	r.params[1].size = 40;
	r.params[2].flags = TA_IPC_MEMREF_NULL;
	r.params[3].offset = bank * BANK + BANK - 8;
	r.params[3].size = 8;
	return r;
}

static TEE_Result decode(const struct ta_ipc_ta2ta *r, bool open,
			 unsigned int bank, struct ta2ta_req *out)
{
	return ta2ta_req_decode((const uint8_t *)r, sizeof(*r), open, bank,
				out);
}

static void test_valid_request_decoded(void **state)
{
	struct ta_ipc_ta2ta r = mix(1);
	struct ta_ipc_ta2ta_out o;
	struct ta2ta_req req;

	(void)state;
	r.uuid = target;
	assert_int_equal(decode(&r, true, 1, &req), TEE_SUCCESS);
	assert_int_equal(req.uuid.timeLow, 0x74f46f49);
	assert_int_equal(req.uuid.clockSeqAndNode[7], 0x91);
	assert_int_equal(req.types, r.param_types);
	assert_int_equal(req.params[0].a, 5);
	assert_int_equal(req.params[0].b, 9);
	assert_false(req.params[1].null);
	assert_int_equal(req.params[1].offset, BANK + 0x10);
	assert_int_equal(req.params[1].size, 40);
	assert_true(req.params[2].null);
	/* The bank's last byte is inside it. */
	assert_int_equal(req.params[3].offset + req.params[3].size, 2 * BANK);

	/* Outputs: values and sizes of output params only. */
	req.params[0].a = 10;
	req.params[1].size = 77; /* an INPUT: not reported */
	req.params[2].size = 99;
	ta2ta_req_encode_out(&req, &o);
	assert_int_equal(o.params[0].a, 10);
	assert_int_equal(o.params[1].size, 0);
	assert_int_equal(o.params[2].size, 99);
	assert_int_equal(o.params[3].size, 8);
}

static void test_malformed_refused(void **state)
{
	struct ta_ipc_ta2ta r;
	struct ta2ta_req req;

	(void)state;
	/* A buffer shorter than the request. */
	r = mix(0);
	assert_int_equal(ta2ta_req_decode((const uint8_t *)&r, sizeof(r) - 1,
					  false, 0, &req),
			 TEE_ERROR_BAD_PARAMETERS);
	/* Reserved fields. */
	r = mix(0);
	r.pad = 1;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[1].pad = 1;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.param_types |= 1u << 16;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	/* Unknown param types (4, 8..15). */
	r = mix(0);
	r.param_types = (r.param_types & ~0xfu) | 4;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.param_types = (r.param_types & ~0xfu) | 0xf;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	/* An INVOKE names no UUID. */
	r = mix(0);
	r.uuid = target;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	/* A NONE or value param with memref fields, a memref with values. */
	r = mix(0);
	r.param_types &= ~0xf000u;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[0].size = 1;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[1].a = 1;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	/* A null memref with a size (OP-TEE: BAD_PARAMETERS) or offset. */
	r = mix(0);
	r.params[2].size = 4;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[2].offset = 4;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	/* Unknown memref flags, and a null memref said to be a client's. */
	r = mix(0);
	r.params[1].flags = 4;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[2].flags = TA_IPC_MEMREF_NULL | TA_IPC_MEMREF_CLIENT;
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
}

/* TA_IPC_MEMREF_CLIENT: the caller's client's memory, kept with it. */
static void test_client_memref_flag_decoded(void **state)
{
	struct ta_ipc_ta2ta r = mix(0);
	struct ta2ta_req req;

	(void)state;
	r.params[3].flags = TA_IPC_MEMREF_CLIENT;
	assert_int_equal(decode(&r, false, 0, &req), TEE_SUCCESS);
	assert_false(req.params[1].client_mem);
	assert_true(req.params[3].client_mem);
	assert_int_equal(req.params[3].size, 8);
}

/* Memrefs must lie inside the transfer bank: no byte outside it. */
static void test_memref_outside_bank_refused(void **state)
{
	struct ta_ipc_ta2ta r;
	struct ta2ta_req req;

	(void)state;
	r = mix(0); /* bank 0's memrefs, transfer bank 1 */
	assert_int_equal(decode(&r, false, 1, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	r.params[3].size = 9; /* one byte past the bank */
	assert_int_equal(decode(&r, false, 0, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(1);
	r.params[3].size = UINT64_MAX; /* wraps */
	assert_int_equal(decode(&r, false, 1, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(1);
	r.params[1].offset = UINT64_MAX;
	assert_int_equal(decode(&r, false, 1, &req), TEE_ERROR_BAD_PARAMETERS);
	r = mix(0);
	assert_int_equal(decode(&r, false, 2, &req), TEE_ERROR_BAD_PARAMETERS);
	/* The whole bank in one memref is fine: 64 MiB per call. */
	r = mix(0);
	r.params[3].offset = 0;
	r.params[3].size = BANK;
	assert_int_equal(decode(&r, false, 0, &req), TEE_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_request_decoded),
		cmocka_unit_test(test_malformed_refused),
		cmocka_unit_test(test_client_memref_flag_decoded),
		cmocka_unit_test(test_memref_outside_bank_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
