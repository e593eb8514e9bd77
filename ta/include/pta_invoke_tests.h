/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's core test pseudo TA: its interface as OP-TEE's libutee
 * exports it (pta_invoke_tests.h), so that clients written for OP-TEE
 * (optee_test's xtest, regression 1001-1003 and 1015) build unchanged.
 *
 * teebox has no such pseudo TA: it tests OP-TEE's own kernel (mutexes,
 * lock dependencies, the device tree drivers).  Opening a session to
 * PTA_INVOKE_TESTS_UUID therefore fails with TEE_ERROR_ITEM_NOT_FOUND,
 * as on an OP-TEE built without CFG_TEE_CORE_EMBED_INTERNAL_TESTS, and
 * xtest skips those cases.
 */
#ifndef TEEBOX_PTA_INVOKE_TESTS_H
#define TEEBOX_PTA_INVOKE_TESTS_H

/* d96a5b40-c3e5-21e3-8794-1002a5d5c61b */
#define PTA_INVOKE_TESTS_UUID                                                  \
	{                                                                      \
		0xd96a5b40, 0xc3e5, 0x21e3,                                    \
		{                                                              \
			0x87, 0x94, 0x10, 0x02, 0xa5, 0xd5, 0xc6, 0x1b         \
		}                                                              \
	}

/* Traces a greeting; no parameters. */
#define PTA_INVOKE_TESTS_CMD_TRACE 0
/* Value and memory reference parameters, read and written back. */
#define PTA_INVOKE_TESTS_CMD_PARAMS 1
/* The core's self tests; no parameters. */
#define PTA_INVOKE_TESTS_CMD_SELF_TESTS 2
/* Secure data path: [in] memref[0] non-secure, [out] memref[1] SDP. */
#define PTA_INVOKE_TESTS_CMD_COPY_NSEC_TO_SEC 3
/* Secure data path: [inout] memref[0] SDP, read, changed and written. */
#define PTA_INVOKE_TESTS_CMD_READ_MODIFY_SEC 4
/* Secure data path: [in] memref[0] SDP, [out] memref[1] non-secure. */
#define PTA_INVOKE_TESTS_CMD_COPY_SEC_TO_NSEC 5
/* The REE FS hash tree's error paths. */
#define PTA_INVOKE_TESTS_CMD_FS_HTREE 6

/*
 * PTA_INVOKE_TESTS_CMD_MUTEX - the core's read/write mutex
 * [in]  value[0].a	PTA_MUTEX_TEST_WRITER or PTA_MUTEX_TEST_READER
 * [in]  value[0].b	rounds of delay
 * [out] value[1].a	lockers before the lock was taken
 * [out] value[1].b	lockers while it was held
 */
#define PTA_MUTEX_TEST_WRITER	   0
#define PTA_MUTEX_TEST_READER	   1
#define PTA_INVOKE_TESTS_CMD_MUTEX 7

/* The lock dependency checker. */
#define PTA_INVOKE_TESTS_CMD_LOCKDEP 8

/* AES modes of PTA_INVOKE_TEST_CMD_AES_PERF (ta_aes_perf.h's values). */
#define PTA_INVOKE_TESTS_AES_ECB 0
#define PTA_INVOKE_TESTS_AES_CBC 1
#define PTA_INVOKE_TESTS_AES_CTR 2
#define PTA_INVOKE_TESTS_AES_XTS 3
#define PTA_INVOKE_TESTS_AES_GCM 4

/*
 * PTA_INVOKE_TEST_CMD_AES_PERF - AES in the core, timed
 * [in] value[0].a	decrypt in the top 16 bits, key bits in the low 16
 * [in] value[0].b	a PTA_INVOKE_TESTS_AES_* mode
 * [in] value[1].a	repetitions
 * [in] value[1].b	unit size
 * [in] memref[2]	input
 * [in] memref[3]	output
 */
#define PTA_INVOKE_TEST_CMD_AES_PERF 9

/* [inout] memref[0]: a NULL memory reference of size 0. */
#define PTA_INVOKE_TESTS_CMD_MEMREF_NULL 10

/* The device tree driver framework's self tests. */
#define PTA_INVOKE_TESTS_CMD_DT_DRIVER_TESTS 11

/* The firmware handoff transfer list's self tests. */
#define PTA_INVOKE_TESTS_CMD_TRANSFER_LIST_TESTS 12

#endif /* TEEBOX_PTA_INVOKE_TESTS_H */
