// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the secure world's system calls for a TA
 * (secure/ta_syscall.c) and the RPCs they make to the normal world
 * (secure/thread_rpc.c).  Both ends are hostile: the TA picks the number
 * and the four arguments of each system call, and the normal world
 * answers every RPC as it likes, with any registers (the RPC buffer's
 * address and cookie) and any bytes in the message it gives back.
 *
 * The secure thread's return to the normal world (sthread_rpc()) is
 * replaced by that normal world, which writes its answers into real
 * normal-world RAM set up as in fuzz_sw_msg, so an RPC buffer the secure
 * world accepted outside the reserved shared memory faults.  Each system
 * call's result must be one its contract allows (a time with less than a
 * second of nanoseconds, BAD_PARAMETERS for arguments out of range,
 * NOT_SUPPORTED for an unknown number), and after each input the RPC
 * buffer is given back and the counted allocations are where they were.
 *
 * A TEE_Wait() that would sleep is cut short so the run does not: waits
 * take 0 ms (1 ms when flag 4 is set), and one for ever finds its call
 * over at once unless it is cancellable and cancelled.
 *
 * Input: u8 count, then count system calls of { u32 nr, u64 args[4],
 * u8 flags (1: a cancel was requested, 2: the call is over, 4: see
 * above) } (little endian), then the normal world's script: per RPC, a
 * u8 mode and the bytes that mode reads (see nw_answer()); an exhausted
 * script answers correctly.  fuzz/corpus/fuzz_ta_syscall holds valid
 * inputs of each system call.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "drivers/tee/optee/optee_smc.h"
#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/log.h"
#include "machine/board.h"
#include "machine/nw_ram_nw.h"
#include "machine/nw_ram_sw.h"
#include "secure/secure_world.h"
#include "secure/ta_proc.h"
#include "secure/ta_syscall.h"
#include "secure/thread.h"
#include "secure/thread_rpc.h"
#include "ta/include/tee_api_defines.h"
#include "teebox/ta_ipc.h"
#include "tests/unit/sw_test_world.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SHM_BYTES     (2 * 4096)
#define SYS_REC_BYTES (4 + 4 * 8 + 1)
#define MAX_SYSCALLS  8
#define NSEC_PER_SEC  1000000000ULL

/* Where the normal world puts the RPC buffer when it plays fair. */
#define ARG_OFFSET 256
#define ARG_COOKIE 0x1234

static struct secure_world sw;
static struct nw_ram nw;
static _Atomic uint64_t ram_gen;
static uint8_t *shm_va;

/* The normal world's script for the current input. */
static const uint8_t *script;
static size_t script_left;
static bool call_over;
/* The RPC buffer the normal world gave last: address and cookie. */
static uint64_t arg_pa, arg_cookie;

static void setup(void)
{
	if (sw_test_world_init(&sw, &nw, &ram_gen, SHM_BYTES, &shm_va, 0, NULL))
		abort();
}

/* @n bytes of the script as a little-endian number; 0 past its end. */
static uint64_t take(size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t b = script_left ? *script : 0;

		if (script_left) {
			script++;
			script_left--;
		}
		v |= b << (8 * i);
	}
	return v;
}

/* A correct answer to the command in the RPC buffer at @off. */
static void answer_cmd(uint64_t off)
{
	struct optee_msg_arg *arg = (struct optee_msg_arg *)(shm_va + off);
	struct optee_msg_param *p = arg->params;

	arg->ret = TEE_SUCCESS;
	if (arg->cmd == OPTEE_RPC_CMD_GET_TIME && arg->num_params == 1) {
		p->u.value.a = 1700000000;
		p->u.value.b = 123456789;
	}
}

/*
 * The normal world's answer to RPC @regs (a0 = the function).  Modes:
 *  0  answer correctly
 *  1  refuse: sthread_rpc() fails (the lane is gone)
 *  2  answer with registers a1..a5 from the script (u64 each)
 *  3  answer correctly, then overwrite the message's header and first
 *     parameter with 64 script bytes
 * A fair ALLOC answer is a buffer at ARG_OFFSET with cookie ARG_COOKIE.
 */
static int nw_answer(uint64_t regs[SMC_NUM_REGS])
{
	uint32_t func = OPTEE_SMC_RETURN_GET_RPC_FUNC((uint32_t)regs[0]);
	uint8_t mode = (uint8_t)(take(1) % 4);
	uint64_t off;

	if (mode == 1)
		return -EPIPE;
	if (mode == 2) {
		for (int i = 1; i <= 5; i++)
			regs[i] = take(8);
		goto done;
	}
	switch (func) {
	case OPTEE_SMC_RPC_FUNC_ALLOC:
		regs[1] = (BOARD_SHM_BASE + ARG_OFFSET) >> 32;
		regs[2] = (BOARD_SHM_BASE + ARG_OFFSET) & 0xffffffff;
		regs[3] = regs[4] = 0;
		regs[5] = ARG_COOKIE;
		break;
	case OPTEE_SMC_RPC_FUNC_CMD:
		/*
		 * The secure world names its buffer by the cookie it was
		 * given, and took it only inside the reserved memory and
		 * aligned for a struct optee_msg_arg (OP-TEE's rule).
		 */
		off = arg_pa - BOARD_SHM_BASE;
		if (((regs[1] << 32) | regs[2]) != arg_cookie ||
		    arg_pa < BOARD_SHM_BASE || arg_pa % 8 ||
		    off + OPTEE_MSG_GET_ARG_SIZE(THREAD_RPC_MAX_NUM_PARAMS) >
			    SHM_BYTES)
			abort();
		answer_cmd(off);
		if (mode == 3)
			for (int i = 0; i < 64; i++)
				shm_va[off + i] = (uint8_t)take(1);
		break;
	default:
		break;
	}
done:
	if (func == OPTEE_SMC_RPC_FUNC_ALLOC) {
		arg_pa = (regs[1] & 0xffffffff) << 32 | (regs[2] & 0xffffffff);
		arg_cookie =
			(regs[4] & 0xffffffff) << 32 | (regs[5] & 0xffffffff);
	}
	regs[0] = OPTEE_SMC_CALL_RETURN_FROM_RPC;
	return 0;
}

/* The normal world, in place of the conduit (thread.c). */
int sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS])
{
	(void)t;
	return nw_answer(regs);
}

/* The TA's call, in place of ta_proc_call.c: over when the input says. */
bool ta_proc_call_over(struct ta_proc *p)
{
	(void)p;
	return call_over;
}

/* ta_proc.c's: no TA-to-TA caller's timeout here, cancels come from t. */
bool ta_proc_cancelled(struct ta_proc *p)
{
	(void)p;
	return false;
}

/* Aborts when @res is not what system call @nr may answer to @args. */
static void check_result(uint32_t nr, const uint64_t args[4], TEE_Result res,
			 const uint64_t out[4], bool cancel)
{
	switch (nr) {
	case TA_IPC_SYS_GET_REE_TIME:
		if (!res && out[1] >= NSEC_PER_SEC)
			goto bad;
		return;
	case TA_IPC_SYS_GET_SYSTEM_TIME:
		if (res || out[1] >= NSEC_PER_SEC)
			goto bad;
		return;
	case TA_IPC_SYS_WAIT:
		if (args[0] > UINT32_MAX || args[1] > 1) {
			if (res != TEE_ERROR_BAD_PARAMETERS)
				goto bad;
		} else if (args[1] && cancel) {
			if (res != TEE_ERROR_CANCEL)
				goto bad;
		} else if (res && res != TEE_ERROR_TARGET_DEAD) {
			goto bad;
		}
		return;
	default:
		if (res != TEE_ERROR_NOT_SUPPORTED)
			goto bad;
		return;
	}
bad:
	fprintf(stderr, "system call %u: result 0x%08x out[1] %llu\n", nr, res,
		(unsigned long long)out[1]);
	abort();
}

static void run_syscall(struct sthread *t, const struct ta_proc_host *host,
			const uint8_t *rec)
{
	uint64_t args[4], out[4] = {0};
	uint32_t nr = 0;
	uint8_t flags = rec[SYS_REC_BYTES - 1];
	TEE_Result res;

	memcpy(&nr, rec, 4);
	memcpy(args, rec + 4, sizeof(args));
	t->cancel.requested = flags & 1;
	call_over = flags & 2;
	if (nr == TA_IPC_SYS_WAIT && args[0] <= UINT32_MAX) {
		/* Cut short, so that the run does not sleep. */
		if (args[0] == TEE_TIMEOUT_INFINITE &&
		    !(args[1] == 1 && t->cancel.requested))
			call_over = true;
		else if (args[0])
			args[0] = flags & 4 ? 1 : 0;
	}
	res = host->syscall(host->arg, NULL, nr, args, out);
	check_result(nr, args, res, out, t->cancel.requested);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sthread t = {.id = 0, .state = THREAD_STATE_ACTIVE, .sw = &sw};
	struct ta_proc_host host;
	size_t count;
	long live;

	if (!shm_va)
		setup();
	if (!size)
		return 0;
	count = data[0] % (MAX_SYSCALLS + 1);
	data++;
	size--;
	if (count * SYS_REC_BYTES > size)
		count = size / SYS_REC_BYTES;
	script = data + count * SYS_REC_BYTES;
	script_left = size - count * SYS_REC_BYTES;
	memset(shm_va, 0, SHM_BYTES);

	live = kmem_live();
	ta_syscall_host(&t, &host);
	for (size_t i = 0; i < count; i++)
		run_syscall(&t, &host, data + i * SYS_REC_BYTES);
	/* A yield is a foreign interrupt the normal world may refuse. */
	host.yield(host.arg);
	thread_rpc_release_arg(&t);
	if (t.rpc_arg || kmem_live() != live) {
		fprintf(stderr, "leak: %ld allocations left\n",
			kmem_live() - live);
		abort();
	}
	return 0;
}
