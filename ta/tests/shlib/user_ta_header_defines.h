/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_shlib: a TA linking a TA shared library (ta_test_shlib.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_SHLIB_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE (16 * 1024)
#define TA_DATA_SIZE  (32 * 1024)

#endif
