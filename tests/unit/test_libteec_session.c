// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * TEEC_OpenSession: the argument libteec encodes, logins, parameters and
 * the TA's errors.
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
/* TEEC_OpenSession                                                    */
/* ------------------------------------------------------------------ */

/* UUID as big-endian octets, 4 params, buf_len 184, cancel_id 0. */
static void test_open_session_arg_encoding(void **state)
{
	static const uint8_t octets[16] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc,
					   0xde, 0xf0, 0x01, 0x23, 0x45, 0x67,
					   0x89, 0xab, 0xcd, 0xef};
	static const uint8_t zero[16];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_non_null(r);
	assert_int_equal(r->buf_len, 184);
	assert_memory_equal(r->u.open.uuid, octets, 16);
	assert_memory_equal(r->u.open.clnt_uuid, zero, 16);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_PUBLIC);
	assert_int_equal(r->u.open.cancel_id, 0);
	assert_int_equal(r->u.open.num_params, 4);
	for (int n = 0; n < NPARAMS; n++)
		assert_int_equal(r->u.open.params[n].attr,
				 TEE_IOCTL_PARAM_ATTR_TYPE_NONE);
	assert_ptr_equal(s.imp.ctx, &ctx);
	assert_int_equal(s.imp.session_id, SESSION_ID);

	TEEC_CloseSession(&s);
	r = last_rec(TEE_IOC_CLOSE_SESSION);
	assert_non_null(r);
	assert_int_equal(r->u.close.session, SESSION_ID);
	/* Closing again does not reach the device. */
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 1);
	TEEC_CloseSession(NULL);
	TEEC_FinalizeContext(&ctx);
}

/* USER: nothing in clnt_uuid; GROUP*: the gid_t in clnt_uuid[0..3]. */
static void test_open_session_logins(void **state)
{
	static const uint8_t zero[16];
	uint8_t want[16] = {0};
	gid_t gid = 0x01020304;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_USER,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_USER);
	assert_memory_equal(r->u.open.clnt_uuid, zero, 16);
	TEEC_CloseSession(&s);

	memcpy(want, &gid, sizeof(gid));
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_GROUP,
					  &gid, NULL, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_GROUP);
	assert_memory_equal(r->u.open.clnt_uuid, want, 16);
	TEEC_CloseSession(&s);

	/* GROUP without its gid: refused here, nothing sent. */
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_GROUP,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_OPEN_SESSION), 2);

	/* APPLICATION logins go to the kernel, which refuses them (§2). */
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_GROUP_APPLICATION, &gid,
					  NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login,
			 TEE_IOCTL_LOGIN_GROUP_APPLICATION);
	assert_memory_equal(r->u.open.clnt_uuid, want, 16);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_APPLICATION, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	assert_int_equal(last_rec(TEE_IOC_OPEN_SESSION)->u.open.clnt_login,
			 TEE_IOCTL_LOGIN_APPLICATION);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_USER_APPLICATION, NULL,
					  NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* The kernel-only range: EPERM -> GENERIC. */
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEE_IOCTL_LOGIN_REE_KERNEL, NULL,
					  NULL, &origin),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	/* A failed open leaves nothing to close. */
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 2);
	TEEC_FinalizeContext(&ctx);
}

/* Every parameter kind in an open session, and the answers written back. */
static void test_open_session_params(void **state)
{
	TEEC_SharedMemory shm = {.size = 32,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	uint8_t tmp[12] = "hello world";
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_VALUE_INOUT, TEEC_MEMREF_TEMP_INOUT, TEEC_MEMREF_WHOLE,
		TEEC_MEMREF_PARTIAL_OUTPUT));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	op.params[0].value.a = 7;
	op.params[0].value.b = 8;
	op.params[1].tmpref.buffer = tmp;
	op.params[1].tmpref.size = sizeof(tmp);
	op.params[2].memref.parent = &shm;
	op.params[3].memref.parent = &shm;
	op.params[3].memref.offset = 4;
	op.params[3].memref.size = 20;
	fake.script.set_val[0] = true;
	fake.script.a[0] = 70;
	fake.script.b[0] = 80;
	fake.script.set_b[3] = true;
	fake.script.b[3] = 3;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, &op, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.params[0].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(r->u.open.params[0].a, 7);
	assert_int_equal(r->u.open.params[0].b, 8);
	assert_int_equal(r->u.open.params[0].c, 0);
	assert_int_equal(r->u.open.params[1].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	assert_int_equal(r->u.open.params[1].a, 0);
	assert_int_equal(r->u.open.params[1].b, sizeof(tmp));
	assert_int_not_equal(r->u.open.params[1].c, shm.imp.id);
	assert_int_equal(r->u.open.params[2].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	assert_int_equal(r->u.open.params[2].a, 0);
	assert_int_equal(r->u.open.params[2].b, 32);
	assert_int_equal(r->u.open.params[2].c, shm.imp.id);
	assert_int_equal(r->u.open.params[3].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT);
	assert_int_equal(r->u.open.params[3].a, 4);
	assert_int_equal(r->u.open.params[3].b, 20);
	assert_int_equal(r->u.open.params[3].c, shm.imp.id);
	assert_memory_equal(fake.seen[1], "hello world", 12);
	assert_int_equal(op.params[0].value.a, 70);
	assert_int_equal(op.params[0].value.b, 80);
	assert_int_equal(op.params[3].memref.size, 3);
	assert_int_equal(op.started, 1);
	assert_null(op.imp.session);
	TEEC_ReleaseSharedMemory(&shm);
	close_all(&ctx, &s);
}

/* The TA's error comes back with its origin; the session is not open. */
static void test_open_session_ta_error(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;

	open_ctx(&ctx, GP_OPTEE);
	fake.script.ret = TEEC_ERROR_ITEM_NOT_FOUND;
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	/* returnOrigin may be NULL. */
	fake.script.ret = TEEC_ERROR_ACCESS_DENIED;
	fake.script.ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, NULL),
			 TEEC_ERROR_ACCESS_DENIED);
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 0);
	TEEC_FinalizeContext(&ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_open_session_arg_encoding),
		T(test_open_session_logins),
		T(test_open_session_params),
		T(test_open_session_ta_error),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
