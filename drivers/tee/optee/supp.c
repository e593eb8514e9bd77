// SPDX-License-Identifier: BSD-2-Clause
/*
 * The supplicant queue: RPC requests from secure threads travel to
 * tee-supplicant through /dev/teepriv0 and the answers back (seed:
 * drivers/tee/optee/supp.c; asynchronous request ids as mainline).
 *
 * A request waits in @reqs until the supplicant picks it up with
 * SUPPL_RECV; then it sits in @idr under an id until SUPPL_SEND answers
 * it.  In synchronous mode the supplicant handles one request at a time
 * and the kernel remembers its id (req_id); in asynchronous mode the id
 * travels in a META parameter and several requests may be outstanding.
 *
 * Waiting for an absent supplicant is bounded: teebox's rule, stated in
 * docs/architecture.md, refines the seed's "allow RPC interruption if
 * supplicant is unavailable": a request made while no supplicant is
 * attached waits up to absent_timeout_ms for one to attach, and gives up
 * at once when its caller goes away; once a supplicant holds it, it waits
 * for the answer or for that supplicant to go away.
 */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "optee_private.h"

/* Default wait for a supplicant to attach. */
#define SUPP_ABSENT_TIMEOUT_MS 10000
/* How often a waiting request looks at the supplicant's presence. */
#define SUPP_POLL_MS 100

/**
 * struct optee_supp_req - one request for the supplicant
 * @link:	entry in optee_supp.reqs while queued
 * @in_queue:	still in @link's list
 * @func:	the RPC command
 * @ret:	the supplicant's answer
 * @num_params:	entries in @param
 * @param:	the requester's params (the supplicant updates outputs)
 * @c:		completed when answered or aborted
 */
struct optee_supp_req {
	struct list_head link;
	bool in_queue;
	u32 func;
	u32 ret;
	size_t num_params;
	struct tee_param *param;
	struct completion c;
};

void optee_supp_init(struct optee_supp *supp)
{
	memset(supp, 0, sizeof(*supp));
	mutex_init(&supp->mutex);
	init_completion(&supp->reqs_c);
	idr_init(&supp->idr);
	INIT_LIST_HEAD(&supp->reqs);
	supp->req_id = -1;
	supp->absent_timeout_ms = SUPP_ABSENT_TIMEOUT_MS;
}

void optee_supp_uninit(struct optee_supp *supp)
{
	mutex_destroy(&supp->mutex);
	destroy_completion(&supp->reqs_c);
	idr_destroy(&supp->idr);
}

/* Fails @req with TEEC_ERROR_COMMUNICATION.  supp->mutex held. */
static void abort_req(struct optee_supp_req *req)
{
	req->ret = TEEC_ERROR_COMMUNICATION;
	complete(&req->c);
}

void optee_supp_release(struct optee_supp *supp)
{
	struct optee_supp_req *req, *tmp;

	mutex_lock(&supp->mutex);
	/* Abort all requests the supplicant picked up. */
	for (int id = 1; idr_count(&supp->idr); id++) {
		req = idr_remove(&supp->idr, id);
		if (req)
			abort_req(req);
	}
	/* Abort all queued requests. */
	list_for_each_entry_safe(req, tmp, &supp->reqs, link) {
		list_del(&req->link);
		req->in_queue = false;
		abort_req(req);
	}
	supp->ctx = NULL;
	supp->req_id = -1;
	mutex_unlock(&supp->mutex);
}

/*
 * Decides whether a waiting request gives up: only while no supplicant is
 * attached, when the caller went away or waited long enough.  Returns
 * true (request dequeued) if so.  supp->mutex held.
 */
static bool give_up(struct optee_supp *supp, struct optee_supp_req *req,
		    bool caller_gone, unsigned long waited_ms)
{
	if (supp->ctx)
		return false;
	if (!caller_gone && waited_ms < supp->absent_timeout_ms)
		return false;
	if (req->in_queue) {
		list_del(&req->link);
		req->in_queue = false;
	}
	return true;
}

/* Waits for the answer to @req under the rules above. */
static void wait_answer(struct optee_supp *supp, struct optee_supp_req *req)
{
	unsigned long absent_ms = 0;
	bool caller_gone = false;

	for (;;) {
		long rc;

		if (caller_gone)
			rc = wait_for_completion_timeout(&req->c, SUPP_POLL_MS);
		else
			rc = wait_for_completion_interruptible_timeout(
				&req->c, SUPP_POLL_MS);
		if (rc > 0)
			return;
		if (rc == -ERESTARTSYS)
			caller_gone = true;

		mutex_lock(&supp->mutex);
		absent_ms = supp->ctx ? 0 : absent_ms + SUPP_POLL_MS;
		if (give_up(supp, req, caller_gone, absent_ms)) {
			/* Answered meanwhile?  Then keep the answer. */
			if (!completion_done(&req->c))
				req->ret = TEEC_ERROR_COMMUNICATION;
			mutex_unlock(&supp->mutex);
			if (!caller_gone)
				pr_warn("optee: no tee-supplicant attached; "
					"request %u failed",
					req->func);
			return;
		}
		mutex_unlock(&supp->mutex);
	}
}

u32 optee_supp_thrd_req(struct tee_context *ctx, u32 func, size_t num_params,
			struct tee_param *param)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_supp *supp = &optee->supp;
	struct optee_supp_req *req;
	u32 ret;

	/* No supplicant and a caller that may not wait: fail at once. */
	if (!supp->ctx && ctx->supp_nowait)
		return TEEC_ERROR_COMMUNICATION;

	req = kzalloc(sizeof(*req));
	if (!req)
		return TEEC_ERROR_OUT_OF_MEMORY;
	init_completion(&req->c);
	req->func = func;
	req->num_params = num_params;
	req->param = param;

	/* Insert the request in the request list. */
	mutex_lock(&supp->mutex);
	list_add_tail(&req->link, &supp->reqs);
	req->in_queue = true;
	mutex_unlock(&supp->mutex);

	/* Tell a waiting supplicant there's a new request. */
	complete(&supp->reqs_c);

	/*
	 * Once the wait is over we have exclusive access to the request
	 * again: it is neither queued nor held by the supplicant.
	 */
	wait_answer(supp, req);
	ret = req->ret;
	destroy_completion(&req->c);
	kfree(req);
	return ret;
}

/*
 * Checks the supplicant's RECV params (mainline supp_check_recv_params):
 * it may only pass NONE params, the first possibly with META to ask for
 * asynchronous ids.  Memrefs it passed hold references: drop them.
 */
static int supp_check_recv_params(size_t num_params, struct tee_param *params,
				  size_t *num_meta)
{
	if (!num_params)
		return -EINVAL;

	tee_params_put_memrefs(params, num_params);
	for (size_t n = 0; n < num_params; n++)
		if (params[n].attr &&
		    params[n].attr != TEE_IOCTL_PARAM_ATTR_META)
			return -EINVAL;

	/* At most one meta parameter is needed; no need to look further. */
	*num_meta = params->attr == TEE_IOCTL_PARAM_ATTR_META ? 1 : 0;
	return 0;
}

/* Takes the oldest queued request.  supp->mutex held. */
static struct optee_supp_req *supp_pop_entry(struct optee_supp *supp,
					     size_t num_params, int *id)
{
	struct optee_supp_req *req;

	/* The supplicant must not mix synchronous and asynchronous use. */
	if (supp->req_id != -1)
		return ERR_PTR(-EINVAL);
	if (list_empty(&supp->reqs))
		return NULL;

	req = list_first_entry(&supp->reqs, struct optee_supp_req, link);
	if (num_params < req->num_params) {
		/* Not enough room for parameters */
		return ERR_PTR(-EINVAL);
	}
	*id = idr_alloc(&supp->idr, req, 1, 0);
	if (*id < 0)
		return ERR_PTR(-ENOMEM);
	list_del(&req->link);
	req->in_queue = false;
	return req;
}

int optee_supp_recv(struct tee_context *ctx, u32 *func, u32 *num_params,
		    struct tee_param *param)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_supp *supp = &optee->supp;
	struct optee_supp_req *req = NULL;
	size_t num_meta;
	int id = 0;
	int rc;

	rc = supp_check_recv_params(*num_params, param, &num_meta);
	if (rc)
		return rc;

	while (true) {
		mutex_lock(&supp->mutex);
		req = supp_pop_entry(supp, *num_params - num_meta, &id);
		mutex_unlock(&supp->mutex);
		if (req) {
			if (IS_ERR(req))
				return (int)PTR_ERR(req);
			break;
		}
		/*
		 * This is where the supplicant waits most of the time;
		 * interruptible so that it can be stopped and restarted.
		 */
		if (wait_for_completion_interruptible(&supp->reqs_c))
			return -ERESTARTSYS;
	}

	if (num_meta) {
		/* Asynchronous: the id travels in the meta parameter. */
		param->attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
			      TEE_IOCTL_PARAM_ATTR_META;
		param->u.value.a = (u64)id;
		param->u.value.b = 0;
		param->u.value.c = 0;
	} else {
		mutex_lock(&supp->mutex);
		supp->req_id = id;
		mutex_unlock(&supp->mutex);
	}

	*func = req->func;
	*num_params = (u32)(req->num_params + num_meta);
	memcpy(param + num_meta, req->param,
	       sizeof(struct tee_param) * req->num_params);
	return 0;
}

/* Finds the request the supplicant answers.  supp->mutex held. */
static struct optee_supp_req *supp_pop_req(struct optee_supp *supp,
					   size_t num_params,
					   struct tee_param *param,
					   size_t *num_meta)
{
	const u64 meta = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
			 TEE_IOCTL_PARAM_ATTR_META;
	struct optee_supp_req *req;
	size_t nm;
	int id;

	if (!num_params)
		return ERR_PTR(-EINVAL);

	if (supp->req_id == -1) {
		if (param->attr != meta)
			return ERR_PTR(-EINVAL);
		id = (int)param->u.value.a;
		nm = 1;
	} else {
		id = supp->req_id;
		nm = 0;
	}

	req = idr_find(&supp->idr, id);
	if (!req)
		return ERR_PTR(-ENOENT);
	if ((num_params - nm) != req->num_params)
		return ERR_PTR(-EINVAL);

	idr_remove(&supp->idr, id);
	supp->req_id = -1;
	*num_meta = nm;
	return req;
}

int optee_supp_send(struct tee_context *ctx, u32 ret, u32 num_params,
		    struct tee_param *param)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_supp *supp = &optee->supp;
	struct optee_supp_req *req;
	size_t num_meta;

	mutex_lock(&supp->mutex);
	req = supp_pop_req(supp, num_params, param, &num_meta);
	if (IS_ERR(req)) {
		mutex_unlock(&supp->mutex);
		/* Something is wrong, let the supplicant restart. */
		return (int)PTR_ERR(req);
	}

	/* Update out and in/out parameters */
	for (size_t n = 0; n < req->num_params; n++) {
		struct tee_param *p = req->param + n;
		const struct tee_param *sp = param + n + num_meta;

		switch (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			p->u.value.a = sp->u.value.a;
			p->u.value.b = sp->u.value.b;
			p->u.value.c = sp->u.value.c;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			p->u.memref.size = sp->u.memref.size;
			break;
		default:
			break;
		}
	}
	req->ret = ret;

	/* Let the requesting thread continue. */
	complete(&req->c);
	mutex_unlock(&supp->mutex);
	return 0;
}
