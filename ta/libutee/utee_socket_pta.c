// SPDX-License-Identifier: BSD-2-Clause
/*
 * libutee's client of the socket pseudo TA: each socket call is one
 * command on one session to PTA_SOCKET_UUID, opened at the first call
 * and kept for the instance's life, as OP-TEE's libutee does
 * (lib/libutee/tee_socket_pta.c).  A failed open is retried at the next
 * call; teebox has no socket pseudo TA, so every call answers
 * TEE_ERROR_ITEM_NOT_FOUND.
 */
#include <string.h>

#include "__tee_tcpsocket_defines.h"
#include "__tee_udpsocket_defines.h"
#include "pta_socket.h"
#include "tee_internal_api.h"
#include "utee_socket.h"

/* The instance's session to the socket pseudo TA, once opened. */
static TEE_TASessionHandle socket_pta_sess = TEE_HANDLE_NULL;

static TEE_Result invoke_socket_pta(uint32_t cmd, uint32_t param_types,
				    TEE_Param params[TEE_NUM_PARAMS])
{
	static const TEE_UUID uuid = PTA_SOCKET_UUID;
	TEE_Result res;

	if (socket_pta_sess == TEE_HANDLE_NULL) {
		res = TEE_OpenTASession(&uuid, TEE_TIMEOUT_INFINITE, 0, NULL,
					&socket_pta_sess, NULL);
		if (res != TEE_SUCCESS) {
			socket_pta_sess = TEE_HANDLE_NULL;
			return res;
		}
	}
	return TEE_InvokeTACommand(socket_pta_sess, TEE_TIMEOUT_INFINITE, cmd,
				   param_types, params, NULL);
}

TEE_Result utee_socket_pta_open(TEE_ipSocket_ipVersion ip_vers,
				const char *addr, uint16_t port,
				uint32_t protocol, uint32_t *handle)
{
	uint32_t pt = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_MEMREF_INPUT,
		TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_VALUE_OUTPUT);
	TEE_Param params[TEE_NUM_PARAMS];
	TEE_Result res;

	memset(params, 0, sizeof(params));
	if (ip_vers != TEE_IP_VERSION_DC && ip_vers != TEE_IP_VERSION_4 &&
	    ip_vers != TEE_IP_VERSION_6)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!addr)
		return TEE_ERROR_BAD_PARAMETERS;
	if (protocol != TEE_ISOCKET_PROTOCOLID_TCP &&
	    protocol != TEE_ISOCKET_PROTOCOLID_UDP)
		return TEE_ERROR_BAD_PARAMETERS;

	params[0].value.a = ip_vers;
	params[0].value.b = port;
	/* The address goes with its NUL, as OP-TEE's socket PTA expects. */
	params[1].memref.buffer = (void *)addr;
	params[1].memref.size = strlen(addr) + 1;
	params[2].value.a = protocol;

	res = invoke_socket_pta(PTA_SOCKET_OPEN, pt, params);
	if (res == TEE_SUCCESS)
		*handle = params[3].value.a;
	return res;
}

TEE_Result utee_socket_pta_close(uint32_t handle)
{
	uint32_t pt =
		TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_NONE,
				TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE);
	TEE_Param params[TEE_NUM_PARAMS];

	memset(params, 0, sizeof(params));
	params[0].value.a = handle;
	return invoke_socket_pta(PTA_SOCKET_CLOSE, pt, params);
}

TEE_Result utee_socket_pta_send(uint32_t handle, const void *buf, uint32_t *len,
				uint32_t timeout)
{
	uint32_t pt = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_MEMREF_INPUT,
		TEE_PARAM_TYPE_VALUE_OUTPUT, TEE_PARAM_TYPE_NONE);
	TEE_Param params[TEE_NUM_PARAMS];
	TEE_Result res;

	memset(params, 0, sizeof(params));
	params[0].value.a = handle;
	params[0].value.b = timeout;
	params[1].memref.buffer = (void *)buf;
	params[1].memref.size = *len;
	res = invoke_socket_pta(PTA_SOCKET_SEND, pt, params);
	*len = params[2].value.a;
	return res;
}

/* RECV and IOCTL: one value in, one buffer both ways. */
static TEE_Result socket_pta_buf(uint32_t cmd, uint32_t buf_type,
				 uint32_t handle, uint32_t b, void *buf,
				 uint32_t *len)
{
	uint32_t pt = TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT, buf_type,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE);
	TEE_Param params[TEE_NUM_PARAMS];
	TEE_Result res;

	memset(params, 0, sizeof(params));
	params[0].value.a = handle;
	params[0].value.b = b;
	params[1].memref.buffer = buf;
	params[1].memref.size = *len;
	res = invoke_socket_pta(cmd, pt, params);
	*len = params[1].memref.size;
	return res;
}

TEE_Result utee_socket_pta_recv(uint32_t handle, void *buf, uint32_t *len,
				uint32_t timeout)
{
	return socket_pta_buf(PTA_SOCKET_RECV, TEE_PARAM_TYPE_MEMREF_OUTPUT,
			      handle, timeout, buf, len);
}

TEE_Result utee_socket_pta_ioctl(uint32_t handle, uint32_t command, void *buf,
				 uint32_t *len)
{
	return socket_pta_buf(PTA_SOCKET_IOCTL, TEE_PARAM_TYPE_MEMREF_INOUT,
			      handle, command, buf, len);
}
