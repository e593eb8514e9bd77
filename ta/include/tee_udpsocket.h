/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The GP TEE Sockets API's UDP instance (OP-TEE's tee_udpsocket.h): the
 * setup TEE_udpSocket->open() takes.  See tee_isocket.h for what open()
 * answers in teebox.
 */
#ifndef __TEE_UDPSOCKET_H
#define __TEE_UDPSOCKET_H

#include <stdint.h>

#include "__tee_ipsocket.h"
#include "__tee_udpsocket_defines.h"
#include "tee_isocket.h"

typedef struct TEE_udpSocket_Setup_s {
	TEE_ipSocket_ipVersion ipVersion;
	char *server_addr;
	uint16_t server_port;
} TEE_udpSocket_Setup;

extern TEE_iSocket *const TEE_udpSocket;

#endif /* __TEE_UDPSOCKET_H */
