// SPDX-License-Identifier: BSD-2-Clause
/*
 * The generic TEE subsystem: device registration, contexts and the ioctl
 * interface of include/uapi/linux/tee.h (seed: tee_core.c, with the rules
 * mainline added since; each is marked where it differs from v16).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "tee_private.h"

#define TEE_IOCTL_PARAM_SIZE(x) (sizeof(struct tee_ioctl_param) * (x))

/*
 * The device registry: ids in use (client devices in the lower half,
 * privileged ones in the upper half) and the registered devices.
 * driver_lock protects both.
 */
static bool dev_mask[TEE_NUM_DEVICES];
static struct list_head registered_devices = LIST_HEAD_INIT(registered_devices);
static DEFINE_MUTEX(driver_lock);

bool tee_device_get(struct tee_device *teedev)
{
	mutex_lock(&teedev->mutex);
	if (!teedev->desc) {
		mutex_unlock(&teedev->mutex);
		return false;
	}
	teedev->num_users++;
	mutex_unlock(&teedev->mutex);
	return true;
}

void tee_device_put(struct tee_device *teedev)
{
	bool last = false;

	mutex_lock(&teedev->mutex);
	/* A put without a matching get is a bug in the caller. */
	if (teedev->desc && teedev->num_users) {
		teedev->num_users--;
		if (!teedev->num_users) {
			teedev->desc = NULL;
			last = true;
		}
	}
	mutex_unlock(&teedev->mutex);
	/*
	 * Only after the unlock: tee_device_unregister() frees the device
	 * (and destroys the mutex) as soon as it sees the completion.
	 */
	if (last)
		complete(&teedev->c_no_users);
}

struct tee_context *teedev_open(struct tee_device *teedev,
				const struct tee_cred *cred)
{
	struct tee_context *ctx;
	int rc;

	if (!tee_device_get(teedev))
		return ERR_PTR(-EINVAL);

	ctx = kzalloc(sizeof(*ctx));
	if (!ctx) {
		rc = -ENOMEM;
		goto err;
	}
	ctx->teedev = teedev;
	INIT_LIST_HEAD(&ctx->list_shm);
	if (cred)
		ctx->cred = *cred;
	rc = teedev->desc->ops->open(ctx);
	if (rc)
		goto err;
	return ctx;
err:
	kfree(ctx);
	tee_device_put(teedev);
	return ERR_PTR(rc);
}

struct tee_context *tee_kernel_open_context(struct tee_device *teedev)
{
	struct tee_context *ctx = teedev_open(teedev, NULL);

	if (!IS_ERR(ctx))
		ctx->supp_nowait = true;
	return ctx;
}

void teedev_close_context(struct tee_context *ctx)
{
	struct tee_device *teedev = ctx->teedev;

	/* The driver closes the sessions; shm may outlive the context. */
	teedev->desc->ops->release(ctx);
	tee_shm_detach_context(ctx);
	kfree(ctx);
	tee_device_put(teedev);
}

void tee_device_get_version(struct tee_device *teedev,
			    struct tee_ioctl_version_data *vers)
{
	teedev->desc->ops->get_version(teedev, vers);
	/* Mainline; v16 did not tell privileged devices apart. */
	if (teedev->desc->flags & TEE_DESC_PRIVILEGED)
		vers->gen_caps |= TEE_GEN_CAP_PRIVILEGED;
}

static int tee_ioctl_version(struct tee_context *ctx, u64 uvers,
			     struct tee_uspace *us)
{
	struct tee_ioctl_version_data vers;

	tee_device_get_version(ctx->teedev, &vers);
	return copy_to_user(us, uvers, &vers, sizeof(vers));
}

/*
 * The tail shared by SHM_ALLOC and SHM_REGISTER: report the object, then
 * hand user space a file holding its own reference.  Our reference is
 * dropped either way: the file keeps the memory alive, or, if no file
 * could be made, the memory goes now.
 */
static long shm_to_user(struct tee_shm *shm, u64 udata, const void *data,
			size_t len, struct tee_uspace *us)
{
	long ret;

	if (copy_to_user(us, udata, data, len))
		ret = -EFAULT;
	else
		ret = tee_shm_get_fd(shm, us);
	tee_shm_put(shm);
	return ret;
}

static long tee_ioctl_shm_alloc(struct tee_context *ctx, u64 udata,
				struct tee_uspace *us)
{
	struct tee_ioctl_shm_alloc_data data;
	struct tee_shm *shm;

	if (copy_from_user(&data, us, udata, sizeof(data)))
		return -EFAULT;

	/* Currently no input flags are supported. */
	if (data.flags)
		return -EINVAL;

	shm = tee_shm_alloc(ctx, data.size, TEE_SHM_MAPPED | TEE_SHM_DMA_BUF);
	if (IS_ERR(shm))
		return PTR_ERR(shm);

	/* v16 also wrote back flags = MAPPED | DMA_BUF; mainline does not. */
	data.id = shm->id;
	data.size = shm->size;
	return shm_to_user(shm, udata, &data, sizeof(data), us);
}

static long tee_ioctl_shm_register(struct tee_context *ctx, u64 udata,
				   struct tee_uspace *us)
{
	struct tee_ioctl_shm_register_data data;
	struct tee_shm *shm;

	if (copy_from_user(&data, us, udata, sizeof(data)))
		return -EFAULT;

	/* Currently no input flags are supported. */
	if (data.flags)
		return -EINVAL;
	if (!us->ops || !us->ops->register_user_mem)
		return -ENOTSUPP;

	shm = us->ops->register_user_mem(us, ctx, data.addr, data.length);
	if (IS_ERR(shm))
		return PTR_ERR(shm);

	data.id = shm->id;
	data.length = shm->size;
	return shm_to_user(shm, udata, &data, sizeof(data), us);
}

static long tee_ioctl_shm_register_fd(struct tee_context *ctx, u64 udata,
				      struct tee_uspace *us)
{
	struct tee_ioctl_shm_register_fd_data data;

	if (copy_from_user(&data, us, udata, sizeof(data)))
		return -EFAULT;
	/* Currently no input flags are supported. */
	if (data.flags)
		return -EINVAL;
	/*
	 * No driver here imports dma-bufs; mainline answers any failure of
	 * tee_shm_register_fd() with -EINVAL.
	 */
	return -EINVAL;
}

/* Resolves a memref's shared memory; on success *@shmp holds a reference. */
static int memref_from_user(struct tee_context *ctx,
			    const struct tee_ioctl_param *ip,
			    struct tee_shm **shmp)
{
	struct tee_shm *shm;

	/* A null memref (no buffer) only if the driver accepts one. */
	if (ip->c == TEE_MEMREF_NULL) {
		if (!ctx->cap_memref_null)
			return -EINVAL;
		*shmp = NULL;
		return 0;
	}
	/* The id is an int in the kernel too: the upper bits are ignored. */
	shm = tee_shm_get_from_id(ctx, (int)ip->c);
	if (IS_ERR(shm))
		return (int)PTR_ERR(shm);
	/*
	 * offset + size must neither overflow nor go past the end of the
	 * shared memory object (mainline).
	 */
	if (ip->a + ip->b < ip->a || ip->a + ip->b > shm->size) {
		tee_shm_put(shm);
		return -EINVAL;
	}
	*shmp = shm;
	return 0;
}

void tee_params_put_memrefs(struct tee_param *params, size_t num_params)
{
	for (size_t n = 0; n < num_params; n++) {
		if (tee_param_is_memref(params + n) && params[n].u.memref.shm) {
			tee_shm_put(params[n].u.memref.shm);
			params[n].u.memref.shm = NULL;
		}
	}
}

/* Drops the references params_from_user() took, and the array. */
static void free_params(struct tee_param *params, size_t num_params)
{
	if (!params)
		return;
	tee_params_put_memrefs(params, num_params);
	kfree(params);
}

/*
 * Reads @num_params params from user space.  Every memref that resolved
 * holds a reference on its shm, also when a later param fails; the caller
 * drops them with free_params().
 */
static int params_from_user(struct tee_context *ctx, struct tee_param *params,
			    size_t num_params, u64 uparams,
			    struct tee_uspace *us)
{
	for (size_t n = 0; n < num_params; n++) {
		struct tee_ioctl_param ip;
		int rc;

		if (copy_from_user(&ip, us, uparams + n * sizeof(ip),
				   sizeof(ip)))
			return -EFAULT;

		/* All unused attribute bits have to be zero (v16: ~0xff). */
		if (ip.attr & ~TEE_IOCTL_PARAM_ATTR_MASK)
			return -EINVAL;

		params[n].attr = ip.attr;
		switch (ip.attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			params[n].u.value.a = ip.a;
			params[n].u.value.b = ip.b;
			params[n].u.value.c = ip.c;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			rc = memref_from_user(ctx, &ip,
					      &params[n].u.memref.shm);
			if (rc)
				return rc;
			params[n].u.memref.shm_offs = ip.a;
			params[n].u.memref.size = ip.b;
			break;
		default:
			/* Unknown attribute */
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Writes results back.  The switch is on the full attribute, so META
 * params are never written; memrefs only get their size back.
 */
static int params_to_user(u64 uparams, size_t num_params,
			  const struct tee_param *params, struct tee_uspace *us)
{
	for (size_t n = 0; n < num_params; n++) {
		u64 up = uparams + n * sizeof(struct tee_ioctl_param);
		const struct tee_param *p = params + n;

		switch (p->attr) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			if (put_user(
				    p->u.value.a, us,
				    up + offsetof(struct tee_ioctl_param, a)) ||
			    put_user(
				    p->u.value.b, us,
				    up + offsetof(struct tee_ioctl_param, b)) ||
			    put_user(p->u.value.c, us,
				     up + offsetof(struct tee_ioctl_param, c)))
				return -EFAULT;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			if (put_user((u64)p->u.memref.size, us,
				     up + offsetof(struct tee_ioctl_param, b)))
				return -EFAULT;
			break;
		default:
			break;
		}
	}
	return 0;
}

/*
 * Reads a variable sized argument: checks the buffer bounds, copies the
 * fixed header of @hdr_len bytes into @hdr and checks that the buffer
 * holds exactly the params the header announces.  The number of params
 * is read at @num_params_off of the header.
 */
static int buf_arg_from_user(u64 ubuf, struct tee_uspace *us, void *hdr,
			     size_t hdr_len, size_t num_params_off, u64 *uarg)
{
	struct tee_ioctl_buf_data buf;
	u32 num_params;

	if (copy_from_user(&buf, us, ubuf, sizeof(buf)))
		return -EFAULT;
	if (buf.buf_len > TEE_MAX_ARG_SIZE || buf.buf_len < hdr_len)
		return -EINVAL;
	if (copy_from_user(hdr, us, buf.buf_ptr, hdr_len))
		return -EFAULT;
	memcpy(&num_params, (char *)hdr + num_params_off, sizeof(num_params));
	if (hdr_len + TEE_IOCTL_PARAM_SIZE((u64)num_params) != buf.buf_len)
		return -EINVAL;
	*uarg = buf.buf_ptr;
	return 0;
}

/*
 * Reads the argument of an open session or invoke: the header as
 * buf_arg_from_user() does, then its params into a new array *@paramsp
 * (NULL when there are none) that the caller frees with free_params().
 * On failure nothing is left to free.
 */
static int call_arg_from_user(struct tee_context *ctx, u64 ubuf,
			      struct tee_uspace *us, void *hdr, size_t hdr_len,
			      size_t num_params_off, u64 *uarg,
			      struct tee_param **paramsp)
{
	struct tee_param *params;
	u32 num_params;
	int rc;

	*paramsp = NULL;
	rc = buf_arg_from_user(ubuf, us, hdr, hdr_len, num_params_off, uarg);
	if (rc)
		return rc;
	memcpy(&num_params, (char *)hdr + num_params_off, sizeof(num_params));
	if (!num_params)
		return 0;
	params = kcalloc(num_params, sizeof(*params));
	if (!params)
		return -ENOMEM;
	rc = params_from_user(ctx, params, num_params, *uarg + hdr_len, us);
	if (rc) {
		free_params(params, num_params);
		return rc;
	}
	*paramsp = params;
	return 0;
}

static int tee_ioctl_open_session(struct tee_context *ctx, u64 ubuf,
				  struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_ioctl_open_session_arg arg;
	struct tee_param *params;
	bool have_session = false;
	u64 uarg, uparams;
	int rc;

	if (!ops->open_session)
		return -EINVAL;
	rc = call_arg_from_user(
		ctx, ubuf, us, &arg, sizeof(arg),
		offsetof(struct tee_ioctl_open_session_arg, num_params), &uarg,
		&params);
	if (rc)
		return rc;
	uparams = uarg + sizeof(arg);

	/* The REE kernel login range is not for user space (mainline). */
	if (arg.clnt_login >= TEE_IOCTL_LOGIN_REE_KERNEL_MIN &&
	    arg.clnt_login <= TEE_IOCTL_LOGIN_REE_KERNEL_MAX) {
		pr_debug("login method not allowed for user-space client");
		rc = -EPERM;
		goto out;
	}

	rc = ops->open_session(ctx, &arg, params);
	if (rc)
		goto out;
	have_session = true;

	if (put_user(arg.session, us,
		     uarg + offsetof(struct tee_ioctl_open_session_arg,
				     session)) ||
	    put_user(arg.ret, us,
		     uarg + offsetof(struct tee_ioctl_open_session_arg, ret)) ||
	    put_user(arg.ret_origin, us,
		     uarg + offsetof(struct tee_ioctl_open_session_arg,
				     ret_origin))) {
		rc = -EFAULT;
		goto out;
	}
	rc = params_to_user(uparams, arg.num_params, params, us);
out:
	/*
	 * If the session was opened but user space cannot learn of it,
	 * close it again so it does not leak.
	 */
	if (rc && have_session && ops->close_session)
		ops->close_session(ctx, arg.session);
	free_params(params, arg.num_params);
	return rc;
}

static int tee_ioctl_invoke(struct tee_context *ctx, u64 ubuf,
			    struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_ioctl_invoke_arg arg;
	struct tee_param *params;
	u64 uarg, uparams;
	int rc;

	if (!ops->invoke_func)
		return -EINVAL;
	rc = call_arg_from_user(
		ctx, ubuf, us, &arg, sizeof(arg),
		offsetof(struct tee_ioctl_invoke_arg, num_params), &uarg,
		&params);
	if (rc)
		return rc;
	uparams = uarg + sizeof(arg);

	rc = ops->invoke_func(ctx, &arg, params);
	if (rc)
		goto out;

	if (put_user(arg.ret, us,
		     uarg + offsetof(struct tee_ioctl_invoke_arg, ret)) ||
	    put_user(
		    arg.ret_origin, us,
		    uarg + offsetof(struct tee_ioctl_invoke_arg, ret_origin))) {
		rc = -EFAULT;
		goto out;
	}
	rc = params_to_user(uparams, arg.num_params, params, us);
out:
	free_params(params, arg.num_params);
	return rc;
}

static int tee_ioctl_object_invoke(struct tee_context *ctx, u64 ubuf,
				   struct tee_uspace *us)
{
	/* No driver here has object references (qcomtee): as mainline. */
	return -EINVAL;
}

static int tee_ioctl_cancel(struct tee_context *ctx, u64 uarg,
			    struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_ioctl_cancel_arg arg;

	if (!ops->cancel_req)
		return -EINVAL;
	if (copy_from_user(&arg, us, uarg, sizeof(arg)))
		return -EFAULT;
	return ops->cancel_req(ctx, arg.cancel_id, arg.session);
}

static int tee_ioctl_close_session(struct tee_context *ctx, u64 uarg,
				   struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_ioctl_close_session_arg arg;

	if (!ops->close_session)
		return -EINVAL;
	if (copy_from_user(&arg, us, uarg, sizeof(arg)))
		return -EFAULT;
	return ops->close_session(ctx, arg.session);
}

/*
 * Hands a request to the supplicant.  A memref without shared memory
 * (the size query of LOAD_TA) shows as offset 0, id -1.
 */
static int params_to_supp(u64 uparams, size_t num_params,
			  const struct tee_param *params, struct tee_uspace *us)
{
	for (size_t n = 0; n < num_params; n++) {
		const struct tee_param *p = params + n;
		struct tee_ioctl_param ip;

		ip.attr = p->attr;
		switch (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			ip.a = p->u.value.a;
			ip.b = p->u.value.b;
			ip.c = p->u.value.c;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			ip.b = p->u.memref.size;
			if (!p->u.memref.shm) {
				ip.a = 0;
				ip.c = (u64)-1; /* invalid shm id */
				break;
			}
			ip.a = p->u.memref.shm_offs;
			ip.c = (u64)p->u.memref.shm->id;
			break;
		default:
			ip.a = 0;
			ip.b = 0;
			ip.c = 0;
			break;
		}
		if (copy_to_user(us, uparams + n * sizeof(ip), &ip, sizeof(ip)))
			return -EFAULT;
	}
	return 0;
}

static int tee_ioctl_supp_recv(struct tee_context *ctx, u64 ubuf,
			       struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_iocl_supp_recv_arg arg;
	struct tee_param *params;
	u64 uarg, uparams;
	u32 num_params;
	u32 func;
	int rc;

	if (!ops->supp_recv)
		return -EINVAL;
	rc = buf_arg_from_user(
		ubuf, us, &arg, sizeof(arg),
		offsetof(struct tee_iocl_supp_recv_arg, num_params), &uarg);
	if (rc)
		return rc;
	num_params = arg.num_params;
	uparams = uarg + sizeof(arg);

	/* Like kcalloc(0): a valid empty array the driver then refuses. */
	params = kcalloc(num_params ? num_params : 1, sizeof(*params));
	if (!params)
		return -ENOMEM;

	/* Mainline reads the input params (the META request-id marker). */
	rc = params_from_user(ctx, params, num_params, uparams, us);
	if (rc) {
		free_params(params, num_params);
		return rc;
	}

	rc = ops->supp_recv(ctx, &func, &num_params, params);
	if (rc)
		goto out;

	if (put_user(func, us,
		     uarg + offsetof(struct tee_iocl_supp_recv_arg, func)) ||
	    put_user(num_params, us,
		     uarg + offsetof(struct tee_iocl_supp_recv_arg,
				     num_params))) {
		rc = -EFAULT;
		goto out;
	}
	rc = params_to_supp(uparams, num_params, params, us);
out:
	/* The driver dropped the input memrefs; the array is all that's left. */
	kfree(params);
	return rc;
}

/* Reads the supplicant's answer; only outputs carry anything back. */
static int params_from_supp(struct tee_param *params, size_t num_params,
			    u64 uparams, struct tee_uspace *us)
{
	for (size_t n = 0; n < num_params; n++) {
		struct tee_param *p = params + n;
		struct tee_ioctl_param ip;

		if (copy_from_user(&ip, us, uparams + n * sizeof(ip),
				   sizeof(ip)))
			return -EFAULT;

		/* All unused attribute bits have to be zero. */
		if (ip.attr & ~TEE_IOCTL_PARAM_ATTR_MASK)
			return -EINVAL;

		p->attr = ip.attr;
		switch (ip.attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) {
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
			/* Only out and in/out values can be updated. */
			p->u.value.a = ip.a;
			p->u.value.b = ip.b;
			p->u.value.c = ip.c;
			break;
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
		case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
			/*
			 * Only the size of the memref can be updated; the
			 * driver copies it into the original request.
			 */
			p->u.memref.shm = NULL;
			p->u.memref.shm_offs = 0;
			p->u.memref.size = ip.b;
			break;
		default:
			memset(&p->u, 0, sizeof(p->u));
			break;
		}
	}
	return 0;
}

static int tee_ioctl_supp_send(struct tee_context *ctx, u64 ubuf,
			       struct tee_uspace *us)
{
	const struct tee_driver_ops *ops = ctx->teedev->desc->ops;
	struct tee_ioctl_buf_data buf;
	struct tee_param *params;
	u32 num_params;
	u32 ret;
	int rc;

	/* Not valid for this driver */
	if (!ops->supp_send)
		return -EINVAL;
	if (copy_from_user(&buf, us, ubuf, sizeof(buf)))
		return -EFAULT;
	if (buf.buf_len > TEE_MAX_ARG_SIZE ||
	    buf.buf_len < sizeof(struct tee_iocl_supp_send_arg))
		return -EINVAL;
	if (get_user(ret, us,
		     buf.buf_ptr +
			     offsetof(struct tee_iocl_supp_send_arg, ret)) ||
	    get_user(num_params, us,
		     buf.buf_ptr + offsetof(struct tee_iocl_supp_send_arg,
					    num_params)))
		return -EFAULT;
	/* Unlike the other buffer ioctls, a longer buffer is fine here. */
	if (sizeof(struct tee_iocl_supp_send_arg) +
		    TEE_IOCTL_PARAM_SIZE((u64)num_params) >
	    buf.buf_len)
		return -EINVAL;

	params = kcalloc(num_params ? num_params : 1, sizeof(*params));
	if (!params)
		return -ENOMEM;
	rc = params_from_supp(
		params, num_params,
		buf.buf_ptr + sizeof(struct tee_iocl_supp_send_arg), us);
	if (!rc)
		rc = ops->supp_send(ctx, ret, num_params, params);
	kfree(params);
	return rc;
}

long tee_ioctl(struct tee_context *ctx, unsigned int cmd, u64 uarg,
	       struct tee_uspace *us)
{
	switch (cmd) {
	case TEE_IOC_VERSION:
		return tee_ioctl_version(ctx, uarg, us);
	case TEE_IOC_SHM_ALLOC:
		return tee_ioctl_shm_alloc(ctx, uarg, us);
	case TEE_IOC_SHM_REGISTER:
		return tee_ioctl_shm_register(ctx, uarg, us);
	case TEE_IOC_SHM_REGISTER_FD:
		return tee_ioctl_shm_register_fd(ctx, uarg, us);
	case TEE_IOC_OPEN_SESSION:
		return tee_ioctl_open_session(ctx, uarg, us);
	case TEE_IOC_INVOKE:
		return tee_ioctl_invoke(ctx, uarg, us);
	case TEE_IOC_OBJECT_INVOKE:
		return tee_ioctl_object_invoke(ctx, uarg, us);
	case TEE_IOC_CANCEL:
		return tee_ioctl_cancel(ctx, uarg, us);
	case TEE_IOC_CLOSE_SESSION:
		return tee_ioctl_close_session(ctx, uarg, us);
	case TEE_IOC_SUPPL_RECV:
		return tee_ioctl_supp_recv(ctx, uarg, us);
	case TEE_IOC_SUPPL_SEND:
		return tee_ioctl_supp_send(ctx, uarg, us);
	default:
		return -EINVAL;
	}
}

/* Takes the lowest free id in the half for @desc; -1 if none. */
static int reserve_device_id(const struct tee_desc *desc)
{
	int offs = 0;
	int max = TEE_NUM_DEVICES / 2;
	int id = -1;

	if (desc->flags & TEE_DESC_PRIVILEGED) {
		offs = TEE_NUM_DEVICES / 2;
		max = TEE_NUM_DEVICES;
	}
	mutex_lock(&driver_lock);
	for (int i = offs; i < max; i++) {
		if (!dev_mask[i]) {
			dev_mask[i] = true;
			id = i;
			break;
		}
	}
	mutex_unlock(&driver_lock);
	return id;
}

static void release_device_id(int id)
{
	mutex_lock(&driver_lock);
	dev_mask[id] = false;
	mutex_unlock(&driver_lock);
}

struct tee_device *tee_device_alloc(const struct tee_desc *teedesc,
				    struct tee_shm_pool *pool,
				    void *driver_data)
{
	struct tee_device *teedev;
	bool priv;

	if (!teedesc || !teedesc->name || !teedesc->ops ||
	    !teedesc->ops->get_version || !teedesc->ops->open ||
	    !teedesc->ops->release || !pool)
		return ERR_PTR(-EINVAL);

	teedev = kzalloc(sizeof(*teedev));
	if (!teedev)
		goto err;
	teedev->id = reserve_device_id(teedesc);
	if (teedev->id < 0) {
		kfree(teedev);
		goto err;
	}

	priv = teedesc->flags & TEE_DESC_PRIVILEGED;
	snprintf(teedev->name, sizeof(teedev->name), "tee%s%d",
		 priv ? "priv" : "",
		 priv ? teedev->id - TEE_NUM_DEVICES / 2 : teedev->id);

	/* 1 as tee_device_unregister() does one final tee_device_put() */
	teedev->num_users = 1;
	init_completion(&teedev->c_no_users);
	mutex_init(&teedev->mutex);
	idr_init(&teedev->idr);
	teedev->shm_id_max = 0; /* no limit */
	INIT_LIST_HEAD(&teedev->link);
	teedev->desc = teedesc;
	teedev->pool = pool;
	teedev->driver_data = driver_data;
	return teedev;
err:
	pr_err("could not register %s driver",
	       teedesc->flags & TEE_DESC_PRIVILEGED ? "privileged" : "client");
	return ERR_PTR(-ENOMEM);
}

int tee_device_register(struct tee_device *teedev)
{
	struct tee_device *pos;

	mutex_lock(&driver_lock);
	if (teedev->flags & TEE_DEVICE_FLAG_REGISTERED) {
		mutex_unlock(&driver_lock);
		pr_err("%s: attempt to register twice", teedev->name);
		return -EINVAL;
	}
	/* Keep the list in id order. */
	list_for_each_entry(pos, &registered_devices, link)
		if (pos->id > teedev->id)
			break;
	list_add_tail(&teedev->link, &pos->link);
	teedev->flags |= TEE_DEVICE_FLAG_REGISTERED;
	mutex_unlock(&driver_lock);
	return 0;
}

void tee_device_unregister(struct tee_device *teedev)
{
	if (!teedev)
		return;

	/* No new opens: the device is gone from the registry. */
	mutex_lock(&driver_lock);
	if (teedev->flags & TEE_DEVICE_FLAG_REGISTERED) {
		list_del(&teedev->link);
		teedev->flags &= ~TEE_DEVICE_FLAG_REGISTERED;
	}
	mutex_unlock(&driver_lock);

	tee_device_put(teedev);
	wait_for_completion(&teedev->c_no_users);

	/*
	 * No lock needed any longer: desc was set to NULL before c_no_users
	 * was completed, so nobody can take a new reference.
	 */
	teedev->pool = NULL;
	idr_destroy(&teedev->idr);
	mutex_destroy(&teedev->mutex);
	destroy_completion(&teedev->c_no_users);
	release_device_id(teedev->id);
	kfree(teedev);
}

void *tee_get_drvdata(struct tee_device *teedev)
{
	return teedev->driver_data;
}

const char *tee_device_name(const struct tee_device *teedev)
{
	return teedev->name;
}

int tee_device_id(const struct tee_device *teedev)
{
	return teedev->id;
}

struct tee_device *tee_device_find(const char *name)
{
	struct tee_device *teedev;
	struct tee_device *found = NULL;

	mutex_lock(&driver_lock);
	list_for_each_entry(teedev, &registered_devices, link) {
		if (!strcmp(teedev->name, name)) {
			if (tee_device_get(teedev))
				found = teedev;
			break;
		}
	}
	mutex_unlock(&driver_lock);
	return found;
}

int tee_class_for_each(int (*fn)(struct tee_device *teedev, void *arg),
		       void *arg)
{
	struct tee_device *teedev;
	int rc = 0;

	mutex_lock(&driver_lock);
	list_for_each_entry(teedev, &registered_devices, link) {
		rc = fn(teedev, arg);
		if (rc)
			break;
	}
	mutex_unlock(&driver_lock);
	return rc;
}

int tee_device_attr_show(struct tee_device *teedev, const char *attr, char *buf,
			 size_t len)
{
	const struct tee_driver_ops *ops = teedev->desc->ops;
	char rev[TEE_ATTR_MAX_LEN];
	int n;

	if (!strcmp(attr, "implementation_id")) {
		struct tee_ioctl_version_data vers;

		ops->get_version(teedev, &vers);
		n = snprintf(buf, len, "%d\n", (int)vers.impl_id);
	} else if (!strcmp(attr, "revision") && ops->get_tee_revision) {
		int rc = ops->get_tee_revision(teedev, rev, sizeof(rev));

		if (rc)
			return rc;
		n = snprintf(buf, len, "%s\n", rev);
	} else {
		return -ENOENT;
	}
	if (n < 0 || (size_t)n >= len)
		return -EOVERFLOW;
	return n;
}

int tee_device_describe(struct tee_device *teedev, struct tee_diag_device *info)
{
	const struct tee_diag_ops *diag = teedev->desc->diag;

	memset(info, 0, sizeof(*info));
	if (!diag || !diag->describe_device)
		return -EOPNOTSUPP;
	diag->describe_device(teedev, info);
	return 0;
}

int tee_context_for_each_session(struct tee_context *ctx,
				 int (*fn)(const struct tee_diag_session *s,
					   void *arg),
				 void *arg)
{
	const struct tee_diag_ops *diag = ctx->teedev->desc->diag;

	if (!diag || !diag->for_each_session)
		return 0;
	return diag->for_each_session(ctx, fn, arg);
}
