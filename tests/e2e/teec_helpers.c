// SPDX-License-Identifier: BSD-2-Clause
/* libteec helpers of the end-to-end tests; see teec_helpers.h. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <cmocka.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"

TEEC_Result e2e_open_session(TEEC_Context *ctx, TEEC_Session *s,
			     const TEEC_UUID *uuid, uint32_t *origin)
{
	return TEEC_OpenSession(ctx, s, uuid, TEEC_LOGIN_PUBLIC, NULL, NULL,
				origin);
}

uint32_t e2e_open(TEEC_Context *ctx, TEEC_Session *s, const TEEC_UUID *uuid,
		  uint32_t login, const void *data)
{
	uint32_t origin = 0;

	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
	assert_int_equal(
		TEEC_OpenSession(ctx, s, uuid, login, data, NULL, &origin),
		TEEC_SUCCESS);
	return origin;
}

void e2e_close(TEEC_Context *ctx, TEEC_Session *s)
{
	TEEC_CloseSession(s);
	TEEC_FinalizeContext(ctx);
}

TEEC_Result e2e_invoke_values(TEEC_Session *s, uint32_t cmd, uint32_t t0,
			      uint32_t t1, TEEC_Value *v0, TEEC_Value *v1,
			      uint32_t *origin)
{
	TEEC_Operation op;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(t0, t1, TEEC_NONE, TEEC_NONE);
	if (v0)
		op.params[0].value = *v0;
	if (v1)
		op.params[1].value = *v1;
	res = TEEC_InvokeCommand(s, cmd, &op, origin);
	if (v0)
		*v0 = op.params[0].value;
	if (v1)
		*v1 = op.params[1].value;
	return res;
}

uint32_t e2e_invoke_value(TEEC_Session *s, uint32_t cmd)
{
	TEEC_Value v = {0};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, cmd, TEEC_VALUE_OUTPUT, TEEC_NONE,
					   &v, NULL, &origin),
			 TEEC_SUCCESS);
	return v.a;
}

void e2e_assert_inc(TEEC_Session *s, uint32_t cmd)
{
	TEEC_Value v = {.a = 41};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, cmd, TEEC_VALUE_INOUT, TEEC_NONE,
					   &v, NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(v.a, 42);
}

void e2e_expect_open(const struct harness_opts *o, const TEEC_UUID *uuid,
		     bool inc, TEEC_Result expected, const char *log)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin = 0;

	harness_start_ok(&h, *o);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx, &s, uuid, &origin), expected);
	if (expected == TEEC_SUCCESS) {
		if (inc)
			e2e_assert_inc(&s, TA_TEST_CMD_VALUE_INC);
		TEEC_CloseSession(&s);
	} else {
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
		assert_true(harness_log_contains(&h, "teed.log", log));
	}
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
}

void e2e_assert_serves(TEEC_Session *s)
{
	TEEC_Value v = {.a = 7, .b = 9};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, TA_TEST_CMD_VALUE_INC,
					   TEEC_VALUE_INOUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(v.a, 8);
	assert_int_equal(v.b, 11);
}

static void *call_thread(void *p)
{
	struct e2e_call *c = p;

	if (c->ctx)
		c->res = TEEC_OpenSession(c->ctx, &c->session, c->uuid,
					  TEEC_LOGIN_PUBLIC, NULL, &c->op,
					  &c->origin);
	else
		c->res = TEEC_InvokeCommand(c->s, c->cmd, &c->op, &c->origin);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

void e2e_call_start(struct e2e_call *c)
{
	assert_int_equal(pthread_create(&c->thread, NULL, call_thread, c), 0);
}

bool e2e_call_done(struct e2e_call *c)
{
	return __atomic_load_n(&c->done, __ATOMIC_ACQUIRE) != 0;
}

bool e2e_op_started(TEEC_Operation *op)
{
	return __atomic_load_n(&op->started, __ATOMIC_ACQUIRE) != 0;
}

bool e2e_join_within(pthread_t t, int seconds)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += seconds;
	return pthread_timedjoin_np(t, NULL, &ts) == 0;
}

void e2e_call_join(struct e2e_call *c, int seconds)
{
	assert_true(e2e_join_within(c->thread, seconds));
}

void e2e_sh(const char *fmt, ...)
{
	char cmd[4 * PATH_MAX];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	printf("$ %s\n", cmd);
	fflush(stdout);
	rc = system(cmd);
	if (rc != 0)
		fail_msg("command failed (%d): %s", rc, cmd);
}

bool e2e_exists(const char *dir, const char *name)
{
	char path[2 * PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !stat(path, &st);
}
