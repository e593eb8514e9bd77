/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A modelled user process for the unit tests that drive the generic TEE
 * subsystem through its ioctls (tee_core_fixture.c, test_loopback.c): its
 * memory at user address UBASE, its fd table, the argument layouts the
 * helpers write there, and the contexts a fixture opened.  One copy, so
 * that both tests see the core through the same process.
 */
#ifndef TEEBOX_TESTS_TEE_UPROC_H
#define TEEBOX_TESTS_TEE_UPROC_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel/uaccess.h"
#include "teebox/tee_host.h"

/* The process's memory: UMEM_SIZE bytes at user address UBASE. */
#define UBASE	  0x7f0000000000ULL
#define UMEM_SIZE (4 * PAGE_SIZE)
/* Where the helpers put the ioctl argument and the argument buffer. */
#define UARG_OFF 0
#define UBUF_OFF 64
/* A user address outside every region. */
#define UBAD 0x1000ULL

#define UA(off) (UBASE + (u64)(off))

#define UPROC_MAX_FDS 64
/* The first fd handed out; 0..2 are the standard streams. */
#define UPROC_FD_BASE 3

#define PARAM_SIZE    sizeof(struct tee_ioctl_param)
#define OPEN_HDR      sizeof(struct tee_ioctl_open_session_arg)
#define INVOKE_HDR    sizeof(struct tee_ioctl_invoke_arg)
#define SUPP_HDR      sizeof(struct tee_iocl_supp_recv_arg)
#define ARG_LEN(h, n) ((h) + PARAM_SIZE * (n))

/**
 * struct uproc - a modelled user process
 * @mem:	its memory, page aligned, at user address UBASE
 * @mapped:	how many bytes of @mem the next ioctl sees (a process that
 *		unmapped the rest)
 * @us:		the view of the current (or last) ioctl: the region
 *		[UBASE, UBASE + @mapped) and this process's fd table
 * @fds:	the fd table: fd UPROC_FD_BASE + i holds @fds[i]
 * @install_err: when nonzero, install_shm_fd fails with it (EMFILE...)
 * @unmap_at:	what a test's hook shrinks the region to
 * @unmap_after_register: register_user_mem shrinks the region after a
 *		successful registration (copy-out then fails)
 */
struct uproc {
	unsigned char *mem;
	size_t mapped;
	struct tee_uspace us;
	struct tee_shm *fds[UPROC_MAX_FDS];
	int install_err;
	size_t unmap_at;
	bool unmap_after_register;
};

/* The fd table and SHM_REGISTER's pinning of the process's memory. */
extern const struct tee_uspace_ops uproc_ops;
/* A process without SHM_REGISTER support (no register_user_mem). */
extern const struct tee_uspace_ops uproc_ops_noreg;

struct uproc *uproc_new(void);
void uproc_free(struct uproc *p);
long uproc_ioctl_ops(struct uproc *p, struct tee_context *ctx, unsigned int cmd,
		     u64 uarg, const struct tee_uspace_ops *ops);
long uproc_ioctl(struct uproc *p, struct tee_context *ctx, unsigned int cmd);
struct tee_shm *uproc_shm(struct uproc *p, int fd);
void uproc_close(struct uproc *p, int fd);
void *umem(struct uproc *p, size_t off);

void put_buf_data(struct uproc *p, u64 buf_ptr, u64 buf_len);
void set_param(struct tee_ioctl_param *ip, u64 attr, u64 a, u64 b, u64 c);
struct tee_ioctl_invoke_arg *invoke_arg(struct uproc *p, u32 session, u32 func,
					u32 num_params);
long shm_alloc_ioctl(struct uproc *p, struct tee_context *ctx, u64 size,
		     int *id);
int shm_alloc_ok(struct uproc *p, struct tee_context *ctx, u64 size, int *id);

/*
 * The contexts a test opened and did not close yet, so that its teardown
 * closes what a failed test left open.
 */
#define UPROC_MAX_CTXS 16
struct tee_context *ctxs_open(struct tee_context *ctxs[UPROC_MAX_CTXS],
			      struct tee_device *dev,
			      const struct tee_cred *cred);
void ctxs_close(struct tee_context *ctxs[UPROC_MAX_CTXS],
		struct tee_context *ctx);
void ctxs_close_all(struct tee_context *ctxs[UPROC_MAX_CTXS]);

#endif /* TEEBOX_TESTS_TEE_UPROC_H */
