// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA sandbox's seccomp filter: the system calls a TA may make, each
 * with the reason; see utee_sandbox_filter.h.  Every call not listed
 * fails with EPERM: a TA opens no file, creates no socket, starts no
 * process or thread, and cannot map new executable memory.
 *
 * The list is what the runtime and glibc need to serve calls; sanitizer
 * builds (TEEBOX_SANITIZED) add what the ASan and UBSan runtimes use while
 * the TA runs.  Signals go to this process only: the rules for kill, tkill
 * and tgkill compare their target with the process's pid, given when the
 * filter is built; rt_sigqueueinfo and rt_tgsigqueueinfo stay refused.
 *
 * Built into libutee and into the TA zygote, which builds it once with a
 * placeholder for the pid (ta/zygote/).
 */
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "teebox/ta_ipc.h"
#include "utee_sandbox_filter.h"

/* The rules that name this process: filled in when the filter is built. */
#define SELF 0

/**
 * struct utee_rule - one allowed system call
 * @nr:		the call (SCMP_SYS)
 * @nargs:	conditions on its arguments (all must hold)
 * @arg:	the conditions
 */
struct utee_rule {
	int nr;
	unsigned int nargs;
	struct scmp_arg_cmp arg[2];
};

/* clang-format off */
#define ARG_EQ(n, v)	      { .arg = n, .op = SCMP_CMP_EQ, .datum_a = v, \
				.datum_b = 0 }
#define ARG_NE(n, v)	      { .arg = n, .op = SCMP_CMP_NE, .datum_a = v, \
				.datum_b = 0 }
/* (argument & mask) == v */
#define ARG_MASK(n, mask, v)  { .arg = n, .op = SCMP_CMP_MASKED_EQ,	\
				.datum_a = mask, .datum_b = v }
#define ALLOW(call)	      { .nr = SCMP_SYS(call) }
#define ALLOW_IF(call, a)     { .nr = SCMP_SYS(call), .nargs = 1, .arg = { a } }
#define ALLOW_IF2(call, a, b) { .nr = SCMP_SYS(call), .nargs = 2,	\
				.arg = { a, b } }
/* clang-format on */

static const struct utee_rule rules[] = {
	/* Traces and printf: stderr, and stdout which is stderr too. */
	ALLOW_IF(write, ARG_EQ(0, 1)),
	ALLOW_IF(write, ARG_EQ(0, 2)),
	ALLOW_IF(writev, ARG_EQ(0, 1)),
	ALLOW_IF(writev, ARG_EQ(0, 2)),
	/* stdio asks whether stdout is a terminal (line buffering). */
	ALLOW_IF2(ioctl, ARG_EQ(0, 1), ARG_EQ(1, TCGETS)),
	ALLOW_IF2(ioctl, ARG_EQ(0, 2), ARG_EQ(1, TCGETS)),
	/* Nothing is received: memrefs come through the parameter window,
	 * mapped before the filter.  Closing is libc's business; never the
	 * channel itself, whose hang-up tells the secure world we died. */
	ALLOW_IF(close, ARG_NE(0, TA_IPC_SOCK_FD)),
	/* stdio's buffering choice.  fstat() is newfstatat(fd, "",
	 * AT_EMPTY_PATH) in glibc. */
	ALLOW(fstat),
	ALLOW_IF(newfstatat, ARG_MASK(3, AT_EMPTY_PATH, AT_EMPTY_PATH)),
	/* Heap (TEE_Malloc, libc), memref mappings, the entry stack; no
	 * new executable memory. */
	ALLOW_IF(mmap, ARG_MASK(2, PROT_EXEC, 0)),
	ALLOW_IF(mprotect, ARG_MASK(2, PROT_EXEC, 0)),
	ALLOW(munmap),
	ALLOW(madvise),
	ALLOW(mremap),
	ALLOW(brk),
	/* Doorbells (shared futexes), libc locks, joining the thread. */
	ALLOW(futex),
	/* Doorbells poll with sched_yield() before they sleep, and only
	 * when this process may run on more than one CPU (its own mask). */
	ALLOW(sched_yield),
	ALLOW_IF(sched_getaffinity, ARG_EQ(0, 0)),
	/* Time and sleeping (vDSO fallbacks, busy TAs). */
	ALLOW(clock_gettime),
	ALLOW(clock_getres),
	ALLOW(gettimeofday),
	ALLOW(clock_nanosleep),
	ALLOW(nanosleep),
	ALLOW(restart_syscall),
	/* Randomness (libc, TEE_GenerateRandom). */
	ALLOW(getrandom),
	/* Ending: exit(), _exit(), TEE_Panic(). */
	ALLOW(exit),
	ALLOW(exit_group),
	/* abort() and signal delivery: mask, raise, return from handler.
	 * Signals only to a thread of this process (tgkill's thread group;
	 * tkill's and kill's target: the main thread, the process). */
	ALLOW(rt_sigreturn),
	ALLOW(rt_sigprocmask),
	ALLOW_IF(tgkill, ARG_EQ(0, SELF)),
	ALLOW_IF(tkill, ARG_EQ(0, SELF)),
	ALLOW_IF(kill, ARG_EQ(0, SELF)),
	ALLOW(gettid),
	/* abort(), and a TA that reports its pid (instance tests). */
	ALLOW(getpid),
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
	/* ASan/UBSan: the alternate signal stack of their deadly-signal
	 * handler, (re)installing handlers and querying limits while they
	 * report. */
	ALLOW(sigaltstack),
	ALLOW(rt_sigaction),
	ALLOW_IF(prctl, ARG_EQ(0, PR_GET_DUMPABLE)),
	ALLOW_IF(prctl, ARG_EQ(0, PR_GET_NAME)),
	ALLOW_IF(prctl, ARG_EQ(0, PR_SET_VMA)),
	ALLOW(getrlimit),
	ALLOW(prlimit64),
#endif
};

/* The calls whose SELF condition means this process's pid. */
static bool is_self_rule(int nr)
{
	return nr == SCMP_SYS(tgkill) || nr == SCMP_SYS(tkill) ||
	       nr == SCMP_SYS(kill);
}

/* Adds @r, with SELF in a condition replaced by @self. */
static int add_rule(scmp_filter_ctx ctx, const struct utee_rule *r, pid_t self)
{
	struct scmp_arg_cmp arg[2];

	for (unsigned int i = 0; i < r->nargs; i++) {
		arg[i] = r->arg[i];
		if (is_self_rule(r->nr) && arg[i].op == SCMP_CMP_EQ &&
		    arg[i].datum_a == SELF)
			arg[i].datum_a = (scmp_datum_t)self;
	}
	return seccomp_rule_add_array(ctx, SCMP_ACT_ALLOW, r->nr, r->nargs,
				      arg);
}

int utee_sandbox_filter_build(scmp_filter_ctx *out, pid_t self)
{
	scmp_filter_ctx ctx;
	int err;

	ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	if (!ctx)
		return -ENOMEM;
	/* Every thread (main and entry), atomically. */
	err = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	for (size_t i = 0; !err && i < sizeof(rules) / sizeof(rules[0]); i++)
		err = add_rule(ctx, &rules[i], self);
	if (err) {
		seccomp_release(ctx);
		return err;
	}
	*out = ctx;
	return 0;
}
