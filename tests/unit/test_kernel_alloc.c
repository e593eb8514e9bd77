// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for counted allocation (kernel/alloc.c): kmalloc and friends, kmem_live()
 * and fault injection.
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
	};

	return cmocka_run_group_tests_name("kernel services: alloc", tests,
					   NULL, NULL);
}
