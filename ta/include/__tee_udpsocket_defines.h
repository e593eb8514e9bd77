/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The UDP instance of the GP TEE Sockets API: its protocol id, its own
 * warning and its ioctl commands (OP-TEE's __tee_udpsocket_defines.h).
 */
#ifndef ____TEE_UDPSOCKET_DEFINES_H
#define ____TEE_UDPSOCKET_DEFINES_H

#define TEE_ISOCKET_PROTOCOLID_UDP 0x66

#define TEE_ISOCKET_UDP_WARNING_UNKNOWN_OUT_OF_BAND 0xF1020002

#define TEE_UDP_CHANGEADDR 0x66000001
#define TEE_UDP_CHANGEPORT 0x66000002

#endif /* ____TEE_UDPSOCKET_DEFINES_H */
