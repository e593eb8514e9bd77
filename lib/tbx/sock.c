// SPDX-License-Identifier: BSD-2-Clause
/* Endpoint messages over SOCK_SEQPACKET; see sock.h. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "sock.h"

int tbx_send(int sock, const void *msg, size_t len, int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = {.iov_base = (void *)msg, .iov_len = len};
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
	ssize_t n;

	if (fd >= 0) {
		struct cmsghdr *cm;

		memset(cbuf, 0, sizeof(cbuf));
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	}
	do {
		n = sendmsg(sock, &mh, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EMSGSIZE;
}

/* Keeps the first fd of the message; closes any others. */
static void take_fds(struct msghdr *mh, int *fd)
{
	for (struct cmsghdr *cm = CMSG_FIRSTHDR(mh); cm;
	     cm = CMSG_NXTHDR(mh, cm)) {
		size_t n;

		if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS)
			continue;
		n = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < n; i++) {
			int f;

			memcpy(&f, CMSG_DATA(cm) + i * sizeof(int), sizeof(f));
			if (*fd < 0)
				*fd = f;
			else
				close(f);
		}
	}
}

ssize_t tbx_recv(int sock, void *msg, size_t max, int *fd)
{
	return tbx_recv_flags(sock, msg, max, fd, 0);
}

ssize_t tbx_recv_flags(int sock, void *msg, size_t max, int *fd, int flags)
{
	char cbuf[CMSG_SPACE(4 * sizeof(int))];
	struct iovec iov = {.iov_base = msg, .iov_len = max};
	struct msghdr mh = {.msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = cbuf,
			    .msg_controllen = sizeof(cbuf)};
	ssize_t n;

	*fd = -1;
	do {
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC | flags);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	take_fds(&mh, fd);
	if (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		return -EMSGSIZE;
	}
	return n;
}

int tbx_sockaddr(struct sockaddr_un *sa, const char *path)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sa->sun_path))
		return -ENAMETOOLONG;
	strcpy(sa->sun_path, path);
	return 0;
}

int tbx_listen(const char *path, int type, unsigned int mode, int backlog)
{
	struct sockaddr_un sa;
	int fd, err;

	err = tbx_sockaddr(&sa, path);
	if (err)
		return err;
	fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	unlink(path);
	if (!bind(fd, (struct sockaddr *)&sa, sizeof(sa)) &&
	    !chmod(path, (mode_t)mode) && !listen(fd, backlog))
		return fd;
	err = -errno;
	close(fd);
	unlink(path);
	return err;
}

int tbx_connect(const char *path, int type)
{
	struct sockaddr_un sa;
	int fd, err;

	err = tbx_sockaddr(&sa, path);
	if (err)
		return err;
	fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
		return fd;
	err = -errno;
	close(fd);
	return err;
}

int tbx_send_all(int sock, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = send(sock, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		/* Only an empty write may write nothing. */
		if (!n)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
