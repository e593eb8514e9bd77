// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_tempref: what a temporary memref costs (TEEC_MEMREF_TEMP_* on the
 * application's own malloc'd buffer, as OP-TEE's examples pass data),
 * beside the least such a call can cost, measured in the same run.
 *
 *  tempref_DIR_SIZE_MODE  one invoke of ta_test_basic with [0] a TEMP
 *                 memref of SIZE bytes: DIR "in" is TEMP_INPUT read by
 *                 MEMREF_SUM, "out" TEMP_OUTPUT written by MEMREF_FILL,
 *                 "inout" TEMP_INOUT written by MEMREF_FILL; MODE
 *                 "reserved" (teed's default) or "dynamic"
 *                 (teed --dynamic-shm).  Median time per call.
 *                 Floor: the null invoke of the same run, plus, in this
 *                 process, what GP asks of the data: the copy of SIZE
 *                 bytes in (INPUT, INOUT), the TA's work on them (the
 *                 same sum or fill loop as the TA's), and the copy back
 *                 (OUTPUT, INOUT).  ratio = value / floor.
 *  invoke_null_MODE  the null invoke (VALUE_INOUT, VALUE_INC) of the run.
 *
 * Each run measures the null invoke, then for every case the in-process
 * work and the invokes back to back, so that a slow patch of the machine
 * hits the floor and the figure alike; values and floors are medians over
 * the runs of each run's median, the ratio is the median of the runs'
 * ratios (as in bench_scaling).  Every answer is checked.
 *
 * Prints a table, writes the figures as JSON to the file named by argv[1]
 * and prints that file's path as the last line.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tee_client_api.h>

#include "bench/bench_util.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

#define RUNS	   9
#define WARMUP	   10
#define NULL_CALLS 400

enum tr_dir { TR_IN, TR_OUT, TR_INOUT, TR_NDIR };

static const char *const dir_name[TR_NDIR] = {"in", "out", "inout"};

/**
 * struct tr_size - one buffer size
 * @name:	its part of the figure's name
 * @size:	bytes
 * @calls:	samples of each kind per run
 */
struct tr_size {
	const char *name;
	size_t size;
	int calls;
};

static const struct tr_size sizes[] = {
	{"4k", 4096, 200},
	{"64k", 64 * 1024, 100},
	{"1m", 1024 * 1024, 20},
};
#define N_SIZES (int)(sizeof(sizes) / sizeof(sizes[0]))

/**
 * struct tr_mode - a shared-memory mode of teed
 * @name:	its part of the figure's name
 * @args:	teed's extra arguments
 */
struct tr_mode {
	const char *name;
	const char *const *args;
};

static const char *const dynamic_args[] = {"--dynamic-shm", NULL};

static const struct tr_mode modes[] = {
	{"reserved", NULL},
	{"dynamic", dynamic_args},
};
#define N_MODES (int)(sizeof(modes) / sizeof(modes[0]))

/**
 * struct tr_result - one figure: medians over the runs
 * @value_us:	the invoke
 * @work_us:	the in-process copies and work
 * @floor_us:	@work_us + the run's null invoke
 * @ratio:	median of the runs' value / floor
 */
struct tr_result {
	double value_us;
	double work_us;
	double floor_us;
	double ratio;
};

/**
 * struct tr_mode_result - the figures of one shm mode
 * @null_us:	the null invoke
 * @r:		per direction and size
 */
struct tr_mode_result {
	double null_us;
	struct tr_result r[TR_NDIR][N_SIZES];
};

/*
 * The TA's loops, done here (ta/tests/basic/ta_test_basic.c memref_sum()
 * and memref_fill()), built with the same flags.
 */
__attribute__((noinline)) static uint32_t byte_sum(const uint8_t *buf,
						   size_t size)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < size; i++)
		sum += buf[i];
	return sum;
}

__attribute__((noinline)) static void byte_fill(uint8_t *buf, size_t size,
						uint32_t a)
{
	for (size_t i = 0; i < size; i++)
		buf[i] = (uint8_t)(a + i);
}

/* What GP makes of one call, in this process: copies and the TA's work. */
static void work(enum tr_dir dir, uint8_t *client, uint8_t *scratch,
		 size_t size, uint32_t seed, uint32_t want)
{
	if (dir != TR_OUT)
		memcpy(scratch, client, size);
	if (dir == TR_IN) {
		if (byte_sum(scratch, size) != want)
			bench_fail("in-process sum differs");
		return;
	}
	byte_fill(scratch, size, seed);
	memcpy(client, scratch, size);
}

static void invoke_null(TEEC_Session *s, TEEC_Operation *op)
{
	uint32_t origin;

	bench_check(TEEC_InvokeCommand(s, TA_TEST_CMD_VALUE_INC, op, &origin),
		    "null invoke");
}

static void invoke_tempref(TEEC_Session *s, enum tr_dir dir, uint8_t *client,
			   size_t size, uint32_t seed, uint32_t want)
{
	static const uint32_t type[TR_NDIR] = {TEEC_MEMREF_TEMP_INPUT,
					       TEEC_MEMREF_TEMP_OUTPUT,
					       TEEC_MEMREF_TEMP_INOUT};
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.params[0].tmpref.buffer = client;
	op.params[0].tmpref.size = size;
	if (dir == TR_IN) {
		op.paramTypes = TEEC_PARAM_TYPES(type[dir], TEEC_VALUE_OUTPUT,
						 TEEC_NONE, TEEC_NONE);
		bench_check(TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_SUM, &op,
					       &origin),
			    "tempref sum");
		if (op.params[1].value.a != want ||
		    op.params[1].value.b != size)
			bench_fail("the TA summed wrong");
		return;
	}
	op.paramTypes = TEEC_PARAM_TYPES(type[dir], TEEC_VALUE_INPUT, TEEC_NONE,
					 TEEC_NONE);
	op.params[1].value.a = seed;
	bench_check(
		TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_FILL, &op, &origin),
		"tempref fill");
	/* The first and last byte show the TA's output came back. */
	if (op.params[0].tmpref.size != size || client[0] != (uint8_t)seed ||
	    client[size - 1] != (uint8_t)(seed + size - 1))
		bench_fail("the TA's output did not come back");
}

/* The client's input: the same pattern as bench_scaling's. */
static uint32_t fill_input(uint8_t *client, size_t size)
{
	uint32_t want = 0;

	for (size_t i = 0; i < size; i++) {
		client[i] = (uint8_t)(i * 7 + 3);
		want += client[i];
	}
	return want;
}

/*
 * One case of one run: median of the in-process work in @work_us, median
 * of the invokes returned.
 */
static double run_case(TEEC_Session *s, enum tr_dir dir,
		       const struct tr_size *sz, uint8_t *client,
		       uint8_t *scratch, double *samples, double *work_us)
{
	uint32_t want = fill_input(client, sz->size);

	for (int r = 0; r < sz->calls; r++) {
		long t = bench_now_ns();

		work(dir, client, scratch, sz->size, (uint32_t)r, want);
		samples[r] = (bench_now_ns() - t) / 1000.0;
	}
	*work_us = bench_median(samples, sz->calls);
	if (dir == TR_IN)
		want = fill_input(client, sz->size);
	for (int r = 0; r < WARMUP; r++)
		invoke_tempref(s, dir, client, sz->size, (uint32_t)r, want);
	for (int r = 0; r < sz->calls; r++) {
		long t = bench_now_ns();

		invoke_tempref(s, dir, client, sz->size, (uint32_t)r, want);
		samples[r] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(samples, sz->calls);
}

static double run_null(TEEC_Session *s, double *samples)
{
	TEEC_Operation op;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	for (int r = 0; r < WARMUP; r++)
		invoke_null(s, &op);
	for (int r = 0; r < NULL_CALLS; r++) {
		long t = bench_now_ns();

		invoke_null(s, &op);
		samples[r] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(samples, NULL_CALLS);
}

static void measure_mode(const struct tr_mode *mode, struct tr_mode_result *res)
{
	static double value[TR_NDIR][N_SIZES][RUNS], wk[TR_NDIR][N_SIZES][RUNS];
	static double fl[TR_NDIR][N_SIZES][RUNS], ratio[TR_NDIR][N_SIZES][RUNS];
	const TEEC_UUID uuid = TA_TEST_BASIC_UUID;
	struct harness_opts o = {.supplicant = true, .teed_args = mode->args};
	size_t max = sizes[N_SIZES - 1].size;
	uint8_t *client = malloc(max), *scratch = malloc(max);
	double *samples = calloc(NULL_CALLS, sizeof(double));
	double null_us[RUNS];
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin;

	if (!client || !scratch || !samples)
		bench_fail("out of memory");
	if (harness_start(&h, &o))
		bench_fail("teebox did not start");
	bench_check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	bench_check(TEEC_OpenSession(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL,
				     NULL, &origin),
		    "open session");
	for (int run = 0; run < RUNS; run++) {
		null_us[run] = run_null(&s, samples);
		for (int d = 0; d < TR_NDIR; d++) {
			for (int k = 0; k < N_SIZES; k++) {
				double *w = &wk[d][k][run];

				value[d][k][run] =
					run_case(&s, (enum tr_dir)d, &sizes[k],
						 client, scratch, samples, w);
				fl[d][k][run] = *w + null_us[run];
				ratio[d][k][run] =
					value[d][k][run] / fl[d][k][run];
			}
		}
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	if (harness_stop(&h))
		bench_fail("teed did not stop cleanly");

	res->null_us = bench_median(null_us, RUNS);
	for (int d = 0; d < TR_NDIR; d++) {
		for (int k = 0; k < N_SIZES; k++) {
			struct tr_result *r = &res->r[d][k];

			r->value_us = bench_median(value[d][k], RUNS);
			r->work_us = bench_median(wk[d][k], RUNS);
			r->floor_us = bench_median(fl[d][k], RUNS);
			r->ratio = bench_median(ratio[d][k], RUNS);
		}
	}
	free(samples);
	free(scratch);
	free(client);
}

static void print_table(const struct tr_mode_result *mr)
{
	printf("%-30s %10s %10s %8s %10s %10s\n", "figure", "value us",
	       "floor us", "ratio", "work us", "MB/s");
	for (int m = 0; m < N_MODES; m++) {
		printf("%-30s %10.2f\n", modes[m].name, mr[m].null_us);
		for (int d = 0; d < TR_NDIR; d++) {
			for (int k = 0; k < N_SIZES; k++) {
				const struct tr_result *r = &mr[m].r[d][k];
				char name[48];

				snprintf(name, sizeof(name),
					 "tempref %s %s %s median", dir_name[d],
					 sizes[k].name, modes[m].name);
				printf("%-30s %10.2f %10.2f %8.2f %10.2f "
				       "%10.0f\n",
				       name, r->value_us, r->floor_us, r->ratio,
				       r->work_us, sizes[k].size / r->value_us);
			}
		}
	}
	printf("(the mode lines give the null invoke; floor = that null "
	       "invoke + the copies\n GP asks for and the TA's loop, in "
	       "this process; ratio = value / floor,\n median of %d runs' "
	       "ratios; MB/s = size / value)\n",
	       RUNS);
}

static void write_json(const char *path, const struct tr_mode_result *mr)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "[\n");
	for (int m = 0; m < N_MODES; m++) {
		fprintf(f,
			"  {\"name\": \"tempref_null_invoke_%s_median\", "
			"\"value\": %.2f, \"unit\": \"us\"},\n",
			modes[m].name, mr[m].null_us);
		for (int d = 0; d < TR_NDIR; d++) {
			for (int k = 0; k < N_SIZES; k++) {
				const struct tr_result *r = &mr[m].r[d][k];
				bool last = m == N_MODES - 1 &&
					    d == TR_NDIR - 1 &&
					    k == N_SIZES - 1;

				fprintf(f,
					"  {\"name\": \"tempref_%s_%s_%s_"
					"median\", \"value\": %.2f, "
					"\"unit\": \"us\", \"floor\": %.2f, "
					"\"ratio\": %.2f}%s\n",
					dir_name[d], sizes[k].name,
					modes[m].name, r->value_us, r->floor_us,
					r->ratio, last ? "" : ",");
			}
		}
	}
	fprintf(f, "]\n");
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	static struct tr_mode_result mr[N_MODES];

	if (argc != 2) {
		fprintf(stderr, "usage: bench_tempref RESULTS.json\n");
		return 2;
	}
	for (int m = 0; m < N_MODES; m++)
		measure_mode(&modes[m], &mr[m]);
	print_table(mr);
	write_json(argv[1], mr);
	printf("%s\n", argv[1]);
	return 0;
}
