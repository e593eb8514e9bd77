// SPDX-License-Identifier: BSD-2-Clause
/*
 * Connections: the open files of the device endpoints.
 *
 * The socket thread of a connection does the open (HELLO), serves the
 * ioctls that carry file descriptors and the client's "file closed"
 * notes, and notices when the client goes away.  Each lane the client
 * uses gets a worker thread that runs the calls posted in it.
 *
 * Going away is the file's release: the workers' callers are signalled
 * (interruptible waits end), the workers are joined, the client's shared
 * memory files are dropped and the context is released, which closes its
 * sessions in the secure world.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "call.h"
#include "conn.h"
#include "endpoint.h"
#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/log.h"
#include <tbx/memfd.h>
#include <tbx/sock.h>

/* Most shared-memory files one client may hold, whatever the limits say. */
#define CONN_MAX_SHM_HANDLES 65536
/* How long a new connection may take to say HELLO. */
#define HELLO_TIMEOUT_S 5

/**
 * struct call_ctx - what an ioctl's file-table hooks need
 * @conn:	the connection
 * @attach_fd:	a file to send with the answer (-1: none)
 * @in_fd:	the file the client sent with the call (-1: none); taken
 *		by register_user_mem
 */
struct call_ctx {
	struct conn *conn;
	int attach_fd;
	int in_fd;
};

/*
 * What a shared-memory file costs against the limits: the pool bytes of
 * an allocation; registered memory is the client's own.
 */
static size_t shm_charge_bytes(const struct tee_shm *shm)
{
	return shm->flags & TEE_SHM_REGISTER ? 0 : shm->size;
}

static int add_handle(struct conn *c, struct tee_shm *shm)
{
	size_t bytes = shm_charge_bytes(shm);
	struct shm_handle *h;
	int rc = 0;

	pthread_mutex_lock(&c->lock);
	if (c->nhandles == CONN_MAX_SHM_HANDLES) {
		rc = -EMFILE;
		goto out;
	}
	rc = limits_shm_charge(c->ep->limits, &c->charge, bytes);
	if (rc)
		goto out;
	h = kcalloc(c->nhandles + 1, sizeof(*h));
	if (!h) {
		limits_shm_uncharge(c->ep->limits, &c->charge, bytes);
		rc = -ENOMEM;
		goto out;
	}
	if (c->nhandles)
		memcpy(h, c->handles, c->nhandles * sizeof(*h));
	h[c->nhandles].shm = shm;
	h[c->nhandles].id = shm->id;
	h[c->nhandles].charged = bytes;
	kfree(c->handles);
	c->handles = h;
	c->nhandles++;
out:
	pthread_mutex_unlock(&c->lock);
	return rc;
}

/* Removes the handle of shm @id; returns its shm or NULL. */
static struct tee_shm *take_handle(struct conn *c, int id)
{
	struct tee_shm *shm = NULL;

	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < c->nhandles; i++) {
		if (c->handles[i].id == id) {
			shm = c->handles[i].shm;
			limits_shm_uncharge(c->ep->limits, &c->charge,
					    c->handles[i].charged);
			c->handles[i] = c->handles[--c->nhandles];
			break;
		}
	}
	pthread_mutex_unlock(&c->lock);
	return shm;
}

/* install_shm_fd for calls over the socket: the memory file rides along. */
static int install_shm_fd(struct tee_uspace *us, struct tee_shm *shm)
{
	struct call_ctx *cc = us->priv;
	int rc;

	if (shm->backing_fd < 0 || cc->attach_fd >= 0)
		return -EINVAL;
	rc = add_handle(cc->conn, shm);
	if (rc)
		return rc;
	cc->attach_fd = shm->backing_fd;
	return shm->id;
}

/*
 * register_user_mem for calls over the socket: the client made the range
 * a memory file (transport/tbx_client.c) and sent it with the call.
 */
static struct tee_shm *register_user_mem(struct tee_uspace *us,
					 struct tee_context *ctx, u64 addr,
					 u64 len)
{
	struct call_ctx *cc = us->priv;
	int fd = cc->in_fd;

	if (fd < 0 || !len || addr + len < addr)
		return ERR_PTR(-EINVAL);
	cc->in_fd = -1;
	/* The registration owns the file from here on. */
	return tee_shm_register(ctx, NULL, addr & (PAGE_SIZE - 1), len, fd);
}

static const struct tee_uspace_ops socket_call_ops = {
	.install_shm_fd = install_shm_fd,
	.register_user_mem = register_user_mem,
};

/* Lanes carry no files: an fd ioctl there fails like a bad fd table. */
static const struct tee_uspace_ops lane_call_ops = {0};

/* Copies a lane's request in: the header, then only the data it names. */
static void lane_read(struct tbx_call *dst, const struct tbx_call *src)
{
	memcpy(dst, src, offsetof(struct tbx_call, data));
	memcpy(dst->data, src->data, tbx_call_data_len(dst));
}

static void lane_write(struct tbx_call *dst, const struct tbx_call *src)
{
	memcpy(dst, src, offsetof(struct tbx_call, data));
	memcpy(dst->data, src->data, tbx_call_data_len(src));
}

static void *lane_thread(void *arg)
{
	struct lane_worker *w = arg;
	struct conn *c = w->conn;
	struct tbx_lane *lane = &c->lanes->lanes[w->index];
	struct tbx_call *call = kmalloc(sizeof(*call));

	if (!call) {
		pr_err("out of memory for a lane of pid %d", c->cred.pid);
		return NULL;
	}
	task_attach(&w->task);
	for (;;) {
		doorbell_wait(&lane->req, w->seen, 0);
		w->seen = doorbell_seq(&lane->req);
		if (atomic_load(&c->closing))
			break;
		lane_read(call, &lane->call);
		/* The lane is the client's: all of its data is there. */
		tbx_call_run(c->ctx, call, TBX_DATA_MAX, &lane_call_ops, NULL);
		lane_write(&lane->call, call);
		doorbell_ring(&lane->resp);
	}
	task_attach(NULL);
	kfree(call);
	return NULL;
}

static int start_lane(struct conn *c, uint32_t index)
{
	struct lane_worker *w;
	int rc;

	if (index >= TBX_NUM_LANES || !c->lanes)
		return -EINVAL;
	w = &c->workers[index];
	if (w->started)
		return 0;
	w->conn = c;
	w->index = index;
	/* Requests already posted count as not yet seen. */
	w->seen = 0;
	task_init(&w->task);
	rc = -pthread_create(&w->thread, NULL, lane_thread, w);
	if (rc) {
		task_destroy(&w->task);
		return rc;
	}
	w->started = true;
	return 0;
}

/* An ioctl over the socket: @n bytes arrived, header included. */
static void handle_ioctl(struct conn *c, struct tbx_msg *msg, size_t n,
			 int in_fd)
{
	struct call_ctx cc = {.conn = c, .attach_fd = -1, .in_fd = in_fd};
	struct tbx_call *call = &msg->u.call;
	size_t len;

	tbx_call_run(c->ctx, call,
		     n - TBX_MSG_SIZE(offsetof(struct tbx_call, data)),
		     &socket_call_ops, &cc);
	/* A file nobody took (not a registration) is dropped. */
	if (cc.in_fd >= 0)
		close(cc.in_fd);
	len = TBX_MSG_SIZE(offsetof(struct tbx_call, data) +
			   tbx_call_data_len(call));
	if (tbx_send(c->sock, msg, len, call->ret >= 0 ? cc.attach_fd : -1))
		pr_debug("pid %d left before its answer", c->cred.pid);
}

static void handle_shm_close(struct conn *c, struct tbx_msg *msg)
{
	struct tee_shm *shm = take_handle(c, msg->u.shm_close.shm_id);

	msg->type = TBX_SHM_CLOSE_REPLY;
	msg->u.shm_close.status = shm ? 0 : -EBADF;
	if (shm)
		tee_shm_put(shm);
	tbx_send(c->sock, msg, TBX_MSG_SIZE(sizeof(msg->u.shm_close)), -1);
}

/* Serves socket messages until the client goes away. */
static void serve_socket(struct conn *c)
{
	struct tbx_msg *msg = kzalloc(sizeof(*msg));
	ssize_t n;
	int fd;

	if (!msg)
		return;
	task_attach(&c->task);
	while ((n = tbx_recv(c->sock, msg, sizeof(*msg), &fd)) > 0) {
		/* Nothing of the last message may pass for part of this one. */
		memset((char *)msg + n, 0, sizeof(*msg) - (size_t)n);
		if ((size_t)n < TBX_MSG_SIZE(0)) {
			if (fd >= 0)
				close(fd);
			break;
		}
		if (msg->type == TBX_IOCTL &&
		    (size_t)n >=
			    TBX_MSG_SIZE(offsetof(struct tbx_call, data))) {
			handle_ioctl(c, msg, (size_t)n, fd);
			fd = -1;
		} else if (fd >= 0) {
			/* Only a registration brings a file along. */
			close(fd);
			break;
		} else if (msg->type == TBX_SHM_CLOSE &&
			   (size_t)n >=
				   TBX_MSG_SIZE(sizeof(msg->u.shm_close))) {
			handle_shm_close(c, msg);
		} else if (msg->type == TBX_LANE_START &&
			   (size_t)n >=
				   TBX_MSG_SIZE(sizeof(msg->u.lane_start))) {
			if (start_lane(c, msg->u.lane_start.lane))
				break;
		} else {
			pr_warn("pid %d sent a malformed message: dropped",
				c->cred.pid);
			break;
		}
	}
	task_attach(NULL);
	kfree(msg);
}

/* Makes the lane region the client maps. */
static int make_lanes(struct conn *c)
{
	size_t size = ALIGN_UP(sizeof(struct tbx_lanes), PAGE_SIZE);
	void *p;

	c->lanes_fd = memfd_new_sealed("teebox-lanes", size, false);
	if (c->lanes_fd < 0)
		return c->lanes_fd;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, c->lanes_fd,
		 0);
	if (p == MAP_FAILED)
		return -ENOMEM;
	c->lanes = p;
	c->lanes->magic = TBX_PROTO_MAGIC;
	c->lanes->nlanes = TBX_NUM_LANES;
	for (unsigned int i = 0; i < TBX_NUM_LANES; i++) {
		doorbell_init(&c->lanes->lanes[i].req);
		doorbell_init(&c->lanes->lanes[i].resp);
	}
	return 0;
}

static bool peer_privileged(const struct conn *c)
{
	return c->cred.euid == 0 || c->cred.euid == c->ep->owner;
}

/* The open: HELLO, the privilege check, teedev_open(), the answer. */
static int do_open(struct conn *c)
{
	struct timeval tv = {.tv_sec = HELLO_TIMEOUT_S};
	struct tbx_msg msg;
	ssize_t n;
	int fd;
	int status;

	setsockopt(c->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	n = tbx_recv(c->sock, &msg, sizeof(msg), &fd);
	if (fd >= 0)
		close(fd);
	if (n < (ssize_t)TBX_MSG_SIZE(sizeof(msg.u.hello)) ||
	    msg.type != TBX_HELLO || msg.u.hello.magic != TBX_PROTO_MAGIC ||
	    msg.u.hello.version != TBX_PROTO_VERSION)
		return -EPROTO;
	tv.tv_sec = 0;
	setsockopt(c->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));

	if (c->ep->privileged && !peer_privileged(c)) {
		pr_warn("%s: refused uid %u (pid %d): not privileged",
			tee_device_name(c->ep->teedev), (unsigned)c->cred.euid,
			c->cred.pid);
		status = -EACCES;
	} else {
		struct tee_context *ctx = teedev_open(c->ep->teedev, &c->cred);

		if (ctx == ERR_PTR(-EBUSY) &&
		    endpoint_wait_dying_conns(c->ep, c))
			ctx = teedev_open(c->ep->teedev, &c->cred);
		status = IS_ERR(ctx) ? (int)PTR_ERR(ctx) : 0;
		if (!status) {
			/* Visible to teectl from now on. */
			endpoint_set_ctx(c->ep, c, ctx);
			status = make_lanes(c);
		}
	}

	memset(&msg, 0, sizeof(msg));
	msg.type = TBX_HELLO_REPLY;
	msg.u.hello_reply.status = status;
	msg.u.hello_reply.nlanes = status ? 0 : TBX_NUM_LANES;
	if (tbx_send(c->sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello_reply)),
		     status ? -1 : c->lanes_fd))
		return -EPIPE;
	/* The mapping stays; the file would only cost teed an fd. */
	if (c->lanes_fd >= 0) {
		close(c->lanes_fd);
		c->lanes_fd = -1;
	}
	return status;
}

static void read_peer_cred(struct conn *c)
{
	struct ucred uc;
	socklen_t len = sizeof(uc);
	socklen_t glen = sizeof(c->cred.groups);

	memset(&c->cred, 0, sizeof(c->cred));
	if (!getsockopt(c->sock, SOL_SOCKET, SO_PEERCRED, &uc, &len)) {
		c->cred.pid = uc.pid;
		c->cred.euid = uc.uid;
		c->cred.egid = uc.gid;
	} else {
		c->cred.euid = (uid_t)-1;
		c->cred.egid = (gid_t)-1;
	}
	if (!getsockopt(c->sock, SOL_SOCKET, SO_PEERGROUPS, c->cred.groups,
			&glen))
		c->cred.ngroups = glen / sizeof(gid_t);
}

/* The release of the file: everything the client had goes. */
static void conn_release(struct conn *c)
{
	atomic_store(&c->closing, true);
	if (c->lanes)
		atomic_store(&c->lanes->closing, 1);
	for (unsigned int i = 0; i < TBX_NUM_LANES; i++) {
		struct lane_worker *w = &c->workers[i];

		if (!w->started)
			continue;
		task_signal(&w->task);
		doorbell_ring(&c->lanes->lanes[i].req);
		pthread_join(w->thread, NULL);
		task_destroy(&w->task);
	}
	for (size_t i = 0; i < c->nhandles; i++)
		tee_shm_put(c->handles[i].shm);
	kfree(c->handles);
	if (c->ctx) {
		struct tee_context *ctx = c->ctx;

		/* Withdrawn first: teectl must not look at a closing one. */
		endpoint_set_ctx(c->ep, c, NULL);
		teedev_close_context(ctx);
	}
	if (c->lanes)
		munmap(c->lanes, ALIGN_UP(sizeof(struct tbx_lanes), PAGE_SIZE));
	if (c->lanes_fd >= 0)
		close(c->lanes_fd);
	/* Counted until here: what it held is gone now. */
	limits_conn_put(c->ep->limits, &c->charge);
	task_destroy(&c->task);
	pthread_mutex_destroy(&c->lock);
}

static void *conn_thread(void *arg)
{
	struct conn *c = arg;

	if (!do_open(c))
		serve_socket(c);
	conn_release(c);
	endpoint_del_conn(c->ep, c);
	/*
	 * Only now: until the endpoint forgets us it may shut the socket
	 * down, and the number must not have gone to another file.
	 */
	close(c->sock);
	kfree(c);
	return NULL;
}

/*
 * Answers the HELLO the client is about to send with @status and hangs
 * up, without a thread: a flood of refused opens costs no more than the
 * accept.  The client reads the answer even if its HELLO finds the
 * socket closed (transport/tbx_client.c).
 */
static void refuse_open(const struct conn *c, int status)
{
	static _Atomic long last_logged;
	struct tbx_msg msg = {.type = TBX_HELLO_REPLY};
	long now = (long)time(NULL);
	long last = atomic_load(&last_logged);

	/* Once a second is enough to say a flood is on. */
	if (now != last &&
	    atomic_compare_exchange_strong(&last_logged, &last, now))
		pr_warn("%s: refused an open of uid %u (pid %d): %s "
			"(--max-conns-per-uid, --max-conns)",
			tee_device_name(c->ep->teedev), (unsigned)c->cred.euid,
			c->cred.pid, strerror(-status));
	msg.u.hello_reply.status = status;
	tbx_send(c->sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello_reply)), -1);
}

int conn_start(struct endpoint *ep, int sock)
{
	struct conn *c = kzalloc(sizeof(*c));
	pthread_attr_t attr;
	pthread_t thread;
	int rc;

	if (!c) {
		close(sock);
		return -ENOMEM;
	}
	c->ep = ep;
	c->sock = sock;
	c->lanes_fd = -1;
	/* Counted from the accept: a client that never says HELLO counts. */
	read_peer_cred(c);
	rc = limits_conn_get(ep->limits, &c->charge, c->cred.euid,
			     ep->privileged);
	if (rc) {
		refuse_open(c, rc);
		close(sock);
		kfree(c);
		return rc;
	}
	pthread_mutex_init(&c->lock, NULL);
	task_init(&c->task);
	INIT_LIST_HEAD(&c->link);
	if (!endpoint_add_conn(ep, c)) {
		rc = -ESHUTDOWN;
		goto err;
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	rc = -pthread_create(&thread, &attr, conn_thread, c);
	pthread_attr_destroy(&attr);
	if (!rc)
		return 0;
	endpoint_del_conn(ep, c);
err:
	limits_conn_put(ep->limits, &c->charge);
	task_destroy(&c->task);
	pthread_mutex_destroy(&c->lock);
	close(sock);
	kfree(c);
	return rc;
}
