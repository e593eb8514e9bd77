// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OP-TEE driver: probe from the device tree, parameter conversion and
 * the device operations (seed: drivers/tee/optee/core.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libfdt.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "optee_private.h"

#define DRIVER_NAME "optee"

static bool registered(const struct tee_shm *shm)
{
	return shm && (shm->priv_flags & OPTEE_SHM_REGISTERED);
}

/* The message type a TEE param type travels as, or ~0 for none. */
static u64 msg_type_of(const struct tee_param *p)
{
	switch (p->attr) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
		return OPTEE_MSG_ATTR_TYPE_NONE;
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
		return OPTEE_MSG_ATTR_TYPE_VALUE_INPUT + p->attr -
		       TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
		/* Registered memory is named, temporary memory addressed. */
		return (registered(p->u.memref.shm)
				? OPTEE_MSG_ATTR_TYPE_RMEM_INPUT
				: OPTEE_MSG_ATTR_TYPE_TMEM_INPUT) +
		       p->attr - TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT;
	default:
		/* Includes META from a client: the switch is on the full attr. */
		return ~0ULL;
	}
}

int optee_to_msg_param(struct optee *optee, struct optee_msg_param *msg_params,
		       size_t num_params, const struct tee_param *params)
{
	for (size_t n = 0; n < num_params; n++) {
		const struct tee_param *p = params + n;
		struct optee_msg_param *mp = msg_params + n;
		u64 type = msg_type_of(p);
		phys_addr_t pa;

		if (type == ~0ULL)
			return -EINVAL;
		mp->attr = type;
		memset(&mp->u, 0, sizeof(mp->u));
		if (type == OPTEE_MSG_ATTR_TYPE_NONE)
			continue;
		if (type <= OPTEE_MSG_ATTR_TYPE_VALUE_INOUT) {
			mp->u.value.a = p->u.value.a;
			mp->u.value.b = p->u.value.b;
			mp->u.value.c = p->u.value.c;
			continue;
		}
		mp->u.tmem.size = p->u.memref.size;
		if (!p->u.memref.shm) {
			/* A null memref: no buffer, no shm. */
			continue;
		}
		if (registered(p->u.memref.shm)) {
			mp->u.rmem.offs = p->u.memref.shm_offs;
			mp->u.rmem.shm_ref = p->u.memref.shm->sec_world_id;
			continue;
		}
		if (tee_shm_get_pa(p->u.memref.shm, p->u.memref.shm_offs, &pa))
			return -EINVAL;
		mp->u.tmem.shm_ref = p->u.memref.shm->sec_world_id;
		mp->u.tmem.buf_ptr = pa;
		mp->attr |= OPTEE_MSG_ATTR_CACHE_PREDEFINED
			    << OPTEE_MSG_ATTR_CACHE_SHIFT;
	}
	return 0;
}

int optee_from_msg_param(struct optee *optee, struct tee_param *params,
			 size_t num_params,
			 const struct optee_msg_param *msg_params)
{
	for (size_t n = 0; n < num_params; n++) {
		struct tee_param *p = params + n;
		const struct optee_msg_param *mp = msg_params + n;
		u64 type = mp->attr & OPTEE_MSG_ATTR_TYPE_MASK;
		struct tee_shm *shm = NULL;

		if (type != msg_type_of(p))
			return -EINVAL;
		if (type == OPTEE_MSG_ATTR_TYPE_NONE)
			continue;
		if (type <= OPTEE_MSG_ATTR_TYPE_VALUE_INOUT) {
			p->u.value.a = mp->u.value.a;
			p->u.value.b = mp->u.value.b;
			p->u.value.c = mp->u.value.c;
			continue;
		}
		/*
		 * The size may exceed the buffer: that is how a TA asks for
		 * a bigger one (mainline dropped v16's coverage check here).
		 * The shm must stay the one the call was made with.
		 */
		shm = p->u.memref.shm;
		if (mp->u.tmem.shm_ref != (shm ? shm->sec_world_id : 0))
			return -EINVAL;
		p->u.memref.size = mp->u.tmem.size;
	}
	return 0;
}

/* A TMEM param of an RPC: its shm by cookie, the range inside it. */
static int rpc_tmem_from_msg(struct optee *optee, struct tee_param *p,
			     const struct optee_msg_param *mp)
{
	struct tee_shm *shm;
	u64 offs;

	p->u.memref.size = mp->u.tmem.size;
	if (!mp->u.tmem.shm_ref) {
		p->u.memref.shm = NULL;
		p->u.memref.shm_offs = 0;
		return 0;
	}
	shm = optee_shm_from_cookie(optee, mp->u.tmem.shm_ref);
	if (!shm)
		return -EINVAL;
	offs = mp->u.tmem.buf_ptr - shm->paddr;
	if (mp->u.tmem.buf_ptr < shm->paddr || offs > shm->size ||
	    mp->u.tmem.size > shm->size - offs) {
		tee_shm_put(shm);
		return -EINVAL;
	}
	p->u.memref.shm = shm;
	p->u.memref.shm_offs = (size_t)offs;
	return 0;
}

/* An RMEM param of an RPC: a range of registered memory by cookie. */
static int rpc_rmem_from_msg(struct optee *optee, struct tee_param *p,
			     const struct optee_msg_param *mp)
{
	struct tee_shm *shm = optee_shm_from_cookie(optee, mp->u.rmem.shm_ref);

	if (!shm)
		return -EINVAL;
	if (mp->u.rmem.offs > shm->size ||
	    mp->u.rmem.size > shm->size - mp->u.rmem.offs) {
		tee_shm_put(shm);
		return -EINVAL;
	}
	p->u.memref.shm = shm;
	p->u.memref.shm_offs = (size_t)mp->u.rmem.offs;
	p->u.memref.size = (size_t)mp->u.rmem.size;
	return 0;
}

int optee_rpc_from_msg_param(struct optee *optee, struct tee_param *params,
			     size_t num_params,
			     const struct optee_msg_param *msg_params)
{
	memset(params, 0, num_params * sizeof(*params));
	for (size_t n = 0; n < num_params; n++) {
		struct tee_param *p = params + n;
		const struct optee_msg_param *mp = msg_params + n;
		u64 type = mp->attr & OPTEE_MSG_ATTR_TYPE_MASK;

		switch (type) {
		case OPTEE_MSG_ATTR_TYPE_NONE:
			p->attr = TEE_IOCTL_PARAM_ATTR_TYPE_NONE;
			break;
		case OPTEE_MSG_ATTR_TYPE_VALUE_INPUT:
		case OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_VALUE_INOUT:
			p->attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT + type -
				  OPTEE_MSG_ATTR_TYPE_VALUE_INPUT;
			p->u.value.a = mp->u.value.a;
			p->u.value.b = mp->u.value.b;
			p->u.value.c = mp->u.value.c;
			break;
		case OPTEE_MSG_ATTR_TYPE_TMEM_INPUT:
		case OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_TMEM_INOUT:
			p->attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT +
				  type - OPTEE_MSG_ATTR_TYPE_TMEM_INPUT;
			if (rpc_tmem_from_msg(optee, p, mp))
				goto err;
			break;
		case OPTEE_MSG_ATTR_TYPE_RMEM_INPUT:
		case OPTEE_MSG_ATTR_TYPE_RMEM_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_RMEM_INOUT:
			p->attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT +
				  type - OPTEE_MSG_ATTR_TYPE_RMEM_INPUT;
			if (rpc_rmem_from_msg(optee, p, mp))
				goto err;
			break;
		default:
			goto err;
		}
	}
	return 0;
err:
	tee_params_put_memrefs(params, num_params);
	return -EINVAL;
}

static void optee_get_version(struct tee_device *teedev,
			      struct tee_ioctl_version_data *vers)
{
	struct optee *optee = tee_get_drvdata(teedev);
	struct tee_ioctl_version_data v = {
		.impl_id = TEE_IMPL_ID_OPTEE,
		.impl_caps = TEE_OPTEE_CAP_TZ,
		.gen_caps = TEE_GEN_CAP_GP,
	};

	if (optee->sec_caps & OPTEE_SMC_SEC_CAP_MEMREF_NULL)
		v.gen_caps |= TEE_GEN_CAP_MEMREF_NULL;
	if (optee->dynamic_shm)
		v.gen_caps |= TEE_GEN_CAP_REG_MEM;
	*vers = v;
}

static int optee_get_tee_revision(struct tee_device *teedev, char *buf,
				  size_t len)
{
	struct optee *optee = tee_get_drvdata(teedev);
	int n;

	if (optee->os_revision.build_id)
		n = snprintf(buf, len, "%u.%u (%016llx)",
			     optee->os_revision.major, optee->os_revision.minor,
			     (unsigned long long)optee->os_revision.build_id);
	else
		n = snprintf(buf, len, "%u.%u", optee->os_revision.major,
			     optee->os_revision.minor);
	return n < 0 || (size_t)n >= len ? -EOVERFLOW : 0;
}

static int optee_open(struct tee_context *ctx)
{
	struct tee_device *teedev = ctx->teedev;
	struct optee *optee = tee_get_drvdata(teedev);
	struct optee_context_data *ctxdata;

	ctxdata = kzalloc(sizeof(*ctxdata));
	if (!ctxdata)
		return -ENOMEM;

	if (teedev == optee->supp_teedev) {
		bool busy = true;

		/* Only one supplicant at a time. */
		mutex_lock(&optee->supp.mutex);
		if (!optee->supp.ctx) {
			busy = false;
			optee->supp.ctx = ctx;
		}
		mutex_unlock(&optee->supp.mutex);
		if (busy) {
			kfree(ctxdata);
			return -EBUSY;
		}
	}

	mutex_init(&ctxdata->mutex);
	INIT_LIST_HEAD(&ctxdata->sess_list);
	ctx->cap_memref_null = optee->sec_caps & OPTEE_SMC_SEC_CAP_MEMREF_NULL;
	ctx->data = ctxdata;
	return 0;
}

static void optee_release(struct tee_context *ctx)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct optee *optee = tee_get_drvdata(ctx->teedev);

	if (!ctxdata)
		return;
	optee_close_all_sessions(ctx);
	mutex_destroy(&ctxdata->mutex);
	kfree(ctxdata);
	ctx->data = NULL;

	if (ctx->teedev == optee->supp_teedev)
		optee_supp_release(&optee->supp);
}

/* What teectl info shows of an OP-TEE device besides its version. */
static void optee_describe_device(struct tee_device *teedev,
				  struct tee_diag_device *info)
{
	struct optee *optee = tee_get_drvdata(teedev);

	info->driver = DRIVER_NAME;
	info->impl_name = "OP-TEE";
	info->props[0] = (struct tee_diag_prop){
		.key = "secure_threads",
		.label = "secure threads",
		.num = optee->thread_count,
	};
	info->props[1] = (struct tee_diag_prop){
		.key = "shm",
		.label = "shared memory",
		.str = optee->dynamic_shm ? "dynamic" : "reserved",
	};
	info->nprops = 2;
}

/* The sessions of @ctx, newest first, as the driver keeps them. */
static int optee_for_each_session(struct tee_context *ctx,
				  int (*fn)(const struct tee_diag_session *s,
					    void *arg),
				  void *arg)
{
	struct optee_context_data *ctxdata = ctx->data;
	struct optee_session *sess;
	int rc = 0;

	if (!ctxdata)
		return 0;
	mutex_lock(&ctxdata->mutex);
	list_for_each_entry(sess, &ctxdata->sess_list, node.link) {
		struct tee_diag_session s = {.id = sess->node.id,
					     .login = sess->login};

		memcpy(s.uuid, sess->uuid, sizeof(s.uuid));
		rc = fn(&s, arg);
		if (rc)
			break;
	}
	mutex_unlock(&ctxdata->mutex);
	return rc;
}

static const struct tee_diag_ops optee_diag_ops = {
	.describe_device = optee_describe_device,
	.for_each_session = optee_for_each_session,
};

static const struct tee_driver_ops optee_ops = {
	.get_version = optee_get_version,
	.get_tee_revision = optee_get_tee_revision,
	.open = optee_open,
	.release = optee_release,
	.open_session = optee_open_session,
	.close_session = optee_close_session,
	.invoke_func = optee_invoke_func,
	.cancel_req = optee_cancel_req,
	.shm_register = optee_shm_register,
	.shm_unregister = optee_shm_unregister,
};

static const struct tee_desc optee_desc = {
	.name = DRIVER_NAME "-clnt",
	.ops = &optee_ops,
	.diag = &optee_diag_ops,
};

static const struct tee_driver_ops optee_supp_ops = {
	.get_version = optee_get_version,
	.get_tee_revision = optee_get_tee_revision,
	.open = optee_open,
	.release = optee_release,
	.supp_recv = optee_supp_recv,
	.supp_send = optee_supp_send,
	.shm_register = optee_shm_register_supp,
	.shm_unregister = optee_shm_unregister_supp,
};

static const struct tee_desc optee_supp_desc = {
	.name = DRIVER_NAME "-supp",
	.ops = &optee_supp_ops,
	.diag = &optee_diag_ops,
	.flags = TEE_DESC_PRIVILEGED,
};

static void fast_call(optee_invoke_fn *invoke_fn, struct platform *plat,
		      u32 fid, unsigned long a1, struct arm_smccc_res *res)
{
	const unsigned long a[8] = {fid, a1};

	invoke_fn(plat, a, res);
}

static bool optee_msg_api_uid_is_optee_api(optee_invoke_fn *invoke_fn,
					   struct platform *plat)
{
	struct arm_smccc_res res;

	fast_call(invoke_fn, plat, OPTEE_SMC_CALLS_UID, 0, &res);
	return res.a0 == OPTEE_MSG_UID_0 && res.a1 == OPTEE_MSG_UID_1 &&
	       res.a2 == OPTEE_MSG_UID_2 && res.a3 == OPTEE_MSG_UID_3;
}

static void optee_msg_get_os_revision(struct optee *optee)
{
	union {
		struct arm_smccc_res smccc;
		struct optee_smc_call_get_os_revision_result result;
	} res;

	fast_call(optee->invoke_fn, optee->plat, OPTEE_SMC_CALL_GET_OS_REVISION,
		  0, &res.smccc);
	optee->os_revision.major = (u32)res.result.major;
	optee->os_revision.minor = (u32)res.result.minor;
	optee->os_revision.build_id = (u32)res.result.build_id;
	if (optee->os_revision.build_id)
		pr_info("optee: revision %u.%u (%08x)",
			optee->os_revision.major, optee->os_revision.minor,
			optee->os_revision.build_id);
	else
		pr_info("optee: revision %u.%u", optee->os_revision.major,
			optee->os_revision.minor);
}

static bool optee_msg_api_revision_is_compatible(struct optee *optee)
{
	union {
		struct arm_smccc_res smccc;
		struct optee_smc_calls_revision_result result;
	} res;

	fast_call(optee->invoke_fn, optee->plat, OPTEE_SMC_CALLS_REVISION, 0,
		  &res.smccc);
	return res.result.major == OPTEE_MSG_REVISION_MAJOR &&
	       (int)res.result.minor >= OPTEE_MSG_REVISION_MINOR;
}

static void optee_msg_get_thread_count(struct optee *optee)
{
	union {
		struct arm_smccc_res smccc;
		struct optee_smc_get_thread_count_result result;
	} res;

	fast_call(optee->invoke_fn, optee->plat, OPTEE_SMC_GET_THREAD_COUNT, 0,
		  &res.smccc);
	if (res.result.status == OPTEE_SMC_RETURN_OK)
		optee->thread_count = (u32)res.result.thread_count;
}

static bool optee_msg_exchange_capabilities(struct optee *optee)
{
	union {
		struct arm_smccc_res smccc;
		struct optee_smc_exchange_capabilities_result result;
	} res;
	unsigned long a1 = 0;

	/* Tell a uniprocessor normal world apart (seed). */
	if (sysconf(_SC_NPROCESSORS_ONLN) == 1)
		a1 |= OPTEE_SMC_NSEC_CAP_UNIPROCESSOR;
	fast_call(optee->invoke_fn, optee->plat,
		  OPTEE_SMC_EXCHANGE_CAPABILITIES, a1, &res.smccc);
	if (res.result.status != OPTEE_SMC_RETURN_OK)
		return false;
	optee->sec_caps = (u32)res.result.capabilities;
	return true;
}

static struct tee_shm_pool *optee_config_shm_memremap(struct optee *optee)
{
	union {
		struct arm_smccc_res smccc;
		struct optee_smc_get_shm_config_result result;
	} res;
	phys_addr_t begin, end;

	fast_call(optee->invoke_fn, optee->plat, OPTEE_SMC_GET_SHM_CONFIG, 0,
		  &res.smccc);
	if (res.result.status != OPTEE_SMC_RETURN_OK) {
		pr_info("optee: shm service not available");
		return ERR_PTR(-ENOENT);
	}
	if (res.result.settings != OPTEE_SMC_SHM_CACHED) {
		pr_err("optee: only normal cached shared memory supported");
		return ERR_PTR(-EINVAL);
	}
	begin = ALIGN_UP((phys_addr_t)res.result.start, PAGE_SIZE);
	end = ALIGN_DOWN((phys_addr_t)res.result.start + res.result.size,
			 PAGE_SIZE);
	if (end <= begin ||
	    end - begin < 2 * OPTEE_SHM_NUM_PRIV_PAGES * PAGE_SIZE) {
		pr_err("optee: too small shared memory area");
		return ERR_PTR(-EINVAL);
	}
	return optee_shm_pool_alloc(optee, begin, (size_t)(end - begin), false);
}

static void optee_smccc_smc(struct platform *plat, const unsigned long a[8],
			    struct arm_smccc_res *res)
{
	plat->ops->smc(plat, a, res);
}

static void optee_smccc_hvc(struct platform *plat, const unsigned long a[8],
			    struct arm_smccc_res *res)
{
	plat->ops->hvc(plat, a, res);
}

static optee_invoke_fn *get_invoke_func(const void *fdt, int node)
{
	const char *method;
	int len;

	pr_info("optee: probing for conduit method from DT.");
	method = fdt_getprop(fdt, node, "method", &len);
	if (!method || len <= 0 || method[len - 1] != '\0') {
		pr_warn("optee: missing \"method\" property");
		return ERR_PTR(-ENXIO);
	}
	if (!strcmp("hvc", method))
		return optee_smccc_hvc;
	if (!strcmp("smc", method))
		return optee_smccc_smc;
	pr_warn("optee: invalid \"method\" property: %s", method);
	return ERR_PTR(-EINVAL);
}

/* Checks the secure world is an OP-TEE we can talk to (seed's order). */
static int optee_check_secure_world(struct optee *optee)
{
	if (!optee_msg_api_uid_is_optee_api(optee->invoke_fn, optee->plat)) {
		pr_warn("optee: api uid mismatch");
		return -EINVAL;
	}
	optee_msg_get_os_revision(optee);
	if (!optee_msg_api_revision_is_compatible(optee)) {
		pr_warn("optee: api revision mismatch");
		return -EINVAL;
	}
	optee_msg_get_thread_count(optee);
	if (!optee_msg_exchange_capabilities(optee)) {
		pr_warn("optee: capabilities mismatch");
		return -EINVAL;
	}
	/*
	 * Dynamic shared memory when offered (mainline), else the reserved
	 * memory; with neither we cannot continue (seed).
	 */
	optee->dynamic_shm = optee->sec_caps & OPTEE_SMC_SEC_CAP_DYNAMIC_SHM;
	if (!optee->dynamic_shm &&
	    !(optee->sec_caps & OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM)) {
		pr_err("optee: secure world offers no usable shared memory");
		return -EINVAL;
	}
	return 0;
}

static struct optee *optee_alloc(struct platform *plat,
				 optee_invoke_fn *invoke_fn)
{
	struct optee *optee = kzalloc(sizeof(*optee));

	if (!optee)
		return NULL;
	optee->plat = plat;
	optee->invoke_fn = invoke_fn;
	mutex_init(&optee->call_queue.mutex);
	INIT_LIST_HEAD(&optee->call_queue.waiters);
	optee_notif_init(&optee->notif);
	optee_supp_init(&optee->supp);
	mutex_init(&optee->cookie_lock);
	idr_init(&optee->cookies);
	return optee;
}

static void optee_free(struct optee *optee)
{
	idr_destroy(&optee->cookies);
	mutex_destroy(&optee->cookie_lock);
	optee_supp_uninit(&optee->supp);
	optee_notif_uninit(&optee->notif);
	mutex_destroy(&optee->call_queue.mutex);
	kfree(optee);
}

static int optee_register_devices(struct optee *optee)
{
	struct tee_device *teedev;
	int rc;

	teedev = tee_device_alloc(&optee_desc, optee->pool, optee);
	if (IS_ERR(teedev))
		return (int)PTR_ERR(teedev);
	optee->teedev = teedev;

	teedev = tee_device_alloc(&optee_supp_desc, optee->pool, optee);
	if (IS_ERR(teedev))
		return (int)PTR_ERR(teedev);
	optee->supp_teedev = teedev;

	rc = tee_device_register(optee->teedev);
	if (rc)
		return rc;
	return tee_device_register(optee->supp_teedev);
}

static struct optee *optee_probe(const void *fdt, int node,
				 const struct tee_driver_options *opts)
{
	struct platform *plat = opts->plat;
	optee_invoke_fn *invoke_fn;
	struct optee *optee;
	int rc;

	invoke_fn = get_invoke_func(fdt, node);
	if (IS_ERR(invoke_fn))
		return (void *)invoke_fn;
	optee = optee_alloc(plat, invoke_fn);
	if (!optee)
		return ERR_PTR(-ENOMEM);
	optee->supp.absent_timeout_ms = opts->supp_timeout_ms;
	optee->stuck_call_ms = opts->stuck_call_ms;

	rc = optee_check_secure_world(optee);
	if (rc)
		goto err_free;
	if (optee->dynamic_shm) {
		pr_info("optee: dynamic shared memory in DRAM 0x%llx+0x%zx",
			(unsigned long long)plat->dram_base, plat->dram_size);
		optee->pool = optee_shm_pool_alloc(optee, plat->dram_base,
						   plat->dram_size, true);
	} else {
		optee->pool = optee_config_shm_memremap(optee);
	}
	if (IS_ERR(optee->pool)) {
		rc = (int)PTR_ERR(optee->pool);
		goto err_free;
	}
	rc = optee_register_devices(optee);
	if (rc)
		goto err_unregister;
	/* The driver's own context, for calls no client makes. */
	optee->ctx = tee_kernel_open_context(optee->teedev);
	if (IS_ERR(optee->ctx)) {
		rc = (int)PTR_ERR(optee->ctx);
		optee->ctx = NULL;
		goto err_unregister;
	}

	optee_enable_shm_cache(optee);
	pr_info("optee: initialized driver (%u secure threads)",
		optee->thread_count);
	return optee;

err_unregister:
	/* Safe also for devices never registered or never allocated. */
	tee_device_unregister(optee->supp_teedev);
	tee_device_unregister(optee->teedev);
	tee_shm_pool_free(optee->pool);
err_free:
	optee_free(optee);
	return ERR_PTR(rc);
}

void optee_remove(struct optee *optee)
{
	/*
	 * Ask OP-TEE to free all cached shared memory objects to drop their
	 * references and leave no stale addresses in the secure world.
	 * This comes first: a cached object keeps its device in use.
	 */
	optee_disable_shm_cache(optee);
	/*
	 * mainline: none left here.  A secure world that died answers
	 * nothing and frees nothing: what it still holds goes now.
	 */
	optee_shm_release_sw_owned(optee);
	teedev_close_context(optee->ctx);
	optee->ctx = NULL;

	/*
	 * The two devices have to be unregistered before the other
	 * resources go: this waits for their last user.
	 */
	tee_device_unregister(optee->supp_teedev);
	tee_device_unregister(optee->teedev);

	tee_shm_pool_free(optee->pool);
	optee_free(optee);
}

/* The first subnode of @parent compatible with "linaro,optee-tz". */
static int find_optee_node(const void *fdt, int parent)
{
	int node;

	fdt_for_each_subnode(node, fdt, parent)
		if (!fdt_node_check_compatible(fdt, node, "linaro,optee-tz"))
			return node;
	return -FDT_ERR_NOTFOUND;
}

struct optee *optee_driver_init(const struct tee_driver_options *opts)
{
	const void *fdt = opts->fdt;
	int fw, node;

	if (!fdt || fdt_check_header(fdt))
		return ERR_PTR(-ENODEV);
	/* The node is supposed to be below /firmware. */
	fw = fdt_path_offset(fdt, "/firmware");
	if (fw < 0)
		return ERR_PTR(-ENODEV);
	node = find_optee_node(fdt, fw);
	if (node < 0)
		return ERR_PTR(-ENODEV);
	return optee_probe(fdt, node, opts);
}

/* tee_driver.probe: the host runs on without OP-TEE if this fails. */
static void *optee_driver_probe(const struct tee_driver_options *opts)
{
	struct optee *optee = optee_driver_init(opts);
	int rc;

	if (!IS_ERR(optee))
		return optee;
	rc = (int)PTR_ERR(optee);
	if (rc == -ENODEV)
		pr_warn("no OP-TEE node under /firmware in the device tree: "
			"no OP-TEE device");
	else
		pr_err("OP-TEE driver probe failed: %s", strerror(-rc));
	return optee;
}

static void optee_driver_remove(void *drv)
{
	optee_remove(drv);
}

const struct tee_driver optee_driver = {
	.name = DRIVER_NAME,
	.probe = optee_driver_probe,
	.remove = optee_driver_remove,
};
