// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API 1.3.1, chapter 5: persistent objects and
 * their enumerators, as OP-TEE's lib/libutee/tee_api_objects.c offers
 * them.  The objects live in the secure world (secure/ta_storage.c);
 * this file makes its system calls (enum ta_ipc_sys): inputs are staged
 * through the shared page's sys_buf in chunks, outputs come back through
 * it.  Results and panics are those of ABI-FACTS-INTERNAL §3.2: what
 * OP-TEE returns is returned, every other outcome makes the TA panic.
 *
 * A persistent handle is a struct utee_obj (utee_crypto.h)
 * with pobj set, so TEE_CloseObject, TEE_GetObjectInfo1 and
 * TEE_RestrictObjectUsage1 take both kinds.  Its attributes are read
 * back from the object file on open (serialized as OP-TEE does,
 * ABI-FACTS-INTERNAL §5.6), so a persistent key can be used and copied
 * as a transient one.
 */
#include <stdarg.h>
#include <string.h>

#include <openssl/crypto.h>
#include <tee_internal_api.h>
#include <utee_syscalls.h>

#include <tbx/byteorder.h>

#include "utee_crypto.h"
#include "utee_priv.h"

#define OPEN_FLAGS                                                             \
	(TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE |              \
	 TEE_DATA_FLAG_ACCESS_WRITE_META | TEE_DATA_FLAG_SHARE_READ |          \
	 TEE_DATA_FLAG_SHARE_WRITE)

/* The 24-byte head of an object file (secure/tee_svc_storage.h). */
struct pobj_head {
	uint32_t attr_size;
	uint32_t objectSize;
	uint32_t maxObjectSize;
	uint32_t objectUsage;
	uint32_t objectType;
	uint32_t have_attrs;
};

/**
 * struct utee_enum - a persistent object enumerator
 * @storage_id:	what it enumerates, once started
 * @cursor:	where the next call goes on (secure world's cursor)
 * @started:	TEE_StartPersistentObjectEnumerator was called
 * @id:		the TA's handle to it (utee_handle.c)
 * @next:	registry link
 */
struct utee_enum {
	uint32_t storage_id;
	uint64_t cursor;
	bool started;
	uint32_t id;
	struct utee_enum *next;
};

static struct utee_enum *enums;

static void __attribute__((noreturn)) misuse(void)
{
	TEE_Panic(UTEE_PANIC_MISUSE);
}

static TEE_Result sys(uint32_t nr, uint64_t a0, uint64_t a1, uint64_t a2,
		      uint64_t a3, uint64_t out[4])
{
	uint64_t args[TA_IPC_SYS_NUM_ARGS] = {a0, a1, a2, a3};

	return utee_syscall(nr, args, out);
}

/* Stages @len bytes of @buf after what is staged (@first: anew). */
static TEE_Result stage(const void *buf, size_t len, bool first)
{
	uint8_t *sb = utee_channel_sys_buf();
	const uint8_t *p = buf;
	TEE_Result res;
	size_t n;

	if (!sb)
		return TEE_ERROR_BAD_STATE;
	do {
		n = len < TA_IPC_SYS_BUF_SIZE ? len : TA_IPC_SYS_BUF_SIZE;
		if (n)
			memcpy(sb, p, n);
		res = sys(TA_IPC_SYS_STAGE, n, first, 0, 0, NULL);
		if (n)
			memset(sb, 0, n);
		first = false;
		p += n;
		len -= n;
	} while (!res && len);
	return res;
}

/* Panics unless @res is one of the @n results the call may return. */
static TEE_Result allowed(TEE_Result res, unsigned int n, ...)
{
	va_list ap;
	bool ok = res == TEE_SUCCESS;

	va_start(ap, n);
	for (unsigned int i = 0; i < n; i++)
		if (va_arg(ap, TEE_Result) == res)
			ok = true;
	va_end(ap);
	if (!ok)
		TEE_Panic(res);
	return res;
}

/*
 * @o's attributes in OP-TEE's order and form (§5.6): every attribute of
 * the type's table, present or not, as a u32 BE length and its bytes
 * (a value attribute: its a as u32 BE).  @buf NULL: only the size.
 */
static size_t attrs_serialize(const struct utee_obj *o, uint8_t *buf,
			      uint32_t *have)
{
	size_t len = 0;

	*have = 0;
	if (!o->kind)
		return 0;
	for (unsigned int i = 0; i < o->kind->nattrs; i++) {
		uint32_t id = o->kind->attrs[i].id;
		const struct utee_attr *a = utee_obj_attr(o, id);

		if (a)
			*have |= 1U << i;
		if (id & TEE_ATTR_FLAG_VALUE) {
			if (buf)
				tbx_put_be32(buf + len, a ? a->a : 0);
			len += 4;
			continue;
		}
		if (buf) {
			tbx_put_be32(buf + len, a ? (uint32_t)a->len : 0);
			if (a && a->len)
				memcpy(buf + len + 4, a->buf, a->len);
		}
		len += 4 + (a ? a->len : 0);
	}
	return len;
}

/* The reverse, into attribute-less @o; the file is trusted no more than
 * its length says: a short or long one is CORRUPT_OBJECT. */
static TEE_Result attrs_parse(struct utee_obj *o, const uint8_t *b, size_t len,
			      uint32_t have)
{
	size_t off = 0;
	uint32_t n;

	if (!o->kind)
		return len ? TEE_ERROR_CORRUPT_OBJECT : TEE_SUCCESS;
	for (unsigned int i = 0; i < o->kind->nattrs; i++) {
		uint32_t id = o->kind->attrs[i].id;

		if (len - off < 4)
			return TEE_ERROR_CORRUPT_OBJECT;
		n = tbx_get_be32(b + off);
		off += 4;
		if (id & TEE_ATTR_FLAG_VALUE) {
			if (have & (1U << i))
				utee_obj_add_value(o, id, n);
			continue;
		}
		if (n > len - off)
			return TEE_ERROR_CORRUPT_OBJECT;
		if ((have & (1U << i)) && utee_obj_add_buf(o, id, b + off, n))
			return TEE_ERROR_OUT_OF_MEMORY;
		off += n;
	}
	return off == len ? TEE_SUCCESS : TEE_ERROR_CORRUPT_OBJECT;
}

/* Reads the serialized attributes of handle @h into @o. */
static TEE_Result load_attrs(struct utee_obj *o)
{
	uint8_t *sb = utee_channel_sys_buf();
	uint64_t out[4] = {0};
	uint8_t *buf = NULL;
	size_t size = 0, off = 0;
	TEE_Result res;

	do {
		res = sys(TA_IPC_SYS_STORAGE_ATTRS, o->pobj, off,
			  TA_IPC_SYS_BUF_SIZE, 0, out);
		if (res)
			goto out;
		if (!buf) {
			size = out[1];
			buf = TEE_Malloc(size ? size : 1, 0);
			if (!buf) {
				res = TEE_ERROR_OUT_OF_MEMORY;
				goto out;
			}
		}
		/* Our own request bounds what comes back. */
		if (out[0] > size - off) {
			res = TEE_ERROR_CORRUPT_OBJECT;
			goto out;
		}
		memcpy(buf + off, sb, out[0]);
		off += out[0];
	} while (off < size && out[0]);
	res = attrs_parse(o, buf, size, (uint32_t)out[2]);
out:
	if (buf) {
		OPENSSL_cleanse(buf, size);
		TEE_Free(buf);
	}
	return res;
}

void utee_pobj_info(struct utee_obj *o)
{
	uint64_t out[4] = {0};

	if (sys(TA_IPC_SYS_STORAGE_INFO, o->pobj, 0, 0, 0, out))
		misuse();
	o->info.objectType = (uint32_t)out[0];
	o->info.objectUsage = (uint32_t)(out[0] >> 32);
	o->info.objectSize = (uint32_t)out[1];
	o->info.maxObjectSize = (uint32_t)(out[1] >> 32);
	o->info.dataSize = (uint32_t)out[2];
	o->info.handleFlags = (uint32_t)(out[2] >> 32) |
			      TEE_HANDLE_FLAG_PERSISTENT |
			      TEE_HANDLE_FLAG_INITIALIZED;
	o->info.dataPosition = out[3];
}

/* A TEE_ObjectHandle for new handle @h; closes @h when it cannot. */
static TEE_Result wrap(uint64_t h, TEE_ObjectHandle *object)
{
	struct utee_obj *o;
	uint64_t out[4] = {0};
	TEE_Result res;

	res = sys(TA_IPC_SYS_STORAGE_INFO, h, 0, 0, 0, out);
	if (!res)
		res = utee_obj_alloc_persistent((uint32_t)out[0], (uint32_t)h,
						object);
	if (res) {
		sys(TA_IPC_SYS_STORAGE_CLOSE, h, 0, 0, 0, NULL);
		return res == TEE_ERROR_OUT_OF_MEMORY
			       ? res
			       : TEE_ERROR_CORRUPT_OBJECT;
	}
	o = utee_obj_get(*object);
	utee_pobj_info(o);
	res = load_attrs(o);
	if (res) {
		utee_pobj_close(o);
		*object = TEE_HANDLE_NULL;
	}
	return res;
}

void utee_pobj_close(struct utee_obj *o)
{
	/* An unknown handle is the runtime's bug, not the TA's: ignore. */
	(void)sys(TA_IPC_SYS_STORAGE_CLOSE, o->pobj, 0, 0, 0, NULL);
	utee_obj_free_persistent(o);
}

TEE_Result utee_pobj_restrict(struct utee_obj *o, uint32_t usage)
{
	TEE_Result res;

	res = sys(TA_IPC_SYS_STORAGE_RESTRICT, o->pobj, usage, 0, 0, NULL);
	allowed(res, 2, TEE_ERROR_CORRUPT_OBJECT,
		TEE_ERROR_STORAGE_NOT_AVAILABLE);
	if (!res)
		o->info.objectUsage &= usage;
	return res;
}

/* A persistent handle the TA holds; panics on anything else. */
static struct utee_obj *pobj_get(TEE_ObjectHandle object)
{
	struct utee_obj *o;

	if (!object)
		misuse();
	o = utee_obj_get(object);
	if (!o->pobj)
		misuse();
	return o;
}

TEE_Result TEE_OpenPersistentObject(uint32_t storageID, const void *objectID,
				    size_t objectIDLen, uint32_t flags,
				    TEE_ObjectHandle *object)
{
	uint64_t out[4] = {0};
	TEE_Result res;

	if (!object || (!objectID && objectIDLen))
		misuse();
	*object = TEE_HANDLE_NULL;
	if (objectIDLen > TEE_OBJECT_ID_MAX_LEN || (flags & ~OPEN_FLAGS))
		misuse();
	res = stage(objectID, objectIDLen, true);
	if (!res)
		res = sys(TA_IPC_SYS_STORAGE_OPEN, storageID, flags,
			  objectIDLen, 0, out);
	if (!res)
		res = wrap(out[0], object);
	return allowed(res, 5, TEE_ERROR_ITEM_NOT_FOUND,
		       TEE_ERROR_ACCESS_CONFLICT, TEE_ERROR_OUT_OF_MEMORY,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

/* Head and serialized attributes of @attributes (NULL: a data object). */
static TEE_Result create_head(TEE_ObjectHandle attributes,
			      struct pobj_head *head, uint8_t **attrs)
{
	struct utee_obj *a;
	size_t len;

	memset(head, 0, sizeof(*head));
	*attrs = NULL;
	if (!attributes) {
		head->objectType = TEE_TYPE_DATA;
		head->objectUsage = 0xFFFFFFFF;
		return TEE_SUCCESS;
	}
	a = utee_obj_get(attributes);
	if (a->pobj)
		utee_pobj_info(a);
	if (!(a->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	head->objectType = a->info.objectType;
	head->objectSize = a->info.objectSize;
	head->maxObjectSize = a->info.maxObjectSize;
	head->objectUsage = a->info.objectUsage;
	len = attrs_serialize(a, NULL, &head->have_attrs);
	*attrs = TEE_Malloc(len ? len : 1, 0);
	if (!*attrs)
		return TEE_ERROR_OUT_OF_MEMORY;
	attrs_serialize(a, *attrs, &head->have_attrs);
	head->attr_size = (uint32_t)len;
	return TEE_SUCCESS;
}

TEE_Result TEE_CreatePersistentObject(uint32_t storageID, const void *objectID,
				      size_t objectIDLen, uint32_t flags,
				      TEE_ObjectHandle attributes,
				      const void *initialData,
				      size_t initialDataLen,
				      TEE_ObjectHandle *object)
{
	struct pobj_head head;
	uint64_t out[4] = {0};
	uint8_t *attrs = NULL;
	TEE_Result res;

	if ((!objectID && objectIDLen) || (!initialData && initialDataLen) ||
	    objectIDLen > TEE_OBJECT_ID_MAX_LEN ||
	    (flags & ~(OPEN_FLAGS | TEE_DATA_FLAG_OVERWRITE)))
		misuse();
	if (object)
		*object = TEE_HANDLE_NULL;
	res = create_head(attributes, &head, &attrs);
	if (!res)
		res = stage(&head, sizeof(head), true);
	if (!res)
		res = stage(objectID, objectIDLen, false);
	if (!res)
		res = stage(attrs, head.attr_size, false);
	if (!res)
		res = stage(initialData, initialDataLen, false);
	if (attrs) {
		OPENSSL_cleanse(attrs, head.attr_size);
		TEE_Free(attrs);
	}
	if (!res)
		res = sys(TA_IPC_SYS_STORAGE_CREATE, storageID, flags,
			  objectIDLen, initialDataLen, out);
	if (!res && object)
		res = wrap(out[0], object);
	else if (!res)
		sys(TA_IPC_SYS_STORAGE_CLOSE, out[0], 0, 0, 0, NULL);
	return allowed(res, 6, TEE_ERROR_ITEM_NOT_FOUND,
		       TEE_ERROR_ACCESS_CONFLICT, TEE_ERROR_OUT_OF_MEMORY,
		       TEE_ERROR_STORAGE_NO_SPACE, TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

TEE_Result TEE_CloseAndDeletePersistentObject1(TEE_ObjectHandle object)
{
	struct utee_obj *o;
	TEE_Result res;

	if (!object)
		return TEE_SUCCESS;
	o = pobj_get(object);
	res = sys(TA_IPC_SYS_STORAGE_DELETE, o->pobj, 0, 0, 0, NULL);
	/* Without ACCESS_WRITE_META the handle stays open: a panic. */
	allowed(res, 1, TEE_ERROR_STORAGE_NOT_AVAILABLE);
	utee_obj_free_persistent(o);
	return res;
}

void TEE_CloseAndDeletePersistentObject(TEE_ObjectHandle object)
{
	if (TEE_CloseAndDeletePersistentObject1(object))
		misuse();
}

TEE_Result TEE_RenamePersistentObject(TEE_ObjectHandle object,
				      const void *newObjectID,
				      size_t newObjectIDLen)
{
	struct utee_obj *o = pobj_get(object);
	TEE_Result res;

	utee_pobj_info(o);
	if (!(o->info.handleFlags & TEE_DATA_FLAG_ACCESS_WRITE_META) ||
	    (!newObjectID && newObjectIDLen) ||
	    newObjectIDLen > TEE_OBJECT_ID_MAX_LEN)
		misuse();
	res = stage(newObjectID, newObjectIDLen, true);
	if (!res)
		res = sys(TA_IPC_SYS_STORAGE_RENAME, o->pobj, newObjectIDLen, 0,
			  0, NULL);
	return allowed(res, 3, TEE_ERROR_ACCESS_CONFLICT,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

/* A persistent handle opened with access @flag, or a panic. */
static struct utee_obj *pobj_access(TEE_ObjectHandle object, uint32_t flag)
{
	struct utee_obj *o = pobj_get(object);

	utee_pobj_info(o);
	if (!(o->info.handleFlags & flag))
		misuse();
	return o;
}

/*
 * One READ of up to *@n bytes into @dst: through the transfer bank,
 * opened for the call only, when they do not fit sys_buf (and the bank
 * opens), else at most TA_IPC_SYS_BUF_SIZE of them through sys_buf;
 * *@n becomes what was asked.  *@got: bytes read (an answer beyond what
 * was asked ends the stream).
 */
static TEE_Result read_piece(uint64_t h, uint8_t *dst, size_t *n, size_t *got)
{
	uint8_t *sb = utee_channel_sys_buf();
	uint64_t out[4] = {0};
	uint64_t off;
	TEE_Result res;
	char *x = NULL;

	*got = 0;
	if (*n > TA_IPC_SYS_BUF_SIZE)
		x = utee_memref_xfer_open(*n, &off);
	if (!x) {
		if (*n > TA_IPC_SYS_BUF_SIZE)
			*n = TA_IPC_SYS_BUF_SIZE;
		res = sys(TA_IPC_SYS_STORAGE_READ, h, *n,
			  TA_IPC_STORAGE_SYS_BUF, 0, out);
		if (!res && out[0] <= *n) {
			memcpy(dst, sb, out[0]);
			*got = (size_t)out[0];
		}
		return res;
	}
	res = sys(TA_IPC_SYS_STORAGE_READ, h, *n, TA_IPC_STORAGE_XFER, 0, out);
	if (!res && out[0] <= *n) {
		memcpy(dst, x, out[0]);
		*got = (size_t)out[0];
	}
	/* The bank keeps no copy, as sys_buf keeps none of a write. */
	memset(x, 0, *got);
	utee_memref_xfer_close();
	return res;
}

TEE_Result TEE_ReadObjectData(TEE_ObjectHandle object, void *buffer,
			      size_t size, size_t *count)
{
	struct utee_obj *o;
	TEE_Result res = TEE_SUCCESS;
	size_t done = 0, n, got;

	o = pobj_access(object, TEE_DATA_FLAG_ACCESS_READ);
	if (!count || (!buffer && size))
		misuse();
	while (done < size) {
		n = size - done;
		if (n > TA_IPC_STORAGE_XFER_MAX)
			n = TA_IPC_STORAGE_XFER_MAX;
		res = read_piece(o->pobj, (uint8_t *)buffer + done, &n, &got);
		if (res)
			break;
		done += got;
		if (got < n)
			break; /* the end of the stream */
	}
	*count = done;
	return allowed(res, 2, TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

/*
 * One WRITE of @size bytes: more than sys_buf holds goes in one piece
 * through the transfer bank (at most TA_IPC_STORAGE_XFER_MAX), the rest
 * is staged.
 */
static TEE_Result write_data(uint64_t h, const void *buffer, size_t size)
{
	TEE_Result res;
	uint64_t off;
	char *x = NULL;

	if (size > TA_IPC_SYS_BUF_SIZE && size <= TA_IPC_STORAGE_XFER_MAX)
		x = utee_memref_xfer_open(size, &off);
	if (x) {
		memcpy(x, buffer, size);
		res = sys(TA_IPC_SYS_STORAGE_WRITE, h, size,
			  TA_IPC_STORAGE_XFER, 0, NULL);
		memset(x, 0, size);
		utee_memref_xfer_close();
		return res;
	}
	res = stage(buffer, size, true);
	if (!res)
		res = sys(TA_IPC_SYS_STORAGE_WRITE, h, size,
			  TA_IPC_STORAGE_SYS_BUF, 0, NULL);
	return res;
}

TEE_Result TEE_WriteObjectData(TEE_ObjectHandle object, const void *buffer,
			       size_t size)
{
	struct utee_obj *o;
	TEE_Result res;

	o = pobj_access(object, TEE_DATA_FLAG_ACCESS_WRITE);
	if (!buffer && size)
		misuse();
	res = write_data(o->pobj, buffer, size);
	/* More than the secure world stages at once: no space for it. */
	if (res == TEE_ERROR_OUT_OF_MEMORY)
		res = TEE_ERROR_STORAGE_NO_SPACE;
	return allowed(res, 4, TEE_ERROR_STORAGE_NO_SPACE, TEE_ERROR_OVERFLOW,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

TEE_Result TEE_TruncateObjectData(TEE_ObjectHandle object, size_t size)
{
	struct utee_obj *o;
	TEE_Result res;

	o = pobj_access(object, TEE_DATA_FLAG_ACCESS_WRITE);
	res = sys(TA_IPC_SYS_STORAGE_TRUNCATE, o->pobj, size, 0, 0, NULL);
	return allowed(res, 3, TEE_ERROR_STORAGE_NO_SPACE,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

TEE_Result TEE_SeekObjectData(TEE_ObjectHandle object, intmax_t offset,
			      TEE_Whence whence)
{
	struct utee_obj *o = pobj_get(object);
	TEE_Result res;

	/* OP-TEE's system call takes an int32_t: the offset is cut. */
	res = sys(TA_IPC_SYS_STORAGE_SEEK, o->pobj,
		  (uint64_t)(int64_t)(int32_t)offset, whence, 0, NULL);
	return allowed(res, 3, TEE_ERROR_OVERFLOW, TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

/* The live enumerator whose handle is @id, or NULL (0: none). */
static struct utee_enum *enum_find(uint32_t id)
{
	for (struct utee_enum *e = enums; id && e; e = e->next)
		if (e->id == id)
			return e;
	return NULL;
}

bool utee_enum_id_live(uint32_t id)
{
	return enum_find(id);
}

static struct utee_enum *enum_get(TEE_ObjectEnumHandle h)
{
	struct utee_enum *e = enum_find(utee_handle_id(h));

	if (!e)
		misuse();
	return e;
}

TEE_Result
TEE_AllocatePersistentObjectEnumerator(TEE_ObjectEnumHandle *objectEnumerator)
{
	struct utee_enum *e;

	if (!objectEnumerator)
		misuse();
	e = TEE_Malloc(sizeof(*e), TEE_MALLOC_FILL_ZERO);
	if (!e)
		return TEE_ERROR_OUT_OF_MEMORY;
	e->id = utee_handle_id_new();
	e->next = enums;
	enums = e;
	*objectEnumerator = utee_handle_of(e->id);
	return TEE_SUCCESS;
}

void TEE_FreePersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator)
{
	struct utee_enum **p = &enums;
	struct utee_enum *e;

	if (!objectEnumerator)
		return;
	e = enum_get(objectEnumerator);
	while (*p != e)
		p = &(*p)->next;
	*p = e->next;
	TEE_Free(e);
}

void TEE_ResetPersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator)
{
	struct utee_enum *e;

	if (!objectEnumerator)
		return;
	e = enum_get(objectEnumerator);
	e->started = false;
	e->cursor = 0;
}

/* The next id of @e into @id (64 bytes), its length into @len. */
static TEE_Result enum_next(struct utee_enum *e, uint8_t *id, size_t *len)
{
	uint64_t out[4] = {0};
	TEE_Result res;

	if (!e->started)
		return TEE_ERROR_ITEM_NOT_FOUND;
	res = sys(TA_IPC_SYS_STORAGE_NEXT, e->storage_id, e->cursor, 0, 0, out);
	if (res)
		return res;
	if (out[1] > TEE_OBJECT_ID_MAX_LEN)
		return TEE_ERROR_CORRUPT_OBJECT;
	memcpy(id, utee_channel_sys_buf(), out[1]);
	*len = out[1];
	e->cursor = out[0];
	return TEE_SUCCESS;
}

TEE_Result
TEE_StartPersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator,
				    uint32_t storageID)
{
	struct utee_enum *e = enum_get(objectEnumerator);
	uint8_t id[TEE_OBJECT_ID_MAX_LEN];
	TEE_Result res;
	size_t len;

	e->storage_id = storageID;
	e->cursor = 0;
	e->started = true;
	/* ITEM_NOT_FOUND when there is nothing to enumerate, as OP-TEE. */
	res = enum_next(e, id, &len);
	e->cursor = 0;
	if (res)
		e->started = false;
	return allowed(res, 3, TEE_ERROR_ITEM_NOT_FOUND,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}

/* What the object @id says of itself, opened without access. */
static TEE_Result enum_info(uint32_t storage_id, const uint8_t *id, size_t len,
			    TEE_ObjectInfo *info)
{
	TEE_ObjectHandle h;
	struct utee_obj *o;
	TEE_Result res;
	uint64_t out[4] = {0};

	res = stage(id, len, true);
	if (!res)
		res = sys(TA_IPC_SYS_STORAGE_OPEN, storage_id, 0, len, 0, out);
	if (res == TEE_ERROR_ACCESS_CONFLICT) {
		/* Held with ACCESS_WRITE_META: listed, its info unknown. */
		memset(info, 0, sizeof(*info));
		info->handleFlags = TEE_HANDLE_FLAG_PERSISTENT |
				    TEE_HANDLE_FLAG_INITIALIZED;
		return TEE_SUCCESS;
	}
	if (res)
		return res;
	res = wrap(out[0], &h);
	if (res)
		return res;
	o = utee_obj_get(h);
	utee_pobj_info(o);
	*info = o->info;
	info->handleFlags =
		TEE_HANDLE_FLAG_PERSISTENT | TEE_HANDLE_FLAG_INITIALIZED;
	utee_pobj_close(o);
	return TEE_SUCCESS;
}

TEE_Result TEE_GetNextPersistentObject(TEE_ObjectEnumHandle objectEnumerator,
				       TEE_ObjectInfo *objectInfo,
				       void *objectID, size_t *objectIDLen)
{
	struct utee_enum *e = enum_get(objectEnumerator);
	uint8_t id[TEE_OBJECT_ID_MAX_LEN];
	TEE_Result res;
	size_t len = 0;

	if (!objectID || !objectIDLen)
		misuse();
	res = enum_next(e, id, &len);
	if (!res && objectInfo)
		res = enum_info(e->storage_id, id, len, objectInfo);
	if (!res) {
		memcpy(objectID, id, len);
		*objectIDLen = len;
	}
	return allowed(res, 3, TEE_ERROR_ITEM_NOT_FOUND,
		       TEE_ERROR_CORRUPT_OBJECT,
		       TEE_ERROR_STORAGE_NOT_AVAILABLE);
}
