/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the storage service asks of a file system (OP-TEE's struct
 * tee_file_operations in tee_fs.h): one per storage id, the REE FS
 * (tee_ree_fs.h) and the RPMB FS (tee_rpmb_fs.h).  @fs and @f are the
 * file system's own types; each function is that file system's
 * function of the same name, with the same contract.
 */
#ifndef TEEBOX_SECURE_TEE_FS_H
#define TEEBOX_SECURE_TEE_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fs_dirfile.h"
#include "ta/include/tee_api_types.h"
#include "tee_fs_rpc.h"

/**
 * struct tee_file_operations - a file system's operations
 * @open:	open object @oid of TA @uuid
 * @create:	create it with initial bytes, in one commit
 * @size:	its length
 * @read:	read at a position
 * @write:	write at a position, one commit
 * @truncate:	set the length, one commit
 * @rename:	give the object another id
 * @close:	close (frees @f)
 * @remove:	delete the object (frees @f)
 * @next:	enumerate a TA's object ids
 */
struct tee_file_operations {
	TEE_Result (*open)(void *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, const void *oid, size_t oidlen,
			   void **f);
	TEE_Result (*create)(void *fs, const struct tee_fs_rpc *rpc,
			     const TEE_UUID *uuid, const void *oid,
			     size_t oidlen, bool overwrite, const void *data,
			     size_t len, void **f);
	uint64_t (*size)(const void *f);
	TEE_Result (*read)(void *f, const struct tee_fs_rpc *rpc, uint64_t pos,
			   void *buf, size_t len, size_t *got);
	TEE_Result (*write)(void *f, const struct tee_fs_rpc *rpc, uint64_t pos,
			    const void *buf, size_t len);
	TEE_Result (*truncate)(void *f, const struct tee_fs_rpc *rpc,
			       uint64_t len);
	TEE_Result (*rename)(void *f, const struct tee_fs_rpc *rpc,
			     const void *oid, size_t oidlen);
	void (*close)(void *f, const struct tee_fs_rpc *rpc);
	TEE_Result (*remove)(void *f, const struct tee_fs_rpc *rpc);
	TEE_Result (*next)(void *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, int *idx,
			   uint8_t oid[FS_DIRFILE_OID_MAX], size_t *oidlen);
};

/**
 * DEFINE_TEE_FILE_OPERATIONS() - a file system's operations table
 * @name:	the table (const struct tee_file_operations)
 * @pfx:	the file system's function prefix (tee_ree_fs, tee_rpmb_fs)
 * @file_t:	its open file type
 *
 * Defines @name over @pfx##_open() ... @pfx##_next(): adapters that only
 * give the opaque pointers of struct tee_file_operations their types,
 * so that each file system keeps typed functions and one table shape.
 */
#define DEFINE_TEE_FILE_OPERATIONS(name, pfx, file_t)                          \
	static TEE_Result name##_open(void *fs, const struct tee_fs_rpc *rpc,  \
				      const TEE_UUID *uuid, const void *oid,   \
				      size_t oidlen, void **f)                 \
	{                                                                      \
		return pfx##_open(fs, rpc, uuid, oid, oidlen, (file_t **)f);   \
	}                                                                      \
	static TEE_Result name##_create(                                       \
		void *fs, const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,  \
		const void *oid, size_t oidlen, bool overwrite,                \
		const void *data, size_t len, void **f)                        \
	{                                                                      \
		return pfx##_create(fs, rpc, uuid, oid, oidlen, overwrite,     \
				    data, len, (file_t **)f);                  \
	}                                                                      \
	static uint64_t name##_size(const void *f)                             \
	{                                                                      \
		return pfx##_size(f);                                          \
	}                                                                      \
	static TEE_Result name##_read(void *f, const struct tee_fs_rpc *rpc,   \
				      uint64_t pos, void *buf, size_t len,     \
				      size_t *got)                             \
	{                                                                      \
		return pfx##_read(f, rpc, pos, buf, len, got);                 \
	}                                                                      \
	static TEE_Result name##_write(void *f, const struct tee_fs_rpc *rpc,  \
				       uint64_t pos, const void *buf,          \
				       size_t len)                             \
	{                                                                      \
		return pfx##_write(f, rpc, pos, buf, len);                     \
	}                                                                      \
	static TEE_Result name##_truncate(                                     \
		void *f, const struct tee_fs_rpc *rpc, uint64_t len)           \
	{                                                                      \
		return pfx##_truncate(f, rpc, len);                            \
	}                                                                      \
	static TEE_Result name##_rename(void *f, const struct tee_fs_rpc *rpc, \
					const void *oid, size_t oidlen)        \
	{                                                                      \
		return pfx##_rename(f, rpc, oid, oidlen);                      \
	}                                                                      \
	static void name##_close(void *f, const struct tee_fs_rpc *rpc)        \
	{                                                                      \
		pfx##_close(f, rpc);                                           \
	}                                                                      \
	static TEE_Result name##_remove(void *f, const struct tee_fs_rpc *rpc) \
	{                                                                      \
		return pfx##_remove(f, rpc);                                   \
	}                                                                      \
	static TEE_Result name##_next(                                         \
		void *fs, const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,  \
		int *idx, uint8_t oid[FS_DIRFILE_OID_MAX], size_t *oidlen)     \
	{                                                                      \
		return pfx##_next(fs, rpc, uuid, idx, oid, oidlen);            \
	}                                                                      \
	const struct tee_file_operations name = {                              \
		.open = name##_open,                                           \
		.create = name##_create,                                       \
		.size = name##_size,                                           \
		.read = name##_read,                                           \
		.write = name##_write,                                         \
		.truncate = name##_truncate,                                   \
		.rename = name##_rename,                                       \
		.close = name##_close,                                         \
		.remove = name##_remove,                                       \
		.next = name##_next,                                           \
	}

/* The REE FS's (tee_ree_fs.c). */
extern const struct tee_file_operations tee_ree_fs_ops;
/* The RPMB FS's (tee_rpmb_fs.c). */
extern const struct tee_file_operations tee_rpmb_fs_ops;

#endif
