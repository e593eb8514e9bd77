// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_invoke: what a call through teebox costs, beside what the same
 * number of process hops costs with nothing else to do.
 *
 *  invoke_null    one VALUE_INOUT invoke: client -> teed -> secure world
 *                 -> TA and back, median and p99 over many calls
 *  open_close     open and close a session to a TA already loaded
 *  floors         a chain of four bare processes relaying a token
 *                 (bench/floor_chain.h), one round trip: once with the
 *                 same doorbells, once with plain futexes.  The invoke's
 *                 ratio is against the better (lower) of the two, so
 *                 that the doorbells' design cannot flatter it.
 *
 * Prints a table, writes the figures as JSON to the file named by argv[1]
 * and prints that file's path as the last line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tee_client_api.h>

#include "bench/floor_chain.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

#define WARMUP	    2000
#define CALLS	    20000
#define OPEN_CLOSES 500

struct stats {
	double median_us;
	double p99_us;
};

static long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static struct stats summarize(long *ns, size_t n)
{
	struct stats s;

	qsort(ns, n, sizeof(*ns), cmp_long);
	s.median_us = ns[n / 2] / 1000.0;
	s.p99_us = ns[n * 99 / 100] / 1000.0;
	return s;
}

static struct stats measure_floor(long *ns, enum floor_wake wake)
{
	struct floor_chain c;

	if (floor_chain_start(&c, wake)) {
		fprintf(stderr, "bench: floor chain did not start\n");
		exit(1);
	}
	for (int r = 0; r < WARMUP + CALLS; r++) {
		long t = now_ns();

		floor_chain_round_trip(&c);
		if (r >= WARMUP)
			ns[r - WARMUP] = now_ns() - t;
	}
	if (floor_chain_stop(&c)) {
		fprintf(stderr, "bench: floor chain failed\n");
		exit(1);
	}
	return summarize(ns, CALLS);
}

static void check(TEEC_Result res, const char *what)
{
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "bench: %s failed: 0x%08x\n", what, res);
		exit(1);
	}
}

static struct stats measure_invoke(TEEC_Session *s, long *ns)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	for (int r = 0; r < WARMUP + CALLS; r++) {
		long t = now_ns();

		check(TEEC_InvokeCommand(s, TA_TEST_CMD_VALUE_INC, &op,
					 &origin),
		      "invoke");
		if (r >= WARMUP)
			ns[r - WARMUP] = now_ns() - t;
	}
	if (op.params[0].value.a != WARMUP + CALLS) {
		fprintf(stderr, "bench: the TA counted wrong\n");
		exit(1);
	}
	return summarize(ns, CALLS);
}

static struct stats measure_open_close(TEEC_Context *ctx, long *ns)
{
	const TEEC_UUID uuid = TA_TEST_BASIC_UUID;
	uint32_t origin;

	for (int r = 0; r < OPEN_CLOSES + 50; r++) {
		TEEC_Session s;
		long t = now_ns();

		check(TEEC_OpenSession(ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL,
				       NULL, &origin),
		      "open session");
		TEEC_CloseSession(&s);
		if (r >= 50)
			ns[r - 50] = now_ns() - t;
	}
	return summarize(ns, OPEN_CLOSES);
}

/* The better (lower) of two floors' figures, each taken on its own. */
static struct stats better(struct stats a, struct stats b)
{
	struct stats s = {
		.median_us =
			a.median_us < b.median_us ? a.median_us : b.median_us,
		.p99_us = a.p99_us < b.p99_us ? a.p99_us : b.p99_us,
	};

	return s;
}

static void write_json(const char *path, struct stats inv, struct stats oc,
		       struct stats db, struct stats fx)
{
	struct stats floor = better(db, fx);
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f,
		"[\n"
		"  {\"name\": \"invoke_null_median\", \"value\": %.2f, "
		"\"unit\": \"us\", \"floor\": %.2f, \"ratio\": %.2f},\n"
		"  {\"name\": \"invoke_null_p99\", \"value\": %.2f, "
		"\"unit\": \"us\", \"floor\": %.2f, \"ratio\": %.2f},\n"
		"  {\"name\": \"open_close_session_median\", \"value\": %.2f, "
		"\"unit\": \"us\"},\n"
		"  {\"name\": \"floor_round_trip_median\", \"value\": %.2f, "
		"\"unit\": \"us\"},\n"
		"  {\"name\": \"floor_round_trip_p99\", \"value\": %.2f, "
		"\"unit\": \"us\"},\n"
		"  {\"name\": \"floor_futex_round_trip_median\", "
		"\"value\": %.2f, \"unit\": \"us\"},\n"
		"  {\"name\": \"floor_futex_round_trip_p99\", "
		"\"value\": %.2f, \"unit\": \"us\"}\n"
		"]\n",
		inv.median_us, floor.median_us, inv.median_us / floor.median_us,
		inv.p99_us, floor.p99_us, inv.p99_us / floor.p99_us,
		oc.median_us, db.median_us, db.p99_us, fx.median_us, fx.p99_us);
	fclose(f);
}

int main(int argc, char **argv)
{
	const TEEC_UUID uuid = TA_TEST_BASIC_UUID;
	struct harness_opts o = {.supplicant = true};
	long *ns = calloc(CALLS, sizeof(long));
	struct stats db, fx, floor, inv, oc;
	TEEC_Context ctx;
	TEEC_Session s, keep;
	struct harness h;
	uint32_t origin;

	if (argc != 2 || !ns) {
		fprintf(stderr, "usage: bench_invoke RESULTS.json\n");
		return 2;
	}
	db = measure_floor(ns, FLOOR_DOORBELL);
	fx = measure_floor(ns, FLOOR_FUTEX);
	floor = better(db, fx);
	if (harness_start(&h, &o)) {
		fprintf(stderr, "bench: teebox did not start\n");
		return 1;
	}
	check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	check(TEEC_OpenSession(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL, NULL,
			       &origin),
	      "open session");
	inv = measure_invoke(&s, ns);
	/* One session stays open: the TA is loaded while we measure. */
	check(TEEC_OpenSession(&ctx, &keep, &uuid, TEEC_LOGIN_PUBLIC, NULL,
			       NULL, &origin),
	      "open session");
	oc = measure_open_close(&ctx, ns);
	TEEC_CloseSession(&keep);
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	harness_stop(&h);

	printf("%-28s %10s %10s %10s\n", "figure", "value us", "floor us",
	       "ratio");
	printf("%-28s %10.2f %10.2f %10.2f\n", "invoke_null median",
	       inv.median_us, floor.median_us, inv.median_us / floor.median_us);
	printf("%-28s %10.2f %10.2f %10.2f\n", "invoke_null p99", inv.p99_us,
	       floor.p99_us, inv.p99_us / floor.p99_us);
	printf("%-28s %10.2f\n", "open+close session median", oc.median_us);
	printf("%-28s %10.2f %10.2f\n", "floor doorbells median/p99",
	       db.median_us, db.p99_us);
	printf("%-28s %10.2f %10.2f\n", "floor futexes median/p99",
	       fx.median_us, fx.p99_us);
	printf("(%d calls after %d warm-up; floors: %d processes, doorbells "
	       "or plain futexes; ratio against the better)\n",
	       CALLS, WARMUP, FLOOR_CHAIN_PROCS);
	write_json(argv[1], inv, oc, db, fx);
	printf("%s\n", argv[1]);
	free(ns);
	return 0;
}
