/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OPTEE_RPC_CMD_SUPP_PLUGIN requests (OP-TEE's tee_supp_plugin_rpc.c):
 * a call to a tee-supplicant plugin, named by UUID, with a command, a
 * sub-command and a data buffer the plugin reads and may rewrite
 * (docs/abi.md §5.4).
 */
#ifndef TEEBOX_SECURE_TEE_SUPP_PLUGIN_RPC_H
#define TEEBOX_SECURE_TEE_SUPP_PLUGIN_RPC_H

#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

struct sthread;

/**
 * tee_invoke_supp_plugin_rpc() - invoke plugin @uuid in tee-supplicant
 * @t:		the calling secure thread (the request suspends it)
 * @uuid:	the plugin
 * @cmd:	its command
 * @sub_cmd:	its sub-command
 * @buf:	the data, @len bytes, in secure memory: copied into
 *		normal-world memory for the plugin, and what the plugin left
 *		there copied back, at most @len bytes however long the
 *		plugin says its answer is
 * @len:	0 exactly when @buf is NULL
 * @outlen:	[out] the answer's length as the supplicant reports it
 *		(untrusted: it may exceed @len)
 * Return: the supplicant's result (TEE_ERROR_ITEM_NOT_FOUND: no plugin
 * has @uuid), TEE_ERROR_BAD_PARAMETERS for @buf and @len that disagree,
 * or the RPC's own error.
 */
TEE_Result tee_invoke_supp_plugin_rpc(struct sthread *t, const TEE_UUID *uuid,
				      uint32_t cmd, uint32_t sub_cmd, void *buf,
				      size_t len, size_t *outlen);

#endif
