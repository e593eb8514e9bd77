/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_hostile_shared: one instance for every client (test_ta_hostile.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_hostile.h>

#define TA_UUID TA_TEST_HOSTILE_SHARED_UUID

#define TA_FLAGS      (TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION)
#define TA_STACK_SIZE TA_TEST_HOSTILE_STACK_SIZE
#define TA_DATA_SIZE  TA_TEST_HOSTILE_DATA_SIZE

#endif
