// SPDX-License-Identifier: BSD-2-Clause
/* Whether user memory can be read or written; see uaccess.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "uaccess.h"

/* The scratch buffer and how many times one call may reuse it. */
#define SCRATCH_SIZE 512
#define SCRATCH_IOVS 16

enum check {
	CHECK_FAULT, /* the memory is not accessible */
	CHECK_OK,
	CHECK_UNKNOWN, /* the kernel would not say */
};

static enum check check_errno(int err)
{
	return err == EFAULT ? CHECK_FAULT : CHECK_UNKNOWN;
}

/* Raw system calls: no sanitizer interceptor may look at the range. */
static enum check vm_read(const void *p, size_t len)
{
	char scratch[SCRATCH_SIZE];
	struct iovec local[SCRATCH_IOVS], remote;
	pid_t pid = getpid();

	while (len) {
		size_t chunk = len < sizeof(scratch) * SCRATCH_IOVS
				       ? len
				       : sizeof(scratch) * SCRATCH_IOVS;
		size_t n = 0;
		long got;

		/* Every local iovec reuses the one scratch buffer. */
		for (size_t left = chunk; left; n++) {
			local[n].iov_base = scratch;
			local[n].iov_len =
				left < sizeof(scratch) ? left : sizeof(scratch);
			left -= local[n].iov_len;
		}
		remote.iov_base = (void *)p;
		remote.iov_len = chunk;
		got = syscall(SYS_process_vm_readv, pid, local, n, &remote, 1,
			      0);
		if (got < 0)
			return check_errno(errno);
		if ((size_t)got != chunk)
			return CHECK_FAULT;
		p = (const char *)p + chunk;
		len -= chunk;
	}
	return CHECK_OK;
}

static enum check vm_read_write(const void *p, size_t len)
{
	struct iovec iov = {.iov_base = (void *)p, .iov_len = len};
	long got;

	got = syscall(SYS_process_vm_writev, getpid(), &iov, 1, &iov, 1, 0);
	if (got < 0)
		return check_errno(errno);
	return (size_t)got == len ? CHECK_OK : CHECK_FAULT;
}

/*
 * The fallback: write(2) of the range into a pipe reads it, or fails; with
 * @write, read(2) of those bytes back into the range writes it, or fails.
 */
static bool pipe_check(const void *p, size_t len, bool write)
{
	char scratch[SCRATCH_SIZE * SCRATCH_IOVS];
	bool ok = true;
	int fds[2];

	if (syscall(SYS_pipe2, fds, O_CLOEXEC | O_NONBLOCK))
		return true; /* cannot tell; let the call go ahead */
	while (len) {
		size_t chunk = len < sizeof(scratch) ? len : sizeof(scratch);
		long n = syscall(SYS_write, fds[1], p, chunk);
		long m;

		if (n <= 0) {
			ok = !(n < 0 && errno == EFAULT);
			break;
		}
		/* A pipe hands back all it holds: less means a fault. */
		if (write)
			m = syscall(SYS_read, fds[0], (void *)p, (size_t)n);
		else
			m = syscall(SYS_read, fds[0], scratch, (size_t)n);
		if (m != n) {
			ok = !(write && (m >= 0 || errno == EFAULT));
			break;
		}
		p = (const char *)p + n;
		len -= (size_t)n;
	}
	syscall(SYS_close, fds[0]);
	syscall(SYS_close, fds[1]);
	return ok;
}

bool pl_uaccess_ok(const void *p, size_t len, bool write)
{
	int saved = errno;
	enum check c;

	if (!len)
		return true;
	if ((uintptr_t)p + len < (uintptr_t)p)
		return false;
	c = write ? vm_read_write(p, len) : vm_read(p, len);
	if (c == CHECK_UNKNOWN)
		c = pipe_check(p, len, write) ? CHECK_OK : CHECK_FAULT;
	errno = saved;
	return c == CHECK_OK;
}
