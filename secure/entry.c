// SPDX-License-Identifier: BSD-2-Clause
/*
 * Where every SMC enters the secure world (the monitor's dispatch):
 * fast calls are answered at once; a yielding call gets a secure thread,
 * or OPTEE_SMC_RETURN_ETHREAD_LIMIT when all are busy.
 */
#include "drivers/tee/optee/optee_smc.h"
#include "entry.h"
#include "thread.h"

static uint64_t reg_pair(uint64_t hi, uint64_t lo)
{
	return ((hi & 0xffffffffULL) << 32) | (lo & 0xffffffffULL);
}

static void call_with_arg(struct secure_world *sw, struct smc_sw_lane *lane,
			  uint64_t regs[SMC_NUM_REGS])
{
	phys_addr_t parg = reg_pair(regs[1], regs[2]);
	struct sthread sys = {
		.id = -1, .state = THREAD_STATE_ACTIVE, .lane = lane, .sw = sw};
	struct sthread *t;

	/*
	 * Registering memory and cancelling never wait and never call out:
	 * they run on a system thread of their own, so that they cannot be
	 * starved by the very calls that need them (a TA load suspended in
	 * an RPC whose memory must be registered, mainline's system
	 * threads; a call stuck in a TA that only a cancel ends).  That
	 * thread is no thread of the pool: it is born ACTIVE and dies with
	 * the call, never suspended.
	 */
	if (entry_std_is_system_call(sw, parg)) {
		regs[0] = entry_std_call(&sys, parg);
		return;
	}
	t = sthread_alloc(sw, lane);
	if (!t) {
		/* a1..a7 preserved: the normal world retries as is. */
		regs[0] = OPTEE_SMC_RETURN_ETHREAD_LIMIT;
		return;
	}
	regs[0] = entry_std_call(t, parg);
	sthread_free(t);
}

void sw_smc_entry(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS],
		  void *arg)
{
	struct secure_world *sw = arg;

	if (sw_is_fast_call(regs[0])) {
		sw_entry_fast(sw, regs);
		return;
	}
	switch ((uint32_t)regs[0]) {
	case OPTEE_SMC_CALL_WITH_ARG:
		call_with_arg(sw, lane, regs);
		break;
	case OPTEE_SMC_CALL_RETURN_FROM_RPC:
		/* No thread of ours waits on this lane for a resume. */
		regs[0] = OPTEE_SMC_RETURN_ERESUME;
		break;
	default:
		regs[0] = OPTEE_SMC_RETURN_UNKNOWN_FUNCTION;
		break;
	}
}
