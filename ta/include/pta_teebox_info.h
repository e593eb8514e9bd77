/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox's own information pseudo TA: what OP-TEE's statistics pseudo TA
 * (pta_stats.h) leaves out and a developer on teebox needs, the TA flags
 * of each instance and the process it runs in (to attach a debugger).
 * teectl tas asks it.  On OP-TEE hardware it does not exist: opening a
 * session to it fails with TEEC_ERROR_ITEM_NOT_FOUND there.
 */
#ifndef TEEBOX_PTA_TEEBOX_INFO_H
#define TEEBOX_PTA_TEEBOX_INFO_H

#include <stdint.h>

#include "tee_api_types.h"

/* da6b4392-3333-4b7c-b71b-09e279b1a3ff */
#define TEEBOX_INFO_UUID                                                       \
	{                                                                      \
		0xda6b4392, 0x3333, 0x4b7c,                                    \
		{                                                              \
			0xb7, 0x1b, 0x09, 0xe2, 0x79, 0xb1, 0xa3, 0xff         \
		}                                                              \
	}

/*
 * TEEBOX_INFO_CMD_TA_INSTANCES - one struct teebox_ta_instance per TA
 * instance, oldest first
 * [out] memref[0]: the array; too small → TEE_ERROR_SHORT_BUFFER with
 *		    the size needed
 */
#define TEEBOX_INFO_CMD_TA_INSTANCES 0

/*
 * TEEBOX_INFO_CMD_TA_CRASHES - the last crash of each TA that crashed
 * (the secure world remembers the last TEEBOX_INFO_CRASHES_MAX TAs), one
 * struct teebox_ta_crash each, least recent first
 * [out] memref[0]: the array; too small → TEE_ERROR_SHORT_BUFFER with
 *		    the size needed
 */
#define TEEBOX_INFO_CMD_TA_CRASHES 1
#define TEEBOX_INFO_CRASHES_MAX	   32
#define TEEBOX_INFO_CRASH_LEN	   128

/**
 * struct teebox_ta_crash - the last crash of a TA
 * @uuid:	the TA
 * @count:	how many of its instances crashed
 * @summary:	the last one, NUL-terminated: "crashed (signal 11, SIGSEGV)
 *		in function+0x14", "stack overflow (signal 11, SIGSEGV) in
 *		...", or the signal alone when the TA left no record
 */
struct teebox_ta_crash {
	TEE_UUID uuid;
	uint32_t count;
	char summary[TEEBOX_INFO_CRASH_LEN];
};

/**
 * struct teebox_ta_instance - a TA instance
 * @uuid:	the TA
 * @flags:	its TA_FLAG_* (user_ta_header.h)
 * @pid:	the process it runs in, in the host's pid namespace
 * @sess_num:	its open sessions
 * @panicked:	non-zero once it panicked or crashed
 * @heap_allocated: bytes of its TEE_Malloc heap in use
 * @heap_size:	its heap size, TA_DATA_SIZE
 */
struct teebox_ta_instance {
	TEE_UUID uuid;
	uint32_t flags;
	uint32_t pid;
	uint32_t sess_num;
	uint32_t panicked;
	uint32_t heap_allocated;
	uint32_t heap_size;
};

#endif
