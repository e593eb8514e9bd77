// SPDX-License-Identifier: BSD-2-Clause
/* Poll-then-futex doorbells; see doorbell.h. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdbool.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "doorbell.h"

#define DEFAULT_POLL_US 50

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

/* Polls for up to the poll budget; true if it rang meanwhile. */
static bool poll_for_ring(struct doorbell *db, uint32_t seen)
{
	long budget = get_poll_ns();
	long start;
	unsigned int spins = 0;

	if (!budget)
		return rang(db, seen);
	start = now_ns();
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
	long deadline = 0;
	int ret = 0;

	if (poll_for_ring(db, seen))
		return 0;
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
	return ret;
}
