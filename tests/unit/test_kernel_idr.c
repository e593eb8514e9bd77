// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the id allocator (kernel/idr.c).
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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
	};

	return cmocka_run_group_tests_name("kernel services: idr", tests, NULL,
					   NULL);
}
