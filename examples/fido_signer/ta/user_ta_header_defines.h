/* SPDX-License-Identifier: BSD-2-Clause */
/* What the dev kit puts in the fido_signer TA's header. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <fido_signer_ta.h>

#define TA_UUID TA_FIDO_SIGNER_UUID

/* An instance per session: one credential per session. */
#define TA_FLAGS      TA_FLAG_EXEC_DDR
#define TA_STACK_SIZE (4 * 1024)
#define TA_DATA_SIZE  (32 * 1024)

#endif
