// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fast calls: answered at once, without a secure thread (OP-TEE's
 * entry_fast.c).  Values per docs/abi.md §3.
 */
#include <unistd.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_smc.h"
#include "entry.h"
#include "secure_world.h"
#include "thread.h"

/* Teebox's trusted OS version, reported by OPTEE_SMC_CALL_GET_OS_REVISION. */
#define SW_OS_REVISION_MAJOR 0
#define SW_OS_REVISION_MINOR 1

/* The capabilities this secure world offers. */
#define SW_SEC_CAPS                                                            \
	(OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM | OPTEE_SMC_SEC_CAP_MEMREF_NULL)

/* Function ids this secure world answers (OPTEE_SMC_CALLS_COUNT). */
#define SW_CALLS_COUNT 12

static void exchange_capabilities(struct secure_world *sw,
				  uint64_t regs[SMC_NUM_REGS])
{
	uint64_t caps = SW_SEC_CAPS;

	if (sw->cfg.dynamic_shm)
		caps |= OPTEE_SMC_SEC_CAP_DYNAMIC_SHM;
	/* Only a uniprocessor hint may come from the normal world. */
	if (regs[1] & ~(uint64_t)OPTEE_SMC_NSEC_CAP_UNIPROCESSOR) {
		regs[0] = OPTEE_SMC_RETURN_ENOTAVAIL;
		regs[1] = caps;
		return;
	}
	regs[0] = OPTEE_SMC_RETURN_OK;
	regs[1] = caps;
	regs[2] = 0; /* no asynchronous notification */
	regs[3] = 0; /* no RPC argument after the call's */
}

static void get_shm_config(struct secure_world *sw, uint64_t regs[SMC_NUM_REGS])
{
	regs[0] = OPTEE_SMC_RETURN_OK;
	regs[1] = sw->cfg.shm_base;
	regs[2] = sw->cfg.shm_size;
	regs[3] = OPTEE_SMC_SHM_CACHED;
}

static void set_shm_cache(struct secure_world *sw, bool enable,
			  uint64_t regs[SMC_NUM_REGS])
{
	uint64_t cookie;

	/* Only while no call is running (OP-TEE answers EBUSY). */
	if (sw_threads_busy(sw)) {
		regs[0] = OPTEE_SMC_RETURN_EBUSY;
		return;
	}
	pthread_mutex_lock(&sw->lock);
	sw->shm_cache_enabled = enable;
	pthread_mutex_unlock(&sw->lock);
	if (enable) {
		regs[0] = OPTEE_SMC_RETURN_OK;
		return;
	}
	/* Hand back one cached buffer per call until none is left. */
	if (!sw_shm_cache_pop(sw, &cookie)) {
		regs[0] = OPTEE_SMC_RETURN_ENOTAVAIL;
		return;
	}
	regs[0] = OPTEE_SMC_RETURN_OK;
	regs[1] = cookie >> 32;
	regs[2] = cookie & 0xffffffffULL;
}

void sw_entry_fast(struct secure_world *sw, uint64_t regs[SMC_NUM_REGS])
{
	uint32_t fid = (uint32_t)regs[0];

	switch (fid) {
	case OPTEE_SMC_CALLS_COUNT:
		regs[0] = SW_CALLS_COUNT;
		break;
	case OPTEE_SMC_CALLS_UID:
		regs[0] = OPTEE_MSG_UID_0;
		regs[1] = OPTEE_MSG_UID_1;
		regs[2] = OPTEE_MSG_UID_2;
		regs[3] = OPTEE_MSG_UID_3;
		break;
	case OPTEE_SMC_CALLS_REVISION:
		regs[0] = OPTEE_MSG_REVISION_MAJOR;
		regs[1] = OPTEE_MSG_REVISION_MINOR;
		break;
	case OPTEE_SMC_CALL_GET_OS_UUID:
		regs[0] = OPTEE_MSG_OS_OPTEE_UUID_0;
		regs[1] = OPTEE_MSG_OS_OPTEE_UUID_1;
		regs[2] = OPTEE_MSG_OS_OPTEE_UUID_2;
		regs[3] = OPTEE_MSG_OS_OPTEE_UUID_3;
		break;
	case OPTEE_SMC_CALL_GET_OS_REVISION:
		regs[0] = SW_OS_REVISION_MAJOR;
		regs[1] = SW_OS_REVISION_MINOR;
		regs[2] = 0; /* no build id */
		break;
	case OPTEE_SMC_EXCHANGE_CAPABILITIES:
		exchange_capabilities(sw, regs);
		break;
	case OPTEE_SMC_GET_SHM_CONFIG:
		get_shm_config(sw, regs);
		break;
	case OPTEE_SMC_ENABLE_SHM_CACHE:
		set_shm_cache(sw, true, regs);
		break;
	case OPTEE_SMC_DISABLE_SHM_CACHE:
		set_shm_cache(sw, false, regs);
		break;
	case OPTEE_SMC_GET_THREAD_COUNT:
		regs[0] = OPTEE_SMC_RETURN_OK;
		regs[1] = sw->cfg.nthreads;
		break;
	default:
		regs[0] = OPTEE_SMC_RETURN_UNKNOWN_FUNCTION;
		break;
	}
}
