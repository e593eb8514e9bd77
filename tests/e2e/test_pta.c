// SPDX-License-Identifier: BSD-2-Clause
/*
 * Pseudo TAs: services of the trusted OS reached like TAs (OP-TEE's
 * core/kernel/pseudo_ta.c), through the real client path.
 *
 *  - the statistics pseudo TA with OP-TEE's interface (core/pta/stats.c,
 *    lib/libutee/include/pta_stats.h): STATS_CMD_TA_STATS cells of
 *    struct pta_stats_ta per TA instance, SHORT_BUFFER with the size
 *    needed, STATS_CMD_GET_TIME, BAD_PARAMETERS for unknown commands;
 *  - teebox's information pseudo TA (flags and process of each instance),
 *    which teectl tas uses;
 *  - OP-TEE's pseudo TAs teebox does not have (the core test, TA store
 *    and attestation ones of pta_invoke_tests.h, pta_secstor_ta_mgmt.h,
 *    pta_attestation.h): TEEC_ERROR_ITEM_NOT_FOUND at open, as on an
 *    OP-TEE built without them, which is what xtest's cases 1001-1003
 *    test for before they skip.
 *
 * A pseudo TA needs no image: it opens with no tee-supplicant attached.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/include/pta_attestation.h"
#include "ta/include/pta_invoke_tests.h"
#include "ta/include/pta_secstor_ta_mgmt.h"
#include "ta/include/pta_stats.h"
#include "ta/include/pta_teebox_info.h"
#include "ta/include/user_ta_header.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

static const TEEC_UUID stats_uuid = STATS_UUID;
static const TEEC_UUID info_uuid = TEEBOX_INFO_UUID;
static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID multi_uuid = TA_TEST_FLAGS_MULTI_INSTANCE_UUID;

/* Room for more instances than any test makes. */
#define MAX_CELLS 8

struct fixture {
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session stats;
};

static int setup_with(void **state, bool supplicant)
{
	struct harness_opts o = {.supplicant = supplicant};
	struct fixture *f = calloc(1, sizeof(*f));
	uint32_t origin;

	if (!f || harness_start(&f->h, &o))
		return -1;
	if (TEEC_InitializeContext(NULL, &f->ctx))
		return -1;
	if (e2e_open_session(&f->ctx, &f->stats, &stats_uuid, &origin))
		return -1;
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_with(state, true);
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	int status;

	TEEC_CloseSession(&f->stats);
	TEEC_FinalizeContext(&f->ctx);
	/* teed's own leak check: a clean stop that kept nothing. */
	status = harness_stop(&f->h);
	free(f);
	return status ? -1 : 0;
}

/*
 * STATS_CMD_TA_STATS into @cells (@bytes long, NULL for a null memref):
 * the result, and in *@size the size the pseudo TA reported.
 */
static TEEC_Result ta_stats(TEEC_Session *s, struct pta_stats_ta *cells,
			    size_t bytes, size_t *size, uint32_t *origin)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = cells;
	op.params[0].tmpref.size = bytes;
	res = TEEC_InvokeCommand(s, STATS_CMD_TA_STATS, &op, origin);
	*size = op.params[0].tmpref.size;
	return res;
}

/* STATS_CMD_TA_STATS that must succeed; returns the cell count. */
static size_t ta_stats_ok(TEEC_Session *s, struct pta_stats_ta *cells)
{
	uint32_t origin;
	size_t size;

	memset(cells, 0xa5, MAX_CELLS * sizeof(*cells));
	assert_int_equal(
		ta_stats(s, cells, MAX_CELLS * sizeof(*cells), &size, &origin),
		TEEC_SUCCESS);
	assert_int_equal(size % sizeof(*cells), 0);
	return size / sizeof(*cells);
}

static void open_ta(struct fixture *f, TEEC_Session *s, const TEEC_UUID *u)
{
	uint32_t origin;

	assert_int_equal(e2e_open_session(&f->ctx, s, u, &origin),
			 TEEC_SUCCESS);
}

/* The cell layout is OP-TEE's: 16 + 4 + 4 + (32 + 6 * 4) bytes. */
static void test_stats_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct pta_stats_alloc), 56);
	assert_int_equal(offsetof(struct pta_stats_ta, panicked), 16);
	assert_int_equal(offsetof(struct pta_stats_ta, sess_num), 20);
	assert_int_equal(offsetof(struct pta_stats_ta, heap), 24);
	assert_int_equal(sizeof(struct pta_stats_ta), 80);
	assert_int_equal(sizeof(struct teebox_ta_instance), 40);
}

/*
 * No TA loaded: no cells, and success even with a null memref
 * (tee_ta_instance_stats() needs no room for nothing).
 */
static void test_stats_no_instances(void **state)
{
	struct fixture *f = *state;
	struct pta_stats_ta cells[MAX_CELLS];
	uint32_t origin;
	size_t size;

	assert_int_equal(ta_stats_ok(&f->stats, cells), 0);
	assert_int_equal(ta_stats(&f->stats, NULL, 0, &size, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(size, 0);
}

/*
 * One instance with one session: a cell with its UUID, a buffer too small
 * for it gets SHORT_BUFFER with the exact size (origin: the TA's).
 */
static void test_stats_one_instance(void **state)
{
	struct fixture *f = *state;
	struct pta_stats_ta cells[MAX_CELLS];
	TEEC_Session s;
	uint32_t origin;
	size_t size;

	open_ta(f, &s, &basic_uuid);
	assert_int_equal(ta_stats(&f->stats, NULL, 0, &size, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(size, sizeof(struct pta_stats_ta));
	/* One byte short is still short. */
	assert_int_equal(ta_stats(&f->stats, cells, sizeof(cells[0]) - 1, &size,
				  &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(size, sizeof(struct pta_stats_ta));

	assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
	assert_memory_equal(&cells[0].uuid, &basic_uuid, sizeof(basic_uuid));
	assert_int_equal(cells[0].panicked, 0);
	assert_int_equal(cells[0].sess_num, 1);
	assert_string_equal(cells[0].heap.desc, "Heap");
	assert_int_equal(cells[0].heap.size, TA_TEST_BASIC_DATA_SIZE);

	/* A second session joins the single instance. */
	{
		TEEC_Session s2;

		open_ta(f, &s2, &basic_uuid);
		assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
		assert_int_equal(cells[0].sess_num, 2);
		TEEC_CloseSession(&s2);
	}
	TEEC_CloseSession(&s);
	/* Not keep-alive: the last session ended the instance. */
	assert_int_equal(ta_stats_ok(&f->stats, cells), 0);
}

/*
 * The heap figures are the TA's TEE_Malloc accounting: the heap test
 * first asks for TA_DATA_SIZE + 1 (refused), then for more than the room
 * left beside half the heap (refused), and frees all it got.
 */
static void test_stats_heap(void **state)
{
	struct fixture *f = *state;
	struct pta_stats_ta cells[MAX_CELLS];
	const uint32_t half = TA_TEST_BASIC_DATA_SIZE / 2;
	uint32_t before;
	TEEC_Session s;

	open_ta(f, &s, &basic_uuid);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
	before = cells[0].heap.allocated;
	assert_int_equal(cells[0].heap.num_alloc_fail, 0);

	assert_int_equal(e2e_invoke_value(&s, TA_TEST_CMD_HEAP),
			 TA_TEST_HEAP_ALL);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
	assert_int_equal(cells[0].heap.allocated, before);
	assert_true(cells[0].heap.max_allocated >= half + half / 2);
	assert_true(cells[0].heap.max_allocated <= TA_TEST_BASIC_DATA_SIZE);
	assert_true(cells[0].heap.num_alloc_fail >= 2);
	assert_int_equal(cells[0].heap.biggest_alloc_fail,
			 TA_TEST_BASIC_DATA_SIZE + 1);
	assert_int_equal(cells[0].heap.biggest_alloc_fail_used, before);
	TEEC_CloseSession(&s);
}

/* A TA that panicked is listed as such while its session is open. */
static void test_stats_panicked(void **state)
{
	struct fixture *f = *state;
	struct pta_stats_ta cells[MAX_CELLS];
	TEEC_Operation op = {0};
	uint32_t origin;
	TEEC_Session s;

	open_ta(f, &s, &basic_uuid);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_NONE, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_PANIC, &op, &origin),
		TEEC_ERROR_TARGET_DEAD);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
	assert_int_not_equal(cells[0].panicked, 0);
	assert_int_equal(cells[0].sess_num, 1);
	TEEC_CloseSession(&s);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 0);
}

/* Instances of a multi-instance TA are one cell each. */
static void test_stats_multi_instance(void **state)
{
	struct fixture *f = *state;
	struct pta_stats_ta cells[MAX_CELLS];
	TEEC_Session a, b;

	open_ta(f, &a, &multi_uuid);
	open_ta(f, &b, &multi_uuid);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 2);
	for (int i = 0; i < 2; i++) {
		assert_memory_equal(&cells[i].uuid, &multi_uuid,
				    sizeof(multi_uuid));
		assert_int_equal(cells[i].sess_num, 1);
	}
	TEEC_CloseSession(&a);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 1);
	TEEC_CloseSession(&b);
}

static int64_t now_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec;
}

/*
 * STATS_CMD_GET_TIME: the REE time comes from the normal world's clock
 * (OPTEE_RPC_CMD_GET_TIME), the TEE time from the trusted OS's; both are
 * this host's, so they agree with ours to the second.
 */
static void test_stats_get_time(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	int64_t ree0 = now_s(CLOCK_REALTIME), tee0 = now_s(CLOCK_MONOTONIC);
	uint32_t origin;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&f->stats, STATS_CMD_GET_TIME, &op, &origin),
		TEEC_SUCCESS);
	assert_in_range(op.params[0].value.a, (uint32_t)ree0,
			(uint32_t)now_s(CLOCK_REALTIME));
	assert_true(op.params[0].value.b < 1000);
	assert_in_range(op.params[1].value.a, (uint32_t)tee0,
			(uint32_t)now_s(CLOCK_MONOTONIC));
	assert_true(op.params[1].value.b < 1000);
}

/* What OP-TEE's stats pseudo TA answers to what it does not take. */
static void test_stats_bad_requests(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	uint32_t origin;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(&f->stats, STATS_CMD_TA_STATS, &op, &origin),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(
		TEEC_InvokeCommand(&f->stats, STATS_CMD_GET_TIME, &op, &origin),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_InvokeCommand(&f->stats, 0x1234, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	/* OP-TEE's own memory managers: teebox has none. */
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_VALUE_OUTPUT, TEEC_NONE);
	assert_int_equal(TEEC_InvokeCommand(&f->stats, STATS_CMD_PAGER_STATS,
					    &op, &origin),
			 TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
}

/*
 * teebox's information pseudo TA: the TA's flags from its header and the
 * process it runs in (the TA tells its own pid).
 */
static void test_info_instances(void **state)
{
	struct fixture *f = *state;
	struct teebox_ta_instance cells[MAX_CELLS];
	TEEC_Operation op = {0};
	TEEC_Session info, s;
	uint32_t origin;

	open_ta(f, &info, &info_uuid);
	open_ta(f, &s, &basic_uuid);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = cells;
	op.params[0].tmpref.size = sizeof(cells);
	assert_int_equal(TEEC_InvokeCommand(&info, TEEBOX_INFO_CMD_TA_INSTANCES,
					    &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].tmpref.size, sizeof(cells[0]));
	assert_memory_equal(&cells[0].uuid, &basic_uuid, sizeof(basic_uuid));
	assert_int_equal(cells[0].flags,
			 TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION);
	assert_int_equal(cells[0].pid, e2e_invoke_value(&s, TA_TEST_CMD_PID));
	assert_int_equal(cells[0].sess_num, 1);
	assert_int_equal(cells[0].panicked, 0);
	assert_int_equal(cells[0].heap_size, TA_TEST_BASIC_DATA_SIZE);

	/* Too small: SHORT_BUFFER and the size needed. */
	op.params[0].tmpref.size = sizeof(cells[0]) - 1;
	assert_int_equal(TEEC_InvokeCommand(&info, TEEBOX_INFO_CMD_TA_INSTANCES,
					    &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(op.params[0].tmpref.size, sizeof(cells[0]));
	assert_int_equal(TEEC_InvokeCommand(&info, 7, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	TEEC_CloseSession(&s);
	TEEC_CloseSession(&info);
}

/*
 * A pseudo TA the trusted OS does not have is a TA that is not found:
 * OP-TEE's tee_ta_open_session() fails with TEE_ERROR_ITEM_NOT_FOUND,
 * origin TEE, and optee_test's regression_1000.c checks exactly that
 * result ("skip test, pseudo TA not found").
 */
static void test_absent_ptas(void **state)
{
	static const TEEC_UUID absent[] = {
		PTA_INVOKE_TESTS_UUID,
		PTA_SECSTOR_TA_MGMT_UUID,
		PTA_ATTESTATION_UUID,
	};
	struct pta_stats_ta cells[MAX_CELLS];
	struct fixture *f = *state;
	TEEC_Session s;
	uint32_t origin;
	size_t n;

	for (n = 0; n < sizeof(absent) / sizeof(absent[0]); n++) {
		origin = 0;
		assert_int_equal(
			e2e_open_session(&f->ctx, &s, &absent[n], &origin),
			TEEC_ERROR_ITEM_NOT_FOUND);
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
	}
	/* The statistics pseudo TA beside them still answers. */
	assert_int_equal(ta_stats_ok(&f->stats, cells), 0);
}

/*
 * With no supplicant attached, a pseudo TA still opens and answers: it
 * is part of the trusted OS, nothing is loaded.
 */
static void test_pta_without_supplicant(void **state)
{
	struct pta_stats_ta cells[MAX_CELLS];
	struct fixture *f;

	assert_int_equal(setup_with(state, false), 0);
	f = *state;
	assert_int_equal(f->h.supp, 0);
	assert_int_equal(ta_stats_ok(&f->stats, cells), 0);
	assert_int_equal(teardown(state), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_layout),
		cmocka_unit_test_setup_teardown(test_stats_no_instances, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stats_one_instance, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stats_heap, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stats_panicked, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stats_multi_instance,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_stats_get_time, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stats_bad_requests, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_info_instances, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_absent_ptas, setup,
						teardown),
		cmocka_unit_test(test_pta_without_supplicant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
