// SPDX-License-Identifier: BSD-2-Clause
/* The pseudo TAs of the trusted OS; see pta.h. */
#include <string.h>

#include "kernel/alloc.h"
#include "pta.h"
#include "secure_world.h"
#include "ta/include/tee_api_defines.h"
#include "ta_manager.h"
#include "thread.h"

static const struct pseudo_ta *const pseudo_tas[] = {
	&pta_stats,
	&pta_system,
	&pta_teebox_info,
};

const struct pseudo_ta *pta_find(const TEE_UUID *uuid)
{
	for (size_t i = 0; i < sizeof(pseudo_tas) / sizeof(pseudo_tas[0]);
	     i++) {
		if (!memcmp(&pseudo_tas[i]->uuid, uuid, sizeof(*uuid)))
			return pseudo_tas[i];
	}
	return NULL;
}

void *pta_memref_buffer(const struct ta_call_param *p)
{
	if (p->u.memref.mem.chunk)
		return p->u.memref.mem.va;
	return p->u.memref.ta_buf; /* a TA's call: its transfer bank */
}

bool pta_memref_secure(const struct ta_call_param *p)
{
	if (p->u.memref.mem.chunk || p->u.memref.client_mem)
		return false;
	return p->u.memref.ta_buf != NULL;
}

/**
 * struct instances_fill - pta_instances() in progress
 * @out:	the client's buffer
 * @cap:	cells it holds
 * @cell_size:	size of a cell
 * @count:	instances seen (cells filled while @count <= @cap)
 * @fill:	writes one cell
 * @cell:	a cell being built, @cell_size bytes
 */
struct instances_fill {
	uint8_t *out;
	size_t cap;
	size_t cell_size;
	size_t count;
	void (*fill)(const struct tm_instance_view *v, void *cell);
	uint8_t *cell;
};

static int fill_instance(const struct tm_instance_view *v, void *arg)
{
	struct instances_fill *f = arg;

	if (f->count++ >= f->cap)
		return 0; /* counted only: the answer is SHORT_BUFFER */
	memset(f->cell, 0, f->cell_size);
	f->fill(v, f->cell);
	/* The client's memory: written whole, never read back. */
	memcpy(f->out + (f->count - 1) * f->cell_size, f->cell, f->cell_size);
	return 0;
}

TEE_Result pta_instances(struct sthread *t, uint32_t types,
			 struct ta_call_param params[4], size_t cell_size,
			 void (*fill)(const struct tm_instance_view *v,
				      void *cell))
{
	struct ta_call_param *p = &params[0];
	struct instances_fill f = {
		.cell_size = cell_size,
		.fill = fill,
	};

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	f.out = pta_memref_buffer(p);
	f.cell = kzalloc(cell_size);
	if (!f.cell)
		return TEE_ERROR_OUT_OF_MEMORY;
	f.cap = f.out ? p->u.memref.size / cell_size : 0;
	tm_for_each_instance(&t->sw->tm, fill_instance, &f);
	kfree(f.cell);
	p->u.memref.size = f.count * cell_size;
	return f.count > f.cap ? TEE_ERROR_SHORT_BUFFER : TEE_SUCCESS;
}
