/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_gp11: a GP 1.1 TA (see ta_gp11_cmds.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include "ta_gp11_cmds.h"

#define TA_UUID TA_TEST_GP11_UUID

/* One instance per session: a panic ends the session that caused it. */
#define TA_FLAGS      0
#define TA_STACK_SIZE (32 * 1024)
#define TA_DATA_SIZE  (256 * 1024)

#define TA_DESCRIPTION "teebox test TA: GP 1.1 compatibility"
#define TA_VERSION     "1.1"

#define TA_CURRENT_TA_EXT_PROPERTIES                                           \
	{GP11_PROP_BLOCK, USER_TA_PROP_TYPE_BINARY_BLOCK, "AQID"},

#endif
