/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated RPMB device's backing file.  A write of the device must
 * happen whole or not at all, with its write counter: a torn frame, or
 * data without the counter step, would let the secure world see state
 * that was never authenticated.  So every change is a journal record
 * first (the new state and the blocks, with a SHA-256), fsync'ed, then
 * applied in place and fsync'ed; on open, a journal newer than the state
 * is applied again (applying is idempotent).
 *
 * Layout: state @0 (128 bytes), journal @512, data blocks @4096.
 */
#ifndef TEEBOX_SUPP_RPMB_STORE_H
#define TEEBOX_SUPP_RPMB_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rpmb_emu.h"

/**
 * struct rpmb_state - what the device remembers besides its blocks
 * @counter:	the write counter
 * @key_set:	the key is programmed
 * @key:	the authentication key
 * @cid:	the device's CID
 */
struct rpmb_state {
	uint32_t counter;
	bool key_set;
	uint8_t key[RPMB_KEY_SIZE];
	uint8_t cid[RPMB_CID_SIZE];
};

/**
 * rpmb_store_open() - open (or make) the backing file and recover it
 * @dirfd:	directory
 * @name:	file name in it (never followed if a symbolic link)
 * @cid:	CID of a new device
 * @fd:		the open file
 * @state:	its state, after recovery
 * Return: 0, -EIO (damaged), or -errno.
 */
int rpmb_store_open(int dirfd, const char *name, const uint8_t *cid, int *fd,
		    struct rpmb_state *state);

/**
 * rpmb_store_read() - read blocks
 * @fd:		the file
 * @block:	first block
 * @n:		blocks
 * @out:	n × 256 bytes
 * Return: 0 or -errno.
 */
int rpmb_store_read(int fd, uint32_t block, size_t n, uint8_t *out);

/**
 * rpmb_store_commit() - make @next the state and write @n blocks at
 * @block, atomically (see above)
 * @fd:		the file
 * @next:	the new state
 * @block:	first block
 * @n:		blocks, at most RPMB_EMU_MAX_WRITE_BLOCKS (0: state only)
 * @data:	n × 256 bytes
 * Return: 0 or -errno; on error the device must not be used further
 * (the next open recovers it).
 */
int rpmb_store_commit(int fd, const struct rpmb_state *next, uint32_t block,
		      size_t n, const uint8_t *data);

#endif
