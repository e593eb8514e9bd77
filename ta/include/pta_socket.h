/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The socket pseudo TA's interface (OP-TEE's pta_socket.h), which
 * libutee's TEE_tcpSocket and TEE_udpSocket are clients of.
 *
 * teebox does not implement this pseudo TA: a session to
 * PTA_SOCKET_UUID fails with TEE_ERROR_ITEM_NOT_FOUND, as it does on an
 * OP-TEE built without CFG_WITH_SOCKET (no such TA, no such .ta file).
 */
#ifndef __PTA_SOCKET
#define __PTA_SOCKET

/* 3b996a7d-2c2b-4a49-a896-e1fb5766d2f4 */
#define PTA_SOCKET_UUID                                                        \
	{                                                                      \
		0x3b996a7d, 0x2c2b, 0x4a49,                                    \
		{                                                              \
			0xa8, 0x96, 0xe1, 0xfb, 0x57, 0x66, 0xd2, 0xf4         \
		}                                                              \
	}

/*
 * [in]  value[0].a  IP version, TEE_IP_VERSION_* (__tee_ipsocket.h)
 * [in]  value[0].b  server port
 * [in]  memref[1]   server address, NUL-terminated
 * [in]  value[2].a  protocol, TEE_ISOCKET_PROTOCOLID_*
 * [out] value[3].a  socket handle
 */
#define PTA_SOCKET_OPEN 1

/* [in] value[0].a  socket handle */
#define PTA_SOCKET_CLOSE 2

#define PTA_SOCKET_TIMEOUT_NONBLOCKING 0
#define PTA_SOCKET_TIMEOUT_BLOCKING    0xffffffff

/*
 * [in]  value[0].a  socket handle
 * [in]  value[0].b  timeout in ms, or TEE_TIMEOUT_INFINITE
 * [in]  memref[1]   bytes to send
 * [out] value[2].a  bytes sent
 */
#define PTA_SOCKET_SEND 3

/*
 * [in]  value[0].a  socket handle
 * [in]  value[0].b  timeout in ms, or TEE_TIMEOUT_INFINITE
 * [out] memref[1]   bytes received
 */
#define PTA_SOCKET_RECV 4

/*
 * [in]     value[0].a  socket handle
 * [in]     value[0].b  ioctl command
 * [in/out] memref[1]   the command's buffer
 */
#define PTA_SOCKET_IOCTL 5

#endif /* __PTA_SOCKET */
