// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shared memory pools: a device's two managers, driver-private memory and
 * memory user space may map, each a best-fit allocator over a reserved,
 * page-aligned range (seed: tee_shm_pool.c).
 *
 * Beside the seed's managers over mapped memory, two that drivers on a
 * teebox platform share: one over a range the platform plugs as RAM once,
 * and one where each allocation is RAM of its own, plugged at the address
 * a page allocator picks in the range, so that the file handed to user
 * space (backing_fd) holds that allocation and nothing else, as the
 * kernel's per-allocation dma-buf does.  tee_shm_pool_alloc_plugged()
 * makes a driver's pool of the two over one range.
 */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/genalloc.h"
#include "kernel/log.h"
#include "tee_private.h"
#include "teebox/platform.h"

/* Log2 of the driver-private granule: 8 bytes, as in the seed. */
#define PRIV_MIN_ALLOC_ORDER 3

static int pool_op_gen_alloc(struct tee_shm_pool_mgr *poolm,
			     struct tee_shm *shm, size_t size)
{
	struct gen_pool *genpool = poolm->private_data;
	size_t s = ALIGN_UP(size, (size_t)1 << genpool->min_alloc_order);
	unsigned long va;

	if (s < size)
		return -ENOMEM;
	va = gen_pool_alloc(genpool, s);
	if (!va)
		return -ENOMEM;

	/* Zeroed so no earlier user's data leaks (seed v11). */
	memset((void *)va, 0, s);
	shm->kaddr = (void *)va;
	shm->paddr = gen_pool_virt_to_phys(genpool, va);
	shm->size = s;
	return 0;
}

static void pool_op_gen_free(struct tee_shm_pool_mgr *poolm,
			     struct tee_shm *shm)
{
	gen_pool_free(poolm->private_data, (unsigned long)shm->kaddr,
		      shm->size);
	shm->kaddr = NULL;
}

static void pool_op_gen_destroy(struct tee_shm_pool_mgr *poolm)
{
	gen_pool_destroy(poolm->private_data);
	kfree(poolm);
}

static const struct tee_shm_pool_mgr_ops pool_ops_generic = {
	.alloc = pool_op_gen_alloc,
	.free = pool_op_gen_free,
	.destroy_poolmgr = pool_op_gen_destroy,
};

/* Whether a best-fit manager can work over the range with that granule. */
static bool res_mem_valid(unsigned long vaddr, phys_addr_t paddr, size_t size,
			  int min_alloc_order)
{
	/* Start and end must be page aligned. */
	if (!IS_ALIGNED(vaddr, PAGE_SIZE) || !IS_ALIGNED(paddr, PAGE_SIZE) ||
	    !IS_ALIGNED(size, PAGE_SIZE) || !size || !vaddr)
		return false;
	return min_alloc_order >= PRIV_MIN_ALLOC_ORDER &&
	       min_alloc_order <= PAGE_SHIFT;
}

/* Makes @mgr the best-fit manager over a range res_mem_valid() passed. */
static int res_mem_init(struct tee_shm_pool_mgr *mgr, unsigned long vaddr,
			phys_addr_t paddr, size_t size, int min_alloc_order)
{
	struct gen_pool *genpool = gen_pool_create(min_alloc_order);
	int rc;

	if (!genpool)
		return -ENOMEM;
	rc = gen_pool_add_virt(genpool, vaddr, paddr, size);
	if (rc) {
		gen_pool_destroy(genpool);
		return rc;
	}
	mgr->private_data = genpool;
	mgr->ops = &pool_ops_generic;
	return 0;
}

struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_res_mem(unsigned long vaddr,
							phys_addr_t paddr,
							size_t size,
							int min_alloc_order)
{
	struct tee_shm_pool_mgr *mgr;
	int rc;

	if (!res_mem_valid(vaddr, paddr, size, min_alloc_order))
		return ERR_PTR(-EINVAL);
	mgr = kzalloc(sizeof(*mgr));
	if (!mgr)
		return ERR_PTR(-ENOMEM);
	rc = res_mem_init(mgr, vaddr, paddr, size, min_alloc_order);
	if (rc) {
		kfree(mgr);
		return ERR_PTR(rc);
	}
	return mgr;
}

/**
 * struct plugged_mgr - a manager over RAM the platform plugs
 * @mgr:	what the pool sees; its private_data is the gen_pool
 * @plat:	the machine that plugs the RAM
 * @pa:		tee_shm_pool_mgr_alloc_plugged(): the range it plugged
 */
struct plugged_mgr {
	struct tee_shm_pool_mgr mgr;
	struct platform *plat;
	phys_addr_t pa;
};

static struct plugged_mgr *to_plugged_mgr(struct tee_shm_pool_mgr *mgr)
{
	return container_of(mgr, struct plugged_mgr, mgr);
}

static void plugged_destroy(struct tee_shm_pool_mgr *mgr)
{
	struct plugged_mgr *m = to_plugged_mgr(mgr);

	gen_pool_destroy(mgr->private_data);
	m->plat->ops->ram_unplug(m->plat, m->pa);
	kfree(m);
}

/* The generic best-fit manager, but it also owns the RAM beneath. */
static const struct tee_shm_pool_mgr_ops plugged_ops = {
	.alloc = pool_op_gen_alloc,
	.free = pool_op_gen_free,
	.destroy_poolmgr = plugged_destroy,
};

struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_plugged(struct platform *plat,
							phys_addr_t pa,
							size_t size,
							int min_alloc_order)
{
	struct plugged_mgr *m;
	void *va;
	int rc;
	int fd;

	m = kzalloc(sizeof(*m));
	if (!m)
		return ERR_PTR(-ENOMEM);
	va = plat->ops->ram_plug(plat, pa, size, &fd);
	if (IS_ERR(va)) {
		kfree(m);
		return va;
	}
	rc = -EINVAL;
	if (res_mem_valid((unsigned long)va, pa, size, min_alloc_order))
		rc = res_mem_init(&m->mgr, (unsigned long)va, pa, size,
				  min_alloc_order);
	if (rc) {
		plat->ops->ram_unplug(plat, pa);
		kfree(m);
		return ERR_PTR(rc);
	}
	m->mgr.ops = &plugged_ops;
	m->plat = plat;
	m->pa = pa;
	return &m->mgr;
}

static int plug_each_alloc(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm,
			   size_t size)
{
	struct plugged_mgr *m = to_plugged_mgr(mgr);
	size_t s = ALIGN_UP(size, PAGE_SIZE);
	unsigned long pa;
	void *va;
	int fd;

	if (!size || s < size)
		return -ENOMEM;
	pa = gen_pool_alloc(mgr->private_data, s);
	if (!pa)
		return -ENOMEM;
	/* New RAM reads as zero: no earlier user's data leaks. */
	va = m->plat->ops->ram_plug(m->plat, pa, s, &fd);
	if (IS_ERR(va)) {
		gen_pool_free(mgr->private_data, pa, s);
		return -ENOMEM;
	}
	shm->paddr = pa;
	shm->kaddr = va;
	shm->size = s;
	shm->backing_fd = fd;
	return 0;
}

static void plug_each_free(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm)
{
	struct plugged_mgr *m = to_plugged_mgr(mgr);

	m->plat->ops->ram_unplug(m->plat, shm->paddr);
	gen_pool_free(mgr->private_data, (unsigned long)shm->paddr, shm->size);
	shm->kaddr = NULL;
	shm->backing_fd = -1;
}

static void plug_each_destroy(struct tee_shm_pool_mgr *mgr)
{
	gen_pool_destroy(mgr->private_data);
	kfree(to_plugged_mgr(mgr));
}

static const struct tee_shm_pool_mgr_ops plug_each_ops = {
	.alloc = plug_each_alloc,
	.free = plug_each_free,
	.destroy_poolmgr = plug_each_destroy,
};

struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_plug_each(struct platform *plat,
							  phys_addr_t pa,
							  size_t size)
{
	struct plugged_mgr *m = kzalloc(sizeof(*m));
	struct gen_pool *space;

	if (!m)
		return ERR_PTR(-ENOMEM);
	/* Only addresses here: the RAM comes with each allocation. */
	space = gen_pool_create(PAGE_SHIFT);
	if (!space || gen_pool_add_virt(space, (unsigned long)pa, pa, size)) {
		gen_pool_destroy(space);
		kfree(m);
		return ERR_PTR(-ENOMEM);
	}
	m->mgr.private_data = space;
	m->mgr.ops = &plug_each_ops;
	m->plat = plat;
	return &m->mgr;
}

static bool check_mgr_ops(struct tee_shm_pool_mgr *mgr)
{
	return mgr && mgr->ops && mgr->ops->alloc && mgr->ops->free &&
	       mgr->ops->destroy_poolmgr;
}

struct tee_shm_pool *tee_shm_pool_alloc(struct tee_shm_pool_mgr *priv_mgr,
					struct tee_shm_pool_mgr *dmabuf_mgr)
{
	struct tee_shm_pool *pool;

	if (!check_mgr_ops(priv_mgr) || !check_mgr_ops(dmabuf_mgr))
		return ERR_PTR(-EINVAL);

	pool = kzalloc(sizeof(*pool));
	if (!pool)
		return ERR_PTR(-ENOMEM);
	pool->private_mgr = priv_mgr;
	pool->dma_buf_mgr = dmabuf_mgr;
	return pool;
}

/*
 * The pool of @priv_mgr and @dmabuf_mgr (which may be an error), or an
 * error: both managers are the pool's, or destroyed, afterwards.
 */
static struct tee_shm_pool *pool_of_mgrs(struct tee_shm_pool_mgr *priv_mgr,
					 struct tee_shm_pool_mgr *dmabuf_mgr)
{
	struct tee_shm_pool *pool;

	if (IS_ERR(dmabuf_mgr)) {
		pool = ERR_CAST(dmabuf_mgr);
		goto err_free_priv;
	}
	pool = tee_shm_pool_alloc(priv_mgr, dmabuf_mgr);
	if (IS_ERR(pool))
		goto err_free_dmabuf;
	return pool;

err_free_dmabuf:
	dmabuf_mgr->ops->destroy_poolmgr(dmabuf_mgr);
err_free_priv:
	priv_mgr->ops->destroy_poolmgr(priv_mgr);
	return pool;
}

struct tee_shm_pool *
tee_shm_pool_alloc_res_mem(struct tee_shm_pool_mem_info *priv_info,
			   struct tee_shm_pool_mem_info *dmabuf_info)
{
	struct tee_shm_pool_mgr *priv_mgr;
	struct tee_shm_pool_mgr *dmabuf_mgr;
	struct tee_shm_pool *pool;

	/* Driver-private memory: 8-byte granule. */
	priv_mgr = tee_shm_pool_mgr_alloc_res_mem(
		priv_info->vaddr, priv_info->paddr, priv_info->size,
		PRIV_MIN_ALLOC_ORDER);
	if (IS_ERR(priv_mgr))
		return ERR_CAST(priv_mgr);

	/* Memory user space maps: whole pages. */
	dmabuf_mgr = tee_shm_pool_mgr_alloc_res_mem(
		dmabuf_info->vaddr, dmabuf_info->paddr, dmabuf_info->size,
		PAGE_SHIFT);
	pool = pool_of_mgrs(priv_mgr, dmabuf_mgr);
	if (PTR_ERR(pool) == -ENOMEM)
		pr_err("can't allocate memory for res_mem shared memory pool");
	return pool;
}

/* @mgr, or its error, through the driver's @wrap when it has one. */
static struct tee_shm_pool_mgr *
wrap_mgr(struct tee_shm_pool_mgr *mgr,
	 struct tee_shm_pool_mgr *(*wrap)(void *arg,
					  struct tee_shm_pool_mgr *mgr,
					  bool dma_buf),
	 void *wrap_arg, bool dma_buf)
{
	if (IS_ERR(mgr) || !wrap)
		return mgr;
	return wrap(wrap_arg, mgr, dma_buf);
}

struct tee_shm_pool *tee_shm_pool_alloc_plugged(
	struct platform *plat, phys_addr_t pa, size_t size, size_t priv_size,
	struct tee_shm_pool_mgr *(*wrap)(void *arg,
					 struct tee_shm_pool_mgr *mgr,
					 bool dma_buf),
	void *wrap_arg)
{
	struct tee_shm_pool_mgr *priv_mgr;
	struct tee_shm_pool_mgr *dmabuf_mgr;

	if (size <= priv_size)
		return ERR_PTR(-EINVAL);
	/* The seed memremap()s the range; here the RAM is plugged first. */
	priv_mgr = wrap_mgr(tee_shm_pool_mgr_alloc_plugged(
				    plat, pa, priv_size, PRIV_MIN_ALLOC_ORDER),
			    wrap, wrap_arg, false);
	if (IS_ERR(priv_mgr))
		return ERR_CAST(priv_mgr);
	dmabuf_mgr = wrap_mgr(tee_shm_pool_mgr_alloc_plug_each(
				      plat, pa + priv_size, size - priv_size),
			      wrap, wrap_arg, true);
	return pool_of_mgrs(priv_mgr, dmabuf_mgr);
}

void tee_shm_pool_free(struct tee_shm_pool *pool)
{
	if (!pool)
		return;
	pool->private_mgr->ops->destroy_poolmgr(pool->private_mgr);
	pool->dma_buf_mgr->ops->destroy_poolmgr(pool->dma_buf_mgr);
	kfree(pool);
}
