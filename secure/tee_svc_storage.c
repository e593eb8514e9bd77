// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP Trusted Storage in the trusted OS (tee_svc_storage.h).
 *
 * Every open object has one struct tee_pobj shared by its handles: it
 * records the flags of the first open, against which later opens are
 * checked (OP-TEE's tee_pobj.c rules, ABI-FACTS-INTERNAL §5.1).  The
 * object file is head (24 bytes) || attributes || data stream (§5.6);
 * the head and attributes are read once at open and checked against
 * the file's length, which the hash tree has already verified.
 */
#include <stdlib.h>
#include <string.h>

#include <tbx/byteorder.h>

#include "ta/include/tee_api_defines.h"
#include "tee_fs.h"
#include "tee_ree_fs.h"
#include "tee_rpmb_fs.h"
#include "tee_svc_storage.h"

#define OPEN_FLAGS                                                             \
	(TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE |              \
	 TEE_DATA_FLAG_ACCESS_WRITE_META | TEE_DATA_FLAG_SHARE_READ |          \
	 TEE_DATA_FLAG_SHARE_WRITE)
#define CREATE_FLAGS (OPEN_FLAGS | TEE_DATA_FLAG_OVERWRITE)
#define SHARE_FLAGS  (TEE_DATA_FLAG_SHARE_READ | TEE_DATA_FLAG_SHARE_WRITE)

/**
 * struct tee_pobj - an object some handle has open
 * @next:	the service's list
 * @fops:	its file system (one per storage id)
 * @uuid, @oid, @oidlen: which object
 * @flags:	the first open's flags
 * @refcnt:	handles on it
 * @creating:	being created: no other handle may have it
 */
struct tee_pobj {
	struct tee_pobj *next;
	const struct tee_file_operations *fops;
	TEE_UUID uuid;
	uint8_t oid[TEE_OBJECT_ID_MAX_LEN];
	size_t oidlen;
	uint32_t flags;
	unsigned int refcnt;
	bool creating;
};

/**
 * struct tee_svc_storage - the service
 * @fs:		the REE FS
 * @rpmb:	the RPMB client, or NULL
 * @rpmb_fs:	the RPMB FS over it, or NULL
 * @pobjs:	open objects
 */
struct tee_svc_storage {
	struct tee_ree_fs *fs;
	struct tee_rpmb *rpmb;
	struct tee_rpmb_fs *rpmb_fs;
	struct tee_pobj *pobjs;
};

/**
 * struct tee_svc_obj - a handle
 * @svc:	its service
 * @pobj:	its object (a reference)
 * @fops:	its file system
 * @file:	its open file
 * @flags:	its TEE_DATA_FLAG_*
 * @head:	the object's head
 * @attrs:	its serialized attributes (@head.attr_size bytes)
 * @pos:	data position
 */
struct tee_svc_obj {
	struct tee_svc_storage *svc;
	struct tee_pobj *pobj;
	const struct tee_file_operations *fops;
	void *file;
	uint32_t flags;
	struct tee_svc_storage_head head;
	uint8_t *attrs;
	uint64_t pos;
};

static void head_encode(uint8_t *p, const struct tee_svc_storage_head *h)
{
	tbx_put_le32(p, h->attr_size);
	tbx_put_le32(p + 4, h->objectSize);
	tbx_put_le32(p + 8, h->maxObjectSize);
	tbx_put_le32(p + 12, h->objectUsage);
	tbx_put_le32(p + 16, h->objectType);
	tbx_put_le32(p + 20, h->have_attrs);
}

static void head_decode(struct tee_svc_storage_head *h, const uint8_t *p)
{
	h->attr_size = tbx_get_le32(p);
	h->objectSize = tbx_get_le32(p + 4);
	h->maxObjectSize = tbx_get_le32(p + 8);
	h->objectUsage = tbx_get_le32(p + 12);
	h->objectType = tbx_get_le32(p + 16);
	h->have_attrs = tbx_get_le32(p + 20);
}

TEE_Result tee_svc_storage_new(const uint8_t ssk[32],
			       struct tee_svc_storage **svc_out)
{
	struct tee_svc_storage *svc;
	TEE_Result res;

	svc = calloc(1, sizeof(*svc));
	if (!svc)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = tee_ree_fs_new(ssk, &svc->fs);
	if (res) {
		free(svc);
		return res;
	}
	*svc_out = svc;
	return TEE_SUCCESS;
}

struct tee_ree_fs *tee_svc_storage_fs(struct tee_svc_storage *svc)
{
	return svc->fs;
}

void tee_svc_storage_free(struct tee_svc_storage *svc)
{
	if (!svc)
		return;
	tee_ree_fs_free(svc->fs);
	tee_rpmb_fs_free(svc->rpmb_fs);
	tee_rpmb_free(svc->rpmb);
	free(svc);
}

void tee_svc_storage_set_rpmb(struct tee_svc_storage *svc,
			      struct tee_rpmb *rpmb,
			      struct tee_rpmb_fs *rpmb_fs)
{
	svc->rpmb = rpmb;
	svc->rpmb_fs = rpmb_fs;
}

/*
 * OP-TEE's tee_svc_find_storage(): PRIVATE is the REE FS (built, so
 * first), RPMB the RPMB FS when there is one; anything else none.
 */
static const struct tee_file_operations *
storage_fops(struct tee_svc_storage *svc, uint32_t id, void **fs)
{
	if (id == TEE_STORAGE_PRIVATE || id == TEE_STORAGE_PRIVATE_REE) {
		*fs = svc->fs;
		return &tee_ree_fs_ops;
	}
	if (id == TEE_STORAGE_PRIVATE_RPMB && svc->rpmb_fs) {
		*fs = svc->rpmb_fs;
		return &tee_rpmb_fs_ops;
	}
	return NULL;
}

/* OP-TEE's check_share_access(): both handles' flags must agree. */
static TEE_Result check_share(uint32_t a, uint32_t b)
{
	uint32_t any = a | b, both = a & b;

	if (any & TEE_DATA_FLAG_ACCESS_WRITE_META)
		return TEE_ERROR_ACCESS_CONFLICT;
	if ((any & TEE_DATA_FLAG_ACCESS_READ) &&
	    !(both & TEE_DATA_FLAG_SHARE_READ))
		return TEE_ERROR_ACCESS_CONFLICT;
	if ((any & TEE_DATA_FLAG_ACCESS_WRITE) &&
	    !(both & TEE_DATA_FLAG_SHARE_WRITE))
		return TEE_ERROR_ACCESS_CONFLICT;
	if ((a ^ b) & SHARE_FLAGS)
		return TEE_ERROR_ACCESS_CONFLICT;
	return TEE_SUCCESS;
}

static struct tee_pobj *pobj_find(struct tee_svc_storage *svc,
				  const struct tee_file_operations *fops,
				  const TEE_UUID *uuid, const void *oid,
				  size_t oidlen)
{
	for (struct tee_pobj *o = svc->pobjs; o; o = o->next)
		if (o->fops == fops && o->oidlen == oidlen &&
		    !memcmp(&o->uuid, uuid, sizeof(*uuid)) &&
		    !memcmp(o->oid, oid, oidlen))
			return o;
	return NULL;
}

/* A reference on the object, under the sharing rules. */
static TEE_Result pobj_get(struct tee_svc_storage *svc,
			   const struct tee_file_operations *fops,
			   const TEE_UUID *uuid, const void *oid, size_t oidlen,
			   uint32_t flags, bool create, struct tee_pobj **out)
{
	struct tee_pobj *o = pobj_find(svc, fops, uuid, oid, oidlen);
	TEE_Result res;

	if (o) {
		if (o->creating ||
		    (create && !(flags & TEE_DATA_FLAG_OVERWRITE)))
			return TEE_ERROR_ACCESS_CONFLICT;
		res = check_share(o->flags, flags & OPEN_FLAGS);
		if (res)
			return res;
		o->refcnt++;
		*out = o;
		return TEE_SUCCESS;
	}
	o = calloc(1, sizeof(*o));
	if (!o)
		return TEE_ERROR_OUT_OF_MEMORY;
	o->fops = fops;
	o->uuid = *uuid;
	memcpy(o->oid, oid, oidlen);
	o->oidlen = oidlen;
	o->flags = flags & OPEN_FLAGS;
	o->refcnt = 1;
	o->creating = create;
	o->next = svc->pobjs;
	svc->pobjs = o;
	*out = o;
	return TEE_SUCCESS;
}

static void pobj_put(struct tee_svc_storage *svc, struct tee_pobj *o)
{
	struct tee_pobj **pp;

	if (--o->refcnt)
		return;
	for (pp = &svc->pobjs; *pp != o; pp = &(*pp)->next)
		;
	*pp = o->next;
	free(o);
}

static TEE_Result check_args(struct tee_svc_storage *svc, uint32_t storage_id,
			     size_t oidlen, uint32_t flags, uint32_t valid,
			     const struct tee_file_operations **fops, void **fs)
{
	if ((flags & ~valid) || oidlen > TEE_OBJECT_ID_MAX_LEN)
		return TEE_ERROR_BAD_PARAMETERS;
	*fops = storage_fops(svc, storage_id, fs);
	if (!*fops)
		return TEE_ERROR_ITEM_NOT_FOUND;
	return TEE_SUCCESS;
}

static struct tee_svc_obj *obj_new(struct tee_svc_storage *svc,
				   struct tee_pobj *pobj, uint32_t flags)
{
	struct tee_svc_obj *obj = calloc(1, sizeof(*obj));

	if (!obj)
		return NULL;
	obj->svc = svc;
	obj->pobj = pobj;
	obj->fops = pobj->fops;
	obj->flags = flags & OPEN_FLAGS;
	return obj;
}

static void obj_free(struct tee_svc_obj *obj)
{
	pobj_put(obj->svc, obj->pobj);
	free(obj->attrs);
	free(obj);
}

/* The head and attributes, checked against the verified length. */
static TEE_Result read_head(struct tee_svc_obj *obj,
			    const struct tee_fs_rpc *rpc)
{
	uint8_t raw[TEE_SVC_STORAGE_HEAD_SIZE];
	uint64_t size = obj->fops->size(obj->file);
	TEE_Result res;
	size_t got;

	res = obj->fops->read(obj->file, rpc, 0, raw, sizeof(raw), &got);
	if (res)
		return res;
	if (got != sizeof(raw))
		return TEE_ERROR_CORRUPT_OBJECT;
	head_decode(&obj->head, raw);
	if (obj->head.attr_size > TEE_SVC_STORAGE_MAX_ATTR_SIZE ||
	    obj->head.attr_size > size - sizeof(raw))
		return TEE_ERROR_CORRUPT_OBJECT;
	obj->attrs = malloc(obj->head.attr_size ? obj->head.attr_size : 1);
	if (!obj->attrs)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = obj->fops->read(obj->file, rpc, sizeof(raw), obj->attrs,
			      obj->head.attr_size, &got);
	if (!res && got != obj->head.attr_size)
		res = TEE_ERROR_CORRUPT_OBJECT;
	return res;
}

TEE_Result tee_svc_storage_open(struct tee_svc_storage *svc,
				const struct tee_fs_rpc *rpc,
				const TEE_UUID *uuid, uint32_t storage_id,
				const void *oid, size_t oidlen, uint32_t flags,
				struct tee_svc_obj **obj_out)
{
	const struct tee_file_operations *fops;
	struct tee_svc_obj *obj;
	struct tee_pobj *pobj;
	TEE_Result res;
	void *fs;

	res = check_args(svc, storage_id, oidlen, flags, OPEN_FLAGS, &fops,
			 &fs);
	if (res)
		return res;
	res = pobj_get(svc, fops, uuid, oid, oidlen, flags, false, &pobj);
	if (res)
		return res;
	obj = obj_new(svc, pobj, flags);
	if (!obj) {
		pobj_put(svc, pobj);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	res = fops->open(fs, rpc, uuid, oid, oidlen, &obj->file);
	if (res)
		goto err;
	res = read_head(obj, rpc);
	if (res)
		goto err_close;
	*obj_out = obj;
	return TEE_SUCCESS;
err_close:
	fops->close(obj->file, rpc);
err:
	obj_free(obj);
	return res;
}

TEE_Result
tee_svc_storage_create(struct tee_svc_storage *svc,
		       const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
		       uint32_t storage_id, const void *oid, size_t oidlen,
		       uint32_t flags, const struct tee_svc_storage_head *head,
		       const void *attrs, size_t attr_len, const void *data,
		       size_t len, struct tee_svc_obj **obj_out)
{
	size_t total = TEE_SVC_STORAGE_HEAD_SIZE + attr_len + len;
	const struct tee_file_operations *fops;
	struct tee_svc_obj *obj;
	struct tee_pobj *pobj;
	uint8_t *buf;
	TEE_Result res;
	void *fs;

	res = check_args(svc, storage_id, oidlen, flags, CREATE_FLAGS, &fops,
			 &fs);
	if (res)
		return res;
	if (attr_len > TEE_SVC_STORAGE_MAX_ATTR_SIZE ||
	    len > TEE_DATA_MAX_POSITION)
		return TEE_ERROR_STORAGE_NO_SPACE;
	res = pobj_get(svc, fops, uuid, oid, oidlen, flags, true, &pobj);
	if (res)
		return res;
	res = TEE_ERROR_OUT_OF_MEMORY;
	obj = obj_new(svc, pobj, flags);
	buf = malloc(total);
	if (!obj || !buf)
		goto err;
	obj->head = *head;
	obj->head.attr_size = (uint32_t)attr_len;
	obj->attrs = malloc(attr_len ? attr_len : 1);
	if (!obj->attrs)
		goto err;
	head_encode(buf, &obj->head);
	if (attr_len)
		memcpy(buf + TEE_SVC_STORAGE_HEAD_SIZE, attrs, attr_len);
	memcpy(obj->attrs, buf + TEE_SVC_STORAGE_HEAD_SIZE, attr_len);
	if (len)
		memcpy(buf + TEE_SVC_STORAGE_HEAD_SIZE + attr_len, data, len);
	res = fops->create(fs, rpc, uuid, oid, oidlen,
			   flags & TEE_DATA_FLAG_OVERWRITE, buf, total,
			   &obj->file);
	if (res)
		goto err;
	free(buf);
	pobj->creating = false;
	*obj_out = obj;
	return TEE_SUCCESS;
err:
	free(buf);
	if (obj)
		obj_free(obj);
	else
		pobj_put(svc, pobj);
	return res;
}

void tee_svc_storage_info(const struct tee_svc_obj *obj,
			  struct tee_svc_storage_head *head,
			  const uint8_t **attrs, uint32_t *flags,
			  uint64_t *data_size, uint64_t *pos)
{
	uint64_t start = TEE_SVC_STORAGE_HEAD_SIZE + obj->head.attr_size;

	if (head)
		*head = obj->head;
	if (attrs)
		*attrs = obj->attrs;
	if (flags)
		*flags = obj->flags;
	if (data_size)
		*data_size = obj->fops->size(obj->file) - start;
	if (pos)
		*pos = obj->pos;
}

static uint64_t data_start(const struct tee_svc_obj *obj)
{
	return TEE_SVC_STORAGE_HEAD_SIZE + obj->head.attr_size;
}

TEE_Result tee_svc_storage_read(struct tee_svc_obj *obj,
				const struct tee_fs_rpc *rpc, void *buf,
				size_t len, size_t *count)
{
	TEE_Result res;

	*count = 0;
	if (!(obj->flags & TEE_DATA_FLAG_ACCESS_READ))
		return TEE_ERROR_ACCESS_CONFLICT;
	res = obj->fops->read(obj->file, rpc, data_start(obj) + obj->pos, buf,
			      len, count);
	if (!res)
		obj->pos += *count;
	return res;
}

TEE_Result tee_svc_storage_write(struct tee_svc_obj *obj,
				 const struct tee_fs_rpc *rpc, const void *buf,
				 size_t len)
{
	TEE_Result res;

	if (!(obj->flags & TEE_DATA_FLAG_ACCESS_WRITE))
		return TEE_ERROR_ACCESS_CONFLICT;
	if (len > TEE_DATA_MAX_POSITION - obj->pos)
		return TEE_ERROR_OVERFLOW;
	if (!len)
		return TEE_SUCCESS;
	res = obj->fops->write(obj->file, rpc, data_start(obj) + obj->pos, buf,
			       len);
	if (!res)
		obj->pos += len;
	return res;
}

TEE_Result tee_svc_storage_truncate(struct tee_svc_obj *obj,
				    const struct tee_fs_rpc *rpc, uint64_t size)
{
	if (!(obj->flags & TEE_DATA_FLAG_ACCESS_WRITE))
		return TEE_ERROR_ACCESS_CONFLICT;
	if (size > TEE_DATA_MAX_POSITION)
		return TEE_ERROR_STORAGE_NO_SPACE;
	return obj->fops->truncate(obj->file, rpc, data_start(obj) + size);
}

TEE_Result tee_svc_storage_seek(struct tee_svc_obj *obj, int32_t offset,
				uint32_t whence)
{
	int64_t base, pos;

	switch (whence) {
	case TEE_DATA_SEEK_SET:
		base = 0;
		break;
	case TEE_DATA_SEEK_CUR:
		base = (int64_t)obj->pos;
		break;
	case TEE_DATA_SEEK_END:
		base = (int64_t)(obj->fops->size(obj->file) - data_start(obj));
		break;
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
	pos = base + offset;
	if (pos < 0)
		pos = 0;
	if (pos > (int64_t)TEE_DATA_MAX_POSITION)
		return TEE_ERROR_OVERFLOW;
	obj->pos = (uint64_t)pos;
	return TEE_SUCCESS;
}

TEE_Result tee_svc_storage_restrict_usage(struct tee_svc_obj *obj,
					  const struct tee_fs_rpc *rpc,
					  uint32_t usage)
{
	uint8_t raw[4];
	TEE_Result res;

	tbx_put_le32(raw, obj->head.objectUsage & usage);
	res = obj->fops->write(obj->file, rpc, 12, raw, sizeof(raw));
	if (!res)
		obj->head.objectUsage &= usage;
	return res;
}

TEE_Result tee_svc_storage_rename(struct tee_svc_obj *obj,
				  const struct tee_fs_rpc *rpc, const void *oid,
				  size_t oidlen)
{
	struct tee_pobj *p = obj->pobj;
	TEE_Result res;

	if (oidlen > TEE_OBJECT_ID_MAX_LEN)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!(obj->flags & TEE_DATA_FLAG_ACCESS_WRITE_META))
		return TEE_ERROR_ACCESS_CONFLICT;
	/* The new id open elsewhere (or being created) is taken too. */
	if (pobj_find(obj->svc, p->fops, &p->uuid, oid, oidlen))
		return TEE_ERROR_ACCESS_CONFLICT;
	res = obj->fops->rename(obj->file, rpc, oid, oidlen);
	if (res)
		return res;
	memset(p->oid, 0, sizeof(p->oid));
	memcpy(p->oid, oid, oidlen);
	p->oidlen = oidlen;
	return TEE_SUCCESS;
}

void tee_svc_storage_close(struct tee_svc_obj *obj,
			   const struct tee_fs_rpc *rpc)
{
	obj->fops->close(obj->file, rpc);
	obj_free(obj);
}

TEE_Result tee_svc_storage_delete(struct tee_svc_obj *obj,
				  const struct tee_fs_rpc *rpc)
{
	TEE_Result res;

	if (!(obj->flags & TEE_DATA_FLAG_ACCESS_WRITE_META))
		return TEE_ERROR_ACCESS_CONFLICT;
	res = obj->fops->remove(obj->file, rpc);
	obj_free(obj);
	return res;
}

TEE_Result tee_svc_storage_next(struct tee_svc_storage *svc,
				const struct tee_fs_rpc *rpc,
				const TEE_UUID *uuid, uint32_t storage_id,
				int *cursor, uint8_t *oid, size_t *oidlen)
{
	const struct tee_file_operations *fops;
	void *fs;

	fops = storage_fops(svc, storage_id, &fs);
	if (!fops)
		return TEE_ERROR_ITEM_NOT_FOUND;
	return fops->next(fs, rpc, uuid, cursor, oid, oidlen);
}
