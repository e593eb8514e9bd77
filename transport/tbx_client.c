// SPDX-License-Identifier: BSD-2-Clause
/* The client side of teed's device endpoints; see tbx_client.h. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/types.h"
#include <tbx/memfd.h>
#include "tbx_client.h"
#include "tbx_proto.h"
#include "tbx_rundir.h"
#include <tbx/sock.h>

/* How often a waiting call checks that teed is still there. */
#define ALIVE_CHECK_MS 200

/**
 * struct shm_fd - a shared-memory fd the device gave us
 * @fd:		our fd
 * @id:		the shm id teed knows it by
 */
struct shm_fd {
	int fd;
	int id;
};

/**
 * struct tbx_dev - an open device
 * @sock:	the connection
 * @sock_lock:	one request/answer exchange on the socket at a time
 * @lanes:	the lane region
 * @lanes_size:	its size
 * @lane_lock:	with @lane_free: waiting for a lane
 * @started:	lanes teed was told to serve, one bit each; set under
 *		@sock_lock, read without it
 * @shm_lock:	protects @shms and @nshms
 * @shms:	shared-memory fds we hold
 * @nshms:	entries used
 */
struct tbx_dev {
	int sock;
	pthread_mutex_t sock_lock;
	struct tbx_lanes *lanes;
	size_t lanes_size;
	pthread_mutex_t lane_lock;
	pthread_cond_t lane_free;
	_Atomic uint32_t started;
	pthread_mutex_t shm_lock;
	struct shm_fd *shms;
	size_t nshms;
};

int tbx_dev_path(char *buf, size_t len, const char *name)
{
	char dir[256];
	int n;

	if (tbx_runtime_dir(dir, sizeof(dir)))
		return -ENAMETOOLONG;
	n = snprintf(buf, len, "%s/%s", dir, name);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int connect_to(const char *path)
{
	int fd = tbx_connect(path, SOCK_SEQPACKET);

	/* No listener behind the name: no such device. */
	return fd == -ECONNREFUSED ? -ENOENT : fd;
}

/* HELLO and its answer; maps the lane region on success. */
static int hello(struct tbx_dev *dev)
{
	struct tbx_msg msg = {.type = TBX_HELLO};
	struct stat st;
	ssize_t n;
	int fd, rc;

	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION;
	rc = tbx_send(dev->sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1);
	/*
	 * teed refuses an open over the limits (EMFILE, ENFILE) without
	 * waiting for HELLO: its answer may be there though the socket is
	 * closed already.
	 */
	if (rc && rc != -EPIPE && rc != -ECONNRESET)
		return rc;
	n = tbx_recv(dev->sock, &msg, sizeof(msg), &fd);
	/*
	 * Closed with our HELLO unread, the socket reports the reset first
	 * and the answer queued before it on the next read.
	 */
	if (n == -ECONNRESET)
		n = tbx_recv_flags(dev->sock, &msg, sizeof(msg), &fd,
				   MSG_DONTWAIT);
	if (n == -EAGAIN)
		n = -ECONNRESET;
	if (n <= 0 && rc)
		return rc;
	if (n < (ssize_t)TBX_MSG_SIZE(sizeof(msg.u.hello_reply)) ||
	    msg.type != TBX_HELLO_REPLY) {
		rc = n < 0 ? (int)n : -EPROTO;
		goto out;
	}
	rc = msg.u.hello_reply.status;
	if (rc)
		goto out;
	if (fd < 0 || fstat(fd, &st) ||
	    (size_t)st.st_size < sizeof(struct tbx_lanes)) {
		rc = -EPROTO;
		goto out;
	}
	dev->lanes_size = (size_t)st.st_size;
	dev->lanes = mmap(NULL, dev->lanes_size, PROT_READ | PROT_WRITE,
			  MAP_SHARED, fd, 0);
	if (dev->lanes == MAP_FAILED) {
		dev->lanes = NULL;
		rc = -ENOMEM;
	} else if (dev->lanes->magic != TBX_PROTO_MAGIC ||
		   dev->lanes->nlanes != TBX_NUM_LANES) {
		rc = -EPROTO;
	}
out:
	if (fd >= 0)
		close(fd);
	return rc > 0 ? -EPROTO : rc;
}

static void dev_free(struct tbx_dev *dev)
{
	for (size_t i = 0; i < dev->nshms; i++)
		close(dev->shms[i].fd);
	free(dev->shms);
	if (dev->lanes)
		munmap(dev->lanes, dev->lanes_size);
	if (dev->sock >= 0)
		close(dev->sock);
	pthread_mutex_destroy(&dev->sock_lock);
	pthread_mutex_destroy(&dev->lane_lock);
	pthread_cond_destroy(&dev->lane_free);
	pthread_mutex_destroy(&dev->shm_lock);
	free(dev);
}

int tbx_dev_open(const char *path, struct tbx_dev **out)
{
	struct tbx_dev *dev = calloc(1, sizeof(*dev));
	int rc;

	if (!dev)
		return -ENOMEM;
	pthread_mutex_init(&dev->sock_lock, NULL);
	pthread_mutex_init(&dev->lane_lock, NULL);
	pthread_cond_init(&dev->lane_free, NULL);
	pthread_mutex_init(&dev->shm_lock, NULL);
	dev->sock = connect_to(path);
	if (dev->sock < 0) {
		rc = dev->sock;
		goto err;
	}
	rc = hello(dev);
	if (rc)
		goto err;
	*out = dev;
	return 0;
err:
	dev_free(dev);
	return rc;
}

/*
 * How much of [r->uaddr, r->uaddr + want) the caller can read (from the
 * start: the core reads every region from its start), and the part of
 * that it can write.  Access changes at page boundaries only, so a range
 * that is not usable whole is asked about page by page.  The regions are
 * at most TEE_MAX_ARG_SIZE bytes, two pages: their writable pages are
 * always one run.
 */
static void probe_region(struct tbx_region *r, size_t want,
			 tbx_uaccess_ok_fn *ok)
{
	uintptr_t p = (uintptr_t)r->uaddr;
	bool wr_ended = false;
	size_t off = 0;

	r->wr_off = 0;
	r->wr_len = 0;
	/* Nothing is ever mapped at address 0. */
	if (!p) {
		r->len = 0;
		return;
	}
	if (!ok || ok((const void *)p, want, true)) {
		r->len = (uint32_t)want;
		r->wr_len = (uint32_t)want;
		return;
	}
	while (off < want) {
		size_t chunk = PAGE_SIZE - ((p + off) & (PAGE_SIZE - 1));

		if (chunk > want - off)
			chunk = want - off;
		if (!ok((const void *)(p + off), chunk, false))
			break;
		if (!wr_ended && ok((const void *)(p + off), chunk, true)) {
			if (!r->wr_len)
				r->wr_off = (uint32_t)off;
			r->wr_len += (uint32_t)chunk;
		} else if (r->wr_len) {
			wr_ended = true;
		}
		off += chunk;
	}
	r->len = (uint32_t)off;
}

/* Appends the region at @uaddr: what the caller can read of @want bytes. */
static void add_region(struct tbx_call *call, size_t *off, uint64_t uaddr,
		       size_t want, tbx_uaccess_ok_fn *ok)
{
	struct tbx_region *r = &call->regions[call->nregions++];

	r->uaddr = uaddr;
	r->nspans = 0;
	probe_region(r, want, ok);
	if (r->len)
		memcpy(call->data + *off, (const void *)(uintptr_t)uaddr,
		       r->len);
	*off += r->len;
}

/*
 * Fills @call with the ioctl and the user memory it names: the argument
 * struct and, for a buffer ioctl, the buffer.  Whether the ioctl exists,
 * and what it makes of memory that is missing or read-only, is for the
 * core to say.
 */
static void build_call(struct tbx_call *call, unsigned int cmd, void *arg,
		       tbx_uaccess_ok_fn *ok)
{
	size_t arg_len = _IOC_SIZE(cmd);
	struct tee_ioctl_buf_data buf;
	size_t off = 0;

	call->cmd = cmd;
	call->arg = (uint64_t)(uintptr_t)arg;
	call->ret = 0;
	call->nregions = 0;
	/* An argument we cannot carry is one the kernel would not know. */
	add_region(call, &off, call->arg, arg_len <= TBX_ARG_MAX ? arg_len : 0,
		   ok);
	if (!tbx_is_buf_ioctl(cmd) || call->regions[0].len != sizeof(buf))
		return;

	memcpy(&buf, call->data, sizeof(buf));
	/* The core refuses a longer buffer without reading it. */
	add_region(call, &off, buf.buf_ptr,
		   buf.buf_len <= TEE_MAX_ARG_SIZE ? buf.buf_len : 0, ok);
}

/*
 * Stores what teed wrote back into our memory, as the kernel would; only
 * ever into the part of a region we said can be written.
 */
static void apply_answer(const struct tbx_call *sent,
			 const struct tbx_call *answer)
{
	size_t off = 0;

	for (uint32_t i = 0; i < sent->nregions; i++) {
		const struct tbx_region *r = &sent->regions[i];
		const struct tbx_region *a = &answer->regions[i];
		uint32_t nspans = a->nspans > TBX_MAX_SPANS ? 0 : a->nspans;

		for (uint32_t s = 0; s < nspans; s++) {
			const struct tbx_span *sp = &a->spans[s];

			if (sp->off < r->wr_off ||
			    sp->off - r->wr_off > r->wr_len ||
			    sp->len > r->wr_len - (sp->off - r->wr_off))
				continue;
			memcpy((char *)(uintptr_t)r->uaddr + sp->off,
			       answer->data + off + sp->off, sp->len);
		}
		off += r->len;
	}
}

static bool teed_gone(struct tbx_dev *dev)
{
	struct pollfd pfd = {.fd = dev->sock, .events = POLLRDHUP};

	return poll(&pfd, 1, 0) > 0 &&
	       (pfd.revents & (POLLHUP | POLLRDHUP | POLLERR));
}

/* Takes a free lane; waits for one when all are busy. */
static unsigned int lease_lane(struct tbx_dev *dev)
{
	for (;;) {
		uint32_t busy = atomic_load(&dev->lanes->client_busy);

		for (unsigned int i = 0; i < TBX_NUM_LANES; i++) {
			uint32_t bit = 1u << i;

			if (!(busy & bit) &&
			    !(atomic_fetch_or(&dev->lanes->client_busy, bit) &
			      bit))
				return i;
		}
		pthread_mutex_lock(&dev->lane_lock);
		if (atomic_load(&dev->lanes->client_busy) ==
		    (1u << TBX_NUM_LANES) - 1)
			pthread_cond_wait(&dev->lane_free, &dev->lane_lock);
		pthread_mutex_unlock(&dev->lane_lock);
	}
}

static void release_lane(struct tbx_dev *dev, unsigned int i)
{
	pthread_mutex_lock(&dev->lane_lock);
	atomic_fetch_and(&dev->lanes->client_busy, ~(1u << i));
	pthread_cond_signal(&dev->lane_free);
	pthread_mutex_unlock(&dev->lane_lock);
}

/*
 * Tells teed to serve lane @i, once.  A lane already started costs no
 * lock: @sock_lock may be held through another thread's whole socket
 * exchange, which a call on a lane has no reason to wait for.
 */
static int start_lane(struct tbx_dev *dev, unsigned int i)
{
	struct tbx_msg msg = {.type = TBX_LANE_START};
	uint32_t bit = 1u << i;
	int rc = 0;

	if (atomic_load(&dev->started) & bit)
		return 0;
	pthread_mutex_lock(&dev->sock_lock);
	if (!(atomic_load(&dev->started) & bit)) {
		msg.u.lane_start.lane = i;
		rc = tbx_send(dev->sock, &msg,
			      TBX_MSG_SIZE(sizeof(msg.u.lane_start)), -1);
		if (!rc)
			atomic_fetch_or(&dev->started, bit);
	}
	pthread_mutex_unlock(&dev->sock_lock);
	return rc;
}

static long ioctl_lane(struct tbx_dev *dev, unsigned int cmd, void *arg,
		       tbx_uaccess_ok_fn *ok)
{
	unsigned int i = lease_lane(dev);
	struct tbx_lane *lane = &dev->lanes->lanes[i];
	uint32_t seen;
	long ret;

	if (start_lane(dev, i)) {
		release_lane(dev, i);
		return -EIO;
	}
	build_call(&lane->call, cmd, arg, ok);
	seen = doorbell_seq(&lane->resp);
	doorbell_ring(&lane->req);
	while (doorbell_wait(&lane->resp, seen, ALIVE_CHECK_MS) == -ETIMEDOUT) {
		if (teed_gone(dev)) {
			release_lane(dev, i);
			return -EIO;
		}
	}
	ret = (long)lane->call.ret;
	/* Our request is still in the lane: the regions we sent. */
	apply_answer(&lane->call, &lane->call);
	release_lane(dev, i);
	return ret;
}

static int remember_shm(struct tbx_dev *dev, int fd, int id)
{
	struct shm_fd *s;

	pthread_mutex_lock(&dev->shm_lock);
	s = realloc(dev->shms, (dev->nshms + 1) * sizeof(*s));
	if (s) {
		dev->shms = s;
		s[dev->nshms].fd = fd;
		s[dev->nshms].id = id;
		dev->nshms++;
	}
	pthread_mutex_unlock(&dev->shm_lock);
	return s ? 0 : -ENOMEM;
}

/*
 * Does [start, end) touch the calling thread's stack?  Those pages cannot
 * be swapped for a memory file: the frames of this very call live there,
 * and whatever they write between the copy and the mapping (return
 * addresses included) would be lost.  When the stack cannot be found,
 * the answer is yes: refusing costs a copy, not a crash.
 */
static bool on_own_stack(uintptr_t start, uintptr_t end)
{
	pthread_attr_t attr;
	size_t size;
	void *addr;
	bool hit = true;

	if (pthread_getattr_np(pthread_self(), &attr))
		return true;
	if (!pthread_attr_getstack(&attr, &addr, &size))
		hit = start < (uintptr_t)addr + size && (uintptr_t)addr < end;
	pthread_attr_destroy(&attr);
	return hit;
}

/*
 * TEE_IOC_SHM_REGISTER: the pages covering [addr, addr + length) become
 * shared memory in place.  Their content is copied into a sealed memory
 * file which is then mapped over them (MAP_FIXED), so the program keeps
 * using the same addresses and teed and the TA see the same bytes (zero
 * copy).  Returns the file to hand to teed, or -errno (-EFAULT: the
 * memory is not readable, or is the calling thread's stack, which the
 * kernel would pin but we cannot remap; libteec then shares a copy, as
 * OP-TEE's does for memory the kernel refuses).  The pages stay shared
 * after the memory is unregistered; what was private to a forked child
 * becomes shared too.
 */
static int share_in_place(const struct tee_ioctl_shm_register_data *data)
{
	uintptr_t start = ALIGN_DOWN((uintptr_t)data->addr, PAGE_SIZE);
	uintptr_t end;
	size_t span;
	void *p;
	int fd;

	if (!data->length || data->addr + data->length < data->addr)
		return -EINVAL;
	end = ALIGN_UP((uintptr_t)(data->addr + data->length), PAGE_SIZE);
	span = end - start;
	if (on_own_stack(start, end))
		return -EFAULT;
	fd = memfd_new_sealed("teebox-registered", span, false);
	if (fd < 0)
		return fd;
	/* write(2) from unreadable memory fails with EFAULT, not a crash. */
	if (pwrite(fd, (void *)start, span, 0) != (ssize_t)span) {
		close(fd);
		return -EFAULT;
	}
	p = mmap((void *)start, span, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return -EFAULT;
	}
	return fd;
}

/* Tells teed that the caller's hold on shm @id is gone (its fd closed). */
static int send_shm_close(struct tbx_dev *dev, int id)
{
	struct tbx_msg msg = {.type = TBX_SHM_CLOSE};
	ssize_t n;
	int rfd;
	int rc;

	msg.u.shm_close.shm_id = id;
	pthread_mutex_lock(&dev->sock_lock);
	rc = tbx_send(dev->sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.shm_close)),
		      -1);
	n = rc ? 0 : tbx_recv(dev->sock, &msg, sizeof(msg), &rfd);
	pthread_mutex_unlock(&dev->sock_lock);
	if (!rc && n > 0 && rfd >= 0)
		close(rfd);
	if (rc || n < (ssize_t)TBX_MSG_SIZE(sizeof(msg.u.shm_close)) ||
	    msg.type != TBX_SHM_CLOSE_REPLY)
		return -EIO;
	return msg.u.shm_close.status;
}

/* An fd ioctl over the socket: the answer brings the new file. */
static long ioctl_socket(struct tbx_dev *dev, unsigned int cmd, void *arg,
			 tbx_uaccess_ok_fn *ok)
{
	struct tbx_msg *msg = malloc(sizeof(*msg));
	struct tbx_call *sent = malloc(sizeof(*sent));
	size_t len;
	ssize_t n;
	long ret;
	int fd = -1;
	int pass = -1;

	if (!msg || !sent) {
		ret = -ENOMEM;
		goto out;
	}
	msg->type = TBX_IOCTL;
	build_call(&msg->u.call, cmd, arg, ok);
	/* Unreadable: no memory to share, the core answers EFAULT. */
	if (cmd == TEE_IOC_SHM_REGISTER &&
	    msg->u.call.regions[0].len ==
		    sizeof(struct tee_ioctl_shm_register_data)) {
		pass = share_in_place((const void *)msg->u.call.data);
		if (pass < 0) {
			ret = pass;
			goto out;
		}
	}
	memcpy(sent, &msg->u.call, offsetof(struct tbx_call, data));
	len = TBX_MSG_SIZE(
		offsetof(struct tbx_call, data) + msg->u.call.regions[0].len +
		(msg->u.call.nregions > 1 ? msg->u.call.regions[1].len : 0));
	pthread_mutex_lock(&dev->sock_lock);
	ret = tbx_send(dev->sock, msg, len, pass);
	n = ret ? 0 : tbx_recv(dev->sock, msg, sizeof(*msg), &fd);
	pthread_mutex_unlock(&dev->sock_lock);
	if (ret || n < (ssize_t)TBX_MSG_SIZE(offsetof(struct tbx_call, data)) ||
	    msg->type != TBX_IOCTL) {
		ret = -EIO;
		goto out;
	}
	ret = (long)msg->u.call.ret;
	apply_answer(sent, &msg->u.call);
	if (ret >= 0) {
		/* teed answered with the shm id; the caller gets its fd. */
		if (fd < 0 || remember_shm(dev, fd, (int)ret)) {
			/*
			 * The caller never holds it: let teed free it now,
			 * as the kernel would on a failed fd install.
			 */
			send_shm_close(dev, (int)ret);
			ret = fd < 0 ? -EIO : -ENOMEM;
		} else {
			ret = fd;
			fd = -1;
		}
	}
out:
	if (fd >= 0)
		close(fd);
	if (pass >= 0)
		close(pass);
	free(sent);
	free(msg);
	return ret;
}

long tbx_dev_ioctl_user(struct tbx_dev *dev, unsigned long cmd, void *arg,
			tbx_uaccess_ok_fn *ok)
{
	if (tbx_is_fd_ioctl((unsigned int)cmd))
		return ioctl_socket(dev, (unsigned int)cmd, arg, ok);
	return ioctl_lane(dev, (unsigned int)cmd, arg, ok);
}

long tbx_dev_ioctl(struct tbx_dev *dev, unsigned long cmd, void *arg)
{
	return tbx_dev_ioctl_user(dev, cmd, arg, NULL);
}

int tbx_dev_close_shm(struct tbx_dev *dev, int fd)
{
	int id = -1;

	pthread_mutex_lock(&dev->shm_lock);
	for (size_t i = 0; i < dev->nshms; i++) {
		if (dev->shms[i].fd == fd) {
			id = dev->shms[i].id;
			dev->shms[i] = dev->shms[--dev->nshms];
			break;
		}
	}
	pthread_mutex_unlock(&dev->shm_lock);
	if (id < 0)
		return -EBADF;
	close(fd);
	return send_shm_close(dev, id);
}

void tbx_dev_close(struct tbx_dev *dev)
{
	if (dev)
		dev_free(dev);
}
