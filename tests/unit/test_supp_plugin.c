// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_SUPP_PLUGIN with no plugin loaded, answered as OP-TEE's
 * tee-supplicant does when no plugin has the UUID asked for (optee_client
 * tee-supplicant/src/plugin.c: plugin_process() checks the parameters,
 * plugin_invoke() finds no plugin: TEEC_ERROR_ITEM_NOT_FOUND; any other
 * sub-command: TEEC_ERROR_NOT_SUPPORTED).  Loaded plugins:
 * tests/e2e/test_pta_system.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "supp_test_util.h"

#define VAL_IN	  TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT
#define VAL_INOUT TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT
#define MEM_INOUT TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT

/* A well-formed request: @op, a UUID, 16 bytes of data. */
static void request(struct tee_ioctl_param p[4], uint64_t op)
{
	supp_test_val(&p[0], VAL_IN, op, 0x11223344, 0x55667788);
	supp_test_val(&p[1], VAL_IN, 0x99aabbcc, 0xddeeff00, 1);
	supp_test_val(&p[2], VAL_INOUT, 2, 0x1234, 0);
	supp_test_mem(&p[3], MEM_INOUT, 0, 16);
}

static void test_invoke_no_plugin(void **state)
{
	struct supp_test *t = *state;
	struct tee_ioctl_param p[4];

	t->s.plugin_path = "/usr/lib/tee-supplicant/plugins";
	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_SUPP_PLUGIN, 4, p),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	/* No plugin wrote anything: the output length is 0. */
	assert_int_equal(p[2].b, 0);
}

static void test_other_op(void **state)
{
	struct supp_test *t = *state;
	struct tee_ioctl_param p[4];

	request(p, 1);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_SUPP_PLUGIN, 4, p),
			 TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(p[2].b, 0x1234);
}

static void test_bad_parameters(void **state)
{
	struct supp_test *t = *state;
	struct tee_ioctl_param p[4];

	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	assert_int_equal(supp_plugin(&t->s, 3, p), TEEC_ERROR_BAD_PARAMETERS);
	p[0].attr = VAL_INOUT;
	assert_int_equal(supp_plugin(&t->s, 4, p), TEEC_ERROR_BAD_PARAMETERS);
	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	p[2].attr = VAL_IN;
	assert_int_equal(supp_plugin(&t->s, 4, p), TEEC_ERROR_BAD_PARAMETERS);
	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	p[3].attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT;
	assert_int_equal(supp_plugin(&t->s, 4, p), TEEC_ERROR_BAD_PARAMETERS);
	/* Data outside our shared memory. */
	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	p[3].c = SUPP_TEST_SHM_ID + 1;
	assert_int_equal(supp_plugin(&t->s, 4, p), TEEC_ERROR_BAD_PARAMETERS);
	/* No data at all is fine (plugin_process: data_len 0). */
	request(p, OPTEE_RPC_SUPP_PLUGIN_INVOKE);
	p[3].b = 0;
	p[3].c = SUPP_TEST_SHM_ID + 1;
	assert_int_equal(supp_plugin(&t->s, 4, p), TEEC_ERROR_ITEM_NOT_FOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_invoke_no_plugin,
						supp_test_setup,
						supp_test_teardown),
		cmocka_unit_test_setup_teardown(test_other_op, supp_test_setup,
						supp_test_teardown),
		cmocka_unit_test_setup_teardown(test_bad_parameters,
						supp_test_setup,
						supp_test_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
