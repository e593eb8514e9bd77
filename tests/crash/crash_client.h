/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The crash harness's client: ta_test_storage (ta/tests/storage) driven
 * through libteec, one GP call per invoke, and the stored objects read
 * back into a crash_state.
 */
#ifndef TEEBOX_TESTS_CRASH_CLIENT_H
#define TEEBOX_TESTS_CRASH_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include <tee_client_api.h>

#include "crash_model.h"

/** struct crash_client - a session to ta_test_storage */
struct crash_client {
	TEEC_Context ctx;
	TEEC_Session s;
	bool has_ctx;
	bool has_session;
};

/**
 * enum crash_progress - how far an operation got
 * @CRASH_NOT_SENT:	the call that changes storage was not made
 * @CRASH_SENT:		it was made and did not return success
 * @CRASH_APPLIED:	it returned success: the change must be durable
 */
enum crash_progress {
	CRASH_NOT_SENT,
	CRASH_SENT,
	CRASH_APPLIED,
};

/**
 * crash_client_open() - a context and a session to ta_test_storage
 * @c:	the client
 * Return: TEEC_SUCCESS, or the failing call's result (@c then holds
 * what it got; crash_client_close() releases it).
 */
TEEC_Result crash_client_open(struct crash_client *c);

/** crash_client_close() - close what crash_client_open() opened. */
void crash_client_close(struct crash_client *c);

/**
 * crash_client_run() - make @op's GP calls: open, the change, close
 * @c:		the client
 * @op:		the operation
 * @progress:	set to how far it got
 * Return: TEEC_SUCCESS, or the first failing call's result.
 */
TEEC_Result crash_client_run(struct crash_client *c, const struct crash_op *op,
			     enum crash_progress *progress);

/**
 * crash_client_read_state() - every object as the TA finds it
 * @c:		the client
 * @s:		set to what is stored
 * @why:	on failure, what went wrong
 * @len:	@why's size
 * Return: TEEC_SUCCESS, or the first failing call's result (the
 * enumeration naming an id the model does not have, or missing one
 * that opens, is TEEC_ERROR_GENERIC).
 */
TEEC_Result crash_client_read_state(struct crash_client *c,
				    struct crash_state *s, char *why,
				    size_t len);

#endif
