/* SPDX-License-Identifier: BSD-2-Clause */
/* What the dev kit puts in the keystore TA's header. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <keystore_ta.h>

#define TA_UUID TA_KEYSTORE_UUID

/* An instance per session: the key lives and dies with its session. */
#define TA_FLAGS      TA_FLAG_EXEC_DDR
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (64 * 1024)

#endif
