/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teed's shutdown does not wait for ever on a TA process: one that has
 * not finished (its close-session entry point, say) some time after the
 * stop began, because it is stopped under a debugger or with SIGSTOP, is
 * killed and the log says so.  The secure world then sees it dead and
 * the stop goes on.
 */
#ifndef TEED_STOP_DEADLINE_H
#define TEED_STOP_DEADLINE_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

/**
 * struct stop_deadline - a watchdog thread over one stop
 * @lock:	guards @done
 * @cond:	signalled when @done is set
 * @done:	the stop finished: the watchdog kills nothing
 * @sw_pid:	the secure world, whose children are the TA processes
 * @ms:		how long the stop may take before they are killed
 * @thread:	the watchdog
 * @armed:	@thread runs
 */
struct stop_deadline {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
	pid_t sw_pid;
	unsigned int ms;
	pthread_t thread;
	bool armed;
};

/**
 * stop_deadline_arm() - kill the TA processes of @sw_pid in @ms unless
 * stop_deadline_disarm() comes first
 * @sd: the watchdog, zeroed by the caller
 * @sw_pid: the secure world (0: none, nothing armed)
 * @ms: the deadline
 *
 * Return: 0, or -errno when no watchdog could start (the stop goes on
 * without one).
 */
int stop_deadline_arm(struct stop_deadline *sd, pid_t sw_pid, unsigned int ms);

/**
 * stop_deadline_disarm() - the stop is done: end the watchdog and wait
 * for it
 * @sd: armed or not
 */
void stop_deadline_disarm(struct stop_deadline *sd);

#endif
