/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TCP instance of the GP TEE Sockets API: its protocol id and its
 * own warning (OP-TEE's __tee_tcpsocket_defines.h).
 */
#ifndef ____TEE_TCPSOCKET_DEFINES_H
#define ____TEE_TCPSOCKET_DEFINES_H

#define TEE_ISOCKET_PROTOCOLID_TCP 0x65

#define TEE_ISOCKET_TCP_WARNING_UNKNOWN_OUT_OF_BAND 0xF1010002

#endif /* ____TEE_TCPSOCKET_DEFINES_H */
