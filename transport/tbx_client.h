/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The client side of teed's device endpoints: open, ioctl and close with
 * the semantics of a /dev/teeN file descriptor.  Thread safe: many
 * threads may call tbx_dev_ioctl() on one device at once.
 */
#ifndef TEEBOX_TBX_CLIENT_H
#define TEEBOX_TBX_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

struct tbx_dev;

/**
 * tbx_dev_path() - the socket path of device @name ("tee0", "teepriv0")
 * in the runtime directory (see tbx_runtime_dir())
 * Return: 0 or -ENAMETOOLONG.
 */
int tbx_dev_path(char *buf, size_t len, const char *name);

/**
 * tbx_dev_open() - open the device whose socket is at @path
 * Return: 0 with *@out set, or the -errno open(2) of /dev/teeN would give:
 * -ENOENT (no such device), -EACCES (not privileged), -EBUSY (a
 * supplicant is already attached), -ENOMEM...
 */
int tbx_dev_open(const char *path, struct tbx_dev **out);

/**
 * typedef tbx_uaccess_ok_fn - can the caller read [@p, @p + @len), and
 * also write it when @write?  True for @len 0.
 */
typedef bool tbx_uaccess_ok_fn(const void *p, size_t len, bool write);

/**
 * tbx_dev_ioctl_user() - run ioctl @cmd with argument @arg as the kernel
 * would, on memory of the caller that may not all be usable
 * @ok:		asked before any of the caller's memory is touched; NULL
 *		when all the memory the ioctl names is the caller's own
 *		and usable (a NULL pointer never is)
 *
 * The argument struct and, for a buffer ioctl, the buffer are sent as
 * far as @ok says they can be read, with the part that can be written;
 * the TEE core then fails the ioctl where the kernel would (EFAULT when
 * it reads what was not sent or writes what may not be written, EINVAL
 * for what it refuses first), and only what it wrote is stored back.
 *
 * Return: >= 0 (a new file descriptor for SHM_ALLOC/SHM_REGISTER) or
 * -errno; -EIO when teed has gone away.
 */
long tbx_dev_ioctl_user(struct tbx_dev *dev, unsigned long cmd, void *arg,
			tbx_uaccess_ok_fn *ok);

/**
 * tbx_dev_ioctl() - tbx_dev_ioctl_user() on the caller's own memory
 * (no @ok: libteec and teebox's tools pass valid pointers)
 * Return: as tbx_dev_ioctl_user().
 */
long tbx_dev_ioctl(struct tbx_dev *dev, unsigned long cmd, void *arg);

/**
 * tbx_dev_close_shm() - close a shared-memory fd the device gave; the
 * memory is freed once nothing else uses it (as closing the kernel's
 * dma-buf fd).
 * Return: 0 or -errno (-EBADF: not one of ours).
 */
int tbx_dev_close_shm(struct tbx_dev *dev, int fd);

/** tbx_dev_close() - close the device (its shared memory files too). */
void tbx_dev_close(struct tbx_dev *dev);

#endif
