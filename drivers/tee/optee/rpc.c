// SPDX-License-Identifier: BSD-2-Clause
/*
 * Calls out of the secure world: the RPCs OP-TEE returns with in the
 * middle of a call (seed: drivers/tee/optee/rpc.c, with mainline's
 * commands).  The driver serves memory, time, sleeping and notifications
 * itself and forwards everything else to tee-supplicant.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "optee_private.h"
#include "optee_rpc_cmd.h"

static bool value_params_ok(const struct optee_msg_arg *arg, u32 num, u64 attr)
{
	if (arg->num_params != num)
		return false;
	for (u32 n = 0; n < num; n++)
		if (arg->params[n].attr != attr)
			return false;
	return true;
}

static void handle_rpc_func_cmd_get_time(struct optee_msg_arg *arg)
{
	struct timespec ts;

	if (!value_params_ok(arg, 1, OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT))
		goto bad;
	clock_gettime(CLOCK_REALTIME, &ts);
	arg->params[0].u.value.a = (u64)ts.tv_sec;
	arg->params[0].u.value.b = (u64)ts.tv_nsec;
	arg->ret = TEEC_SUCCESS;
	return;
bad:
	arg->ret = TEEC_ERROR_BAD_PARAMETERS;
}

static void handle_rpc_func_cmd_notif(struct optee *optee,
				      struct optee_msg_arg *arg)
{
	const struct optee_msg_param_value *v = &arg->params[0].u.value;
	int rc;

	if (!value_params_ok(arg, 1, OPTEE_MSG_ATTR_TYPE_VALUE_INPUT))
		goto bad;
	switch (v->a) {
	case OPTEE_RPC_NOTIFICATION_WAIT:
		pr_debug("optee: notification wait key %llu",
			 (unsigned long long)v->b);
		rc = optee_notif_wait(&optee->notif, v->b, (u32)v->c);
		if (rc == -ETIMEDOUT) {
			arg->ret = TEEC_ERROR_TIMEOUT;
			return;
		}
		if (rc)
			goto bad;
		break;
	case OPTEE_RPC_NOTIFICATION_SEND:
		/* A send carries no timeout (mainline). */
		if (v->c || optee_notif_send(&optee->notif, v->b))
			goto bad;
		pr_debug("optee: notification send key %llu",
			 (unsigned long long)v->b);
		break;
	default:
		goto bad;
	}
	arg->ret = TEEC_SUCCESS;
	return;
bad:
	arg->ret = TEEC_ERROR_BAD_PARAMETERS;
}

static void handle_rpc_func_cmd_suspend(struct optee_msg_arg *arg)
{
	struct completion never;
	u64 ms;

	if (!value_params_ok(arg, 1, OPTEE_MSG_ATTR_TYPE_VALUE_INPUT)) {
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		return;
	}
	ms = arg->params[0].u.value.a;
	/* msleep_interruptible(): a caller that goes away cuts it short. */
	init_completion(&never);
	wait_for_completion_interruptible_timeout(
		&never, ms > 0xFFFFFFFFULL ? 0xFFFFFFFFUL : (unsigned long)ms);
	destroy_completion(&never);
	arg->ret = TEEC_SUCCESS;
}

/* Asks the supplicant for application memory (mainline cmd_alloc_suppl). */
static struct tee_shm *cmd_alloc_suppl(struct tee_context *ctx, size_t sz)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct tee_param param;
	struct tee_shm *shm;
	u32 ret;

	memset(&param, 0, sizeof(param));
	param.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	param.u.value.a = OPTEE_RPC_SHM_TYPE_APPL;
	param.u.value.b = sz;
	param.u.value.c = 0;

	ret = optee_supp_thrd_req(ctx, OPTEE_RPC_CMD_SHM_ALLOC, 1, &param);
	if (ret)
		return ERR_PTR(-ENOMEM);

	mutex_lock(&optee->supp.mutex);
	/* Takes a reference: the secure world will hold it. */
	shm = tee_shm_get_from_id(optee->supp.ctx, (int)param.u.value.c);
	mutex_unlock(&optee->supp.mutex);
	if (IS_ERR(shm))
		return shm;
	/* The supplicant is not trusted to have allocated enough. */
	if (tee_shm_get_size(shm) < sz) {
		tee_shm_put(shm);
		return ERR_PTR(-ENOMEM);
	}
	return shm;
}

static void handle_rpc_func_cmd_shm_alloc(struct tee_context *ctx,
					  struct optee_msg_arg *arg,
					  struct optee_call_ctx *call_ctx)
{
	struct optee_msg_param *p = &arg->params[0];
	struct tee_shm *shm;
	phys_addr_t pa;
	size_t sz;

	arg->ret_origin = TEEC_ORIGIN_COMMS;
	if (!value_params_ok(arg, 1, OPTEE_MSG_ATTR_TYPE_VALUE_INPUT) ||
	    p->u.value.b > SIZE_MAX) {
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		return;
	}
	sz = (size_t)p->u.value.b;
	switch (p->u.value.a) {
	case OPTEE_RPC_SHM_TYPE_APPL:
		shm = cmd_alloc_suppl(ctx, sz);
		break;
	case OPTEE_RPC_SHM_TYPE_KERNEL:
		shm = tee_shm_alloc(ctx, sz, TEE_SHM_MAPPED);
		break;
	default:
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		return;
	}
	if (IS_ERR(shm)) {
		arg->ret = TEEC_ERROR_OUT_OF_MEMORY;
		return;
	}
	/* The reference we hold now is the secure world's. */
	shm->priv_flags |= OPTEE_SHM_SW_OWNED;
	p->attr = OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT;
	if (shm->priv_flags & (OPTEE_SHM_REGISTERED | OPTEE_SHM_SUPP_PAGES) ||
	    shm->flags & TEE_SHM_REGISTER) {
		/*
		 * Dynamic memory travels as a page list (mainline); a
		 * secure world without dynamic shared memory cannot map
		 * one, and the supplicant's memory then has no pages here.
		 */
		struct tee_shm *list = shm->paddr
					       ? optee_page_list(ctx, shm, &pa)
					       : ERR_PTR(-EINVAL);

		if (IS_ERR(list)) {
			shm->priv_flags &= ~OPTEE_SHM_SW_OWNED;
			tee_shm_put(shm);
			arg->ret = TEEC_ERROR_OUT_OF_MEMORY;
			return;
		}
		optee_rpc_finalize_call(call_ctx);
		call_ctx->pages_list = list;
		p->attr |= OPTEE_MSG_ATTR_NONCONTIG;
	} else {
		tee_shm_get_pa(shm, 0, &pa);
	}
	p->u.tmem.buf_ptr = pa;
	p->u.tmem.size = sz;
	p->u.tmem.shm_ref = shm->sec_world_id;
	arg->ret = TEEC_SUCCESS;
}

/* Tells the supplicant to free its memory (mainline cmd_free_suppl). */
static void cmd_free_suppl(struct tee_context *ctx, struct tee_shm *shm)
{
	struct tee_param param;

	memset(&param, 0, sizeof(param));
	param.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	param.u.value.a = OPTEE_RPC_SHM_TYPE_APPL;
	param.u.value.b = (u64)tee_shm_get_id(shm);
	param.u.value.c = 0;

	/*
	 * Drop the secure world's reference before asking the supplicant:
	 * the process that allocated the memory then drops the last one
	 * itself when it closes the file (mainline).
	 */
	tee_shm_put(shm);
	optee_supp_thrd_req(ctx, OPTEE_RPC_CMD_SHM_FREE, 1, &param);
}

static void handle_rpc_func_cmd_shm_free(struct tee_context *ctx,
					 struct optee_msg_arg *arg)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct optee_msg_param *p = &arg->params[0];
	struct tee_shm *shm;

	arg->ret_origin = TEEC_ORIGIN_COMMS;
	if (!value_params_ok(arg, 1, OPTEE_MSG_ATTR_TYPE_VALUE_INPUT) ||
	    (p->u.value.a != OPTEE_RPC_SHM_TYPE_APPL &&
	     p->u.value.a != OPTEE_RPC_SHM_TYPE_KERNEL)) {
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		return;
	}
	shm = optee_shm_from_cookie(optee, p->u.value.b);
	/* Only memory the secure world was given can it give back. */
	if (!shm || !(shm->priv_flags & OPTEE_SHM_SW_OWNED)) {
		if (shm)
			tee_shm_put(shm);
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		return;
	}
	shm->priv_flags &= ~OPTEE_SHM_SW_OWNED;
	tee_shm_put(shm); /* the lookup's reference */
	if (p->u.value.a == OPTEE_RPC_SHM_TYPE_APPL)
		cmd_free_suppl(ctx, shm);
	else
		tee_shm_put(shm);
	arg->ret = TEEC_SUCCESS;
}

/* Forwards a command to tee-supplicant (mainline handle_rpc_supp_cmd). */
static void handle_rpc_supp_cmd(struct tee_context *ctx, struct optee *optee,
				struct optee_msg_arg *arg)
{
	struct tee_param *params;

	arg->ret_origin = TEEC_ORIGIN_COMMS;
	params =
		kcalloc(arg->num_params ? arg->num_params : 1, sizeof(*params));
	if (!params) {
		arg->ret = TEEC_ERROR_OUT_OF_MEMORY;
		return;
	}
	if (optee_rpc_from_msg_param(optee, params, arg->num_params,
				     arg->params)) {
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
		goto out;
	}
	arg->ret = optee_supp_thrd_req(ctx, arg->cmd, arg->num_params, params);
	if (optee_to_msg_param(optee, arg->params, arg->num_params, params))
		arg->ret = TEEC_ERROR_BAD_PARAMETERS;
	tee_params_put_memrefs(params, arg->num_params);
out:
	kfree(params);
}

static void handle_rpc_func_cmd(struct tee_context *ctx, struct optee *optee,
				struct tee_shm *shm,
				struct optee_call_ctx *call_ctx)
{
	struct optee_msg_arg *arg = tee_shm_get_va(shm, 0);

	/* The message must fit the memory the secure world gave. */
	if (IS_ERR(arg) || shm->size < OPTEE_MSG_GET_ARG_SIZE(0) ||
	    arg->num_params > OPTEE_MSG_MAX_NUM_PARAMS ||
	    OPTEE_MSG_GET_ARG_SIZE(arg->num_params) > shm->size) {
		pr_err("optee: bad RPC message from the secure world");
		return;
	}
	switch (arg->cmd) {
	case OPTEE_RPC_CMD_GET_TIME:
		handle_rpc_func_cmd_get_time(arg);
		break;
	case OPTEE_RPC_CMD_NOTIFICATION:
		handle_rpc_func_cmd_notif(optee, arg);
		break;
	case OPTEE_RPC_CMD_SUSPEND:
		handle_rpc_func_cmd_suspend(arg);
		break;
	case OPTEE_RPC_CMD_SHM_ALLOC:
		handle_rpc_func_cmd_shm_alloc(ctx, arg, call_ctx);
		break;
	case OPTEE_RPC_CMD_SHM_FREE:
		handle_rpc_func_cmd_shm_free(ctx, arg);
		break;
	default:
		handle_rpc_supp_cmd(ctx, optee, arg);
	}
}

static void handle_rpc_func_alloc(struct tee_context *ctx,
				  struct optee_rpc_param *param)
{
	struct tee_shm *shm;
	phys_addr_t pa;

	shm = tee_shm_alloc(ctx, param->a1, TEE_SHM_MAPPED);
	if (!IS_ERR(shm) && !tee_shm_get_pa(shm, 0, &pa)) {
		shm->priv_flags |= OPTEE_SHM_SW_OWNED;
		reg_pair_from_64(&param->a1, &param->a2, pa);
		reg_pair_from_64(&param->a4, &param->a5, shm->sec_world_id);
		return;
	}
	if (!IS_ERR(shm))
		tee_shm_free(shm);
	param->a1 = 0;
	param->a2 = 0;
	param->a4 = 0;
	param->a5 = 0;
}

static void handle_rpc_func_free(struct optee *optee,
				 struct optee_rpc_param *param)
{
	u64 cookie = reg_pair_to_64(param->a1, param->a2);
	struct tee_shm *shm = optee_shm_from_cookie(optee, cookie);

	if (!shm || !(shm->priv_flags & OPTEE_SHM_SW_OWNED)) {
		pr_err("optee: secure world freed unknown shm 0x%llx",
		       (unsigned long long)cookie);
		if (shm)
			tee_shm_put(shm);
		return;
	}
	shm->priv_flags &= ~OPTEE_SHM_SW_OWNED;
	tee_shm_put(shm);
	tee_shm_free(shm);
}

void optee_rpc_finalize_call(struct optee_call_ctx *call_ctx)
{
	if (call_ctx->pages_list)
		tee_shm_free(call_ctx->pages_list);
	call_ctx->pages_list = NULL;
}

void optee_handle_rpc(struct tee_context *ctx, struct optee_rpc_param *param,
		      struct optee_call_ctx *call_ctx)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	struct tee_shm *shm;

	switch (OPTEE_SMC_RETURN_GET_RPC_FUNC(param->a0)) {
	case OPTEE_SMC_RPC_FUNC_ALLOC:
		handle_rpc_func_alloc(ctx, param);
		break;
	case OPTEE_SMC_RPC_FUNC_FREE:
		handle_rpc_func_free(optee, param);
		break;
	case OPTEE_SMC_RPC_FUNC_FOREIGN_INTR:
		/*
		 * A foreign interrupt was raised while the secure world ran:
		 * the normal world gets the CPU back; let others run.
		 */
		pr_debug("optee: foreign interrupt");
		sched_yield();
		break;
	case OPTEE_SMC_RPC_FUNC_CMD:
		shm = optee_shm_from_cookie(
			optee, reg_pair_to_64(param->a1, param->a2));
		if (shm) {
			handle_rpc_func_cmd(ctx, optee, shm, call_ctx);
			tee_shm_put(shm);
		} else {
			pr_err("optee: RPC command in unknown shm");
		}
		break;
	default:
		pr_warn("optee: unknown RPC func 0x%x",
			(u32)OPTEE_SMC_RETURN_GET_RPC_FUNC(param->a0));
		break;
	}
	param->a0 = OPTEE_SMC_CALL_RETURN_FROM_RPC;
}
