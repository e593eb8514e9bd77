// SPDX-License-Identifier: BSD-2-Clause
/* Counted heap allocation with fault injection; see alloc.h. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* Outstanding allocations, for leak checks. */
static atomic_long live_allocs;
/* Allocations left before the injected failure; 0 = no injection. */
static atomic_long fail_countdown;

static int should_fail(void)
{
	long n = atomic_load(&fail_countdown);

	while (n > 0) {
		if (atomic_compare_exchange_weak(&fail_countdown, &n, n - 1))
			return n == 1;
	}
	return 0;
}

void *kmalloc(size_t size)
{
	void *p;

	if (should_fail())
		return NULL;
	p = malloc(size ? size : 1);
	if (p)
		atomic_fetch_add(&live_allocs, 1);
	return p;
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void *kcalloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return kzalloc(n * size);
}

void kfree(void *ptr)
{
	if (!ptr)
		return;
	atomic_fetch_sub(&live_allocs, 1);
	free(ptr);
}

long kmem_live(void)
{
	return atomic_load(&live_allocs);
}

void kmem_fail_nth(long n)
{
	atomic_store(&fail_countdown, n > 0 ? n : 0);
}
