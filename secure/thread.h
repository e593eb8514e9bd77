/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Secure threads (OP-TEE's kernel/thread.h): the pool a yielding call
 * runs on, each thread's state, and the RPC round trip that suspends a
 * thread and resumes it.
 *
 * A thread is FREE, ACTIVE (running a call on a CPU lane) or SUSPENDED
 * (stopped in an RPC until the normal world resumes it), as OP-TEE's
 * THREAD_STATE_*.  Its state changes only through sthread_set_state(),
 * which refuses any move OP-TEE's threads never make.
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
struct sw_mutex;

/**
 * enum thread_shm_cache_user - who owns a payload buffer of a thread's
 * shm cache (OP-TEE's THREAD_SHM_CACHE_USER_*)
 * @THREAD_SHM_CACHE_USER_FS:	the REE FS requests (tee_fs_rpc.c)
 * @THREAD_SHM_CACHE_USER_RPMB:	the RPMB requests (tee_fs_rpc.c)
 */
enum thread_shm_cache_user {
	THREAD_SHM_CACHE_USER_FS,
	THREAD_SHM_CACHE_USER_RPMB,
	THREAD_SHM_CACHE_USERS,
};

/**
 * struct thread_shm_cache_entry - one cached payload buffer
 * @valid:	@mem and @cookie hold a buffer of @size bytes
 * @size:	its size
 * @cookie:	its cookie in the normal world
 * @mem:	its mapping (holds a reference while @valid)
 */
struct thread_shm_cache_entry {
	bool valid;
	size_t size;
	uint64_t cookie;
	struct nw_mem mem;
};
struct ta_proc;

/**
 * enum thread_state - where a secure thread is in its life
 * @THREAD_STATE_FREE:	no call; sthread_alloc() may take it
 * @THREAD_STATE_ACTIVE: running a call on its lane
 * @THREAD_STATE_SUSPENDED: in an RPC: its lane is the normal world's
 *			until OPTEE_SMC_CALL_RETURN_FROM_RPC resumes it
 */
enum thread_state {
	THREAD_STATE_FREE,
	THREAD_STATE_ACTIVE,
	THREAD_STATE_SUSPENDED,
};

/**
 * struct sthread - a secure thread
 * @id:		its number, the resume information of its RPCs
 * @state:	see enum thread_state (sw->lock; only sthread_set_state()
 *		writes it)
 * @lane:	the CPU it runs on while not free: a call stays on the lane
 *		it came in on, through every RPC (see sthread_rpc())
 * @sw:		the secure world
 * @rpc_arg:	the normal-world buffer for RPC messages, kept between
 *		calls while the shared memory cache is enabled
 * @rpc_cookie:	its cookie in the normal world
 * @rpc_mem:	its mapping (holds a reference while @rpc_arg is set)
 * @shm_cache:	payload buffers kept for the rest of the call, one per
 *		user (thread_rpc_shm_cache_alloc()); given back when the call
 *		ends, as OP-TEE's thread_rpc_shm_cache_clear()
 * @cancel:	the call this thread runs may be cancelled: session and
 *		cancel id, whether a cancel request came, and whether the
 *		normal world abandoned the call (its client is gone and it
 *		overran its bound: its TA instance is killed)
 * @in_ta:	the TA process this thread is calling, if any (sw->lock)
 * @tm_waiting:	the TA manager mutex this thread waits for, if any
 *		(sw->tm.lock; ta_manager.c's deadlock check)
 * @ta2ta_depth: TA-to-TA calls nested on this thread (its own)
 */
struct sthread {
	int id;
	enum thread_state state;
	struct smc_sw_lane *lane;
	struct secure_world *sw;
	bool rpc_arg;
	uint64_t rpc_cookie;
	struct nw_mem rpc_mem;
	struct thread_shm_cache_entry shm_cache[THREAD_SHM_CACHE_USERS];
	struct {
		uint32_t session;
		uint32_t cancel_id;
		bool requested;
		bool abandoned;
	} cancel;
	struct ta_proc *in_ta;
	struct sw_mutex *tm_waiting;
	unsigned int ta2ta_depth;
};

/**
 * sthread_set_state() - move @t to state @to, the one place a secure
 * thread's state changes; the caller holds sw->lock
 *
 * The moves are OP-TEE's: FREE -> ACTIVE (a call takes the thread),
 * ACTIVE -> SUSPENDED (an RPC), SUSPENDED -> ACTIVE (its resume) and
 * ACTIVE -> FREE (the call ends).  Any other is a bug in the trusted OS:
 * it is reported and refused, and @t is left as it was.
 *
 * Return: 0, or -EINVAL for a move that is not one of these.
 */
int sthread_set_state(struct sthread *t, enum thread_state to);

/**
 * sthread_busy() - true if @t runs a call, possibly suspended in an RPC
 * The caller holds sw->lock.
 */
static inline bool sthread_busy(const struct sthread *t)
{
	return t->state != THREAD_STATE_FREE;
}

/** sw_threads_init() - set up the thread pool: every thread free. */
void sw_threads_init(struct secure_world *sw);

/**
 * sthread_alloc() - take a free secure thread for a call that came in on
 * @lane; it becomes ACTIVE, pinned to that lane until the call ends
 * Return: the thread, or NULL when all are busy (ETHREAD_LIMIT).
 */
struct sthread *sthread_alloc(struct secure_world *sw,
			      struct smc_sw_lane *lane);

/**
 * sthread_free() - the call finished: give the RPC buffer back unless
 * the cache keeps it, and make the thread free again
 * A thread that is not ACTIVE is left alone (sthread_set_state()).
 */
void sthread_free(struct sthread *t);

/** sw_threads_busy() - number of secure threads active or suspended. */
unsigned int sw_threads_busy(struct secure_world *sw);

/**
 * sthread_rpc() - return to the normal world with RPC @regs (a0..a2; a3
 * is set to the thread id) and come back when it resumes this thread on
 * its lane; the resume's registers are left in @regs
 * Return: 0 once resumed, or -EINVAL when @t is not ACTIVE (a bug,
 * reported: nothing was sent and @regs hold no answer).
 */
int sthread_rpc(struct sthread *t, uint64_t regs[SMC_NUM_REGS]);

/**
 * sw_shm_cache_pop() - take one cached RPC buffer out of a free thread
 * Return: true with its cookie, false when the cache is empty.
 */
bool sw_shm_cache_pop(struct secure_world *sw, uint64_t *cookie);

#endif
