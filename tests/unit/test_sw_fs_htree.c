// SPDX-License-Identifier: BSD-2-Clause
/*
 * The hash-tree file (secure/fs_htree.c) over a file in memory
 * (sw_mem_file.c): OP-TEE's offsets (ABI-FACTS-INTERNAL §5.4, from
 * core/tee/fs_htree.c get_offs_size()), round trips, the atomic commit
 * under a crash at every write, and tampering of every byte.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/evp.h>

#include "secure/fs_htree.h"
#include "secure/tee_fs_key_manager.h"
#include "sw_mem_file.h"

static const uint8_t tsk[FS_HTREE_TSK_SIZE] = {1, 2, 3};
static const uint8_t other_tsk[FS_HTREE_TSK_SIZE] = {4, 5, 6};

static uint8_t *pattern(size_t len, unsigned int seed)
{
	uint8_t *p = malloc(len ? len : 1);

	for (size_t i = 0; i < len; i++)
		p[i] = (uint8_t)(i * 7 + seed + (i >> 12));
	return p;
}

/* A committed file holding @len bytes of pattern @seed. */
static void make_file(struct mem_file *f, size_t len, unsigned int seed,
		      uint8_t hash[FS_HTREE_HASH_SIZE])
{
	struct fs_htree *ht;
	uint8_t *data = pattern(len, seed);

	mem_file_init(f);
	assert_int_equal(
		fs_htree_open(&mem_file_ops, f, tsk, NULL, 0, true, &ht),
		TEE_SUCCESS);
	assert_int_equal(fs_htree_write(ht, 0, data, len), TEE_SUCCESS);
	assert_int_equal(fs_htree_sync(ht, hash), TEE_SUCCESS);
	fs_htree_close(ht);
	free(data);
}

/* Opens @f and reads all of it; Return: the open/read result. */
static TEE_Result read_all(struct mem_file *f, const uint8_t *hash,
			   const uint8_t *key, uint8_t **data, size_t *len)
{
	struct fs_htree *ht;
	TEE_Result res;
	size_t got;

	*data = NULL;
	res = fs_htree_open(&mem_file_ops, f, key, hash, 0, false, &ht);
	if (res)
		return res;
	*len = (size_t)fs_htree_length(ht);
	*data = malloc(*len ? *len : 1);
	res = fs_htree_read(ht, 0, *data, *len, &got);
	if (!res && got != *len)
		res = TEE_ERROR_GENERIC;
	fs_htree_close(ht);
	if (res) {
		free(*data);
		*data = NULL;
	}
	return res;
}

static void assert_content(struct mem_file *f, const uint8_t *hash,
			   const uint8_t *want, size_t want_len)
{
	uint8_t *data;
	size_t len;

	assert_int_equal(read_all(f, hash, tsk, &data, &len), TEE_SUCCESS);
	assert_int_equal(len, want_len);
	assert_memory_equal(data, want, len);
	free(data);
}

/*
 * Decrypts the current header's imeta the way OP-TEE reads it (FEK
 * unwrapped with the TSK; AES-GCM, AAD = first 16 bytes of the root
 * hash, counter, wrapped FEK, IV): Return: 1 if it verifies.
 */
static int read_imeta(const struct mem_file *f, unsigned int slot,
		      uint64_t *length, uint32_t *max_node_id)
{
	const uint8_t *h = f->data + FS_HTREE_IMAGE_SIZE * slot;
	const uint8_t *root = f->data + fs_htree_node_offset(1, slot);
	uint8_t fek[16], plain[16], tag[16];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n, ok;

	assert_int_equal(tee_fs_fek_crypt(tsk, false, h + 32, fek),
			 TEE_SUCCESS);
	memcpy(tag, h + 16, 16);
	ok = EVP_DecryptInit_ex(c, EVP_aes_128_gcm(), NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, 16, NULL) &&
	     EVP_DecryptInit_ex(c, NULL, NULL, fek, h) &&
	     EVP_DecryptUpdate(c, NULL, &n, root, 16) &&
	     EVP_DecryptUpdate(c, NULL, &n, h + 64, 4) &&
	     EVP_DecryptUpdate(c, NULL, &n, h + 32, 16) &&
	     EVP_DecryptUpdate(c, NULL, &n, h, 16) &&
	     EVP_DecryptUpdate(c, plain, &n, h + 48, 16) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, tag) &&
	     EVP_DecryptFinal_ex(c, plain + n, &n) == 1;
	EVP_CIPHER_CTX_free(c);
	memcpy(length, plain, 8);
	memcpy(max_node_id, plain + 8, 4);
	return ok;
}

/*
 * imeta as OP-TEE writes it: max_node_id stays 0 while the root is the
 * only node (core/tee/fs_htree.c get_node() raises it only for a new
 * node), then is the highest node id.
 */
static void test_imeta__optee_max_node_id(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE];
	uint32_t max_node_id;
	uint64_t length;
	struct mem_file f;

	(void)state;
	make_file(&f, 100, 1, hash);
	/* Created at counter 1, data committed at 2: slot 0. */
	assert_true(read_imeta(&f, 0, &length, &max_node_id));
	assert_int_equal(length, 100);
	assert_int_equal(max_node_id, 0);
	mem_file_free(&f);
	make_file(&f, FS_HTREE_BLOCK_SIZE + 1, 1, hash);
	assert_true(read_imeta(&f, 0, &length, &max_node_id));
	assert_int_equal(length, FS_HTREE_BLOCK_SIZE + 1);
	assert_int_equal(max_node_id, 2);
	mem_file_free(&f);
}

/* The worked offsets of §5.4 (the formula is what OP-TEE runs). */
static void test_offsets__match_optee_get_offs_size(void **state)
{
	(void)state;
	assert_int_equal(fs_htree_node_offset(1, 0), 4096);
	assert_int_equal(fs_htree_node_offset(1, 1), 4162);
	assert_int_equal(fs_htree_node_offset(2, 0), 4228);
	assert_int_equal(fs_htree_node_offset(31, 1), 8122);
	assert_int_equal(fs_htree_node_offset(32, 0), 258048);
	assert_int_equal(fs_htree_block_offset(0, 0), 8192);
	assert_int_equal(fs_htree_block_offset(0, 1), 12288);
	assert_int_equal(fs_htree_block_offset(30, 0), 253952);
	assert_int_equal(fs_htree_block_offset(30, 1), 262144);
	assert_int_equal(fs_htree_block_offset(31, 0), 266240);
	assert_int_equal(fs_htree_block_offset(61, 0), 516096);
}

/* A new file: header slot 1 counter 1, slot 0 blank; it opens empty. */
static void test_create__header_slots_as_optee(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE];
	struct mem_file f;
	uint8_t blank[FS_HTREE_IMAGE_SIZE] = {0};

	(void)state;
	make_file(&f, 0, 0, hash);
	assert_true(f.size >= 2 * FS_HTREE_IMAGE_SIZE);
	assert_memory_equal(f.data, blank, FS_HTREE_IMAGE_SIZE);
	assert_int_equal(f.data[FS_HTREE_IMAGE_SIZE + 64], 1);
	assert_content(&f, NULL, NULL, 0);
	assert_content(&f, hash, NULL, 0);
	mem_file_free(&f);
}

/* Past 31 nodes the tree spans a second node block (node 32 and on). */
static void test_write__multi_block_round_trip(void **state)
{
	size_t len = 40 * FS_HTREE_BLOCK_SIZE + 123;
	uint8_t hash[FS_HTREE_HASH_SIZE];
	uint8_t *want = pattern(len, 9);
	struct mem_file f;

	(void)state;
	make_file(&f, len, 9, hash);
	assert_content(&f, NULL, want, len);
	assert_content(&f, hash, want, len);
	mem_file_free(&f);
	free(want);
}

/* Bytes between the old end and a later write, or a truncate up, are 0. */
static void test_write__gap_and_regrowth_read_zero(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE], buf[10000], byte = 0x5a;
	struct fs_htree *ht;
	struct mem_file f;
	size_t got;

	(void)state;
	make_file(&f, 5000, 1, hash);
	assert_int_equal(
		fs_htree_open(&mem_file_ops, &f, tsk, hash, 0, false, &ht),
		TEE_SUCCESS);
	assert_int_equal(fs_htree_truncate(ht, 100), TEE_SUCCESS);
	assert_int_equal(fs_htree_truncate(ht, 6000), TEE_SUCCESS);
	assert_int_equal(fs_htree_write(ht, 9000, &byte, 1), TEE_SUCCESS);
	assert_int_equal(fs_htree_sync(ht, hash), TEE_SUCCESS);
	assert_int_equal(fs_htree_read(ht, 0, buf, sizeof(buf), &got),
			 TEE_SUCCESS);
	assert_int_equal(got, 9001);
	for (size_t i = 100; i < 9000; i++)
		assert_int_equal(buf[i], 0);
	assert_int_equal(buf[9000], 0x5a);
	fs_htree_close(ht);
	mem_file_free(&f);
}

typedef void (*update_fn)(struct fs_htree *ht);

static void update_overwrite_and_grow(struct fs_htree *ht)
{
	uint8_t *p = pattern(36 * FS_HTREE_BLOCK_SIZE, 77);

	/* A crash in the middle shows in the commit's result. */
	(void)fs_htree_write(ht, 1000, p, 36 * FS_HTREE_BLOCK_SIZE);
	free(p);
}

static void update_shrink(struct fs_htree *ht)
{
	(void)fs_htree_truncate(ht, 3 * FS_HTREE_BLOCK_SIZE + 5);
}

/*
 * Runs @update on a copy of @base with writes failing from number
 * @crash_at on, commits, then trims (which may fail: the commit stands).
 * @commit_writes: [out] writes done when the commit returned.
 * Return: the result of the update and its commit.
 */
static TEE_Result crashed_update(const struct mem_file *base,
				 const uint8_t *hash, update_fn update,
				 long crash_at, struct mem_file *out,
				 uint8_t new_hash[FS_HTREE_HASH_SIZE],
				 long *commit_writes)
{
	struct fs_htree *ht;
	TEE_Result res;

	mem_file_copy(out, base);
	assert_int_equal(
		fs_htree_open(&mem_file_ops, out, tsk, hash, 0, false, &ht),
		TEE_SUCCESS);
	out->crash_at = crash_at;
	update(ht);
	res = fs_htree_sync(ht, new_hash);
	*commit_writes = out->writes;
	if (!res)
		(void)fs_htree_trim(ht);
	fs_htree_close(ht);
	out->crash_at = -1;
	return res;
}

/*
 * The update fails at write k for every k: the file then holds the old
 * version (found by counter and by its root hash) and never anything
 * else; without a crash, the new one.
 */
static void check_atomic(update_fn update)
{
	size_t old_len = 20 * FS_HTREE_BLOCK_SIZE + 17, new_len, len;
	uint8_t hash[FS_HTREE_HASH_SIZE], new_hash[FS_HTREE_HASH_SIZE];
	uint8_t *old = pattern(old_len, 3), *new, *data;
	struct mem_file base, f;
	long total, committed;

	make_file(&base, old_len, 3, hash);
	/* The dry run: how many writes, and what the new content is. */
	assert_int_equal(crashed_update(&base, hash, update, -1, &f, new_hash,
					&committed),
			 TEE_SUCCESS);
	total = f.writes;
	assert_int_equal(read_all(&f, new_hash, tsk, &new, &new_len),
			 TEE_SUCCESS);
	mem_file_free(&f);
	/* At least the nodes, the header and (a shrink) the trim. */
	assert_true(total >= 3);
	for (long k = 0; k <= total; k++) {
		long at;
		TEE_Result res = crashed_update(&base, hash, update, k, &f,
						new_hash, &at);

		/* The header write is the commit point. */
		assert_int_equal(res != TEE_SUCCESS, k < committed);
		assert_int_equal(read_all(&f, NULL, tsk, &data, &len),
				 TEE_SUCCESS);
		if (k < committed) {
			/* No commit: the old version, whole. */
			assert_int_equal(len, old_len);
			assert_memory_equal(data, old, len);
			free(data);
			assert_content(&f, hash, old, old_len);
		} else {
			assert_int_equal(len, new_len);
			assert_memory_equal(data, new, len);
			free(data);
			assert_content(&f, new_hash, new, new_len);
		}
		mem_file_free(&f);
	}
	mem_file_free(&base);
	free(old);
	free(new);
}

static void test_commit__crash_at_every_write_overwrite_grow(void **state)
{
	(void)state;
	check_atomic(update_overwrite_and_grow);
}

static void test_commit__crash_at_every_write_shrink(void **state)
{
	(void)state;
	check_atomic(update_shrink);
}

/*
 * One bit flipped anywhere: the file is refused, or (a byte the
 * committed version does not use) it reads exactly as before.
 */
static void test_tamper__every_byte_refused_or_unchanged(void **state)
{
	size_t want_len = FS_HTREE_BLOCK_SIZE + 300, len;
	uint8_t hash[FS_HTREE_HASH_SIZE], *want = pattern(want_len, 5), *data;
	struct mem_file f;
	size_t refused = 0;

	(void)state;
	make_file(&f, want_len, 5, hash);
	for (size_t i = 0; i < f.size; i++) {
		for (int by_hash = 0; by_hash < 2; by_hash++) {
			TEE_Result res;

			f.data[i] ^= 0x10;
			res = read_all(&f, by_hash ? hash : NULL, tsk, &data,
				       &len);
			f.data[i] ^= 0x10;
			if (res) {
				assert_true(res == TEE_ERROR_CORRUPT_OBJECT ||
					    res == TEE_ERROR_SECURITY);
				refused++;
				continue;
			}
			assert_int_equal(len, want_len);
			assert_memory_equal(data, want, len);
			free(data);
		}
	}
	/* Headers, nodes, both data blocks: thousands of live bytes. */
	assert_true(refused > 2 * 2 * FS_HTREE_BLOCK_SIZE);
	mem_file_free(&f);
	free(want);
}

/* Another file's hash, another TA's key, a cut file: never its data. */
static void test_tamper__swap_foreign_key_truncation(void **state)
{
	uint8_t ha[FS_HTREE_HASH_SIZE], hb[FS_HTREE_HASH_SIZE], *data;
	struct mem_file a, b;
	size_t len;

	(void)state;
	make_file(&a, 3000, 1, ha);
	make_file(&b, 3000, 2, hb);
	assert_int_equal(read_all(&a, hb, tsk, &data, &len),
			 TEE_ERROR_CORRUPT_OBJECT);
	assert_int_equal(read_all(&a, NULL, other_tsk, &data, &len),
			 TEE_ERROR_CORRUPT_OBJECT);
	assert_int_equal(read_all(&a, ha, other_tsk, &data, &len),
			 TEE_ERROR_CORRUPT_OBJECT);
	a.size = fs_htree_block_offset(0, 1);
	assert_int_equal(read_all(&a, ha, tsk, &data, &len),
			 TEE_ERROR_CORRUPT_OBJECT);
	a.size = 100;
	assert_int_equal(read_all(&a, NULL, tsk, &data, &len),
			 TEE_ERROR_CORRUPT_OBJECT);
	mem_file_free(&a);
	mem_file_free(&b);
}

/* A counter below the anti-rollback floor is SECURITY. */
static void test_open__counter_below_minimum_security(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE];
	struct fs_htree *ht;
	struct mem_file f;

	(void)state;
	make_file(&f, 10, 1, hash);
	/* Created (counter 1) and one commit of the data: counter 2. */
	assert_int_equal(
		fs_htree_open(&mem_file_ops, &f, tsk, NULL, 3, false, &ht),
		TEE_ERROR_SECURITY);
	assert_int_equal(
		fs_htree_open(&mem_file_ops, &f, tsk, NULL, 2, false, &ht),
		TEE_SUCCESS);
	assert_int_equal(fs_htree_counter(ht), 2);
	fs_htree_close(ht);
	mem_file_free(&f);
}

/* Slot 0 odd and slot 1 even cannot happen: SECURITY (OP-TEE's rule). */
static void test_open__contradictory_counters_security(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE], *data;
	struct mem_file f;
	size_t len;

	(void)state;
	make_file(&f, 10, 1, hash);
	f.data[64] = 3;
	f.data[FS_HTREE_IMAGE_SIZE + 64] = 2;
	assert_int_equal(read_all(&f, NULL, tsk, &data, &len),
			 TEE_ERROR_SECURITY);
	mem_file_free(&f);
}

/* A read error of the supplicant is passed up, never taken as data. */
static void test_open__io_error_passed_up(void **state)
{
	uint8_t hash[FS_HTREE_HASH_SIZE], *data;
	struct mem_file f;
	size_t len;

	(void)state;
	make_file(&f, 10, 1, hash);
	f.fail_reads = 1;
	assert_int_equal(read_all(&f, hash, tsk, &data, &len),
			 TEE_ERROR_GENERIC);
	mem_file_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_offsets__match_optee_get_offs_size),
		cmocka_unit_test(test_create__header_slots_as_optee),
		cmocka_unit_test(test_imeta__optee_max_node_id),
		cmocka_unit_test(test_write__multi_block_round_trip),
		cmocka_unit_test(test_write__gap_and_regrowth_read_zero),
		cmocka_unit_test(
			test_commit__crash_at_every_write_overwrite_grow),
		cmocka_unit_test(test_commit__crash_at_every_write_shrink),
		cmocka_unit_test(test_tamper__every_byte_refused_or_unchanged),
		cmocka_unit_test(test_tamper__swap_foreign_key_truncation),
		cmocka_unit_test(test_open__counter_below_minimum_security),
		cmocka_unit_test(test_open__contradictory_counters_security),
		cmocka_unit_test(test_open__io_error_passed_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
