// SPDX-License-Identifier: BSD-2-Clause
/* The accept loop of teed's sockets; see accept.h. */
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "accept.h"
#include "kernel/log.h"

void accept_loop(int lsock, const char *who, int (*serve)(int fd, void *arg),
		 void *arg)
{
	for (;;) {
		int fd = accept4(lsock, NULL, NULL, SOCK_CLOEXEC);

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			if (errno == EMFILE || errno == ENFILE) {
				pr_err("%s: out of file descriptors", who);
				usleep(ACCEPT_RETRY_US);
				continue;
			}
			return; /* shut down */
		}
		if (serve(fd, arg) == -ESHUTDOWN)
			return;
	}
}
