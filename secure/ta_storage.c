// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA's trusted storage system calls (OP-TEE's syscall_storage_* in
 * tee_svc_storage.c): see ta_storage.h and enum ta_ipc_sys.
 *
 * The TA is hostile.  A handle is an index into this instance's table,
 * checked against it; an input is what STAGE collected, copied out of
 * the shared page once per chunk, and its parts' lengths must add up to
 * exactly what was staged; an output goes to the page only from our own
 * buffer, never longer than the page's sys_buf.  A write arrives whole
 * before it is applied, so that TEE_WriteObjectData stays one update.
 * Large READs and WRITEs use the start of the transfer bank instead
 * (TA_IPC_STORAGE_XFER), at most TA_IPC_STORAGE_XFER_MAX bytes: a
 * write's bytes are copied out of it once, a read's copied into it from
 * our own buffer.
 */
#include <limits.h>
#include <string.h>
#include <time.h>

#include "kernel/alloc.h"
#include "mutex.h"
#include "secure_world.h"
#include "sw_storage.h"
#include "ta/include/tee_api_defines.h"
#include "ta_storage.h"
#include "ta_syscall.h"
#include "ta_time.h"
#include "tee_fs_rpc.h"
#include "tee_svc_storage.h"
#include "teebox/ta_ipc.h"
#include "thread.h"

/**
 * struct ta_storage - one TA instance's storage state
 * @uuid:	the TA: its name space
 * @objs:	open handles; the TA knows slot i as i + 1
 * @stage:	bytes staged for the next call
 * @stage_len:	how many
 */
struct ta_storage {
	TEE_UUID uuid;
	struct tee_svc_obj *objs[TA_STORAGE_MAX_HANDLES];
	uint8_t *stage;
	size_t stage_len;
};

TEE_Result ta_storage_new(const TEE_UUID *uuid, struct ta_storage **st)
{
	struct ta_storage *s = kzalloc(sizeof(*s));

	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	s->uuid = *uuid;
	*st = s;
	return TEE_SUCCESS;
}

static void stage_clear(struct ta_storage *st)
{
	if (st->stage) {
		memset(st->stage, 0, st->stage_len);
		kfree(st->stage);
	}
	st->stage = NULL;
	st->stage_len = 0;
}

void ta_storage_free(struct ta_storage *st, struct sthread *t)
{
	struct tee_fs_rpc rpc = tee_fs_rpc_thread(t);
	unsigned int i;

	if (!st)
		return;
	for (i = 0; i < TA_STORAGE_MAX_HANDLES; i++) {
		if (!st->objs[i])
			continue;
		sw_mutex_lock(&t->sw->storage_lock, t);
		tee_svc_storage_close(st->objs[i], &rpc);
		sw_mutex_unlock(&t->sw->storage_lock, t);
	}
	stage_clear(st);
	kfree(st);
}

/* Appends @len bytes of the page's sys_buf to the staging buffer. */
static TEE_Result stage(struct ta_storage *st, struct ta_proc *p, uint64_t len,
			uint64_t reset)
{
	uint8_t *n;

	if (len > TA_IPC_SYS_BUF_SIZE || reset > 1)
		return TEE_ERROR_BAD_PARAMETERS;
	if (reset)
		stage_clear(st);
	if (len > TA_STORAGE_STAGE_MAX - st->stage_len)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (!len)
		return TEE_SUCCESS;
	n = kmalloc(st->stage_len + len);
	if (!n)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (st->stage)
		memcpy(n, st->stage, st->stage_len);
	memcpy(n + st->stage_len, ta_proc_sys_buf(p), len);
	len += st->stage_len;
	stage_clear(st);
	st->stage = n;
	st->stage_len = len;
	return TEE_SUCCESS;
}

/* The object behind handle @h, or NULL. */
static struct tee_svc_obj *obj_get(struct ta_storage *st, uint64_t h)
{
	if (!h || h > TA_STORAGE_MAX_HANDLES)
		return NULL;
	return st->objs[h - 1];
}

static int free_slot(struct ta_storage *st)
{
	for (int i = 0; i < TA_STORAGE_MAX_HANDLES; i++)
		if (!st->objs[i])
			return i;
	return -1;
}

static TEE_Result sys_open(struct ta_storage *st, struct tee_svc_storage *svc,
			   const struct tee_fs_rpc *rpc, const uint64_t args[4],
			   uint64_t out[4])
{
	int slot = free_slot(st);
	TEE_Result res;

	if (args[1] > UINT32_MAX || args[0] > UINT32_MAX ||
	    args[2] > TEE_OBJECT_ID_MAX_LEN || args[2] != st->stage_len)
		return TEE_ERROR_BAD_PARAMETERS;
	if (slot < 0)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = tee_svc_storage_open(svc, rpc, &st->uuid, (uint32_t)args[0],
				   st->stage, st->stage_len, (uint32_t)args[1],
				   &st->objs[slot]);
	if (!res)
		out[0] = (uint64_t)slot + 1;
	return res;
}

static TEE_Result sys_create(struct ta_storage *st, struct tee_svc_storage *svc,
			     const struct tee_fs_rpc *rpc,
			     const uint64_t args[4], uint64_t out[4])
{
	const size_t hsz = TEE_SVC_STORAGE_HEAD_SIZE;
	struct tee_svc_storage_head head;
	int slot = free_slot(st);
	const uint8_t *oid, *attrs;
	TEE_Result res;

	if (args[1] > UINT32_MAX || args[0] > UINT32_MAX ||
	    args[2] > TEE_OBJECT_ID_MAX_LEN || st->stage_len < hsz)
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&head, st->stage, hsz);
	/* Each part within what was staged, and nothing more staged. */
	if (head.attr_size > TEE_SVC_STORAGE_MAX_ATTR_SIZE ||
	    args[3] > TA_STORAGE_STAGE_MAX ||
	    hsz + args[2] + head.attr_size + args[3] != st->stage_len)
		return TEE_ERROR_BAD_PARAMETERS;
	if (slot < 0)
		return TEE_ERROR_OUT_OF_MEMORY;
	oid = st->stage + hsz;
	attrs = oid + args[2];
	res = tee_svc_storage_create(
		svc, rpc, &st->uuid, (uint32_t)args[0], oid, args[2],
		(uint32_t)args[1], &head, attrs, head.attr_size,
		attrs + head.attr_size, args[3], &st->objs[slot]);
	if (!res)
		out[0] = (uint64_t)slot + 1;
	return res;
}

static TEE_Result sys_info(struct tee_svc_obj *o, uint64_t out[4])
{
	struct tee_svc_storage_head head;
	uint64_t size, pos;
	uint32_t flags;

	tee_svc_storage_info(o, &head, NULL, &flags, &size, &pos);
	out[0] = head.objectType | (uint64_t)head.objectUsage << 32;
	out[1] = head.objectSize | (uint64_t)head.maxObjectSize << 32;
	out[2] = (size & UINT32_MAX) | (uint64_t)flags << 32;
	out[3] = pos;
	return TEE_SUCCESS;
}

static TEE_Result sys_attrs(struct tee_svc_obj *o, struct ta_proc *p,
			    const uint64_t args[4], uint64_t out[4])
{
	struct tee_svc_storage_head head;
	const uint8_t *attrs;
	uint64_t n;

	tee_svc_storage_info(o, &head, &attrs, NULL, NULL, NULL);
	if (args[2] > TA_IPC_SYS_BUF_SIZE || args[1] > head.attr_size)
		return TEE_ERROR_BAD_PARAMETERS;
	n = head.attr_size - args[1];
	if (n > args[2])
		n = args[2];
	if (n)
		memcpy(ta_proc_sys_buf(p), attrs + args[1], n);
	out[0] = n;
	out[1] = head.attr_size;
	out[2] = head.have_attrs;
	return TEE_SUCCESS;
}

/*
 * READ into the transfer bank: through a buffer of ours, so that the
 * storage layers never see memory the TA can write.
 */
static TEE_Result sys_read_xfer(struct tee_svc_obj *o, struct ta_proc *p,
				const struct tee_fs_rpc *rpc, uint64_t len,
				uint64_t out[4])
{
	unsigned int bank;
	uint8_t *xfer, *buf;
	TEE_Result res;
	size_t count = 0;

	if (len > TA_IPC_STORAGE_XFER_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	buf = kmalloc(len ? (size_t)len : 1);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = tee_svc_storage_read(o, rpc, buf, (size_t)len, &count);
	if (!res) {
		xfer = ta_proc_xfer_bank(p, &bank);
		memcpy(xfer, buf, count);
		ta_proc_xfer_done(
			p, bank, (uint64_t)bank * TA_IPC_WIN_BANK_SIZE + count);
		out[0] = count;
	}
	memset(buf, 0, count);
	kfree(buf);
	return res;
}

/* WRITE from the transfer bank: one copy, before anything reads it. */
static TEE_Result sys_write_xfer(struct tee_svc_obj *o, struct ta_proc *p,
				 const struct tee_fs_rpc *rpc, uint64_t len)
{
	unsigned int bank;
	uint8_t *buf;
	TEE_Result res;

	if (len > TA_IPC_STORAGE_XFER_MAX || len > TA_STORAGE_STAGE_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	buf = kmalloc(len ? (size_t)len : 1);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(buf, ta_proc_xfer_bank(p, &bank), (size_t)len);
	res = tee_svc_storage_write(o, rpc, buf, (size_t)len);
	memset(buf, 0, (size_t)len);
	kfree(buf);
	return res;
}

static TEE_Result sys_read(struct tee_svc_obj *o, struct ta_proc *p,
			   const struct tee_fs_rpc *rpc, uint64_t len,
			   uint64_t out[4])
{
	uint8_t buf[TA_IPC_SYS_BUF_SIZE];
	TEE_Result res;
	size_t count = 0;

	if (len > sizeof(buf))
		return TEE_ERROR_BAD_PARAMETERS;
	res = tee_svc_storage_read(o, rpc, buf, len, &count);
	if (res)
		return res;
	memcpy(ta_proc_sys_buf(p), buf, count);
	memset(buf, 0, count);
	out[0] = count;
	return TEE_SUCCESS;
}

static TEE_Result sys_next(struct ta_storage *st, struct tee_svc_storage *svc,
			   struct ta_proc *p, const struct tee_fs_rpc *rpc,
			   const uint64_t args[4], uint64_t out[4])
{
	uint8_t oid[TEE_OBJECT_ID_MAX_LEN];
	size_t oidlen = 0;
	TEE_Result res;
	int cursor;

	if (args[0] > UINT32_MAX || args[1] > INT_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	cursor = (int)args[1];
	res = tee_svc_storage_next(svc, rpc, &st->uuid, (uint32_t)args[0],
				   &cursor, oid, &oidlen);
	if (res)
		return res;
	memcpy(ta_proc_sys_buf(p), oid, oidlen);
	out[0] = (uint64_t)cursor;
	out[1] = oidlen;
	return TEE_SUCCESS;
}

/* The calls on one open handle @h = args[0]. */
static TEE_Result on_handle(struct ta_storage *st, struct ta_proc *p,
			    const struct tee_fs_rpc *rpc, uint32_t nr,
			    const uint64_t args[4], uint64_t out[4])
{
	struct tee_svc_obj *o = obj_get(st, args[0]);
	TEE_Result res;

	if (!o)
		return TEE_ERROR_BAD_PARAMETERS;
	switch (nr) {
	case TA_IPC_SYS_STORAGE_CLOSE:
		tee_svc_storage_close(o, rpc);
		st->objs[args[0] - 1] = NULL;
		return TEE_SUCCESS;
	case TA_IPC_SYS_STORAGE_DELETE:
		res = tee_svc_storage_delete(o, rpc);
		if (res != TEE_ERROR_ACCESS_CONFLICT)
			st->objs[args[0] - 1] = NULL;
		return res;
	case TA_IPC_SYS_STORAGE_RENAME:
		if (args[1] > TEE_OBJECT_ID_MAX_LEN || args[1] != st->stage_len)
			return TEE_ERROR_BAD_PARAMETERS;
		return tee_svc_storage_rename(o, rpc, st->stage, st->stage_len);
	case TA_IPC_SYS_STORAGE_READ:
		if (args[2] == TA_IPC_STORAGE_XFER)
			return sys_read_xfer(o, p, rpc, args[1], out);
		if (args[2] != TA_IPC_STORAGE_SYS_BUF)
			return TEE_ERROR_BAD_PARAMETERS;
		return sys_read(o, p, rpc, args[1], out);
	case TA_IPC_SYS_STORAGE_WRITE:
		if (args[2] == TA_IPC_STORAGE_XFER && !st->stage_len)
			return sys_write_xfer(o, p, rpc, args[1]);
		if (args[2] != TA_IPC_STORAGE_SYS_BUF ||
		    args[1] != st->stage_len)
			return TEE_ERROR_BAD_PARAMETERS;
		return tee_svc_storage_write(o, rpc, st->stage, st->stage_len);
	case TA_IPC_SYS_STORAGE_TRUNCATE:
		return tee_svc_storage_truncate(o, rpc, args[1]);
	case TA_IPC_SYS_STORAGE_SEEK:
		/* An int32_t, sign extended by the TA. */
		if ((int64_t)args[1] < INT32_MIN ||
		    (int64_t)args[1] > INT32_MAX)
			return TEE_ERROR_BAD_PARAMETERS;
		return tee_svc_storage_seek(o, (int32_t)args[1],
					    (uint32_t)args[2] == args[2]
						    ? (uint32_t)args[2]
						    : UINT32_MAX);
	case TA_IPC_SYS_STORAGE_INFO:
		return sys_info(o, out);
	case TA_IPC_SYS_STORAGE_ATTRS:
		return sys_attrs(o, p, args, out);
	case TA_IPC_SYS_STORAGE_RESTRICT:
		if (args[1] > UINT32_MAX)
			return TEE_ERROR_BAD_PARAMETERS;
		return tee_svc_storage_restrict_usage(o, rpc,
						      (uint32_t)args[1]);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}

static TEE_Result dispatch(struct ta_storage *st, struct tee_svc_storage *svc,
			   struct ta_proc *p, const struct tee_fs_rpc *rpc,
			   uint32_t nr, const uint64_t args[4], uint64_t out[4])
{
	switch (nr) {
	case TA_IPC_SYS_STORAGE_OPEN:
		return sys_open(st, svc, rpc, args, out);
	case TA_IPC_SYS_STORAGE_CREATE:
		return sys_create(st, svc, rpc, args, out);
	case TA_IPC_SYS_STORAGE_NEXT:
		return sys_next(st, svc, p, rpc, args, out);
	default:
		return on_handle(st, p, rpc, nr, args, out);
	}
}

TEE_Result ta_storage_syscall(struct ta_storage *st, struct sthread *t,
			      struct ta_proc *p, uint32_t nr,
			      const uint64_t args[4], uint64_t out[4])
{
	struct tee_fs_rpc rpc = tee_fs_rpc_thread(t);
	struct tee_svc_storage *svc;
	TEE_Result res;

	if (nr == TA_IPC_SYS_STAGE)
		return stage(st, p, args[0], args[1]);
	if (nr < TA_IPC_SYS_STORAGE_OPEN || nr > TA_IPC_SYS_STORAGE_NEXT)
		return TEE_ERROR_NOT_SUPPORTED;
	sw_mutex_lock(&t->sw->storage_lock, t);
	svc = sw_storage_get(t->sw);
	if (svc)
		res = dispatch(st, svc, p, &rpc, nr, args, out);
	else
		res = TEE_ERROR_STORAGE_NOT_AVAILABLE;
	sw_mutex_unlock(&t->sw->storage_lock, t);
	/* What was staged served this call, whatever its outcome. */
	stage_clear(st);
	return res;
}

/* The wall clock TA persistent time is kept against, in ms. */
static int64_t wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * TEE_Get/SetTAPersistentTime for the calling TA, whose UUID is its
 * instance's: a TA names no other's record.  GET's GP result travels in
 * out[2], so that OVERFLOW keeps its wrapped time.
 */
static TEE_Result ta_time_syscall(struct ta_storage *st, struct sthread *t,
				  uint32_t nr, const uint64_t args[4],
				  uint64_t out[4])
{
	const char *dir = t->sw->state_dir;
	uint32_t sec = 0, ms = 0;

	if (nr == TA_IPC_SYS_SET_TA_TIME) {
		if (args[0] > UINT32_MAX || args[1] > UINT32_MAX)
			return TEE_ERROR_BAD_PARAMETERS;
		if (!dir)
			return TEE_ERROR_STORAGE_NO_SPACE;
		return ta_time_set(dir, &st->uuid, wall_ms(), (uint32_t)args[0],
				   (uint32_t)args[1]);
	}
	out[2] = dir ? ta_time_get(dir, &st->uuid, wall_ms(), &sec, &ms)
		     : TEE_ERROR_TIME_NOT_SET;
	out[0] = sec;
	out[1] = ms;
	return TEE_SUCCESS;
}

static TEE_Result host_syscall(void *arg, struct ta_proc *p, uint32_t nr,
			       const uint64_t args[4], uint64_t out[4])
{
	struct ta_storage_ctx *ctx = arg;

	if (nr == TA_IPC_SYS_GET_TA_TIME || nr == TA_IPC_SYS_SET_TA_TIME)
		return ta_time_syscall(ctx->storage, ctx->t, nr, args, out);
	if (nr >= TA_IPC_SYS_STAGE && nr <= TA_IPC_SYS_STORAGE_NEXT)
		return ta_storage_syscall(ctx->storage, ctx->t, p, nr, args,
					  out);
	return ctx->base.syscall(ctx->base.arg, p, nr, args, out);
}

static void host_yield(void *arg)
{
	struct ta_storage_ctx *ctx = arg;

	ctx->base.yield(ctx->base.arg);
}

void ta_storage_host(struct sthread *t, struct ta_storage *storage,
		     struct ta_storage_ctx *ctx, struct ta_proc_host *host)
{
	ta_syscall_host(t, &ctx->base);
	ctx->t = t;
	ctx->storage = storage;
	host->syscall = host_syscall;
	host->yield = host_yield;
	host->arg = ctx;
}
