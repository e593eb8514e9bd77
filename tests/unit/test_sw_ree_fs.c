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
#include "sw_mem_file.h"

#define MAX_FILES 16
#define MAX_FDS	  16

/**
 * struct mem_supp - the supplicant
 * @names, @files: its files
 * @fd_file:	per descriptor the file index, or -1
 * @writes:	writes, truncates and removes so far
 * @crash_at:	from this one on they fail (-1: never)
 */
struct mem_supp {
	char names[MAX_FILES][32];
	struct mem_file files[MAX_FILES];
	int fd_file[MAX_FDS];
	long writes;
	long crash_at;
};

static const TEE_UUID ta_a = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4}};
static const TEE_UUID ta_b = {0x55555555, 0x2222, 0x3333, {4, 4, 4, 4}};
static const uint8_t ssk[32] = {0x42};

static bool crashed(struct mem_supp *s)
{
	long n = s->writes++;

	return s->crash_at >= 0 && n >= s->crash_at;
}

static int find_name(struct mem_supp *s, const char *name)
{
	for (int i = 0; i < MAX_FILES; i++)
		if (!strcmp(s->names[i], name))
			return i;
	return -1;
}

static TEE_Result supp_open(void *ctx, const char *name, bool create, int *fd)
{
	struct mem_supp *s = ctx;
	int i = find_name(s, name);

	if (create) {
		if (crashed(s))
			return TEE_ERROR_COMMUNICATION;
		if (i < 0)
			i = find_name(s, "");
		assert_true(i >= 0);
		strcpy(s->names[i], name);
		mem_file_free(&s->files[i]);
		mem_file_init(&s->files[i]);
	} else if (i < 0) {
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	for (int f = 0; f < MAX_FDS; f++) {
		if (s->fd_file[f] < 0) {
			s->fd_file[f] = i;
			*fd = f;
			return TEE_SUCCESS;
		}
	}
	return TEE_ERROR_OUT_OF_MEMORY;
}

static TEE_Result supp_close(void *ctx, int fd)
{
	struct mem_supp *s = ctx;

	assert_true(fd >= 0 && fd < MAX_FDS && s->fd_file[fd] >= 0);
	s->fd_file[fd] = -1;
	return TEE_SUCCESS;
}

static struct mem_file *fd_file(struct mem_supp *s, int fd)
{
	assert_true(fd >= 0 && fd < MAX_FDS && s->fd_file[fd] >= 0);
	return &s->files[s->fd_file[fd]];
}

static TEE_Result supp_read(void *ctx, int fd, uint64_t offs, void *buf,
			    size_t len, size_t *got)
{
	assert_true(len <= TEE_FS_RPC_MAX_IO);
	return mem_file_ops.read(fd_file(ctx, fd), offs, buf, len, got);
}

static TEE_Result supp_write(void *ctx, int fd, uint64_t offs, const void *buf,
			     size_t len)
{
	assert_true(len <= TEE_FS_RPC_MAX_IO);
	if (crashed(ctx))
		return TEE_ERROR_COMMUNICATION;
	return mem_file_ops.write(fd_file(ctx, fd), offs, buf, len);
}

static TEE_Result supp_truncate(void *ctx, int fd, uint64_t len)
{
	if (crashed(ctx))
		return TEE_ERROR_COMMUNICATION;
	return mem_file_ops.truncate(fd_file(ctx, fd), len);
}

static TEE_Result supp_remove(void *ctx, const char *name)
{
	struct mem_supp *s = ctx;
	int i = find_name(s, name);

	if (crashed(s))
		return TEE_ERROR_COMMUNICATION;
	if (i < 0)
		return TEE_ERROR_ITEM_NOT_FOUND;
	s->names[i][0] = 0;
	mem_file_free(&s->files[i]);
	return TEE_SUCCESS;
}

static const struct tee_fs_rpc_ops supp_ops = {
	.open = supp_open,
	.close = supp_close,
	.read = supp_read,
	.write = supp_write,
	.truncate = supp_truncate,
	.remove = supp_remove,
};

static struct mem_supp supp;
static struct tee_fs_rpc rpc = {.ops = &supp_ops, .ctx = &supp};

static void supp_init(struct mem_supp *s)
{
	memset(s, 0, sizeof(*s));
	for (int f = 0; f < MAX_FDS; f++)
		s->fd_file[f] = -1;
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_init(&s->files[i]);
	s->crash_at = -1;
}

static void supp_free(struct mem_supp *s)
{
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_free(&s->files[i]);
}

static void supp_copy(struct mem_supp *dst, const struct mem_supp *src)
{
	supp_init(dst);
	memcpy(dst->names, src->names, sizeof(dst->names));
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_copy(&dst->files[i], &src->files[i]);
}

static struct mem_file *named(struct mem_supp *s, const char *name)
{
	int i = find_name(s, name);

	assert_true(i >= 0);
	return &s->files[i];
}

static int open_fds(struct mem_supp *s)
{
	int n = 0;

	for (int f = 0; f < MAX_FDS; f++)
		n += s->fd_file[f] >= 0;
	return n;
}

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
	assert_true(find_name(&supp, "/dirf.db") >= 0);
	assert_true(find_name(&supp, "/0") >= 0);
	assert_true(find_name(&supp, "/a") >= 0);
	assert_obj(fs, &ta_a, "o10", "x");
	/* Everything is closed again, dirf.db included. */
	assert_int_equal(open_fds(&supp), 0);
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
	assert_int_equal(find_name(&supp, "/0"), -1);
	assert_true(find_name(&supp, "/1") >= 0);
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
	assert_int_equal(find_name(&supp, "/0"), -1);
	assert_int_equal(open_fds(&supp), 0);
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
	tmp = *named(&supp, "/0");
	*named(&supp, "/0") = *named(&supp, "/1");
	*named(&supp, "/1") = tmp;
	assert_int_equal(read_obj(fs, &ta_a, "x", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	assert_int_equal(read_obj(fs, &ta_a, "y", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	/* TA A's file moved into TA B's object's place. */
	mem_file_free(named(&supp, "/2"));
	mem_file_copy(named(&supp, "/2"), named(&supp, "/1"));
	assert_int_equal(read_obj(fs, &ta_b, "z", &data),
			 TEE_ERROR_CORRUPT_OBJECT);
	/* A file the directory lists but the supplicant lost. */
	supp.names[find_name(&supp, "/2")][0] = 0;
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
	mem_file_copy(&old, named(&supp, "/0"));
	assert_int_equal(tee_ree_fs_open(fs, &rpc, &ta_a, "ctr", 3, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 0, "2", 1), TEE_SUCCESS);
	assert_int_equal(tee_ree_fs_write(f, &rpc, 0, "3", 1), TEE_SUCCESS);
	tee_ree_fs_close(f, &rpc);
	mem_file_free(named(&supp, "/0"));
	*named(&supp, "/0") = old;
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
	d = named(&supp, "/dirf.db");
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
