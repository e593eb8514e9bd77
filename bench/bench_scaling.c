// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_scaling: how calls through teebox scale with concurrent clients
 * and with the size of the memory a TA reads, each beside a floor
 * measured in the same run (DESIGN.md §5).
 *
 *  invoke_throughput_N  N clients, each its own thread, TEEC_Context and
 *                       session to ta_test_basic, invoking VALUE_INC
 *                       back to back: calls/s over all of them.
 *                       Floor: N floor chains (bench/floor_chain.h)
 *                       side by side, each driven by its own thread:
 *                       round trips/s over all of them.
 *                       ratio = floor / value, so that, as for the time
 *                       figures, a higher ratio means teebox is slower.
 *                       ta_test_basic is a single instance TA: its calls
 *                       run one at a time, as on OP-TEE, and waiting
 *                       for the instance goes through RPC notifications.
 *  invoke_throughput_own_N  the same with a multi-instance TA
 *                       (ta_test_flags_multi_instance, CMD_INFO): each
 *                       client has an instance of its own, so nothing but
 *                       teebox itself stands between the calls.
 *  invoke_memref_SIZE   one MEMREF_SUM invoke on SIZE bytes of shared
 *                       memory (TEEC_AllocateSharedMemory, a partial
 *                       input memref: zero copy), median time per call.
 *                       Floor: summing the same bytes in this process
 *                       plus one floor chain round trip.
 *                       ratio = value / floor.
 *  memref_read_SIZE     that in-process sum alone, median time.
 *
 * The benchmark makes several runs; in each, the floor and the figure are
 * measured back to back, so that a slow patch of a noisy machine (another
 * build on the same vCPUs) hits both.  The value and the floor reported
 * are the medians over the runs; the ratio is the median of the runs'
 * own ratios, which holds better than the ratio of the medians.  Every
 * answer of the TA is checked: a failing call ends the benchmark instead
 * of being timed.
 *
 * Prints a table, writes the figures as JSON to the file named by argv[1]
 * and prints that file's path as the last line.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tee_client_api.h>

#include "bench/floor_chain.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

/* Throughput: calls per client, after a warm-up, in each of TP_RUNS runs. */
#define MAX_CLIENTS 8
#define TP_WARMUP   300
#define TP_CALLS    4000
#define TP_RUNS	    7

/* Memrefs: MR_RUNS runs of (round trips, in-process sums, invokes). */
#define MR_RUNS	  15
#define MR_WARMUP 20

static const int client_counts[] = {1, 2, 4, 8};
#define N_COUNTS (int)(sizeof(client_counts) / sizeof(client_counts[0]))

/**
 * struct memref_case - one memref size
 * @name:	its part of the figure's name
 * @size:	bytes the TA reads
 * @calls:	samples of each kind per run
 */
struct memref_case {
	const char *name;
	size_t size;
	int calls;
};

static const struct memref_case memref_cases[] = {
	{"4k", 4096, 300},
	{"1m", 1024 * 1024, 12},
};
#define N_MEMREF (int)(sizeof(memref_cases) / sizeof(memref_cases[0]))

static long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Sorts @v in place and returns its median. */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

static void check(TEEC_Result res, const char *what)
{
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "bench: %s failed: 0x%08x\n", what, res);
		exit(1);
	}
}

static void fail(const char *what)
{
	fprintf(stderr, "bench: %s\n", what);
	exit(1);
}

/*
 * Throughput.  Every client thread warms up, waits for the others, makes
 * TP_CALLS calls, and waits for the others again before it tears down, so
 * that neither set-up nor tear-down overlaps a timed call.
 */

struct tp_run;

/**
 * struct tp_client - one client thread of a throughput run
 * @run:	the run it belongs to
 * @idx:	its index: which floor chain it drives
 * @thread:	the thread
 * @start_ns, @end_ns: when its timed calls began and ended
 */
struct tp_client {
	struct tp_run *run;
	int idx;
	pthread_t thread;
	long start_ns;
	long end_ns;
};

/**
 * struct tp_run - a throughput run
 * @chains:	the floor chains (a floor run) or NULL (a teebox run)
 * @own:	each client calls an instance of its own
 * @clients:	how many clients run
 * @barrier:	the clients meet here after warm-up and after timing
 */
struct tp_run {
	struct floor_chain *chains;
	bool own;
	int clients;
	pthread_barrier_t barrier;
	struct tp_client client[MAX_CLIENTS];
};

/**
 * struct tp_target - what a throughput client calls
 * @uuid:	the TA
 * @cmd:	the command
 * @types:	its parameter types
 */
struct tp_target {
	TEEC_UUID uuid;
	uint32_t cmd;
	uint32_t types;
};

/* The single instance TA: VALUE_INC on this client's own value. */
static const struct tp_target shared_target = {
	.uuid = TA_TEST_BASIC_UUID,
	.cmd = TA_TEST_CMD_VALUE_INC,
	.types = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
				  TEEC_NONE),
};

/* The multi-instance TA: its instance counts the calls. */
static const struct tp_target own_target = {
	.uuid = TA_TEST_FLAGS_MULTI_INSTANCE_UUID,
	.cmd = TA_TEST_FLAGS_CMD_INFO,
	.types = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
				  TEEC_NONE, TEEC_NONE),
};

static void invoke_target(TEEC_Session *s, const struct tp_target *t,
			  TEEC_Operation *op)
{
	uint32_t origin;

	check(TEEC_InvokeCommand(s, t->cmd, op, &origin), "invoke");
}

/* Did the TA count every call of this client (and only those)? */
static bool counted_right(bool own, const TEEC_Operation *op)
{
	const uint32_t calls = TP_WARMUP + TP_CALLS;

	if (own) /* the instance's call count; its one session */
		return op->params[0].value.b == calls &&
		       op->params[1].value.a == 1;
	/* Each call added 1 to a and 2 to b of this client's own value. */
	return op->params[0].value.a == calls &&
	       op->params[0].value.b == 2 * calls;
}

static void *tp_invoke_client(void *arg)
{
	struct tp_client *c = arg;
	const struct tp_target *t = c->run->own ? &own_target : &shared_target;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	uint32_t origin;

	check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	check(TEEC_OpenSession(&ctx, &s, &t->uuid, TEEC_LOGIN_PUBLIC, NULL,
			       NULL, &origin),
	      "open session");
	memset(&op, 0, sizeof(op));
	op.paramTypes = t->types;
	for (int r = 0; r < TP_WARMUP; r++)
		invoke_target(&s, t, &op);
	pthread_barrier_wait(&c->run->barrier);

	c->start_ns = now_ns();
	for (int r = 0; r < TP_CALLS; r++)
		invoke_target(&s, t, &op);
	c->end_ns = now_ns();

	pthread_barrier_wait(&c->run->barrier);
	if (!counted_right(c->run->own, &op))
		fail("the TA counted wrong");
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	return NULL;
}

static void *tp_floor_client(void *arg)
{
	struct tp_client *c = arg;
	struct floor_chain *chain = &c->run->chains[c->idx];

	for (int r = 0; r < TP_WARMUP; r++)
		floor_chain_round_trip(chain);
	pthread_barrier_wait(&c->run->barrier);

	c->start_ns = now_ns();
	for (int r = 0; r < TP_CALLS; r++)
		floor_chain_round_trip(chain);
	c->end_ns = now_ns();

	pthread_barrier_wait(&c->run->barrier);
	return NULL;
}

/*
 * One throughput run of @clients clients: teebox calls when @chains is
 * NULL (to instances of their own if @own), else floor round trips.
 * Returns operations per second over all clients, from the first timed
 * call to the last.
 */
static double tp_measure(int clients, struct floor_chain *chains, bool own)
{
	struct tp_run run = {.chains = chains, .own = own, .clients = clients};
	long start = 0, end = 0;

	if (pthread_barrier_init(&run.barrier, NULL, clients))
		fail("barrier");
	for (int i = 0; i < clients; i++) {
		struct tp_client *c = &run.client[i];

		c->run = &run;
		c->idx = i;
		if (pthread_create(&c->thread, NULL,
				   chains ? tp_floor_client : tp_invoke_client,
				   c))
			fail("thread");
	}
	for (int i = 0; i < clients; i++) {
		struct tp_client *c = &run.client[i];

		pthread_join(c->thread, NULL);
		if (i == 0 || c->start_ns < start)
			start = c->start_ns;
		if (i == 0 || c->end_ns > end)
			end = c->end_ns;
	}
	pthread_barrier_destroy(&run.barrier);
	return (double)clients * TP_CALLS * 1e9 / (double)(end - start);
}

/**
 * struct tp_result - throughput for one number of clients
 * @value:	teebox calls/s (median of the runs)
 * @floor:	floor round trips/s (median of the runs)
 * @ratio:	median of the runs' floor / value: higher is slower
 */
struct tp_result {
	double value;
	double floor;
	double ratio;
};

static void measure_throughput(struct floor_chain *chains, bool own,
			       struct tp_result *res)
{
	double value[N_COUNTS][TP_RUNS], floor[N_COUNTS][TP_RUNS];
	double ratio[N_COUNTS][TP_RUNS];

	for (int run = 0; run < TP_RUNS; run++) {
		for (int k = 0; k < N_COUNTS; k++) {
			floor[k][run] =
				tp_measure(client_counts[k], chains, false);
			value[k][run] = tp_measure(client_counts[k], NULL, own);
			ratio[k][run] = floor[k][run] / value[k][run];
		}
	}
	for (int k = 0; k < N_COUNTS; k++) {
		res[k].value = median(value[k], TP_RUNS);
		res[k].floor = median(floor[k], TP_RUNS);
		res[k].ratio = median(ratio[k], TP_RUNS);
	}
}

/*
 * Memrefs.
 */

/*
 * The TA's read, done here: the same loop as memref_sum() in
 * ta/tests/basic/ta_test_basic.c, built with the same flags.
 */
__attribute__((noinline)) static uint32_t byte_sum(const uint8_t *buf,
						   size_t size)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < size; i++)
		sum += buf[i];
	return sum;
}

/**
 * struct memref_result - figures for one memref size, each the median
 * over the runs of a run's median
 * @invoke_us:	time of one MEMREF_SUM invoke
 * @read_us:	time of the same sum in this process
 * @round_trip_us: floor chain round trip
 * @floor_us:	@read_us + @round_trip_us
 * @ratio:	median of the runs' invoke / (read + round trip)
 */
struct memref_result {
	double invoke_us;
	double read_us;
	double round_trip_us;
	double floor_us;
	double ratio;
};

static void invoke_sum(TEEC_Session *s, TEEC_SharedMemory *shm, uint32_t want)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = shm;
	op.params[0].memref.size = shm->size;
	check(TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
	      "memref invoke");
	if (op.params[1].value.a != want || op.params[1].value.b != shm->size)
		fail("the TA summed wrong");
}

static void measure_memref(TEEC_Context *ctx, TEEC_Session *s,
			   struct floor_chain *chain,
			   const struct memref_case *mc,
			   struct memref_result *res)
{
	double *inv = calloc(mc->calls, sizeof(double));
	double *rd = calloc(mc->calls, sizeof(double));
	double *rt = calloc(mc->calls, sizeof(double));
	double run_inv[MR_RUNS], run_rd[MR_RUNS], run_rt[MR_RUNS];
	double run_floor[MR_RUNS], run_ratio[MR_RUNS];
	TEEC_SharedMemory shm = {.size = mc->size, .flags = TEEC_MEM_INPUT};
	uint32_t want = 0;
	uint8_t *p;

	if (!inv || !rd || !rt)
		fail("out of memory");
	check(TEEC_AllocateSharedMemory(ctx, &shm), "allocate shared memory");
	p = shm.buffer;
	for (size_t i = 0; i < mc->size; i++) {
		p[i] = (uint8_t)(i * 7 + 3);
		want += p[i];
	}
	for (int r = 0; r < MR_WARMUP; r++) {
		invoke_sum(s, &shm, want);
		floor_chain_round_trip(chain);
	}

	for (int run = 0; run < MR_RUNS; run++) {
		for (int r = 0; r < mc->calls; r++) {
			long t = now_ns();

			floor_chain_round_trip(chain);
			rt[r] = (now_ns() - t) / 1000.0;
		}
		for (int r = 0; r < mc->calls; r++) {
			long t = now_ns();
			uint32_t sum = byte_sum(p, mc->size);

			rd[r] = (now_ns() - t) / 1000.0;
			if (sum != want)
				fail("in-process sum differs");
		}
		for (int r = 0; r < mc->calls; r++) {
			long t = now_ns();

			invoke_sum(s, &shm, want);
			inv[r] = (now_ns() - t) / 1000.0;
		}
		run_inv[run] = median(inv, mc->calls);
		run_rd[run] = median(rd, mc->calls);
		run_rt[run] = median(rt, mc->calls);
		run_floor[run] = run_rd[run] + run_rt[run];
		run_ratio[run] = run_inv[run] / run_floor[run];
	}
	res->invoke_us = median(run_inv, MR_RUNS);
	res->read_us = median(run_rd, MR_RUNS);
	res->round_trip_us = median(run_rt, MR_RUNS);
	res->floor_us = median(run_floor, MR_RUNS);
	res->ratio = median(run_ratio, MR_RUNS);

	TEEC_ReleaseSharedMemory(&shm);
	free(rt);
	free(rd);
	free(inv);
}

/*
 * Output.
 */

static void print_throughput(const struct tp_result *tp, const char *what)
{
	for (int k = 0; k < N_COUNTS; k++) {
		char name[48];

		snprintf(name, sizeof(name), "invoke throughput, %d client%s%s",
			 client_counts[k], client_counts[k] > 1 ? "s" : "",
			 what);
		printf("%-40s %12.0f %12.0f %8.2f\n", name, tp[k].value,
		       tp[k].floor, tp[k].ratio);
	}
}

static void print_table(const struct tp_result *tp,
			const struct tp_result *tp_own,
			const struct memref_result *mr)
{
	printf("%-40s %12s %12s %8s\n", "figure", "calls/s", "floor rt/s",
	       "ratio");
	print_throughput(tp, "");
	print_throughput(tp_own, ", own inst.");
	printf("(ratio = floor / value: higher is slower, as for times; "
	       "floor: as many %d-process\n doorbell chains side by side; "
	       "%d calls per client after %d warm-up; medians\n of %d runs, "
	       "the ratio is the median of the runs' ratios; own inst.: a\n"
	       " multi-instance TA, an instance per client)\n",
	       FLOOR_CHAIN_PROCS, TP_CALLS, TP_WARMUP, TP_RUNS);

	printf("\n%-28s %10s %10s %8s %10s %10s\n", "figure", "value us",
	       "floor us", "ratio", "read us", "rt us");
	for (int i = 0; i < N_MEMREF; i++) {
		char name[40];

		snprintf(name, sizeof(name), "invoke memref %s median",
			 memref_cases[i].name);
		printf("%-28s %10.2f %10.2f %8.2f %10.2f %10.2f\n", name,
		       mr[i].invoke_us, mr[i].floor_us, mr[i].ratio,
		       mr[i].read_us, mr[i].round_trip_us);
	}
	printf("(ratio = value / floor; floor = in-process read + floor "
	       "chain round trip;\n medians of %d runs of %d (4k) / %d (1m) "
	       "calls; the ratio is the median of the\n runs' ratios)\n",
	       MR_RUNS, memref_cases[0].calls, memref_cases[1].calls);
}

/*
 * The figures as a JSON array of {name, value, unit[, floor, ratio]}.
 * For throughput the ratio is floor / value (round trips/s over calls/s)
 * so that, like every time ratio, higher means teebox is slower.  Ratios
 * are medians of the runs' ratios (see the top of the file), so they need
 * not equal floor / value of the medians exactly.
 */
static void write_json_throughput(FILE *f, const struct tp_result *tp,
				  const char *what)
{
	for (int k = 0; k < N_COUNTS; k++)
		fprintf(f,
			"  {\"name\": \"invoke_throughput_%s%d\", "
			"\"value\": %.0f, \"unit\": \"calls/s\", "
			"\"floor\": %.0f, \"ratio\": %.2f},\n",
			what, client_counts[k], tp[k].value, tp[k].floor,
			tp[k].ratio);
}

static void write_json(const char *path, const struct tp_result *tp,
		       const struct tp_result *tp_own,
		       const struct memref_result *mr)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "[\n");
	write_json_throughput(f, tp, "");
	write_json_throughput(f, tp_own, "own_");
	for (int i = 0; i < N_MEMREF; i++)
		fprintf(f,
			"  {\"name\": \"invoke_memref_%s_median\", "
			"\"value\": %.2f, \"unit\": \"us\", "
			"\"floor\": %.2f, \"ratio\": %.2f},\n",
			memref_cases[i].name, mr[i].invoke_us, mr[i].floor_us,
			mr[i].ratio);
	for (int i = 0; i < N_MEMREF; i++)
		fprintf(f,
			"  {\"name\": \"memref_read_%s_in_process_median\", "
			"\"value\": %.2f, \"unit\": \"us\"}%s\n",
			memref_cases[i].name, mr[i].read_us,
			i < N_MEMREF - 1 ? "," : "");
	fprintf(f, "]\n");
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	const TEEC_UUID uuid = TA_TEST_BASIC_UUID;
	struct harness_opts o = {.supplicant = true};
	struct floor_chain chains[MAX_CLIENTS];
	struct tp_result tp[N_COUNTS], tp_own[N_COUNTS];
	struct memref_result mr[N_MEMREF];
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin;

	if (argc != 2) {
		fprintf(stderr, "usage: bench_scaling RESULTS.json\n");
		return 2;
	}
	/*
	 * The chains are forked first, before this process holds anything
	 * of teebox's (sockets, shared memory) they would inherit.  Idle, a
	 * chain sleeps on its futexes and costs the other runs nothing.
	 */
	for (int i = 0; i < MAX_CLIENTS; i++)
		if (floor_chain_start(&chains[i], FLOOR_DOORBELL))
			fail("floor chain did not start");
	if (harness_start(&h, &o))
		fail("teebox did not start");

	measure_throughput(chains, false, tp);
	measure_throughput(chains, true, tp_own);

	check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	check(TEEC_OpenSession(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL, NULL,
			       &origin),
	      "open session");
	for (int i = 0; i < N_MEMREF; i++)
		measure_memref(&ctx, &s, &chains[0], &memref_cases[i], &mr[i]);
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	if (harness_stop(&h))
		fail("teed did not stop cleanly");
	for (int i = 0; i < MAX_CLIENTS; i++)
		if (floor_chain_stop(&chains[i]))
			fail("floor chain failed");

	print_table(tp, tp_own, mr);
	write_json(argv[1], tp, tp_own, mr);
	printf("%s\n", argv[1]);
	return 0;
}
