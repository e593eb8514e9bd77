/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trusted OS's side of GP Trusted Storage (GP Internal Core API
 * 1.3.1 ch. 5; OP-TEE's tee_svc_storage.c and tee_pobj.c): storage ids,
 * the access and sharing rules between handles of one object, the object
 * file's head and attributes, and the data stream with its position.
 * What the TA's storage calls become once they reach the secure world;
 * keys and files never leave it.
 */
#ifndef TEEBOX_SECURE_TEE_SVC_STORAGE_H
#define TEEBOX_SECURE_TEE_SVC_STORAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "tee_fs_rpc.h"

struct tee_ree_fs;
struct tee_rpmb;
struct tee_rpmb_fs;

/* struct tee_svc_storage_head on disk. */
#define TEE_SVC_STORAGE_HEAD_SIZE 24
/* Largest serialized attribute block accepted from a file. */
#define TEE_SVC_STORAGE_MAX_ATTR_SIZE (64 * 1024)

/**
 * struct tee_svc_storage_head - what an object file starts with
 * @attr_size:	bytes of serialized attributes after the head
 * @objectSize:	key size in bits (TEE_ObjectInfo)
 * @maxObjectSize: the same, maximum
 * @objectUsage: TEE_USAGE_* bits
 * @objectType:	TEE_TYPE_*
 * @have_attrs:	bitmask over the type's attribute list
 */
struct tee_svc_storage_head {
	uint32_t attr_size;
	uint32_t objectSize;
	uint32_t maxObjectSize;
	uint32_t objectUsage;
	uint32_t objectType;
	uint32_t have_attrs;
};

struct tee_svc_storage;
struct tee_svc_obj;

/**
 * tee_svc_storage_new() - the storage service
 * @ssk:	the secure storage key
 * @svc:	receives it
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result tee_svc_storage_new(const uint8_t ssk[32],
			       struct tee_svc_storage **svc);

/**
 * tee_svc_storage_fs() - the REE FS under @svc (to set its rollback
 * store: tee_ree_fs_set_rollback())
 * Return: the file system.
 */
struct tee_ree_fs *tee_svc_storage_fs(struct tee_svc_storage *svc);

/**
 * tee_svc_storage_set_rpmb() - serve TEE_STORAGE_PRIVATE_RPMB from
 * @rpmb_fs over @rpmb; @svc owns both from now on (freed with it).
 * Call before first use.
 * @svc:	the service
 * @rpmb:	the RPMB client
 * @rpmb_fs:	the RPMB FS
 */
void tee_svc_storage_set_rpmb(struct tee_svc_storage *svc,
			      struct tee_rpmb *rpmb,
			      struct tee_rpmb_fs *rpmb_fs);

/** tee_svc_storage_free() - free @svc; every object must be closed */
void tee_svc_storage_free(struct tee_svc_storage *svc);

/**
 * tee_svc_storage_open() - TEE_OpenPersistentObject
 * @svc:	the service
 * @rpc:	the supplicant, for this call
 * @uuid:	the calling TA (its name space)
 * @storage_id:	TEE_STORAGE_PRIVATE or TEE_STORAGE_PRIVATE_REE (the
 *		REE FS), TEE_STORAGE_PRIVATE_RPMB (the RPMB FS, when
 *		tee_svc_storage_set_rpmb() gave one); anything else is
 *		TEE_ERROR_ITEM_NOT_FOUND
 * @oid:	object id
 * @oidlen:	0..TEE_OBJECT_ID_MAX_LEN
 * @flags:	TEE_DATA_FLAG_ACCESS_* and SHARE_*
 * @obj:	receives the handle
 *
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (flag bits, id length),
 * TEE_ERROR_ITEM_NOT_FOUND, TEE_ERROR_ACCESS_CONFLICT (the sharing
 * rules), TEE_ERROR_CORRUPT_OBJECT, TEE_ERROR_OUT_OF_MEMORY, or the
 * supplicant's error.
 */
TEE_Result tee_svc_storage_open(struct tee_svc_storage *svc,
				const struct tee_fs_rpc *rpc,
				const TEE_UUID *uuid, uint32_t storage_id,
				const void *oid, size_t oidlen, uint32_t flags,
				struct tee_svc_obj **obj);

/**
 * tee_svc_storage_create() - TEE_CreatePersistentObject
 * @head:	the object's head (attr_size is set from @attr_len)
 * @attrs:	serialized attributes (may be NULL if @attr_len is 0)
 * @attr_len:	their size
 * @data:	initial data stream (may be NULL if @len is 0)
 * @len:	its size
 *
 * @flags may also hold TEE_DATA_FLAG_OVERWRITE.  Other parameters as
 * tee_svc_storage_open().
 * Return: as tee_svc_storage_open(), plus TEE_ERROR_STORAGE_NO_SPACE;
 * an existing id without OVERWRITE is TEE_ERROR_ACCESS_CONFLICT.
 */
TEE_Result
tee_svc_storage_create(struct tee_svc_storage *svc,
		       const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
		       uint32_t storage_id, const void *oid, size_t oidlen,
		       uint32_t flags, const struct tee_svc_storage_head *head,
		       const void *attrs, size_t attr_len, const void *data,
		       size_t len, struct tee_svc_obj **obj);

/**
 * tee_svc_storage_info() - the object's head, attributes and stream
 * @obj:	the handle
 * @head:	[out] its head (may be NULL)
 * @attrs:	[out] its serialized attributes, valid while @obj is open
 *		(may be NULL)
 * @flags:	[out] the flags it was opened with (may be NULL)
 * @data_size:	[out] data stream length (may be NULL)
 * @pos:	[out] data position (may be NULL)
 */
void tee_svc_storage_info(const struct tee_svc_obj *obj,
			  struct tee_svc_storage_head *head,
			  const uint8_t **attrs, uint32_t *flags,
			  uint64_t *data_size, uint64_t *pos);

/**
 * tee_svc_storage_read() - TEE_ReadObjectData at the data position,
 * which moves past what was read
 * Return: TEE_SUCCESS (*@count < @len at the end), TEE_ERROR_ACCESS_CONFLICT
 * without ACCESS_READ (libutee panics), TEE_ERROR_CORRUPT_OBJECT, or the
 * supplicant's error.
 */
TEE_Result tee_svc_storage_read(struct tee_svc_obj *obj,
				const struct tee_fs_rpc *rpc, void *buf,
				size_t len, size_t *count);

/**
 * tee_svc_storage_write() - TEE_WriteObjectData at the data position
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT without ACCESS_WRITE,
 * TEE_ERROR_OVERFLOW past TEE_DATA_MAX_POSITION,
 * TEE_ERROR_STORAGE_NO_SPACE, TEE_ERROR_CORRUPT_OBJECT, or the
 * supplicant's error.
 */
TEE_Result tee_svc_storage_write(struct tee_svc_obj *obj,
				 const struct tee_fs_rpc *rpc, const void *buf,
				 size_t len);

/**
 * tee_svc_storage_truncate() - TEE_TruncateObjectData
 * Return: as tee_svc_storage_write().
 */
TEE_Result tee_svc_storage_truncate(struct tee_svc_obj *obj,
				    const struct tee_fs_rpc *rpc,
				    uint64_t size);

/**
 * tee_svc_storage_seek() - TEE_SeekObjectData
 * @offset:	signed offset
 * @whence:	TEE_DATA_SEEK_SET, _CUR or _END
 * Return: TEE_SUCCESS (a negative result clamps to 0),
 * TEE_ERROR_OVERFLOW past TEE_DATA_MAX_POSITION,
 * TEE_ERROR_BAD_PARAMETERS for another @whence.
 */
TEE_Result tee_svc_storage_seek(struct tee_svc_obj *obj, int32_t offset,
				uint32_t whence);

/**
 * tee_svc_storage_restrict_usage() - TEE_RestrictObjectUsage1:
 * objectUsage &= @usage, rewritten in the head
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT or the supplicant's
 * error.
 */
TEE_Result tee_svc_storage_restrict_usage(struct tee_svc_obj *obj,
					  const struct tee_fs_rpc *rpc,
					  uint32_t usage);

/**
 * tee_svc_storage_rename() - TEE_RenamePersistentObject
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT (no ACCESS_WRITE_META,
 * or the id exists), TEE_ERROR_BAD_PARAMETERS (id length), or the
 * supplicant's error.
 */
TEE_Result tee_svc_storage_rename(struct tee_svc_obj *obj,
				  const struct tee_fs_rpc *rpc, const void *oid,
				  size_t oidlen);

/** tee_svc_storage_close() - TEE_CloseObject: frees @obj */
void tee_svc_storage_close(struct tee_svc_obj *obj,
			   const struct tee_fs_rpc *rpc);

/**
 * tee_svc_storage_delete() - TEE_CloseAndDeletePersistentObject1
 * Return: TEE_SUCCESS (@obj freed), TEE_ERROR_ACCESS_CONFLICT without
 * ACCESS_WRITE_META (@obj stays open), or the supplicant's error (@obj
 * freed).
 */
TEE_Result tee_svc_storage_delete(struct tee_svc_obj *obj,
				  const struct tee_fs_rpc *rpc);

/**
 * tee_svc_storage_next() - enumeration: the next id of TA @uuid in
 * @storage_id
 * @cursor:	[in/out] -1 to start
 * @oid:	receives up to TEE_OBJECT_ID_MAX_LEN bytes
 * @oidlen:	receives the length
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND at the end (or for an
 * unknown storage id), or the errors of opening dirf.db.
 */
TEE_Result tee_svc_storage_next(struct tee_svc_storage *svc,
				const struct tee_fs_rpc *rpc,
				const TEE_UUID *uuid, uint32_t storage_id,
				int *cursor, uint8_t *oid, size_t *oidlen);

#endif
