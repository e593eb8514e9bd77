// SPDX-License-Identifier: BSD-2-Clause
/*
 * optee_example_gcm_seal: seals a secret with the gcm_seal TA, unseals
 * it, then changes one byte of the sealed blob (in the ciphertext, then
 * in the tag) and shows that it no longer unseals:
 * TEE_ERROR_MAC_INVALID from the TA.  Exits 0 when all of that holds.
 */
#include <stdio.h>
#include <string.h>

#include <tee_client_api.h>

#include <gcm_seal_ta.h>

static const char secret[] = "the launch code is 0000";

static TEEC_Result call(TEEC_Session *sess, uint32_t cmd, const void *in,
			size_t in_len, void *out, size_t *out_len,
			uint32_t *origin)
{
	TEEC_Operation op;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = (void *)in;
	op.params[0].tmpref.size = in_len;
	op.params[1].tmpref.buffer = out;
	op.params[1].tmpref.size = *out_len;
	res = TEEC_InvokeCommand(sess, cmd, &op, origin);
	*out_len = op.params[1].tmpref.size;
	return res;
}

/* Unseals @blob with byte @at flipped: must fail with MAC_INVALID. */
static int tampered(TEEC_Session *sess, unsigned char *blob, size_t len,
		    size_t at, const char *where)
{
	unsigned char out[sizeof(secret)];
	size_t out_len = sizeof(out);
	uint32_t origin;
	TEEC_Result res;

	blob[at] ^= 0x01;
	res = call(sess, TA_GCM_SEAL_CMD_UNSEAL, blob, len, out, &out_len,
		   &origin);
	blob[at] ^= 0x01;
	printf("unsealing with a byte of the %s changed: 0x%08x, origin %u "
	       "(%s)\n",
	       where, res, origin,
	       res == TEE_ERROR_MAC_INVALID ? "TEE_ERROR_MAC_INVALID"
					    : "UNEXPECTED");
	return res == TEE_ERROR_MAC_INVALID && origin == TEEC_ORIGIN_TRUSTED_APP
		       ? 0
		       : -1;
}

static int run(TEEC_Session *sess)
{
	unsigned char blob[sizeof(secret) + GCM_SEAL_OVERHEAD];
	unsigned char out[sizeof(secret)];
	size_t blob_len = sizeof(blob), out_len = sizeof(out);
	uint32_t origin;
	TEEC_Result res;

	res = call(sess, TA_GCM_SEAL_CMD_SEAL, secret, sizeof(secret), blob,
		   &blob_len, &origin);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "seal: 0x%08x (origin %u)\n", res, origin);
		return -1;
	}
	printf("sealed %zu bytes into a %zu-byte blob\n", sizeof(secret),
	       blob_len);
	res = call(sess, TA_GCM_SEAL_CMD_UNSEAL, blob, blob_len, out, &out_len,
		   &origin);
	if (res != TEEC_SUCCESS || out_len != sizeof(secret) ||
	    memcmp(out, secret, sizeof(secret))) {
		fprintf(stderr, "unseal: 0x%08x (origin %u)\n", res, origin);
		return -1;
	}
	printf("unsealed: \"%s\"\n", (const char *)out);
	if (tampered(sess, blob, blob_len, blob_len - 1, "ciphertext") ||
	    tampered(sess, blob, blob_len, 1 + GCM_SEAL_NONCE_LEN, "tag"))
		return -1;
	return 0;
}

int main(void)
{
	const TEEC_UUID uuid = TA_GCM_SEAL_UUID;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Result res;
	uint32_t origin;
	int ret;

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
		TEEC_FinalizeContext(&ctx);
		return 1;
	}
	ret = run(&sess);
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
	return ret ? 1 : 0;
}
