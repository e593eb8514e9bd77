// SPDX-License-Identifier: BSD-2-Clause
/*
 * One client of the load test (tests/load/run-load.sh): through libteec,
 * like any application, it makes INVOKES calls to the basic test TA,
 * shared among THREADS threads with a session each, and on the way closes and reopens its session and
 * allocates, uses and frees shared memory, at random points its seed
 * decides.  The driver kills some clients with SIGKILL at random; what
 * they held must all come back.
 *
 * Exit status: 0 when every call gave what it should, 1 otherwise (the
 * first wrong result is printed).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tee_client_api.h>

#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define MAX_THREADS 8
/*
 * Shared memory sizes: up to 8 KiB.  64 clients of 2 threads, each
 * holding one block and using another, must fit the 4 MiB reserved pool
 * together: the pool running out is not what this test is about.
 */
#define MAX_SHM (8u << 10)

/**
 * struct worker - one thread of the client
 * @ctx:	the client's context, shared by its threads
 * @invokes:	calls to make
 * @seed:	its random sequence
 * @failed:	set when a call went wrong
 * @thread:	the thread
 */
struct worker {
	TEEC_Context *ctx;
	unsigned long invokes;
	unsigned int seed;
	int failed;
	pthread_t thread;
};

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static int fail(struct worker *w, const char *what, TEEC_Result res)
{
	fprintf(stderr, "load_client: %s: 0x%08x\n", what, res);
	w->failed = 1;
	return -1;
}

static int open_session(struct worker *w, TEEC_Session *s)
{
	uint32_t origin;
	TEEC_Result res = TEEC_OpenSession(
		w->ctx, s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL, NULL, &origin);

	return res == TEEC_SUCCESS ? 0 : fail(w, "open session", res);
}

static int invoke_inc(struct worker *w, TEEC_Session *s, uint32_t a)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	op.params[0].value.a = a;
	op.params[0].value.b = a;
	res = TEEC_InvokeCommand(s, TA_TEST_CMD_VALUE_INC, &op, &origin);
	if (res != TEEC_SUCCESS)
		return fail(w, "invoke", res);
	if (op.params[0].value.a != a + 1 || op.params[0].value.b != a + 2)
		return fail(w, "invoke: wrong values", res);
	return 0;
}

/* Shared memory of a random size, filled; its byte sum in *@sum. */
static int alloc_shm(struct worker *w, TEEC_SharedMemory *shm, uint32_t *sum)
{
	TEEC_Result res;

	memset(shm, 0, sizeof(*shm));
	shm->flags = TEEC_MEM_INPUT;
	shm->size = 1 + (size_t)rand_r(&w->seed) % MAX_SHM;
	res = TEEC_AllocateSharedMemory(w->ctx, shm);
	if (res != TEEC_SUCCESS)
		return fail(w, "allocate shared memory", res);
	*sum = 0;
	for (size_t i = 0; i < shm->size; i++) {
		((uint8_t *)shm->buffer)[i] = (uint8_t)(i * 7);
		*sum += (uint8_t)(i * 7);
	}
	return 0;
}

/* Has the TA sum @shm. */
static int sum_shm(struct worker *w, TEEC_Session *s, TEEC_SharedMemory *shm,
		   uint32_t sum)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = shm;
	res = TEEC_InvokeCommand(s, TA_TEST_CMD_MEMREF_SUM, &op, &origin);
	if (res != TEEC_SUCCESS)
		return fail(w, "memref invoke", res);
	if (op.params[1].value.a != sum || op.params[1].value.b != shm->size)
		return fail(w, "memref invoke: wrong sum", res);
	return 0;
}

/* Allocates shared memory, has the TA sum it, frees it. */
static int use_shm(struct worker *w, TEEC_Session *s)
{
	TEEC_SharedMemory shm;
	uint32_t sum;
	int rc;

	if (alloc_shm(w, &shm, &sum))
		return -1;
	rc = sum_shm(w, s, &shm, sum);
	TEEC_ReleaseSharedMemory(&shm);
	return rc;
}

/*
 * The calls of one thread.  It always holds one block of shared memory
 * besides (replaced now and then), so that a client killed at any moment
 * leaves some for teed to take back.
 */
static void *work(void *arg)
{
	struct worker *w = arg;
	TEEC_SharedMemory held;
	uint32_t held_sum;
	TEEC_Session s;

	if (alloc_shm(w, &held, &held_sum))
		return NULL;
	if (open_session(w, &s))
		goto out_shm;
	for (unsigned long i = 0; i < w->invokes; i++) {
		unsigned int r = (unsigned int)rand_r(&w->seed);

		if (invoke_inc(w, &s, r >> 8))
			break;
		/* About one call in 64 also uses fresh shared memory. */
		if (r % 64 == 0 && use_shm(w, &s))
			break;
		/* One in 64 uses the block it holds; one in 256 replaces it. */
		if (r % 64 == 3 && sum_shm(w, &s, &held, held_sum))
			break;
		if (r % 256 == 2) {
			TEEC_ReleaseSharedMemory(&held);
			if (alloc_shm(w, &held, &held_sum))
				goto out_session;
		}
		/* About one in 128 closes the session and opens a new one. */
		if (r % 128 == 1) {
			TEEC_CloseSession(&s);
			if (open_session(w, &s))
				goto out_shm;
		}
	}
	TEEC_CloseSession(&s);
out_shm:
	TEEC_ReleaseSharedMemory(&held);
	return NULL;
out_session:
	TEEC_CloseSession(&s);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker w[MAX_THREADS];
	TEEC_Context ctx;
	TEEC_Result res;
	unsigned long invokes;
	unsigned int seed, nthreads;
	int failed = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: load_client INVOKES THREADS SEED\n");
		return 2;
	}
	invokes = strtoul(argv[1], NULL, 0);
	nthreads = (unsigned int)strtoul(argv[2], NULL, 0);
	seed = (unsigned int)strtoul(argv[3], NULL, 0);
	if (!nthreads || nthreads > MAX_THREADS)
		return 2;
	res = TEEC_InitializeContext(NULL, &ctx);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "load_client: initialize context: 0x%08x\n",
			res);
		return 1;
	}
	for (unsigned int i = 0; i < nthreads; i++) {
		w[i] = (struct worker){.ctx = &ctx,
				       .invokes = invokes / nthreads +
						  (i < invokes % nthreads),
				       .seed = seed * MAX_THREADS + i};
		if (pthread_create(&w[i].thread, NULL, work, &w[i]))
			return 1;
	}
	for (unsigned int i = 0; i < nthreads; i++) {
		pthread_join(w[i].thread, NULL);
		failed |= w[i].failed;
	}
	TEEC_FinalizeContext(&ctx);
	return failed;
}
