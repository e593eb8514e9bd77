// SPDX-License-Identifier: BSD-2-Clause
/*
 * hello_world: a GlobalPlatform client application.  It opens a session
 * to the hello_world TA, asks it to increment a number and to say hello
 * into a buffer, and prints what came back.  Nothing here is specific to
 * teebox: the same source builds against OP-TEE's libteec.
 */
#include <stdio.h>
#include <string.h>

#include <tee_client_api.h>

#include "hello_world_ta.h"

static int fail(const char *what, TEEC_Result res, uint32_t origin)
{
	fprintf(stderr, "hello_world: %s failed: 0x%08x (origin %u)\n", what,
		res, origin);
	return 1;
}

static int increment(TEEC_Session *sess)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	op.params[0].value.a = 42;
	printf("Invoking TA to increment %u\n", op.params[0].value.a);
	res = TEEC_InvokeCommand(sess, TA_HELLO_WORLD_CMD_INC_VALUE, &op,
				 &origin);
	if (res != TEEC_SUCCESS)
		return fail("TEEC_InvokeCommand(INC_VALUE)", res, origin);
	printf("TA incremented value to %u\n", op.params[0].value.a);
	return 0;
}

static int say_hello(TEEC_Session *sess)
{
	char buf[64] = {0};
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	res = TEEC_InvokeCommand(sess, TA_HELLO_WORLD_CMD_GET_HELLO, &op,
				 &origin);
	if (res != TEEC_SUCCESS)
		return fail("TEEC_InvokeCommand(GET_HELLO)", res, origin);
	printf("TA says: \"%s\" (%zu bytes)\n", buf, op.params[0].tmpref.size);
	return 0;
}

int main(void)
{
	const TEEC_UUID uuid = TA_HELLO_WORLD_UUID;
	TEEC_Context ctx;
	TEEC_Session sess;
	uint32_t origin;
	TEEC_Result res;
	int rc;

	res = TEEC_InitializeContext(NULL, &ctx);
	if (res != TEEC_SUCCESS)
		return fail("TEEC_InitializeContext", res, TEEC_ORIGIN_API);
	res = TEEC_OpenSession(&ctx, &sess, &uuid, TEEC_LOGIN_PUBLIC, NULL,
			       NULL, &origin);
	if (res != TEEC_SUCCESS) {
		TEEC_FinalizeContext(&ctx);
		return fail("TEEC_OpenSession", res, origin);
	}
	printf("Opened a session to TA 8aaaf200-2450-11e4-abe2-0002a5d5c51b\n");
	rc = increment(&sess) || say_hello(&sess);
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
	return rc;
}
