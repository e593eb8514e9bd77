// SPDX-License-Identifier: BSD-2-Clause
/*
 * optee_example_random: asks the random TA for 16 random bytes, twice,
 * and prints them as UUIDs.  Exits 1 if a call fails or the two draws
 * are equal (a generator that repeats itself is broken).
 */
#include <stdio.h>
#include <string.h>

#include <tee_client_api.h>

#include <random_ta.h>

static void print_uuid(const unsigned char *b)
{
	for (int i = 0; i < 16; i++)
		printf("%02x%s", b[i],
		       i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
	printf("\n");
}

static TEEC_Result draw(TEEC_Session *sess, unsigned char *buf, size_t len)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = len;
	res = TEEC_InvokeCommand(sess, TA_RANDOM_CMD_GENERATE, &op, &origin);
	if (res != TEEC_SUCCESS)
		fprintf(stderr, "TEEC_InvokeCommand: 0x%08x (origin %u)\n", res,
			origin);
	return res;
}

int main(void)
{
	const TEEC_UUID uuid = TA_RANDOM_UUID;
	unsigned char a[16], b[16];
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Result res;
	uint32_t origin;
	int ret = 1;

	res = TEEC_InitializeContext(NULL, &ctx);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "TEEC_InitializeContext: 0x%08x\n", res);
		return 1;
	}
	res = TEEC_OpenSession(&ctx, &sess, &uuid, TEEC_LOGIN_PUBLIC, NULL,
			       NULL, &origin);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "TEEC_OpenSession: 0x%08x (origin %u)\n", res,
			origin);
		goto out_ctx;
	}
	printf("Invoking TA to generate random UUID...\n");
	if (draw(&sess, a, sizeof(a)) || draw(&sess, b, sizeof(b)))
		goto out_sess;
	printf("TA generated UUID value = ");
	print_uuid(a);
	printf("and again             = ");
	print_uuid(b);
	if (!memcmp(a, b, sizeof(a))) {
		fprintf(stderr, "the two draws are equal\n");
		goto out_sess;
	}
	ret = 0;
out_sess:
	TEEC_CloseSession(&sess);
out_ctx:
	TEEC_FinalizeContext(&ctx);
	return ret;
}
