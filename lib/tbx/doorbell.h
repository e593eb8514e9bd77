/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Doorbells: the wake-up between two processes that share memory.
 *
 * Every hop of a call (client -> teed -> secure world -> TA and back) is
 * synchronous: one side posts a message and waits for the answer, and
 * only one process of the chain works at a time.  Sleeping on a futex at
 * once costs an inter-processor wake-up per hop (about 50 us on a VM with
 * an idle vCPU), so a waiter may first poll the doorbell for a short
 * while, yielding the CPU on each round, and only then sleep on the futex.
 *
 * Polling pays only when the process it waits for runs on another CPU and
 * answers within the poll.  So each waiting thread adapts
 * (struct doorbell_adapt): it never polls when it can run on one CPU only
 * (then the peer needs this very CPU, and yielding to a chain of pollers
 * only delays it), and it stops polling after polls that ran out, trying
 * again after a growing number of waits, or at once when a wait it slept
 * through ended within the poll budget.  An idle system therefore burns
 * no CPU beyond that short poll.
 *
 * A doorbell lives in memory shared by both processes (MAP_SHARED), so the
 * futex is a shared one.
 */
#ifndef TBX_DOORBELL_H
#define TBX_DOORBELL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/**
 * struct doorbell - a ring counter and a count of sleeping waiters
 * @seq:	incremented by every ring; waiters wait for it to change
 * @sleepers:	waiters asleep on the futex (a ring only makes the wake
 *		syscall when there is one)
 */
struct doorbell {
	_Atomic uint32_t seq;
	_Atomic uint32_t sleepers;
};

/** doorbell_init() - a doorbell that has never rung. */
void doorbell_init(struct doorbell *db);

/** doorbell_seq() - the current ring count, to pass to doorbell_wait(). */
uint32_t doorbell_seq(struct doorbell *db);

/** doorbell_ring() - ring: wake whoever waits for a change of the count. */
void doorbell_ring(struct doorbell *db);

/**
 * doorbell_wait() - wait until the ring count differs from @seen
 * @timeout_ms:	0 waits for ever
 * Return: 0 when it rang, -ETIMEDOUT.  Signals do not end the wait.
 */
int doorbell_wait(struct doorbell *db, uint32_t seen, unsigned int timeout_ms);

/* The longest run of waits that sleep at once before a poll is tried. */
#define DOORBELL_MAX_BACKOFF 64

/**
 * struct doorbell_adapt - what a waiting thread learnt from its waits
 * @skip:	waits still to sleep at once before the next poll
 * @backoff:	@skip after the next poll that runs out (doubles each time,
 *		up to DOORBELL_MAX_BACKOFF; 0 after a poll that paid)
 */
struct doorbell_adapt {
	uint32_t skip;
	uint32_t backoff;
};

/**
 * doorbell_adapt_poll() - whether the next wait polls before it sleeps
 * @a:		the waiting thread's history; a skipped wait is counted
 * @cpus:	CPUs this process may run on
 * @budget_ns:	the poll budget (0: polling is off)
 *
 * A pure function of its inputs, so that unit tests pin the strategy.
 * Return: true to poll for up to @budget_ns, false to sleep at once.
 */
bool doorbell_adapt_poll(struct doorbell_adapt *a, unsigned int cpus,
			 long budget_ns);

/**
 * doorbell_adapt_done() - learn from a wait that ended with a ring
 * @a:		the waiting thread's history
 * @polled:	what doorbell_adapt_poll() said for this wait
 * @waited_ns:	from the start of the wait to the ring
 * @budget_ns:	the poll budget
 */
void doorbell_adapt_done(struct doorbell_adapt *a, bool polled, long waited_ns,
			 long budget_ns);

/**
 * doorbell_set_poll_us() - the longest a waiter polls before it sleeps
 * (default 50 us; the TEEBOX_POLL_US environment variable overrides it;
 * 0 disables polling)
 * @us:	the new budget in microseconds
 */
void doorbell_set_poll_us(unsigned int us);

#endif
