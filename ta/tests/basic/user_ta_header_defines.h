/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_basic: the runtime's test bench (see test_ta_cmds.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_cmds.h>
#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_BASIC_UUID

#define TA_FLAGS      (TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION)
#define TA_STACK_SIZE (16 * 1024)
#define TA_DATA_SIZE  TA_TEST_BASIC_DATA_SIZE

#define TA_DESCRIPTION TA_TEST_BASIC_DESCRIPTION
#define TA_VERSION     TA_TEST_BASIC_VERSION

#endif
