/* SPDX-License-Identifier: BSD-2-Clause */
/* What the files of the loopback TEE driver share with each other. */
#ifndef TEEBOX_LOOPBACK_PRIVATE_H
#define TEEBOX_LOOPBACK_PRIVATE_H

#include "loopback.h"

/* The GlobalPlatform results and origins the driver reports. */
#include <tee_client_api.h>

/* Driver-private pages at the start of the pool's memory. */
#define LOOPBACK_PRIV_PAGES 16

struct loopback_service;

/**
 * struct loopback_session - an open session
 * @node:	entry in loopback_context_data.sessions; its id is the
 *		session id (>= 1, unique on the driver)
 * @service:	the service the session talks to
 * @login:	the login method it was opened with
 * @clnt_uuid:	the client UUID computed for that login
 */
struct loopback_session {
	struct tee_session_node node;
	const struct loopback_service *service;
	u32 login;
	u8 clnt_uuid[TEE_IOCTL_UUID_LEN];
};

/**
 * struct loopback_context_data - the driver's data of a context
 * @mutex:	protects @sessions
 * @sessions:	open sessions
 */
struct loopback_context_data {
	struct mutex mutex;
	struct list_head sessions;
};

/**
 * struct loopback_service - a built-in service, the loopback's "TA"
 * @name:	short name (logs, teectl)
 * @uuid:	what clients open sessions with
 * @invoke:	run command @func of session @sess (a copy: the session
 *		may be closed meanwhile) on @params; returns the TEEC
 *		result and sets *@origin
 */
struct loopback_service {
	const char *name;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	u32 (*invoke)(struct tee_context *ctx,
		      const struct loopback_session *sess, u32 func,
		      u32 num_params, struct tee_param *params, u32 *origin);
};

/* services.c */

/** loopback_find_service() - the service with @uuid, or NULL. */
const struct loopback_service *
loopback_find_service(const u8 uuid[TEE_IOCTL_UUID_LEN]);

/* shm_pool.c */

/**
 * loopback_shm_pool_alloc() - the pool over [@pa, @pa + @size)
 * The first LOOPBACK_PRIV_PAGES pages are plugged now and become
 * driver-private memory at lb->priv_pa (unplugged with the pool);
 * the rest is address space where each user-visible allocation gets RAM
 * of its own, so its file holds that allocation only.
 * Return: the pool or an ERR_PTR.
 */
struct tee_shm_pool *loopback_shm_pool_alloc(struct loopback *lb,
					     phys_addr_t pa, size_t size);

/* supp.c */

/** loopback_supp_init() - an empty queue, no supplicant. */
void loopback_supp_init(struct loopback_supp *supp);

/** loopback_supp_uninit() - free the queue; no supplicant attached. */
void loopback_supp_uninit(struct loopback_supp *supp);

/**
 * loopback_supp_attach() - @ctx becomes the supplicant
 * Return: 0, or -EBUSY when one is attached already.
 */
int loopback_supp_attach(struct loopback_supp *supp, struct tee_context *ctx);

/**
 * loopback_supp_release() - the supplicant went away: every request it
 * holds or that waits for it fails
 */
void loopback_supp_release(struct loopback_supp *supp);

/**
 * loopback_supp_request() - hand a request to the supplicant and wait for
 * its answer; it updates the outputs among @params
 * @ret:	[out] the supplicant's result
 * Return: 0 when answered, -ENOTCONN when no supplicant is attached (no
 * wait), -ECONNABORTED when it went away first or the caller went away
 * before it picked the request up.
 */
int loopback_supp_request(struct loopback_supp *supp, u32 func, u32 num_params,
			  struct tee_param *params, u32 *ret);

/** loopback_supp_recv() - tee_driver_ops.supp_recv. */
int loopback_supp_recv(struct tee_context *ctx, u32 *func, u32 *num_params,
		       struct tee_param *param);

/** loopback_supp_send() - tee_driver_ops.supp_send. */
int loopback_supp_send(struct tee_context *ctx, u32 ret, u32 num_params,
		       struct tee_param *param);

#endif /* TEEBOX_LOOPBACK_PRIVATE_H */
