/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_crash: a TA that crashes on demand (see test_ta_crash.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_crash.h>

#define TA_UUID TA_TEST_CRASH_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE TA_TEST_CRASH_STACK_SIZE
#define TA_DATA_SIZE  TA_TEST_CRASH_DATA_SIZE

#define TA_DESCRIPTION "teebox test TA: crashes on demand"
#define TA_VERSION     "1.0"

#endif
