// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the SMC calling convention header (linux/arm-smccc.h)
 * and the OP-TEE function ids built on it (optee_smc.h): the encoding is
 * the SMCCC's (Arm DEN 0028), and OP-TEE's spellings are the same bits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <linux/arm-smccc.h>

#include "drivers/tee/optee/optee_smc.h"

static void test_arm_smccc_call_val__type_convention_owner_number(void **state)
{
	assert_int_equal(ARM_SMCCC_CALL_VAL(ARM_SMCCC_FAST_CALL,
					    ARM_SMCCC_SMC_32,
					    ARM_SMCCC_OWNER_TRUSTED_OS, 0xff01),
			 0xb200ff01);
	assert_int_equal(ARM_SMCCC_CALL_VAL(ARM_SMCCC_STD_CALL,
					    ARM_SMCCC_SMC_64,
					    ARM_SMCCC_OWNER_SIP, 4),
			 0x42000004);
	/* Owner and number are masked to their fields. */
	assert_int_equal(ARM_SMCCC_CALL_VAL(ARM_SMCCC_STD_CALL,
					    ARM_SMCCC_SMC_32, 0x7f, 0x12345),
			 0x3f002345);
}

static void test_arm_smccc_fields__taken_apart(void **state)
{
	const uint32_t id = 0xb2000005;

	assert_true(ARM_SMCCC_IS_FAST_CALL(id));
	assert_false(ARM_SMCCC_IS_FAST_CALL(0x32000004U));
	assert_true(ARM_SMCCC_IS_64(0x40000000U));
	assert_false(ARM_SMCCC_IS_64(id));
	assert_int_equal(ARM_SMCCC_OWNER_NUM(id), 50);
	assert_int_equal(ARM_SMCCC_FUNC_NUM(id), 5);
}

static void test_arm_smccc_res__four_result_registers(void **state)
{
	assert_int_equal(sizeof(struct arm_smccc_res),
			 4 * sizeof(unsigned long));
	assert_int_equal(offsetof(struct arm_smccc_res, a3),
			 3 * sizeof(unsigned long));
}

/* An SMC32 call returns SMCCC's -1 in w0: OP-TEE's UNKNOWN_FUNCTION. */
static void
test_arm_smccc_not_supported__is_optee_unknown_function(void **state)
{
	unsigned long a0 = (uint32_t)SMCCC_RET_NOT_SUPPORTED;

	assert_int_equal(a0, OPTEE_SMC_RETURN_UNKNOWN_FUNCTION);
}

static void test_optee_smc_call_val__is_arm_smccc_encoding(void **state)
{
	assert_int_equal(OPTEE_SMC_STD_CALL_VAL(4),
			 ARM_SMCCC_CALL_VAL(ARM_SMCCC_STD_CALL,
					    ARM_SMCCC_SMC_32,
					    ARM_SMCCC_OWNER_TRUSTED_OS, 4));
	assert_int_equal(OPTEE_SMC_FAST_CALL_VAL(9), 0xb2000009);
	assert_int_equal(OPTEE_SMC_FAST_API_CALL_VAL(0xff01), 0xbf00ff01);
	assert_int_equal(OPTEE_SMC_CALL_VAL(OPTEE_SMC_FAST_CALL, OPTEE_SMC_64,
					    OPTEE_SMC_OWNER_TRUSTED_OS, 1),
			 0xf2000001);
	assert_true(OPTEE_SMC_IS_FAST_CALL(OPTEE_SMC_FAST_CALL_VAL(9)));
	assert_int_equal(OPTEE_SMC_OWNER_NUM(OPTEE_SMC_STD_CALL_VAL(4)),
			 OPTEE_SMC_OWNER_TRUSTED_OS);
	assert_int_equal(OPTEE_SMC_FUNC_NUM(OPTEE_SMC_STD_CALL_VAL(4)), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_arm_smccc_call_val__type_convention_owner_number),
		cmocka_unit_test(test_arm_smccc_fields__taken_apart),
		cmocka_unit_test(test_arm_smccc_res__four_result_registers),
		cmocka_unit_test(
			test_arm_smccc_not_supported__is_optee_unknown_function),
		cmocka_unit_test(
			test_optee_smc_call_val__is_arm_smccc_encoding),
	};

	return cmocka_run_group_tests_name("arm smccc", tests, NULL, NULL);
}
