// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the best-fit pool (kernel/genalloc.c).
 *
 * Every test that allocates from the kernel heap records kmem_live() first
 * and checks it is back to that value at the end.  Threads never call
 * cmocka assertions (they cannot unwind another thread): they record what
 * they saw and the test thread checks it after joining them.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/kref.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "kernel/sync.h"
#include "kernel/types.h"
#include "kernel/uaccess.h"

#include "kernel_test_util.h"

/* ------------------------------------------------------------------ */
/* genalloc                                                            */
/* ------------------------------------------------------------------ */

#define POOL_VIRT 0x100000UL
#define POOL_PHYS UINT64_C(0x80000000)

static struct gen_pool *make_pool(int order, size_t size)
{
	struct gen_pool *pool = gen_pool_create(order);

	assert_non_null(pool);
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, size),
			 0);
	return pool;
}

static void test_gen_pool_create_rejects_bad_order(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool;

	assert_null(gen_pool_create(-1));
	assert_null(gen_pool_create(31));
	assert_null(gen_pool_create(64));
	assert_null(gen_pool_create(INT_MIN));
	assert_int_equal(kmem_live(), live);
	pool = gen_pool_create(0);
	assert_non_null(pool);
	gen_pool_destroy(pool);
	pool = gen_pool_create(30);
	assert_non_null(pool);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_create_and_add_fail_cleanly_on_enomem(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool;

	kmem_fail_nth(1);
	assert_null(gen_pool_create(4));
	assert_int_equal(kmem_live(), live);
	pool = gen_pool_create(4);
	assert_non_null(pool);
	kmem_fail_nth(1);
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 4096),
			 -ENOMEM);
	assert_int_equal(gen_pool_size(pool), 0);
	assert_int_equal(gen_pool_avail(pool), 0);
	/* The pool still takes its range afterwards. */
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 4096),
			 0);
	assert_int_equal(gen_pool_avail(pool), 4096);
	kmem_fail_nth(0);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_add_virt_rejects_bad_ranges(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = gen_pool_create(4);

	assert_non_null(pool);
	assert_int_equal(gen_pool_add_virt(pool, 0, POOL_PHYS, 4096), -EINVAL);
	assert_int_equal(
		gen_pool_add_virt(pool, POOL_VIRT + 8, POOL_PHYS, 4096),
		-EINVAL);
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 4095),
			 -EINVAL);
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 0),
			 -EINVAL);
	assert_int_equal(gen_pool_add_virt(pool, ULONG_MAX - 15, POOL_PHYS, 32),
			 -EINVAL);
	assert_int_equal(gen_pool_size(pool), 0);
	assert_int_equal(kmem_live(), live + 1);
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 4096),
			 0);
	/* A pool takes one range. */
	assert_int_equal(gen_pool_add_virt(pool, POOL_VIRT, POOL_PHYS, 4096),
			 -EINVAL);
	assert_int_equal(gen_pool_add_virt(pool, 0x200000, POOL_PHYS, 4096),
			 -EINVAL);
	assert_int_equal(gen_pool_size(pool), 4096);
	assert_int_equal(gen_pool_avail(pool), 4096);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_without_range_allocates_nothing(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = gen_pool_create(4);

	assert_non_null(pool);
	assert_int_equal(gen_pool_size(pool), 0);
	assert_int_equal(gen_pool_avail(pool), 0);
	assert_int_equal(gen_pool_largest_free(pool), 0);
	assert_int_equal(gen_pool_alloc(pool, 16), 0);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT, 16), -EINVAL);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_alloc_rounds_up_to_granule(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(6, 4096);
	unsigned long a, b, c;

	a = gen_pool_alloc(pool, 1);
	assert_int_equal(a, POOL_VIRT);
	assert_int_equal(gen_pool_avail(pool), 4096 - 64);
	b = gen_pool_alloc(pool, 64);
	assert_int_equal(b, POOL_VIRT + 64);
	c = gen_pool_alloc(pool, 65);
	assert_int_equal(c, POOL_VIRT + 128);
	assert_int_equal(gen_pool_avail(pool), 4096 - 256);
	assert_true(IS_ALIGNED(a, 64) && IS_ALIGNED(b, 64) &&
		    IS_ALIGNED(c, 64));
	/* Freeing with the size that was asked for frees the rounded size. */
	assert_int_equal(gen_pool_free(pool, c, 65), 0);
	assert_int_equal(gen_pool_free(pool, a, 1), 0);
	assert_int_equal(gen_pool_free(pool, b, 64), 0);
	assert_int_equal(gen_pool_avail(pool), 4096);
	assert_int_equal(gen_pool_largest_free(pool), 4096);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_alloc_zero_or_oversized_returns_zero(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(4, 1024);

	assert_int_equal(gen_pool_alloc(pool, 0), 0);
	assert_int_equal(gen_pool_alloc(pool, 1025), 0);
	assert_int_equal(gen_pool_alloc(pool, SIZE_MAX), 0);
	assert_int_equal(gen_pool_avail(pool), 1024);
	assert_int_equal(gen_pool_alloc(pool, 1024), POOL_VIRT);
	assert_int_equal(gen_pool_avail(pool), 0);
	assert_int_equal(gen_pool_largest_free(pool), 0);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT, 1024), 0);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_best_fit_takes_smallest_fitting_extent(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(4, 4096);
	unsigned long a, b, c, d, e;

	a = gen_pool_alloc(pool, 64);
	b = gen_pool_alloc(pool, 32);
	c = gen_pool_alloc(pool, 64);
	d = gen_pool_alloc(pool, 128);
	e = gen_pool_alloc(pool, 4096 - 288); /* the rest: D has no tail */
	assert_true(a && b && c && d && e);
	assert_int_equal(gen_pool_avail(pool), 0);
	assert_int_equal(gen_pool_free(pool, b, 32), 0);
	assert_int_equal(gen_pool_free(pool, d, 128), 0);
	assert_int_equal(gen_pool_largest_free(pool), 128);
	/* 17 rounds to 32: both holes fit, the smaller one (B) wins. */
	assert_int_equal(gen_pool_alloc(pool, 17), b);
	assert_int_equal(gen_pool_alloc(pool, 32), d);
	assert_int_equal(gen_pool_avail(pool), 96);
	assert_int_equal(gen_pool_free(pool, b, 32), 0);
	assert_int_equal(gen_pool_free(pool, d, 32), 0);
	assert_int_equal(gen_pool_free(pool, a, 64), 0);
	assert_int_equal(gen_pool_free(pool, c, 64), 0);
	assert_int_equal(gen_pool_free(pool, e, 4096 - 288), 0);
	assert_int_equal(gen_pool_avail(pool), 4096);
	assert_int_equal(gen_pool_largest_free(pool), 4096);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

/* The smaller hole wins even when a larger one comes first in memory. */
static void test_gen_pool_best_fit_is_not_first_fit(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(4, 4096);
	unsigned long a, b, c, d;

	a = gen_pool_alloc(pool, 128);
	b = gen_pool_alloc(pool, 32);
	c = gen_pool_alloc(pool, 48);
	d = gen_pool_alloc(pool, 4096 - 208);
	assert_true(a && b && c && d);
	assert_int_equal(gen_pool_free(pool, a, 128), 0);
	assert_int_equal(gen_pool_free(pool, c, 48), 0);
	assert_int_equal(gen_pool_alloc(pool, 40), c);
	assert_int_equal(gen_pool_alloc(pool, 40), a);
	assert_int_equal(gen_pool_avail(pool), 128 - 48);
	/* The rest of A's hole is left at its end. */
	assert_int_equal(gen_pool_largest_free(pool), 80);
	assert_int_equal(gen_pool_alloc(pool, 80), a + 48);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_best_fit_tie_takes_lowest_address(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(4, 4096);
	unsigned long a, b, c, d, e;

	a = gen_pool_alloc(pool, 64);
	b = gen_pool_alloc(pool, 64);
	c = gen_pool_alloc(pool, 64);
	d = gen_pool_alloc(pool, 64);
	e = gen_pool_alloc(pool, 4096 - 256);
	assert_true(a && b && c && d && e);
	assert_int_equal(gen_pool_free(pool, d, 64), 0);
	assert_int_equal(gen_pool_free(pool, b, 64), 0);
	/* Smaller than both holes ... */
	assert_int_equal(gen_pool_alloc(pool, 16), b);
	assert_int_equal(gen_pool_free(pool, b, 16), 0);
	/* ... and an exact fit. */
	assert_int_equal(gen_pool_alloc(pool, 64), b);
	assert_int_equal(gen_pool_alloc(pool, 64), d);
	assert_int_equal(gen_pool_avail(pool), 0);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_exhaustion_returns_zero_and_keeps_avail(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(6, 1024);
	unsigned long a, b;

	a = gen_pool_alloc(pool, 512);
	b = gen_pool_alloc(pool, 256);
	assert_true(a && b);
	assert_int_equal(gen_pool_avail(pool), 256);
	assert_int_equal(gen_pool_alloc(pool, 257), 0);
	assert_int_equal(gen_pool_alloc(pool, 512), 0);
	assert_int_equal(gen_pool_avail(pool), 256);
	/* Enough bytes free in total, but not in one piece. */
	assert_int_equal(gen_pool_free(pool, a, 512), 0);
	assert_int_equal(gen_pool_alloc(pool, 448), a);
	assert_int_equal(gen_pool_avail(pool), 320);
	assert_int_equal(gen_pool_largest_free(pool), 256);
	assert_int_equal(gen_pool_alloc(pool, 320), 0);
	assert_int_equal(gen_pool_avail(pool), 320);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

/* A, B, C, D of 64 bytes each and E holding the rest of a 512-byte pool. */
static struct gen_pool *make_five(unsigned long *x)
{
	struct gen_pool *pool = make_pool(6, 512);

	for (int i = 0; i < 4; i++)
		x[i] = gen_pool_alloc(pool, 64);
	x[4] = gen_pool_alloc(pool, 256);
	for (int i = 0; i < 5; i++)
		assert_int_equal(x[i], POOL_VIRT + 64 * (unsigned long)i);
	assert_int_equal(gen_pool_avail(pool), 0);
	assert_int_equal(gen_pool_largest_free(pool), 0);
	return pool;
}

/*
 * Frees x[@first], then its neighbour x[@second]: the second free must
 * merge the two into one 128-byte extent, which starts at x[@lower].
 */
static void free_neighbours_coalesce(int first, int second, int lower)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, x[first], 64), 0);
	assert_int_equal(gen_pool_free(pool, x[second], 64), 0);
	assert_int_equal(gen_pool_largest_free(pool), 128);
	assert_int_equal(gen_pool_alloc(pool, 128), x[lower]);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_free_coalesces_with_previous(void **state)
{
	free_neighbours_coalesce(0, 1, 0);
}

static void test_gen_pool_free_coalesces_with_next(void **state)
{
	free_neighbours_coalesce(2, 1, 1);
}

static void test_gen_pool_free_coalesces_with_both(void **state)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, x[1], 64), 0);
	assert_int_equal(gen_pool_free(pool, x[3], 64), 0);
	assert_int_equal(gen_pool_largest_free(pool), 64);
	assert_int_equal(gen_pool_free(pool, x[2], 64), 0);
	assert_int_equal(gen_pool_largest_free(pool), 192);
	assert_int_equal(gen_pool_alloc(pool, 192), x[1]);
	/* The pool's first and last pieces merge the same way. */
	assert_int_equal(gen_pool_free(pool, x[1], 192), 0);
	assert_int_equal(gen_pool_free(pool, x[4], 256), 0);
	assert_int_equal(gen_pool_largest_free(pool), 448);
	assert_int_equal(gen_pool_free(pool, x[0], 64), 0);
	assert_int_equal(gen_pool_largest_free(pool), 512);
	assert_int_equal(gen_pool_avail(pool), 512);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_double_free_is_einval(void **state)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, x[1], 64), 0);
	assert_int_equal(gen_pool_free(pool, x[1], 64), -EINVAL);
	assert_int_equal(gen_pool_avail(pool), 64);
	/* Also once the range has merged into a larger free extent. */
	assert_int_equal(gen_pool_free(pool, x[2], 64), 0);
	assert_int_equal(gen_pool_free(pool, x[2], 64), -EINVAL);
	assert_int_equal(gen_pool_free(pool, x[1], 64), -EINVAL);
	assert_int_equal(gen_pool_avail(pool), 128);
	assert_int_equal(gen_pool_largest_free(pool), 128);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_overlapping_free_is_einval(void **state)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, x[2], 64), 0);
	/* Runs into the free extent from below. */
	assert_int_equal(gen_pool_free(pool, x[1], 128), -EINVAL);
	/* Starts at the free extent and runs past it. */
	assert_int_equal(gen_pool_free(pool, x[2], 128), -EINVAL);
	/* Covers the free extent entirely. */
	assert_int_equal(gen_pool_free(pool, x[1], 192), -EINVAL);
	assert_int_equal(gen_pool_avail(pool), 64);
	assert_int_equal(gen_pool_largest_free(pool), 64);
	/* The neighbours are still in use and free normally. */
	assert_int_equal(gen_pool_free(pool, x[1], 64), 0);
	assert_int_equal(gen_pool_free(pool, x[3], 64), 0);
	assert_int_equal(gen_pool_largest_free(pool), 192);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_free_outside_pool_is_einval(void **state)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, POOL_VIRT - 64, 64), -EINVAL);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT - 64, 128), -EINVAL);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT + 512, 64), -EINVAL);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT + 448, 128), -EINVAL);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT, 1024), -EINVAL);
	assert_int_equal(gen_pool_free(pool, 0, 64), -EINVAL);
	assert_int_equal(gen_pool_free(pool, ULONG_MAX - 63, 64), -EINVAL);
	assert_int_equal(gen_pool_free(pool, POOL_VIRT, SIZE_MAX - 8), -EINVAL);
	/* Not on a granule boundary. */
	assert_int_equal(gen_pool_free(pool, x[1] + 8, 32), -EINVAL);
	assert_int_equal(gen_pool_avail(pool), 0);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_free_size_zero_is_einval(void **state)
{
	long live = kmem_live();
	unsigned long x[5];
	struct gen_pool *pool = make_five(x);

	assert_int_equal(gen_pool_free(pool, x[1], 0), -EINVAL);
	assert_int_equal(gen_pool_avail(pool), 0);
	assert_int_equal(gen_pool_free(pool, x[1], 64), 0);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

/*
 * Allocates every granule of an @n-granule pool one by one, then frees
 * them in @order (a permutation of 0..n-1); every free must succeed.
 */
static void free_granules_in_order(size_t n, const size_t *order)
{
	struct gen_pool *pool = make_pool(4, n * 16);

	for (size_t i = 0; i < n; i++)
		assert_int_equal(gen_pool_alloc(pool, 16), POOL_VIRT + 16 * i);
	assert_int_equal(gen_pool_avail(pool), 0);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(
			gen_pool_free(pool, POOL_VIRT + 16 * order[i], 16), 0);
	assert_int_equal(gen_pool_avail(pool), n * 16);
	assert_int_equal(gen_pool_largest_free(pool), n * 16);
	gen_pool_destroy(pool);
}

static void test_gen_pool_worst_case_fragmentation_frees_succeed(void **state)
{
	enum { MAXN = 129 };
	static const size_t sizes[] = {1, 2, 3, 4, 63, 64, 128, 129};
	long live = kmem_live();
	size_t order[MAXN];
	uint32_t seed = 12345;

	for (size_t s = 0; s < ARRAY_SIZE(sizes); s++) {
		size_t n = sizes[s], k = 0;

		/* Even granules first: every other granule free. */
		for (size_t i = 0; i < n; i += 2)
			order[k++] = i;
		for (size_t i = 1; i < n; i += 2)
			order[k++] = i;
		free_granules_in_order(n, order);
		/* Odd granules first. */
		k = 0;
		for (size_t i = 1; i < n; i += 2)
			order[k++] = i;
		for (size_t i = 0; i < n; i += 2)
			order[k++] = i;
		free_granules_in_order(n, order);
		/* Random orders. */
		for (int round = 0; round < 20; round++) {
			for (size_t i = 0; i < n; i++)
				order[i] = i;
			for (size_t i = n; i > 1; i--) {
				size_t j = next_rand(&seed) % i;
				size_t t = order[i - 1];

				order[i - 1] = order[j];
				order[j] = t;
			}
			free_granules_in_order(n, order);
		}
	}
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_avail_and_size_bookkeeping(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(5, 8192);
	unsigned long held[64];
	size_t lens[64], used = 0;
	uint32_t seed = 99;

	assert_int_equal(gen_pool_size(pool), 8192);
	for (int i = 0; i < 64; i++) {
		lens[i] = 1 + next_rand(&seed) % 200;
		held[i] = gen_pool_alloc(pool, lens[i]);
		if (held[i])
			used += ALIGN_UP(lens[i], (size_t)32);
		assert_int_equal(gen_pool_avail(pool), 8192 - used);
	}
	for (int i = 63; i >= 0; i -= 2) {
		if (!held[i])
			continue;
		assert_int_equal(gen_pool_free(pool, held[i], lens[i]), 0);
		used -= ALIGN_UP(lens[i], (size_t)32);
		held[i] = 0;
		assert_int_equal(gen_pool_avail(pool), 8192 - used);
	}
	for (int i = 0; i < 64; i++) {
		if (held[i])
			assert_int_equal(gen_pool_free(pool, held[i], lens[i]),
					 0);
	}
	assert_int_equal(gen_pool_avail(pool), 8192);
	assert_int_equal(gen_pool_size(pool), 8192);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_virt_to_phys_translates_offsets(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(6, 4096);
	unsigned long a = gen_pool_alloc(pool, 64);
	unsigned long b = gen_pool_alloc(pool, 64);

	assert_int_equal(gen_pool_virt_to_phys(pool, POOL_VIRT), POOL_PHYS);
	assert_int_equal(gen_pool_virt_to_phys(pool, a), POOL_PHYS);
	assert_int_equal(gen_pool_virt_to_phys(pool, b), POOL_PHYS + 64);
	assert_int_equal(gen_pool_virt_to_phys(pool, POOL_VIRT + 4095),
			 POOL_PHYS + 4095);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

static void test_gen_pool_destroy_null_is_noop(void **state)
{
	gen_pool_destroy(NULL);
}

enum {
	CONC_THREADS = 4,
	CONC_OPS = 10000,
	CONC_ORDER = 6,
	CONC_POOL_SIZE = 256 * 1024,
	CONC_MAX_HELD = 64,
	CONC_MAX_SIZE = 2048,
};

/*
 * struct conc_worker - one thread of the concurrency test
 * @owner:	per granule, the id of the thread holding it (0: free); a
 *		thread finding a granule already owned means the pool gave
 *		out the same bytes twice
 * @errors:	problems this thread saw
 */
struct conc_worker {
	pthread_t thread;
	struct gen_pool *pool;
	atomic_uchar *owner;
	unsigned char id;
	uint32_t seed;
	int errors;
	int allocs;
	int failed_allocs;
};

static void conc_claim(struct conc_worker *w, unsigned long addr, size_t len,
		       bool claim)
{
	size_t first = (addr - POOL_VIRT) >> CONC_ORDER;
	size_t n = len >> CONC_ORDER;

	for (size_t i = first; i < first + n; i++) {
		unsigned char want = claim ? 0 : w->id;
		unsigned char now = claim ? w->id : 0;

		if (!atomic_compare_exchange_strong(&w->owner[i], &want, now))
			w->errors++;
	}
}

static void *conc_main(void *arg)
{
	struct conc_worker *w = arg;
	unsigned long addr[CONC_MAX_HELD];
	size_t len[CONC_MAX_HELD];
	size_t nheld = 0;

	for (int op = 0; op < CONC_OPS; op++) {
		uint32_t r = next_rand(&w->seed);

		if (nheld == CONC_MAX_HELD || (nheld && r % 2)) {
			size_t i = next_rand(&w->seed) % nheld;

			conc_claim(w, addr[i], len[i], false);
			if (gen_pool_free(w->pool, addr[i], len[i]))
				w->errors++;
			addr[i] = addr[nheld - 1];
			len[i] = len[nheld - 1];
			nheld--;
		} else {
			size_t size = 1 + next_rand(&w->seed) % CONC_MAX_SIZE;
			unsigned long a = gen_pool_alloc(w->pool, size);

			if (!a) {
				w->failed_allocs++;
				continue;
			}
			w->allocs++;
			size = ALIGN_UP(size, (size_t)1 << CONC_ORDER);
			if (a < POOL_VIRT || a % (1UL << CONC_ORDER) ||
			    a - POOL_VIRT + size > CONC_POOL_SIZE) {
				w->errors++;
				continue;
			}
			conc_claim(w, a, size, true);
			addr[nheld] = a;
			len[nheld] = size;
			nheld++;
		}
	}
	while (nheld) {
		nheld--;
		conc_claim(w, addr[nheld], len[nheld], false);
		if (gen_pool_free(w->pool, addr[nheld], len[nheld]))
			w->errors++;
	}
	return NULL;
}

static void test_gen_pool_concurrent_alloc_free_restores_avail(void **state)
{
	long live = kmem_live();
	struct gen_pool *pool = make_pool(CONC_ORDER, CONC_POOL_SIZE);
	size_t ngranules = CONC_POOL_SIZE >> CONC_ORDER;
	atomic_uchar *owner = calloc(ngranules, sizeof(*owner));
	struct conc_worker w[CONC_THREADS];

	assert_non_null(owner);
	for (int i = 0; i < CONC_THREADS; i++) {
		w[i] = (struct conc_worker){
			.pool = pool,
			.owner = owner,
			.id = (unsigned char)(i + 1),
			.seed = 0x9e3779b9u * (uint32_t)(i + 1),
		};
		assert_int_equal(
			pthread_create(&w[i].thread, NULL, conc_main, &w[i]),
			0);
	}
	for (int i = 0; i < CONC_THREADS; i++)
		pthread_join(w[i].thread, NULL);
	for (int i = 0; i < CONC_THREADS; i++) {
		assert_int_equal(w[i].errors, 0);
		assert_true(w[i].allocs > 0);
	}
	for (size_t i = 0; i < ngranules; i++)
		assert_int_equal(atomic_load(&owner[i]), 0);
	assert_int_equal(gen_pool_avail(pool), gen_pool_size(pool));
	assert_int_equal(gen_pool_largest_free(pool), CONC_POOL_SIZE);
	free(owner);
	gen_pool_destroy(pool);
	assert_int_equal(kmem_live(), live);
}

/* ------------------------------------------------------------------ */

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* genalloc */
		cmocka_unit_test(test_gen_pool_create_rejects_bad_order),
		cmocka_unit_test(
			test_gen_pool_create_and_add_fail_cleanly_on_enomem),
		cmocka_unit_test(test_gen_pool_add_virt_rejects_bad_ranges),
		cmocka_unit_test(test_gen_pool_without_range_allocates_nothing),
		cmocka_unit_test(test_gen_pool_alloc_rounds_up_to_granule),
		cmocka_unit_test(
			test_gen_pool_alloc_zero_or_oversized_returns_zero),
		cmocka_unit_test(
			test_gen_pool_best_fit_takes_smallest_fitting_extent),
		cmocka_unit_test(test_gen_pool_best_fit_is_not_first_fit),
		cmocka_unit_test(
			test_gen_pool_best_fit_tie_takes_lowest_address),
		cmocka_unit_test(
			test_gen_pool_exhaustion_returns_zero_and_keeps_avail),
		cmocka_unit_test(test_gen_pool_free_coalesces_with_previous),
		cmocka_unit_test(test_gen_pool_free_coalesces_with_next),
		cmocka_unit_test(test_gen_pool_free_coalesces_with_both),
		cmocka_unit_test(test_gen_pool_double_free_is_einval),
		cmocka_unit_test(test_gen_pool_overlapping_free_is_einval),
		cmocka_unit_test(test_gen_pool_free_outside_pool_is_einval),
		cmocka_unit_test(test_gen_pool_free_size_zero_is_einval),
		cmocka_unit_test(
			test_gen_pool_worst_case_fragmentation_frees_succeed),
		cmocka_unit_test(test_gen_pool_avail_and_size_bookkeeping),
		cmocka_unit_test(test_gen_pool_virt_to_phys_translates_offsets),
		cmocka_unit_test(test_gen_pool_destroy_null_is_noop),
		cmocka_unit_test(
			test_gen_pool_concurrent_alloc_free_restores_avail),
	};

	return cmocka_run_group_tests_name("kernel services: genalloc", tests,
					   NULL, NULL);
}
