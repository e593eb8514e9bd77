// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * Operations in flight: started, cancellation from another thread, and
 * concurrent invokes on one session.
 *
 * The library runs against the real TEE core and the test driver
 * (test_libteec_dev.h); every test ends by checking nothing leaked.
 */
#include <errno.h>
#include <pthread.h>
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

/* started goes to 1 when the call starts; imp.session only during it. */
static void test_operation_started(void **state)
{
	TEEC_Operation op = op_of(0);
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(op.started, 0);
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(op.started, 1);
	assert_null(op.imp.session);
	/* Not in flight: a cancellation request sends nothing. */
	TEEC_RequestCancellation(&op);
	assert_int_equal(count_recs(TEE_IOC_CANCEL), 0);
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */
/* ------------------------------------------------------------------ */

struct invoke_job {
	TEEC_Session *s;
	TEEC_Operation op;
	uint32_t cmd;
	TEEC_Result res;
	uint32_t origin;
};

static void *invoke_thread(void *arg)
{
	struct invoke_job *j = arg;

	j->res = TEEC_InvokeCommand(j->s, j->cmd, &j->op, &j->origin);
	return NULL;
}

/* A cancellation from another thread reaches the call blocked in the TEE. */
static void test_cancel_from_another_thread(void **state)
{
	struct invoke_job j = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	pthread_t t;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	j.s = &s;
	j.cmd = CMD_BLOCK;
	j.op = op_of(TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE,
				      TEEC_NONE));
	assert_int_equal(pthread_create(&t, NULL, invoke_thread, &j), 0);
	wait_blocked();
	assert_ptr_equal(__atomic_load_n(&j.op.imp.session, __ATOMIC_ACQUIRE),
			 &s);
	assert_int_equal(__atomic_load_n(&j.op.started, __ATOMIC_ACQUIRE), 1);
	TEEC_RequestCancellation(&j.op);
	pthread_join(t, NULL);
	assert_int_equal(j.res, TEEC_ERROR_CANCEL);
	assert_int_equal(j.origin, TEEC_ORIGIN_TEE);
	assert_int_equal(count_recs(TEE_IOC_CANCEL), 1);
	r = last_rec(TEE_IOC_CANCEL);
	assert_int_equal(r->u.cancel.session, SESSION_ID);
	assert_int_equal(r->u.cancel.cancel_id, 0);
	assert_null(j.op.imp.session);
	close_all(&ctx, &s);
}

struct open_job {
	TEEC_Context *ctx;
	TEEC_Session s;
	TEEC_Operation op;
	TEEC_Result res;
	uint32_t origin;
};

static void *open_thread(void *arg)
{
	struct open_job *j = arg;

	j->res = TEEC_OpenSession(j->ctx, &j->s, &ta_uuid, TEEC_LOGIN_PUBLIC,
				  NULL, &j->op, &j->origin);
	return NULL;
}

/* Cancelling an open session names session 0: there is no id yet. */
static void test_cancel_open_session(void **state)
{
	struct open_job j = {0};
	TEEC_Context ctx;
	pthread_t t;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	fake.block_open = true;
	j.ctx = &ctx;
	assert_int_equal(pthread_create(&t, NULL, open_thread, &j), 0);
	wait_blocked();
	TEEC_RequestCancellation(&j.op);
	pthread_join(t, NULL);
	assert_int_equal(j.res, TEEC_ERROR_CANCEL);
	assert_int_equal(j.origin, TEEC_ORIGIN_TEE);
	r = last_rec(TEE_IOC_CANCEL);
	assert_non_null(r);
	assert_int_equal(r->u.cancel.session, 0);
	assert_int_equal(r->u.cancel.cancel_id, 0);
	assert_null(j.op.imp.session);
	/* The session did not open: closing it sends nothing. */
	TEEC_CloseSession(&j.s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 0);
	TEEC_FinalizeContext(&ctx);
}

#define NTHREADS 8
#define NCALLS	 200

struct hammer {
	TEEC_Session *s;
	int id;
	int bad;
};

/* Many invokes with a value and a TEMP memref; checks every answer. */
static void *hammer_thread(void *arg)
{
	struct hammer *h = arg;

	for (int i = 0; i < NCALLS; i++) {
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			TEEC_VALUE_INOUT, TEEC_MEMREF_TEMP_INOUT, TEEC_NONE,
			TEEC_NONE));
		uint32_t v = (uint32_t)(h->id * 100000 + i);
		char buf[16];
		uint32_t origin;
		size_t len = 1 + (size_t)(i % 15);

		for (size_t k = 0; k < len; k++)
			buf[k] = (char)('a' + (h->id + (int)k) % 26);
		op.params[0].value.a = v;
		op.params[1].tmpref.buffer = buf;
		op.params[1].tmpref.size = len;
		if (TEEC_InvokeCommand(h->s, CMD_DOUBLE, &op, &origin) !=
			    TEEC_SUCCESS ||
		    op.params[0].value.a != v + 1 ||
		    op.params[0].value.b != v * 2 ||
		    op.params[1].tmpref.size != len) {
			h->bad++;
			continue;
		}
		for (size_t k = 0; k < len; k++)
			if (buf[k] !=
			    (char)('a' + (h->id + (int)(len - 1 - k)) % 26))
				h->bad++;
	}
	return NULL;
}

/* 8 threads invoking on one context and one session at once. */
static void test_concurrent_invokes_one_session(void **state)
{
	struct hammer h[NTHREADS];
	pthread_t t[NTHREADS];
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	fake.record = false;
	for (int i = 0; i < NTHREADS; i++) {
		h[i] = (struct hammer){.s = &s, .id = i};
		assert_int_equal(
			pthread_create(&t[i], NULL, hammer_thread, &h[i]), 0);
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(h[i].bad, 0);
	}
	/*
	 * Temporaries were reused (tmpref_cache.c), never shared by two
	 * calls at once (every answer above was right), and all go with
	 * the session.
	 */
	assert_true(fake.shm_made >= 1);
	assert_true(fake.shm_made < NTHREADS * NCALLS / 2);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_closed, fake.shm_made);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_operation_started),
		T(test_cancel_from_another_thread),
		T(test_cancel_open_session),
		T(test_concurrent_invokes_one_session),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
