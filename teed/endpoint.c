// SPDX-License-Identifier: BSD-2-Clause
/* Device endpoints as UNIX sockets; see endpoint.h. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "accept.h"
#include "conn.h"
#include "endpoint.h"
#include "kernel/alloc.h"
#include "kernel/log.h"
#include <tbx/sock.h>

static int serve_conn(int fd, void *arg)
{
	return conn_start(arg, fd);
}

static void *accept_thread(void *arg)
{
	struct endpoint *ep = arg;

	accept_loop(ep->lsock, tee_device_name(ep->teedev), serve_conn, ep);
	return NULL;
}

/*
 * The group that may open @ep's socket besides its owner: only root can
 * give a file to a group it is not in, and a group that does not exist
 * gives nothing (0: none).
 */
static int device_group(const struct endpoint *ep,
			const struct endpoint_groups *groups, gid_t *gid)
{
	const char *name = ep->privileged ? groups->supp : groups->client;
	struct group gr, *found = NULL;
	char buf[4096];
	int rc;

	if (ep->owner != 0 || !name || !*name)
		return 0;
	rc = getgrnam_r(name, &gr, buf, sizeof(buf), &found);
	/* Some NSS modules say "no such group" with an error. */
	if (!found &&
	    (!rc || rc == ENOENT || rc == ESRCH || rc == EBADF || rc == EPERM))
		return 0;
	if (!found)
		return -rc;
	*gid = found->gr_gid;
	return 1;
}

/* Listens at ep->path with the mode and group @groups give it. */
static int listen_device(struct endpoint *ep,
			 const struct endpoint_groups *groups)
{
	gid_t gid;
	int rc = device_group(ep, groups, &gid);

	if (rc < 0)
		return rc;
	/* Owner-only until the group is set: never open to others first. */
	ep->lsock = tbx_listen(ep->path, SOCK_SEQPACKET,
			       rc || ep->privileged ? 0600 : 0666, 64);
	if (ep->lsock < 0)
		return ep->lsock;
	if (!rc)
		return 0;
	if (fchownat(AT_FDCWD, ep->path, (uid_t)-1, gid, AT_SYMLINK_NOFOLLOW) ||
	    chmod(ep->path, 0660)) {
		rc = -errno;
		close(ep->lsock);
		unlink(ep->path);
		return rc;
	}
	return 0;
}

int endpoint_create(struct endpoint **out, struct tee_device *teedev,
		    const char *rundir, const struct endpoint_groups *groups,
		    struct limits *limits)
{
	struct endpoint *ep = kzalloc(sizeof(*ep));
	int n, rc;

	if (!ep)
		return -ENOMEM;
	ep->privileged = tee_device_id(teedev) >= 16;
	ep->owner = geteuid();
	ep->limits = limits;
	INIT_LIST_HEAD(&ep->conns);
	pthread_mutex_init(&ep->lock, NULL);
	pthread_cond_init(&ep->gone, NULL);
	n = snprintf(ep->path, sizeof(ep->path), "%s/%s", rundir,
		     tee_device_name(teedev));
	if (n < 0 || (size_t)n >= sizeof(ep->path)) {
		rc = -ENAMETOOLONG;
		goto err;
	}
	rc = listen_device(ep, groups);
	if (rc)
		goto err;
	/* Holds the device while the endpoint exists. */
	if (!tee_device_get(teedev)) {
		rc = -ENODEV;
		goto err_close;
	}
	ep->teedev = teedev;
	rc = -pthread_create(&ep->thread, NULL, accept_thread, ep);
	if (rc)
		goto err_put;
	*out = ep;
	return 0;

err_put:
	tee_device_put(teedev);
err_close:
	close(ep->lsock);
	unlink(ep->path);
err:
	pthread_cond_destroy(&ep->gone);
	pthread_mutex_destroy(&ep->lock);
	kfree(ep);
	return rc;
}

bool endpoint_add_conn(struct endpoint *ep, struct conn *c)
{
	bool ok;

	pthread_mutex_lock(&ep->lock);
	ok = !ep->stopping;
	if (ok)
		list_add_tail(&c->link, &ep->conns);
	pthread_mutex_unlock(&ep->lock);
	return ok;
}

void endpoint_del_conn(struct endpoint *ep, struct conn *c)
{
	pthread_mutex_lock(&ep->lock);
	list_del(&c->link);
	pthread_cond_broadcast(&ep->gone);
	pthread_mutex_unlock(&ep->lock);
}

/* The peer of @c closed its end: the release is under way or soon. */
static bool peer_gone(const struct conn *c)
{
	struct pollfd pfd = {.fd = c->sock, .events = POLLRDHUP};

	return poll(&pfd, 1, 0) == 1 &&
	       (pfd.revents & (POLLHUP | POLLRDHUP | POLLERR));
}

/* A connection other than @self whose peer is gone.  ep->lock held. */
static bool has_dying_conn(struct endpoint *ep, const struct conn *self)
{
	const struct conn *c;

	list_for_each_entry(c, &ep->conns, link)
		if (c != self && peer_gone(c))
			return true;
	return false;
}

bool endpoint_wait_dying_conns(struct endpoint *ep, const struct conn *self)
{
	bool waited = false;

	pthread_mutex_lock(&ep->lock);
	while (has_dying_conn(ep, self)) {
		pthread_cond_wait(&ep->gone, &ep->lock);
		waited = true;
	}
	pthread_mutex_unlock(&ep->lock);
	return waited;
}

void endpoint_set_ctx(struct endpoint *ep, struct conn *c,
		      struct tee_context *ctx)
{
	pthread_mutex_lock(&ep->lock);
	c->ctx = ctx;
	pthread_mutex_unlock(&ep->lock);
}

int endpoint_for_each_context(struct endpoint *ep,
			      int (*fn)(struct tee_context *ctx,
					const struct tee_cred *cred, void *arg),
			      void *arg)
{
	struct conn *c;
	int rc = 0;

	pthread_mutex_lock(&ep->lock);
	list_for_each_entry(c, &ep->conns, link) {
		if (!c->ctx)
			continue;
		rc = fn(c->ctx, &c->cred, arg);
		if (rc)
			break;
	}
	pthread_mutex_unlock(&ep->lock);
	return rc;
}

void endpoint_destroy(struct endpoint *ep)
{
	struct conn *c;

	pthread_mutex_lock(&ep->lock);
	ep->stopping = true;
	pthread_mutex_unlock(&ep->lock);
	shutdown(ep->lsock, SHUT_RDWR);
	pthread_join(ep->thread, NULL);
	close(ep->lsock);
	unlink(ep->path);

	/* End every connection as if its client closed the device. */
	pthread_mutex_lock(&ep->lock);
	list_for_each_entry(c, &ep->conns, link)
		shutdown(c->sock, SHUT_RDWR);
	while (!list_empty(&ep->conns))
		pthread_cond_wait(&ep->gone, &ep->lock);
	pthread_mutex_unlock(&ep->lock);

	tee_device_put(ep->teedev);
	pthread_cond_destroy(&ep->gone);
	pthread_mutex_destroy(&ep->lock);
	kfree(ep);
}
