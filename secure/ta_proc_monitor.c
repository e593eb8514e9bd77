// SPDX-License-Identifier: BSD-2-Clause
/* The TA process monitor: forks and reaps TA processes; see the header. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/eventfd.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/log.h"
#include "ta_crash.h"
#include "ta_output.h"
#include "ta_proc_monitor.h"
#include "ta_proc_priv.h"

/*
 * In the child, the descriptors to keep are first moved up here, out of
 * the way of the fixed numbers; the image then sits just above the
 * channel until exec closes it.
 */
#define CHILD_SCRATCH_FD 16
#define CHILD_IMAGE_FD	 (TA_IPC_WIN_FD + 1)
#define CHILD_EXEC_FAIL	 127
/* How long a dead TA's output may take to be read to its end. */
#define OUTPUT_DRAIN_MS 1000

/**
 * struct spawn_req - a fork the monitor thread does for a caller
 * @args:	what to start
 * @pid, @pidfd, @err: the result
 * @done:	the result is there (mon.lock)
 * @next:	queue link (mon.lock)
 */
struct spawn_req {
	const struct ta_exec_args *args;
	pid_t pid;
	int pidfd;
	int err;
	bool done;
	struct spawn_req *next;
};

/*
 * The monitor.  @lock protects @queue, @live, and the @reaped and @status
 * fields of every struct ta_proc; @cond is broadcast when a spawn request
 * is done and when a process was reaped.
 */
static struct {
	pthread_once_t once;
	int start_err;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct spawn_req *queue;
	size_t live;
	int epfd;
	int evfd;
} mon = {
	.once = PTHREAD_ONCE_INIT,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.epfd = -1,
	.evfd = -1,
};

/*
 * The child, between vfork and exec: only async-signal-safe calls that
 * touch nothing but this task (raw system calls for the credentials:
 * ta_proc_creds.c), no allocation, no return.  Any failure ends it with
 * CHILD_EXEC_FAIL, which the parent reports.
 */
static void __attribute__((noreturn))
exec_child(const struct ta_exec_args *a, pid_t parent)
{
	sigset_t none;
	int sock, page, win, image, output, nul;

	/* Nothing of the TA runs with more than this (ta_proc_creds.c). */
	if (ta_proc_creds_apply() || ta_proc_limits_apply())
		_exit(CHILD_EXEC_FAIL);
	/*
	 * Die with the secure world, and do not outlive it if it is gone.
	 * After the change of uid: that clears the parent-death signal.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(CHILD_EXEC_FAIL);

	sock = fcntl(a->sock_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
	page = fcntl(a->page_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
	win = fcntl(a->win_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
	image = fcntl(a->image_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
	output = fcntl(a->out_fd, F_DUPFD_CLOEXEC, CHILD_SCRATCH_FD);
	if (sock < 0 || page < 0 || win < 0 || image < 0 || output < 0)
		_exit(CHILD_EXEC_FAIL);

	/*
	 * stdin reads nothing (or is closed); stdout and stderr go to the
	 * pipe the secure world logs from, never to the log itself.
	 */
	nul = open("/dev/null", O_RDONLY);
	if (nul < 0)
		close(0);
	else if (nul != 0 && dup2(nul, 0) < 0)
		_exit(CHILD_EXEC_FAIL);
	if (dup2(output, 1) < 0 || dup2(output, 2) < 0)
		_exit(CHILD_EXEC_FAIL);

	/* dup2() clears close-on-exec: the channel survives exec. */
	if (dup2(sock, TA_IPC_SOCK_FD) < 0 || dup2(page, TA_IPC_PAGE_FD) < 0 ||
	    dup2(win, TA_IPC_WIN_FD) < 0 || dup2(image, CHILD_IMAGE_FD) < 0 ||
	    fcntl(CHILD_IMAGE_FD, F_SETFD, FD_CLOEXEC))
		_exit(CHILD_EXEC_FAIL);
	if (close_range(CHILD_IMAGE_FD + 1, ~0U, 0))
		_exit(CHILD_EXEC_FAIL);

	/*
	 * The monitor thread blocks every signal; the TA must not.  This
	 * child shares the secure world's memory (vfork), so a handler of
	 * the secure world must never run here: every caught signal goes
	 * back to its default before any is unblocked (the handler table
	 * is the child's own copy).
	 */
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction sa;

		if (sigaction(sig, NULL, &sa) || sa.sa_handler == SIG_DFL ||
		    sa.sa_handler == SIG_IGN)
			continue;
		sa.sa_handler = SIG_DFL;
		sa.sa_flags = 0;
		sigaction(sig, &sa, NULL);
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	fexecve(CHILD_IMAGE_FD, a->argv, a->envp);
	_exit(CHILD_EXEC_FAIL);
}

static int do_fork(const struct ta_exec_args *a, pid_t *pid_out, int *pidfd_out)
{
	pid_t parent = getpid();
	pid_t pid;
	int pidfd, err;

	/*
	 * vfork, not fork: the child shares our memory until its exec, so
	 * no page table of the secure world (and its 128 MiB parameter
	 * windows) is copied for a process that replaces itself at once;
	 * on a VM with shadow paging that copy cost milliseconds.  Only
	 * this thread waits for the exec; every signal is blocked on it.
	 */
	pid = vfork();
	if (pid < 0)
		return -errno;
	if (!pid)
		exec_child(a, parent);

	/* Not reaped yet, so @pid is still this child. */
	pidfd = pidfd_open(pid, 0);
	if (pidfd < 0) {
		err = -errno;
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return err;
	}
	*pid_out = pid;
	*pidfd_out = pidfd;
	return 0;
}

/* Runs the queued spawn requests. */
static void run_spawns(void)
{
	struct spawn_req *r, *next, *q;
	uint64_t v;

	if (read(mon.evfd, &v, sizeof(v)) < 0 && errno != EAGAIN)
		pr_err("TA monitor: eventfd read failed: %s", strerror(errno));
	pthread_mutex_lock(&mon.lock);
	q = mon.queue;
	mon.queue = NULL;
	pthread_mutex_unlock(&mon.lock);

	for (r = q; r; r = r->next)
		r->err = do_fork(r->args, &r->pid, &r->pidfd);

	pthread_mutex_lock(&mon.lock);
	for (r = q; r; r = next) {
		/* The requester may free @r as soon as it is done. */
		next = r->next;
		r->done = true;
	}
	pthread_cond_broadcast(&mon.cond);
	pthread_mutex_unlock(&mon.lock);
}

/*
 * A crash in the parameter window, as the TA noted it (a report, printed
 * and nothing more): true if there was one.
 */
static bool report_window_fault(struct ta_proc *p, int sig)
{
	const struct ta_ipc_fault *f = &p->page->fault;
	uint32_t kind = atomic_load(&p->page->fault.kind);
	unsigned long long addr = *(volatile uint64_t *)&f->addr;
	unsigned long long off = *(volatile uint64_t *)&f->offset;

	if (kind == TA_IPC_FAULT_MEMREF_STALE)
		pr_err("TA %s touched memref memory after its call returned "
		       "(addr 0x%llx, parameter window +0x%llx): crashed "
		       "(signal %d)",
		       p->name, addr, off, sig);
	else if (kind == TA_IPC_FAULT_MEMREF_BEYOND)
		pr_err("TA %s touched memory beyond its memrefs (addr 0x%llx, "
		       "parameter window +0x%llx): crashed (signal %d)",
		       p->name, addr, off, sig);
	else
		return false;
	return true;
}

/*
 * The abort dump of a TA a signal killed, names from its image (mapped
 * for the time of the report: the process, and its mapping, are gone).
 */
static void report_crash(struct ta_proc *p, int sig)
{
	struct ta_crash_info c = {
		.name = p->name,
		.uuid = &p->uuid,
		.sig = sig,
		.rec = &p->page->crash,
		.stack_size = p->stack_size,
	};
	struct stat st;
	void *elf = MAP_FAILED;

	if (p->image_fd >= 0 && !fstat(p->image_fd, &st) && st.st_size > 0)
		elf = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
			   p->image_fd, 0);
	if (elf != MAP_FAILED) {
		c.elf = elf;
		c.elf_len = (size_t)st.st_size;
	}
	ta_crash_report(&c);
	if (elf != MAP_FAILED)
		munmap(elf, c.elf_len);
}

/* The log lines a started TA's death deserves. */
static void report(struct ta_proc *p, int status)
{
	uint32_t state = atomic_load(&p->page->state);
	uint32_t code = *(volatile uint32_t *)&p->page->panic_code;

	if (!atomic_load(&p->started))
		return; /* ta_proc_spawn() tells */
	if (state == TA_IPC_STATE_PANICKED) {
		pr_err("TA %s panicked with code 0x%08x", p->name, code);
	} else if (status < 0) {
		pr_err("TA %s died; its exit status was lost (collected "
		       "elsewhere)",
		       p->name);
	} else if (WIFSIGNALED(status)) {
		if (WTERMSIG(status) == SIGKILL && atomic_load(&p->quiet))
			return;
		/* A memref misuse is said first, then the whole dump. */
		report_window_fault(p, WTERMSIG(status));
		report_crash(p, WTERMSIG(status));
	} else if (WIFEXITED(status)) {
		if (WEXITSTATUS(status) || !atomic_load(&p->exit_expected))
			pr_err("TA %s exited unexpectedly (status %d)", p->name,
			       WEXITSTATUS(status));
	}
}

/* @p's socket hung up: the process is gone, or must go. */
static void reap(struct ta_proc *p)
{
	int status = -1;
	pid_t r;

	epoll_ctl(mon.epfd, EPOLL_CTL_DEL, p->sock, NULL);
	ta_proc_mark_dead(p);

	/*
	 * A process that closed its end of the channel but still runs is
	 * broken: kill it.  (One that is exiting ignores the signal and
	 * keeps its exit status.)
	 */
	r = waitpid(p->pid, &status, WNOHANG);
	if (!r) {
		pidfd_send_signal(p->pidfd, SIGKILL, NULL, 0);
		do {
			r = waitpid(p->pid, &status, 0);
		} while (r < 0 && errno == EINTR);
	}
	if (r != p->pid)
		status = -1; /* someone else's waitpid(-1) took it */
	/* Its last words first, and nothing of it left once it is reaped. */
	ta_output_wait_done(p->output_id, OUTPUT_DRAIN_MS);
	report(p, status);

	/*
	 * The owner drops its reference only once it saw @reaped, so this
	 * is never the last one: the owner's put frees @p, and a
	 * ta_proc_kill() returns with the descriptors closed.
	 */
	ta_proc_put(p);
	pthread_mutex_lock(&mon.lock);
	p->reaped = true;
	p->status = status;
	mon.live--;
	pthread_cond_broadcast(&mon.cond);
	pthread_mutex_unlock(&mon.lock);
}

/*
 * Epoll's data for a struct ta_monitor_exit_watch: its address with the
 * low bit set (a struct ta_proc's address, never odd, is used as is).
 */
#define EXIT_WATCH_TAG ((uintptr_t)1)

static void exit_watched(uintptr_t tag)
{
	struct ta_monitor_exit_watch *w =
		(struct ta_monitor_exit_watch *)(tag & ~EXIT_WATCH_TAG);

	w->exited(w);
}

static void *monitor_main(void *arg)
{
	struct epoll_event ev[16];
	int n;

	for (;;) {
		n = epoll_wait(mon.epfd, ev, 16, -1);
		if (n < 0) {
			if (errno != EINTR)
				pr_err("TA monitor: epoll_wait failed: %s",
				       strerror(errno));
			continue;
		}
		for (int i = 0; i < n; i++) {
			uintptr_t tag = (uintptr_t)ev[i].data.u64;

			if (tag & EXIT_WATCH_TAG)
				exit_watched(tag);
			else if (tag)
				reap(ev[i].data.ptr);
			else
				run_spawns();
		}
	}
	return NULL;
}

static void monitor_start(void)
{
	struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
	pthread_condattr_t ca;
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&mon.cond, &ca);
	pthread_condattr_destroy(&ca);

	mon.epfd = epoll_create1(EPOLL_CLOEXEC);
	mon.evfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (mon.epfd < 0 || mon.evfd < 0 ||
	    epoll_ctl(mon.epfd, EPOLL_CTL_ADD, mon.evfd, &ev)) {
		mon.start_err = -errno;
		goto err;
	}

	/* Signals are for the threads that serve them, not the monitor. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, monitor_main, NULL);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		mon.start_err = -err;
		goto err;
	}
	pthread_setname_np(thread, "ta-monitor");
	return;
err:
	pr_err("cannot start the TA process monitor: %s",
	       strerror(-mon.start_err));
	if (mon.evfd >= 0)
		close(mon.evfd);
	if (mon.epfd >= 0)
		close(mon.epfd);
	mon.evfd = mon.epfd = -1;
}

int ta_monitor_spawn(const struct ta_exec_args *args, pid_t *pid, int *pidfd)
{
	struct spawn_req req = {.args = args};
	uint64_t one = 1;

	pthread_once(&mon.once, monitor_start);
	if (mon.start_err)
		return mon.start_err;

	pthread_mutex_lock(&mon.lock);
	req.next = mon.queue;
	mon.queue = &req;
	pthread_mutex_unlock(&mon.lock);
	/* A full counter still wakes the monitor: it is readable. */
	if (write(mon.evfd, &one, sizeof(one)) < 0 && errno != EAGAIN)
		pr_err("TA monitor: eventfd write failed: %s", strerror(errno));

	pthread_mutex_lock(&mon.lock);
	while (!req.done)
		pthread_cond_wait(&mon.cond, &mon.lock);
	pthread_mutex_unlock(&mon.lock);
	if (req.err)
		return req.err;
	*pid = req.pid;
	*pidfd = req.pidfd;
	return 0;
}

int ta_monitor_watch(struct ta_proc *p)
{
	/* No EPOLLIN: what a TA might write is never read, and never wakes
	 * the monitor. */
	struct epoll_event ev = {.events = EPOLLRDHUP, .data.ptr = p};
	int err;

	ta_proc_get(p);
	pthread_mutex_lock(&mon.lock);
	mon.live++;
	pthread_mutex_unlock(&mon.lock);
	if (!epoll_ctl(mon.epfd, EPOLL_CTL_ADD, p->sock, &ev))
		return 0;

	err = -errno;
	pthread_mutex_lock(&mon.lock);
	mon.live--;
	pthread_mutex_unlock(&mon.lock);
	ta_proc_put(p);
	return err;
}

int ta_monitor_watch_exit(struct ta_monitor_exit_watch *w)
{
	/* A pidfd is readable once its process exited. */
	struct epoll_event ev = {
		.events = EPOLLIN,
		.data.u64 = (uintptr_t)w | EXIT_WATCH_TAG,
	};

	if (mon.epfd < 0)
		return -ENOTCONN;
	return epoll_ctl(mon.epfd, EPOLL_CTL_ADD, w->pidfd, &ev) ? -errno : 0;
}

void ta_monitor_unwatch_exit(struct ta_monitor_exit_watch *w)
{
	/* ENOENT: the callback unwatched it already. */
	epoll_ctl(mon.epfd, EPOLL_CTL_DEL, w->pidfd, NULL);
}

void ta_monitor_reap(pid_t pid, int pidfd)
{
	pidfd_send_signal(pidfd, SIGKILL, NULL, 0);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	close(pidfd);
}

void ta_monitor_kill(struct ta_proc *p)
{
	if (pidfd_send_signal(p->pidfd, SIGKILL, NULL, 0) && errno != ESRCH)
		pr_err("cannot kill TA %s (pid %d): %s", p->name, (int)p->pid,
		       strerror(errno));
}

bool ta_monitor_wait_reaped(struct ta_proc *p, unsigned int timeout_ms)
{
	struct timespec deadline;
	bool reaped;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}

	pthread_mutex_lock(&mon.lock);
	while (!p->reaped) {
		if (!timeout_ms)
			pthread_cond_wait(&mon.cond, &mon.lock);
		else if (pthread_cond_timedwait(&mon.cond, &mon.lock,
						&deadline) == ETIMEDOUT)
			break;
	}
	reaped = p->reaped;
	pthread_mutex_unlock(&mon.lock);
	return reaped;
}

size_t ta_monitor_count(void)
{
	size_t n;

	pthread_mutex_lock(&mon.lock);
	n = mon.live;
	pthread_mutex_unlock(&mon.lock);
	return n;
}
