// SPDX-License-Identifier: BSD-2-Clause
/*
 * The loopback TEE's shared memory pool, over a physical range the board
 * gives it (BOARD_LOOPBACK_SHM_BASE, machine/board.h).
 *
 * Driver-private memory is the generic best-fit manager over the first
 * pages of the range, plugged once.  Memory user space maps works as in
 * the OP-TEE driver: the rest of the range is address space, and each
 * allocation is RAM of its own plugged at the address the allocator
 * picked, so the file handed to user space (backing_fd) holds that
 * allocation and nothing else.  Both managers are the core's
 * (tee_shm_pool.c); the OP-TEE driver wraps the same two.
 */
#include <errno.h>

#include "loopback_private.h"

struct tee_shm_pool *loopback_shm_pool_alloc(struct loopback *lb,
					     phys_addr_t pa, size_t size)
{
	size_t priv_size = LOOPBACK_PRIV_PAGES * PAGE_SIZE;
	struct tee_shm_pool_mgr *priv_mgr;
	struct tee_shm_pool_mgr *dmabuf_mgr;
	struct tee_shm_pool *pool;

	if (size <= priv_size)
		return ERR_PTR(-EINVAL);
	/* Driver-private memory: 8-byte granule, as in the seed. */
	priv_mgr = tee_shm_pool_mgr_alloc_plugged(lb->plat, pa, priv_size, 3);
	if (IS_ERR(priv_mgr))
		return ERR_CAST(priv_mgr);
	dmabuf_mgr = tee_shm_pool_mgr_alloc_plug_each(lb->plat, pa + priv_size,
						      size - priv_size);
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
	return pool;
}
