/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device endpoints: /dev/teeN and /dev/teeprivN as UNIX sockets named
 * after the device in teed's runtime directory.
 */
#ifndef TEEBOX_TEED_ENDPOINT_H
#define TEEBOX_TEED_ENDPOINT_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

#include "kernel/list.h"
#include "teebox/tee_host.h"

struct conn;
struct limits;

/**
 * struct endpoint - one device's socket
 * @teedev:	the device (a user reference is held)
 * @path:	socket path
 * @lsock:	listening socket
 * @privileged:	a privileged device: only root or teed's own user
 * @owner:	teed's effective user
 * @limits:	what each user may take (shared by all endpoints)
 * @thread:	the accepting thread
 * @lock:	protects @conns, @stopping
 * @gone:	signalled when a connection ends
 * @conns:	live connections
 * @stopping:	no new connections
 */
struct endpoint {
	struct tee_device *teedev;
	char path[PATH_MAX];
	int lsock;
	bool privileged;
	uid_t owner;
	struct limits *limits;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t gone;
	struct list_head conns;
	bool stopping;
};

/**
 * struct endpoint_groups - who may open the device sockets besides teed's
 * user, as OP-TEE's udev rules say for /dev/tee* and /dev/teepriv*
 * @client:	group of the client devices (OP-TEE: "teeclnt")
 * @supp:	group of the privileged devices (OP-TEE: "tee")
 */
struct endpoint_groups {
	const char *client;
	const char *supp;
};

/**
 * endpoint_create() - listen for @teedev at <@rundir>/<device name>
 * @out:	the endpoint
 * @teedev:	the device
 * @rundir:	the runtime directory
 * @groups:	the device groups
 * @limits:	what each user may take; must outlive the endpoint
 *
 * When teed runs as root and the device's group in @groups exists, the
 * socket is root's and that group's (mode 0660).  Otherwise the client
 * device's socket is open to everybody (0666: the directory decides) and
 * the privileged one to its owner only (0600).  teed checks the
 * credentials of a privileged device's peers either way (conn.c).
 * Return: 0 or -errno.
 */
int endpoint_create(struct endpoint **out, struct tee_device *teedev,
		    const char *rundir, const struct endpoint_groups *groups,
		    struct limits *limits);

/**
 * endpoint_destroy() - stop accepting, end every connection (their
 * contexts are released), wait for them, remove the socket and free
 */
void endpoint_destroy(struct endpoint *ep);

/** endpoint_add_conn() - a new connection joins (false: stopping). */
bool endpoint_add_conn(struct endpoint *ep, struct conn *c);

/** endpoint_del_conn() - a connection has ended. */
void endpoint_del_conn(struct endpoint *ep, struct conn *c);

/**
 * endpoint_wait_dying_conns() - wait until no connection but @self has a
 * peer that closed its end
 * On Linux a process's files are released before its parent can reap
 * it; here the release follows the socket's end a little later.  An open
 * that found the device busy (one supplicant at a time) waits for such
 * releases and tries again, so that a supplicant restarted right after
 * the old one died is not refused.
 * Return: true if it waited.
 */
bool endpoint_wait_dying_conns(struct endpoint *ep, const struct conn *self);

/**
 * endpoint_set_ctx() - publish (or, with NULL, withdraw) the context of
 * connection @c under the endpoint's lock; a context is withdrawn before
 * it is closed, so endpoint_for_each_context() only sees open ones
 */
void endpoint_set_ctx(struct endpoint *ep, struct conn *c,
		      struct tee_context *ctx);

/**
 * endpoint_for_each_context() - call @fn for the open context of each
 * connection, with the peer's credentials, until it returns nonzero
 * @fn runs under the endpoint's lock: the context stays open meanwhile,
 * and @fn must not wait for a connection.
 * Return: what @fn returned
 * last (0 if always 0).
 */
int endpoint_for_each_context(struct endpoint *ep,
			      int (*fn)(struct tee_context *ctx,
					const struct tee_cred *cred, void *arg),
			      void *arg);

#endif
