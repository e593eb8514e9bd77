// SPDX-License-Identifier: BSD-2-Clause
/*
 * The loopback TEE's supplicant queue: requests a service makes travel
 * to the process attached to the privileged device (TEE_IOC_SUPPL_RECV)
 * and its answers back (TEE_IOC_SUPPL_SEND).
 *
 * The model is the seed's (v16 supp.c): the supplicant serves one request
 * at a time, synchronously; no request ids, no META parameter.  Simpler
 * than the OP-TEE driver's queue on purpose, and stricter about absence:
 * a request made while no supplicant is attached fails at once rather
 * than waiting for one.  A request the supplicant has not picked up yet
 * is dropped when its caller goes away; once picked up it waits for the
 * answer or for the supplicant to go away.
 */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "loopback_private.h"

/**
 * struct loopback_supp_req - one request for the supplicant
 * @link:	entry in loopback_supp.reqs while queued
 * @queued:	still in that list
 * @func:	the function the supplicant is asked to run
 * @num_params:	entries in @params
 * @params:	the requester's params; the answer updates the outputs
 * @answered:	the supplicant answered (else it went away)
 * @ret:	its result
 * @c:		completed when answered or aborted
 */
struct loopback_supp_req {
	struct list_head link;
	bool queued;
	u32 func;
	u32 num_params;
	struct tee_param *params;
	bool answered;
	u32 ret;
	struct completion c;
};

void loopback_supp_init(struct loopback_supp *supp)
{
	memset(supp, 0, sizeof(*supp));
	mutex_init(&supp->mutex);
	INIT_LIST_HEAD(&supp->reqs);
	init_completion(&supp->reqs_c);
}

void loopback_supp_uninit(struct loopback_supp *supp)
{
	destroy_completion(&supp->reqs_c);
	mutex_destroy(&supp->mutex);
}

int loopback_supp_attach(struct loopback_supp *supp, struct tee_context *ctx)
{
	int rc = 0;

	mutex_lock(&supp->mutex);
	if (supp->ctx)
		rc = -EBUSY;
	else
		supp->ctx = ctx;
	mutex_unlock(&supp->mutex);
	return rc;
}

void loopback_supp_release(struct loopback_supp *supp)
{
	struct loopback_supp_req *req, *tmp;

	mutex_lock(&supp->mutex);
	if (supp->current) {
		complete(&supp->current->c);
		supp->current = NULL;
	}
	list_for_each_entry_safe(req, tmp, &supp->reqs, link) {
		list_del(&req->link);
		req->queued = false;
		complete(&req->c);
	}
	supp->ctx = NULL;
	/* Wake-ups meant for the old supplicant are not the next one's. */
	reinit_completion(&supp->reqs_c);
	mutex_unlock(&supp->mutex);
}

int loopback_supp_request(struct loopback_supp *supp, u32 func, u32 num_params,
			  struct tee_param *params, u32 *ret)
{
	struct loopback_supp_req req = {
		.func = func,
		.num_params = num_params,
		.params = params,
	};
	int rc = 0;

	init_completion(&req.c);
	mutex_lock(&supp->mutex);
	if (!supp->ctx) {
		mutex_unlock(&supp->mutex);
		destroy_completion(&req.c);
		return -ENOTCONN;
	}
	list_add_tail(&req.link, &supp->reqs);
	req.queued = true;
	mutex_unlock(&supp->mutex);
	complete(&supp->reqs_c);

	if (wait_for_completion_interruptible(&req.c)) {
		/* The caller is gone: drop the request unless picked up. */
		mutex_lock(&supp->mutex);
		if (req.queued) {
			list_del(&req.link);
			req.queued = false;
			complete(&req.c);
		}
		mutex_unlock(&supp->mutex);
		wait_for_completion(&req.c);
	}
	/* Exclusive access again: neither queued nor held. */
	if (req.answered)
		*ret = req.ret;
	else
		rc = -ECONNABORTED;
	destroy_completion(&req.c);
	return rc;
}

/*
 * The supplicant's RECV params must all be NONE (no META: this queue has
 * no request ids).  Memrefs among them hold references: dropped here,
 * as tee_driver_ops.supp_recv requires.
 */
static int check_recv_params(u32 num_params, struct tee_param *params)
{
	tee_params_put_memrefs(params, num_params);
	if (!num_params)
		return -EINVAL;
	for (u32 n = 0; n < num_params; n++)
		if (params[n].attr != TEE_IOCTL_PARAM_ATTR_TYPE_NONE)
			return -EINVAL;
	return 0;
}

int loopback_supp_recv(struct tee_context *ctx, u32 *func, u32 *num_params,
		       struct tee_param *param)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);
	struct loopback_supp *supp = &lb->supp;
	struct loopback_supp_req *req;
	int rc;

	rc = check_recv_params(*num_params, param);
	if (rc)
		return rc;
	for (;;) {
		mutex_lock(&supp->mutex);
		/* One request at a time: answer the current one first. */
		if (supp->current) {
			mutex_unlock(&supp->mutex);
			return -EINVAL;
		}
		if (!list_empty(&supp->reqs)) {
			req = list_first_entry(&supp->reqs,
					       struct loopback_supp_req, link);
			if (*num_params < req->num_params) {
				/* No room; the request stays queued. */
				mutex_unlock(&supp->mutex);
				return -EINVAL;
			}
			list_del(&req->link);
			req->queued = false;
			supp->current = req;
			*func = req->func;
			*num_params = req->num_params;
			/* Borrowed: the memrefs hold no references. */
			memcpy(param, req->params,
			       req->num_params * sizeof(*param));
			mutex_unlock(&supp->mutex);
			return 0;
		}
		mutex_unlock(&supp->mutex);
		/* Interruptible, so the supplicant can stop and restart. */
		if (wait_for_completion_interruptible(&supp->reqs_c))
			return -ERESTARTSYS;
	}
}

int loopback_supp_send(struct tee_context *ctx, u32 ret, u32 num_params,
		       struct tee_param *param)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);
	struct loopback_supp *supp = &lb->supp;
	struct loopback_supp_req *req;

	mutex_lock(&supp->mutex);
	req = supp->current;
	if (!req || num_params != req->num_params) {
		mutex_unlock(&supp->mutex);
		return -EINVAL;
	}
	/* Only outputs change: values, and the size of memrefs. */
	for (u32 n = 0; n < num_params; n++) {
		struct tee_param *p = req->params + n;

		switch (p->attr) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			p->u.value = param[n].u.value;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			p->u.memref.size = param[n].u.memref.size;
			break;
		default:
			break;
		}
	}
	req->answered = true;
	req->ret = ret;
	supp->current = NULL;
	complete(&req->c);
	mutex_unlock(&supp->mutex);
	return 0;
}
