// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's cache maintenance extension (tee_internal_api_extensions.h):
 * TEE_CacheClean(), TEE_CacheFlush(), TEE_CacheInvalidate().
 *
 * On OP-TEE they are one system call, syscall_cache_operation()
 * (core/tee/tee_svc_cache.c), which checks, in this order:
 *
 *  1. the TA was built with TA_FLAG_CACHE_MAINTENANCE, else
 *     TEE_ERROR_NOT_SUPPORTED;
 *  2. the range does not intersect TA-private memory (the TA's image,
 *     heap, stack and non-shareable tee_map_zi() mappings: every region
 *     without VM_FLAGS_NONPRIV, vm_buf_intersects_um_private()), else
 *     TEE_ERROR_ACCESS_DENIED.  OP-TEE tested the region's attr instead
 *     of its flags until optee_os PR #7747 ("core:
 *     vm_buf_intersects_um_private(): fix flag check"), so this check
 *     never refused before that fix; teebox does what the fix does;
 *  3. the range is mapped and readable, as a memref or shareable memory
 *     (vm_check_access_rights(READ | ANY_OWNER)), else
 *     TEE_ERROR_ACCESS_DENIED;
 *  4. cache_operation(): the range's first byte has a physical address
 *     (else TEE_ERROR_ACCESS_DENIED), and the operation is one of the
 *     three (else TEE_ERROR_NOT_SUPPORTED).
 *
 * What that leaves a TA is its memref parameters (client memory, or
 * another TA's memory the core mapped for the call) and what it mapped
 * with tee_map_zi(.., TEE_MEMORY_ACCESS_ANY_OWNER): here, a range inside
 * one memref of the current call or one shareable mapping (OP-TEE maps
 * memrefs by whole pages and accepts any run of mapped non-private
 * pages: a range that crosses from one memref into the next, or into
 * the rest of a memref's page, passes there and not here).  An empty
 * range intersects nothing and checks no page, so only step 4 remains:
 * its address must be memory the TA can read.
 *
 * The maintenance itself has nothing to do: a TA's memory here is the
 * host's ordinary, cache-coherent memory (the secure world copies
 * memrefs through the same coherent pages), so clean, flush and
 * invalidate leave nothing to write back or discard.  Only the checks
 * are done, as OP-TEE does them, and their answers are OP-TEE's.
 */
#include <stdint.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <user_ta_header.h>

#include "utee_priv.h"

/* OP-TEE's enum utee_cache_operation (lib/libutee/include/utee_types.h) */
enum cache_op {
	CACHE_CLEAN = 0,
	CACHE_FLUSH = 1,
	CACHE_INVALIDATE = 2,
};

/* Memory that is not TA-private: a memref, or a shareable mapping. */
static bool nonprivate(const char *buf, size_t len)
{
	uintptr_t start = (uintptr_t)buf;

	return utee_memref_contains(buf, len) ||
	       utee_map_zi_shareable_contains(start, start + len);
}

/* syscall_cache_operation()'s checks; the operation itself is a no-op. */
static TEE_Result cache_operation(char *buf, size_t len, enum cache_op op)
{
	uintptr_t end;

	if (!(ta_head.flags & TA_FLAG_CACHE_MAINTENANCE))
		return TEE_ERROR_NOT_SUPPORTED;
	if (__builtin_add_overflow((uintptr_t)buf, len, &end))
		return TEE_ERROR_ACCESS_DENIED;
	if (len && !nonprivate(buf, len))
		return TEE_ERROR_ACCESS_DENIED;
	/* cache_operation(): virt_to_phys() of the first byte */
	if (!len &&
	    TEE_CheckMemoryAccessRights(TEE_MEMORY_ACCESS_READ |
						TEE_MEMORY_ACCESS_ANY_OWNER,
					buf, 1))
		return TEE_ERROR_ACCESS_DENIED;
	switch (op) {
	case CACHE_CLEAN:
	case CACHE_FLUSH:
	case CACHE_INVALIDATE:
		return TEE_SUCCESS; /* coherent memory: nothing to maintain */
	}
	return TEE_ERROR_NOT_SUPPORTED;
}

TEE_Result TEE_CacheClean(char *buf, size_t len)
{
	return cache_operation(buf, len, CACHE_CLEAN);
}

TEE_Result TEE_CacheFlush(char *buf, size_t len)
{
	return cache_operation(buf, len, CACHE_FLUSH);
}

TEE_Result TEE_CacheInvalidate(char *buf, size_t len)
{
	return cache_operation(buf, len, CACHE_INVALIDATE);
}
