/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_ta2ta_multisess2: as multisess, a second one (cycles). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <ta_ta2ta_cmds.h>

#define TA_UUID TA_TEST_TA2TA_MULTISESS2_UUID

#define TA_FLAGS      (TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION)
#define TA_STACK_SIZE (32 * 1024)
#define TA_DATA_SIZE  (256 * 1024)

#endif
