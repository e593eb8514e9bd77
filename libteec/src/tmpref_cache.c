// SPDX-License-Identifier: BSD-2-Clause
/*
 * The shared memory of TEMP memrefs, kept for the next call.
 *
 * A temporary memref needs shared memory the size of the application's
 * buffer for the length of one call.  Making it afresh each time costs
 * far more than the call (a new memory file, RAM announced to the secure
 * world, mapped, faulted in, unmapped, closed), so buffers that were used
 * go back to a small cache of their context and the next call of any
 * session of the context reuses one of a fitting size.
 *
 * What a TA may see.  A buffer is shared with the TEE for one call only:
 * teebox's secure world copies memrefs through the TA's parameter window
 * and never maps client memory into a TA, and OP-TEE unmaps a call's
 * params from the TA when the call returns.  So a TA keeps nothing of a
 * buffer after its call, and a buffer can serve every session of the
 * context, whatever TA is behind it.  It never serves another context:
 * caches are per context, and TEEC_FinalizeContext() releases them.
 * Every byte of a reused buffer the call exposes is written first: the
 * input copied in, the rest zeroed (param.c), so the TA sees exactly what
 * a fresh, zeroed allocation would show, never an earlier call's bytes.
 *
 * Bounds.  At most TEEC_TMPREF_CACHE_MAX buffers and TEEC_TMPREF_CACHE_BYTES
 * bytes (teec_tmpref_set_limit()) per context are kept; the least
 * recently used go first, and a buffer larger than the bound is released
 * after its call.  Memory TEEC_AllocateSharedMemory() made comes here
 * too when it is released, and is taken again by the next allocation or
 * call of the context (shm.c).  In reserved shared memory all clients
 * share a pool of a few MiB, so when an allocation fails the context lets
 * go of every buffer it keeps and tries once more.
 *
 * Pointers the application kept.  With OP-TEE's libteec,
 * TEEC_ReleaseSharedMemory() munmaps allocated memory, so a pointer the
 * application kept into it faults.  A buffer the application had
 * (TEEC_SHM_CLIENT) is therefore made PROT_NONE before the cache keeps it
 * and readable and writable again only when it is taken out, so such a
 * pointer faults here too instead of reaching memory a later allocation
 * gets.  mprotect() is the cheapest way measured on a 2-vCPU VM: 2 us the
 * pair for 4 KiB, 35 us for 1 MiB, where dropping the pages
 * (MADV_DONTNEED) or unmapping and mapping again costs 4.6-6.4 us and
 * 440-490 us because every page faults back in (docs/architecture.md).
 * Buffers only libteec ever had (those of TEMP memrefs) are not
 * protected: no pointer of the application reaches them.
 *
 * Threads.  A buffer in use belongs to its call alone: it is taken out of
 * the cache for the call and put back after it.  The cache lock is never
 * held across a device call.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>

#include "teec_private.h"

/* Sizes are rounded up to pages, so that nearby sizes share buffers. */
#define TMPREF_ALIGN 4096

/* The byte bound in force (teec_tmpref_set_limit()). */
static atomic_size_t cache_limit = TEEC_TMPREF_CACHE_BYTES;

void teec_tmpref_set_limit(size_t bytes)
{
	atomic_store(&cache_limit, bytes ? bytes : TEEC_TMPREF_CACHE_BYTES);
}

static size_t tmpref_alloc_size(size_t size)
{
	if (size < TEEC_SHM_MIN_ALLOC)
		size = TEEC_SHM_MIN_ALLOC;
	return (size + TMPREF_ALIGN - 1) & ~(size_t)(TMPREF_ALIGN - 1);
}

void teec_tmpref_cache_init(struct teec_tmpref_cache *c)
{
	pthread_mutex_init(&c->lock, NULL);
	c->closed = false;
	c->clock = 0;
	c->bytes = 0;
	for (int i = 0; i < TEEC_TMPREF_CACHE_MAX; i++)
		c->slot[i].used = false;
}

void teec_tmpref_cache_destroy(struct teec_tmpref_cache *c)
{
	pthread_mutex_destroy(&c->lock);
}

/* Takes slot @i out of the cache into @out.  Called with the lock held. */
static void take_locked(struct teec_tmpref_cache *c, int i,
			TEEC_SharedMemory *out)
{
	*out = c->slot[i].shm;
	c->slot[i].used = false;
	c->bytes -= out->imp.alloced_size;
}

/*
 * The smallest cached buffer that holds @size bytes and is less than
 * twice @alloc, their page-rounded size (a bigger one would cost more
 * zeroing than it saves), or -1.  Called with the lock held.
 */
static int best_fit_locked(struct teec_tmpref_cache *c, size_t size,
			   size_t alloc)
{
	int best = -1;

	for (int i = 0; i < TEEC_TMPREF_CACHE_MAX; i++) {
		const struct teec_tmpref_slot *s = &c->slot[i];
		size_t have = s->shm.imp.alloced_size;

		if (!s->used || have < size || have >= 2 * alloc)
			continue;
		if (best < 0 || have < c->slot[best].shm.imp.alloced_size)
			best = i;
	}
	return best;
}

/*
 * Takes out every cached buffer into @out (room for
 * TEEC_TMPREF_CACHE_MAX).  Return: how many.
 */
static int take_all(struct teec_tmpref_cache *c, TEEC_SharedMemory *out)
{
	int n = 0;

	pthread_mutex_lock(&c->lock);
	for (int i = 0; i < TEEC_TMPREF_CACHE_MAX; i++)
		if (c->slot[i].used)
			take_locked(c, i, &out[n++]);
	pthread_mutex_unlock(&c->lock);
	return n;
}

static void release_all(TEEC_SharedMemory *shm, int n)
{
	for (int i = 0; i < n; i++)
		teec_shm_release(&shm[i]);
}

/*
 * Makes the mapping of a buffer the application had inaccessible while
 * the cache keeps it (see the file comment).  Return: 0 or -1.
 */
static int hide(struct teec_dev *dev, TEEC_SharedMemory *shm)
{
	if (!(shm->imp.flags & TEEC_SHM_CLIENT))
		return 0;
	return dev->ops->mprotect(shm->buffer, shm->imp.alloced_size,
				  PROT_NONE);
}

/* Undoes hide() for a buffer taken out of the cache.  Return: 0 or -1. */
static int unhide(struct teec_dev *dev, TEEC_SharedMemory *shm)
{
	if (!(shm->imp.flags & TEEC_SHM_CLIENT))
		return 0;
	return dev->ops->mprotect(shm->buffer, shm->imp.alloced_size,
				  PROT_READ | PROT_WRITE);
}

bool teec_tmpref_take(struct teec_dev *dev, size_t size, TEEC_SharedMemory *shm)
{
	struct teec_tmpref_cache *c = &dev->tmpref_cache;
	int i;

	if (size < TEEC_SHM_MIN_ALLOC)
		size = TEEC_SHM_MIN_ALLOC;
	if (size > SIZE_MAX - TMPREF_ALIGN)
		return false;
	pthread_mutex_lock(&c->lock);
	i = best_fit_locked(c, size, tmpref_alloc_size(size));
	if (i >= 0)
		take_locked(c, i, shm);
	pthread_mutex_unlock(&c->lock);
	if (i < 0)
		return false;
	if (unhide(dev, shm)) {
		teec_shm_release(shm);
		return false;
	}
	return true;
}

TEEC_Result teec_tmpref_get(struct teec_dev *dev, size_t size,
			    TEEC_SharedMemory *shm, bool *reused,
			    uint32_t *origin)
{
	TEEC_Result res;

	/* Rounding up would wrap to a small buffer the copy then overruns. */
	if (size > SIZE_MAX - TMPREF_ALIGN) {
		*origin = TEEC_ORIGIN_API;
		return TEEC_ERROR_OUT_OF_MEMORY;
	}
	*reused = teec_tmpref_take(dev, size, shm);
	if (*reused)
		return TEEC_SUCCESS;
	shm->size = tmpref_alloc_size(size);
	res = teec_shm_alloc(dev, shm, origin);
	if (res != TEEC_ERROR_OUT_OF_MEMORY)
		return res;
	/* Memory this context keeps may be what the device lacks. */
	if (!teec_tmpref_flush(dev))
		return res;
	shm->size = tmpref_alloc_size(size);
	return teec_shm_alloc(dev, shm, origin);
}

/*
 * The least recently used cached buffer, or -1 if none.  Called with the
 * lock held.
 */
static int lru_locked(struct teec_tmpref_cache *c)
{
	int lru = -1;

	for (int i = 0; i < TEEC_TMPREF_CACHE_MAX; i++)
		if (c->slot[i].used &&
		    (lru < 0 || c->slot[i].last_use < c->slot[lru].last_use))
			lru = i;
	return lru;
}

/* A free slot, or -1.  Called with the lock held. */
static int free_slot_locked(struct teec_tmpref_cache *c)
{
	for (int i = 0; i < TEEC_TMPREF_CACHE_MAX; i++)
		if (!c->slot[i].used)
			return i;
	return -1;
}

void teec_tmpref_put(struct teec_dev *dev, TEEC_SharedMemory *shm)
{
	struct teec_tmpref_cache *c = &dev->tmpref_cache;
	TEEC_SharedMemory evicted[TEEC_TMPREF_CACHE_MAX];
	size_t size = shm->imp.alloced_size;
	size_t limit = atomic_load(&cache_limit);
	int n = 0, i;

	if (!(shm->imp.flags & TEEC_SHM_LIVE))
		return;
	/* Hidden before it is in the cache: another thread may take it. */
	if (size > limit || hide(dev, shm)) {
		teec_shm_release(shm);
		return;
	}
	pthread_mutex_lock(&c->lock);
	if (c->closed) {
		pthread_mutex_unlock(&c->lock);
		teec_shm_release(shm);
		return;
	}
	while ((i = free_slot_locked(c)) < 0 || c->bytes + size > limit)
		take_locked(c, lru_locked(c), &evicted[n++]);
	c->slot[i].shm = *shm;
	c->slot[i].last_use = ++c->clock;
	c->slot[i].used = true;
	c->bytes += size;
	pthread_mutex_unlock(&c->lock);
	/* The cache has it now: the call's copy must not release it. */
	shm->imp.flags = 0;
	release_all(evicted, n);
}

int teec_tmpref_flush(struct teec_dev *dev)
{
	TEEC_SharedMemory shm[TEEC_TMPREF_CACHE_MAX];
	int n = take_all(&dev->tmpref_cache, shm);

	release_all(shm, n);
	return n;
}

void teec_tmpref_cache_close(struct teec_dev *dev)
{
	struct teec_tmpref_cache *c = &dev->tmpref_cache;
	TEEC_SharedMemory shm[TEEC_TMPREF_CACHE_MAX];
	int n;

	pthread_mutex_lock(&c->lock);
	c->closed = true;
	pthread_mutex_unlock(&c->lock);
	n = take_all(c, shm);
	release_all(shm, n);
}
