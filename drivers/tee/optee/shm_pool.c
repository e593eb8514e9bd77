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
#include "kernel/genalloc.h"
#include "kernel/log.h"
#include "optee_private.h"

/**
 * struct optee_pool_mgr - one of the driver's two managers
 * @mgr:	the manager the core sees
 * @optee:	the driver
 * @inner:	private memory: the generic best-fit manager doing the work
 * @space:	user-visible memory: allocator of addresses in the range
 * @plugged_pa:	RAM this manager plugged for itself (private pages)
 * @registered:	dynamic shared memory: user-visible allocations are
 *		registered with the secure world (REGISTER_SHM)
 */
struct optee_pool_mgr {
	struct tee_shm_pool_mgr mgr;
	struct optee *optee;
	struct tee_shm_pool_mgr *inner;
	struct gen_pool *space;
	phys_addr_t plugged_pa;
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

static int priv_alloc(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm,
		      size_t size)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);
	int rc = m->inner->ops->alloc(m->inner, shm, size);

	if (rc)
		return rc;
	rc = optee_cookie_add(m->optee, shm);
	if (rc)
		m->inner->ops->free(m->inner, shm);
	return rc;
}

static void priv_free(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);

	optee_cookie_remove(m->optee, shm);
	m->inner->ops->free(m->inner, shm);
}

static void priv_destroy(struct tee_shm_pool_mgr *mgr)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);
	struct platform *plat = m->optee->plat;

	m->inner->ops->destroy_poolmgr(m->inner);
	plat->ops->ram_unplug(plat, m->plugged_pa);
	kfree(m);
}

static const struct tee_shm_pool_mgr_ops priv_ops = {
	.alloc = priv_alloc,
	.free = priv_free,
	.destroy_poolmgr = priv_destroy,
};

static int dmabuf_alloc(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm,
			size_t size)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);
	struct platform *plat = m->optee->plat;
	size_t s = ALIGN_UP(size, PAGE_SIZE);
	unsigned long pa;
	void *va;
	int fd;
	int rc;

	if (!size || s < size)
		return -ENOMEM;
	pa = gen_pool_alloc(m->space, s);
	if (!pa)
		return -ENOMEM;
	va = plat->ops->ram_plug(plat, pa, s, &fd);
	if (IS_ERR(va)) {
		rc = (int)PTR_ERR(va);
		goto err_free_space;
	}
	shm->paddr = pa;
	shm->kaddr = va;
	shm->size = s;
	shm->backing_fd = fd;
	rc = optee_cookie_add(m->optee, shm);
	if (rc)
		goto err_unplug;
	if (m->registered) {
		rc = optee_shm_register_pages(m->optee, shm);
		if (rc)
			goto err_cookie;
	}
	return 0;

err_cookie:
	optee_cookie_remove(m->optee, shm);
err_unplug:
	plat->ops->ram_unplug(plat, pa);
	shm->kaddr = NULL;
	shm->backing_fd = -1;
err_free_space:
	gen_pool_free(m->space, pa, s);
	return rc == -EPIPE || rc == -EINVAL ? -ENOMEM : rc;
}

static void dmabuf_free(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);
	struct platform *plat = m->optee->plat;

	if (m->registered)
		optee_shm_unregister_pages(m->optee, shm);
	optee_cookie_remove(m->optee, shm);
	plat->ops->ram_unplug(plat, shm->paddr);
	gen_pool_free(m->space, (unsigned long)shm->paddr, shm->size);
	shm->kaddr = NULL;
	shm->backing_fd = -1;
}

static void dmabuf_destroy(struct tee_shm_pool_mgr *mgr)
{
	struct optee_pool_mgr *m = to_optee_mgr(mgr);

	m->optee->dram_space = NULL;
	gen_pool_destroy(m->space);
	kfree(m);
}

static const struct tee_shm_pool_mgr_ops dmabuf_ops = {
	.alloc = dmabuf_alloc,
	.free = dmabuf_free,
	.destroy_poolmgr = dmabuf_destroy,
};

static struct tee_shm_pool_mgr *priv_mgr_alloc(struct optee *optee,
					       phys_addr_t pa, size_t size)
{
	struct platform *plat = optee->plat;
	struct optee_pool_mgr *m;
	void *va;
	int fd;

	m = kzalloc(sizeof(*m));
	if (!m)
		return ERR_PTR(-ENOMEM);
	/* The seed memremap()s the range; here the RAM is plugged first. */
	va = plat->ops->ram_plug(plat, pa, size, &fd);
	if (IS_ERR(va)) {
		kfree(m);
		pr_err("optee: shared memory ioremap failed");
		return ERR_PTR(-EINVAL);
	}
	m->inner = tee_shm_pool_mgr_alloc_res_mem((unsigned long)va, pa, size,
						  3 /* 8 byte aligned */);
	if (IS_ERR(m->inner)) {
		void *err = m->inner;

		plat->ops->ram_unplug(plat, pa);
		kfree(m);
		return err;
	}
	m->optee = optee;
	m->plugged_pa = pa;
	m->mgr.ops = &priv_ops;
	return &m->mgr;
}

static struct tee_shm_pool_mgr *dmabuf_mgr_alloc(struct optee *optee,
						 phys_addr_t pa, size_t size,
						 bool registered)
{
	struct optee_pool_mgr *m = kzalloc(sizeof(*m));

	if (!m)
		return ERR_PTR(-ENOMEM);
	m->space = gen_pool_create(PAGE_SHIFT);
	if (!m->space ||
	    gen_pool_add_virt(m->space, (unsigned long)pa, pa, size)) {
		gen_pool_destroy(m->space);
		kfree(m);
		return ERR_PTR(-ENOMEM);
	}
	m->optee = optee;
	m->registered = registered;
	m->mgr.ops = &dmabuf_ops;
	/* Registered user memory takes its addresses here too. */
	if (registered)
		optee->dram_space = m->space;
	return &m->mgr;
}

struct tee_shm_pool *optee_shm_pool_alloc(struct optee *optee, phys_addr_t pa,
					  size_t size, bool dynamic)
{
	size_t priv_size = OPTEE_SHM_NUM_PRIV_PAGES * PAGE_SIZE;
	struct tee_shm_pool_mgr *priv_mgr;
	struct tee_shm_pool_mgr *dmabuf_mgr;
	struct tee_shm_pool *pool;

	priv_mgr = priv_mgr_alloc(optee, pa, priv_size);
	if (IS_ERR(priv_mgr))
		return ERR_CAST(priv_mgr);
	dmabuf_mgr = dmabuf_mgr_alloc(optee, pa + priv_size, size - priv_size,
				      dynamic);
	if (IS_ERR(dmabuf_mgr)) {
		pool = ERR_CAST(dmabuf_mgr);
		goto err_priv;
	}
	pool = tee_shm_pool_alloc(priv_mgr, dmabuf_mgr);
	if (IS_ERR(pool))
		goto err_dmabuf;
	optee->priv_pa = pa;
	optee->dmabuf_pa = pa + priv_size;
	optee->dmabuf_size = size - priv_size;
	return pool;

err_dmabuf:
	dmabuf_mgr->ops->destroy_poolmgr(dmabuf_mgr);
err_priv:
	priv_mgr->ops->destroy_poolmgr(priv_mgr);
	return pool;
}
