// SPDX-License-Identifier: BSD-2-Clause
/* Locks, completions and tasks on POSIX threads; see sync.h. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <time.h>

#include "err.h"
#include "sync.h"

static _Thread_local struct task *this_task;

/* Lock and condition failures are programming errors: stop at once. */
static void check(int rc)
{
	if (rc)
		abort();
}

void mutex_init(struct mutex *lock)
{
	check(pthread_mutex_init(&lock->m, NULL));
}

void mutex_destroy(struct mutex *lock)
{
	check(pthread_mutex_destroy(&lock->m));
}

void mutex_lock(struct mutex *lock)
{
	check(pthread_mutex_lock(&lock->m));
}

void mutex_unlock(struct mutex *lock)
{
	check(pthread_mutex_unlock(&lock->m));
}

void init_completion(struct completion *c)
{
	pthread_condattr_t attr;

	check(pthread_mutex_init(&c->lock, NULL));
	check(pthread_condattr_init(&attr));
	check(pthread_condattr_setclock(&attr, CLOCK_MONOTONIC));
	check(pthread_cond_init(&c->cond, &attr));
	pthread_condattr_destroy(&attr);
	c->done = 0;
}

void destroy_completion(struct completion *c)
{
	check(pthread_cond_destroy(&c->cond));
	check(pthread_mutex_destroy(&c->lock));
}

void reinit_completion(struct completion *c)
{
	check(pthread_mutex_lock(&c->lock));
	c->done = 0;
	check(pthread_mutex_unlock(&c->lock));
}

void complete(struct completion *c)
{
	check(pthread_mutex_lock(&c->lock));
	if (c->done != UINT_MAX)
		c->done++;
	check(pthread_cond_broadcast(&c->cond));
	check(pthread_mutex_unlock(&c->lock));
}

void complete_all(struct completion *c)
{
	check(pthread_mutex_lock(&c->lock));
	c->done = UINT_MAX;
	check(pthread_cond_broadcast(&c->cond));
	check(pthread_mutex_unlock(&c->lock));
}

bool completion_done(struct completion *c)
{
	bool done;

	check(pthread_mutex_lock(&c->lock));
	done = c->done != 0;
	check(pthread_mutex_unlock(&c->lock));
	return done;
}

/* Consumes one completion; c->lock held and c->done != 0. */
static void consume(struct completion *c)
{
	if (c->done != UINT_MAX)
		c->done--;
}

void wait_for_completion(struct completion *c)
{
	check(pthread_mutex_lock(&c->lock));
	while (!c->done)
		check(pthread_cond_wait(&c->cond, &c->lock));
	consume(c);
	check(pthread_mutex_unlock(&c->lock));
}

static void deadline_after(struct timespec *ts, unsigned long ms)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += (time_t)(ms / 1000);
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static long ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long)(deadline->tv_sec - now.tv_sec) * 1000 +
	     (deadline->tv_nsec - now.tv_nsec) / 1000000L;
	return ms > 0 ? ms : 1;
}

/* Publishes which completion the current task sleeps on, for task_signal. */
static void set_waiting_on(struct task *t, struct completion *c)
{
	if (!t)
		return;
	check(pthread_mutex_lock(&t->lock));
	t->waiting_on = c;
	check(pthread_mutex_unlock(&t->lock));
}

/*
 * The common wait.  @t is the task whose signal ends the wait (NULL: not
 * interruptible); @timeout_ms == 0 means no timeout.
 * Returns > 0 when completed, 0 on timeout, -ERESTARTSYS on a signal.
 */
static long wait_common(struct completion *c, struct task *t,
			unsigned long timeout_ms)
{
	struct timespec deadline;
	long ret = 1;
	int rc = 0;

	if (timeout_ms)
		deadline_after(&deadline, timeout_ms);
	set_waiting_on(t, c);
	check(pthread_mutex_lock(&c->lock));
	while (!c->done) {
		if (t && atomic_load(&t->sigpending)) {
			ret = -ERESTARTSYS;
			break;
		}
		if (!timeout_ms) {
			check(pthread_cond_wait(&c->cond, &c->lock));
			continue;
		}
		if (rc == ETIMEDOUT) {
			ret = 0;
			break;
		}
		rc = pthread_cond_timedwait(&c->cond, &c->lock, &deadline);
		if (rc && rc != ETIMEDOUT)
			abort();
	}
	if (ret > 0) {
		consume(c);
		if (timeout_ms)
			ret = ms_left(&deadline);
	}
	check(pthread_mutex_unlock(&c->lock));
	set_waiting_on(t, NULL);
	return ret;
}

int wait_for_completion_interruptible(struct completion *c)
{
	return wait_common(c, this_task, 0) < 0 ? -ERESTARTSYS : 0;
}

long wait_for_completion_interruptible_timeout(struct completion *c,
					       unsigned long timeout_ms)
{
	return wait_common(c, this_task, timeout_ms ? timeout_ms : 1);
}

long wait_for_completion_timeout(struct completion *c, unsigned long timeout_ms)
{
	return wait_common(c, NULL, timeout_ms ? timeout_ms : 1);
}

void task_init(struct task *t)
{
	atomic_store(&t->sigpending, false);
	check(pthread_mutex_init(&t->lock, NULL));
	t->waiting_on = NULL;
}

void task_destroy(struct task *t)
{
	check(pthread_mutex_destroy(&t->lock));
}

void task_attach(struct task *t)
{
	this_task = t;
}

struct task *current_task(void)
{
	return this_task;
}

void task_signal(struct task *t)
{
	struct completion *c;

	/* Set the flag first: a waiter that has not slept yet then sees it. */
	atomic_store(&t->sigpending, true);
	check(pthread_mutex_lock(&t->lock));
	c = t->waiting_on;
	if (c) {
		check(pthread_mutex_lock(&c->lock));
		check(pthread_cond_broadcast(&c->cond));
		check(pthread_mutex_unlock(&c->lock));
	}
	check(pthread_mutex_unlock(&t->lock));
}

bool signal_pending(void)
{
	return this_task && atomic_load(&this_task->sigpending);
}
