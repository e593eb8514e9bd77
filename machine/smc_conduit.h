/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SMC instruction, emulated: a region of memory shared by teed (the
 * normal world) and the secure world, holding one "lane" per emulated CPU.
 *
 * A normal-world thread that executes an SMC takes a lane, writes a0..a7,
 * rings the lane's call doorbell and waits on its reply doorbell; the
 * secure world's thread for that lane runs the call and posts a0..a3.
 *
 * A secure thread that stops for an RPC keeps its state on the lane's
 * secure-side thread and says so with @parked in the reply: the normal
 * world then keeps the lane and comes back on it with RETURN_FROM_RPC,
 * the way a suspended OP-TEE thread waits for its resume.
 */
#ifndef TEEBOX_MACHINE_SMC_CONDUIT_H
#define TEEBOX_MACHINE_SMC_CONDUIT_H

#include <stddef.h>
#include <stdint.h>

#include <tbx/doorbell.h>

#define SMC_CONDUIT_MAGIC 0x434d4254 /* "TBMC" */
#define SMC_NUM_REGS	  8
#define SMC_MAX_LANES	  256

/**
 * struct smc_lane - one emulated CPU's registers for SMC
 * @call:	rung by the normal world when a0..a7 are posted
 * @reply:	rung by the secure world when a0..a3 are posted
 * @regs:	a0..a7 in, a0..a3 out
 * @parked:	set with a reply: a secure thread waits on this lane for
 *		the normal world's RETURN_FROM_RPC
 */
struct smc_lane {
	struct doorbell call;
	struct doorbell reply;
	uint64_t regs[SMC_NUM_REGS];
	uint32_t parked;
	uint32_t pad;
} __attribute__((aligned(64)));

/**
 * struct smc_conduit - the shared region
 * @magic:	SMC_CONDUIT_MAGIC
 * @nlanes:	number of lanes
 * @sw_ready:	set by the secure world once every lane is served
 * @ram_gen:	bumped by the normal world after each change of its RAM
 *		map it announced on the bus (see nw_ram.h)
 * @lanes:	the lanes
 */
struct smc_conduit {
	uint32_t magic;
	uint32_t nlanes;
	_Atomic uint32_t sw_ready;
	uint32_t pad;
	_Atomic uint64_t ram_gen;
	struct smc_lane lanes[];
};

/** smc_conduit_size() - bytes of a conduit with @nlanes lanes. */
static inline size_t smc_conduit_size(unsigned int nlanes)
{
	return sizeof(struct smc_conduit) + nlanes * sizeof(struct smc_lane);
}

#endif
