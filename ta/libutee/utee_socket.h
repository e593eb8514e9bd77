/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libutee's client of the socket pseudo TA (pta_socket.h), under
 * TEE_tcpSocket and TEE_udpSocket (utee_socket.c).  Each call returns
 * what the pseudo TA answers; while no session to it could be opened,
 * what opening one answered (TEE_ERROR_ITEM_NOT_FOUND in teebox, which
 * has no socket pseudo TA).
 */
#ifndef TEEBOX_UTEE_SOCKET_H
#define TEEBOX_UTEE_SOCKET_H

#include <stdint.h>

#include "__tee_ipsocket.h"
#include "tee_api_types.h"

/**
 * utee_socket_pta_open() - PTA_SOCKET_OPEN
 * @ip_vers:  TEE_IP_VERSION_DC, _4 or _6
 * @addr:     the server's address, NUL-terminated
 * @port:     the server's port
 * @protocol: TEE_ISOCKET_PROTOCOLID_TCP or _UDP
 * @handle:   the pseudo TA's socket handle, on success
 *
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS for a version, address
 * or protocol OP-TEE's libutee refuses too, else the pseudo TA's answer.
 */
TEE_Result utee_socket_pta_open(TEE_ipSocket_ipVersion ip_vers,
				const char *addr, uint16_t port,
				uint32_t protocol, uint32_t *handle);

/**
 * utee_socket_pta_close() - PTA_SOCKET_CLOSE
 * @handle: the socket
 *
 * Return: the pseudo TA's answer.
 */
TEE_Result utee_socket_pta_close(uint32_t handle);

/**
 * utee_socket_pta_send() - PTA_SOCKET_SEND
 * @handle:  the socket
 * @buf:     the bytes to send
 * @len:     in: how many; out: how many were sent
 * @timeout: in ms, or TEE_TIMEOUT_INFINITE
 *
 * Return: the pseudo TA's answer.
 */
TEE_Result utee_socket_pta_send(uint32_t handle, const void *buf, uint32_t *len,
				uint32_t timeout);

/**
 * utee_socket_pta_recv() - PTA_SOCKET_RECV
 * @handle:  the socket
 * @buf:     where the bytes go
 * @len:     in: room in @buf; out: bytes received (or needed)
 * @timeout: in ms, or TEE_TIMEOUT_INFINITE
 *
 * Return: the pseudo TA's answer.
 */
TEE_Result utee_socket_pta_recv(uint32_t handle, void *buf, uint32_t *len,
				uint32_t timeout);

/**
 * utee_socket_pta_ioctl() - PTA_SOCKET_IOCTL
 * @handle:  the socket
 * @command: the ioctl command
 * @buf:     the command's buffer
 * @len:     in: its size; out: what the pseudo TA left in it
 *
 * Return: the pseudo TA's answer.
 */
TEE_Result utee_socket_pta_ioctl(uint32_t handle, uint32_t command, void *buf,
				 uint32_t *len);

#endif /* TEEBOX_UTEE_SOCKET_H */
