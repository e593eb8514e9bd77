/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A connection to a device endpoint: what an open file of /dev/teeN is in
 * the kernel.  It owns one tee_context, the shared-memory files the
 * client holds, and the lanes its calls travel in.
 */
#ifndef TEEBOX_TEED_CONN_H
#define TEEBOX_TEED_CONN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include <linux/tee_drv.h>

#include "kernel/list.h"
#include "kernel/sync.h"
#include "limits.h"
#include "transport/tbx_proto.h"

struct endpoint;
struct conn;

/**
 * struct lane_worker - the teed thread serving one lane of a connection
 * @conn:	the connection
 * @index:	lane number
 * @started:	the thread runs
 * @thread:	the thread
 * @task:	the caller it works for; signalled when the client goes
 * @seen:	requests taken so far
 */
struct lane_worker {
	struct conn *conn;
	unsigned int index;
	bool started;
	pthread_t thread;
	struct task task;
	uint32_t seen;
};

/**
 * struct shm_handle - a shared-memory file the client holds
 * @shm:	the object (this handle holds the file's reference)
 * @id:		its id, by which the client closes it
 * @charged:	bytes charged to the limits for it
 */
struct shm_handle {
	struct tee_shm *shm;
	int id;
	size_t charged;
};

/**
 * struct conn - one connection
 * @link:	entry in the endpoint's list (endpoint lock)
 * @ep:		the endpoint
 * @sock:	the socket
 * @ctx:	the context, once opened (written under the endpoint's lock,
 *		endpoint_set_ctx())
 * @cred:	the peer's credentials
 * @lanes:	the shared lane region
 * @lanes_fd:	its file
 * @workers:	one per lane the client started
 * @task:	the caller as seen by the socket thread
 * @charge:	what it holds against the limits (@lock for the shared
 *		memory part)
 * @lock:	protects @handles and @nhandles
 * @handles:	shared-memory files the client holds
 * @nhandles:	entries used
 * @closing:	the client is gone: workers stop
 */
struct conn {
	struct list_head link;
	struct endpoint *ep;
	int sock;
	struct tee_context *ctx;
	struct tee_cred cred;
	struct tbx_lanes *lanes;
	int lanes_fd;
	struct lane_worker workers[TBX_NUM_LANES];
	struct task task;
	struct limits_charge charge;
	pthread_mutex_t lock;
	struct shm_handle *handles;
	size_t nhandles;
	atomic_bool closing;
};

/**
 * conn_start() - serve a new connection on @sock in a thread of its own
 * Takes ownership of @sock.
 * Return: 0 or -errno.
 */
int conn_start(struct endpoint *ep, int sock);

#endif
