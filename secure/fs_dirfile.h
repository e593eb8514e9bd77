/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dirf.db, the REE FS directory (OP-TEE's fs_dirfile.c): a hash-tree
 * file holding an array of 120-byte records, one per stored object: the
 * owning TA, the object id, the object file's number and the root hash
 * that pins the object file's version.  Nothing of it is visible to the
 * normal world: the whole array is encrypted.
 */
#ifndef TEEBOX_SECURE_FS_DIRFILE_H
#define TEEBOX_SECURE_FS_DIRFILE_H

#include <stdint.h>

#include "fs_htree.h"
#include "ta/include/tee_api_types.h"

/* TEE_OBJECT_ID_MAX_LEN */
#define FS_DIRFILE_OID_MAX 64
/* struct dirfile_entry on disk. */
#define FS_DIRFILE_ENTRY_SIZE 120
/* Object file numbers this implementation hands out (and accepts). */
#define FS_DIRFILE_MAX_FILES 65536

/**
 * struct dirfile_entry - one record
 * @uuid:	owning TA
 * @oid:	object id
 * @oidlen:	its length (0..FS_DIRFILE_OID_MAX)
 * @hash:	root hash of the object's file
 * @file_number: the object's file is "/<file_number in hex>"
 */
struct dirfile_entry {
	TEE_UUID uuid;
	uint8_t oid[FS_DIRFILE_OID_MAX];
	uint32_t oidlen;
	uint8_t hash[FS_HTREE_HASH_SIZE];
	uint32_t file_number;
};

struct fs_dirfile;

/**
 * fs_dirfile_open() - read the directory from an open dirf.db tree
 * @ht:		the tree; the directory uses it until fs_dirfile_close()
 *		(which does not close it)
 * @df:		receives the directory
 *
 * Records are decoded and checked once here: an id longer than
 * FS_DIRFILE_OID_MAX or a file number past FS_DIRFILE_MAX_FILES is
 * corruption; a second record naming a file number already taken is
 * dropped, as OP-TEE does.  A partial record at the end is ignored.
 *
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT, TEE_ERROR_OUT_OF_MEMORY
 * or the tree's read error.
 */
TEE_Result fs_dirfile_open(struct fs_htree *ht, struct fs_dirfile **df);

/** fs_dirfile_close() - free @df */
void fs_dirfile_close(struct fs_dirfile *df);

/**
 * fs_dirfile_find() - the record of @uuid's object @oid
 * @df:		the directory
 * @uuid:	owning TA
 * @oid:	id bytes
 * @oidlen:	their number
 * @ent:	[out] the record (may be NULL)
 * @idx:	[out] its index (may be NULL)
 *
 * Return: TEE_SUCCESS or TEE_ERROR_ITEM_NOT_FOUND.
 */
TEE_Result fs_dirfile_find(struct fs_dirfile *df, const TEE_UUID *uuid,
			   const void *oid, size_t oidlen,
			   struct dirfile_entry *ent, int *idx);

/**
 * fs_dirfile_next() - enumeration: the next record of @uuid at or after
 * index *@idx
 * @idx:	[in/out] where to start; on success the record's index
 * Return: TEE_SUCCESS or TEE_ERROR_ITEM_NOT_FOUND at the end.
 */
TEE_Result fs_dirfile_next(struct fs_dirfile *df, const TEE_UUID *uuid,
			   int *idx, struct dirfile_entry *ent);

/**
 * fs_dirfile_new_file_number() - the lowest unused file number, reserved
 * until fs_dirfile_put_file_number() or an update that uses it
 * Return: TEE_SUCCESS or TEE_ERROR_STORAGE_NO_SPACE.
 */
TEE_Result fs_dirfile_new_file_number(struct fs_dirfile *df, uint32_t *num);

/** fs_dirfile_put_file_number() - give back a number no record uses */
void fs_dirfile_put_file_number(struct fs_dirfile *df, uint32_t num);

/**
 * fs_dirfile_update() - write record @ent at index *@idx, or at the first
 * free index if *@idx is -1 (then *@idx is set); uncommitted until
 * fs_dirfile_commit()
 * Return: TEE_SUCCESS or the tree's error.
 */
TEE_Result fs_dirfile_update(struct fs_dirfile *df,
			     const struct dirfile_entry *ent, int *idx);

/**
 * fs_dirfile_remove() - free record @idx (its file number stays reserved
 * until the file is removed: fs_dirfile_put_file_number())
 * Return: TEE_SUCCESS or the tree's error.
 */
TEE_Result fs_dirfile_remove(struct fs_dirfile *df, int idx);

/**
 * fs_dirfile_commit() - commit dirf.db (fs_htree_sync(), then trim)
 * Return: TEE_SUCCESS or the tree's error.
 */
TEE_Result fs_dirfile_commit(struct fs_dirfile *df);

#endif
