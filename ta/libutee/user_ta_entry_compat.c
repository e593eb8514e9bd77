// SPDX-License-Identifier: BSD-2-Clause
/*
 * The entry points of a TA built for GP 1.1 (tee_api_compat.h): its
 * functions take __GP11_TEE_Param, whose memref size is 32 bits.  The
 * runtime calls user_ta_header.c's TA_OpenSessionEntryPoint and
 * TA_InvokeCommandEntryPoint, which come here with the TA's own function:
 * the parameters go in converted (sizes cut to 32 bits, as OP-TEE's
 * lib/libutee/user_ta_entry_compat.c does) and what the TA wrote comes
 * back out, its new sizes included.
 */
#include <tee_internal_api.h>

#include "utee_compat.h"

TEE_Result __ta_open_sess(
	uint32_t pt, TEE_Param params[TEE_NUM_PARAMS], void **sess_ctx,
	TEE_Result (*fp)(uint32_t, __GP11_TEE_Param[TEE_NUM_PARAMS], void **))
{
	__GP11_TEE_Param p[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	utee_gp11_params_to(pt, params, p);
	res = fp(pt, p, sess_ctx);
	utee_gp11_params_from(pt, p, params);
	return res;
}

TEE_Result __ta_invoke_cmd(void *sess_ctx, uint32_t cmd_id, uint32_t pt,
			   TEE_Param params[TEE_NUM_PARAMS],
			   TEE_Result (*fp)(void *, uint32_t, uint32_t,
					    __GP11_TEE_Param[TEE_NUM_PARAMS]))
{
	__GP11_TEE_Param p[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	utee_gp11_params_to(pt, params, p);
	res = fp(sess_ctx, cmd_id, pt, p);
	utee_gp11_params_from(pt, p, params);
	return res;
}
