// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox's information pseudo TA (ta/include/pta_teebox_info.h): each TA
 * instance with its flags and process, for teectl tas and for attaching
 * a debugger.
 */
#include "pta.h"
#include "ta/include/pta_teebox_info.h"
#include "ta/include/tee_api_defines.h"
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

static TEE_Result info_invoke(struct sthread *t, uint32_t cmd, uint32_t types,
			      struct ta_call_param params[4])
{
	if (cmd != TEEBOX_INFO_CMD_TA_INSTANCES)
		return TEE_ERROR_BAD_PARAMETERS;
	return pta_instances(t, types, params,
			     sizeof(struct teebox_ta_instance), fill_instance);
}

const struct pseudo_ta pta_teebox_info = {
	.name = "teebox_info.ta",
	.uuid = TEEBOX_INFO_UUID,
	.invoke = info_invoke,
};
