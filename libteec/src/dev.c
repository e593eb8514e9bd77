// SPDX-License-Identifier: BSD-2-Clause
/*
 * The devices behind TEEC_Context: the ops seam (teec_dev_ops.h), the
 * registry that maps the handle in TEEC_Context.imp.fd to an open device,
 * and the errno -> TEEC result mapping of device calls.
 *
 * TEEC_Context has room for an int and two bools (OP-TEE's layout), not for
 * a pointer, hence the registry.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "transport/tdev.h"
#include "teec_private.h"

static const struct teec_dev_ops default_ops = {
	.open = tdev_open,
	.ioctl = tdev_ioctl,
	.close_shm = tdev_close_shm,
	.close = tdev_close,
	.mmap = mmap,
	.munmap = munmap,
	.mprotect = mprotect,
};

/*
 * The registry.  registry_lock protects the list, next_handle, the @live
 * and @refs of every device in it, and cur_ops.
 */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct teec_dev *registry;
static int next_handle = 1;
static const struct teec_dev_ops *cur_ops = &default_ops;

void teec_set_dev_ops(const struct teec_dev_ops *ops)
{
	pthread_mutex_lock(&registry_lock);
	cur_ops = ops ? ops : &default_ops;
	pthread_mutex_unlock(&registry_lock);
}

const struct teec_dev_ops *teec_dev_ops_current(void)
{
	const struct teec_dev_ops *ops;

	pthread_mutex_lock(&registry_lock);
	ops = cur_ops;
	pthread_mutex_unlock(&registry_lock);
	return ops;
}

/* Called with registry_lock held. */
static struct teec_dev *find(int handle)
{
	struct teec_dev *d;

	for (d = registry; d; d = d->next)
		if (d->handle == handle)
			return d;
	return NULL;
}

/*
 * Handles count up and wrap, skipping ones in use, so a stale handle from a
 * finalized context does not name a new one until 2^24 contexts later.
 * Called with registry_lock held; 0 when every handle is taken.
 */
static int alloc_handle(void)
{
	for (int i = 0; i < TEEC_HANDLE_MAX; i++) {
		int h = next_handle;

		next_handle = h == TEEC_HANDLE_MAX ? 1 : h + 1;
		if (!find(h))
			return h;
	}
	return 0;
}

int teec_dev_add(const struct teec_dev_ops *ops, struct tdev *tdev,
		 uint32_t gen_caps, int *handle)
{
	struct teec_dev *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return -ENOMEM;
	dev->ops = ops;
	dev->tdev = tdev;
	dev->gen_caps = gen_caps;
	dev->live = true;
	dev->refs = 1;
	teec_tmpref_cache_init(&dev->tmpref_cache);
	pthread_mutex_lock(&registry_lock);
	dev->handle = alloc_handle();
	if (dev->handle) {
		dev->next = registry;
		registry = dev;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!dev->handle) {
		teec_tmpref_cache_destroy(&dev->tmpref_cache);
		free(dev);
		return -ENOMEM;
	}
	*handle = dev->handle;
	return 0;
}

struct teec_dev *teec_dev_get(int handle, bool finalized)
{
	struct teec_dev *dev;

	if (handle <= 0 || handle > TEEC_HANDLE_MAX)
		return NULL;
	pthread_mutex_lock(&registry_lock);
	dev = find(handle);
	if (dev && (dev->live || finalized))
		dev->refs++;
	else
		dev = NULL;
	pthread_mutex_unlock(&registry_lock);
	return dev;
}

void teec_dev_ref(struct teec_dev *dev)
{
	pthread_mutex_lock(&registry_lock);
	dev->refs++;
	pthread_mutex_unlock(&registry_lock);
}

/* Drops a reference with registry_lock held; true when it was the last. */
static bool put_locked(struct teec_dev *dev)
{
	struct teec_dev **p;

	if (--dev->refs)
		return false;
	for (p = &registry; *p; p = &(*p)->next) {
		if (*p == dev) {
			*p = dev->next;
			break;
		}
	}
	return true;
}

static void destroy(struct teec_dev *dev)
{
	dev->ops->close(dev->tdev);
	teec_tmpref_cache_destroy(&dev->tmpref_cache);
	free(dev);
}

void teec_dev_put(struct teec_dev *dev)
{
	bool last;

	if (!dev)
		return;
	pthread_mutex_lock(&registry_lock);
	last = put_locked(dev);
	pthread_mutex_unlock(&registry_lock);
	if (last)
		destroy(dev);
}

bool teec_dev_finalize(int handle)
{
	struct teec_dev *dev;
	bool found = false;

	if (handle <= 0 || handle > TEEC_HANDLE_MAX)
		return false;
	pthread_mutex_lock(&registry_lock);
	dev = find(handle);
	if (dev && dev->live) {
		found = true;
		dev->live = false;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!found)
		return false;
	/*
	 * The registry's reference is ours now; the cached temporary memory
	 * holds references too, so it goes first.
	 */
	teec_tmpref_cache_close(dev);
	teec_dev_put(dev);
	return true;
}

TEEC_Result teec_errno_result(int err)
{
	switch (err) {
	case ENOMEM:
		return TEEC_ERROR_OUT_OF_MEMORY;
	case EINVAL:
		return TEEC_ERROR_BAD_PARAMETERS;
	default:
		return TEEC_ERROR_GENERIC;
	}
}
