/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Locks, completions and tasks: the kernel's blocking primitives on POSIX
 * threads.
 *
 * A "task" stands for the user-space caller on whose behalf a thread runs
 * kernel-side code (teed runs each ioctl on a thread that has the caller's
 * task attached).  Signalling a task - the caller died or went away - makes
 * its interruptible waits return -ERESTARTSYS, as a fatal signal does in
 * the kernel.
 */
#ifndef TEEBOX_KERNEL_SYNC_H
#define TEEBOX_KERNEL_SYNC_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct mutex {
	pthread_mutex_t m;
};

/* DEFINE_MUTEX() - a mutex with static storage, unlocked, ready to use. */
#define DEFINE_MUTEX(name) struct mutex name = {.m = PTHREAD_MUTEX_INITIALIZER}

/** mutex_init() - initialise an unlocked mutex. */
void mutex_init(struct mutex *lock);
/** mutex_destroy() - release what mutex_init() set up; must be unlocked. */
void mutex_destroy(struct mutex *lock);
/** mutex_lock() - take @lock, sleeping until it is free. */
void mutex_lock(struct mutex *lock);
/** mutex_unlock() - release @lock. */
void mutex_unlock(struct mutex *lock);

/**
 * struct completion - a one-shot (or counted) event to wait for
 * @lock:	protects @done and orders waiters against complete()
 * @cond:	waiters sleep here
 * @done:	number of complete() calls not yet consumed by a waiter;
 *		UINT_MAX after complete_all()
 */
struct completion {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int done;
};

/** init_completion() - set up @c, not done. */
void init_completion(struct completion *c);
/** destroy_completion() - release what init_completion() set up. */
void destroy_completion(struct completion *c);
/** reinit_completion() - make @c not done again. */
void reinit_completion(struct completion *c);
/** complete() - wake one waiter (or let the next wait pass). */
void complete(struct completion *c);
/** complete_all() - wake every waiter, now and later. */
void complete_all(struct completion *c);
/** completion_done() - true if a wait on @c would not sleep. */
bool completion_done(struct completion *c);
/** wait_for_completion() - sleep until @c is completed; not interruptible. */
void wait_for_completion(struct completion *c);

/**
 * wait_for_completion_interruptible() - sleep until @c is completed or the
 * current task is signalled
 * Return: 0 when completed, -ERESTARTSYS when interrupted.
 */
int wait_for_completion_interruptible(struct completion *c);

/**
 * wait_for_completion_interruptible_timeout() - as above, giving up after
 * @timeout_ms milliseconds
 * Return: > 0 when completed, 0 on timeout, -ERESTARTSYS when interrupted.
 */
long wait_for_completion_interruptible_timeout(struct completion *c,
					       unsigned long timeout_ms);

/**
 * wait_for_completion_timeout() - sleep until @c is completed, at most
 * @timeout_ms milliseconds; not interruptible
 * Return: > 0 when completed, 0 on timeout.
 */
long wait_for_completion_timeout(struct completion *c,
				 unsigned long timeout_ms);

/**
 * struct task - the caller a thread works for
 * @sigpending:	set by task_signal(), never cleared: the caller is gone
 * @lock:	protects @waiting_on
 * @waiting_on:	completion the task sleeps on in an interruptible wait
 */
struct task {
	atomic_bool sigpending;
	pthread_mutex_t lock;
	struct completion *waiting_on;
};

/** task_init() - set up a task with no signal pending. */
void task_init(struct task *t);
/** task_destroy() - release what task_init() set up. */
void task_destroy(struct task *t);
/**
 * task_attach() - make @t the current task of the calling thread (NULL
 * detaches).  A thread without a task is never interrupted.
 */
void task_attach(struct task *t);
/** current_task() - the calling thread's task, or NULL. */
struct task *current_task(void);
/** task_signal() - mark @t signalled and wake its interruptible wait. */
void task_signal(struct task *t);
/** signal_pending() - true if the current task has been signalled. */
bool signal_pending(void);

#endif
