/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hash-tree files (OP-TEE's fs_htree.c): the on-disk form of dirf.db and
 * of every REE FS object, byte for byte as OP-TEE writes it
 * (docs/storage.md).  Every element exists in two slots; an update
 * writes the slots the committed version does not use and becomes
 * visible with a single header write, so a crash at any point leaves the
 * old version or the new one.  Data blocks are AES-128-GCM under a
 * per-file key (FEK), and a tree of SHA-256 node hashes binds them to
 * the header and, through the root hash, to the directory entry.
 *
 * The file is reached through struct fs_htree_io_ops, so the tree knows
 * nothing of RPCs: the REE FS backs it with tee-supplicant, tests with
 * memory.  Everything read through it is treated as hostile.
 */
#ifndef TEEBOX_SECURE_FS_HTREE_H
#define TEEBOX_SECURE_FS_HTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

#define FS_HTREE_BLOCK_SIZE 4096
#define FS_HTREE_HASH_SIZE  32
#define FS_HTREE_FEK_SIZE   16
#define FS_HTREE_TSK_SIZE   32
/* struct tee_fs_htree_image and tee_fs_htree_node_image, on disk. */
#define FS_HTREE_IMAGE_SIZE	 68
#define FS_HTREE_NODE_IMAGE_SIZE 66
/* Largest data length a tree may describe (TEE_DATA_MAX_POSITION). */
#define FS_HTREE_MAX_LENGTH 0xffffffffULL

/**
 * struct fs_htree_io_ops - the file under a hash tree
 * @read:	read up to @len bytes at @offs into @buf; *@got = bytes
 *		read (fewer only at the end of the file)
 * @write:	write @len bytes at @offs
 * @truncate:	shorten (or extend) the file to @len bytes
 *
 * Each returns TEE_SUCCESS or the error to pass up.
 */
struct fs_htree_io_ops {
	TEE_Result (*read)(void *io, uint64_t offs, void *buf, size_t len,
			   size_t *got);
	TEE_Result (*write)(void *io, uint64_t offs, const void *buf,
			    size_t len);
	TEE_Result (*truncate)(void *io, uint64_t len);
};

struct fs_htree;

/**
 * fs_htree_open() - open a hash-tree file, or make a new one
 * @ops:	the file's I/O
 * @io:		passed to @ops
 * @tsk:	the TA storage key the FEK is wrapped with
 * @hash:	the root hash the caller knows (an object's dirf.db entry),
 *		or NULL to choose the version by the header counters
 *		(dirf.db)
 * @min_counter: anti-rollback floor for the header counter
 * @create:	write a new empty tree into the (empty) file
 * @ht:		receives the tree; the caller closes it
 *
 * Return: TEE_SUCCESS; TEE_ERROR_ITEM_NOT_FOUND (only without @hash)
 * for a file whose creation never committed (empty, or its current
 * header blank: a crash while it was made); TEE_ERROR_CORRUPT_OBJECT for a file that
 * does not decrypt, verify or parse (short reads included);
 * TEE_ERROR_SECURITY for a rolled-back or contradictory header pair;
 * TEE_ERROR_OUT_OF_MEMORY; or an error of @ops.
 */
TEE_Result fs_htree_open(const struct fs_htree_io_ops *ops, void *io,
			 const uint8_t tsk[FS_HTREE_TSK_SIZE],
			 const uint8_t *hash, uint32_t min_counter, bool create,
			 struct fs_htree **ht);

/** fs_htree_close() - free @ht (uncommitted changes are dropped) */
void fs_htree_close(struct fs_htree *ht);

/** fs_htree_length() - Return: the data length of @ht in bytes */
uint64_t fs_htree_length(const struct fs_htree *ht);

/** fs_htree_counter() - Return: the header counter of the open version */
uint32_t fs_htree_counter(const struct fs_htree *ht);

/**
 * fs_htree_read() - read data bytes
 * @ht:		the tree
 * @pos:	first byte
 * @buf:	receives up to @len bytes
 * @len:	bytes wanted
 * @got:	[out] bytes read: fewer than @len at the end of the data
 *
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT, or an error of the I/O.
 */
TEE_Result fs_htree_read(struct fs_htree *ht, uint64_t pos, void *buf,
			 size_t len, size_t *got);

/**
 * fs_htree_write() - write data bytes (uncommitted until fs_htree_sync())
 * @ht:		the tree
 * @pos:	first byte; a gap after the current end reads as zeros
 * @buf:	@len bytes
 * @len:	their number
 *
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE past
 * FS_HTREE_MAX_LENGTH, TEE_ERROR_CORRUPT_OBJECT, or an I/O error (after
 * which the tree refuses every further change: close and reopen it).
 */
TEE_Result fs_htree_write(struct fs_htree *ht, uint64_t pos, const void *buf,
			  size_t len);

/**
 * fs_htree_truncate() - set the data length (uncommitted until synced);
 * growing fills with zeros
 * Return: as fs_htree_write().
 */
TEE_Result fs_htree_truncate(struct fs_htree *ht, uint64_t len);

/**
 * fs_htree_sync() - commit: write the changed nodes, then the header
 * @ht:		the tree
 * @hash:	receives the new root hash (may be NULL)
 *
 * The header write is the commit point.  Nothing is done when nothing
 * changed.
 *
 * Return: TEE_SUCCESS or an I/O error (the tree then refuses changes).
 */
TEE_Result fs_htree_sync(struct fs_htree *ht, uint8_t hash[FS_HTREE_HASH_SIZE]);

/**
 * fs_htree_trim() - cut the file after the last element the committed
 * version can use, after a commit that shortened it.  Call it only when
 * the old version can no longer be wanted (for an object, after dirf.db
 * points at the new root hash).
 * Return: TEE_SUCCESS or the error of the I/O's truncate.
 */
TEE_Result fs_htree_trim(struct fs_htree *ht);

/**
 * fs_htree_block_offset() - where data block @block, slot @slot lives in
 * the file (OP-TEE's get_offs_size())
 * Return: the byte offset.
 */
uint64_t fs_htree_block_offset(uint64_t block, unsigned int slot);

/**
 * fs_htree_node_offset() - where node @id (root 1), slot @slot lives
 * Return: the byte offset.
 */
uint64_t fs_htree_node_offset(uint32_t id, unsigned int slot);

#endif
