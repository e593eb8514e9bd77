// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's tee_map_zi() and tee_unmap() (tee_internal_api_extensions.h).
 * OP-TEE asks its system pseudo TA to map zero-initialised pages into
 * the TA's address space (PTA_SYSTEM_MAP_ZI, _UNMAP).  A teebox TA is a
 * process of its own, so the pages are mapped here, anonymous and
 * private (zero-initialised, readable and writable, never executable),
 * with OP-TEE's rules for the arguments:
 *
 *  - tee_map_zi(): a length that fits OP-TEE's 32-bit parameter and is
 *    not 0, flags 0 or TEE_MEMORY_ACCESS_ANY_OWNER (OP-TEE's shareable
 *    mapping: every memref a TA passes on is copied here, so sharing
 *    needs nothing more), whole pages; else NULL;
 *  - tee_unmap(): page-aligned @buf, @len rounded up to pages (OP-TEE's
 *    32-bit length), an overflowing or empty range is
 *    TEE_ERROR_BAD_PARAMETERS; the range must lie in one tee_map_zi()
 *    mapping (part of it may go, as with OP-TEE's vm_unmap()), else
 *    TEE_ERROR_ACCESS_DENIED: the TA's other memory is never unmapped.
 *
 * The mappings are TA memory for TEE_CheckMemoryAccessRights()
 * (utee_map_zi_contains()); those mapped with TEE_MEMORY_ACCESS_ANY_OWNER
 * are not TA-private for TEE_Cache*() (utee_map_zi_shareable_contains():
 * OP-TEE's VM_FLAG_SHAREABLE is one of VM_FLAGS_NONPRIV).  A TA process is single-threaded: the
 * registry needs no lock.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "utee_priv.h"

/**
 * struct zi_map - a range tee_map_zi() mapped and not yet unmapped
 * @start, @end: page-aligned bounds
 * @shareable:	mapped with TEE_MEMORY_ACCESS_ANY_OWNER
 */
struct zi_map {
	uintptr_t start;
	uintptr_t end;
	bool shareable;
};

static struct zi_map *maps;
static size_t nmaps;
static size_t cap;

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* Room for one more entry; false when there is no memory. */
static bool reserve(void)
{
	struct zi_map *m;

	if (nmaps < cap)
		return true;
	m = realloc(maps, (cap ? 2 * cap : 8) * sizeof(*m));
	if (!m)
		return false;
	maps = m;
	cap = cap ? 2 * cap : 8;
	return true;
}

void *tee_map_zi(size_t len, uint32_t flags)
{
	size_t pg = page_size();
	size_t size;
	void *p;

	if (!len || len > UINT32_MAX)
		return NULL;
	if (flags && flags != TEE_MEMORY_ACCESS_ANY_OWNER)
		return NULL;
	size = (len + pg - 1) & ~(pg - 1);
	if (!reserve())
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	maps[nmaps++] = (struct zi_map){(uintptr_t)p, (uintptr_t)p + size,
					flags == TEE_MEMORY_ACCESS_ANY_OWNER};
	return p;
}

/* The entry holding [@start, @end), or nmaps. */
static size_t find(uintptr_t start, uintptr_t end)
{
	for (size_t i = 0; i < nmaps; i++)
		if (start >= maps[i].start && end <= maps[i].end)
			return i;
	return nmaps;
}

/* Takes [@start, @end) out of entry @i, splitting it if needed. */
static TEE_Result cut(size_t i, uintptr_t start, uintptr_t end)
{
	struct zi_map m = maps[i];

	if (start > m.start && end < m.end) {
		if (!reserve())
			return TEE_ERROR_OUT_OF_MEMORY;
		maps[nmaps++] = (struct zi_map){end, m.end, m.shareable};
		maps[i].end = start;
	} else if (start > m.start) {
		maps[i].end = start;
	} else if (end < m.end) {
		maps[i].start = end;
	} else {
		maps[i] = maps[--nmaps];
	}
	return TEE_SUCCESS;
}

TEE_Result tee_unmap(void *buf, size_t len)
{
	uintptr_t va = (uintptr_t)buf;
	size_t pg = page_size();
	/* OP-TEE's request carries the length in 32 bits. */
	size_t sz = ((size_t)(uint32_t)len + pg - 1) & ~(pg - 1);
	TEE_Result res = TEE_ERROR_BAD_PARAMETERS;
	size_t i;

	if (sz && !(va & (pg - 1)) && va + sz > va) {
		i = find(va, va + sz);
		res = TEE_ERROR_ACCESS_DENIED;
		if (i < nmaps)
			res = cut(i, va, va + sz);
		if (!res && munmap(buf, sz))
			res = TEE_ERROR_GENERIC;
	}
	if (res)
		EMSG("Invoke PTA_SYSTEM_UNMAP: buf %p, len %#zx", buf, len);
	return res;
}

bool utee_map_zi_contains(uintptr_t start, uintptr_t end)
{
	return find(start, end) < nmaps;
}

bool utee_map_zi_shareable_contains(uintptr_t start, uintptr_t end)
{
	size_t i = find(start, end);

	return i < nmaps && maps[i].shareable;
}
