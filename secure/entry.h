/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where SMCs enter the secure world (OP-TEE's tee/entry_fast.h and
 * tee/entry_std.h, and the monitor's dispatch before them):
 *
 *  entry.c	   every SMC: fast calls answered at once, a yielding call
 *		   given a secure thread
 *  entry_fast.c   fast SMCs (UID, revision, capabilities, shm config...)
 *  entry_std.c    OPTEE_MSG commands from CALL_WITH_ARG: parse, dispatch
 */
#ifndef TEEBOX_SECURE_ENTRY_H
#define TEEBOX_SECURE_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/types.h"
#include "machine/smc_sw.h"

struct secure_world;
struct sthread;

/**
 * sw_smc_entry() - the conduit's entry point: every SMC starts here
 * @lane:	the CPU the call came in on
 * @regs:	a0..a7 of the call; a0..a3 of the result on return
 * @arg:	the struct secure_world
 */
void sw_smc_entry(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS],
		  void *arg);

/** sw_is_fast_call() - true if a0 is a fast call. */
static inline bool sw_is_fast_call(uint64_t a0)
{
	return (a0 & 0x80000000ULL) != 0;
}

/**
 * sw_entry_fast() - handle a fast call in @regs (a0 = function id);
 * results in a0..a3
 */
void sw_entry_fast(struct secure_world *sw, uint64_t regs[SMC_NUM_REGS]);

/**
 * entry_std_call() - run the OPTEE_MSG command whose argument is at
 * physical address @parg on secure thread @t
 * Return: the SMC result: OK (the command's result is in the message),
 * EBADADDR (no valid message there) or EBADCMD (unknown command).
 */
uint32_t entry_std_call(struct sthread *t, phys_addr_t parg);

/**
 * entry_std_is_system_call() - true if the message at @parg registers or
 * unregisters memory, or cancels a call: served without a thread of the
 * pool (never waits)
 * Return: true for such a message, false for any other (or none).
 */
bool entry_std_is_system_call(struct secure_world *sw, phys_addr_t parg);

#endif
