/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_ext as TA_TEST_EXT: may do cache maintenance, has a no-share pool. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <ext/ta_ext_cmds.h>
#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_EXT_UUID

#define TA_FLAGS	      TA_FLAG_CACHE_MAINTENANCE
#define TA_STACK_SIZE	      (32 * 1024)
#define TA_DATA_SIZE	      (256 * 1024)
#define TA_NO_SHARE_DATA_SIZE TA_EXT_NO_SHARE_SIZE

#endif
