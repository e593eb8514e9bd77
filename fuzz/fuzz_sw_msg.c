// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the secure world's message-argument parser (entry_std.c
 * and the shared-memory checks of nw_shm.c).  The input is normal-world
 * RAM as a hostile normal world fills it: a struct optee_msg_arg at the
 * start of the reserved shared memory, and whatever page lists and
 * buffers its addresses point at.  The TA manager is replaced by a
 * checker that touches every byte of every memref it is given, so a
 * range the parser let through without it being normal-world RAM shows
 * up as a fault under AddressSanitizer.  Nothing may crash or leak: the
 * counted allocations are back where they were after each input.
 *
 * Input: byte 0 selects the configuration (bit 0: dynamic shared memory,
 * bit 1: served on a system thread even when the command is not a system
 * one); the rest fills the RAM.  fuzz/corpus/fuzz_sw_msg holds valid
 * messages of each command to start from.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/log.h"
#include "machine/board.h"
#include "machine/nw_ram_nw.h"
#include "machine/nw_ram_sw.h"
#include "secure/entry.h"
#include "secure/nw_shm.h"
#include "secure/secure_world.h"
#include "secure/ta_manager.h"
#include "secure/ta_proc.h"
#include "secure/thread.h"
#include "tests/unit/sw_test_world.h"

#define SHM_BYTES  (8 * 4096)
#define DRAM_BYTES (8 * 4096)

static struct secure_world sw;
static struct nw_ram nw;
static _Atomic uint64_t ram_gen;
static uint8_t *shm_va, *dram_va;

static void setup(void)
{
	if (sw_test_world_init(&sw, &nw, &ram_gen, SHM_BYTES, &shm_va,
			       DRAM_BYTES, &dram_va))
		abort();
}

/* Reads and writes every byte of each memref, as a TA could. */
static TEE_Result touch_params(uint32_t types, struct ta_call_param *params)
{
	for (int i = 0; i < TEE_NUM_PARAMS; i++) {
		struct ta_call_param *p = &params[i];
		volatile uint8_t *va;

		if (TEE_PARAM_TYPE_GET(types, i) != p->type)
			abort(); /* the types word must describe the params */
		if (p->type < TEE_PARAM_TYPE_MEMREF_INPUT ||
		    p->type > TEE_PARAM_TYPE_MEMREF_INOUT ||
		    !p->u.memref.mem.chunk)
			continue;
		va = p->u.memref.mem.va;
		for (size_t n = 0; n < p->u.memref.size; n++)
			va[n] = (uint8_t)(va[n] + 1);
		if (p->type != TEE_PARAM_TYPE_MEMREF_INPUT)
			p->u.memref.size /= 2;
	}
	return TEE_SUCCESS;
}

/* The TA manager, reduced to what the parser hands it. */
TEE_Result tm_open_session(struct sthread *t, const struct open_session_req *r,
			   uint32_t param_types, struct ta_call_param params[4],
			   uint32_t *session, uint32_t *origin)
{
	(void)t;
	(void)r;
	*session = 1;
	*origin = TEE_ORIGIN_TRUSTED_APP;
	return touch_params(param_types, params);
}

TEE_Result tm_invoke(struct sthread *t, uint32_t session, uint32_t cmd,
		     uint32_t param_types, struct ta_call_param params[4],
		     uint32_t *origin)
{
	(void)t;
	(void)session;
	(void)cmd;
	*origin = TEE_ORIGIN_TRUSTED_APP;
	return touch_params(param_types, params);
}

TEE_Result tm_close_session(struct sthread *t, uint32_t session)
{
	(void)t;
	return session == 1 ? TEE_SUCCESS : TEE_ERROR_ITEM_NOT_FOUND;
}

TEE_Result tm_cancel(struct secure_world *w, uint32_t session,
		     uint32_t cancel_id, bool abandon)
{
	(void)w;
	(void)abandon;
	(void)session;
	(void)cancel_id;
	return TEE_SUCCESS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sthread t = {.id = 0, .state = THREAD_STATE_ACTIVE, .sw = &sw};
	size_t n;
	long live;

	if (!shm_va)
		setup();
	if (!size)
		return 0;
	sw.cfg.dynamic_shm = data[0] & 1;
	if (data[0] & 2)
		t.id = -1;
	data++;
	size--;

	memset(shm_va, 0, SHM_BYTES);
	memset(dram_va, 0, DRAM_BYTES);
	n = size < SHM_BYTES ? size : SHM_BYTES;
	memcpy(shm_va, data, n);
	if (size > n)
		memcpy(dram_va, data + n,
		       size - n < DRAM_BYTES ? size - n : DRAM_BYTES);

	live = kmem_live();
	/* The conduit peeks at the command to pick a thread, then runs it. */
	if (entry_std_is_system_call(&sw, BOARD_SHM_BASE))
		t.id = -1;
	entry_std_call(&t, BOARD_SHM_BASE);
	sw_reg_shm_release_all(&sw);
	if (kmem_live() != live) {
		fprintf(stderr, "leak: %ld allocations left\n",
			kmem_live() - live);
		abort();
	}
	return 0;
}
