// SPDX-License-Identifier: BSD-2-Clause
/*
 * What libteec prints when there is no teebox to talk to: one line naming
 * the endpoint it tried and the fix, at OP-TEE's client log levels
 * (optee_client config.mk: CFG_TEE_CLIENT_LOG_LEVEL, 0 none ... 4 flow,
 * default 1 = errors), here read at run time from $TEEC_LOG_LEVEL.  The
 * real device path is used, against a runtime directory where no teed
 * runs.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#define OUT_MAX 1024

static char rundir[] = "/tmp/teebox-log-test-XXXXXX";

/*
 * TEEC_InitializeContext() with $TEEC_LOG_LEVEL = @level (NULL: unset);
 * what it wrote to stderr goes to @out.
 */
static TEEC_Result init_capturing(const char *level, char *out)
{
	FILE *f = tmpfile();
	TEEC_Context ctx;
	TEEC_Result res;
	int saved;
	size_t n;

	assert_non_null(f);
	if (level)
		assert_int_equal(setenv("TEEC_LOG_LEVEL", level, 1), 0);
	else
		assert_int_equal(unsetenv("TEEC_LOG_LEVEL"), 0);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	assert_true(saved >= 0);
	assert_true(dup2(fileno(f), STDERR_FILENO) >= 0);
	res = TEEC_InitializeContext(NULL, &ctx);
	fflush(stderr);
	assert_true(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	rewind(f);
	n = fread(out, 1, OUT_MAX - 1, f);
	out[n] = '\0';
	fclose(f);
	if (res == TEEC_SUCCESS)
		TEEC_FinalizeContext(&ctx);
	return res;
}

static void expected_line(char *buf, size_t len)
{
	snprintf(buf, len,
		 "libteec: no TEE device at %s/tee0: No such file or "
		 "directory; is teebox up? Start it with 'teebox up', or set "
		 "TEEBOX_RUNTIME_DIR to the runtime directory of the teed to "
		 "use\n",
		 rundir);
}

/* The default level is errors: the one line, exactly. */
static void test_no_teed_prints_one_line(void **state)
{
	char out[OUT_MAX], want[OUT_MAX];

	(void)state;
	expected_line(want, sizeof(want));
	assert_int_equal(init_capturing(NULL, out), TEEC_ERROR_ITEM_NOT_FOUND);
	assert_string_equal(out, want);
	/* Levels above errors print errors too; junk means the default. */
	assert_int_equal(init_capturing("3", out), TEEC_ERROR_ITEM_NOT_FOUND);
	assert_string_equal(out, want);
	assert_int_equal(init_capturing("junk", out),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_string_equal(out, want);
}

/* Level 0 prints nothing, and the result is the same. */
static void test_level_0_is_silent(void **state)
{
	char out[OUT_MAX];

	(void)state;
	assert_int_equal(init_capturing("0", out), TEEC_ERROR_ITEM_NOT_FOUND);
	assert_string_equal(out, "");
}

/* An unknown name matches no device: nothing was tried, nothing said. */
static void test_unknown_name_is_silent(void **state)
{
	TEEC_Context ctx;

	(void)state;
	assert_int_equal(unsetenv("TEEC_LOG_LEVEL"), 0);
	assert_int_equal(TEEC_InitializeContext("no-such-tee", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(rundir))
		return -1;
	setenv("TEEBOX_BACKEND", "teebox", 1);
	setenv("TEEBOX_RUNTIME_DIR", rundir, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(rundir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_teed_prints_one_line),
		cmocka_unit_test(test_level_0_is_silent),
		cmocka_unit_test(test_unknown_name_is_silent),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
