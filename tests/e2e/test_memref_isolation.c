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
 * call faults where OP-TEE would have unmapped it: when that call has no
 * memref, or memrefs whose span does not cover the pointer; the client
 * gets TEEC_ERROR_TARGET_DEAD and the log says a memref was used after
 * its call.  Where the next call's span does cover it, the pointer
 * reaches that call's own page, as on OP-TEE, which maps the next call's
 * params where the last call's were (core/mm/vm.c: vm_clean_param(),
 * vm_map_param()); ta/libutee/utee_memref.c keeps such a span open.
 *
 * Whatever span the TA keeps, a client never finds another client's
 * bytes in its memrefs: ta_test_basic (single instance) peeks at what a
 * second client's memref holds after the first client's call.
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
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_hostile.h"
#include "ta/tests/test_ta_uuids.h"

static const TEEC_UUID hostile_uuid = TA_TEST_HOSTILE_UUID;
static const TEEC_UUID shared_uuid = TA_TEST_HOSTILE_SHARED_UUID;
static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

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
 * Where client B's buffer lies in its page (a registered memref keeps
 * its offset in its page): after the kept one's bytes.
 */
#define B_BUF_OFFSET 2048
_Static_assert(B_BUF_OFFSET >= BUF_OFFSET % 4096 + BUF_SIZE &&
		       B_BUF_OFFSET + BUF_SIZE <= 4096,
	       "B's buffer shares the kept buffer's page, not its bytes");

/*
 * MEMREF_STALE (hostile) from client @b, with a buffer of its own when
 * @with_buffer: the kept pointer reaches only what the TA's window holds
 * there (sum @expect_sum), and nothing it writes reaches anyone, @b's
 * buffer included.
 */
static void stale_from(struct client *b, bool with_buffer, uint32_t expect_sum,
		       const char *what)
{
	TEEC_Operation op = {0};
	TEEC_SharedMemory shm = {.size = 4096,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	uint8_t *page = NULL, *mine, before[BUF_SIZE];
	uint32_t origin;

	assert_int_equal(posix_memalign((void **)&page, 4096, 4096), 0);
	shm.buffer = page;
	assert_int_equal(TEEC_RegisterSharedMemory(&b->ctx, &shm),
			 TEEC_SUCCESS);
	mine = page + B_BUF_OFFSET;
	for (size_t i = 0; i < BUF_SIZE; i++)
		mine[i] = (uint8_t)(0x80 + i);
	memcpy(before, mine, BUF_SIZE);
	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
		with_buffer ? TEEC_MEMREF_PARTIAL_INOUT : TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TA_HOSTILE_STALE_HOSTILE;
	op.params[2].memref.parent = &shm;
	op.params[2].memref.offset = B_BUF_OFFSET;
	op.params[2].memref.size = BUF_SIZE;
	assert_int_equal(TEEC_InvokeCommand(&b->s,
					    TA_TEST_HOSTILE_CMD_MEMREF_STALE,
					    &op, &origin),
			 TEEC_SUCCESS);
	report(what, op.params[1].value.a != expect_sum);
	assert_int_equal(op.params[1].value.b, BUF_SIZE);
	assert_int_equal(op.params[1].value.a, expect_sum);
	/* What the TA wrote through the kept pointer reached no one. */
	assert_memory_equal(mine, before, BUF_SIZE);
	TEEC_ReleaseSharedMemory(&shm);
	free(page);
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
		 * (b) A still holds its memory, with new bytes in it.  B's
		 * call lays its buffer out in the page A's had (its span
		 * is the same), beside where A's was, as OP-TEE maps the
		 * next call's params at the first free place, where the
		 * last call's were (core/mm/vm.c: vm_clean_param(), then
		 * vm_map_param() -> vm_map() with no address asked).  The
		 * kept pointer reaches B's call's page beside B's buffer:
		 * zeros (secure/ta_param_win.c copy_in()), nothing of A,
		 * and what the TA writes there reaches no one.  (Before
		 * the span was kept, calls alternated between the
		 * window's banks and the pointer reached the TA's old
		 * copy of A's bytes: stricter than hardware.)
		 */
		assert_int_not_equal(given, 0);
		fill_area(a.area, 0xc3);
		memcpy(now, a.area, AREA_SIZE);
		stale_from(
			&b, true, 0,
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

/*
 * MEMREF_GRAB on a page-aligned buffer of @size, then MEMREF_STALE with
 * the honest bug and a temporary INOUT memref of BUF_SIZE bytes 0x22 (one
 * page of span: its copy starts a page).  Return: the result of the
 * second call; *@sum the kept pointer's byte sum when it succeeded.
 */
static TEEC_Result grab_then_stale(struct client *c, size_t size, uint32_t *sum)
{
	TEEC_Operation op = {0};
	uint8_t *big = NULL, *page = NULL;
	uint32_t origin;
	TEEC_Result res;

	assert_int_equal(posix_memalign((void **)&big, 4096, size), 0);
	assert_int_equal(posix_memalign((void **)&page, 4096, 4096), 0);
	memset(big, 0x11, size);
	memset(page, 0x22, 4096);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = big;
	op.params[0].tmpref.size = size;
	assert_int_equal(TEEC_InvokeCommand(&c->s,
					    TA_TEST_HOSTILE_CMD_MEMREF_GRAB,
					    &op, &origin),
			 TEEC_SUCCESS);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					 TEEC_MEMREF_TEMP_INOUT, TEEC_NONE);
	op.params[0].value.a = TA_HOSTILE_STALE_HONEST;
	op.params[2].tmpref.buffer = page;
	op.params[2].tmpref.size = BUF_SIZE;
	res = TEEC_InvokeCommand(&c->s, TA_TEST_HOSTILE_CMD_MEMREF_STALE, &op,
				 &origin);
	if (res == TEEC_ERROR_TARGET_DEAD)
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
	*sum = op.params[1].value.a;
	free(page);
	free(big);
	return res;
}

/* A kept pointer, the next call's memrefs elsewhere: it dies. */
static void kept_pointer_other_span(struct fixture *f, size_t size)
{
	struct client c;
	uint32_t sum;

	client_open(&c, &hostile_uuid, SHM_TEMP, 5);
	assert_int_equal(grab_then_stale(&c, size, &sum),
			 TEEC_ERROR_TARGET_DEAD);
	assert_true(log_says_within(
		&f->h, "touched memref memory after its call returned", 10));
	client_leave(&c, SHM_TEMP);
	client_free(&c);
	harness_stop_ok(&f->h);
}

/* Three pages, opened with mprotect(); the next call's span is one page. */
static void test_memref_isolation__kept_pointer_faults_other_span(void **state)
{
	kept_pointer_other_span(*state, 3 * 4096);
}

/* 256 KiB, opened by moving page tables; the next call's span: one page. */
static void
test_memref_isolation__kept_large_pointer_faults_other_span(void **state)
{
	kept_pointer_other_span(*state, 256 * 1024);
}

/*
 * A kept pointer, the next call's span the same page: the pointer reaches
 * that call's own buffer, laid out where the kept one was, as on OP-TEE,
 * where the next call's param is mapped at the same place; no fault.
 */
static void test_memref_isolation__kept_pointer_same_span(void **state)
{
	struct fixture *f = *state;
	struct client c;
	uint32_t sum = 1;

	client_open(&c, &hostile_uuid, SHM_TEMP, 5);
	assert_int_equal(grab_then_stale(&c, BUF_SIZE, &sum), TEEC_SUCCESS);
	assert_int_equal(sum, 0x22 * BUF_SIZE);
	client_leave(&c, SHM_TEMP);
	client_free(&c);
	harness_stop_ok(&f->h);
}

/* MEMREF_PEEK of ta_test_basic on @buf as a memref of type @type. */
static void peek(TEEC_Session *s, uint32_t type, uint8_t *buf, size_t size,
		 uint32_t *sum, uint32_t *nonzero)
{
	TEEC_Operation op = {0};
	uint32_t origin;

	op.paramTypes =
		TEEC_PARAM_TYPES(type, TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = size;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_PEEK, &op, &origin),
		TEEC_SUCCESS);
	*sum = op.params[1].value.a;
	*nonzero = op.params[1].value.b;
}

/*
 * Client A passes its bytes; client B, another context of the same TA
 * instance, then passes an OUTPUT buffer of zeros of the same size (the
 * same span, which the TA keeps open), a smaller one (another span) and,
 * after A left, the same size again: the TA finds zeros each time, and
 * B's buffer comes back as it was.  Small spans (mprotect) and 1 MiB
 * (moved page tables).
 */
static void test_memref_isolation__second_client_sees_no_bytes(void **state)
{
	static const size_t sizes[] = {2 * 4096, 1024 * 1024};
	struct fixture *f = *state;

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		const size_t size = sizes[i];
		const size_t part[] = {size, 100, size};
		uint32_t origin, sum, nonzero;
		TEEC_Context ca, cb;
		TEEC_Session sa, sb;
		uint8_t *a = NULL, *b = NULL;

		assert_int_equal(posix_memalign((void **)&a, 4096, size), 0);
		assert_int_equal(posix_memalign((void **)&b, 4096, size), 0);
		memset(a, 0x5a, size);
		memset(b, 0, size);
		assert_int_equal(TEEC_InitializeContext(NULL, &ca),
				 TEEC_SUCCESS);
		assert_int_equal(TEEC_InitializeContext(NULL, &cb),
				 TEEC_SUCCESS);
		assert_int_equal(
			e2e_open_session(&ca, &sa, &basic_uuid, &origin),
			TEEC_SUCCESS);
		assert_int_equal(
			e2e_open_session(&cb, &sb, &basic_uuid, &origin),
			TEEC_SUCCESS);
		for (int k = 0; k < 3; k++) {
			if (k < 2) {
				peek(&sa, TEEC_MEMREF_TEMP_INOUT, a, size, &sum,
				     &nonzero);
				assert_int_equal(nonzero, size);
			} else {
				TEEC_CloseSession(&sa);
				TEEC_FinalizeContext(&ca);
			}
			peek(&sb, TEEC_MEMREF_TEMP_OUTPUT, b, part[k], &sum,
			     &nonzero);
			assert_int_equal(sum, 0);
			assert_int_equal(nonzero, 0);
			for (size_t j = 0; j < size; j++)
				assert_int_equal(b[j], 0);
		}
		TEEC_CloseSession(&sb);
		TEEC_FinalizeContext(&cb);
		free(b);
		free(a);
	}
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
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__kept_pointer_faults_other_span,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__kept_large_pointer_faults_other_span,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__kept_pointer_same_span, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_memref_isolation__second_client_sees_no_bytes,
			setup, teardown),
	};

	return cmocka_run_group_tests_name("memref_isolation", tests, NULL,
					   NULL);
}
