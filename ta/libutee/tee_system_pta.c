// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's libutee helpers over the system pseudo TA
 * (tee_internal_api_extensions.h; OP-TEE's lib/libutee/tee_system_pta.c):
 * tee_invoke_supp_plugin().  One session to the pseudo TA per TA
 * instance, opened on first use and kept, as OP-TEE keeps it.
 *
 * OP-TEE's tee_map_zi() and tee_unmap() ask the trusted OS to map
 * memory into the TA's address space, which teebox's trusted OS does not
 * manage (pta_system.h): they map in the TA process (utee_map_zi.c).
 */
#include <pta_system.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

static TEE_Result invoke_system_pta(uint32_t cmd, uint32_t types,
				    TEE_Param params[TEE_NUM_PARAMS])
{
	static TEE_TASessionHandle sess = TEE_HANDLE_NULL;
	static const TEE_UUID uuid = PTA_SYSTEM_UUID;
	TEE_Result res;

	if (sess == TEE_HANDLE_NULL) {
		res = TEE_OpenTASession(&uuid, TEE_TIMEOUT_INFINITE, 0, NULL,
					&sess, NULL);
		if (res)
			return res;
	}
	return TEE_InvokeTACommand(sess, TEE_TIMEOUT_INFINITE, cmd, types,
				   params, NULL);
}

TEE_Result tee_invoke_supp_plugin(const TEE_UUID *uuid, uint32_t cmd,
				  uint32_t sub_cmd, void *buf, size_t len,
				  size_t *outlen)
{
	uint32_t types = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_MEMREF_INPUT, TEE_PARAM_TYPE_VALUE_INPUT,
		TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_VALUE_OUTPUT);
	TEE_Param params[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	/* OP-TEE's checks, before the pseudo TA sees anything. */
	if (!uuid || (len && !buf) || (!len && buf))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].memref.buffer = (void *)uuid;
	params[0].memref.size = sizeof(TEE_UUID);
	params[1].value.a = cmd;
	params[1].value.b = sub_cmd;
	params[2].memref.buffer = buf;
	params[2].memref.size = len;
	res = invoke_system_pta(PTA_SYSTEM_SUPP_PLUGIN_INVOKE, types, params);
	if (res)
		EMSG("Invoke tee-supplicant's plugin failed: %#" PRIx32, res);
	if (outlen)
		*outlen = params[3].value.a;
	return res;
}
