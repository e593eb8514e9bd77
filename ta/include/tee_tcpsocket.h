/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The GP TEE Sockets API's TCP instance (OP-TEE's tee_tcpsocket.h): the
 * setup TEE_tcpSocket->open() takes.  See tee_isocket.h for what open()
 * answers in teebox.
 */
#ifndef __TEE_TCPSOCKET_H
#define __TEE_TCPSOCKET_H

#include <stdint.h>

#include "__tee_ipsocket.h"
#include "__tee_tcpsocket_defines.h"
#include "tee_isocket.h"

typedef struct TEE_tcpSocket_Setup_s {
	TEE_ipSocket_ipVersion ipVersion;
	char *server_addr;
	uint16_t server_port;
} TEE_tcpSocket_Setup;

extern TEE_iSocket *const TEE_tcpSocket;

#endif /* __TEE_TCPSOCKET_H */
