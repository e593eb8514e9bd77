// SPDX-License-Identifier: BSD-2-Clause
/*
 * GlobalPlatform TEE Client API v1.0 conformance, live: every function,
 * every parameter kind, the login methods, returnOrigin of each layer,
 * thread safety and misuse, through libteec against a whole teebox
 * (teed, the secure world, tee-supplicant, ta_test_basic).
 *
 * "GP §4.5.n" names the function's section of the specification; where
 * it leaves a detail open, OP-TEE's libteec (optee_client) and the
 * mainline kernel decide (docs/abi.md §6.4).  test_libteec_* check the
 * ioctl encoding against the TEE core with a scripted test driver; here
 * the TEE on the other side is real and the checks are on what the TA saw
 * and what came back.
 *
 * Most tests share one teebox (the first group); the last group takes
 * its teebox down under a live context.
 */
#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

/* The TA's TEE_PARAM_TYPE_MEMREF_* as TA_TEST_CMD_MEMREF_INFO reports. */
#define TA_MEMREF_INPUT	 5
#define TA_MEMREF_OUTPUT 6
#define TA_MEMREF_INOUT	 7

/* A login in the REE kernel range (mainline: not for user space). */
#define LOGIN_REE_KERNEL 0x80000000u

#define NTHREADS 8
#define NCALLS	 200

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/* The teebox of the first group. */
static struct harness tb;

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int group_setup(void **state)
{
	return harness_start(&tb, &(struct harness_opts){.supplicant = true});
}

static int group_teardown(void **state)
{
	/* A clean shutdown is part of the suite: teed must exit 0. */
	return harness_stop(&tb);
}

static TEEC_Operation op_of(uint32_t t0, uint32_t t1, uint32_t t2, uint32_t t3)
{
	TEEC_Operation op;

	/* GP: started must be 0 before each use that may be cancelled. */
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(t0, t1, t2, t3);
	return op;
}

/* A context and a session to ta_test_basic; the open's origin is the TA. */
static void open_basic(TEEC_Context *ctx, TEEC_Session *s)
{
	assert_int_equal(e2e_open(ctx, s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL),
			 TEEC_ORIGIN_TRUSTED_APP);
}

static TEEC_Result invoke(TEEC_Session *s, uint32_t cmd, TEEC_Operation *op,
			  uint32_t *origin)
{
	*origin = 0;
	return TEEC_InvokeCommand(s, cmd, op, origin);
}

/*
 * The TA instance's counters (TA_TEST_CMD_LIFECYCLE): @opens sessions
 * opened, @invokes commands entered, this one included.  How a test sees
 * that a refused call never reached the TA.
 */
static void ta_counts(TEEC_Session *s, uint32_t *opens, uint32_t *invokes)
{
	TEEC_Operation op = op_of(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
				  TEEC_NONE, TEEC_NONE);
	uint32_t origin;

	assert_int_equal(invoke(s, TA_TEST_CMD_LIFECYCLE, &op, &origin),
			 TEEC_SUCCESS);
	if (opens)
		*opens = op.params[0].value.b;
	if (invokes)
		*invokes = op.params[1].value.b;
}

/* Asserts that exactly @calls commands reached the TA since @before. */
static void assert_ta_invokes(TEEC_Session *s, uint32_t before, uint32_t calls)
{
	uint32_t now;

	ta_counts(s, NULL, &now);
	/* + 1: the LIFECYCLE call that reads the counter. */
	assert_int_equal(now, before + calls + 1);
}

/**
 * struct memref_seen - what TA_TEST_CMD_MEMREF_INFO reported
 * @null:	the TA's buffer was NULL
 * @size:	the TA's size
 * @type:	the TA's TEE_PARAM_TYPE_MEMREF_*
 */
struct memref_seen {
	uint32_t null;
	uint32_t size;
	uint32_t type;
};

/* Passes @p as a memref of @type and asks the TA what it got. */
static TEEC_Result memref_info(TEEC_Session *s, uint32_t type,
			       const TEEC_Parameter *p,
			       struct memref_seen *seen, uint32_t *origin)
{
	TEEC_Operation op =
		op_of(type, TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT, TEEC_NONE);
	TEEC_Result res;

	op.params[0] = *p;
	op.params[1].value.a = 0xbad;
	op.params[2].value.a = 0xbad;
	res = invoke(s, TA_TEST_CMD_MEMREF_INFO, &op, origin);
	seen->null = op.params[1].value.a;
	seen->size = op.params[1].value.b;
	seen->type = op.params[2].value.a;
	return res;
}

static uint32_t byte_sum(const uint8_t *p, size_t n)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += p[i];
	return sum;
}

/* TA_TEST_CMD_MEMREF_SUM over @p passed as @type: a = sum, b = size. */
static TEEC_Result memref_sum(TEEC_Session *s, uint32_t type,
			      const TEEC_Parameter *p, TEEC_Value *out,
			      uint32_t *origin)
{
	TEEC_Operation op =
		op_of(type, TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE);
	TEEC_Result res;

	op.params[0] = *p;
	res = invoke(s, TA_TEST_CMD_MEMREF_SUM, &op, origin);
	*out = op.params[1].value;
	return res;
}

/*
 * TA_TEST_CMD_MEMREF_FILL over @p passed as @type: byte i = seed + i;
 * @want != 0 is the size the TA reports (a larger one than given is
 * TEE_ERROR_SHORT_BUFFER).  The memref as it came back goes to @p.
 */
static TEEC_Result memref_fill(TEEC_Session *s, uint32_t type,
			       TEEC_Parameter *p, uint8_t seed, uint32_t want,
			       uint32_t *origin)
{
	TEEC_Operation op = op_of(type, TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE);
	TEEC_Result res;

	op.params[0] = *p;
	op.params[1].value.a = seed;
	op.params[1].value.b = want;
	res = invoke(s, TA_TEST_CMD_MEMREF_FILL, &op, origin);
	*p = op.params[0];
	return res;
}

static TEEC_Parameter tmpref(void *buf, size_t size)
{
	TEEC_Parameter p;

	memset(&p, 0, sizeof(p));
	p.tmpref.buffer = buf;
	p.tmpref.size = size;
	return p;
}

static TEEC_Parameter memref(TEEC_SharedMemory *shm, size_t offset, size_t size)
{
	TEEC_Parameter p;

	memset(&p, 0, sizeof(p));
	p.memref.parent = shm;
	p.memref.offset = offset;
	p.memref.size = size;
	return p;
}

/* Fills @p with a pattern of @seed: byte i = (seed + 3 * i). */
static void pattern(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + 3 * i);
}

/* Asserts @p[i] == seed + i for the @n bytes (what MEMREF_FILL writes). */
static void assert_filled(const uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		assert_int_equal(p[i], (uint8_t)(seed + i));
}

/**
 * struct shm_kind - shared memory made one of the two ways
 * @registered:	TEEC_RegisterSharedMemory() of @own, else allocated
 * @own:	the application's buffer for @registered, a mapping of its
 *		own
 * @own_len:	its length
 *
 * Registered buffers are mappings, not heap: with dynamic shared memory
 * teebox turns registered pages into shared ones for good
 * (transport/tbx_client.c), and a fork in a later test must not share
 * the heap with its parent.
 */
struct shm_kind {
	bool registered;
	uint8_t *own;
	size_t own_len;
};

static TEEC_Result make_shm(TEEC_Context *ctx, TEEC_SharedMemory *shm,
			    struct shm_kind *k, size_t size, uint32_t flags)
{
	memset(shm, 0, sizeof(*shm));
	shm->size = size;
	shm->flags = flags;
	k->own = NULL;
	if (!k->registered)
		return TEEC_AllocateSharedMemory(ctx, shm);
	k->own_len = size + 1;
	k->own = mmap(NULL, k->own_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(k->own != MAP_FAILED);
	/* Not page aligned on purpose: applications register any buffer. */
	shm->buffer = k->own + 1;
	return TEEC_RegisterSharedMemory(ctx, shm);
}

static void free_shm(TEEC_SharedMemory *shm, struct shm_kind *k)
{
	TEEC_ReleaseSharedMemory(shm);
	if (k->own)
		munmap(k->own, k->own_len);
	k->own = NULL;
}

/* ------------------------------------------------------------------ */
/* Contexts                                                            */
/* ------------------------------------------------------------------ */

/*
 * GP §4.5.2 TEEC_InitializeContext, §4.5.3 TEEC_FinalizeContext.  NULL
 * selects the default TEE; names are OP-TEE's (tee_client_api.c
 * teec_open_dev()): "optee-tz" asks for OP-TEE on TrustZone, which teebox
 * is; any other name, device paths included, matches nothing:
 * TEEC_ERROR_ITEM_NOT_FOUND.  Two contexts are independent: finalizing
 * one leaves the other serving.
 */
static void test_gp_initialize_context_names(void **state)
{
	static const char *const unknown[] = {"/dev/tee0", "tee0", "", "optee",
					      "OPTEE-TZ"};
	TEEC_Context a, b, bad;
	TEEC_SharedMemory shm = {.size = 16, .flags = TEEC_MEM_INPUT};
	TEEC_Session sa, sb;
	TEEC_Value v;
	uint8_t buf[16] = {1, 2, 3};
	uint32_t origin;

	assert_int_equal(TEEC_InitializeContext(NULL, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_InitializeContext("optee-tz", NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		memset(&bad, 0x5a, sizeof(bad));
		assert_int_equal(TEEC_InitializeContext(unknown[i], &bad),
				 TEEC_ERROR_ITEM_NOT_FOUND);
	}

	assert_int_equal(TEEC_InitializeContext(NULL, &a), TEEC_SUCCESS);
	assert_int_equal(TEEC_InitializeContext("optee-tz", &b), TEEC_SUCCESS);
	/* teed's tee0 has MEMREF_NULL; REG_MEM only with dynamic shm. */
	assert_true(a.imp.memref_null);
	assert_true(b.imp.memref_null);
	assert_int_equal(a.imp.reg_mem,
			 getenv("TEEBOX_TEST_DYNAMIC_SHM") != NULL);
	assert_int_not_equal(a.imp.fd, b.imp.fd);
	assert_int_equal(TEEC_OpenSession(&a, &sa, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);
	assert_int_equal(TEEC_OpenSession(&b, &sb, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);

	/* a goes; b's session and new shared memory still work. */
	e2e_close(&a, &sa);
	TEEC_FinalizeContext(&a); /* again: nothing left to do */
	TEEC_FinalizeContext(NULL);
	assert_int_equal(TEEC_AllocateSharedMemory(&a, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_AllocateSharedMemory(&b, &shm), TEEC_SUCCESS);
	memcpy(shm.buffer, buf, sizeof(buf));
	{
		TEEC_Parameter p = memref(&shm, 0, 16);

		assert_int_equal(memref_sum(&sb, TEEC_MEMREF_PARTIAL_INPUT, &p,
					    &v, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(v.a, 6);
		assert_int_equal(v.b, 16);
	}
	TEEC_ReleaseSharedMemory(&shm);
	e2e_close(&b, &sb);
}

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

/*
 * GP TEEC_Value: VALUE_INPUT goes in only, VALUE_OUTPUT comes back
 * whatever it held before, VALUE_INOUT both ways, as 32-bit values (the
 * ioctl carries 64 bits: what comes back is truncated, never widened).
 */
static void test_gp_value_params(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	uint32_t origin;

	open_basic(&ctx, &s);

	op = op_of(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = 0x12345678;
	op.params[0].value.b = 0xfedcba98;
	op.params[1].value.a = 0xdeadbeef; /* overwritten */
	op.params[1].value.b = 0xdeadbeef;
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_ECHO, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(op.params[0].value.a, 0x12345678);
	assert_int_equal(op.params[0].value.b, 0xfedcba98);
	assert_int_equal(op.params[1].value.a, 0x12345678);
	assert_int_equal(op.params[1].value.b, 0xfedcba98);

	/* INOUT at the 32-bit edge: a + 1 and b + 2 wrap. */
	op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = UINT32_MAX;
	op.params[0].value.b = UINT32_MAX - 1;
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 0);
	assert_int_equal(op.params[0].value.b, 0);
	op.params[0].value.a = 7;
	op.params[0].value.b = 40;
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 8);
	assert_int_equal(op.params[0].value.b, 42);

	/* A type the TA does not expect: its answer, not the library's. */
	op = op_of(TEEC_VALUE_INOUT, TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE);
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_ECHO, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Temporary memory references                                         */
/* ------------------------------------------------------------------ */

/* The temporary memref kinds, and the TEE_PARAM_TYPE_* the TA sees. */
static const uint32_t temp_types[] = {TEEC_MEMREF_TEMP_INPUT,
				      TEEC_MEMREF_TEMP_OUTPUT,
				      TEEC_MEMREF_TEMP_INOUT};
static const uint32_t ta_types[] = {TA_MEMREF_INPUT, TA_MEMREF_OUTPUT,
				    TA_MEMREF_INOUT};

/*
 * GP TEEC_TempMemoryReference: the TA sees the buffer's size and
 * direction; input bytes arrive, output bytes come back up to the size
 * the TA reports (the rest of the buffer is left alone), and only output
 * references get their size updated.
 */
static void test_gp_memref_temp(void **state)
{
	uint8_t in[3000], out[200];
	struct memref_seen seen;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Value v;
	uint32_t origin;

	open_basic(&ctx, &s);
	for (size_t i = 0; i < 3; i++) {
		p = tmpref(in, 123);
		assert_int_equal(
			memref_info(&s, temp_types[i], &p, &seen, &origin),
			TEEC_SUCCESS);
		assert_int_equal(seen.null, 0);
		assert_int_equal(seen.size, 123);
		assert_int_equal(seen.type, ta_types[i]);
	}

	pattern(in, sizeof(in), 11);
	p = tmpref(in, sizeof(in));
	assert_int_equal(
		memref_sum(&s, TEEC_MEMREF_TEMP_INPUT, &p, &v, &origin),
		TEEC_SUCCESS);
	assert_int_equal(v.a, byte_sum(in, sizeof(in)));
	assert_int_equal(v.b, sizeof(in));
	assert_int_equal(p.tmpref.size, sizeof(in));

	/* OUTPUT: the TA writes 100 of 200 bytes and says so. */
	memset(out, 0xee, sizeof(out));
	p = tmpref(out, sizeof(out));
	assert_int_equal(
		memref_fill(&s, TEEC_MEMREF_TEMP_OUTPUT, &p, 40, 100, &origin),
		TEEC_SUCCESS);
	assert_int_equal(p.tmpref.size, 100);
	assert_ptr_equal(p.tmpref.buffer, out);
	assert_filled(out, 100, 40);
	for (size_t i = 100; i < sizeof(out); i++)
		assert_int_equal(out[i], 0xee);

	/* INOUT: the TA reads what we wrote (sum) and overwrites it all. */
	pattern(out, sizeof(out), 3);
	p = tmpref(out, sizeof(out));
	assert_int_equal(
		memref_fill(&s, TEEC_MEMREF_TEMP_INOUT, &p, 200, 0, &origin),
		TEEC_SUCCESS);
	assert_int_equal(p.tmpref.size, sizeof(out));
	assert_filled(out, sizeof(out), 200);
	e2e_close(&ctx, &s);
}

/*
 * A NULL buffer of size 0 (GP TEEC_TempMemoryReference; OP-TEE's
 * TEE_GEN_CAP_MEMREF_NULL): the TA sees a NULL buffer, whatever the
 * direction, and an output one can still learn the size it needs.  A
 * NULL buffer with a size is the application's error: refused here.
 */
static void test_gp_memref_null(void **state)
{
	struct memref_seen seen;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin, before;

	open_basic(&ctx, &s);
	assert_true(ctx.imp.memref_null);
	for (size_t i = 0; i < 3; i++) {
		p = tmpref(NULL, 0);
		assert_int_equal(
			memref_info(&s, temp_types[i], &p, &seen, &origin),
			TEEC_SUCCESS);
		assert_int_equal(seen.null, 1);
		assert_int_equal(seen.size, 0);
		assert_int_equal(seen.type, ta_types[i]);
	}

	/* The size query: SHORT_BUFFER with the size, nothing written. */
	for (size_t i = 1; i < 3; i++) {
		p = tmpref(NULL, 0);
		assert_int_equal(
			memref_fill(&s, temp_types[i], &p, 0, 32, &origin),
			TEEC_ERROR_SHORT_BUFFER);
		assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
		assert_null(p.tmpref.buffer);
		assert_int_equal(p.tmpref.size, 32);
	}

	ta_counts(&s, NULL, &before);
	for (size_t i = 0; i < 3; i++) {
		p = tmpref(NULL, 1);
		assert_int_equal(
			memref_info(&s, temp_types[i], &p, &seen, &origin),
			TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(origin, TEEC_ORIGIN_API);
	}
	assert_ta_invokes(&s, before, 0);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Registered memory references                                        */
/* ------------------------------------------------------------------ */

/*
 * GP TEEC_MEMREF_WHOLE: the direction comes from the parent's flags and
 * the size from its size, on allocated and registered memory alike.  A
 * TA that wants another direction refuses (its BAD_PARAMETERS), memory
 * it may not write is left alone, and an input-only parent's memref size
 * is not touched; flags naming no direction are the library's refusal.
 */
static void test_gp_memref_whole(void **state)
{
	static const uint32_t flags[] = {TEEC_MEM_INPUT, TEEC_MEM_OUTPUT,
					 TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	struct memref_seen seen;
	TEEC_SharedMemory shm;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Value v;
	uint32_t origin, before;

	open_basic(&ctx, &s);
	for (int reg = 0; reg < 2; reg++) {
		for (size_t f = 0; f < 3; f++) {
			struct shm_kind k = {.registered = reg};
			uint8_t *buf;

			assert_int_equal(
				make_shm(&ctx, &shm, &k, 4096, flags[f]),
				TEEC_SUCCESS);
			buf = shm.buffer;
			pattern(buf, 4096, (uint8_t)f);

			p = memref(&shm, 77, 1); /* ignored for WHOLE */
			assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p,
						     &seen, &origin),
					 TEEC_SUCCESS);
			assert_int_equal(seen.null, 0);
			assert_int_equal(seen.size, 4096);
			assert_int_equal(seen.type, ta_types[f]);

			p = memref(&shm, 0, 777);
			if (flags[f] == TEEC_MEM_INPUT) {
				assert_int_equal(memref_sum(&s,
							    TEEC_MEMREF_WHOLE,
							    &p, &v, &origin),
						 TEEC_SUCCESS);
				assert_int_equal(v.a, byte_sum(buf, 4096));
				assert_int_equal(v.b, 4096);
				/* Input only: the size is not written. */
				p = memref(&shm, 0, 777);
				assert_int_equal(memref_fill(&s,
							     TEEC_MEMREF_WHOLE,
							     &p, 9, 0, &origin),
						 TEEC_ERROR_BAD_PARAMETERS);
				assert_int_equal(origin,
						 TEEC_ORIGIN_TRUSTED_APP);
				assert_int_equal(p.memref.size, 777);
				assert_int_equal(buf[0], (uint8_t)f);
			} else {
				assert_int_equal(memref_fill(&s,
							     TEEC_MEMREF_WHOLE,
							     &p, 9, 0, &origin),
						 TEEC_SUCCESS);
				assert_int_equal(p.memref.size, 4096);
				assert_filled(buf, 4096, 9);
				if (flags[f] == TEEC_MEM_OUTPUT) {
					assert_int_equal(
						memref_sum(&s,
							   TEEC_MEMREF_WHOLE,
							   &p, &v, &origin),
						TEEC_ERROR_BAD_PARAMETERS);
					assert_int_equal(
						origin,
						TEEC_ORIGIN_TRUSTED_APP);
				}
			}
			assert_int_equal(shm.size, 4096);

			/* Flags without a direction: refused here. */
			ta_counts(&s, NULL, &before);
			shm.flags = 0;
			p = memref(&shm, 0, 0);
			assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p,
						     &seen, &origin),
					 TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			assert_ta_invokes(&s, before, 0);
			shm.flags = flags[f];
			free_shm(&shm, &k);
		}
	}
	e2e_close(&ctx, &s);
}

/*
 * GP TEEC_MEMREF_PARTIAL_*: offset and size select a window of the
 * parent; the TA sees exactly that window, writes land there and nowhere
 * else, on allocated and on registered memory (where the application's
 * own buffer is read at each call and written after it).
 */
static void test_gp_memref_partial(void **state)
{
	const uint32_t io = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	struct memref_seen seen;
	TEEC_SharedMemory shm;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Value v;
	uint32_t origin;

	open_basic(&ctx, &s);
	for (int reg = 0; reg < 2; reg++) {
		struct shm_kind k = {.registered = reg};
		uint8_t *buf;

		assert_int_equal(make_shm(&ctx, &shm, &k, 8192, io),
				 TEEC_SUCCESS);
		buf = shm.buffer;
		pattern(buf, 8192, 1);

		p = memref(&shm, 100, 50);
		assert_int_equal(memref_sum(&s, TEEC_MEMREF_PARTIAL_INPUT, &p,
					    &v, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(v.a, byte_sum(buf + 100, 50));
		assert_int_equal(v.b, 50);
		assert_int_equal(p.memref.size, 50);
		assert_int_equal(p.memref.offset, 100);

		/* The application changes its buffer: the TA sees it. */
		buf[120] ^= 0xff;
		assert_int_equal(memref_sum(&s, TEEC_MEMREF_PARTIAL_INPUT, &p,
					    &v, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(v.a, byte_sum(buf + 100, 50));

		p = memref(&shm, 4095, 70); /* across a page boundary */
		assert_int_equal(memref_fill(&s, TEEC_MEMREF_PARTIAL_OUTPUT, &p,
					     60, 0, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(p.memref.size, 70);
		assert_filled(buf + 4095, 70, 60);
		assert_int_equal(buf[4094], (uint8_t)(1 + 3 * 4094));
		assert_int_equal(buf[4165], (uint8_t)(1 + 3 * 4165));

		/* INOUT; the TA reports less than the window: size shrinks. */
		p = memref(&shm, 8000, 192);
		assert_int_equal(memref_fill(&s, TEEC_MEMREF_PARTIAL_INOUT, &p,
					     90, 10, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(p.memref.size, 10);
		assert_int_equal(p.memref.offset, 8000);
		assert_filled(buf + 8000, 10, 90);

		p = memref(&shm, 1000, 24);
		assert_int_equal(memref_info(&s, TEEC_MEMREF_PARTIAL_INOUT, &p,
					     &seen, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(seen.null, 0);
		assert_int_equal(seen.size, 24);
		assert_int_equal(seen.type, TA_MEMREF_INOUT);

		/*
		 * An empty window.  (At the very end it is the driver's or
		 * the TEE's to refuse: mainline tee_shm_get_pa() takes no
		 * offset at the end.)
		 */
		p = memref(&shm, 100, 0);
		assert_int_equal(memref_info(&s, TEEC_MEMREF_PARTIAL_INPUT, &p,
					     &seen, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(seen.size, 0);
		assert_int_equal(seen.type, TA_MEMREF_INPUT);
		free_shm(&shm, &k);
	}
	e2e_close(&ctx, &s);
}

/*
 * TEEC_ERROR_SHORT_BUFFER (GP §4.5.9 TEEC_InvokeCommand, output memrefs):
 * the TA's size needed comes back in the operation's memref size, larger
 * than what was given, for TEMP, PARTIAL and WHOLE references; nothing
 * is written, the parent keeps its size, and a retry with that size
 * works.
 */
static void test_gp_short_buffer_feedback(void **state)
{
	const uint32_t io = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	uint8_t small[8], big[40];
	TEEC_SharedMemory shm;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	open_basic(&ctx, &s);
	memset(small, 0xcc, sizeof(small));
	p = tmpref(small, sizeof(small));
	assert_int_equal(
		memref_fill(&s, TEEC_MEMREF_TEMP_OUTPUT, &p, 5, 40, &origin),
		TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(p.tmpref.size, 40);
	for (size_t i = 0; i < sizeof(small); i++)
		assert_int_equal(small[i], 0xcc);
	p.tmpref.buffer = big;
	assert_int_equal(
		memref_fill(&s, TEEC_MEMREF_TEMP_OUTPUT, &p, 5, 40, &origin),
		TEEC_SUCCESS);
	assert_int_equal(p.tmpref.size, 40);
	assert_filled(big, 40, 5);

	for (int reg = 0; reg < 2; reg++) {
		struct shm_kind k = {.registered = reg};
		uint8_t *buf;

		/* PARTIAL: 8 bytes at offset 16 of 64. */
		assert_int_equal(make_shm(&ctx, &shm, &k, 64, io),
				 TEEC_SUCCESS);
		buf = shm.buffer;
		memset(buf, 0xcc, 64);
		p = memref(&shm, 16, 8);
		assert_int_equal(memref_fill(&s, TEEC_MEMREF_PARTIAL_OUTPUT, &p,
					     7, 40, &origin),
				 TEEC_ERROR_SHORT_BUFFER);
		assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
		assert_int_equal(p.memref.size, 40);
		assert_int_equal(p.memref.offset, 16);
		assert_ptr_equal(p.memref.parent, &shm);
		for (size_t i = 0; i < 64; i++)
			assert_int_equal(buf[i], 0xcc);
		/* The size needed fits from offset 16: the retry works. */
		assert_int_equal(memref_fill(&s, TEEC_MEMREF_PARTIAL_OUTPUT, &p,
					     7, 40, &origin),
				 TEEC_SUCCESS);
		assert_filled(buf + 16, 40, 7);
		assert_int_equal(buf[15], 0xcc);
		assert_int_equal(buf[56], 0xcc);
		free_shm(&shm, &k);

		/* WHOLE: 16 bytes of output-only memory. */
		assert_int_equal(make_shm(&ctx, &shm, &k, 16, TEEC_MEM_OUTPUT),
				 TEEC_SUCCESS);
		buf = shm.buffer;
		memset(buf, 0xcc, 16);
		p = memref(&shm, 0, 0);
		assert_int_equal(
			memref_fill(&s, TEEC_MEMREF_WHOLE, &p, 1, 40, &origin),
			TEEC_ERROR_SHORT_BUFFER);
		assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
		assert_int_equal(p.memref.size, 40);
		assert_int_equal(shm.size, 16);
		for (size_t i = 0; i < 16; i++)
			assert_int_equal(buf[i], 0xcc);
		free_shm(&shm, &k);
	}
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Shared memory                                                       */
/* ------------------------------------------------------------------ */

/*
 * GP §4.5.4-§4.5.6: size 0 is allowed (a non-NULL buffer the TA sees as
 * empty); released allocated memory reads NULL/0 while registered memory
 * stays the application's; releasing twice, a NULL pointer or a struct
 * never registered does nothing; released memory is no parent; bad flags
 * and a NULL buffer to register are BAD_PARAMETERS.  teed lets go of
 * every object once released.
 */
static void test_gp_shm_lifecycle(void **state)
{
	struct memref_seen seen;
	TEEC_SharedMemory shm, many[16], zero;
	uint8_t own[32];
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	int fds;

	open_basic(&ctx, &s);

	memset(&shm, 0, sizeof(shm));
	shm.flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_non_null(shm.buffer);
	assert_int_equal(shm.size, 0);
	p = memref(&shm, 0, 0);
	assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p, &seen, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(seen.size, 0);
	assert_int_equal(seen.type, TA_MEMREF_INOUT);
	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.buffer);
	assert_int_equal(shm.size, 0);
	TEEC_ReleaseSharedMemory(&shm);
	TEEC_ReleaseSharedMemory(NULL);
	memset(&zero, 0, sizeof(zero));
	TEEC_ReleaseSharedMemory(&zero);

	/* Released memory is no parent. */
	shm.size = 0;
	p = memref(&shm, 0, 0);
	assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p, &seen, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);

	/* Registered, size 0, then released: the buffer is still ours. */
	memset(&shm, 0, sizeof(shm));
	shm.buffer = own;
	shm.flags = TEEC_MEM_INPUT;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	p = memref(&shm, 0, 0);
	assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p, &seen, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(seen.size, 0);
	assert_int_equal(seen.type, TA_MEMREF_INPUT);
	TEEC_ReleaseSharedMemory(&shm);
	TEEC_ReleaseSharedMemory(&shm);
	assert_ptr_equal(shm.buffer, own);

	/* What may not be registered or allocated. */
	memset(&shm, 0, sizeof(shm));
	shm.size = 16;
	shm.flags = TEEC_MEM_INPUT;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_AllocateSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.buffer = own;
	for (uint32_t f = 0; f < 2; f++) {
		shm.flags = f ? 0x4 : 0;
		assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
				 TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_ERROR_BAD_PARAMETERS);
	}

	/*
	 * teed holds an object per live shm.  Released allocations stay
	 * with their context for its next ones (libteec/src/shm.c), at
	 * most four (TEEC_TMPREF_CACHE_MAX); teed drops the others.
	 */
	fds = harness_count_fds(tb.teed);
	assert_true(fds > 0);
	for (int i = 0; i < 16; i++) {
		many[i] = (TEEC_SharedMemory){.size = 4096 * (i + 1),
					      .flags = TEEC_MEM_OUTPUT};
		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &many[i]),
				 TEEC_SUCCESS);
	}
	assert_true(harness_count_fds(tb.teed) >= fds + 16);
	for (int i = 0; i < 16; i++)
		TEEC_ReleaseSharedMemory(&many[i]);
	for (int i = 0; i < 200 && harness_count_fds(tb.teed) > fds + 4; i++)
		harness_sleep_ms(10);
	assert_true(harness_count_fds(tb.teed) <= fds + 4);
	/* The last four released come back: teed makes nothing new. */
	fds = harness_count_fds(tb.teed);
	for (int i = 12; i < 16; i++) {
		many[i] = (TEEC_SharedMemory){.size = 4096 * (i + 1),
					      .flags = TEEC_MEM_OUTPUT};
		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &many[i]),
				 TEEC_SUCCESS);
	}
	assert_int_equal(harness_count_fds(tb.teed), fds);
	for (int i = 12; i < 16; i++)
		TEEC_ReleaseSharedMemory(&many[i]);
	e2e_close(&ctx, &s);
}

/*
 * GP §4.5.4: any buffer of the application may be registered, a local
 * array as well.  With dynamic shared memory teebox cannot remap the
 * calling thread's stack in place, so libteec shares a copy (as OP-TEE's
 * does for memory the kernel refuses); either way the TA reads what the
 * caller wrote and the caller reads what the TA wrote, at an offset.
 */
static void __attribute__((noinline))
register_local(TEEC_Context *ctx, TEEC_Session *s)
{
	uint8_t local[300];
	TEEC_SharedMemory shm;
	TEEC_Parameter p;
	TEEC_Value v;
	uint32_t origin;

	pattern(local, sizeof(local), 4);
	memset(&shm, 0, sizeof(shm));
	shm.buffer = local;
	shm.size = sizeof(local);
	shm.flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	assert_int_equal(TEEC_RegisterSharedMemory(ctx, &shm), TEEC_SUCCESS);
	assert_ptr_equal(shm.buffer, local);
	p = memref(&shm, 0, 0);
	assert_int_equal(
		memref_sum(s, TEEC_MEMREF_WHOLE, &p, &v, &origin),
		TEEC_ERROR_BAD_PARAMETERS); /* INOUT: the TA wants IN */
	p = memref(&shm, 0, sizeof(local));
	assert_int_equal(
		memref_sum(s, TEEC_MEMREF_PARTIAL_INPUT, &p, &v, &origin),
		TEEC_SUCCESS);
	assert_int_equal(v.a, byte_sum(local, sizeof(local)));
	p = memref(&shm, 10, 20);
	assert_int_equal(
		memref_fill(s, TEEC_MEMREF_PARTIAL_INOUT, &p, 77, 0, &origin),
		TEEC_SUCCESS);
	assert_filled(local + 10, 20, 77);
	assert_int_equal(local[9], (uint8_t)(4 + 3 * 9));
	assert_int_equal(local[30], (uint8_t)(4 + 3 * 30));
	TEEC_ReleaseSharedMemory(&shm);
	assert_ptr_equal(shm.buffer, local);
	assert_filled(local + 10, 20, 77);
}

static void test_gp_register_local_buffer(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;

	open_basic(&ctx, &s);
	for (int i = 0; i < 20; i++)
		register_local(&ctx, &s);
	e2e_close(&ctx, &s);
}

/*
 * Large blocks (GP TEEC_CONFIG_SHAREDMEM_MAX_SIZE is ULONG_MAX with
 * OP-TEE: the TEE sets the limit): 1 MiB allocated and registered reach
 * the TA whole; a block no TEE can give is TEEC_ERROR_OUT_OF_MEMORY, with
 * nothing left to release, and the context goes on working.
 */
static void test_gp_shm_large(void **state)
{
	static const size_t huge[] = {(size_t)1 << 40, SIZE_MAX};
	const size_t mib = 1024 * 1024;
	TEEC_SharedMemory shm;
	TEEC_Parameter p;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Value v;
	uint32_t origin;

	open_basic(&ctx, &s);
	for (int reg = 0; reg < 2; reg++) {
		struct shm_kind k = {.registered = reg};

		assert_int_equal(make_shm(&ctx, &shm, &k, mib, TEEC_MEM_INPUT),
				 TEEC_SUCCESS);
		pattern(shm.buffer, mib, (uint8_t)reg);
		p = memref(&shm, 0, 0);
		assert_int_equal(
			memref_sum(&s, TEEC_MEMREF_WHOLE, &p, &v, &origin),
			TEEC_SUCCESS);
		assert_int_equal(v.a, byte_sum(shm.buffer, mib));
		assert_int_equal(v.b, mib);
		free_shm(&shm, &k);
	}

	for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]); i++) {
		memset(&shm, 0, sizeof(shm));
		shm.size = huge[i];
		shm.flags = TEEC_MEM_INPUT;
		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_ERROR_OUT_OF_MEMORY);
		assert_null(shm.buffer);
		p = memref(&shm, 0, 0);
		assert_int_equal(
			memref_sum(&s, TEEC_MEMREF_WHOLE, &p, &v, &origin),
			TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(origin, TEEC_ORIGIN_API);
		TEEC_ReleaseSharedMemory(&shm);
	}
	/* Still serving, with a temporary reference this time. */
	{
		uint8_t b[64];

		pattern(b, sizeof(b), 2);
		p = tmpref(b, sizeof(b));
		assert_int_equal(
			memref_sum(&s, TEEC_MEMREF_TEMP_INPUT, &p, &v, &origin),
			TEEC_SUCCESS);
		assert_int_equal(v.a, byte_sum(b, sizeof(b)));
	}
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Misuse                                                              */
/* ------------------------------------------------------------------ */

/*
 * Memref parents the library must refuse before the TEE sees anything
 * (GP §4.5.9; OP-TEE teec_pre_process_partial()): memory of another
 * context, a window past the parent's end (also by overflow), and a
 * PARTIAL direction the parent's flags do not allow.  Each is
 * BAD_PARAMETERS with origin API, and the TA is never entered.
 */
static void test_gp_memref_misuse(void **state)
{
	static const struct {
		uint32_t flags;
		uint32_t type;
	} wrong_dir[] = {
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_OUTPUT},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INOUT},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INPUT},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT},
	};
	static const struct {
		size_t offset, size;
	} outside[] = {
		{0, 65}, {64, 1},	{65, 0},
		{60, 8}, {1, SIZE_MAX}, {SIZE_MAX, 2},
	};
	static const uint32_t types[] = {
		TEEC_MEMREF_WHOLE, TEEC_MEMREF_PARTIAL_INPUT,
		TEEC_MEMREF_PARTIAL_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT};
	const uint32_t io = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT;
	TEEC_SharedMemory theirs, mine;
	struct memref_seen seen;
	TEEC_Context ctx, other;
	TEEC_Parameter p;
	TEEC_Session s;
	uint32_t origin, before, calls = 0;

	open_basic(&ctx, &s);
	assert_int_equal(TEEC_InitializeContext(NULL, &other), TEEC_SUCCESS);
	ta_counts(&s, NULL, &before);

	for (int reg = 0; reg < 2; reg++) {
		struct shm_kind k = {.registered = reg};

		/* Another context's memory, in every reference kind. */
		assert_int_equal(make_shm(&other, &theirs, &k, 64, io),
				 TEEC_SUCCESS);
		for (size_t t = 0; t < 4; t++) {
			p = memref(&theirs, 0, 16);
			assert_int_equal(
				memref_info(&s, types[t], &p, &seen, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
		}
		free_shm(&theirs, &k);

		assert_int_equal(make_shm(&ctx, &mine, &k, 64, io),
				 TEEC_SUCCESS);
		for (size_t i = 0; i < sizeof(outside) / sizeof(outside[0]);
		     i++) {
			p = memref(&mine, outside[i].offset, outside[i].size);
			assert_int_equal(memref_info(&s,
						     TEEC_MEMREF_PARTIAL_INPUT,
						     &p, &seen, &origin),
					 TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
		}
		/* The last byte is inside; it reaches the TA. */
		p = memref(&mine, 63, 1);
		assert_int_equal(memref_info(&s, TEEC_MEMREF_PARTIAL_INPUT, &p,
					     &seen, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(seen.size, 1);
		calls++;
		free_shm(&mine, &k);

		for (size_t i = 0; i < sizeof(wrong_dir) / sizeof(wrong_dir[0]);
		     i++) {
			assert_int_equal(make_shm(&ctx, &mine, &k, 64,
						  wrong_dir[i].flags),
					 TEEC_SUCCESS);
			p = memref(&mine, 0, 16);
			assert_int_equal(memref_info(&s, wrong_dir[i].type, &p,
						     &seen, &origin),
					 TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			free_shm(&mine, &k);
		}
	}
	/* A NULL parent. */
	p = memref(NULL, 0, 0);
	assert_int_equal(memref_info(&s, TEEC_MEMREF_WHOLE, &p, &seen, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_ta_invokes(&s, before, calls);
	TEEC_FinalizeContext(&other);
	e2e_close(&ctx, &s);
}

/*
 * paramTypes nibbles 0x4 and 0x8..0xB name no type (GP parameter types;
 * OP-TEE teec_pre_process_operation()): BAD_PARAMETERS with origin API,
 * in any position, for InvokeCommand and OpenSession, and the TA is
 * entered for neither.
 */
static void test_gp_param_types_invalid(void **state)
{
	static const uint32_t bad[] = {0x4, 0x8, 0x9, 0xA, 0xB};
	TEEC_Context ctx;
	TEEC_Session s, s2;
	uint32_t origin, opens, invokes, opens2;

	open_basic(&ctx, &s);
	ta_counts(&s, &opens, &invokes);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (int pos = 0; pos < 4; pos++) {
			TEEC_Operation op =
				op_of(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
				      TEEC_NONE, TEEC_NONE);

			op.paramTypes &= ~(0xFu << (4 * pos));
			op.paramTypes |= bad[i] << (4 * pos);
			assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_ECHO, &op,
						&origin),
					 TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			origin = 0;
			assert_int_equal(TEEC_OpenSession(&ctx, &s2,
							  &basic_uuid,
							  TEEC_LOGIN_PUBLIC,
							  NULL, &op, &origin),
					 TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
		}
	}
	/* Bits above the four nibbles are no fifth parameter: ignored. */
	{
		TEEC_Operation op = op_of(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					  TEEC_NONE, TEEC_NONE);

		op.paramTypes |= 0x50000;
		op.params[0].value.a = 99;
		assert_int_equal(
			invoke(&s, TA_TEST_CMD_VALUE_ECHO, &op, &origin),
			TEEC_SUCCESS);
		assert_int_equal(op.params[1].value.a, 99);
	}
	ta_counts(&s, &opens2, NULL);
	assert_int_equal(opens2, opens);
	/* The echo, and the LIFECYCLE just above. */
	assert_ta_invokes(&s, invokes, 2);
	e2e_close(&ctx, &s);
}

/*
 * NULL where GP §4.5.7-§4.5.10 allow an answer: a NULL context, session
 * or destination is BAD_PARAMETERS (origin API); a NULL operation is
 * four TEEC_NONE parameters; a NULL returnOrigin is fine; CloseSession,
 * ReleaseSharedMemory, RequestCancellation and FinalizeContext take NULL.
 * A started field left non-zero does not stop a call (GP only asks for 0
 * when the call may be cancelled; OP-TEE never reads it) and reads 1
 * once the call started.
 */
static void test_gp_null_arguments(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s, s2;
	TEEC_Operation op;
	uint32_t origin;

	open_basic(&ctx, &s);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(NULL, &s2, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, NULL, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &s2, NULL, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(
		TEEC_InvokeCommand(NULL, TA_TEST_CMD_VALUE_INC, NULL, &origin),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(TEEC_InvokeCommand(NULL, 0, NULL, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);

	/* NULL operation: the TA gets no parameters. */
	assert_int_equal(invoke(&s, 0x7777, NULL, &origin),
			 TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_ECHO, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_VALUE_ECHO, NULL, NULL),
		TEEC_ERROR_BAD_PARAMETERS);

	/* started not zero. */
	op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.started = 0xdeadbeef;
	op.params[0].value.a = 1;
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[0].value.a, 2);
	assert_int_equal(op.started, 1);
	assert_null(op.imp.session);

	TEEC_CloseSession(NULL);
	TEEC_ReleaseSharedMemory(NULL);
	TEEC_RequestCancellation(NULL);
	TEEC_FinalizeContext(NULL);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Logins                                                              */
/* ------------------------------------------------------------------ */

/* TA_TEST_CMD_CLIENT_IDENTITY: the login the TA sees for @s. */
static uint32_t ta_login(TEEC_Session *s)
{
	TEEC_Operation op = op_of(TEEC_VALUE_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT,
				  TEEC_NONE, TEEC_NONE);
	uint8_t uuid[16];
	uint32_t origin;

	op.params[0].value.a = 0xbad;
	op.params[1].tmpref = (TEEC_TempMemoryReference){uuid, sizeof(uuid)};
	assert_int_equal(invoke(s, TA_TEST_CMD_CLIENT_IDENTITY, &op, &origin),
			 TEEC_SUCCESS);
	return op.params[0].value.a;
}

static TEEC_Result open_login(TEEC_Context *ctx, TEEC_Session *s,
			      uint32_t method, const void *data,
			      uint32_t *origin)
{
	*origin = 0;
	return TEEC_OpenSession(ctx, s, &basic_uuid, method, data, NULL,
				origin);
}

/* A gid the caller is not in: neither its egid nor a listed group. */
static gid_t foreign_gid(void)
{
	gid_t groups[256];
	int n = getgroups(256, groups);

	assert_true(n >= 0);
	for (gid_t g = 4242;; g++) {
		bool mine = g == getegid();

		for (int i = 0; i < n; i++)
			mine |= groups[i] == g;
		if (!mine)
			return g;
	}
}

/*
 * In a child (root only): supplementary groups {@gid}, a context, a
 * GROUP session with @gid.  Exits 0 when the session opened and the TA
 * saw TEEC_LOGIN_GROUP, 10 + n for failure n; no cmocka here, whose
 * failures would unwind into the parent's test runner.  The credentials
 * are read when the device is opened, so the groups are set before.
 */
static void group_child(gid_t gid)
{
	TEEC_Operation op = op_of(TEEC_VALUE_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT,
				  TEEC_NONE, TEEC_NONE);
	TEEC_Context ctx;
	TEEC_Session s;
	uint8_t uuid[16];
	uint32_t origin;

	if (setgroups(1, &gid))
		_exit(10);
	if (TEEC_InitializeContext(NULL, &ctx))
		_exit(11);
	if (TEEC_OpenSession(&ctx, &s, &basic_uuid, TEEC_LOGIN_GROUP, &gid,
			     NULL, &origin))
		_exit(12);
	op.params[1].tmpref = (TEEC_TempMemoryReference){uuid, sizeof(uuid)};
	if (TEEC_InvokeCommand(&s, TA_TEST_CMD_CLIENT_IDENTITY, &op, &origin))
		_exit(13);
	if (op.params[0].value.a != TEEC_LOGIN_GROUP)
		_exit(14);
	e2e_close(&ctx, &s);
	_exit(0);
}

/*
 * GP §4.5.7 connectionMethod, with the mainline kernel's rules
 * (tee_session_calc_client_uuid()): PUBLIC, USER and GROUP with a group
 * the caller has (effective or supplementary) open, and each session's
 * TA sees its own login even in one context; GROUP without
 * connectionData is the library's BAD_PARAMETERS; a group the caller is
 * not in is the kernel's -EPERM and the APPLICATION logins its -EINVAL,
 * which OP-TEE's libteec reports as TEEC_ERROR_GENERIC and
 * TEEC_ERROR_BAD_PARAMETERS with origin COMMS; the REE kernel range is
 * refused to user space (-EPERM).
 */
static void test_gp_logins(void **state)
{
	static const uint32_t app_logins[] = {TEEC_LOGIN_APPLICATION,
					      TEEC_LOGIN_USER_APPLICATION,
					      TEEC_LOGIN_GROUP_APPLICATION};
	gid_t egid = getegid(), foreign = foreign_gid();
	TEEC_Session pub, user, group, s;
	TEEC_Context ctx;
	uint32_t origin, opens, opens2;
	int status;
	pid_t child;

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(
		open_login(&ctx, &pub, TEEC_LOGIN_PUBLIC, NULL, &origin),
		TEEC_SUCCESS);
	assert_int_equal(
		open_login(&ctx, &user, TEEC_LOGIN_USER, NULL, &origin),
		TEEC_SUCCESS);
	assert_int_equal(
		open_login(&ctx, &group, TEEC_LOGIN_GROUP, &egid, &origin),
		TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(ta_login(&group), TEEC_LOGIN_GROUP);
	assert_int_equal(ta_login(&pub), TEEC_LOGIN_PUBLIC);
	assert_int_equal(ta_login(&user), TEEC_LOGIN_USER);
	ta_counts(&pub, &opens, NULL);

	assert_int_equal(open_login(&ctx, &s, TEEC_LOGIN_GROUP, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(open_login(&ctx, &s, TEEC_LOGIN_GROUP_APPLICATION,
				    NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(
		open_login(&ctx, &s, TEEC_LOGIN_GROUP, &foreign, &origin),
		TEEC_ERROR_GENERIC);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(
			open_login(&ctx, &s, app_logins[i], &egid, &origin),
			TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	}
	assert_int_equal(open_login(&ctx, &s, LOGIN_REE_KERNEL, NULL, &origin),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	/* None of them reached the TA. */
	ta_counts(&pub, &opens2, NULL);
	assert_int_equal(opens2, opens);

	/* A supplementary group is a group the caller has. */
	if (geteuid() == 0) {
		child = fork();
		assert_true(child >= 0);
		if (!child)
			group_child(foreign);
		assert_int_equal(waitpid(child, &status, 0), child);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}

	TEEC_CloseSession(&group);
	TEEC_CloseSession(&user);
	e2e_close(&ctx, &pub);
}

/* ------------------------------------------------------------------ */
/* returnOrigin                                                        */
/* ------------------------------------------------------------------ */

/*
 * returnOrigin names the layer that answered (GP return code origins):
 * API for what libteec refuses, COMMS for the driver's refusal, TEE for
 * the trusted OS (no TA with that UUID: ITEM_NOT_FOUND), TRUSTED_APP for
 * the TA's own codes, at open and at invoke.  A session that did not open
 * is not a session.
 */
static void test_gp_return_origins(void **state)
{
	const TEEC_UUID missing = {
		0x0badf00d, 0x1234, 0x4567, {0x89, 0xab, 0, 1, 2, 3, 4, 5}};
	TEEC_Context ctx;
	TEEC_Session s, refused, nobody;
	TEEC_Operation op;
	uint32_t origin;

	open_basic(&ctx, &s);

	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &nobody, &missing,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(invoke(&nobody, TA_TEST_CMD_VALUE_INC, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);

	/* The TA refuses the session: its code, its origin. */
	op = op_of(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = TA_TEST_REFUSE;
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &refused, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, &op,
					  &origin),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(invoke(&refused, TA_TEST_CMD_VALUE_INC, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	TEEC_CloseSession(&refused); /* harmless */

	/* An open operation's output comes back. */
	op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.params[0].value.b = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &refused, &basic_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, &op,
					  &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_not_equal(op.params[0].value.b, 0);
	TEEC_CloseSession(&refused);

	assert_int_equal(invoke(&s, 0x7777, NULL, &origin),
			 TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(invoke(&s, TA_TEST_CMD_LIFECYCLE, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	assert_int_equal(invoke(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);

	/* COMMS: the driver refuses (mainline -EINVAL). */
	assert_int_equal(open_login(&ctx, &nobody, TEEC_LOGIN_APPLICATION, NULL,
				    &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Cancellation                                                        */
/* ------------------------------------------------------------------ */

/*
 * GP §4.5.10 TEEC_RequestCancellation from another thread while the TA
 * waits for it (unmasked, TEE_GetCancellationFlag): the call ends early
 * with the TA's TEEC_ERROR_CANCEL (origin TRUSTED_APP) instead of
 * running to its 20 s timeout.  A request can come before the call
 * reached the TA, when there is nothing to cancel yet, so it is repeated
 * while the operation is started and not done.  Once the call returned
 * the operation is no longer in flight: the same struct, started set to
 * 0 again, runs a call that nobody cancels to its end.
 */
static void test_gp_request_cancellation(void **state)
{
	static struct e2e_call c;
	TEEC_Context ctx;
	TEEC_Session s;
	long t0;
	uint32_t origin;

	open_basic(&ctx, &s);
	memset(&c, 0, sizeof(c));
	c.s = &s;
	c.cmd = TA_TEST_CMD_WAIT_CANCEL;
	c.op = op_of(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE);
	c.op.params[0].value.a = 20000;
	t0 = now_ms();
	e2e_call_start(&c);
	while (!e2e_call_done(&c)) {
		assert_true(now_ms() - t0 < 15000);
		if (e2e_op_started(&c.op))
			TEEC_RequestCancellation(&c.op);
		harness_sleep_ms(20);
	}
	assert_int_equal(pthread_join(c.thread, NULL), 0);
	assert_int_equal(c.res, TEEC_ERROR_CANCEL);
	assert_int_equal(c.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_true(now_ms() - t0 < 15000);
	/* The TA did not see the flag while cancellation was masked. */
	assert_int_equal(c.op.params[1].value.a, 0);
	assert_null(c.op.imp.session);

	/* Not in flight any more: the request is dropped. */
	TEEC_RequestCancellation(&c.op);
	c.op.started = 0;
	c.op.params[0].value.a = 50;
	c.op.params[1].value.a = 0xbad;
	assert_int_equal(invoke(&s, TA_TEST_CMD_WAIT_CANCEL, &c.op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(c.op.params[1].value.a, 0);
	assert_int_equal(c.op.started, 1);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */
/* ------------------------------------------------------------------ */

/**
 * struct hammer - one of the threads sharing a context and a session
 * @ctx:	the context
 * @s:		the session
 * @id:		which thread
 * @bad:	wrong answers seen
 */
struct hammer {
	TEEC_Context *ctx;
	TEEC_Session *s;
	int id;
	int bad;
};

/*
 * NCALLS calls of three kinds, every answer checked: a value, a TEMP
 * input memref, a PARTIAL output memref into this thread's own shared
 * memory (allocated and released by the thread meanwhile).
 */
static void *hammer_thread(void *arg)
{
	struct hammer *h = arg;
	TEEC_SharedMemory shm = {.size = 256,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	uint8_t buf[64];
	uint32_t origin;

	if (TEEC_AllocateSharedMemory(h->ctx, &shm)) {
		h->bad++;
		return NULL;
	}
	for (int i = 0; i < NCALLS; i++) {
		uint32_t v = (uint32_t)(h->id << 16 | i);
		TEEC_Operation op;
		TEEC_Parameter p;
		TEEC_Value out;
		uint8_t seed = (uint8_t)(h->id * 31 + i);
		size_t len = 1 + (size_t)(i % 64);

		switch (i % 3) {
		case 0:
			op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
				   TEEC_NONE);
			op.params[0].value.a = v;
			op.params[0].value.b = ~v;
			if (TEEC_InvokeCommand(h->s, TA_TEST_CMD_VALUE_INC, &op,
					       &origin) ||
			    op.params[0].value.a != v + 1 ||
			    op.params[0].value.b != ~v + 2)
				h->bad++;
			break;
		case 1:
			pattern(buf, len, seed);
			p = tmpref(buf, len);
			if (memref_sum(h->s, TEEC_MEMREF_TEMP_INPUT, &p, &out,
				       &origin) ||
			    out.a != byte_sum(buf, len) || out.b != len)
				h->bad++;
			break;
		default:
			p = memref(&shm, (size_t)(i % 192), len);
			if (memref_fill(h->s, TEEC_MEMREF_PARTIAL_OUTPUT, &p,
					seed, 0, &origin) ||
			    p.memref.size != len) {
				h->bad++;
				break;
			}
			for (size_t k = 0; k < len; k++)
				if (((uint8_t *)shm.buffer)[i % 192 + k] !=
				    (uint8_t)(seed + k))
					h->bad++;
			break;
		}
		if (i % 50 == 49) {
			/* New shared memory while the others call. */
			TEEC_ReleaseSharedMemory(&shm);
			shm.size = 256;
			if (TEEC_AllocateSharedMemory(h->ctx, &shm)) {
				h->bad++;
				return NULL;
			}
		}
	}
	TEEC_ReleaseSharedMemory(&shm);
	return NULL;
}

/*
 * The Client API is thread safe (GP §3.2.2 on concurrency; OP-TEE's
 * libteec): 8 threads x 200 calls on one context and one session, with
 * shared memory coming and going, every call succeeds with the right
 * answer, and the TA saw every call exactly once.
 */
static void test_gp_threads_one_session(void **state)
{
	struct hammer h[NTHREADS];
	pthread_t t[NTHREADS];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t before;

	open_basic(&ctx, &s);
	ta_counts(&s, NULL, &before);
	for (int i = 0; i < NTHREADS; i++) {
		h[i] = (struct hammer){.ctx = &ctx, .s = &s, .id = i};
		assert_int_equal(
			pthread_create(&t[i], NULL, hammer_thread, &h[i]), 0);
	}
	for (int i = 0; i < NTHREADS; i++) {
		assert_int_equal(pthread_join(t[i], NULL), 0);
		assert_int_equal(h[i].bad, 0);
	}
	assert_ta_invokes(&s, before, NTHREADS * NCALLS);
	e2e_close(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Transport failure                                                   */
/* ------------------------------------------------------------------ */

/*
 * The TEE goes away under a live context (teed stopped): calls fail with
 * origin COMMS (GP: the communication stack; OP-TEE: a failed ioctl),
 * nothing crashes, and closing, releasing and finalizing are still
 * harmless.
 */
static void test_gp_transport_failure_is_comms(void **state)
{
	TEEC_SharedMemory shm = {.size = 64, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;
	TEEC_Session s, s2;
	TEEC_Operation op;
	struct harness h;
	uint32_t origin;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	open_basic(&ctx, &s);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	harness_stop_ok(&h);

	op = op_of(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = 5;
	origin = 0;
	assert_int_not_equal(invoke(&s, TA_TEST_CMD_VALUE_INC, &op, &origin),
			     TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	assert_int_equal(op.params[0].value.a, 5);
	origin = 0;
	assert_int_not_equal(TEEC_OpenSession(&ctx, &s2, &basic_uuid,
					      TEEC_LOGIN_PUBLIC, NULL, NULL,
					      &origin),
			     TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	TEEC_ReleaseSharedMemory(&shm);
	e2e_close(&ctx, &s);
}

int main(void)
{
	const struct CMUnitTest shared[] = {
		cmocka_unit_test(test_gp_initialize_context_names),
		cmocka_unit_test(test_gp_value_params),
		cmocka_unit_test(test_gp_memref_temp),
		cmocka_unit_test(test_gp_memref_null),
		cmocka_unit_test(test_gp_memref_whole),
		cmocka_unit_test(test_gp_memref_partial),
		cmocka_unit_test(test_gp_short_buffer_feedback),
		cmocka_unit_test(test_gp_shm_lifecycle),
		cmocka_unit_test(test_gp_register_local_buffer),
		cmocka_unit_test(test_gp_shm_large),
		cmocka_unit_test(test_gp_memref_misuse),
		cmocka_unit_test(test_gp_param_types_invalid),
		cmocka_unit_test(test_gp_null_arguments),
		cmocka_unit_test(test_gp_logins),
		cmocka_unit_test(test_gp_return_origins),
		cmocka_unit_test(test_gp_request_cancellation),
		cmocka_unit_test(test_gp_threads_one_session),
	};
	const struct CMUnitTest own[] = {
		cmocka_unit_test(test_gp_transport_failure_is_comms),
	};
	int failed;

	signal(SIGPIPE, SIG_IGN);
	failed = cmocka_run_group_tests_name("gp_client", shared, group_setup,
					     group_teardown);
	failed += cmocka_run_group_tests_name("gp_client_own_teebox", own, NULL,
					      NULL);
	return failed;
}
