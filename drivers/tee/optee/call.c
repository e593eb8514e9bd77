// SPDX-License-Identifier: BSD-2-Clause
/* Calls into the secure world (seed: drivers/tee/optee/call.c). */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "optee_private.h"

/**
 * struct optee_call_waiter - a caller in the call queue
 * @list_node:	entry in optee_call_queue.waiters
 * @c:		completed when a secure thread may have become free
 */
struct optee_call_waiter {
	struct list_head list_node;
	struct completion c;
};

static void optee_cq_wait_init(struct optee_call_queue *cq,
			       struct optee_call_waiter *w)
{
	/*
	 * We're preparing to call the secure world.  If no secure thread is
	 * free we wait in optee_cq_wait_for_completion(); normally the call
	 * completes and optee_cq_wait_final() cleans up directly.
	 *
	 * We join the queue now, before the call, so that a completion from
	 * a thread finishing meanwhile cannot be lost.
	 */
	mutex_lock(&cq->mutex);
	init_completion(&w->c);
	list_add_tail(&w->list_node, &cq->waiters);
	mutex_unlock(&cq->mutex);
}

static void optee_cq_wait_for_completion(struct optee_call_queue *cq,
					 struct optee_call_waiter *w)
{
	wait_for_completion(&w->c);

	mutex_lock(&cq->mutex);
	/* Move to the end of the list to get out of the way of others. */
	list_del(&w->list_node);
	reinit_completion(&w->c);
	list_add_tail(&w->list_node, &cq->waiters);
	mutex_unlock(&cq->mutex);
}

/* Wakes the first waiter not already woken.  cq->mutex held. */
static void optee_cq_complete_one(struct optee_call_queue *cq)
{
	struct optee_call_waiter *w;

	list_for_each_entry(w, &cq->waiters, list_node) {
		if (!completion_done(&w->c)) {
			complete(&w->c);
			break;
		}
	}
}

static void optee_cq_wait_final(struct optee_call_queue *cq,
				struct optee_call_waiter *w)
{
	/*
	 * We're done with the secure world; the thread we used is free for
	 * somebody else.
	 */
	mutex_lock(&cq->mutex);
	list_del(&w->list_node);

	/* Wake up one waiting caller. */
	optee_cq_complete_one(cq);

	/*
	 * If we were completed too, that came from another caller that just
	 * freed a thread: pass that one on as well.
	 */
	if (completion_done(&w->c))
		optee_cq_complete_one(cq);
	mutex_unlock(&cq->mutex);
	destroy_completion(&w->c);
}

static void invoke(struct optee *optee, const struct optee_rpc_param *p,
		   struct arm_smccc_res *res)
{
	const unsigned long a[8] = {p->a0, p->a1, p->a2, p->a3,
				    p->a4, p->a5, p->a6, p->a7};

	optee->invoke_fn(optee->plat, a, res);
}

void optee_fast_call(struct optee *optee, u32 fid, unsigned long a1,
		     unsigned long a2, unsigned long a3,
		     struct arm_smccc_res *res)
{
	const unsigned long a[8] = {fid, a1, a2, a3, 0, 0, 0, 0};

	optee->invoke_fn(optee->plat, a, res);
}

u32 optee_do_call_with_arg(struct tee_context *ctx, phys_addr_t parg)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_call_ctx call_ctx = {NULL};
	struct optee_call_waiter w;
	struct optee_rpc_param param = {};
	u32 ret;

	param.a0 = OPTEE_SMC_CALL_WITH_ARG;
	reg_pair_from_64(&param.a1, &param.a2, parg);
	optee_cq_wait_init(&optee->call_queue, &w);
	while (true) {
		struct arm_smccc_res res;

		invoke(optee, &param, &res);
		if (res.a0 == OPTEE_SMC_RETURN_ETHREAD_LIMIT) {
			/*
			 * Out of threads in the secure world: wait for one
			 * to become free.
			 */
			pr_debug("optee: all secure threads busy, waiting");
			optee_cq_wait_for_completion(&optee->call_queue, &w);
		} else if (OPTEE_SMC_RETURN_IS_RPC(res.a0)) {
			param.a0 = (u32)res.a0;
			param.a1 = (u32)res.a1;
			param.a2 = (u32)res.a2;
			param.a3 = (u32)res.a3;
			optee_handle_rpc(ctx, &param, &call_ctx);
		} else {
			ret = (u32)res.a0;
			break;
		}
	}

	optee_rpc_finalize_call(&call_ctx);
	/* Our secure thread is free: wake a waiter, if any. */
	optee_cq_wait_final(&optee->call_queue, &w);
	return ret;
}

u32 optee_call_msg(struct tee_context *ctx, struct tee_shm *shm)
{
	phys_addr_t parg;

	if (tee_shm_get_pa(shm, 0, &parg))
		return OPTEE_SMC_RETURN_EBADADDR;
	return optee_do_call_with_arg(ctx, parg);
}

struct tee_shm *optee_get_msg_arg(struct tee_context *ctx, size_t num_params,
				  struct optee_msg_arg **msg_arg,
				  phys_addr_t *msg_parg)
{
	struct tee_shm *shm;
	struct optee_msg_arg *ma;
	int rc;

	shm = tee_shm_alloc(ctx, OPTEE_MSG_GET_ARG_SIZE(num_params),
			    TEE_SHM_MAPPED);
	if (IS_ERR(shm))
		return shm;

	ma = tee_shm_get_va(shm, 0);
	if (IS_ERR(ma)) {
		rc = (int)PTR_ERR(ma);
		goto err;
	}
	rc = tee_shm_get_pa(shm, 0, msg_parg);
	if (rc)
		goto err;

	memset(ma, 0, OPTEE_MSG_GET_ARG_SIZE(num_params));
	ma->num_params = (u32)num_params;
	*msg_arg = ma;
	return shm;
err:
	tee_shm_free(shm);
	return ERR_PTR(rc);
}

/* Sets up the two meta params of an open session (docs/abi.md §4.5). */
static int put_open_session_meta(struct tee_context *ctx,
				 struct optee_msg_arg *msg_arg,
				 const struct tee_ioctl_open_session_arg *arg)
{
	int rc;

	msg_arg->params[0].attr =
		OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META;
	msg_arg->params[1].attr =
		OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META;
	memcpy(&msg_arg->params[0].u.value, arg->uuid, sizeof(arg->uuid));
	/*
	 * The client UUID from the caller's credentials (mainline; the v16
	 * seed copied the TA uuid here and computed nothing).
	 */
	rc = tee_session_calc_client_uuid(msg_arg->params[1].u.octets,
					  arg->clnt_login, arg->clnt_uuid,
					  &ctx->cred);
	if (rc)
		return rc;
	msg_arg->params[1].u.value.c = arg->clnt_login;
	return 0;
}

static void add_session(struct optee_context_data *ctxdata,
			struct optee_session *sess, u32 session_id)
{
	sess->node.id = session_id;
	mutex_lock(&ctxdata->mutex);
	list_add(&sess->node.link, &ctxdata->sess_list);
	mutex_unlock(&ctxdata->mutex);
}

int optee_open_session(struct tee_context *ctx,
		       struct tee_ioctl_open_session_arg *arg,
		       struct tee_param *param)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_context_data *ctxdata = ctx->data;
	struct optee_session *sess = NULL;
	struct optee_msg_arg *msg_arg;
	phys_addr_t msg_parg;
	struct tee_shm *shm;
	u32 session;
	int rc;

	/* +2 for the meta parameters added below */
	shm = optee_get_msg_arg(ctx, arg->num_params + 2, &msg_arg, &msg_parg);
	if (IS_ERR(shm))
		return (int)PTR_ERR(shm);

	msg_arg->cmd = OPTEE_MSG_CMD_OPEN_SESSION;
	msg_arg->cancel_id = arg->cancel_id;
	rc = put_open_session_meta(ctx, msg_arg, arg);
	if (rc)
		goto out;
	rc = optee_to_msg_param(optee, msg_arg->params + 2, arg->num_params,
				param);
	if (rc)
		goto out;

	sess = kzalloc(sizeof(*sess));
	if (!sess) {
		rc = -ENOMEM;
		goto out;
	}
	memcpy(sess->uuid, arg->uuid, sizeof(sess->uuid));
	sess->login = arg->clnt_login;

	if (optee_do_call_with_arg(ctx, msg_parg)) {
		msg_arg->ret = TEEC_ERROR_COMMUNICATION;
		msg_arg->ret_origin = TEEC_ORIGIN_COMMS;
	}

	session = msg_arg->session;
	if (msg_arg->ret == TEEC_SUCCESS) {
		/* A new session has been created, add it to the list. */
		add_session(ctxdata, sess, session);
	} else {
		kfree(sess);
	}

	if (optee_from_msg_param(optee, param, arg->num_params,
				 msg_arg->params + 2)) {
		arg->ret = TEEC_ERROR_COMMUNICATION;
		arg->ret_origin = TEEC_ORIGIN_COMMS;
		/* Close the session again to avoid leakage. */
		if (msg_arg->ret == TEEC_SUCCESS)
			optee_close_session(ctx, session);
	} else {
		arg->session = session;
		arg->ret = msg_arg->ret;
		arg->ret_origin = msg_arg->ret_origin;
	}
out:
	tee_shm_free(shm);
	return rc;
}

/*
 * A message without params, CLOSE_SESSION or CANCEL: the secure world's
 * answer changes nothing for the caller, only a message that cannot be
 * allocated does.
 */
static int call_without_params(struct tee_context *ctx, u32 cmd, u32 session,
			       u32 cancel_id)
{
	struct optee_msg_arg *msg_arg;
	phys_addr_t msg_parg;
	struct tee_shm *shm;

	shm = optee_get_msg_arg(ctx, 0, &msg_arg, &msg_parg);
	if (IS_ERR(shm))
		return (int)PTR_ERR(shm);
	msg_arg->cmd = cmd;
	msg_arg->session = session;
	msg_arg->cancel_id = cancel_id;
	optee_do_call_with_arg(ctx, msg_parg);
	tee_shm_free(shm);
	return 0;
}

/* Tells the secure world to close @session; the driver forgot it already. */
static int close_session_in_sw(struct tee_context *ctx, u32 session)
{
	return call_without_params(ctx, OPTEE_MSG_CMD_CLOSE_SESSION, session,
				   0);
}

int optee_close_session(struct tee_context *ctx, u32 session)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct tee_session_node *node;

	/* Check that the session is valid and remove it from the list. */
	node = tee_session_unlink(&ctxdata->mutex, &ctxdata->sess_list,
				  session);
	if (!node)
		return -EINVAL;
	kfree(container_of(node, struct optee_session, node));
	return close_session_in_sw(ctx, session);
}

void optee_close_all_sessions(struct tee_context *ctx)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct optee_session *sess, *tmp;

	list_for_each_entry_safe(sess, tmp, &ctxdata->sess_list, node.link) {
		list_del(&sess->node.link);
		/*
		 * If no message can be allocated the secure world keeps the
		 * session, but normal-world memory is reclaimed (seed).
		 */
		if (close_session_in_sw(ctx, sess->node.id))
			pr_err("optee: could not close session 0x%x",
			       sess->node.id);
		kfree(sess);
	}
}

static bool session_exists(struct optee_context_data *ctxdata, u32 session)
{
	bool found;

	mutex_lock(&ctxdata->mutex);
	found = tee_session_find(&ctxdata->sess_list, session) != NULL;
	mutex_unlock(&ctxdata->mutex);
	return found;
}

int optee_invoke_func(struct tee_context *ctx, struct tee_ioctl_invoke_arg *arg,
		      struct tee_param *param)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_msg_arg *msg_arg;
	phys_addr_t msg_parg;
	struct tee_shm *shm;
	int rc;

	/* Check that the session is valid */
	if (!session_exists(ctx->data, arg->session))
		return -EINVAL;

	shm = optee_get_msg_arg(ctx, arg->num_params, &msg_arg, &msg_parg);
	if (IS_ERR(shm))
		return (int)PTR_ERR(shm);
	msg_arg->cmd = OPTEE_MSG_CMD_INVOKE_COMMAND;
	msg_arg->func = arg->func;
	msg_arg->session = arg->session;
	msg_arg->cancel_id = arg->cancel_id;

	rc = optee_to_msg_param(optee, msg_arg->params, arg->num_params, param);
	if (rc)
		goto out;

	if (optee_do_call_with_arg(ctx, msg_parg)) {
		msg_arg->ret = TEEC_ERROR_COMMUNICATION;
		msg_arg->ret_origin = TEEC_ORIGIN_COMMS;
	}
	if (optee_from_msg_param(optee, param, arg->num_params,
				 msg_arg->params)) {
		msg_arg->ret = TEEC_ERROR_COMMUNICATION;
		msg_arg->ret_origin = TEEC_ORIGIN_COMMS;
	}
	arg->ret = msg_arg->ret;
	arg->ret_origin = msg_arg->ret_origin;
out:
	tee_shm_free(shm);
	return rc;
}

int optee_cancel_req(struct tee_context *ctx, u32 cancel_id, u32 session)
{
	/* Check that the session is valid */
	if (!session_exists(ctx->data, session))
		return -EINVAL;
	return call_without_params(ctx, OPTEE_MSG_CMD_CANCEL, session,
				   cancel_id);
}

void optee_enable_shm_cache(struct optee *optee)
{
	struct optee_call_waiter w;

	/* We need to retry until the secure world isn't busy. */
	optee_cq_wait_init(&optee->call_queue, &w);
	while (true) {
		struct arm_smccc_res res;

		optee_fast_call(optee, OPTEE_SMC_ENABLE_SHM_CACHE, 0, 0, 0,
				&res);
		if (res.a0 == OPTEE_SMC_RETURN_OK ||
		    res.a0 == OPTEE_SMC_RETURN_UNKNOWN_FUNCTION)
			break;
		optee_cq_wait_for_completion(&optee->call_queue, &w);
	}
	optee_cq_wait_final(&optee->call_queue, &w);
}

/* Frees one object the secure world released from its cache. */
static void free_cached_shm(struct optee *optee, u64 cookie)
{
	struct tee_shm *shm = optee_shm_from_cookie(optee, cookie);

	if (!shm) {
		pr_err("optee: secure world released unknown shm 0x%llx",
		       (unsigned long long)cookie);
		return;
	}
	if (shm->priv_flags & OPTEE_SHM_SW_OWNED) {
		shm->priv_flags &= ~OPTEE_SHM_SW_OWNED;
		tee_shm_put(shm); /* the secure world's reference */
	}
	tee_shm_put(shm); /* ours from the lookup */
}

void optee_disable_shm_cache(struct optee *optee)
{
	struct optee_call_waiter w;

	/* We need to retry until the secure world isn't busy. */
	optee_cq_wait_init(&optee->call_queue, &w);
	while (true) {
		union {
			struct arm_smccc_res smccc;
			struct optee_smc_disable_shm_cache_result result;
		} res;

		optee_fast_call(optee, OPTEE_SMC_DISABLE_SHM_CACHE, 0, 0, 0,
				&res.smccc);
		if (res.result.status == OPTEE_SMC_RETURN_ENOTAVAIL ||
		    res.result.status == OPTEE_SMC_RETURN_UNKNOWN_FUNCTION)
			break; /* All shm's freed (or the world is gone) */
		if (res.result.status == OPTEE_SMC_RETURN_OK)
			free_cached_shm(
				optee,
				reg_pair_to_64((u32)res.result.shm_upper32,
					       (u32)res.result.shm_lower32));
		else
			optee_cq_wait_for_completion(&optee->call_queue, &w);
	}
	optee_cq_wait_final(&optee->call_queue, &w);
}
