/* SPDX-License-Identifier: BSD-2-Clause */
/* What the dev kit puts in the gcm_seal TA's header. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <gcm_seal_ta.h>

#define TA_UUID TA_GCM_SEAL_UUID

/* One instance serves every session: the key handle is opened once. */
#define TA_FLAGS                                                               \
	(TA_FLAG_EXEC_DDR | TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION)
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (64 * 1024)

#endif
