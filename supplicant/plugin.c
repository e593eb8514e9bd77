// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_SUPP_PLUGIN (docs/abi.md §5.4).  teebox's supplicant
 * loads no plugins: -p/--plugin-path is recorded and nothing is read
 * from it.  A request is answered as OP-TEE's tee-supplicant answers it
 * when no plugin has the UUID asked for (optee_client
 * tee-supplicant/src/plugin.c, plugin_process() and plugin_invoke()):
 * the parameter checks first, then TEEC_ERROR_ITEM_NOT_FOUND for an
 * invocation, TEEC_ERROR_NOT_SUPPORTED for any other sub-command.
 */
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "supplicant.h"

static bool has_type(const struct tee_ioctl_param *p, uint64_t type)
{
	return (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) == type;
}

uint32_t supp_plugin(struct supplicant *s, size_t num_params,
		     struct tee_ioctl_param *params)
{
	if (num_params != 4 ||
	    !has_type(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT) ||
	    !has_type(&params[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT) ||
	    !has_type(&params[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT) ||
	    !has_type(&params[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT))
		return TEEC_ERROR_BAD_PARAMETERS;
	/* Data that names no shared memory of ours (b is its size). */
	if (params[3].b && !supp_param_mem(s, &params[3]))
		return TEEC_ERROR_BAD_PARAMETERS;
	if (params[0].a != OPTEE_RPC_SUPP_PLUGIN_INVOKE)
		return TEEC_ERROR_NOT_SUPPORTED;
	/* No plugin answered: no output. */
	params[2].b = 0;
	return TEEC_ERROR_ITEM_NOT_FOUND;
}
