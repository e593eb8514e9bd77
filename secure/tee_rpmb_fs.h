/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Persistent objects in RPMB (OP-TEE's tee_rpmb_fs.c, CFG_RPMB_FS=y;
 * ABI-FACTS-INTERNAL §5.10): a partition header at address 0, a file
 * allocation table of 256-byte entries from address 512 upward, file
 * data allocated from the top of the partition downward, each block
 * AES-128-CBC under the file's FEK with an ESSIV IV, the FEK kept in
 * the entry wrapped with the owning TA's TSK.  Names are OP-TEE's:
 * "/<TA UUID hex>/<object id hex>", and "/<name>" for the trusted OS's
 * own files (TSK of the all-zero UUID).
 *
 * Every update is one copy-on-write: new data goes to free blocks, then
 * one authenticated write of the file's FAT entry (256 bytes: one
 * block, atomic on the device) switches to it.  Integrity and freshness
 * are the device's: every read is MAC'ed with a nonce, every write
 * carries the write counter (tee_rpmb.h).
 *
 * The caller serializes all calls (the storage service's mutex).
 */
#ifndef TEEBOX_SECURE_TEE_RPMB_FS_H
#define TEEBOX_SECURE_TEE_RPMB_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fs_dirfile.h"
#include "ta/include/tee_api_types.h"
#include "tee_fs_rpc.h"
#include "tee_rpmb.h"

/* Partition header: magic "RPMB" (OP-TEE's RPMB_FS_MAGIC) and version. */
#define RPMB_FS_MAGIC	     0x52504D42u
#define RPMB_FS_VERSION	     2
#define RPMB_FS_FAT_START    512
#define RPMB_FS_FAT_ENTRY    256
#define RPMB_FS_FILENAME_MAX 224
#define RPMB_FS_ACTIVE	     0x1u
#define RPMB_FS_LAST_ENTRY   0x2u
/* Largest file: the data area is at most the device, 256 KiB here. */
#define RPMB_FS_MAX_FILE (256 * 1024)

struct tee_rpmb_fs;
struct tee_rpmb_fs_file;

/**
 * tee_rpmb_fs_new() - the RPMB FS over @rpmb (which it does not own)
 * @ssk:	the secure storage key
 * @rpmb:	the device's client
 * @fs:		receives it
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result tee_rpmb_fs_new(const uint8_t ssk[32], struct tee_rpmb *rpmb,
			   struct tee_rpmb_fs **fs);

/** tee_rpmb_fs_free() - free @fs (NULL is fine); every file closed */
void tee_rpmb_fs_free(struct tee_rpmb_fs *fs);

/**
 * tee_rpmb_fs_mount() - read the partition header and the FAT once
 * (formatting a device that has none), and burn any pre-signed write by
 * writing the header again
 * Return: TEE_SUCCESS, the errors of tee_rpmb_init(), or
 * TEE_ERROR_STORAGE_NOT_AVAILABLE for another FS version.
 */
TEE_Result tee_rpmb_fs_mount(struct tee_rpmb_fs *fs,
			     const struct tee_fs_rpc *rpc);

/**
 * tee_rpmb_fs_open() - open object @oid of TA @uuid (as tee_ree_fs_open())
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND, or the mount's and the
 * device's errors.
 */
TEE_Result tee_rpmb_fs_open(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			    const void *oid, size_t oidlen,
			    struct tee_rpmb_fs_file **f);

/**
 * tee_rpmb_fs_create() - create object @oid with @len bytes of @data in
 * one commit; @overwrite replaces an existing one, else it is
 * TEE_ERROR_ACCESS_CONFLICT
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT,
 * TEE_ERROR_STORAGE_NO_SPACE, or the device's errors.
 */
TEE_Result tee_rpmb_fs_create(struct tee_rpmb_fs *fs,
			      const struct tee_fs_rpc *rpc,
			      const TEE_UUID *uuid, const void *oid,
			      size_t oidlen, bool overwrite, const void *data,
			      size_t len, struct tee_rpmb_fs_file **f);

/** tee_rpmb_fs_size() - Return: the file's length */
uint64_t tee_rpmb_fs_size(const struct tee_rpmb_fs_file *f);

/**
 * tee_rpmb_fs_read() - up to @len bytes at @pos (*@got: how many)
 * Return: TEE_SUCCESS or the device's errors.
 */
TEE_Result tee_rpmb_fs_read(struct tee_rpmb_fs_file *f,
			    const struct tee_fs_rpc *rpc, uint64_t pos,
			    void *buf, size_t len, size_t *got);

/**
 * tee_rpmb_fs_write() - write @len bytes at @pos, one commit
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE or the device's errors
 * (the file then holds its old content).
 */
TEE_Result tee_rpmb_fs_write(struct tee_rpmb_fs_file *f,
			     const struct tee_fs_rpc *rpc, uint64_t pos,
			     const void *buf, size_t len);

/** tee_rpmb_fs_truncate() - set the length, one commit. Return: as write */
TEE_Result tee_rpmb_fs_truncate(struct tee_rpmb_fs_file *f,
				const struct tee_fs_rpc *rpc, uint64_t len);

/**
 * tee_rpmb_fs_rename() - give the object id @oid (same TA)
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT if taken, or the
 * device's errors.
 */
TEE_Result tee_rpmb_fs_rename(struct tee_rpmb_fs_file *f,
			      const struct tee_fs_rpc *rpc, const void *oid,
			      size_t oidlen);

/** tee_rpmb_fs_close() - close @f (frees it) */
void tee_rpmb_fs_close(struct tee_rpmb_fs_file *f,
		       const struct tee_fs_rpc *rpc);

/**
 * tee_rpmb_fs_remove() - delete the object; @f is freed whatever the
 * result
 * Return: TEE_SUCCESS or the device's errors.
 */
TEE_Result tee_rpmb_fs_remove(struct tee_rpmb_fs_file *f,
			      const struct tee_fs_rpc *rpc);

/**
 * tee_rpmb_fs_next() - enumerate TA @uuid's objects (as tee_ree_fs_next():
 * @idx is where to look next, -1 or 0 to start)
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND at the end, or the
 * mount's errors.
 */
TEE_Result tee_rpmb_fs_next(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			    int *idx, uint8_t oid[FS_DIRFILE_OID_MAX],
			    size_t *oidlen);

/**
 * tee_rpmb_fs_raw_read() - read the trusted OS's own file @name ("/..."),
 * at most @len bytes
 * Return: TEE_SUCCESS (*@got bytes), TEE_ERROR_ITEM_NOT_FOUND, or the
 * device's errors.
 */
TEE_Result tee_rpmb_fs_raw_read(struct tee_rpmb_fs *fs,
				const struct tee_fs_rpc *rpc, const char *name,
				void *buf, size_t len, size_t *got);

/**
 * tee_rpmb_fs_raw_write() - make the trusted OS's own file @name hold
 * exactly @len bytes of @buf, in one commit
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE or the device's errors.
 */
TEE_Result tee_rpmb_fs_raw_write(struct tee_rpmb_fs *fs,
				 const struct tee_fs_rpc *rpc, const char *name,
				 const void *buf, size_t len);

#endif
