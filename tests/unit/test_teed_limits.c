// SPDX-License-Identifier: BSD-2-Clause
/*
 * teed's limits on what one user may take (teed/limits.c): each bound
 * refuses with its errno (EMFILE for open files of a uid, as open(2) over
 * RLIMIT_NOFILE; ENFILE for the total, as a full file table; ENOMEM for
 * shared memory beyond a share, as tee_shm_alloc() with an exhausted
 * pool; EMFILE for one shared-memory file too many), a refusal counts
 * nothing, and what is given back can be taken again.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "teed/limits.h"

#define UID_A 1000
#define UID_B 1001

static const struct limits_config small = {
	.conns_per_uid = 2,
	.conns = 4,
	.shm_per_ctx = 8192,
	.shm_per_uid = 12288,
	.nshm_per_ctx = 3,
	.nshm_per_uid = 5,
};

static void test_limits__conns_per_uid_emfile(void **state)
{
	struct limits_charge a1, a2, a3, b1;
	struct limits l;

	(void)state;
	limits_init(&l, &small);
	assert_int_equal(limits_conn_get(&l, &a1, UID_A, false), 0);
	assert_int_equal(limits_conn_get(&l, &a2, UID_A, false), 0);
	assert_int_equal(limits_conn_get(&l, &a3, UID_A, false), -EMFILE);
	/* Another user is not touched by A's limit. */
	assert_int_equal(limits_conn_get(&l, &b1, UID_B, false), 0);
	/* One given back can be taken again. */
	limits_conn_put(&l, &a1);
	assert_int_equal(limits_conn_get(&l, &a3, UID_A, false), 0);
	limits_conn_put(&l, &a2);
	limits_conn_put(&l, &a3);
	limits_conn_put(&l, &b1);
	assert_int_equal(limits_destroy(&l), 0);
}

static void test_limits__total_enfile_root_only_in_total(void **state)
{
	struct limits_charge r[4], more, supp;
	struct limits l;

	(void)state;
	limits_init(&l, &small);
	/* Root is not bound per uid: four opens of uid 0 go in. */
	for (int i = 0; i < 4; i++)
		assert_int_equal(limits_conn_get(&l, &r[i], 0, false), 0);
	assert_int_equal(limits_conn_get(&l, &more, UID_A, false), -ENFILE);
	/* The supplicant's device is not counted at all. */
	assert_int_equal(limits_conn_get(&l, &supp, UID_A, true), 0);
	limits_conn_put(&l, &supp);
	for (int i = 0; i < 4; i++)
		limits_conn_put(&l, &r[i]);
	assert_int_equal(limits_destroy(&l), 0);
}

static void test_limits__shm_bytes_enomem_files_emfile(void **state)
{
	struct limits_charge a1, a2, b1;
	struct limits l;

	(void)state;
	limits_init(&l, &small);
	assert_int_equal(limits_conn_get(&l, &a1, UID_A, false), 0);
	assert_int_equal(limits_conn_get(&l, &a2, UID_A, false), 0);
	assert_int_equal(limits_conn_get(&l, &b1, UID_B, false), 0);
	/* The context's share: 8 KiB. */
	assert_int_equal(limits_shm_charge(&l, &a1, 8192), 0);
	assert_int_equal(limits_shm_charge(&l, &a1, 1), -ENOMEM);
	/* The uid's: 12 KiB over both contexts. */
	assert_int_equal(limits_shm_charge(&l, &a2, 4096), 0);
	assert_int_equal(limits_shm_charge(&l, &a2, 4096), -ENOMEM);
	/* Another user has all of its own. */
	assert_int_equal(limits_shm_charge(&l, &b1, 8192), 0);
	/* Files: 3 a context (registered memory: 0 bytes, still a file). */
	assert_int_equal(limits_shm_charge(&l, &a2, 0), 0);
	assert_int_equal(limits_shm_charge(&l, &a2, 0), 0);
	assert_int_equal(limits_shm_charge(&l, &a2, 0), -EMFILE);
	/* 5 a uid: a1 has 1, a2 3; one more on a1, then none. */
	assert_int_equal(limits_shm_charge(&l, &a1, 0), 0);
	assert_int_equal(limits_shm_charge(&l, &a1, 0), -EMFILE);
	/* Given back, the bytes can be taken again. */
	limits_shm_uncharge(&l, &a1, 8192);
	assert_int_equal(limits_shm_charge(&l, &a2, 0), -EMFILE);
	assert_int_equal(limits_shm_charge(&l, &a1, 4096), 0);
	/* A connection's end gives back what it still holds. */
	limits_conn_put(&l, &a1);
	limits_conn_put(&l, &a2);
	limits_conn_put(&l, &b1);
	assert_int_equal(limits_destroy(&l), 0);
}

static void test_limits__zero_is_no_bound(void **state)
{
	struct limits_config none = {0};
	struct limits_charge c[300];
	struct limits l;

	(void)state;
	limits_init(&l, &none);
	for (int i = 0; i < 300; i++)
		assert_int_equal(limits_conn_get(&l, &c[i], UID_A, false), 0);
	assert_int_equal(limits_shm_charge(&l, &c[0], SIZE_MAX / 2), 0);
	for (int i = 0; i < 300; i++)
		limits_conn_put(&l, &c[i]);
	assert_int_equal(limits_destroy(&l), 0);
}

static void test_limits__unbalanced_destroy_ebusy(void **state)
{
	struct limits_charge a;
	struct limits l;

	(void)state;
	limits_init(&l, &small);
	assert_int_equal(limits_conn_get(&l, &a, UID_A, false), 0);
	assert_int_equal(limits_destroy(&l), -EBUSY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limits__conns_per_uid_emfile),
		cmocka_unit_test(test_limits__total_enfile_root_only_in_total),
		cmocka_unit_test(test_limits__shm_bytes_enomem_files_emfile),
		cmocka_unit_test(test_limits__zero_is_no_bound),
		cmocka_unit_test(test_limits__unbalanced_destroy_ebusy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
