// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_output: tries to write lines into the log that look like the
 * secure world's own, with every trick a terminal or a log reader falls
 * for.  Each attempt carries TA_TEST_OUTPUT_FORGED so that the test finds
 * what became of it.
 */
#include <string.h>
#include <unistd.h>

#include <tee_internal_api.h>
#include <trace.h>

#include <test_ta_output.h>

#define FAKE "teebox-secure: error: " TA_TEST_OUTPUT_FORGED

/* The attempts, each written with one write(2) (sizeof: NULs count). */
static const char newline[] = "hello\n" FAKE " after a newline\n";
static const char cr[] = "carriage\r" FAKE " after a CR\n";
static const char ansi[] = "\x1b[2K\x1b[1G" FAKE " after ANSI escapes\n";
static const char nul[] = "nul\0" FAKE " after a NUL\n";
static const char lone[] = "\n" FAKE " on a line of its own\n";
static const char tail[] = "\n" FAKE " after a long line\n";

static char long_line[TA_TEST_OUTPUT_LONG];

static void put(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(fd, s, len);

		if (n <= 0)
			return;
		s += n;
		len -= (size_t)n;
	}
}

static void forge(void)
{
	for (int fd = 1; fd <= 2; fd++) {
		put(fd, newline, sizeof(newline) - 1);
		put(fd, cr, sizeof(cr) - 1);
		put(fd, ansi, sizeof(ansi) - 1);
		put(fd, nul, sizeof(nul) - 1);
		/* A line begun by an earlier write and ended by a later one. */
		put(fd, "begun", 5);
		put(fd, lone, sizeof(lone) - 1);
		memset(long_line, 'A', sizeof(long_line));
		put(fd, long_line, sizeof(long_line));
		put(fd, tail, sizeof(tail) - 1);
	}
	/* Through the trace macros too: one line, with a newline inside. */
	EMSG("trace\n" FAKE " in a trace message");
	put(2, TA_TEST_OUTPUT_DONE "\n", sizeof(TA_TEST_OUTPUT_DONE));
}

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	(void)types;
	(void)params;
	(void)sess_ctx;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	(void)sess_ctx;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	(void)sess_ctx;
	(void)params;
	if (cmd != TA_TEST_OUTPUT_CMD_FORGE ||
	    types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	forge();
	return TEE_SUCCESS;
}
