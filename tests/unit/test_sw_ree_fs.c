// SPDX-License-Identifier: BSD-2-Clause
/*
 * REE FS objects (secure/tee_ree_fs.c over fs_dirfile.c and fs_htree.c)
 * against a tee-supplicant played in memory: files by name, as OP-TEE's
 * names them ("/dirf.db", "/<n in hex>", ABI-FACTS-INTERNAL §5.3), and
 * descriptors.  The supplicant can crash at any write and its files can
 * be swapped, copied and replayed, as a hostile normal world would.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "secure/tee_ree_fs.h"
#include "sw_mem_supp.h"

static const TEE_UUID ta_a = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4}};
static const TEE_UUID ta_b = {0x55555555, 0x2222, 0x3333, {4, 4, 4, 4}};
static const uint8_t ssk[32] = {0x42};

static struct mem_supp supp;
static struct tee_fs_rpc rpc = {.ops = &mem_supp_ops, .ctx = &supp};

static int setup(void **state)
{
	struct tee_ree_fs *fs;

	supp_init(&supp);
	rpc.ctx = &supp;
	if (tee_ree_fs_new(ssk, &fs))
		return -1;
	*state = fs;
	return 0;
}

static int teardown(void **state)
{
	tee_ree_fs_free(*state);
	supp_free(&supp);
	return 0;
}

static void create_obj(struct tee_ree_fs *fs, const TEE_UUID *uuid,
		       const char *id, const char *data)
{
	struct tee_ree_fs_file *f;

	assert_int_equal(tee_ree_fs_create(fs, &rpc, uuid, id, strlen(id),
					   false, data, strlen(data), &f),
			 TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
}

/* Return: the open result; on success *@out (malloc'd) holds the data. */
static TEE_Result read_obj(struct tee_ree_fs *fs, const TEE_UUID *uuid,
			   const char *id, char **out)
{
	struct tee_ree_fs_file *f;
	TEE_Result res;
	size_t got, len;

	res = tee_ree_fs_open(fs, &rpc, uuid, id, strlen(id), &f);
	if (res)
		return res;
	len = (size_t)tee_ree_fs_size(f);
	*out = calloc(1, len + 1);
	res = tee_ree_fs_read(f, &rpc, 0, *out, len, &got);
	tee_ree_fs_close(f, &rpc);
	if (res || got != len) {
		free(*out);
		return res ? res : TEE_ERROR_GENERIC;
	}
	return TEE_SUCCESS;
}

static void assert_obj(struct tee_ree_fs *fs, const TEE_UUID *uuid,
		       const char *id, const char *want)
{
	char *data;

	assert_int_equal(read_obj(fs, uuid, id, &data), TEE_SUCCESS);
	assert_string_equal(data, want);
	free(data);
}

/* Files are "/dirf.db" and "/<n hex>", lowest number first (§5.3). */
static void test_create__optee_file_names(void **state)
{
	struct tee_ree_fs *fs = *state;
	char id[8];

	for (int i = 0; i < 11; i++) {
		snprintf(id, sizeof(id), "o%d", i);
		create_obj(fs, &ta_a, id, "x");
	}
	assert_true(supp_find(&supp, "/dirf.db") >= 0);
	assert_true(supp_find(&supp, "/0") >= 0);
	assert_true(supp_find(&supp, "/a") >= 0);
	assert_obj(fs, &ta_a, "o10", "x");
	/* Everything is closed again, dirf.db included. */
	assert_int_equal(supp_open_fds(&supp), 0);
}

static void test_objects__per_ta_name_spaces(void **state)
{
	struct tee_ree_fs *fs = *state;
	char *data;

	create_obj(fs, &ta_a, "key", "for A");
	create_obj(fs, &ta_b, "key", "for B");
	assert_obj(fs, &ta_a, "key", "for A");
	assert_obj(fs, &ta_b, "key", "for B");
	assert_int_equal(read_obj(fs, &ta_a, "other", &data),
			 TEE_ERROR_ITEM_NOT_FOUND);
}

/* The empty id is an id (§5.1); an id past 64 bytes is refused. */
static void test_objects__empty_id_and_long_id(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct tee_ree_fs_file *f;
	char id[66] = {0};

	create_obj(fs, &ta_a, "", "empty id");
	assert_obj(fs, &ta_a, "", "empty id");
	memset(id, 'i', 65);
	assert_int_equal(
		tee_ree_fs_create(fs, &rpc, &ta_a, id, 65, false, NULL, 0, &f),
		TEE_ERROR_BAD_PARAMETERS);
	create_obj(fs, &ta_a, id + 1, "64");
	assert_obj(fs, &ta_a, id + 1, "64");
}

static void test_create__existing_conflict_or_overwrite(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct tee_ree_fs_file *f;

	create_obj(fs, &ta_a, "k", "one");
	assert_int_equal(
		tee_ree_fs_create(fs, &rpc, &ta_a, "k", 1, false, "two", 3, &f),
		TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(
		tee_ree_fs_create(fs, &rpc, &ta_a, "k", 1, true, "two", 3, &f),
		TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
	assert_obj(fs, &ta_a, "k", "two");
	/* The replaced object's file is gone: the new one took "/1". */
	assert_int_equal(supp_find(&supp, "/0"), -1);
	assert_true(supp_find(&supp, "/1") >= 0);
}

static void test_write_truncate_rename_remove(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct tee_ree_fs_file *f;
	char *data;

	create_obj(fs, &ta_a, "k", "hello");
	create_obj(fs, &ta_a, "taken", "t");
	assert_int_equal(tee_ree_fs_open(fs, &rpc, &ta_a, "k", 1, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 5, " world", 6),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_truncate(f, &rpc, 8), TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_rename(f, &rpc, "taken", 5),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_ree_fs_rename(f, &rpc, "new", 3), TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
	assert_obj(fs, &ta_a, "new", "hello wo");
	assert_int_equal(read_obj(fs, &ta_a, "k", &data),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(tee_ree_fs_open(fs, &rpc, &ta_a, "new", 3, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_remove(f, &rpc), TEE_SUCCESS);
	assert_int_equal(read_obj(fs, &ta_a, "new", &data),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(supp_find(&supp, "/0"), -1);
	assert_int_equal(supp_open_fds(&supp), 0);
}

/* Enumeration walks dirf.db for the caller's UUID only (§5.5). */
static void test_next__only_own_objects(void **state)
{
	struct tee_ree_fs *fs = *state;
	uint8_t oid[FS_DIRFILE_OID_MAX];
	size_t len;
	int idx = -1, n = 0;

	create_obj(fs, &ta_a, "a1", "");
	create_obj(fs, &ta_b, "b1", "");
	create_obj(fs, &ta_a, "a2", "");
	while (!tee_ree_fs_next(fs, &rpc, &ta_a, &idx, oid, &len)) {
		assert_int_equal(len, 2);
		assert_int_equal(oid[0], 'a');
		n++;
	}
	assert_int_equal(n, 2);
}

/* Another object's file, or another TA's, in its place: refused. */
static void test_tamper__swapped_and_foreign_files_corrupt(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct mem_file tmp;
	char *data;

	create_obj(fs, &ta_a, "x", "secret x");
	create_obj(fs, &ta_a, "y", "secret y");
	create_obj(fs, &ta_b, "z", "secret z");
	/* Swap x's and y's files. */
	tmp = *supp_named(&supp, "/0");
	*supp_named(&supp, "/0") = *supp_named(&supp, "/1");
	*supp_named(&supp, "/1") = tmp;
	assert_int_equal(read_obj(fs, &ta_a, "x", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	assert_int_equal(read_obj(fs, &ta_a, "y", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	/* TA A's file moved into TA B's object's place. */
	mem_file_free(supp_named(&supp, "/2"));
	mem_file_copy(supp_named(&supp, "/2"), supp_named(&supp, "/1"));
	assert_int_equal(read_obj(fs, &ta_b, "z", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	/* A file the directory lists but the supplicant lost. */
	supp.names[supp_find(&supp, "/2")][0] = 0;
	assert_int_equal(read_obj(fs, &ta_b, "z", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
}

/* An old copy of an object's file cannot be replayed alone. */
static void test_tamper__replayed_object_file_corrupt(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct tee_ree_fs_file *f;
	struct mem_file old;
	char *data;

	create_obj(fs, &ta_a, "ctr", "1");
	mem_file_copy(&old, supp_named(&supp, "/0"));
	assert_int_equal(tee_ree_fs_open(fs, &rpc, &ta_a, "ctr", 3, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 0, "2", 1), TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 0, "3", 1), TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
	mem_file_free(supp_named(&supp, "/0"));
	*supp_named(&supp, "/0") = old;
	assert_int_equal(read_obj(fs, &ta_a, "ctr", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
}

/* dirf.db with a flipped bit: refused, never read as a directory. */
static void test_tamper__dirf_bit_flip_refused(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct mem_file *d;
	char *data;

	create_obj(fs, &ta_a, "k", "v");
	d = supp_named(&supp, "/dirf.db");
	/* The committed data block of the single record. */
	for (size_t i = fs_htree_block_offset(0, 0);
	     i < fs_htree_block_offset(0, 0) + 2 * FS_HTREE_BLOCK_SIZE; i += 97)
		d->data[i] ^= 1;
	assert_int_equal(read_obj(fs, &ta_a, "k", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
}

/*
 * A write fails at every supplicant write index in turn; a fresh file
 * system over what the files then hold reads the old or the new
 * content, never anything else (atomic update, §5.4/§5.8).
 */
static void test_write__crash_at_every_write_old_or_new(void **state)
{
	static const char big_old[] = "old content of the object";
	struct tee_ree_fs *fs = *state, *fs2;
	struct tee_ree_fs_file *f;
	struct mem_supp base;
	long total = -1;
	char *data;
	char *big_new = malloc(3 * FS_HTREE_BLOCK_SIZE + 1);

	memset(big_new, 'n', 3 * FS_HTREE_BLOCK_SIZE);
	big_new[3 * FS_HTREE_BLOCK_SIZE] = 0;
	create_obj(fs, &ta_a, "obj", big_old);
	create_obj(fs, &ta_a, "other", "o");
	supp_copy(&base, &supp);
	for (long k = 0;; k++) {
		TEE_Result res;

		supp_free(&supp);
		supp_copy(&supp, &base);
		assert_int_equal(tee_ree_fs_new(ssk, &fs2), TEE_SUCCESS);
		assert_int_equal(
			tee_ree_fs_open(fs2, &rpc, &ta_a, "obj", 3, &f),
			TEE_SUCCESS);
		supp.writes = 0;
		supp.crash_at = k;
		res = tee_ree_fs_write(f, &rpc, 0, big_new, strlen(big_new));
		supp.crash_at = -1;
		tee_ree_fs_close(f, &rpc);
		tee_ree_fs_free(fs2);
		/* "Reboot": new keys-only state over the files. */
		assert_int_equal(tee_ree_fs_new(ssk, &fs2), TEE_SUCCESS);
		assert_int_equal(read_obj(fs2, &ta_a, "obj", &data),
				 TEE_SUCCESS);
		if (res) {
			assert_string_equal(data, big_old);
		} else {
			assert_string_equal(data, big_new);
			total = k;
		}
		free(data);
		assert_obj(fs2, &ta_a, "other", "o");
		tee_ree_fs_free(fs2);
		if (!res)
			break;
	}
	assert_true(total > 4);
	supp_free(&base);
	free(big_new);
}

/*
 * The very first object's creation (dirf.db made too) crashes at every
 * write in turn: afterwards the object is there whole or not at all,
 * and storage still works (a dirf.db whose creation never committed is
 * made again, §5.4).
 */
static void test_first_create__crash_at_every_write_recovers(void **state)
{
	struct tee_ree_fs *fs2;
	struct tee_ree_fs_file *f;
	char *data;
	TEE_Result res;

	(void)state;
	for (long k = 0;; k++) {
		supp_free(&supp);
		supp_init(&supp);
		assert_int_equal(tee_ree_fs_new(ssk, &fs2), TEE_SUCCESS);
		supp.crash_at = k;
		res = tee_ree_fs_create(fs2, &rpc, &ta_a, "k", 1, false, "v", 1,
					&f);
		supp.crash_at = -1;
		if (!res)
			tee_ree_fs_close(f, &rpc);
		tee_ree_fs_free(fs2);
		assert_int_equal(tee_ree_fs_new(ssk, &fs2), TEE_SUCCESS);
		if (res) {
			assert_int_equal(read_obj(fs2, &ta_a, "k", &data),
					 TEE_ERROR_ITEM_NOT_FOUND);
			create_obj(fs2, &ta_a, "k", "again");
			assert_obj(fs2, &ta_a, "k", "again");
		} else {
			assert_obj(fs2, &ta_a, "k", "v");
		}
		tee_ree_fs_free(fs2);
		if (!res)
			break;
	}
}

static uint32_t floor_counter;

static TEE_Result floor_get(void *ctx, const struct tee_fs_rpc *r, uint32_t *c)
{
	(void)ctx;
	(void)r;
	*c = floor_counter;
	return TEE_SUCCESS;
}

static TEE_Result floor_incr_to(void *ctx, const struct tee_fs_rpc *r,
				uint32_t c)
{
	(void)ctx;
	(void)r;
	if (c > floor_counter)
		floor_counter = c;
	return TEE_SUCCESS;
}

static const struct tee_fs_rollback_ops floor_ops = {
	.get = floor_get,
	.incr_to = floor_incr_to,
};

/*
 * With a rollback floor (OP-TEE's nv_counter, §5.7): the whole storage
 * replayed from an old snapshot, or dirf.db deleted, is SECURITY.
 */
static void test_rollback__replayed_or_deleted_dirf_security(void **state)
{
	struct tee_ree_fs *fs = *state;
	struct tee_ree_fs_file *f;
	struct mem_supp old;
	char *data;

	floor_counter = 0;
	tee_ree_fs_set_rollback(fs, &floor_ops, NULL);
	create_obj(fs, &ta_a, "ctr", "1");
	assert_true(floor_counter > 0);
	supp_copy(&old, &supp);
	assert_int_equal(tee_ree_fs_open(fs, &rpc, &ta_a, "ctr", 3, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 0, "2", 1), TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
	assert_obj(fs, &ta_a, "ctr", "2");
	/* Everything rolled back together: consistent, but old. */
	supp_free(&supp);
	supp_copy(&supp, &old);
	assert_int_equal(read_obj(fs, &ta_a, "ctr", &data), TEE_ERROR_SECURITY);
	/* dirf.db gone: not silently recreated empty. */
	supp_free(&supp);
	supp_init(&supp);
	assert_int_equal(read_obj(fs, &ta_a, "ctr", &data), TEE_ERROR_SECURITY);
	supp_free(&old);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_create__optee_file_names,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_objects__per_ta_name_spaces, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_objects__empty_id_and_long_id, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_create__existing_conflict_or_overwrite, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_write_truncate_rename_remove, setup, teardown),
		cmocka_unit_test_setup_teardown(test_next__only_own_objects,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_tamper__swapped_and_foreign_files_corrupt, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_tamper__replayed_object_file_corrupt, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_tamper__dirf_bit_flip_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_write__crash_at_every_write_old_or_new, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_rollback__replayed_or_deleted_dirf_security, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_first_create__crash_at_every_write_recovers, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
