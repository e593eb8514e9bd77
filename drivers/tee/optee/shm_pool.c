// SPDX-License-Identifier: BSD-2-Clause
/*
 * The OP-TEE driver's shared memory pool over the reserved memory the
 * secure world reports with OPTEE_SMC_GET_SHM_CONFIG.
 *
 * As in the seed, the first pages are driver-private (message arguments,
 * RPC buffers) and the rest serves memory user space maps.  In teebox a
 * user-visible allocation is its own piece of RAM, plugged into the
 * reserved range at the address the best-fit allocator picked: that way
 * the file handed to user space holds that allocation and nothing else,
 * as the kernel's per-allocation dma-buf does.
 *
 * Every object also gets a cookie, the shm_ref the secure world uses to
 * name it; the driver resolves cookies through a table instead of trusting
 * a pointer from the secure world.
 */
#include <errno.h>
#include <limits.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "optee_private.h"

/**
 * struct optee_pool_mgr - one of the driver's two managers
 * @mgr:	the manager the core sees
 * @optee:	the driver
 * @inner:	the core's manager doing the work: plugged once for private
 *		memory, plugged per allocation for user-visible memory
 * @registered:	dynamic shared memory: user-visible allocations are
 *		registered with the secure world (REGISTER_SHM)
 */
struct optee_pool_mgr {
	struct tee_shm_pool_mgr mgr;
	struct optee *optee;
	struct tee_shm_pool_mgr *inner;
	bool registered;
};

static struct optee_pool_mgr *to_optee_mgr(struct tee_shm_pool_mgr *mgr)
{
	return container_of(mgr, struct optee_pool_mgr, mgr);
}

int optee_cookie_add(struct optee *optee, struct tee_shm *shm)
{
	int id;

	mutex_lock(&optee->cookie_lock);
	id = idr_alloc(&optee->cookies, shm, 1, 0);
	mutex_unlock(&optee->cookie_lock);
	if (id < 0)
		return -ENOMEM;
	shm->sec_world_id = (u64)id;
	return 0;
}

void optee_cookie_remove(struct optee *optee, struct tee_shm *shm)
{
	mutex_lock(&optee->cookie_lock);
	idr_remove(&optee->cookies, (int)shm->sec_world_id);
	mutex_unlock(&optee->cookie_lock);
	shm->sec_world_id = 0;
}

struct tee_shm *optee_shm_from_cookie(struct optee *optee, u64 cookie)
{
	struct tee_shm *shm;

	if (!cookie || cookie > INT_MAX)
		return NULL;
	mutex_lock(&optee->cookie_lock);
	shm = idr_find(&optee->cookies, (int)cookie);
	/* An object on its way out is gone. */
	if (shm && !refcount_inc_not_zero(&shm->refcount))
		shm = NULL;
	mutex_unlock(&optee->cookie_lock);
	return shm;
}

/* The next object the secure world holds a reference on, from @id on. */
static struct tee_shm *next_sw_owned(struct optee *optee, int *id)
{
	struct tee_shm *shm = NULL;

	mutex_lock(&optee->cookie_lock);
	for (; !shm && *id < optee->cookies.capacity; (*id)++) {
		shm = idr_find(&optee->cookies, *id);
		if (shm && (!(shm->priv_flags & OPTEE_SHM_SW_OWNED) ||
			    !refcount_inc_not_zero(&shm->refcount)))
			shm = NULL;
	}
	if (shm)
		shm->priv_flags &= ~OPTEE_SHM_SW_OWNED;
	mutex_unlock(&optee->cookie_lock);
	return shm;
}

void optee_shm_release_sw_owned(struct optee *optee)
{
	struct tee_shm *shm;
	int id = 1;

	/* Put outside the lock: the last put removes the cookie. */
	while ((shm = next_sw_owned(optee, &id))) {
		pr_warn("optee: secure world never freed shm 0x%llx: dropped",
			(unsigned long long)shm->sec_world_id);
		tee_shm_put(shm); /* the secure world's reference */
		tee_shm_put(shm); /* ours from the lookup */
	}
}

/* The inner manager's memory, with a cookie (and registered if asked). */
static int optee_pool_alloc(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm,
			    size_t size)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);
	int rc = m->inner->ops->alloc(m->inner, shm, size);

	if (rc)
		return rc;
	rc = optee_cookie_add(m->optee, shm);
	if (rc)
		goto err_free;
	if (m->registered) {
		rc = optee_shm_register_pages(m->optee, shm);
		if (rc)
			goto err_cookie;
	}
	return 0;

err_cookie:
	optee_cookie_remove(m->optee, shm);
err_free:
	m->inner->ops->free(m->inner, shm);
	/* A secure world that refused or is gone: no memory to be had. */
	return rc == -EPIPE || rc == -EINVAL ? -ENOMEM : rc;
}

static void optee_pool_free(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);

	if (m->registered)
		optee_shm_unregister_pages(m->optee, shm);
	optee_cookie_remove(m->optee, shm);
	m->inner->ops->free(m->inner, shm);
}

static void optee_pool_destroy(struct tee_shm_pool_mgr *mgr)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);

	if (m->registered)
		m->optee->dram_space = NULL;
	m->inner->ops->destroy_poolmgr(m->inner);
	kfree(m);
}

static const struct tee_shm_pool_mgr_ops optee_pool_ops = {
	.alloc = optee_pool_alloc,
	.free = optee_pool_free,
	.destroy_poolmgr = optee_pool_destroy,
};

/**
 * struct optee_pool_wrap - how optee_shm_pool_alloc() wraps the core's
 * managers
 * @optee:	the driver
 * @dynamic:	memory user space maps is registered with the secure world
 */
struct optee_pool_wrap {
	struct optee *optee;
	bool dynamic;
};

/* Wraps the core's manager @inner, which is ours either way. */
static struct tee_shm_pool_mgr *
wrap_mgr(void *arg, struct tee_shm_pool_mgr *inner, bool dma_buf)
{
	struct optee_pool_wrap *w = arg;
	bool registered = dma_buf && w->dynamic;
	struct optee_pool_mgr *m;

	m = kzalloc(sizeof(*m));
	if (!m) {
		inner->ops->destroy_poolmgr(inner);
		return ERR_PTR(-ENOMEM);
	}
	m->optee = w->optee;
	m->inner = inner;
	m->registered = registered;
	m->mgr.ops = &optee_pool_ops;
	/* Registered user memory takes its addresses here too. */
	if (registered)
		w->optee->dram_space = inner->private_data;
	return &m->mgr;
}

struct tee_shm_pool *optee_shm_pool_alloc(struct optee *optee, phys_addr_t pa,
					  size_t size, bool dynamic)
{
	struct optee_pool_wrap w = {.optee = optee, .dynamic = dynamic};
	struct tee_shm_pool *pool;

	pool = tee_shm_pool_alloc_plugged(optee->plat, pa, size,
					  OPTEE_SHM_NUM_PRIV_PAGES * PAGE_SIZE,
					  wrap_mgr, &w);
	if (IS_ERR(pool))
		pr_err("optee: cannot set up the shared memory pool: %ld",
		       PTR_ERR(pool));
	return pool;
}
