// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for emulated user memory (kernel/uaccess.c).
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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
	};

	return cmocka_run_group_tests_name("kernel services: uaccess", tests,
					   NULL, NULL);
}
