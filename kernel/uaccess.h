/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The user-space side of an ioctl, as the kernel-side code sees it.
 *
 * teed does not share an address space with its callers, so a request
 * arrives with copies of the user memory the ioctl may touch: the argument
 * struct at its user address and, for buffer ioctls, the buffer at
 * buf_ptr.  A copy holds only the bytes the caller could read, and says
 * which of them it could write, so copy_from_user()/copy_to_user() fail
 * with -EFAULT exactly where the kernel's would; they also record every
 * write so the transport sends back exactly the bytes the kernel would
 * have stored.
 *
 * The same struct carries the caller's "file table": the hook that hands
 * a new shared-memory file descriptor to the caller.
 */
#ifndef TEEBOX_KERNEL_UACCESS_H
#define TEEBOX_KERNEL_UACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TEE_USPACE_MAX_REGIONS 2
#define TEE_USPACE_MAX_SPANS   32

struct tee_context;
struct tee_shm;
struct tee_uspace;

/**
 * struct tee_uspan - bytes written into a region, [off, off + len)
 */
struct tee_uspan {
	size_t off;
	size_t len;
};

/**
 * struct tee_uregion - a copy of user memory
 * @uaddr:	user address of the first byte
 * @len:	number of bytes the copy holds
 * @kbuf:	the copy
 * @wr_off:	start of the part of the copy the caller can write
 * @wr_len:	its length (the rest is read-only memory)
 * @spans:	written ranges, sorted and merged
 * @nspans:	entries used in @spans; when full they collapse into one
 */
struct tee_uregion {
	uint64_t uaddr;
	size_t len;
	unsigned char *kbuf;
	size_t wr_off;
	size_t wr_len;
	struct tee_uspan spans[TEE_USPACE_MAX_SPANS];
	size_t nspans;
};

/**
 * struct tee_uspace_ops - what the caller's process offers the core
 * @install_shm_fd: give the caller a file descriptor for @shm.  On success
 *		the caller's file owns the reference the core passes in and
 *		the return value is >= 0; on failure -errno and the reference
 *		stays with the core.
 * @register_user_mem: pin the caller's memory [@addr, @addr + @len) and
 *		register it on @ctx (tee_shm_register()); returns the shm
 *		with one reference for the caller, or an ERR_PTR.
 */
struct tee_uspace_ops {
	int (*install_shm_fd)(struct tee_uspace *us, struct tee_shm *shm);
	struct tee_shm *(*register_user_mem)(struct tee_uspace *us,
					     struct tee_context *ctx,
					     uint64_t addr, uint64_t len);
};

/**
 * struct tee_uspace - one ioctl's view of its caller
 * @regions:	user memory copies
 * @nregions:	entries used in @regions
 * @ops:	the caller's file table hooks (may be NULL: no fds)
 * @priv:	owner's data for @ops
 */
struct tee_uspace {
	struct tee_uregion regions[TEE_USPACE_MAX_REGIONS];
	size_t nregions;
	const struct tee_uspace_ops *ops;
	void *priv;
};

/** tee_uspace_init() - an empty view with file table hooks @ops/@priv. */
void tee_uspace_init(struct tee_uspace *us, const struct tee_uspace_ops *ops,
		     void *priv);

/**
 * tee_uspace_add() - add a region of @len bytes at user address @uaddr,
 * backed by @kbuf (which the caller keeps alive)
 * Return: 0, or -ENOSPC when the view is full, -EINVAL when the region
 * wraps the address space.
 */
int tee_uspace_add(struct tee_uspace *us, uint64_t uaddr, void *kbuf,
		   size_t len);

/**
 * tee_uspace_add_part() - tee_uspace_add() of memory the caller can write
 * only in part: [@wr_off, @wr_off + @wr_len) of the @len bytes
 * Return: 0, or -ENOSPC when the view is full, -EINVAL when the region
 * wraps the address space or the writable part is not inside it.
 */
int tee_uspace_add_part(struct tee_uspace *us, uint64_t uaddr, void *kbuf,
			size_t len, size_t wr_off, size_t wr_len);

/**
 * copy_from_user() - read @n bytes at user address @uaddr into @dst
 * Return: 0, or -EFAULT when the bytes are not all inside one region.
 */
int copy_from_user(void *dst, const struct tee_uspace *us, uint64_t uaddr,
		   size_t n);

/**
 * copy_to_user() - write @n bytes from @src to user address @uaddr
 * Return: 0, or -EFAULT when the bytes are not all inside the writable
 * part of one region.
 */
int copy_to_user(struct tee_uspace *us, uint64_t uaddr, const void *src,
		 size_t n);

/* Single-value helpers in the kernel's spelling. */
#define get_user(x, us, uaddr) copy_from_user(&(x), (us), (uaddr), sizeof(x))
#define put_user(x, us, uaddr)                                                 \
	({                                                                     \
		__typeof__(x) put_user_v__ = (x);                              \
		copy_to_user((us), (uaddr), &put_user_v__,                     \
			     sizeof(put_user_v__));                            \
	})

#endif
