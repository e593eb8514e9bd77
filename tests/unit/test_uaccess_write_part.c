// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the writable part of a user memory copy (kernel/
 * uaccess.c): a caller's memory that is readable but read-only arrives
 * as a region whose writable part is smaller, and copy_to_user() must
 * fail there with EFAULT as the kernel's does, writing nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/uaccess.h"

#define UADDR 0x10000ULL

static void test_copy_to_user__outside_writable_part_efault(void **state)
{
	unsigned char kbuf[64] = {0};
	unsigned char src[8];
	struct tee_uspace us;

	memset(src, 0xab, sizeof(src));
	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(
		tee_uspace_add_part(&us, UADDR, kbuf, sizeof(kbuf), 16, 16), 0);
	/* Before, across the start, across the end, after. */
	assert_int_equal(copy_to_user(&us, UADDR, src, 8), -EFAULT);
	assert_int_equal(copy_to_user(&us, UADDR + 12, src, 8), -EFAULT);
	assert_int_equal(copy_to_user(&us, UADDR + 28, src, 8), -EFAULT);
	assert_int_equal(copy_to_user(&us, UADDR + 40, src, 8), -EFAULT);
	assert_int_equal(us.regions[0].nspans, 0);
	for (size_t i = 0; i < sizeof(kbuf); i++)
		assert_int_equal(kbuf[i], 0);
}

static void test_copy_to_user__inside_writable_part_written(void **state)
{
	unsigned char kbuf[64] = {0};
	unsigned char src[16];
	unsigned char got[16];
	struct tee_uspace us;

	memset(src, 0xcd, sizeof(src));
	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(
		tee_uspace_add_part(&us, UADDR, kbuf, sizeof(kbuf), 16, 16), 0);
	assert_int_equal(copy_to_user(&us, UADDR + 16, src, 16), 0);
	assert_int_equal(us.regions[0].nspans, 1);
	assert_int_equal(us.regions[0].spans[0].off, 16);
	assert_int_equal(us.regions[0].spans[0].len, 16);
	/* Reading is not limited to the writable part. */
	assert_int_equal(copy_from_user(got, &us, UADDR + 8, 16), 0);
	assert_int_equal(got[0], 0);
	assert_int_equal(got[15], 0xcd);
}

static void test_copy_to_user__read_only_region_efault(void **state)
{
	unsigned char kbuf[16] = {0};
	uint32_t v = 1;
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(
		tee_uspace_add_part(&us, UADDR, kbuf, sizeof(kbuf), 0, 0), 0);
	assert_int_equal(put_user(v, &us, UADDR), -EFAULT);
	assert_int_equal(get_user(v, &us, UADDR), 0);
	assert_int_equal(v, 0);
	/* Nothing is no write at all. */
	assert_int_equal(copy_to_user(&us, UADDR, &v, 0), 0);
}

static void test_tee_uspace_add_part__writable_part_outside_einval(void **state)
{
	unsigned char kbuf[16];
	struct tee_uspace us;

	tee_uspace_init(&us, NULL, NULL);
	assert_int_equal(tee_uspace_add_part(&us, UADDR, kbuf, 16, 17, 0),
			 -EINVAL);
	assert_int_equal(tee_uspace_add_part(&us, UADDR, kbuf, 16, 8, 9),
			 -EINVAL);
	assert_int_equal(tee_uspace_add_part(&us, UADDR, kbuf, 16, 8, SIZE_MAX),
			 -EINVAL);
	assert_int_equal(us.nregions, 0);
	/* The whole-region form is writable throughout. */
	assert_int_equal(tee_uspace_add(&us, UADDR, kbuf, 16), 0);
	assert_int_equal(us.regions[0].wr_off, 0);
	assert_int_equal(us.regions[0].wr_len, 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_copy_to_user__outside_writable_part_efault),
		cmocka_unit_test(
			test_copy_to_user__inside_writable_part_written),
		cmocka_unit_test(test_copy_to_user__read_only_region_efault),
		cmocka_unit_test(
			test_tee_uspace_add_part__writable_part_outside_einval),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
