/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE libutils' <types_ext.h>: address types and their printf
 * formats, with the same names.  A teebox TA is a process of this
 * machine, so every address is a uintptr_t.
 */
#ifndef TEEBOX_TA_TYPES_EXT_H
#define TEEBOX_TA_TYPES_EXT_H

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

/* A user-space (TA) virtual address. */
typedef uintptr_t uaddr_t;
#define PRIxUA PRIxPTR

/* A virtual address. */
typedef uintptr_t vaddr_t;
#define PRIxVA PRIxPTR

/* A physical address and a size in physical address space. */
typedef uintptr_t paddr_t;
typedef uintptr_t paddr_size_t;
#define PADDR_MAX	 UINTPTR_MAX
#define PADDR_SIZE_MAX	 UINTPTR_MAX
#define PRIxPA		 PRIxPTR
#define PRIxPASZ	 PRIxPTR
#define __SIZEOF_PADDR__ __SIZEOF_POINTER__

/* Hex digits of a full-width address, for "%0*" PRIxVA. */
#define PRIxVA_WIDTH ((int)(sizeof(vaddr_t) * 2))
#define PRIxPA_WIDTH ((int)(sizeof(paddr_t) * 2))

#endif /* TEEBOX_TA_TYPES_EXT_H */
