/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GP TEE Internal Core API functions, grouped by chapter of the
 * specification as ta/libutee implements them (one file per chapter).
 */
#ifndef TEE_API_H
#define TEE_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tee_api_defines.h"
#include "tee_api_types.h"

/* Panic function (ta/libutee/tee_api_panic.c) */

/**
 * TEE_Panic() - end the TA instance at once: every session of it fails
 * with TEE_ERROR_TARGET_DEAD; the trusted OS logs @panicCode
 */
void TEE_Panic(TEE_Result panicCode) __attribute__((noreturn));

/* Cancellation functions (ta/libutee/tee_api_cancel.c) */

/**
 * TEE_GetCancellationFlag() - true when the client asked to cancel the
 * current call and cancellation is not masked
 */
bool TEE_GetCancellationFlag(void);

/**
 * TEE_UnmaskCancellation() - let TEE_GetCancellationFlag() see requests
 * (masked by default in each session); returns true if it was masked
 */
bool TEE_UnmaskCancellation(void);

/** TEE_MaskCancellation() - hide requests; returns true if masked before. */
bool TEE_MaskCancellation(void);

/* Memory management functions (ta/libutee/tee_api_memory.c) */

/**
 * TEE_CheckMemoryAccessRights() - whether [@buffer, @buffer + @size) may
 * be accessed as @accessFlags says (TEE_MEMORY_ACCESS_*)
 * Returns TEE_SUCCESS or TEE_ERROR_ACCESS_DENIED.
 */
TEE_Result TEE_CheckMemoryAccessRights(uint32_t accessFlags, void *buffer,
				       size_t size);

/**
 * TEE_Malloc() - @size bytes of the TA's heap (TA_DATA_SIZE in all)
 * @hint:	TEE_MALLOC_FILL_ZERO (zeroed), TEE_MALLOC_NO_FILL, and
 *		TEE_MALLOC_NO_SHARE (no effect here)
 * Returns the memory, or NULL when the heap is exhausted or @hint unknown.
 */
void *TEE_Malloc(size_t size, uint32_t hint);

/**
 * TEE_Realloc() - resize @buffer (from TEE_Malloc) to @newSize bytes; a
 * NULL @buffer allocates.  Bytes beyond the old size are zeroed.
 * Returns the memory (perhaps moved) or NULL, leaving @buffer as it was.
 */
void *TEE_Realloc(void *buffer, size_t newSize);

/** TEE_Free() - release @buffer from TEE_Malloc/TEE_Realloc; NULL is fine. */
void TEE_Free(void *buffer);

/** TEE_MemMove() - copy @size bytes; the areas may overlap. */
void TEE_MemMove(void *dest, const void *src, size_t size);

/**
 * TEE_MemCompare() - compare @size bytes; < 0, 0 or > 0 as the first
 * differing byte of @buffer1 is smaller, none, or larger
 */
int32_t TEE_MemCompare(const void *buffer1, const void *buffer2, size_t size);

/** TEE_MemFill() - set @size bytes at @buff to (uint8_t)@x. */
void TEE_MemFill(void *buff, uint32_t x, size_t size);

#endif /* TEE_API_H */
