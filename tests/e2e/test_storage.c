// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP Trusted Storage (Internal Core API 1.3.1 ch. 5) end to end: a TA's
 * persistent objects go through libutee's system calls, the trusted OS's
 * storage service and the real tee-supplicant into the test's storage
 * directory.  Results are those ABI-FACTS-INTERNAL §3.2 gives for OP-TEE
 * (lib/libutee/tee_api_objects.c, core/tee/tee_svc_storage.c,
 * tee_pobj.c); the TA (ta/tests/storage) passes each one on.
 *
 * Every test starts its own teebox and stops it; teed must exit 0.
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
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/storage/ta_storage_cmds.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "teebox/ta_ipc.h"

/* GP values (tee_api_defines.h), spelt out: a client sees numbers. */
#define TEE_STORAGE_PRIVATE		0x00000001
#define TEE_STORAGE_PRIVATE_RPMB	0x80000100
#define TEE_DATA_FLAG_ACCESS_READ	0x00000001
#define TEE_DATA_FLAG_ACCESS_WRITE	0x00000002
#define TEE_DATA_FLAG_ACCESS_WRITE_META 0x00000004
#define TEE_DATA_FLAG_SHARE_READ	0x00000010
#define TEE_DATA_FLAG_SHARE_WRITE	0x00000020
#define TEE_DATA_FLAG_OVERWRITE		0x00000400
#define TEE_DATA_SEEK_SET		0
#define TEE_DATA_SEEK_CUR		1
#define TEE_DATA_SEEK_END		2
#define TEE_HANDLE_FLAG_PERSISTENT	0x00010000
#define TEE_HANDLE_FLAG_INITIALIZED	0x00020000
#define TEE_TYPE_DATA			0xA00000BF
#define TEE_TYPE_AES			0xA0000010
#define TEE_USAGE_EXTRACTABLE		0x00000001
#define TEE_ERROR_CORRUPT_OBJECT	0xF0100001

#define RW    (TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE)
#define META  TEE_DATA_FLAG_ACCESS_WRITE_META
#define NOVAL 0xffffffffU

static const TEEC_UUID ta_uuid = TA_TEST_STORAGE_UUID;
static const TEEC_UUID ta2_uuid = TA_TEST_STORAGE2_UUID;
static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static struct harness tb;
/* A storage and a state directory a test keeps across restarts. */
static char keep_dir[64];
/* The storage id obj_open() and obj_list() use. */
static uint32_t storage_id = TEE_STORAGE_PRIVATE;

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int teardown(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	storage_id = TEE_STORAGE_PRIVATE;
	if (keep_dir[0])
		nftw(keep_dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	keep_dir[0] = '\0';
	return 0;
}

static void open_ta(TEEC_Context *ctx, TEEC_Session *s, const TEEC_UUID *u)
{
	e2e_open(ctx, s, u, TEEC_LOGIN_PUBLIC, NULL);
}

static TEEC_Result invoke(TEEC_Session *s, uint32_t cmd, TEEC_Operation *op)
{
	uint32_t origin;

	op->started = 0;
	return TEEC_InvokeCommand(s, cmd, op, &origin);
}

/* CREATE or OPEN @id; *@slot gets the handle's slot. */
static TEEC_Result obj_open(TEEC_Session *s, uint32_t cmd, const char *id,
			    const char *data, uint32_t flags, uint32_t *slot)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 cmd == TA_STORAGE_CMD_CREATE
						 ? TEEC_MEMREF_TEMP_INPUT
						 : TEEC_NONE,
					 TEEC_VALUE_INOUT, TEEC_VALUE_INPUT);
	op.params[0].tmpref.buffer = (void *)id;
	op.params[0].tmpref.size = strlen(id);
	op.params[1].tmpref.buffer = (void *)data;
	op.params[1].tmpref.size = data ? strlen(data) : 0;
	op.params[2].value.a = flags;
	op.params[3].value.a = storage_id;
	TEEC_Result res = invoke(s, cmd, &op);

	if (slot)
		*slot = op.params[2].value.a;
	return res;
}

/* A command on slot @slot with value b @b and value param 1 @v1. */
static TEEC_Result on_slot(TEEC_Session *s, uint32_t cmd, uint32_t slot,
			   uint32_t b, uint32_t v1)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[0].value.b = b;
	op.params[1].value.a = v1;
	return invoke(s, cmd, &op);
}

/* READ or WRITE (or RENAME, GET_KEY) with a buffer. */
static TEEC_Result on_buf(TEEC_Session *s, uint32_t cmd, uint32_t slot,
			  void *buf, size_t *len)
{
	bool out = cmd == TA_STORAGE_CMD_READ || cmd == TA_STORAGE_CMD_GET_KEY;
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT,
					 out ? TEEC_MEMREF_TEMP_OUTPUT
					     : TEEC_MEMREF_TEMP_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = *len;
	res = invoke(s, cmd, &op);
	*len = op.params[1].tmpref.size;
	return res;
}

static void assert_read(TEEC_Session *s, uint32_t slot, const char *want)
{
	char buf[256] = {0};
	size_t len = sizeof(buf) - 1;

	assert_int_equal(on_buf(s, TA_STORAGE_CMD_READ, slot, buf, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, strlen(want));
	assert_memory_equal(buf, want, len);
}

static TEEC_Result obj_write(TEEC_Session *s, uint32_t slot, const char *d)
{
	size_t len = strlen(d);

	return on_buf(s, TA_STORAGE_CMD_WRITE, slot, (void *)d, &len);
}

static TEEC_Result obj_rename(TEEC_Session *s, uint32_t slot, const char *id)
{
	size_t len = strlen(id);

	return on_buf(s, TA_STORAGE_CMD_RENAME, slot, (void *)id, &len);
}

/* TEE_GetObjectInfo1: v[0] dataSize, [1] position, [2] handleFlags,
 * [3] objectType, [4] objectUsage, [5] objectSize. */
static void obj_info(TEEC_Session *s, uint32_t slot, uint32_t v[6])
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT);
	op.params[0].value.a = slot;
	assert_int_equal(invoke(s, TA_STORAGE_CMD_INFO, &op), TEEC_SUCCESS);
	v[0] = op.params[1].value.a;
	v[1] = op.params[1].value.b;
	v[2] = op.params[2].value.a;
	v[3] = op.params[2].value.b;
	v[4] = op.params[3].value.a;
	v[5] = op.params[3].value.b;
}

/* The ids TA @s enumerates, as "id,id," in enumeration order. */
static void obj_list(TEEC_Session *s, char *out, size_t size)
{
	uint8_t buf[1024];
	TEEC_Operation op = {0};
	size_t off = 0, o = 0;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	op.params[1].value.a = storage_id;
	assert_int_equal(invoke(s, TA_STORAGE_CMD_ENUM, &op), TEEC_SUCCESS);
	out[0] = '\0';
	while (off < op.params[0].tmpref.size) {
		size_t n = buf[off];

		assert_true(o + n + 2 < size);
		memcpy(out + o, buf + off + 1, n);
		o += n;
		out[o++] = ',';
		out[o] = '\0';
		off += 1 + n;
	}
}

/* Create, read, seek, write, truncate, rename, enumerate, delete. */
static void test_data_object(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t slot, v[6];
	char list[256];

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	open_ta(&ctx, &s, &ta_uuid);

	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_CREATE, "obj1",
				  "hello world", RW | META, &slot),
			 TEEC_SUCCESS);
	obj_info(&s, slot, v);
	assert_int_equal(v[0], 11);
	assert_int_equal(v[1], 0);
	assert_int_equal(v[2], TEE_HANDLE_FLAG_PERSISTENT |
				       TEE_HANDLE_FLAG_INITIALIZED | RW | META);
	assert_int_equal(v[3], TEE_TYPE_DATA);

	assert_read(&s, slot, "hello world");
	obj_info(&s, slot, v);
	assert_int_equal(v[1], 11);
	/* SEEK_END -5, then SEEK_CUR and SEEK_SET. */
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_SEEK, slot,
				 TEE_DATA_SEEK_END, (uint32_t)-5),
			 TEEC_SUCCESS);
	assert_read(&s, slot, "world");
	assert_int_equal(
		on_slot(&s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 6),
		TEEC_SUCCESS);
	assert_int_equal(obj_write(&s, slot, "WORLD!"), TEEC_SUCCESS);
	/* A negative result clamps to 0 (OP-TEE's tee_svc_storage.c). */
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_SEEK, slot,
				 TEE_DATA_SEEK_CUR, (uint32_t)-1000),
			 TEEC_SUCCESS);
	assert_read(&s, slot, "hello WORLD!");
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_TRUNCATE, slot, 5, 0),
			 TEEC_SUCCESS);
	assert_int_equal(
		on_slot(&s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 0),
		TEEC_SUCCESS);
	assert_read(&s, slot, "hello");

	/* Rename: the old id is gone, the new one opens. */
	assert_int_equal(obj_rename(&s, slot, "obj2"), TEEC_SUCCESS);
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_CLOSE, slot, 0, 0),
			 TEEC_SUCCESS);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "obj1", NULL,
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(
		obj_open(&s, TA_STORAGE_CMD_CREATE, "obj3", "3", NOVAL, NULL),
		TEEC_SUCCESS);
	/* An existing id without OVERWRITE: ACCESS_CONFLICT. */
	assert_int_equal(
		obj_open(&s, TA_STORAGE_CMD_CREATE, "obj3", "x", RW, &slot),
		TEEC_ERROR_ACCESS_CONFLICT);
	obj_list(&s, list, sizeof(list));
	assert_true(!strcmp(list, "obj2,obj3,") || !strcmp(list, "obj3,obj2,"));

	/* Rename onto an existing id: ACCESS_CONFLICT. */
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "obj2", NULL,
				  TEE_DATA_FLAG_ACCESS_READ | META, &slot),
			 TEEC_SUCCESS);
	assert_int_equal(obj_rename(&s, slot, "obj3"),
			 TEEC_ERROR_ACCESS_CONFLICT);
	assert_read(&s, slot, "hello");
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_DELETE, slot, 0, 0),
			 TEEC_SUCCESS);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "obj2", NULL,
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	obj_list(&s, list, sizeof(list));
	assert_string_equal(list, "obj3,");
	/* Each storage id is its own name space (OP-TEE's tee_pobj.c). */
	{
		uint32_t mine = storage_id;

		storage_id = mine == TEE_STORAGE_PRIVATE
				     ? TEE_STORAGE_PRIVATE_RPMB
				     : TEE_STORAGE_PRIVATE;
		assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "obj3", NULL,
					  TEE_DATA_FLAG_ACCESS_READ, &slot),
				 TEEC_ERROR_ITEM_NOT_FOUND);
		storage_id = mine;
	}
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * Data larger than sys_buf moves through the transfer bank (at most
 * TA_IPC_STORAGE_XFER_MAX a system call), into and out of the call's own
 * memrefs in the other bank: two writes that end and start inside
 * hash-tree blocks, then one read of more than a bank piece, which
 * libutee splits, must give back every byte, and a read past the end
 * stops there (GP TEE_ReadObjectData).
 */
static void test_large_data(void **state)
{
	const size_t half = TA_IPC_STORAGE_XFER_MAX / 2 + 4097;
	size_t len = 2 * half + 100, i;
	uint8_t *want = malloc(2 * half), *got = malloc(len);
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t slot;

	(void)state;
	assert_non_null(want);
	assert_non_null(got);
	for (i = 0; i < 2 * half; i++)
		want[i] = (uint8_t)(i * 7 + i / 4096);
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	open_ta(&ctx, &s, &ta_uuid);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_CREATE, "big", "x",
				  RW | META, &slot),
			 TEEC_SUCCESS);
	assert_int_equal(
		on_slot(&s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 0),
		TEEC_SUCCESS);
	for (i = 0; i < 2; i++) {
		size_t n = half;

		assert_int_equal(on_buf(&s, TA_STORAGE_CMD_WRITE, slot,
					want + i * half, &n),
				 TEEC_SUCCESS);
	}
	assert_int_equal(
		on_slot(&s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 0),
		TEEC_SUCCESS);
	memset(got, 0, len);
	assert_int_equal(on_buf(&s, TA_STORAGE_CMD_READ, slot, got, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, 2 * half);
	assert_memory_equal(got, want, 2 * half);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
	free(want);
	free(got);
}

/*
 * The sharing rules of tee_pobj.c (ABI-FACTS-INTERNAL §5 "Open/share
 * rules") between two instances of one TA, and the end of an instance
 * closing its handles.
 */
static void test_share_rules(void **state)
{
	const uint32_t rd = TEE_DATA_FLAG_ACCESS_READ;
	const uint32_t shr = TEE_DATA_FLAG_SHARE_READ;
	TEEC_Context c1, c2;
	TEEC_Session s1, s2;
	uint32_t a, b;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	open_ta(&c1, &s1, &ta_uuid);
	open_ta(&c2, &s2, &ta_uuid);
	assert_int_equal(obj_open(&s1, TA_STORAGE_CMD_CREATE, "shared", "data",
				  NOVAL, NULL),
			 TEEC_SUCCESS);

	/* Exclusive read: nobody else. */
	assert_int_equal(
		obj_open(&s1, TA_STORAGE_CMD_OPEN, "shared", NULL, rd, &a),
		TEEC_SUCCESS);
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_OPEN, "shared", NULL,
				  rd | shr, &b),
			 TEEC_ERROR_ACCESS_CONFLICT);
	assert_int_equal(on_slot(&s1, TA_STORAGE_CMD_CLOSE, a, 0, 0),
			 TEEC_SUCCESS);
	/* Both sharing reads: fine; a writer that does not share: no. */
	assert_int_equal(obj_open(&s1, TA_STORAGE_CMD_OPEN, "shared", NULL,
				  rd | shr, &a),
			 TEEC_SUCCESS);
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_OPEN, "shared", NULL,
				  rd | shr, &b),
			 TEEC_SUCCESS);
	assert_read(&s2, b, "data");
	assert_int_equal(on_slot(&s2, TA_STORAGE_CMD_CLOSE, b, 0, 0),
			 TEEC_SUCCESS);
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_OPEN, "shared", NULL,
				  RW | shr, &b),
			 TEEC_ERROR_ACCESS_CONFLICT);
	/* WRITE_META on either side: always a conflict. */
	assert_int_equal(
		obj_open(&s2, TA_STORAGE_CMD_OPEN, "shared", NULL, META, &b),
		TEEC_ERROR_ACCESS_CONFLICT);

	/* The first instance goes, its handle open: the object is free. */
	e2e_close(&c1, &s1);
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_OPEN, "shared", NULL,
				  rd | META, &b),
			 TEEC_SUCCESS);
	assert_int_equal(on_slot(&s2, TA_STORAGE_CMD_DELETE, b, 0, 0),
			 TEEC_SUCCESS);
	e2e_close(&c2, &s2);
	harness_stop_ok(&tb);
}

/*
 * The same on TEE_STORAGE_PRIVATE_RPMB: OP-TEE's RPMB FS (CFG_RPMB_FS=y)
 * over tee-supplicant's emulated device, which teebox always serves.
 */
static void test_rpmb_data_object(void **state)
{
	storage_id = TEE_STORAGE_PRIVATE_RPMB;
	test_data_object(state);
}

/* Another TA neither sees nor reaches the first one's objects. */
static void test_namespaces(void **state)
{
	TEEC_Context c1, c2;
	TEEC_Session s1, s2;
	uint32_t slot;
	char list[256];

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	open_ta(&c1, &s1, &ta_uuid);
	open_ta(&c2, &s2, &ta2_uuid);
	assert_int_equal(
		obj_open(&s1, TA_STORAGE_CMD_CREATE, "mine", "1", NOVAL, NULL),
		TEEC_SUCCESS);
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_OPEN, "mine", NULL,
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	obj_list(&s2, list, sizeof(list));
	assert_string_equal(list, "");
	/* The same id in the second TA is another object. */
	assert_int_equal(obj_open(&s2, TA_STORAGE_CMD_CREATE, "mine", "2",
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_SUCCESS);
	assert_read(&s2, slot, "2");
	obj_list(&s1, list, sizeof(list));
	assert_string_equal(list, "mine,");
	e2e_close(&c1, &s1);
	e2e_close(&c2, &s2);
	harness_stop_ok(&tb);
}

/* Misuse GP answers with a panic (ABI-FACTS-INTERNAL §3.2). */
static void test_panics(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t slot;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	open_ta(&ctx, &s, &ta_uuid);
	/* TEE_ReadObjectData without ACCESS_READ. */
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_CREATE, "p", "x",
				  TEE_DATA_FLAG_ACCESS_WRITE, &slot),
			 TEEC_SUCCESS);
	{
		char buf[8];
		size_t len = sizeof(buf);

		assert_int_equal(
			on_buf(&s, TA_STORAGE_CMD_READ, slot, buf, &len),
			TEEC_ERROR_TARGET_DEAD);
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&tb);
}

/* ta_test_basic's TA_TEST_CMD_SYSCALL: a raw system call's result. */
static TEEC_Result raw_syscall(TEEC_Session *s, uint32_t nr, uint64_t arg0,
			       uint64_t arg1)
{
	TEEC_Value v[4] = {
		{.a = nr},
		{.a = (uint32_t)arg0, .b = (uint32_t)(arg0 >> 32)},
		{.a = (uint32_t)arg1, .b = (uint32_t)(arg1 >> 32)},
	};
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT);
	for (int i = 0; i < 3; i++)
		op.params[i].value = v[i];
	assert_int_equal(invoke(s, TA_TEST_CMD_SYSCALL, &op), TEEC_SUCCESS);
	return op.params[3].value.a;
}

/*
 * A TA that makes the storage system calls itself (secure/ta_storage.c
 * trusts nothing it gives): handles it was never given, lengths beyond
 * the shared buffer, staged bytes that do not add up.  Each is refused
 * and the TA goes on.
 */
static void test_hostile_syscalls(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(
		raw_syscall(&s, TA_IPC_SYS_STAGE, TA_IPC_SYS_BUF_SIZE + 1, 1),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STAGE, 1, 2),
			 TEEC_ERROR_BAD_PARAMETERS);
	for (uint64_t h = 0; h <= 2; h++)
		assert_int_equal(
			raw_syscall(&s, TA_IPC_SYS_STORAGE_CLOSE, h, 0),
			TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STORAGE_CLOSE, 65, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		raw_syscall(&s, TA_IPC_SYS_STORAGE_READ, 1ULL << 40, 16),
		TEEC_ERROR_BAD_PARAMETERS);
	/* Ten bytes staged, an id of none: they do not add up. */
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STAGE, 10, 1),
			 TEEC_SUCCESS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STORAGE_OPEN,
				     TEE_STORAGE_PRIVATE,
				     TEE_DATA_FLAG_ACCESS_READ),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* Flags and storage ids are 32 bits; cursors are ints. */
	assert_int_equal(
		raw_syscall(&s, TA_IPC_SYS_STORAGE_OPEN, 1ULL << 32, 0),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STORAGE_NEXT,
				     TEE_STORAGE_PRIVATE, 1ULL << 31),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* A create whose staged head is missing. */
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STAGE, 4, 1), TEEC_SUCCESS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STORAGE_CREATE,
				     TEE_STORAGE_PRIVATE, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* Nothing of this TA's was stored. */
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_STORAGE_NEXT,
				     TEE_STORAGE_PRIVATE, 0),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

static void keep_dirs(char *storage, char *state, size_t len)
{
	snprintf(keep_dir, sizeof(keep_dir), "/tmp/teebox-storage-XXXXXX");
	assert_non_null(mkdtemp(keep_dir));
	snprintf(storage, len, "%s/storage", keep_dir);
	snprintf(state, len, "%s/secure", keep_dir);
}

/* Flips one byte near the end of @path. */
static void flip_byte(const char *path)
{
	struct stat st;
	uint8_t c;
	int fd = open(path, O_RDWR);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	assert_true(st.st_size > 1);
	assert_int_equal(pread(fd, &c, 1, st.st_size - 1), 1);
	c ^= 0x01;
	assert_int_equal(pwrite(fd, &c, 1, st.st_size - 1), 1);
	close(fd);
}

/*
 * Objects and a stored key outlive a restart of the whole teebox; a
 * byte changed in an object file is TEE_ERROR_CORRUPT_OBJECT.
 */
static void test_persistence(void **state)
{
	static const uint8_t key[16] = "0123456789abcdef";
	char storage[128], sdir[128], path[160];
	struct harness_opts o = {.supplicant = true};
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	uint8_t got[32];
	size_t len;
	uint32_t slot, v[6];
	TEEC_Result res;

	(void)state;
	keep_dirs(storage, sdir, sizeof(storage));
	o.storage_dir = storage;
	o.state_dir = sdir;
	harness_start_ok(&tb, o);
	open_ta(&ctx, &s, &ta_uuid);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_CREATE, "data",
				  "persistent bytes", NOVAL, NULL),
			 TEEC_SUCCESS);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_VALUE_INPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = "key";
	op.params[0].tmpref.size = 3;
	op.params[1].tmpref.buffer = (void *)key;
	op.params[1].tmpref.size = sizeof(key);
	op.params[2].value.a = 0xffffffff;
	assert_int_equal(invoke(&s, TA_STORAGE_CMD_CREATE_KEY, &op),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
	/* teed gave the secure world the test's state directory. */
	snprintf(path, sizeof(path), "%s/huk", sdir);
	assert_int_equal(access(path, F_OK), 0);

	harness_start_ok(&tb, o);
	open_ta(&ctx, &s, &ta_uuid);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "data", NULL,
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_SUCCESS);
	assert_read(&s, slot, "persistent bytes");
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_CLOSE, slot, 0, 0),
			 TEEC_SUCCESS);
	/* The key's attributes came back through the object file. */
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_OPEN, "key", NULL,
				  TEE_DATA_FLAG_ACCESS_READ, &slot),
			 TEEC_SUCCESS);
	obj_info(&s, slot, v);
	assert_int_equal(v[3], TEE_TYPE_AES);
	assert_int_equal(v[5], 128);
	len = sizeof(got);
	assert_int_equal(on_buf(&s, TA_STORAGE_CMD_GET_KEY, slot, got, &len),
			 TEEC_SUCCESS);
	assert_int_equal(len, sizeof(key));
	assert_memory_equal(got, key, sizeof(key));
	assert_int_equal(on_slot(&s, TA_STORAGE_CMD_CLOSE, slot, 0, 0),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);

	/* "data" was the first object: file "0" (docs/storage.md). */
	snprintf(path, sizeof(path), "%s/0", storage);
	flip_byte(path);
	harness_start_ok(&tb, o);
	open_ta(&ctx, &s, &ta_uuid);
	res = obj_open(&s, TA_STORAGE_CMD_OPEN, "data", NULL,
		       TEE_DATA_FLAG_ACCESS_READ, &slot);
	if (res == TEEC_SUCCESS) {
		len = sizeof(got);
		res = on_buf(&s, TA_STORAGE_CMD_READ, slot, got, &len);
	}
	assert_int_equal(res, TEE_ERROR_CORRUPT_OBJECT);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

static void sh(const char *fmt, const char *a, const char *b)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), fmt, a, b);
	assert_int_equal(system(cmd), 0);
}

/* Opens @id and reads it; the result of whichever step failed. */
static TEEC_Result read_obj(const TEEC_UUID *u, uint32_t sid, const char *id,
			    char *out, size_t size)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Result res;
	uint32_t slot;
	size_t len = size - 1;

	storage_id = sid;
	open_ta(&ctx, &s, u);
	res = obj_open(&s, TA_STORAGE_CMD_OPEN, id, NULL,
		       TEE_DATA_FLAG_ACCESS_READ, &slot);
	if (res == TEEC_SUCCESS)
		res = on_buf(&s, TA_STORAGE_CMD_READ, slot, out, &len);
	if (res == TEEC_SUCCESS)
		out[len] = '\0';
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	return res;
}

static void write_obj(uint32_t sid, const char *id, const char *data)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t slot;

	storage_id = sid;
	open_ta(&ctx, &s, &ta_uuid);
	assert_int_equal(obj_open(&s, TA_STORAGE_CMD_CREATE, id, data,
				  TEE_DATA_FLAG_OVERWRITE, &slot),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
}

/*
 * Rollback with RPMB (OP-TEE's CFG_REE_FS_INTEGRITY_RPMB and
 * tee_rpmb_fs.c; ABI-FACTS-INTERNAL §5.7, §5.10).  An old copy of the
 * storage directory put back with an old REE FS floor in the state
 * directory: RPMB still pins dirf.db's counter, TEE_ERROR_SECURITY (the
 * TA panics on it, as on OP-TEE).  An old copy of the RPMB device put
 * back: its write counter is below the one the trusted OS saw, the
 * same.  RPMB objects outlive a restart, per TA.
 */
static void test_rpmb_rollback(void **state)
{
	char storage[128], sdir[128], snap[160], cur[160], buf[64];
	struct harness_opts o = {.supplicant = true};
	const uint32_t rpmb = TEE_STORAGE_PRIVATE_RPMB;

	(void)state;
	keep_dirs(storage, sdir, sizeof(storage));
	snprintf(snap, sizeof(snap), "%s/snap", keep_dir);
	snprintf(cur, sizeof(cur), "%s/cur", keep_dir);
	o.storage_dir = storage;
	o.state_dir = sdir;
	harness_start_ok(&tb, o);
	write_obj(TEE_STORAGE_PRIVATE, "e", "v1");
	write_obj(rpmb, "r", "v1");
	harness_stop_ok(&tb);
	sh("cp -a %s %s", storage, snap);
	sh("cp -a %s/ree_fs.counter %s.counter", sdir, snap);

	harness_start_ok(&tb, o);
	assert_int_equal(read_obj(&ta_uuid, rpmb, "r", buf, sizeof(buf)),
			 TEEC_SUCCESS);
	assert_string_equal(buf, "v1");
	write_obj(TEE_STORAGE_PRIVATE, "e", "v2");
	write_obj(rpmb, "r", "v2");
	assert_int_equal(read_obj(&ta2_uuid, rpmb, "r", buf, sizeof(buf)),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	harness_stop_ok(&tb);
	sh("cp -a %s %s", storage, cur);

	/* REE FS files and floor rolled back, the RPMB device current. */
	sh("rm -rf %s && mkdir -m 700 %s", storage, storage);
	sh("cp -a %s/. %s/", snap, storage);
	sh("cp %s/.teebox-rpmb %s/", cur, storage);
	sh("cp %s.counter %s/ree_fs.counter", snap, sdir);
	harness_start_ok(&tb, o);
	assert_int_equal(
		read_obj(&ta_uuid, TEE_STORAGE_PRIVATE, "e", buf, sizeof(buf)),
		TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(read_obj(&ta_uuid, rpmb, "r", buf, sizeof(buf)),
			 TEEC_SUCCESS);
	assert_string_equal(buf, "v2");
	harness_stop_ok(&tb);

	/* Everything current but the RPMB device: an old copy of it. */
	sh("rm -rf %s && mkdir -m 700 %s", storage, storage);
	sh("cp -a %s/. %s/", cur, storage);
	sh("cp %s/.teebox-rpmb %s/", snap, storage);
	harness_start_ok(&tb, o);
	assert_int_equal(read_obj(&ta_uuid, rpmb, "r", buf, sizeof(buf)),
			 TEEC_ERROR_TARGET_DEAD);
	harness_stop_ok(&tb);
}

#define TEE_ERROR_OVERFLOW	   0xFFFF300F
#define TEE_ERROR_TIME_NOT_SET	   0xFFFF5000
#define TEE_ERROR_TIME_NEEDS_RESET 0xFFFF5001

static TEEC_Result ta_time(TEEC_Session *s, uint32_t cmd, uint32_t *sec,
			   uint32_t *ms)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(cmd == TA_STORAGE_CMD_GET_TIME
						 ? TEEC_VALUE_OUTPUT
						 : TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = *sec;
	op.params[0].value.b = *ms;
	res = invoke(s, cmd, &op);
	*sec = op.params[0].value.a;
	*ms = op.params[0].value.b;
	return res;
}

static TEEC_Result get_time(const TEEC_UUID *u, uint32_t *sec, uint32_t *ms)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Result res;

	open_ta(&ctx, &s, u);
	*sec = *ms = 0;
	res = ta_time(&s, TA_STORAGE_CMD_GET_TIME, sec, ms);
	e2e_close(&ctx, &s);
	return res;
}

static void set_time(const TEEC_UUID *u, uint32_t sec, uint32_t ms)
{
	TEEC_Context ctx;
	TEEC_Session s;

	open_ta(&ctx, &s, u);
	assert_int_equal(ta_time(&s, TA_STORAGE_CMD_SET_TIME, &sec, &ms),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
}

/*
 * TEE_Get/SetTAPersistentTime (GP 1.3.1 §7.2.2, OP-TEE's tee_time.c and
 * libutee): TIME_NOT_SET before the first set, the time moving on from
 * the value set, per TA, kept across a restart; past 2^32 - 1 seconds
 * OVERFLOW with the wrapped time; a damaged record TIME_NEEDS_RESET.
 * The clock margins are generous: the machine is loaded.
 */
static void test_ta_persistent_time(void **state)
{
	char storage[128], sdir[128], path[200];
	struct harness_opts o = {.supplicant = true};
	uint32_t sec, ms;
	FILE *f;

	(void)state;
	keep_dirs(storage, sdir, sizeof(storage));
	o.storage_dir = storage;
	o.state_dir = sdir;
	harness_start_ok(&tb, o);
	assert_int_equal(get_time(&ta_uuid, &sec, &ms), TEE_ERROR_TIME_NOT_SET);
	set_time(&ta_uuid, 1000000, 250);
	assert_int_equal(get_time(&ta_uuid, &sec, &ms), TEEC_SUCCESS);
	assert_true(sec >= 1000000 && sec < 1000000 + 60);
	assert_true(ms < 1000);
	/* Another TA has its own, unset. */
	assert_int_equal(get_time(&ta2_uuid, &sec, &ms),
			 TEE_ERROR_TIME_NOT_SET);
	harness_stop_ok(&tb);

	harness_start_ok(&tb, o);
	assert_int_equal(get_time(&ta_uuid, &sec, &ms), TEEC_SUCCESS);
	assert_true(sec >= 1000000 && sec < 1000000 + 120);
	/* 2^32 - 1 s and then some: OVERFLOW, the time wrapped. */
	set_time(&ta2_uuid, 0xffffffffU, 999);
	usleep(1200 * 1000);
	assert_int_equal(get_time(&ta2_uuid, &sec, &ms), TEE_ERROR_OVERFLOW);
	assert_true(sec < 120);
	harness_stop_ok(&tb);

	/* A damaged record: the time must be set again. */
	snprintf(path, sizeof(path),
		 "%s/ta_time/%08x%04x%04x%02x%02x%02x%02x%02x%02x%02x%02x",
		 sdir, ta_uuid.timeLow, ta_uuid.timeMid,
		 ta_uuid.timeHiAndVersion, ta_uuid.clockSeqAndNode[0],
		 ta_uuid.clockSeqAndNode[1], ta_uuid.clockSeqAndNode[2],
		 ta_uuid.clockSeqAndNode[3], ta_uuid.clockSeqAndNode[4],
		 ta_uuid.clockSeqAndNode[5], ta_uuid.clockSeqAndNode[6],
		 ta_uuid.clockSeqAndNode[7]);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("x", f);
	fclose(f);
	harness_start_ok(&tb, o);
	assert_int_equal(get_time(&ta_uuid, &sec, &ms),
			 TEE_ERROR_TIME_NEEDS_RESET);
	assert_int_equal(sec, 0);
	set_time(&ta_uuid, 5, 0);
	assert_int_equal(get_time(&ta_uuid, &sec, &ms), TEEC_SUCCESS);
	assert_true(sec >= 5 && sec < 5 + 60);
	harness_stop_ok(&tb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_data_object, teardown),
		cmocka_unit_test_teardown(test_large_data, teardown),
		cmocka_unit_test_teardown(test_rpmb_data_object, teardown),
		cmocka_unit_test_teardown(test_rpmb_rollback, teardown),
		cmocka_unit_test_teardown(test_ta_persistent_time, teardown),
		cmocka_unit_test_teardown(test_share_rules, teardown),
		cmocka_unit_test_teardown(test_namespaces, teardown),
		cmocka_unit_test_teardown(test_panics, teardown),
		cmocka_unit_test_teardown(test_hostile_syscalls, teardown),
		cmocka_unit_test_teardown(test_persistence, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
