// SPDX-License-Identifier: BSD-2-Clause
/*
 * The loopback TEE, teebox's own driver: probe, the device operations and
 * sessions.  See loopback.h for what it is and why.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "loopback_private.h"
#include "machine/board.h"

#define DRIVER_NAME "loopback"

static void loopback_get_version(struct tee_device *teedev,
				 struct tee_ioctl_version_data *vers)
{
	struct tee_ioctl_version_data v = {
		.impl_id = LOOPBACK_IMPL_ID,
		.impl_caps = 0,
		.gen_caps = TEE_GEN_CAP_GP | TEE_GEN_CAP_MEMREF_NULL,
	};

	*vers = v;
}

static int loopback_get_tee_revision(struct tee_device *teedev, char *buf,
				     size_t len)
{
	int n = snprintf(buf, len, "%s", LOOPBACK_REVISION);

	return n < 0 || (size_t)n >= len ? -EOVERFLOW : 0;
}

static int loopback_open(struct tee_context *ctx)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);
	struct loopback_context_data *ctxdata;
	int rc;

	ctxdata = kzalloc(sizeof(*ctxdata));
	if (!ctxdata)
		return -ENOMEM;
	/* Only one supplicant at a time, as with OP-TEE. */
	if (ctx->teedev == lb->supp_teedev) {
		rc = loopback_supp_attach(&lb->supp, ctx);
		if (rc) {
			kfree(ctxdata);
			return rc;
		}
	}
	mutex_init(&ctxdata->mutex);
	INIT_LIST_HEAD(&ctxdata->sessions);
	ctx->cap_memref_null = true;
	ctx->data = ctxdata;
	return 0;
}

static void loopback_release(struct tee_context *ctx)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);
	struct loopback_context_data *ctxdata = ctx->data;
	struct loopback_session *sess, *tmp;

	/* Closing the file closes its sessions. */
	list_for_each_entry_safe(sess, tmp, &ctxdata->sessions, node.link) {
		list_del(&sess->node.link);
		kfree(sess);
	}
	mutex_destroy(&ctxdata->mutex);
	kfree(ctxdata);
	ctx->data = NULL;
	if (ctx->teedev == lb->supp_teedev)
		loopback_supp_release(&lb->supp);
}

static int loopback_open_session(struct tee_context *ctx,
				 struct tee_ioctl_open_session_arg *arg,
				 struct tee_param *param)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);
	struct loopback_context_data *ctxdata = ctx->data;
	const struct loopback_service *service;
	struct loopback_session *sess;
	int rc;

	sess = kzalloc(sizeof(*sess));
	if (!sess)
		return -ENOMEM;
	/* The login rules are the core's (mainline): -EPERM, -EINVAL. */
	rc = tee_session_calc_client_uuid(sess->clnt_uuid, arg->clnt_login,
					  arg->clnt_uuid, &ctx->cred);
	if (rc) {
		kfree(sess);
		return rc;
	}
	service = loopback_find_service(arg->uuid);
	if (!service) {
		/* What OP-TEE answers for a TA it cannot find. */
		kfree(sess);
		arg->ret = TEEC_ERROR_ITEM_NOT_FOUND;
		arg->ret_origin = TEEC_ORIGIN_TEE;
		return 0;
	}
	sess->service = service;
	sess->login = arg->clnt_login;

	mutex_lock(&lb->mutex);
	/* Ids start at 1 and skip 0 when they wrap. */
	if (!++lb->next_session)
		++lb->next_session;
	sess->node.id = lb->next_session;
	mutex_unlock(&lb->mutex);

	mutex_lock(&ctxdata->mutex);
	list_add_tail(&sess->node.link, &ctxdata->sessions);
	mutex_unlock(&ctxdata->mutex);

	arg->session = sess->node.id;
	arg->ret = TEEC_SUCCESS;
	arg->ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	return 0;
}

static int loopback_close_session(struct tee_context *ctx, u32 session)
{
	struct loopback_context_data *ctxdata = ctx->data;
	struct tee_session_node *node;

	node = tee_session_unlink(&ctxdata->mutex, &ctxdata->sessions, session);
	if (!node)
		return -EINVAL;
	kfree(container_of(node, struct loopback_session, node));
	return 0;
}

static int loopback_invoke_func(struct tee_context *ctx,
				struct tee_ioctl_invoke_arg *arg,
				struct tee_param *param)
{
	struct loopback_context_data *ctxdata = ctx->data;
	struct tee_session_node *node;
	struct loopback_session copy;

	/*
	 * A copy: another thread may close the session while the service
	 * runs (a supplicant request can take long).
	 */
	mutex_lock(&ctxdata->mutex);
	node = tee_session_find(&ctxdata->sessions, arg->session);
	if (node)
		copy = *container_of(node, struct loopback_session, node);
	mutex_unlock(&ctxdata->mutex);
	if (!node)
		return -EINVAL;

	arg->ret = copy.service->invoke(ctx, &copy, arg->func, arg->num_params,
					param, &arg->ret_origin);
	return 0;
}

static int loopback_cancel_req(struct tee_context *ctx, u32 cancel_id,
			       u32 session)
{
	/* Calls wait only for the supplicant; nothing to cancel. */
	return 0;
}

/* What teectl info shows of a loopback device besides its version. */
static void loopback_describe_device(struct tee_device *teedev,
				     struct tee_diag_device *info)
{
	info->driver = DRIVER_NAME;
	info->impl_name = "teebox loopback";
}

/* The sessions of @ctx, oldest first, with their services' names. */
static int loopback_for_each_session(struct tee_context *ctx,
				     int (*fn)(const struct tee_diag_session *s,
					       void *arg),
				     void *arg)
{
	struct loopback_context_data *ctxdata = ctx->data;
	struct loopback_session *sess;
	int rc = 0;

	if (!ctxdata)
		return 0;
	mutex_lock(&ctxdata->mutex);
	list_for_each_entry(sess, &ctxdata->sessions, node.link) {
		struct tee_diag_session info = {
			.id = sess->node.id,
			.login = sess->login,
			.service = sess->service->name,
		};

		memcpy(info.uuid, sess->service->uuid, sizeof(info.uuid));
		rc = fn(&info, arg);
		if (rc)
			break;
	}
	mutex_unlock(&ctxdata->mutex);
	return rc;
}

static const struct tee_diag_ops loopback_diag_ops = {
	.describe_device = loopback_describe_device,
	.for_each_session = loopback_for_each_session,
};

static const struct tee_driver_ops loopback_ops = {
	.get_version = loopback_get_version,
	.get_tee_revision = loopback_get_tee_revision,
	.open = loopback_open,
	.release = loopback_release,
	.open_session = loopback_open_session,
	.close_session = loopback_close_session,
	.invoke_func = loopback_invoke_func,
	.cancel_req = loopback_cancel_req,
};

static const struct tee_desc loopback_desc = {
	.name = DRIVER_NAME "-clnt",
	.ops = &loopback_ops,
	.diag = &loopback_diag_ops,
};

static const struct tee_driver_ops loopback_supp_ops = {
	.get_version = loopback_get_version,
	.get_tee_revision = loopback_get_tee_revision,
	.open = loopback_open,
	.release = loopback_release,
	.supp_recv = loopback_supp_recv,
	.supp_send = loopback_supp_send,
};

static const struct tee_desc loopback_supp_desc = {
	.name = DRIVER_NAME "-supp",
	.ops = &loopback_supp_ops,
	.diag = &loopback_diag_ops,
	.flags = TEE_DESC_PRIVILEGED,
};

static int register_devices(struct loopback *lb)
{
	struct tee_device *teedev;
	int rc;

	teedev = tee_device_alloc(&loopback_desc, lb->pool, lb);
	if (IS_ERR(teedev))
		return (int)PTR_ERR(teedev);
	lb->teedev = teedev;
	teedev = tee_device_alloc(&loopback_supp_desc, lb->pool, lb);
	if (IS_ERR(teedev))
		return (int)PTR_ERR(teedev);
	lb->supp_teedev = teedev;

	rc = tee_device_register(lb->teedev);
	if (rc)
		return rc;
	return tee_device_register(lb->supp_teedev);
}

/* Frees what loopback_probe() set up; the devices are gone. */
static void loopback_free(struct loopback *lb)
{
	/* The pool's private manager unplugs the private pages. */
	tee_shm_pool_free(lb->pool);
	loopback_supp_uninit(&lb->supp);
	mutex_destroy(&lb->mutex);
	kfree(lb);
}

struct loopback *loopback_probe(struct platform *plat)
{
	struct tee_shm_pool *pool;
	struct loopback *lb;
	int rc;

	lb = kzalloc(sizeof(*lb));
	if (!lb)
		return ERR_PTR(-ENOMEM);
	lb->plat = plat;
	mutex_init(&lb->mutex);
	loopback_supp_init(&lb->supp);

	pool = loopback_shm_pool_alloc(lb, BOARD_LOOPBACK_SHM_BASE,
				       BOARD_LOOPBACK_SHM_SIZE);
	if (IS_ERR(pool)) {
		rc = (int)PTR_ERR(pool);
		goto err_free;
	}
	lb->pool = pool;
	rc = register_devices(lb);
	if (rc)
		goto err_unregister;
	pr_info("loopback: teebox's loopback TEE on %s and %s",
		tee_device_name(lb->teedev), tee_device_name(lb->supp_teedev));
	return lb;

err_unregister:
	/* Safe also for devices never registered or never allocated. */
	tee_device_unregister(lb->supp_teedev);
	tee_device_unregister(lb->teedev);
err_free:
	loopback_free(lb);
	pr_err("loopback: probe failed: %s", strerror(-rc));
	return ERR_PTR(rc);
}

void loopback_remove(struct loopback *lb)
{
	if (!lb)
		return;
	/* Waits for the last user of each device. */
	tee_device_unregister(lb->supp_teedev);
	tee_device_unregister(lb->teedev);
	loopback_free(lb);
}

/* tee_driver.probe: asked for by name, so a failure stops the host. */
static void *loopback_driver_probe(const struct tee_driver_options *opts)
{
	return loopback_probe(opts->plat);
}

static void loopback_driver_remove(void *drv)
{
	loopback_remove(drv);
}

const struct tee_driver loopback_driver = {
	.name = DRIVER_NAME,
	.probe = loopback_driver_probe,
	.remove = loopback_driver_remove,
	.on_request = true,
};
