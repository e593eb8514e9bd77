/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_storage: persistent objects in its own name space. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_STORAGE_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE (16 * 1024)
#define TA_DATA_SIZE  (256 * 1024)

#endif
