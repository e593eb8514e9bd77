/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A TEE device file, whichever way it is reached: a real /dev/teeN of the
 * kernel through ioctl(2), or teed's socket endpoint.  libteec and
 * tee-supplicant use this and nothing else, so they run unchanged on
 * both.
 *
 * Which one: $TEEBOX_BACKEND = "kernel" or "teebox" decides; without it a
 * set $TEEBOX_RUNTIME_DIR means teebox, else an existing /dev/<name> means
 * the kernel, else teebox.
 */
#ifndef TEEBOX_TDEV_H
#define TEEBOX_TDEV_H

#include <stdbool.h>
#include <stddef.h>

struct tdev;

/**
 * tdev_open() - open device @name ("tee0", "teepriv0", ...)
 * Return: 0 with *@out, or -errno as open(2) of /dev/<name> would.
 */
int tdev_open(const char *name, struct tdev **out);

/**
 * tdev_path() - the file tdev_open() of @name tries: /dev/<name>, or the
 * endpoint in teed's runtime directory
 * @name:	"tee0", ...
 * @buf:	gets the path
 * @len:	size of @buf
 * @teebox:	set when it is teed's endpoint
 * Return: 0, or -ENAMETOOLONG.
 */
int tdev_path(const char *name, char *buf, size_t len, bool *teebox);

/** tdev_ioctl() - ioctl(2) on the device; >= 0 or -errno. */
long tdev_ioctl(struct tdev *d, unsigned long cmd, void *arg);

/**
 * tdev_close_shm() - close a shared-memory fd from SHM_ALLOC or
 * SHM_REGISTER (unmap it first, as with the kernel)
 */
int tdev_close_shm(struct tdev *d, int fd);

/** tdev_close() - close the device. */
void tdev_close(struct tdev *d);

/** tdev_backend() - "kernel" or "teebox". */
const char *tdev_backend(const struct tdev *d);

#endif
