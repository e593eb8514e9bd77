/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_flags_multi_instance: flags 0, so every session gets an
 * instance (a process) of its own.
 */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_FLAGS_MULTI_INSTANCE_UUID

#define TA_FLAGS      0
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (16 * 1024)

#endif
