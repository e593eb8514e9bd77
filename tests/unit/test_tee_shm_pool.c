// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem's shared memory pools
 * (drivers/tee/tee_shm_pool.c).
 *
 * The tests drive the core through both of its faces: the driver API of
 * <linux/tee_drv.h>, driven by the test driver of tee_test_driver.c, and
 * the ioctl UAPI of <linux/tee.h>, driven by a modelled user process
 * (tee_uproc.h); the fixtures are tee_core_fixture.h's.
 *
 * Each test is named after the seed (v16) or mainline function whose rule
 * it checks.  Every test runs on fresh devices (setup/teardown, which also
 * checks that the whole test left no allocation behind), and every
 * negative test checks that kmem_live() and the device's shm idr are back
 * to where they were before the failing call.  Threads never call cmocka
 * assertions: they record what they saw and the test thread checks it
 * after joining them.  Threads are ordered with completions and flags,
 * never with sleeps.
 */
#include <errno.h>
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

#include <cmocka.h>

#include "drivers/tee/tee_private.h"
#include "kernel/alloc.h"
#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/sync.h"
#include "kernel/uaccess.h"
#include "tee_core_fixture.h"
#include "tee_test_driver.h"
#include "tee_uproc.h"

/* ------------------------------------------------------------------ */
/* Pools (seed tee_shm_pool.c)                                         */
/* ------------------------------------------------------------------ */

static void
test_tee_shm_pool_mgr_alloc_res_mem__bad_range_or_order_einval(void **s)
{
	long live = kmem_live();
	unsigned long va =
		(unsigned long)aligned_alloc(PAGE_SIZE, 2 * PAGE_SIZE);
	struct tee_shm_pool_mgr *mgr;
	long n;

	assert_true(va != 0);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va + 8, 0x1000,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1008,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(
		PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 100, 3)),
		-EINVAL);
	assert_int_equal(
		PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 0, 3)),
		-EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(0, 0x1000,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000,
								PAGE_SIZE, 2)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(
				 va, 0x1000, PAGE_SIZE, PAGE_SHIFT + 1)),
			 -EINVAL);
	assert_int_equal(kmem_live(), live);

	for (n = 1;; n++) {
		kmem_fail_nth(n);
		mgr = tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 2 * PAGE_SIZE,
						     PAGE_SHIFT);
		kmem_fail_nth(0);
		if (!IS_ERR(mgr))
			break;
		assert_int_equal(PTR_ERR(mgr), -ENOMEM);
		assert_int_equal(kmem_live(), live);
	}
	assert_true(n >= 3);
	mgr->ops->destroy_poolmgr(mgr);
	assert_int_equal(kmem_live(), live);
	free((void *)va);
}

static void nop_pool_free(struct tee_shm_pool_mgr *poolm, struct tee_shm *shm)
{
}

static void nop_pool_destroy(struct tee_shm_pool_mgr *poolm)
{
}

static int nop_pool_alloc(struct tee_shm_pool_mgr *poolm, struct tee_shm *shm,
			  size_t size)
{
	return -ENOMEM;
}

static void test_tee_shm_pool_alloc__rejects_incomplete_managers(void **st)
{
	const struct tee_shm_pool_mgr_ops full = {nop_pool_alloc, nop_pool_free,
						  nop_pool_destroy};
	const struct tee_shm_pool_mgr_ops partial[] = {
		{NULL, nop_pool_free, nop_pool_destroy},
		{nop_pool_alloc, NULL, nop_pool_destroy},
		{nop_pool_alloc, nop_pool_free, NULL},
	};
	struct tee_shm_pool_mgr good = {.ops = &full};
	struct tee_shm_pool_mgr no_ops = {0};
	long live = kmem_live();
	struct tee_shm_pool *pool;

	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(NULL, &good)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, NULL)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, &no_ops)), -EINVAL);
	for (size_t i = 0; i < ARRAY_SIZE(partial); i++) {
		struct tee_shm_pool_mgr bad = {.ops = &partial[i]};

		assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&bad, &good)),
				 -EINVAL);
		assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, &bad)),
				 -EINVAL);
	}
	kmem_fail_nth(1);
	pool = tee_shm_pool_alloc(&good, &good);
	kmem_fail_nth(0);
	assert_int_equal(PTR_ERR(pool), -ENOMEM);
	assert_int_equal(kmem_live(), live);

	pool = tee_shm_pool_alloc(&good, &good);
	assert_false(IS_ERR(pool));
	assert_ptr_equal(pool->private_mgr, &good);
	assert_ptr_equal(pool->dma_buf_mgr, &good);
	tee_shm_pool_free(pool);
	tee_shm_pool_free(NULL);
	assert_int_equal(kmem_live(), live);
}

static void
test_tee_shm_pool_alloc_res_mem__failures_leave_nothing_behind(void **state)
{
	char *mem = aligned_alloc(PAGE_SIZE, 3 * PAGE_SIZE);
	struct tee_shm_pool_mem_info priv = {(unsigned long)mem, 0x10000,
					     PAGE_SIZE};
	struct tee_shm_pool_mem_info user = {(unsigned long)mem + PAGE_SIZE,
					     0x11000, 2 * PAGE_SIZE};
	struct tee_shm_pool_mem_info bad = user;
	long live = kmem_live();
	struct tee_shm_pool *pool;
	long n;

	assert_non_null(mem);
	bad.size = 100;
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc_res_mem(&bad, &user)),
			 -EINVAL);
	/* The private manager made first is destroyed again. */
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc_res_mem(&priv, &bad)),
			 -EINVAL);
	assert_int_equal(kmem_live(), live);

	for (n = 1;; n++) {
		kmem_fail_nth(n);
		pool = tee_shm_pool_alloc_res_mem(&priv, &user);
		kmem_fail_nth(0);
		if (!IS_ERR(pool))
			break;
		assert_int_equal(PTR_ERR(pool), -ENOMEM);
		assert_int_equal(kmem_live(), live);
	}
	/* Two managers of three allocations each, and the pool. */
	assert_int_equal(n, 8);
	tee_shm_pool_free(pool);
	assert_int_equal(kmem_live(), live);
	free(mem);
}

/* ------------------------------------------------------------------ */

static const struct CMUnitTest tests[] = {
	/* pools */
	POOL(test_tee_shm_pool_mgr_alloc_res_mem__bad_range_or_order_einval),
	POOL(test_tee_shm_pool_alloc__rejects_incomplete_managers),
	POOL(test_tee_shm_pool_alloc_res_mem__failures_leave_nothing_behind),
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core: pools", tests, NULL,
					   NULL);
}
