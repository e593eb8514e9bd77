// SPDX-License-Identifier: BSD-2-Clause
/*
 * The GP TEE Sockets API's TCP and UDP instances, TEE_tcpSocket and
 * TEE_udpSocket, with OP-TEE's libutee's behaviour
 * (lib/libutee/tee_tcpudp_socket.c): a socket is the pseudo TA's handle
 * and the last protocol error; the arguments GP says a TA must get right
 * panic the TA when wrong; the hostname error and the out-of-band
 * warnings come back as TEE_ISOCKET_ERROR_PROTOCOL and
 * TEE_ISOCKET_WARNING_PROTOCOL with the detail in *protocolError.
 */
#include "__tee_tcpsocket_defines_extensions.h"
#include "tee_internal_api.h"
#include "tee_tcpsocket.h"
#include "tee_udpsocket.h"
#include "utee_socket.h"

struct socket_ctx {
	uint32_t handle;
	uint32_t proto_error;
};

/*
 * Opens a socket of @protocol; @warning is that protocol's out-of-band
 * warning.  Both setups have the same layout (tee_tcpsocket.h,
 * tee_udpsocket.h).
 */
static TEE_Result sock_open(TEE_iSocketHandle *ctx, TEE_ipSocket_ipVersion ip,
			    const char *addr, uint16_t port, uint32_t protocol,
			    uint32_t warning, uint32_t *proto_error)
{
	struct socket_ctx *sock;
	TEE_Result res;

	*proto_error = TEE_SUCCESS;
	sock = TEE_Malloc(sizeof(*sock), TEE_MALLOC_FILL_ZERO);
	if (!sock)
		return TEE_ERROR_OUT_OF_MEMORY;

	res = utee_socket_pta_open(ip, addr, port, protocol, &sock->handle);
	if (res != TEE_SUCCESS) {
		TEE_Free(sock);
		sock = NULL;
	}
	*ctx = sock;

	if (res == TEE_ISOCKET_ERROR_HOSTNAME) {
		*proto_error = res;
		return TEE_ISOCKET_ERROR_PROTOCOL;
	}
	if (res == warning) {
		*proto_error = res;
		return TEE_ISOCKET_WARNING_PROTOCOL;
	}
	return res;
}

static TEE_Result tcp_open(TEE_iSocketHandle *ctx, void *setup,
			   uint32_t *proto_error)
{
	TEE_tcpSocket_Setup *s = setup;

	if (!ctx || !setup || !proto_error)
		TEE_Panic(0);
	return sock_open(ctx, s->ipVersion, s->server_addr, s->server_port,
			 TEE_ISOCKET_PROTOCOLID_TCP,
			 TEE_ISOCKET_TCP_WARNING_UNKNOWN_OUT_OF_BAND,
			 proto_error);
}

static TEE_Result udp_open(TEE_iSocketHandle *ctx, void *setup,
			   uint32_t *proto_error)
{
	TEE_udpSocket_Setup *s = setup;

	if (!ctx || !setup || !proto_error)
		TEE_Panic(0);
	return sock_open(ctx, s->ipVersion, s->server_addr, s->server_port,
			 TEE_ISOCKET_PROTOCOLID_UDP,
			 TEE_ISOCKET_UDP_WARNING_UNKNOWN_OUT_OF_BAND,
			 proto_error);
}

static TEE_Result sock_close(TEE_iSocketHandle ctx)
{
	struct socket_ctx *sock = ctx;
	TEE_Result res;

	/* Closing no socket is fine, as closing a null handle is in GP. */
	if (!sock)
		return TEE_SUCCESS;
	res = utee_socket_pta_close(sock->handle);
	TEE_Free(sock);
	return res;
}

static TEE_Result sock_send(TEE_iSocketHandle ctx, const void *buf,
			    uint32_t *length, uint32_t timeout)
{
	struct socket_ctx *sock = ctx;
	TEE_Result res;

	if (!sock || !buf || !length)
		TEE_Panic(0);
	res = utee_socket_pta_send(sock->handle, buf, length, timeout);
	sock->proto_error = res;
	return res;
}

static TEE_Result sock_recv(TEE_iSocketHandle ctx, void *buf, uint32_t *length,
			    uint32_t timeout)
{
	struct socket_ctx *sock = ctx;
	TEE_Result res;

	if (!sock || !length || (!buf && *length))
		TEE_Panic(0);
	res = utee_socket_pta_recv(sock->handle, buf, length, timeout);
	sock->proto_error = res;
	return res;
}

static uint32_t sock_error(TEE_iSocketHandle ctx)
{
	struct socket_ctx *sock = ctx;

	if (!sock)
		TEE_Panic(0);
	return sock->proto_error;
}

/*
 * An ioctl whose command has no protocol byte (the top byte) is a
 * generic one the instance has nothing to do for; otherwise only the
 * instance's own commands, @cmd1 and @cmd2, are known, and any other
 * panics the TA.
 */
static TEE_Result sock_ioctl(TEE_iSocketHandle ctx, uint32_t cmd, void *buf,
			     uint32_t *length, uint32_t cmd1, uint32_t cmd2)
{
	struct socket_ctx *sock = ctx;
	TEE_Result res;

	if (!sock || !length || (!buf && *length))
		TEE_Panic(0);
	if (!(cmd >> 24))
		return TEE_SUCCESS;
	if (cmd != cmd1 && cmd != cmd2)
		TEE_Panic(0);
	res = utee_socket_pta_ioctl(sock->handle, cmd, buf, length);
	sock->proto_error = res;
	return res;
}

static TEE_Result tcp_ioctl(TEE_iSocketHandle ctx, uint32_t cmd, void *buf,
			    uint32_t *length)
{
	return sock_ioctl(ctx, cmd, buf, length, TEE_TCP_SET_RECVBUF,
			  TEE_TCP_SET_SENDBUF);
}

static TEE_Result udp_ioctl(TEE_iSocketHandle ctx, uint32_t cmd, void *buf,
			    uint32_t *length)
{
	return sock_ioctl(ctx, cmd, buf, length, TEE_UDP_CHANGEADDR,
			  TEE_UDP_CHANGEPORT);
}

static TEE_iSocket tcp_socket = {
	.TEE_iSocketVersion = TEE_ISOCKET_VERSION,
	.protocolID = TEE_ISOCKET_PROTOCOLID_TCP,
	.open = tcp_open,
	.close = sock_close,
	.send = sock_send,
	.recv = sock_recv,
	.error = sock_error,
	.ioctl = tcp_ioctl,
};

static TEE_iSocket udp_socket = {
	.TEE_iSocketVersion = TEE_ISOCKET_VERSION,
	.protocolID = TEE_ISOCKET_PROTOCOLID_UDP,
	.open = udp_open,
	.close = sock_close,
	.send = sock_send,
	.recv = sock_recv,
	.error = sock_error,
	.ioctl = udp_ioctl,
};

TEE_iSocket *const TEE_tcpSocket = &tcp_socket;
TEE_iSocket *const TEE_udpSocket = &udp_socket;
