/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tee-supplicant's REE FS played in memory for the storage tests: files
 * by name, as OP-TEE names them ("/dirf.db", "/<n in hex>"), and
 * descriptors.  It can crash at any write (that write and every later
 * one fail and change nothing), and a test may swap, copy or replay its
 * files, as a hostile normal world would.
 */
#ifndef TEEBOX_TESTS_SW_MEM_SUPP_H
#define TEEBOX_TESTS_SW_MEM_SUPP_H

#include <stdbool.h>

#include "secure/tee_fs_rpc.h"
#include "sw_mem_file.h"

#define MAX_FILES 16
#define MAX_FDS	  16

/**
 * struct mem_supp - the supplicant
 * @names, @files: its files
 * @fd_file:	per descriptor the file index, or -1
 * @writes:	writes, truncates and removes so far
 * @crash_at:	from this one on they fail (-1: never)
 * @max_file_size: each file made from now on is full at this size
 *		(struct mem_file's @max_size; 0: no bound)
 */
struct mem_supp {
	char names[MAX_FILES][32];
	struct mem_file files[MAX_FILES];
	int fd_file[MAX_FDS];
	long writes;
	long crash_at;
	size_t max_file_size;
};

extern const struct tee_fs_rpc_ops mem_supp_ops;

/** supp_init() - no files, no descriptors, no crash */
void supp_init(struct mem_supp *s);
/** supp_free() - free the files' bytes */
void supp_free(struct mem_supp *s);
/** supp_copy() - @dst becomes a copy of @src's files (no descriptors) */
void supp_copy(struct mem_supp *dst, const struct mem_supp *src);
/** supp_find() - Return: the index of file @name, or -1 */
int supp_find(struct mem_supp *s, const char *name);
/** supp_named() - Return: file @name, which must exist */
struct mem_file *supp_named(struct mem_supp *s, const char *name);
/** supp_open_fds() - Return: descriptors open */
int supp_open_fds(struct mem_supp *s);

#endif
