// SPDX-License-Identifier: BSD-2-Clause
/*
 * What a TA process may take: memory, and how many TA processes there
 * may be; see ta_proc.h.
 *
 * Memory is RLIMIT_DATA: private writable mappings (heap, stacks, the
 * data of libc and libcrypto, plain anonymous mmap), not the shared
 * mappings of memrefs and of the channel.  The limit a TA gets is its
 * header's TA_STACK_SIZE + TA_DATA_SIZE plus TA_PROC_MEM_RESERVE for
 * what every TA has besides (see below).  The header is known only once
 * the TA said hello, so there are two steps, both done by the secure
 * world:
 *  1. between fork and exec: the ceiling, the limit of the largest TA
 *     we accept (TA_PROC_MEM_MAX + reserve): a TA that lies or starts
 *     slowly cannot take more than that meanwhile;
 *  2. at hello: prlimit() lowers it to the header's figure, and a TA
 *     already above that figure is refused.  prlimit() on a process of
 *     another uid needs CAP_SYS_RESOURCE, which the secure world does not
 *     keep: a short-lived child that takes the TA's uid and gid does it.
 *
 * Instances: every struct ta_proc holds one of a bounded number of
 * slots (ta_proc_set_max_instances()) from spawn until it is freed,
 * which is after its process was reaped.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel/log.h"
#include "ta_proc.h"
#include "ta_proc_priv.h"

#define MIB (1ULL << 20)

/*
 * Beyond the header's figures: the runtime's stack reserve (64 KiB),
 * libc's and libcrypto's data, relocations and malloc arenas, OpenSSL's
 * state.
 *
 * Sanitizer builds map the ASan shadow, 14 TiB of private writable (if
 * unreserved) memory on x86-64, at start; their allocator keeps freed
 * blocks in quarantine, and their entry stack is twice as large.
 */
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
#define TA_PROC_MEM_RESERVE  ((14ULL << 40) + 512 * MIB)
#define TA_PROC_STACK_FACTOR 2
#else
#define TA_PROC_MEM_RESERVE  (32 * MIB)
#define TA_PROC_STACK_FACTOR 1
#endif

/* The most TA_STACK_SIZE + TA_DATA_SIZE may be. */
#define TA_PROC_MEM_MAX (256 * MIB)

/* Instances: the bound and the slots taken. */
static atomic_uint max_instances = TA_PROC_DEFAULT_MAX_INSTANCES;
static atomic_uint instances;

void ta_proc_set_max_instances(unsigned int max)
{
	atomic_store(&max_instances, max);
}

bool ta_proc_instance_get(void)
{
	unsigned int n = atomic_load(&instances);

	do {
		if (n >= atomic_load(&max_instances))
			return false;
	} while (!atomic_compare_exchange_weak(&instances, &n, n + 1));
	return true;
}

void ta_proc_instance_put(void)
{
	atomic_fetch_sub(&instances, 1);
}

int ta_proc_limits_apply(void)
{
	const struct rlimit r = {
		.rlim_cur = TA_PROC_MEM_MAX + TA_PROC_MEM_RESERVE,
		.rlim_max = TA_PROC_MEM_MAX + TA_PROC_MEM_RESERVE,
	};

	return setrlimit(RLIMIT_DATA, &r) ? -errno : 0;
}

/*
 * prlimit() from a child that is the TA's user (raw system calls: they
 * change this task only, the child).  vfork: the child shares our memory
 * and runs a few system calls, so copying the secure world's page tables
 * for it (fork) would cost more than all the rest of the TA's start.
 */
static int set_limit_as(pid_t pid, const struct rlimit *r, uid_t uid, gid_t gid)
{
	int status, err = 0;
	pid_t child;

	child = vfork();
	if (child < 0)
		return -errno;
	if (!child) {
		if (syscall(SYS_setgroups, 0, NULL) ||
		    syscall(SYS_setresgid, gid, gid, gid) ||
		    syscall(SYS_setresuid, uid, uid, uid) ||
		    prlimit(pid, RLIMIT_DATA, r, NULL))
			_exit(errno & 0x7f ? errno & 0x7f : EPERM);
		_exit(0);
	}
	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(status))
		err = -EPERM;
	else if (WEXITSTATUS(status))
		err = -WEXITSTATUS(status);
	return err;
}

/* RLIMIT_DATA of TA process @pid. */
static int set_limit(pid_t pid, const struct rlimit *r)
{
	uid_t uid;
	gid_t gid;

	if (!prlimit(pid, RLIMIT_DATA, r, NULL))
		return 0;
	if (errno != EPERM || !ta_proc_creds_id(&uid, &gid))
		return -errno;
	return set_limit_as(pid, r, uid, gid);
}

/* VmData of process @pid in bytes, or 0 when it cannot be read. */
static uint64_t vm_data(pid_t pid)
{
	char path[32], buf[4096], *line;
	uint64_t kib = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	line = strstr(buf, "\nVmData:");
	if (line)
		kib = strtoull(line + strlen("\nVmData:"), NULL, 10);
	return kib * 1024;
}

TEE_Result ta_proc_limit_memory(struct ta_proc *p, uint32_t stack_size,
				uint32_t data_size)
{
	uint64_t want = (uint64_t)stack_size * TA_PROC_STACK_FACTOR + data_size;
	struct rlimit r;
	uint64_t used;
	int err;

	if (want > TA_PROC_MEM_MAX) {
		pr_err("TA %s asks for %llu MiB of stack and data, more than "
		       "the %llu MiB a TA may have: refused",
		       p->name, (unsigned long long)(want / MIB),
		       TA_PROC_MEM_MAX / MIB);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	r.rlim_cur = r.rlim_max = want + TA_PROC_MEM_RESERVE;
	err = set_limit(p->pid, &r);
	if (err) {
		pr_err("TA %s: cannot limit its memory: %s", p->name,
		       strerror(-err));
		return TEE_ERROR_GENERIC;
	}
	used = vm_data(p->pid);
	pr_debug("TA %s: %llu KiB of data at its start, limit %llu KiB",
		 p->name, (unsigned long long)(used / 1024),
		 (unsigned long long)(r.rlim_max / 1024));
	if (used > r.rlim_max) {
		pr_err("TA %s took %llu MiB before it started, more than its "
		       "header allows (%llu MiB): refused",
		       p->name, (unsigned long long)(used / MIB),
		       (unsigned long long)(r.rlim_max / MIB));
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	return TEE_SUCCESS;
}
