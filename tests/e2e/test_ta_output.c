// SPDX-License-Identifier: BSD-2-Clause
/*
 * A TA cannot write lines into the log that look like the secure
 * world's (issue 9, item 9; secure/ta_output.h).  ta_test_output prints,
 * on stdout and stderr, lines forged after embedded newlines, carriage
 * returns, ANSI escapes and NUL bytes, and after an over-long line; every
 * one must come out as a line of its own tagged "TA <uuid>: ", with the
 * control bytes escaped, and the log must hold no raw control byte.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_output.h"

#define DONE_DEADLINE_MS 10000
#define TAG		 "teebox-secure: info: TA " TA_TEST_OUTPUT_UUID_STR ": "
/* Forged lines: 6 attempts on each of stdout and stderr, and a trace. */
#define FORGED_LINES 13
/* A log line: the tag, the longest text, the "dropped" note. */
#define LOG_LINE_MAX 1024

static const TEEC_UUID output_uuid = TA_TEST_OUTPUT_UUID;

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

/* All of teed.log; its length in *@len. */
static char *read_log(size_t *len)
{
	char path[PATH_MAX];
	char *buf;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/teed.log", tb.dir);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void forge(void)
{
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	e2e_open(&ctx, &s, &output_uuid, TEEC_LOGIN_PUBLIC, NULL);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_NONE, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_OUTPUT_CMD_FORGE, &op, &origin),
		TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	for (int ms = 0; ms < DONE_DEADLINE_MS; ms += 20) {
		if (harness_log_contains(&tb, "teed.log",
					 TAG TA_TEST_OUTPUT_DONE))
			return;
		harness_sleep_ms(20);
	}
	fail_msg("the TA's last line never reached the log");
}

/*
 * Every forged line is a line of its own with the TA's tag in front;
 * nothing the TA wrote starts a line; the log holds no control byte but
 * newlines; the over-long line is cut and says so.
 */
static void test_ta_lines_are_tagged_and_cannot_break_out(void **state)
{
	int forged = 0, cut = 0, hello = 0, begun = 0;
	char *log, *line, *save;
	size_t len;

	(void)state;
	forge();
	log = read_log(&len);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)log[i];

		assert_true(c == '\n' || (c >= 0x20 && c < 0x7f));
	}
	for (line = strtok_r(log, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		bool tagged = !strncmp(line, TAG, strlen(TAG));

		assert_true(strlen(line) <= LOG_LINE_MAX);
		if (strstr(line, TA_TEST_OUTPUT_FORGED)) {
			if (!tagged)
				fail_msg("forged line not tagged: %s", line);
			forged++;
		}
		if (tagged && !strncmp(line + strlen(TAG), "AAAA", 4)) {
			assert_non_null(strstr(line, "more bytes dropped]"));
			cut++;
		}
		hello += tagged && !strcmp(line + strlen(TAG), "hello");
		begun += tagged && !strcmp(line + strlen(TAG), "begun");
	}
	free(log);
	assert_int_equal(forged, FORGED_LINES);
	assert_int_equal(cut, 2);
	assert_int_equal(hello, 2);
	assert_int_equal(begun, 2);
	/* The control bytes are there, escaped. */
	assert_true(harness_log_contains(&tb, "teed.log",
					 TAG "carriage\\x0d"
					     "teebox-secure"));
	assert_true(harness_log_contains(&tb, "teed.log",
					 TAG "\\x1b[2K\\x1b[1Gteebox-secure"));
	assert_true(harness_log_contains(&tb, "teed.log",
					 TAG "nul\\x00teebox-secure"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ta_lines_are_tagged_and_cannot_break_out),
	};

	return cmocka_run_group_tests_name("ta_output", tests, setup, teardown);
}
