// SPDX-License-Identifier: BSD-2-Clause
/*
 * How long a call lives, end to end (docs/security.md, "Calls hold their
 * sessions" and "Stuck calls"):
 *
 *  - a call holds its session from the driver's check to its end: one
 *    queued for a secure thread (ETHREAD_LIMIT) while its client closes
 *    the session fails as OP-TEE fails a call in a session it does not
 *    know, and never runs in a session opened meanwhile by another
 *    process (session ids are given out again);
 *  - calls whose clients died are cancelled, and ended by force (their TA
 *    instance killed) when the cancel does not end them: the TEE serves
 *    again, and teectl reports it busy meanwhile instead of hanging.
 *
 * No test asserts a duration: points are observed (teed's log, the TA's
 * context switches), deadlines only turn a hang into a failure.
 */
#include <dirent.h>
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
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/examples/hello_world/ta/include/hello_world_ta.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define TEE_TIMEOUT_INFINITE  0xFFFFFFFFU
#define TEE_ERROR_TARGET_DEAD 0xFFFF3024

/* Deadlines that turn a hang into a failure; never a timing assertion. */
#define HANG_DEADLINE_S	    60
#define OBSERVE_DEADLINE_MS 30000

/* The line teed logs at level 7 when a call gets ETHREAD_LIMIT. */
#define THREADS_BUSY "all secure threads busy"

#define OUT_MAX 16384

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID hello_uuid = TA_HELLO_WORLD_UUID;

/* The running teebox; see test_optee_semantics.c for why it is static. */
static struct harness tb;

static int stop_leftover(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	return 0;
}

/* Lines of DIR/teed.log containing @s. */
static int log_count(const char *s)
{
	return harness_log_count(&tb, "teed.log", s);
}

/* Waits until teed logged @s at least @n times. */
static void wait_log_count(const char *s, int n)
{
	for (int ms = 0; log_count(s) < n; ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
}

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

static void wait_started(struct e2e_call *c)
{
	for (int ms = 0; !e2e_op_started(&c->op); ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
}

/*
 * Waits until TA process @pid runs WAIT_CANCEL's loop, which sleeps 1 ms
 * at a time: 50 switches more than @base (test_optee_semantics.c).
 */
static void ta_busy_since(pid_t pid, long base)
{
	for (int ms = 0; harness_voluntary_switches(pid) < base + 50; ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
}

/**
 * struct closer - TEEC_CloseSession() on a thread of its own
 * @s:		the session
 * @done:	set when the close returned
 * @thread:	the thread
 */
struct closer {
	TEEC_Session *s;
	int done;
	pthread_t thread;
};

static void *close_thread(void *arg)
{
	struct closer *c = arg;

	TEEC_CloseSession(c->s);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * Another process opens a session to hello_world and increments 41 in
 * it; exits 0 when it got 42.
 */
static void other_client(void)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Value v = {.a = 41};
	uint32_t origin;
	int ok;

	if (TEEC_InitializeContext(NULL, &ctx))
		_exit(2);
	if (e2e_open_session(&ctx, &s, &hello_uuid, &origin))
		_exit(3);
	ok = !e2e_invoke_values(&s, TA_HELLO_WORLD_CMD_INC_VALUE,
				TEEC_VALUE_INOUT, TEEC_NONE, &v, NULL,
				&origin) &&
	     v.a == 42;
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	_exit(ok ? 0 : 4);
}

/*
 * A call holds its session (issue 9 item 2; seed call.c
 * optee_invoke_func checks the session, then waits in the call queue).
 * With one secure thread held by WAIT_CANCEL, an INVOKE in session S
 * queues (ETHREAD_LIMIT); S is closed from another thread, and another
 * process opens a session, which the trusted OS could number as S was.
 * When the thread comes free the queued INVOKE must not run: it fails
 * with TEEC_ERROR_BAD_PARAMETERS from the TEE, what OP-TEE answers for a
 * session it does not know, and its value is untouched.  The other
 * process's session works.
 */
static void test_invoke_queued_behind_close_fails_bad_parameters(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session w, s;
	static struct e2e_call hold, c;
	static struct closer closer;
	uint32_t origin;
	int busy, status;
	pid_t pid, other;
	long base;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .threads = 1,
						    .log_level = 7});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx, &w, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx, &s, &hello_uuid, &origin),
			 TEEC_SUCCESS);
	pid = (pid_t)e2e_invoke_value(&w, TA_TEST_CMD_PID);
	base = harness_voluntary_switches(pid);
	assert_true(base >= 0);

	/* The only secure thread is taken... */
	invoke_async(&hold, &w, TA_TEST_CMD_WAIT_CANCEL, TEEC_VALUE_INPUT,
		     600000, TEEC_VALUE_OUTPUT);
	wait_started(&hold);
	ta_busy_since(pid, base);
	/* ...so the INVOKE in S waits in the call queue. */
	busy = log_count(THREADS_BUSY);
	invoke_async(&c, &s, TA_HELLO_WORLD_CMD_INC_VALUE, TEEC_VALUE_INOUT, 41,
		     TEEC_NONE);
	wait_log_count(THREADS_BUSY, busy + 1);

	/* Its client closes S meanwhile (a close may wait for a thread). */
	busy = log_count(THREADS_BUSY);
	closer.s = &s;
	assert_int_equal(
		pthread_create(&closer.thread, NULL, close_thread, &closer), 0);
	for (int ms = 0; !__atomic_load_n(&closer.done, __ATOMIC_ACQUIRE) &&
			 log_count(THREADS_BUSY) == busy;
	     ms++) {
		assert_true(ms < OBSERVE_DEADLINE_MS);
		harness_sleep_ms(1);
	}

	/* Another process asks for a session: it waits for the thread. */
	busy = log_count(THREADS_BUSY);
	other = fork();
	assert_true(other >= 0);
	if (!other)
		other_client();
	wait_log_count(THREADS_BUSY, busy + 1);

	/* The thread comes free. */
	TEEC_RequestCancellation(&hold.op);
	e2e_call_join(&hold, HANG_DEADLINE_S);
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_true(e2e_join_within(closer.thread, HANG_DEADLINE_S));
	assert_int_equal(waitpid(other, &status, 0), other);

	assert_int_equal(c.res, TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(c.origin, TEEC_ORIGIN_TEE);
	assert_int_equal(c.op.params[0].value.a, 41);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);

	TEEC_CloseSession(&w);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&tb);
}

/* Runs teectl with @args; its stdout in @out, returns its exit status. */
static int teectl(const char *args, char *out)
{
	char cmd[PATH_MAX * 2];
	size_t n = 0;
	FILE *f;
	int st;

	snprintf(cmd, sizeof(cmd), "%s --runtime-dir %s %s", TEEBOX_TEECTL_BIN,
		 tb.dir, args);
	f = popen(cmd, "r");
	assert_non_null(f);
	while (n < OUT_MAX - 1) {
		size_t r = fread(out + n, 1, OUT_MAX - 1 - n, f);

		if (!r)
			break;
		n += r;
	}
	out[n] = '\0';
	st = pclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#define STUCK_CLIENTS 8

/*
 * Client @i of the stuck-calls test: opens a session to ta_test_basic,
 * says so on @fd, waits for a byte on @go (ta_test_basic is a single
 * instance: an open would wait behind a stuck call) and makes a call that
 * never returns: TEE_Wait(INFINITE) (cancellable for even i, masked for
 * odd i) for i < 4, else a spin.
 */
static void stuck_client(int i, int fd, int go)
{
	char byte;

	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op = {0};
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx) ||
	    e2e_open_session(&ctx, &s, &basic_uuid, &origin))
		_exit(2);
	if (write(fd, "g", 1) != 1 || read(go, &byte, 1) != 1)
		_exit(3);
	if (i < STUCK_CLIENTS / 2) {
		op.paramTypes =
			TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
		op.params[0].value.a = TEE_TIMEOUT_INFINITE;
		op.params[0].value.b = !(i & 1);
		TEEC_InvokeCommand(&s, TA_TEST_CMD_TEE_WAIT, &op, &origin);
	} else {
		op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE,
						 TEEC_NONE, TEEC_NONE);
		op.params[0].value.a = 3600 * 1000;
		TEEC_InvokeCommand(&s, TA_TEST_CMD_BUSY, &op, &origin);
	}
	_exit(4); /* never: the call does not return */
}

/*
 * Stuck calls do not wedge the TEE (issue 9 item 7).  Eight clients make
 * calls that never return (TEE_Wait(TEE_TIMEOUT_INFINITE), cancellable
 * or masked, and spins) on four secure threads: every thread is held and
 * teectl tas reports the TEE busy instead of hanging.  All eight are
 * killed (-9): their calls are cancelled, the ones a cancel does not end
 * have their TA instance killed after teed's bound (--stuck-call-ms, 2 s
 * here), and the TEE serves a new client again; teectl tas answers.  An
 * open that joins ta_test_basic's single instance while it is being
 * killed fails with TEE_ERROR_TARGET_DEAD: it is tried again.
 */
static void test_stuck_calls_of_dead_clients_free_secure_threads(void **state)
{
	static TEEC_Context ctx;
	static TEEC_Session s;
	static struct e2e_call open;
	static const char *const args[] = {"--stuck-call-ms", "2000", NULL};
	static char out[OUT_MAX];
	pid_t pids[STUCK_CLIENTS];
	int pipefd[2], go[2];
	char byte;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true,
						    .threads = 4,
						    .log_level = 7,
						    .teed_args = args});
	assert_int_equal(pipe(pipefd), 0);
	assert_int_equal(pipe(go), 0);
	for (int i = 0; i < STUCK_CLIENTS; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (!pids[i])
			stuck_client(i, pipefd[1], go[0]);
		assert_int_equal(read(pipefd[0], &byte, 1), 1);
	}
	for (int i = 0; i < STUCK_CLIENTS; i++)
		assert_int_equal(write(go[1], "g", 1), 1);
	/* More calls than threads: one waits for a thread, all are held. */
	wait_log_count(THREADS_BUSY, 1);
	assert_int_equal(teectl("--timeout 1 tas", out), 1);
	assert_non_null(strstr(out, "busy"));

	for (int i = 0; i < STUCK_CLIENTS; i++) {
		kill(pids[i], SIGKILL);
		assert_int_equal(waitpid(pids[i], NULL, 0), pids[i]);
	}

	/*
	 * A new client is served: the open must not hang.  The open, or the
	 * first call after it, may still meet the old instance as it is
	 * killed (TEE_ERROR_TARGET_DEAD): then it starts over.
	 */
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	for (int tries = 0;; tries++) {
		TEEC_Value v = {.a = 7, .b = 9};
		uint32_t origin;

		assert_true(tries < 8);
		memset(&open, 0, sizeof(open));
		open.ctx = &ctx;
		open.uuid = &basic_uuid;
		open.op.paramTypes = TEEC_PARAM_TYPES(TEEC_NONE, TEEC_NONE,
						      TEEC_NONE, TEEC_NONE);
		e2e_call_start(&open);
		e2e_call_join(&open, HANG_DEADLINE_S);
		if (open.res == TEE_ERROR_TARGET_DEAD)
			continue;
		assert_int_equal(open.res, TEEC_SUCCESS);
		s = open.session;
		if (e2e_invoke_values(&s, TA_TEST_CMD_VALUE_INC,
				      TEEC_VALUE_INOUT, TEEC_NONE, &v, NULL,
				      &origin) != TEE_ERROR_TARGET_DEAD)
			break;
		TEEC_CloseSession(&s);
	}
	e2e_assert_serves(&s);
	assert_int_equal(teectl("--timeout 30 tas", out), 0);
	assert_non_null(strstr(out, "TA instances in the secure world"));
	assert_null(strstr(out, "busy"));
	/*
	 * The new client may have got the instance before a dead client's
	 * masked wait or spin that still waited for it: that call runs
	 * after, and is killed teed's bound later.
	 */
	wait_log_count("did not end when cancelled: killed", 1);

	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	close(pipefd[0]);
	close(pipefd[1]);
	close(go[0]);
	close(go[1]);
	harness_stop_ok(&tb);
}

#define TEST(f) cmocka_unit_test_teardown(f, stop_leftover)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_invoke_queued_behind_close_fails_bad_parameters),
		TEST(test_stuck_calls_of_dead_clients_free_secure_threads),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
