/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A file in memory behind struct fs_htree_io_ops, for the storage tests
 * and fuzz targets:
 * it counts writes and can "crash" at a chosen one (that write and every
 * later one fail and change nothing), fail reads, and be copied, so a
 * test can reopen the bytes a crash left behind.
 */
#ifndef TEEBOX_TESTS_SW_MEM_FILE_H
#define TEEBOX_TESTS_SW_MEM_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "secure/fs_htree.h"

/**
 * struct mem_file - the file
 * @data:	its bytes
 * @size:	its length
 * @writes:	writes and truncates done so far
 * @crash_at:	the write (0-based, counted by @writes) from which on every
 *		write fails; -1 for never
 * @fail_reads:	every read fails
 * @max_size:	a write or truncate beyond this many bytes fails with
 *		TEE_ERROR_STORAGE_NO_SPACE (a full disk); 0 for no bound
 */
struct mem_file {
	uint8_t *data;
	size_t size;
	long writes;
	long crash_at;
	int fail_reads;
	size_t max_size;
};

extern const struct fs_htree_io_ops mem_file_ops;

/** mem_file_init() - an empty file that never crashes */
void mem_file_init(struct mem_file *f);

/** mem_file_free() - free @f's bytes */
void mem_file_free(struct mem_file *f);

/** mem_file_copy() - @dst becomes an independent copy of @src's bytes */
void mem_file_copy(struct mem_file *dst, const struct mem_file *src);

#endif
