// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA-to-TA sessions (GP TEE Internal Core API 4.9, Internal Client API)
 * as OP-TEE gives them (lib/libutee/tee_api.c, core/tee/tee_svc.c
 * syscall_open_ta_session / syscall_invoke_ta_command, core/kernel/
 * tee_ta_manager.c), driven through ta/tests/ta2ta's caller commands:
 *
 *  - values and memrefs in every direction, from the caller's private
 *    memory (stack and TEE_Malloc), SHORT_BUFFER with the size needed,
 *    origins TRUSTED_APP for the target's answers and TEE for the trusted
 *    OS's (not found, busy, dead);
 *  - the target sees TEE_LOGIN_TRUSTED_APP and the caller's UUID;
 *  - single-instance targets in use answer TEE_ERROR_BUSY, also to
 *    themselves; A -> B -> A is BUSY for a single instance and a new
 *    instance for a multi-instance A (OP-TEE tee_ta_try_set_busy());
 *  - a target that panics: TARGET_DEAD for that session only, the caller
 *    lives on;
 *  - cancellationRequestTimeout sets the target's cancellation flag
 *    (tee_ta_session_is_cancelled()), a client's cancel reaches it;
 *  - the sessions a caller instance holds close when it goes, even dead
 *    (statistics pseudo TA: their target's sessions come back to 0);
 *  - a hostile caller (unknown handles, an OUTPUT over its own
 *    MEMREF_INPUT) panics: TARGET_DEAD to its client, nobody else.
 *
 * Every test starts its own teebox, and teed must stop clean.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/include/pta_stats.h"
#include "ta/tests/ta2ta/ta_ta2ta_cmds.h"

#define HANG_DEADLINE_S 60
#define MAX_CELLS	16

static struct harness tb;
static const TEEC_UUID multi = TA_TEST_TA2TA_MULTI_UUID;
static const TEEC_UUID single = TA_TEST_TA2TA_SINGLE_UUID;
static const TEEC_UUID multisess = TA_TEST_TA2TA_MULTISESS_UUID;
static const TEEC_UUID multisess2 = TA_TEST_TA2TA_MULTISESS2_UUID;
static const TEEC_UUID nowhere = {
	0x0badc0de, 0x0001, 0x4002, {0x80, 0x03, 0, 0, 0, 0, 0, 4}};
static const TEEC_UUID stats_uuid = STATS_UUID;

static int stop_leftover(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	return 0;
}

/**
 * struct rep - what a caller command reported
 * @res, @origin: value[1]: the Internal Client API's answer (or
 *		TEE_ERROR_GENERIC and the line of a failed self-check)
 * @v2:		value[2] as the TA left it
 * @out:	memref[3]: 16 bytes
 */
struct rep {
	uint32_t res;
	uint32_t origin;
	TEEC_Value v2;
	uint8_t out[16];
};

/*
 * Caller command @cmd on @s against @target, value[2] in = (@a, @b).
 * Return: the TEEC result of the client's invoke itself.
 */
static TEEC_Result call(TEEC_Session *s, uint32_t cmd, const TEEC_UUID *target,
			uint32_t a, uint32_t b, struct rep *r, uint32_t *origin)
{
	TEEC_Operation op = {0};
	TEEC_UUID u = *target;
	TEEC_Result res;

	memset(r, 0, sizeof(*r));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_INOUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].tmpref.buffer = &u;
	op.params[0].tmpref.size = sizeof(u);
	op.params[2].value.a = a;
	op.params[2].value.b = b;
	op.params[3].tmpref.buffer = r->out;
	op.params[3].tmpref.size = sizeof(r->out);
	res = TEEC_InvokeCommand(s, cmd, &op, origin);
	r->res = op.params[1].value.a;
	r->origin = op.params[1].value.b;
	r->v2 = op.params[2].value;
	return res;
}

/* Caller command that must reach the caller and return SUCCESS. */
static struct rep call_ok(TEEC_Session *s, uint32_t cmd,
			  const TEEC_UUID *target, uint32_t a, uint32_t b)
{
	struct rep r;
	uint32_t origin;

	assert_int_equal(call(s, cmd, target, a, b, &r, &origin), TEEC_SUCCESS);
	return r;
}

static void start(TEEC_Context *ctx)
{
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
}

static void stop(TEEC_Context *ctx)
{
	TEEC_FinalizeContext(ctx);
	harness_stop_ok(&tb);
}

static void open_ok(TEEC_Context *ctx, TEEC_Session *s, const TEEC_UUID *u)
{
	uint32_t origin;

	assert_int_equal(e2e_open_session(ctx, s, u, &origin), TEEC_SUCCESS);
}

/*
 * The sessions the statistics pseudo TA counts on @u's instances, -1 when
 * it has none.
 */
static int sessions_of(TEEC_Context *ctx, const TEEC_UUID *u)
{
	struct pta_stats_ta cells[MAX_CELLS];
	TEEC_Operation op = {0};
	TEEC_Session st;
	uint32_t origin;
	int n = -1;

	open_ok(ctx, &st, &stats_uuid);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = cells;
	op.params[0].tmpref.size = sizeof(cells);
	assert_int_equal(
		TEEC_InvokeCommand(&st, STATS_CMD_TA_STATS, &op, &origin),
		TEEC_SUCCESS);
	for (size_t i = 0; i < op.params[0].tmpref.size / sizeof(cells[0]);
	     i++) {
		if (memcmp(&cells[i].uuid, u, sizeof(*u)))
			continue;
		n = (n < 0 ? 0 : n) + (int)cells[i].sess_num;
	}
	TEEC_CloseSession(&st);
	return n;
}

/*
 * Values and memrefs both ways, from the caller's stack and heap, with
 * SHORT_BUFFER's size feedback (OP-TEE update_out_param(): min(size
 * returned, size given) bytes come back): every caller kind against
 * every target kind.
 */
static void test_values_and_memrefs_every_kind(void **state)
{
	const TEEC_UUID *callers[] = {&multi, &multisess, &single};
	const TEEC_UUID *targets[] = {&multi, &single, &multisess};
	TEEC_Context ctx;
	TEEC_Session s;
	struct rep r;

	(void)state;
	start(&ctx);
	for (size_t c = 0; c < 3; c++) {
		open_ok(&ctx, &s, callers[c]);
		for (size_t t = 0; t < 3; t++) {
			if (callers[c] == targets[t] && callers[c] != &multi)
				continue; /* itself: BUSY, tested below */
			r = call_ok(&s, TA2TA_CMD_DO_MIX, targets[t], 0, 0);
			if (r.res)
				print_error("caller %zu target %zu: line %u\n",
					    c, t, r.origin);
			assert_int_equal(r.res, TEEC_SUCCESS);
		}
		TEEC_CloseSession(&s);
	}
	/* Many pages, not aligned: three 60000-byte heap buffers. */
	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_BIG, &multi, 60000, 0);
	if (r.res)
		print_error("big: line %u\n", r.origin);
	assert_int_equal(r.res, TEEC_SUCCESS);
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/*
 * gpd.client.identity in the target: TEE_LOGIN_TRUSTED_APP and the
 * caller's UUID (ABI-FACTS-INTERNAL: TA-to-TA identity; OP-TEE
 * syscall_open_ta_session() sets clnt_id so).
 */
static void test_target_sees_caller_identity(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_IDENTITY, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_SUCCESS);
	assert_int_equal(r.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(r.v2.a, TEE_LOGIN_TRUSTED_APP);
	assert_memory_equal(r.out, &multisess, sizeof(multisess));
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/*
 * What the trusted OS answers, origin TEE: an unknown TA is
 * ITEM_NOT_FOUND; a single instance in use is BUSY, to itself too (OP-TEE
 * tee_ta_init_session_with_context()); a multi-session single instance
 * that opens itself is BUSY (it is executing: tee_ta_try_set_busy()); a
 * multi-instance TA that opens itself gets a new instance.
 */
static void test_open_results(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s, busy;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &multi);
	r = call_ok(&s, TA2TA_CMD_DO_OPEN, &nowhere, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	r = call_ok(&s, TA2TA_CMD_DO_OPEN, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_SUCCESS);
	assert_int_equal(r.origin, TEEC_ORIGIN_TRUSTED_APP);
	/* ta_test_ta2ta_single in use by a client: BUSY for a TA too. */
	open_ok(&ctx, &busy, &single);
	r = call_ok(&s, TA2TA_CMD_DO_OPEN, &single, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_BUSY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	/* And to itself. */
	r = call_ok(&busy, TA2TA_CMD_DO_OPEN, &single, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_BUSY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&busy);
	TEEC_CloseSession(&s);

	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_OPEN, &multisess, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_BUSY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/*
 * A -> B -> A: B's open of A is BUSY when A is a single instance (it
 * runs the call that called B), a new instance when A is multi-instance;
 * no deadlock either way.
 */
static void test_call_back_no_deadlock(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &single);
	r = call_ok(&s, TA2TA_CMD_DO_CALL_BACK, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_BUSY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s);

	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_CALL_BACK, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_BUSY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s);

	open_ok(&ctx, &s, &multi);
	r = call_ok(&s, TA2TA_CMD_DO_CALL_BACK, &multisess, 0, 0);
	assert_int_equal(r.res, TEEC_SUCCESS);
	assert_int_equal(r.origin, TEEC_ORIGIN_TRUSTED_APP);
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/* Starts DO_SLEEP_OPEN (@ms, then an open of @target) on @s in @c. */
static void sleep_open_start(struct e2e_call *c, TEEC_Session *s,
			     TEEC_UUID *target, uint32_t ms)
{
	memset(c, 0, sizeof(*c));
	c->s = s;
	c->cmd = TA2TA_CMD_DO_SLEEP_OPEN;
	c->op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_INOUT, TEEC_NONE);
	c->op.params[0].tmpref.buffer = target;
	c->op.params[0].tmpref.size = sizeof(*target);
	c->op.params[2].value.a = ms;
	e2e_call_start(c);
}

/*
 * Two single multi-session TAs, each running a call on its own secure
 * thread, open a session to each other: each waits for the other's
 * instance.  The second to ask closes the cycle and gets TEE_ERROR_BUSY
 * (origin TEE) at once, as OP-TEE answers a TA that would wait for a
 * busy single instance while holding one; the first then gets in.
 */
static void test_two_tas_calling_each_other_no_deadlock(void **state)
{
	static struct e2e_call c1, c2;
	static TEEC_UUID u1, u2;
	TEEC_Context ctx;
	TEEC_Session s1, s2;
	uint32_t r1, r2;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s1, &multisess);
	open_ok(&ctx, &s2, &multisess2);
	u1 = multisess2;
	u2 = multisess;
	/* Both sleep in their TA long enough to overlap on a loaded host. */
	sleep_open_start(&c1, &s1, &u1, 3000);
	sleep_open_start(&c2, &s2, &u2, 3000);
	e2e_call_join(&c1, HANG_DEADLINE_S);
	e2e_call_join(&c2, HANG_DEADLINE_S);
	assert_int_equal(c1.res, TEEC_SUCCESS);
	assert_int_equal(c2.res, TEEC_SUCCESS);
	r1 = c1.op.params[1].value.a;
	r2 = c2.op.params[1].value.a;
	assert_true((r1 == TEEC_SUCCESS && r2 == TEEC_ERROR_BUSY) ||
		    (r1 == TEEC_ERROR_BUSY && r2 == TEEC_SUCCESS));
	assert_int_equal(r1 ? c1.op.params[1].value.b : c2.op.params[1].value.b,
			 TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s1);
	TEEC_CloseSession(&s2);
	stop(&ctx);
}

/*
 * A target that panics: TARGET_DEAD (origin TEE) to that call and the
 * next on its session; the caller's other session (another instance)
 * works, and the caller itself serves on.
 */
static void test_target_death_hits_its_session_only(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_PANIC, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	assert_int_equal(r.v2.a, TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(r.v2.b, TEEC_SUCCESS);
	r = call_ok(&s, TA2TA_CMD_DO_MIX, &multi, 0, 0);
	assert_int_equal(r.res, TEEC_SUCCESS);
	TEEC_CloseSession(&s);
	assert_int_equal(sessions_of(&ctx, &multi), -1);
	stop(&ctx);
}

/*
 * cancellationRequestTimeout: once it passed, the target's cancellation
 * flag is set (OP-TEE tee_ta_session_is_cancelled()), so its unmasked
 * TEE_Wait ends with TEE_ERROR_CANCEL, the target's answer; an infinite
 * one never cancels.
 */
static void test_timeout_cancels_target(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &multisess);
	r = call_ok(&s, TA2TA_CMD_DO_WAIT, &multi, 100, 60000);
	assert_int_equal(r.res, TEEC_ERROR_CANCEL);
	assert_int_equal(r.origin, TEEC_ORIGIN_TRUSTED_APP);
	r = call_ok(&s, TA2TA_CMD_DO_WAIT, &multi, TEE_TIMEOUT_INFINITE, 50);
	assert_int_equal(r.res, TEEC_SUCCESS);
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/* A client's cancel of the caller's command reaches the target's wait. */
static void test_cancel_propagates(void **state)
{
	static struct e2e_call c;
	static TEEC_UUID u;
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &s, &multisess);
	memset(&c, 0, sizeof(c));
	u = multi;
	c.s = &s;
	c.cmd = TA2TA_CMD_DO_WAIT;
	c.op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_INOUT, TEEC_NONE);
	c.op.params[0].tmpref.buffer = &u;
	c.op.params[0].tmpref.size = sizeof(u);
	c.op.params[2].value.a = TEE_TIMEOUT_INFINITE;
	c.op.params[2].value.b = TEE_TIMEOUT_INFINITE;
	e2e_call_start(&c);
	while (!e2e_call_done(&c)) {
		if (e2e_op_started(&c.op))
			TEEC_RequestCancellation(&c.op);
		harness_sleep_ms(20);
	}
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_int_equal(c.res, TEEC_SUCCESS);
	assert_int_equal(c.op.params[1].value.a, TEEC_ERROR_CANCEL);
	assert_int_equal(c.op.params[1].value.b, TEEC_ORIGIN_TRUSTED_APP);
	TEEC_CloseSession(&s);
	stop(&ctx);
}

/*
 * The sessions a caller instance keeps close when it goes: closed by its
 * client, or dead (OP-TEE closes a context's open_sessions with it).
 */
static void test_caller_sessions_closed_with_it(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rep r;

	(void)state;
	start(&ctx);
	for (int dies = 0; dies < 2; dies++) {
		open_ok(&ctx, &s, &multi);
		for (int i = 0; i < 3; i++) {
			r = call_ok(&s, TA2TA_CMD_DO_OPEN, &multisess, 1, 0);
			assert_int_equal(r.res, TEEC_SUCCESS);
		}
		assert_int_equal(sessions_of(&ctx, &multisess), 3);
		if (dies) {
			assert_int_equal(call(&s, TA2TA_CMD_PANIC_SELF, &multi,
					      0, 0, &r, &origin),
					 TEEC_ERROR_TARGET_DEAD);
			assert_int_equal(origin, TEEC_ORIGIN_TEE);
		}
		TEEC_CloseSession(&s);
		/* Not keep-alive: no session, no instance. */
		assert_int_equal(sessions_of(&ctx, &multisess), -1);
		assert_int_equal(sessions_of(&ctx, &multi), -1);
	}
	stop(&ctx);
}

/*
 * A hostile caller: an unknown handle to TEE_InvokeTACommand or
 * TEE_CloseTASession, an OUTPUT memref over its own MEMREF_INPUT (OP-TEE
 * panics on each): TARGET_DEAD to its client only, the other client's
 * session to the same target kind serves on.  Past the bound on sessions
 * per instance an open is OUT_OF_MEMORY, origin TEE.
 */
static void test_hostile_caller(void **state)
{
	const uint32_t panics[] = {TA2TA_HOSTILE_BAD_INVOKE,
				   TA2TA_HOSTILE_BAD_CLOSE,
				   TA2TA_HOSTILE_ALIAS};
	TEEC_Context ctx;
	TEEC_Session s, other;
	uint32_t origin;
	struct rep r;

	(void)state;
	start(&ctx);
	open_ok(&ctx, &other, &multi);
	for (size_t i = 0; i < 3; i++) {
		open_ok(&ctx, &s, &multi);
		assert_int_equal(call(&s, TA2TA_CMD_HOSTILE, &multisess,
				      panics[i], 0, &r, &origin),
				 TEEC_ERROR_TARGET_DEAD);
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
		TEEC_CloseSession(&s);
		r = call_ok(&other, TA2TA_CMD_DO_MIX, &multisess, 0, 0);
		assert_int_equal(r.res, TEEC_SUCCESS);
	}
	r = call_ok(&other, TA2TA_CMD_HOSTILE, &multisess,
		    TA2TA_HOSTILE_TOO_MANY, 0);
	assert_int_equal(r.res, TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(r.origin, TEEC_ORIGIN_TEE);
	assert_int_equal(r.v2.b, TA2TA_MAX_SESSIONS + 1);
	r = call_ok(&other, TA2TA_CMD_DO_MIX, &multisess, 0, 0);
	assert_int_equal(r.res, TEEC_SUCCESS);
	TEEC_CloseSession(&other);
	assert_int_equal(sessions_of(&ctx, &multisess), -1);
	stop(&ctx);
}

#define T(f) cmocka_unit_test_teardown(f, stop_leftover)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_values_and_memrefs_every_kind),
		T(test_target_sees_caller_identity),
		T(test_open_results),
		T(test_call_back_no_deadlock),
		T(test_two_tas_calling_each_other_no_deadlock),
		T(test_target_death_hits_its_session_only),
		T(test_timeout_cancels_target),
		T(test_cancel_propagates),
		T(test_caller_sessions_closed_with_it),
		T(test_hostile_caller),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
