// SPDX-License-Identifier: BSD-2-Clause
/* Calls into the secure world (seed: drivers/tee/optee/call.c). */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

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

/*
 * Waits for a free secure thread; a @client_call gives up when its client
 * is gone (-ERESTARTSYS): it has not entered the secure world yet, so
 * nothing is left behind.
 */
static int optee_cq_wait_for_completion(struct optee_call_queue *cq,
					struct optee_call_waiter *w,
					bool client_call)
{
	if (!client_call)
		wait_for_completion(&w->c);
	else if (wait_for_completion_interruptible(&w->c))
		return -ERESTARTSYS;

	mutex_lock(&cq->mutex);
	/* Move to the end of the list to get out of the way of others. */
	list_del(&w->list_node);
	reinit_completion(&w->c);
	list_add_tail(&w->list_node, &cq->waiters);
	mutex_unlock(&cq->mutex);
	return 0;
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

/**
 * struct session_call - a client's call in one of its sessions, as the
 * call loop sees it
 * @sess:	the session (the call holds a reference on it)
 * @cancel_id:	the call's cancel id
 * @gone_ms:	when the client was first seen gone (0: not yet)
 * @abandoned:	the secure world was told to end the call by force
 * @not_run:	set when the call never entered the secure world: why
 *		(TEEC_ERROR_*), with @not_run_origin
 * @not_run_origin: TEEC_ORIGIN_*
 */
struct session_call {
	struct optee_session *sess;
	u32 cancel_id;
	u64 gone_ms;
	bool abandoned;
	u32 not_run;
	u32 not_run_origin;
};

static int call_without_params(struct tee_context *ctx, u32 cmd, u32 session,
			       u32 cancel_id, u32 func);

/**
 * struct cancel_req - a CANCEL sent on behalf of a call whose client is
 * gone
 * @ctx:	the call's context
 * @session:	its session
 * @cancel_id:	its cancel id
 * @func:	0, or TEEBOX_MSG_CANCEL_ABANDON
 */
struct cancel_req {
	struct tee_context *ctx;
	u32 session;
	u32 cancel_id;
	u32 func;
};

static void *cancel_thread(void *arg)
{
	struct cancel_req *r = arg;

	call_without_params(r->ctx, OPTEE_MSG_CMD_CANCEL, r->session,
			    r->cancel_id, r->func);
	return NULL;
}

/*
 * Sends the CANCEL from a thread of its own: this one's CPU lane stays
 * with the secure thread of its call, suspended in an RPC, and a new
 * yielding call on that lane is refused (machine/smc_nw.c), as another
 * task, not the caller itself, cancels in the kernel.
 */
static void send_cancel(struct tee_context *ctx, u32 session, u32 cancel_id,
			u32 func)
{
	struct cancel_req r = {ctx, session, cancel_id, func};
	pthread_t thread;
	int rc;

	rc = pthread_create(&thread, NULL, cancel_thread, &r);
	if (rc) {
		pr_err("optee: cannot cancel a call in session 0x%x: %s",
		       session, strerror(rc));
		return;
	}
	pthread_join(thread, NULL);
}

static u64 now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000 + (u64)ts.tv_nsec / 1000000;
}

/*
 * The client of @sc is gone while its call runs in the secure world: the
 * call is cancelled as GP cancellation does (a TA in a cancellable wait
 * returns at once); if it still runs @stuck_call_ms later, the secure
 * world is told to end it by killing its TA instance, which gives the
 * secure thread back.  CANCEL never needs a free secure thread (the
 * trusted OS serves it on a system thread), so this cannot wait behind
 * the calls it is meant to end.
 */
static void client_gone(struct tee_context *ctx, struct session_call *sc)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	u64 now = now_ms();

	if (!sc->sess)
		return; /* an open: no session to name yet */
	if (!sc->gone_ms) {
		sc->gone_ms = now ? now : 1;
		send_cancel(ctx, sc->sess->node.id, sc->cancel_id, 0);
	} else if (!sc->abandoned &&
		   now - sc->gone_ms >= optee->stuck_call_ms) {
		sc->abandoned = true;
		pr_warn("optee: call in session 0x%x still runs %u ms after "
			"its client went: asking the TEE to end it",
			sc->sess->node.id, optee->stuck_call_ms);
		send_cancel(ctx, sc->sess->node.id, sc->cancel_id,
			    TEEBOX_MSG_CANCEL_ABANDON);
	}
}

/*
 * True when @sc may not (or need not) start: its session was closed
 * while it waited for a secure thread, or its client is gone.  The
 * secure world's session is still open then (the call holds it), so the
 * check and the SMC that follows cannot race with the id being reused.
 */
static bool refuse_start(struct session_call *sc)
{
	if (sc->sess && atomic_load(&sc->sess->closed)) {
		/* What OP-TEE answers for a session it does not know. */
		sc->not_run = TEEC_ERROR_BAD_PARAMETERS;
		sc->not_run_origin = TEEC_ORIGIN_TEE;
		return true;
	}
	if (signal_pending()) {
		sc->not_run = TEEC_ERROR_COMMUNICATION;
		sc->not_run_origin = TEEC_ORIGIN_COMMS;
		return true;
	}
	return false;
}

/*
 * The call loop: SMCs until the secure world returns the call's result,
 * serving its RPCs and waiting in the call queue when it has no free
 * thread.  @sc is a client's call in a session (NULL for the others).
 */
static u32 do_call(struct tee_context *ctx, phys_addr_t parg,
		   struct session_call *sc)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_call_ctx call_ctx = {NULL};
	struct optee_call_waiter w;
	struct optee_rpc_param param = {};
	u32 ret = OPTEE_SMC_RETURN_OK;

	param.a0 = OPTEE_SMC_CALL_WITH_ARG;
	reg_pair_from_64(&param.a1, &param.a2, parg);
	optee_cq_wait_init(&optee->call_queue, &w);
	while (true) {
		struct arm_smccc_res res;

		if (sc && param.a0 == OPTEE_SMC_CALL_WITH_ARG &&
		    refuse_start(sc))
			break;
		invoke(optee, &param, &res);
		if (res.a0 == OPTEE_SMC_RETURN_ETHREAD_LIMIT) {
			/*
			 * Out of threads in the secure world: wait for one
			 * to become free.
			 */
			pr_debug("optee: all secure threads busy, waiting");
			if (optee_cq_wait_for_completion(&optee->call_queue, &w,
							 sc != NULL))
				continue; /* refuse_start() says why */
		} else if (OPTEE_SMC_RETURN_IS_RPC(res.a0)) {
			param.a0 = (u32)res.a0;
			param.a1 = (u32)res.a1;
			param.a2 = (u32)res.a2;
			param.a3 = (u32)res.a3;
			optee_handle_rpc(ctx, &param, &call_ctx);
			if (sc && signal_pending())
				client_gone(ctx, sc);
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

u32 optee_do_call_with_arg(struct tee_context *ctx, phys_addr_t parg)
{
	return do_call(ctx, parg, NULL);
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
	sess->refs = 1; /* the open session's own */
	atomic_init(&sess->closed, false);
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
	struct session_call sc = {.cancel_id = arg->cancel_id};
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

	if (do_call(ctx, msg_parg, &sc)) {
		msg_arg->ret = TEEC_ERROR_COMMUNICATION;
		msg_arg->ret_origin = TEEC_ORIGIN_COMMS;
	} else if (sc.not_run) {
		msg_arg->ret = sc.not_run;
		msg_arg->ret_origin = sc.not_run_origin;
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
			       u32 cancel_id, u32 func)
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
	msg_arg->func = func;
	optee_do_call_with_arg(ctx, msg_parg);
	tee_shm_free(shm);
	return 0;
}

/* Tells the secure world to close @session; the driver forgot it already. */
static int close_session_in_sw(struct tee_context *ctx, u32 session)
{
	return call_without_params(ctx, OPTEE_MSG_CMD_CLOSE_SESSION, session, 0,
				   0);
}

/* Takes a reference on open session @id of @ctxdata, or NULL. */
static struct optee_session *session_get(struct optee_context_data *ctxdata,
					 u32 id)
{
	struct tee_session_node *node;
	struct optee_session *sess = NULL;

	mutex_lock(&ctxdata->mutex);
	node = tee_session_find(&ctxdata->sess_list, id);
	if (node) {
		sess = container_of(node, struct optee_session, node);
		sess->refs++;
	}
	mutex_unlock(&ctxdata->mutex);
	return sess;
}

/*
 * Drops a reference on @sess.  The last one, once the client closed it
 * and no call runs in it any more, closes it in the secure world: only
 * then may the trusted OS give its id to somebody else.
 * Return: 0, or -ENOMEM when the close could not be sent (the secure
 * world keeps the session; normal-world memory is reclaimed, as the seed
 * does).
 */
static int session_put(struct tee_context *ctx, struct optee_session *sess)
{
	struct optee_context_data *ctxdata = ctx->data;
	u32 id = sess->node.id;
	bool last;
	int rc;

	mutex_lock(&ctxdata->mutex);
	last = !--sess->refs;
	mutex_unlock(&ctxdata->mutex);
	if (!last)
		return 0;
	kfree(sess);
	rc = close_session_in_sw(ctx, id);
	if (rc)
		pr_err("optee: could not close session 0x%x", id);
	return rc;
}

/* Takes @sess off the open ones (ctxdata->mutex held): calls stop here. */
static void session_mark_closed(struct optee_session *sess)
{
	list_del(&sess->node.link);
	atomic_store(&sess->closed, true);
}

int optee_close_session(struct tee_context *ctx, u32 session)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct tee_session_node *node;
	struct optee_session *sess = NULL;

	/* Check that the session is valid and remove it from the list. */
	mutex_lock(&ctxdata->mutex);
	node = tee_session_find(&ctxdata->sess_list, session);
	if (node) {
		sess = container_of(node, struct optee_session, node);
		session_mark_closed(sess);
	}
	mutex_unlock(&ctxdata->mutex);
	if (!sess)
		return -EINVAL;
	/*
	 * A call still queued in it fails when it gets its turn; one
	 * already in the secure world ends first (the trusted OS closes a
	 * session only after its running calls, as OP-TEE does).
	 */
	return session_put(ctx, sess);
}

void optee_close_all_sessions(struct tee_context *ctx)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct optee_session *sess, *tmp;
	struct list_head closing = LIST_HEAD_INIT(closing);

	mutex_lock(&ctxdata->mutex);
	list_for_each_entry_safe(sess, tmp, &ctxdata->sess_list, node.link) {
		session_mark_closed(sess);
		list_add_tail(&sess->node.link, &closing);
	}
	mutex_unlock(&ctxdata->mutex);
	/* No call runs in a released context: each goes now. */
	list_for_each_entry_safe(sess, tmp, &closing, node.link) {
		list_del(&sess->node.link);
		session_put(ctx, sess);
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
	struct session_call sc = {.cancel_id = arg->cancel_id};
	struct optee_msg_arg *msg_arg;
	phys_addr_t msg_parg;
	struct tee_shm *shm;
	int rc;

	/* The call holds its session until it ends (struct optee_session). */
	sc.sess = session_get(ctx->data, arg->session);
	if (!sc.sess)
		return -EINVAL;

	shm = optee_get_msg_arg(ctx, arg->num_params, &msg_arg, &msg_parg);
	if (IS_ERR(shm)) {
		rc = (int)PTR_ERR(shm);
		goto out_put;
	}
	msg_arg->cmd = OPTEE_MSG_CMD_INVOKE_COMMAND;
	msg_arg->func = arg->func;
	msg_arg->session = arg->session;
	msg_arg->cancel_id = arg->cancel_id;

	rc = optee_to_msg_param(optee, msg_arg->params, arg->num_params, param);
	if (rc)
		goto out;

	if (do_call(ctx, msg_parg, &sc)) {
		msg_arg->ret = TEEC_ERROR_COMMUNICATION;
		msg_arg->ret_origin = TEEC_ORIGIN_COMMS;
	} else if (sc.not_run) {
		msg_arg->ret = sc.not_run;
		msg_arg->ret_origin = sc.not_run_origin;
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
out_put:
	session_put(ctx, sc.sess);
	return rc;
}

int optee_cancel_req(struct tee_context *ctx, u32 cancel_id, u32 session)
{
	/* Check that the session is valid */
	if (!session_exists(ctx->data, session))
		return -EINVAL;
	return call_without_params(ctx, OPTEE_MSG_CMD_CANCEL, session,
				   cancel_id, 0);
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
		optee_cq_wait_for_completion(&optee->call_queue, &w, false);
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
			optee_cq_wait_for_completion(&optee->call_queue, &w,
						     false);
	}
	optee_cq_wait_final(&optee->call_queue, &w);
}
