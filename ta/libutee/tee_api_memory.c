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
 * TEE_Malloc() takes OP-TEE's hints exactly (lib/libutee/tee_api.c):
 * FILL_ZERO, its own TEE_USER_MEM_HINT_NO_FILL_ZERO (alone), NO_SHARE
 * with or without NO_FILL (the TA's no-share pool, utee_no_share.c), and
 * panics on NO_FILL alone; 0 bytes give a non-NULL pointer per pool
 * that TEE_Free() and TEE_Realloc() know.
 *
 * OP-TEE's extensions here: tee_user_mem_mark_heap() / tee_user_mem_check_heap(),
 * the leak check of OP-TEE's former lib/libutee/tee_user_mem.c: the
 * TEE_Malloc bytes allocated and not freed since the mark, in size_t
 * arithmetic (freeing a block from before the mark wraps, as OP-TEE's
 * heap_level did).  OP-TEE removed that file and kept only the two
 * declarations, so on OP-TEE today a TA that calls them does not link;
 * here they do what they did when they were there (with
 * CFG_TEE_CORE_USER_MEM_DEBUG=1, mk/config.mk's default then), counting
 * requested bytes rather than bget's block sizes.
 */
#include <inttypes.h>
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

/*
 * What TEE_Malloc() gives for 0 bytes: OP-TEE's non-NULL pointers that
 * must not be used, one per pool, which TEE_Free() and TEE_Realloc()
 * recognise.
 */
#define NULL_SIZED_VA	       ((void *)1)
#define NULL_SIZED_NO_SHARE_VA ((void *)2)

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

/* A TEE_Malloc block of the TA heap (utee_malloc.c counts and refuses). */
static void *heap_alloc(size_t size, bool zero)
{
	struct heap_block *b;
	void *p;

	p = zero ? utee_heap_calloc(1, size) : utee_heap_malloc(size);
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

/* A block of the TEE_MALLOC_NO_SHARE pool, or its zero-size stand-in. */
static void *no_share_alloc(size_t size, bool zero)
{
	if (!size)
		return NULL_SIZED_NO_SHARE_VA;
	return utee_no_share_alloc(size, zero);
}

/*
 * OP-TEE's hints, exactly: TEE_MALLOC_NO_FILL alone panics (OP-TEE
 * allows skipping the zeroing only with TEE_MALLOC_NO_SHARE, or with its
 * own TEE_USER_MEM_HINT_NO_FILL_ZERO), any other unknown hint is NULL.
 */
void *TEE_Malloc(size_t size, uint32_t hint)
{
	switch (hint) {
	case TEE_MALLOC_FILL_ZERO:
		return size ? heap_alloc(size, true) : NULL_SIZED_VA;
	case TEE_MALLOC_NO_FILL:
		TEE_Panic(0);
		break;
	case TEE_MALLOC_NO_SHARE:
		return no_share_alloc(size, true);
	case TEE_MALLOC_NO_FILL | TEE_MALLOC_NO_SHARE:
		return no_share_alloc(size, false);
	case TEE_USER_MEM_HINT_NO_FILL_ZERO:
		return size ? heap_alloc(size, false) : NULL_SIZED_VA;
	default:
		break;
	}
	EMSG("invalid hint 0x%" PRIx32, hint);
	return NULL;
}

/* Resizes TEE_Malloc block @b of the TA heap. */
static void *heap_realloc(struct heap_block *b, size_t size)
{
	size_t old_size = b->size;
	char *p = utee_heap_realloc((void *)b->start, size);

	if (!p)
		return NULL;
	tdelete(b, &heap_tree, block_cmp);
	if (size > old_size)
		memset(p + old_size, 0, size - old_size);
	b->start = (uintptr_t)p;
	b->size = size;
	heap_level += size - old_size;
	if (!tsearch(b, &heap_tree, block_cmp))
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	return p;
}

/*
 * As OP-TEE's: a size of 0 frees the block and gives the zero-size
 * stand-in of its pool; a stand-in grows into a zeroed block of its
 * pool.
 */
void *TEE_Realloc(void *buffer, size_t newSize)
{
	struct heap_block *b;

	if (!newSize) {
		void *none = utee_no_share_owns(buffer) ||
					     buffer == NULL_SIZED_NO_SHARE_VA
				     ? NULL_SIZED_NO_SHARE_VA
				     : NULL_SIZED_VA;

		TEE_Free(buffer);
		return none;
	}
	if (!buffer || buffer == NULL_SIZED_VA)
		return heap_alloc(newSize, true);
	if (buffer == NULL_SIZED_NO_SHARE_VA)
		return utee_no_share_alloc(newSize, true);
	if (utee_no_share_owns(buffer))
		return utee_no_share_realloc(buffer, newSize);
	b = block_of(buffer);
	if (!b) /* not ours: libc's malloc, as in OP-TEE where both share */
		return realloc(buffer, newSize);
	return heap_realloc(b, newSize);
}

void TEE_Free(void *buffer)
{
	struct heap_block *b;

	if (!buffer || buffer == NULL_SIZED_VA ||
	    buffer == NULL_SIZED_NO_SHARE_VA)
		return;
	if (utee_no_share_owns(buffer)) {
		utee_no_share_free(buffer);
		return;
	}
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

/*
 * OP-TEE's consttime_memcmp(): memcmp()'s sign, in a time that depends on
 * @size only (TAs compare MACs and PINs with it).  Walking backwards, the
 * first differing byte is the last difference kept.
 */
int32_t TEE_MemCompare(const void *buffer1, const void *buffer2, size_t size)
{
	const volatile uint8_t *a = buffer1, *b = buffer2;
	int32_t res = 0;

	for (size_t i = size; i-- > 0;) {
		int32_t d = (int32_t)a[i] - (int32_t)b[i];
		/* All ones when d != 0: d or -d has its sign bit set. */
		int32_t differs = -(int32_t)((uint32_t)(d | -d) >> 31);

		res = (res & ~differs) | (d & differs);
	}
	return (res > 0) - (res < 0);
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
	if (utee_map_zi_contains(p, end) || utee_no_share_contains(p, end)) {
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
