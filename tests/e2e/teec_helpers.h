/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What many end-to-end tests do through libteec: open a context and a
 * session, invoke value commands, run a call on a thread of its own; and
 * the shell commands of the tests that build TAs.
 * Failures are cmocka assertions of the calling test.
 */
#ifndef TEEBOX_TESTS_TEEC_HELPERS_H
#define TEEBOX_TESTS_TEEC_HELPERS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <tee_client_api.h>

/**
 * e2e_open_session() - TEEC_OpenSession() to @uuid with TEEC_LOGIN_PUBLIC
 * and no operation.
 * Return: its result; the caller checks it.
 */
TEEC_Result e2e_open_session(TEEC_Context *ctx, TEEC_Session *s,
			     const TEEC_UUID *uuid, uint32_t *origin);

/**
 * e2e_open() - initialize @ctx and open @s in it to @uuid with @login
 * (@data: the login's connection data); both must succeed.
 * Return: the
 * origin the open reported.
 */
uint32_t e2e_open(TEEC_Context *ctx, TEEC_Session *s, const TEEC_UUID *uuid,
		  uint32_t login, const void *data);

/** e2e_close() - close @s, then finalize @ctx: e2e_open() undone. */
void e2e_close(TEEC_Context *ctx, TEEC_Session *s);

/**
 * e2e_invoke_values() - invoke @cmd with value params [0] of type @t0 and
 * [1] of type @t1, in from and out into *@v0 and *@v1 (either may be
 * NULL).
 * Return: the result; the caller checks it.
 */
TEEC_Result e2e_invoke_values(TEEC_Session *s, uint32_t cmd, uint32_t t0,
			      uint32_t t1, TEEC_Value *v0, TEEC_Value *v1,
			      uint32_t *origin);

/**
 * e2e_invoke_value() - invoke @cmd with [0] VALUE_OUTPUT, which must
 * succeed.
 * Return: the a the TA wrote (ta_test_basic's TA_TEST_CMD_PID:
 * the pid of its process).
 */
uint32_t e2e_invoke_value(TEEC_Session *s, uint32_t cmd);

/**
 * e2e_assert_inc() - @cmd with [0] VALUE_INOUT a = 41 must succeed and
 * give a = 42: hello_world's TA_HELLO_WORLD_CMD_INC_VALUE and
 * ta_test_basic's TA_TEST_CMD_VALUE_INC.
 */
void e2e_assert_inc(TEEC_Session *s, uint32_t cmd);

struct harness_opts;

/**
 * e2e_expect_open() - start teebox with @o, open a session to @uuid and
 * expect @expected, then stop teebox: on success, when @inc, a
 * ta_test_basic TA_TEST_CMD_VALUE_INC call must succeed (e2e_assert_inc());
 * on failure the origin must be the TEE and teed.log must contain @log.
 * What the loader's tests (signing, subkeys, encryption, versions) do.
 */
void e2e_expect_open(const struct harness_opts *o, const TEEC_UUID *uuid,
		     bool inc, TEEC_Result expected, const char *log);

/**
 * e2e_assert_serves() - a value round trip on ta_test_basic that must
 * succeed, (7, 9) in and (8, 11) out: the TEE serves @s.
 */
void e2e_assert_serves(TEEC_Session *s);

/**
 * struct e2e_call - a TEEC call run on a thread of its own
 * @s:		the session to invoke (invoke calls)
 * @cmd:	the command (invoke calls)
 * @ctx:	the context to open a session in (open calls)
 * @uuid:	the TA to open it to, with TEEC_LOGIN_PUBLIC (open calls)
 * @op:		its operation: TEEC_RequestCancellation() names it
 * @session:	the session opened (open calls)
 * @res:	the result, once @done
 * @origin:	the origin, once @done
 * @done:	set when the call returned
 * @thread:	the thread
 *
 * A test keeps it static: the thread may return after its test failed.
 */
struct e2e_call {
	TEEC_Session *s;
	uint32_t cmd;
	TEEC_Context *ctx;
	const TEEC_UUID *uuid;
	TEEC_Operation op;
	TEEC_Session session;
	TEEC_Result res;
	uint32_t origin;
	int done;
	pthread_t thread;
};

/**
 * e2e_call_start() - start the call @c describes on its thread: an open
 * of @c->uuid when @c->ctx is set, else @c->cmd on @c->s, with @c->op.
 */
void e2e_call_start(struct e2e_call *c);

/** e2e_call_done() - true once @c's call has returned. */
bool e2e_call_done(struct e2e_call *c);

/** e2e_op_started() - true once libteec has @op on its way (GP started). */
bool e2e_op_started(TEEC_Operation *op);

/**
 * e2e_join_within() - join @t, giving up (false) after @seconds: a hang
 * becomes a failure.
 */
bool e2e_join_within(pthread_t t, int seconds);

/** e2e_call_join() - @c's thread must end within @seconds. */
void e2e_call_join(struct e2e_call *c, int seconds);

/**
 * e2e_sh() - run a shell command a test drives (a TA build with the dev
 * kit), echoed to the test's output; it must succeed
 */
void e2e_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** e2e_exists() - whether file @name is in directory @dir */
bool e2e_exists(const char *dir, const char *name);

#endif
