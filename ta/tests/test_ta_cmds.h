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
	/*
	 * [0] VALUE_INPUT a = timeout in ms for TEE_Wait() (may be
	 * TEE_TIMEOUT_INFINITE), b = 1 to unmask cancellation during the
	 * wait; [1] VALUE_OUTPUT a = the milliseconds TEE_GetSystemTime()
	 * saw pass.  Returns TEE_Wait()'s result.
	 */
	TA_TEST_CMD_TEE_WAIT = 14,
	/* [0] VALUE_OUTPUT a = TEE_GetREETime() seconds, b = millis. */
	TA_TEST_CMD_REE_TIME = 15,
	/*
	 * [0], [1] VALUE_OUTPUT: two TEE_GetSystemTime() readings, one after
	 * the other (a = seconds, b = millis); TEE_ERROR_GENERIC if the
	 * second is earlier.
	 */
	TA_TEST_CMD_SYSTEM_TIME = 16,
	/*
	 * [0] VALUE_OUTPUT a = gpd.client.identity's login, b =
	 * gpd.client.endian; [1] MEMREF_OUTPUT (16 bytes) its UUID as RFC
	 * 4122 octets.
	 */
	TA_TEST_CMD_CLIENT_IDENTITY = 17,
	/*
	 * A property getter: [0] VALUE_INPUT a = TA_TEST_PROPSET_*, b =
	 * TA_TEST_PROP_AS_*; [1] MEMREF_INPUT the name (no NUL needed);
	 * [2] MEMREF_OUTPUT (may be null) for AS_STRING the string and its
	 * NUL, AS_BINARY the bytes, AS_UUID 16 RFC 4122 octets, AS_IDENTITY
	 * the login (4 bytes, little-endian) then 16 octets; [3]
	 * VALUE_OUTPUT for AS_BOOL a = 0/1, AS_U32 a, AS_U64 a = low 32
	 * bits, b = high.  Returns the getter's result; with
	 * TEE_ERROR_SHORT_BUFFER [2]'s size is the size needed.
	 */
	TA_TEST_CMD_GET_PROPERTY = 18,
	/*
	 * Walks a property set with an enumerator: [0] VALUE_INPUT a =
	 * TA_TEST_PROPSET_*; [1] MEMREF_OUTPUT "name=value\n" per property
	 * (the value as TEE_GetPropertyAsString() gives it through the
	 * enumerator); [2] VALUE_OUTPUT a = properties seen, b = what
	 * TEE_GetNextProperty() returned at the end.
	 */
	TA_TEST_CMD_ENUM_PROPERTIES = 19,
	/* [0] VALUE_INPUT a = milliseconds to spin, never sleeping. */
	TA_TEST_CMD_BUSY = 20,
	/*
	 * A raw system call (utee_syscalls.h), to send what libutee never
	 * would: [0] VALUE_INPUT a = number, b = put in args[2] and args[3];
	 * [1] VALUE_INPUT args[0] (a = low 32 bits, b = high); [2]
	 * VALUE_INPUT args[1] likewise; [3] VALUE_OUTPUT a = the result, b =
	 * out[0] (low 32 bits).  Returns TEE_SUCCESS.
	 */
	TA_TEST_CMD_SYSCALL = 21,
	/*
	 * From now on TA_DestroyEntryPoint calls
	 * TEE_Wait(TEE_TIMEOUT_INFINITE), masked: only the bound on
	 * TA_DestroyEntryPoint ends it.
	 */
	TA_TEST_CMD_WAIT_IN_DESTROY = 22,
	/*
	 * What the TA was given for a memref: [0] MEMREF_INPUT, OUTPUT or
	 * INOUT, untouched; [1] VALUE_OUTPUT a = 1 if its buffer is NULL, b
	 * = its size; [2] VALUE_OUTPUT a = its TEE_PARAM_TYPE_MEMREF_*, b =
	 * 0.  For the Client API's NULL memrefs (TEE_MEMREF_NULL).
	 */
	TA_TEST_CMD_MEMREF_INFO = 23,
	/*
	 * What memref [0] (INPUT, OUTPUT or INOUT) holds, left untouched:
	 * [1] VALUE_OUTPUT a = its byte sum, b = how many bytes are not 0.
	 */
	TA_TEST_CMD_MEMREF_PEEK = 24,
	/*
	 * Signals under the sandbox: [0] VALUE_OUTPUT a = errno of
	 * kill(getpid(), 0) (0: allowed, as it must be), b = errno of
	 * kill(getppid(), 0) (EPERM: refused, as it must be).
	 */
	TA_TEST_CMD_KILL = 25,
};

/* Property sets for TA_TEST_CMD_GET_PROPERTY and _ENUM_PROPERTIES. */
enum ta_test_propset {
	TA_TEST_PROPSET_TA = 0,
	TA_TEST_PROPSET_CLIENT = 1,
	TA_TEST_PROPSET_TEE = 2,
};

/* Getters for TA_TEST_CMD_GET_PROPERTY. */
enum ta_test_prop_as {
	TA_TEST_PROP_AS_STRING = 0,
	TA_TEST_PROP_AS_BOOL = 1,
	TA_TEST_PROP_AS_U32 = 2,
	TA_TEST_PROP_AS_U64 = 3,
	TA_TEST_PROP_AS_BINARY = 4,
	TA_TEST_PROP_AS_UUID = 5,
	TA_TEST_PROP_AS_IDENTITY = 6,
};

/* ta_test_basic's TA_DESCRIPTION and TA_VERSION (a number: GP converts). */
#define TA_TEST_BASIC_DESCRIPTION "teebox test bench"
#define TA_TEST_BASIC_VERSION	  "42"

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
