/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The entry points a TA implements (GP TEE Internal Core API, docs/abi.md
 * §7.1).  The runtime calls them, one at a time, on the TA's own stack of
 * TA_STACK_SIZE bytes.
 */
#ifndef TEE_TA_API_H
#define TEE_TA_API_H

#include "tee_api_types.h"

/**
 * TA_CreateEntryPoint() - the instance starts, before its first session
 * A result other than TEE_SUCCESS ends the instance.
 */
TEE_Result TA_CreateEntryPoint(void);

/** TA_DestroyEntryPoint() - the instance ends, after its last session. */
void TA_DestroyEntryPoint(void);

/**
 * TA_OpenSessionEntryPoint() - a client opens a session
 * @paramTypes:	TEE_PARAM_TYPES of @params
 * @params:	the client's parameters
 * @sessionContext: [out] the TA's data for this session, given back to
 *		the other entry points of the session
 * A result other than TEE_SUCCESS refuses the session (no close follows).
 */
TEE_Result TA_OpenSessionEntryPoint(uint32_t paramTypes,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sessionContext);

/** TA_CloseSessionEntryPoint() - the session @sessionContext ends. */
void TA_CloseSessionEntryPoint(void *sessionContext);

/**
 * TA_InvokeCommandEntryPoint() - a client invokes command @commandID in
 * session @sessionContext
 */
TEE_Result TA_InvokeCommandEntryPoint(void *sessionContext, uint32_t commandID,
				      uint32_t paramTypes,
				      TEE_Param params[TEE_NUM_PARAMS]);

#endif /* TEE_TA_API_H */
