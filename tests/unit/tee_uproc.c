// SPDX-License-Identifier: BSD-2-Clause
/*
 * A modelled user process driving the TEE ioctls: see tee_uproc.h.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tee_uproc.h"

static int uproc_install_shm_fd(struct tee_uspace *us, struct tee_shm *shm)
{
	struct uproc *p = us->priv;

	if (p->install_err)
		return p->install_err;
	for (int i = 0; i < UPROC_MAX_FDS; i++) {
		if (!p->fds[i]) {
			p->fds[i] = shm;
			return UPROC_FD_BASE + i;
		}
	}
	return -EMFILE;
}

/* Pins [addr, addr + len) of the process and registers it on @ctx. */
static struct tee_shm *uproc_register_user_mem(struct tee_uspace *us,
					       struct tee_context *ctx,
					       uint64_t addr, uint64_t len)
{
	struct uproc *p = us->priv;
	struct tee_shm *shm;

	if (addr < UBASE || addr - UBASE > UMEM_SIZE ||
	    len > UMEM_SIZE - (addr - UBASE))
		return ERR_PTR(-EFAULT);
	shm = tee_shm_register(ctx, p->mem + (addr - UBASE), 0, len, -1);
	if (!IS_ERR(shm) && p->unmap_after_register)
		us->regions[0].len = p->unmap_at;
	return shm;
}

const struct tee_uspace_ops uproc_ops = {
	.install_shm_fd = uproc_install_shm_fd,
	.register_user_mem = uproc_register_user_mem,
};

const struct tee_uspace_ops uproc_ops_noreg = {
	.install_shm_fd = uproc_install_shm_fd,
};

struct uproc *uproc_new(void)
{
	struct uproc *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	p->mem = aligned_alloc(PAGE_SIZE, UMEM_SIZE);
	assert_non_null(p->mem);
	memset(p->mem, 0, UMEM_SIZE);
	p->mapped = UMEM_SIZE;
	return p;
}

/* Closes every fd still open, then frees the process. */
void uproc_free(struct uproc *p)
{
	if (!p)
		return;
	for (int i = 0; i < UPROC_MAX_FDS; i++)
		if (p->fds[i])
			tee_shm_put(p->fds[i]);
	free(p->mem);
	free(p);
}

/* Runs ioctl @cmd with argument @uarg and file table hooks @ops. */
long uproc_ioctl_ops(struct uproc *p, struct tee_context *ctx, unsigned int cmd,
		     u64 uarg, const struct tee_uspace_ops *ops)
{
	tee_uspace_init(&p->us, ops, p);
	if (tee_uspace_add(&p->us, UBASE, p->mem, p->mapped))
		return -ENOSPC;
	return tee_ioctl(ctx, cmd, uarg, &p->us);
}

/* Runs ioctl @cmd with its argument at UARG_OFF. */
long uproc_ioctl(struct uproc *p, struct tee_context *ctx, unsigned int cmd)
{
	return uproc_ioctl_ops(p, ctx, cmd, UA(UARG_OFF), &uproc_ops);
}

/* The shm behind @fd. */
struct tee_shm *uproc_shm(struct uproc *p, int fd)
{
	assert_in_range(fd, UPROC_FD_BASE, UPROC_FD_BASE + UPROC_MAX_FDS - 1);
	assert_non_null(p->fds[fd - UPROC_FD_BASE]);
	return p->fds[fd - UPROC_FD_BASE];
}

/* close(@fd): the file's reference goes. */
void uproc_close(struct uproc *p, int fd)
{
	struct tee_shm *shm = uproc_shm(p, fd);

	p->fds[fd - UPROC_FD_BASE] = NULL;
	tee_shm_put(shm);
}

void *umem(struct uproc *p, size_t off)
{
	return p->mem + off;
}

/* Writes a struct tee_ioctl_buf_data at UARG_OFF. */
void put_buf_data(struct uproc *p, u64 buf_ptr, u64 buf_len)
{
	struct tee_ioctl_buf_data *buf = umem(p, UARG_OFF);

	buf->buf_ptr = buf_ptr;
	buf->buf_len = buf_len;
}

void set_param(struct tee_ioctl_param *ip, u64 attr, u64 a, u64 b, u64 c)
{
	ip->attr = attr;
	ip->a = a;
	ip->b = b;
	ip->c = c;
}

/* An invoke argument at UBUF_OFF with @num_params zeroed params. */
struct tee_ioctl_invoke_arg *invoke_arg(struct uproc *p, u32 session, u32 func,
					u32 num_params)
{
	struct tee_ioctl_invoke_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(INVOKE_HDR, num_params));
	arg->func = func;
	arg->session = session;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(INVOKE_HDR, num_params));
	return arg;
}

/* TEE_IOC_SHM_ALLOC of @size; returns the ioctl's result, *@id the id. */
long shm_alloc_ioctl(struct uproc *p, struct tee_context *ctx, u64 size,
		     int *id)
{
	struct tee_ioctl_shm_alloc_data *data = umem(p, UARG_OFF);
	long rc;

	memset(data, 0, sizeof(*data));
	data->size = size;
	data->id = -42;
	rc = uproc_ioctl(p, ctx, TEE_IOC_SHM_ALLOC);
	if (id)
		*id = data->id;
	return rc;
}

/* A successful TEE_IOC_SHM_ALLOC; returns the fd. */
int shm_alloc_ok(struct uproc *p, struct tee_context *ctx, u64 size, int *id)
{
	long fd = shm_alloc_ioctl(p, ctx, size, id);

	assert_true(fd >= UPROC_FD_BASE);
	return (int)fd;
}

/* teedev_open() for @cred, remembered in @ctxs. */
struct tee_context *ctxs_open(struct tee_context *ctxs[UPROC_MAX_CTXS],
			      struct tee_device *dev,
			      const struct tee_cred *cred)
{
	struct tee_context *ctx = teedev_open(dev, cred);

	assert_false(IS_ERR_OR_NULL(ctx));
	for (int i = 0; i < UPROC_MAX_CTXS; i++) {
		if (!ctxs[i]) {
			ctxs[i] = ctx;
			return ctx;
		}
	}
	fail_msg("too many contexts");
	return NULL;
}

/* teedev_close_context(), and forget @ctx. */
void ctxs_close(struct tee_context *ctxs[UPROC_MAX_CTXS],
		struct tee_context *ctx)
{
	for (int i = 0; i < UPROC_MAX_CTXS; i++)
		if (ctxs[i] == ctx)
			ctxs[i] = NULL;
	teedev_close_context(ctx);
}

/* What a failed test left open. */
void ctxs_close_all(struct tee_context *ctxs[UPROC_MAX_CTXS])
{
	for (int i = 0; i < UPROC_MAX_CTXS; i++) {
		if (ctxs[i])
			teedev_close_context(ctxs[i]);
		ctxs[i] = NULL;
	}
}
