// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libutee's <atomic.h> (ta/libutee/utee_atomic.c): OP-TEE's
 * libutils atomic_inc32()/atomic_dec32() return the new value and lose no
 * update under contention (optee_test's concurrent TA counts the
 * invocations running at once with them), and the inline helpers keep
 * OP-TEE's compare-and-swap contract.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "atomic.h"

#define THREADS 4
#define ROUNDS	100000

static void test_atomic_inc32__returns_new_value(void **state)
{
	volatile uint32_t v = 41;

	(void)state;
	assert_int_equal(atomic_inc32(&v), 42);
	assert_int_equal(v, 42);
}

static void test_atomic_dec32__returns_new_value_and_wraps(void **state)
{
	volatile uint32_t v = 1;

	(void)state;
	assert_int_equal(atomic_dec32(&v), 0);
	assert_int_equal(atomic_dec32(&v), UINT32_MAX);
	assert_int_equal(atomic_inc32(&v), 0);
}

static void *inc_then_dec(void *arg)
{
	volatile uint32_t *v = arg;

	for (int i = 0; i < ROUNDS; i++)
		atomic_inc32(v);
	for (int i = 0; i < ROUNDS / 2; i++)
		atomic_dec32(v);
	return NULL;
}

static void
test_atomic_inc32_dec32__no_lost_update_under_contention(void **state)
{
	volatile uint32_t v = 0;
	pthread_t t[THREADS];

	(void)state;
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(
			pthread_create(&t[i], NULL, inc_then_dec, (void *)&v),
			0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	assert_int_equal(v, THREADS * (ROUNDS - ROUNDS / 2));
}

static void test_atomic_cas_u32__swaps_only_on_match(void **state)
{
	uint32_t v = 5;
	uint32_t old = 4;

	(void)state;
	/* Mismatch: no swap, and the caller learns the current value. */
	assert_false(atomic_cas_u32(&v, &old, 9));
	assert_int_equal(old, 5);
	assert_int_equal(v, 5);
	assert_true(atomic_cas_u32(&v, &old, 9));
	assert_int_equal(v, 9);
	atomic_store_u32(&v, 3);
	assert_int_equal(atomic_load_u32(&v), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_atomic_inc32__returns_new_value),
		cmocka_unit_test(
			test_atomic_dec32__returns_new_value_and_wraps),
		cmocka_unit_test(
			test_atomic_inc32_dec32__no_lost_update_under_contention),
		cmocka_unit_test(test_atomic_cas_u32__swaps_only_on_match),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
