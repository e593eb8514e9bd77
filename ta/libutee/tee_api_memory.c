// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Memory Management Functions.
 *
 * The TEE_Malloc heap is libc's malloc with accounting: every block's
 * usable size (malloc_usable_size) counts against TA_DATA_SIZE, and an
 * allocation that would go beyond fails with NULL.  Blocks are kept in a
 * tree by address range, which also answers "is this TA-private memory?"
 * for TEE_CheckMemoryAccessRights().
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
 */
#include <link.h>
#include <malloc.h>
#include <search.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <tee_internal_api.h>

#include "utee_priv.h"

/**
 * struct heap_block - a live TEE_Malloc block
 * @start, @size: the block as the TA asked for it
 * @usable:	what it counts against the heap limit
 */
struct heap_block {
	uintptr_t start;
	size_t size;
	size_t usable;
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
static size_t heap_used;
static size_t heap_limit;

/* What the statistics pseudo TA reports (struct ta_ipc_heap). */
static size_t heap_max_used;
static uint32_t heap_num_fail;
static size_t heap_biggest_fail;
static size_t heap_biggest_fail_used;

/* The stack, then the executable's segments (filled on first use). */
static struct mem_region regions[MAX_REGIONS];
static unsigned int nregions;
static bool segments_known;
static struct mem_region relro;

static uint32_t clamp32(size_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/*
 * Publishes the heap's figures on the shared page.  Relaxed stores: the
 * secure world reads a snapshot, each figure on its own.
 */
static void heap_publish(void)
{
	struct ta_ipc_heap *h = utee_channel_heap();

	if (!h)
		return;
	if (heap_used > heap_max_used)
		heap_max_used = heap_used;
	atomic_store_explicit(&h->allocated, clamp32(heap_used),
			      memory_order_relaxed);
	atomic_store_explicit(&h->max_allocated, clamp32(heap_max_used),
			      memory_order_relaxed);
	atomic_store_explicit(&h->size, clamp32(heap_limit),
			      memory_order_relaxed);
	atomic_store_explicit(&h->num_alloc_fail, heap_num_fail,
			      memory_order_relaxed);
	atomic_store_explicit(&h->biggest_alloc_fail,
			      clamp32(heap_biggest_fail), memory_order_relaxed);
	atomic_store_explicit(&h->biggest_alloc_fail_used,
			      clamp32(heap_biggest_fail_used),
			      memory_order_relaxed);
}

/*
 * An allocation of @size was refused: counted as OP-TEE's bget does, and
 * said once per instance, naming the setting to raise.  EMSG formats on
 * the stack and writes once: nothing here allocates.
 */
static void *heap_refused(size_t size)
{
	static bool told;

	if (!told) {
		told = true;
		EMSG("heap exhausted: %zu bytes refused with %zu of "
		     "TA_DATA_SIZE "
		     "= %zu bytes in use; raise TA_DATA_SIZE in "
		     "user_ta_header_defines.h",
		     size, heap_used, heap_limit);
	}
	heap_num_fail++;
	if (size > heap_biggest_fail) {
		heap_biggest_fail = size;
		heap_biggest_fail_used = heap_used;
	}
	heap_publish();
	return NULL;
}

void utee_heap_init(size_t limit)
{
	heap_limit = limit;
	heap_publish();
}

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

static size_t heap_room(void)
{
	return heap_used >= heap_limit ? 0 : heap_limit - heap_used;
}

void *TEE_Malloc(size_t size, uint32_t hint)
{
	struct heap_block *b;
	size_t usable;
	void *p;

	if (hint & ~(uint32_t)(TEE_MALLOC_NO_FILL | TEE_MALLOC_NO_SHARE)) {
		EMSG("invalid hint 0x%x", hint);
		return NULL;
	}
	if (size > heap_room())
		return heap_refused(size);
	p = (hint & TEE_MALLOC_NO_FILL) ? malloc(size) : calloc(1, size);
	if (!p)
		return heap_refused(size);
	usable = malloc_usable_size(p);
	b = malloc(sizeof(*b));
	if (usable > heap_room() || !b)
		goto err;
	*b = (struct heap_block){
		.start = (uintptr_t)p,
		.size = size,
		.usable = usable,
	};
	if (!tsearch(b, &heap_tree, block_cmp))
		goto err;
	heap_used += usable;
	heap_publish();
	return p;
err:
	free(b);
	free(p);
	return heap_refused(size);
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
	if (newSize > b->usable && newSize - b->usable > heap_room())
		return heap_refused(newSize);
	/* realloc(p, 0) would free the block: keep one byte instead. */
	p = realloc(buffer, newSize ? newSize : 1);
	if (!p)
		return heap_refused(newSize);

	tdelete(b, &heap_tree, block_cmp);
	old_size = b->size;
	if (newSize > old_size)
		memset(p + old_size, 0, newSize - old_size);
	heap_used -= b->usable;
	b->start = (uintptr_t)p;
	b->size = newSize;
	b->usable = malloc_usable_size(p);
	heap_used += b->usable;
	if (!tsearch(b, &heap_tree, block_cmp))
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	heap_publish();
	return p;
}

void TEE_Free(void *buffer)
{
	struct heap_block *b;

	if (!buffer)
		return;
	b = block_of(buffer);
	if (b) {
		tdelete(b, &heap_tree, block_cmp);
		heap_used -= b->usable;
		free(b);
		heap_publish();
	}
	free(buffer);
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

/* Records the main executable's loadable segments (the first object). */
static int add_segments(struct dl_phdr_info *info, size_t len, void *arg)
{
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
	return 1; /* the executable comes first: stop there */
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
