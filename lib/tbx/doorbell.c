// SPDX-License-Identifier: BSD-2-Clause
/* Adaptive poll-then-futex doorbells; see doorbell.h. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdbool.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "doorbell.h"

#define DEFAULT_POLL_US 50

/* Waits between two reads of the CPUs a thread may run on (taskset, cgroup
 * cpusets and CPU hot-plug change them rarely; the read is a syscall). */
#define CPUS_REFRESH_WAITS 1024

/*
 * What the calling thread learnt from its own waits.  Per thread, except
 * in a TA (TBX_DOORBELL_ONE_WAITER): there the entry thread is the only
 * one that waits, and the image carries no thread-local storage, which a
 * PIE loaded by dlopen could not address (the TA zygote,
 * docs/architecture.md).
 */
#ifdef TBX_DOORBELL_ONE_WAITER
#define DOORBELL_PER_THREAD
#else
#define DOORBELL_PER_THREAD _Thread_local
#endif
static DOORBELL_PER_THREAD struct doorbell_adapt adapt;
static DOORBELL_PER_THREAD unsigned int my_cpus;
static DOORBELL_PER_THREAD unsigned int my_cpus_age;

/* Poll budget in nanoseconds; -1 until read from the environment. */
static _Atomic long poll_ns = -1;

static long get_poll_ns(void)
{
	long ns = atomic_load_explicit(&poll_ns, memory_order_relaxed);
	const char *env;

	if (ns >= 0)
		return ns;
	env = getenv("TEEBOX_POLL_US");
	ns = (env && *env ? atol(env) : DEFAULT_POLL_US) * 1000L;
	if (ns < 0)
		ns = 0;
	atomic_store(&poll_ns, ns);
	return ns;
}

void doorbell_set_poll_us(unsigned int us)
{
	atomic_store(&poll_ns, (long)us * 1000L);
}

bool doorbell_adapt_poll(struct doorbell_adapt *a, unsigned int cpus,
			 long budget_ns)
{
	/* Alone on one CPU, the peer can only answer once we are off it:
	 * yielding among pollers only delays it, sleeping hands it over. */
	if (budget_ns <= 0 || cpus < 2)
		return false;
	if (a->skip) {
		a->skip--;
		return false;
	}
	return true;
}

void doorbell_adapt_done(struct doorbell_adapt *a, bool polled, long waited_ns,
			 long budget_ns)
{
	if (waited_ns <= budget_ns) {
		/* A poll would have caught (or caught) this ring: poll. */
		a->skip = 0;
		a->backoff = polled ? 0 : a->backoff / 2;
		return;
	}
	if (!polled)
		return;
	/* The poll ran out: the peer was slow or shared our CPU.  Sleep at
	 * once for a while, longer after each poll that ran out, and probe
	 * again, so that a change back to quick answers is noticed. */
	a->backoff = a->backoff ? 2 * a->backoff : 1;
	if (a->backoff > DOORBELL_MAX_BACKOFF)
		a->backoff = DOORBELL_MAX_BACKOFF;
	a->skip = a->backoff;
}

/* CPUs the calling thread may run on (sched_getaffinity() counts only
 * online ones), read now and then; 2 when it cannot be read. */
static unsigned int usable_cpus(void)
{
	cpu_set_t set;

	if (my_cpus && ++my_cpus_age < CPUS_REFRESH_WAITS)
		return my_cpus;
	my_cpus_age = 0;
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		my_cpus = CPU_COUNT(&set);
	else if (!my_cpus)
		my_cpus = 2;
	return my_cpus;
}

void doorbell_init(struct doorbell *db)
{
	atomic_store(&db->seq, 0);
	atomic_store(&db->sleepers, 0);
}

uint32_t doorbell_seq(struct doorbell *db)
{
	return atomic_load_explicit(&db->seq, memory_order_acquire);
}

static long futex(_Atomic uint32_t *uaddr, int op, uint32_t val,
		  const struct timespec *timeout)
{
	return syscall(SYS_futex, uaddr, op, val, timeout, NULL, 0);
}

void doorbell_ring(struct doorbell *db)
{
	atomic_fetch_add(&db->seq, 1);
	/* Pairs with the waiter's increment of sleepers before it sleeps. */
	if (atomic_load(&db->sleepers))
		futex(&db->seq, FUTEX_WAKE, INT_MAX, NULL);
}

static long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static bool rang(struct doorbell *db, uint32_t seen)
{
	return atomic_load_explicit(&db->seq, memory_order_acquire) != seen;
}

/* Polls until @start + @budget; true if it rang meanwhile. */
static bool poll_for_ring(struct doorbell *db, uint32_t seen, long start,
			  long budget)
{
	unsigned int spins = 0;

	while (!rang(db, seen)) {
		sched_yield();
		if ((++spins & 15) == 0 && now_ns() - start > budget)
			return rang(db, seen);
	}
	return true;
}

int doorbell_wait(struct doorbell *db, uint32_t seen, unsigned int timeout_ms)
{
	struct timespec ts, *tp = NULL;
	long budget = get_poll_ns();
	long start = now_ns();
	long deadline = 0;
	bool polled;
	int ret = 0;

	polled = doorbell_adapt_poll(&adapt, usable_cpus(), budget);
	if (polled ? poll_for_ring(db, seen, start, budget) : rang(db, seen)) {
		/* Caught by the poll: within the budget, even if the last
		 * rounds overran it. */
		doorbell_adapt_done(&adapt, polled, 0, budget);
		return 0;
	}
	if (timeout_ms)
		deadline = now_ns() + (long)timeout_ms * 1000000L;

	atomic_fetch_add(&db->sleepers, 1);
	while (!rang(db, seen)) {
		if (timeout_ms) {
			long left = deadline - now_ns();

			if (left <= 0) {
				ret = -ETIMEDOUT;
				break;
			}
			ts.tv_sec = left / 1000000000L;
			ts.tv_nsec = left % 1000000000L;
			tp = &ts;
		}
		/* Sleeps only while seq still equals seen: no lost ring. */
		futex(&db->seq, FUTEX_WAIT, seen, tp);
	}
	atomic_fetch_sub(&db->sleepers, 1);
	doorbell_adapt_done(&adapt, polled, now_ns() - start, budget);
	return ret;
}
