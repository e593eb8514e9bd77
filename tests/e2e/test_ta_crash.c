// SPDX-License-Identifier: BSD-2-Clause
/*
 * A crashed TA's report (issue 13, item 2; secure/ta_crash.c): what
 * OP-TEE's abort dump gives (OP-TEE core/arch/arm/kernel/abort.c prints
 * the abort type, the fault address, the registers and the call stack
 * with the TA's function names), here in teed.log.  ta_test_crash dies on
 * demand; each test checks the lines a developer reads, that the client
 * gets TEEC_ERROR_TARGET_DEAD from the TEE, and that another session of
 * the TA (another process) is unaffected.  A hostile TA's forged crash
 * record is clipped or ignored, and the secure world lives on.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_crash.h"

#define LOG_DEADLINE_MS 15000
#define TA		"TA " TA_TEST_CRASH_UUID_STR

static const TEEC_UUID crash_uuid = TA_TEST_CRASH_UUID;

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

static int count(const char *s)
{
	return harness_log_count(&tb, "teed.log", s);
}

/* Shows the dump as teed.log has it (ctest --output-on-failure, -V). */
static void show_dump(void)
{
	char path[PATH_MAX], buf[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/teed.log", tb.dir);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(buf, sizeof(buf), f))
		if (strstr(buf, TA))
			print_message("%s", buf);
	fclose(f);
}

/* Waits until teed.log has more than @before lines with @s. */
static void wait_for(const char *s, int before)
{
	for (int ms = 0; ms < LOG_DEADLINE_MS; ms += 20) {
		if (count(s) > before)
			return;
		harness_sleep_ms(20);
	}
	show_dump();
	fail_msg("teed.log never said: %s", s);
}

/* teectl tas lists the TA's last crash: @summary on the TA's line. */
static void assert_teectl_says(const char *summary)
{
	char cmd[PATH_MAX * 2], line[512];
	bool header = false, found = false;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "%s --runtime-dir %s tas", TEEBOX_TEECTL_BIN,
		 tb.dir);
	f = popen(cmd, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		header |= !strncmp(line, "Last crash of each TA:", 22);
		if (header)
			print_message("%s", line);
		found |= header &&
			 !strncmp(line, TA_TEST_CRASH_UUID_STR,
				  strlen(TA_TEST_CRASH_UUID_STR)) &&
			 strstr(line, summary);
	}
	assert_int_equal(pclose(f), 0);
	assert_true(found);
}

static void assert_alive(TEEC_Session *s)
{
	assert_int_equal(e2e_invoke_value(s, TA_TEST_CRASH_CMD_PING),
			 TA_TEST_CRASH_PONG);
}

/*
 * Runs @cmd (value INPUT @arg) in a session of its own, which must die
 * of it: TEEC_ERROR_TARGET_DEAD from the TEE, then and after.  Another
 * session, opened before, must still be served.  Waits for @line.
 */
static void crash(uint32_t cmd, uint32_t arg, const char *line)
{
	TEEC_Context ctx, other_ctx;
	TEEC_Session s, other;
	TEEC_Value v = {.a = arg};
	uint32_t origin = 0;
	int before = count(line);

	e2e_open(&other_ctx, &other, &crash_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_open(&ctx, &s, &crash_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_alive(&s);
	assert_int_equal(e2e_invoke_values(&s, cmd, TEEC_VALUE_INPUT, TEEC_NONE,
					   &v, NULL, &origin),
			 TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(e2e_invoke_values(&s, TA_TEST_CRASH_CMD_PING,
					   TEEC_VALUE_OUTPUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_ERROR_TARGET_DEAD);
	wait_for(line, before);
	assert_alive(&other);
	e2e_close(&ctx, &s);
	e2e_close(&other_ctx, &other);
}

/* A NULL dereference: SIGSEGV at 0, the TA's functions named. */
static void test_null_deref_names_functions(void **state)
{
	int frames = count(TA ":  #1 ");

	(void)state;
	crash(TA_TEST_CRASH_CMD_DEREF, 0,
	      TA " crashed (signal 11, SIGSEGV: segmentation fault, address "
		 "not mapped) at address 0x0");
	/* The registers, and the call stack innermost first. */
	show_dump();
	assert_true(count(TA ":     rax 0x") >= 1);
	assert_true(count("    rsp 0x") >= 1);
	assert_true(count("    rip 0x") >= 1);
	assert_true(count(TA ":  #0 0x") >= 1);
	assert_true(count(" ta_crash_deref+0x") >= 1);
	assert_true(count(" ta_crash_cmd_deref+0x") >= 1);
	assert_true(count(" TA_InvokeCommandEntryPoint+0x") >= 1);
	assert_true(count(TA ":  #1 ") > frames);
	assert_teectl_says("crashed (signal 11, SIGSEGV) in ta_crash_deref+0x");
}

/* Recursion without end: said to be a stack overflow, TA_STACK_SIZE named. */
static void test_stack_overflow_names_ta_stack_size(void **state)
{
	(void)state;
	crash(TA_TEST_CRASH_CMD_RECURSE, 0,
	      TA ": stack overflow: the fault is in the guard below its stack "
		 "of TA_STACK_SIZE = 16384 bytes");
	assert_true(count("raise TA_STACK_SIZE in user_ta_header_defines.h") >=
		    1);
	assert_true(count(" ta_crash_recurse+0x") >= 1);
	assert_teectl_says("stack overflow (signal 11, SIGSEGV) in "
			   "ta_crash_recurse+0x");
}

/* abort(): SIGABRT, and the TA function that called it. */
static void test_abort_names_caller(void **state)
{
	(void)state;
	crash(TA_TEST_CRASH_CMD_ABORT, 0,
	      TA " crashed (signal 6, SIGABRT: aborted, abort() or raise())");
	assert_true(count(" ta_crash_abort+0x") >= 1);
}

/*
 * The heap full: NULL from the allocator, and one line per instance that
 * names TA_DATA_SIZE and its value.
 */
static void exhaust_heap(uint32_t cmd)
{
	const char *line = TA ": E/TA: heap_refused";
	const char *size = "of TA_DATA_SIZE = 65536 bytes in use; raise "
			   "TA_DATA_SIZE in user_ta_header_defines.h";
	int before = count(line);
	TEEC_Value v = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	e2e_open(&ctx, &s, &crash_uuid, TEEC_LOGIN_PUBLIC, NULL);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(e2e_invoke_values(&s, cmd, TEEC_VALUE_OUTPUT,
						   TEEC_NONE, &v, NULL,
						   &origin),
				 TEEC_SUCCESS);
		/* Refused within TA_DATA_SIZE, after some blocks. */
		assert_int_equal(v.b, 1);
		assert_true(v.a >= 1);
		assert_true(v.a <=
			    TA_TEST_CRASH_DATA_SIZE / TA_TEST_CRASH_CHUNK);
	}
	/* Closing ends the instance: all it wrote is in the log then. */
	e2e_close(&ctx, &s);
	wait_for(line, before);
	harness_sleep_ms(200);
	assert_int_equal(count(line), before + 1);
	assert_true(count(size) >= 1);
	show_dump();
}

static void test_tee_malloc_exhaustion_names_ta_data_size(void **state)
{
	(void)state;
	exhaust_heap(TA_TEST_CRASH_CMD_TEE_MALLOC);
}

/*
 * libc's malloc in a TA is the same heap, with the same limit (OP-TEE:
 * libutils' malloc is the TA heap).  Not in sanitizer builds, whose
 * runtime owns libc's malloc (ta/libutee/utee_malloc.c).
 */
static void test_libc_malloc_obeys_ta_data_size(void **state)
{
	(void)state;
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
	skip();
#else
	exhaust_heap(TA_TEST_CRASH_CMD_LIBC_MALLOC);
#endif
}

/* A forged record of the signal that killed it: printed, clipped. */
static void test_forged_record_is_clipped(void **state)
{
	const char *forged = TA " crashed (signal 11, SIGSEGV: segmentation "
				"fault, address not mapped) at address "
				"0xf0f0f0f0f0f0f0f0";
	char line[128];
	int last;

	(void)state;
	snprintf(line, sizeof(line), TA ":  #%u ",
		 TA_TEST_CRASH_RECORD_FRAMES - 1);
	last = count(line);
	snprintf(line, sizeof(line), TA ":  #%u ", TA_TEST_CRASH_RECORD_FRAMES);
	assert_int_equal(count(line), 0);
	crash(TA_TEST_CRASH_CMD_FORGE, TA_TEST_CRASH_FORGE_MATCHING, forged);
	/* Never more frames than a record holds; no name for any. */
	assert_int_equal(count(line), 0);
	snprintf(line, sizeof(line), TA ":  #%u ",
		 TA_TEST_CRASH_RECORD_FRAMES - 1);
	assert_int_equal(count(line), last + 1);
	assert_true(count("(outside the TA)") >= TA_TEST_CRASH_RECORD_FRAMES);
}

/* A record of another signal than the kernel's is not used at all. */
static void test_record_of_other_signal_is_ignored(void **state)
{
	int forged = count("0xf0f0f0f0f0f0f0f0");

	(void)state;
	crash(TA_TEST_CRASH_CMD_FORGE, TA_TEST_CRASH_FORGE_OTHER_SIGNAL,
	      TA ": no crash record");
	assert_true(count(TA " crashed (signal 6, SIGABRT: aborted)") >= 1);
	assert_int_equal(count("0xf0f0f0f0f0f0f0f0"), forged);
	assert_teectl_says("signal 6 (SIGABRT: aborted)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_null_deref_names_functions),
		cmocka_unit_test(test_stack_overflow_names_ta_stack_size),
		cmocka_unit_test(test_abort_names_caller),
		cmocka_unit_test(test_tee_malloc_exhaustion_names_ta_data_size),
		cmocka_unit_test(test_libc_malloc_obeys_ta_data_size),
		cmocka_unit_test(test_forged_record_is_clipped),
		cmocka_unit_test(test_record_of_other_signal_is_ignored),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
