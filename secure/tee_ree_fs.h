/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Persistent objects in the REE file system (OP-TEE's tee_ree_fs.c):
 * one hash-tree file per object, named by number, found through dirf.db,
 * keyed per TA.  Each object update commits the object's file and then
 * dirf.db, whose record carries the object's new root hash: until that
 * second commit the old version is the one that opens, so every update
 * is atomic.
 *
 * The caller serializes all calls on one struct tee_ree_fs (the
 * storage service holds its mutex across each), and passes the
 * supplicant to use for this call: it is the calling secure thread's.
 */
#ifndef TEEBOX_SECURE_TEE_REE_FS_H
#define TEEBOX_SECURE_TEE_REE_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fs_dirfile.h"
#include "ta/include/tee_api_types.h"
#include "tee_fs_rpc.h"

struct tee_ree_fs;
struct tee_ree_fs_file;

/**
 * tee_ree_fs_new() - the REE FS of this installation
 * @ssk:	the secure storage key (huk_ssk_derive())
 * @fs:		receives it
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result tee_ree_fs_new(const uint8_t ssk[32], struct tee_ree_fs **fs);

/**
 * struct tee_fs_rollback_ops - a replay-protected store for dirf.db's
 * header counter (OP-TEE's nv_counter_get_ree_fs() and
 * nv_counter_incr_ree_fs_to())
 * @get:	the floor: dirf.db with a lower counter is a replay
 * @incr_to:	raise the floor to @counter after a dirf.db commit
 *
 * @rpc is the supplicant of the call in progress (a store in RPMB is
 * reached through it).
 */
struct tee_fs_rollback_ops {
	TEE_Result (*get)(void *ctx, const struct tee_fs_rpc *rpc,
			  uint32_t *counter);
	TEE_Result (*incr_to)(void *ctx, const struct tee_fs_rpc *rpc,
			      uint32_t counter);
};

/**
 * tee_ree_fs_set_rollback() - pin dirf.db with @ops (before first use).
 * Without it, as OP-TEE with CFG_INSECURE and no RPMB, an old dirf.db
 * with its old object files can be replayed as a whole.
 */
void tee_ree_fs_set_rollback(struct tee_ree_fs *fs,
			     const struct tee_fs_rollback_ops *ops, void *ctx);

/** tee_ree_fs_free() - free @fs; every file must be closed */
void tee_ree_fs_free(struct tee_ree_fs *fs);

/**
 * tee_ree_fs_open() - open object @oid of TA @uuid
 * @fs:		the file system
 * @rpc:	the supplicant, for this call
 * @uuid:	owning TA
 * @oid:	id bytes
 * @oidlen:	0..FS_DIRFILE_OID_MAX
 * @f:		receives the open file
 *
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND,
 * TEE_ERROR_CORRUPT_OBJECT (the file does not verify against the
 * directory: tampered with, swapped, replayed, another TA's),
 * TEE_ERROR_SECURITY (dirf.db rolled back or deleted: its counter is
 * below the rollback floor, or it is missing with a floor above 0), or
 * the supplicant's error.
 */
TEE_Result tee_ree_fs_open(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, const void *oid, size_t oidlen,
			   struct tee_ree_fs_file **f);

/**
 * tee_ree_fs_create() - create object @oid holding @data, in one commit
 * @overwrite:	replace an existing object of that id (its file is
 *		removed after the commit); without it an existing id is
 *		TEE_ERROR_ACCESS_CONFLICT
 * @data:	initial bytes (object head, attributes and data)
 * @len:	their number
 *
 * Other parameters as tee_ree_fs_open().
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT,
 * TEE_ERROR_STORAGE_NO_SPACE, or the errors of tee_ree_fs_open().
 */
TEE_Result tee_ree_fs_create(struct tee_ree_fs *fs,
			     const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			     const void *oid, size_t oidlen, bool overwrite,
			     const void *data, size_t len,
			     struct tee_ree_fs_file **f);

/** tee_ree_fs_size() - Return: the object's length in bytes */
uint64_t tee_ree_fs_size(const struct tee_ree_fs_file *f);

/**
 * tee_ree_fs_read() - read up to @len bytes at @pos (*@got: how many)
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT or the supplicant's
 * error.
 */
TEE_Result tee_ree_fs_read(struct tee_ree_fs_file *f,
			   const struct tee_fs_rpc *rpc, uint64_t pos,
			   void *buf, size_t len, size_t *got);

/**
 * tee_ree_fs_write() - write @len bytes at @pos and commit
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE,
 * TEE_ERROR_CORRUPT_OBJECT or the supplicant's error (the object then
 * still holds its old content).
 */
TEE_Result tee_ree_fs_write(struct tee_ree_fs_file *f,
			    const struct tee_fs_rpc *rpc, uint64_t pos,
			    const void *buf, size_t len);

/**
 * tee_ree_fs_truncate() - set the length to @len and commit
 * Return: as tee_ree_fs_write().
 */
TEE_Result tee_ree_fs_truncate(struct tee_ree_fs_file *f,
			       const struct tee_fs_rpc *rpc, uint64_t len);

/**
 * tee_ree_fs_rename() - give the object id @oid (same TA)
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT if the id is taken,
 * or the supplicant's error.
 */
TEE_Result tee_ree_fs_rename(struct tee_ree_fs_file *f,
			     const struct tee_fs_rpc *rpc, const void *oid,
			     size_t oidlen);

/** tee_ree_fs_close() - close @f (frees it) */
void tee_ree_fs_close(struct tee_ree_fs_file *f, const struct tee_fs_rpc *rpc);

/**
 * tee_ree_fs_remove() - delete the object and close @f (freed whatever
 * the result)
 * Return: TEE_SUCCESS or the supplicant's error (the object then still
 * exists unless the directory commit went through).
 */
TEE_Result tee_ree_fs_remove(struct tee_ree_fs_file *f,
			     const struct tee_fs_rpc *rpc);

/**
 * tee_ree_fs_next() - enumerate TA @uuid's objects
 * @idx:	[in/out] cursor: -1 to start; moved past the object found
 * @oid:	receives the id
 * @oidlen:	receives its length
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND at the end, or the
 * errors of opening dirf.db.
 */
TEE_Result tee_ree_fs_next(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, int *idx,
			   uint8_t oid[FS_DIRFILE_OID_MAX], size_t *oidlen);

#endif
