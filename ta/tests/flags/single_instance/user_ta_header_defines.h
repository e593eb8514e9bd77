/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_flags_single_instance: SINGLE_INSTANCE without MULTI_SESSION,
 * so one session at a time.
 */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_FLAGS_SINGLE_INSTANCE_UUID

#define TA_FLAGS      TA_FLAG_SINGLE_INSTANCE
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (16 * 1024)

#endif
