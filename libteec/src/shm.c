// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shared memory: TEEC_RegisterSharedMemory(), TEEC_AllocateSharedMemory(),
 * TEEC_RegisterSharedMemoryFileDescriptor() and TEEC_ReleaseSharedMemory(),
 * and the temporary memory of TEMP memrefs.
 *
 * Registering application memory.  A device with TEE_GEN_CAP_REG_MEM maps
 * the application's pages itself (TEE_IOC_SHM_REGISTER), so the TEE sees
 * the buffer directly.  Without it (teed, older kernels), or when it will
 * not take these pages, we do what OP-TEE's libteec does: allocate a
 * shadow buffer of the same size with TEE_IOC_SHM_ALLOC, keep its mapping
 * in imp.shadow_buffer, and copy the referenced bytes from the
 * application's buffer into the shadow before each call that reads them
 * and back after each call that writes them (param.c).  The application
 * keeps using @buffer throughout.
 *
 * Every live TEEC_SharedMemory holds a reference on its device and keeps
 * the shm fd open (imp.registered_fd) until it is released.
 *
 * Allocated memory is kept for reuse.  Asking the device for memory and
 * giving it back is two round trips to teed, a new memory file there and
 * its RAM announced to the secure world and retired again: about ten
 * times what the memory file alone costs.  So TEEC_ReleaseSharedMemory()
 * of memory TEEC_AllocateSharedMemory() made puts it into the context's
 * cache of temporary buffers (tmpref_cache.c, bounded), and the next
 * allocation (or TEMP memref) of the context takes it again, zeroed as
 * fresh memory is.  Memory never passes to another context; the TEE
 * reaches it only during a call that names it (teebox copies memrefs
 * through the TA's parameter window), so keeping it registered shows
 * nothing to anyone; TEEC_FinalizeContext() releases it.  While it is
 * kept, the application's mapping of it is PROT_NONE, so a pointer kept
 * into released memory faults, as after OP-TEE's munmap (TEEC_SHM_CLIENT,
 * tmpref_cache.c).
 */
#include <string.h>
#include <sys/mman.h>

#include "teec_private.h"

#define TEEC_MEM_INOUT (TEEC_MEM_INPUT | TEEC_MEM_OUTPUT)

static bool flags_ok(uint32_t flags)
{
	return flags && !(flags & ~(uint32_t)TEEC_MEM_INOUT);
}

/* Marks @shm live in the context of @dev with @what (TEEC_SHM_*). */
static void set_live(TEEC_SharedMemory *shm, struct teec_dev *dev,
		     uint32_t what)
{
	shm->imp.flags = TEEC_SHM_LIVE | what |
			 ((uint32_t)dev->handle << TEEC_SHM_HANDLE_SHIFT);
}

/*
 * TEE_IOC_SHM_ALLOC of @size bytes and a mapping of it.  Returns
 * TEEC_SUCCESS with *@fd, *@id and *@va, or the error with *@origin.
 */
static TEEC_Result alloc_mapped(struct teec_dev *dev, size_t size, int *fd,
				int *id, void **va, uint32_t *origin)
{
	struct tee_ioctl_shm_alloc_data data = {.size = size};
	long rc;

	rc = dev->ops->ioctl(dev->tdev, TEE_IOC_SHM_ALLOC, &data);
	if (rc < 0) {
		*origin = TEEC_ORIGIN_COMMS;
		return teec_errno_result((int)-rc);
	}
	*va = dev->ops->mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
			     (int)rc, 0);
	if (*va == MAP_FAILED) {
		dev->ops->close_shm(dev->tdev, (int)rc);
		*origin = TEEC_ORIGIN_API;
		return TEEC_ERROR_OUT_OF_MEMORY;
	}
	*fd = (int)rc;
	*id = data.id;
	return TEEC_SUCCESS;
}

TEEC_Result teec_shm_alloc(struct teec_dev *dev, TEEC_SharedMemory *shm,
			   uint32_t *origin)
{
	size_t size = shm->size ? shm->size : TEEC_SHM_MIN_ALLOC;
	TEEC_Result res;
	void *va;
	int fd, id;

	res = alloc_mapped(dev, size, &fd, &id, &va, origin);
	if (res != TEEC_SUCCESS)
		return res;
	teec_dev_ref(dev);
	shm->buffer = va;
	shm->imp.id = id;
	shm->imp.alloced_size = size;
	shm->imp.shadow_buffer = NULL;
	shm->imp.registered_fd = fd;
	set_live(shm, dev, TEEC_SHM_BUF_MAPPED);
	return TEEC_SUCCESS;
}

/* Registers @shm->buffer itself (TEE_IOC_SHM_REGISTER). */
static TEEC_Result register_direct(struct teec_dev *dev, TEEC_SharedMemory *shm,
				   size_t size)
{
	struct tee_ioctl_shm_register_data data = {
		.addr = (uintptr_t)shm->buffer,
		.length = size,
	};
	long rc;

	rc = dev->ops->ioctl(dev->tdev, TEE_IOC_SHM_REGISTER, &data);
	if (rc < 0)
		return teec_errno_result((int)-rc);
	shm->imp.id = data.id;
	shm->imp.shadow_buffer = NULL;
	shm->imp.registered_fd = (int)rc;
	set_live(shm, dev, 0);
	return TEEC_SUCCESS;
}

/* Gives @shm a shadow buffer of @size bytes (see the file comment). */
static TEEC_Result register_shadow(struct teec_dev *dev, TEEC_SharedMemory *shm,
				   size_t size)
{
	uint32_t origin;
	TEEC_Result res;
	void *va;
	int fd, id;

	res = alloc_mapped(dev, size, &fd, &id, &va, &origin);
	if (res != TEEC_SUCCESS)
		return res;
	shm->imp.id = id;
	shm->imp.shadow_buffer = va;
	shm->imp.registered_fd = fd;
	set_live(shm, dev, TEEC_SHM_SHADOW);
	return TEEC_SUCCESS;
}

/* Registers @shm in place if the device takes it, else with a shadow. */
static TEEC_Result register_any(struct teec_dev *dev, TEEC_SharedMemory *shm,
				size_t size)
{
	TEEC_Result res = TEEC_ERROR_NOT_SUPPORTED;

	if (dev->gen_caps & TEE_GEN_CAP_REG_MEM)
		res = register_direct(dev, shm, size);
	/*
	 * Memory the device will not take in place gets a shadow buffer, as
	 * in OP-TEE's TEEC_RegisterSharedMemory() (there: read-only pages
	 * the kernel refuses; with teed also the calling thread's stack).
	 * GP lets any buffer of the application be registered.
	 */
	if (res != TEEC_SUCCESS)
		res = register_shadow(dev, shm, size);
	return res;
}

TEEC_Result TEEC_RegisterSharedMemory(TEEC_Context *context,
				      TEEC_SharedMemory *sharedMem)
{
	struct teec_dev *dev;
	TEEC_Result res;
	size_t size;

	if (!context || !sharedMem || !sharedMem->buffer ||
	    !flags_ok(sharedMem->flags))
		return TEEC_ERROR_BAD_PARAMETERS;
	dev = teec_dev_get(context->imp.fd, false);
	if (!dev)
		return TEEC_ERROR_BAD_PARAMETERS;
	size = sharedMem->size ? sharedMem->size : TEEC_SHM_MIN_ALLOC;
	res = register_any(dev, sharedMem, size);
	/* What the context keeps for reuse may be what the device lacks. */
	if (res == TEEC_ERROR_OUT_OF_MEMORY && teec_tmpref_flush(dev))
		res = register_any(dev, sharedMem, size);
	if (res != TEEC_SUCCESS) {
		teec_dev_put(dev);
		return res;
	}
	/* The memory keeps the reference taken by teec_dev_get(). */
	sharedMem->imp.alloced_size = size;
	return TEEC_SUCCESS;
}

TEEC_Result TEEC_AllocateSharedMemory(TEEC_Context *context,
				      TEEC_SharedMemory *sharedMem)
{
	struct teec_dev *dev;
	uint32_t origin, flags;
	TEEC_Result res;
	size_t size;

	if (!context || !sharedMem || !flags_ok(sharedMem->flags))
		return TEEC_ERROR_BAD_PARAMETERS;
	dev = teec_dev_get(context->imp.fd, false);
	if (!dev)
		return TEEC_ERROR_BAD_PARAMETERS;
	size = sharedMem->size;
	flags = sharedMem->flags;
	/* Memory the context released comes back first (see above). */
	if (teec_tmpref_take(dev, size, sharedMem)) {
		sharedMem->size = size;
		sharedMem->flags = flags;
		/* As fresh from the device: nothing of its use shows. */
		memset(sharedMem->buffer, 0, sharedMem->imp.alloced_size);
		res = TEEC_SUCCESS;
	} else {
		res = teec_shm_alloc(dev, sharedMem, &origin);
		/* What the context keeps may be what the device lacks. */
		if (res == TEEC_ERROR_OUT_OF_MEMORY && teec_tmpref_flush(dev))
			res = teec_shm_alloc(dev, sharedMem, &origin);
	}
	/* The application has it: hidden whenever the cache keeps it. */
	if (res == TEEC_SUCCESS)
		sharedMem->imp.flags |= TEEC_SHM_CLIENT;
	teec_dev_put(dev);
	return res;
}

TEEC_Result
TEEC_RegisterSharedMemoryFileDescriptor(TEEC_Context *context,
					TEEC_SharedMemory *sharedMem, int fd)
{
	struct tee_ioctl_shm_register_fd_data data = {.fd = fd};
	struct teec_dev *dev;
	long rc;

	if (!context || !sharedMem || fd < 0 || !flags_ok(sharedMem->flags))
		return TEEC_ERROR_BAD_PARAMETERS;
	dev = teec_dev_get(context->imp.fd, false);
	if (!dev)
		return TEEC_ERROR_BAD_PARAMETERS;
	rc = dev->ops->ioctl(dev->tdev, TEE_IOC_SHM_REGISTER_FD, &data);
	if (rc < 0) {
		teec_dev_put(dev);
		return teec_errno_result((int)-rc);
	}
	/* The TEE reaches the memory through the fd only: no buffer. */
	sharedMem->buffer = NULL;
	sharedMem->size = data.size;
	sharedMem->imp.id = data.id;
	sharedMem->imp.alloced_size = data.size;
	sharedMem->imp.shadow_buffer = NULL;
	sharedMem->imp.registered_fd = (int)rc;
	set_live(sharedMem, dev, 0);
	return TEEC_SUCCESS;
}

bool teec_shm_check(const TEEC_SharedMemory *shm, int handle)
{
	return shm && (shm->imp.flags & TEEC_SHM_LIVE) &&
	       (int)(shm->imp.flags >> TEEC_SHM_HANDLE_SHIFT) == handle;
}

void teec_shm_release(TEEC_SharedMemory *shm)
{
	struct teec_dev *dev;
	uint32_t flags;

	if (!shm || !(shm->imp.flags & TEEC_SHM_LIVE))
		return;
	flags = shm->imp.flags;
	dev = teec_dev_get((int)(flags >> TEEC_SHM_HANDLE_SHIFT), true);
	if (dev) {
		if (flags & TEEC_SHM_BUF_MAPPED)
			dev->ops->munmap(shm->buffer, shm->imp.alloced_size);
		if (flags & TEEC_SHM_SHADOW)
			dev->ops->munmap(shm->imp.shadow_buffer,
					 shm->imp.alloced_size);
		if (shm->imp.registered_fd >= 0)
			dev->ops->close_shm(dev->tdev, shm->imp.registered_fd);
	}
	/* GP: memory the library allocated leaves as NULL, size 0. */
	if (flags & TEEC_SHM_BUF_MAPPED) {
		shm->buffer = NULL;
		shm->size = 0;
	}
	shm->imp.id = -1;
	shm->imp.alloced_size = 0;
	shm->imp.shadow_buffer = NULL;
	shm->imp.registered_fd = -1;
	shm->imp.flags = 0;
	if (dev) {
		teec_dev_put(dev); /* the lookup's */
		teec_dev_put(dev); /* the memory's */
	}
}

void TEEC_ReleaseSharedMemory(TEEC_SharedMemory *sharedMemory)
{
	TEEC_SharedMemory *shm = sharedMemory;
	struct teec_dev *dev = NULL;
	uint32_t flags;

	if (!shm || !(shm->imp.flags & TEEC_SHM_LIVE))
		return;
	flags = shm->imp.flags;
	/* Only memory we allocated and mapped goes back to the cache. */
	if ((flags & TEEC_SHM_BUF_MAPPED) && !(flags & TEEC_SHM_SHADOW))
		dev = teec_dev_get((int)(flags >> TEEC_SHM_HANDLE_SHIFT), true);
	if (!dev) {
		teec_shm_release(shm);
		return;
	}
	teec_tmpref_put(dev, shm);
	teec_dev_put(dev);
	/* GP: memory the library allocated leaves as NULL, size 0. */
	shm->buffer = NULL;
	shm->size = 0;
	shm->imp.id = -1;
	shm->imp.alloced_size = 0;
	shm->imp.shadow_buffer = NULL;
	shm->imp.registered_fd = -1;
	shm->imp.flags = 0;
}
