/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_crash: a TA that crashes on demand, for the crash report
 * (issue 13, item 2): each command dies its own way in a function of its
 * own, whose name the report must show.  Flags 0: every session is an
 * instance (a process) of its own, so one session's crash leaves the
 * others running.
 *
 *  UUID 5c3a7e21-8d4b-4f19-b6e2-1a9c0d7f3e58
 */
#ifndef TEST_TA_CRASH_H
#define TEST_TA_CRASH_H

#define TA_TEST_CRASH_UUID                                                     \
	{                                                                      \
		0x5c3a7e21, 0x8d4b, 0x4f19,                                    \
		{                                                              \
			0xb6, 0xe2, 0x1a, 0x9c, 0x0d, 0x7f, 0x3e, 0x58         \
		}                                                              \
	}
#define TA_TEST_CRASH_UUID_STR "5c3a7e21-8d4b-4f19-b6e2-1a9c0d7f3e58"

#define TA_TEST_CRASH_STACK_SIZE (16 * 1024)
#define TA_TEST_CRASH_DATA_SIZE	 (64 * 1024)

/*
 * TA_TEST_CRASH_CMD_PING: value OUTPUT a = TA_TEST_CRASH_PONG (alive).
 * TA_TEST_CRASH_CMD_DEREF: reads through a NULL pointer in
 *	ta_crash_deref(), called from ta_crash_cmd_deref().
 * TA_TEST_CRASH_CMD_RECURSE: ta_crash_recurse() calls itself until the
 *	stack overflows.
 * TA_TEST_CRASH_CMD_ABORT: ta_crash_abort() calls abort().
 * TA_TEST_CRASH_CMD_TEE_MALLOC: TEE_Malloc()s TA_TEST_CRASH_CHUNK bytes
 *	until it gets NULL; value OUTPUT a = blocks it got, b = 1 once
 *	refused; the blocks are freed again.
 * TA_TEST_CRASH_CMD_LIBC_MALLOC: the same with libc's malloc().
 * TA_TEST_CRASH_CMD_FORGE: writes a crash record of its own (value INPUT
 *	a = TA_TEST_CRASH_FORGE_*), then dies of SIGSEGV (MATCHING: the
 *	record says SIGSEGV, with every count and address out of range) or
 *	SIGABRT (OTHER_SIGNAL: the record still says SIGSEGV).
 */
#define TA_TEST_CRASH_CMD_PING	      0
#define TA_TEST_CRASH_CMD_DEREF	      1
#define TA_TEST_CRASH_CMD_RECURSE     2
#define TA_TEST_CRASH_CMD_ABORT	      3
#define TA_TEST_CRASH_CMD_TEE_MALLOC  4
#define TA_TEST_CRASH_CMD_LIBC_MALLOC 5
#define TA_TEST_CRASH_CMD_FORGE	      6

#define TA_TEST_CRASH_PONG  0x600d
#define TA_TEST_CRASH_CHUNK 1024

#define TA_TEST_CRASH_FORGE_MATCHING	 0
#define TA_TEST_CRASH_FORGE_OTHER_SIGNAL 1

/* Frames a crash record holds (teebox/ta_ipc.h's TA_IPC_CRASH_FRAMES). */
#define TA_TEST_CRASH_RECORD_FRAMES 24

/* What the forged record says: a fault address the test looks for. */
#define TA_TEST_CRASH_FORGED_ADDR 0xf0f0f0f0f0f0f0f0ULL

#endif
