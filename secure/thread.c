// SPDX-License-Identifier: BSD-2-Clause
/*
 * Secure threads (OP-TEE's kernel/thread.c).  A yielding call runs on a
 * secure thread from start to end; when it needs the normal world (an
 * RPC) the thread is suspended, its state kept on the lane it runs on,
 * and continues when the normal world returns with
 * OPTEE_SMC_CALL_RETURN_FROM_RPC naming it.
 *
 * Every change of a thread's state goes through sthread_set_state(), with
 * sw->lock held, so that the pool, the shm cache and tm_cancel() always
 * see a thread in one of OP-TEE's three states.
 */
#include <errno.h>
#include <string.h>

#include "drivers/tee/optee/optee_smc.h"
#include "entry.h"
#include "kernel/log.h"
#include "secure_world.h"
#include "thread.h"
#include "thread_rpc.h"

#define STATE_BIT(s) (1U << (s))

/* For each state, the states a thread may move to from it (OP-TEE's). */
static const unsigned int next_states[] = {
	[THREAD_STATE_FREE] = STATE_BIT(THREAD_STATE_ACTIVE),
	[THREAD_STATE_ACTIVE] = STATE_BIT(THREAD_STATE_SUSPENDED) |
				STATE_BIT(THREAD_STATE_FREE),
	[THREAD_STATE_SUSPENDED] = STATE_BIT(THREAD_STATE_ACTIVE),
};

#define NUM_STATES (sizeof(next_states) / sizeof(next_states[0]))

static const char *state_name(unsigned int s)
{
	static const char *const names[] = {
		[THREAD_STATE_FREE] = "free",
		[THREAD_STATE_ACTIVE] = "active",
		[THREAD_STATE_SUSPENDED] = "suspended",
	};

	return s < NUM_STATES ? names[s] : "invalid";
}

int sthread_set_state(struct sthread *t, enum thread_state to)
{
	unsigned int from = (unsigned int)t->state;

	if (from >= NUM_STATES || (unsigned int)to >= NUM_STATES ||
	    !(next_states[from] & STATE_BIT(to))) {
		pr_err("secure thread %d: %s -> %s refused: the trusted OS "
		       "lost track of its threads (a bug)",
		       t->id, state_name(from), state_name((unsigned int)to));
		return -EINVAL;
	}
	t->state = to;
	return 0;
}

void sw_threads_init(struct secure_world *sw)
{
	pthread_mutex_init(&sw->lock, NULL);
	for (unsigned int i = 0; i < SW_MAX_THREADS; i++) {
		memset(&sw->threads[i], 0, sizeof(sw->threads[i]));
		sw->threads[i].id = (int)i;
		sw->threads[i].state = THREAD_STATE_FREE;
		sw->threads[i].sw = sw;
	}
}

/*
 * The thread is pinned to @lane, the CPU its call came in on, until the
 * call ends: see sthread_rpc() for why.
 */
struct sthread *sthread_alloc(struct secure_world *sw, struct smc_sw_lane *lane)
{
	struct sthread *t = NULL;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads; i++) {
		if (sw->threads[i].state == THREAD_STATE_FREE &&
		    !sthread_set_state(&sw->threads[i], THREAD_STATE_ACTIVE)) {
			t = &sw->threads[i];
			t->lane = lane;
			memset(&t->cancel, 0, sizeof(t->cancel));
			break;
		}
	}
	pthread_mutex_unlock(&sw->lock);
	return t;
}

/*
 * Only an ACTIVE thread ends a call.  Any other is refused (and reported)
 * by the one checker of moves before its RPC buffer is touched: a
 * suspended thread still uses it.  sw->lock held.
 */
static bool may_end_call(struct sthread *t)
{
	if (t->state == THREAD_STATE_ACTIVE)
		return true;
	return !sthread_set_state(t, THREAD_STATE_FREE);
}

void sthread_free(struct sthread *t)
{
	struct secure_world *sw = t->sw;
	bool keep, ok;

	pthread_mutex_lock(&sw->lock);
	keep = sw->shm_cache_enabled;
	ok = may_end_call(t);
	pthread_mutex_unlock(&sw->lock);
	if (!ok)
		return;
	/* Payload buffers live for one call (OP-TEE's shm cache). */
	thread_rpc_shm_cache_clear(t);
	/* Without the cache the RPC buffer goes back with the call. */
	if (!keep)
		thread_rpc_release_arg(t);

	pthread_mutex_lock(&sw->lock);
	if (!sthread_set_state(t, THREAD_STATE_FREE))
		t->lane = NULL;
	pthread_mutex_unlock(&sw->lock);
}

unsigned int sw_threads_busy(struct secure_world *sw)
{
	unsigned int n = 0;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads; i++)
		n += sthread_busy(&sw->threads[i]);
	pthread_mutex_unlock(&sw->lock);
	return n;
}

bool sw_shm_cache_pop(struct secure_world *sw, uint64_t *cookie)
{
	bool found = false;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads && !found; i++) {
		struct sthread *t = &sw->threads[i];

		if (t->state == THREAD_STATE_FREE && t->rpc_arg) {
			*cookie = t->rpc_cookie;
			t->rpc_arg = false;
			nw_ram_sw_put(&t->rpc_mem);
			found = true;
		}
	}
	pthread_mutex_unlock(&sw->lock);
	return found;
}

/*
 * Answers an SMC that arrives on our lane while we wait for our resume:
 * a fast call is served; any other yielding call is refused.
 */
static void serve_foreign_call(struct sthread *t, uint64_t regs[SMC_NUM_REGS])
{
	if (sw_is_fast_call(regs[0])) {
		sw_entry_fast(t->sw, regs);
		return;
	}
	/* A resume for another thread, or a new call: not on this CPU. */
	regs[0] = regs[0] == OPTEE_SMC_CALL_RETURN_FROM_RPC
			  ? OPTEE_SMC_RETURN_ERESUME
			  : OPTEE_SMC_RETURN_EBUSY;
}

static int set_state_locked(struct sthread *t, enum thread_state to)
{
	int rc;

	pthread_mutex_lock(&t->sw->lock);
	rc = sthread_set_state(t, to);
	pthread_mutex_unlock(&t->sw->lock);
	return rc;
}

/*
 * Where a suspended thread is pinned to its CPU lane, and why that
 * differs from OP-TEE.
 *
 * OP-TEE saves a suspended thread's registers in its thread context and
 * frees the CPU: RETURN_FROM_RPC resumes the thread on whichever CPU the
 * normal world issues it, and that CPU may meanwhile run other calls.
 * Here a secure thread is not a saved context but the C stack of the
 * lane's own thread: the call runs on the lane that took the SMC, and
 * suspending it is that lane's thread blocking in smc_sw_rpc() below.
 * So a suspended thread stays on its lane (sthread.lane) until the call
 * ends, and only that lane can resume it: the normal world keeps the
 * lane for the thread that parked it (machine/smc_nw.c) and comes back
 * on it, as Linux's driver comes back from the same task.  Meanwhile the
 * lane serves fast calls and refuses the rest (serve_foreign_call()):
 * a resume of another thread gets ERESUME, a new yielding call EBUSY.
 * The cost is one emulated CPU held per suspended call, which is why the
 * machine has more lanes than secure threads (main.c warns otherwise).
 */
int sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS])
{
	if (set_state_locked(t, THREAD_STATE_SUSPENDED))
		return -EINVAL;
	regs[3] = (uint64_t)t->id; /* resume information */
	for (;;) {
		/*
		 * Posts regs a0..a3 (first the RPC request, later the
		 * answer to a foreign call) and waits for the next SMC on
		 * this lane.
		 */
		smc_sw_rpc(t->lane, regs);
		if (regs[0] == OPTEE_SMC_CALL_RETURN_FROM_RPC &&
		    regs[3] == (uint64_t)t->id)
			break;
		serve_foreign_call(t, regs);
	}
	/* Every other move out of SUSPENDED is refused: this one holds. */
	return set_state_locked(t, THREAD_STATE_ACTIVE);
}
