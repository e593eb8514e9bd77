// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA and subkey version databases (secure/ta_ver_db.c): OP-TEE's
 * check_update_version() rules (core/kernel/ree_fs_ta.c: lower refused
 * with TEE_ERROR_ACCESS_CONFLICT, equal kept, higher recorded, an entry
 * per UUID, OP-TEE's on-disk layout) and what teebox adds: a damaged
 * database refuses every version instead of forgetting the records.
 */
#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "secure/ta_ver_db.h"
#include "ta/include/tee_api_defines.h"

static const uint8_t id1[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const uint8_t id2[16] = {0xaa, 0xbb};
static char dir[64];

static TEE_Result check(const uint8_t id[16], uint32_t version)
{
	return ta_ver_db_check_update(dir, TA_VER_DB, id, version);
}

/* The whole database file, into @buf; returns its length. */
static size_t slurp(const char *name, uint8_t *buf, size_t len)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, buf, len);
	close(fd);
	assert_true(n >= 0);
	return (size_t)n;
}

static void test_rules_per_uuid(void **state)
{
	(void)state;
	assert_int_equal(check(id1, 2), TEE_SUCCESS);
	assert_int_equal(check(id1, 1), TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(check(id1, 2), TEE_SUCCESS);
	assert_int_equal(check(id1, 3), TEE_SUCCESS);
	assert_int_equal(check(id1, 2), TEE_ERROR_ACCESS_CONFLICT);
	/* Another UUID has its own record. */
	assert_int_equal(check(id2, 0), TEE_SUCCESS);
	/* The other database is another namespace. */
	assert_int_equal(ta_ver_db_check_update(dir, SUBKEY_VER_DB, id1, 1),
			 TEE_SUCCESS);
	/* No state directory: nothing kept, nothing refused. */
	assert_int_equal(ta_ver_db_check_update(NULL, TA_VER_DB, id1, 0),
			 TEE_SUCCESS);
}

/* OP-TEE's struct ver_db_hdr then struct ver_db_entry[], LE. */
static void test_layout_is_optee_s(void **state)
{
	uint8_t b[64];

	(void)state;
	assert_int_equal(check(id1, 7), TEE_SUCCESS);
	assert_int_equal(check(id2, 0x01020304), TEE_SUCCESS);
	assert_int_equal(check(id1, 9), TEE_SUCCESS);
	assert_int_equal(slurp(TA_VER_DB, b, sizeof(b)), 8 + 2 * 20);
	assert_memory_equal(b, ((uint8_t[]){0, 0, 0, 0, 2, 0, 0, 0}), 8);
	assert_memory_equal(b + 8, id1, 16);
	assert_memory_equal(b + 24, ((uint8_t[]){9, 0, 0, 0}), 4);
	assert_memory_equal(b + 28, id2, 16);
	assert_memory_equal(b + 44, ((uint8_t[]){4, 3, 2, 1}), 4);
}

/* A count that does not match the size: refused, not reset. */
static void test_damaged_db_refuses(void **state)
{
	char path[128];
	int fd;

	(void)state;
	assert_int_equal(check(id1, 5), TEE_SUCCESS);
	snprintf(path, sizeof(path), "%s/%s", dir, TA_VER_DB);
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, "\x09", 1, 4), 1);
	assert_int_equal(check(id1, 5), TEE_ERROR_BAD_STATE);
	assert_int_equal(check(id1, 6), TEE_ERROR_BAD_STATE);
	/* Mended, it holds its record again. */
	assert_int_equal(pwrite(fd, "\x01", 1, 4), 1);
	close(fd);
	assert_int_equal(check(id1, 4), TEE_ERROR_ACCESS_CONFLICT);
	/* Readable by others: not the secure world's own file. */
	assert_int_equal(chmod(path, 0644), 0);
	assert_int_equal(check(id1, 5), TEE_ERROR_BAD_STATE);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_sw_ta_ver_db.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_one(const char *p, const struct stat *sb, int flag,
		      struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(p);
}

/* @dir is this test's own (mkdtemp above). */
static int teardown(void **state)
{
	(void)state;
	return nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rules_per_uuid, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_layout_is_optee_s, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_damaged_db_refuses, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
