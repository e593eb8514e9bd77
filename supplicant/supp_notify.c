// SPDX-License-Identifier: BSD-2-Clause
/*
 * READY=1 to $NOTIFY_SOCKET (sd_notify(3)): a datagram to a path or, for
 * a leading '@', an abstract socket address.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "supp_notify.h"

int supp_notify_ready(void)
{
	static const char msg[] = "READY=1";
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	size_t len;
	ssize_t n;
	int fd, rc;

	if (!path || !*path)
		return 0;
	if (path[0] != '/' && path[0] != '@')
		return -EAFNOSUPPORT;
	len = strlen(path);
	if (len >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	memcpy(sa.sun_path, path, len);
	if (sa.sun_path[0] == '@')
		sa.sun_path[0] = '\0';
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	n = sendto(fd, msg, sizeof(msg) - 1, MSG_NOSIGNAL,
		   (struct sockaddr *)&sa,
		   (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len));
	rc = n == (ssize_t)(sizeof(msg) - 1) ? 1 : n < 0 ? -errno : -EPROTO;
	close(fd);
	return rc;
}
