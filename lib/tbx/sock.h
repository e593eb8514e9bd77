/* SPDX-License-Identifier: BSD-2-Clause */
/* Sending and receiving endpoint messages, with an optional fd. */
#ifndef TBX_SOCK_H
#define TBX_SOCK_H

#include <stddef.h>
#include <sys/types.h>

/**
 * tbx_send() - send one message of @len bytes, with @fd attached when
 * >= 0
 * Return: 0 or -errno (-EPIPE when the peer is gone).
 */
int tbx_send(int sock, const void *msg, size_t len, int fd);

/**
 * tbx_recv() - receive one message into @msg (at most @max bytes)
 * @fd:	[out] an attached fd (close-on-exec), or -1; extra fds are closed
 * Return: the message length, 0 when the peer closed, or -errno
 * (-EMSGSIZE for a truncated message).
 */
ssize_t tbx_recv(int sock, void *msg, size_t max, int *fd);

/**
 * tbx_recv_flags() - tbx_recv() with recvmsg(2) @flags (MSG_DONTWAIT:
 * -EAGAIN when nothing waits)
 */
ssize_t tbx_recv_flags(int sock, void *msg, size_t max, int *fd, int flags);

struct sockaddr_un;

/**
 * tbx_sockaddr() - fill @sa for the UNIX socket at @path
 * Return: 0, or -ENAMETOOLONG.
 */
int tbx_sockaddr(struct sockaddr_un *sa, const char *path);

/**
 * tbx_listen() - listen with a UNIX socket of @type (SOCK_STREAM,
 * SOCK_SEQPACKET) at @path, which gets @mode
 * Whatever was at @path (a socket a dead teed left) is replaced.
 * Return: the socket (close-on-exec) or -errno; on failure nothing is
 * left at @path.
 */
int tbx_listen(const char *path, int type, unsigned int mode, int backlog);

/**
 * tbx_connect() - connect a UNIX socket of @type to @path
 * Return: the socket (close-on-exec) or -errno (-ECONNREFUSED: nobody
 * listens there).
 */
int tbx_connect(const char *path, int type);

/**
 * tbx_send_all() - write all @len bytes of @buf to the stream socket
 * @sock, through partial writes and signals
 * Return: 0, or -errno (-EPIPE when the peer is gone, -EAGAIN when a
 * send timeout ran out).
 */
int tbx_send_all(int sock, const void *buf, size_t len);

#endif
