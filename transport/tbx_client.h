/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The client side of teed's device endpoints: open, ioctl and close with
 * the semantics of a /dev/teeN file descriptor.  Thread safe: many
 * threads may call tbx_dev_ioctl() on one device at once.
 */
#ifndef TEEBOX_TBX_CLIENT_H
#define TEEBOX_TBX_CLIENT_H

#include <stddef.h>

struct tbx_dev;

/**
 * tbx_dev_path() - the socket path of device @name ("tee0", "teepriv0")
 * in the runtime directory (see tbx_runtime_dir())
 * Returns 0 or -ENAMETOOLONG.
 */
int tbx_dev_path(char *buf, size_t len, const char *name);

/**
 * tbx_dev_open() - open the device whose socket is at @path
 * Returns 0 with *@out set, or the -errno open(2) of /dev/teeN would give:
 * -ENOENT (no such device), -EACCES (not privileged), -EBUSY (a
 * supplicant is already attached), -ENOMEM...
 */
int tbx_dev_open(const char *path, struct tbx_dev **out);

/**
 * tbx_dev_ioctl() - run ioctl @cmd with argument @arg as the kernel would
 * Returns >= 0 (a new file descriptor for SHM_ALLOC/SHM_REGISTER) or
 * -errno; -EIO when teed has gone away.
 */
long tbx_dev_ioctl(struct tbx_dev *dev, unsigned long cmd, void *arg);

/**
 * tbx_dev_close_shm() - close a shared-memory fd the device gave; the
 * memory is freed once nothing else uses it (as closing the kernel's
 * dma-buf fd).  Returns 0 or -errno (-EBADF: not one of ours).
 */
int tbx_dev_close_shm(struct tbx_dev *dev, int fd);

/** tbx_dev_close() - close the device (its shared memory files too). */
void tbx_dev_close(struct tbx_dev *dev);

#endif
