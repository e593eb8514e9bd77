// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the secure world's mutexes (secure/mutex.c) with the
 * normal world's notifications played by a stub: a WAIT sleeps on the
 * key until a SEND (a SEND that comes first is remembered, as the OP-TEE
 * driver's notif.c does) or the timeout, which the stub shortens.  The
 * stub can also lose SENDs or fail WAITs, as a broken normal world would.
 *
 * Threads never call cmocka assertions: they record what happened and
 * the test checks it after joining them.  Ordering between threads is
 * observed through the stub's counters, never assumed from sleeps.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "secure/mutex.h"
#include "secure/thread.h"
#include "secure/thread_rpc.h"

#define NTHREADS   8
#define STRESS_OPS 2000

/**
 * struct stub_nw - the normal world's notifications, played here
 * @lock:	protects everything
 * @cond:	signalled on every change
 * @sent:	per key: a SEND not yet consumed by a WAIT
 * @waiting:	per key: a WAIT in progress
 * @waits:	WAITs made
 * @sends:	SENDs made
 * @lose_sends:	SENDs are dropped (a normal world that failed them)
 * @fail_waits:	WAITs fail at once (a normal world that cannot wait)
 */
static struct stub_nw {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool sent[SW_MAX_THREADS];
	bool waiting[SW_MAX_THREADS];
	unsigned int waits;
	unsigned int sends;
	bool lose_sends;
	bool fail_waits;
} nw = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

/* The stub's timeout: a test must not wait the real one. */
#define STUB_TIMEOUT_MS 20

static void deadline_in(struct timespec *ts, long ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

TEE_Result thread_rpc_notif_wait(struct sthread *t, uint32_t key,
				 uint32_t timeout_ms)
{
	TEE_Result res = TEE_SUCCESS;
	struct timespec ts;

	(void)t;
	deadline_in(&ts, timeout_ms ? STUB_TIMEOUT_MS : 60000);
	pthread_mutex_lock(&nw.lock);
	nw.waits++;
	pthread_cond_broadcast(&nw.cond);
	if (nw.fail_waits) {
		pthread_mutex_unlock(&nw.lock);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	nw.waiting[key] = true;
	pthread_cond_broadcast(&nw.cond);
	while (!nw.sent[key] && !res)
		if (pthread_cond_timedwait(&nw.cond, &nw.lock, &ts) ==
		    ETIMEDOUT)
			res = TEE_ERROR_TIMEOUT;
	if (nw.sent[key])
		res = TEE_SUCCESS;
	nw.sent[key] = false;
	nw.waiting[key] = false;
	pthread_mutex_unlock(&nw.lock);
	return res;
}

TEE_Result thread_rpc_notif_send(struct sthread *t, uint32_t key)
{
	(void)t;
	pthread_mutex_lock(&nw.lock);
	nw.sends++;
	if (!nw.lose_sends)
		nw.sent[key] = true;
	pthread_cond_broadcast(&nw.cond);
	pthread_mutex_unlock(&nw.lock);
	return nw.lose_sends ? TEE_ERROR_GENERIC : TEE_SUCCESS;
}

static int reset(void **state)
{
	(void)state;
	pthread_mutex_lock(&nw.lock);
	memset(nw.sent, 0, sizeof(nw.sent));
	memset(nw.waiting, 0, sizeof(nw.waiting));
	nw.waits = 0;
	nw.sends = 0;
	nw.lose_sends = false;
	nw.fail_waits = false;
	pthread_mutex_unlock(&nw.lock);
	return 0;
}

/* Waits (bounded) until @n WAITs have been made in total. */
static bool await_waits(unsigned int n)
{
	struct timespec ts;
	bool ok = true;

	deadline_in(&ts, 30000);
	pthread_mutex_lock(&nw.lock);
	while (nw.waits < n && ok)
		ok = pthread_cond_timedwait(&nw.cond, &nw.lock, &ts) == 0;
	pthread_mutex_unlock(&nw.lock);
	return ok;
}

/**
 * struct locker - a thread that takes the mutex once
 * @t:		its secure thread
 * @m:		the mutex
 * @order:	where the acquisitions are recorded
 * @norder:	their count (under @m)
 */
struct locker {
	struct sthread t;
	struct sw_mutex *m;
	int *order;
	int *norder;
};

static void *lock_once(void *arg)
{
	struct locker *l = arg;

	sw_mutex_lock(l->m, &l->t);
	l->order[(*l->norder)++] = l->t.id;
	sw_mutex_unlock(l->m, &l->t);
	return NULL;
}

/* Nobody else wants it: no normal world involved. */
static void test_uncontended_needs_no_rpc(void **state)
{
	struct sthread t = {.id = 0};
	struct sw_mutex m;

	(void)state;
	sw_mutex_init(&m);
	for (int i = 0; i < 100; i++) {
		sw_mutex_lock(&m, &t);
		sw_mutex_unlock(&m, &t);
	}
	sw_mutex_destroy(&m);
	assert_int_equal(nw.waits, 0);
	assert_int_equal(nw.sends, 0);
}

/*
 * Three threads queue behind the holder, one after the other (each seen
 * waiting in the normal world before the next starts): they get the
 * mutex in that order, each woken by a SEND on its own key.
 */
static void test_waiters_served_in_arrival_order(void **state)
{
	struct sthread holder = {.id = 0};
	struct locker l[3];
	pthread_t th[3];
	int order[3], norder = 0;
	struct sw_mutex m;

	(void)state;
	sw_mutex_init(&m);
	sw_mutex_lock(&m, &holder);
	for (int i = 0; i < 3; i++) {
		l[i] = (struct locker){.t = {.id = i + 1},
				       .m = &m,
				       .order = order,
				       .norder = &norder};
		assert_int_equal(pthread_create(&th[i], NULL, lock_once, &l[i]),
				 0);
		assert_true(await_waits((unsigned int)i + 1));
	}
	sw_mutex_unlock(&m, &holder);
	for (int i = 0; i < 3; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(norder, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(order[i], i + 1);
	assert_int_equal(nw.sends, 3);
	sw_mutex_destroy(&m);
}

/*
 * Holds a mutex while one locker with @id queues behind it, until the
 * normal world has seen @waits WAITs, then lets it through: the broken
 * normal world set up by the caller must cost time, never the lock.
 * Returns the one acquisition recorded.
 */
static int one_waiter_gets_through(int id, unsigned int waits)
{
	struct sthread holder = {.id = 0};
	struct locker l;
	pthread_t th;
	int order[1], norder = 0;
	struct sw_mutex m;

	sw_mutex_init(&m);
	sw_mutex_lock(&m, &holder);
	l = (struct locker){
		.t = {.id = id}, .m = &m, .order = order, .norder = &norder};
	assert_int_equal(pthread_create(&th, NULL, lock_once, &l), 0);
	assert_true(await_waits(waits));
	sw_mutex_unlock(&m, &holder);
	pthread_join(th, NULL);
	assert_int_equal(norder, 1);
	sw_mutex_destroy(&m);
	return order[0];
}

/* A normal world that loses the SEND: the waiter's timeout saves it. */
static void test_lost_wake_costs_a_timeout_not_a_hang(void **state)
{
	(void)state;
	nw.lose_sends = true;
	assert_int_equal(one_waiter_gets_through(5, 1), 5);
}

/* A normal world that cannot wait at all: the waiter polls instead. */
static void test_failed_wait_falls_back_to_polling(void **state)
{
	(void)state;
	nw.fail_waits = true;
	one_waiter_gets_through(6, 3); /* 3 WAITs: it keeps trying */
}

/**
 * struct stress - one thread of the stress test
 * @t:		its secure thread
 * @m:		the mutex
 * @counter:	shared, incremented under @m without atomics
 * @inside:	shared: threads inside the critical section
 * @overlaps:	times this thread found another one inside
 * @ops:	its completed lock/unlock pairs
 */
struct stress {
	struct sthread t;
	struct sw_mutex *m;
	long *counter;
	int *inside;
	int overlaps;
	int ops;
};

static void *stress_thread(void *arg)
{
	struct stress *s = arg;

	for (int i = 0; i < STRESS_OPS; i++) {
		sw_mutex_lock(s->m, &s->t);
		if (__atomic_add_fetch(s->inside, 1, __ATOMIC_SEQ_CST) != 1)
			s->overlaps++;
		(*s->counter)++;
		__atomic_sub_fetch(s->inside, 1, __ATOMIC_SEQ_CST);
		sw_mutex_unlock(s->m, &s->t);
		s->ops++;
	}
	return NULL;
}

/* Mutual exclusion under contention, and every thread finishes. */
static void test_stress_exclusion_and_progress(void **state)
{
	struct stress s[NTHREADS];
	pthread_t th[NTHREADS];
	struct sw_mutex m;
	long counter = 0;
	int inside = 0;

	(void)state;
	sw_mutex_init(&m);
	for (int i = 0; i < NTHREADS; i++) {
		s[i] = (struct stress){.t = {.id = i},
				       .m = &m,
				       .counter = &counter,
				       .inside = &inside};
		assert_int_equal(
			pthread_create(&th[i], NULL, stress_thread, &s[i]), 0);
	}
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(th[i], NULL);
	for (int i = 0; i < NTHREADS; i++) {
		assert_int_equal(s[i].overlaps, 0);
		assert_int_equal(s[i].ops, STRESS_OPS);
	}
	assert_int_equal(counter, (long)NTHREADS * STRESS_OPS);
	assert_null(m.owner);
	sw_mutex_destroy(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_uncontended_needs_no_rpc, reset),
		cmocka_unit_test_setup(test_waiters_served_in_arrival_order,
				       reset),
		cmocka_unit_test_setup(
			test_lost_wake_costs_a_timeout_not_a_hang, reset),
		cmocka_unit_test_setup(test_failed_wait_falls_back_to_polling,
				       reset),
		cmocka_unit_test_setup(test_stress_exclusion_and_progress,
				       reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
