/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_flags_keep_alive: one instance for all sessions, kept when the
 * last one closes.
 */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_FLAGS_KEEP_ALIVE_UUID

#define TA_FLAGS                                                               \
	(TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION |                     \
	 TA_FLAG_INSTANCE_KEEP_ALIVE)
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (16 * 1024)

#endif
