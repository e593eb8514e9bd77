// SPDX-License-Identifier: BSD-2-Clause
/*
 * Secure threads.  A yielding call runs on a secure thread from start to
 * end; when it needs the normal world (an RPC) the thread stops, its state
 * kept on the lane it runs on, and continues when the normal world
 * returns with OPTEE_SMC_CALL_RETURN_FROM_RPC naming it.
 */
#include <string.h>

#include "drivers/tee/optee/optee_smc.h"
#include "entry.h"
#include "secure_world.h"
#include "thread.h"
#include "thread_rpc.h"

void sw_threads_init(struct secure_world *sw)
{
	pthread_mutex_init(&sw->lock, NULL);
	for (unsigned int i = 0; i < SW_MAX_THREADS; i++) {
		memset(&sw->threads[i], 0, sizeof(sw->threads[i]));
		sw->threads[i].id = (int)i;
		sw->threads[i].sw = sw;
	}
}

struct sthread *sthread_alloc(struct secure_world *sw, struct smc_sw_lane *lane)
{
	struct sthread *t = NULL;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads; i++) {
		if (!sw->threads[i].busy) {
			t = &sw->threads[i];
			t->busy = true;
			t->lane = lane;
			memset(&t->cancel, 0, sizeof(t->cancel));
			break;
		}
	}
	pthread_mutex_unlock(&sw->lock);
	return t;
}

void sthread_free(struct sthread *t)
{
	struct secure_world *sw = t->sw;
	bool keep;

	pthread_mutex_lock(&sw->lock);
	keep = sw->shm_cache_enabled;
	pthread_mutex_unlock(&sw->lock);
	/* Without the cache the RPC buffer goes back with the call. */
	if (!keep)
		thread_rpc_release_arg(t);

	pthread_mutex_lock(&sw->lock);
	t->busy = false;
	t->lane = NULL;
	pthread_mutex_unlock(&sw->lock);
}

unsigned int sw_threads_busy(struct secure_world *sw)
{
	unsigned int n = 0;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads; i++)
		n += sw->threads[i].busy;
	pthread_mutex_unlock(&sw->lock);
	return n;
}

bool sw_shm_cache_pop(struct secure_world *sw, uint64_t *cookie)
{
	bool found = false;

	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads && !found; i++) {
		struct sthread *t = &sw->threads[i];

		if (!t->busy && t->rpc_arg) {
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

void sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS])
{
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
			return;
		serve_foreign_call(t, regs);
	}
}
