// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Memory Management Functions.
 *
 * The TEE_Malloc heap is the TA heap (utee_malloc.c: malloc, counted
 * against TA_DATA_SIZE, shared with libc's malloc as on OP-TEE).
 * TEE_Malloc blocks are kept in a tree by address range, which answers
 * "is this TA-private memory?" for TEE_CheckMemoryAccessRights().
 *
 * TEE_CheckMemoryAccessRights() knows two kinds of memory:
 *  - shared: the memrefs of the current call (client memory, mapped
 *    read/write);
 *  - TA-private: TEE_Malloc blocks, the entry thread's stack, and the TA
 *    executable's own segments (with their ELF permissions; RELRO is
 *    read-only).
 * Anything else (libc's internals, unmapped memory) is denied.  Per GP,
 * shared memory needs TEE_MEMORY_ACCESS_ANY_OWNER; OP-TEE's NONSECURE
 * asks for shared memory and SECURE for private memory.
 *
 * OP-TEE's extensions here: the hint TEE_USER_MEM_HINT_NO_FILL_ZERO
 * (alone, as OP-TEE's TEE_Malloc() switch takes it: TEE_MALLOC_NO_FILL's
 * older name), and tee_user_mem_mark_heap() / tee_user_mem_check_heap(),
 * the leak check of OP-TEE's former lib/libutee/tee_user_mem.c: the
 * TEE_Malloc bytes allocated and not freed since the mark, in size_t
 * arithmetic (freeing a block from before the mark wraps, as OP-TEE's
 * heap_level did).  OP-TEE removed that file and kept only the two
 * declarations, so on OP-TEE today a TA that calls them does not link;
 * here they do what they did when they were there (with
 * CFG_TEE_CORE_USER_MEM_DEBUG=1, mk/config.mk's default then), counting
 * requested bytes rather than bget's block sizes.
 */
#include <link.h>
#include <malloc.h>
#include <search.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "utee_priv.h"

/**
 * struct heap_block - a live TEE_Malloc block
 * @start, @size: the block as the TA asked for it
 */
struct heap_block {
	uintptr_t start;
	size_t size;
};

/**
 * struct mem_region - TA-private memory outside the heap
 * @start, @end: the range
 * @writable:	it may be written
 */
struct mem_region {
	uintptr_t start;
	uintptr_t end;
	bool writable;
};

#define MAX_REGIONS 16

static void *heap_tree;

/* TEE_Malloc bytes allocated minus freed since tee_user_mem_mark_heap(). */
static size_t heap_level;

/* The stack, then the executable's segments (filled on first use). */
static struct mem_region regions[MAX_REGIONS];
static unsigned int nregions;
static bool segments_known;
static struct mem_region relro;

void utee_mem_set_stack(void *base, size_t size)
{
	regions[0] = (struct mem_region){
		.start = (uintptr_t)base,
		.end = (uintptr_t)base + size,
		.writable = true,
	};
	if (!nregions)
		nregions = 1;
}

/* Orders blocks by range; overlapping ranges compare equal (a lookup). */
static int block_cmp(const void *a, const void *b)
{
	const struct heap_block *x = a, *y = b;
	uintptr_t x_end = x->start + (x->size ? x->size : 1);
	uintptr_t y_end = y->start + (y->size ? y->size : 1);

	if (x_end <= y->start)
		return -1;
	if (x->start >= y_end)
		return 1;
	return 0;
}

/* The block that starts at @p exactly, or NULL. */
static struct heap_block *block_of(const void *p)
{
	struct heap_block key = {.start = (uintptr_t)p, .size = 1};
	struct heap_block **node = tfind(&key, &heap_tree, block_cmp);

	if (!node || (*node)->start != (uintptr_t)p)
		return NULL;
	return *node;
}

void *TEE_Malloc(size_t size, uint32_t hint)
{
	struct heap_block *b;
	void *p;

	if (hint == TEE_USER_MEM_HINT_NO_FILL_ZERO)
		hint = TEE_MALLOC_NO_FILL;
	if (hint & ~(uint32_t)(TEE_MALLOC_NO_FILL | TEE_MALLOC_NO_SHARE)) {
		EMSG("invalid hint 0x%x", hint);
		return NULL;
	}
	/* The TA heap (utee_malloc.c) counts and refuses. */
	p = (hint & TEE_MALLOC_NO_FILL) ? utee_heap_malloc(size)
					: utee_heap_calloc(1, size);
	if (!p)
		return NULL;
	b = utee_heap_malloc(sizeof(*b));
	if (!b)
		goto err;
	*b = (struct heap_block){.start = (uintptr_t)p, .size = size};
	if (!tsearch(b, &heap_tree, block_cmp))
		goto err;
	heap_level += size;
	return p;
err:
	utee_heap_free(b);
	utee_heap_free(p);
	return NULL;
}

void *TEE_Realloc(void *buffer, size_t newSize)
{
	struct heap_block *b;
	size_t old_size;
	char *p;

	if (!buffer)
		return TEE_Malloc(newSize, TEE_MALLOC_FILL_ZERO);
	b = block_of(buffer);
	if (!b) /* not ours: libc's malloc, as in OP-TEE where both share */
		return realloc(buffer, newSize);
	/* realloc(p, 0) would free the block: keep one byte instead. */
	p = utee_heap_realloc(buffer, newSize ? newSize : 1);
	if (!p)
		return NULL;

	tdelete(b, &heap_tree, block_cmp);
	old_size = b->size;
	if (newSize > old_size)
		memset(p + old_size, 0, newSize - old_size);
	b->start = (uintptr_t)p;
	b->size = newSize;
	heap_level += newSize - old_size;
	if (!tsearch(b, &heap_tree, block_cmp))
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	return p;
}

void TEE_Free(void *buffer)
{
	struct heap_block *b;

	if (!buffer)
		return;
	b = block_of(buffer);
	if (b) {
		heap_level -= b->size;
		tdelete(b, &heap_tree, block_cmp);
		utee_heap_free(b);
	}
	utee_heap_free(buffer);
}

void tee_user_mem_mark_heap(void)
{
	heap_level = 0;
}

size_t tee_user_mem_check_heap(void)
{
	if (heap_level)
		EMSG("ta heap has changed of [%zu]", heap_level);
	return heap_level;
}

void TEE_MemMove(void *dest, const void *src, size_t size)
{
	memmove(dest, src, size);
}

int32_t TEE_MemCompare(const void *buffer1, const void *buffer2, size_t size)
{
	int r = memcmp(buffer1, buffer2, size);

	return r < 0 ? -1 : r > 0;
}

void TEE_MemFill(void *buff, uint32_t x, size_t size)
{
	memset(buff, (uint8_t)x, size);
}

/* Records the TA image's loadable segments (utee_is_ta_image()). */
static int add_segments(struct dl_phdr_info *info, size_t len, void *arg)
{
	(void)len;
	(void)arg;
	if (!utee_is_ta_image(info))
		return 0; /* the zygote or a library: the next one */
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_GNU_RELRO) {
			relro.start = start;
			relro.end = start + ph->p_memsz;
		}
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_R) ||
		    nregions >= MAX_REGIONS)
			continue;
		regions[nregions++] = (struct mem_region){
			.start = start,
			.end = start + ph->p_memsz,
			.writable = ph->p_flags & PF_W,
		};
	}
	return 1; /* the image found: stop there */
}

/* Whether [@p, @end) is TA-private memory, and if it may be written. */
static bool private_memory(uintptr_t p, uintptr_t end, bool *writable)
{
	struct heap_block key = {.start = p, .size = 1};
	struct heap_block **node;

	node = tfind(&key, &heap_tree, block_cmp);
	if (node) {
		*writable = true;
		return end <= (*node)->start + (*node)->size;
	}
	if (utee_map_zi_contains(p, end)) {
		*writable = true;
		return true;
	}
	if (!segments_known) {
		if (!nregions)
			nregions = 1; /* keep slot 0 for the stack */
		dl_iterate_phdr(add_segments, NULL);
		segments_known = true;
	}
	for (unsigned int i = 0; i < nregions; i++) {
		const struct mem_region *r = &regions[i];

		if (r->start == r->end || p < r->start || end > r->end)
			continue;
		*writable =
			r->writable && (end <= relro.start || p >= relro.end);
		return true;
	}
	return false;
}

TEE_Result TEE_CheckMemoryAccessRights(uint32_t accessFlags, void *buffer,
				       size_t size)
{
	uintptr_t p = (uintptr_t)buffer;
	bool writable = true;

	if (!size)
		return TEE_SUCCESS;
	if (p + size < p)
		return TEE_ERROR_ACCESS_DENIED;

	if (utee_memref_contains(buffer, size)) {
		/* Client memory: only for a caller that accepts sharing. */
		if (!(accessFlags & TEE_MEMORY_ACCESS_ANY_OWNER) ||
		    (accessFlags & TEE_MEMORY_ACCESS_SECURE))
			return TEE_ERROR_ACCESS_DENIED;
		return TEE_SUCCESS;
	}
	if (!private_memory(p, p + size, &writable) ||
	    (accessFlags & TEE_MEMORY_ACCESS_NONSECURE))
		return TEE_ERROR_ACCESS_DENIED;
	if ((accessFlags & TEE_MEMORY_ACCESS_WRITE) && !writable)
		return TEE_ERROR_ACCESS_DENIED;
	return TEE_SUCCESS;
}
