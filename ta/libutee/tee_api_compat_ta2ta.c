// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP 1.1 twins of the Internal Client API (TA-to-TA sessions): the 1.1
 * TEE_Param, converted in (sizes widened) and back out (sizes cut to 32
 * bits), around the 1.3.1 functions.
 */
#include <tee_internal_api.h>

#include "utee_compat.h"

TEE_Result __GP11_TEE_OpenTASession(const TEE_UUID *destination,
				    uint32_t cancellationRequestTimeout,
				    uint32_t paramTypes,
				    __GP11_TEE_Param params[TEE_NUM_PARAMS],
				    TEE_TASessionHandle *session,
				    uint32_t *returnOrigin)
{
	TEE_Param p[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	if (params)
		utee_gp11_params_from(paramTypes, params, p);
	res = TEE_OpenTASession(destination, cancellationRequestTimeout,
				paramTypes, params ? p : NULL, session,
				returnOrigin);
	if (params)
		utee_gp11_params_to(paramTypes, p, params);
	return res;
}

TEE_Result __GP11_TEE_InvokeTACommand(TEE_TASessionHandle session,
				      uint32_t cancellationRequestTimeout,
				      uint32_t commandID, uint32_t paramTypes,
				      __GP11_TEE_Param params[TEE_NUM_PARAMS],
				      uint32_t *returnOrigin)
{
	TEE_Param p[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	if (params)
		utee_gp11_params_from(paramTypes, params, p);
	res = TEE_InvokeTACommand(session, cancellationRequestTimeout,
				  commandID, paramTypes, params ? p : NULL,
				  returnOrigin);
	if (params)
		utee_gp11_params_to(paramTypes, p, params);
	return res;
}
