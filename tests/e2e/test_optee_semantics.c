// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OP-TEE driver's semantics end to end, each test named after the
 * seed or mainline function whose behaviour it checks:
 *
 *  - the call queue (seed call.c optee_cq_*): many clients, few secure
 *    threads;
 *  - secure threads waiting for each other through the normal world
 *    (seed rpc.c wait queue, mainline notifications);
 *  - cancellation (seed optee_cancel_req, OP-TEE entry_cancel, GP
 *    TEEC_RequestCancellation / TEE_GetCancellationFlag): in the TA,
 *    before it, with nothing in flight, and never for another session;
 *  - the supplicant queue (seed supp.c optee_supp_thrd_req,
 *    optee_supp_release): supplicant death, an absent supplicant, a
 *    caller that dies while it waits;
 *  - teed stopping with calls in flight (seed optee_remove).
 *
 * Every test starts its own teebox and stops it, and teed must exit 0.
 * No test asserts a duration: where a test must know that a call has
 * reached a given point it observes that point (see ta_busy_since() and
 * wait_client_in_teed()), and deadlines only turn a hang into a failure.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/examples/hello_world/ta/include/hello_world_ta.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tdev.h"

#define TEE_ERROR_CANCEL 0xFFFF0002

/* Deadlines that turn a hang into a failure; never a timing assertion. */
#define HANG_DEADLINE_S	    120
#define OBSERVE_DEADLINE_MS 30000

/* The line teed logs at level 7 when a call gets ETHREAD_LIMIT. */
#define THREADS_BUSY "all secure threads busy"
/* The line teed logs when a request gave up waiting for a supplicant. */
#define NO_SUPPLICANT "no tee-supplicant attached"
/* The lines teed logs at level 7 for OPTEE_RPC_CMD_NOTIFICATION. */
#define NOTIF_WAIT "optee: notification wait key"
#define NOTIF_SEND "optee: notification send key"

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID hello_uuid = TA_HELLO_WORLD_UUID;

/*
 * The teebox of the running test.  A test that fails half-way leaves it
 * up; stop_leftover() takes it down so that the next test starts clean
 * and teed does not outlive us.  For the same
 * reason what a test's threads write into (calls, contexts, sessions) is
 * static: such a thread may return after its test failed.
 */
static struct harness tb;

static int stop_leftover(void **state)
{
	harness_stop_leftover(&tb);
	return 0;
}

static bool is_set(const int *flag)
{
	return __atomic_load_n(flag, __ATOMIC_ACQUIRE) != 0;
}

static void set_flag(int *flag)
{
	__atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

/*
 * Starts command @cmd on @s with [0] of type @t0, a = @a, and [1] of type
 * @t1 (for WAIT_CANCEL: VALUE_OUTPUT, the flag as seen while masked).
 */
static void invoke_async(struct e2e_call *c, TEEC_Session *s, uint32_t cmd,
			 uint32_t t0, uint32_t a, uint32_t t1)
{
	memset(c, 0, sizeof(*c));
	c->s = s;
	c->cmd = cmd;
	c->op.paramTypes = TEEC_PARAM_TYPES(t0, t1, TEEC_NONE, TEEC_NONE);
	c->op.params[0].value.a = a;
	e2e_call_start(c);
}

/*
 * Starts opening a session to ta_test_basic in @ctx.  The operation
 * carries no parameters; it is there so that op.started shows the call
 * is on its way.
 */
static void open_async(struct e2e_call *c, TEEC_Context *ctx)
{
	memset(c, 0, sizeof(*c));
	c->ctx = ctx;
	c->uuid = &basic_uuid;
	c->op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_NONE, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	e2e_call_start(c);
}

static void wait_started(struct e2e_call *c)
{
	for (int ms = 0; !__atomic_load_n(&c->op.started, __ATOMIC_ACQUIRE);
	     ms += 1) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
}

/* ------------------------------------------------------------------ */
/* The call queue                                                      */
/* ------------------------------------------------------------------ */

#define CQ_CLIENTS 64
#define CQ_CALLS   20

/**
 * struct cq_client - one client of the call-queue test
 * @id:		its number
 * @calls:	calls that came back right
 * @failures:	calls (or the open) that did not
 * @done:	set when it finished (closed its session and context)
 */
struct cq_client {
	int id;
	int calls;
	int failures;
	int done;
};

/* Its own context and session; SLEEP 1 ms and VALUE_INC in turn. */
static void *cq_client_thread(void *p)
{
	struct cq_client *cl = p;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx)) {
		cl->failures++;
		goto out;
	}
	if (e2e_open_session(&ctx, &s, &basic_uuid, &origin)) {
		cl->failures++;
		goto out_ctx;
	}
	for (int i = 0; i < CQ_CALLS; i++) {
		TEEC_Value v = {.a = 1, .b = 0};
		uint32_t cmd = TA_TEST_CMD_SLEEP, type = TEEC_VALUE_INPUT;

		if (i % 2) {
			v.a = (uint32_t)(cl->id * 1000 + i);
			v.b = (uint32_t)i;
			cmd = TA_TEST_CMD_VALUE_INC;
			type = TEEC_VALUE_INOUT;
		}
		if (e2e_invoke_values(&s, cmd, type, TEEC_NONE, &v, NULL,
				      &origin) ||
		    ((i % 2) && (v.a != (uint32_t)(cl->id * 1000 + i + 1) ||
				 v.b != (uint32_t)i + 2)))
			cl->failures++;
		else
			cl->calls++;
	}
	TEEC_CloseSession(&s);
out_ctx:
	TEEC_FinalizeContext(&ctx);
out:
	set_flag(&cl->done);
	return NULL;
}

/*
 * 64 clients, each with its own context and session, against 2 secure
 * threads (seed call.c: optee_cq_wait_init, optee_cq_wait_for_completion,
 * optee_cq_complete_one, optee_cq_wait_final).  Callers beyond the thread
 * count get OPTEE_SMC_RETURN_ETHREAD_LIMIT and wait in the call queue.
 * Every call completes with the right values, every client finishes (no
 * starvation), and all of it before the deadline (no deadlock: a lost
 * completion would leave a caller waiting for ever).
 */
static void test_optee_cq_64_clients_2_secure_threads(void **state)
{
	static struct cq_client clients[CQ_CLIENTS];
	pthread_t threads[CQ_CLIENTS];
	time_t deadline;
	int stuck = 0;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .threads = 2,
						    .log_level = 7});
	memset(clients, 0, sizeof(clients));
	for (int i = 0; i < CQ_CLIENTS; i++) {
		clients[i].id = i;
		assert_int_equal(pthread_create(&threads[i], NULL,
						cq_client_thread, &clients[i]),
				 0);
	}
	deadline = time(NULL) + 2 * HANG_DEADLINE_S;
	for (int i = 0; i < CQ_CLIENTS; i++) {
		int left = (int)(deadline - time(NULL));

		if (!e2e_join_within(threads[i], left > 0 ? left : 1))
			stuck++;
	}
	for (int i = 0; i < CQ_CLIENTS; i++) {
		if (!is_set(&clients[i].done))
			fprintf(stderr, "client %d stuck after %d calls\n", i,
				clients[i].calls);
		else if (clients[i].failures)
			fprintf(stderr, "client %d: %d failures\n", i,
				clients[i].failures);
	}
	assert_int_equal(stuck, 0);
	for (int i = 0; i < CQ_CLIENTS; i++) {
		assert_int_equal(clients[i].failures, 0);
		assert_int_equal(clients[i].calls, CQ_CALLS);
	}
	assert_true(harness_log_contains(&tb, "teed.log", THREADS_BUSY));
	/* The two threads met on the TA's lock, and waited through NW. */
	assert_true(harness_log_contains(&tb, "teed.log", NOTIF_WAIT));
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Secure-world mutexes through notifications                          */
/* ------------------------------------------------------------------ */

/*
 * Two secure threads want the same single-instance TA: the second finds
 * the instance's lock taken and sleeps in the normal world with
 * OPTEE_RPC_CMD_NOTIFICATION WAIT (seed rpc.c handle_rpc_func_cmd_wq,
 * mainline handle_rpc_func_cmd_notif; OP-TEE mutex_lock -> wq_wait_final),
 * seen in teed's log while the first call still sleeps in the TA.  The
 * first call's unlock wakes it with SEND, and both calls succeed.
 */
static void test_optee_notif_mutex_contention(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session s1, s2;
	static struct e2e_call sleeper, waiter;
	uint32_t origin;

	harness_start_ok(
		&tb, (struct harness_opts){.supplicant = true, .log_level = 7});
	e2e_open(&ctx, &s1, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(e2e_open_session(&ctx, &s2, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(harness_log_count(&tb, "teed.log", NOTIF_WAIT), 0);

	invoke_async(&sleeper, &s1, TA_TEST_CMD_SLEEP, TEEC_VALUE_INPUT, 3000,
		     TEEC_NONE);
	wait_started(&sleeper);
	invoke_async(&waiter, &s2, TA_TEST_CMD_VALUE_INC, TEEC_VALUE_INOUT, 1,
		     TEEC_NONE);
	for (int ms = 0; !harness_log_count(&tb, "teed.log", NOTIF_WAIT);
	     ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
	assert_false(is_set(&sleeper.done));
	assert_false(is_set(&waiter.done));

	e2e_call_join(&sleeper, HANG_DEADLINE_S);
	e2e_call_join(&waiter, HANG_DEADLINE_S);
	assert_int_equal(sleeper.res, TEEC_SUCCESS);
	assert_int_equal(waiter.res, TEEC_SUCCESS);
	assert_int_equal(waiter.op.params[0].value.a, 2);
	assert_true(harness_log_count(&tb, "teed.log", NOTIF_SEND) >= 1);
	TEEC_CloseSession(&s1);
	e2e_close(&ctx, &s2);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Cancellation                                                        */
/* ------------------------------------------------------------------ */

/* The pid of the TA process serving @s. */
static pid_t ta_pid(TEEC_Session *s)
{
	pid_t pid = (pid_t)e2e_invoke_value(s, TA_TEST_CMD_PID);

	assert_true(pid > 0);
	return pid;
}

/*
 * Waits until the TA process @pid runs WAIT_CANCEL's loop.  That loop
 * sleeps 1 ms at a time, so the process's voluntary context switches
 * climb by about one a millisecond; an idle TA sleeps on its doorbell and
 * they stay put (a call costs it one or two).  50 more than @base
 * therefore means the TA has been inside the loop for a while: the
 * observation does not depend on how fast anything runs.
 */
static void ta_busy_since(pid_t pid, long base)
{
	for (int ms = 0; harness_voluntary_switches(pid) < base + 50; ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
}

/*
 * TEEC_RequestCancellation() while the TA waits for it (seed
 * optee_cancel_req -> OPTEE_MSG_CMD_CANCEL -> the TA's
 * TEE_GetCancellationFlag).  The request is sent once, after the TA is
 * seen inside the call (ta_busy_since()).  The invoke returns
 * TEE_ERROR_CANCEL from the TA instead of running to its 10 s timeout,
 * and the flag was not visible while cancellation was still masked.
 */
static void test_optee_cancel_req_in_ta(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session s;
	static struct e2e_call c;
	pid_t pid;
	long base;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	pid = ta_pid(&s);
	base = harness_voluntary_switches(pid);
	assert_true(base >= 0);

	invoke_async(&c, &s, TA_TEST_CMD_WAIT_CANCEL, TEEC_VALUE_INPUT, 10000,
		     TEEC_VALUE_OUTPUT);
	wait_started(&c);
	ta_busy_since(pid, base);
	assert_false(is_set(&c.done));
	TEEC_RequestCancellation(&c.op);
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_int_equal(c.res, TEE_ERROR_CANCEL);
	assert_int_equal(c.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(c.op.params[1].value.a, 0);

	/* The session goes on serving. */
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * A cancel that comes before the call reaches the TA is kept for it, and
 * GP's masking rule holds: a TA entered with cancellation masked does not
 * see the flag (TEE_GetCancellationFlag() is false) until it unmasks.
 *
 * ta_test_basic is a single instance, so its calls take turns.  Session B
 * keeps the TA busy in WAIT_CANCEL (2 s, nobody cancels it); session A's
 * WAIT_CANCEL waits behind it in the secure world, and A's operation is
 * cancelled while B is still running, i.e. before A enters the TA.  The
 * request is repeated every 10 ms until B returns, because nothing shows
 * from outside when A's call has reached the secure world; a request that
 * came too early is simply dropped (nothing to cancel yet), and no request
 * is sent once B is over, so A returns TEE_ERROR_CANCEL only if a request
 * made before it entered the TA (or, rarely, as it entered) was kept for
 * it.  A's [1].a reports the
 * flag as read on entry, still masked: it must be 0.  B is not touched by
 * A's cancellation: it runs to its end with TEE_SUCCESS.
 */
static void test_optee_cancel_req_before_ta_entry_masked(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session sa, sb;
	static struct e2e_call a, b;
	uint32_t origin;
	int requests = 0;
	pid_t pid;
	long base;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &sa, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(e2e_open_session(&ctx, &sb, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	pid = ta_pid(&sb);
	base = harness_voluntary_switches(pid);
	assert_true(base >= 0);

	invoke_async(&b, &sb, TA_TEST_CMD_WAIT_CANCEL, TEEC_VALUE_INPUT, 2000,
		     TEEC_VALUE_OUTPUT);
	ta_busy_since(pid, base);
	invoke_async(&a, &sa, TA_TEST_CMD_WAIT_CANCEL, TEEC_VALUE_INPUT, 10000,
		     TEEC_VALUE_OUTPUT);
	wait_started(&a);
	while (!is_set(&b.done)) {
		TEEC_RequestCancellation(&a.op);
		requests++;
		harness_sleep_ms(10);
	}
	e2e_call_join(&b, HANG_DEADLINE_S);
	e2e_call_join(&a, HANG_DEADLINE_S);
	assert_true(requests > 0);
	assert_int_equal(b.res, TEEC_SUCCESS);
	assert_int_equal(b.op.params[1].value.a, 0);
	assert_int_equal(a.res, TEE_ERROR_CANCEL);
	assert_int_equal(a.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(a.op.params[1].value.a, 0);

	TEEC_CloseSession(&sa);
	e2e_close(&ctx, &sb);
	harness_stop_ok(&tb);
}

/* Raw tee.h calls, to send TEE_IOC_CANCEL with no call in flight. */
struct raw_open {
	struct tee_ioctl_open_session_arg arg;
	struct tee_ioctl_param params[4];
};

struct raw_invoke {
	struct tee_ioctl_invoke_arg arg;
	struct tee_ioctl_param params[4];
};

static void uuid_to_octets(uint8_t d[TEE_IOCTL_UUID_LEN], const TEEC_UUID *u)
{
	d[0] = (uint8_t)(u->timeLow >> 24);
	d[1] = (uint8_t)(u->timeLow >> 16);
	d[2] = (uint8_t)(u->timeLow >> 8);
	d[3] = (uint8_t)u->timeLow;
	d[4] = (uint8_t)(u->timeMid >> 8);
	d[5] = (uint8_t)u->timeMid;
	d[6] = (uint8_t)(u->timeHiAndVersion >> 8);
	d[7] = (uint8_t)u->timeHiAndVersion;
	memcpy(d + 8, u->clockSeqAndNode, 8);
}

static uint32_t raw_open_session(struct tdev *d, const TEEC_UUID *uuid)
{
	struct raw_open o;
	struct tee_ioctl_buf_data data = {.buf_ptr = (uintptr_t)&o,
					  .buf_len = sizeof(o)};

	memset(&o, 0, sizeof(o));
	uuid_to_octets(o.arg.uuid, uuid);
	o.arg.clnt_login = TEE_IOCTL_LOGIN_PUBLIC;
	o.arg.num_params = 4;
	assert_int_equal(tdev_ioctl(d, TEE_IOC_OPEN_SESSION, &data), 0);
	assert_int_equal(o.arg.ret, TEEC_SUCCESS);
	return o.arg.session;
}

/* WAIT_CANCEL for @ms on @session; returns the TA's result. */
static uint32_t raw_wait_cancel(struct tdev *d, uint32_t session, uint32_t ms,
				uint32_t *masked_flag)
{
	struct raw_invoke in;
	struct tee_ioctl_buf_data data = {.buf_ptr = (uintptr_t)&in,
					  .buf_len = sizeof(in)};

	memset(&in, 0, sizeof(in));
	in.arg.func = TA_TEST_CMD_WAIT_CANCEL;
	in.arg.session = session;
	in.arg.num_params = 4;
	in.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	in.params[0].a = ms;
	in.params[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT;
	assert_int_equal(tdev_ioctl(d, TEE_IOC_INVOKE, &data), 0);
	*masked_flag = (uint32_t)in.params[1].a;
	return in.arg.ret;
}

static long raw_cancel(struct tdev *d, uint32_t session)
{
	struct tee_ioctl_cancel_arg c = {.cancel_id = 0, .session = session};

	return tdev_ioctl(d, TEE_IOC_CANCEL, &c);
}

/*
 * Cancelling when nothing is in flight does nothing (GP: a request for an
 * operation that is not running has no effect; seed optee_cancel_req on
 * an idle session, OP-TEE entry_cancel finding no call).
 *
 * Through libteec: NULL, an operation never used, and one whose call
 * returned; the next call on the same session, with the same operation,
 * then runs to its end (TEE_SUCCESS, not TEE_ERROR_CANCEL).
 *
 * Through tee.h: TEE_IOC_CANCEL on an idle session reaches the secure
 * world and must not be kept for the session's next call; on a session
 * the context does not have it is refused with EINVAL (seed).
 */
static void test_optee_cancel_req_nothing_in_flight(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	struct tdev *d;
	uint32_t origin, session, masked = 1;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);

	TEEC_RequestCancellation(NULL);
	memset(&op, 0, sizeof(op));
	TEEC_RequestCancellation(&op);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
		TEEC_SUCCESS);
	TEEC_RequestCancellation(&op);
	TEEC_RequestCancellation(&op);

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = 100;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_WAIT_CANCEL, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.a, 0);

	/* The same at the tee.h level, where the request reaches teed. */
	assert_int_equal(tdev_open("tee0", &d), 0);
	session = raw_open_session(d, &basic_uuid);
	assert_int_equal(raw_cancel(d, session), 0);
	assert_int_equal(raw_cancel(d, session), 0);
	assert_int_equal(raw_wait_cancel(d, session, 100, &masked),
			 TEEC_SUCCESS);
	assert_int_equal(masked, 0);
	assert_int_equal(raw_cancel(d, session + 1000), -EINVAL);
	tdev_close(d);

	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/**
 * struct spam - a session calling in a loop while its calls are cancelled
 * @s:		the session
 * @op:		the operation of the call in flight; cancelled by name
 * @stop:	set to end the loops
 * @calls:	calls made
 * @failures:	calls that did not return TEEC_SUCCESS
 */
struct spam {
	TEEC_Session *s;
	TEEC_Operation op;
	int stop;
	long calls;
	long failures;
};

/* VALUE_INC, again and again, on one operation. */
static void *spam_calls(void *p)
{
	struct spam *sp = p;
	uint32_t origin;

	while (!is_set(&sp->stop)) {
		sp->op.paramTypes = TEEC_PARAM_TYPES(
			TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
		if (TEEC_InvokeCommand(sp->s, TA_TEST_CMD_VALUE_INC, &sp->op,
				       &origin))
			sp->failures++;
		sp->calls++;
	}
	return NULL;
}

/* Cancels whatever call of @sp is in flight, again and again. */
static void *spam_cancels(void *p)
{
	struct spam *sp = p;

	while (!is_set(&sp->stop))
		TEEC_RequestCancellation(&sp->op);
	return NULL;
}

#define LEAK_ROUNDS 5000

/*
 * A cancel request is for one call of one session (seed
 * optee_cancel_req names the session; OP-TEE entry_cancel): it must not
 * be kept for another session's call.  Session A calls the TA in a loop
 * while another thread cancels A's call in flight, as fast as it can;
 * session B of another client, on the same single-instance TA, runs
 * WAIT_CANCEL (1 ms, one look at the flag once unmasked) again and again.
 * Nobody cancels B: every one of its calls must return TEE_SUCCESS.
 */
static void test_optee_cancel_req_not_kept_for_other_sessions(void **state)
{
	static TEEC_Context ctx_a, ctx_b;
	static TEEC_Session sa, sb;
	static struct spam sp;
	pthread_t caller, canceller;
	uint32_t origin;
	int cancelled = 0, other = 0;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx_a), TEEC_SUCCESS);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx_b), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx_a, &sa, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx_b, &sb, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	memset(&sp, 0, sizeof(sp));
	sp.s = &sa;
	assert_int_equal(pthread_create(&caller, NULL, spam_calls, &sp), 0);
	assert_int_equal(pthread_create(&canceller, NULL, spam_cancels, &sp),
			 0);
	for (int i = 0; i < LEAK_ROUNDS; i++) {
		TEEC_Value v = {.a = 1}, w = {0};
		TEEC_Result res;

		res = e2e_invoke_values(&sb, TA_TEST_CMD_WAIT_CANCEL,
					TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT, &v,
					&w, &origin);
		if (res == TEE_ERROR_CANCEL)
			cancelled++;
		else if (res != TEEC_SUCCESS)
			other++;
	}
	set_flag(&sp.stop);
	assert_true(e2e_join_within(caller, HANG_DEADLINE_S));
	assert_true(e2e_join_within(canceller, HANG_DEADLINE_S));
	fprintf(stderr, "A: %ld calls; B: %d of %d cancelled\n", sp.calls,
		cancelled, LEAK_ROUNDS);
	assert_int_equal(other, 0);
	assert_int_equal(sp.failures, 0);
	assert_int_equal(cancelled, 0);

	TEEC_CloseSession(&sa);
	e2e_close(&ctx_a, &sb);
	TEEC_FinalizeContext(&ctx_b);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* The supplicant queue                                                */
/* ------------------------------------------------------------------ */

/* Reads one byte from @fd, waiting at most OBSERVE_DEADLINE_MS. */
static int read_byte(int fd, char *c)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};

	if (poll(&p, 1, OBSERVE_DEADLINE_MS) != 1)
		return -ETIMEDOUT;
	return read(fd, c, 1) == 1 ? 0 : -EIO;
}

/*
 * tee-supplicant killed (SIGKILL) while a request is in flight (seed
 * optee_supp_release: "Abort all requests"): the supplicant is stopped
 * with SIGSTOP, a session is opened to a TA not loaded yet, so the secure
 * world asks for it (OPTEE_RPC_CMD_LOAD_TA) and the request waits in the
 * supplicant queue, then the supplicant is killed.  The open fails with
 * TEEC_ERROR_COMMUNICATION, origin TEE (the secure world reports the
 * failed load) instead of hanging, and a new supplicant makes the same
 * open work.
 *
 * Nothing outside teed shows when the request is queued, so the test
 * gives it 300 ms after the call started; were that not enough the
 * request would find no supplicant and fail after the 30 s absent wait
 * with the same result.  test_optee_supp_release_aborts_held_request
 * below pins the abort down without that uncertainty.
 */
static void test_optee_supp_release_supplicant_killed(void **state)
{
	static TEEC_Context ctx;
	TEEC_Session s;
	static struct e2e_call c;
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .supp_timeout_ms = 30000});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(kill(tb.supp, SIGSTOP), 0);
	open_async(&c, &ctx);
	wait_started(&c);
	harness_sleep_ms(300);
	assert_false(is_set(&c.done));
	harness_stop_supplicant(&tb, false);
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_int_equal(c.res, TEEC_ERROR_COMMUNICATION);
	assert_int_equal(c.origin, TEEC_ORIGIN_TEE);
	if (harness_log_contains(&tb, "teed.log", NO_SUPPLICANT))
		fprintf(stderr, "note: the request was not queued yet when "
				"the supplicant died\n");

	/* Supplicant restart: the same open works. */
	assert_int_equal(harness_start_supplicant(&tb), 0);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * A stand-in supplicant in a child process: attaches to teepriv0, says
 * 'a', takes one request with TEE_IOC_SUPPL_RECV (synchronous mode), says
 * 'r', and never answers.
 */
static void holding_supplicant(int fd)
{
	struct {
		struct tee_iocl_supp_recv_arg hdr;
		struct tee_ioctl_param params[5];
	} buf;
	struct tee_ioctl_buf_data data = {.buf_ptr = (uintptr_t)&buf,
					  .buf_len = sizeof(buf)};
	struct tdev *d = NULL;

	/* The old supplicant's release may still be under way: EBUSY. */
	for (int i = 0; i < 2000 && tdev_open("teepriv0", &d); i++)
		harness_sleep_ms(5);
	if (!d || write(fd, "a", 1) != 1)
		_exit(1);
	memset(&buf, 0, sizeof(buf));
	buf.hdr.num_params = 5;
	if (tdev_ioctl(d, TEE_IOC_SUPPL_RECV, &data) ||
	    buf.hdr.func != 0 /* OPTEE_RPC_CMD_LOAD_TA */ ||
	    write(fd, "r", 1) != 1)
		_exit(2);
	for (;;)
		pause();
}

/*
 * The same without guessing: a stand-in supplicant (a child process)
 * takes the LOAD_TA request with TEE_IOC_SUPPL_RECV and says so; only
 * then is it killed.  The request it held is aborted at once (seed
 * optee_supp_release), so the open fails with TEEC_ERROR_COMMUNICATION;
 * it did not end by the absent-supplicant timeout (30 s, which logs
 * NO_SUPPLICANT).  Then the real supplicant makes the same open work.
 */
static void test_optee_supp_release_aborts_held_request(void **state)
{
	static TEEC_Context ctx;
	TEEC_Session s;
	static struct e2e_call c;
	int pipefd[2];
	uint32_t origin;
	pid_t pid;
	char byte = 0;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .supp_timeout_ms = 30000});
	harness_stop_supplicant(&tb, true);
	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		holding_supplicant(pipefd[1]);
	assert_int_equal(read_byte(pipefd[0], &byte), 0);
	assert_int_equal(byte, 'a');

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_async(&c, &ctx);
	assert_int_equal(read_byte(pipefd[0], &byte), 0);
	assert_int_equal(byte, 'r');
	assert_false(is_set(&c.done));
	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_int_equal(c.res, TEEC_ERROR_COMMUNICATION);
	assert_int_equal(c.origin, TEEC_ORIGIN_TEE);
	assert_false(harness_log_contains(&tb, "teed.log", NO_SUPPLICANT));

	assert_int_equal(harness_start_supplicant(&tb), 0);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	close(pipefd[0]);
	close(pipefd[1]);
	harness_stop_ok(&tb);
}

#define ABSENT_CLIENTS 8

/*
 * Requests made while no supplicant is attached wait the bounded time
 * (--supplicant-timeout) and fail with TEEC_ERROR_COMMUNICATION (teebox's
 * refinement of seed optee_supp_thrd_req; docs/architecture.md): here 8
 * clients open sessions at once, more than the 4 secure threads, so some
 * wait in the call queue behind requests waiting for the supplicant.  All
 * fail, and teed stays healthy: once a supplicant comes the same
 * contexts open sessions and call them.
 */
static void test_optee_supp_thrd_req_absent_concurrent(void **state)
{
	static TEEC_Context ctx[ABSENT_CLIENTS];
	static struct e2e_call c[ABSENT_CLIENTS];
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supp_timeout_ms = 500});
	for (int i = 0; i < ABSENT_CLIENTS; i++)
		assert_int_equal(TEEC_InitializeContext(NULL, &ctx[i]),
				 TEEC_SUCCESS);
	for (int i = 0; i < ABSENT_CLIENTS; i++)
		open_async(&c[i], &ctx[i]);
	for (int i = 0; i < ABSENT_CLIENTS; i++) {
		e2e_call_join(&c[i], HANG_DEADLINE_S);
		assert_int_equal(c[i].res, TEEC_ERROR_COMMUNICATION);
		assert_int_equal(c[i].origin, TEEC_ORIGIN_TEE);
	}
	assert_true(harness_log_contains(&tb, "teed.log", NO_SUPPLICANT));

	assert_int_equal(harness_start_supplicant(&tb), 0);
	for (int i = 0; i < ABSENT_CLIENTS; i++) {
		TEEC_Session s;

		assert_int_equal(
			e2e_open_session(&ctx[i], &s, &basic_uuid, &origin),
			TEEC_SUCCESS);
		e2e_assert_serves(&s);
		TEEC_CloseSession(&s);
		TEEC_FinalizeContext(&ctx[i]);
	}
	harness_stop_ok(&tb);
}

/* The child: opens a session to a TA that needs loading, and waits. */
static void waiting_client(int fd)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx) || write(fd, "g", 1) != 1)
		_exit(1);
	e2e_open_session(&ctx, &s, &basic_uuid, &origin);
	_exit(0);
}

/*
 * Waits until the child's call is in teed, with one secure thread: probe
 * calls on @probe (a loaded TA, no supplicant needed) run one at a time;
 * as soon as a call gets ETHREAD_LIMIT while a probe runs (THREADS_BUSY
 * logged), the two calls met in teed, so the child's is there (either it
 * holds the thread or it waits for the probe's).  Returns the probe still
 * running, if any, in @c (c->thread valid when *@running).
 */
static void wait_client_in_teed(struct harness *h, TEEC_Session *probe,
				struct e2e_call *c, bool *running)
{
	*running = false;
	for (int tries = 0; tries < 5000; tries++) {
		int busy = harness_log_count(h, "teed.log", THREADS_BUSY);

		invoke_async(c, probe, TA_HELLO_WORLD_CMD_INC_VALUE,
			     TEEC_VALUE_INOUT, 1, TEEC_NONE);
		for (int ms = 0;
		     !is_set(&c->done) &&
		     harness_log_count(h, "teed.log", THREADS_BUSY) == busy;
		     ms++) {
			assert_true(ms < OBSERVE_DEADLINE_MS);
			harness_sleep_ms(1);
		}
		if (harness_log_count(h, "teed.log", THREADS_BUSY) > busy) {
			*running = true;
			return;
		}
		e2e_call_join(c, HANG_DEADLINE_S);
		assert_int_equal(c->res, TEEC_SUCCESS);
		harness_sleep_ms(5);
	}
	fail_msg("the child's call never reached teed");
}

/*
 * A client that dies while its request waits for an absent supplicant
 * (seed supp.c: the request gives up at once when its caller goes away).
 * With one secure thread, a child opens a session to a TA that is not
 * loaded and no supplicant is attached (absent wait 30 s): its call holds
 * the only secure thread while it waits.  Once its call is seen in teed
 * (wait_client_in_teed()) the child is killed.  The secure thread must be
 * freed at once: another client's calls on a loaded TA complete with no
 * supplicant, and the child's request did not end by the 30 s timeout
 * (which would log NO_SUPPLICANT).  A supplicant started afterwards
 * serves a new open.
 */
static void test_optee_supp_thrd_req_caller_gone(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session probe;
	static struct e2e_call c;
	TEEC_Session s;
	TEEC_Value v = {0};
	int pipefd[2];
	uint32_t origin;
	bool running;
	pid_t pid;
	char byte = 0;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .threads = 1,
						    .supp_timeout_ms = 30000,
						    .log_level = 7});
	e2e_open(&ctx, &probe, &hello_uuid, TEEC_LOGIN_PUBLIC, NULL);
	harness_stop_supplicant(&tb, true);

	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		waiting_client(pipefd[1]);
	assert_int_equal(read_byte(pipefd[0], &byte), 0);
	assert_int_equal(byte, 'g');
	wait_client_in_teed(&tb, &probe, &c, &running);
	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, NULL, 0), pid);

	/* The secure thread comes back with no supplicant. */
	if (running) {
		e2e_call_join(&c, HANG_DEADLINE_S);
		assert_int_equal(c.res, TEEC_SUCCESS);
	}
	v.a = 41;
	assert_int_equal(e2e_invoke_values(&probe, TA_HELLO_WORLD_CMD_INC_VALUE,
					   TEEC_VALUE_INOUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(v.a, 42);
	assert_false(harness_log_contains(&tb, "teed.log", NO_SUPPLICANT));

	assert_int_equal(harness_start_supplicant(&tb), 0);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	TEEC_CloseSession(&s);
	e2e_close(&ctx, &probe);
	close(pipefd[0]);
	close(pipefd[1]);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Shutdown                                                            */
/* ------------------------------------------------------------------ */

#define SHUTDOWN_CLIENTS 4

/*
 * SIGTERM to teed while several clients are inside SLEEP 500 ms calls
 * (seed optee_remove, after every client's release): teed exits 0, and
 * every call returns (it finished, or failed), none hangs; the clients
 * can close what they had afterwards.  The calls are in flight once
 * op.started is set; 100 ms more lets them reach teed, where they take
 * turns in the single-instance TA for 2 s in all.
 */
static void test_optee_remove_calls_in_flight(void **state)
{
	static TEEC_Context ctx[SHUTDOWN_CLIENTS];
	static TEEC_Session s[SHUTDOWN_CLIENTS];
	static struct e2e_call c[SHUTDOWN_CLIENTS];
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	for (int i = 0; i < SHUTDOWN_CLIENTS; i++) {
		assert_int_equal(TEEC_InitializeContext(NULL, &ctx[i]),
				 TEEC_SUCCESS);
		assert_int_equal(
			e2e_open_session(&ctx[i], &s[i], &basic_uuid, &origin),
			TEEC_SUCCESS);
	}
	for (int i = 0; i < SHUTDOWN_CLIENTS; i++)
		invoke_async(&c[i], &s[i], TA_TEST_CMD_SLEEP, TEEC_VALUE_INPUT,
			     500, TEEC_NONE);
	for (int i = 0; i < SHUTDOWN_CLIENTS; i++)
		wait_started(&c[i]);
	harness_sleep_ms(100);
	for (int i = 0; i < SHUTDOWN_CLIENTS; i++)
		assert_false(is_set(&c[i].done));

	harness_stop_ok(&tb);
	for (int i = 0; i < SHUTDOWN_CLIENTS; i++) {
		e2e_call_join(&c[i], HANG_DEADLINE_S);
		if (c[i].res != TEEC_SUCCESS)
			fprintf(stderr,
				"client %d: call failed: 0x%x origin %u\n", i,
				c[i].res, c[i].origin);
		TEEC_CloseSession(&s[i]);
		TEEC_FinalizeContext(&ctx[i]);
	}
}

/* Each test, with the teardown that stops a teebox left running. */
#define TEST(f) cmocka_unit_test_teardown(f, stop_leftover)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_optee_cq_64_clients_2_secure_threads),
		TEST(test_optee_notif_mutex_contention),
		TEST(test_optee_cancel_req_in_ta),
		TEST(test_optee_cancel_req_before_ta_entry_masked),
		TEST(test_optee_cancel_req_nothing_in_flight),
		TEST(test_optee_cancel_req_not_kept_for_other_sessions),
		TEST(test_optee_supp_release_supplicant_killed),
		TEST(test_optee_supp_release_aborts_held_request),
		TEST(test_optee_supp_thrd_req_absent_concurrent),
		TEST(test_optee_supp_thrd_req_caller_gone),
		TEST(test_optee_remove_calls_in_flight),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
