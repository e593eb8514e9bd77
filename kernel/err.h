/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Error pointers, as in the kernel: a pointer-returning function encodes
 * -errno in the top page of the address space.
 */
#ifndef TEEBOX_KERNEL_ERR_H
#define TEEBOX_KERNEL_ERR_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_ERRNO 4095

#define IS_ERR_VALUE(x) ((uintptr_t)(x) >= (uintptr_t)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)(intptr_t)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)(intptr_t)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE(ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE(ptr);
}

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

/* Kernel-internal codes that can reach user space from the TEE core. */
#define ERESTARTSYS 512 /* interrupted wait; the syscall is restarted */
#define ENOTSUPP    524 /* operation not supported (mainline tee_shm.c) */

#endif
