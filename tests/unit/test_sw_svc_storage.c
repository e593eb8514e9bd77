// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP Trusted Storage in the trusted OS (secure/tee_svc_storage.c) over
 * the REE FS and a supplicant in memory (sw_mem_supp.c): storage ids,
 * flag checks and the sharing rules of OP-TEE's tee_pobj.c
 * (ABI-FACTS-INTERNAL §5.1), the object head of tee_svc_storage.c
 * (§5.6), and the data stream (GP Internal Core API 1.3.1 §5.9).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "secure/tee_svc_storage.h"
#include "sw_mem_supp.h"
#include "ta/include/tee_api_defines.h"

#define R    TEE_DATA_FLAG_ACCESS_READ
#define W    TEE_DATA_FLAG_ACCESS_WRITE
#define WM   TEE_DATA_FLAG_ACCESS_WRITE_META
#define SR   TEE_DATA_FLAG_SHARE_READ
#define SW   TEE_DATA_FLAG_SHARE_WRITE
#define OW   TEE_DATA_FLAG_OVERWRITE
#define PRIV TEE_STORAGE_PRIVATE

static const TEE_UUID ta = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4}};
static const uint8_t ssk[32] = {0x42};
static struct mem_supp supp;
static struct tee_fs_rpc rpc = {.ops = &mem_supp_ops, .ctx = &supp};
static const struct tee_svc_storage_head data_head = {
	.objectType = 0xA00000BF, /* TEE_TYPE_DATA */
	.objectUsage = 0xffffffff,
};

static int setup(void **state)
{
	struct tee_svc_storage *svc;

	supp_init(&supp);
	if (tee_svc_storage_new(ssk, &svc))
		return -1;
	*state = svc;
	return 0;
}

static int teardown(void **state)
{
	tee_svc_storage_free(*state);
	supp_free(&supp);
	return 0;
}

static struct tee_svc_obj *create(struct tee_svc_storage *svc, const char *id,
				  uint32_t flags, const char *data)
{
	struct tee_svc_obj *o = NULL;

	assert_int_equal(tee_svc_storage_create(
				 svc, &rpc, &ta, PRIV, id, strlen(id), flags,
				 &data_head, NULL, 0, data, strlen(data), &o),
			 TEE_SUCCESS);
	return o;
}

static TEE_Result open_obj(struct tee_svc_storage *svc, const char *id,
			   uint32_t flags, struct tee_svc_obj **o)
{
	return tee_svc_storage_open(svc, &rpc, &ta, PRIV, id, strlen(id), flags,
				    o);
}

/*
 * Without an RPMB FS (tee_svc_storage_set_rpmb() not called) only PRIVATE
 * and PRIVATE_REE exist: RPMB as in OP-TEE with CFG_RPMB_FS=n.
 */
static void test_storage_id__rpmb_and_unknown_not_found(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *o;

	tee_svc_storage_close(create(svc, "k", R, "v"), &rpc);
	assert_int_equal(tee_svc_storage_open(svc, &rpc, &ta,
					      TEE_STORAGE_PRIVATE_REE, "k", 1,
					      R, &o),
			 TEE_SUCCESS);
	tee_svc_storage_close(o, &rpc);
	assert_int_equal(tee_svc_storage_open(svc, &rpc, &ta,
					      TEE_STORAGE_PRIVATE_RPMB, "k", 1,
					      R, &o),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(
		tee_svc_storage_open(svc, &rpc, &ta, 0x2, "k", 1, R, &o),
		TEE_ERROR_ITEM_NOT_FOUND);
}

/* Unknown flag bits, OVERWRITE on open, ids past 64 bytes. */
static void test_flags_and_id_len__bad_parameters(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *o;
	char id[65] = {0};

	assert_int_equal(open_obj(svc, "k", 0x8, &o), TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(open_obj(svc, "k", OW, &o), TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(tee_svc_storage_create(svc, &rpc, &ta, PRIV, id, 65, 0,
						&data_head, NULL, 0, NULL, 0,
						&o),
			 TEE_ERROR_BAD_PARAMETERS);
}

/* §5.1: the second handle's flags against the first's. */
static void test_share_rules__optee_table(void **state)
{
	static const struct {
		uint32_t first, second;
		TEE_Result want;
	} cases[] = {
		{R | SR, R | SR, TEE_SUCCESS},
		{R, R, TEE_ERROR_ACCESS_CONFLICT},
		{R | SR, R, TEE_ERROR_ACCESS_CONFLICT},
		{W | SW, W | SW, TEE_SUCCESS},
		{W | SW | SR, W | SW, TEE_ERROR_ACCESS_CONFLICT},
		{R | SR | SW, W | SR | SW, TEE_SUCCESS},
		{R | SR, W | SR | SW, TEE_ERROR_ACCESS_CONFLICT},
		{R | SR | WM, R | SR, TEE_ERROR_ACCESS_CONFLICT},
		{R | SR, R | SR | WM, TEE_ERROR_ACCESS_CONFLICT},
		{SR, SR, TEE_SUCCESS},
	};
	struct tee_svc_storage *svc = *state;

	tee_svc_storage_close(create(svc, "k", 0, "v"), &rpc);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct tee_svc_obj *a, *b;

		assert_int_equal(open_obj(svc, "k", cases[i].first, &a),
				 TEE_SUCCESS);
		assert_int_equal(open_obj(svc, "k", cases[i].second, &b),
				 cases[i].want);
		if (!cases[i].want)
			tee_svc_storage_close(b, &rpc);
		tee_svc_storage_close(a, &rpc);
	}
}

/* Create over an open id: only with OVERWRITE, then the share rules. */
static void test_create__open_id_conflict_unless_overwrite(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *a, *b;

	a = create(svc, "k", R | SR, "v1");
	assert_int_equal(tee_svc_storage_create(svc, &rpc, &ta, PRIV, "k", 1,
						R | SR, &data_head, NULL, 0,
						NULL, 0, &b),
			 TEE_ERROR_ACCESS_CONFLICT);
	b = create(svc, "k", R | SR | OW, "v2");
	tee_svc_storage_close(b, &rpc);
	tee_svc_storage_close(a, &rpc);
	/* Not open, exists, no OVERWRITE: ACCESS_CONFLICT as well. */
	assert_int_equal(tee_svc_storage_create(svc, &rpc, &ta, PRIV, "k", 1, R,
						&data_head, NULL, 0, NULL, 0,
						&b),
			 TEE_ERROR_ACCESS_CONFLICT);
}

/* Head, attributes and data: the data stream starts after them (§5.6). */
static void test_head_attrs_data__layout_and_round_trip(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_storage_head h = data_head, got_h;
	const uint8_t *attrs;
	struct tee_svc_obj *o;
	uint64_t size, pos;
	char buf[16] = {0};
	size_t n;

	h.objectType = 0xA0000010; /* TEE_TYPE_AES */
	h.objectSize = 128;
	h.maxObjectSize = 128;
	assert_int_equal(tee_svc_storage_create(svc, &rpc, &ta, PRIV, "key", 3,
						R | WM, &h, "\0\0\0\4abcd", 8,
						"data", 4, &o),
			 TEE_SUCCESS);
	tee_svc_storage_close(o, &rpc);
	assert_int_equal(open_obj(svc, "key", R, &o), TEE_SUCCESS);
	tee_svc_storage_info(o, &got_h, &attrs, NULL, &size, &pos);
	assert_int_equal(got_h.attr_size, 8);
	assert_int_equal(got_h.objectType, 0xA0000010);
	assert_int_equal(got_h.objectSize, 128);
	assert_memory_equal(attrs, "\0\0\0\4abcd", 8);
	assert_int_equal(size, 4);
	assert_int_equal(pos, 0);
	assert_int_equal(tee_svc_storage_read(o, &rpc, buf, sizeof(buf), &n),
			 TEE_SUCCESS);
	assert_int_equal(n, 4);
	assert_string_equal(buf, "data");
	tee_svc_storage_close(o, &rpc);
}

/* Position moves with reads/writes; seek clamps at 0, overflows past max. */
static void test_stream__position_seek_truncate(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *o;
	char buf[32] = {0};
	uint64_t size, pos;
	size_t n;

	o = create(svc, "s", R | W, "0123456789");
	assert_int_equal(tee_svc_storage_seek(o, 4, TEE_DATA_SEEK_SET),
			 TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_write(o, &rpc, "ab", 2), TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_read(o, &rpc, buf, 2, &n),
			 TEE_SUCCESS);
	assert_memory_equal(buf, "67", 2);
	assert_int_equal(tee_svc_storage_seek(o, -100, TEE_DATA_SEEK_CUR),
			 TEE_SUCCESS);
	tee_svc_storage_info(o, NULL, NULL, NULL, NULL, &pos);
	assert_int_equal(pos, 0);
	assert_int_equal(tee_svc_storage_seek(o, 2, TEE_DATA_SEEK_END),
			 TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_write(o, &rpc, "Z", 1), TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_seek(o, 0, TEE_DATA_SEEK_SET),
			 TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_read(o, &rpc, buf, sizeof(buf), &n),
			 TEE_SUCCESS);
	assert_int_equal(n, 13);
	assert_memory_equal(buf, "0123ab6789\0\0Z", 13);
	assert_int_equal(tee_svc_storage_truncate(o, &rpc, 3), TEE_SUCCESS);
	tee_svc_storage_info(o, NULL, NULL, NULL, &size, NULL);
	assert_int_equal(size, 3);
	assert_int_equal(tee_svc_storage_seek(o, 0, 3),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(tee_svc_storage_seek(o, INT32_MAX, TEE_DATA_SEEK_SET),
			 TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_seek(o, INT32_MAX, TEE_DATA_SEEK_CUR),
			 TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_seek(o, 2, TEE_DATA_SEEK_CUR),
			 TEE_ERROR_OVERFLOW);
	/* Past TEE_DATA_MAX_POSITION: OVERFLOW; up to it, the file's room. */
	assert_int_equal(tee_svc_storage_write(o, &rpc, "xy", 2),
			 TEE_ERROR_OVERFLOW);
	assert_int_equal(tee_svc_storage_write(o, &rpc, "x", 1),
			 TEE_ERROR_STORAGE_NO_SPACE);
	tee_svc_storage_close(o, &rpc);
}

/* Access rights: read/write/meta operations need their flag. */
static void test_access__missing_right_conflict(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *o;
	char buf[4];
	size_t n;

	o = create(svc, "a", 0, "v");
	assert_int_equal(tee_svc_storage_read(o, &rpc, buf, 1, &n),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_svc_storage_write(o, &rpc, "x", 1),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_svc_storage_truncate(o, &rpc, 0),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_svc_storage_rename(o, &rpc, "b", 1),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_svc_storage_delete(o, &rpc),
			 TEE_ERROR_ACCESS_CONFLICT);
	tee_svc_storage_close(o, &rpc);
}

static void test_rename_delete_enumerate(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_obj *o, *other;
	uint8_t id[TEE_OBJECT_ID_MAX_LEN];
	int cursor = -1, n = 0;
	size_t len;

	tee_svc_storage_close(create(svc, "taken", 0, ""), &rpc);
	o = create(svc, "a", WM, "v");
	assert_int_equal(tee_svc_storage_rename(o, &rpc, "taken", 5),
			 TEE_ERROR_ACCESS_CONFLICT);
	other = create(svc, "open", 0, "");
	assert_int_equal(tee_svc_storage_rename(o, &rpc, "open", 4),
			 TEE_ERROR_ACCESS_CONFLICT);
	tee_svc_storage_close(other, &rpc);
	assert_int_equal(tee_svc_storage_rename(o, &rpc, "b", 1), TEE_SUCCESS);
	tee_svc_storage_close(o, &rpc);
	assert_int_equal(open_obj(svc, "a", 0, &o), TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(open_obj(svc, "b", WM, &o), TEE_SUCCESS);
	assert_int_equal(tee_svc_storage_delete(o, &rpc), TEE_SUCCESS);
	assert_int_equal(open_obj(svc, "b", 0, &o), TEE_ERROR_ITEM_NOT_FOUND);
	while (!tee_svc_storage_next(svc, &rpc, &ta, PRIV, &cursor, id, &len))
		n++;
	assert_int_equal(n, 2); /* "taken" and "open" */
	cursor = -1;
	assert_int_equal(tee_svc_storage_next(svc, &rpc, &ta,
					      TEE_STORAGE_PRIVATE_RPMB, &cursor,
					      id, &len),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(supp_open_fds(&supp), 0);
}

/* Restricting usage rewrites the head's u32 at offset 12 only. */
static void test_restrict_usage__persists(void **state)
{
	struct tee_svc_storage *svc = *state;
	struct tee_svc_storage_head h;
	struct tee_svc_obj *o;

	o = create(svc, "u", 0, "");
	assert_int_equal(tee_svc_storage_restrict_usage(o, &rpc, 0x5),
			 TEE_SUCCESS);
	tee_svc_storage_close(o, &rpc);
	assert_int_equal(open_obj(svc, "u", 0, &o), TEE_SUCCESS);
	tee_svc_storage_info(o, &h, NULL, NULL, NULL, NULL);
	assert_int_equal(h.objectUsage, 0x5);
	assert_int_equal(h.objectType, data_head.objectType);
	tee_svc_storage_close(o, &rpc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_storage_id__rpmb_and_unknown_not_found, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_flags_and_id_len__bad_parameters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_share_rules__optee_table,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_create__open_id_conflict_unless_overwrite, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_head_attrs_data__layout_and_round_trip, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_stream__position_seek_truncate, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_access__missing_right_conflict, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rename_delete_enumerate,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_restrict_usage__persists,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
