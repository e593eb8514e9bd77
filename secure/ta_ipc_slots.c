// SPDX-License-Identifier: BSD-2-Clause
/* Memref file slots, the secure world's mirror; see ta_ipc_slots.h. */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "ta_ipc_slots.h"

void ta_ipc_slots_init(struct ta_ipc_slots *s)
{
	memset(s, 0, sizeof(*s));
}

/* The slot to reuse: an empty one, else the least recently used. */
static uint32_t victim(const struct ta_ipc_slots *s, uint32_t busy)
{
	uint32_t best = TA_IPC_NUM_SLOTS;

	for (uint32_t i = 0; i < TA_IPC_NUM_SLOTS; i++) {
		if (busy & (1U << i))
			continue;
		if (!s->slot[i].valid)
			return i;
		if (best == TA_IPC_NUM_SLOTS ||
		    s->slot[i].last_use < s->slot[best].last_use)
			best = i;
	}
	return best;
}

uint32_t ta_ipc_slots_assign(struct ta_ipc_slots *s, uint64_t chunk_id, int fd,
			     uint32_t *busy, struct ta_ipc_outbox *out)
{
	struct ta_ipc_slot *slot;
	uint32_t i;

	_Static_assert(TA_IPC_NUM_SLOTS > TA_IPC_NUM_PARAMS &&
			       TA_IPC_NUM_SLOTS <= 32,
		       "a call must always find a free slot");
	for (i = 0; i < TA_IPC_NUM_SLOTS; i++)
		if (s->slot[i].valid && s->slot[i].chunk_id == chunk_id)
			goto found;

	i = victim(s, *busy);
	slot = &s->slot[i];
	slot->chunk_id = chunk_id;
	slot->valid = true;
	out->slot[out->count] = i;
	out->fd[out->count] = fd;
	out->count++;
found:
	s->slot[i].last_use = ++s->clock;
	*busy |= 1U << i;
	return i;
}

void ta_ipc_slots_forget(struct ta_ipc_slots *s,
			 const struct ta_ipc_outbox *out)
{
	for (uint32_t i = 0; i < out->count; i++)
		s->slot[out->slot[i]].valid = false;
}

int ta_ipc_slots_send(int sock, uint32_t seq, const struct ta_ipc_outbox *out)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * TA_IPC_NUM_PARAMS)];
		struct cmsghdr align;
	} ctl;
	struct ta_ipc_files files = {.seq = seq, .count = out->count};
	struct iovec iov = {.iov_base = &files, .iov_len = sizeof(files)};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
		.msg_controllen = CMSG_SPACE(sizeof(int) * out->count),
	};
	struct cmsghdr *cmsg;
	ssize_t n;

	if (!out->count || out->count > TA_IPC_NUM_PARAMS)
		return -EINVAL;
	memset(&ctl, 0, sizeof(ctl));
	memcpy(files.slot, out->slot, sizeof(out->slot[0]) * out->count);
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int) * out->count);
	memcpy(CMSG_DATA(cmsg), out->fd, sizeof(int) * out->count);

	do {
		n = sendmsg(sock, &msg, MSG_DONTWAIT | MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return (size_t)n == sizeof(files) ? 0 : -EIO;
}
