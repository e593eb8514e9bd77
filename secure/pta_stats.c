// SPDX-License-Identifier: BSD-2-Clause
/*
 * The statistics pseudo TA (OP-TEE's core/pta/stats.c interface, see
 * ta/include/pta_stats.h): what tee-stats and teectl ask the trusted OS
 * about its TA instances, and the two clocks.
 */
#include <string.h>

#include "pta.h"
#include "ta/include/pta_stats.h"
#include "ta/include/tee_api_defines.h"
#include "ta_manager.h"
#include "ta_proc.h"
#include "ta_syscall.h"

#define NSEC_PER_MSEC 1000000U

static void fill_ta_stats(const struct tm_instance_view *v, void *out)
{
	struct pta_stats_ta *cell = out;

	cell->uuid = v->uuid;
	cell->panicked = v->dead;
	cell->sess_num = v->nsessions;
	ta_proc_heap_stats(v->proc, &cell->heap);
	strcpy(cell->heap.desc, "Heap");
}

/* The REE time as the trusted OS gets it, and its own system time. */
static TEE_Result get_time(struct sthread *t, uint32_t types,
			   struct ta_call_param params[4])
{
	uint64_t sec;
	uint32_t nsec;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	res = sw_ree_time(t, &sec, &nsec);
	if (res)
		return res;
	params[0].u.value.a = (uint32_t)sec;
	params[0].u.value.b = nsec / NSEC_PER_MSEC;
	sw_system_time(&sec, &nsec);
	params[1].u.value.a = (uint32_t)sec;
	params[1].u.value.b = nsec / NSEC_PER_MSEC;
	return TEE_SUCCESS;
}

static TEE_Result stats_invoke(struct sthread *t,
			       const struct pta_caller *caller
			       __attribute__((unused)),
			       uint32_t cmd, uint32_t types,
			       struct ta_call_param params[4])
{
	switch (cmd) {
	case STATS_CMD_TA_STATS:
		/* One struct pta_stats_ta per instance into memref [0]. */
		return pta_instances(t, types, params,
				     sizeof(struct pta_stats_ta),
				     fill_ta_stats);
	case STATS_CMD_GET_TIME:
		return get_time(t, types, params);
	case STATS_CMD_PAGER_STATS:
	case STATS_CMD_ALLOC_STATS:
	case STATS_CMD_MEMLEAK_STATS:
		/* OP-TEE's own memory managers: teebox has none. */
		return TEE_ERROR_NOT_SUPPORTED;
	default:
		/* What OP-TEE's stats PTA answers to an unknown command. */
		return TEE_ERROR_BAD_PARAMETERS;
	}
}

const struct pseudo_ta pta_stats = {
	.name = "stats.ta",
	.uuid = STATS_UUID,
	.invoke = stats_invoke,
};
