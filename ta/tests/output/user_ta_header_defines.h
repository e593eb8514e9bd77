/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_output: a TA that forges log lines (see test_ta_output.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_output.h>

#define TA_UUID TA_TEST_OUTPUT_UUID

#define TA_FLAGS      (TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION)
#define TA_STACK_SIZE (16 * 1024)
#define TA_DATA_SIZE  (32 * 1024)

#define TA_DESCRIPTION "teebox test TA: forges log lines"
#define TA_VERSION     "1.0"

#endif
