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
#define TA_FLAG_INSTANCE_KEEP_ALIVE		    (1U << 4)
#define TA_FLAG_SECURE_DATA_PATH		    (1U << 5)
#define TA_FLAG_CACHE_MAINTENANCE		    (1U << 7)
#define TA_FLAG_CONCURRENT			    (1U << 8)
#define TA_FLAG_DEVICE_ENUM			    (1U << 9)
#define TA_FLAG_DEVICE_ENUM_SUPP		    (1U << 10)
#define TA_FLAG_DONT_CLOSE_HANDLE_ON_CORRUPT_OBJECT (1U << 11)
#define TA_FLAG_DEVICE_ENUM_TEE_STORAGE_PRIVATE	    (1U << 12)
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

/* The names of the TA's standard properties (TEE_PROPSET_CURRENT_TA). */
#define TA_PROP_STR_SINGLE_INSTANCE "gpd.ta.singleInstance"
#define TA_PROP_STR_MULTI_SESSION   "gpd.ta.multiSession"
#define TA_PROP_STR_KEEP_ALIVE	    "gpd.ta.instanceKeepAlive"
#define TA_PROP_STR_KEEP_CRASHED    "optee.ta.instanceKeepCrashed"
#define TA_PROP_STR_DATA_SIZE	    "gpd.ta.dataSize"
#define TA_PROP_STR_STACK_SIZE	    "gpd.ta.stackSize"
#define TA_PROP_STR_VERSION	    "gpd.ta.version"
#define TA_PROP_STR_DESCRIPTION	    "gpd.ta.description"
#define TA_PROP_STR_ENDIAN	    "gpd.ta.endian"
#define TA_PROP_STR_DOES_NOT_CLOSE_HANDLE_ON_CORRUPT_OBJECT                    \
	"gpd.ta.doesNotCloseHandleOnCorruptObject"

/*
 * The type of a TA property's value, and what @value of struct
 * user_ta_property points to (OP-TEE's numbering).
 */
enum user_ta_prop_type {
	USER_TA_PROP_TYPE_BOOL,		/* bool */
	USER_TA_PROP_TYPE_U32,		/* uint32_t */
	USER_TA_PROP_TYPE_UUID,		/* TEE_UUID */
	USER_TA_PROP_TYPE_IDENTITY,	/* TEE_Identity */
	USER_TA_PROP_TYPE_STRING,	/* a NUL-terminated string */
	USER_TA_PROP_TYPE_BINARY_BLOCK, /* its Base64, NUL-terminated */
	USER_TA_PROP_TYPE_U64,		/* uint64_t */
	USER_TA_PROP_TYPE_INVALID,
};

/**
 * struct user_ta_property - one property of the TA (OP-TEE's layout): an
 * entry of TA_CURRENT_TA_EXT_PROPERTIES is an initialiser of this
 * @name:	its name (not starting with "gpd.", GP's own)
 * @type:	USER_TA_PROP_TYPE_*
 * @value:	what the type says
 */
struct user_ta_property {
	const char *name;
	enum user_ta_prop_type type;
	const void *value;
};

/*
 * Defined in every TA by ta/user_ta_header.c.  ta_props[]: the TA's
 * properties in OP-TEE's order, the standard ones then
 * TA_CURRENT_TA_EXT_PROPERTIES (gpd.ta.appID is the runtime's).
 */
extern const struct user_ta_property ta_props[];
extern const size_t ta_num_props;
extern const struct ta_head ta_head;
/* TA_DATA_SIZE: the most TEE_Malloc() hands out at a time, in bytes. */
extern const size_t ta_heap_size;
/* TA_NO_SHARE_DATA_SIZE: the TEE_MALLOC_NO_SHARE pool, 0 for none. */
extern const size_t ta_no_share_heap_size;

#endif /* USER_TA_HEADER_H */
