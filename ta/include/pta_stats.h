/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The statistics pseudo TA: OP-TEE's interface (its pta_stats.h; a
 * client such as tee-stats or xtest opens a session to STATS_UUID like
 * to any TA).  The pseudo TA lives in the trusted OS itself, so it is
 * there without a .ta file.
 *
 * teebox answers STATS_CMD_TA_STATS and STATS_CMD_GET_TIME.  The pager,
 * allocator and leak commands describe OP-TEE's own memory managers,
 * which teebox does not have: they answer TEE_ERROR_NOT_SUPPORTED.
 */
#ifndef TEEBOX_PTA_STATS_H
#define TEEBOX_PTA_STATS_H

#include <stdint.h>

#include "tee_api_types.h"

/* d96a5b40-e2c7-b1af-8794-1002a5d5c61b */
#define STATS_UUID                                                             \
	{                                                                      \
		0xd96a5b40, 0xe2c7, 0xb1af,                                    \
		{                                                              \
			0x87, 0x94, 0x10, 0x02, 0xa5, 0xd5, 0xc6, 0x1b         \
		}                                                              \
	}

#define STATS_CMD_PAGER_STATS	0
#define STATS_CMD_ALLOC_STATS	1
#define STATS_CMD_MEMLEAK_STATS 2

/*
 * STATS_CMD_TA_STATS - one struct pta_stats_ta per TA instance
 * [out] memref[0]: the array; too small → TEE_ERROR_SHORT_BUFFER with
 *		    the size needed
 */
#define STATS_CMD_TA_STATS 3

/*
 * STATS_CMD_GET_TIME - the REE time as the trusted OS gets it and the
 * TEE's system time
 * [out] value[0]: a = REE seconds, b = milliseconds
 * [out] value[1]: a = TEE system seconds, b = milliseconds
 */
#define STATS_CMD_GET_TIME 4

#define TEE_ALLOCATOR_DESC_LENGTH 32

/**
 * struct pta_stats_alloc - an allocator's figures
 * @desc:	its name, NUL-terminated ("Heap" for a TA's TEE_Malloc heap)
 * @allocated:	bytes in use
 * @max_allocated: most bytes in use at once
 * @size:	the allocator's size
 * @num_alloc_fail: allocations refused
 * @biggest_alloc_fail: the largest refused allocation
 * @biggest_alloc_fail_used: bytes in use when it was refused
 */
struct pta_stats_alloc {
	char desc[TEE_ALLOCATOR_DESC_LENGTH];
	uint32_t allocated;
	uint32_t max_allocated;
	uint32_t size;
	uint32_t num_alloc_fail;
	uint32_t biggest_alloc_fail;
	uint32_t biggest_alloc_fail_used;
};

/**
 * struct pta_stats_ta - a TA instance
 * @uuid:	the TA
 * @panicked:	non-zero once it panicked or crashed
 * @sess_num:	its open sessions
 * @heap:	its TEE_Malloc heap
 */
struct pta_stats_ta {
	TEE_UUID uuid;
	uint32_t panicked;
	uint32_t sess_num;
	struct pta_stats_alloc heap;
};

#endif
