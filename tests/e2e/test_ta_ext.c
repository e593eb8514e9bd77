// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's TA API extensions (tee_internal_api_extensions.h) through
 * ta/tests/ext, built with TA_FLAG_CACHE_MAINTENANCE (TA_TEST_EXT) and
 * without it (TA_TEST_EXT2):
 *
 *  - tee_uuid_from_str(): OP-TEE's lib/libutee/tee_uuid_from_str.c
 *    syntax, TEE_ERROR_BAD_FORMAT for anything else, the UUID written
 *    only on success;
 *  - TEE_CacheClean/Flush/Invalidate(): OP-TEE's syscall_cache_operation()
 *    (core/tee/tee_svc_cache.c) checks: NOT_SUPPORTED without the flag,
 *    ACCESS_DENIED for TA-private memory (heap, stack, image,
 *    non-shareable tee_map_zi(); optee_os PR #7747's fixed
 *    vm_buf_intersects_um_private()) and for memory the TA does not
 *    have, SUCCESS for memref parameters and shareable tee_map_zi();
 *  - TEE_Malloc's hints as OP-TEE's TEE_Malloc() switch takes them
 *    (lib/libutee/tee_api.c): TEE_USER_MEM_HINT_NO_FILL_ZERO (0x80000000)
 *    alone, TEE_MALLOC_NO_FILL alone a panic, TEE_MALLOC_NO_SHARE from
 *    the TA_NO_SHARE_DATA_SIZE pool only, the 0-byte pointers 1 and 2,
 *    and no-share memory refused to TEE_OpenTASession() (a panic);
 *    tee_user_mem_mark_heap() and tee_user_mem_check_heap() (OP-TEE's
 *    former tee_user_mem.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/ext/ta_ext_cmds.h"
#include "ta/tests/test_ta_uuids.h"

/* OP-TEE's tee_api_defines.h / tee_api_defines_extensions.h */
#define TEE_ERROR_BAD_FORMAT	       0xFFFF0005
#define TEE_USER_MEM_HINT_NO_FILL_ZERO 0x80000000
#define TEE_MALLOC_FILL_ZERO	       0x00000000
#define TEE_MALLOC_NO_FILL	       0x00000001
#define TEE_MALLOC_NO_SHARE	       0x00000002

static const TEEC_UUID ext_uuid = TA_TEST_EXT_UUID;
static const TEEC_UUID ext2_uuid = TA_TEST_EXT2_UUID;

struct fixture {
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session s;	 /* TA_TEST_EXT: with the flag */
	TEEC_Session s2; /* TA_TEST_EXT2: without */
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct harness_opts o = {.supplicant = true};
	uint32_t origin;

	/* TAs reach the secure world through tee-supplicant */
	if (!f || harness_start(&f->h, &o) ||
	    TEEC_InitializeContext(NULL, &f->ctx) ||
	    e2e_open_session(&f->ctx, &f->s, &ext_uuid, &origin) ||
	    e2e_open_session(&f->ctx, &f->s2, &ext2_uuid, &origin))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	int status;

	if (!f)
		return -1; /* setup failed: nothing to undo */
	TEEC_CloseSession(&f->s);
	TEEC_CloseSession(&f->s2);
	TEEC_FinalizeContext(&f->ctx);
	status = harness_stop(&f->h);
	free(f);
	return status ? -1 : 0;
}

/* tee_uuid_from_str(@str) in the TA (NULL: a NULL string). */
static uint32_t uuid_from_str(TEEC_Session *s, const char *str, uint8_t *out)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 TEEC_MEMREF_TEMP_OUTPUT,
					 TEEC_VALUE_INOUT, TEEC_NONE);
	op.params[0].tmpref.buffer = (void *)(str ? str : "");
	op.params[0].tmpref.size = str ? strlen(str) : 0;
	op.params[1].tmpref.buffer = out;
	op.params[1].tmpref.size = 16;
	op.params[2].value.a = !str;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_EXT_CMD_UUID_FROM_STR, &op, NULL),
		TEEC_SUCCESS);
	return op.params[2].value.b;
}

/* The TEE_UUID's bytes as the TA's memory holds them (little-endian). */
static void uuid_bytes(const TEEC_UUID *u, uint8_t out[16])
{
	memcpy(out, &u->timeLow, 4);
	memcpy(out + 4, &u->timeMid, 2);
	memcpy(out + 6, &u->timeHiAndVersion, 2);
	memcpy(out + 8, u->clockSeqAndNode, 8);
}

static void test_uuid_from_str_reads_both_cases(void **state)
{
	struct fixture *f = *state;
	const TEEC_UUID want = {
		0x8aaaf200,
		0x2450,
		0x11e4,
		{0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b}};
	uint8_t got[16], exp[16];

	uuid_bytes(&want, exp);
	assert_int_equal(uuid_from_str(&f->s,
				       "8aaaf200-2450-11e4-abe2-0002a5d5c51b",
				       got),
			 TEEC_SUCCESS);
	assert_memory_equal(got, exp, 16);
	/* OP-TEE's hex(): tolower() first, so capitals read the same */
	assert_int_equal(uuid_from_str(&f->s,
				       "8AAAF200-2450-11E4-ABE2-0002A5D5C51B",
				       got),
			 TEEC_SUCCESS);
	assert_memory_equal(got, exp, 16);
}

static void test_uuid_from_str_bad_format(void **state)
{
	static const char *const bad[] = {
		"8aaaf200-2450-11e4-abe2-0002a5d5c51",	 /* 35 characters */
		"8aaaf200-2450-11e4-abe2-0002a5d5c51b0", /* 37 */
		"8aaaf200-2450-11e4-abe2-0002a5d5c51g",	 /* not hex */
		"8aaaf200x2450-11e4-abe2-0002a5d5c51b",	 /* no dash at 8 */
		"8aaaf200-2450-11e4-abe20-002a5d5c51b",	 /* dash at 24 */
		"{aaaf200-2450-11e4-abe2-0002a5d5c51b",
		" 8aaaf20-2450-11e4-abe2-0002a5d5c51b",
		"",
	};
	struct fixture *f = *state;
	uint8_t got[16], untouched[16];

	memset(untouched, TA_EXT_FILL, sizeof(untouched));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(uuid_from_str(&f->s, bad[i], got),
				 TEE_ERROR_BAD_FORMAT);
		assert_memory_equal(got, untouched, 16);
	}
	/* OP-TEE: "if (!p || ...) return TEE_ERROR_BAD_FORMAT" */
	assert_int_equal(uuid_from_str(&f->s, NULL, got), TEE_ERROR_BAD_FORMAT);
	assert_memory_equal(got, untouched, 16);
}

/* TA_EXT_CMD_CACHE: @cache_op on [@off, @off + @len) of kind @where. */
static uint32_t cache(TEEC_Session *s, uint32_t cache_op, uint32_t where,
		      void *mem, size_t mem_size, uint32_t off, uint32_t len)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INOUT, mem ? TEEC_MEMREF_TEMP_INOUT : TEEC_NONE,
		TEEC_VALUE_INPUT, TEEC_NONE);
	op.params[0].value.a = cache_op;
	op.params[0].value.b = where;
	op.params[1].tmpref.buffer = mem;
	op.params[1].tmpref.size = mem_size;
	op.params[2].value.a = off;
	op.params[2].value.b = len;
	assert_int_equal(TEEC_InvokeCommand(s, TA_EXT_CMD_CACHE, &op, NULL),
			 TEEC_SUCCESS);
	return op.params[0].value.a;
}

static void test_cache_needs_the_flag(void **state)
{
	struct fixture *f = *state;
	uint8_t mem[256] = {0};

	/* tee_svc_cache.c: no TA_FLAG_CACHE_MAINTENANCE: NOT_SUPPORTED,
	 * before any check of the memory */
	for (uint32_t op = TA_EXT_CLEAN; op <= TA_EXT_INVALIDATE; op++) {
		assert_int_equal(cache(&f->s2, op, TA_EXT_MEMREF, mem,
				       sizeof(mem), 0, sizeof(mem)),
				 TEEC_ERROR_NOT_SUPPORTED);
		assert_int_equal(cache(&f->s2, op, TA_EXT_HEAP, NULL, 0, 0, 16),
				 TEEC_ERROR_NOT_SUPPORTED);
		assert_int_equal(cache(&f->s2, op, TA_EXT_NULL, NULL, 0, 0, 0),
				 TEEC_ERROR_NOT_SUPPORTED);
	}
}

static void test_cache_on_memrefs(void **state)
{
	struct fixture *f = *state;
	uint8_t mem[256];

	for (uint32_t op = TA_EXT_CLEAN; op <= TA_EXT_INVALIDATE; op++) {
		memset(mem, 0x5a, sizeof(mem));
		/* a client memref, whole and in part */
		assert_int_equal(cache(&f->s, op, TA_EXT_MEMREF, mem,
				       sizeof(mem), 0, sizeof(mem)),
				 TEEC_SUCCESS);
		assert_int_equal(cache(&f->s, op, TA_EXT_MEMREF, mem,
				       sizeof(mem), 16, 100),
				 TEEC_SUCCESS);
		/* maintenance changes no byte: memory is coherent here */
		for (size_t i = 0; i < sizeof(mem); i++)
			assert_int_equal(mem[i], 0x5a);
		/* reaching far past the memref: private or unmapped */
		assert_int_equal(cache(&f->s, op, TA_EXT_MEMREF, mem,
				       sizeof(mem), 16, 1 << 20),
				 TEEC_ERROR_ACCESS_DENIED);
		/* tee_map_zi(.., ANY_OWNER): VM_FLAG_SHAREABLE, not private */
		assert_int_equal(
			cache(&f->s, op, TA_EXT_ZI_SHARED, NULL, 0, 0, 4096),
			TEEC_SUCCESS);
		assert_int_equal(
			cache(&f->s, op, TA_EXT_ZI_SHARED, NULL, 0, 0, 4097),
			TEEC_ERROR_ACCESS_DENIED);
	}
}

static void test_cache_refuses_private_memory(void **state)
{
	static const uint32_t private[] = {TA_EXT_HEAP, TA_EXT_STACK,
					   TA_EXT_DATA, TA_EXT_ZI_PRIVATE};
	struct fixture *f = *state;

	/* vm_buf_intersects_um_private(): ACCESS_DENIED */
	for (uint32_t op = TA_EXT_CLEAN; op <= TA_EXT_INVALIDATE; op++)
		for (size_t i = 0; i < sizeof(private) / sizeof(private[0]);
		     i++)
			assert_int_equal(
				cache(&f->s, op, private[i], NULL, 0, 0, 64),
				TEEC_ERROR_ACCESS_DENIED);
}

static void test_cache_refuses_what_is_not_mapped(void **state)
{
	struct fixture *f = *state;

	for (uint32_t op = TA_EXT_CLEAN; op <= TA_EXT_INVALIDATE; op++) {
		/* vm_check_access_rights(): no mapping there */
		assert_int_equal(cache(&f->s, op, TA_EXT_NULL, NULL, 0, 0, 16),
				 TEEC_ERROR_ACCESS_DENIED);
		assert_int_equal(
			cache(&f->s, op, TA_EXT_UNMAPPED, NULL, 0, 0, 16),
			TEEC_ERROR_ACCESS_DENIED);
		/* an empty range checks only cache_operation()'s
		 * virt_to_phys() of its address: mapped memory passes, even
		 * private, NULL does not */
		assert_int_equal(cache(&f->s, op, TA_EXT_NULL, NULL, 0, 0, 0),
				 TEEC_ERROR_ACCESS_DENIED);
		assert_int_equal(cache(&f->s, op, TA_EXT_HEAP, NULL, 0, 0, 0),
				 TEEC_SUCCESS);
	}
}

/* TEE_Malloc(@size, @hint) in the TA: whether it returned memory. */
static uint32_t malloc_hint(TEEC_Session *s, uint32_t hint, uint32_t size)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = hint;
	op.params[0].value.b = size;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_EXT_CMD_MALLOC_HINT, &op, NULL),
		TEEC_SUCCESS);
	return op.params[1].value.a;
}

static void test_malloc_user_mem_hint(void **state)
{
	struct fixture *f = *state;

	/* OP-TEE's TEE_Malloc(): case TEE_USER_MEM_HINT_NO_FILL_ZERO */
	assert_int_equal(malloc_hint(&f->s, TEE_USER_MEM_HINT_NO_FILL_ZERO, 64),
			 1);
	/* only alone: with another bit it is the default case, NULL */
	assert_int_equal(
		malloc_hint(&f->s, TEE_USER_MEM_HINT_NO_FILL_ZERO | 1, 64), 0);
	assert_int_equal(malloc_hint(&f->s, 0x40000000, 64), 0);
}

/*
 * OP-TEE's TEE_Malloc() switch (lib/libutee/tee_api.c): FILL_ZERO and
 * NO_SHARE (with or without NO_FILL) allocate, NO_SHARE only from a TA
 * with TA_NO_SHARE_DATA_SIZE and within it; unknown hints give NULL.
 */
static void test_malloc_hints_as_optee(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(malloc_hint(&f->s, TEE_MALLOC_FILL_ZERO, 64), 1);
	assert_int_equal(malloc_hint(&f->s2, TEE_MALLOC_FILL_ZERO, 64), 1);
	assert_int_equal(malloc_hint(&f->s, TEE_MALLOC_NO_SHARE, 64), 1);
	assert_int_equal(malloc_hint(&f->s,
				     TEE_MALLOC_NO_SHARE | TEE_MALLOC_NO_FILL,
				     64),
			 1);
	assert_int_equal(malloc_hint(&f->s, TEE_MALLOC_NO_SHARE,
				     TA_EXT_NO_SHARE_SIZE + 1),
			 0);
	/* no TA_NO_SHARE_DATA_SIZE: no pool, NULL */
	assert_int_equal(malloc_hint(&f->s2, TEE_MALLOC_NO_SHARE, 64), 0);
	assert_int_equal(malloc_hint(&f->s2,
				     TEE_MALLOC_NO_SHARE | TEE_MALLOC_NO_FILL,
				     64),
			 0);
	assert_int_equal(malloc_hint(&f->s, 4, 64), 0);
}

/* A session of its own to TA_TEST_EXT (multi-instance: a new instance). */
static void open_own(TEEC_Context *ctx, TEEC_Session *s)
{
	uint32_t origin;

	assert_int_equal(e2e_open_session(ctx, s, &ext_uuid, &origin),
			 TEEC_SUCCESS);
}

/* OP-TEE's TEE_Malloc(): case TEE_MALLOC_NO_FILL: TEE_Panic(0). */
static void test_malloc_no_fill_alone_panics(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	TEEC_Session s;
	uint32_t origin = 0;

	open_own(&f->ctx, &s);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TEE_MALLOC_NO_FILL;
	op.params[0].value.b = 64;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_EXT_CMD_MALLOC_HINT, &op, &origin),
		TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s);
	/* the fixture's instance is another one: alive */
	assert_int_equal(malloc_hint(&f->s, TEE_MALLOC_FILL_ZERO, 8), 1);
}

/*
 * OP-TEE's TEE_NULL_SIZED_VA (1) and TEE_NULL_SIZED_NO_SHARE_VA (2):
 * what TEE_Malloc() gives for 0 bytes and TEE_Realloc() for a new size
 * of 0, each in its pool; TEE_Realloc() grows them into zeroed blocks of
 * that pool.
 */
/* TA_EXT_CMD_MALLOC_ZERO on @s: its four values in @op. */
static void malloc_zero(TEEC_Session *s, TEEC_Operation *op)
{
	memset(op, 0, sizeof(*op));
	op->paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					  TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT);
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_EXT_CMD_MALLOC_ZERO, op, NULL),
		TEEC_SUCCESS);
}

static void test_malloc_zero_size(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op;

	malloc_zero(&f->s, &op);
	assert_int_equal(op.params[0].value.a, 1);
	assert_int_equal(op.params[0].value.b, 2);
	assert_int_equal(op.params[1].value.a, 1);
	assert_int_equal(op.params[1].value.b, 2);
	assert_int_equal(op.params[2].value.a, 1);
	assert_int_equal(op.params[2].value.b, 1);
	/* 8 KiB: 8 blocks of 1 KiB (each costs its size here), then NULL */
	assert_int_equal(op.params[3].value.a, TA_EXT_NO_SHARE_SIZE / 1024);
	assert_int_equal(op.params[3].value.b, 1);

	/* without a pool, the no-share stand-in still comes, and stays one */
	malloc_zero(&f->s2, &op);
	assert_int_equal(op.params[0].value.a, 1);
	assert_int_equal(op.params[0].value.b, 2);
	assert_int_equal(op.params[1].value.b, 0);
	assert_int_equal(op.params[2].value.a, 1);
	assert_int_equal(op.params[2].value.b, 0);
	assert_int_equal(op.params[3].value.a, 0);
}

/* TEE_OpenTASession() from TA_TEST_EXT to TA_TEST_EXT2 with @no_share. */
static TEEC_Result no_share_ta2ta(TEEC_Session *s, uint32_t no_share,
				  uint32_t *res)
{
	TEEC_Operation op = {0};
	TEEC_Result r;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = no_share;
	r = TEEC_InvokeCommand(s, TA_EXT_CMD_NO_SHARE_TA2TA, &op, NULL);
	*res = op.params[1].value.a;
	return r;
}

/*
 * OP-TEE's check_invoke_param(): a memref into the no-share pool passed
 * to another TA is a panic; heap memory goes (copied).
 */
static void test_no_share_memory_stays_in_the_ta(void **state)
{
	struct fixture *f = *state;
	TEEC_Session s;
	uint32_t res = 0xdead;

	assert_int_equal(no_share_ta2ta(&f->s, 0, &res), TEEC_SUCCESS);
	assert_int_equal(res, TEEC_SUCCESS);
	open_own(&f->ctx, &s);
	assert_int_equal(no_share_ta2ta(&s, 1, &res), TEEC_ERROR_TARGET_DEAD);
	TEEC_CloseSession(&s);
}

static void test_heap_mark_and_check(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	uint64_t wrapped;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&f->s, TA_EXT_CMD_HEAP_CHECK, &op, NULL),
		TEEC_SUCCESS);
	/* tee_user_mem.c: heap_level, reset by the mark */
	assert_int_equal(op.params[0].value.a, 0);
	assert_int_equal(op.params[0].value.b, 100);
	assert_int_equal(op.params[1].value.a, 300);
	assert_int_equal(op.params[1].value.b, 0);
	/* heap_dec() of a block older than the mark: size_t wraps */
	wrapped = (uint64_t)op.params[2].value.b << 32 | op.params[2].value.a;
	assert_true(wrapped == (uint64_t)(size_t)-10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uuid_from_str_reads_both_cases),
		cmocka_unit_test(test_uuid_from_str_bad_format),
		cmocka_unit_test(test_cache_needs_the_flag),
		cmocka_unit_test(test_cache_on_memrefs),
		cmocka_unit_test(test_cache_refuses_private_memory),
		cmocka_unit_test(test_cache_refuses_what_is_not_mapped),
		cmocka_unit_test(test_malloc_user_mem_hint),
		cmocka_unit_test(test_heap_mark_and_check),
		cmocka_unit_test(test_malloc_hints_as_optee),
		cmocka_unit_test(test_malloc_no_fill_alone_panics),
		cmocka_unit_test(test_malloc_zero_size),
		cmocka_unit_test(test_no_share_memory_stays_in_the_ta),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
