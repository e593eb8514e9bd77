/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's own ioctl commands of the TCP socket (its
 * __tee_tcpsocket_defines_extensions.h): set the receive and send buffer
 * sizes.  The top byte is the protocol id, as GP's ioctl codes have it.
 */
#ifndef ____TEE_TCPSOCKET_DEFINES_EXTENSIONS_H
#define ____TEE_TCPSOCKET_DEFINES_EXTENSIONS_H

#define TEE_TCP_SET_RECVBUF 0x65f00000
#define TEE_TCP_SET_SENDBUF 0x65f00001

#endif /* ____TEE_TCPSOCKET_DEFINES_EXTENSIONS_H */
