/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Heap allocation for the kernel-side code, with accounting.
 *
 * Every allocation is counted so that tests can prove an error path left
 * nothing behind (kmem_live() back to where it was), and a test can make
 * the Nth allocation from now fail to reach the -ENOMEM paths.
 */
#ifndef TEEBOX_KERNEL_ALLOC_H
#define TEEBOX_KERNEL_ALLOC_H

#include <stddef.h>

/**
 * kmalloc() - allocate @size bytes
 * Return: NULL on failure (or when fault injection says so).
 */
void *kmalloc(size_t size);

/** kzalloc() - allocate @size zeroed bytes, or NULL. */
void *kzalloc(size_t size);

/** kcalloc() - allocate @n zeroed elements of @size, or NULL on overflow. */
void *kcalloc(size_t n, size_t size);

/** kfree() - free memory from kmalloc/kzalloc/kcalloc; NULL is fine. */
void kfree(void *ptr);

/** kmem_live() - number of allocations not yet freed. */
long kmem_live(void);

/**
 * kmem_fail_nth() - make the @n-th allocation from now fail (1 = the next
 * one); 0 turns fault injection off.
 */
void kmem_fail_nth(long n);

#endif
