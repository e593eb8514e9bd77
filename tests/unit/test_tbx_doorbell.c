// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the doorbells' wait strategy (lib/tbx/doorbell.c): when a
 * waiter polls before it sleeps, as a pure function of the CPUs it may run
 * on, the poll budget and its recent waits, so that the strategy cannot
 * drift back to polling where polling costs (one CPU: teebox issue 12,
 * pinned null invoke 88 us polling against 61 us sleeping at once) or to
 * sleeping where polling pays.  Then the doorbell itself across threads.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include <tbx/doorbell.h>

#define BUDGET 50000L /* ns: the default TEEBOX_POLL_US */
#define QUICK  5000L  /* a wait well within the budget */
#define SLOW   400000L

/* Runs @n waits that all take @waited_ns; returns how many polled. */
static int run_waits(struct doorbell_adapt *a, unsigned int cpus, int n,
		     long waited_ns)
{
	int polls = 0;

	for (int i = 0; i < n; i++) {
		bool polled = doorbell_adapt_poll(a, cpus, BUDGET);

		polls += polled;
		/* A poll that caught the ring reports it within budget. */
		doorbell_adapt_done(a, polled, waited_ns, BUDGET);
	}
	return polls;
}

static void test_adapt__one_cpu_never_polls(void **state)
{
	struct doorbell_adapt a = {0};

	/* Even with a history of quick waits and any budget. */
	assert_int_equal(run_waits(&a, 1, 100, QUICK), 0);
	assert_false(doorbell_adapt_poll(&a, 1, 1000000L));
	assert_false(doorbell_adapt_poll(&a, 0, BUDGET));
}

static void test_adapt__budget_zero_never_polls(void **state)
{
	struct doorbell_adapt a = {0};

	for (int i = 0; i < 100; i++) {
		assert_false(doorbell_adapt_poll(&a, 8, 0));
		doorbell_adapt_done(&a, false, QUICK, 0);
	}
}

static void test_adapt__quick_waits_keep_polling(void **state)
{
	struct doorbell_adapt a = {0};

	assert_true(doorbell_adapt_poll(&a, 2, BUDGET));
	doorbell_adapt_done(&a, true, QUICK, BUDGET);
	assert_int_equal(run_waits(&a, 2, 1000, QUICK), 1000);
}

static void test_adapt__poll_that_runs_out_sleeps_next(void **state)
{
	struct doorbell_adapt a = {0};

	assert_true(doorbell_adapt_poll(&a, 2, BUDGET));
	doorbell_adapt_done(&a, true, SLOW, BUDGET);
	/* One wait sleeps at once, then a probe polls again. */
	assert_false(doorbell_adapt_poll(&a, 2, BUDGET));
	doorbell_adapt_done(&a, false, SLOW, BUDGET);
	assert_true(doorbell_adapt_poll(&a, 2, BUDGET));
}

static void test_adapt__backoff_doubles_to_a_cap(void **state)
{
	struct doorbell_adapt a = {0};
	uint32_t expect = 1;

	for (int round = 0; round < 10; round++) {
		int skipped = 0;

		assert_true(doorbell_adapt_poll(&a, 4, BUDGET));
		doorbell_adapt_done(&a, true, SLOW, BUDGET);
		while (!doorbell_adapt_poll(&a, 4, BUDGET)) {
			doorbell_adapt_done(&a, false, SLOW, BUDGET);
			skipped++;
			assert_true(skipped <= DOORBELL_MAX_BACKOFF);
		}
		/* The probe that ended the run polls again below. */
		assert_int_equal(skipped, expect);
		expect = expect * 2 > DOORBELL_MAX_BACKOFF
				 ? DOORBELL_MAX_BACKOFF
				 : expect * 2;
	}
}

static void test_adapt__slow_peer_polls_rarely(void **state)
{
	struct doorbell_adapt a = {0};
	int polls = run_waits(&a, 2, 10000, SLOW);

	/* Seven probes to reach the cap, then one per DOORBELL_MAX_BACKOFF
	 * + 1 waits: the CPU a slow peer costs is bounded. */
	assert_true(polls <= 7 + 10000 / (DOORBELL_MAX_BACKOFF + 1) + 1);
	assert_true(polls >= 10000 / (DOORBELL_MAX_BACKOFF + 1));
}

static void test_adapt__quick_sleep_resumes_polling(void **state)
{
	struct doorbell_adapt a = {0};

	run_waits(&a, 2, 200, SLOW);
	assert_int_equal(a.backoff, DOORBELL_MAX_BACKOFF);
	/* Skipping, a wait that slept yet ended within the budget: a poll
	 * would have caught it, so the next wait polls. */
	if (!doorbell_adapt_poll(&a, 2, BUDGET))
		doorbell_adapt_done(&a, false, QUICK, BUDGET);
	else
		doorbell_adapt_done(&a, true, QUICK, BUDGET);
	assert_true(doorbell_adapt_poll(&a, 2, BUDGET));
	doorbell_adapt_done(&a, true, QUICK, BUDGET);
	assert_int_equal(a.backoff, 0);
	assert_int_equal(run_waits(&a, 2, 100, QUICK), 100);
}

static void test_adapt__slow_sleep_keeps_skipping(void **state)
{
	struct doorbell_adapt a = {0};

	run_waits(&a, 2, 200, SLOW);
	while (doorbell_adapt_poll(&a, 2, BUDGET))
		doorbell_adapt_done(&a, true, SLOW, BUDGET);
	doorbell_adapt_done(&a, false, SLOW, BUDGET);
	assert_true(a.skip > 0);
	assert_int_equal(a.backoff, DOORBELL_MAX_BACKOFF);
}

struct ringer {
	struct doorbell db;
	int rings;
};

static void *ring_later(void *arg)
{
	struct ringer *r = arg;
	struct timespec ts = {0, 2000000};

	for (int i = 0; i < r->rings; i++) {
		nanosleep(&ts, NULL);
		doorbell_ring(&r->db);
	}
	return NULL;
}

/* The strategy changes when the waiter sleeps, never whether it wakes. */
static void test_doorbell__wakes_across_threads_and_times_out(void **state)
{
	struct ringer r = {.rings = 20};
	pthread_t t;

	doorbell_init(&r.db);
	assert_int_equal(doorbell_wait(&r.db, 0, 1), -ETIMEDOUT);
	assert_int_equal(pthread_create(&t, NULL, ring_later, &r), 0);
	/*
	 * Each wait ends at a ring, with no timeout to hide a lost one.  A
	 * waiter held off the CPU for the ringer's 2 ms may find more than
	 * one ring since it last looked: it waits from what it saw.
	 */
	for (uint32_t seen = 0, now; seen < 20; seen = now) {
		assert_int_equal(doorbell_wait(&r.db, seen, 0), 0);
		now = doorbell_seq(&r.db);
		assert_true(now > seen && now <= 20);
	}
	assert_int_equal(pthread_join(t, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_adapt__one_cpu_never_polls),
		cmocka_unit_test(test_adapt__budget_zero_never_polls),
		cmocka_unit_test(test_adapt__quick_waits_keep_polling),
		cmocka_unit_test(test_adapt__poll_that_runs_out_sleeps_next),
		cmocka_unit_test(test_adapt__backoff_doubles_to_a_cap),
		cmocka_unit_test(test_adapt__slow_peer_polls_rarely),
		cmocka_unit_test(test_adapt__quick_sleep_resumes_polling),
		cmocka_unit_test(test_adapt__slow_sleep_keeps_skipping),
		cmocka_unit_test(
			test_doorbell__wakes_across_threads_and_times_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
