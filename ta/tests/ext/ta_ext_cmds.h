/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_ext's commands: OP-TEE's TA API extensions
 * (tee_internal_api_extensions.h), one per call, answers in values.
 *
 * TA_EXT_CMD_UUID_FROM_STR: tee_uuid_from_str()
 *   [0] MEMREF_INPUT	the string's bytes (the TA adds the NUL)
 *   [1] MEMREF_OUTPUT	sizeof(TEE_UUID): the TEE_UUID, filled with
 *			TA_EXT_FILL before the call (so an untouched one
 *			shows)
 *   [2] VALUE_INOUT	a: 1 = pass a NULL string; out b: the result
 *
 * TA_EXT_CMD_CACHE: TEE_CacheClean/Flush/Invalidate on memory of a kind
 *   [0] VALUE_INOUT	a: enum ta_ext_cache_op, b: enum ta_ext_where;
 *			out a: the result
 *   [1] MEMREF_INOUT	client memory, for TA_EXT_MEMREF
 *   [2] VALUE_INPUT	a: offset into [1] (TA_EXT_MEMREF), b: length
 *
 * TA_EXT_CMD_MALLOC_HINT: TEE_Malloc(b, a), then TEE_Free()
 *   [0] VALUE_INPUT	a: the hint, b: the size
 *   [1] VALUE_OUTPUT	a: 1 when TEE_Malloc returned memory
 *
 * TA_EXT_CMD_HEAP_CHECK: tee_user_mem_check_heap() after each step of
 *   mark; TEE_Malloc(100); TEE_Realloc(to 300); TEE_Free; then free a
 *   block of 10 bytes allocated before a second mark
 *   [0] VALUE_OUTPUT	a, b: after mark, after TEE_Malloc
 *   [1] VALUE_OUTPUT	a, b: after TEE_Realloc, after TEE_Free
 *   [2] VALUE_OUTPUT	a, b: after the older block's free, low and high
 *			32 bits
 * TA_EXT_CMD_MALLOC_ZERO: TEE_Malloc() of 0 bytes and TEE_Realloc() to
 *   and from 0, in both pools (OP-TEE's TEE_NULL_SIZED_VA = 1 and
 *   TEE_NULL_SIZED_NO_SHARE_VA = 2)
 *   [0] VALUE_OUTPUT	a, b: TEE_Malloc(0, FILL_ZERO), TEE_Malloc(0,
 *			NO_SHARE), as numbers
 *   [1] VALUE_OUTPUT	a, b: TEE_Realloc(heap block, 0), TEE_Realloc(
 *			no-share block, 0) (b: 0 when the TA has no pool)
 *   [2] VALUE_OUTPUT	a: 1 when TEE_Realloc(a, 16) of [0].a's pointer
 *			gave 16 zero bytes of writable TA memory; b: the
 *			same for [0].b's pointer (in the no-share pool)
 *   [3] VALUE_OUTPUT	a: how many 1024-byte NO_SHARE blocks fit before
 *			NULL (at most 64); b: 1 when one fits again after
 *			they are freed
 * TA_EXT_CMD_NO_SHARE_TA2TA: TEE_OpenTASession() to TA_TEST_EXT2 with a
 *   16-byte block as MEMREF_INPUT [0], then TEE_CloseTASession()
 *   [0] VALUE_INPUT	a: 0 = a TEE_Malloc heap block, 1 = a NO_SHARE
 *			block (OP-TEE panics: check_invoke_param())
 *   [1] VALUE_OUTPUT	a: the open's result
 */
#ifndef TA_EXT_CMDS_H
#define TA_EXT_CMDS_H

#define TA_EXT_CMD_UUID_FROM_STR  0
#define TA_EXT_CMD_CACHE	  1
#define TA_EXT_CMD_MALLOC_HINT	  2
#define TA_EXT_CMD_HEAP_CHECK	  3
#define TA_EXT_CMD_MALLOC_ZERO	  4
#define TA_EXT_CMD_NO_SHARE_TA2TA 5

/* TA_TEST_EXT's TA_NO_SHARE_DATA_SIZE; TA_TEST_EXT2 has no pool. */
#define TA_EXT_NO_SHARE_SIZE 8192

#define TA_EXT_FILL 0xa5

/* OP-TEE's enum utee_cache_operation order */
enum ta_ext_cache_op {
	TA_EXT_CLEAN = 0,
	TA_EXT_FLUSH = 1,
	TA_EXT_INVALIDATE = 2,
};

/* Where the range lies; the length is [2].b */
enum ta_ext_where {
	TA_EXT_MEMREF = 0,     /* [1] from [2].a on */
	TA_EXT_HEAP = 1,       /* a TEE_Malloc block of 4096 */
	TA_EXT_STACK = 2,      /* the entry thread's stack */
	TA_EXT_DATA = 3,       /* a global array (the TA's image) */
	TA_EXT_ZI_PRIVATE = 4, /* tee_map_zi(4096, 0) */
	TA_EXT_ZI_SHARED = 5,  /* tee_map_zi(4096, ANY_OWNER) */
	TA_EXT_NULL = 6,       /* NULL */
	TA_EXT_UNMAPPED = 7,   /* a tee_map_zi() page, unmapped again */
};

#endif
