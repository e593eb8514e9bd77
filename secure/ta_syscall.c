// SPDX-License-Identifier: BSD-2-Clause
/*
 * What the trusted OS does for a TA in the middle of a call: its system
 * calls (enum ta_ipc_sys in teebox/ta_ipc.h) and the yield of a long call.
 * ta_manager.c hands this host to every TA call; both callbacks run on the
 * secure thread of the call, which may ask the normal world (RPC) on its
 * lane as an OP-TEE thread does from a system call.
 *
 *  GET_REE_TIME     OPTEE_RPC_CMD_GET_TIME (the driver answers)
 *  GET_SYSTEM_TIME  our own monotonic clock, no RPC
 *  WAIT             OPTEE_RPC_CMD_SUSPEND in slices of WAIT_SLICE_MS, so
 *		     that a cancel request (tm_cancel()) ends a cancellable
 *		     wait soon after it came
 *  yield            OPTEE_SMC_RETURN_RPC_FOREIGN_INTR: the normal world
 *		     gets its CPU back, as when OP-TEE is interrupted by a
 *		     foreign interrupt, and resumes us
 *
 * ta_proc has checked the number and that unused arguments are 0; the
 * values are checked here.  The normal world's answers are not trusted
 * either: a time with 1e9 nanoseconds or more is refused.
 */
#include <errno.h>
#include <stdint.h>
#include <time.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "drivers/tee/optee/optee_smc.h"
#include "kernel/log.h"
#include "secure_world.h"
#include "ta_proc.h"
#include "ta_syscall.h"
#include "teebox/ta_ipc.h"
#include "thread.h"
#include "thread_rpc.h"

/* A wait sleeps in slices this long, so that a cancel request ends it. */
#define WAIT_SLICE_MS 100

#define NSEC_PER_MSEC 1000000ULL
#define NSEC_PER_SEC  1000000000ULL

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / NSEC_PER_SEC),
		.tv_nsec = (long)(ns % NSEC_PER_SEC),
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static bool cancel_requested(struct sthread *t)
{
	bool requested;

	pthread_mutex_lock(&t->sw->lock);
	requested = t->cancel.requested;
	pthread_mutex_unlock(&t->sw->lock);
	return requested;
}

TEE_Result sw_ree_time(struct sthread *t, uint64_t *sec, uint32_t *nsec)
{
	struct rpc_param p = {.attr = OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT};
	TEE_Result res;

	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_GET_TIME, 1, &p);
	if (res)
		return res;
	if (p.attr != OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT ||
	    p.u.value.b >= NSEC_PER_SEC) {
		pr_err("normal world answered GET_TIME with a malformed time");
		return TEE_ERROR_COMMUNICATION;
	}
	*sec = p.u.value.a;
	*nsec = (uint32_t)p.u.value.b;
	return TEE_SUCCESS;
}

void sw_system_time(uint64_t *sec, uint32_t *nsec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	*sec = (uint64_t)ts.tv_sec;
	*nsec = (uint32_t)ts.tv_nsec;
}

static TEE_Result get_ree_time(struct sthread *t, uint64_t out[4])
{
	uint32_t nsec;
	TEE_Result res = sw_ree_time(t, &out[0], &nsec);

	out[1] = nsec;
	return res;
}

static TEE_Result get_system_time(uint64_t out[4])
{
	uint32_t nsec;

	sw_system_time(&out[0], &nsec);
	out[1] = nsec;
	return TEE_SUCCESS;
}

/*
 * Sleeps @ns (at most a slice) in the normal world.  Its sleep is
 * interruptible: a normal world whose caller went away comes back at
 * once, every time; the rest is slept here then, so that a wait never
 * spins.
 */
static void suspend(struct sthread *t, uint64_t ns)
{
	struct rpc_param p = {.attr = OPTEE_MSG_ATTR_TYPE_VALUE_INPUT};
	uint64_t start = now_ns(), slept;

	/* Whole milliseconds, rounded up: never shorter than asked. */
	p.u.value.a = (ns + NSEC_PER_MSEC - 1) / NSEC_PER_MSEC;
	thread_rpc_cmd(t, OPTEE_RPC_CMD_SUSPEND, 1, &p);
	slept = now_ns() - start;
	if (slept < ns)
		sleep_ns(ns - slept);
}

/*
 * GP TEE_Wait() for TA @p: @ms (TEE_TIMEOUT_INFINITE: for ever),
 * @cancellable 0/1.  A TA that dies meanwhile (killed from outside), or a
 * call that ran out of time (TA_DestroyEntryPoint is bounded), ends the
 * wait with TEE_ERROR_TARGET_DEAD: the TA is gone, or about to be killed.
 */
static TEE_Result sys_wait(struct sthread *t, struct ta_proc *p, uint64_t ms,
			   uint64_t cancellable)
{
	bool forever = ms == TEE_TIMEOUT_INFINITE;
	uint64_t start = now_ns(), left, elapsed;

	if (ms > UINT32_MAX || cancellable > 1)
		return TEE_ERROR_BAD_PARAMETERS;
	for (;;) {
		/* The client's request, or a TA caller's timeout. */
		if (cancellable &&
		    (cancel_requested(t) || ta_proc_cancelled(p)))
			return TEE_ERROR_CANCEL;
		if (ta_proc_call_over(p))
			return TEE_ERROR_TARGET_DEAD;
		elapsed = now_ns() - start;
		if (!forever && elapsed >= ms * NSEC_PER_MSEC)
			return TEE_SUCCESS;
		left = forever ? UINT64_MAX : ms * NSEC_PER_MSEC - elapsed;
		suspend(t, left < WAIT_SLICE_MS * NSEC_PER_MSEC
				   ? left
				   : WAIT_SLICE_MS * NSEC_PER_MSEC);
	}
}

static TEE_Result host_syscall(void *arg, struct ta_proc *p, uint32_t nr,
			       const uint64_t args[4], uint64_t out[4])
{
	struct sthread *t = arg;

	switch (nr) {
	case TA_IPC_SYS_GET_REE_TIME:
		return get_ree_time(t, out);
	case TA_IPC_SYS_GET_SYSTEM_TIME:
		return get_system_time(out);
	case TA_IPC_SYS_WAIT:
		return sys_wait(t, p, args[0], args[1]);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}

static void host_yield(void *arg)
{
	struct sthread *t = arg;
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_FOREIGN_INTR};

	/* A refused yield was reported; the call goes on without it. */
	(void)sthread_rpc(t, regs);
}

void ta_syscall_host(struct sthread *t, struct ta_proc_host *host)
{
	host->syscall = host_syscall;
	host->yield = host_yield;
	host->arg = t;
}
