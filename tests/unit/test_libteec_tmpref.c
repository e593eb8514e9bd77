// SPDX-License-Identifier: BSD-2-Clause
/*
 * The cache of TEMP memref buffers (libteec/src/tmpref_cache.c): the
 * next call of any session of a context reuses its buffers (opening a
 * session included), every exposed byte of a reused buffer is the
 * application's input or zero, the bounds hold, another context never
 * gets them, and finalizing the context releases them.  GP's semantics (copy in, copy back up to the
 * size the TA returned, SHORT_BUFFER's size) are test_libteec_invoke's.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <linux/tee.h>

#include "tee_client_api.h"
#include "teec_dev_ops.h"
#include "test_libteec_dev.h"

#define PAGE 4096
/* The fake device's pool (tee_test_driver.h TESTDRV_USER_PAGES). */
#define TESTDRV_POOL_PAGES 16

/* setup(), and the default bound, whatever a failed test left. */
static int setup_tmpref(void **state)
{
	teec_tmpref_set_limit(0);
	return setup(state);
}

/* One invoke with [0] a TEMP memref of @type on @buf, @size bytes. */
static TEEC_Result invoke_tmp(TEEC_Session *s, uint32_t type, void *buf,
			      size_t size)
{
	TEEC_Operation op =
		op_of(TEEC_PARAM_TYPES(type, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	uint32_t origin;

	op.params[0].tmpref = (TEEC_TempMemoryReference){buf, size};
	return TEEC_InvokeCommand(s, 1, &op, &origin);
}

/* The shm id the last invoke passed in param @n. */
static int64_t last_id(int n)
{
	return (int64_t)last_rec(TEE_IOC_INVOKE)->u.invoke.params[n].c;
}

static bool all_zero(const uint8_t *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * Calls of one session reuse one buffer; it stays with the context when
 * the session closes, and goes when the context is finalized.
 */
static void test_tmpref_reused_by_session(void **state)
{
	char buf[16];
	TEEC_Context ctx;
	TEEC_Session s;
	int64_t id = -1;

	open_sess(&ctx, &s, GP_OPTEE);
	for (int i = 0; i < 5; i++) {
		memset(buf, 'a' + i, sizeof(buf));
		assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf,
					    sizeof(buf)),
				 TEEC_SUCCESS);
		assert_memory_equal(fake.seen[0], buf, sizeof(buf));
		if (i)
			assert_int_equal(last_id(0), id);
		id = last_id(0);
	}
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_int_equal(fake.shm_closed, 0);
	TEEC_CloseSession(&s);
	assert_int_equal(fake.shm_closed, 0);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.shm_closed, 1);
	assert_null(fake_shm_bytes(id, &(size_t){0}));
}

/*
 * A reused buffer shows the TA only the application's input and zeros: an
 * OUTPUT memref gets no byte of the earlier INPUT, and a smaller INPUT
 * leaves nothing of a bigger one behind it.
 */
static void test_tmpref_reuse_zeroes(void **state)
{
	uint8_t secret[3000], out[50], small[10];
	const uint8_t *mem;
	TEEC_Context ctx;
	TEEC_Session s;
	size_t size = 0;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(secret, 'S', sizeof(secret));
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, secret, sizeof(secret)),
		TEEC_SUCCESS);
	mem = fake_shm_bytes(last_id(0), &size);
	assert_non_null(mem);
	assert_true(size >= sizeof(secret));
	assert_int_equal(mem[sizeof(secret) - 1], 'S');

	/* OUTPUT: the TA writes nothing and sees (and returns) zeros. */
	memset(out, 'x', sizeof(out));
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_OUTPUT, out, sizeof(out)),
		TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_ptr_equal(fake_shm_bytes(last_id(0), &size), mem);
	assert_true(all_zero(fake.seen[0], 0, fake.seen_len[0]));
	assert_true(all_zero(mem, 0, size));
	assert_true(all_zero(out, 0, sizeof(out)));

	/* INPUT again, smaller, after the TA's bytes: only the input shows. */
	memset(secret, 'T', sizeof(secret));
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INOUT, secret, sizeof(secret)),
		TEEC_SUCCESS);
	memset(small, 'i', sizeof(small));
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, small, sizeof(small)),
		TEEC_SUCCESS);
	assert_ptr_equal(fake_shm_bytes(last_id(0), &size), mem);
	assert_memory_equal(mem, small, sizeof(small));
	assert_true(all_zero(mem, sizeof(small), size));
	close_all(&ctx, &s);
}

/*
 * Sessions of one context share the buffers: memrefs are copied for one
 * call, so no TA keeps a buffer it was handed (tmpref_cache.c).  What a
 * second session's TA sees of a buffer the first used is only its own
 * input and zeros.
 */
static void test_tmpref_sessions_share(void **state)
{
	char secret[32], mine[8] = "two", out[32];
	TEEC_Context ctx;
	TEEC_Session s1, s2;
	uint32_t origin;
	int64_t id1;

	open_sess(&ctx, &s1, GP_OPTEE);
	fake.script.session = SESSION_ID + 1;
	assert_int_equal(TEEC_OpenSession(&ctx, &s2, &ta_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);
	memset(secret, 'S', sizeof(secret));
	assert_int_equal(
		invoke_tmp(&s1, TEEC_MEMREF_TEMP_INPUT, secret, sizeof(secret)),
		TEEC_SUCCESS);
	id1 = last_id(0);
	assert_int_equal(
		invoke_tmp(&s2, TEEC_MEMREF_TEMP_INPUT, mine, sizeof(mine)),
		TEEC_SUCCESS);
	assert_int_equal(last_id(0), id1);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_memory_equal(fake.seen[0], mine, sizeof(mine));
	assert_true(all_zero(fake_shm_bytes(id1, &(size_t){0}), sizeof(mine),
			     sizeof(secret)));
	/* Closing the first session leaves the buffer to the second. */
	TEEC_CloseSession(&s1);
	assert_int_equal(fake.shm_closed, 0);
	memset(out, 'x', sizeof(out));
	assert_int_equal(
		invoke_tmp(&s2, TEEC_MEMREF_TEMP_OUTPUT, out, sizeof(out)),
		TEEC_SUCCESS);
	assert_int_equal(last_id(0), id1);
	assert_true(all_zero(fake.seen[0], 0, fake.seen_len[0]));
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	TEEC_CloseSession(&s2);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.shm_closed, 1);
}

/*
 * At most TEEC_CONFIG_PAYLOAD_REF_COUNT buffers and the byte bound are
 * kept, the least recently used going first; a bigger buffer is released
 * after its call.  The fake device's pool is 16 pages, so the bound is
 * lowered to 12 pages here (1 MiB in use).
 */
static void test_tmpref_bounds(void **state)
{
	static uint8_t big[TESTDRV_POOL_PAGES * PAGE];
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT,
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	int64_t id[4];

	teec_tmpref_set_limit(12 * PAGE);
	open_sess(&ctx, &s, GP_OPTEE);
	for (int n = 0; n < 4; n++)
		op.params[n].tmpref =
			(TEEC_TempMemoryReference){big, (size_t)(n + 1) * PAGE};
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, &origin), TEEC_SUCCESS);
	for (int n = 0; n < 4; n++)
		id[n] = last_id(n);
	assert_int_equal(fake.shm_made, 4);
	assert_int_equal(fake.shm_closed, 0);

	/*
	 * 5 pages fit none of them: a slot is needed (1 page goes) and 2 more
	 * pages (2 pages go).
	 */
	assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, big, 5 * PAGE),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 5);
	assert_int_equal(fake.shm_closed, 2);
	assert_null(fake_shm_bytes(id[0], &(size_t){0}));
	assert_null(fake_shm_bytes(id[1], &(size_t){0}));
	assert_non_null(fake_shm_bytes(id[2], &(size_t){0}));

	/*
	 * 13 pages: the pool lacks them until the cache lets go of its 12;
	 * more than the bound, the buffer is released after the call.
	 */
	assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, big, 13 * PAGE),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 6);
	assert_int_equal(fake.shm_closed, 6);

	/* Just the bound: kept, and reused for a size of the same pages. */
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, big, 12 * PAGE - 100),
		TEEC_SUCCESS);
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_OUTPUT, big, 11 * PAGE + 1),
		TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 7);
	assert_int_equal(fake.shm_closed, 6);

	/*
	 * A buffer twice the size needed is not taken for a small call; the
	 * small one's return makes the big one go.
	 */
	assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, big, PAGE),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 8);
	assert_int_equal(fake.shm_closed, 7);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_closed, fake.shm_made);
}

/* TEEC_FinalizeContext() releases the cache, sessions still open or not. */
static void test_tmpref_finalize_releases(void **state)
{
	char buf[64] = "finalize";
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INOUT, buf, sizeof(buf)),
		TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 1);
	assert_int_equal(fake.shm_closed, 0);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.shm_closed, 1);
	assert_int_equal(fake.unmaps, fake.maps);
	/* With the memory gone, nothing holds the device. */
	assert_int_equal(fake.closes, 1);
}

/*
 * An allocation the device refuses: the context's cached buffers are let
 * go (reserved shared memory is one pool for every client) and the
 * allocation is tried once more.
 */
static void test_tmpref_alloc_failure_flushes(void **state)
{
	static uint8_t buf[3 * PAGE];
	TEEC_Context ctx;
	TEEC_Session s;
	int allocs;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf, PAGE),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_closed, 0);
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = ENOMEM;
	allocs = count_recs(TEE_IOC_SHM_ALLOC);
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf, sizeof(buf)),
		TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), allocs + 2);
	assert_int_equal(fake.shm_closed, 1);
	/* With nothing cached a failure is not retried. */
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf, sizeof(buf)),
		TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), allocs + 3);
	fake.fail_cmd = 0;
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 1);
	close_all(&ctx, &s);
}

/*
 * An open session's temporaries are kept for the context too: the
 * session's first call reuses them.
 */
static void test_tmpref_open_session_kept(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	char buf[8] = "open";
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	open_ctx(&ctx, GP_OPTEE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){buf, sizeof(buf)};
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 1);
	assert_int_equal(fake.shm_closed, 0);
	assert_int_equal(
		invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf, sizeof(buf)),
		TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 1);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_closed, 1);
}

/*
 * Memory the application allocated is PROT_NONE while the cache keeps it
 * after TEEC_ReleaseSharedMemory() (OP-TEE's libteec munmaps it there,
 * so a pointer kept into it faults; tests/e2e/test_tmpref_cache.c shows
 * the fault).  A TEMP memref's call may borrow it: accessible for the
 * call, hidden again after.  The next allocation gets it accessible and
 * zeroed.  Finalizing the context releases it.
 */
static void test_released_allocation_hidden(void **state)
{
	TEEC_SharedMemory shm = {.size = PAGE, .flags = TEEC_MEM_INPUT};
	static uint8_t buf[PAGE];
	TEEC_Context ctx;
	TEEC_Session s;
	void *first;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	first = shm.buffer;
	memset(first, 0xA5, PAGE);
	assert_int_equal(fake.hides, 0);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.hides, 1);
	assert_int_equal(fake.unmaps, 0);

	assert_int_equal(invoke_tmp(&s, TEEC_MEMREF_TEMP_INPUT, buf, PAGE),
			 TEEC_SUCCESS);
	assert_int_equal(fake.shm_made, 1);
	assert_int_equal(fake.unhides, 1);
	assert_int_equal(fake.hides, 2);

	shm = (TEEC_SharedMemory){.size = PAGE, .flags = TEEC_MEM_OUTPUT};
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_ptr_equal(shm.buffer, first);
	assert_int_equal(fake.unhides, 2);
	assert_true(all_zero(shm.buffer, 0, PAGE));
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.hides, 3);
	assert_int_equal(fake.shm_closed, 0);

	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.shm_closed, 1);
	assert_int_equal(fake.unmaps, fake.maps);
	assert_int_equal(fake.closes, 1);
	assert_int_equal(fake.errors, 0);
}

/*
 * Memory that cannot be made PROT_NONE is released at once, as OP-TEE
 * does; memory that cannot be made accessible again is released and the
 * allocation made afresh.
 */
static void test_hide_failure_releases(void **state)
{
	TEEC_SharedMemory shm = {.size = PAGE, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	fake.mprotect_fail = true;
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.hides, 0);
	assert_int_equal(fake.unmaps, 1);
	assert_int_equal(fake.shm_closed, 1);
	assert_null(shm.buffer);

	fake.mprotect_fail = false;
	shm = (TEEC_SharedMemory){.size = PAGE, .flags = TEEC_MEM_INPUT};
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.hides, 1);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 2);

	fake.mprotect_fail = true;
	shm = (TEEC_SharedMemory){.size = PAGE, .flags = TEEC_MEM_INPUT};
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(fake.unhides, 0);
	assert_int_equal(fake.shm_closed, 2);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 3);
	assert_true(all_zero(shm.buffer, 0, PAGE));
	fake.mprotect_fail = false;
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.hides, 2);
	close_all(&ctx, &s);
	assert_int_equal(fake.shm_closed, fake.shm_made);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup_tmpref, teardown)
		T(test_tmpref_reused_by_session),
		T(test_tmpref_reuse_zeroes),
		T(test_tmpref_sessions_share),
		T(test_tmpref_bounds),
		T(test_tmpref_finalize_releases),
		T(test_tmpref_alloc_failure_flushes),
		T(test_tmpref_open_session_kept),
		T(test_released_allocation_hidden),
		T(test_hide_failure_releases),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
