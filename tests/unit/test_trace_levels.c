// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA SDK's default trace level is OP-TEE's: optee_os mk/config.mk
 * sets CFG_TEE_TA_LOG_LEVEL ?= 1, errors only (issue 13 item 9).  A TA
 * that defines CFG_TEE_TA_LOG_LEVEL gets its own (test_trace_levels_4 is
 * this file built with 4).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ta/include/trace_levels.h"

#ifndef WANT_LEVEL
#define WANT_LEVEL 1
#endif

static void test_trace_level(void **state)
{
	(void)state;
	assert_int_equal(CFG_TEE_TA_LOG_LEVEL, WANT_LEVEL);
	assert_int_equal(TRACE_LEVEL, WANT_LEVEL);
	/* At 1, IMSG (TRACE_INFO) and below are compiled out. */
	assert_int_equal(TRACE_LEVEL >= TRACE_INFO, WANT_LEVEL >= 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_level),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
