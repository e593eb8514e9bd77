// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TEE_MALLOC_NO_SHARE pool.  OP-TEE gives a TA that defines
 * TA_NO_SHARE_DATA_SIZE a second heap of that many bytes, apart from
 * TA_DATA_SIZE: TEE_Malloc() with TEE_MALLOC_NO_SHARE allocates there
 * (and returns NULL when the TA has none), and a TA that passes memory
 * of it to another TA in TEE_OpenTASession()/TEE_InvokeTACommand()
 * panics (lib/libutee/tee_api.c, buf_overlaps_no_share_heap()).
 *
 * Here the pool is a byte budget over blocks of the allocator below the
 * TA heap (utee_heap_raw_malloc()), kept in a tree of their ranges so
 * that "does this buffer touch the pool?" is one lookup.  A block costs
 * its size rounded up to POOL_ALIGN; OP-TEE's pool also pays its
 * allocator's headers, so a TA may fit a few more blocks here than
 * there.  A TA process runs TA code on one thread: no lock.
 */
#include <search.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <tee_internal_api.h>
#include <user_ta_header.h>

#include "utee_priv.h"

#define POOL_ALIGN 16

/**
 * struct pool_block - a live block of the pool
 * @start, @size: the block as the TA asked for it
 */
struct pool_block {
	uintptr_t start;
	size_t size;
};

static void *pool_tree;
static size_t pool_used;

/* TA_NO_SHARE_DATA_SIZE (user_ta_header.c), 0 for none. */
static size_t pool_size(void)
{
	return ta_no_share_heap_size;
}

static size_t cost(size_t size)
{
	return (size + POOL_ALIGN - 1) & ~(size_t)(POOL_ALIGN - 1);
}

/* Orders blocks by range; overlapping ranges compare equal (a lookup). */
static int range_cmp(const void *a, const void *b)
{
	const struct pool_block *x = a, *y = b;

	if (x->start + (x->size ? x->size : 1) <= y->start)
		return -1;
	if (x->start >= y->start + (y->size ? y->size : 1))
		return 1;
	return 0;
}

/* The live block that [@start, @start + @size) touches, or NULL. */
static struct pool_block *touched(uintptr_t start, size_t size)
{
	struct pool_block key = {.start = start, .size = size};
	struct pool_block **node = tfind(&key, &pool_tree, range_cmp);

	return node ? *node : NULL;
}

static bool room_for(size_t old_size, size_t new_size)
{
	size_t size = pool_size();

	if (new_size > size)
		return false;
	return pool_used - cost(old_size) + cost(new_size) <= size;
}

void *utee_no_share_alloc(size_t size, bool zero)
{
	struct pool_block *b;
	void *p;

	if (!size || !room_for(0, size))
		return NULL;
	b = utee_heap_raw_malloc(sizeof(*b));
	p = utee_heap_raw_malloc(size);
	if (!b || !p)
		goto err;
	*b = (struct pool_block){.start = (uintptr_t)p, .size = size};
	if (!tsearch(b, &pool_tree, range_cmp))
		goto err;
	pool_used += cost(size);
	return zero ? memset(p, 0, size) : p;
err:
	utee_heap_raw_free(p);
	utee_heap_raw_free(b);
	return NULL;
}

bool utee_no_share_owns(const void *p)
{
	struct pool_block *b = touched((uintptr_t)p, 1);

	return b && b->start == (uintptr_t)p;
}

void *utee_no_share_realloc(void *p, size_t size)
{
	struct pool_block *b = touched((uintptr_t)p, 1);
	size_t old_size = b->size;
	char *q;

	if (!size || !room_for(old_size, size))
		return NULL;
	q = utee_heap_raw_realloc(p, size);
	if (!q)
		return NULL;
	tdelete(b, &pool_tree, range_cmp);
	if (size > old_size)
		memset(q + old_size, 0, size - old_size);
	pool_used = pool_used - cost(old_size) + cost(size);
	*b = (struct pool_block){.start = (uintptr_t)q, .size = size};
	if (!tsearch(b, &pool_tree, range_cmp))
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	return q;
}

void utee_no_share_free(void *p)
{
	struct pool_block *b = touched((uintptr_t)p, 1);

	pool_used -= cost(b->size);
	tdelete(b, &pool_tree, range_cmp);
	utee_heap_raw_free(b);
	utee_heap_raw_free(p);
}

bool utee_no_share_overlaps(const void *buf, size_t size)
{
	if (!pool_tree || !size)
		return false;
	if ((uintptr_t)buf + size < (uintptr_t)buf)
		return true; /* wraps around: it touches everything */
	return touched((uintptr_t)buf, size);
}

bool utee_no_share_contains(uintptr_t start, uintptr_t end)
{
	struct pool_block *b = touched(start, 1);

	return b && end <= b->start + b->size;
}
