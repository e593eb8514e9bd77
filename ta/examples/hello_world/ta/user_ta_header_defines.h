/* SPDX-License-Identifier: BSD-2-Clause */
/* The hello_world TA's header (OP-TEE convention). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <hello_world_ta.h>

#define TA_UUID TA_HELLO_WORLD_UUID

/* As in OP-TEE's example: an instance (a process) per session. */
#define TA_FLAGS      0
#define TA_STACK_SIZE (2 * 1024)
#define TA_DATA_SIZE  (32 * 1024)

#endif
