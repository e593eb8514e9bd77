/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Best-fit allocator over one address range (the kernel's genalloc with
 * gen_pool_best_fit).
 *
 * Free space is kept as an address-ordered list of extents; an allocation
 * takes the smallest extent that fits (the lowest one on a tie) and a free
 * coalesces with its neighbours.  Every size is rounded up to the pool's
 * granule, 1 << min_alloc_order.  The pool has its own lock.
 */
#ifndef TEEBOX_KERNEL_GENALLOC_H
#define TEEBOX_KERNEL_GENALLOC_H

#include <stddef.h>
#include "sync.h"
#include "types.h"

struct gen_extent;

/**
 * struct gen_pool - a best-fit pool over [virt, virt + size)
 * @lock:		protects the fields below
 * @min_alloc_order:	log2 of the granule
 * @virt:		first address (0 until gen_pool_add_virt())
 * @phys:		physical address of @virt
 * @size:		bytes in the range
 * @avail:		bytes free
 * @free:		free extents, address ordered
 * @nfree:		entries used in @free
 * @capacity:		entries allocated in @free (enough for the worst
 *			case, so a free never fails)
 */
struct gen_pool {
	struct mutex lock;
	int min_alloc_order;
	unsigned long virt;
	phys_addr_t phys;
	size_t size;
	size_t avail;
	struct gen_extent *free;
	size_t nfree;
	size_t capacity;
};

/** gen_pool_create() - an empty pool with granule 1 << @min_alloc_order. */
struct gen_pool *gen_pool_create(int min_alloc_order);

/**
 * gen_pool_add_virt() - give the pool its range
 * @virt must be nonzero; @virt and @size must be granule aligned.  A pool
 * takes one range.
 * Return: 0, -EINVAL or -ENOMEM.
 */
int gen_pool_add_virt(struct gen_pool *pool, unsigned long virt,
		      phys_addr_t phys, size_t size);

/** gen_pool_alloc() - allocate @size bytes; the address, or 0 if none fit. */
unsigned long gen_pool_alloc(struct gen_pool *pool, size_t size);

/**
 * gen_pool_free() - return [@addr, @addr + @size) to the pool
 * The range must be one gen_pool_alloc() gave out with the same size.
 * Return: 0, or -EINVAL when the range is outside the pool or not in use.
 */
int gen_pool_free(struct gen_pool *pool, unsigned long addr, size_t size);

/** gen_pool_virt_to_phys() - physical address of @addr in the pool. */
phys_addr_t gen_pool_virt_to_phys(struct gen_pool *pool, unsigned long addr);

/** gen_pool_avail() - bytes free. */
size_t gen_pool_avail(struct gen_pool *pool);

/** gen_pool_size() - bytes in the pool's range. */
size_t gen_pool_size(struct gen_pool *pool);

/** gen_pool_largest_free() - the largest single allocation that would fit. */
size_t gen_pool_largest_free(struct gen_pool *pool);

/** gen_pool_destroy() - free the pool; NULL is fine. */
void gen_pool_destroy(struct gen_pool *pool);

#endif
