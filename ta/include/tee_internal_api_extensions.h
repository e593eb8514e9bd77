/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's extensions to the Internal Core API.  Like OP-TEE's, this
 * header brings in the standard API, <stdio.h> (snprintf and friends),
 * <unistd.h> and OP-TEE's extension constants.  Of OP-TEE's extension
 * functions teebox has tee_invoke_supp_plugin(), tee_map_zi() and
 * tee_unmap() (in the TA process: see ta/libutee/utee_map_zi.c); not
 * yet tee_map_zi_va(), tee_uuid_from_str(), tee_user_mem_*() or
 * TEE_Cache*().
 */
#ifndef TEE_INTERNAL_API_EXTENSIONS_H
#define TEE_INTERNAL_API_EXTENSIONS_H

#include <stdio.h>
#include <unistd.h>

#include "tee_api_defines_extensions.h"
#include "tee_internal_api.h"

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
