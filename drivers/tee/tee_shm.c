// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shared memory objects and their lifetimes (seed: tee_shm.c).
 *
 * Who holds a reference on a struct tee_shm:
 *  - whoever allocated or registered it, until it calls tee_shm_put();
 *  - the user's file (tee_shm_get_fd()), until the file is closed;
 *  - every memref parameter of a call in flight (tee_shm_get_from_id()),
 *    until the call returns;
 *  - a driver that keeps using it (e.g. memory the secure world caches).
 * The object is freed when the last reference goes, which may be after the
 * owning context was released: the context then clears shm->ctx.
 */
#include <errno.h>
#include <unistd.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "tee_private.h"

/* Registered memory owns its backing file: closed when it goes. */
static void close_backing(int fd)
{
	if (fd >= 0)
		close(fd);
}

/* Frees @shm; the last reference is gone. */
static void tee_shm_release(struct tee_shm *shm)
{
	struct tee_device *teedev = shm->teedev;

	mutex_lock(&teedev->mutex);
	if (shm->id > 0)
		idr_remove(&teedev->idr, shm->id);
	if (shm->ctx)
		list_del(&shm->link);
	mutex_unlock(&teedev->mutex);

	if (shm->flags & TEE_SHM_REGISTER) {
		/*
		 * Registered memory belongs to the user: tell the TEE to let
		 * go of it; the host closes the backing file it pinned.
		 */
		teedev->desc->ops->shm_unregister(teedev, shm);
		close_backing(shm->backing_fd);
	} else {
		struct tee_shm_pool_mgr *poolm;

		if (shm->flags & TEE_SHM_DMA_BUF)
			poolm = teedev->pool->dma_buf_mgr;
		else
			poolm = teedev->pool->private_mgr;
		poolm->ops->free(poolm, shm);
	}
	kfree(shm);
	tee_device_put(teedev);
}

/* Gives a user-visible @shm its id; the caller holds a device reference. */
static int tee_shm_assign_id(struct tee_device *teedev, struct tee_shm *shm)
{
	int id;

	mutex_lock(&teedev->mutex);
	id = idr_alloc(&teedev->idr, shm, 1, teedev->shm_id_max);
	mutex_unlock(&teedev->mutex);
	if (id == -ENOSPC)
		return -ENOMEM;
	if (id < 0)
		return id;
	shm->id = id;
	return 0;
}

static void tee_shm_link_context(struct tee_shm *shm, struct tee_context *ctx)
{
	mutex_lock(&ctx->teedev->mutex);
	list_add_tail(&shm->link, &ctx->list_shm);
	mutex_unlock(&ctx->teedev->mutex);
}

static struct tee_shm *tee_shm_new(struct tee_context *ctx, u32 flags)
{
	struct tee_shm *shm = kzalloc(sizeof(*shm));

	if (!shm)
		return NULL;
	refcount_set(&shm->refcount, 1);
	shm->flags = flags;
	shm->teedev = ctx->teedev;
	shm->ctx = ctx;
	shm->backing_fd = -1;
	shm->id = -1;
	INIT_LIST_HEAD(&shm->link);
	return shm;
}

struct tee_shm *tee_shm_alloc(struct tee_context *ctx, size_t size, u32 flags)
{
	struct tee_device *teedev = ctx->teedev;
	struct tee_shm_pool_mgr *poolm;
	struct tee_shm *shm;
	void *ret;
	int rc;

	if (!(flags & TEE_SHM_MAPPED)) {
		pr_err("%s: only mapped allocations supported", teedev->name);
		return ERR_PTR(-EINVAL);
	}
	if (flags & ~(TEE_SHM_MAPPED | TEE_SHM_DMA_BUF)) {
		pr_err("%s: invalid shm flags 0x%x", teedev->name, flags);
		return ERR_PTR(-EINVAL);
	}
	if (!tee_device_get(teedev))
		return ERR_PTR(-EINVAL);
	if (!teedev->pool) {
		/* The device has been detached from its driver. */
		ret = ERR_PTR(-EINVAL);
		goto err_dev_put;
	}

	shm = tee_shm_new(ctx, flags);
	if (!shm) {
		ret = ERR_PTR(-ENOMEM);
		goto err_dev_put;
	}
	if (flags & TEE_SHM_DMA_BUF)
		poolm = teedev->pool->dma_buf_mgr;
	else
		poolm = teedev->pool->private_mgr;
	rc = poolm->ops->alloc(poolm, shm, size);
	if (rc) {
		ret = ERR_PTR(rc);
		goto err_kfree;
	}

	/* Only memory user space can see gets an id (mainline). */
	if (flags & TEE_SHM_DMA_BUF) {
		rc = tee_shm_assign_id(teedev, shm);
		if (rc) {
			ret = ERR_PTR(rc);
			goto err_pool_free;
		}
	}
	tee_shm_link_context(shm, ctx);
	return shm;

err_pool_free:
	poolm->ops->free(poolm, shm);
err_kfree:
	kfree(shm);
err_dev_put:
	tee_device_put(teedev);
	return ret;
}

struct tee_shm *tee_shm_register(struct tee_context *ctx, void *kaddr,
				 size_t offset, size_t size, int backing_fd)
{
	struct tee_device *teedev = ctx->teedev;
	struct tee_shm *shm;
	void *ret;
	int rc;

	if (!tee_device_get(teedev))
		return ERR_PTR(-EINVAL);
	if (!teedev->desc->ops->shm_register ||
	    !teedev->desc->ops->shm_unregister) {
		ret = ERR_PTR(-ENOTSUPP);
		goto err_dev_put;
	}
	shm = tee_shm_new(ctx,
			  TEE_SHM_REGISTER | TEE_SHM_DMA_BUF | TEE_SHM_MAPPED);
	if (!shm) {
		ret = ERR_PTR(-ENOMEM);
		goto err_dev_put;
	}
	shm->kaddr = kaddr;
	shm->offset = offset;
	shm->size = size;
	shm->backing_fd = backing_fd;

	rc = tee_shm_assign_id(teedev, shm);
	if (rc) {
		ret = ERR_PTR(rc);
		goto err_kfree;
	}
	rc = teedev->desc->ops->shm_register(ctx, shm);
	if (rc) {
		ret = ERR_PTR(rc);
		goto err_remove_id;
	}
	tee_shm_link_context(shm, ctx);
	return shm;

err_remove_id:
	mutex_lock(&teedev->mutex);
	idr_remove(&teedev->idr, shm->id);
	mutex_unlock(&teedev->mutex);
err_kfree:
	kfree(shm);
err_dev_put:
	tee_device_put(teedev);
	close_backing(backing_fd);
	return ret;
}

int tee_shm_get_fd(struct tee_shm *shm, struct tee_uspace *us)
{
	int fd;

	if (!(shm->flags & TEE_SHM_DMA_BUF) || !us->ops ||
	    !us->ops->install_shm_fd)
		return -EINVAL;

	/* The file takes its own reference; given back if it fails. */
	tee_shm_get(shm);
	fd = us->ops->install_shm_fd(us, shm);
	if (fd < 0)
		tee_shm_put(shm);
	return fd;
}

void tee_shm_free(struct tee_shm *shm)
{
	tee_shm_put(shm);
}

void tee_shm_get(struct tee_shm *shm)
{
	refcount_inc(&shm->refcount);
}

void tee_shm_put(struct tee_shm *shm)
{
	if (refcount_dec_and_test(&shm->refcount))
		tee_shm_release(shm);
}

struct tee_shm *tee_shm_get_from_id(struct tee_context *ctx, int id)
{
	struct tee_device *teedev;
	struct tee_shm *shm;

	if (!ctx)
		return ERR_PTR(-EINVAL);

	teedev = ctx->teedev;
	mutex_lock(&teedev->mutex);
	shm = idr_find(&teedev->idr, id);
	/*
	 * The object may be on its way out (count already zero, not yet
	 * removed from the idr): treat it as gone.
	 */
	if (!shm || shm->ctx != ctx || !refcount_inc_not_zero(&shm->refcount))
		shm = ERR_PTR(-EINVAL);
	mutex_unlock(&teedev->mutex);
	return shm;
}

void tee_shm_detach_context(struct tee_context *ctx)
{
	struct tee_shm *shm, *tmp;

	mutex_lock(&ctx->teedev->mutex);
	list_for_each_entry_safe(shm, tmp, &ctx->list_shm, link) {
		list_del(&shm->link);
		shm->ctx = NULL;
	}
	mutex_unlock(&ctx->teedev->mutex);
}

int tee_shm_for_each(struct tee_context *ctx,
		     int (*fn)(const struct tee_shm *shm, void *arg), void *arg)
{
	struct tee_shm *shm;
	int rc = 0;

	mutex_lock(&ctx->teedev->mutex);
	list_for_each_entry(shm, &ctx->list_shm, link) {
		rc = fn(shm, arg);
		if (rc)
			break;
	}
	mutex_unlock(&ctx->teedev->mutex);
	return rc;
}

int tee_shm_get_id(struct tee_shm *shm)
{
	return shm->id;
}

size_t tee_shm_get_size(struct tee_shm *shm)
{
	return shm->size;
}

void *tee_shm_get_va(struct tee_shm *shm, size_t offs)
{
	if (!shm->kaddr || offs >= shm->size)
		return ERR_PTR(-EINVAL);
	return (char *)shm->kaddr + offs;
}

int tee_shm_get_pa(struct tee_shm *shm, size_t offs, phys_addr_t *pa)
{
	if (offs >= shm->size)
		return -EINVAL;
	if (pa)
		*pa = shm->paddr + offs;
	return 0;
}

int tee_shm_va2pa(struct tee_shm *shm, void *va, phys_addr_t *pa)
{
	char *p = va;
	char *start = shm->kaddr;

	/* Check that we're in the range of the shm. */
	if (!start || p < start || p >= start + shm->size)
		return -EINVAL;
	return tee_shm_get_pa(shm, (size_t)(p - start), pa);
}

int tee_shm_pa2va(struct tee_shm *shm, phys_addr_t pa, void **va)
{
	void *v;

	/* Check that we're in the range of the shm. */
	if (pa < shm->paddr || pa - shm->paddr >= shm->size)
		return -EINVAL;
	if (va) {
		v = tee_shm_get_va(shm, (size_t)(pa - shm->paddr));
		if (IS_ERR(v))
			return (int)PTR_ERR(v);
		*va = v;
	}
	return 0;
}
