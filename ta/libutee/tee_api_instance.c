// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, instance data (GP 4.9.4).
 *
 * A TA instance is one TA process here, so the instance's pointer is a
 * variable of the process: it lives as long as the instance, across
 * every session a single-instance TA serves (and, with
 * TA_FLAG_INSTANCE_KEEP_ALIVE, across the times it has none), and a
 * multi-instance TA's instances each have their own.  Only the entry
 * thread touches it (utee_priv.h).
 */
#include <tee_internal_api.h>

/* What TEE_SetInstanceData() was last given: the TA's, never read here. */
static const void *instance_data;

void TEE_SetInstanceData(const void *instanceData)
{
	instance_data = instanceData;
}

void *TEE_GetInstanceData(void)
{
	/* GP hands the pointer back as the TA gave it, without const. */
	return (void *)(uintptr_t)instance_data;
}
