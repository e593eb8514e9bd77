// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-ta-zygote: forks TA processes with libc, libcrypto and
 * libseccomp already loaded and relocated; the protocol and the rules are
 * in teebox/ta_zygote.h, the reasons in docs/architecture.md ("The TA
 * zygote").
 *
 * The secure world starts this program as it starts a TA process (its
 * credentials, memory ceiling, environment and parent-death signal are
 * set before exec), so every child has them too.  The zygote itself
 * never runs TA code and never initialises libcrypto (a TA's libutee must
 * be the first to touch it: utee_heap_exempt_crypto()); it is not
 * dumpable, so that a TA of the same uid cannot trace it.
 *
 * A request is copied once and checked field by field; a malformed one
 * is answered -EINVAL and its descriptors are closed.
 *
 * The TA sandbox's seccomp filter is built here once, with a placeholder
 * for the pid its kill, tkill and tgkill rules allow, which each child
 * replaces with its own before it hands the program to libutee: a TA
 * spends no time in libseccomp.  A program in which the placeholder is
 * not found where expected is not used (libutee then builds the filter).
 *
 * The malloc family is defined here, as a TA image defines it: a TA
 * loaded by dlopen cannot interpose libc's internal allocations (libc
 * was bound before it came), so these forward to libc until the child
 * has loaded the image, then to the image's own (its TA_DATA_SIZE
 * accounting, ta/libutee/utee_malloc.c).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <malloc.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "teebox/ta_zygote.h"
#include "teebox/version.h"
#include "utee_sandbox_filter.h"

/* Received descriptors are first moved up here, out of the way. */
#define SCRATCH_FD 32
/* The image, just above the channel, until it is loaded. */
#define IMAGE_FD TA_ZYGOTE_IMAGE_FD
/* Descriptors a request carries at most: the TA's, its libraries. */
#define REQ_FDS_MAX (TA_ZYGOTE_NFDS + TA_ZYGOTE_MAX_LIBS)

_Static_assert(TA_ZYGOTE_LIB_FD(TA_ZYGOTE_MAX_LIBS - 1) < SCRATCH_FD,
	       "the libraries' descriptors are below the scratch ones");
/* The child could not even take its descriptors. */
#define EXIT_SETUP 127
/* The pid in the filter as built: above any pid (PID_MAX_LIMIT 2^22). */
#define PID_PLACEHOLDER 0x7ffffffe

#define TEST_HOOK_EXIT 0
#define TEST_HOOK_KILL 1
#ifdef TEEBOX_TA_ZYGOTE_TEST_HOOK
/*
 * Test builds only (teebox-ta-zygote-test-*, never installed): at the
 * point named TEEBOX_TA_ZYGOTE_TEST_HOOK, the process exits
 * (TEST_HOOK_EXIT) or kills itself (TEST_HOOK_KILL).
 */
static void test_hook(const char *name, int how)
{
	if (strcmp(TEEBOX_TA_ZYGOTE_TEST_HOOK, name))
		return;
	if (how == TEST_HOOK_KILL)
		raise(SIGKILL);
	_exit(EXIT_SETUP);
}
#else
static inline void test_hook(const char *name, int how)
{
	(void)name;
	(void)how;
}
#endif

#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
/*
 * The sanitizer's runtime starts with the zygote, and its options are the
 * zygote's: its children run the TA sandbox, which forbids the thread
 * and the ptrace LeakSanitizer checks with at exit, so leak checking is
 * off as in an exec'd TA (ta/libutee/utee_sandbox.c).
 */
const char *__asan_default_options(void);

const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

/*
 * The sanitizer's runtime owns the malloc family (the zygote, built with
 * it, has it as its first object, and every allocation must reach it), as
 * in a sanitized TA image, which does not define the family either
 * (ta/libutee/utee_malloc.c): nothing to forward.
 */
static void heap_take(void *image)
{
	(void)image;
}
#else
/* glibc's own allocator, under the names it exports for this purpose. */
void *__libc_malloc(size_t size);
void __libc_free(void *p);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);
void *__libc_valloc(size_t size);
void *__libc_pvalloc(size_t size);

static int libc_posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return EINVAL;
	p = __libc_memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

/**
 * struct heap_fns - where the malloc family goes
 * Written once per child, while it has one thread, before the TA runs.
 */
static struct heap_fns {
	void *(*malloc)(size_t);
	void (*free)(void *);
	void *(*calloc)(size_t, size_t);
	void *(*realloc)(void *, size_t);
	void *(*memalign)(size_t, size_t);
	void *(*aligned_alloc)(size_t, size_t);
	int (*posix_memalign)(void **, size_t, size_t);
	void *(*valloc)(size_t);
	void *(*pvalloc)(size_t);
} heap = {
	.malloc = __libc_malloc,
	.free = __libc_free,
	.calloc = __libc_calloc,
	.realloc = __libc_realloc,
	.memalign = __libc_memalign,
	.aligned_alloc = __libc_memalign,
	.posix_memalign = libc_posix_memalign,
	.valloc = __libc_valloc,
	.pvalloc = __libc_pvalloc,
};

void *malloc(size_t size)
{
	return heap.malloc(size);
}

void free(void *p)
{
	heap.free(p);
}

void *calloc(size_t n, size_t size)
{
	return heap.calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	return heap.realloc(p, size);
}

void *memalign(size_t align, size_t size)
{
	return heap.memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	return heap.aligned_alloc(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	return heap.posix_memalign(out, align, size);
}

void *valloc(size_t size)
{
	return heap.valloc(size);
}

void *pvalloc(size_t size)
{
	return heap.pvalloc(size);
}

/* The image's malloc family from here on, if it has all of it. */
static void heap_take(void *image)
{
	struct heap_fns t = {
		.malloc = (void *(*)(size_t))dlsym(image, "malloc"),
		.free = (void (*)(void *))dlsym(image, "free"),
		.calloc = (void *(*)(size_t, size_t))dlsym(image, "calloc"),
		.realloc = (void *(*)(void *, size_t))dlsym(image, "realloc"),
		.memalign = (void *(*)(size_t, size_t))dlsym(image, "memalign"),
		.aligned_alloc = (void *(*)(size_t, size_t))dlsym(
			image, "aligned_alloc"),
		.posix_memalign = (int (*)(void **, size_t, size_t))dlsym(
			image, "posix_memalign"),
		.valloc = (void *(*)(size_t))dlsym(image, "valloc"),
		.pvalloc = (void *(*)(size_t))dlsym(image, "pvalloc"),
	};

	if (t.malloc && t.free && t.calloc && t.realloc && t.memalign &&
	    t.aligned_alloc && t.posix_memalign && t.valloc && t.pvalloc)
		heap = t;
}
#endif

/* The secure world: our parent, and the parent of every child. */
static pid_t secure_world;

/* The sandbox's filter with PID_PLACEHOLDER; none if @filter_len is 0. */
static struct sock_filter *filter;
static size_t filter_len;

/* Whether instruction @f compares with the placeholder: "jeq #k". */
static bool is_placeholder(const struct sock_filter *f)
{
	return f->k == PID_PLACEHOLDER && BPF_CLASS(f->code) == BPF_JMP &&
	       BPF_OP(f->code) == BPF_JEQ && BPF_SRC(f->code) == BPF_K;
}

/* Keeps @prog if the placeholder is only where a pid is compared. */
static bool program_usable(const struct sock_filter *prog, size_t n)
{
	size_t found = 0;

	for (size_t i = 0; i < n; i++) {
		if (is_placeholder(&prog[i]))
			found++;
		else if (prog[i].k == PID_PLACEHOLDER)
			return false;
	}
	/* kill's, tkill's and tgkill's (libseccomp may share one block). */
	return found && n <= BPF_MAXINSNS;
}

/* Builds the filter once, as libseccomp exports it. */
static void build_filter(void)
{
	scmp_filter_ctx ctx;
	struct stat st;
	void *prog = NULL;
	size_t n = 0;
	int fd;

	if (utee_sandbox_filter_build(&ctx, PID_PLACEHOLDER))
		return;
	fd = memfd_create("ta-filter", MFD_CLOEXEC);
	if (fd >= 0 && !seccomp_export_bpf(ctx, fd) && !fstat(fd, &st) &&
	    st.st_size > 0 && !(st.st_size % sizeof(struct sock_filter))) {
		prog = malloc((size_t)st.st_size);
		n = (size_t)st.st_size / sizeof(struct sock_filter);
		if (prog &&
		    pread(fd, prog, (size_t)st.st_size, 0) != st.st_size)
			n = 0;
	}
	if (fd >= 0)
		close(fd);
	seccomp_release(ctx);
	if (prog && n && program_usable(prog, n)) {
		filter = prog;
		filter_len = n;
	} else {
		free(prog);
	}
}

/* The child's copy of the filter, for its own pid. */
static void filter_for_self(void)
{
	pid_t self = getpid();

	for (size_t i = 0; i < filter_len; i++)
		if (is_placeholder(&filter[i]))
			filter[i].k = (uint32_t)self;
}

/*
 * TA libraries @fds (@n of them) at TA_ZYGOTE_LIB_FD(), where the
 * image's rewritten DT_NEEDED name them; @fds are above them already.
 */
static int take_lib_fds(const int *fds, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (dup3(fds[i], TA_ZYGOTE_LIB_FD(i), O_CLOEXEC) < 0)
			return -errno;
	return 0;
}

/*
 * Puts the received descriptors at the numbers of teebox/ta_ipc.h, the
 * TA libraries' (@nlibs after TA_ZYGOTE_NFDS in @fds) at
 * TA_ZYGOTE_LIB_FD(), and closes every other one: the control socket
 * first of all (TA_IPC_SOCK_FD is its number: the dup2 replaces it), so
 * that no TA can reach the zygote.  stdin stays the zygote's, /dev/null.
 */
static int take_fds(const int *fds, unsigned int nlibs)
{
	int s[REQ_FDS_MAX];
	unsigned int nfds = TA_ZYGOTE_NFDS + nlibs;

	for (unsigned int i = 0; i < nfds; i++) {
		s[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, SCRATCH_FD);
		if (s[i] < 0)
			return -errno;
	}
	/* dup2() clears close-on-exec, as the exec path's child does. */
	if (dup2(s[TA_ZYGOTE_FD_OUT], 1) < 0 ||
	    dup2(s[TA_ZYGOTE_FD_OUT], 2) < 0 ||
	    dup2(s[TA_ZYGOTE_FD_SOCK], TA_IPC_SOCK_FD) < 0 ||
	    dup2(s[TA_ZYGOTE_FD_PAGE], TA_IPC_PAGE_FD) < 0 ||
	    dup2(s[TA_ZYGOTE_FD_WIN], TA_IPC_WIN_FD) < 0 ||
	    dup3(s[TA_ZYGOTE_FD_IMAGE], IMAGE_FD, O_CLOEXEC) < 0 ||
	    take_lib_fds(s + TA_ZYGOTE_NFDS, nlibs))
		return -errno;
	return close_range(TA_ZYGOTE_LIB_FD(nlibs), ~0U, 0) ? -errno : 0;
}

/*
 * The child answers the request itself, on its copy of the control
 * socket, before it takes its descriptors: the secure world learns its
 * pid even if the zygote dies meanwhile.  A byte on @gate (a socket, for
 * MSG_NOSIGNAL) then tells the zygote that the answer is sent.
 */
static void answer(int gate)
{
	struct ta_zygote_rep rep = {
		.magic = TA_ZYGOTE_MAGIC,
		.pid = getpid(),
	};

	test_hook("child-dies-before-answer", TEST_HOOK_EXIT);
	if (send(TA_ZYGOTE_SOCK_FD, &rep, sizeof(rep), MSG_NOSIGNAL) !=
	    (ssize_t)sizeof(rep))
		_exit(EXIT_SETUP);
	/* A zygote already gone does not need it (and raises no SIGPIPE). */
	(void)send(gate, "", 1, MSG_NOSIGNAL);
	close(gate);
}

/* Closes the TA libraries' descriptors: their mappings hold the files. */
static void close_lib_fds(unsigned int nlibs)
{
	if (nlibs)
		close_range(TA_ZYGOTE_LIB_FD(0), TA_ZYGOTE_LIB_FD(nlibs - 1),
			    0);
}

/*
 * The TA's memory limit, soft and hard, before its image is loaded: no
 * TA code runs above it, and without CAP_SYS_RESOURCE (which no TA has)
 * the hard limit cannot be raised again.
 */
static int limit_data(uint64_t limit)
{
	const struct rlimit r = {.rlim_cur = limit, .rlim_max = limit};

	if (!limit)
		return 0;
	return setrlimit(RLIMIT_DATA, &r) ? -errno : 0;
}

/* The child: its descriptors, the image, the TA's start; never returns. */
static void __attribute__((noreturn))
child(const int *fds, unsigned int nlibs, int gate, uint64_t data_limit)
{
	struct ta_zygote_start start = {.version = TA_ZYGOTE_START_VERSION};
	int (*entry)(const struct ta_zygote_start *);
	char path[32];
	void *image;

	/* Die with the secure world (the fork cleared the zygote's). */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != secure_world)
		_exit(EXIT_SETUP);
	answer(gate);
	if (take_fds(fds, nlibs) || limit_data(data_limit))
		_exit(EXIT_SETUP);

	snprintf(path, sizeof(path), "/proc/self/fd/%d", IMAGE_FD);
	image = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	close(IMAGE_FD); /* the mappings hold the file */
	close_lib_fds(nlibs);
	if (!image) {
		fprintf(stderr, "TA zygote: cannot load the image: %s\n",
			dlerror());
		_exit(TA_ZYGOTE_EXIT_LOAD);
	}
	entry = (int (*)(const struct ta_zygote_start *))dlsym(image,
							       TA_ZYGOTE_ENTRY);
	if (!entry) {
		fprintf(stderr, "TA zygote: the image has no %s\n",
			TA_ZYGOTE_ENTRY);
		_exit(TA_ZYGOTE_EXIT_LOAD);
	}
	heap_take(image);
	if (filter_len) {
		filter_for_self();
		start.filter = filter;
		start.filter_len = (uint32_t)filter_len;
	}
	exit(entry(&start));
}

/*
 * A sibling, not a child: CLONE_PARENT makes the secure world its parent
 * (its exit signal, its waitpid, its pidfd).  A raw clone, since glibc's
 * fork() has no such flag: the zygote has one thread and holds no lock
 * here, so nothing glibc's fork would reset is held in the child.
 */
static pid_t fork_sibling(void)
{
	return (pid_t)syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, NULL, NULL,
			      0);
}

/*
 * Forks the child for @fds: true once it answered the request itself;
 * false with *@rep to send otherwise.  A child that died before it
 * answered is named in *@rep (-ECHILD), for the secure world, its
 * parent, to reap.
 */
static bool fork_child(const int *fds, unsigned int nlibs, uint64_t data_limit,
		       struct ta_zygote_rep *rep)
{
	int gate[2];
	ssize_t n;
	pid_t pid;
	char c;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, gate)) {
		rep->err = -errno;
		return false;
	}
	pid = fork_sibling();
	if (!pid) {
		close(gate[0]);
		child(fds, nlibs, gate[1], data_limit);
	}
	if (pid < 0)
		rep->err = -errno;
	close(gate[1]);
	test_hook("zygote-dies-after-fork", TEST_HOOK_KILL);
	if (pid > 0) {
		/* A byte: answered; EOF: the child is gone without. */
		do {
			n = read(gate[0], &c, 1);
		} while (n < 0 && errno == EINTR);
		if (n == 1) {
			close(gate[0]);
			return true;
		}
		rep->err = -ECHILD;
		rep->pid = pid;
	}
	close(gate[0]);
	return false;
}

static void close_all(const int *fds, size_t n)
{
	for (size_t i = 0; i < n; i++)
		close(fds[i]);
}

/* Receives one request; its descriptors in @fds, how many in *@nfds. */
static ssize_t receive(struct ta_zygote_req *req, int *fds, size_t *nfds)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * REQ_FDS_MAX)];
		struct cmsghdr align;
	} ctl;
	struct iovec iov = {.iov_base = req, .iov_len = sizeof(*req)};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
		.msg_controllen = sizeof(ctl.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	*nfds = 0;
	do {
		n = recvmsg(TA_ZYGOTE_SOCK_FD, &msg, MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		size_t k;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < k; i++) {
			int fd;

			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(fd));
			if (*nfds < REQ_FDS_MAX)
				fds[(*nfds)++] = fd;
			else
				close(fd);
		}
	}
	if (msg.msg_flags & (MSG_CTRUNC | MSG_TRUNC))
		return -EMSGSIZE;
	return n;
}

/* Serves one request: false when the secure world hung up. */
static bool serve(void)
{
	struct ta_zygote_rep rep = {.magic = TA_ZYGOTE_MAGIC};
	struct ta_zygote_req req;
	int fds[REQ_FDS_MAX];
	size_t nfds;
	ssize_t n;

	n = receive(&req, fds, &nfds);
	if (!n)
		return false;
	if (n < 0 && n != -EMSGSIZE)
		return false; /* the socket itself is broken */
	if (n != (ssize_t)sizeof(req) || req.magic != TA_ZYGOTE_MAGIC ||
	    req.version != TA_ZYGOTE_VERSION || req.reserved ||
	    req.nlibs > TA_ZYGOTE_MAX_LIBS ||
	    nfds != TA_ZYGOTE_NFDS + req.nlibs) {
		rep.err = -EINVAL;
	} else if (fork_child(fds, req.nlibs, req.data_limit, &rep)) {
		close_all(fds, nfds);
		return true; /* the child answered */
	}
	close_all(fds, nfds);
	return send(TA_ZYGOTE_SOCK_FD, &rep, sizeof(rep), MSG_NOSIGNAL) ==
	       (ssize_t)sizeof(rep);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--version"))
		return tbx_version_print("teebox-ta-zygote");
	secure_world = getppid();
	if (fcntl(TA_ZYGOTE_SOCK_FD, F_GETFD) < 0) {
		fprintf(stderr, "This is teebox's TA zygote: the secure world "
				"starts it.\n");
		return 2;
	}
	/* Started from a descriptor, it has no name of its own in ps. */
	(void)prctl(PR_SET_NAME, "ta-zygote", 0, 0, 0); /* cosmetic only */
	/* Started as a TA is: these are copies of the control socket. */
	close(TA_IPC_PAGE_FD);
	close(TA_IPC_WIN_FD);
	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)) {
		perror("TA zygote: cannot become non-dumpable");
		return 1;
	}
	build_filter();
	while (serve())
		;
	return 0;
}
