// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the RPC buffer a secure thread gets from the normal
 * world (secure/thread_rpc.c), with the normal world played by a stub in
 * place of sthread_rpc(): it answers OPTEE_SMC_RETURN_RPC_ALLOC with the
 * address and cookie the test chose, records the frees, and answers
 * GET_TIME commands in the buffer.
 *
 * OP-TEE takes the buffer only when its address is aligned for a struct
 * optee_msg_arg and hands a refused one back with RPC_FREE
 * (core/arch/arm/kernel/thread_optee_smc.c, thread_rpc_alloc_arg()).
 * fuzz_ta_syscall found the missing alignment check.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "drivers/tee/optee/optee_smc.h"
#include "kernel/err.h"
#include "kernel/log.h"
#include "machine/board.h"
#include "machine/nw_ram_nw.h"
#include "machine/nw_ram_sw.h"
#include "secure/secure_world.h"
#include "secure/thread.h"
#include "secure/thread_rpc.h"
#include "sw_test_world.h"

#define SHM_BYTES (2 * 4096)
#define COOKIE	  0x5151ULL
#define REE_SEC	  1700000000ULL
#define REE_NSEC  987654321ULL

/**
 * struct stub_nw - the normal world, played here
 * @alloc_pa:	the address ALLOC answers with
 * @allocs:	ALLOCs asked
 * @cmds:	commands sent
 * @frees:	FREEs asked
 * @freed:	the cookie of the last FREE
 */
static struct stub_nw {
	uint64_t alloc_pa;
	int allocs;
	int cmds;
	int frees;
	uint64_t freed;
} nw;

static struct secure_world sw;
static struct nw_ram ram;
static _Atomic uint64_t ram_gen;
static uint8_t *shm_va;

int sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS])
{
	uint32_t func = OPTEE_SMC_RETURN_GET_RPC_FUNC((uint32_t)regs[0]);
	struct optee_msg_arg *arg;

	(void)t;
	switch (func) {
	case OPTEE_SMC_RPC_FUNC_ALLOC:
		nw.allocs++;
		regs[1] = nw.alloc_pa >> 32;
		regs[2] = nw.alloc_pa & 0xffffffff;
		regs[4] = COOKIE >> 32;
		regs[5] = COOKIE & 0xffffffff;
		break;
	case OPTEE_SMC_RPC_FUNC_FREE:
		nw.frees++;
		nw.freed = (regs[1] << 32) | regs[2];
		break;
	case OPTEE_SMC_RPC_FUNC_CMD:
		nw.cmds++;
		arg = (struct optee_msg_arg *)(shm_va +
					       (nw.alloc_pa - BOARD_SHM_BASE));
		if (arg->cmd == OPTEE_RPC_CMD_GET_TIME) {
			arg->params[0].u.value.a = REE_SEC;
			arg->params[0].u.value.b = REE_NSEC;
			arg->ret = TEE_SUCCESS;
		}
		break;
	default:
		break;
	}
	regs[0] = OPTEE_SMC_CALL_RETURN_FROM_RPC;
	return 0;
}

/* Normal-world RAM with the reserved shared memory, once for all. */
static int group_setup(void **state)
{
	(void)state;
	return sw_test_world_init(&sw, &ram, &ram_gen, SHM_BYTES, &shm_va, 0,
				  NULL);
}

static int group_teardown(void **state)
{
	(void)state;
	nw_ram_destroy(&ram);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	memset(&nw, 0, sizeof(nw));
	memset(shm_va, 0, SHM_BYTES);
	return 0;
}

/* GET_TIME through thread_rpc_cmd(), as TEE_GetREETime() asks it. */
static TEE_Result get_time(struct sthread *t, struct rpc_param *p)
{
	memset(p, 0, sizeof(*p));
	p->attr = OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT;
	return thread_rpc_cmd(t, OPTEE_RPC_CMD_GET_TIME, 1, p);
}

static void test_thread_rpc_cmd__aligned_buffer_taken(void **state)
{
	struct sthread t = {.state = THREAD_STATE_ACTIVE, .sw = &sw};
	struct rpc_param p;

	(void)state;
	nw.alloc_pa = BOARD_SHM_BASE + 0x100;
	assert_int_equal(get_time(&t, &p), TEE_SUCCESS);
	assert_int_equal(p.u.value.a, REE_SEC);
	assert_int_equal(p.u.value.b, REE_NSEC);
	assert_int_equal(nw.cmds, 1);
	assert_true(t.rpc_arg);
	thread_rpc_release_arg(&t);
	assert_int_equal(nw.frees, 1);
	assert_int_equal(nw.freed, COOKIE);
}

static void
test_thread_rpc_cmd__misaligned_buffer_refused_and_freed(void **state)
{
	struct sthread t = {.state = THREAD_STATE_ACTIVE, .sw = &sw};
	struct rpc_param p;

	(void)state;
	for (uint64_t off = 0x101; off < 0x108; off++) {
		memset(&nw, 0, sizeof(nw));
		nw.alloc_pa = BOARD_SHM_BASE + off;
		assert_int_equal(get_time(&t, &p), TEE_ERROR_OUT_OF_MEMORY);
		assert_int_equal(nw.allocs, 1);
		assert_int_equal(nw.cmds, 0);
		assert_int_equal(nw.frees, 1);
		assert_int_equal(nw.freed, COOKIE);
		assert_false(t.rpc_arg);
	}
}

static void
test_thread_rpc_cmd__buffer_outside_shm_refused_and_freed(void **state)
{
	struct sthread t = {.state = THREAD_STATE_ACTIVE, .sw = &sw};
	struct rpc_param p;

	(void)state;
	/* The last bytes of the reserved memory cannot hold the message. */
	nw.alloc_pa = BOARD_SHM_BASE + SHM_BYTES - 8;
	assert_int_equal(get_time(&t, &p), TEE_ERROR_OUT_OF_MEMORY);
	assert_int_equal(nw.cmds, 0);
	assert_int_equal(nw.frees, 1);
	assert_int_equal(nw.freed, COOKIE);
	assert_false(t.rpc_arg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_thread_rpc_cmd__aligned_buffer_taken, setup),
		cmocka_unit_test_setup(
			test_thread_rpc_cmd__misaligned_buffer_refused_and_freed,
			setup),
		cmocka_unit_test_setup(
			test_thread_rpc_cmd__buffer_outside_shm_refused_and_freed,
			setup),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
