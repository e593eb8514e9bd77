/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Whether user memory can be read or written, asked of the kernel rather
 * than found out by faulting: where the kernel's copy_from_user() and
 * copy_to_user() would fail with EFAULT, the shim must not crash.
 */
#ifndef TEEBOX_PRELOAD_UACCESS_H
#define TEEBOX_PRELOAD_UACCESS_H

#include <stdbool.h>
#include <stddef.h>

/**
 * pl_uaccess_ok() - can this process read [@p, @p + @len), and also
 * write it when @write?
 *
 * Reading is checked with process_vm_readv() on ourselves into scratch
 * memory; reading and writing together with process_vm_writev() from the
 * range onto itself, which writes every byte back with the value it has
 * (the kernel pins the pages for writing, so read-only memory fails).  A
 * thread that changes the range at that very moment may lose its store,
 * as it may to the kernel's own write-back of an ioctl argument.
 *
 * Where process_vm_*() are not allowed (seccomp, no CONFIG_CROSS_MEMORY_
 * ATTACH), the range is written into a pipe (which reads it) and, for
 * @write, read back from the pipe into itself (which writes the same
 * bytes back).  If even a pipe cannot be made, the access is assumed to
 * work.
 *
 * Return: true when the access would succeed; true for @len 0.
 */
bool pl_uaccess_ok(const void *p, size_t len, bool write);

#endif
