// SPDX-License-Identifier: BSD-2-Clause
/* Mutexes of secure threads, waiting through the normal world; see mutex.h. */
#include <errno.h>
#include <time.h>

#include "kernel/log.h"
#include "mutex.h"
#include "thread.h"
#include "thread_rpc.h"

/*
 * A waiter asks the normal world to sleep this long at most, then looks
 * again: a wake that got lost (a normal world that failed the SEND) costs
 * this much, never a hang.
 */
#define MUTEX_WAIT_TIMEOUT_MS 1000

/* When the normal world cannot sleep for us, we poll this often. */
#define MUTEX_POLL_NS 1000000L

/**
 * struct sw_mutex_waiter - a thread waiting for a mutex (on its stack)
 * @link:	entry in sw_mutex.waiters
 * @t:		the thread
 * @woken:	an unlock sent it a wake it has not acted on yet
 */
struct sw_mutex_waiter {
	struct list_head link;
	struct sthread *t;
	bool woken;
};

void sw_mutex_init(struct sw_mutex *m)
{
	pthread_mutex_init(&m->lock, NULL);
	m->owner = NULL;
	INIT_LIST_HEAD(&m->waiters);
}

void sw_mutex_destroy(struct sw_mutex *m)
{
	if (m->owner || !list_empty(&m->waiters))
		pr_err("destroying a secure mutex in use");
	pthread_mutex_destroy(&m->lock);
}

/* Sleeps until woken or the timeout; m->lock is not held. */
static void wait_for_wake(struct sthread *t)
{
	struct timespec ts = {0, MUTEX_POLL_NS};
	TEE_Result res;

	res = thread_rpc_notif_wait(t, (uint32_t)t->id, MUTEX_WAIT_TIMEOUT_MS);
	if (res && res != TEE_ERROR_TIMEOUT)
		nanosleep(&ts, NULL);
}

/*
 * A waiter keeps its place in the queue until it holds the mutex, and
 * only the first waiter is woken; a thread that arrives just as the
 * mutex is released may take it first (as in OP-TEE, where a woken
 * waiter tries again), which keeps a busy mutex moving instead of idle
 * while the woken thread comes back from the normal world.  The woken
 * waiter then waits again at the head of the queue, so it is next.
 */
void sw_mutex_lock(struct sw_mutex *m, struct sthread *t)
{
	struct sw_mutex_waiter w = {.t = t};
	bool queued = false;

	pthread_mutex_lock(&m->lock);
	while (m->owner) {
		if (!queued)
			list_add_tail(&w.link, &m->waiters);
		queued = true;
		/* Under the lock: an unlock from now on sends a wake. */
		w.woken = false;
		pthread_mutex_unlock(&m->lock);
		wait_for_wake(t);
		pthread_mutex_lock(&m->lock);
	}
	m->owner = t;
	if (queued)
		list_del(&w.link);
	pthread_mutex_unlock(&m->lock);
}

struct sthread *sw_mutex_owner(struct sw_mutex *m)
{
	struct sthread *owner;

	pthread_mutex_lock(&m->lock);
	owner = m->owner;
	pthread_mutex_unlock(&m->lock);
	return owner;
}

void sw_mutex_unlock(struct sw_mutex *m, struct sthread *t)
{
	struct sw_mutex_waiter *w;
	struct sthread *next = NULL;

	pthread_mutex_lock(&m->lock);
	if (m->owner != t)
		pr_err("secure thread %d unlocks a mutex it does not hold",
		       t->id);
	m->owner = NULL;
	if (!list_empty(&m->waiters)) {
		w = list_first_entry(&m->waiters, struct sw_mutex_waiter, link);
		/* One wake per wait: it will look at the mutex anyway. */
		if (!w->woken) {
			w->woken = true;
			next = w->t;
		}
	}
	pthread_mutex_unlock(&m->lock);
	if (next && thread_rpc_notif_send(t, (uint32_t)next->id))
		pr_warn("secure thread %d not woken: it finds out on its "
			"next timeout",
			next->id);
}
