// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP Internal Core API 1.1 compatibility as OP-TEE offers it
 * (lib/libutee/include/tee_api_compat.h, user_ta_entry_compat.c,
 * ta/user_ta_header.c; ABI-FACTS-INTERNAL §1.9): ta_test_gp11, a TA
 * written for 1.1 and built with __OPTEE_CORE_API_COMPAT_1_1, runs every
 * __GP11_ twin of libutee.  Checked here: memref sizes through the 1.1
 * TEE_Param both ways, the 1.1 TEE_ObjectInfo, results against libcrypto,
 * and each rule the twins keep from 1.1; the panics end the TA instance,
 * which the client sees as TEEC_ERROR_TARGET_DEAD.
 *
 * One teebox (with tee-supplicant, for the storage twins) serves every
 * test; each opens sessions of its own (TA_FLAGS 0: an instance each).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/gp11/ta_gp11_cmds.h"

/* GP values (tee_api_defines.h), spelt out: a client sees numbers. */
#define TEE_TYPE_AES		    0xA0000010
#define TEE_TYPE_DATA		    0xA00000BF
#define TEE_HANDLE_FLAG_INITIALIZED 0x00020000
#define TEE_OPERATION_STATE_ACTIVE  1
#define TEE_ERROR_SECURITY	    0xFFFF000F

static const TEEC_UUID gp11_uuid = TA_TEST_GP11_UUID;

static struct harness tb;
static bool tb_running;

static int setup(void **state)
{
	struct harness_opts o = {.supplicant = true};

	(void)state;
	if (harness_start(&tb, &o))
		return -1;
	tb_running = true;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (!tb_running)
		return 0;
	tb_running = false;
	return harness_stop(&tb) ? -1 : 0;
}

/* Invoke @cmd on a session of its own; the caller gave @op's params. */
static TEEC_Result call(uint32_t cmd, TEEC_Operation *op)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Result res;
	uint32_t origin;

	e2e_open(&ctx, &s, &gp11_uuid, TEEC_LOGIN_PUBLIC, NULL);
	op->started = 0;
	res = TEEC_InvokeCommand(&s, cmd, op, &origin);
	if (res == TEEC_ERROR_TARGET_DEAD)
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
	e2e_close(&ctx, &s);
	return res;
}

/* A command without parameters. */
static TEEC_Result call0(uint32_t cmd)
{
	TEEC_Operation op = {0};

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_NONE, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	return call(cmd, &op);
}

/*
 * The entry points: user_ta_header.c's TA_OpenSessionEntryPoint and
 * TA_InvokeCommandEntryPoint hand the TA __GP11_TEE_Param (8 + 4 bytes
 * of a 16-byte union on LP64) and copy what it wrote back, new memref
 * size included (OP-TEE's from_gp11_param()).
 */
static void test_entry_point_params(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op = {0};
	uint8_t buf[100];
	uint32_t origin;

	(void)state;
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	op.params[0].value.a = 41;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &gp11_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, &op,
					  &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 42);
	assert_int_equal(op.params[0].value.b, sizeof(void *) == 8 ? 16 : 8);

	memset(buf, 0, sizeof(buf));
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INOUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_INOUT, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	op.params[2].value.a = 7;
	assert_int_equal(TEEC_InvokeCommand(&s, GP11_CMD_PARAMS, &op, &origin),
			 TEEC_SUCCESS);
	/* The TA saw the size as its 32-bit memref.size... */
	assert_int_equal(op.params[1].value.a, sizeof(buf));
	assert_int_equal(op.params[1].value.b, sizeof(void *) == 8 ? 16 : 8);
	/* ...and the size it set came back to the client. */
	assert_int_equal(op.params[0].tmpref.size, sizeof(buf) / 2);
	assert_int_equal(buf[0], 0xA5);
	assert_int_equal(buf[sizeof(buf) / 2 - 1], 0xA5);
	assert_int_equal(op.params[2].value.a, 8);
	e2e_close(&ctx, &s);
}

static void test_memory_and_properties(void **state)
{
	TEEC_Operation op = {0};
	char name[64] = {0};

	(void)state;
	assert_int_equal(call0(GP11_CMD_MEMORY), TEEC_SUCCESS);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = name;
	op.params[0].tmpref.size = sizeof(name);
	assert_int_equal(call(GP11_CMD_PROPERTY, &op), TEEC_SUCCESS);
	/* The TA's first property (user_ta_header.c's order), NUL counted. */
	assert_string_equal(name, "gpd.ta.singleInstance");
	assert_int_equal(op.params[0].tmpref.size,
			 sizeof("gpd.ta.singleInstance"));
}

/* GP 1.1's TEE_ObjectInfo: keySize and maxKeySize, 7 u32, 28 bytes. */
static void test_objects(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT);
	assert_int_equal(call(GP11_CMD_OBJECTS, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 128);
	assert_int_equal(op.params[0].value.b, 128);
	assert_int_equal(op.params[1].value.a, TEE_TYPE_AES);
	assert_int_equal(op.params[1].value.b, TEE_HANDLE_FLAG_INITIALIZED);
	assert_int_equal(op.params[2].value.a, 28);
	assert_int_equal(op.params[2].value.b, 0);
	assert_int_equal(op.params[3].value.a, sizeof(void *) == 8 ? 24 : 12);
	assert_int_equal(op.params[3].value.b, 16);
}

/*
 * __GP11_TEE_AllocateTransientObject(TEE_TYPE_DATA, 0) succeeds (1.3.1:
 * TEE_ERROR_NOT_SUPPORTED); with a size it is NOT_SUPPORTED, as OP-TEE's
 * tee_obj_set_type() answers.  Such an object takes no attributes:
 * populating it panics.
 */
static void test_data_object(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(call(GP11_CMD_DATA_OBJECT, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.b, TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(op.params[1].value.a, TEE_TYPE_DATA);
	assert_int_equal(op.params[1].value.b, 0);
	assert_int_equal(call0(GP11_CMD_DATA_POPULATE_PANIC),
			 TEEC_ERROR_TARGET_DEAD);
}

/* Every storage twin, a negative int32_t seek offset among them. */
static void test_storage(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(call(GP11_CMD_STORAGE, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 10); /* "0123" + "456789" */
	assert_int_equal(op.params[0].value.b, 7);  /* END - 3 */
	assert_int_equal(op.params[1].value.a, 3);
	assert_int_equal(op.params[1].value.b, strlen("gp11-renamed"));
}

static void test_digest(void **state)
{
	static const char msg[] = "The GP 1.1 digest twins, in two parts";
	uint8_t md[64], want[32];
	TEEC_Operation op = {0};
	unsigned int wl = 0;

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 TEEC_MEMREF_TEMP_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = (void *)msg;
	op.params[0].tmpref.size = strlen(msg);
	op.params[1].tmpref.buffer = md;
	op.params[1].tmpref.size = sizeof(md);
	assert_int_equal(call(GP11_CMD_DIGEST, &op), TEEC_SUCCESS);
	/* A 16-byte buffer: SHORT_BUFFER and the 32 needed, in a u32. */
	assert_int_equal(op.params[2].value.a, TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(op.params[2].value.b, 32);
	assert_int_equal(op.params[1].tmpref.size, 32);
	assert_int_equal(
		EVP_Digest(msg, strlen(msg), want, &wl, EVP_sha256(), NULL), 1);
	assert_memory_equal(md, want, 32);
}

static void test_cipher_and_mac(void **state)
{
	uint8_t in[32 + 64], out[64], want[64 + 16], mac[32], wmac[32];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	TEEC_Operation op = {0};
	unsigned int ml = 0;
	int n = 0, m = 0;

	(void)state;
	for (unsigned int i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 1);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = in;
	op.params[0].tmpref.size = sizeof(in);
	op.params[1].tmpref.buffer = out;
	op.params[1].tmpref.size = sizeof(out);
	assert_int_equal(call(GP11_CMD_CIPHER, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[1].tmpref.size, 64);
	assert_non_null(c);
	assert_int_equal(
		EVP_EncryptInit_ex(c, EVP_aes_128_cbc(), NULL, in, in + 16), 1);
	EVP_CIPHER_CTX_set_padding(c, 0);
	assert_int_equal(EVP_EncryptUpdate(c, want, &n, in + 32, 64), 1);
	assert_int_equal(EVP_EncryptFinal_ex(c, want + n, &m), 1);
	assert_int_equal(n + m, 64);
	assert_memory_equal(out, want, 64);
	EVP_CIPHER_CTX_free(c);

	op.params[1].tmpref.buffer = mac;
	op.params[1].tmpref.size = sizeof(mac);
	assert_int_equal(call(GP11_CMD_MAC, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[1].tmpref.size, 32);
	assert_non_null(HMAC(EVP_sha256(), in, 32, in + 32, sizeof(in) - 32,
			     wmac, &ml));
	assert_memory_equal(mac, wmac, 32);
}

/*
 * __GP11_TEE_AEUpdateAAD leaves the operation ACTIVE and takes more AAD
 * there (1.3.1: the state stays INITIAL, and AAD in another state
 * panics); the round trip still holds.
 */
static void test_ae(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(call(GP11_CMD_AE, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, TEE_OPERATION_STATE_ACTIVE);
	assert_int_equal(op.params[0].value.b, 16);
}

/* RSA with 1.1 attributes and sizes, ECDH, random, arithmetic. */
static void test_asym_derive_arith(void **state)
{
	(void)state;
	assert_int_equal(call0(GP11_CMD_ASYM), TEEC_SUCCESS);
	assert_int_equal(call0(GP11_CMD_DERIVE), TEEC_SUCCESS);
	assert_int_equal(call0(GP11_CMD_ARITH), TEEC_SUCCESS);
}

/*
 * The operation rules GP 1.1 had (OP-TEE's __GP11_ twins in
 * lib/libutee/tee_api_operations.c): SetOperationKey needs the INITIAL
 * state, not an uninitialised operation; SetOperationKey2 takes the same
 * key twice (1.3.1: TEE_ERROR_SECURITY); FreeOperation(TEE_HANDLE_NULL)
 * panics (1.3.1: nothing).
 */
static void test_operation_rules(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	assert_int_equal(call0(GP11_CMD_SET_KEY_INIT), TEEC_SUCCESS);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TEE_ERROR_SECURITY;
	assert_int_equal(call(GP11_CMD_SET_KEY2_SAME, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, TEEC_SUCCESS);
	assert_int_equal(call0(GP11_CMD_SET_KEY_ACTIVE_PANIC),
			 TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(call0(GP11_CMD_FREE_NULL_PANIC),
			 TEEC_ERROR_TARGET_DEAD);
	/* The TEE goes on serving the TA. */
	assert_int_equal(call0(GP11_CMD_MEMORY), TEEC_SUCCESS);
}

/*
 * The Internal Client API twins (OP-TEE's __GP11_TEE_OpenTASession and
 * __GP11_TEE_InvokeTACommand, lib/libutee/tee_api.c): the 1.1 TA opens a
 * session to ta_test_ta2ta_multi and runs its MIX on its own stack and
 * heap.  The open's value comes back changed; a too small output gives
 * TEE_ERROR_SHORT_BUFFER with the size needed in the 1.1 uint32_t size;
 * then the whole output, its size and the values.
 */
static void test_ta2ta(void **state)
{
	TEEC_Operation op = {0};

	(void)state;
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT);
	for (int i = 0; i < 4; i++) {
		op.params[i].value.a = 0xdead;
		op.params[i].value.b = 0xdead;
	}
	assert_int_equal(call(GP11_CMD_TA2TA, &op), TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.b, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(op.params[1].value.a, TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(op.params[1].value.b, GP11_TA2TA_LEN);
	assert_int_equal(op.params[2].value.a, TEEC_SUCCESS);
	assert_int_equal(op.params[2].value.b, GP11_TA2TA_LEN);
	/* MIX doubles a and adds one to b, twice: 5, 9 -> 10, 10 -> 20, 11. */
	assert_int_equal(op.params[3].value.a, 20);
	assert_int_equal(op.params[3].value.b, 11);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entry_point_params),
		cmocka_unit_test(test_memory_and_properties),
		cmocka_unit_test(test_objects),
		cmocka_unit_test(test_data_object),
		cmocka_unit_test(test_storage),
		cmocka_unit_test(test_digest),
		cmocka_unit_test(test_cipher_and_mac),
		cmocka_unit_test(test_ae),
		cmocka_unit_test(test_asym_derive_arith),
		cmocka_unit_test(test_operation_rules),
		cmocka_unit_test(test_ta2ta),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
