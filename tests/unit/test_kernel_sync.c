// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for locks, completions and tasks (kernel/sync.c).
 *
 * Every test that allocates from the kernel heap records kmem_live() first
 * and checks it is back to that value at the end.  Threads never call
 * cmocka assertions (they cannot unwind another thread): they record what
 * they saw and the test thread checks it after joining them.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/kref.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "kernel/sync.h"
#include "kernel/types.h"
#include "kernel/uaccess.h"

#include "kernel_test_util.h"

/* ------------------------------------------------------------------ */
/* sync: mutex                                                         */
/* ------------------------------------------------------------------ */

enum { MUTEX_THREADS = 4, MUTEX_ITERS = 20000 };

struct counter {
	struct mutex lock;
	long value;
};

static void *counter_main(void *arg)
{
	struct counter *c = arg;

	for (int i = 0; i < MUTEX_ITERS; i++) {
		mutex_lock(&c->lock);
		c->value++;
		mutex_unlock(&c->lock);
	}
	return NULL;
}

static void test_mutex_serialises_threads(void **state)
{
	pthread_t th[MUTEX_THREADS];
	struct counter c = {.value = 0};

	mutex_init(&c.lock);
	for (int i = 0; i < MUTEX_THREADS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, counter_main, &c),
				 0);
	for (int i = 0; i < MUTEX_THREADS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(c.value, (long)MUTEX_THREADS * MUTEX_ITERS);
	mutex_destroy(&c.lock);
}

/* A lock with static storage, as tee_core.c's device registry has. */
static DEFINE_MUTEX(static_lock);
static long static_value;

static void *static_counter_main(void *arg)
{
	(void)arg;
	for (int i = 0; i < MUTEX_ITERS; i++) {
		mutex_lock(&static_lock);
		static_value++;
		mutex_unlock(&static_lock);
	}
	return NULL;
}

/* DEFINE_MUTEX(): unlocked from the start, no mutex_init() needed. */
static void test_define_mutex_is_unlocked_and_serialises_threads(void **state)
{
	pthread_t th[MUTEX_THREADS];

	assert_int_equal(pthread_mutex_trylock(&static_lock.m), 0);
	mutex_unlock(&static_lock);
	for (int i = 0; i < MUTEX_THREADS; i++)
		assert_int_equal(
			pthread_create(&th[i], NULL, static_counter_main, NULL),
			0);
	for (int i = 0; i < MUTEX_THREADS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(static_value, (long)MUTEX_THREADS * MUTEX_ITERS);
}

/* ------------------------------------------------------------------ */
/* sync: completions and tasks                                         */
/* ------------------------------------------------------------------ */

enum wait_kind {
	WAIT_PLAIN,
	WAIT_INTERRUPTIBLE,
	WAIT_TIMEOUT,
};

/*
 * struct waiter - a thread that waits on a completion
 * @task:	attached in the thread before waiting (NULL: no task)
 * @started:	set just before the wait starts
 * @returned:	set once the wait returned; @ret holds what it returned
 */
struct waiter {
	pthread_t thread;
	struct completion *c;
	struct task *task;
	enum wait_kind kind;
	unsigned long timeout_ms;
	atomic_bool started;
	atomic_bool returned;
	long ret;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;
	long ret = 0;

	task_attach(w->task);
	atomic_store(&w->started, true);
	switch (w->kind) {
	case WAIT_PLAIN:
		wait_for_completion(w->c);
		break;
	case WAIT_INTERRUPTIBLE:
		ret = wait_for_completion_interruptible(w->c);
		break;
	case WAIT_TIMEOUT:
		ret = wait_for_completion_interruptible_timeout(w->c,
								w->timeout_ms);
		break;
	}
	w->ret = ret;
	atomic_store(&w->returned, true);
	task_attach(NULL);
	return NULL;
}

static void waiter_start(struct waiter *w, struct completion *c, struct task *t,
			 enum wait_kind kind, unsigned long timeout_ms)
{
	w->c = c;
	w->task = t;
	w->kind = kind;
	w->timeout_ms = timeout_ms;
	w->ret = 0x7eadbeef;
	atomic_store(&w->started, false);
	atomic_store(&w->returned, false);
	assert_int_equal(pthread_create(&w->thread, NULL, waiter_main, w), 0);
}

static long waiter_join(struct waiter *w)
{
	pthread_join(w->thread, NULL);
	assert_true(atomic_load(&w->returned));
	return w->ret;
}

static bool waiters_all_returned(struct waiter *w, int n)
{
	for (int i = 0; i < n; i++)
		if (!atomic_load(&w[i].returned))
			return false;
	return true;
}

/*
 * Joins @n waiters that must return with no further help (they were
 * signalled, timed out or released by complete_all()).  Returns how many
 * were still asleep after 10 s; those are then released with complete(),
 * so that a broken wait fails its test instead of hanging the suite.
 */
static int waiters_join_unaided(struct waiter *w, int n)
{
	int stuck = 0;

	for (int t = 0; t < 10000 && !waiters_all_returned(w, n); t++)
		sleep_ms(1);
	for (int i = 0; i < n; i++) {
		if (atomic_load(&w[i].returned))
			continue;
		stuck++;
		while (!atomic_load(&w[i].returned)) {
			complete(w[i].c);
			sleep_ms(1);
		}
	}
	for (int i = 0; i < n; i++)
		waiter_join(&w[i]);
	return stuck;
}

/* As above for one waiter: what it returned, or LONG_MIN if it stuck. */
static long waiter_join_unaided(struct waiter *w)
{
	return waiters_join_unaided(w, 1) ? LONG_MIN : w->ret;
}

/*
 * Lets @w get into its wait.  Only the "started" flag is certain; the
 * short sleep after it makes it likely (not required for the test to be
 * right) that the thread actually sleeps on the condition.
 */
static void waiter_settle(struct waiter *w)
{
	while (!atomic_load(&w->started))
		sched_yield();
	sleep_ms(20);
}

/* Waits until @t publishes that it sleeps interruptibly on @c. */
static void wait_until_task_waits_on(struct task *t, struct completion *c)
{
	for (;;) {
		struct completion *now;

		pthread_mutex_lock(&t->lock);
		now = t->waiting_on;
		pthread_mutex_unlock(&t->lock);
		if (now == c)
			break;
		sched_yield();
	}
	sleep_ms(10);
}

static void test_completion_complete_before_wait_passes(void **state)
{
	struct completion c;

	init_completion(&c);
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_wait_returns_after_complete(void **state)
{
	struct completion c;
	struct waiter w;

	init_completion(&c);
	waiter_start(&w, &c, NULL, WAIT_PLAIN, 0);
	waiter_settle(&w);
	assert_false(atomic_load(&w.returned));
	complete(&c);
	waiter_join(&w);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_counts_each_complete(void **state)
{
	struct completion c;

	init_completion(&c);
	complete(&c);
	complete(&c);
	wait_for_completion(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_complete_wakes_one_waiter_each(void **state)
{
	enum { N = 3 };
	struct completion c;
	struct waiter w[N];

	init_completion(&c);
	for (int i = 0; i < N; i++)
		waiter_start(&w[i], &c, NULL, WAIT_PLAIN, 0);
	for (int i = 0; i < N; i++)
		waiter_settle(&w[i]);
	for (int i = 0; i < N; i++)
		complete(&c);
	for (int i = 0; i < N; i++)
		waiter_join(&w[i]);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_complete_all_releases_all_waiters(void **state)
{
	enum { N = 8 };
	struct completion c;
	struct waiter w[N];
	struct task t[N];

	init_completion(&c);
	for (int i = 0; i < N; i++) {
		/* Mix the three kinds of wait; all must be released. */
		enum wait_kind kind = (enum wait_kind)(i % 3);

		task_init(&t[i]);
		waiter_start(&w[i], &c, i % 2 ? &t[i] : NULL, kind, 60000);
	}
	for (int i = 0; i < N; i++)
		waiter_settle(&w[i]);
	for (int i = 0; i < N; i++)
		assert_false(atomic_load(&w[i].returned));
	complete_all(&c);
	assert_int_equal(waiters_join_unaided(w, N), 0);
	for (int i = 0; i < N; i++) {
		long ret = w[i].ret;

		if (w[i].kind == WAIT_TIMEOUT)
			assert_true(ret > 0);
		else
			assert_int_equal(ret, 0);
	}
	destroy_completion(&c);
	for (int i = 0; i < N; i++)
		task_destroy(&t[i]);
}

static void test_completion_complete_all_lets_later_waits_pass(void **state)
{
	struct completion c;

	init_completion(&c);
	complete_all(&c);
	/* Bounded waits first, so that a broken complete_all() fails here. */
	for (int i = 0; i < 3; i++)
		assert_true(wait_for_completion_interruptible_timeout(&c, 50) >
			    0);
	for (int i = 0; i < 100; i++)
		wait_for_completion(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	assert_true(completion_done(&c));
	/* complete() after complete_all() keeps it done for everyone. */
	complete(&c);
	wait_for_completion(&c);
	assert_true(completion_done(&c));
	destroy_completion(&c);
}

static void test_completion_reinit_makes_it_not_done(void **state)
{
	struct completion c;

	init_completion(&c);
	complete(&c);
	reinit_completion(&c);
	assert_false(completion_done(&c));
	assert_int_equal(wait_for_completion_interruptible_timeout(&c, 20), 0);
	complete_all(&c);
	reinit_completion(&c);
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	wait_for_completion(&c);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_wait_intr_returns_zero_when_completed(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/* Completed before the wait. */
	task_attach(&t);
	complete(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	assert_false(completion_done(&c));
	task_attach(NULL);
	/* Completed while a thread with a task waits. */
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	complete(&c);
	assert_int_equal(waiter_join(&w), 0);
	assert_false(completion_done(&c));
	assert_null(t.waiting_on);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_returns_erestartsys_when_signalled(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	assert_false(atomic_load(&w.returned));
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	assert_null(t.waiting_on);
	/* The interrupted wait consumed nothing. */
	assert_false(completion_done(&c));
	complete(&c);
	assert_true(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_signalled_before_wait_returns_at_once(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	task_signal(&t);
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	/* The signal is never cleared: the next waits fail too. */
	waiter_start(&w, &c, &t, WAIT_INTERRUPTIBLE, 0);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	destroy_completion(&c);
	task_destroy(&t);
}

/* As in the kernel, a completion that is already done wins over a signal. */
static void test_wait_intr_completed_wins_over_pending_signal(void **state)
{
	struct completion c;
	struct task t;

	task_init(&t);
	init_completion(&c);
	task_signal(&t);
	task_attach(&t);
	complete(&c);
	assert_int_equal(wait_for_completion_interruptible(&c), 0);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 50) > 0);
	assert_false(completion_done(&c));
	task_attach(NULL);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_without_task_is_never_interrupted(void **state)
{
	struct completion c;
	struct waiter with_task, without_task;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/*
	 * Two waiters on one completion: signalling the task wakes the
	 * condition both sleep on, but only the waiter with the task may
	 * give up.
	 */
	waiter_start(&without_task, &c, NULL, WAIT_INTERRUPTIBLE, 0);
	waiter_settle(&without_task);
	waiter_start(&with_task, &c, &t, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&t, &c);
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&with_task), -ERESTARTSYS);
	sleep_ms(20);
	assert_false(atomic_load(&without_task.returned));
	complete(&c);
	assert_int_equal(waiter_join(&without_task), 0);
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_ignores_other_tasks_signal(void **state)
{
	struct completion c;
	struct waiter w;
	struct task mine, other;

	task_init(&mine);
	task_init(&other);
	init_completion(&c);
	waiter_start(&w, &c, &mine, WAIT_INTERRUPTIBLE, 0);
	wait_until_task_waits_on(&mine, &c);
	task_signal(&other);
	sleep_ms(20);
	assert_false(atomic_load(&w.returned));
	complete(&c);
	assert_int_equal(waiter_join(&w), 0);
	destroy_completion(&c);
	task_destroy(&other);
	task_destroy(&mine);
}

static void test_wait_intr_timeout_returns_zero_on_timeout(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	/* Without a task ... */
	waiter_start(&w, &c, NULL, WAIT_TIMEOUT, 50);
	assert_int_equal(waiter_join_unaided(&w), 0);
	/* ... and with one that is not signalled. */
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 50);
	assert_int_equal(waiter_join_unaided(&w), 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_timeout_returns_positive_when_completed(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 50) > 0);
	assert_false(completion_done(&c));
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	wait_until_task_waits_on(&t, &c);
	complete(&c);
	assert_true(waiter_join(&w) > 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
	task_destroy(&t);
}

static void test_wait_intr_timeout_zero_only_polls(void **state)
{
	struct completion c;

	init_completion(&c);
	assert_int_equal(wait_for_completion_interruptible_timeout(&c, 0), 0);
	complete(&c);
	assert_true(wait_for_completion_interruptible_timeout(&c, 0) > 0);
	assert_false(completion_done(&c));
	destroy_completion(&c);
}

static void test_wait_intr_timeout_erestartsys_when_signalled(void **state)
{
	struct completion c;
	struct waiter w;
	struct task t;

	task_init(&t);
	init_completion(&c);
	waiter_start(&w, &c, &t, WAIT_TIMEOUT, 60000);
	wait_until_task_waits_on(&t, &c);
	task_signal(&t);
	assert_int_equal(waiter_join_unaided(&w), -ERESTARTSYS);
	destroy_completion(&c);
	task_destroy(&t);
}

/*
 * After an interruptible wait the task no longer points at the completion,
 * so signalling it later does not touch freed memory (ASan checks this).
 */
static void test_task_signal_after_wait_leaves_completion_alone(void **state)
{
	long live = kmem_live();
	struct completion *c = kmalloc(sizeof(*c));
	struct task t;

	assert_non_null(c);
	task_init(&t);
	init_completion(c);
	task_attach(&t);
	complete(c);
	assert_int_equal(wait_for_completion_interruptible(c), 0);
	assert_int_equal(wait_for_completion_interruptible_timeout(c, 10), 0);
	task_attach(NULL);
	assert_null(t.waiting_on);
	destroy_completion(c);
	kfree(c);
	task_signal(&t);
	task_destroy(&t);
	assert_int_equal(kmem_live(), live);
}

struct task_probe {
	struct task *seen_at_start;
	struct task *seen_after_attach;
	bool pending_at_start;
	bool pending_after_attach;
	struct task *attach;
};

static void *task_probe_main(void *arg)
{
	struct task_probe *p = arg;

	p->seen_at_start = current_task();
	p->pending_at_start = signal_pending();
	task_attach(p->attach);
	p->seen_after_attach = current_task();
	p->pending_after_attach = signal_pending();
	return NULL;
}

static void test_task_attach_is_per_thread(void **state)
{
	struct task mine, theirs;
	struct task_probe p = {.attach = &theirs};
	pthread_t th;

	task_init(&mine);
	task_init(&theirs);
	task_signal(&theirs);
	assert_null(current_task());
	task_attach(&mine);
	assert_ptr_equal(current_task(), &mine);
	assert_int_equal(pthread_create(&th, NULL, task_probe_main, &p), 0);
	pthread_join(th, NULL);
	/* A new thread starts without a task; its attach stays its own. */
	assert_null(p.seen_at_start);
	assert_false(p.pending_at_start);
	assert_ptr_equal(p.seen_after_attach, &theirs);
	assert_true(p.pending_after_attach);
	assert_ptr_equal(current_task(), &mine);
	assert_false(signal_pending());
	task_attach(NULL);
	assert_null(current_task());
	task_destroy(&theirs);
	task_destroy(&mine);
}

static void test_signal_pending_follows_current_task(void **state)
{
	struct task t;

	task_init(&t);
	assert_false(signal_pending());
	task_attach(&t);
	assert_false(signal_pending());
	task_signal(&t);
	assert_true(signal_pending());
	assert_true(signal_pending()); /* never cleared */
	task_attach(NULL);
	assert_false(signal_pending());
	task_destroy(&t);
}

/* ------------------------------------------------------------------ */

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* sync */
		cmocka_unit_test(test_mutex_serialises_threads),
		cmocka_unit_test(
			test_define_mutex_is_unlocked_and_serialises_threads),
		cmocka_unit_test(test_completion_complete_before_wait_passes),
		cmocka_unit_test(test_completion_wait_returns_after_complete),
		cmocka_unit_test(test_completion_counts_each_complete),
		cmocka_unit_test(
			test_completion_complete_wakes_one_waiter_each),
		cmocka_unit_test(
			test_completion_complete_all_releases_all_waiters),
		cmocka_unit_test(
			test_completion_complete_all_lets_later_waits_pass),
		cmocka_unit_test(test_completion_reinit_makes_it_not_done),
		cmocka_unit_test(test_wait_intr_returns_zero_when_completed),
		cmocka_unit_test(
			test_wait_intr_returns_erestartsys_when_signalled),
		cmocka_unit_test(
			test_wait_intr_signalled_before_wait_returns_at_once),
		cmocka_unit_test(
			test_wait_intr_completed_wins_over_pending_signal),
		cmocka_unit_test(
			test_wait_intr_without_task_is_never_interrupted),
		cmocka_unit_test(test_wait_intr_ignores_other_tasks_signal),
		cmocka_unit_test(
			test_wait_intr_timeout_returns_zero_on_timeout),
		cmocka_unit_test(
			test_wait_intr_timeout_returns_positive_when_completed),
		cmocka_unit_test(test_wait_intr_timeout_zero_only_polls),
		cmocka_unit_test(
			test_wait_intr_timeout_erestartsys_when_signalled),
		cmocka_unit_test(
			test_task_signal_after_wait_leaves_completion_alone),
		cmocka_unit_test(test_task_attach_is_per_thread),
		cmocka_unit_test(test_signal_pending_follows_current_task),
	};

	return cmocka_run_group_tests_name("kernel services: sync", tests, NULL,
					   NULL);
}
