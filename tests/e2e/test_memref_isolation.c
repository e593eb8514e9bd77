// SPDX-License-Identifier: BSD-2-Clause
/*
 * Memref isolation (issue 9, item 4): during a call a TA reaches only the
 * bytes its memrefs cover, and after the call none of the client's
 * memory, as on OP-TEE, which maps a call's params into the TA for the
 * call only (core/kernel/tee_ta_manager.c, tee_ta_invoke_command(): the
 * params are mapped before the entry point and unmapped after it).
 *
 * The hostile TA (ta/tests/hostile) reads and writes around its buffer,
 * in the same pages and beyond, opening the memory itself; maps every
 * memory file it holds, including copies of its start-up descriptors
 * its constructor kept; and keeps its buffer's pointer to read and write
 * it in a later call of another client, while the first client still
 * holds its memory and after it released it and finalized its context
 * (with dynamic shared memory: unregistered).  Each way out is listed.
 * The clients' bytes outside their buffers, and all of them after the
 * call, must be what the clients left.
 *
 * An honest TA bug that keeps a memref pointer and uses it in its next
 * call faults: the client gets TEEC_ERROR_TARGET_DEAD and the log says a
 * memref was used after its call.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_hostile.h"

static const TEEC_UUID hostile_uuid = TA_TEST_HOSTILE_UUID;
static const TEEC_UUID shared_uuid = TA_TEST_HOSTILE_SHARED_UUID;

/* The client's memory: three pages, the buffer in the middle one. */
#define AREA_SIZE  (3 * 4096)
#define BUF_OFFSET (4096 + 100)
#define BUF_SIZE   300

enum shm_kind { SHM_ALLOCATED, SHM_REGISTERED, SHM_TEMP };
static const char *const kind_names[] = {"allocated", "registered",
					 "temporary"};

struct fixture {
	struct harness h;
};

static int setup(void **state)
{
	struct harness_opts o = {.supplicant = true};
	struct fixture *f = calloc(1, sizeof(*f));

	*state = f;
	return !f || harness_start(&f->h, &o) ? -1 : 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (!f)
		return 0;
	harness_stop_leftover(&f->h);
	free(f);
	return 0;
}

/* Markers everywhere, and the buffer's own bytes (never a marker). */
static void fill_area(uint8_t *area, uint8_t seed)
{
	for (size_t i = 0; i + TA_HOSTILE_MARKER_LEN <= AREA_SIZE;
	     i += TA_HOSTILE_MARKER_LEN)
		memcpy(area + i, TA_HOSTILE_MARKER, TA_HOSTILE_MARKER_LEN);
	for (size_t i = 0; i < BUF_SIZE; i++)
		area[BUF_OFFSET + i] = (uint8_t)(seed + 3 * i);
}

static uint32_t buf_sum(const uint8_t *area)
{
	uint32_t s = 0;

	for (size_t i = 0; i < BUF_SIZE; i++)
		s += area[BUF_OFFSET + i];
	return s;
}

/**
 * struct client - a client of the TA with its memory
 * @ctx, @s:	its context and session
 * @shm:	its shared memory (allocated or registered)
 * @local:	the area of a registered or temporary memref (ours)
 * @area:	the area the buffer lies in, whatever the kind
 */
struct client {
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_SharedMemory shm;
	uint8_t *local;
	uint8_t *area;
};

static void client_open(struct client *c, const TEEC_UUID *uuid,
			enum shm_kind kind, uint8_t seed)
{
	uint32_t origin;

	memset(c, 0, sizeof(*c));
	assert_int_equal(TEEC_InitializeContext(NULL, &c->ctx), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&c->ctx, &c->s, uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(posix_memalign((void **)&c->local, 4096, AREA_SIZE),
			 0);
	c->area = c->local;
	c->shm.size = AREA_SIZE;
	c->shm.flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	if (kind == SHM_ALLOCATED) {
		assert_int_equal(TEEC_AllocateSharedMemory(&c->ctx, &c->shm),
				 TEEC_SUCCESS);
		c->area = c->shm.buffer;
	} else if (kind == SHM_REGISTERED) {
		c->shm.buffer = c->local;
		assert_int_equal(TEEC_RegisterSharedMemory(&c->ctx, &c->shm),
				 TEEC_SUCCESS);
	}
	fill_area(c->area, seed);
}

/* Releases the memory (unregisters) and finalizes: the client is gone. */
static void client_leave(struct client *c, enum shm_kind kind)
{
	if (kind != SHM_TEMP)
		TEEC_ReleaseSharedMemory(&c->shm);
	TEEC_CloseSession(&c->s);
	TEEC_FinalizeContext(&c->ctx);
}

static void client_free(struct client *c)
{
	free(c->local);
}

/* The buffer as param [0] of @op, INPUT. */
static void set_buffer(TEEC_Operation *op, struct client *c, enum shm_kind kind)
{
	if (kind == SHM_TEMP) {
		op->params[0].tmpref.buffer = c->area + BUF_OFFSET;
		op->params[0].tmpref.size = BUF_SIZE;
		return;
	}
	op->params[0].memref.parent = &c->shm;
	op->params[0].memref.offset = BUF_OFFSET;
	op->params[0].memref.size = BUF_SIZE;
}

static void report(const char *what, uint32_t reached)
{
	print_message("  %-62s %s\n", what, reached ? "REACHED" : "nothing");
}

/*
 * MEMREF_GRAB: the TA reaches around its buffer; each way out must find
 * nothing, and the client's area must be as it was.
 */
static void grab(struct client *c, enum shm_kind kind)
{
	TEEC_Operation op = {0};
	uint8_t before[AREA_SIZE];
	uint32_t origin;

	memcpy(before, c->area, AREA_SIZE);
	op.paramTypes = TEEC_PARAM_TYPES(
		kind == SHM_TEMP ? TEEC_MEMREF_TEMP_INPUT
				 : TEEC_MEMREF_PARTIAL_INPUT,
		TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT, TEEC_NONE);
	set_buffer(&op, c, kind);
	assert_int_equal(TEEC_InvokeCommand(&c->s,
					    TA_TEST_HOSTILE_CMD_MEMREF_GRAB,
					    &op, &origin),
			 TEEC_SUCCESS);
	print_message(" %s memref, during its call:\n", kind_names[kind]);
	report("(a) read/write the rest of its pages (non-zero bytes)",
	       op.params[1].value.a);
	report("(a) read/write 64 KiB after its pages (markers)",
	       op.params[1].value.b);
	print_message("  %-62s %u\n",
		      "(a) memory files it holds (constructor's copies too)",
		      op.params[2].value.a);
	report("(a) map them, read/write (markers)", op.params[2].value.b);
	assert_int_equal(op.params[1].value.a, 0);
	assert_int_equal(op.params[1].value.b, 0);
	assert_int_equal(op.params[2].value.b, 0);
	/* The client's area, outside the buffer and in it: untouched. */
	assert_memory_equal(c->area, before, AREA_SIZE);
}

/*
 * MEMREF_STALE (hostile) from client @b, with a buffer of its own when
 * @with_buffer: the kept pointer reaches only the TA's own copy of what
 * it was given or wrote last (sum @own_sum), and nothing it writes
 * reaches anyone, @b's buffer included.
 */
static void stale_from(struct client *b, bool with_buffer, uint32_t own_sum,
		       const char *what)
{
	TEEC_Operation op = {0};
	uint8_t mine[BUF_SIZE], before[BUF_SIZE];
	uint32_t origin;

	for (size_t i = 0; i < sizeof(mine); i++)
		mine[i] = (uint8_t)(0x80 + i);
	memcpy(before, mine, sizeof(mine));
	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
		with_buffer ? TEEC_MEMREF_TEMP_INOUT : TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TA_HOSTILE_STALE_HOSTILE;
	op.params[2].tmpref.buffer = mine;
	op.params[2].tmpref.size = sizeof(mine);
	assert_int_equal(TEEC_InvokeCommand(&b->s,
					    TA_TEST_HOSTILE_CMD_MEMREF_STALE,
					    &op, &origin),
			 TEEC_SUCCESS);
	report(what, op.params[1].value.a != own_sum);
	assert_int_equal(op.params[1].value.b, BUF_SIZE);
	assert_int_equal(op.params[1].value.a, own_sum);
	/* What the TA wrote through the kept pointer reached no one. */
	assert_memory_equal(mine, before, sizeof(mine));
}

static void test_memref_isolation__hostile_ta_reaches_nothing_else(void **state)
{
	struct fixture *f = *state;
	struct client a, b;

	/* B holds the shared TA's instance for the whole test. */
	client_open(&b, &shared_uuid, SHM_TEMP, 0);
	for (int k = SHM_ALLOCATED; k <= SHM_TEMP; k++) {
		enum shm_kind kind = (enum shm_kind)k;
		uint8_t now[AREA_SIZE];
		uint32_t given;

		client_open(&a, &shared_uuid, kind, (uint8_t)(17 * k + 1));
		given = buf_sum(a.area);
		grab(&a, kind);

		/*
		 * (b) A still holds its memory, with new bytes in it: the
		 * TA reads its own copy of what A gave, writes over it.
		 */
		fill_area(a.area, 0xc3);
		memcpy(now, a.area, AREA_SIZE);
		stale_from(
			&b, true, given,
			"(b) kept pointer, another client's call: read/write "
			"the client's memory");
		assert_memory_equal(a.area, now, AREA_SIZE);

		/*
		 * (c) A released (unregistered) its memory and finalized
		 * its context; its pages are plain heap again.  The TA
		 * reads back what it wrote last, in its own window.
		 */
		client_leave(&a, kind);
		if (kind != SHM_ALLOCATED) {
			fill_area(a.local, 0x3c);
			memcpy(now, a.local, AREA_SIZE);
			stale_from(&b, false, TA_HOSTILE_STALE_BYTE * BUF_SIZE,
				   "(c) kept pointer, after the client left: "
				   "read/write its memory");
			assert_memory_equal(a.local, now, AREA_SIZE);
		}
		client_free(&a);
	}
	client_leave(&b, SHM_TEMP);
	client_free(&b);
	harness_stop_ok(&f->h);
}

/* The crash line can follow the answer by a moment: the monitor logs it. */
static bool log_says_within(struct harness *h, const char *s, int seconds)
{
	for (int i = 0; i < seconds * 10; i++) {
		if (harness_log_contains(h, "teed.log", s))
			return true;
		usleep(100 * 1000);
	}
	return false;
}

static void test_memref_isolation__kept_pointer_faults_next_call(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	struct client c;
	uint32_t origin;

	client_open(&c, &hostile_uuid, SHM_TEMP, 5);
	grab(&c, SHM_TEMP);
	/* Its next call: the bug reads the kept buffer, as a TA would. */
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TA_HOSTILE_STALE_HONEST;
	assert_int_equal(TEEC_InvokeCommand(&c.s,
					    TA_TEST_HOSTILE_CMD_MEMREF_STALE,
					    &op, &origin),
			 TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_true(log_says_within(
		&f->h, "touched memref memory after its call returned", 10));
	client_leave(&c, SHM_TEMP);
	client_free(&c);
	harness_stop_ok(&f->h);
}

/*
 * The same with a memref large enough that the runtime opens its span by
 * moving page tables rather than with mprotect() (ta/libutee/utee_memref.c):
 * the kept pointer faults all the same, and the log says so.
 */
static void test_memref_isolation__kept_large_pointer_faults(void **state)
{
	struct fixture *f = *state;
	const size_t size = 256 * 1024;
	TEEC_Operation op = {0};
	struct client c;
	uint8_t *big = calloc(1, size);
	uint32_t origin;

	assert_non_null(big);
	client_open(&c, &hostile_uuid, SHM_TEMP, 5);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = big;
	op.params[0].tmpref.size = size;
	assert_int_equal(TEEC_InvokeCommand(&c.s,
					    TA_TEST_HOSTILE_CMD_MEMREF_GRAB,
					    &op, &origin),
			 TEEC_SUCCESS);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TA_HOSTILE_STALE_HONEST;
	assert_int_equal(TEEC_InvokeCommand(&c.s,
					    TA_TEST_HOSTILE_CMD_MEMREF_STALE,
					    &op, &origin),
			 TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_true(log_says_within(
		&f->h, "touched memref memory after its call returned", 10));
	client_leave(&c, SHM_TEMP);
	client_free(&c);
	free(big);
	harness_stop_ok(&f->h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__hostile_ta_reaches_nothing_else,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__kept_pointer_faults_next_call,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__kept_large_pointer_faults, setup,
			teardown),
	};

	return cmocka_run_group_tests_name("memref_isolation", tests, NULL,
					   NULL);
}
