// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox's information pseudo TA (ta/include/pta_teebox_info.h): each TA
 * instance with its flags and process, for teectl tas and for attaching
 * a debugger, and the last crash of each TA.
 */
#include <string.h>

#include "kernel/alloc.h"
#include "pta.h"
#include "ta/include/pta_teebox_info.h"
#include "ta/include/tee_api_defines.h"
#include "ta_crash.h"
#include "ta_manager.h"
#include "ta_proc.h"

static void fill_instance(const struct tm_instance_view *v, void *out)
{
	struct teebox_ta_instance *cell = out;
	struct pta_stats_alloc heap;

	cell->uuid = v->uuid;
	cell->flags = v->flags;
	cell->pid = (uint32_t)ta_proc_pid(v->proc);
	cell->sess_num = v->nsessions;
	cell->panicked = v->dead;
	ta_proc_heap_stats(v->proc, &heap);
	cell->heap_allocated = heap.allocated;
	cell->heap_size = heap.size;
}

/* The last crash of each TA (ta_crash.h), into memref [0]. */
static TEE_Result list_crashes(uint32_t types, struct ta_call_param params[4])
{
	struct ta_call_param *p = &params[0];
	struct teebox_ta_crash *cells;
	size_t n, cap;
	void *out;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	cells = kzalloc(sizeof(*cells) * TEEBOX_INFO_CRASHES_MAX);
	if (!cells)
		return TEE_ERROR_OUT_OF_MEMORY;
	n = ta_crash_list(cells, TEEBOX_INFO_CRASHES_MAX);
	if (n > TEEBOX_INFO_CRASHES_MAX)
		n = TEEBOX_INFO_CRASHES_MAX;
	out = pta_memref_buffer(p);
	cap = out ? p->u.memref.size / sizeof(*cells) : 0;
	/* The client's memory: written whole, never read back. */
	if (n <= cap)
		memcpy(out, cells, n * sizeof(*cells));
	kfree(cells);
	p->u.memref.size = n * sizeof(*cells);
	return n > cap ? TEE_ERROR_SHORT_BUFFER : TEE_SUCCESS;
}

static TEE_Result info_invoke(struct sthread *t,
			      const struct pta_caller *caller
			      __attribute__((unused)),
			      uint32_t cmd, uint32_t types,
			      struct ta_call_param params[4])
{
	switch (cmd) {
	case TEEBOX_INFO_CMD_TA_INSTANCES:
		return pta_instances(t, types, params,
				     sizeof(struct teebox_ta_instance),
				     fill_instance);
	case TEEBOX_INFO_CMD_TA_CRASHES:
		return list_crashes(types, params);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}

const struct pseudo_ta pta_teebox_info = {
	.name = "teebox_info.ta",
	.uuid = TEEBOX_INFO_UUID,
	.invoke = info_invoke,
};
