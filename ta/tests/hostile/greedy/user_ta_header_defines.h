/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_hostile_greedy: takes memory before it starts (test_ta_hostile.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_hostile.h>

#define TA_UUID TA_TEST_HOSTILE_GREEDY_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE TA_TEST_HOSTILE_STACK_SIZE
#define TA_DATA_SIZE  TA_TEST_HOSTILE_DATA_SIZE

/* Its constructor maps this much and keeps it. */
#define TA_TEST_HOSTILE_GREEDY_MIB TA_TEST_HOSTILE_OVER_MIB

#endif
