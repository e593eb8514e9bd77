/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_ta2ta: one source under four UUIDs, each both a caller and a
 * target of TA-to-TA sessions (tests/e2e/test_ta2ta.c).
 *
 *  ta_test_ta2ta_multi      74f46f49-8d80-4608-8376-a9775e67aa91
 *	TA_FLAGS 0: an instance per session
 *  ta_test_ta2ta_single     893f8ff3-65ba-45f5-9b91-d4d62f2100c1
 *	SINGLE_INSTANCE: one session at a time
 *  ta_test_ta2ta_multisess  dcec3c66-df15-4a6f-b401-774e34e7c528
 *	SINGLE_INSTANCE | MULTI_SESSION
 *  ta_test_ta2ta_multisess2 af0e9e96-d1d4-4416-99b4-cdfa3e570bd5
 *	the same flags: a second such TA, for two TAs calling each other
 *
 * Caller commands (from the client) name their target in [in] memref[0],
 * a TEE_UUID, and report in [out] value[1]: a = the result the TA got
 * from the Internal Client API, b = its origin (or, for a self-check that
 * failed, the line that failed with TEE_ERROR_GENERIC as the result).
 */
#ifndef TA_TA2TA_CMDS_H
#define TA_TA2TA_CMDS_H

#define TA_TEST_TA2TA_MULTI_UUID                                               \
	{                                                                      \
		0x74f46f49, 0x8d80, 0x4608,                                    \
		{                                                              \
			0x83, 0x76, 0xa9, 0x77, 0x5e, 0x67, 0xaa, 0x91         \
		}                                                              \
	}
#define TA_TEST_TA2TA_SINGLE_UUID                                              \
	{                                                                      \
		0x893f8ff3, 0x65ba, 0x45f5,                                    \
		{                                                              \
			0x9b, 0x91, 0xd4, 0xd6, 0x2f, 0x21, 0x00, 0xc1         \
		}                                                              \
	}
#define TA_TEST_TA2TA_MULTISESS_UUID                                           \
	{                                                                      \
		0xdcec3c66, 0xdf15, 0x4a6f,                                    \
		{                                                              \
			0xb4, 0x01, 0x77, 0x4e, 0x34, 0xe7, 0xc5, 0x28         \
		}                                                              \
	}
#define TA_TEST_TA2TA_MULTISESS2_UUID                                          \
	{                                                                      \
		0xaf0e9e96, 0xd1d4, 0x4416,                                    \
		{                                                              \
			0x99, 0xb4, 0xcd, 0xfa, 0x3e, 0x57, 0x0b, 0xd5         \
		}                                                              \
	}

/* Target commands (also reachable from a client). */

/*
 * [inout] value[0]: a *= 2, b += 1; [in] memref[1]: bytes; [out]
 * memref[2]: memref[1] reversed (too small: SHORT_BUFFER, size = needed);
 * [inout] memref[3]: every byte ^ 0xff
 */
#define TA2TA_CMD_MIX 1
/* [out] value[0]: a = client login; [out] memref[1]: client UUID. */
#define TA2TA_CMD_IDENTITY 2
/* TEE_Panic(0x7a2a). */
#define TA2TA_CMD_PANIC 3
/* [in] value[0]: a = ms to TEE_Wait, unmasked; returns TEE_Wait's result. */
#define TA2TA_CMD_WAIT 4
/* Nothing: the null call (bench). */
#define TA2TA_CMD_NULL 5
/*
 * [in] memref[0]: a TEE_UUID: open a session to it and invoke NULL
 * there; [out] value[1]: a = result, b = origin (A -> B -> A).
 */
#define TA2TA_CMD_CALL_BACK 6

/* Caller commands: [in] memref[0] the target, [out] value[1] a, b. */

/* Open, MIX with private buffers (heap and stack), checks, close. */
#define TA2TA_CMD_DO_MIX 0x100
/* Open and IDENTITY; [out] memref[2]: the UUID the target saw. */
#define TA2TA_CMD_DO_IDENTITY 0x101
/*
 * [in] value[2]: a = 1 to keep the session open (in this instance's
 * table of kept sessions), 0 to close it again.  Just the open's result.
 */
#define TA2TA_CMD_DO_OPEN 0x102
/*
 * Open two sessions, PANIC the target of the first; [out] value[2]:
 * a = the next invoke on it (TARGET_DEAD), b = NULL on the second.
 */
#define TA2TA_CMD_DO_PANIC 0x103
/*
 * [in] value[2]: a = cancellationRequestTimeout, b = ms the target
 * waits; the WAIT's result.
 */
#define TA2TA_CMD_DO_WAIT 0x104
/* CALL_BACK on the target with this TA's own UUID: B calls A back. */
#define TA2TA_CMD_DO_CALL_BACK 0x105
/*
 * [inout] value[2]: a = how many NULL invokes on one session (bench);
 * out b = the milliseconds they took (TEE_GetSystemTime), the open not
 * counted; value[1] as usual.
 */
#define TA2TA_CMD_DO_NULLS 0x106
/* TEE_Panic() in the caller (its kept sessions must be closed). */
#define TA2TA_CMD_PANIC_SELF 0x107
/*
 * Hostile calls; [in] value[0]: a = which (TA2TA_HOSTILE_*).  Those that
 * must panic do; the others report in value[1].
 */
#define TA2TA_CMD_HOSTILE 0x108
/*
 * [in] value[2]: a = ms to TEE_Wait first (masked), then open a session
 * to the target and close it: two of these on two TAs naming each other
 * make a cycle of secure threads.
 */
#define TA2TA_CMD_DO_SLEEP_OPEN 0x109
/*
 * [in] value[2]: a = bytes: MIX with three heap buffers that large (many
 * pages, not page aligned); value[1] as DO_MIX's.
 */
#define TA2TA_CMD_DO_BIG 0x10a

#define TA2TA_HOSTILE_BAD_INVOKE 1 /* unknown handle: panic */
#define TA2TA_HOSTILE_BAD_CLOSE	 2 /* unknown handle: panic */
#define TA2TA_HOSTILE_ALIAS	 4 /* own MEMREF_INPUT as OUTPUT: panic */
#define TA2TA_HOSTILE_TOO_MANY	 5 /* sessions past the bound: OOM */

/* Sessions a caller keeps (DO_OPEN with a = 1) at most. */
#define TA2TA_KEEP_MAX 8
/* The bound on TA-to-TA sessions per instance (secure/ta_manager.h). */
#define TA2TA_MAX_SESSIONS 16

#endif
