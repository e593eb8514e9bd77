// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA persistent time records (secure/ta_time.c) with a clock the test
 * moves: GP 1.3.1 §7.2.2 as OP-TEE's tee_time.c implements it
 * (TIME_NOT_SET before the first set, the time moving with the clock,
 * OVERFLOW with the wrapped value past 2^32 - 1 seconds), plus teebox's
 * NEEDS_RESET rules for a clock set back and a damaged record.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "secure/ta_time.h"
#include "ta/include/tee_api_defines.h"

static const TEE_UUID ta1 = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4}};
static const TEE_UUID ta2 = {0x55555555, 0x6666, 0x7777, {8, 8, 8, 8}};
static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_sw_ta_time.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void test_not_set_then_moves_with_clock(void **state)
{
	const int64_t now = 1700000000000LL;
	uint32_t s = 1, ms = 1;

	(void)state;
	assert_int_equal(ta_time_get(dir, &ta1, now, &s, &ms),
			 TEE_ERROR_TIME_NOT_SET);
	assert_int_equal(s, 0);
	assert_int_equal(ta_time_set(dir, &ta1, now, 100, 900), TEE_SUCCESS);
	assert_int_equal(ta_time_get(dir, &ta1, now, &s, &ms), TEE_SUCCESS);
	assert_int_equal(s, 100);
	assert_int_equal(ms, 900);
	assert_int_equal(ta_time_get(dir, &ta1, now + 2200, &s, &ms),
			 TEE_SUCCESS);
	assert_int_equal(s, 103);
	assert_int_equal(ms, 100);
	/* Per TA. */
	assert_int_equal(ta_time_get(dir, &ta2, now, &s, &ms),
			 TEE_ERROR_TIME_NOT_SET);
	/* The clock set back before the setting. */
	assert_int_equal(ta_time_get(dir, &ta1, now - 1, &s, &ms),
			 TEE_ERROR_TIME_NEEDS_RESET);
}

static void test_overflow_wraps(void **state)
{
	const int64_t now = 1000;
	uint32_t s, ms;

	(void)state;
	assert_int_equal(ta_time_set(dir, &ta1, now, 0xffffffffU, 500),
			 TEE_SUCCESS);
	assert_int_equal(ta_time_get(dir, &ta1, now + 499, &s, &ms),
			 TEE_SUCCESS);
	assert_int_equal(s, 0xffffffffU);
	assert_int_equal(ta_time_get(dir, &ta1, now + 1700, &s, &ms),
			 TEE_ERROR_OVERFLOW);
	assert_int_equal(s, 1);
	assert_int_equal(ms, 200);
}

static void test_damaged_record_needs_reset(void **state)
{
	char path[200];
	uint32_t s, ms;
	int fd;

	(void)state;
	assert_int_equal(ta_time_set(dir, &ta1, 0, 7, 0), TEE_SUCCESS);
	snprintf(path, sizeof(path),
		 "%s/" TA_TIME_DIR "/11111111222233330404040400000000", dir);
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
	assert_int_equal(ta_time_get(dir, &ta1, 0, &s, &ms),
			 TEE_ERROR_TIME_NEEDS_RESET);
	assert_int_equal(ta_time_set(dir, &ta1, 0, 7, 0), TEE_SUCCESS);
	assert_int_equal(chmod(path, 0644), 0);
	assert_int_equal(ta_time_get(dir, &ta1, 0, &s, &ms),
			 TEE_ERROR_TIME_NEEDS_RESET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_not_set_then_moves_with_clock, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overflow_wraps, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_damaged_record_needs_reset,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
