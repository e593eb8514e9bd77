// SPDX-License-Identifier: BSD-2-Clause
/* testdrv: the TEE driver the core's unit tests register; see the header. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/alloc.h"
#include "tee_test_driver.h"

static struct testdrv *to_td(struct tee_device *teedev)
{
	return tee_get_drvdata(teedev);
}

static void run_hook(struct testdrv *td, enum testdrv_hook_point point)
{
	if (td->hook && td->hook_point == point)
		td->hook(td->hook_arg);
}

static u64 param_type(const struct tee_param *p)
{
	return p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK;
}

/* Copies what a call got into the records; td->lock held. */
static void record_params(struct testdrv *td, u32 num_params,
			  const struct tee_param *params)
{
	td->last_num_params = num_params;
	memset(td->last_params, 0, sizeof(td->last_params));
	if (params && num_params)
		memcpy(td->last_params, params,
		       sizeof(*params) *
			       min_t(u32, num_params, TESTDRV_MAX_PARAMS));
}

u8 testdrv_pattern(size_t i)
{
	return (u8)(0x5a ^ (i * 7));
}

static void testdrv_get_version(struct tee_device *teedev,
				struct tee_ioctl_version_data *vers)
{
	struct testdrv *td = to_td(teedev);

	if (td->version) {
		*vers = *td->version;
		return;
	}
	vers->impl_id = TESTDRV_IMPL_ID;
	vers->impl_caps = 0;
	vers->gen_caps = TEE_GEN_CAP_GP;
}

static int testdrv_get_tee_revision(struct tee_device *teedev, char *buf,
				    size_t len)
{
	struct testdrv *td = to_td(teedev);

	if (td->revision_err)
		return td->revision_err;
	snprintf(buf, len, "%s", TESTDRV_REVISION);
	return 0;
}

static int testdrv_open(struct tee_context *ctx)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_ctx *tctx;

	if (td->open_err)
		return td->open_err;
	tctx = kzalloc(sizeof(*tctx));
	if (!tctx)
		return -ENOMEM;
	INIT_LIST_HEAD(&tctx->sessions);
	ctx->data = tctx;
	ctx->cap_memref_null = td->cap_memref_null;
	pthread_mutex_lock(&td->lock);
	td->opens++;
	pthread_mutex_unlock(&td->lock);
	return 0;
}

/* Closes every session left on the context, as a real driver does. */
static void testdrv_release(struct tee_context *ctx)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_ctx *tctx = ctx->data;

	pthread_mutex_lock(&td->lock);
	while (!list_empty(&tctx->sessions)) {
		struct testdrv_session *s = list_entry(
			tctx->sessions.next, struct testdrv_session, link);

		list_del(&s->link);
		kfree(s);
		td->release_closed++;
	}
	td->releases++;
	pthread_mutex_unlock(&td->lock);
	kfree(tctx);
	ctx->data = NULL;
}

/* The session @id of @ctx, or NULL; td->lock held. */
static struct testdrv_session *find_session(struct tee_context *ctx, u32 id)
{
	struct testdrv_ctx *tctx = ctx->data;
	struct testdrv_session *s;

	list_for_each_entry(s, &tctx->sessions, link)
		if (s->id == id)
			return s;
	return NULL;
}

/* Writes the fill pattern into memref @p; returns a TEE result. */
static u32 func_fill(struct tee_param *p)
{
	struct tee_param_memref *m = &p->u.memref;

	if (param_type(p) != TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT &&
	    param_type(p) != TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT)
		return TESTDRV_RET_BAD_PARAMETERS;
	if (!m->shm)
		return TESTDRV_RET_BAD_PARAMETERS;
	if (m->size < TESTDRV_FILL_LEN) {
		m->size = TESTDRV_FILL_LEN;
		return TESTDRV_RET_SHORT_BUFFER;
	}
	for (size_t i = 0; i < TESTDRV_FILL_LEN; i++) {
		u8 *va = tee_shm_get_va(m->shm, m->shm_offs + i);

		if (IS_ERR(va))
			return TESTDRV_RET_BAD_PARAMETERS;
		*va = testdrv_pattern(i);
	}
	m->size = TESTDRV_FILL_LEN;
	return 0;
}

static void func_scribble(u32 num_params, struct tee_param *params)
{
	for (u32 n = 0; n < num_params; n++) {
		struct tee_param *p = params + n;

		if (tee_param_is_memref(p)) {
			/* The shm pointer is the core's: leave it. */
			p->u.memref.size = 0x1000 + n;
			continue;
		}
		p->u.value.a = 0xa0 + n;
		p->u.value.b = 0xb0 + n;
		p->u.value.c = 0xc0 + n;
	}
}

/*
 * Runs one of the functions of enum testdrv_func on @params and sets
 * *@ret / *@ret_origin.
 */
static void run_func(struct testdrv *td, int func, u32 num_params,
		     struct tee_param *params, u32 *ret, u32 *ret_origin)
{
	*ret = 0;
	*ret_origin = 0;
	switch (func) {
	case TESTDRV_FUNC_INC:
		if (!num_params ||
		    param_type(params) != TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT)
			*ret = TESTDRV_RET_BAD_PARAMETERS;
		else
			params[0].u.value.a++;
		break;
	case TESTDRV_FUNC_FILL:
		*ret = num_params ? func_fill(params)
				  : TESTDRV_RET_BAD_PARAMETERS;
		break;
	case TESTDRV_FUNC_SHORT:
		if (!num_params || !tee_param_is_memref(params)) {
			*ret = TESTDRV_RET_BAD_PARAMETERS;
			break;
		}
		params[0].u.memref.size *= 2;
		*ret = TESTDRV_RET_SHORT_BUFFER;
		break;
	case TESTDRV_FUNC_BLOCK:
		pthread_mutex_lock(&td->lock);
		td->blocked_shm = num_params && tee_param_is_memref(params)
					  ? params[0].u.memref.shm
					  : NULL;
		pthread_mutex_unlock(&td->lock);
		complete(&td->block_entered);
		wait_for_completion(&td->block_release);
		break;
	case TESTDRV_FUNC_SCRIBBLE:
		func_scribble(num_params, params);
		*ret = TESTDRV_SCRIBBLE_RET;
		*ret_origin = TESTDRV_SCRIBBLE_ORIGIN;
		return;
	case TESTDRV_FUNC_NONE:
		return;
	default:
		*ret = TESTDRV_RET_NOT_SUPPORTED;
		break;
	}
	if (*ret)
		*ret_origin = TESTDRV_ORIGIN_TRUSTED_APP;
}

/* A test's TEE opens session @s: it may give it an id of its own. */
static void run_tee_open(struct testdrv *td, struct testdrv_session *s,
			 struct tee_ioctl_open_session_arg *arg,
			 struct tee_param *param)
{
	u32 id = 0;

	td->tee(td->tee_arg, true, 0, arg->num_params, param, &arg->ret,
		&arg->ret_origin, &id);
	if (!id)
		return;
	pthread_mutex_lock(&td->lock);
	s->id = id;
	pthread_mutex_unlock(&td->lock);
	arg->session = id;
}

static int testdrv_open_session(struct tee_context *ctx,
				struct tee_ioctl_open_session_arg *arg,
				struct tee_param *param)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_ctx *tctx = ctx->data;
	struct testdrv_session *s;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	u32 ret, ret_origin;
	int rc;

	/* The login rules live in the core helper (mainline call.c). */
	rc = tee_session_calc_client_uuid(uuid, arg->clnt_login, arg->clnt_uuid,
					  &ctx->cred);
	pthread_mutex_lock(&td->lock);
	td->open_session_calls++;
	td->last_login = arg->clnt_login;
	record_params(td, arg->num_params, param);
	if (rc)
		goto out;
	memcpy(td->last_clnt_uuid, uuid, sizeof(uuid));
	rc = td->open_session_err;
	if (rc)
		goto out;
	s = kzalloc(sizeof(*s));
	if (!s) {
		rc = -ENOMEM;
		goto out;
	}
	s->id = ++td->next_session;
	memcpy(s->uuid, arg->uuid, sizeof(s->uuid));
	s->login = arg->clnt_login;
	memcpy(s->clnt_uuid, uuid, sizeof(uuid));
	list_add_tail(&s->link, &tctx->sessions);
	td->sessions_opened++;
	arg->session = s->id;
out:
	pthread_mutex_unlock(&td->lock);
	if (rc)
		return rc;

	if (td->tee) {
		run_tee_open(td, s, arg, param);
		run_hook(td, TESTDRV_HOOK_OPEN_SESSION);
		return 0;
	}
	run_func(td, td->open_func, arg->num_params, param, &ret, &ret_origin);
	arg->ret = td->open_ret ? td->open_ret : ret;
	arg->ret_origin = td->open_ret ? td->open_ret_origin : ret_origin;
	run_hook(td, TESTDRV_HOOK_OPEN_SESSION);
	return 0;
}

static int testdrv_close_session(struct tee_context *ctx, u32 session)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_session *s;

	pthread_mutex_lock(&td->lock);
	td->close_calls++;
	td->last_closed = session;
	s = find_session(ctx, session);
	if (s)
		list_del(&s->link);
	pthread_mutex_unlock(&td->lock);
	if (!s)
		return -EINVAL;
	kfree(s);
	return 0;
}

static int testdrv_invoke_func(struct tee_context *ctx,
			       struct tee_ioctl_invoke_arg *arg,
			       struct tee_param *param)
{
	struct testdrv *td = to_td(ctx->teedev);
	int rc = 0;

	pthread_mutex_lock(&td->lock);
	td->invoke_calls++;
	if (!find_session(ctx, arg->session))
		rc = -EINVAL;
	else
		rc = td->invoke_err;
	td->last_func = arg->func;
	record_params(td, arg->num_params, param);
	pthread_mutex_unlock(&td->lock);
	if (rc)
		return rc;

	if (td->tee)
		td->tee(td->tee_arg, false, arg->func, arg->num_params, param,
			&arg->ret, &arg->ret_origin, NULL);
	else
		run_func(td, (int)arg->func, arg->num_params, param, &arg->ret,
			 &arg->ret_origin);
	run_hook(td, TESTDRV_HOOK_INVOKE);
	return 0;
}

static int testdrv_cancel_req(struct tee_context *ctx, u32 cancel_id,
			      u32 session)
{
	struct testdrv *td = to_td(ctx->teedev);

	pthread_mutex_lock(&td->lock);
	td->cancel_calls++;
	td->cancel_id = cancel_id;
	td->cancel_session = session;
	pthread_mutex_unlock(&td->lock);
	return 0;
}

/*
 * As the OP-TEE driver's supp.c: the supplicant's input params may only
 * be NONE, or a NONE|META first param that asks for request ids (async
 * mode).  Their memref references are dropped first, whatever follows.
 */
static int testdrv_supp_recv(struct tee_context *ctx, u32 *func,
			     u32 *num_params, struct tee_param *param)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_request *req = &td->req;
	u32 num_meta = 0;
	int rc = 0;

	pthread_mutex_lock(&td->lock);
	td->recv_calls++;
	for (u32 n = 0; n < *num_params; n++) {
		if (tee_param_is_memref(param + n) && param[n].u.memref.shm) {
			tee_shm_put(param[n].u.memref.shm);
			td->recv_refs_dropped++;
		}
	}
	td->recv_num_in = *num_params;
	for (u32 n = 0; n < *num_params && n < TESTDRV_MAX_PARAMS; n++)
		td->recv_in_attr[n] = param[n].attr;

	if (!*num_params) {
		rc = -EINVAL;
		goto out;
	}
	for (u32 n = 0; n < *num_params; n++) {
		if (param[n].attr &&
		    param[n].attr != TEE_IOCTL_PARAM_ATTR_META) {
			rc = -EINVAL;
			goto out;
		}
	}
	if (param[0].attr == TEE_IOCTL_PARAM_ATTR_META)
		num_meta = 1;

	if (!req->queued) {
		rc = -EAGAIN;
		goto out;
	}
	if (*num_params < num_meta + req->num_params) {
		rc = -EINVAL;
		goto out;
	}
	if (num_meta) {
		param[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
				TEE_IOCTL_PARAM_ATTR_META;
		param[0].u.value.a = req->id;
		param[0].u.value.b = 0;
		param[0].u.value.c = 0;
	}
	if (req->num_params)
		memcpy(param + num_meta, req->params,
		       sizeof(*param) * req->num_params);
	*func = req->func;
	*num_params = num_meta + req->num_params;
	req->queued = false;
out:
	pthread_mutex_unlock(&td->lock);
	if (!rc)
		run_hook(td, TESTDRV_HOOK_SUPP_RECV);
	return rc;
}

static int testdrv_supp_send(struct tee_context *ctx, u32 ret, u32 num_params,
			     struct tee_param *param)
{
	struct testdrv *td = to_td(ctx->teedev);

	pthread_mutex_lock(&td->lock);
	td->send_calls++;
	td->send_ret = ret;
	td->send_num_params = num_params;
	memset(td->send_params, 0, sizeof(td->send_params));
	if (num_params)
		memcpy(td->send_params, param,
		       sizeof(*param) *
			       min_t(u32, num_params, TESTDRV_MAX_PARAMS));
	pthread_mutex_unlock(&td->lock);
	return td->supp_send_err;
}

static int testdrv_shm_register(struct tee_context *ctx, struct tee_shm *shm)
{
	struct testdrv *td = to_td(ctx->teedev);

	if (td->shm_register_err)
		return td->shm_register_err;
	pthread_mutex_lock(&td->lock);
	td->shm_registers++;
	pthread_mutex_unlock(&td->lock);
	shm->sec_world_id = 0xc00c1e00 + (u64)shm->id;
	return 0;
}

static int testdrv_shm_unregister(struct tee_device *teedev,
				  struct tee_shm *shm)
{
	struct testdrv *td = to_td(teedev);

	pthread_mutex_lock(&td->lock);
	td->shm_unregisters++;
	pthread_mutex_unlock(&td->lock);
	return 0;
}

static void testdrv_describe_device(struct tee_device *teedev,
				    struct tee_diag_device *info)
{
	struct testdrv *td = to_td(teedev);

	info->driver = TESTDRV_DRIVER_NAME;
	info->impl_name = TESTDRV_IMPL_NAME;
	pthread_mutex_lock(&td->lock);
	info->props[0] = (struct tee_diag_prop){
		.key = "sessions_opened",
		.label = "sessions opened",
		.num = (u32)td->sessions_opened,
	};
	pthread_mutex_unlock(&td->lock);
	info->props[1] = (struct tee_diag_prop){
		.key = "flavour",
		.label = "flavour",
		.str = td->flavour ? td->flavour : "plain",
	};
	info->nprops = 2;
}

static int testdrv_for_each_session(struct tee_context *ctx,
				    int (*fn)(const struct tee_diag_session *s,
					      void *arg),
				    void *arg)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_ctx *tctx = ctx->data;
	struct testdrv_session *sess;
	int rc = 0;

	pthread_mutex_lock(&td->lock);
	list_for_each_entry(sess, &tctx->sessions, link) {
		struct tee_diag_session s = {.id = sess->id,
					     .login = sess->login,
					     .service = TESTDRV_SERVICE};

		memcpy(s.uuid, sess->uuid, sizeof(s.uuid));
		rc = fn(&s, arg);
		if (rc)
			break;
	}
	pthread_mutex_unlock(&td->lock);
	return rc;
}

static const struct tee_diag_ops testdrv_diag_ops = {
	.describe_device = testdrv_describe_device,
	.for_each_session = testdrv_for_each_session,
};

static const struct tee_driver_ops testdrv_clnt_ops = {
	.get_version = testdrv_get_version,
	.get_tee_revision = testdrv_get_tee_revision,
	.open = testdrv_open,
	.release = testdrv_release,
	.open_session = testdrv_open_session,
	.close_session = testdrv_close_session,
	.invoke_func = testdrv_invoke_func,
	.cancel_req = testdrv_cancel_req,
};

static const struct tee_driver_ops testdrv_supp_ops = {
	.get_version = testdrv_get_version,
	.open = testdrv_open,
	.release = testdrv_release,
	.supp_recv = testdrv_supp_recv,
	.supp_send = testdrv_supp_send,
};

static const struct tee_driver_ops testdrv_reg_ops = {
	.get_version = testdrv_get_version,
	.open = testdrv_open,
	.release = testdrv_release,
	.open_session = testdrv_open_session,
	.close_session = testdrv_close_session,
	.invoke_func = testdrv_invoke_func,
	.shm_register = testdrv_shm_register,
	.shm_unregister = testdrv_shm_unregister,
};

static const struct tee_driver_ops testdrv_full_ops = {
	.get_version = testdrv_get_version,
	.get_tee_revision = testdrv_get_tee_revision,
	.open = testdrv_open,
	.release = testdrv_release,
	.open_session = testdrv_open_session,
	.close_session = testdrv_close_session,
	.invoke_func = testdrv_invoke_func,
	.cancel_req = testdrv_cancel_req,
	.shm_register = testdrv_shm_register,
	.shm_unregister = testdrv_shm_unregister,
};

const struct tee_desc testdrv_clnt_desc = {
	.name = "testdrv-clnt",
	.ops = &testdrv_clnt_ops,
	.diag = &testdrv_diag_ops,
};

const struct tee_desc testdrv_supp_desc = {
	.name = "testdrv-supp",
	.ops = &testdrv_supp_ops,
	.diag = &testdrv_diag_ops,
	.flags = TEE_DESC_PRIVILEGED,
};

const struct tee_desc testdrv_reg_desc = {
	.name = "testdrv-reg",
	.ops = &testdrv_reg_ops,
};

const struct tee_desc testdrv_full_desc = {
	.name = "testdrv-full",
	.ops = &testdrv_full_ops,
};

/* The user pool's alloc, with TESTDRV_HOOK_SHM_ALLOC after it. */
static int testdrv_user_alloc(struct tee_shm_pool_mgr *poolm,
			      struct tee_shm *shm, size_t size)
{
	struct testdrv *td = to_td(shm->teedev);
	int rc = td->real_user_alloc(poolm, shm, size);

	if (!rc)
		run_hook(td, TESTDRV_HOOK_SHM_ALLOC);
	return rc;
}

struct testdrv *testdrv_new(void)
{
	struct tee_shm_pool_mem_info priv_info, user_info;
	struct tee_shm_pool_mgr *user_mgr;
	struct testdrv *td = calloc(1, sizeof(*td));

	if (!td)
		return NULL;
	td->mem =
		aligned_alloc(PAGE_SIZE, TESTDRV_PRIV_SIZE + TESTDRV_USER_SIZE);
	if (!td->mem)
		goto err_free_td;

	/* The buffer's address doubles as a fake physical address. */
	priv_info.vaddr = (unsigned long)td->mem;
	priv_info.paddr = TESTDRV_PADDR;
	priv_info.size = TESTDRV_PRIV_SIZE;
	user_info.vaddr = priv_info.vaddr + TESTDRV_PRIV_SIZE;
	user_info.paddr = TESTDRV_PADDR + TESTDRV_PRIV_SIZE;
	user_info.size = TESTDRV_USER_SIZE;
	td->pool = tee_shm_pool_alloc_res_mem(&priv_info, &user_info);
	if (IS_ERR(td->pool))
		goto err_free_mem;

	user_mgr = td->pool->dma_buf_mgr;
	td->user_pool_ops = *user_mgr->ops;
	td->real_user_alloc = user_mgr->ops->alloc;
	td->user_pool_ops.alloc = testdrv_user_alloc;
	user_mgr->ops = &td->user_pool_ops;

	pthread_mutex_init(&td->lock, NULL);
	init_completion(&td->block_entered);
	init_completion(&td->block_release);
	td->open_func = TESTDRV_FUNC_NONE;
	return td;

err_free_mem:
	free(td->mem);
err_free_td:
	free(td);
	return NULL;
}

int testdrv_add_devices(struct testdrv *td)
{
	int rc;

	td->clnt_dev = tee_device_alloc(&testdrv_clnt_desc, td->pool, td);
	if (IS_ERR(td->clnt_dev)) {
		rc = (int)PTR_ERR(td->clnt_dev);
		td->clnt_dev = NULL;
		return rc;
	}
	td->supp_dev = tee_device_alloc(&testdrv_supp_desc, td->pool, td);
	if (IS_ERR(td->supp_dev)) {
		rc = (int)PTR_ERR(td->supp_dev);
		td->supp_dev = NULL;
		goto err;
	}
	rc = tee_device_register(td->clnt_dev);
	if (rc)
		goto err;
	rc = tee_device_register(td->supp_dev);
	if (rc)
		goto err;
	return 0;
err:
	tee_device_unregister(td->supp_dev);
	tee_device_unregister(td->clnt_dev);
	td->supp_dev = NULL;
	td->clnt_dev = NULL;
	return rc;
}

void testdrv_free(struct testdrv *td)
{
	if (!td)
		return;
	tee_device_unregister(td->supp_dev);
	tee_device_unregister(td->clnt_dev);
	tee_shm_pool_free(td->pool);
	destroy_completion(&td->block_release);
	destroy_completion(&td->block_entered);
	pthread_mutex_destroy(&td->lock);
	free(td->mem);
	free(td);
}

void testdrv_set_hook(struct testdrv *td, enum testdrv_hook_point point,
		      void (*fn)(void *arg), void *arg)
{
	td->hook_point = point;
	td->hook = fn;
	td->hook_arg = arg;
}

u32 testdrv_queue_request(struct testdrv *td, u32 func, u32 num_params,
			  const struct tee_param *params)
{
	u32 id;

	pthread_mutex_lock(&td->lock);
	id = ++td->req_seq;
	td->req.queued = true;
	td->req.id = id;
	td->req.func = func;
	td->req.num_params = min_t(u32, num_params, TESTDRV_MAX_PARAMS);
	if (td->req.num_params)
		memcpy(td->req.params, params,
		       sizeof(*params) * td->req.num_params);
	pthread_mutex_unlock(&td->lock);
	return id;
}

void testdrv_wait_blocked(struct testdrv *td)
{
	wait_for_completion(&td->block_entered);
}

void testdrv_unblock(struct testdrv *td)
{
	complete(&td->block_release);
}

size_t testdrv_num_sessions(struct tee_context *ctx)
{
	struct testdrv *td = to_td(ctx->teedev);
	struct testdrv_ctx *tctx = ctx->data;
	size_t n;

	pthread_mutex_lock(&td->lock);
	n = list_count(&tctx->sessions);
	pthread_mutex_unlock(&td->lock);
	return n;
}
