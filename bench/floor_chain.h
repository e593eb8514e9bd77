/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The benchmarks' floors: a chain of bare processes relaying a token, as
 * many processes as a call crosses (client, teed, secure world, TA).  One
 * round trip is what the hops of a call cost with nothing else to do.
 * The processes wake each other either with the doorbells teebox uses
 * (tbx/doorbell.h) or with plain futexes (wait at once, always wake): the
 * second floor owes nothing to the doorbells' design, so a ratio against
 * the better of the two cannot be flattered by it.
 *
 * The caller is the chain's head (the "client"); floor_chain_start()
 * forks the others.  A chain is driven by one thread at a time; several
 * chains may run side by side.
 */
#ifndef TEEBOX_BENCH_FLOOR_CHAIN_H
#define TEEBOX_BENCH_FLOOR_CHAIN_H

#include <stdint.h>
#include <sys/types.h>

/* Processes in a chain, the head included: client, teed, secure world, TA. */
#define FLOOR_CHAIN_PROCS 4

struct floor_chain_shared;

/**
 * enum floor_wake - how a chain's processes wake each other
 * @FLOOR_DOORBELL:	teebox's doorbells (adaptive poll, then futex)
 * @FLOOR_FUTEX:	FUTEX_WAIT at once on a shared counter, FUTEX_WAKE
 *			on every ring
 */
enum floor_wake {
	FLOOR_DOORBELL,
	FLOOR_FUTEX,
};

/**
 * struct floor_chain - a running chain, seen from its head
 * @shared:	the doorbells and the stop flag (MAP_SHARED)
 * @relays:	the forked processes, in chain order
 * @seen:	answers the head has had so far
 */
struct floor_chain {
	struct floor_chain_shared *shared;
	pid_t relays[FLOOR_CHAIN_PROCS - 1];
	uint32_t seen;
};

/**
 * floor_chain_start() - map the doorbells and fork the relays
 * @c:		the chain to start
 * @wake:	how its processes wake each other
 *
 * Call it from the main thread: the relays die with the thread that forked
 * them (PR_SET_PDEATHSIG), so a benchmark that fails leaves none behind.
 * Return: 0, or -errno with nothing left behind.
 */
int floor_chain_start(struct floor_chain *c, enum floor_wake wake);

/** floor_chain_round_trip() - send the token down the chain and wait for it. */
void floor_chain_round_trip(struct floor_chain *c);

/**
 * floor_chain_stop() - tell the relays to exit, reap them (only them: the
 * caller may have other children) and unmap the doorbells
 * Return: 0 when every relay exited 0, else -ECHILD.
 */
int floor_chain_stop(struct floor_chain *c);

#endif
