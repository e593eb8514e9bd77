// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the kernel services in kernel/: counted allocation, error
 * pointers, lists, reference counts, the id allocator, locks, completions
 * and tasks, emulated user memory, the best-fit pool and logging.
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

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* A small deterministic PRNG (xorshift32) so runs repeat exactly. */
static uint32_t next_rand(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * 1000000L,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ------------------------------------------------------------------ */
/* alloc                                                               */
/* ------------------------------------------------------------------ */

static void test_kmem_live_counts_allocations_and_frees(void **state)
{
	long live = kmem_live();
	void *a = kmalloc(16);
	void *b = kzalloc(32);
	void *c = kcalloc(4, 8);

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_int_equal(kmem_live(), live + 3);
	kfree(b);
	assert_int_equal(kmem_live(), live + 2);
	kfree(a);
	kfree(c);
	assert_int_equal(kmem_live(), live);
}

static void test_kzalloc_and_kcalloc_return_zeroed_memory(void **state)
{
	long live = kmem_live();
	unsigned char *z = kzalloc(256);
	unsigned char *c = kcalloc(32, 8);

	assert_non_null(z);
	assert_non_null(c);
	for (size_t i = 0; i < 256; i++) {
		assert_int_equal(z[i], 0);
		assert_int_equal(c[i], 0);
	}
	kfree(z);
	kfree(c);
	assert_int_equal(kmem_live(), live);
}

static void test_kmalloc_zero_size_returns_freeable_pointer(void **state)
{
	long live = kmem_live();
	void *a = kmalloc(0);
	void *b = kzalloc(0);
	void *c = kcalloc(0, 16);

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_int_equal(kmem_live(), live + 3);
	kfree(a);
	kfree(b);
	kfree(c);
	assert_int_equal(kmem_live(), live);
}

static void test_kcalloc_overflow_returns_null(void **state)
{
	long live = kmem_live();

	assert_null(kcalloc(SIZE_MAX / 2 + 1, 2));
	assert_null(kcalloc(2, SIZE_MAX / 2 + 1));
	assert_null(kcalloc(SIZE_MAX, SIZE_MAX));
	assert_int_equal(kmem_live(), live);
}

static void test_kfree_null_is_noop(void **state)
{
	long live = kmem_live();

	kfree(NULL);
	assert_int_equal(kmem_live(), live);
}

static void test_kmem_fail_nth_1_fails_next_allocation_only(void **state)
{
	long live = kmem_live();
	void *a, *b;

	kmem_fail_nth(1);
	assert_null(kmalloc(8));
	assert_int_equal(kmem_live(), live);
	a = kmalloc(8);
	b = kmalloc(8);
	assert_non_null(a);
	assert_non_null(b);
	kfree(a);
	kfree(b);
	assert_int_equal(kmem_live(), live);
}

static void test_kmem_fail_nth_3_fails_third_allocation_only(void **state)
{
	long live = kmem_live();
	void *p[5];

	kmem_fail_nth(3);
	for (int i = 0; i < 5; i++)
		p[i] = kmalloc(8);
	assert_non_null(p[0]);
	assert_non_null(p[1]);
	assert_null(p[2]);
	assert_non_null(p[3]);
	assert_non_null(p[4]);
	assert_int_equal(kmem_live(), live + 4);
	for (int i = 0; i < 5; i++)
		kfree(p[i]);
	assert_int_equal(kmem_live(), live);
}

static void test_kmem_fail_nth_applies_to_kzalloc_and_kcalloc(void **state)
{
	long live = kmem_live();

	kmem_fail_nth(1);
	assert_null(kzalloc(8));
	kmem_fail_nth(1);
	assert_null(kcalloc(2, 8));
	assert_int_equal(kmem_live(), live);
}

static void test_kmem_fail_nth_zero_or_negative_disables_injection(void **state)
{
	long live = kmem_live();
	void *p[4];

	kmem_fail_nth(2);
	kmem_fail_nth(0);
	for (int i = 0; i < 4; i++)
		p[i] = kmalloc(8);
	kmem_fail_nth(1);
	kmem_fail_nth(-5);
	for (int i = 0; i < 4; i++) {
		void *q = kmalloc(8);

		assert_non_null(p[i]);
		assert_non_null(q);
		kfree(q);
		kfree(p[i]);
	}
	assert_int_equal(kmem_live(), live);
}

/* ------------------------------------------------------------------ */
/* err.h and types.h                                                   */
/* ------------------------------------------------------------------ */

static void test_err_ptr_round_trips_errno(void **state)
{
	void *p = ERR_PTR(-ENOMEM);

	assert_true(IS_ERR(p));
	assert_true(IS_ERR_OR_NULL(p));
	assert_int_equal(PTR_ERR(p), -ENOMEM);
	assert_ptr_equal(ERR_CAST(p), p);
	assert_true(IS_ERR(ERR_PTR(-1)));
	assert_true(IS_ERR(ERR_PTR(-MAX_ERRNO)));
	assert_false(IS_ERR(ERR_PTR(-MAX_ERRNO - 1)));
	assert_true(IS_ERR_VALUE((uintptr_t)-ERESTARTSYS));
	assert_int_equal(PTR_ERR(ERR_PTR(-ERESTARTSYS)), -512);
	assert_int_equal(ERESTARTSYS, 512);
	assert_int_equal(ENOTSUPP, 524);
}

static void test_is_err_is_false_for_null_and_real_pointers(void **state)
{
	int x;

	assert_false(IS_ERR(NULL));
	assert_true(IS_ERR_OR_NULL(NULL));
	assert_false(IS_ERR(&x));
	assert_false(IS_ERR_OR_NULL(&x));
}

struct outer {
	int a;
	long b;
	struct list_head node;
};

static void test_types_helpers(void **state)
{
	struct outer o;
	int arr[7];

	assert_ptr_equal(container_of(&o.node, struct outer, node), &o);
	assert_int_equal(ARRAY_SIZE(arr), 7);
	assert_int_equal(ALIGN_UP(0UL, 16), 0);
	assert_int_equal(ALIGN_UP(1UL, 16), 16);
	assert_int_equal(ALIGN_UP(16UL, 16), 16);
	assert_int_equal(ALIGN_DOWN(31UL, 16), 16);
	assert_true(IS_ALIGNED(32UL, 16));
	assert_false(IS_ALIGNED(33UL, 16));
	assert_int_equal(BIT(3), 8);
	assert_int_equal(PAGE_SIZE, 4096);
	assert_int_equal(min_t(int, -1, 2), -1);
	assert_int_equal(max_t(int, -1, 2), 2);
}

/* ------------------------------------------------------------------ */
/* list                                                                */
/* ------------------------------------------------------------------ */

struct item {
	int v;
	struct list_head node;
};

/* Checks that @head holds exactly @n items with values @want, in order. */
static void assert_list_values(struct list_head *head, const int *want,
			       size_t n)
{
	struct item *it;
	size_t i = 0;

	assert_int_equal(list_count(head), n);
	list_for_each_entry (it, head, node) {
		assert_true(i < n);
		assert_int_equal(it->v, want[i]);
		i++;
	}
	assert_int_equal(i, n);
}

static void test_list_init_is_empty(void **state)
{
	struct list_head a = LIST_HEAD_INIT(a);
	struct list_head b;

	INIT_LIST_HEAD(&b);
	assert_true(list_empty(&a));
	assert_true(list_empty(&b));
	assert_int_equal(list_count(&a), 0);
	assert_ptr_equal(b.next, &b);
	assert_ptr_equal(b.prev, &b);
}

static void test_list_add_is_stack_order(void **state)
{
	struct item it[3] = {{.v = 1}, {.v = 2}, {.v = 3}};
	static const int want[] = {3, 2, 1};
	struct list_head head;

	INIT_LIST_HEAD(&head);
	for (int i = 0; i < 3; i++)
		list_add(&it[i].node, &head);
	assert_false(list_empty(&head));
	assert_list_values(&head, want, 3);
	assert_ptr_equal(list_first_entry(&head, struct item, node), &it[2]);
}

static void test_list_add_tail_is_queue_order(void **state)
{
	struct item it[3] = {{.v = 1}, {.v = 2}, {.v = 3}};
	static const int want[] = {1, 2, 3};
	struct list_head head;

	INIT_LIST_HEAD(&head);
	for (int i = 0; i < 3; i++)
		list_add_tail(&it[i].node, &head);
	assert_list_values(&head, want, 3);
	assert_ptr_equal(list_first_entry(&head, struct item, node), &it[0]);
	assert_ptr_equal(head.prev, &it[2].node);
}

static void test_list_del_unlinks_and_is_safe_twice(void **state)
{
	struct item it[3] = {{.v = 1}, {.v = 2}, {.v = 3}};
	static const int want[] = {1, 3};
	struct list_head head;

	INIT_LIST_HEAD(&head);
	for (int i = 0; i < 3; i++)
		list_add_tail(&it[i].node, &head);
	list_del(&it[1].node);
	assert_list_values(&head, want, 2);
	assert_ptr_equal(it[1].node.next, &it[1].node);
	assert_ptr_equal(it[1].node.prev, &it[1].node);
	list_del(&it[1].node);
	assert_list_values(&head, want, 2);
	list_del(&it[0].node);
	list_del(&it[2].node);
	assert_true(list_empty(&head));
	assert_int_equal(list_count(&head), 0);
}

static void test_list_for_each_entry_safe_allows_deletion(void **state)
{
	struct item it[10];
	static const int odd[] = {1, 3, 5, 7, 9};
	struct list_head head;
	struct item *pos, *n;
	int seen = 0;

	INIT_LIST_HEAD(&head);
	for (int i = 0; i < 10; i++) {
		it[i].v = i;
		list_add_tail(&it[i].node, &head);
	}
	list_for_each_entry_safe (pos, n, &head, node) {
		assert_int_equal(pos->v, seen);
		seen++;
		if (pos->v % 2 == 0)
			list_del(&pos->node);
	}
	assert_int_equal(seen, 10);
	assert_list_values(&head, odd, 5);

	list_for_each_entry_safe (pos, n, &head, node)
		list_del(&pos->node);
	assert_true(list_empty(&head));
}

/* ------------------------------------------------------------------ */
/* kref                                                                */
/* ------------------------------------------------------------------ */

static void test_refcount_set_inc_read(void **state)
{
	refcount_t r;

	refcount_set(&r, 1);
	assert_int_equal(refcount_read(&r), 1);
	refcount_inc(&r);
	assert_int_equal(refcount_read(&r), 2);
	assert_true(refcount_inc_not_zero(&r));
	assert_int_equal(refcount_read(&r), 3);
}

static void test_refcount_inc_not_zero_fails_at_zero(void **state)
{
	refcount_t r;

	refcount_set(&r, 0);
	assert_false(refcount_inc_not_zero(&r));
	assert_int_equal(refcount_read(&r), 0);
}

static void test_refcount_dec_and_test_true_only_on_last(void **state)
{
	refcount_t r;

	refcount_set(&r, 3);
	assert_false(refcount_dec_and_test(&r));
	assert_false(refcount_dec_and_test(&r));
	assert_true(refcount_dec_and_test(&r));
	assert_int_equal(refcount_read(&r), 0);
	assert_false(refcount_inc_not_zero(&r));
}

/* ------------------------------------------------------------------ */
/* idr                                                                 */
/* ------------------------------------------------------------------ */

static void *tag(int id)
{
	return (void *)(uintptr_t)(0x1000 + 8 * (uintptr_t)id);
}

static void test_idr_allocates_lowest_free_id_from_start(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	assert_int_equal(idr_alloc(&idr, tag(1), 0, 0), 1);
	assert_int_equal(idr_alloc(&idr, tag(2), 0, 0), 2);
	assert_int_equal(idr_alloc(&idr, tag(7), 7, 0), 7);
	assert_int_equal(idr_alloc(&idr, tag(8), 7, 0), 8);
	assert_int_equal(idr_alloc(&idr, tag(3), 1, 0), 3);
	for (int id = 0; id <= 3; id++)
		assert_ptr_equal(idr_find(&idr, id), tag(id));
	assert_ptr_equal(idr_find(&idr, 7), tag(7));
	assert_ptr_equal(idr_find(&idr, 8), tag(8));
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_reuses_lowest_freed_id(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	for (int i = 0; i < 10; i++)
		assert_int_equal(idr_alloc(&idr, tag(i), 0, 0), i);
	assert_ptr_equal(idr_remove(&idr, 6), tag(6));
	assert_ptr_equal(idr_remove(&idr, 2), tag(2));
	assert_ptr_equal(idr_remove(&idr, 4), tag(4));
	assert_int_equal(idr_alloc(&idr, tag(2), 0, 0), 2);
	assert_int_equal(idr_alloc(&idr, tag(4), 0, 0), 4);
	assert_int_equal(idr_alloc(&idr, tag(6), 0, 0), 6);
	assert_int_equal(idr_alloc(&idr, tag(10), 0, 0), 10);
	/* A removed id above @start is reused before fresh ones. */
	assert_ptr_equal(idr_remove(&idr, 5), tag(5));
	assert_int_equal(idr_alloc(&idr, tag(5), 3, 0), 5);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_respects_range_end(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, tag(1), 1, 4), 1);
	assert_int_equal(idr_alloc(&idr, tag(2), 1, 4), 2);
	assert_int_equal(idr_alloc(&idr, tag(3), 1, 4), 3);
	assert_int_equal(idr_alloc(&idr, tag(4), 1, 4), -ENOSPC);
	assert_int_equal(idr_count(&idr), 3);
	assert_null(idr_find(&idr, 4));
	/* Freeing one makes room again, and only that one. */
	idr_remove(&idr, 2);
	assert_int_equal(idr_alloc(&idr, tag(2), 1, 4), 2);
	assert_int_equal(idr_alloc(&idr, tag(4), 1, 4), -ENOSPC);
	/* Beyond the end of a full range there is still space. */
	assert_int_equal(idr_alloc(&idr, tag(4), 1, 5), 4);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_end_zero_or_negative_means_no_limit(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, NULL, 100, 0), 100);
	assert_int_equal(idr_alloc(&idr, NULL, 100, -1), 101);
	assert_int_equal(idr_alloc(&idr, NULL, 100, INT_MIN), 102);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_negative_start_is_einval(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, tag(0), -1, 0), -EINVAL);
	assert_int_equal(idr_alloc(&idr, tag(0), INT_MIN, 10), -EINVAL);
	assert_int_equal(idr_count(&idr), 0);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

/*
 * An empty range [start, end) with start >= end has no free id: -ENOSPC,
 * as the kernel's idr_alloc() returns for it.
 */
static void test_idr_empty_range_fails_with_enospc(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, tag(0), 5, 5), -ENOSPC);
	assert_int_equal(idr_alloc(&idr, tag(0), 6, 5), -ENOSPC);
	assert_int_equal(idr_alloc(&idr, tag(0), 1, 1), -ENOSPC);
	assert_int_equal(idr_count(&idr), 0);
	assert_null(idr_find(&idr, 5));
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_find_returns_null_for_ids_not_allocated(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	/* Empty map: no slot array at all. */
	assert_null(idr_find(&idr, 0));
	assert_null(idr_find(&idr, -1));
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	assert_int_equal(idr_alloc(&idr, tag(1), 0, 0), 1);
	idr_remove(&idr, 1);
	assert_ptr_equal(idr_find(&idr, 0), tag(0));
	assert_null(idr_find(&idr, 1)); /* removed */
	assert_null(idr_find(&idr, 5)); /* never allocated, in the table */
	assert_null(idr_find(&idr, 15));
	assert_null(idr_find(&idr, 16)); /* beyond the table */
	assert_null(idr_find(&idr, 100000));
	assert_null(idr_find(&idr, INT_MAX));
	assert_null(idr_find(&idr, -1));
	assert_null(idr_find(&idr, INT_MIN));
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_replace_changes_only_allocated_ids(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_false(idr_replace(&idr, tag(9), 0));
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	assert_true(idr_replace(&idr, tag(9), 0));
	assert_ptr_equal(idr_find(&idr, 0), tag(9));
	assert_false(idr_replace(&idr, tag(9), 1));
	assert_false(idr_replace(&idr, tag(9), -1));
	assert_false(idr_replace(&idr, tag(9), INT_MAX));
	assert_null(idr_find(&idr, 1));
	assert_int_equal(idr_count(&idr), 1);
	idr_remove(&idr, 0);
	assert_false(idr_replace(&idr, tag(1), 0));
	assert_null(idr_find(&idr, 0));
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_remove_returns_pointer_or_null(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_null(idr_remove(&idr, 0));
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	assert_null(idr_remove(&idr, 1));
	assert_null(idr_remove(&idr, -1));
	assert_null(idr_remove(&idr, INT_MAX));
	assert_int_equal(idr_count(&idr), 1);
	assert_ptr_equal(idr_remove(&idr, 0), tag(0));
	assert_int_equal(idr_count(&idr), 0);
	assert_null(idr_remove(&idr, 0));
	assert_int_equal(idr_count(&idr), 0);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_null_pointer_reserves_id(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, NULL, 1, 0), 1);
	assert_null(idr_find(&idr, 1));
	assert_int_equal(idr_count(&idr), 1);
	/* The reserved id is taken even though it maps to NULL. */
	assert_int_equal(idr_alloc(&idr, tag(2), 1, 0), 2);
	assert_true(idr_replace(&idr, tag(1), 1));
	assert_ptr_equal(idr_find(&idr, 1), tag(1));
	assert_ptr_equal(idr_remove(&idr, 1), tag(1));
	/* Removing a reservation that still holds NULL frees the id. */
	assert_int_equal(idr_alloc(&idr, NULL, 1, 0), 1);
	assert_null(idr_remove(&idr, 1));
	assert_int_equal(idr_count(&idr), 1);
	assert_int_equal(idr_alloc(&idr, tag(1), 1, 0), 1);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_count_tracks_ids_in_use(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_count(&idr), 0);
	for (int i = 0; i < 5; i++)
		idr_alloc(&idr, tag(i), 0, 0);
	assert_int_equal(idr_count(&idr), 5);
	idr_alloc(&idr, tag(0), 0, 3); /* -ENOSPC: not counted */
	assert_int_equal(idr_count(&idr), 5);
	idr_remove(&idr, 3);
	idr_remove(&idr, 3);
	assert_int_equal(idr_count(&idr), 4);
	idr_replace(&idr, tag(9), 1);
	assert_int_equal(idr_count(&idr), 4);
	idr_destroy(&idr);
	assert_int_equal(idr_count(&idr), 0);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_grows_past_16_and_1000_entries(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	for (int i = 0; i < 1500; i++)
		assert_int_equal(idr_alloc(&idr, tag(i), 0, 0), i);
	assert_int_equal(idr_count(&idr), 1500);
	for (int i = 0; i < 1500; i++)
		assert_ptr_equal(idr_find(&idr, i), tag(i));
	assert_null(idr_find(&idr, 1500));
	/* Free a few spread over the old and new parts of the table. */
	idr_remove(&idr, 1200);
	idr_remove(&idr, 17);
	idr_remove(&idr, 3);
	assert_int_equal(idr_alloc(&idr, tag(3), 0, 0), 3);
	assert_int_equal(idr_alloc(&idr, tag(17), 0, 0), 17);
	assert_int_equal(idr_alloc(&idr, tag(1200), 0, 0), 1200);
	assert_int_equal(idr_alloc(&idr, tag(1500), 0, 0), 1500);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_high_start_grows_table(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, tag(1000), 1000, 0), 1000);
	assert_ptr_equal(idr_find(&idr, 1000), tag(1000));
	assert_null(idr_find(&idr, 999));
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	assert_int_equal(idr_alloc(&idr, tag(5000), 5000, 5001), 5000);
	assert_int_equal(idr_count(&idr), 3);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_free_hint_survives_mixed_start_values(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, NULL, 5, 0), 5);
	assert_int_equal(idr_alloc(&idr, NULL, 1, 0), 1);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 0);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 2);
	assert_int_equal(idr_alloc(&idr, NULL, 3, 0), 3);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 4);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 6);
	/* A high start leaves the low gap for later low starts. */
	assert_int_equal(idr_alloc(&idr, NULL, 20, 0), 20);
	assert_int_equal(idr_alloc(&idr, NULL, 10, 0), 10);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 7);
	/* Removing below the hint makes that id the next one. */
	idr_remove(&idr, 1);
	assert_int_equal(idr_alloc(&idr, NULL, 2, 0), 8);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 1);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 9);
	assert_int_equal(idr_alloc(&idr, NULL, 0, 0), 11);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

/* Random alloc/remove with random ranges against a brute-force model. */
static void test_idr_matches_reference_model(void **state)
{
	enum { N = 200, OPS = 20000 };
	long live = kmem_live();
	bool used[N] = {false};
	int count = 0;
	uint32_t seed = 0x2545f491;
	struct idr idr;

	idr_init(&idr);
	for (int op = 0; op < OPS; op++) {
		uint32_t r = next_rand(&seed);

		if (r % 3 == 0) {
			int id = (int)(next_rand(&seed) % N);
			void *want = used[id] ? tag(id) : NULL;

			assert_ptr_equal(idr_remove(&idr, id), want);
			if (used[id])
				count--;
			used[id] = false;
		} else {
			int start = (int)(next_rand(&seed) % N);
			int end =
				start + 1 +
				(int)(next_rand(&seed) % (uint32_t)(N - start));
			int want = -ENOSPC;

			for (int id = start; id < end; id++) {
				if (!used[id]) {
					want = id;
					break;
				}
			}
			assert_int_equal(idr_alloc(&idr, tag(want), start, end),
					 want);
			if (want >= 0) {
				used[want] = true;
				count++;
			}
		}
		assert_int_equal(idr_count(&idr), count);
	}
	for (int id = 0; id < N; id++)
		assert_ptr_equal(idr_find(&idr, id), used[id] ? tag(id) : NULL);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_alloc_enomem_leaves_map_unchanged(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	kmem_fail_nth(1);
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), -ENOMEM);
	assert_int_equal(idr_count(&idr), 0);
	assert_null(idr_find(&idr, 0));
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	for (int i = 1; i < 16; i++)
		assert_int_equal(idr_alloc(&idr, tag(i), 0, 0), i);
	/* Growing the full table fails; the old table stays intact. */
	kmem_fail_nth(1);
	assert_int_equal(idr_alloc(&idr, tag(16), 0, 0), -ENOMEM);
	assert_int_equal(idr_count(&idr), 16);
	for (int i = 0; i < 16; i++)
		assert_ptr_equal(idr_find(&idr, i), tag(i));
	assert_int_equal(idr_alloc(&idr, tag(16), 0, 0), 16);
	kmem_fail_nth(0);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

static void test_idr_destroy_frees_table_and_resets(void **state)
{
	long live = kmem_live();
	struct idr idr;

	idr_init(&idr);
	idr_destroy(&idr); /* empty map */
	for (int i = 0; i < 40; i++)
		idr_alloc(&idr, tag(i), 0, 0);
	assert_true(kmem_live() > live);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
	assert_int_equal(idr_count(&idr), 0);
	assert_null(idr_find(&idr, 0));
	/* The map is usable again after destroy. */
	assert_int_equal(idr_alloc(&idr, tag(0), 0, 0), 0);
	idr_destroy(&idr);
	assert_int_equal(kmem_live(), live);
}

/* ------------------------------------------------------------------ */
/* sync: mutex                                                         */
/* ------------------------------------------------------------------ */

enum { MUTEX_THREADS = 4, MUTEX_ITERS = 20000 };

struct counter {
	struct mutex lock;
	long value;
};

static void *counter_main(void *arg)
{
	struct counter *c = arg;

	for (int i = 0; i < MUTEX_ITERS; i++) {
		mutex_lock(&c->lock);
		c->value++;
		mutex_unlock(&c->lock);
	}
	return NULL;
}

static void test_mutex_serialises_threads(void **state)
{
	pthread_t th[MUTEX_THREADS];
	struct counter c = {.value = 0};

	mutex_init(&c.lock);
	for (int i = 0; i < MUTEX_THREADS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, counter_main, &c),
				 0);
	for (int i = 0; i < MUTEX_THREADS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(c.value, (long)MUTEX_THREADS * MUTEX_ITERS);
	mutex_destroy(&c.lock);
}

/* ------------------------------------------------------------------ */
/* sync: completions and tasks                                         */
/* ------------------------------------------------------------------ */

enum wait_kind {
	WAIT_PLAIN,
	WAIT_INTERRUPTIBLE,
	WAIT_TIMEOUT,
};

/*
 * struct waiter - a thread that waits on a completion
 * @task:	attached in the thread before waiting (NULL: no task)
 * @started:	set just before the wait starts
 * @returned:	set once the wait returned; @ret holds what it returned
 */
struct waiter {
	pthread_t thread;
	struct completion *c;
	struct task *task;
	enum wait_kind kind;
	unsigned long timeout_ms;
	atomic_bool started;
	atomic_bool returned;
	long ret;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;
	long ret = 0;

	task_attach(w->task);
	atomic_store(&w->started, true);
	switch (w->kind) {
	case WAIT_PLAIN:
		wait_for_completion(w->c);
		break;
	case WAIT_INTERRUPTIBLE:
		ret = wait_for_completion_interruptible(w->c);
		break;
	case WAIT_TIMEOUT:
		ret = wait_for_completion_interruptible_timeout(w->c,
								w->timeout_ms);
		break;
	}
	w->ret = ret;
	atomic_store(&w->returned, true);
	task_attach(NULL);
	return NULL;
}

static void waiter_start(struct waiter *w, struct completion *c, struct task *t,
			 enum wait_kind kind, unsigned long timeout_ms)
{
	w->c = c;
	w->task = t;
	w->kind = kind;
	w->timeout_ms = timeout_ms;
	w->ret = 0x7eadbeef;
	atomic_store(&w->started, false);
	atomic_store(&w->returned, false);
	assert_int_equal(pthread_create(&w->thread, NULL, waiter_main, w), 0);
}

static long waiter_join(struct waiter *w)
{
	pthread_join(w->thread, NULL);
	assert_true(atomic_load(&w->returned));
	return w->ret;
}

static bool waiters_all_returned(struct waiter *w, int n)
{
	for (int i = 0; i < n; i++)
		if (!atomic_load(&w[i].returned))
			return false;
	return true;
}

/*
 * Joins @n waiters that must return with no further help (they were
 * signalled, timed out or released by complete_all()).  Returns how many
 * were still asleep after 10 s; those are then released with complete(),
 * so that a broken wait fails its test instead of hanging the suite.
 */
static int waiters_join_unaided(struct waiter *w, int n)
{
	int stuck = 0;

	for (int t = 0; t < 10000 && !waiters_all_returned(w, n); t++)
		sleep_ms(1);
	for (int i = 0; i < n; i++) {
		if (atomic_load(&w[i].returned))
			continue;
		stuck++;
		while (!atomic_load(&w[i].returned)) {
			complete(w[i].c);
			sleep_ms(1);
		}
	}
	for (int i = 0; i < n; i++)
		waiter_join(&w[i]);
	return stuck;
}

/* As above for one waiter: what it returned, or LONG_MIN if it stuck. */
static long waiter_join_unaided(struct waiter *w)
{
	return waiters_join_unaided(w, 1) ? LONG_MIN : w->ret;
}

/*
 * Lets @w get into its wait.  Only the "started" flag is certain; the
 * short sleep after it makes it likely (not required for the test to be
 * right) that the thread actually sleeps on the condition.
 */
static void waiter_settle(struct waiter *w)
{
	while (!atomic_load(&w->started))
		sched_yield();
	sleep_ms(20);
}

/* Waits until @t publishes that it sleeps interruptibly on @c. */
static void wait_until_task_waits_on(struct task *t, struct completion *c)
{
	for (;;) {
		struct completion *now;

		pthread_mutex_lock(&t->lock);
		now = t->waiting_on;
		pthread_mutex_unlock(&t->lock);
		if (now == c)
			break;
		sched_yield();
	}
	sleep_ms(10);
}

static void test_completion_complete_before_wait_passes(void **state)
{
	struct completion c;

	init_completion(&c);
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_wait_returns_after_complete(void **state)
{
	struct completion c;
	struct waiter w;

	init_completion(&c);
	waiter_start(&w, &c, NULL, WAIT_PLAIN, 0);
	waiter_settle(&w);
	assert_false(atomic_load(&w.returned));
	complete(&c);
	waiter_join(&w);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_counts_each_complete(void **state)
{
	struct completion c;

	init_completion(&c);
	complete(&c);
	complete(&c);
	wait_for_completion(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_complete_wakes_one_waiter_each(void **state)
{
	enum { N = 3 };
	struct completion c;
	struct waiter w[N];

	init_completion(&c);
	for (int i = 0; i < N; i++)
		waiter_start(&w[i], &c, NULL, WAIT_PLAIN, 0);
	for (int i = 0; i < N; i++)
		waiter_settle(&w[i]);
	for (int i = 0; i < N; i++)
		complete(&c);
	for (int i = 0; i < N; i++)
		waiter_join(&w[i]);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_complete_all_releases_all_waiters(void **state)
{
	enum { N = 8 };
	struct completion c;
	struct waiter w[N];
	struct task t[N];

	init_completion(&c);
	for (int i = 0; i < N; i++) {
		/* Mix the three kinds of wait; all must be released. */
		enum wait_kind kind = (enum wait_kind)(i % 3);

		task_init(&t[i]);
		waiter_start(&w[i], &c, i % 2 ? &t[i] : NULL, kind, 60000);
	}
	for (int i = 0; i < N; i++)
		waiter_settle(&w[i]);
	for (int i = 0; i < N; i++)
		assert_false(atomic_load(&w[i].returned));
	complete_all(&c);
	assert_int_equal(waiters_join_unaided(w, N), 0);
	for (int i = 0; i < N; i++) {
		long ret = w[i].ret;

		if (w[i].kind == WAIT_TIMEOUT)
			assert_true(ret > 0);
		else
			assert_int_equal(ret, 0);
	}
	destroy_completion(&c);
	for (int i = 0; i < N; i++)
		task_destroy(&t[i]);
}

static void test_completion_complete_all_lets_later_waits_pass(void **state)
{
	struct completion c;

	init_completion(&c);
	complete_all(&c);
	/* Bounded waits first, so that a broken complete_all() fails here. */
	for (int i = 0; i < 3; i++)
		assert_true(wait_for_completion_interruptible_timeout(&c, 50) >
			    0);
	for (int i = 0; i < 100; i++)
		wait_for_completion(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	assert_true(completion_done(&c));
	/* complete() after complete_all() keeps it done for everyone. */
	complete(&c);
	wait_for_completion(&c);
	assert_true(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_reinit_makes_it_not_done(void **state)
{
	struct completion c;

	init_completion(&c);
	complete(&c);
	reinit_completion(&c);
	assert_false(completion_done(&c));
	assert_int_equal(wait_for_completion_interruptible_timeout(&c, 20), 0);
	complete_all(&c);
	reinit_completion(&c);
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_wait_intr_returns_zero_when_completed(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/* Completed before the wait. */
	task_attach(&t);
	complete(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	assert_false(completion_done(&c));
	task_attach(NULL);
	/* Completed while a thread with a task waits. */
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	complete(&c);
	assert_int_equal(waiter_join(&w), 0);
	assert_false(completion_done(&c));
	assert_null(t.waiting_on);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_returns_erestartsys_when_signalled(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	assert_false(atomic_load(&w.returned));
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	assert_null(t.waiting_on);
	/* The interrupted wait consumed nothing. */
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_signalled_before_wait_returns_at_once(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	task_signal(&t);
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	/* The signal is never cleared: the next waits fail too. */
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	destroy_completion(&c);
	task_destroy(&t);
}

/* As in the kernel, a completion that is already done wins over a signal. */
static void test_wait_intr_completed_wins_over_pending_signal(void **state)
{
	struct completion c;
	struct task t;

	task_init(&t);
	init_completion(&c);
	task_signal(&t);
	task_attach(&t);
	complete(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 50) > 0);
	assert_false(completion_done(&c));
	task_attach(NULL);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_without_task_is_never_interrupted(void **state)
{
	struct completion c;
	struct waiter with_task, without_task;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/*
	 * Two waiters on one completion: signalling the task wakes the
	 * condition both sleep on, but only the waiter with the task may
	 * give up.
	 */
	waiter_start(&without_task, &c, NULL, WAIT_INTERRUPTIBLE, 0);
	waiter_settle(&without_task);
	waiter_start(&with_task, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&with_task), -ERESTARTSYS);
	sleep_ms(20);
	assert_false(atomic_load(&without_task.returned));
	complete(&c);
	assert_int_equal(waiter_join(&without_task), 0);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_ignores_other_tasks_signal(void **state)
{
	struct completion c;
	struct waiter w;
	struct task mine, other;

	task_init(&mine);
	task_init(&other);
	init_completion(&c);
	waiter_start(&w, &c, &mine, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&mine, &c);
	task_signal(&other);
	sleep_ms(20);
	assert_false(atomic_load(&w.returned));
	complete(&c);
	assert_int_equal(waiter_join(&w), 0);
	destroy_completion(&c);
	task_destroy(&other);
	task_destroy(&mine);
}

static void test_wait_intr_timeout_returns_zero_on_timeout(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/* Without a task ... */
	waiter_start(&w, &c, NULL, WAIT_TIMEOUT, 50);
	assert_int_equal(waiter_join_unaided(&w), 0);
	/* ... and with one that is not signalled. */
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 50);
	assert_int_equal(waiter_join_unaided(&w), 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_timeout_returns_positive_when_completed(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 50) > 0);
	assert_false(completion_done(&c));
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	wait_until_task_waits_on(&t, &c);
	complete(&c);
	assert_true(waiter_join(&w) > 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_timeout_zero_only_polls(void **state)
{
	struct completion c;

	init_completion(&c);
	assert_int_equal(wait_for_completion_interruptible_timeout(&c, 0), 0);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 0) > 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_wait_intr_timeout_erestartsys_when_signalled(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	wait_until_task_waits_on(&t, &c);
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	destroy_completion(&c);
	task_destroy(&t);
}

/*
 * After an interruptible wait the task no longer points at the completion,
 * so signalling it later does not touch freed memory (ASan checks this).
 */
static void test_task_signal_after_wait_leaves_completion_alone(void **state)
{
	long live = kmem_live();
	struct completion *c = kmalloc(sizeof(*c));
	struct task t;

	assert_non_null(c);
	task_init(&t);
	init_completion(c);
	task_attach(&t);
	complete(c);
	assert_int_equal(wait_for_completion_interruptible(c), 0);
	assert_int_equal(wait_for_completion_interruptible_timeout(c, 10), 0);
	task_attach(NULL);
	assert_null(t.waiting_on);
	destroy_completion(c);
	kfree(c);
	task_signal(&t);
	task_destroy(&t);
	assert_int_equal(kmem_live(), live);
}

struct task_probe {
	struct task *seen_at_start;
	struct task *seen_after_attach;
	bool pending_at_start;
	bool pending_after_attach;
	struct task *attach;
};

static void *task_probe_main(void *arg)
{
	struct task_probe *p = arg;

	p->seen_at_start = current_task();
	p->pending_at_start = signal_pending();
	task_attach(p->attach);
	p->seen_after_attach = current_task();
	p->pending_after_attach = signal_pending();
	return NULL;
}

static void test_task_attach_is_per_thread(void **state)
{
	struct task mine, theirs;
	struct task_probe p = {.attach = &theirs};
	pthread_t th;

	task_init(&mine);
	task_init(&theirs);
	task_signal(&theirs);
	assert_null(current_task());
	task_attach(&mine);
	assert_ptr_equal(current_task(), &mine);
	assert_int_equal(pthread_create(&th, NULL, task_probe_main, &p), 0);
	pthread_join(th, NULL);
	/* A new thread starts without a task; its attach stays its own. */
	assert_null(p.seen_at_start);
	assert_false(p.pending_at_start);
	assert_ptr_equal(p.seen_after_attach, &theirs);
	assert_true(p.pending_after_attach);
	assert_ptr_equal(current_task(), &mine);
	assert_false(signal_pending());
	task_attach(NULL);
	assert_null(current_task());
	task_destroy(&theirs);
	task_destroy(&mine);
}

static void test_signal_pending_follows_current_task(void **state)
{
	struct task t;

	task_init(&t);
	assert_false(signal_pending());
	task_attach(&t);
	assert_false(signal_pending());
	task_signal(&t);
	assert_true(signal_pending());
	assert_true(signal_pending()); /* never cleared */
	task_attach(NULL);
	assert_false(signal_pending());
	task_destroy(&t);
}

/* ------------------------------------------------------------------ */
/* uaccess                                                             */
/* ------------------------------------------------------------------ */

static int dummy_install_fd(struct tee_uspace *us, struct tee_shm *shm)
{
	return 3;
}

static void assert_spans(const struct tee_uregion *r,
			 const struct tee_uspan *want, size_t n)
{
	assert_int_equal(r->nspans, n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(r->spans[i].off, want[i].off);
		assert_int_equal(r->spans[i].len, want[i].len);
	}
}

static void test_uspace_init_sets_ops_and_has_no_regions(void **state)
{
	static const struct tee_uspace_ops ops = {
		.install_shm_fd = dummy_install_fd,
	};
	struct tee_uspace us;
	int priv;
	char b;

	memset(&us, 0xa5, sizeof(us));
	tee_uspace_init(&us, &ops, &priv);
	assert_ptr_equal(us.ops, &ops);
	assert_ptr_equal(us.priv, &priv);
	assert_int_equal(us.nregions, 0);
	assert_int_equal(copy_from_user(&b, &us, 0x1000, 1), -EFAULT);
	tee_uspace_init(&us, NULL, NULL);
	assert_null(us.ops);
	assert_null(us.priv);
}

static void test_copy_from_user_reads_inside_region(void **state)
{
	unsigned char ubuf[64], out[64];
	struct tee_uspace us;

	for (int i = 0; i < 64; i++)
		ubuf[i] = (unsigned char)i;
	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf)), 0);
	assert_int_equal(us.nregions, 1);
	assert_int_equal(copy_from_user(out, &us, 0x4000, 64), 0);
	assert_memory_equal(out, ubuf, 64);
	assert_int_equal(copy_from_user(out, &us, 0x4010, 8), 0);
	assert_memory_equal(out, ubuf + 16, 8);
	assert_int_equal(copy_from_user(out, &us, 0x403f, 1), 0);
	assert_int_equal(out[0], 63);
	/* Reads leave no write spans. */
	assert_int_equal(us.regions[0].nspans, 0);
}

static void test_copy_to_user_writes_inside_region(void **state)
{
	unsigned char ubuf[64] = {0};
	static const unsigned char data[4] = {1, 2, 3, 4};
	static const struct tee_uspan want[] = {{8, 4}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf)), 0);
	assert_int_equal(copy_to_user(&us, 0x4008, data, 4), 0);
	assert_memory_equal(ubuf + 8, data, 4);
	assert_int_equal(ubuf[7], 0);
	assert_int_equal(ubuf[12], 0);
	assert_spans(&us.regions[0], want, 1);
}

static void test_copy_across_region_end_is_efault(void **state)
{
	unsigned char ubuf[16] = {0}, out[16] = {0};
	unsigned char data[16];
	struct tee_uspace us;

	memset(data, 0xee, sizeof(data));
	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf)), 0);
	assert_int_equal(copy_from_user(out, &us, 0x4008, 9), -EFAULT);
	assert_int_equal(copy_from_user(out, &us, 0x4000, 17), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x4008, data, 9), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x4000, data, 17), -EFAULT);
	/* Starting exactly at or past the end. */
	assert_int_equal(copy_from_user(out, &us, 0x4010, 1), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x4011, data, 1), -EFAULT);
	/* A length that would wrap the offset arithmetic. */
	assert_int_equal(copy_from_user(out, &us, 0x4001, SIZE_MAX), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x4001, data, SIZE_MAX), -EFAULT);
	/* A failed write stores nothing and records nothing. */
	for (int i = 0; i < 16; i++)
		assert_int_equal(ubuf[i], 0);
	assert_int_equal(us.regions[0].nspans, 0);
	/* The last byte is fine. */
	assert_int_equal(copy_to_user(&us, 0x400f, data, 1), 0);
}

static void test_copy_below_region_is_efault(void **state)
{
	unsigned char ubuf[16] = {0}, out[4];
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf)), 0);
	assert_int_equal(copy_from_user(out, &us, 0x3fff, 1), -EFAULT);
	assert_int_equal(copy_from_user(out, &us, 0x3ffe, 4), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x3fff, out, 2), -EFAULT);
	assert_int_equal(copy_from_user(out, &us, 0, 1), -EFAULT);
	assert_int_equal(us.regions[0].nspans, 0);
}

static void test_zero_length_copy_inside_region_is_noop(void **state)
{
	unsigned char ubuf[16] = {0}, out = 0x5a;
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf)), 0);
	assert_int_equal(copy_from_user(&out, &us, 0x4004, 0), 0);
	assert_int_equal(out, 0x5a);
	assert_int_equal(copy_to_user(&us, 0x4004, &out, 0), 0);
	/* One past the end is still inside for zero bytes. */
	assert_int_equal(copy_from_user(&out, &us, 0x4010, 0), 0);
	assert_int_equal(copy_to_user(&us, 0x4010, &out, 0), 0);
	assert_int_equal(ubuf[4], 0);
	assert_int_equal(us.regions[0].nspans, 0);
}

static void test_copy_picks_the_region_holding_the_address(void **state)
{
	unsigned char a[16] = {0}, b[32] = {0}, out[4];
	static const unsigned char data[4] = {9, 8, 7, 6};
	static const struct tee_uspan want[] = {{4, 4}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, a, sizeof(a)), 0);
	assert_int_equal(tee_uspace_add(&us, 0x9000, b, sizeof(b)), 0);
	assert_int_equal(us.nregions, 2);
	assert_int_equal(copy_to_user(&us, 0x9004, data, 4), 0);
	assert_memory_equal(b + 4, data, 4);
	assert_int_equal(a[4], 0);
	assert_int_equal(us.regions[0].nspans, 0);
	assert_spans(&us.regions[1], want, 1);
	assert_int_equal(copy_from_user(out, &us, 0x9004, 4), 0);
	assert_memory_equal(out, data, 4);
	/* The gap between the regions is not user memory. */
	assert_int_equal(copy_from_user(out, &us, 0x5000, 1), -EFAULT);
	assert_int_equal(copy_from_user(out, &us, 0x9020, 1), -EFAULT);
}

static void test_copy_spanning_two_adjacent_regions_is_efault(void **state)
{
	unsigned char a[16] = {0}, b[16] = {0}, out[8];
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, 0x4000, a, sizeof(a)), 0);
	assert_int_equal(tee_uspace_add(&us, 0x4010, b, sizeof(b)), 0);
	assert_int_equal(copy_from_user(out, &us, 0x400c, 8), -EFAULT);
	assert_int_equal(copy_to_user(&us, 0x400c, out, 8), -EFAULT);
	assert_int_equal(copy_from_user(out, &us, 0x4010, 8), 0);
}

static void test_uspace_add_wrapping_region_is_einval(void **state)
{
	unsigned char ubuf[16], out;
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add(&us, UINT64_MAX - 3, ubuf, 16),
			 -EINVAL);
	assert_int_equal(tee_uspace_add(&us, UINT64_MAX, ubuf, 2), -EINVAL);
	assert_int_equal(us.nregions, 0);
	/* A region that ends at the top of the address space is fine. */
	assert_int_equal(tee_uspace_add(&us, UINT64_MAX - 16, ubuf, 16), 0);
	assert_int_equal(copy_from_user(&out, &us, UINT64_MAX - 1, 1), 0);
	assert_int_equal(copy_from_user(&out, &us, UINT64_MAX, 1), -EFAULT);
}

static void test_uspace_add_more_than_max_regions_is_enospc(void **state)
{
	unsigned char bufs[TEE_USPACE_MAX_REGIONS + 1][8];
	struct tee_uspace us;
	size_t i;

	tee_uspace_init(&us, NULL, NULL);
	for (i = 0; i < TEE_USPACE_MAX_REGIONS; i++)
		assert_int_equal(
			tee_uspace_add(&us, 0x1000 * (i + 1), bufs[i], 8), 0);
	assert_int_equal(tee_uspace_add(&us, 0x1000 * (i + 1), bufs[i], 8),
			 -ENOSPC);
	assert_int_equal(us.nregions, TEE_USPACE_MAX_REGIONS);
}

/* Writes one byte at region offset @off. */
static void write_at(struct tee_uspace *us, size_t off, size_t len)
{
	unsigned char data[64];

	assert_true(len <= sizeof(data));
	memset(data, 0x77, len);
	assert_int_equal(copy_to_user(us, 0x4000 + off, data, len), 0);
}

static void test_copy_to_user_separate_writes_make_sorted_spans(void **state)
{
	unsigned char ubuf[256];
	static const struct tee_uspan want[] = {
		{0, 2}, {10, 2}, {20, 2}, {40, 5}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf));
	/* Out of order on purpose. */
	write_at(&us, 20, 2);
	write_at(&us, 0, 2);
	write_at(&us, 40, 5);
	write_at(&us, 10, 2);
	assert_spans(&us.regions[0], want, 4);
}

static void test_copy_to_user_adjacent_writes_merge(void **state)
{
	unsigned char ubuf[256];
	static const struct tee_uspan want[] = {{0, 12}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf));
	write_at(&us, 4, 4);
	write_at(&us, 8, 4); /* touches the end */
	write_at(&us, 0, 4); /* touches the start */
	assert_spans(&us.regions[0], want, 1);
}

static void test_copy_to_user_overlapping_writes_merge(void **state)
{
	unsigned char ubuf[256];
	static const struct tee_uspan want[] = {{0, 20}, {30, 2}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf));
	write_at(&us, 30, 2);
	write_at(&us, 4, 6);
	write_at(&us, 8, 6);  /* overlaps the end */
	write_at(&us, 0, 6);  /* overlaps the start */
	write_at(&us, 2, 2);  /* inside */
	write_at(&us, 0, 20); /* covers it */
	write_at(&us, 30, 1); /* inside the other one */
	assert_spans(&us.regions[0], want, 2);
}

static void test_copy_to_user_write_bridging_spans_merges_them(void **state)
{
	unsigned char ubuf[256];
	static const struct tee_uspan want[] = {{0, 10}, {50, 1}};
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf));
	write_at(&us, 0, 2);
	write_at(&us, 4, 2);
	write_at(&us, 8, 2);
	write_at(&us, 50, 1);
	assert_int_equal(us.regions[0].nspans, 4);
	write_at(&us, 1, 8);
	assert_spans(&us.regions[0], want, 2);
}

/* Fills region 0 with TEE_USPACE_MAX_SPANS one-byte spans at 10 + 4k. */
static void fill_spans(struct tee_uspace *us, unsigned char *ubuf, size_t len)
{
	tee_uspace_init(us, NULL, NULL);
	assert_int_equal(tee_uspace_add(us, 0x4000, ubuf, len), 0);
	for (size_t k = 0; k < TEE_USPACE_MAX_SPANS; k++)
		write_at(us, 10 + 4 * k, 1);
	assert_int_equal(us->regions[0].nspans, TEE_USPACE_MAX_SPANS);
	for (size_t k = 0; k < TEE_USPACE_MAX_SPANS; k++) {
		assert_int_equal(us->regions[0].spans[k].off, 10 + 4 * k);
		assert_int_equal(us->regions[0].spans[k].len, 1);
	}
}

static void test_copy_to_user_span_overflow_collapses_to_one(void **state)
{
	/* Last of the full spans is at 10 + 4 * 31 = 134, ending at 135. */
	static const struct tee_uspan after[] = {{10, 191}};
	static const struct tee_uspan before[] = {{0, 135}};
	static const struct tee_uspan middle[] = {{10, 125}};
	unsigned char ubuf[256];
	struct tee_uspace us;

	fill_spans(&us, ubuf, sizeof(ubuf));
	write_at(&us, 200, 1);
	assert_spans(&us.regions[0], after, 1);

	fill_spans(&us, ubuf, sizeof(ubuf));
	write_at(&us, 0, 2);
	assert_spans(&us.regions[0], before, 1);

	fill_spans(&us, ubuf, sizeof(ubuf));
	write_at(&us, 12, 1);
	assert_spans(&us.regions[0], middle, 1);

	/* Writes after the collapse merge into the covering span. */
	write_at(&us, 135, 5);
	assert_spans(&us.regions[0], (const struct tee_uspan[]){{10, 130}}, 1);
	write_at(&us, 200, 1);
	assert_int_equal(us.regions[0].nspans, 2);
}

static void test_copy_to_user_merge_at_max_spans_does_not_collapse(void **state)
{
	unsigned char ubuf[256];
	struct tee_uspace us;

	fill_spans(&us, ubuf, sizeof(ubuf));
	write_at(&us, 11, 1); /* adjacent to the first span */
	assert_int_equal(us.regions[0].nspans, TEE_USPACE_MAX_SPANS);
	assert_int_equal(us.regions[0].spans[0].off, 10);
	assert_int_equal(us.regions[0].spans[0].len, 2);
	write_at(&us, 12, 2); /* bridges spans 0 and 1 */
	assert_int_equal(us.regions[0].nspans, TEE_USPACE_MAX_SPANS - 1);
	assert_int_equal(us.regions[0].spans[0].off, 10);
	assert_int_equal(us.regions[0].spans[0].len, 5);
	assert_int_equal(us.regions[0].spans[1].off, 18);
	/* Room again: a separate write adds a span instead of collapsing. */
	write_at(&us, 200, 1);
	assert_int_equal(us.regions[0].nspans, TEE_USPACE_MAX_SPANS);
	assert_int_equal(us.regions[0].spans[TEE_USPACE_MAX_SPANS - 1].off,
			 200);
}

static void test_get_user_and_put_user_move_single_values(void **state)
{
	unsigned char ubuf[32] = {0};
	static const struct tee_uspan want[] = {{0, 4}, {8, 8}};
	struct tee_uspace us;
	uint32_t v32 = 0;
	uint64_t v64 = 0;
	uint16_t v16 = 0;

	tee_uspace_init(&us, NULL, NULL);
	tee_uspace_add(&us, 0x4000, ubuf, sizeof(ubuf));
	assert_int_equal(put_user((uint32_t)0x12345678, &us, 0x4000), 0);
	assert_int_equal(put_user(UINT64_C(0x1122334455667788), &us, 0x4008),
			 0);
	assert_int_equal(get_user(v32, &us, 0x4000), 0);
	assert_int_equal(v32, 0x12345678);
	assert_int_equal(get_user(v64, &us, 0x4008), 0);
	assert_int_equal(v64, UINT64_C(0x1122334455667788));
	assert_spans(&us.regions[0], want, 2);
	/* Outside the region both fail and change nothing. */
	v16 = 0xbeef;
	assert_int_equal(get_user(v16, &us, 0x401f), -EFAULT);
	assert_int_equal(v16, 0xbeef);
	assert_int_equal(put_user(v16, &us, 0x401f), -EFAULT);
	assert_int_equal(put_user(v64, &us, 0x3ff8), -EFAULT);
	assert_spans(&us.regions[0], want, 2);
}

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
/* log                                                                 */
/* ------------------------------------------------------------------ */

/* Captures what is written to stderr between start and end. */
struct stderr_capture {
	FILE *file;
	int saved_fd;
};

static void capture_start(struct stderr_capture *cap)
{
	fflush(stderr);
	cap->file = tmpfile();
	assert_non_null(cap->file);
	cap->saved_fd = dup(STDERR_FILENO);
	assert_true(cap->saved_fd >= 0);
	assert_true(dup2(fileno(cap->file), STDERR_FILENO) >= 0);
}

/* Restores stderr and returns what was captured (free() it). */
static char *capture_end(struct stderr_capture *cap)
{
	long len;
	char *buf;

	fflush(stderr);
	assert_true(dup2(cap->saved_fd, STDERR_FILENO) >= 0);
	close(cap->saved_fd);
	len = ftell(cap->file);
	assert_true(len >= 0);
	buf = calloc(1, (size_t)len + 1);
	assert_non_null(buf);
	rewind(cap->file);
	assert_int_equal(fread(buf, 1, (size_t)len, cap->file), (size_t)len);
	fclose(cap->file);
	return buf;
}

static size_t count_char(const char *s, char ch)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == ch;
	return n;
}

static void test_log_line_has_ident_level_and_one_newline(void **state)
{
	struct stderr_capture cap;
	char *out;

	log_set_ident("kt");
	log_set_level(LOG_INFO);
	capture_start(&cap);
	log_printf(LOG_ERR, "disk %d on fire", 3);
	log_printf(LOG_INFO, "already ends in newline\n");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: error: disk 3 on fire\n"
				 "kt: info: already ends in newline\n");
	free(out);
	log_set_ident("teebox");
}

static void test_log_default_level_drops_debug(void **state)
{
	struct stderr_capture cap;
	char *out;

	/* No other test leaves the level changed: this is the default. */
	log_set_ident("kt");
	capture_start(&cap);
	pr_debug("hidden");
	pr_info("shown");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: info: shown\n");
	free(out);
	log_set_ident("teebox");
}

static void test_log_level_filters_lines_above_it(void **state)
{
	struct stderr_capture cap;
	char *out;

	log_set_ident("kt");
	log_set_level(LOG_WARN);
	capture_start(&cap);
	pr_debug("d1");
	pr_info("i1");
	pr_warn("w1");
	pr_err("e1");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: warning: w1\nkt: error: e1\n");
	free(out);

	log_set_level(LOG_ERR);
	capture_start(&cap);
	pr_warn("w2");
	pr_err("e2");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: error: e2\n");
	free(out);

	log_set_level(LOG_DEBUG);
	capture_start(&cap);
	pr_debug("d3");
	pr_info("i3");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: debug: d3\nkt: info: i3\n");
	free(out);

	log_set_level(LOG_INFO);
	log_set_ident("teebox");
}

static void test_log_long_line_is_printed_as_one_line(void **state)
{
	enum { LONG = 5000 };
	static const char prefix[] = "kt: warning: ";
	struct stderr_capture cap;
	char *msg = malloc(LONG + 1);
	char *out;
	size_t len;

	assert_non_null(msg);
	memset(msg, 'x', LONG);
	msg[LONG] = '\0';
	log_set_ident("kt");
	capture_start(&cap);
	pr_warn("%s", msg);
	pr_warn("%s%s", msg, msg);
	pr_err("after");
	out = capture_end(&cap);
	/* Three lines; long ones may be cut but stay single lines. */
	assert_int_equal(count_char(out, '\n'), 3);
	assert_int_equal(strncmp(out, prefix, strlen(prefix)), 0);
	len = strcspn(out, "\n");
	assert_true(len > 1024 - 100);
	for (size_t i = strlen(prefix); i < len; i++)
		assert_int_equal(out[i], 'x');
	assert_non_null(strstr(out, "\nkt: error: after\n"));
	free(out);
	free(msg);
	log_set_ident("teebox");
}

static void test_log_long_ident_does_not_crash(void **state)
{
	enum { LONG = 2000 };
	struct stderr_capture cap;
	char *ident = malloc(LONG + 1);
	char *out;

	assert_non_null(ident);
	memset(ident, 'i', LONG);
	ident[LONG] = '\0';
	log_set_ident(ident);
	capture_start(&cap);
	pr_err("message");
	out = capture_end(&cap);
	log_set_ident("teebox");
	/* Whatever is printed is at most one line. */
	assert_true(count_char(out, '\n') <= 1);
	free(out);
	free(ident);
}

/* ------------------------------------------------------------------ */

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* alloc */
		cmocka_unit_test(test_kmem_live_counts_allocations_and_frees),
		cmocka_unit_test(test_kzalloc_and_kcalloc_return_zeroed_memory),
		cmocka_unit_test(
			test_kmalloc_zero_size_returns_freeable_pointer),
		cmocka_unit_test(test_kcalloc_overflow_returns_null),
		cmocka_unit_test(test_kfree_null_is_noop),
		cmocka_unit_test(
			test_kmem_fail_nth_1_fails_next_allocation_only),
		cmocka_unit_test(
			test_kmem_fail_nth_3_fails_third_allocation_only),
		cmocka_unit_test(
			test_kmem_fail_nth_applies_to_kzalloc_and_kcalloc),
		cmocka_unit_test(
			test_kmem_fail_nth_zero_or_negative_disables_injection),
		/* err.h, types.h */
		cmocka_unit_test(test_err_ptr_round_trips_errno),
		cmocka_unit_test(
			test_is_err_is_false_for_null_and_real_pointers),
		cmocka_unit_test(test_types_helpers),
		/* list */
		cmocka_unit_test(test_list_init_is_empty),
		cmocka_unit_test(test_list_add_is_stack_order),
		cmocka_unit_test(test_list_add_tail_is_queue_order),
		cmocka_unit_test(test_list_del_unlinks_and_is_safe_twice),
		cmocka_unit_test(test_list_for_each_entry_safe_allows_deletion),
		/* kref */
		cmocka_unit_test(test_refcount_set_inc_read),
		cmocka_unit_test(test_refcount_inc_not_zero_fails_at_zero),
		cmocka_unit_test(test_refcount_dec_and_test_true_only_on_last),
		/* idr */
		cmocka_unit_test(test_idr_allocates_lowest_free_id_from_start),
		cmocka_unit_test(test_idr_reuses_lowest_freed_id),
		cmocka_unit_test(test_idr_respects_range_end),
		cmocka_unit_test(test_idr_end_zero_or_negative_means_no_limit),
		cmocka_unit_test(test_idr_negative_start_is_einval),
		cmocka_unit_test(test_idr_empty_range_fails_with_enospc),
		cmocka_unit_test(
			test_idr_find_returns_null_for_ids_not_allocated),
		cmocka_unit_test(test_idr_replace_changes_only_allocated_ids),
		cmocka_unit_test(test_idr_remove_returns_pointer_or_null),
		cmocka_unit_test(test_idr_null_pointer_reserves_id),
		cmocka_unit_test(test_idr_count_tracks_ids_in_use),
		cmocka_unit_test(test_idr_grows_past_16_and_1000_entries),
		cmocka_unit_test(test_idr_high_start_grows_table),
		cmocka_unit_test(
			test_idr_free_hint_survives_mixed_start_values),
		cmocka_unit_test(test_idr_matches_reference_model),
		cmocka_unit_test(test_idr_alloc_enomem_leaves_map_unchanged),
		cmocka_unit_test(test_idr_destroy_frees_table_and_resets),
		/* sync */
		cmocka_unit_test(test_mutex_serialises_threads),
		cmocka_unit_test(test_completion_complete_before_wait_passes),
		cmocka_unit_test(test_completion_wait_returns_after_complete),
		cmocka_unit_test(test_completion_counts_each_complete),
		cmocka_unit_test(
			test_completion_complete_wakes_one_waiter_each),
		cmocka_unit_test(
			test_completion_complete_all_releases_all_waiters),
		cmocka_unit_test(
			test_completion_complete_all_lets_later_waits_pass),
		cmocka_unit_test(test_completion_reinit_makes_it_not_done),
		cmocka_unit_test(test_wait_intr_returns_zero_when_completed),
		cmocka_unit_test(
			test_wait_intr_returns_erestartsys_when_signalled),
		cmocka_unit_test(
			test_wait_intr_signalled_before_wait_returns_at_once),
		cmocka_unit_test(
			test_wait_intr_completed_wins_over_pending_signal),
		cmocka_unit_test(
			test_wait_intr_without_task_is_never_interrupted),
		cmocka_unit_test(test_wait_intr_ignores_other_tasks_signal),
		cmocka_unit_test(
			test_wait_intr_timeout_returns_zero_on_timeout),
		cmocka_unit_test(
			test_wait_intr_timeout_returns_positive_when_completed),
		cmocka_unit_test(test_wait_intr_timeout_zero_only_polls),
		cmocka_unit_test(
			test_wait_intr_timeout_erestartsys_when_signalled),
		cmocka_unit_test(
			test_task_signal_after_wait_leaves_completion_alone),
		cmocka_unit_test(test_task_attach_is_per_thread),
		cmocka_unit_test(test_signal_pending_follows_current_task),
		/* uaccess */
		cmocka_unit_test(test_uspace_init_sets_ops_and_has_no_regions),
		cmocka_unit_test(test_copy_from_user_reads_inside_region),
		cmocka_unit_test(test_copy_to_user_writes_inside_region),
		cmocka_unit_test(test_copy_across_region_end_is_efault),
		cmocka_unit_test(test_copy_below_region_is_efault),
		cmocka_unit_test(test_zero_length_copy_inside_region_is_noop),
		cmocka_unit_test(
			test_copy_picks_the_region_holding_the_address),
		cmocka_unit_test(
			test_copy_spanning_two_adjacent_regions_is_efault),
		cmocka_unit_test(test_uspace_add_wrapping_region_is_einval),
		cmocka_unit_test(
			test_uspace_add_more_than_max_regions_is_enospc),
		cmocka_unit_test(
			test_copy_to_user_separate_writes_make_sorted_spans),
		cmocka_unit_test(test_copy_to_user_adjacent_writes_merge),
		cmocka_unit_test(test_copy_to_user_overlapping_writes_merge),
		cmocka_unit_test(
			test_copy_to_user_write_bridging_spans_merges_them),
		cmocka_unit_test(
			test_copy_to_user_span_overflow_collapses_to_one),
		cmocka_unit_test(
			test_copy_to_user_merge_at_max_spans_does_not_collapse),
		cmocka_unit_test(test_get_user_and_put_user_move_single_values),
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
		/* log */
		cmocka_unit_test(test_log_default_level_drops_debug),
		cmocka_unit_test(test_log_line_has_ident_level_and_one_newline),
		cmocka_unit_test(test_log_level_filters_lines_above_it),
		cmocka_unit_test(test_log_long_line_is_printed_as_one_line),
		cmocka_unit_test(test_log_long_ident_does_not_crash),
	};

	return cmocka_run_group_tests_name("kernel services", tests, NULL,
					   NULL);
}
