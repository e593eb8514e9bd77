/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Doorbells: the wake-up between two processes that share memory.
 *
 * Every hop of a call (client -> teed -> secure world -> TA and back) is
 * synchronous: one side posts a message and waits for the answer, and
 * only one process of the chain works at a time.  Sleeping on a futex at
 * once costs an inter-processor wake-up per hop (about 50 us on a VM with
 * an idle vCPU), so a waiter first polls the doorbell for a short while,
 * yielding the CPU on each round so that the process it waits for can run
 * on the same CPU, and only then sleeps on the futex.  An idle system
 * therefore burns no CPU beyond that short poll.
 *
 * A doorbell lives in memory shared by both processes (MAP_SHARED), so the
 * futex is a shared one.
 */
#ifndef TBX_DOORBELL_H
#define TBX_DOORBELL_H

#include <stdatomic.h>
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

/**
 * doorbell_set_poll_us() - how long a waiter polls before it sleeps
 * (default 50 us; the TEEBOX_POLL_US environment variable overrides it;
 * 0 disables polling)
 */
void doorbell_set_poll_us(unsigned int us);

#endif
