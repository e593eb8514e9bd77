// SPDX-License-Identifier: BSD-2-Clause
/* Best-fit extent allocator; see genalloc.h. */
#include <errno.h>
#include <string.h>

#include "alloc.h"
#include "genalloc.h"

struct gen_extent {
	unsigned long start;
	size_t len;
};

struct gen_pool *gen_pool_create(int min_alloc_order)
{
	struct gen_pool *pool;

	if (min_alloc_order < 0 || min_alloc_order > 30)
		return NULL;
	pool = kzalloc(sizeof(*pool));
	if (!pool)
		return NULL;
	mutex_init(&pool->lock);
	pool->min_alloc_order = min_alloc_order;
	return pool;
}

static size_t granule(const struct gen_pool *pool)
{
	return (size_t)1 << pool->min_alloc_order;
}

int gen_pool_add_virt(struct gen_pool *pool, unsigned long virt,
		      phys_addr_t phys, size_t size)
{
	size_t g = granule(pool);
	size_t cap;

	if (pool->virt || !virt || !size || virt % g || size % g ||
	    virt + size < virt)
		return -EINVAL;
	/* Worst case: every other granule free. */
	cap = size / g / 2 + 1;
	pool->free = kcalloc(cap, sizeof(*pool->free));
	if (!pool->free)
		return -ENOMEM;
	pool->capacity = cap;
	pool->virt = virt;
	pool->phys = phys;
	pool->size = size;
	pool->avail = size;
	pool->free[0].start = virt;
	pool->free[0].len = size;
	pool->nfree = 1;
	return 0;
}

/* Index of the smallest extent of at least @len bytes, or -1. */
static long best_fit(const struct gen_pool *pool, size_t len)
{
	long best = -1;

	for (size_t i = 0; i < pool->nfree; i++) {
		size_t l = pool->free[i].len;

		if (l >= len && (best < 0 || l < pool->free[best].len))
			best = (long)i;
		if (l == len)
			break;
	}
	return best;
}

static void remove_extent(struct gen_pool *pool, size_t i)
{
	memmove(&pool->free[i], &pool->free[i + 1],
		(pool->nfree - i - 1) * sizeof(pool->free[0]));
	pool->nfree--;
}

unsigned long gen_pool_alloc(struct gen_pool *pool, size_t size)
{
	size_t len;
	unsigned long addr = 0;
	long i;

	if (!size || size > pool->size)
		return 0;
	len = ALIGN_UP(size, granule(pool));
	mutex_lock(&pool->lock);
	i = best_fit(pool, len);
	if (i >= 0) {
		struct gen_extent *e = &pool->free[i];

		addr = e->start;
		e->start += len;
		e->len -= len;
		if (!e->len)
			remove_extent(pool, (size_t)i);
		pool->avail -= len;
	}
	mutex_unlock(&pool->lock);
	return addr;
}

/* Index of the first free extent starting after @addr (nfree if none). */
static size_t extent_after(const struct gen_pool *pool, unsigned long addr)
{
	size_t lo = 0;
	size_t hi = pool->nfree;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (pool->free[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Adds [addr, addr + len) as free, merging with neighbours.  Lock held. */
static int insert_free(struct gen_pool *pool, unsigned long addr, size_t len)
{
	size_t i = extent_after(pool, addr);
	struct gen_extent *prev = i ? &pool->free[i - 1] : NULL;
	struct gen_extent *next = i < pool->nfree ? &pool->free[i] : NULL;
	bool join_prev, join_next;

	/* Refuse a range that overlaps free space: a double free. */
	if (prev && prev->start + prev->len > addr)
		return -EINVAL;
	if (next && addr + len > next->start)
		return -EINVAL;

	join_prev = prev && prev->start + prev->len == addr;
	join_next = next && addr + len == next->start;
	if (join_prev && join_next) {
		prev->len += len + next->len;
		remove_extent(pool, i);
	} else if (join_prev) {
		prev->len += len;
	} else if (join_next) {
		next->start = addr;
		next->len += len;
	} else {
		if (pool->nfree == pool->capacity)
			return -EINVAL; /* cannot happen for valid frees */
		memmove(&pool->free[i + 1], &pool->free[i],
			(pool->nfree - i) * sizeof(pool->free[0]));
		pool->free[i].start = addr;
		pool->free[i].len = len;
		pool->nfree++;
	}
	return 0;
}

int gen_pool_free(struct gen_pool *pool, unsigned long addr, size_t size)
{
	size_t len;
	int rc;

	/* Check @size first: rounding a huge one up would wrap to 0. */
	if (!size || size > pool->size)
		return -EINVAL;
	len = ALIGN_UP(size, granule(pool));
	if (addr < pool->virt || addr % granule(pool) || len > pool->size ||
	    addr - pool->virt > pool->size - len)
		return -EINVAL;
	mutex_lock(&pool->lock);
	rc = insert_free(pool, addr, len);
	if (!rc)
		pool->avail += len;
	mutex_unlock(&pool->lock);
	return rc;
}

phys_addr_t gen_pool_virt_to_phys(struct gen_pool *pool, unsigned long addr)
{
	return pool->phys + (addr - pool->virt);
}

size_t gen_pool_avail(struct gen_pool *pool)
{
	size_t n;

	mutex_lock(&pool->lock);
	n = pool->avail;
	mutex_unlock(&pool->lock);
	return n;
}

size_t gen_pool_size(struct gen_pool *pool)
{
	return pool->size;
}

size_t gen_pool_largest_free(struct gen_pool *pool)
{
	size_t best = 0;

	mutex_lock(&pool->lock);
	for (size_t i = 0; i < pool->nfree; i++)
		if (pool->free[i].len > best)
			best = pool->free[i].len;
	mutex_unlock(&pool->lock);
	return best;
}

void gen_pool_destroy(struct gen_pool *pool)
{
	if (!pool)
		return;
	mutex_destroy(&pool->lock);
	kfree(pool->free);
	kfree(pool);
}
