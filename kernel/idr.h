/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ID allocator: maps small integer ids to pointers and hands out the
 * lowest free id in a range, as the kernel's idr does.  Not locked: the
 * owner's lock protects it (the TEE core uses tee_device.mutex).
 */
#ifndef TEEBOX_KERNEL_IDR_H
#define TEEBOX_KERNEL_IDR_H

#include <stdbool.h>

struct idr_slot;

/**
 * struct idr - id to pointer map
 * @slots:	slot i holds id i
 * @capacity:	number of slots allocated
 * @count:	ids in use
 * @free_hint:	no id below this one is free
 */
struct idr {
	struct idr_slot *slots;
	int capacity;
	int count;
	int free_hint;
};

/** idr_init() - set up an empty map. */
void idr_init(struct idr *idr);

/** idr_destroy() - free the map's memory; entries are not touched. */
void idr_destroy(struct idr *idr);

/**
 * idr_alloc() - reserve the lowest free id in [@start, @end) for @ptr
 * @end:	0 or negative means no upper limit (INT_MAX)
 * @ptr may be NULL to reserve an id now and fill it with idr_replace().
 * Return: the id, -ENOSPC when the range is full, -ENOMEM, or -EINVAL for
 * a bad range.
 */
int idr_alloc(struct idr *idr, void *ptr, int start, int end);

/** idr_find() - the pointer stored for @id, or NULL. */
void *idr_find(const struct idr *idr, int id);

/** idr_replace() - store @ptr for an allocated @id; false if not allocated. */
bool idr_replace(struct idr *idr, void *ptr, int id);

/** idr_remove() - free @id; returns what it held (NULL if not allocated). */
void *idr_remove(struct idr *idr, int id);

/** idr_count() - number of ids in use. */
int idr_count(const struct idr *idr);

#endif
