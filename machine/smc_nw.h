/* SPDX-License-Identifier: BSD-2-Clause */
/* The normal-world side of the SMC conduit (used by teed). */
#ifndef TEEBOX_MACHINE_SMC_NW_H
#define TEEBOX_MACHINE_SMC_NW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include <linux/arm-smccc.h>

#include "smc_conduit.h"

/**
 * struct smc_nw - the normal world's view of the conduit
 * @shared:	the shared region
 * @fd:		its memory file (handed to the secure world at boot)
 * @lock:	protects @busy and @dead
 * @lane_free:	signalled when a lane is released
 * @busy:	lanes in use by a normal-world thread
 * @dead:	the secure world is gone: every call fails
 */
struct smc_nw {
	struct smc_conduit *shared;
	int fd;
	pthread_mutex_t lock;
	pthread_cond_t lane_free;
	bool busy[SMC_MAX_LANES];
	atomic_bool dead;
};

/**
 * smc_nw_create() - make a conduit with @nlanes lanes (1..SMC_MAX_LANES)
 * Return: 0 or -errno.
 */
int smc_nw_create(struct smc_nw *nw, unsigned int nlanes);

/** smc_nw_destroy() - unmap and close; no call may be in progress. */
void smc_nw_destroy(struct smc_nw *nw);

/**
 * smc_nw_call() - execute an SMC with a0..a7 = @a, result in @res
 * Blocks until the secure world answers.  When the secure world is dead
 * the result is SMCCC_RET_NOT_SUPPORTED as an SMC32 call returns it in w0
 * (0xFFFFFFFF, OP-TEE's OPTEE_SMC_RETURN_UNKNOWN_FUNCTION).
 */
void smc_nw_call(struct smc_nw *nw, const unsigned long a[SMC_NUM_REGS],
		 struct arm_smccc_res *res);

/**
 * smc_nw_mark_dead() - the secure world died: fail every call in progress
 * and every later one
 */
void smc_nw_mark_dead(struct smc_nw *nw);

#endif
