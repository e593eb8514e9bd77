// SPDX-License-Identifier: BSD-2-Clause
/*
 * The secure world's side of the TA zygote; see ta_proc_zygote.h and
 * teebox/ta_zygote.h.
 *
 * The zygote runs no TA code, but it runs as the TAs' uid, so its answer
 * is checked as any other process's would be: the reply is copied once,
 * its magic, error and pid checked, and the pid must be a child of ours
 * (waitid() on its pidfd says ECHILD otherwise) and not the zygote.  The
 * TA's hello then proves which image runs in it (ta_proc.c).
 *
 * The zygote is the secure world's child too.  The TA monitor watches its
 * pidfd, and it is reaped as soon as it died (zygote_exited()); the next
 * request starts a new one.  One found broken is killed and reaped.
 *
 * The child answers the request itself (teebox/ta_zygote.h), so that
 * its pid reaches us even if the zygote dies between its fork and the
 * answer; a child that died before answering is named in the zygote's
 * answer, and reaped here.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel/log.h"
#include "ta_output.h"
#include "ta_proc_zygote.h"
#include "teebox/ta_zygote.h"

#define ZYGOTE_NAME "teebox-ta-zygote"
/* How long the zygote may take to fork. */
#define ZYGOTE_REPLY_MS 5000

static void zygote_exited(struct ta_monitor_exit_watch *w);

/*
 * The zygote.  @lock protects every field but @watch.pidfd and @reaped,
 * and serialises the requests: one exchange at a time on @sock.
 * @reap_lock protects @watch.pidfd and @reaped against the monitor's
 * zygote_exited(); it is held across nothing that waits for the
 * monitor, @lock is (zygote_start()).
 */
static struct {
	pthread_mutex_t lock;
	int sock;
	pid_t pid;
	unsigned long output_id;
	bool told_missing;
	pthread_mutex_t reap_lock;
	struct ta_monitor_exit_watch watch;
	bool reaped;
} zyg = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.sock = -1,
	.pid = -1,
	.reap_lock = PTHREAD_MUTEX_INITIALIZER,
	.watch = {.pidfd = -1, .exited = zygote_exited},
};

bool ta_zygote_enabled(void)
{
#if defined(TEEBOX_SANITIZER_RUNTIME_STATIC) && TEEBOX_SANITIZER_RUNTIME_STATIC
	/* Each TA image carries a sanitizer runtime of its own (CMakeLists). */
	return false;
#else
	const char *v = getenv("TEEBOX_TA_ZYGOTE");
	const char *debug = getenv("TEEBOX_TA_DEBUG");

	/* gdb -p finds an exec'd TA's executable, not a loaded one's. */
	if (debug && !strcmp(debug, "1"))
		return false;
	return !v || strcmp(v, "0");
#endif
}

/*
 * The zygote's executable: beside the secure world's own, or where an
 * absolute TEEBOX_TA_ZYGOTE says (tests that link the secure world's TA
 * code into themselves).
 */
static int open_zygote(char *path, size_t len)
{
	const char *env = getenv("TEEBOX_TA_ZYGOTE");
	char *slash;
	ssize_t n;
	int fd;

	path[0] = '\0';
	if (env && env[0] == '/') {
		if (strlen(env) >= len)
			return -ENAMETOOLONG;
		strcpy(path, env);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		return fd < 0 ? -errno : fd;
	}
	n = readlink("/proc/self/exe", path, len - 1);
	if (n <= 0)
		return -errno;
	path[n] = '\0';
	slash = strrchr(path, '/');
	if (!slash || (size_t)(slash + 1 - path) + sizeof(ZYGOTE_NAME) > len)
		return -ENAMETOOLONG;
	memcpy(slash + 1, ZYGOTE_NAME, sizeof(ZYGOTE_NAME));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/*
 * The monitor saw the zygote exit: it is reaped now, not left a zombie
 * until the next TA start.  Its socket is closed by that start
 * (zygote_stop()), which may be under way and hold zyg.lock.
 */
static void zygote_exited(struct ta_monitor_exit_watch *w)
{
	siginfo_t si;

	pthread_mutex_lock(&zyg.reap_lock);
	memset(&si, 0, sizeof(si));
	if (w->pidfd >= 0 && !zyg.reaped &&
	    !waitid(P_PIDFD, (id_t)w->pidfd, &si, WEXITED | WNOHANG) &&
	    si.si_pid) {
		zyg.reaped = true;
		ta_monitor_unwatch_exit(w);
		pr_warn("TA zygote (pid %d) died (%s %d); restarted at the "
			"next TA start",
			(int)si.si_pid,
			si.si_code == CLD_EXITED ? "status" : "signal",
			si.si_status);
	}
	pthread_mutex_unlock(&zyg.reap_lock);
}

/* Kills and reaps the zygote, if there is one (lock held). */
static void zygote_stop(void)
{
	pthread_mutex_lock(&zyg.reap_lock);
	if (zyg.watch.pidfd >= 0) {
		ta_monitor_unwatch_exit(&zyg.watch);
		if (!zyg.reaped) {
			pidfd_send_signal(zyg.watch.pidfd, SIGKILL, NULL, 0);
			while (waitid(P_PIDFD, (id_t)zyg.watch.pidfd,
				      &(siginfo_t){0}, WEXITED) < 0 &&
			       errno == EINTR)
				;
		}
		close(zyg.watch.pidfd);
	}
	zyg.watch.pidfd = -1;
	zyg.reaped = false;
	pthread_mutex_unlock(&zyg.reap_lock);
	if (zyg.sock >= 0)
		close(zyg.sock);
	zyg.sock = zyg.pid = -1;
}

/* Whether the monitor reaped the zygote (lock held). */
static bool zygote_reaped(void)
{
	bool reaped;

	pthread_mutex_lock(&zyg.reap_lock);
	reaped = zyg.reaped;
	pthread_mutex_unlock(&zyg.reap_lock);
	return reaped;
}

/* Starts the zygote as a TA process is started, in @envp (lock held). */
static int zygote_start(char *const *envp)
{
	char *argv[] = {ZYGOTE_NAME, NULL};
	char path[PATH_MAX];
	struct ta_exec_args z;
	int exe, sv[2], out[2], err, pidfd;

	exe = open_zygote(path, sizeof(path));
	if (exe < 0) {
		if (!zyg.told_missing)
			pr_warn("no TA zygote at %s (%s): TAs are started by "
				"exec",
				path, strerror(-exe));
		zyg.told_missing = true;
		/* Said once: the callers stay silent about it. */
		return -ENOENT;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
		err = -errno;
		goto out_exe;
	}
	if (pipe2(out, O_CLOEXEC)) {
		err = -errno;
		goto out_sock;
	}
	/* Its control socket where a TA's channel would be; the page and
	 * window are copies of it, which it closes. */
	z = (struct ta_exec_args){
		.image_fd = exe,
		.sock_fd = sv[1],
		.page_fd = sv[1],
		.win_fd = sv[1],
		.out_fd = out[1],
		.argv = argv,
		.envp = envp,
	};
	err = ta_monitor_spawn(&z, &zyg.pid, &pidfd);
	close(out[1]);
	if (err) {
		close(out[0]);
		goto out_sock;
	}
	/* Takes out[0]; a zygote whose output is lost still works. */
	if (ta_output_watch(out[0], "zygote", &zyg.output_id))
		pr_warn("TA zygote: its output is lost");
	close(sv[1]);
	close(exe);
	zyg.sock = sv[0];
	pthread_mutex_lock(&zyg.reap_lock);
	zyg.watch.pidfd = pidfd;
	zyg.reaped = false;
	/* Unwatched, a dead zygote waits for the next start to be reaped. */
	err = ta_monitor_watch_exit(&zyg.watch);
	if (err)
		pr_warn("TA zygote: its exit is not watched: %s",
			strerror(-err));
	pthread_mutex_unlock(&zyg.reap_lock);
	pr_debug("TA zygote %s runs as pid %d", path, (int)zyg.pid);
	return 0;
out_sock:
	close(sv[0]);
	close(sv[1]);
out_exe:
	close(exe);
	pr_warn("cannot start the TA zygote: %s", strerror(-err));
	return err;
}

/* @args's descriptors in request order: TA_ZYGOTE_NFDS, then libraries. */
static unsigned int request_fds(const struct ta_exec_args *args, int *fds)
{
	fds[TA_ZYGOTE_FD_IMAGE] = args->image_fd;
	fds[TA_ZYGOTE_FD_SOCK] = args->sock_fd;
	fds[TA_ZYGOTE_FD_PAGE] = args->page_fd;
	fds[TA_ZYGOTE_FD_WIN] = args->win_fd;
	fds[TA_ZYGOTE_FD_OUT] = args->out_fd;
	for (unsigned int i = 0; i < args->nlibs; i++)
		fds[TA_ZYGOTE_NFDS + i] = args->lib_fds[i];
	return TA_ZYGOTE_NFDS + args->nlibs;
}

/* Sends one request with @args's descriptors (lock held). */
static int send_request(const struct ta_exec_args *args)
{
	struct ta_zygote_req req = {
		.magic = TA_ZYGOTE_MAGIC,
		.version = TA_ZYGOTE_VERSION,
		.nlibs = args->nlibs,
		.data_limit = args->data_limit,
	};
	int fds[TA_ZYGOTE_NFDS + TA_ZYGOTE_MAX_LIBS];
	union {
		char buf[CMSG_SPACE(sizeof(fds))];
		struct cmsghdr align;
	} ctl;
	struct iovec iov = {.iov_base = &req, .iov_len = sizeof(req)};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
	};
	struct cmsghdr *c;
	unsigned int nfds;
	ssize_t n;

	if (args->nlibs > TA_ZYGOTE_MAX_LIBS)
		return -E2BIG;
	nfds = request_fds(args, fds);
	memset(&ctl, 0, sizeof(ctl));
	msg.msg_controllen = CMSG_SPACE(nfds * sizeof(int));
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(nfds * sizeof(int));
	memcpy(CMSG_DATA(c), fds, nfds * sizeof(int));
	do {
		n = sendmsg(zyg.sock, &msg, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return n == (ssize_t)sizeof(req) ? 0 : -EPROTO;
}

static int child_pidfd(pid_t pid, int *pidfd_out);

/*
 * A child that died before it answered, as the zygote names it: reaped,
 * if it is ours (until then its pid cannot be reused).
 */
static void reap_unanswered(pid_t pid)
{
	int pidfd;

	if (pid <= 0 || pid == zyg.pid || child_pidfd(pid, &pidfd))
		return;
	pidfd_send_signal(pidfd, SIGKILL, NULL, 0);
	while (waitid(P_PIDFD, (id_t)pidfd, &(siginfo_t){0}, WEXITED) < 0 &&
	       errno == EINTR)
		;
	close(pidfd);
}

/*
 * Waits for the answer, the child's or the zygote's; the new process's
 * pid in *@pid (lock held).
 */
static int receive_reply(pid_t *pid)
{
	struct pollfd pfd = {.fd = zyg.sock, .events = POLLIN};
	struct ta_zygote_rep rep;
	ssize_t n;
	int r;

	do {
		r = poll(&pfd, 1, ZYGOTE_REPLY_MS);
	} while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	if (!r)
		return -ETIMEDOUT;
	n = recv(zyg.sock, &rep, sizeof(rep), MSG_DONTWAIT | MSG_TRUNC);
	if (n < 0)
		return -errno;
	if (n != (ssize_t)sizeof(rep) || rep.magic != TA_ZYGOTE_MAGIC)
		return -EPROTO;
	/* Said apart from a pid that is not our child (-ECHILD below). */
	if (rep.err == -ECHILD) {
		reap_unanswered(rep.pid);
		return -ESRCH;
	}
	if (rep.err)
		return rep.err < 0 && rep.err > -4096 ? rep.err : -EPROTO;
	if (rep.pid <= 0 || rep.pid == zyg.pid)
		return -EPROTO;
	*pid = rep.pid;
	return 0;
}

/* A pidfd of @pid, once it proved to be a child of ours. */
static int child_pidfd(pid_t pid, int *pidfd_out)
{
	siginfo_t si;
	int pidfd;

	/* Not reaped by anyone but us: @pid stays this child meanwhile. */
	pidfd = pidfd_open(pid, 0);
	if (pidfd < 0)
		return -errno;
	memset(&si, 0, sizeof(si));
	if (waitid(P_PIDFD, (id_t)pidfd, &si, WEXITED | WNOHANG | WNOWAIT)) {
		close(pidfd);
		return -ECHILD;
	}
	*pidfd_out = pidfd;
	return 0;
}

/* One exchange with a running zygote (lock held). */
static int request(const struct ta_exec_args *args, pid_t *pid, int *pidfd)
{
	int err;

	err = send_request(args);
	if (!err)
		err = receive_reply(pid);
	if (!err)
		err = child_pidfd(*pid, pidfd);
	return err;
}

int ta_zygote_spawn(const struct ta_exec_args *args, pid_t *pid, int *pidfd)
{
	int err = 0;

	pthread_mutex_lock(&zyg.lock);
	/* The monitor reaped it: its socket goes, a new one comes. */
	if (zyg.sock >= 0 && zygote_reaped())
		zygote_stop();
	for (int attempt = 0; attempt < 2; attempt++) {
		if (zyg.sock < 0)
			err = zygote_start(args->envp);
		if (err)
			break;
		err = request(args, pid, pidfd);
		/* It was gone before it read the request: a new one. */
		if (err == -EPIPE || err == -ECONNRESET) {
			zygote_stop();
			continue;
		}
		break;
	}
	/* A refusal, or a child that died before it answered (reaped
	 * above), leaves it working; anything else, it is broken. */
	if (err && err != -EAGAIN && err != -ENOMEM && err != -ESRCH &&
	    err != -E2BIG && zyg.sock >= 0) {
		pr_warn("TA zygote (pid %d) failed: %s; restarted at the next "
			"TA start",
			(int)zyg.pid, strerror(-err));
		zygote_stop();
	}
	pthread_mutex_unlock(&zyg.lock);
	return err;
}

pid_t ta_zygote_pid(void)
{
	pid_t pid;

	pthread_mutex_lock(&zyg.lock);
	pid = zygote_reaped() ? -1 : zyg.pid;
	pthread_mutex_unlock(&zyg.lock);
	return pid;
}
