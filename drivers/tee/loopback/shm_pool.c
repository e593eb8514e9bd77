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
 * allocation and nothing else.  The core makes both managers and the
 * pool (tee_shm_pool_alloc_plugged()); the OP-TEE driver wraps the same
 * two.
 */
#include <errno.h>

#include "loopback_private.h"

struct tee_shm_pool *loopback_shm_pool_alloc(struct loopback *lb,
					     phys_addr_t pa, size_t size)
{
	struct tee_shm_pool *pool;

	pool = tee_shm_pool_alloc_plugged(lb->plat, pa, size,
					  LOOPBACK_PRIV_PAGES * PAGE_SIZE, NULL,
					  NULL);
	if (!IS_ERR(pool))
		lb->priv_pa = pa;
	return pool;
}
