// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_FS requests (tee_fs_rpc.h), with OP-TEE's conventions
 * (ABI-FACTS §5.2): value[0].a = sub-command, b = fd, c = offset or
 * length; names and data in a memref of normal-world memory allocated
 * with SHM_ALLOC type APPL.
 *
 * Decoder: the supplicant is not trusted.  A returned fd must fit an
 * int and be non-negative; a READ's returned size may not exceed what
 * was asked; the data is copied out of the shared buffer once, after
 * the answer.  Anything else is TEE_ERROR_COMMUNICATION.
 */
#include <stdint.h>
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "machine/nw_ram_sw.h"
#include "tee_fs_rpc.h"
#include "thread.h"
#include "thread_rpc.h"

/*
 * A request's payload: the thread's cached buffer for @user (OP-TEE's
 * tee_fs_rpc_cache_alloc()), kept until the call ends, so that a
 * request costs one round trip and not three (SHM_ALLOC, the request,
 * SHM_FREE).  Sizes are rounded up to a power of two from one block, so
 * that a name and a block share one buffer.
 */
struct fs_payload {
	struct nw_mem *mem;
	uint64_t cookie;
};

static TEE_Result payload_get(struct sthread *t, unsigned int user, size_t size,
			      struct fs_payload *p)
{
	size_t want = 4096;

	while (want < size)
		want *= 2;
	return thread_rpc_shm_cache_alloc(t, user, want, &p->mem, &p->cookie);
}

/* Bytes [@offs, @offs + @size) of the payload buffer. */
static void set_tmem(struct rpc_param *p, uint32_t attr,
		     const struct fs_payload *pl, size_t offs, size_t size)
{
	memset(p, 0, sizeof(*p));
	p->attr = attr;
	p->u.tmem.buf_ptr = pl->mem->pa + offs;
	p->u.tmem.size = size;
	p->u.tmem.shm_ref = pl->cookie;
}

/* A name in a TEE_FS_NAME_MAX buffer, as OP-TEE sends it. */
static TEE_Result name_payload(struct sthread *t, const char *name,
			       struct fs_payload *pl)
{
	size_t len = strlen(name);
	TEE_Result res;

	if (len >= TEE_FS_NAME_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = payload_get(t, THREAD_SHM_CACHE_USER_FS, TEE_FS_NAME_MAX, pl);
	if (res)
		return res;
	memset(pl->mem->va, 0, TEE_FS_NAME_MAX);
	memcpy(pl->mem->va, name, len);
	return TEE_SUCCESS;
}

static TEE_Result rpc_open(void *ctx, const char *name, bool create, int *fd)
{
	struct sthread *t = ctx;
	struct rpc_param p[3];
	struct fs_payload pl;
	TEE_Result res;

	res = name_payload(t, name, &pl);
	if (res)
		return res;
	rpc_param_value(&p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
			create ? OPTEE_RPC_FS_CREATE : OPTEE_RPC_FS_OPEN, 0, 0);
	set_tmem(&p[1], OPTEE_MSG_ATTR_TYPE_TMEM_INPUT, &pl, 0,
		 TEE_FS_NAME_MAX);
	rpc_param_value(&p[2], OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT, 0, 0, 0);
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_FS, 3, p);
	if (res)
		return res;
	if (p[2].u.value.a > INT32_MAX)
		return TEE_ERROR_COMMUNICATION;
	*fd = (int)p[2].u.value.a;
	return TEE_SUCCESS;
}

static TEE_Result rpc_fd_cmd(void *ctx, uint32_t cmd, int fd, uint64_t c)
{
	struct rpc_param p;

	rpc_param_value(&p, OPTEE_MSG_ATTR_TYPE_VALUE_INPUT, cmd, (uint64_t)fd,
			c);
	return thread_rpc_cmd(ctx, OPTEE_RPC_CMD_FS, 1, &p);
}

static TEE_Result rpc_close(void *ctx, int fd)
{
	return rpc_fd_cmd(ctx, OPTEE_RPC_FS_CLOSE, fd, 0);
}

static TEE_Result rpc_truncate(void *ctx, int fd, uint64_t len)
{
	return rpc_fd_cmd(ctx, OPTEE_RPC_FS_TRUNCATE, fd, len);
}

static TEE_Result rpc_read(void *ctx, int fd, uint64_t offs, void *buf,
			   size_t len, size_t *got)
{
	struct sthread *t = ctx;
	struct rpc_param p[2];
	struct fs_payload pl;
	TEE_Result res;

	if (!len || len > TEE_FS_RPC_MAX_IO)
		return TEE_ERROR_BAD_PARAMETERS;
	res = payload_get(t, THREAD_SHM_CACHE_USER_FS, len, &pl);
	if (res)
		return res;
	rpc_param_value(&p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
			OPTEE_RPC_FS_READ, (uint64_t)fd, offs);
	set_tmem(&p[1], OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT, &pl, 0, len);
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_FS, 2, p);
	if (!res && p[1].u.tmem.size > len)
		res = TEE_ERROR_COMMUNICATION;
	if (!res) {
		*got = (size_t)p[1].u.tmem.size;
		memcpy(buf, pl.mem->va, *got);
	}
	return res;
}

static TEE_Result rpc_write(void *ctx, int fd, uint64_t offs, const void *buf,
			    size_t len)
{
	struct sthread *t = ctx;
	struct rpc_param p[2];
	struct fs_payload pl;
	TEE_Result res;

	if (!len || len > TEE_FS_RPC_MAX_IO)
		return TEE_ERROR_BAD_PARAMETERS;
	res = payload_get(t, THREAD_SHM_CACHE_USER_FS, len, &pl);
	if (res)
		return res;
	memcpy(pl.mem->va, buf, len);
	rpc_param_value(&p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
			OPTEE_RPC_FS_WRITE, (uint64_t)fd, offs);
	set_tmem(&p[1], OPTEE_MSG_ATTR_TYPE_TMEM_INPUT, &pl, 0, len);
	return thread_rpc_cmd(t, OPTEE_RPC_CMD_FS, 2, p);
}

static TEE_Result rpc_remove(void *ctx, const char *name)
{
	struct sthread *t = ctx;
	struct rpc_param p[2];
	struct fs_payload pl;
	TEE_Result res;

	res = name_payload(t, name, &pl);
	if (res)
		return res;
	rpc_param_value(&p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
			OPTEE_RPC_FS_REMOVE, 0, 0);
	set_tmem(&p[1], OPTEE_MSG_ATTR_TYPE_TMEM_INPUT, &pl, 0,
		 TEE_FS_NAME_MAX);
	return thread_rpc_cmd(t, OPTEE_RPC_CMD_FS, 2, p);
}

/*
 * OPTEE_RPC_CMD_RPMB as OP-TEE's tee_rpmb.c sends it: the request and
 * the answer in one cached APPL buffer (THREAD_SHM_CACHE_USER_RPMB), as
 * memref IN at its start and memref OUT after it.  The answer is copied
 * out once, and only when it has exactly the size asked for.
 */
static TEE_Result rpc_rpmb(void *ctx, const void *req, size_t req_size,
			   void *rsp, size_t rsp_size)
{
	struct sthread *t = ctx;
	struct rpc_param p[2];
	struct fs_payload pl;
	size_t rsp_offs;
	TEE_Result res;

	if (!req_size || !rsp_size || req_size > SIZE_MAX / 4 ||
	    rsp_size > SIZE_MAX / 4)
		return TEE_ERROR_BAD_PARAMETERS;
	rsp_offs = (req_size + 7) & ~(size_t)7;
	res = payload_get(t, THREAD_SHM_CACHE_USER_RPMB, rsp_offs + rsp_size,
			  &pl);
	if (res)
		return res;
	memcpy(pl.mem->va, req, req_size);
	memset((uint8_t *)pl.mem->va + rsp_offs, 0, rsp_size);
	set_tmem(&p[0], OPTEE_MSG_ATTR_TYPE_TMEM_INPUT, &pl, 0, req_size);
	set_tmem(&p[1], OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT, &pl, rsp_offs,
		 rsp_size);
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_RPMB, 2, p);
	if (!res && p[1].u.tmem.size != rsp_size)
		res = TEE_ERROR_COMMUNICATION;
	if (!res)
		memcpy(rsp, (uint8_t *)pl.mem->va + rsp_offs, rsp_size);
	return res;
}

static const struct tee_fs_rpc_ops thread_fs_ops = {
	.open = rpc_open,
	.close = rpc_close,
	.read = rpc_read,
	.write = rpc_write,
	.truncate = rpc_truncate,
	.remove = rpc_remove,
	.rpmb = rpc_rpmb,
};

struct tee_fs_rpc tee_fs_rpc_thread(struct sthread *t)
{
	return (struct tee_fs_rpc){.ops = &thread_fs_ops, .ctx = t};
}
