/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_ext as TA_TEST_EXT2: without TA_FLAG_CACHE_MAINTENANCE. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_EXT2_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE (32 * 1024)
#define TA_DATA_SIZE  (256 * 1024)

#endif
