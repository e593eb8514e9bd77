// SPDX-License-Identifier: BSD-2-Clause
/*
 * The loopback TEE's shared memory pool, over a physical range the board
 * gives it (BOARD_LOOPBACK_SHM_BASE, machine/board.h).
 *
 * Driver-private memory is the generic best-fit manager over the first
 * pages of the range, plugged once.  Memory user space maps works as in
 * the OP-TEE driver (optee/shm_pool.c): the rest of the range is address
 * space, and each allocation is RAM of its own plugged at the address
 * the allocator picked, so the file handed to user space (backing_fd)
 * holds that allocation and nothing else.
 */
#include <errno.h>

#include "kernel/alloc.h"
#include "kernel/genalloc.h"
#include "loopback_private.h"

/**
 * struct loopback_dmabuf_mgr - the manager of user-visible memory
 * @mgr:	what the core sees
 * @plat:	the machine that plugs the RAM
 * @space:	allocator of physical addresses in the range
 */
struct loopback_dmabuf_mgr {
	struct tee_shm_pool_mgr mgr;
	struct platform *plat;
	struct gen_pool *space;
};

static struct loopback_dmabuf_mgr *to_dmabuf_mgr(struct tee_shm_pool_mgr *mgr)
{
	return container_of(mgr, struct loopback_dmabuf_mgr, mgr);
}

static int dmabuf_alloc(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm,
			size_t size)
{
	struct loopback_dmabuf_mgr *m = to_dmabuf_mgr(mgr);
	size_t s = ALIGN_UP(size, PAGE_SIZE);
	unsigned long pa;
	void *va;
	int fd;

	if (!size || s < size)
		return -ENOMEM;
	pa = gen_pool_alloc(m->space, s);
	if (!pa)
		return -ENOMEM;
	/* New RAM reads as zero: no earlier user's data leaks. */
	va = m->plat->ops->ram_plug(m->plat, pa, s, &fd);
	if (IS_ERR(va)) {
		gen_pool_free(m->space, pa, s);
		return -ENOMEM;
	}
	shm->paddr = pa;
	shm->kaddr = va;
	shm->size = s;
	shm->backing_fd = fd;
	return 0;
}

static void dmabuf_free(struct tee_shm_pool_mgr *mgr, struct tee_shm *shm)
{
	struct loopback_dmabuf_mgr *m = to_dmabuf_mgr(mgr);

	m->plat->ops->ram_unplug(m->plat, shm->paddr);
	gen_pool_free(m->space, (unsigned long)shm->paddr, shm->size);
	shm->kaddr = NULL;
	shm->backing_fd = -1;
}

static void dmabuf_destroy(struct tee_shm_pool_mgr *mgr)
{
	struct loopback_dmabuf_mgr *m = to_dmabuf_mgr(mgr);

	gen_pool_destroy(m->space);
	kfree(m);
}

static const struct tee_shm_pool_mgr_ops dmabuf_ops = {
	.alloc = dmabuf_alloc,
	.free = dmabuf_free,
	.destroy_poolmgr = dmabuf_destroy,
};

static struct tee_shm_pool_mgr *dmabuf_mgr_alloc(struct platform *plat,
						 phys_addr_t pa, size_t size)
{
	struct loopback_dmabuf_mgr *m = kzalloc(sizeof(*m));

	if (!m)
		return ERR_PTR(-ENOMEM);
	m->space = gen_pool_create(PAGE_SHIFT);
	if (!m->space ||
	    gen_pool_add_virt(m->space, (unsigned long)pa, pa, size)) {
		gen_pool_destroy(m->space);
		kfree(m);
		return ERR_PTR(-ENOMEM);
	}
	m->plat = plat;
	m->mgr.ops = &dmabuf_ops;
	return &m->mgr;
}

struct tee_shm_pool *loopback_shm_pool_alloc(struct loopback *lb,
					     phys_addr_t pa, size_t size)
{
	size_t priv_size = LOOPBACK_PRIV_PAGES * PAGE_SIZE;
	struct platform *plat = lb->plat;
	struct tee_shm_pool_mgr *priv_mgr;
	struct tee_shm_pool_mgr *dmabuf_mgr;
	struct tee_shm_pool *pool;
	void *va;
	int fd;

	if (size <= priv_size)
		return ERR_PTR(-EINVAL);
	va = plat->ops->ram_plug(plat, pa, priv_size, &fd);
	if (IS_ERR(va))
		return ERR_CAST(va);
	/* Driver-private memory: 8-byte granule, as in the seed. */
	priv_mgr = tee_shm_pool_mgr_alloc_res_mem((unsigned long)va, pa,
						  priv_size, 3);
	if (IS_ERR(priv_mgr)) {
		pool = ERR_CAST(priv_mgr);
		goto err_unplug;
	}
	dmabuf_mgr = dmabuf_mgr_alloc(plat, pa + priv_size, size - priv_size);
	if (IS_ERR(dmabuf_mgr)) {
		pool = ERR_CAST(dmabuf_mgr);
		goto err_priv;
	}
	pool = tee_shm_pool_alloc(priv_mgr, dmabuf_mgr);
	if (IS_ERR(pool))
		goto err_dmabuf;
	lb->priv_pa = pa;
	return pool;

err_dmabuf:
	dmabuf_mgr->ops->destroy_poolmgr(dmabuf_mgr);
err_priv:
	priv_mgr->ops->destroy_poolmgr(priv_mgr);
err_unplug:
	plat->ops->ram_unplug(plat, pa);
	return pool;
}
