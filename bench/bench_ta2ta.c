// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_ta2ta: what a TA-to-TA null invoke costs beside a client's null
 * invoke of the same run (the floor).
 *
 *  client_null   TA2TA_CMD_NULL invoked by the client on a session to
 *                ta_test_ta2ta_multisess: client -> teed -> secure
 *                world -> TA and back
 *  ta2ta_null    the same command invoked by that TA on its session to
 *                ta_test_ta2ta_multi (TEE_InvokeTACommand): a system call
 *                into the secure world, which runs the target's entry
 *                point nested on the caller's secure thread.  The caller
 *                times batches of N invokes itself (TEE_GetSystemTime, so
 *                the target's process start is not counted): the median
 *                batch over N.
 *
 * Prints a table, writes the figures as JSON to the file named by argv[1]
 * and prints that file's path as the last line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tee_client_api.h>

#include "bench/bench_util.h"
#include "ta/tests/ta2ta/ta_ta2ta_cmds.h"
#include "tests/e2e/harness.h"

#define WARMUP	  500
#define CALLS	  5000
#define BATCHES	  31
#define PER_BATCH 500

static const TEEC_UUID caller = TA_TEST_TA2TA_MULTISESS_UUID;
static const TEEC_UUID target = TA_TEST_TA2TA_MULTI_UUID;

static double client_null_us(TEEC_Session *s, double *v)
{
	uint32_t origin;

	for (int r = 0; r < WARMUP + CALLS; r++) {
		long t = bench_now_ns();

		bench_check(
			TEEC_InvokeCommand(s, TA2TA_CMD_NULL, NULL, &origin),
			"client null invoke");
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(v, CALLS);
}

/* One DO_NULLS batch of PER_BATCH invokes: us per invoke, TA-timed. */
static double batch_us(TEEC_Session *s)
{
	TEEC_Operation op = {0};
	TEEC_UUID u = target;
	uint32_t origin;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_VALUE_INOUT, TEEC_NONE);
	op.params[0].tmpref.buffer = &u;
	op.params[0].tmpref.size = sizeof(u);
	op.params[2].value.a = PER_BATCH;
	bench_check(TEEC_InvokeCommand(s, TA2TA_CMD_DO_NULLS, &op, &origin),
		    "DO_NULLS");
	bench_check(op.params[1].value.a, "TA-to-TA null invoke");
	return op.params[2].value.b * 1000.0 / PER_BATCH;
}

static double ta2ta_null_us(TEEC_Session *s)
{
	double v[BATCHES];

	batch_us(s); /* warm-up */
	for (int i = 0; i < BATCHES; i++)
		v[i] = batch_us(s);
	return bench_median(v, BATCHES);
}

int main(int argc, char **argv)
{
	struct harness_opts o = {.supplicant = true};
	double *v = calloc(CALLS, sizeof(double));
	double client, ta2ta;
	TEEC_Context ctx;
	struct harness h;
	TEEC_Session s;
	uint32_t origin;
	FILE *f;

	if (argc != 2 || !v) {
		fprintf(stderr, "usage: bench_ta2ta RESULTS.json\n");
		return 2;
	}
	if (harness_start(&h, &o))
		bench_fail("teebox did not start");
	bench_check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	bench_check(TEEC_OpenSession(&ctx, &s, &caller, TEEC_LOGIN_PUBLIC, NULL,
				     NULL, &origin),
		    "open session");
	client = client_null_us(&s, v);
	ta2ta = ta2ta_null_us(&s);
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	harness_stop(&h);

	printf("%-28s %10s %10s %10s\n", "figure", "value us", "floor us",
	       "ratio");
	printf("%-28s %10.2f %10.2f %10.2f\n", "ta2ta_null median", ta2ta,
	       client, ta2ta / client);
	printf("(floor: a client null invoke, %d calls after %d warm-up; "
	       "TA-to-TA: %d batches of %d)\n",
	       CALLS, WARMUP, BATCHES, PER_BATCH);
	f = fopen(argv[1], "w");
	if (!f)
		bench_fail("cannot write the results");
	fprintf(f,
		"[\n"
		"  {\"name\": \"ta2ta_null_median\", \"value\": %.2f, "
		"\"unit\": \"us\", \"floor\": %.2f, \"ratio\": %.2f}\n"
		"]\n",
		ta2ta, client, ta2ta / client);
	fclose(f);
	printf("%s\n", argv[1]);
	free(v);
	return 0;
}
