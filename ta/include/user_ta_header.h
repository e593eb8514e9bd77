/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA header: what a TA tells the trusted OS about itself.
 *
 * Every TA is linked with ta/user_ta_header.c, which builds `ta_head` from
 * the TA's user_ta_header_defines.h (TA_UUID, TA_FLAGS, TA_STACK_SIZE,
 * TA_DATA_SIZE) and places it in the ELF section ".ta_head" (OP-TEE's
 * layout, docs/abi.md §8): the signing tool reads the UUID there, and the
 * runtime reports it to the secure world when the TA process starts.
 */
#ifndef USER_TA_HEADER_H
#define USER_TA_HEADER_H

#include <stddef.h>
#include <stdint.h>

#include "tee_api_types.h"

/* Kept for TAs written for old OP-TEE releases; they mean nothing now. */
#define TA_FLAG_USER_MODE 0
#define TA_FLAG_EXEC_DDR  0

/* One instance serves every session (else one instance per session). */
#define TA_FLAG_SINGLE_INSTANCE (1U << 2)
/* A single instance accepts more than one session at a time. */
#define TA_FLAG_MULTI_SESSION (1U << 3)
/* A single instance stays alive when its last session closes. */
#define TA_FLAG_INSTANCE_KEEP_ALIVE (1U << 4)
#define TA_FLAG_SECURE_DATA_PATH    (1U << 5)
#define TA_FLAG_CACHE_MAINTENANCE   (1U << 7)
#define TA_FLAG_CONCURRENT	    (1U << 8)
#define TA_FLAG_DEVICE_ENUM	    (1U << 9)
#define TA_FLAG_DEVICE_ENUM_SUPP    (1U << 10)
/* A crashed keep-alive instance stays dead (no restart) until reboot. */
#define TA_FLAG_INSTANCE_KEEP_CRASHED (1U << 13)

/* Bits 13:0: the flags a TA may set. */
#define TA_FLAGS_MASK 0x00003fffU

/**
 * struct ta_head - the first bytes of a TA's ".ta_head" section
 * @uuid:	the TA's UUID (host byte order)
 * @stack_size:	TA_STACK_SIZE: the stack the entry points run on
 * @flags:	TA_FLAGS: TA_FLAG_*
 * @depr_entry:	unused (an entry address in old OP-TEE), UINT64_MAX
 */
struct ta_head {
	TEE_UUID uuid;
	uint32_t stack_size;
	uint32_t flags;
	uint64_t depr_entry;
};

_Static_assert(sizeof(struct ta_head) == 32, "ta_head is ABI");
_Static_assert(offsetof(struct ta_head, stack_size) == 16, "ta_head is ABI");
_Static_assert(offsetof(struct ta_head, flags) == 20, "ta_head is ABI");
_Static_assert(offsetof(struct ta_head, depr_entry) == 24, "ta_head is ABI");

/* Defined in every TA by ta/user_ta_header.c. */
extern const struct ta_head ta_head;
/* TA_DATA_SIZE: the most TEE_Malloc() hands out at a time, in bytes. */
extern const size_t ta_heap_size;
/*
 * TA_DESCRIPTION and TA_VERSION, strings a TA may define (OP-TEE
 * convention), or NULL: the properties gpd.ta.description and
 * gpd.ta.version.
 */
extern const char *const ta_description;
extern const char *const ta_version;

#endif /* USER_TA_HEADER_H */
