// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_crash: dies on demand, each way in a function of its own whose
 * name the crash report must show (test_ta_crash.h).  The functions are
 * noinline and reach their fault through volatile values, so that the
 * compiler keeps them as written.
 */
#include <signal.h>
#include <stdlib.h>

#include <tee_internal_api.h>

#include <test_ta_crash.h>

#include "teebox/ta_ipc.h"

_Static_assert(TA_TEST_CRASH_RECORD_FRAMES == TA_IPC_CRASH_FRAMES,
	       "the test counts the frames of a full record");

/* The runtime's crash record (libutee's utee_channel.c). */
struct ta_ipc_crash *utee_channel_crash(void);

#define NOINLINE __attribute__((noinline))

static volatile uintptr_t null_address;
static volatile uint32_t recurse_forever = UINT32_MAX;

/* UBSan would stop the TA before the fault: the fault is the test. */
NOINLINE __attribute__((no_sanitize("undefined"))) static uint32_t
ta_crash_deref(const volatile uint32_t *p)
{
	return *p + 1;
}

NOINLINE static TEE_Result ta_crash_cmd_deref(void)
{
	return ta_crash_deref((const volatile uint32_t *)null_address) ? 1 : 0;
}

NOINLINE static uint32_t ta_crash_recurse(uint32_t depth)
{
	volatile char frame[512];

	frame[0] = (char)depth;
	if (depth == recurse_forever)
		return 0;
	return ta_crash_recurse(depth + 1) + (uint32_t)frame[0];
}

NOINLINE static void ta_crash_abort(void)
{
	abort();
}

/* Allocates until refused (@libc: malloc, else TEE_Malloc), then frees. */
static void exhaust(bool libc, TEE_Param *out)
{
	void **blocks = NULL, *p;
	uint32_t n = 0;

	for (;;) {
		p = libc ? malloc(TA_TEST_CRASH_CHUNK)
			 : TEE_Malloc(TA_TEST_CRASH_CHUNK, 0);
		if (!p)
			break;
		/* A list through the blocks themselves: nothing else to
		 * allocate. */
		*(void **)p = blocks;
		blocks = p;
		n++;
	}
	out->value.a = n;
	out->value.b = 1;
	while (blocks) {
		p = blocks;
		blocks = *(void **)p;
		if (libc)
			free(p);
		else
			TEE_Free(p);
	}
}

/* A record the runtime never wrote, then a death of @kind. */
NOINLINE static void ta_crash_forge(uint32_t kind)
{
	struct ta_ipc_crash *c = utee_channel_crash();

	c->sig = SIGSEGV;
	c->code = 1;
	c->nframes = UINT32_MAX;
	c->addr = TA_TEST_CRASH_FORGED_ADDR;
	c->load_base = UINT64_MAX;
	c->stack_lo = UINT64_MAX;
	c->guard_lo = 0;
	for (unsigned int i = 0; i < TA_IPC_CRASH_NREGS; i++)
		c->regs[i] = UINT64_MAX - i;
	for (unsigned int i = 0; i < TA_IPC_CRASH_FRAMES; i++)
		c->frames[i] = (uint64_t)i << 60;
	atomic_store(&c->magic, TA_IPC_CRASH_MAGIC);
	raise(kind == TA_TEST_CRASH_FORGE_MATCHING ? SIGSEGV : SIGABRT);
}

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types, TEE_Param params[4],
				    void **sess)
{
	(void)types;
	(void)params;
	*sess = NULL;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess)
{
	(void)sess;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess, uint32_t cmd, uint32_t types,
				      TEE_Param params[4])
{
	uint32_t value_out = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_VALUE_OUTPUT, TEE_PARAM_TYPE_NONE,
		TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE);
	uint32_t value_in =
		TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_NONE,
				TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE);

	(void)sess;
	switch (cmd) {
	case TA_TEST_CRASH_CMD_PING:
		if (types != value_out)
			return TEE_ERROR_BAD_PARAMETERS;
		params[0].value.a = TA_TEST_CRASH_PONG;
		return TEE_SUCCESS;
	case TA_TEST_CRASH_CMD_DEREF:
		return ta_crash_cmd_deref();
	case TA_TEST_CRASH_CMD_RECURSE:
		return ta_crash_recurse(0) ? TEE_SUCCESS : TEE_ERROR_GENERIC;
	case TA_TEST_CRASH_CMD_ABORT:
		ta_crash_abort();
		return TEE_ERROR_GENERIC;
	case TA_TEST_CRASH_CMD_TEE_MALLOC:
	case TA_TEST_CRASH_CMD_LIBC_MALLOC:
		if (types != value_out)
			return TEE_ERROR_BAD_PARAMETERS;
		exhaust(cmd == TA_TEST_CRASH_CMD_LIBC_MALLOC, &params[0]);
		return TEE_SUCCESS;
	case TA_TEST_CRASH_CMD_FORGE:
		if (types != value_in)
			return TEE_ERROR_BAD_PARAMETERS;
		ta_crash_forge(params[0].value.a);
		return TEE_ERROR_GENERIC;
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
