/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which address ranges map which shared memory: the kernel keeps a shm
 * alive while a mapping of its file remains, so the shim must know when
 * the last one goes.  Ranges are whole pages and never overlap.
 *
 * Not locked: the caller serialises every call (files.c holds its lock).
 */
#ifndef TEEBOX_PRELOAD_MAPS_H
#define TEEBOX_PRELOAD_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * pl_maps_add() - record that [@start, @start + @len) maps @owner
 * @len is rounded up to whole pages; the range must be mapped by nothing
 * recorded (cut it first).
 * Return: 0 or -ENOMEM.
 */
int pl_maps_add(uintptr_t start, size_t len, void *owner);

/**
 * pl_maps_cut() - [@start, @start + @len) no longer maps what it mapped:
 * it was unmapped, or mapped over
 * @start:	page aligned
 * @len:	rounded up to whole pages
 * @gone:	called, once each, for every owner that has no mapping left
 *		afterwards (the owner is only compared after that call)
 * @ctx:	for @gone
 *
 * A range cut in its middle becomes two.  When there is no memory for
 * the second, the range is left whole: the owner then stays alive until
 * all of it is unmapped, which is late but never early.
 */
void pl_maps_cut(uintptr_t start, size_t len,
		 void (*gone)(void *owner, void *ctx), void *ctx);

/**
 * pl_maps_owner() - what the recorded range holding @addr maps
 * Return: the owner, or NULL when @addr is in no recorded range.
 */
void *pl_maps_owner(uintptr_t addr);

/** pl_maps_mapped() - does @owner have a recorded range? */
bool pl_maps_mapped(const void *owner);

#endif
