/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A TEE device's ioctl as the kernel runs it, user memory checks
 * included: the transport copies the caller's argument and buffers with
 * plain memory accesses, so memory the kernel would refuse with EFAULT is
 * found here first.
 */
#ifndef TEEBOX_PRELOAD_TEE_IOCTL_H
#define TEEBOX_PRELOAD_TEE_IOCTL_H

#include <stdbool.h>

struct tbx_dev;

/**
 * pl_tee_ioctl() - ioctl @cmd with argument @arg on a TEE device
 * @tbx:	the device's connection to teed
 * @privileged:	the device is a teeprivN (it has the supplicant ioctls)
 * @cmd:	the request, as given to ioctl(2)
 * @arg:	its argument, as given to ioctl(2)
 *
 * Before anything is sent, the argument struct and the buffer of a buffer
 * ioctl (buf_ptr .. buf_ptr + buf_len, when 0 < buf_len <= TEE_MAX_ARG_
 * SIZE) are checked with pl_uaccess_ok(): readable, and writable when the
 * kernel writes results back there.  When they are not, the error is the
 * first one the kernel would find on its way (tee_core.c): EINVAL for an
 * ioctl the device does not have or a buf_len it refuses, else EFAULT.
 * The call is then not made at all; the kernel would have made it and
 * failed only when writing the results back (it closes a session it
 * opened), so a caller sees the same error without the side effect.
 *
 * Returns >= 0 (a new file descriptor for SHM_ALLOC, SHM_REGISTER and
 * SHM_REGISTER_FD) or -errno.
 */
long pl_tee_ioctl(struct tbx_dev *tbx, bool privileged, unsigned long cmd,
		  void *arg);

#endif
