/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The GP TEE Sockets API's generic socket interface (OP-TEE's
 * tee_isocket.h): a table of functions per protocol, TEE_tcpSocket
 * (tee_tcpsocket.h) and TEE_udpSocket (tee_udpsocket.h).
 *
 * libutee implements them as OP-TEE's libutee does, as a client of the
 * socket pseudo TA (pta_socket.h).  teebox's trusted OS has no socket
 * pseudo TA, so open() answers what opening that pseudo TA answers,
 * TEE_ERROR_ITEM_NOT_FOUND, as OP-TEE built without CFG_WITH_SOCKET does
 * (docs/ta-developer-guide.md, "OP-TEE's test TAs").
 */
#ifndef __TEE_ISOCKET_H
#define __TEE_ISOCKET_H

#include <stdint.h>

#include "__tee_isocket_defines.h"
#include "tee_api_types.h"

typedef void *TEE_iSocketHandle;

typedef const struct TEE_iSocket_s {
	uint32_t TEE_iSocketVersion;
	uint8_t protocolID;
	TEE_Result (*open)(TEE_iSocketHandle *ctx, void *setup,
			   uint32_t *protocolError);
	TEE_Result (*close)(TEE_iSocketHandle ctx);
	TEE_Result (*send)(TEE_iSocketHandle ctx, const void *buf,
			   uint32_t *length, uint32_t timeout);
	TEE_Result (*recv)(TEE_iSocketHandle ctx, void *buf, uint32_t *length,
			   uint32_t timeout);
	uint32_t (*error)(TEE_iSocketHandle ctx);
	TEE_Result (*ioctl)(TEE_iSocketHandle ctx, uint32_t commandCode,
			    void *buf, uint32_t *length);
} TEE_iSocket;

#endif /* __TEE_ISOCKET_H */
