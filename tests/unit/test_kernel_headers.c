// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the header-only services: error pointers and small types (err.h,
 * types.h), lists (list.h) and reference counts (kref.h).
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
	list_for_each_entry(it, head, node) {
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
	list_for_each_entry_safe(pos, n, &head, node) {
		assert_int_equal(pos->v, seen);
		seen++;
		if (pos->v % 2 == 0)
			list_del(&pos->node);
	}
	assert_int_equal(seen, 10);
	assert_list_values(&head, odd, 5);

	list_for_each_entry_safe(pos, n, &head, node)
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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
	};

	return cmocka_run_group_tests_name(
		"kernel services: err, types, list, kref", tests, NULL, NULL);
}
