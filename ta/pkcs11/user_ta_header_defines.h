/* SPDX-License-Identifier: BSD-2-Clause */
/* The PKCS#11 TA's header, with OP-TEE's values (ABI-FACTS-INTERNAL §6.1). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include "pkcs11_ta.h"

#define TA_UUID PKCS11_TA_UUID

/* One instance for every client, kept alive: tokens are shared state. */
#define TA_FLAGS                                                               \
	(TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION |                     \
	 TA_FLAG_INSTANCE_KEEP_ALIVE)
#define TA_STACK_SIZE (4 * 1024)
/* OP-TEE's CFG_PKCS11_TA_HEAP_SIZE is 32 KiB; token objects live here. */
#define TA_DATA_SIZE (64 * 1024)

#define TA_VERSION     "1.0.0"
#define TA_DESCRIPTION "PKCS#11 trusted application"

#endif
