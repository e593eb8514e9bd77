// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA output into the log; see ta_output.h.  The bytes come from the TA
 * (untrusted): each is looked at once, on its own, and only printable
 * ASCII reaches the log as itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

#include "kernel/alloc.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "ta_output.h"

/* How much one wake-up reads of one TA: the others get their turn. */
#define READ_CHUNK  4096
#define READ_CHUNKS 16

/**
 * struct ta_output - a TA process's output pipe being watched
 * @fd:		its read end (non-blocking)
 * @name:	the TA's UUID as text
 * @line:	the line being assembled
 * @link:	in out.watched
 * @id:		its number (never 0, never reused)
 */
struct ta_output {
	struct list_head link;
	unsigned long id;
	int fd;
	char name[40];
	struct ta_output_line line;
};

/*
 * The reader thread: @epfd holds every watched pipe (set once).  @lock
 * protects @watched, the pipes being read (so that what the kernel's
 * epoll points at is never memory nobody else knows of), and @last_id;
 * @done is broadcast when one was finished.
 */
static struct {
	pthread_once_t once;
	int start_err;
	int epfd;
	pthread_mutex_t lock;
	pthread_cond_t done;
	struct list_head watched;
	unsigned long last_id;
} out = {
	.once = PTHREAD_ONCE_INIT,
	.epfd = -1,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
	.watched = LIST_HEAD_INIT(out.watched),
};

/* Appends one TA byte to @l, escaped unless it is printable ASCII. */
static void put_byte(struct ta_output_line *l, unsigned char c)
{
	char esc[8];
	int n;

	if (c == '\\')
		n = snprintf(esc, sizeof(esc), "\\\\");
	else if (c >= 0x20 && c < 0x7f)
		n = snprintf(esc, sizeof(esc), "%c", c);
	else
		n = snprintf(esc, sizeof(esc), "\\x%02x", c);
	/* Once a byte did not fit, the rest of the line is dropped too. */
	if (l->dropped || l->len + (size_t)n > TA_OUTPUT_TEXT_MAX) {
		l->dropped++;
		return;
	}
	memcpy(l->text + l->len, esc, (size_t)n);
	l->len += (size_t)n;
}

void ta_output_flush(struct ta_output_line *l, const char *name)
{
	if (!l->pending)
		return;
	l->text[l->len] = '\0';
	if (l->dropped)
		pr_info("TA %s: %s [%zu more bytes dropped]", name, l->text,
			l->dropped);
	else
		pr_info("TA %s: %s", name, l->text);
	l->len = 0;
	l->dropped = 0;
	l->pending = false;
}

void ta_output_feed(struct ta_output_line *l, const char *name, const void *buf,
		    size_t n)
{
	const unsigned char *b = buf;

	for (size_t i = 0; i < n; i++) {
		if (b[i] == '\n') {
			/* An empty line is a line too. */
			l->pending = true;
			ta_output_flush(l, name);
			continue;
		}
		put_byte(l, b[i]);
		l->pending = true;
	}
}

/* Reads what @o has; false once the TA's end is closed (or broken). */
static bool drain(struct ta_output *o)
{
	char buf[READ_CHUNK];

	for (int i = 0; i < READ_CHUNKS; i++) {
		ssize_t n = read(o->fd, buf, sizeof(buf));

		if (n > 0)
			ta_output_feed(&o->line, o->name, buf, (size_t)n);
		else if (n < 0 && errno == EINTR)
			continue;
		else
			return n < 0 && errno == EAGAIN;
	}
	return true;
}

static void finish(struct ta_output *o)
{
	epoll_ctl(out.epfd, EPOLL_CTL_DEL, o->fd, NULL);
	ta_output_flush(&o->line, o->name);
	close(o->fd);
	pthread_mutex_lock(&out.lock);
	list_del(&o->link);
	/* Freed before a waiter hears of it: nothing of it is left then. */
	kfree(o);
	pthread_cond_broadcast(&out.done);
	pthread_mutex_unlock(&out.lock);
}

/* Whether output @id is still being read (out.lock held). */
static bool watched(unsigned long id)
{
	struct ta_output *o;

	list_for_each_entry(o, &out.watched, link)
		if (o->id == id)
			return true;
	return false;
}

void ta_output_wait_done(unsigned long id, unsigned int timeout_ms)
{
	struct timespec deadline;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&out.lock);
	while (id && watched(id))
		if (pthread_cond_timedwait(&out.done, &out.lock, &deadline) ==
		    ETIMEDOUT)
			break;
	pthread_mutex_unlock(&out.lock);
}

static void *reader_main(void *arg)
{
	struct epoll_event ev[16];

	(void)arg;
	for (;;) {
		int n = epoll_wait(out.epfd, ev, 16, -1);

		for (int i = 0; i < n; i++) {
			struct ta_output *o = ev[i].data.ptr;

			if (!drain(o))
				finish(o);
		}
	}
	return NULL;
}

static void reader_start(void)
{
	pthread_attr_t attr;
	sigset_t all, old;
	pthread_t thread;
	int err;

	out.epfd = epoll_create1(EPOLL_CLOEXEC);
	if (out.epfd < 0) {
		out.start_err = -errno;
		goto err;
	}
	/* Signals are for the threads that serve them. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, reader_main, NULL);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		out.start_err = -err;
		goto err_epoll;
	}
	pthread_setname_np(thread, "ta-output");
	return;

err_epoll:
	close(out.epfd);
	out.epfd = -1;
err:
	pr_err("cannot start the TA output reader: %s: TA output is lost",
	       strerror(-out.start_err));
}

int ta_output_watch(int fd, const char *name, unsigned long *id)
{
	struct epoll_event ev = {.events = EPOLLIN};
	struct ta_output *o;
	unsigned long oid;
	int err;

	pthread_once(&out.once, reader_start);
	if (out.start_err) {
		err = out.start_err;
		goto err_fd;
	}
	o = kzalloc(sizeof(*o));
	if (!o) {
		err = -ENOMEM;
		goto err_fd;
	}
	o->fd = fd;
	snprintf(o->name, sizeof(o->name), "%s", name);
	ev.data.ptr = o;
	if (fcntl(fd, F_SETFL, O_NONBLOCK)) {
		err = -errno;
		goto err_free;
	}
	/* Listed first: once in the epoll set, the reader may finish it. */
	pthread_mutex_lock(&out.lock);
	oid = ++out.last_id;
	o->id = oid;
	list_add_tail(&o->link, &out.watched);
	pthread_mutex_unlock(&out.lock);
	/* @o is the reader's from here on: it may be freed at any moment. */
	if (epoll_ctl(out.epfd, EPOLL_CTL_ADD, fd, &ev)) {
		err = -errno;
		goto err_unlist;
	}
	*id = oid;
	return 0;

err_unlist:
	pthread_mutex_lock(&out.lock);
	list_del(&o->link);
	pthread_mutex_unlock(&out.lock);
err_free:
	kfree(o);
err_fd:
	close(fd);
	return err;
}
