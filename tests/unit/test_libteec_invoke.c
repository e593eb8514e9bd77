// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * TEEC_InvokeCommand: value and memory reference parameters, encoded for
 * the core and written back from its answer.
 *
 * The library runs against the real TEE core and the test driver
 * (test_libteec_dev.h); every test ends by checking nothing leaked.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include <linux/tee.h>

#include "tee_client_api.h"
#include "tee_client_api_extensions.h"
#include "test_libteec_dev.h"

/* ------------------------------------------------------------------ */
/* TEEC_InvokeCommand                                                  */
/* ------------------------------------------------------------------ */

/* func, session, 4 params, buf_len 152; VALUE a/b in, c = 0; outputs. */
static void test_invoke_arg_encoding_values(void **state)
{
	TEEC_Operation op =
		op_of(TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
				       TEEC_VALUE_INOUT, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].value = (TEEC_Value){1, 2};
	op.params[1].value = (TEEC_Value){3, 4};
	op.params[2].value = (TEEC_Value){5, 6};
	for (int n = 0; n < 3; n++) {
		fake.script.set_val[n] = true;
		fake.script.a[n] = 100 + n;
		fake.script.b[n] = 200 + n;
		fake.script.c[n] = 300 + n;
	}
	assert_int_equal(TEEC_InvokeCommand(&s, 0x42, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	r = last_rec(TEE_IOC_INVOKE);
	assert_non_null(r);
	assert_int_equal(r->buf_len, 152);
	assert_int_equal(r->u.invoke.func, 0x42);
	assert_int_equal(r->u.invoke.session, SESSION_ID);
	assert_int_equal(r->u.invoke.cancel_id, 0);
	assert_int_equal(r->u.invoke.num_params, 4);
	for (int n = 0; n < 3; n++) {
		assert_int_equal(r->u.invoke.params[n].attr, n + 1);
		assert_int_equal(r->u.invoke.params[n].a, 2 * n + 1);
		assert_int_equal(r->u.invoke.params[n].b, 2 * n + 2);
		assert_int_equal(r->u.invoke.params[n].c, 0);
	}
	assert_int_equal(r->u.invoke.params[3].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_NONE);
	/* VALUE_INPUT is not written back; the outputs are. */
	assert_int_equal(op.params[0].value.a, 1);
	assert_int_equal(op.params[0].value.b, 2);
	assert_int_equal(op.params[1].value.a, 101);
	assert_int_equal(op.params[1].value.b, 201);
	assert_int_equal(op.params[2].value.a, 102);
	assert_int_equal(op.params[2].value.b, 202);
	assert_int_equal(op.started, 1);

	/* No operation: four NONE params. */
	assert_int_equal(TEEC_InvokeCommand(&s, 1, NULL, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.num_params, 4);
	for (int n = 0; n < NPARAMS; n++)
		assert_int_equal(r->u.invoke.params[n].attr, 0);
	close_all(&ctx, &s);
}

/* TEMP memrefs: copied in, copied back up to the size the TA returned. */
static void test_invoke_tmpref_copy_in_and_out(void **state)
{
	uint8_t in[8] = "input!!", out[16], io[6] = "abcde";
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_OUTPUT,
		TEEC_MEMREF_TEMP_INOUT, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(out, 'x', sizeof(out));
	op.params[0].tmpref = (TEEC_TempMemoryReference){in, sizeof(in)};
	op.params[1].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	op.params[2].tmpref = (TEEC_TempMemoryReference){io, sizeof(io)};
	memcpy(fake.script.data[1], "12345", 5);
	fake.script.data_len[1] = 5;
	fake.script.set_b[1] = true;
	fake.script.b[1] = 5;
	memcpy(fake.script.data[2], "ABC", 3);
	fake.script.data_len[2] = 3;
	fake.script.set_b[2] = true;
	fake.script.b[2] = 3;
	/* The TA's size of an input memref is not written back. */
	fake.script.set_b[0] = true;
	fake.script.b[0] = 1;
	assert_int_equal(TEEC_InvokeCommand(&s, 2, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT);
	assert_int_equal(r->u.invoke.params[1].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT);
	assert_int_equal(r->u.invoke.params[2].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	for (int n = 0; n < 3; n++) {
		assert_int_equal(r->u.invoke.params[n].a, 0);
		assert_true(r->u.invoke.params[n].c != TEE_MEMREF_NULL);
	}
	assert_int_equal(r->u.invoke.params[0].b, 8);
	assert_int_equal(r->u.invoke.params[1].b, 16);
	assert_int_equal(r->u.invoke.params[2].b, 6);
	/*
	 * Three temporaries, all distinct, kept for the context's next call
	 * (tmpref_cache.c) and gone with it.
	 */
	assert_int_not_equal(r->u.invoke.params[0].c, r->u.invoke.params[1].c);
	assert_int_not_equal(r->u.invoke.params[1].c, r->u.invoke.params[2].c);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 3);
	assert_int_equal(fake.shm_closed, 0);
	assert_memory_equal(fake.seen[0], "input!!", 8);
	assert_memory_equal(fake.seen[2], "abcde", 6);
	assert_int_equal(op.params[0].tmpref.size, 8);
	assert_int_equal(op.params[1].tmpref.size, 5);
	assert_memory_equal(out, "12345xxxxxxxxxxx", 16);
	assert_int_equal(op.params[2].tmpref.size, 3);
	assert_memory_equal(io, "ABCde", 6);
	TEEC_CloseSession(&s);
	assert_int_equal(fake.shm_closed, 0);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.shm_closed, 3);
}

/* SHORT_BUFFER: the size the TA needs comes back, the buffer is kept. */
static void test_invoke_tmpref_short_buffer(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	uint8_t out[16];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(out, 'x', sizeof(out));
	op.params[0].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 64;
	assert_int_equal(TEEC_InvokeCommand(&s, 3, &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(op.params[0].tmpref.size, 64);
	for (size_t i = 0; i < sizeof(out); i++)
		assert_int_equal(out[i], 'x');
	close_all(&ctx, &s);
}

/* NULL buffer, size 0: TEE_MEMREF_NULL when the device accepts it. */
static void test_invoke_tmpref_null(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_MEMREF_NULL);
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 0};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 32;
	assert_int_equal(TEEC_InvokeCommand(&s, 4, &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].c, TEE_MEMREF_NULL);
	assert_int_equal(r->u.invoke.params[0].b, 0);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 0);
	assert_int_equal(op.params[0].tmpref.size, 32);
	assert_null(op.params[0].tmpref.buffer);

	/* NULL with a size is refused here. */
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 5};
	assert_int_equal(TEEC_InvokeCommand(&s, 4, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 1);
	close_all(&ctx, &s);
}

/* Without MEMREF_NULL a NULL buffer gets a small allocation of size 0. */
static void test_invoke_tmpref_null_without_cap(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 0};
	fake.script.set_b[0] = true;
	fake.script.b[0] = 0;
	assert_int_equal(TEEC_InvokeCommand(&s, 5, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	assert_int_equal(r->u.invoke.params[0].b, 0);
	assert_int_not_equal(r->u.invoke.params[0].c, TEE_MEMREF_NULL);
	assert_int_equal(op.params[0].tmpref.size, 0);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_closed, 1);
}

/* WHOLE: the direction comes from the parent's flags, b its size. */
static void test_invoke_whole_direction(void **state)
{
	static const struct {
		uint32_t flags;
		uint64_t attr;
	} cases[] = {
		{TEEC_MEM_INPUT, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT},
		{TEEC_MEM_OUTPUT, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT,
		 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_SharedMemory shm = {.size = 24, .flags = cases[i].flags};
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			TEEC_NONE, TEEC_MEMREF_WHOLE, TEEC_NONE, TEEC_NONE));
		struct rec *r;

		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_SUCCESS);
		op.params[1].memref.parent = &shm;
		op.params[1].memref.size = 999; /* ignored for WHOLE */
		op.params[1].memref.offset = 5; /* ignored for WHOLE */
		fake.script.set_b[1] = true;
		fake.script.b[1] = 10;
		assert_int_equal(TEEC_InvokeCommand(&s, 6, &op, NULL),
				 TEEC_SUCCESS);
		r = last_rec(TEE_IOC_INVOKE);
		assert_int_equal(r->u.invoke.params[1].attr, cases[i].attr);
		assert_int_equal(r->u.invoke.params[1].a, 0);
		assert_int_equal(r->u.invoke.params[1].b, 24);
		assert_int_equal(r->u.invoke.params[1].c, shm.imp.id);
		/* The size the TA wrote, for parents the TA may write. */
		assert_int_equal(op.params[1].memref.size,
				 cases[i].flags & TEEC_MEM_OUTPUT ? 10 : 999);
		TEEC_ReleaseSharedMemory(&shm);
	}
	close_all(&ctx, &s);
}

/* PARTIAL: the parent must allow the direction and hold the range. */
static void test_invoke_partial_rules(void **state)
{
	static const struct {
		uint32_t flags;
		uint32_t type;
		size_t offset, size;
		bool ok;
	} cases[] = {
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 0, 32, true},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INPUT, 0, 4, false},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_OUTPUT, 8, 24, true},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_OUTPUT, 0, 4, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INOUT, 0, 4, false},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT, 0, 4, false},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT,
		 31, 1, true},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT,
		 32, 0, true},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 1, 32, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 33, 0, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, SIZE_MAX, 2, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 16, SIZE_MAX - 8,
		 false},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_SharedMemory shm = {.size = 32, .flags = cases[i].flags};
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			cases[i].type, TEEC_NONE, TEEC_NONE, TEEC_NONE));
		uint32_t origin = 0;
		int before;
		struct rec *r;

		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_SUCCESS);
		op.params[0].memref.parent = &shm;
		op.params[0].memref.offset = cases[i].offset;
		op.params[0].memref.size = cases[i].size;
		before = count_recs(TEE_IOC_INVOKE);
		fake.script.set_b[0] = true;
		fake.script.b[0] = 1;
		if (!cases[i].ok) {
			assert_int_equal(
				TEEC_InvokeCommand(&s, 7, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			assert_int_equal(count_recs(TEE_IOC_INVOKE), before);
			TEEC_ReleaseSharedMemory(&shm);
			continue;
		}
		assert_int_equal(TEEC_InvokeCommand(&s, 7, &op, &origin),
				 TEEC_SUCCESS);
		r = last_rec(TEE_IOC_INVOKE);
		assert_int_equal(
			r->u.invoke.params[0].attr,
			TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT +
				(cases[i].type - TEEC_MEMREF_PARTIAL_INPUT));
		assert_int_equal(r->u.invoke.params[0].a, cases[i].offset);
		assert_int_equal(r->u.invoke.params[0].b, cases[i].size);
		assert_int_equal(r->u.invoke.params[0].c, shm.imp.id);
		assert_int_equal(op.params[0].memref.size,
				 cases[i].type == TEEC_MEMREF_PARTIAL_INPUT
					 ? cases[i].size
					 : 1);
		TEEC_ReleaseSharedMemory(&shm);
	}
	close_all(&ctx, &s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_invoke_arg_encoding_values),
		T(test_invoke_tmpref_copy_in_and_out),
		T(test_invoke_tmpref_short_buffer),
		T(test_invoke_tmpref_null),
		T(test_invoke_tmpref_null_without_cap),
		T(test_invoke_whole_direction),
		T(test_invoke_partial_rules),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
