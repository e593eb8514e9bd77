/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trusted OS: the state the secure world's parts share, and the
 * interfaces between them.
 *
 *  entry_fast.c   fast SMCs (UID, revision, capabilities, shm config...)
 *  entry_std.c    OPTEE_MSG commands from CALL_WITH_ARG: parse, dispatch
 *  thread.c       secure threads: allocation, the RPC round trip
 *  thread_rpc.c   RPC requests to the normal world (ALLOC, FREE, CMD)
 *  ta_manager.c   TA instances and sessions, GP lifecycle rules
 *  ta_loader.c    LOAD_TA through tee-supplicant and signature checking
 *  ta_proc.c      TA processes (the sandbox and the private channel)
 *  ta_syscall.c   what a TA may ask for during a call (time, waits), and
 *		   the yield of long calls
 */
#ifndef TEEBOX_SECURE_SW_H
#define TEEBOX_SECURE_SW_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "drivers/tee/optee/optee_msg.h"
#include "kernel/list.h"
#include "kernel/idr.h"
#include "machine/nw_ram_sw.h"
#include "machine/smc_sw.h"
#include "mutex.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/tee_api_types.h"
#include "ta_proc.h"

/* Teebox's trusted OS version, reported by OPTEE_SMC_CALL_GET_OS_REVISION. */
#define SW_OS_REVISION_MAJOR 0
#define SW_OS_REVISION_MINOR 1

#define SW_DEFAULT_THREADS 4
#define SW_MAX_THREADS	   64

/* Most parameters an RPC message carries (OP-TEE's value). */
#define THREAD_RPC_MAX_NUM_PARAMS 4

struct secure_world;

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

/**
 * struct sw_config - how the firmware was built and configured
 * @nthreads:	secure threads
 * @shm_base:	reserved shared memory (GET_SHM_CONFIG)
 * @shm_size:	its size
 * @secure_base: secure RAM (refused as normal-world memory)
 * @secure_size: its size
 * @dynamic_shm: offer OPTEE_SMC_SEC_CAP_DYNAMIC_SHM: accept messages and
 *		buffers anywhere in normal-world RAM, page lists, and
 *		registered shared memory
 */
struct sw_config {
	unsigned int nthreads;
	phys_addr_t shm_base;
	size_t shm_size;
	phys_addr_t secure_base;
	size_t secure_size;
	bool dynamic_shm;
};

/**
 * struct ta_manager - TA instances and sessions
 * @lock:	protects everything below but @load_lock
 * @load_lock:	serializes TA loading (one TA loads at a time; held
 *		across the RPCs of the load)
 * @instances:	single instances new sessions may join
 * @all:	every struct ta_instance not yet being freed (statistics)
 * @sessions:	struct ta_session by session id
 */
struct ta_manager {
	pthread_mutex_t lock;
	struct sw_mutex load_lock;
	struct list_head instances;
	struct list_head all;
	struct idr sessions;
};

/**
 * struct secure_world - the trusted OS
 * @cfg:	configuration
 * @conduit:	the SMC conduit
 * @ram:	normal-world RAM as we see it
 * @lock:	protects @threads' busy flags and @shm_cache_enabled
 * @threads:	the secure threads
 * @shm_cache_enabled: RPC buffers are kept between calls
 * @tm:		the TA manager
 * @pubkey:	DER public key TA images must be signed with
 * @pubkey_len:	its length
 * @reg_lock:	protects @reg_shms
 * @reg_shms:	memory the normal world registered (nw_shm.c)
 */
struct secure_world {
	struct sw_config cfg;
	struct smc_sw conduit;
	struct nw_ram_sw ram;
	pthread_mutex_t lock;
	struct sthread threads[SW_MAX_THREADS];
	bool shm_cache_enabled;
	struct ta_manager tm;
	const uint8_t *pubkey;
	size_t pubkey_len;
	pthread_mutex_t reg_lock;
	struct list_head reg_shms;
};

/* nw_shm.c */

/**
 * sw_nw_mem_get() - validate a contiguous normal-world buffer: in the
 * reserved shared memory, or (dynamic shared memory) anywhere in
 * normal-world RAM; takes a reference like nw_ram_sw_get()
 */
bool sw_nw_mem_get(struct secure_world *sw, uint64_t pa, uint64_t size,
		   struct nw_mem *mem);

/**
 * sw_noncontig_get() - the buffer a NONCONTIG page list at @buf_ptr
 * (list address | offset in the first page) describes for @size bytes
 * Returns TEE_SUCCESS with a reference in @mem, TEE_ERROR_BAD_PARAMETERS,
 * or TEE_ERROR_NOT_SUPPORTED for pages that do not follow each other.
 */
TEE_Result sw_noncontig_get(struct secure_world *sw, uint64_t buf_ptr,
			    uint64_t size, struct nw_mem *mem);

/** sw_reg_shm_register() - OPTEE_MSG_CMD_REGISTER_SHM of a page list. */
TEE_Result sw_reg_shm_register(struct secure_world *sw, uint64_t cookie,
			       uint64_t buf_ptr, uint64_t size);

/** sw_reg_shm_unregister() - OPTEE_MSG_CMD_UNREGISTER_SHM. */
TEE_Result sw_reg_shm_unregister(struct secure_world *sw, uint64_t cookie);

/**
 * sw_reg_shm_get() - [@offs, @offs + @size) of registered memory @cookie
 * (an RMEM parameter), with a reference in @mem
 */
TEE_Result sw_reg_shm_get(struct secure_world *sw, uint64_t cookie,
			  uint64_t offs, uint64_t size, struct nw_mem *mem);

/** sw_reg_shm_count() - registrations (diagnostics, tests). */
size_t sw_reg_shm_count(struct secure_world *sw);

/**
 * sw_reg_shm_release_all() - forget every registration, as a reboot of
 * the secure world would (tests and the fuzzer start each case afresh)
 */
void sw_reg_shm_release_all(struct secure_world *sw);

/* entry_fast.c */

/**
 * sw_entry_fast() - handle a fast call in @regs (a0 = function id);
 * results in a0..a3
 */
void sw_entry_fast(struct secure_world *sw, uint64_t regs[SMC_NUM_REGS]);

/** sw_is_fast_call() - true if a0 is a fast call. */
static inline bool sw_is_fast_call(uint64_t a0)
{
	return (a0 & 0x80000000ULL) != 0;
}

/**
 * sw_smc_entry() - the conduit's entry point: every SMC starts here
 */
void sw_smc_entry(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS],
		  void *arg);

/* entry_std.c */

/**
 * entry_std_call() - run the OPTEE_MSG command whose argument is at
 * physical address @parg on secure thread @t
 * Returns the SMC result: OK (the command's result is in the message),
 * EBADADDR (no valid message there) or EBADCMD (unknown command).
 */
uint32_t entry_std_call(struct sthread *t, phys_addr_t parg);

/**
 * entry_std_is_system_call() - true if the message at @parg registers or
 * unregisters memory: served without a thread of the pool (never waits)
 */
bool entry_std_is_system_call(struct secure_world *sw, phys_addr_t parg);

/* thread.c */

/** sw_threads_init() - set up the thread pool. */
void sw_threads_init(struct secure_world *sw);

/** sthread_alloc() - take a free secure thread, or NULL (ETHREAD_LIMIT). */
struct sthread *sthread_alloc(struct secure_world *sw,
			      struct smc_sw_lane *lane);

/** sthread_free() - the call finished: the thread is free again. */
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
 * Returns true with its cookie, false when the cache is empty.
 */
bool sw_shm_cache_pop(struct secure_world *sw, uint64_t *cookie);

/* thread_rpc.c */

/**
 * struct rpc_param - a parameter of an RPC command
 * @attr:	OPTEE_MSG_ATTR_TYPE_*
 * @u.value:	a, b, c
 * @u.tmem:	buffer physical address, size, cookie
 */
struct rpc_param {
	uint64_t attr;
	union {
		struct {
			uint64_t a, b, c;
		} value;
		struct {
			uint64_t buf_ptr, size, shm_ref;
		} tmem;
	} u;
};

/**
 * thread_rpc_cmd() - send RPC command @cmd with @num_params params (at
 * most THREAD_RPC_MAX_NUM_PARAMS) and read back the answer into @params
 * The normal world's answer is copied into secure memory before it is
 * read.  Returns the command's result (TEE_SUCCESS...), or
 * TEE_ERROR_OUT_OF_MEMORY when no RPC buffer could be had.
 */
TEE_Result thread_rpc_cmd(struct sthread *t, uint32_t cmd, size_t num_params,
			  struct rpc_param *params);

/**
 * thread_rpc_shm_alloc() - ask for normal-world memory of @type
 * (OPTEE_RPC_SHM_TYPE_*) and @size bytes
 * @mem:	[out] the validated memory (holds a reference)
 * @cookie:	[out] its cookie, for thread_rpc_shm_free()
 * Returns TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY, or TEE_ERROR_GENERIC
 * when the normal world answered with memory we cannot use.
 */
TEE_Result thread_rpc_shm_alloc(struct sthread *t, uint32_t type, size_t size,
				struct nw_mem *mem, uint64_t *cookie);

/** thread_rpc_shm_free() - give the memory back (drops @mem's reference). */
void thread_rpc_shm_free(struct sthread *t, uint32_t type, uint64_t cookie,
			 struct nw_mem *mem);

/**
 * thread_rpc_notif_wait() - sleep in the normal world until key @key is
 * sent or @timeout_ms passes (0: no timeout): OPTEE_RPC_CMD_NOTIFICATION
 * WAIT.  Returns TEE_SUCCESS when woken, TEE_ERROR_TIMEOUT, or another
 * error when the normal world could not wait.
 */
TEE_Result thread_rpc_notif_wait(struct sthread *t, uint32_t key,
				 uint32_t timeout_ms);

/** thread_rpc_notif_send() - wake key @key: NOTIFICATION SEND. */
TEE_Result thread_rpc_notif_send(struct sthread *t, uint32_t key);

/**
 * thread_rpc_release_arg() - give back this thread's RPC buffer (end of a
 * call without the cache, or when the cache is emptied)
 */
void thread_rpc_release_arg(struct sthread *t);

/* ta_manager.c */

/**
 * struct open_session_req - what an OPEN_SESSION asks
 * @uuid:	the TA
 * @client:	login and client UUID
 * @cancel_id:	the cancel id of this call
 */
struct open_session_req {
	TEE_UUID uuid;
	TEE_Identity client;
	uint32_t cancel_id;
};

/** tm_init() - an empty TA manager. */
void tm_init(struct ta_manager *tm);

/**
 * tm_open_session() - open a session, loading and creating the TA when
 * needed; *@session gets the id
 */
TEE_Result tm_open_session(struct sthread *t, const struct open_session_req *r,
			   uint32_t param_types, struct ta_call_param params[4],
			   uint32_t *session, uint32_t *origin);

/** tm_invoke() - invoke command @cmd in @session. */
TEE_Result tm_invoke(struct sthread *t, uint32_t session, uint32_t cmd,
		     uint32_t param_types, struct ta_call_param params[4],
		     uint32_t *origin);

/** tm_close_session() - close @session; TEE_ERROR_ITEM_NOT_FOUND if none. */
TEE_Result tm_close_session(struct sthread *t, uint32_t session);

/**
 * tm_cancel() - a cancel request for (@session, @cancel_id)
 * Returns TEE_SUCCESS (whether or not a call was running).
 */
TEE_Result tm_cancel(struct secure_world *sw, uint32_t session,
		     uint32_t cancel_id);

/** tm_session_count() - open sessions (diagnostics and tests). */
size_t tm_session_count(struct ta_manager *tm);

/**
 * struct tm_instance_view - a TA instance as tm_for_each_instance() shows it
 * @uuid:	the TA
 * @flags:	its TA_FLAG_*
 * @dead:	it panicked or crashed
 * @nsessions:	sessions open or opening
 * @proc:	its process (valid during the callback only)
 */
struct tm_instance_view {
	TEE_UUID uuid;
	uint32_t flags;
	bool dead;
	unsigned int nsessions;
	struct ta_proc *proc;
};

/**
 * tm_for_each_instance() - call @fn for every TA instance alive or not
 * yet freed, in creation order, with the manager locked (@fn must not
 * call into the TA manager); stops at the first non-zero return
 * Returns that value, or 0.
 */
int tm_for_each_instance(struct ta_manager *tm,
			 int (*fn)(const struct tm_instance_view *v, void *arg),
			 void *arg);

/* ta_syscall.c */

/**
 * sw_ree_time() - the normal world's time, asked on secure thread @t
 * with OPTEE_RPC_CMD_GET_TIME (TEE_GetREETime())
 * Returns TEE_SUCCESS, or the RPC's error (TEE_ERROR_COMMUNICATION for a
 * malformed answer).
 */
TEE_Result sw_ree_time(struct sthread *t, uint64_t *sec, uint32_t *nsec);

/** sw_system_time() - the trusted OS's own clock (TEE_GetSystemTime()). */
void sw_system_time(uint64_t *sec, uint32_t *nsec);

/**
 * ta_syscall_host() - fill @host for a TA call made on secure thread @t:
 * it serves the TA's system calls (enum ta_ipc_sys), with RPCs on @t
 * where needed, and yields to the normal world with a foreign-interrupt
 * RPC during long calls.  @host is valid as long as @t runs the call.
 */
void ta_syscall_host(struct sthread *t, struct ta_proc_host *host);

/* ta_loader.c */

/**
 * ta_load() - fetch the TA @uuid from the normal world, verify it, and
 * start its process
 * Returns TEE_SUCCESS with *@proc and *@info, TEE_ERROR_ITEM_NOT_FOUND
 * when the normal world has no such TA, TEE_ERROR_SECURITY when the image
 * is not validly signed for @uuid, or another error.
 */
TEE_Result ta_load(struct sthread *t, const TEE_UUID *uuid,
		   struct ta_proc **proc, struct ta_proc_info *info);

#endif
