// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEMP memrefs with libteec's cache of their buffers
 * (libteec/src/tmpref_cache.c), live, in both shared-memory modes:
 *
 *  - no TA finds anything of a client's earlier call in a temporary
 *    OUTPUT buffer: not in the same session (the reused buffer is zeroed),
 *    not in another session of the same client, not in another client's
 *    call (another process, while the first still keeps its buffers and
 *    after it finalized);
 *  - GP's size feedback is unchanged (GP TEE Client API v1.0 §3.2.5 and
 *    §4.5.9: TEEC_ERROR_SHORT_BUFFER carries the size the TA needs, output
 *    data comes back only up to the size the TA returned);
 *  - teed holds no more of the client's memory once the context is
 *    finalized, shared memory the client allocated and released
 *    included;
 *  - a pointer the client kept into shared memory it released faults,
 *    although libteec keeps that memory for the next allocation.
 *
 * ta_test_basic's MEMREF_PEEK reports what a memref holds before the TA
 * writes anything.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static const size_t sizes[] = {16, 4096, 64 * 1024, 1024 * 1024};
#define N_SIZES	 (sizeof(sizes) / sizeof(sizes[0]))
#define MAX_SIZE (1024 * 1024)

static struct harness tb;

static int setup_reserved(void **state)
{
	return harness_start(&tb, &(struct harness_opts){.supplicant = true});
}

static int setup_dynamic(void **state)
{
	static const char *const args[] = {"--dynamic-shm", NULL};

	return harness_start(&tb, &(struct harness_opts){.supplicant = true,
							 .teed_args = args});
}

static int teardown_all(void **state)
{
	return harness_stop(&tb);
}

static void open_basic(TEEC_Context *ctx, TEEC_Session *s)
{
	uint32_t origin;

	assert_int_equal(TEEC_OpenSession(ctx, s, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);
}

/* Passes @size bytes of @byte as TEMP_INPUT; the TA must sum them. */
static void pass_secret(TEEC_Session *s, uint8_t *buf, size_t size,
			uint8_t byte)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(buf, byte, size);
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = size;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.a, (uint32_t)(byte * size));
}

/*
 * How many bytes of a TEMP_OUTPUT of @size the TA found not zero; the
 * client's own buffer is filled with 0xEE first, which must not reach
 * the TA either.
 */
static uint32_t peek_output(TEEC_Session *s, uint8_t *buf, size_t size)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(buf, 0xEE, size);
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = size;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_PEEK, &op, &origin),
		TEEC_SUCCESS);
	return op.params[1].value.b;
}

/* The same session: its reused buffer shows the TA zeros only. */
static void test_same_session_output_zeroed(void **state)
{
	uint8_t *buf = malloc(MAX_SIZE);
	TEEC_Context ctx;
	TEEC_Session s;

	assert_non_null(buf);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_basic(&ctx, &s);
	for (size_t i = 0; i < N_SIZES; i++) {
		pass_secret(&s, buf, sizes[i], 0x5A);
		assert_int_equal(peek_output(&s, buf, sizes[i]), 0);
		/* A smaller call after a bigger one: nothing of it shows. */
		pass_secret(&s, buf, sizes[i], 0x5B);
		assert_int_equal(peek_output(&s, buf, sizes[i] / 2 + 1), 0);
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	free(buf);
}

/* Another session of the same client: never the first one's buffer. */
static void test_other_session_sees_nothing(void **state)
{
	uint8_t *buf = malloc(MAX_SIZE);
	TEEC_Context ctx;
	TEEC_Session s1, s2;

	assert_non_null(buf);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_basic(&ctx, &s1);
	open_basic(&ctx, &s2);
	for (size_t i = 0; i < N_SIZES; i++) {
		pass_secret(&s1, buf, sizes[i], 0x77);
		assert_int_equal(peek_output(&s2, buf, sizes[i]), 0);
	}
	TEEC_CloseSession(&s1);
	TEEC_CloseSession(&s2);
	TEEC_FinalizeContext(&ctx);
	free(buf);
}

/* In a child: every size of TEMP_OUTPUT shows zeros; exit 0 if so. */
static int child_peeks(void)
{
	uint8_t *buf = malloc(MAX_SIZE);
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	int bad = 0;

	if (!buf || TEEC_InitializeContext(NULL, &ctx) != TEEC_SUCCESS ||
	    TEEC_OpenSession(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL,
			     NULL, &origin) != TEEC_SUCCESS)
		return 2;
	for (int round = 0; round < 2; round++)
		for (size_t i = 0; i < N_SIZES; i++)
			bad += peek_output(&s, buf, sizes[i]) != 0;
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	free(buf);
	return bad ? 1 : 0;
}

static void run_child(void)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(child_peeks());
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/*
 * A second client (another process) never sees the first one's bytes:
 * while the first keeps its buffers, and after it finalized.
 */
static void test_second_client_sees_nothing(void **state)
{
	uint8_t *buf = malloc(MAX_SIZE);
	TEEC_Context ctx;
	TEEC_Session s;

	assert_non_null(buf);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_basic(&ctx, &s);
	for (size_t i = 0; i < N_SIZES; i++)
		pass_secret(&s, buf, sizes[i], 0xC3);
	run_child();
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	run_child();
	free(buf);
}

/* One MEMREF_FILL on a TEMP memref of @type; @want is the TA's size. */
static TEEC_Result fill(TEEC_Session *s, uint32_t type, uint8_t *buf,
			size_t size, uint32_t want, TEEC_Operation *op)
{
	uint32_t origin;

	memset(op, 0, sizeof(*op));
	op->paramTypes =
		TEEC_PARAM_TYPES(type, TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE);
	op->params[0].tmpref.buffer = buf;
	op->params[0].tmpref.size = size;
	op->params[1].value.a = 0x10;
	op->params[1].value.b = want;
	return TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_FILL, op, &origin);
}

/*
 * GP §4.5.9 / §3.2.5: SHORT_BUFFER gives the size needed and leaves the
 * buffer alone; a smaller answer copies back only that many bytes; both
 * on the reused buffer as on a fresh one.
 */
static void test_size_feedback(void **state)
{
	uint8_t buf[256];
	TEEC_Operation op;
	TEEC_Context ctx;
	TEEC_Session s;

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_basic(&ctx, &s);
	for (int round = 0; round < 3; round++) {
		memset(buf, 0xEE, sizeof(buf));
		assert_int_equal(
			fill(&s, TEEC_MEMREF_TEMP_OUTPUT, buf, 64, 200, &op),
			TEEC_ERROR_SHORT_BUFFER);
		assert_int_equal(op.params[0].tmpref.size, 200);
		for (size_t i = 0; i < sizeof(buf); i++)
			assert_int_equal(buf[i], 0xEE);

		assert_int_equal(
			fill(&s, TEEC_MEMREF_TEMP_INOUT, buf, 200, 100, &op),
			TEEC_SUCCESS);
		assert_int_equal(op.params[0].tmpref.size, 100);
		for (size_t i = 0; i < 100; i++)
			assert_int_equal(buf[i], (uint8_t)(0x10 + i));
		for (size_t i = 100; i < sizeof(buf); i++)
			assert_int_equal(buf[i], 0xEE);
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
}

/*
 * teed's open files: kept shared memory is bounded while the client
 * calls, and all of it goes when the context is finalized.
 */
static void test_finalize_lets_go(void **state)
{
	uint8_t *buf = malloc(MAX_SIZE);
	TEEC_Context ctx;
	TEEC_Session s;
	int before, during = 0;

	assert_non_null(buf);
	before = harness_count_fds(tb.teed);
	assert_true(before > 0);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	open_basic(&ctx, &s);
	for (int round = 0; round < 20; round++) {
		for (size_t i = 0; i < N_SIZES; i++)
			pass_secret(&s, buf, sizes[i] - round % 8, 1);
		if (round == 1)
			during = harness_count_fds(tb.teed);
	}
	/* Reused, not piling up: no more files than after two rounds. */
	assert_true(harness_count_fds(tb.teed) <= during);
	TEEC_FinalizeContext(&ctx);
	for (int ms = 0; ms < 5000; ms += 10) {
		if (harness_count_fds(tb.teed) <= before)
			break;
		harness_sleep_ms(10);
	}
	assert_true(harness_count_fds(tb.teed) <= before);
	free(buf);
}

/* The TA's sum of @shm as a MEMREF_WHOLE. */
static uint32_t sum_whole(TEEC_Session *s, TEEC_SharedMemory *shm)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = shm;
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.b, shm->size);
	return op.params[1].value.a;
}

/* Every byte of @shm's buffer is zero. */
static void assert_zeroed(const TEEC_SharedMemory *shm)
{
	const uint8_t *b = shm->buffer;

	for (size_t i = 0; i < shm->size; i++)
		if (b[i])
			fail_msg("byte %zu of %zu is 0x%02x", i, shm->size,
				 b[i]);
}

/*
 * Allocated memory the application released comes back to the next
 * allocation of its context (libteec/src/shm.c) zeroed, as fresh memory
 * from the device is; another context never gets it: it allocates
 * memory of its own, zeroed too, and the TA sums zeros in both.
 */
static void test_allocation_reused_zeroed(void **state)
{
	TEEC_Context a, b;
	TEEC_Session s;

	assert_int_equal(TEEC_InitializeContext(NULL, &a), TEEC_SUCCESS);
	assert_int_equal(TEEC_InitializeContext(NULL, &b), TEEC_SUCCESS);
	open_basic(&a, &s);
	for (size_t i = 0; i < N_SIZES; i++) {
		TEEC_SharedMemory shm = {.size = sizes[i],
					 .flags = TEEC_MEM_INPUT};
		TEEC_SharedMemory other = shm;
		void *first;

		assert_int_equal(TEEC_AllocateSharedMemory(&a, &shm),
				 TEEC_SUCCESS);
		first = shm.buffer;
		memset(shm.buffer, 0xA5, shm.size);
		TEEC_ReleaseSharedMemory(&shm);
		assert_int_equal(TEEC_AllocateSharedMemory(&b, &other),
				 TEEC_SUCCESS);
		assert_zeroed(&other);
		shm = (TEEC_SharedMemory){.size = sizes[i],
					  .flags = TEEC_MEM_INPUT};
		assert_int_equal(TEEC_AllocateSharedMemory(&a, &shm),
				 TEEC_SUCCESS);
		/* The same memory, kept (1 MiB is the whole bound). */
		assert_ptr_equal(shm.buffer, first);
		assert_zeroed(&shm);
		assert_int_equal(sum_whole(&s, &shm), 0);
		TEEC_ReleaseSharedMemory(&shm);
		TEEC_ReleaseSharedMemory(&other);
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&a);
	TEEC_FinalizeContext(&b);
}

/*
 * teed holds released allocations for the context (at most
 * TEEC_TMPREF_CACHE_MAX of them) until TEEC_FinalizeContext(), and not
 * one file after it.
 */
static void test_finalize_releases_allocations(void **state)
{
	TEEC_SharedMemory shm[N_SIZES];
	TEEC_Context ctx;
	int before;

	before = harness_count_fds(tb.teed);
	assert_true(before > 0);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	for (size_t i = 0; i < N_SIZES; i++) {
		shm[i] = (TEEC_SharedMemory){.size = sizes[i] / 2,
					     .flags = TEEC_MEM_INPUT};
		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm[i]),
				 TEEC_SUCCESS);
	}
	for (size_t i = 0; i < N_SIZES; i++)
		TEEC_ReleaseSharedMemory(&shm[i]);
	/* Kept: the next allocations of the context will take them. */
	assert_true(harness_count_fds(tb.teed) > before);
	TEEC_FinalizeContext(&ctx);
	for (int ms = 0; ms < 5000; ms += 10) {
		if (harness_count_fds(tb.teed) <= before)
			break;
		harness_sleep_ms(10);
	}
	assert_true(harness_count_fds(tb.teed) <= before);
}

/* What a child that touched released memory reports (its exit status). */
enum kept_ptr_status {
	KEPT_PTR_FAULTED = 10, /* SIGSEGV at the kept pointer */
	KEPT_PTR_READ_WROTE,   /* no fault: the bug */
	KEPT_PTR_FAULTED_ELSEWHERE,
	KEPT_PTR_SETUP_FAILED,
};

/* The pointer the child touches; its SIGSEGV handler compares. */
static volatile uint8_t *kept_ptr;
static volatile uint8_t kept_byte;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	_exit(si->si_addr == (void *)kept_ptr ? KEPT_PTR_FAULTED
					      : KEPT_PTR_FAULTED_ELSEWHERE);
}

/*
 * In a child: allocate @size bytes, fill them, keep a pointer to their
 * last byte, release them; with @reuse a TEMP memref call of the same
 * size follows (it takes the kept memory and gives it back).  Then read
 * (@write false) or write through the pointer.
 */
static int child_touches_released(size_t size, bool reuse, bool write)
{
	static uint8_t buf[MAX_SIZE];
	struct sigaction sa = {.sa_sigaction = on_segv,
			       .sa_flags = SA_SIGINFO | SA_RESETHAND};
	TEEC_SharedMemory shm = {.size = size,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx) != TEEC_SUCCESS ||
	    TEEC_OpenSession(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL,
			     NULL, &origin) != TEEC_SUCCESS ||
	    TEEC_AllocateSharedMemory(&ctx, &shm) != TEEC_SUCCESS)
		return KEPT_PTR_SETUP_FAILED;
	memset(shm.buffer, 0x5A, size);
	kept_ptr = (uint8_t *)shm.buffer + size - 1;
	TEEC_ReleaseSharedMemory(&shm);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = size;
	if (reuse && TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_SUM, &op,
					&origin) != TEEC_SUCCESS)
		return KEPT_PTR_SETUP_FAILED;
	if (sigaction(SIGSEGV, &sa, NULL))
		return KEPT_PTR_SETUP_FAILED;
	if (write)
		*kept_ptr = 0xA5;
	else
		kept_byte = *kept_ptr;
	return KEPT_PTR_READ_WROTE;
}

/*
 * A pointer kept into released memory faults.  OP-TEE's libteec
 * (optee_client libteec/src/tee_client_api.c, TEEC_ReleaseSharedMemory())
 * munmaps memory it allocated with TEE_IOC_SHM_ALLOC (munmap(shm->buffer,
 * shm->alloced_size)), so a later read or write through such a pointer
 * dies of SIGSEGV.  libteec keeps the memory for the context's next
 * allocation but PROT_NONE (libteec/src/tmpref_cache.c): the same fault,
 * at the same address, not a silent write into memory the next
 * allocation hands out.  Also after a TEMP memref call borrowed it.
 */
static void test_kept_pointer_faults(void **state)
{
	static const size_t death_sizes[] = {16, 4096, 1024 * 1024};

	for (size_t i = 0; i < 3; i++) {
		for (int how = 0; how < 4; how++) {
			bool reuse = how & 1, write = how & 2;
			int status;
			pid_t pid = fork();

			assert_true(pid >= 0);
			if (pid == 0)
				_exit(child_touches_released(death_sizes[i],
							     reuse, write));
			assert_int_equal(waitpid(pid, &status, 0), pid);
			if (!WIFEXITED(status) ||
			    WEXITSTATUS(status) != KEPT_PTR_FAULTED)
				fail_msg("size %zu, %s%s: exit %d, signal %d "
					 "(%d: no fault)",
					 death_sizes[i],
					 write ? "write" : "read",
					 reuse ? " after a TEMP memref" : "",
					 WIFEXITED(status) ? WEXITSTATUS(status)
							   : -1,
					 WIFSIGNALED(status) ? WTERMSIG(status)
							     : 0,
					 KEPT_PTR_READ_WROTE);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_session_output_zeroed),
		cmocka_unit_test(test_other_session_sees_nothing),
		cmocka_unit_test(test_second_client_sees_nothing),
		cmocka_unit_test(test_size_feedback),
		cmocka_unit_test(test_finalize_lets_go),
		cmocka_unit_test(test_allocation_reused_zeroed),
		cmocka_unit_test(test_finalize_releases_allocations),
		cmocka_unit_test(test_kept_pointer_faults),
	};
	int failed;

	failed = cmocka_run_group_tests_name("reserved shm", tests,
					     setup_reserved, teardown_all);
	failed += cmocka_run_group_tests_name("dynamic shm", tests,
					      setup_dynamic, teardown_all);
	return failed;
}
