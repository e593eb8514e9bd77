// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_hostile: a TA that tries every way out of its sandbox (see
 * test_ta_hostile.h).  Every attempt is a raw system call, so that no
 * libc wrapper adds or hides one, and uses signal 0 or an immediate undo,
 * so that a sandbox that fails lets the test report it and harms nothing.
 *
 * Its constructor runs after exec and before the runtime's main(): it
 * sees what the secure world set up, and what a TA gets before its own
 * sandbox; built as ta_test_hostile_greedy it also takes memory there.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

#include <tee_internal_api.h>

#include <test_ta_hostile.h>
#include <user_ta_header_defines.h>

#include "ta_hostile_memref.h"

static struct ta_hostile_creds ctor_creds;
static pid_t parent;

/* "Name:\t<number>" of /proc/self/status, in @base. */
static uint64_t status_field(const char *status, const char *name, int base)
{
	const char *p = strstr(status, name);

	return p ? strtoull(p + strlen(name), NULL, base) : 0;
}

__attribute__((constructor)) static void look_around(void)
{
	static char status[4096];
	struct rlimit r;
	ssize_t n = 0;
	int fd;

	parent = getppid();
	ctor_creds.uid = (uint32_t)getuid();
	ctor_creds.gid = (uint32_t)getgid();
	fd = open("/proc/self/status", O_RDONLY);
	if (fd >= 0) {
		n = read(fd, status, sizeof(status) - 1);
		close(fd);
	}
	status[n > 0 ? n : 0] = '\0';
	ctor_creds.no_new_privs =
		(uint32_t)status_field(status, "\nNoNewPrivs:", 10);
	ctor_creds.cap_eff = status_field(status, "\nCapEff:", 16);
	ctor_creds.cap_prm = status_field(status, "\nCapPrm:", 16);
	ctor_creds.cap_inh = status_field(status, "\nCapInh:", 16);
	ctor_creds.cap_bnd = status_field(status, "\nCapBnd:", 16);
	ctor_creds.cap_amb = status_field(status, "\nCapAmb:", 16);
	if (!getrlimit(RLIMIT_DATA, &r))
		ctor_creds.rlimit_data = r.rlim_max;
	/* Before any sandbox: only the secure world's setup stops this. */
	ctor_creds.setuid_err = syscall(SYS_setuid, 0) ? errno : 0;
	hostile_memref_ctor();
#ifdef TA_TEST_HOSTILE_GREEDY_MIB
	/*
	 * Kept: the secure world must see it at hello, unless the limit
	 * already holds here (a TA the zygote forked).
	 */
	if (mmap(NULL, (size_t)TA_TEST_HOSTILE_GREEDY_MIB << 20,
		 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		 0) == MAP_FAILED)
		ctor_creds.greedy_err = errno;
#endif
}

/* 0 or errno of a raw system call's result. */
static int32_t res(long r)
{
	return r < 0 ? errno : 0;
}

/* A new process (fork) ends at once; the parent reaps nothing it may not. */
static int32_t fork_result(long r)
{
	if (!r)
		syscall(SYS_exit_group, 0);
	return res(r);
}

static int32_t try_exec_map(bool via_mprotect)
{
	void *p;
	long r;

	if (!via_mprotect) {
		p = mmap(NULL, 4096, PROT_READ | PROT_EXEC,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return errno;
		munmap(p, 4096);
		return 0;
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1; /* not even a plain page: not what is tested */
	r = syscall(SYS_mprotect, p, 4096, PROT_READ | PROT_EXEC);
	munmap(p, 4096);
	return res(r);
}

static int32_t try_capset(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	memset(data, 0xff, sizeof(data));
	return res(syscall(SYS_capset, &hdr, data));
}

static int32_t try_clone3(void)
{
	struct clone_args args = {.exit_signal = SIGCHLD};

	return fork_result(syscall(SYS_clone3, &args, sizeof(args)));
}

static int32_t try_ptrace(pid_t pid)
{
	long r = syscall(SYS_ptrace, PTRACE_SEIZE, pid, 0, 0);

	if (!r)
		syscall(SYS_ptrace, PTRACE_DETACH, pid, 0, 0);
	return res(r);
}

static int32_t try_open(const char *path, int flags)
{
	long fd = syscall(SYS_openat, AT_FDCWD, path, flags);

	if (fd >= 0)
		syscall(SYS_close, fd);
	return res(fd);
}

static int32_t try_socket(int family)
{
	long fd = syscall(SYS_socket, family, SOCK_STREAM, 0);

	if (fd >= 0)
		syscall(SYS_close, fd);
	return res(fd);
}

static int32_t attempt(enum ta_hostile_attempt a, pid_t ta, pid_t client)
{
	static char *const argv[] = {"/bin/true", NULL};
	const struct rlimit unlimited = {RLIM_INFINITY, RLIM_INFINITY};
	siginfo_t si = {.si_code = SI_QUEUE};

	switch (a) {
	case TA_HOSTILE_KILL_TA:
		return res(syscall(SYS_kill, ta, 0));
	case TA_HOSTILE_TGKILL_TA:
		return res(syscall(SYS_tgkill, ta, ta, 0));
	case TA_HOSTILE_TKILL_TA:
		return res(syscall(SYS_tkill, ta, 0));
	case TA_HOSTILE_KILL_CLIENT:
		return res(syscall(SYS_kill, client, 0));
	case TA_HOSTILE_TGKILL_CLIENT:
		return res(syscall(SYS_tgkill, client, client, 0));
	case TA_HOSTILE_KILL_PARENT:
		return res(syscall(SYS_kill, parent, 0));
	case TA_HOSTILE_TGKILL_PARENT:
		return res(syscall(SYS_tgkill, parent, parent, 0));
	case TA_HOSTILE_KILL_INIT:
		return res(syscall(SYS_kill, 1, 0));
	case TA_HOSTILE_TGKILL_INIT:
		return res(syscall(SYS_tgkill, 1, 1, 0));
	case TA_HOSTILE_KILL_ALL:
		return res(syscall(SYS_kill, -1, 0));
	case TA_HOSTILE_KILL_GROUP:
		return res(syscall(SYS_kill, 0, 0));
	case TA_HOSTILE_SIGQUEUE_SELF:
		return res(syscall(SYS_rt_sigqueueinfo, getpid(), 0, &si));
	case TA_HOSTILE_PTRACE_TA:
		return try_ptrace(ta);
	case TA_HOSTILE_PTRACE_CLIENT:
		return try_ptrace(client);
	case TA_HOSTILE_OPEN_FILE:
		return try_open("/etc/hostname", O_RDONLY);
	case TA_HOSTILE_OPEN_PROC_MEM:
		return try_open("/proc/self/mem", O_RDWR);
	case TA_HOSTILE_WRITE_PROC_OOM:
		return try_open("/proc/self/oom_score_adj", O_WRONLY);
	case TA_HOSTILE_SOCKET_INET:
		return try_socket(AF_INET);
	case TA_HOSTILE_SOCKET_UNIX:
		return try_socket(AF_UNIX);
	case TA_HOSTILE_EXECVE:
		return res(syscall(SYS_execve, argv[0], argv, NULL));
	case TA_HOSTILE_FORK:
		return fork_result(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
	case TA_HOSTILE_CLONE3:
		return try_clone3();
	case TA_HOSTILE_SETUID_ROOT:
		return res(syscall(SYS_setuid, 0));
	case TA_HOSTILE_SETRESUID_ROOT:
		return res(syscall(SYS_setresuid, 0, 0, 0));
	case TA_HOSTILE_SETGID_ROOT:
		return res(syscall(SYS_setgid, 0));
	case TA_HOSTILE_MMAP_EXEC:
		return try_exec_map(false);
	case TA_HOSTILE_MPROTECT_EXEC:
		return try_exec_map(true);
	case TA_HOSTILE_PRCTL_DUMPABLE:
		return res(syscall(SYS_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0));
	case TA_HOSTILE_PRCTL_AMBIENT:
		return res(syscall(SYS_prctl, PR_CAP_AMBIENT,
				   PR_CAP_AMBIENT_RAISE, CAP_KILL, 0, 0));
	case TA_HOSTILE_CAPSET:
		return try_capset();
	case TA_HOSTILE_RAISE_RLIMIT_DATA:
		return res(syscall(SYS_prlimit64, 0, RLIMIT_DATA, &unlimited,
				   NULL));
	case TA_HOSTILE_UNSHARE_USERNS:
		return res(syscall(SYS_unshare, CLONE_NEWUSER));
	case TA_HOSTILE_IOCTL_TIOCSTI:
		return res(syscall(SYS_ioctl, 2, TIOCSTI, "x"));
	default:
		return -1;
	}
}

static TEE_Result cmd_escape(uint32_t types, TEE_Param params[4])
{
	int32_t out[TA_HOSTILE_NUM];

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE) ||
	    params[1].memref.size < sizeof(out))
		return TEE_ERROR_BAD_PARAMETERS;
	for (int i = 0; i < TA_HOSTILE_NUM; i++)
		out[i] = attempt((enum ta_hostile_attempt)i,
				 (pid_t)params[0].value.a,
				 (pid_t)params[0].value.b);
	memcpy(params[1].memref.buffer, out, sizeof(out));
	params[1].memref.size = sizeof(out);
	return TEE_SUCCESS;
}

static TEE_Result cmd_creds(uint32_t types, TEE_Param params[4])
{
	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE) ||
	    params[0].memref.size < sizeof(ctor_creds))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(params[0].memref.buffer, &ctor_creds, sizeof(ctor_creds));
	params[0].memref.size = sizeof(ctor_creds);
	return TEE_SUCCESS;
}

static TEE_Result cmd_mmap(uint32_t types, TEE_Param params[4])
{
	size_t len;
	void *p;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	len = (size_t)params[0].value.a << 20;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	params[1].value.a = p == MAP_FAILED ? (uint32_t)errno : 0;
	if (p != MAP_FAILED)
		munmap(p, len);
	return TEE_SUCCESS;
}

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t param_types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd_id,
				      uint32_t param_types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	switch (cmd_id) {
	case TA_TEST_HOSTILE_CMD_PID:
		if (param_types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
						   TEE_PARAM_TYPE_NONE,
						   TEE_PARAM_TYPE_NONE,
						   TEE_PARAM_TYPE_NONE))
			return TEE_ERROR_BAD_PARAMETERS;
		params[0].value.a = (uint32_t)getpid();
		return TEE_SUCCESS;
	case TA_TEST_HOSTILE_CMD_ESCAPE:
		return cmd_escape(param_types, params);
	case TA_TEST_HOSTILE_CMD_CREDS:
		return cmd_creds(param_types, params);
	case TA_TEST_HOSTILE_CMD_MMAP:
		return cmd_mmap(param_types, params);
	case TA_TEST_HOSTILE_CMD_MEMREF_GRAB:
		return hostile_memref_grab(param_types, params);
	case TA_TEST_HOSTILE_CMD_MEMREF_STALE:
		return hostile_memref_stale(param_types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
