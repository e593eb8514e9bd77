/* SPDX-License-Identifier: BSD-2-Clause */
/* Anonymous memory files: the memory every process of teebox shares. */
#ifndef TBX_MEMFD_H
#define TBX_MEMFD_H

#include <stdbool.h>
#include <stddef.h>

/**
 * memfd_new_sealed() - a zero-filled memory file of @size bytes that can
 * no longer shrink or grow
 * The seals matter: the file may be handed to an untrusted process, and
 * one that shrinks a shared file would make everyone else who maps it
 * fault (SIGBUS).  @exec asks for an executable file (a TA image).
 * Return: the fd (close-on-exec) or -errno.
 */
int memfd_new_sealed(const char *name, size_t size, bool exec);

/**
 * memfd_new_frozen() - a memory file holding @len bytes of @data, sealed
 * against shrinking, growing and writing: its content is fixed for
 * everyone who gets it (MAP_SHARED writable mappings are refused)
 * @exec:	an executable file (a TA image)
 * @patch:	if not NULL, @patch_len bytes written at @patch_off over
 *		@data's before the seals (the caller checked the range)
 * Return: the fd (close-on-exec) or -errno.
 */
int memfd_new_frozen(const char *name, const void *data, size_t len, bool exec,
		     const void *patch, size_t patch_len, size_t patch_off);

/**
 * memfd_check_sealed() - true if @fd is a memory file of at least @size
 * bytes that can no longer shrink (safe to map from another process)
 */
bool memfd_check_sealed(int fd, size_t size);

#endif
