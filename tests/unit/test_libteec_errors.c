// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * Errors: errno to TEEC result mapping, returnOrigin classes, and misuse
 * refused without a device call.
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
/* returnOrigin and errors                                             */
/* ------------------------------------------------------------------ */

/* Invokes command 1 with @op: expects @res, said to come from @origin. */
static void expect_invoke(TEEC_Session *s, TEEC_Operation *op, TEEC_Result res,
			  uint32_t origin)
{
	uint32_t got = 0;

	assert_int_equal(TEEC_InvokeCommand(s, 1, op, &got), res);
	assert_int_equal(got, origin);
}

/* ioctl errno -> result, origin COMMS (§6.4). */
static void test_errno_mapping(void **state)
{
	static const struct {
		int err;
		TEEC_Result res;
	} cases[] = {
		{ENOMEM, TEEC_ERROR_OUT_OF_MEMORY},
		{EINVAL, TEEC_ERROR_BAD_PARAMETERS},
		{EIO, TEEC_ERROR_GENERIC},
		{EPERM, TEEC_ERROR_GENERIC},
		{EBADF, TEEC_ERROR_GENERIC},
		{ENODEV, TEEC_ERROR_GENERIC},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_Session s2;
		uint32_t origin = 0;

		fake.fail_cmd = TEE_IOC_INVOKE;
		fake.fail_err = cases[i].err;
		expect_invoke(&s, NULL, cases[i].res, TEEC_ORIGIN_COMMS);
		fake.fail_cmd = TEE_IOC_OPEN_SESSION;
		assert_int_equal(TEEC_OpenSession(&ctx, &s2, &ta_uuid,
						  TEEC_LOGIN_PUBLIC, NULL, NULL,
						  &origin),
				 cases[i].res);
		assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	}
	fake.fail_cmd = 0;
	close_all(&ctx, &s);
}

/* One error of each class, each with its origin. */
static void test_return_origin_classes(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	uint8_t buf[4] = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){buf, sizeof(buf)};

	/* API: refused here. */
	op.paramTypes = 0x4;
	expect_invoke(&s, &op, TEEC_ERROR_BAD_PARAMETERS, TEEC_ORIGIN_API);
	op.paramTypes = TEEC_MEMREF_TEMP_INPUT;

	/* COMMS: the device refused the temporary memory. */
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = ENOMEM;
	expect_invoke(&s, &op, TEEC_ERROR_OUT_OF_MEMORY, TEEC_ORIGIN_COMMS);
	fake.fail_cmd = 0;

	/* API: the mapping failed in this process. */
	fake.mmap_fail = true;
	expect_invoke(&s, &op, TEEC_ERROR_OUT_OF_MEMORY, TEEC_ORIGIN_API);
	fake.mmap_fail = false;

	/* COMMS: the ioctl failed. */
	fake.fail_cmd = TEE_IOC_INVOKE;
	fake.fail_err = EIO;
	expect_invoke(&s, &op, TEEC_ERROR_GENERIC, TEEC_ORIGIN_COMMS);
	fake.fail_cmd = 0;

	/* TEE and TRUSTED_APP: what the kernel says. */
	fake.script.ret = TEEC_ERROR_TARGET_DEAD;
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	expect_invoke(&s, &op, TEEC_ERROR_TARGET_DEAD, TEEC_ORIGIN_TEE);
	fake.script.ret = 0xF0000001;
	fake.script.ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	expect_invoke(&s, &op, 0xF0000001, TEEC_ORIGIN_TRUSTED_APP);
	/* returnOrigin may be NULL in every class. */
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL), 0xF0000001);
	op.paramTypes = 0x8;
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_InvokeCommand(NULL, 1, &op, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Misuse                                                              */
/* ------------------------------------------------------------------ */

static void test_misuse_null_arguments(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	open_ctx(&ctx, GP_OPTEE);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(NULL, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, NULL, &ta_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, NULL, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_InvokeCommand(NULL, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(nrecs(), 1); /* VERSION only */
	TEEC_CloseSession(NULL);
	TEEC_ReleaseSharedMemory(NULL);
	TEEC_RequestCancellation(NULL);
	TEEC_FinalizeContext(NULL);
	TEEC_FinalizeContext(&ctx);
}

/* Sessions never opened, or closed, are refused without a device call. */
static void test_misuse_dead_sessions(void **state)
{
	TEEC_Context ctx, zero_ctx;
	TEEC_Session s, zero_s;
	uint32_t origin = 0;

	memset(&zero_s, 0, sizeof(zero_s));
	memset(&zero_ctx, 0, sizeof(zero_ctx));
	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_InvokeCommand(&zero_s, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(TEEC_OpenSession(&zero_ctx, &zero_s, &ta_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	TEEC_CloseSession(&s);
	origin = 0;
	assert_int_equal(TEEC_InvokeCommand(&s, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	TEEC_FinalizeContext(&ctx);
}

/* Types 4 and 8..0xB do not exist: refused, nothing allocated or sent. */
static void test_misuse_invalid_param_types(void **state)
{
	static const uint32_t bad[] = {0x4, 0x8, 0x9, 0xA, 0xB};
	uint8_t buf[4];
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (int pos = 0; pos < NPARAMS; pos++) {
			TEEC_Operation op =
				op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
						       TEEC_NONE, TEEC_NONE,
						       TEEC_NONE) |
				      bad[i] << (4 * pos));
			uint32_t origin = 0;

			if (pos == 0)
				op.paramTypes = bad[i];
			op.params[0].tmpref =
				(TEEC_TempMemoryReference){buf, sizeof(buf)};
			assert_int_equal(
				TEEC_InvokeCommand(&s, 1, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			assert_int_equal(op.started, 1);
			assert_null(op.imp.session);
		}
	}
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	/*
	 * Temporaries made before the bad param were given back: kept for
	 * the session (one reused each time), released with it.
	 */
	assert_int_equal(fake.shm_made, 1);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_made, fake.shm_closed);
}

/* Memref parents: NULL, never registered, released, another context's. */
static void test_misuse_memref_parents(void **state)
{
	TEEC_SharedMemory mine = {.size = 8, .flags = TEEC_MEM_INPUT};
	TEEC_SharedMemory theirs = {.size = 8, .flags = TEEC_MEM_INPUT};
	TEEC_SharedMemory zero;
	TEEC_Context ctx, other;
	TEEC_Session s;
	uint32_t types[] = {TEEC_MEMREF_WHOLE, TEEC_MEMREF_PARTIAL_INPUT};

	memset(&zero, 0, sizeof(zero));
	zero.size = 8;
	zero.flags = TEEC_MEM_INPUT;
	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_InitializeContext(NULL, &other), TEEC_SUCCESS);
	assert_int_equal(TEEC_AllocateSharedMemory(&other, &theirs),
			 TEEC_SUCCESS);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &mine), TEEC_SUCCESS);
	TEEC_ReleaseSharedMemory(&mine);
	mine.size = 8;
	for (size_t t = 0; t < 2; t++) {
		TEEC_SharedMemory *parents[] = {NULL, &zero, &mine, &theirs};

		for (size_t i = 0; i < 4; i++) {
			TEEC_Operation op = op_of(types[t]);
			uint32_t origin = 0;

			op.params[0].memref.parent = parents[i];
			op.params[0].memref.size = 4;
			assert_int_equal(
				TEEC_InvokeCommand(&s, 1, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
		}
	}
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	/* A parent whose size grew past what was shared. */
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &mine), TEEC_SUCCESS);
	mine.size = 4096;
	{
		TEEC_Operation op = op_of(TEEC_MEMREF_WHOLE);

		op.params[0].memref.parent = &mine;
		assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL),
				 TEEC_ERROR_BAD_PARAMETERS);
	}
	mine.size = 8;
	TEEC_ReleaseSharedMemory(&mine);
	TEEC_ReleaseSharedMemory(&theirs);
	TEEC_ReleaseSharedMemory(&zero); /* never registered: ignored */
	TEEC_FinalizeContext(&other);
	close_all(&ctx, &s);
}

/*
 * A TEMP memref larger than any memory: out of memory before the call,
 * as OP-TEE's libteec answers when its allocation of the temporary
 * buffer fails (TEEC_ORIGIN_API: nothing reached the TEE); no size
 * rounding wraps to a small buffer that the copy would overrun.
 */
static void test_tmpref_too_large(void **state)
{
	static uint8_t buf[16];
	TEEC_Operation op = op_of(TEEC_MEMREF_TEMP_INPUT);
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = SIZE_MAX;
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, &origin),
			 TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	close_all(&ctx, &s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_errno_mapping),
		T(test_return_origin_classes),
		T(test_misuse_null_arguments),
		T(test_misuse_dead_sessions),
		T(test_misuse_invalid_param_types),
		T(test_misuse_memref_parents),
		T(test_tmpref_too_large),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
