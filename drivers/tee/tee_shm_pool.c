// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shared memory pools: a device's two managers, driver-private memory and
 * memory user space may map, each a best-fit allocator over a reserved,
 * page-aligned range (seed: tee_shm_pool.c).
 */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/genalloc.h"
#include "kernel/log.h"
#include "tee_private.h"

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

struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_res_mem(unsigned long vaddr,
							phys_addr_t paddr,
							size_t size,
							int min_alloc_order)
{
	struct tee_shm_pool_mgr *mgr;
	struct gen_pool *genpool;
	int rc;

	/* Start and end must be page aligned. */
	if (!IS_ALIGNED(vaddr, PAGE_SIZE) || !IS_ALIGNED(paddr, PAGE_SIZE) ||
	    !IS_ALIGNED(size, PAGE_SIZE) || !size || !vaddr)
		return ERR_PTR(-EINVAL);
	if (min_alloc_order < PRIV_MIN_ALLOC_ORDER ||
	    min_alloc_order > PAGE_SHIFT)
		return ERR_PTR(-EINVAL);

	mgr = kzalloc(sizeof(*mgr));
	if (!mgr)
		return ERR_PTR(-ENOMEM);
	genpool = gen_pool_create(min_alloc_order);
	if (!genpool) {
		rc = -ENOMEM;
		goto err_free_mgr;
	}
	rc = gen_pool_add_virt(genpool, vaddr, paddr, size);
	if (rc)
		goto err_destroy_pool;

	mgr->private_data = genpool;
	mgr->ops = &pool_ops_generic;
	return mgr;

err_destroy_pool:
	gen_pool_destroy(genpool);
err_free_mgr:
	kfree(mgr);
	return ERR_PTR(rc);
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
	if (PTR_ERR(pool) == -ENOMEM)
		pr_err("can't allocate memory for res_mem shared memory pool");
	return pool;
}

void tee_shm_pool_free(struct tee_shm_pool *pool)
{
	if (!pool)
		return;
	pool->private_mgr->ops->destroy_poolmgr(pool->private_mgr);
	pool->dma_buf_mgr->ops->destroy_poolmgr(pool->dma_buf_mgr);
	kfree(pool);
}
