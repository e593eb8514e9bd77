// SPDX-License-Identifier: BSD-2-Clause
/*
 * What a TA process may take: memory, and how many TA processes there
 * may be; see ta_proc.h.
 *
 * Memory is RLIMIT_DATA: private writable mappings (heap, stacks, the
 * data of libc and libcrypto, plain anonymous mmap), not the shared
 * mappings of memrefs and of the channel.  The limit a TA gets is its
 * header's TA_STACK_SIZE + TA_DATA_SIZE plus TA_PROC_MEM_RESERVE for
 * what every TA has besides (see below).  The process starts under the
 * ceiling, the limit of the largest TA we accept (TA_PROC_MEM_MAX +
 * reserve), set between fork and exec (and in the TA zygote, which every
 * TA process it forks inherits), and the limit is lowered to the
 * header's figure in one of two ways:
 *  - by the TA zygote's child, before it loads the image, so before any
 *    TA code (its constructors too) runs: the secure world reads the
 *    figures from the verified image (ta_head.stack_size and
 *    ta_heap_size + ta_no_share_heap_size, as the file holds them;
 *    ta_proc_image_limit()) and
 *    passes the limit with the start request; the child sets it soft
 *    and hard, so the TA can never raise it.  At hello the TA must say
 *    the same figures, and a TA already above the limit is refused;
 *  - else (a TA started by exec, or an image whose symbols do not show
 *    the figures) at hello: prlimit() lowers it to the figures the hello
 *    says, and a TA already above them is refused.  prlimit() on a
 *    process of another uid needs CAP_SYS_RESOURCE, which the secure
 *    world does not keep: a short-lived child that takes the TA's uid
 *    and gid does it (0.1 ms of a TA start, which the first way saves).
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
#include "ta/include/user_ta_header.h"
#include "ta_elf_sym.h"
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

/* The limit for @stack_size and @data_size, or refused (logged). */
static TEE_Result mem_limit(const char *name, uint32_t stack_size,
			    uint64_t data_size, uint64_t *limit)
{
	uint64_t want = (uint64_t)stack_size * TA_PROC_STACK_FACTOR + data_size;

	if (data_size > TA_PROC_MEM_MAX || want > TA_PROC_MEM_MAX) {
		pr_err("TA %s asks for %llu MiB of stack and data, more than "
		       "the %llu MiB a TA may have: refused",
		       name, (unsigned long long)(want / MIB),
		       TA_PROC_MEM_MAX / MIB);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	*limit = want + TA_PROC_MEM_RESERVE;
	return TEE_SUCCESS;
}

/* Refuses @p when it took more than @limit before its hello. */
static TEE_Result check_used(struct ta_proc *p, uint64_t limit)
{
	uint64_t used = vm_data(p->pid);

	pr_debug("TA %s: %llu KiB of data at its start, limit %llu KiB",
		 p->name, (unsigned long long)(used / 1024),
		 (unsigned long long)(limit / 1024));
	if (used > limit) {
		pr_err("TA %s took %llu MiB before it started, more than its "
		       "header allows (%llu MiB): refused",
		       p->name, (unsigned long long)(used / MIB),
		       (unsigned long long)(limit / MIB));
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	return TEE_SUCCESS;
}

TEE_Result ta_proc_limit_memory(struct ta_proc *p, uint32_t stack_size,
				uint32_t data_size)
{
	struct rlimit r;
	uint64_t limit;
	TEE_Result res;
	int err;

	res = mem_limit(p->name, stack_size, data_size, &limit);
	if (res)
		return res;
	r.rlim_cur = r.rlim_max = limit;
	err = set_limit(p->pid, &r);
	if (err) {
		pr_err("TA %s: cannot limit its memory: %s", p->name,
		       strerror(-err));
		return TEE_ERROR_GENERIC;
	}
	return check_used(p, limit);
}

TEE_Result ta_proc_image_limit(const char *name, const void *elf, size_t len,
			       const TEE_UUID *uuid, struct ta_proc_mem *out)
{
	uint64_t heap, no_share = 0;
	struct ta_head head;

	memset(out, 0, sizeof(*out));
	if (!ta_elf_sym_read(elf, len, "ta_head", &head, sizeof(head)) ||
	    !ta_elf_sym_read(elf, len, "ta_heap_size", &heap, sizeof(heap)) ||
	    memcmp(&head.uuid, uuid, sizeof(*uuid)))
		return TEE_ERROR_ITEM_NOT_FOUND;
	/* The TEE_MALLOC_NO_SHARE pool, as the hello counts it; none before. */
	if (!ta_elf_sym_read(elf, len, "ta_no_share_heap_size", &no_share,
			     sizeof(no_share)))
		no_share = 0;
	if (heap > TA_PROC_MEM_MAX || no_share > TA_PROC_MEM_MAX)
		heap = TA_PROC_MEM_MAX + 1; /* refused below, no overflow */
	out->stack_size = head.stack_size;
	out->data_size = heap + no_share;
	return mem_limit(name, out->stack_size, out->data_size, &out->limit);
}

TEE_Result ta_proc_check_memory(struct ta_proc *p, const struct ta_proc_mem *m,
				uint32_t stack_size, uint32_t data_size)
{
	uint32_t data =
		m->data_size > UINT32_MAX ? UINT32_MAX : (uint32_t)m->data_size;

	/* Its hello reads the same objects: another figure is a lie. */
	if (stack_size != m->stack_size || data_size != data) {
		pr_err("TA %s says TA_STACK_SIZE %u and TA_DATA_SIZE %u, its "
		       "image %u and %llu: refused",
		       p->name, stack_size, data_size, m->stack_size,
		       (unsigned long long)m->data_size);
		return TEE_ERROR_SECURITY;
	}
	return check_used(p, m->limit);
}
