// SPDX-License-Identifier: BSD-2-Clause
/*
 * The parameters of an operation as the ioctls carry them (docs/abi.md §6.4)
 * and back:
 *
 *   VALUE_*          a, b = value.a, value.b; c = 0
 *   MEMREF_TEMP_*    a temporary shm of at least the buffer's size (a
 *                    cached one of the context, tmpref_cache.c): a = 0,
 *                    b = size, c = its id; input data copied in before
 *                    the call, output copied back after.  A NULL buffer of size 0 is
 *                    c = TEE_MEMREF_NULL when the device accepts that.
 *   MEMREF_WHOLE     direction from the parent's flags; a = 0,
 *                    b = parent size, c = parent id
 *   MEMREF_PARTIAL_* a = offset, b = size, c = parent id; the parent must
 *                    allow the direction and hold offset + size bytes
 *
 * Output values and sizes are written back whatever the TEE answered (a
 * TEEC_ERROR_SHORT_BUFFER carries the size the TA needs); output data only
 * when it fits the application's buffer.
 */
#include <string.h>

#include "teec_private.h"

#define TEEC_MEM_INOUT (TEEC_MEM_INPUT | TEEC_MEM_OUTPUT)

/* VALUE types pass through unchanged. */
_Static_assert(TEEC_VALUE_INPUT == TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT &&
		       TEEC_VALUE_OUTPUT ==
			       TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT &&
		       TEEC_VALUE_INOUT ==
			       TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
	       "TEEC_VALUE_* equal the ioctl attributes");

/* The shared memory flags a parameter type needs (0 for non-memrefs). */
static uint32_t type_dir(uint32_t type)
{
	switch (type) {
	case TEEC_MEMREF_TEMP_INPUT:
	case TEEC_MEMREF_PARTIAL_INPUT:
		return TEEC_MEM_INPUT;
	case TEEC_MEMREF_TEMP_OUTPUT:
	case TEEC_MEMREF_PARTIAL_OUTPUT:
		return TEEC_MEM_OUTPUT;
	case TEEC_MEMREF_TEMP_INOUT:
	case TEEC_MEMREF_PARTIAL_INOUT:
		return TEEC_MEM_INOUT;
	default:
		return 0;
	}
}

/* The ioctl memref attribute for direction flags @dir. */
static uint64_t memref_attr(uint32_t dir)
{
	switch (dir & TEEC_MEM_INOUT) {
	case TEEC_MEM_INPUT:
		return TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT;
	case TEEC_MEM_OUTPUT:
		return TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT;
	default:
		return TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT;
	}
}

/*
 * Writes every byte of @tmp the call exposes: the application's input, and
 * zeros where a reused buffer would otherwise show an earlier call's bytes
 * (tmpref_cache.c).  Fresh memory comes zeroed from the device.
 */
static void fill_tmp(TEEC_SharedMemory *tmp,
		     const TEEC_TempMemoryReference *ref, uint32_t dir,
		     bool reused)
{
	char *va = tmp->buffer;

	if ((dir & TEEC_MEM_INPUT) && ref->size)
		memcpy(va, ref->buffer, ref->size);
	else if (reused)
		memset(va, 0, ref->size);
	if (reused)
		memset(va + ref->size, 0, tmp->imp.alloced_size - ref->size);
}

static TEEC_Result from_tmpref(struct teec_dev *dev, uint32_t type,
			       const TEEC_TempMemoryReference *ref,
			       struct tee_ioctl_param *p,
			       TEEC_SharedMemory *tmp, uint32_t *origin)
{
	TEEC_Result res;
	bool reused;

	p->attr = memref_attr(type_dir(type));
	p->b = ref->size;
	if (!ref->buffer) {
		/* GP: a NULL buffer comes only with size 0. */
		if (ref->size)
			return TEEC_ERROR_BAD_PARAMETERS;
		if (dev->gen_caps & TEE_GEN_CAP_MEMREF_NULL) {
			p->c = TEE_MEMREF_NULL;
			return TEEC_SUCCESS;
		}
	}
	tmp->flags = type_dir(type);
	res = teec_tmpref_get(dev, ref->size, tmp, &reused, origin);
	if (res != TEEC_SUCCESS)
		return res;
	fill_tmp(tmp, ref, type_dir(type), reused);
	p->c = (uint64_t)tmp->imp.id;
	return TEEC_SUCCESS;
}

/*
 * Checks a registered memref's parent and copies the referenced bytes into
 * its shadow buffer when the TEE will read them.
 */
static TEEC_Result from_memref(int handle, uint32_t type,
			       const TEEC_RegisteredMemoryReference *ref,
			       struct tee_ioctl_param *p)
{
	const TEEC_SharedMemory *shm = ref->parent;
	size_t offset = 0, size;
	uint32_t dir;

	/* A size grown past what was registered would overrun the shadow. */
	if (!teec_shm_check(shm, handle) || shm->size > shm->imp.alloced_size)
		return TEEC_ERROR_BAD_PARAMETERS;
	if (type == TEEC_MEMREF_WHOLE) {
		dir = shm->flags & TEEC_MEM_INOUT;
		if (!dir)
			return TEEC_ERROR_BAD_PARAMETERS;
		size = shm->size;
	} else {
		dir = type_dir(type);
		if ((shm->flags & dir) != dir)
			return TEEC_ERROR_BAD_PARAMETERS;
		offset = ref->offset;
		size = ref->size;
		if (offset > shm->size || size > shm->size - offset)
			return TEEC_ERROR_BAD_PARAMETERS;
	}
	if (shm->imp.shadow_buffer && (dir & TEEC_MEM_INPUT) && size)
		memcpy((char *)shm->imp.shadow_buffer + offset,
		       (const char *)shm->buffer + offset, size);
	p->attr = memref_attr(dir);
	p->a = offset;
	p->b = size;
	p->c = (uint64_t)shm->imp.id;
	return TEEC_SUCCESS;
}

TEEC_Result teec_params_from_op(struct teec_dev *dev, int handle,
				TEEC_Operation *op,
				struct tee_ioctl_param *params,
				TEEC_SharedMemory *tmp, uint32_t *origin)
{
	TEEC_Result res = TEEC_SUCCESS;

	memset(params, 0,
	       TEEC_CONFIG_PAYLOAD_REF_COUNT * sizeof(struct tee_ioctl_param));
	memset(tmp, 0, TEEC_CONFIG_PAYLOAD_REF_COUNT * sizeof(*tmp));
	*origin = TEEC_ORIGIN_API;
	if (!op)
		return TEEC_SUCCESS;
	for (int n = 0; n < TEEC_CONFIG_PAYLOAD_REF_COUNT; n++) {
		uint32_t type = TEEC_PARAM_TYPE_GET(op->paramTypes, n);
		TEEC_Parameter *gp = &op->params[n];
		struct tee_ioctl_param *p = &params[n];

		switch (type) {
		case TEEC_NONE:
			break;
		case TEEC_VALUE_INPUT:
		case TEEC_VALUE_OUTPUT:
		case TEEC_VALUE_INOUT:
			p->attr = type;
			p->a = gp->value.a;
			p->b = gp->value.b;
			break;
		case TEEC_MEMREF_TEMP_INPUT:
		case TEEC_MEMREF_TEMP_OUTPUT:
		case TEEC_MEMREF_TEMP_INOUT:
			res = from_tmpref(dev, type, &gp->tmpref, p, &tmp[n],
					  origin);
			break;
		case TEEC_MEMREF_WHOLE:
		case TEEC_MEMREF_PARTIAL_INPUT:
		case TEEC_MEMREF_PARTIAL_OUTPUT:
		case TEEC_MEMREF_PARTIAL_INOUT:
			res = from_memref(handle, type, &gp->memref, p);
			break;
		default:
			res = TEEC_ERROR_BAD_PARAMETERS;
			break;
		}
		if (res != TEEC_SUCCESS)
			return res;
	}
	return TEEC_SUCCESS;
}

static void to_tmpref(uint32_t type, TEEC_TempMemoryReference *ref,
		      const struct tee_ioctl_param *p,
		      const TEEC_SharedMemory *tmp)
{
	if (!(type_dir(type) & TEEC_MEM_OUTPUT))
		return;
	/* More than the buffer holds: the TA says how much it needs. */
	if (ref->buffer && (tmp->imp.flags & TEEC_SHM_LIVE) &&
	    p->b <= ref->size && p->b)
		memcpy(ref->buffer, tmp->buffer, p->b);
	ref->size = p->b;
}

static void to_memref(uint32_t type, TEEC_RegisteredMemoryReference *ref,
		      const struct tee_ioctl_param *p)
{
	TEEC_SharedMemory *shm = ref->parent;
	size_t offset = 0, size;

	if (type == TEEC_MEMREF_WHOLE) {
		if (!(shm->flags & TEEC_MEM_OUTPUT))
			return;
		size = shm->size;
	} else {
		if (!(type_dir(type) & TEEC_MEM_OUTPUT))
			return;
		offset = ref->offset;
		size = ref->size;
	}
	if (shm->imp.shadow_buffer && p->b && p->b <= size &&
	    offset + size <= shm->imp.alloced_size)
		memcpy((char *)shm->buffer + offset,
		       (const char *)shm->imp.shadow_buffer + offset, p->b);
	ref->size = p->b;
}

void teec_params_to_op(TEEC_Operation *op, const struct tee_ioctl_param *params,
		       TEEC_SharedMemory *tmp)
{
	if (!op)
		return;
	for (int n = 0; n < TEEC_CONFIG_PAYLOAD_REF_COUNT; n++) {
		uint32_t type = TEEC_PARAM_TYPE_GET(op->paramTypes, n);
		TEEC_Parameter *gp = &op->params[n];
		const struct tee_ioctl_param *p = &params[n];

		switch (type) {
		case TEEC_VALUE_OUTPUT:
		case TEEC_VALUE_INOUT:
			gp->value.a = (uint32_t)p->a;
			gp->value.b = (uint32_t)p->b;
			break;
		case TEEC_MEMREF_TEMP_OUTPUT:
		case TEEC_MEMREF_TEMP_INOUT:
			to_tmpref(type, &gp->tmpref, p, &tmp[n]);
			break;
		case TEEC_MEMREF_WHOLE:
		case TEEC_MEMREF_PARTIAL_OUTPUT:
		case TEEC_MEMREF_PARTIAL_INOUT:
			to_memref(type, &gp->memref, p);
			break;
		default:
			break;
		}
	}
}

void teec_params_release(struct teec_dev *dev, TEEC_SharedMemory *tmp)
{
	for (int n = 0; n < TEEC_CONFIG_PAYLOAD_REF_COUNT; n++)
		teec_tmpref_put(dev, &tmp[n]);
}
