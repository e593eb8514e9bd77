/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's extensions to the Internal Core API.  Like OP-TEE's, this
 * header brings in the standard API, <stdio.h> (snprintf and friends),
 * <unistd.h> and OP-TEE's extension constants, and declares what
 * OP-TEE's lib/libutee/include/tee_internal_api_extensions.h declares.
 * tee_map_zi_va() is not here: no OP-TEE source stored for this work
 * (lib/libutee/tee_system_pta.c and the header, in every version kept)
 * has it, so there are no rules to follow for it.
 */
#ifndef TEE_INTERNAL_API_EXTENSIONS_H
#define TEE_INTERNAL_API_EXTENSIONS_H

#include <stdio.h>
#include <unistd.h>

#include "tee_api_defines_extensions.h"
#include "tee_internal_api.h"

/**
 * tee_user_mem_mark_heap() - start counting the TEE_Malloc bytes that are
 * allocated and not freed (OP-TEE's former tee_user_mem.c leak check)
 */
void tee_user_mem_mark_heap(void);

/**
 * tee_user_mem_check_heap() - the TEE_Malloc bytes allocated and not
 * freed since tee_user_mem_mark_heap() (size_t arithmetic: freeing
 * older blocks wraps); 0 when they balance
 */
size_t tee_user_mem_check_heap(void);

/* A TEE_Malloc hint, alone: do not zero the memory (TEE_MALLOC_NO_FILL). */
#define TEE_USER_MEM_HINT_NO_FILL_ZERO 0x80000000

/**
 * TEE_CacheClean() - write dirty data cache lines of @buf back to memory
 * @buf, @len: a memref parameter of the current call, or memory from
 *	tee_map_zi(.., TEE_MEMORY_ACCESS_ANY_OWNER)
 * Return: TEE_SUCCESS; TEE_ERROR_NOT_SUPPORTED without
 * TA_FLAG_CACHE_MAINTENANCE in TA_FLAGS; TEE_ERROR_ACCESS_DENIED for a
 * range that touches TA-private memory or memory the TA does not have.
 * The same for TEE_CacheFlush() (clean, then invalidate) and
 * TEE_CacheInvalidate() (discard).  On teebox's coherent memory only the
 * checks remain (ta/libutee/tee_api_cache.c).
 */
TEE_Result TEE_CacheClean(char *buf, size_t len);
/** TEE_CacheFlush() - clean, then invalidate: see TEE_CacheClean() */
TEE_Result TEE_CacheFlush(char *buf, size_t len);
/** TEE_CacheInvalidate() - discard cache lines: see TEE_CacheClean() */
TEE_Result TEE_CacheInvalidate(char *buf, size_t len);

/**
 * tee_uuid_from_str() - read "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
 * ('x' a hexadecimal digit of either case, nothing before or after)
 * @uuid:	[out] written only on success
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_FORMAT (also for a NULL @s).
 */
TEE_Result tee_uuid_from_str(TEE_UUID *uuid, const char *s);

/**
 * tee_invoke_supp_plugin() - invoke a tee-supplicant plugin (through the
 * system pseudo TA)
 * @uuid:	the plugin
 * @cmd:	its command
 * @sub_cmd:	its sub-command
 * @buf:	data for the plugin, which it may overwrite with its answer
 * @len:	@buf's size; 0 exactly when @buf is NULL
 * @outlen:	[out] the length of the plugin's answer (may be NULL); at
 *		most @len bytes of it are in @buf
 * Return: TEE_SUCCESS or the plugin's error; TEE_ERROR_BAD_PARAMETERS
 * for a NULL @uuid or @buf and @len that disagree;
 * TEE_ERROR_ITEM_NOT_FOUND when no plugin has @uuid.
 */
TEE_Result tee_invoke_supp_plugin(const TEE_UUID *uuid, uint32_t cmd,
				  uint32_t sub_cmd, void *buf, size_t len,
				  size_t *outlen);

/**
 * tee_map_zi() - map @len bytes (whole pages) of zero-initialised,
 * TA-private, readable and writable memory
 * @flags:	0, or TEE_MEMORY_ACCESS_ANY_OWNER (may be shared with
 *		other TAs)
 * Return: the memory, or NULL for a @len of 0 or above 4 GiB - 1, other
 * @flags, or no memory.
 */
void *tee_map_zi(size_t len, uint32_t flags);

/**
 * tee_unmap() - unmap what tee_map_zi() mapped (or part of it)
 * @buf:	page-aligned
 * @len:	rounded up to whole pages
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS for an unaligned,
 * empty or overflowing range, TEE_ERROR_ACCESS_DENIED for one that is
 * not inside a tee_map_zi() mapping.
 */
TEE_Result tee_unmap(void *buf, size_t len);

#endif /* TEE_INTERNAL_API_EXTENSIONS_H */
