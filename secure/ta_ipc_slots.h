/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memref file slots, the secure world's side (see teebox/ta_ipc.h).
 *
 * A TA process holds up to TA_IPC_NUM_SLOTS memory files of normal-world
 * RAM chunks.  The secure world decides which chunk sits in which slot and
 * keeps a mirror of the TA's table here, keyed by chunk id (chunk ids are
 * never reused, so an id names one file for ever).  A chunk the TA does
 * not hold yet gets the least recently used slot that the current call
 * does not need, and its file goes to the TA with the call.
 */
#ifndef TEEBOX_SECURE_TA_IPC_SLOTS_H
#define TEEBOX_SECURE_TA_IPC_SLOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "teebox/ta_ipc.h"

/**
 * struct ta_ipc_slot - what the TA holds in one slot
 * @chunk_id:	the chunk whose file it holds
 * @last_use:	the slots' clock when a call last used it
 * @valid:	the slot holds a file
 */
struct ta_ipc_slot {
	uint64_t chunk_id;
	uint64_t last_use;
	bool valid;
};

/**
 * struct ta_ipc_slots - the mirror of a TA's slot table
 * @slot:	the slots
 * @clock:	counts slot uses, for least-recently-used replacement
 */
struct ta_ipc_slots {
	struct ta_ipc_slot slot[TA_IPC_NUM_SLOTS];
	uint64_t clock;
};

/**
 * struct ta_ipc_outbox - files to send with one call
 * @count:	entries used
 * @slot:	the slot each file goes to
 * @fd:		the files (borrowed from the caller's struct nw_mem)
 */
struct ta_ipc_outbox {
	uint32_t count;
	uint32_t slot[TA_IPC_NUM_PARAMS];
	int fd[TA_IPC_NUM_PARAMS];
};

/** ta_ipc_slots_init() - a TA that holds no file. */
void ta_ipc_slots_init(struct ta_ipc_slots *s);

/**
 * ta_ipc_slots_assign() - the slot of chunk @chunk_id for this call
 * @busy:	bit mask of slots this call already uses (not evicted);
 *		updated with the slot returned
 * @fd:		the chunk's file
 * @out:	gets @fd when the TA does not hold the chunk yet
 * At most TA_IPC_NUM_PARAMS chunks per call, so a slot is always found.
 * Return: the slot number.
 */
uint32_t ta_ipc_slots_assign(struct ta_ipc_slots *s, uint64_t chunk_id, int fd,
			     uint32_t *busy, struct ta_ipc_outbox *out);

/**
 * ta_ipc_slots_forget() - the files in @out did not reach the TA: mark
 * their slots empty so that a later call sends them again
 */
void ta_ipc_slots_forget(struct ta_ipc_slots *s,
			 const struct ta_ipc_outbox *out);

/**
 * ta_ipc_slots_send() - send the files in @out for request @seq on @sock
 * (one message, never blocking: a TA that does not read its socket is
 * broken)
 * Return: 0, or -errno (-EPIPE/-ECONNRESET: the TA is gone; -EAGAIN: its
 * socket is full).
 */
int ta_ipc_slots_send(int sock, uint32_t seq, const struct ta_ipc_outbox *out);

#endif
