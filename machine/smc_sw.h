/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The secure-world side of the SMC conduit: one thread per lane (per
 * emulated CPU) waits for calls and runs the secure world's entry point.
 */
#ifndef TEEBOX_MACHINE_SMC_SW_H
#define TEEBOX_MACHINE_SMC_SW_H

#include <pthread.h>
#include <stddef.h>

#include "smc_conduit.h"

struct smc_sw;

/**
 * struct smc_sw_lane - a lane as the secure world serves it
 * @sw:		the conduit
 * @index:	lane number (the emulated CPU)
 * @shared:	the lane's shared registers
 * @seen:	calls taken so far (the call doorbell's count)
 * @thread:	the thread that serves the lane
 */
struct smc_sw_lane {
	struct smc_sw *sw;
	unsigned int index;
	struct smc_lane *shared;
	uint32_t seen;
	pthread_t thread;
};

/**
 * typedef smc_sw_entry_fn - the secure world's entry for one SMC
 * @regs:	a0..a7 of the call; on return a0..a3 hold the result
 * Runs on the lane's thread.  It may stop for RPCs with smc_sw_rpc().
 */
typedef void (*smc_sw_entry_fn)(struct smc_sw_lane *lane,
				uint64_t regs[SMC_NUM_REGS], void *arg);

/**
 * struct smc_sw - the secure world's view of the conduit
 * @shared:	the shared region
 * @size:	its size
 * @lanes:	one per lane
 * @entry:	entry point for calls
 * @arg:	its argument
 */
struct smc_sw {
	struct smc_conduit *shared;
	size_t size;
	struct smc_sw_lane *lanes;
	smc_sw_entry_fn entry;
	void *arg;
};

/**
 * smc_sw_attach() - map the conduit the normal world made, from @fd
 * Checks the file's size and seals and the header before trusting it.
 * Return: 0 or -errno.
 */
int smc_sw_attach(struct smc_sw *sw, int fd);

/**
 * smc_sw_start() - start serving every lane with @entry, then tell the
 * normal world (sw_ready)
 * Return: 0 or -errno.
 */
int smc_sw_start(struct smc_sw *sw, smc_sw_entry_fn entry, void *arg);

/**
 * smc_sw_nlanes() - number of lanes (emulated CPUs)
 */
unsigned int smc_sw_nlanes(const struct smc_sw *sw);

/**
 * smc_sw_rpc() - return to the normal world in the middle of a call
 * Posts @regs a0..a3 as the answer, marks the lane parked (the calling
 * secure thread keeps its state here), and waits for the normal world's
 * next SMC on this lane, whose a0..a7 it leaves in @regs.
 */
void smc_sw_rpc(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS]);

#endif
