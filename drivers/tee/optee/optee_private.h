/* SPDX-License-Identifier: BSD-2-Clause */
/* What the files of the OP-TEE driver share (seed: optee_private.h). */
#ifndef OPTEE_PRIVATE_H
#define OPTEE_PRIVATE_H

#include <linux/tee_drv.h>
#include <tee_client_api.h>

#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/sync.h"
#include "optee_msg.h"
#include "optee_smc.h"
#include "teebox/platform.h"

/*
 * The GlobalPlatform results and origins this driver reports come from
 * their one definition, tee_client_api.h (v16/mainline keeps a copy here:
 * a kernel cannot include a user-space header).  The driver's own:
 */
#define TEEC_ERROR_TIMEOUT 0xFFFF3001

/* Driver-private pages of the reserved shared memory (seed: 1). */
#define OPTEE_SHM_NUM_PRIV_PAGES 64

/* tee_shm.priv_flags */
#define OPTEE_SHM_SW_OWNED   0x1 /* the secure world holds a reference */
#define OPTEE_SHM_REGISTERED 0x2 /* registered: named by cookie in RMEM */
/* the supplicant's registered memory: lent to the secure world as pages */
#define OPTEE_SHM_SUPP_PAGES 0x4

/**
 * typedef optee_invoke_fn - the conduit: SMC or HVC, chosen from the
 * device tree's "method"
 */
typedef void(optee_invoke_fn)(struct platform *plat, const unsigned long a[8],
			      struct arm_smccc_res *res);

/**
 * struct optee_call_queue - callers waiting for a free secure thread
 * @mutex:	serializes access to this struct
 * @waiters:	struct optee_call_waiter, in arrival order
 */
struct optee_call_queue {
	struct mutex mutex;
	struct list_head waiters;
};

/**
 * struct optee_notif - waiters for secure-world notifications (the seed's
 * wait queue, mainline's notification RPC)
 * @mutex:	serializes access to this struct
 * @db:		struct optee_notif_entry, one per key waited for or sent
 */
struct optee_notif {
	struct mutex mutex;
	struct list_head db;
};

/**
 * struct optee_supp - the supplicant's request queue
 * @mutex:	held while accessing the content of this struct
 * @ctx:	the supplicant's context, NULL when none is attached
 * @req_id:	the request the supplicant works on in synchronous mode,
 *		-1 otherwise
 * @reqs:	queued requests not yet picked up
 * @idr:	requests picked up by the supplicant, by id
 * @reqs_c:	completed once per new request, wakes the supplicant
 * @absent_timeout_ms: how long a request waits for a supplicant to
 *		attach before it fails with TEEC_ERROR_COMMUNICATION
 */
struct optee_supp {
	struct mutex mutex;
	struct tee_context *ctx;
	int req_id;
	struct list_head reqs;
	struct idr idr;
	struct completion reqs_c;
	unsigned int absent_timeout_ms;
};

/**
 * struct optee - main service struct
 * @supp_teedev: the privileged device, for the supplicant
 * @teedev:	the client device
 * @plat:	the machine
 * @invoke_fn:	the conduit to the secure world
 * @call_queue:	callers waiting for a secure thread
 * @notif:	notification waiters
 * @supp:	the supplicant's request queue
 * @pool:	shared memory pool
 * @sec_caps:	capabilities the secure world reported
 * @thread_count: secure threads the secure world reported (0: unknown)
 * @os_revision: OP-TEE OS major, minor and build id
 * @dynamic_shm: the secure world offers dynamic shared memory and the
 *		pool lives in DRAM; user memory is registered with it
 * @dram_space:	addresses in DRAM for registered memory (dynamic only)
 * @ctx:	the driver's own context, for calls no client makes
 *		(registering and unregistering memory)
 * @cookie_lock: protects @cookies
 * @cookies:	shared memory by the cookie (shm_ref) the secure world
 *		knows it by; never a raw pointer, so a bad cookie from the
 *		secure world is refused, not dereferenced
 * @stuck_call_ms: how long a call whose client is gone may go on after
 *		its cancellation before the secure world is told to end it
 *		by killing its TA instance (docs/security.md)
 */
struct optee {
	struct tee_device *supp_teedev;
	struct tee_device *teedev;
	struct platform *plat;
	optee_invoke_fn *invoke_fn;
	struct optee_call_queue call_queue;
	struct optee_notif notif;
	struct optee_supp supp;
	struct tee_shm_pool *pool;
	u32 sec_caps;
	u32 thread_count;
	bool dynamic_shm;
	struct gen_pool *dram_space;
	struct tee_context *ctx;
	struct {
		u32 major;
		u32 minor;
		u32 build_id;
	} os_revision;
	struct mutex cookie_lock;
	struct idr cookies;
	unsigned int stuck_call_ms;
};

/**
 * struct optee_session - an open session
 * @node:	entry in optee_context_data.sess_list; its id is the secure
 *		world's session id
 * @uuid:	the TA's UUID (diagnostics: teectl)
 * @login:	the login method it was opened with (diagnostics)
 * @refs:	the open session itself plus each call in progress in it
 *		(optee_context_data.mutex): the secure world's session is
 *		closed only when the last goes, so that its id cannot be
 *		given to another client while a call of ours still names it
 * @closed:	the client closed it: no call may start in it any more
 */
struct optee_session {
	struct tee_session_node node;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	u32 login;
	unsigned int refs;
	atomic_bool closed;
};

/**
 * struct optee_context_data - per-context data
 * @mutex:	serializes access to this struct
 * @sess_list:	open sessions
 */
struct optee_context_data {
	struct mutex mutex;
	struct list_head sess_list;
};

/**
 * struct optee_call_ctx - state of one call across its RPCs
 * @pages_list:	the last page list given to the secure world, freed when
 *		the next RPC comes or the call ends
 */
struct optee_call_ctx {
	struct tee_shm *pages_list;
};

/* The eight registers of an RPC exchange. */
struct optee_rpc_param {
	u32 a0;
	u32 a1;
	u32 a2;
	u32 a3;
	u32 a4;
	u32 a5;
	u32 a6;
	u32 a7;
};

/* core.c */

/**
 * optee_driver_init() - find the OP-TEE node in the device tree
 * @opts->fdt and probe the secure world through @opts->plat (seed:
 * optee_driver_init); requests for the supplicant wait
 * @opts->supp_timeout_ms for one to attach
 * Return: the driver instance, or an ERR_PTR: -ENODEV when the tree has
 * no /firmware OP-TEE node, -ENXIO/-EINVAL for a missing/invalid method,
 * -EINVAL when the secure world is not a compatible OP-TEE.
 */
struct optee *optee_driver_init(const struct tee_driver_options *opts);

/*
 * The driver as the host probes it (teebox/tee_host.h): optee_driver_init()
 * and optee_remove(); a failed probe is logged and the host runs on.
 */
extern const struct tee_driver optee_driver;

/**
 * optee_remove() - unregister the devices (waiting for their users),
 * empty the secure world's shared memory cache and free everything
 */
void optee_remove(struct optee *optee);

/**
 * optee_from_msg_param() - update the results of a call in @params from
 * the message params @msg_params the secure world answered with
 * Values come back for VALUE_OUTPUT/INOUT, sizes for memrefs.  The secure
 * world may not change a param's type nor its shared memory.
 * Return: 0 or -EINVAL.
 */
int optee_from_msg_param(struct optee *optee, struct tee_param *params,
			 size_t num_params,
			 const struct optee_msg_param *msg_params);

/**
 * optee_to_msg_param() - convert @params into message params
 * A memref becomes TMEM with the physical address and the shm's cookie.
 * Return: 0 or -EINVAL (unknown type, offset outside the shm).
 */
int optee_to_msg_param(struct optee *optee, struct optee_msg_param *msg_params,
		       size_t num_params, const struct tee_param *params);

/**
 * optee_rpc_from_msg_param() - convert the params of an RPC request from
 * the secure world; each memref's shm is looked up by cookie and holds a
 * reference until tee_params_put_memrefs()
 * Return: 0 or -EINVAL (bad type, unknown cookie, range outside the shm).
 */
int optee_rpc_from_msg_param(struct optee *optee, struct tee_param *params,
			     size_t num_params,
			     const struct optee_msg_param *msg_params);

/* shm_pool.c */

/**
 * optee_shm_pool_alloc() - the pool of the reserved shared memory
 * The first OPTEE_SHM_NUM_PRIV_PAGES pages at @pa become driver-private
 * memory (plugged and mapped now); the rest is address space where each
 * user-visible allocation gets RAM of its own.  Every object gets a
 * cookie for the secure world.  @dynamic: the range is DRAM and
 * user-visible allocations are registered with the secure world.
 * Return: the pool or an ERR_PTR.
 */
struct tee_shm_pool *optee_shm_pool_alloc(struct optee *optee, phys_addr_t pa,
					  size_t size, bool dynamic);

/** optee_cookie_add() - give @shm a cookie for the secure world. */
int optee_cookie_add(struct optee *optee, struct tee_shm *shm);

/** optee_cookie_remove() - the cookie of @shm is no longer valid. */
void optee_cookie_remove(struct optee *optee, struct tee_shm *shm);

/**
 * optee_shm_from_cookie() - the shm the secure world calls @cookie, with
 * a reference for the caller; NULL when there is none
 */
struct tee_shm *optee_shm_from_cookie(struct optee *optee, u64 cookie);

/**
 * optee_shm_release_sw_owned() - drop the reference the secure world holds
 * on every object it was given by RPC and never freed
 *
 * For the driver's removal, after OPTEE_SMC_DISABLE_SHM_CACHE: a secure
 * world that died keeps its cache and RPC allocations for good, and each
 * would keep its context, and so the device, in use.
 */
void optee_shm_release_sw_owned(struct optee *optee);

/* shm_reg.c */

/**
 * optee_shm_register_pages() - OPTEE_MSG_CMD_REGISTER_SHM of @shm's pages
 * (a NONCONTIG page list) under its cookie; marks it registered
 * Return: 0 or -errno (-EINVAL: the secure world refused).
 */
int optee_shm_register_pages(struct optee *optee, struct tee_shm *shm);

/** optee_shm_unregister_pages() - OPTEE_MSG_CMD_UNREGISTER_SHM of @shm. */
void optee_shm_unregister_pages(struct optee *optee, struct tee_shm *shm);

/**
 * optee_page_list() - a NONCONTIG page list of @shm's pages, in driver
 * memory of @ctx; *@buf_ptr gets its address | the offset of @shm in its
 * first page.  The caller frees the returned list (after the secure world
 * read it).
 * Return: the list or an ERR_PTR.
 */
struct tee_shm *optee_page_list(struct tee_context *ctx, struct tee_shm *shm,
				u64 *buf_ptr);

/** optee_shm_register() - tee_driver_ops.shm_register: user memory. */
int optee_shm_register(struct tee_context *ctx, struct tee_shm *shm);

/** optee_shm_unregister() - tee_driver_ops.shm_unregister. */
int optee_shm_unregister(struct tee_device *teedev, struct tee_shm *shm);

/**
 * optee_shm_register_supp() - tee_driver_ops.shm_register of the
 * supplicant's device: memory it will answer SHM_ALLOC with
 * @ctx:	the supplicant's context
 * @shm:	the memory, with its backing file
 *
 * Mainline does not register supplicant memory with the secure world; its
 * pages travel in the SHM_ALLOC answer instead.  With dynamic shared memory
 * the memory is plugged into DRAM and gets a cookie; without, it is
 * accepted as mainline accepts it, and the secure world cannot use it.
 * Return: 0 or -errno.
 */
int optee_shm_register_supp(struct tee_context *ctx, struct tee_shm *shm);

/** optee_shm_unregister_supp() - tee_driver_ops.shm_unregister of it. */
int optee_shm_unregister_supp(struct tee_device *teedev, struct tee_shm *shm);

/* call.c */

/**
 * optee_do_call_with_arg() - do an SMC to OP-TEE in secure world
 * @parg:	physical address of the message
 * Handles the RPCs the secure world makes meanwhile.
 * Return: the secure world's return code, 0 is OK.
 */
u32 optee_do_call_with_arg(struct tee_context *ctx, phys_addr_t parg);

/**
 * optee_call_msg() - send message @msg (in driver memory @shm) as the
 * driver's own call; returns the SMC result
 */
u32 optee_call_msg(struct tee_context *ctx, struct tee_shm *shm);

/**
 * optee_get_msg_arg() - a zeroed message with @num_params params in
 * driver-private memory of @ctx; *@msg_arg and *@msg_parg describe it
 * Return: the memory (free with tee_shm_free()) or an ERR_PTR.
 */
struct tee_shm *optee_get_msg_arg(struct tee_context *ctx, size_t num_params,
				  struct optee_msg_arg **msg_arg,
				  phys_addr_t *msg_parg);
int optee_open_session(struct tee_context *ctx,
		       struct tee_ioctl_open_session_arg *arg,
		       struct tee_param *param);
int optee_close_session(struct tee_context *ctx, u32 session);
int optee_invoke_func(struct tee_context *ctx, struct tee_ioctl_invoke_arg *arg,
		      struct tee_param *param);
int optee_cancel_req(struct tee_context *ctx, u32 cancel_id, u32 session);

/**
 * optee_close_all_sessions() - close every session of a released context
 */
void optee_close_all_sessions(struct tee_context *ctx);

/** optee_enable_shm_cache() - let OP-TEE cache shared memory objects. */
void optee_enable_shm_cache(struct optee *optee);

/** optee_disable_shm_cache() - make OP-TEE free every cached object. */
void optee_disable_shm_cache(struct optee *optee);

/**
 * optee_fast_call() - a fast call (no RPC) with a0 = @fid, a1..a3
 * Result in @res.
 */
void optee_fast_call(struct optee *optee, u32 fid, unsigned long a1,
		     unsigned long a2, unsigned long a3,
		     struct arm_smccc_res *res);

/* rpc.c */

/**
 * optee_handle_rpc() - serve one RPC the secure world returned with, and
 * set up @param for the RETURN_FROM_RPC
 */
void optee_handle_rpc(struct tee_context *ctx, struct optee_rpc_param *param,
		      struct optee_call_ctx *call_ctx);

/**
 * optee_rpc_finalize_call() - free what RPCs of a call kept alive for the
 * secure world to read (page lists)
 */
void optee_rpc_finalize_call(struct optee_call_ctx *call_ctx);

/* notif.c */

/** optee_notif_init() - empty waiter list. */
void optee_notif_init(struct optee_notif *notif);
/** optee_notif_uninit() - free the waiter list. */
void optee_notif_uninit(struct optee_notif *notif);
/**
 * optee_notif_wait() - wait for @key to be sent, at most @timeout_ms
 * (0: no timeout)
 * Return: 0, -ETIMEDOUT, -ERESTARTSYS (caller gone), -ENOMEM, -EBUSY
 * (someone already waits for @key).
 */
int optee_notif_wait(struct optee_notif *notif, u64 key, u32 timeout_ms);
/** optee_notif_send() - wake the waiter of @key (or let its wait pass). */
int optee_notif_send(struct optee_notif *notif, u64 key);

/* supp.c */

/** optee_supp_init() - an empty queue with no supplicant. */
void optee_supp_init(struct optee_supp *supp);
/** optee_supp_uninit() - free the queue; no supplicant may be attached. */
void optee_supp_uninit(struct optee_supp *supp);
/**
 * optee_supp_release() - the supplicant went away: fail every request it
 * holds or that waits for it with TEEC_ERROR_COMMUNICATION
 */
void optee_supp_release(struct optee_supp *supp);

/**
 * optee_supp_thrd_req() - ask the supplicant to serve an RPC and wait for
 * its answer
 * Waits for a supplicant to attach at most supp->absent_timeout_ms, and
 * gives up when the caller goes away while none is attached.
 * Return: the TEEC result from the supplicant, or TEEC_ERROR_COMMUNICATION.
 */
u32 optee_supp_thrd_req(struct tee_context *ctx, u32 func, size_t num_params,
			struct tee_param *param);

int optee_supp_recv(struct tee_context *ctx, u32 *func, u32 *num_params,
		    struct tee_param *param);
int optee_supp_send(struct tee_context *ctx, u32 ret, u32 num_params,
		    struct tee_param *param);

/* Registers carry 64-bit values as (upper, lower) pairs. */
static inline u64 reg_pair_to_64(u32 reg0, u32 reg1)
{
	return ((u64)reg0 << 32) | reg1;
}

static inline void reg_pair_from_64(u32 *reg0, u32 *reg1, u64 val)
{
	*reg0 = (u32)(val >> 32);
	*reg1 = (u32)val;
}

#endif /* OPTEE_PRIVATE_H */
