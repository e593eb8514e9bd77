/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Secure threads (OP-TEE's kernel/thread.h): the pool a yielding call
 * runs on and the RPC round trip that stops a thread and resumes it.
 */
#ifndef TEEBOX_SECURE_THREAD_H
#define TEEBOX_SECURE_THREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/nw_ram_sw.h"
#include "machine/smc_sw.h"

#define SW_DEFAULT_THREADS 4
#define SW_MAX_THREADS	   64

struct secure_world;
struct ta_proc;

/**
 * struct sthread - a secure thread
 * @id:		its number, the resume information of its RPCs
 * @busy:	running a call (possibly suspended in an RPC)
 * @lane:	the CPU it runs on while busy
 * @sw:		the secure world
 * @rpc_arg:	the normal-world buffer for RPC messages, kept between
 *		calls while the shared memory cache is enabled
 * @rpc_cookie:	its cookie in the normal world
 * @rpc_mem:	its mapping (holds a reference while @rpc_arg is set)
 * @cancel:	the call this thread runs may be cancelled: session and
 *		cancel id, and whether a cancel request came
 * @in_ta:	the TA process this thread is calling, if any (sw->lock)
 */
struct sthread {
	int id;
	bool busy;
	struct smc_sw_lane *lane;
	struct secure_world *sw;
	bool rpc_arg;
	uint64_t rpc_cookie;
	struct nw_mem rpc_mem;
	struct {
		uint32_t session;
		uint32_t cancel_id;
		bool requested;
	} cancel;
	struct ta_proc *in_ta;
};

/** sw_threads_init() - set up the thread pool. */
void sw_threads_init(struct secure_world *sw);

/**
 * sthread_alloc() - take a free secure thread for a call that came in on
 * @lane
 * Return: the thread, or NULL when all are busy (ETHREAD_LIMIT).
 */
struct sthread *sthread_alloc(struct secure_world *sw,
			      struct smc_sw_lane *lane);

/**
 * sthread_free() - the call finished: give the RPC buffer back unless
 * the cache keeps it, and make the thread free again
 */
void sthread_free(struct sthread *t);

/** sw_threads_busy() - number of busy secure threads. */
unsigned int sw_threads_busy(struct secure_world *sw);

/**
 * sthread_rpc() - return to the normal world with RPC @regs (a0..a2; a3
 * is set to the thread id) and come back when it resumes this thread;
 * the resume's registers are left in @regs
 */
void sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS]);

/**
 * sw_shm_cache_pop() - take one cached RPC buffer out of an idle thread
 * Return: true with its cookie, false when the cache is empty.
 */
bool sw_shm_cache_pop(struct secure_world *sw, uint64_t *cookie);

#endif
