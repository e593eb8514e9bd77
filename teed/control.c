// SPDX-License-Identifier: BSD-2-Clause
/*
 * teed's control endpoint: the socket, who may use it, and the request
 * line; see control.h for the protocol.  Requests are answered one at a
 * time by one thread: the endpoint is for root's diagnostics, and a slow
 * peer is cut off after CONTROL_TIMEOUT_S.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "accept.h"
#include "control.h"
#include "kernel/alloc.h"
#include "kernel/log.h"
#include "report.h"
#include <tbx/sock.h>

/**
 * struct control - the control endpoint
 * @view:	what the reports are made from
 * @path:	socket path
 * @lsock:	listening socket
 * @owner:	teed's effective user, who may ask besides root
 * @thread:	the thread answering requests
 */
struct control {
	struct control_view view;
	char path[PATH_MAX];
	int lsock;
	uid_t owner;
	pthread_t thread;
};

/* Reads the request line: up to its newline, at most the limit. */
static ssize_t recv_request(int fd, char *buf, size_t size)
{
	size_t len = 0;

	while (len < size) {
		ssize_t n = recv(fd, buf + len, size - len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (memchr(buf, '\n', len))
			break;
	}
	return (ssize_t)len;
}

static bool peer_privileged(const struct control *ctl, int fd, pid_t *pid,
			    uid_t *uid)
{
	struct ucred uc;
	socklen_t len = sizeof(uc);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &uc, &len))
		return false;
	*pid = uc.pid;
	*uid = uc.uid;
	return uc.uid == 0 || uc.uid == ctl->owner;
}

static void serve(struct control *ctl, int fd)
{
	struct timeval tv = {.tv_sec = CONTROL_TIMEOUT_S};
	/* One byte more than a request may have, to see it is too long. */
	char req[CONTROL_MAX_REQUEST + 1];
	enum control_cmd cmd;
	bool json;
	ssize_t len;
	char *report;
	pid_t pid = 0;
	uid_t uid = (uid_t)-1;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	/* Read first: a socket closed with unread data resets its peer. */
	len = recv_request(fd, req, sizeof(req));
	if (!peer_privileged(ctl, fd, &pid, &uid)) {
		pr_warn("control: refused uid %u (pid %d): not privileged",
			(unsigned int)uid, (int)pid);
		tbx_send_all(fd, "error permission denied\n", 24);
		return;
	}
	if (len <= 0 || control_parse_request(req, (size_t)len, &cmd, &json)) {
		tbx_send_all(fd, "error bad request\n", 18);
		return;
	}
	report = report_build(&ctl->view, cmd, json);
	if (!report) {
		tbx_send_all(fd, "error out of memory\n", 20);
		return;
	}
	if (!tbx_send_all(fd, "ok\n", 3))
		tbx_send_all(fd, report, strlen(report));
	free(report);
}

/* One request per connection: answer it, then close. */
static int serve_conn(int fd, void *arg)
{
	serve(arg, fd);
	close(fd);
	return 0;
}

static void *control_thread(void *arg)
{
	struct control *ctl = arg;

	accept_loop(ctl->lsock, "control", serve_conn, ctl);
	return NULL;
}

int control_start(struct control **out, const char *rundir,
		  const struct control_view *view)
{
	struct control *ctl = kzalloc(sizeof(*ctl));
	int n, rc;

	if (!ctl)
		return -ENOMEM;
	ctl->view = *view;
	ctl->owner = geteuid();
	n = snprintf(ctl->path, sizeof(ctl->path), "%s/%s", rundir,
		     CONTROL_SOCKET_NAME);
	if (n < 0 || (size_t)n >= sizeof(ctl->path)) {
		rc = -ENAMETOOLONG;
		goto err;
	}
	ctl->lsock = tbx_listen(ctl->path, SOCK_STREAM, 0600, 8);
	if (ctl->lsock < 0) {
		rc = ctl->lsock;
		goto err;
	}
	rc = -pthread_create(&ctl->thread, NULL, control_thread, ctl);
	if (rc)
		goto err_close;
	*out = ctl;
	return 0;

err_close:
	close(ctl->lsock);
	unlink(ctl->path);
err:
	pr_err("cannot serve the control endpoint in %s: %s", rundir,
	       strerror(-rc));
	kfree(ctl);
	return rc;
}

void control_stop(struct control *ctl)
{
	if (!ctl)
		return;
	shutdown(ctl->lsock, SHUT_RDWR);
	pthread_join(ctl->thread, NULL);
	close(ctl->lsock);
	unlink(ctl->path);
	kfree(ctl);
}
