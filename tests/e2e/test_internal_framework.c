// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, trusted core framework as OP-TEE offers it,
 * live, on ta_test_optee_style (a TA written as for OP-TEE's dev kit):
 *
 *  - its source builds with only what OP-TEE's headers give (the build is
 *    the test), and the macros have OP-TEE's values
 *    (ABI-FACTS-INTERNAL.md §1.7, §2.2, §7.7);
 *  - TA_CURRENT_TA_EXT_PROPERTIES are readable with every getter and
 *    enumerated in OP-TEE's order (§4.2, §4.5);
 *  - TEE_SetInstanceData()/TEE_GetInstanceData(): one pointer per
 *    instance, which a keep-alive single instance keeps across sessions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/optee_style/ta_optee_style.h"
#include "ta/tests/test_ta_uuids.h"

static struct harness tb;
static const TEEC_UUID optee_style_uuid = TA_TEST_OPTEE_STYLE_UUID;

static int stop_leftover(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	return 0;
}

static void start(TEEC_Context *ctx, TEEC_Session *s)
{
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(ctx, s, &optee_style_uuid, TEEC_LOGIN_PUBLIC, NULL);
}

static void stop(TEEC_Context *ctx, TEEC_Session *s)
{
	e2e_close(ctx, s);
	harness_stop_ok(&tb);
}

static TEEC_Value get_instance(TEEC_Session *s)
{
	TEEC_Value v = {0};

	assert_int_equal(e2e_invoke_values(s, TA_OPTEE_STYLE_CMD_GET_INSTANCE,
					   TEEC_VALUE_OUTPUT, TEEC_NONE, &v,
					   NULL, NULL),
			 TEEC_SUCCESS);
	return v;
}

static void set_instance(TEEC_Session *s, uint32_t value)
{
	TEEC_Value v = {.a = value};

	assert_int_equal(e2e_invoke_values(s, TA_OPTEE_STYLE_CMD_SET_INSTANCE,
					   TEEC_VALUE_INPUT, TEEC_NONE, &v,
					   NULL, NULL),
			 TEEC_SUCCESS);
}

/*
 * The macros of compiler.h, util.h, utee_defines.h and
 * tee_api_defines_extensions.h, through snprintf and PRIx32: ARRAY_SIZE
 * of 4, TEE_ALG_HKDF_SHA256_DERIVE_KEY 0x800040C0,
 * TEE_ALG_RSASSA_PKCS1_V1_5 0xF0000830, TEE_MAIN_ALGO_SHA256 4,
 * TEE_CHAIN_MODE_GCM 8, TEE_SHA256_HASH_SIZE 32, a __packed {u8, u32} of
 * 5 bytes, ROUNDUP(13, 8) 16, BIT(5) 32, TEE_BigIntSizeInU32(2048) 66.
 */
static void test_optee_ta_source_builds_with_optee_macros(void **state)
{
	char buf[128] = {0};
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	start(&ctx, &s);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){buf, sizeof(buf) - 1};
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_OPTEE_STYLE_CMD_HEADERS, &op, NULL),
		TEEC_SUCCESS);
	assert_string_equal(buf, "4 800040c0 f0000830 4 8 32 5 16 32 66");
	stop(&ctx, &s);
}

/* The TA's table in OP-TEE's order, its extensions, then gpd.ta.appID. */
static void test_ext_properties_enumerated_in_optee_order(void **state)
{
	static const char want[] =
		"gpd.ta.singleInstance=true\n"
		"gpd.ta.multiSession=true\n"
		"gpd.ta.instanceKeepAlive=true\n"
		"optee.ta.instanceKeepCrashed=false\n"
		"gpd.ta.dataSize=32768\n"
		"gpd.ta.stackSize=2048\n"
		"gpd.ta.version=1.0\n"
		"gpd.ta.description=OP-TEE style test TA\n"
		"gpd.ta.endian=0\n"
		"gpd.ta.doesNotCloseHandleOnCorruptObject=false\n"
		"org.teebox.test.string=Some string\n"
		"org.teebox.test.u32=16\n"
		"org.teebox.test.bool=true\n"
		"org.teebox.test.u64=1311768467463790320\n"
		"org.teebox.test.binary=aGVsbG8=\n"
		"org.teebox.test.uuid=01234567-89ab-cdef-0001-020304050607\n"
		"gpd.ta.appID=" TA_TEST_OPTEE_STYLE_UUID_STR "\n";
	char buf[1024] = {0};
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	start(&ctx, &s);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = 0;
	op.params[1].tmpref = (TEEC_TempMemoryReference){buf, sizeof(buf) - 1};
	assert_int_equal(TEEC_InvokeCommand(&s, TA_OPTEE_STYLE_CMD_PROPERTIES,
					    &op, NULL),
			 TEEC_SUCCESS);
	assert_string_equal(buf, want);
	stop(&ctx, &s);
}

/* Each extension property through the getter of its own type. */
static void test_ext_properties_have_their_types(void **state)
{
	uint8_t bin[16] = {0};
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	start(&ctx, &s);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[2].tmpref = (TEEC_TempMemoryReference){bin, sizeof(bin)};
	assert_int_equal(TEEC_InvokeCommand(&s, TA_OPTEE_STYLE_CMD_EXT_VALUES,
					    &op, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 0x10);
	assert_int_equal(op.params[0].value.b, 1);
	assert_int_equal(op.params[1].value.a, 0x9abcdef0);
	assert_int_equal(op.params[1].value.b, 0x12345678);
	/* BINARY_BLOCK is Base64 in the table, bytes to the TA. */
	assert_int_equal(op.params[2].tmpref.size, 5);
	assert_memory_equal(bin, "hello", 5);
	stop(&ctx, &s);
}

/*
 * Instance data: NULL at first; what one session stores, the next
 * session of the kept-alive single instance reads.
 */
static void test_instance_data_outlives_sessions(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s, s2;

	(void)state;
	start(&ctx, &s);
	assert_int_equal(get_instance(&s).b, 0);
	set_instance(&s, 42);
	/* another session at the same time: the same instance */
	assert_int_equal(e2e_open_session(&ctx, &s2, &optee_style_uuid, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(get_instance(&s2).a, 42);
	set_instance(&s2, 43);
	assert_int_equal(get_instance(&s).a, 43);
	TEEC_CloseSession(&s2);
	/* no session left: the keep-alive instance stays, and its data */
	TEEC_CloseSession(&s);
	assert_int_equal(e2e_open_session(&ctx, &s, &optee_style_uuid, NULL),
			 TEEC_SUCCESS);
	assert_int_equal(get_instance(&s).a, 43);
	assert_int_equal(get_instance(&s).b, 1);
	stop(&ctx, &s);
}

/*
 * The deprecated GP 1.0 object functions OP-TEE's libutee keeps
 * (lib/libutee/tee_api_objects.c; optee_test's storage TA calls
 * TEE_GetObjectInfo): they do what their "1" twins do.
 */
static void test_gp10_object_functions(void **state)
{
	TEEC_Value key = {0}, copy = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	start(&ctx, &s);
	assert_int_equal(e2e_invoke_values(&s, TA_OPTEE_STYLE_CMD_GP10_OBJECTS,
					   TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					   &key, &copy, NULL),
			 TEEC_SUCCESS);
	/* TEE_USAGE_ENCRYPT | TEE_USAGE_MAC, of a 128-bit key */
	assert_int_equal(key.a, 0x2 | 0x8);
	assert_int_equal(key.b, 128);
	assert_int_equal(copy.a, 0x2 | 0x8);
	/* TEE_HANDLE_FLAG_INITIALIZED */
	assert_int_equal(copy.b & 0x20000, 0x20000);
	stop(&ctx, &s);
}

#define T(f) cmocka_unit_test_teardown(f, stop_leftover)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_optee_ta_source_builds_with_optee_macros),
		T(test_ext_properties_enumerated_in_optee_order),
		T(test_ext_properties_have_their_types),
		T(test_instance_data_outlives_sessions),
		T(test_gp10_object_functions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
