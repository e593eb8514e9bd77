/* SPDX-License-Identifier: BSD-2-Clause */
/* Commands of the test TAs (see test_ta_uuids.h for who is who). */
#ifndef TEST_TA_CMDS_H
#define TEST_TA_CMDS_H

/*
 * ta_test_basic.  TA_DATA_SIZE is TA_TEST_BASIC_DATA_SIZE.
 *
 * OpenSession: params[0] VALUE_INPUT with a == TA_TEST_REFUSE refuses the
 * session (TEE_ERROR_ACCESS_DENIED); params[0] VALUE_INOUT gets b = the
 * number of sessions opened so far (this one included).
 */
#define TA_TEST_BASIC_DATA_SIZE (64 * 1024)
#define TA_TEST_REFUSE		0xbadU

enum ta_test_basic_cmd {
	/* [0] VALUE_INPUT -> [1] VALUE_OUTPUT: the same a and b. */
	TA_TEST_CMD_VALUE_ECHO = 0,
	/* [0] VALUE_INOUT: a += 1, b += 2. */
	TA_TEST_CMD_VALUE_INC = 1,
	/* [0] MEMREF_INPUT, [1] VALUE_OUTPUT: a = byte sum, b = size. */
	TA_TEST_CMD_MEMREF_SUM = 2,
	/*
	 * [0] MEMREF_OUTPUT or INOUT, [1] VALUE_INPUT: byte i becomes
	 * (a + i) & 0xff; the size is set to b when b != 0 (a larger b
	 * returns TEE_ERROR_SHORT_BUFFER without writing).
	 */
	TA_TEST_CMD_MEMREF_FILL = 3,
	/* TEE_Panic(TA_TEST_PANIC_CODE). */
	TA_TEST_CMD_PANIC = 4,
	/* Writes to address 0: SIGSEGV. */
	TA_TEST_CMD_SEGV = 5,
	/*
	 * [0] VALUE_OUTPUT a = Create calls, b = OpenSession calls;
	 * [1] VALUE_OUTPUT a = CloseSession calls, b = Invoke calls (this
	 * one included).
	 */
	TA_TEST_CMD_LIFECYCLE = 6,
	/* [0] VALUE_OUTPUT a = TA_TEST_HEAP_ALL when every check passed. */
	TA_TEST_CMD_HEAP = 7,
	/* [0] VALUE_INPUT a = milliseconds to sleep. */
	TA_TEST_CMD_SLEEP = 8,
	/*
	 * [0] VALUE_OUTPUT a = errno of open("/etc/passwd"), b = errno of
	 * socket(); [1] VALUE_OUTPUT a = errno of fork(), b = errno of an
	 * executable mmap().  0 means the call succeeded (a sandbox hole).
	 */
	TA_TEST_CMD_SANDBOX = 9,
	/*
	 * [0] MEMREF_INOUT (at least 16 bytes), [1] VALUE_OUTPUT a =
	 * TA_TEST_ACCESS_ALL when every TEE_CheckMemoryAccessRights() check
	 * passed, b = the checks that failed.
	 */
	TA_TEST_CMD_ACCESS = 10,
	/*
	 * [0] VALUE_INPUT a = timeout in ms; unmasks cancellation and waits
	 * for a cancel request: TEE_ERROR_CANCEL when one came, else
	 * TEE_SUCCESS.  [1] VALUE_OUTPUT a = 1 if the flag showed while
	 * still masked (it must not).
	 */
	TA_TEST_CMD_WAIT_CANCEL = 11,
	/* [0] VALUE_OUTPUT a = getpid(). */
	TA_TEST_CMD_PID = 12,
	/* From now on TA_DestroyEntryPoint never returns. */
	TA_TEST_CMD_HANG_IN_DESTROY = 13,
};

#define TA_TEST_PANIC_CODE 0xdead
#define TA_TEST_HEAP_ALL   0xff
#define TA_TEST_ACCESS_ALL 0x7ff

/*
 * ta_test_flags_*: [0] VALUE_OUTPUT a = getpid(), b = this instance's
 * count of calls to the command (this one included); [1] VALUE_OUTPUT
 * a = sessions open in the instance.
 */
#define TA_TEST_FLAGS_CMD_INFO 0

#endif
