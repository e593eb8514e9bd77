/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel-style scalar types and small helpers for the code that mirrors
 * the kernel tree (drivers/tee, the OP-TEE driver).
 */
#ifndef TEEBOX_KERNEL_TYPES_H
#define TEEBOX_KERNEL_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

/* Addresses in the emulated machine's physical address space. */
typedef uint64_t phys_addr_t;

#define PAGE_SHIFT 12
#define PAGE_SIZE  (1UL << PAGE_SHIFT)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define BIT(n)		 (1UL << (n))
#define ALIGN_UP(x, a)	 (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a)-1))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a)-1)) == 0)

#define container_of(ptr, type, member)                                        \
	((type *)(void *)((char *)(ptr)-offsetof(type, member)))

#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))

#endif
