/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A TEE device's ioctl on memory the program gave, which may be anything:
 * the transport asks pl_uaccess_ok() what it can read and write before
 * it copies, and sends only that; the TEE core in teed then fails the
 * call exactly where the kernel's copy_from_user()/copy_to_user() would.
 * The shim itself knows no ioctl's rules.
 */
#ifndef TEEBOX_PRELOAD_TEE_IOCTL_H
#define TEEBOX_PRELOAD_TEE_IOCTL_H

struct tbx_dev;

/**
 * pl_tee_ioctl() - ioctl @cmd with argument @arg on a TEE device
 * @tbx:	the device's connection to teed
 * @cmd:	the request, as given to ioctl(2)
 * @arg:	its argument, as given to ioctl(2)
 *
 * Unusable memory gets the kernel's errors in the kernel's order, side
 * effects included: an OPEN_SESSION whose result cannot be written back
 * opens the session, closes it again and fails with EFAULT.
 *
 * Return: >= 0 (a new file descriptor for SHM_ALLOC, SHM_REGISTER and
 * SHM_REGISTER_FD) or -errno.
 */
long pl_tee_ioctl(struct tbx_dev *tbx, unsigned long cmd, void *arg);

#endif
