// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA sandbox: the seccomp filter of utee_sandbox_filter.c on every
 * thread of the TA process (TSYNC), installed once the entry thread
 * exists (new threads are not allowed afterwards).
 *
 * A TA the zygote forked gets the filter as the zygote built it, once for
 * all, as a BPF program whose pid placeholder the zygote's child replaced
 * with its own pid (utee_sandbox_use_program()); libseccomp then has
 * nothing to build.  Otherwise it is built here.
 *
 * The filter is the TA's own fence; what the TA cannot skip is set by the
 * secure world before exec (secure/ta_proc_creds.c: no capabilities,
 * no_new_privs, its own uid; secure/ta_proc_limits.c: memory limits).
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "utee_priv.h"
#include "utee_sandbox_filter.h"

/* The program the zygote built, if any (set before any thread starts). */
static const struct sock_filter *program;
static size_t program_len;

#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
/*
 * LeakSanitizer checks at exit from a new thread that ptraces the others:
 * the sandbox forbids both, so leak checking is off in TA processes.
 */
const char *__asan_default_options(void);

const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}
#endif

void utee_sandbox_use_program(const void *insns, size_t count)
{
	program = insns;
	program_len = count;
}

/* The zygote's program, on every thread. */
static int load_program(void)
{
	struct sock_fprog prog = {
		.len = (unsigned short)program_len,
		.filter = (struct sock_filter *)program,
	};
	long r;

	if (program_len > BPF_MAXINSNS)
		return -E2BIG;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -errno;
	r = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
		    SECCOMP_FILTER_FLAG_TSYNC, &prog);
	if (r < 0)
		return -errno;
	return r ? -EAGAIN : 0; /* r: a thread that could not take it */
}

int utee_sandbox_enter(void)
{
	scmp_filter_ctx ctx;
	int err;

	if (program)
		return load_program();
	err = utee_sandbox_filter_build(&ctx, getpid());
	if (err)
		return err;
	err = seccomp_load(ctx);
	seccomp_release(ctx);
	return err < 0 ? err : 0;
}
