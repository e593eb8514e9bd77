// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for secure threads (secure/thread.c): the state machine
 * OP-TEE's threads follow (FREE -> ACTIVE <-> SUSPENDED, ACTIVE -> FREE),
 * its refusal of every other move, and the pool and RPC round trip built
 * on it.  The lane is played by a stub of smc_sw_rpc(): it records what
 * the thread posted and its state while out, and answers with the SMCs a
 * test queued, as the normal world would issue them on that lane.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_smc.h"
#include "kernel/log.h"
#include "machine/nw_ram_sw.h"
#include "machine/smc_sw.h"
#include "secure/entry.h"
#include "secure/secure_world.h"
#include "secure/thread.h"
#include "secure/thread_rpc.h"

#define MAX_SMCS 8

/* What the stubbed fast-call entry answers, to tell it was called. */
#define FAST_ANSWER 0xfa57ULL

/**
 * struct stub_lane - the normal world on the lane, played here
 * @smcs:	the SMCs it issues, one per smc_sw_rpc(), in order
 * @nsmcs:	how many are queued
 * @posted:	a0..a3 the secure side posted at each smc_sw_rpc()
 * @state:	the thread's state at each smc_sw_rpc()
 * @nrpcs:	smc_sw_rpc() calls
 * @while_out:	run inside the first smc_sw_rpc(), as another part of the
 *		trusted OS would act while the thread is out
 * @fast_calls:	sw_entry_fast() calls
 * @releases:	thread_rpc_release_arg() calls
 * @cache_clears: thread_rpc_shm_cache_clear() calls
 * @release_state: the thread's state at the last one
 * @puts:	nw_ram_sw_put() calls
 */
static struct stub_lane {
	uint64_t smcs[MAX_SMCS][SMC_NUM_REGS];
	unsigned int nsmcs;
	uint64_t posted[MAX_SMCS][4];
	enum thread_state state[MAX_SMCS];
	unsigned int nrpcs;
	void (*while_out)(struct sthread *t);
	unsigned int fast_calls;
	unsigned int releases;
	unsigned int cache_clears;
	enum thread_state release_state;
	unsigned int puts;
} nw;

static struct secure_world sw;
static struct smc_sw_lane lanes[2];

/* The thread smc_sw_rpc() belongs to: the one the test works with. */
static struct sthread *out_thread;

void smc_sw_rpc(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS])
{
	unsigned int n = nw.nrpcs++;

	assert_true(n < nw.nsmcs);
	assert_ptr_equal(lane, out_thread->lane);
	memcpy(nw.posted[n], regs, sizeof(nw.posted[n]));
	nw.state[n] = out_thread->state;
	if (n == 0 && nw.while_out)
		nw.while_out(out_thread);
	memcpy(regs, nw.smcs[n], sizeof(nw.smcs[n]));
}

void sw_entry_fast(struct secure_world *w, uint64_t regs[SMC_NUM_REGS])
{
	assert_ptr_equal(w, &sw);
	nw.fast_calls++;
	regs[0] = FAST_ANSWER;
}

void thread_rpc_shm_cache_clear(struct sthread *t)
{
	(void)t;
	nw.cache_clears++;
}

void thread_rpc_release_arg(struct sthread *t)
{
	nw.releases++;
	nw.release_state = t->state;
}

void nw_ram_sw_put(struct nw_mem *mem)
{
	(void)mem;
	nw.puts++;
}

/* Queues the SMC the normal world issues next on the lane. */
static void queue_smc(uint64_t a0, uint64_t a3)
{
	uint64_t *r = nw.smcs[nw.nsmcs++];

	memset(r, 0, SMC_NUM_REGS * sizeof(*r));
	r[0] = a0;
	r[3] = a3;
}

static int setup(void **state)
{
	(void)state;
	memset(&nw, 0, sizeof(nw));
	memset(&sw, 0, sizeof(sw));
	sw.cfg.nthreads = 2;
	sw_threads_init(&sw);
	out_thread = NULL;
	/* The refusals are expected: keep them out of the test's output. */
	log_set_level((enum log_level)(LOG_ERR - 1));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	log_set_level(LOG_INFO);
	return 0;
}

/* A thread of the pool, taken for a call on lane 0. */
static struct sthread *take(void)
{
	struct sthread *t = sthread_alloc(&sw, &lanes[0]);

	assert_non_null(t);
	out_thread = t;
	return t;
}

/* OP-TEE's life of a thread: each of its four moves is accepted. */
static void test_thread_state__optee_moves_accepted(void **state)
{
	struct sthread *t = &sw.threads[0];

	(void)state;
	assert_int_equal(t->state, THREAD_STATE_FREE);
	assert_int_equal(sthread_set_state(t, THREAD_STATE_ACTIVE), 0);
	assert_int_equal(t->state, THREAD_STATE_ACTIVE);
	assert_int_equal(sthread_set_state(t, THREAD_STATE_SUSPENDED), 0);
	assert_int_equal(t->state, THREAD_STATE_SUSPENDED);
	assert_int_equal(sthread_set_state(t, THREAD_STATE_ACTIVE), 0);
	assert_int_equal(t->state, THREAD_STATE_ACTIVE);
	assert_int_equal(sthread_set_state(t, THREAD_STATE_FREE), 0);
	assert_int_equal(t->state, THREAD_STATE_FREE);
}

/* Every other move is a bug: refused, and the thread keeps its state. */
static void test_thread_state__other_moves_refused_state_kept(void **state)
{
	static const struct {
		enum thread_state from, to;
	} refused[] = {
		{THREAD_STATE_FREE, THREAD_STATE_FREE},
		{THREAD_STATE_FREE, THREAD_STATE_SUSPENDED},
		{THREAD_STATE_ACTIVE, THREAD_STATE_ACTIVE},
		{THREAD_STATE_SUSPENDED, THREAD_STATE_SUSPENDED},
		{THREAD_STATE_SUSPENDED, THREAD_STATE_FREE},
	};
	struct sthread *t = &sw.threads[0];

	(void)state;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		t->state = refused[i].from;
		assert_int_equal(sthread_set_state(t, refused[i].to), -EINVAL);
		assert_int_equal(t->state, refused[i].from);
	}
}

/* A state that is none of the three, on either side, is refused. */
static void test_thread_state__unknown_state_refused(void **state)
{
	struct sthread *t = &sw.threads[0];

	(void)state;
	assert_int_equal(sthread_set_state(t, (enum thread_state)3), -EINVAL);
	assert_int_equal(t->state, THREAD_STATE_FREE);
	t->state = (enum thread_state)7;
	assert_int_equal(sthread_set_state(t, THREAD_STATE_ACTIVE), -EINVAL);
	assert_int_equal(t->state, (enum thread_state)7);
}

/* A refused move says which thread, from what and to what. */
static void test_thread_state__refused_move_reported(void **state)
{
	char out[512] = "";
	FILE *f = tmpfile();
	int saved, rc;

	(void)state;
	assert_non_null(f);
	log_set_level(LOG_ERR);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	assert_true(saved >= 0);
	assert_int_equal(dup2(fileno(f), STDERR_FILENO), STDERR_FILENO);
	rc = sthread_set_state(&sw.threads[0], THREAD_STATE_SUSPENDED);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	assert_true(fread(out, 1, sizeof(out) - 1, f) > 0);
	fclose(f);
	assert_int_equal(rc, -EINVAL);
	assert_non_null(
		strstr(out, "secure thread 0: free -> suspended refused"));
}

/* A call takes a free thread, ACTIVE on its lane; none free: NULL. */
static void
test_sthread_alloc__free_threads_only_then_thread_limit(void **state)
{
	struct sthread *a, *b;

	(void)state;
	a = sthread_alloc(&sw, &lanes[0]);
	b = sthread_alloc(&sw, &lanes[1]);
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	assert_int_equal(a->state, THREAD_STATE_ACTIVE);
	assert_ptr_equal(a->lane, &lanes[0]);
	assert_ptr_equal(b->lane, &lanes[1]);
	assert_null(sthread_alloc(&sw, &lanes[0]));
	assert_int_equal(sw_threads_busy(&sw), 2);
}

/* The end of a call frees the thread and its lane; the buffer goes back
 * first, while the thread may still make the RPC that returns it. */
static void test_sthread_free__active_thread_freed_after_release(void **state)
{
	struct sthread *t = take();

	(void)state;
	sthread_free(t);
	assert_int_equal(t->state, THREAD_STATE_FREE);
	assert_null(t->lane);
	assert_int_equal(nw.releases, 1);
	assert_int_equal(nw.release_state, THREAD_STATE_ACTIVE);
	assert_int_equal(sw_threads_busy(&sw), 0);
}

/*
 * Payload buffers go back at the end of every call, cache or not (OP-TEE
 * clears the thread's shm cache when the standard call returns).
 */
static void test_sthread_free__payload_cache_cleared(void **state)
{
	struct sthread *t = take();

	(void)state;
	sw.shm_cache_enabled = true;
	sthread_free(t);
	assert_int_equal(nw.cache_clears, 1);
	t = take();
	sw.shm_cache_enabled = false;
	sthread_free(t);
	assert_int_equal(nw.cache_clears, 2);
}

/* With the shm cache enabled the RPC buffer stays with the thread. */
static void test_sthread_free__cache_keeps_rpc_buffer(void **state)
{
	struct sthread *t = take();

	(void)state;
	sw.shm_cache_enabled = true;
	sthread_free(t);
	assert_int_equal(t->state, THREAD_STATE_FREE);
	assert_int_equal(nw.releases, 0);
}

/* Freeing a free thread is refused and breaks nothing: it is taken again. */
static void test_sthread_free__double_free_refused(void **state)
{
	struct sthread *t = take();

	(void)state;
	sthread_free(t);
	sthread_free(t);
	assert_int_equal(t->state, THREAD_STATE_FREE);
	assert_int_equal(nw.releases, 1);
	assert_int_equal(sw_threads_busy(&sw), 0);
	assert_ptr_equal(sthread_alloc(&sw, &lanes[1]), t);
	assert_ptr_equal(t->lane, &lanes[1]);
}

/* Out in an RPC the thread is SUSPENDED (still busy); resumed, ACTIVE. */
static void
test_sthread_rpc__suspended_while_out_active_when_resumed(void **state)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_CMD, 1, 2};
	struct sthread *t = take();

	(void)state;
	queue_smc(OPTEE_SMC_CALL_RETURN_FROM_RPC, (uint64_t)t->id);
	assert_int_equal(sthread_rpc(t, regs), 0);
	assert_int_equal(nw.nrpcs, 1);
	assert_int_equal(nw.state[0], THREAD_STATE_SUSPENDED);
	assert_int_equal(nw.posted[0][0], OPTEE_SMC_RETURN_RPC_CMD);
	assert_int_equal(nw.posted[0][3], t->id); /* resume information */
	assert_int_equal(t->state, THREAD_STATE_ACTIVE);
	assert_int_equal(regs[0], OPTEE_SMC_CALL_RETURN_FROM_RPC);
}

/*
 * Suspended, the thread holds its lane: fast calls on it are served, a
 * resume of another thread gets ERESUME and a new call EBUSY, until its
 * own resume comes.
 */
static void
test_sthread_rpc__pinned_lane_serves_fast_refuses_others(void **state)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_FOREIGN_INTR};
	struct sthread *t = take();

	(void)state;
	queue_smc(OPTEE_SMC_CALLS_UID, 0);
	queue_smc(OPTEE_SMC_CALL_RETURN_FROM_RPC, (uint64_t)t->id + 1);
	queue_smc(OPTEE_SMC_CALL_WITH_ARG, 0);
	queue_smc(OPTEE_SMC_CALL_RETURN_FROM_RPC, (uint64_t)t->id);
	assert_int_equal(sthread_rpc(t, regs), 0);
	assert_int_equal(nw.nrpcs, 4);
	assert_int_equal(nw.fast_calls, 1);
	assert_int_equal(nw.posted[1][0], FAST_ANSWER);
	assert_int_equal(nw.posted[2][0], OPTEE_SMC_RETURN_ERESUME);
	assert_int_equal(nw.posted[3][0], OPTEE_SMC_RETURN_EBUSY);
	for (unsigned int i = 0; i < 4; i++)
		assert_int_equal(nw.state[i], THREAD_STATE_SUSPENDED);
	assert_int_equal(t->state, THREAD_STATE_ACTIVE);
}

/* A free thread makes no RPC: refused, nothing posted on any lane. */
static void test_sthread_rpc__free_thread_refused_nothing_sent(void **state)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_CMD};
	struct sthread *t = &sw.threads[1];

	(void)state;
	out_thread = t;
	assert_int_equal(sthread_rpc(t, regs), -EINVAL);
	assert_int_equal(nw.nrpcs, 0);
	assert_int_equal(t->state, THREAD_STATE_FREE);
	assert_int_equal(regs[0], OPTEE_SMC_RETURN_RPC_CMD);
}

static int nested_rpc_rc;

/* While the thread is out: a second RPC on it, and an attempt to free it. */
static void misuse_suspended(struct sthread *t)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_CMD};

	nested_rpc_rc = sthread_rpc(t, regs);
	sthread_free(t);
}

/*
 * A suspended thread can neither make another RPC nor be freed, and
 * keeps the RPC buffer its RPC in flight uses.
 */
static void test_sthread_rpc__suspended_thread_no_rpc_no_free(void **state)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_CMD};
	struct sthread *t = take();

	(void)state;
	nw.while_out = misuse_suspended;
	queue_smc(OPTEE_SMC_CALL_RETURN_FROM_RPC, (uint64_t)t->id);
	assert_int_equal(sthread_rpc(t, regs), 0);
	assert_int_equal(nested_rpc_rc, -EINVAL);
	assert_int_equal(nw.nrpcs, 1);
	assert_int_equal(nw.releases, 0);
	assert_int_equal(t->state, THREAD_STATE_ACTIVE);
	assert_ptr_equal(t->lane, &lanes[0]);
	assert_int_equal(sw_threads_busy(&sw), 1);
}

/* DISABLE_SHM_CACHE takes buffers from free threads only. */
static void test_sw_shm_cache_pop__free_threads_only(void **state)
{
	struct sthread *t = take();
	uint64_t cookie = 0;

	(void)state;
	t->rpc_arg = true;
	t->rpc_cookie = 0x1234;
	assert_false(sw_shm_cache_pop(&sw, &cookie));
	sw.shm_cache_enabled = true;
	sthread_free(t);
	assert_true(sw_shm_cache_pop(&sw, &cookie));
	assert_int_equal(cookie, 0x1234);
	assert_false(t->rpc_arg);
	assert_int_equal(nw.puts, 1);
	assert_false(sw_shm_cache_pop(&sw, &cookie));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_thread_state__optee_moves_accepted, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_thread_state__other_moves_refused_state_kept,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_thread_state__unknown_state_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_thread_state__refused_move_reported, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_alloc__free_threads_only_then_thread_limit,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_free__active_thread_freed_after_release,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_free__payload_cache_cleared, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_free__cache_keeps_rpc_buffer, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_free__double_free_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_rpc__suspended_while_out_active_when_resumed,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_rpc__pinned_lane_serves_fast_refuses_others,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_rpc__free_thread_refused_nothing_sent,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sthread_rpc__suspended_thread_no_rpc_no_free,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sw_shm_cache_pop__free_threads_only, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
