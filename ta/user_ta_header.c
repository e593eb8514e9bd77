// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA header, compiled into every TA from the TA's own
 * user_ta_header_defines.h (found on the TA's include path), which
 * defines, as in OP-TEE:
 *
 *   TA_UUID		the UUID, a TEE_UUID initialiser
 *   TA_FLAGS		TA_FLAG_* (user_ta_header.h)
 *   TA_STACK_SIZE	the stack the entry points run on, in bytes
 *   TA_DATA_SIZE	the TEE_Malloc heap, in bytes
 *
 * and may define TA_DESCRIPTION and TA_VERSION, strings (the properties
 * gpd.ta.description and gpd.ta.version).
 */
#include <stddef.h>
#include <stdint.h>

#include <user_ta_header.h>
#include <user_ta_header_defines.h>

#ifndef TA_UUID
#error "user_ta_header_defines.h must define TA_UUID"
#endif
#ifndef TA_FLAGS
#error "user_ta_header_defines.h must define TA_FLAGS"
#endif
#ifndef TA_STACK_SIZE
#error "user_ta_header_defines.h must define TA_STACK_SIZE"
#endif
#ifndef TA_DATA_SIZE
#error "user_ta_header_defines.h must define TA_DATA_SIZE"
#endif

_Static_assert(((TA_FLAGS) & ~TA_FLAGS_MASK) == 0, "TA_FLAGS: unknown flag");
_Static_assert((TA_STACK_SIZE) > 0 && (TA_STACK_SIZE) <= UINT32_MAX,
	       "TA_STACK_SIZE out of range");
_Static_assert((TA_DATA_SIZE) > 0, "TA_DATA_SIZE out of range");

const struct ta_head ta_head __attribute__((section(".ta_head"), used)) = {
	.uuid = TA_UUID,
	.stack_size = TA_STACK_SIZE,
	.flags = TA_FLAGS,
	.depr_entry = UINT64_MAX,
};

const size_t ta_heap_size = TA_DATA_SIZE;

#ifdef TA_DESCRIPTION
const char *const ta_description = TA_DESCRIPTION;
#else
const char *const ta_description = NULL;
#endif

#ifdef TA_VERSION
const char *const ta_version = TA_VERSION;
#else
const char *const ta_version = NULL;
#endif
