// SPDX-License-Identifier: BSD-2-Clause
/*
 * Memref parameters in the TA: the file slots the secure world fills, and
 * the mappings of the current call (see teebox/ta_ipc.h).  A memref is
 * the client's memory itself, mapped shared: what the TA writes, the
 * client sees, with no copy.  The pages are mapped for the call only.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tee_api_defines.h>

#include "utee_priv.h"

/**
 * struct utee_slot - a memref file the secure world gave us
 * @fd:		the file, -1 when the slot is empty (stored as fd + 1 so
 *		that the zeroed table means "all empty")
 * @size:	its size
 */
struct utee_slot {
	int fd_plus_one;
	uint64_t size;
};

/**
 * struct utee_map - a memref mapped for the current call
 * @base, @len:	the mapping (whole pages)
 * @buf, @size:	the buffer the TA was given inside it
 */
struct utee_map {
	void *base;
	size_t len;
	const char *buf;
	size_t size;
};

static struct utee_slot slots[TA_IPC_NUM_SLOTS];
static struct utee_map maps[TA_IPC_NUM_PARAMS];
static unsigned int nmaps;

static void close_all(const int *fds, size_t n)
{
	for (size_t i = 0; i < n; i++)
		close(fds[i]);
}

int utee_memref_recv(uint32_t seq, uint32_t nfiles)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * TA_IPC_NUM_PARAMS)];
		struct cmsghdr align;
	} ctl;
	struct ta_ipc_files files;
	struct iovec iov = {.iov_base = &files, .iov_len = sizeof(files)};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
		.msg_controllen = sizeof(ctl.buf),
	};
	int fds[TA_IPC_NUM_PARAMS];
	struct cmsghdr *cmsg;
	size_t nfds = 0;
	struct stat st;
	ssize_t n;

	do {
		n = recvmsg(TA_IPC_SOCK_FD, &msg,
			    MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -EPROTO;
	for (cmsg = CMSG_FIRSTHDR(&msg); cmsg; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
		size_t k;

		if (cmsg->cmsg_level != SOL_SOCKET ||
		    cmsg->cmsg_type != SCM_RIGHTS)
			continue;
		k = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		if (nfds + k > TA_IPC_NUM_PARAMS) {
			close_all(fds, nfds);
			/* The rest cannot be taken: the message is bad. */
			return -EPROTO;
		}
		memcpy(fds + nfds, CMSG_DATA(cmsg), k * sizeof(int));
		nfds += k;
	}
	if ((size_t)n != sizeof(files) || (msg.msg_flags & MSG_CTRUNC) ||
	    files.seq != seq || files.count != nfiles || nfds != nfiles)
		goto bad;
	for (size_t i = 0; i < nfds; i++)
		if (files.slot[i] >= TA_IPC_NUM_SLOTS)
			goto bad;

	for (size_t i = 0; i < nfds; i++) {
		struct utee_slot *s = &slots[files.slot[i]];

		if (fstat(fds[i], &st) || st.st_size < 0)
			goto bad;
		if (s->fd_plus_one)
			close(s->fd_plus_one - 1);
		s->fd_plus_one = fds[i] + 1;
		s->size = (uint64_t)st.st_size;
		fds[i] = -1;
	}
	return 0;
bad:
	for (size_t i = 0; i < nfds; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return -EPROTO;
}

TEE_Result utee_memref_map(const struct ta_ipc_param *ip, void **buffer)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	struct utee_slot *s;
	uint64_t start, end;
	struct utee_map *m;
	void *va;

	*buffer = NULL;
	if (ip->slot == TA_IPC_SLOT_NONE)
		return TEE_SUCCESS;
	if (ip->slot >= TA_IPC_NUM_SLOTS || nmaps >= TA_IPC_NUM_PARAMS)
		return TEE_ERROR_BAD_PARAMETERS;
	s = &slots[ip->slot];
	if (!s->fd_plus_one || ip->offset > s->size ||
	    ip->size > s->size - ip->offset || ip->size > SIZE_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	/* An empty buffer still points into the client's memory. */
	if (!ip->size && ip->offset == s->size)
		return TEE_SUCCESS;

	start = ip->offset & ~(uint64_t)(pg - 1);
	end = ip->offset + (ip->size ? ip->size : 1);
	end = (end + pg - 1) & ~(uint64_t)(pg - 1);
	va = mmap(NULL, (size_t)(end - start), PROT_READ | PROT_WRITE,
		  MAP_SHARED, s->fd_plus_one - 1, (off_t)start);
	if (va == MAP_FAILED)
		return TEE_ERROR_OUT_OF_MEMORY;

	m = &maps[nmaps++];
	m->base = va;
	m->len = (size_t)(end - start);
	m->buf = (char *)va + (ip->offset - start);
	m->size = (size_t)ip->size;
	*buffer = (void *)m->buf;
	return TEE_SUCCESS;
}

void utee_memref_unmap_all(void)
{
	while (nmaps) {
		struct utee_map *m = &maps[--nmaps];

		munmap(m->base, m->len);
		memset(m, 0, sizeof(*m));
	}
}

bool utee_memref_contains(const void *buf, size_t size)
{
	const char *p = buf;

	for (unsigned int i = 0; i < nmaps; i++) {
		const struct utee_map *m = &maps[i];

		if (p >= m->buf && size <= m->size &&
		    (size_t)(p - m->buf) <= m->size - size)
			return true;
	}
	return false;
}
