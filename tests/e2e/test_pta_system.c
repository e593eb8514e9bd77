// SPDX-License-Identifier: BSD-2-Clause
/*
 * The system pseudo TA (OP-TEE's core/pta/system.c, pta_system.h) and
 * tee-supplicant plugins (optee_client tee-supplicant/src/plugin.c),
 * through ta/tests/system, which calls them as a TA does.
 *
 *  - only a TA may open the pseudo TA: a client gets ACCESS_DENIED,
 *    origin TRUSTED_APP (OP-TEE's open_session(): the caller must be a
 *    user TA);
 *  - DERIVE_TA_UNIQUE_KEY: HMAC-SHA-256(HUK, LE32(HUK_SUBKEY_UNIQUE_TA =
 *    3) || the TA's TEE_UUID || extra) cut to size (OP-TEE's
 *    huk_subkey_derive()), checked here with libcrypto against the HUK
 *    file in the state directory; the same across a restart, another for
 *    another TA or other extra data; OP-TEE's size rules
 *    (TA_DERIVED_KEY_MIN/MAX_SIZE, TA_DERIVED_EXTRA_DATA_MAX_SIZE: else
 *    BAD_PARAMETERS) and TEE_ERROR_SECURITY for a client's memref as the
 *    output (OP-TEE's vm_check_access_rights(..._SECURE));
 *  - ADD_RNG_ENTROPY: a non-empty buffer, else BAD_PARAMETERS;
 *  - the other commands: NOT_SUPPORTED for those teebox cannot serve,
 *    NOT_IMPLEMENTED for ldelf's and unknown ones (OP-TEE's default);
 *  - libutee's tee_map_zi() and tee_unmap(), mapped in the TA process
 *    with OP-TEE's argument rules (tee_system_pta.c, system.c);
 *  - plugins: values, data both ways, a short buffer, an unknown UUID
 *    (ITEM_NOT_FOUND), a plugin whose init failed (not loaded), one that
 *    claims more than its buffer (the TA gets the claim, never more
 *    bytes), the plugin's own result passed through, libutee's input
 *    checks (BAD_PARAMETERS, optee_test's supp_plugin TA), and no plugin
 *    at all without -p.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/include/pta_system.h"
#include "ta/tests/system/ta_system_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "test_plugins.h"

static const TEEC_UUID system_uuid = PTA_SYSTEM_UUID;
static const TEEC_UUID ta_uuid = TA_TEST_SYSTEM_UUID;
static const TEEC_UUID ta2_uuid = TA_TEST_SYSTEM2_UUID;
static const TEEC_UUID plugin_uuid = TEST_PLUGIN_UUID;
static const TEEC_UUID broken_uuid = TEST_PLUGIN_BROKEN_UUID;

/* OP-TEE's enum huk_subkey_usage */
#define HUK_SUBKEY_UNIQUE_TA 3

struct fixture {
	struct harness h;
	char state_dir[64];
	TEEC_Context ctx;
	TEEC_Session s;
};

static int start(struct fixture *f, const char *plugin_dir)
{
	struct harness_opts o = {
		.supplicant = true,
		.state_dir = f->state_dir,
		.plugin_dir = plugin_dir,
	};
	uint32_t origin;

	if (harness_start(&f->h, &o) || TEEC_InitializeContext(NULL, &f->ctx))
		return -1;
	return e2e_open_session(&f->ctx, &f->s, &ta_uuid, &origin) ? -1 : 0;
}

static int stop(struct fixture *f)
{
	TEEC_CloseSession(&f->s);
	TEEC_FinalizeContext(&f->ctx);
	return harness_stop(&f->h);
}

static int setup_with(void **state, const char *plugin_dir)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	/* Our own state directory: a restart must find the same HUK. */
	snprintf(f->state_dir, sizeof(f->state_dir), "/tmp/teebox-sysp-XXXXXX");
	if (!mkdtemp(f->state_dir) || start(f, plugin_dir))
		return -1;
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_with(state, TEEBOX_TEST_PLUGIN_DIR);
}

static int setup_no_plugins(void **state)
{
	return setup_with(state, NULL);
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];
	int status = stop(f);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->state_dir);
	if (system(cmd))
		status = -1;
	free(f);
	return status ? -1 : 0;
}

/* TA_SYSTEM_CMD_DERIVE of @extra (NULL: a NULL buffer) into @key. */
static TEEC_Result derive(TEEC_Session *s, const void *extra, size_t len,
			  uint8_t *key, size_t key_len)
{
	TEEC_Operation op = {0};
	uint8_t none;
	uint32_t origin;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = extra ? (void *)extra : &none;
	op.params[0].tmpref.size = len;
	op.params[1].value.a = (uint32_t)key_len;
	op.params[1].value.b = !extra;
	op.params[2].tmpref.buffer = key;
	op.params[2].tmpref.size = 64;
	return TEEC_InvokeCommand(s, TA_SYSTEM_CMD_DERIVE, &op, &origin);
}

/* The key OP-TEE derives, from the HUK file of @state_dir. */
static void expected_key(const char *state_dir, const TEEC_UUID *uuid,
			 const void *extra, size_t len, uint8_t *key,
			 size_t key_len)
{
	uint8_t msg[4 + sizeof(*uuid) + TA_DERIVED_EXTRA_DATA_MAX_SIZE];
	uint8_t huk[16], md[32];
	unsigned int md_len = sizeof(md);
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/huk", state_dir);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	assert_int_equal(fread(huk, 1, sizeof(huk), fp), sizeof(huk));
	fclose(fp);
	/* LE32(usage) || the TEE_UUID as it lies in memory || extra */
	assert_true(len <= TA_DERIVED_EXTRA_DATA_MAX_SIZE);
	memset(msg, 0, 4);
	msg[0] = HUK_SUBKEY_UNIQUE_TA;
	memcpy(msg + 4, uuid, sizeof(*uuid));
	if (len)
		memcpy(msg + 4 + sizeof(*uuid), extra, len);
	assert_non_null(HMAC(EVP_sha256(), huk, sizeof(huk), msg,
			     4 + sizeof(*uuid) + len, md, &md_len));
	memcpy(key, md, key_len);
}

static void test_client_refused(void **state)
{
	struct fixture *f = *state;
	TEEC_Session s;
	uint32_t origin = 0;

	assert_int_equal(TEEC_OpenSession(&f->ctx, &s, &system_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
}

static void test_derive_matches_optee_rule(void **state)
{
	struct fixture *f = *state;
	static const char extra[] = "key for the disk";
	uint8_t key[64], want[32];

	for (size_t n = TA_DERIVED_KEY_MIN_SIZE; n <= TA_DERIVED_KEY_MAX_SIZE;
	     n += 16) {
		assert_int_equal(derive(&f->s, extra, sizeof(extra), key, n),
				 TEEC_SUCCESS);
		expected_key(f->state_dir, &ta_uuid, extra, sizeof(extra), want,
			     n);
		assert_memory_equal(key, want, n);
	}
	/* No extra data: the UUID alone. */
	assert_int_equal(derive(&f->s, NULL, 0, key, 32), TEEC_SUCCESS);
	expected_key(f->state_dir, &ta_uuid, NULL, 0, want, 32);
	assert_memory_equal(key, want, 32);
}

static void test_derive_differs(void **state)
{
	struct fixture *f = *state;
	uint8_t a[64], b[64], c[64];
	TEEC_Session s2;
	uint32_t origin;

	assert_int_equal(derive(&f->s, "one", 3, a, 32), TEEC_SUCCESS);
	assert_int_equal(derive(&f->s, "one", 3, b, 32), TEEC_SUCCESS);
	assert_memory_equal(a, b, 32);
	assert_int_equal(derive(&f->s, "two", 3, c, 32), TEEC_SUCCESS);
	assert_memory_not_equal(a, c, 32);
	/* Another TA, the same extra data: another key. */
	assert_int_equal(e2e_open_session(&f->ctx, &s2, &ta2_uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(derive(&s2, "one", 3, c, 32), TEEC_SUCCESS);
	assert_memory_not_equal(a, c, 32);
	expected_key(f->state_dir, &ta2_uuid, "one", 3, b, 32);
	assert_memory_equal(b, c, 32);
	TEEC_CloseSession(&s2);
}

static void test_derive_survives_restart(void **state)
{
	struct fixture *f = *state;
	uint8_t before[64], after[64];

	assert_int_equal(derive(&f->s, "x", 1, before, 32), TEEC_SUCCESS);
	assert_int_equal(stop(f), 0);
	assert_int_equal(start(f, TEEBOX_TEST_PLUGIN_DIR), 0);
	assert_int_equal(derive(&f->s, "x", 1, after, 32), TEEC_SUCCESS);
	assert_memory_equal(before, after, 32);
}

static void test_derive_sizes(void **state)
{
	struct fixture *f = *state;
	uint8_t extra[TA_DERIVED_EXTRA_DATA_MAX_SIZE + 1] = {0};
	uint8_t key[64];

	assert_int_equal(derive(&f->s, "x", 1, key, 15),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(derive(&f->s, "x", 1, key, 33),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(derive(&f->s, "x", 1, key, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(derive(&f->s, extra, sizeof(extra), key, 32),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(derive(&f->s, extra, sizeof(extra) - 1, key, 32),
			 TEEC_SUCCESS);
}

static void test_derive_into_client_memory_refused(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	uint8_t key[32];
	uint32_t origin;

	memset(key, 0x33, sizeof(key));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INOUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = "x";
	op.params[0].tmpref.size = 1;
	op.params[1].tmpref.buffer = key;
	op.params[1].tmpref.size = sizeof(key);
	assert_int_equal(TEEC_InvokeCommand(&f->s,
					    TA_SYSTEM_CMD_DERIVE_TO_CLIENT, &op,
					    &origin),
			 TEEC_ERROR_SECURITY);
	for (size_t i = 0; i < sizeof(key); i++)
		assert_int_equal(key[i], 0x33);
}

static TEEC_Result add_entropy(TEEC_Session *s, const void *buf, size_t len)
{
	TEEC_Operation op = {0};
	uint32_t origin;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = (void *)buf;
	op.params[0].tmpref.size = len;
	return TEEC_InvokeCommand(s, TA_SYSTEM_CMD_ADD_ENTROPY, &op, &origin);
}

static void test_add_entropy(void **state)
{
	struct fixture *f = *state;
	static uint8_t big[10000];

	assert_int_equal(add_entropy(&f->s, "entropy", 7), TEEC_SUCCESS);
	assert_int_equal(add_entropy(&f->s, big, sizeof(big)), TEEC_SUCCESS);
	/* OP-TEE's system_rng_reseed(): nothing to add is refused. */
	assert_int_equal(add_entropy(&f->s, NULL, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
}

/* Command @cmd with VALUE_INPUT [0] = {@a, 0}. */
static TEEC_Result call_a(TEEC_Session *s, uint32_t cmd, uint32_t a)
{
	TEEC_Value v = {.a = a};
	uint32_t origin;

	return e2e_invoke_values(s, cmd, TEEC_VALUE_INPUT, TEEC_NONE, &v, NULL,
				 &origin);
}

static TEEC_Result raw(TEEC_Session *s, uint32_t cmd)
{
	return call_a(s, TA_SYSTEM_CMD_RAW, cmd);
}

static void test_other_commands(void **state)
{
	struct fixture *f = *state;
	static const uint32_t unsupported[] = {
		PTA_SYSTEM_MAP_ZI, PTA_SYSTEM_UNMAP, PTA_SYSTEM_DLOPEN,
		PTA_SYSTEM_DLSYM, PTA_SYSTEM_GET_TPM_EVENT_LOG};

	for (size_t i = 0; i < sizeof(unsupported) / sizeof(*unsupported); i++)
		assert_int_equal(raw(&f->s, unsupported[i]),
				 TEEC_ERROR_NOT_SUPPORTED);
	for (uint32_t c = PTA_SYSTEM_OPEN_TA_BINARY; c <= PTA_SYSTEM_REMAP; c++)
		assert_int_equal(raw(&f->s, c), TEEC_ERROR_NOT_IMPLEMENTED);
	assert_int_equal(raw(&f->s, 1000), TEEC_ERROR_NOT_IMPLEMENTED);
	/* Wrong parameter types for the commands it serves. */
	assert_int_equal(raw(&f->s, PTA_SYSTEM_ADD_RNG_ENTROPY),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw(&f->s, PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw(&f->s, PTA_SYSTEM_SUPP_PLUGIN_INVOKE),
			 TEEC_ERROR_BAD_PARAMETERS);
}

/**
 * struct plugin_call - TA_SYSTEM_CMD_PLUGIN
 * @outlen:	[out] the length the plugin claimed
 * @guard_hit:	[out] the TA's guard after the data was overwritten
 */
struct plugin_call {
	uint32_t outlen;
	uint32_t guard_hit;
};

static TEEC_Result plugin(TEEC_Session *s, const TEEC_UUID *uuid, uint32_t cmd,
			  uint32_t sub, void *data, size_t len,
			  struct plugin_call *pc)
{
	TEEC_Operation op = {0};
	uint8_t none;
	uint32_t origin;
	TEEC_Result res;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_INOUT, TEEC_VALUE_OUTPUT);
	op.params[0].tmpref.buffer = (void *)uuid;
	op.params[0].tmpref.size = sizeof(*uuid);
	op.params[1].value.a = cmd;
	op.params[1].value.b = sub;
	op.params[2].tmpref.buffer = len ? data : &none;
	op.params[2].tmpref.size = len;
	res = TEEC_InvokeCommand(s, TA_SYSTEM_CMD_PLUGIN, &op, &origin);
	pc->outlen = op.params[3].value.a;
	pc->guard_hit = op.params[3].value.b;
	return res;
}

static void test_plugin_values(void **state)
{
	struct fixture *f = *state;
	struct plugin_call pc;
	uint32_t v[2] = {20, 10};

	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_PING, 0,
				NULL, 0, &pc),
			 TEEC_SUCCESS);
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_VALUES,
				'+', v, sizeof(v), &pc),
			 TEEC_SUCCESS);
	assert_int_equal(v[0], 30);
	assert_int_equal(pc.outlen, 4);
	v[0] = 20;
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_VALUES,
				'-', v, sizeof(v), &pc),
			 TEEC_SUCCESS);
	assert_int_equal(v[0], 10);
}

static void test_plugin_data(void **state)
{
	struct fixture *f = *state;
	uint8_t arr[] = {0, 1, 2, 3, 4, 5};
	char text[64] = {0};
	struct plugin_call pc;

	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_SUM, 0,
				arr, sizeof(arr), &pc),
			 TEEC_SUCCESS);
	assert_int_equal(arr[0], 15);
	assert_int_equal(pc.outlen, 1);
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_GET, 0,
				text, sizeof(text), &pc),
			 TEEC_SUCCESS);
	assert_string_equal(text, TEST_PLUGIN_GET_TEXT);
	assert_int_equal(pc.outlen, sizeof(TEST_PLUGIN_GET_TEXT));
	/* A short buffer: the plugin's answer and the length it needs. */
	memset(text, 0, sizeof(text));
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_GET, 0,
				text, 4, &pc),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(pc.outlen, sizeof(TEST_PLUGIN_GET_TEXT));
	assert_int_equal(text[0], 0);
	/* The plugin's own result comes back as it is. */
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_RESULT,
				TEEC_ERROR_BUSY, NULL, 0, &pc),
			 TEEC_ERROR_BUSY);
	assert_int_equal(plugin(&f->s, &plugin_uuid, 99, 0, NULL, 0, &pc),
			 TEEC_ERROR_NOT_SUPPORTED);
}

static void test_plugin_lies_about_length(void **state)
{
	struct fixture *f = *state;
	uint8_t data[16];
	struct plugin_call pc;

	memset(data, 0, sizeof(data));
	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_LIE, 1000,
				data, sizeof(data), &pc),
			 TEEC_SUCCESS);
	/* The claim reaches the TA; the bytes stop at its buffer. */
	assert_int_equal(pc.outlen, sizeof(data) + 1000);
	assert_int_equal(pc.guard_hit, 0);
	for (size_t i = 0; i < sizeof(data); i++)
		assert_int_equal(data[i], TEST_PLUGIN_LIE_BYTE);
	assert_true(harness_log_contains(&f->h, "tee-supplicant.log",
					 "plugin test answered 1016 bytes in "
					 "a 16-byte buffer"));
}

static void test_plugin_not_found(void **state)
{
	struct fixture *f = *state;
	static const TEEC_UUID nil;
	uint8_t data[32] = {0};
	struct plugin_call pc;

	assert_int_equal(plugin(&f->s, &nil, 0, 0, data, sizeof(data), &pc),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	/* Its init failed: tee-supplicant did not keep it. */
	assert_int_equal(plugin(&f->s, &broken_uuid, 0, 0, NULL, 0, &pc),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_true(harness_log_contains(&f->h, "tee-supplicant.log",
					 "plugin broken"));
	assert_true(harness_log_contains(&f->h, "tee-supplicant.log",
					 "not_a_plugin.so is not a plugin"));
	assert_true(harness_log_contains(&f->h, "tee-supplicant.log",
					 "plugin test loaded from"));
}

static void test_plugin_bad_input(void **state)
{
	struct fixture *f = *state;

	for (uint32_t i = 0; i < 3; i++)
		assert_int_equal(call_a(&f->s, TA_SYSTEM_CMD_PLUGIN_BAD, i),
				 TEEC_ERROR_BAD_PARAMETERS);
}

/* tee_map_zi() and tee_unmap(), mapped in the TA process. */
static void test_map_zi(void **state)
{
	struct fixture *f = *state;
	TEEC_Value v = {0};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(&f->s, TA_SYSTEM_CMD_MAP_ZI,
					   TEEC_VALUE_OUTPUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_SUCCESS);
	/* The TA's first failed check (ta_test_system.c), 0: none. */
	assert_int_equal(v.a, 0);
}

static void test_no_plugin_directory(void **state)
{
	struct fixture *f = *state;
	struct plugin_call pc;

	assert_int_equal(plugin(&f->s, &plugin_uuid, TEST_PLUGIN_CMD_PING, 0,
				NULL, 0, &pc),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_client_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_derive_matches_optee_rule,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_derive_differs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_derive_survives_restart,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_derive_sizes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_derive_into_client_memory_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_add_entropy, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_other_commands, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plugin_values, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plugin_data, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plugin_lies_about_length,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_plugin_not_found, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_plugin_bad_input, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_map_zi, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_plugin_directory,
						setup_no_plugins, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
