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

/* Property access functions (ta/libutee/tee_api_property.c) */

/*
 * Every getter takes a property set's pseudo handle (TEE_PROPSET_*) and a
 * property @name, or an enumerator (then @name is ignored: the
 * enumerator's current property).  They return TEE_SUCCESS,
 * TEE_ERROR_ITEM_NOT_FOUND (no such property, or the enumerator is not on
 * one), TEE_ERROR_BAD_FORMAT (the value cannot be converted to the type
 * asked for), or for buffers TEE_ERROR_SHORT_BUFFER with the size needed
 * in *valueBufferLen.  An invalid handle or NULL output makes the TA
 * panic.
 */

/**
 * TEE_GetPropertyAsString() - a property as a NUL-terminated string;
 * *@valueBufferLen: the buffer's size in, the string's size with its NUL
 * out
 */
TEE_Result TEE_GetPropertyAsString(TEE_PropSetHandle propsetOrEnumerator,
				   const char *name, char *valueBuffer,
				   size_t *valueBufferLen);

/** TEE_GetPropertyAsBool() - a boolean property (or "true"/"false"). */
TEE_Result TEE_GetPropertyAsBool(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, bool *value);

/** TEE_GetPropertyAsU32() - an integer property that fits 32 bits. */
TEE_Result TEE_GetPropertyAsU32(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint32_t *value);

/** TEE_GetPropertyAsU64() - an integer property. */
TEE_Result TEE_GetPropertyAsU64(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint64_t *value);

/**
 * TEE_GetPropertyAsBinaryBlock() - a binary property (or a Base64
 * string); *@valueBufferLen: the buffer's size in, the bytes out
 */
TEE_Result TEE_GetPropertyAsBinaryBlock(TEE_PropSetHandle propsetOrEnumerator,
					const char *name, void *valueBuffer,
					size_t *valueBufferLen);

/** TEE_GetPropertyAsUUID() - a UUID property. */
TEE_Result TEE_GetPropertyAsUUID(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, TEE_UUID *value);

/** TEE_GetPropertyAsIdentity() - an identity property (login + UUID). */
TEE_Result TEE_GetPropertyAsIdentity(TEE_PropSetHandle propsetOrEnumerator,
				     const char *name, TEE_Identity *value);

/**
 * TEE_AllocatePropertyEnumerator() - a new enumerator, not started
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY (from the TA's heap).
 */
TEE_Result TEE_AllocatePropertyEnumerator(TEE_PropSetHandle *enumerator);

/** TEE_FreePropertyEnumerator() - free it; TEE_HANDLE_NULL is fine. */
void TEE_FreePropertyEnumerator(TEE_PropSetHandle enumerator);

/**
 * TEE_StartPropertyEnumerator() - put @enumerator on the first property
 * of @propSet (a TEE_PROPSET_* pseudo handle)
 */
void TEE_StartPropertyEnumerator(TEE_PropSetHandle enumerator,
				 TEE_PropSetHandle propSet);

/** TEE_ResetPropertyEnumerator() - back to "not started". */
void TEE_ResetPropertyEnumerator(TEE_PropSetHandle enumerator);

/**
 * TEE_GetPropertyName() - the current property's name, NUL-terminated;
 * *@nameBufferLen: the buffer's size in, the name's size with its NUL out
 */
TEE_Result TEE_GetPropertyName(TEE_PropSetHandle enumerator, void *nameBuffer,
			       size_t *nameBufferLen);

/**
 * TEE_GetNextProperty() - move to the next property
 * Return: TEE_SUCCESS, or TEE_ERROR_ITEM_NOT_FOUND at the end of the set
 * or when the enumerator was not started.
 */
TEE_Result TEE_GetNextProperty(TEE_PropSetHandle enumerator);

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
 * Return: TEE_SUCCESS or TEE_ERROR_ACCESS_DENIED.
 */
TEE_Result TEE_CheckMemoryAccessRights(uint32_t accessFlags, void *buffer,
				       size_t size);

/**
 * TEE_Malloc() - @size bytes of the TA's heap (TA_DATA_SIZE in all)
 * @hint:	TEE_MALLOC_FILL_ZERO (zeroed), TEE_MALLOC_NO_FILL, and
 *		TEE_MALLOC_NO_SHARE (no effect here)
 * Return: the memory, or NULL when the heap is exhausted or @hint unknown.
 */
void *TEE_Malloc(size_t size, uint32_t hint);

/**
 * TEE_Realloc() - resize @buffer (from TEE_Malloc) to @newSize bytes; a
 * NULL @buffer allocates.  Bytes beyond the old size are zeroed.
 * Return: the memory (perhaps moved) or NULL, leaving @buffer as it was.
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

/* Time functions (ta/libutee/tee_api_time.c) */

/**
 * TEE_GetSystemTime() - the trusted OS's monotonic clock (origin
 * arbitrary, protection level 100: the REE can delay the TA)
 */
void TEE_GetSystemTime(TEE_Time *time);

/**
 * TEE_Wait() - sleep @timeout milliseconds (TEE_TIMEOUT_INFINITE: until
 * cancelled)
 * Return: TEE_SUCCESS, or TEE_ERROR_CANCEL when the client cancelled the
 * call while cancellation was unmasked (before or during the wait).
 */
TEE_Result TEE_Wait(uint32_t timeout);

/**
 * TEE_GetTAPersistentTime() - the TA's persistent time.  teebox has no
 * storage for it yet: always TEE_ERROR_TIME_NOT_SET, *@time zeroed.
 */
TEE_Result TEE_GetTAPersistentTime(TEE_Time *time);

/**
 * TEE_SetTAPersistentTime() - set it.  teebox has no storage for it yet:
 * always TEE_ERROR_NOT_SUPPORTED.
 */
TEE_Result TEE_SetTAPersistentTime(const TEE_Time *time);

/** TEE_GetREETime() - the normal world's clock: time since the Epoch. */
void TEE_GetREETime(TEE_Time *time);

#endif /* TEE_API_H */
