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
 * gpd.ta.description and gpd.ta.version), TA_NO_SHARE_DATA_SIZE (the
 * TEE_MALLOC_NO_SHARE pool, in bytes), and TA_CURRENT_TA_EXT_PROPERTIES,
 * more properties: initialisers of struct user_ta_property separated by
 * commas.
 *
 * A TA built for GP 1.1 (__OPTEE_CORE_API_COMPAT_1_1, tee_api_compat.h)
 * implements __GP11_TA_OpenSessionEntryPoint and
 * __GP11_TA_InvokeCommandEntryPoint; compiled with the same switch, this
 * file then supplies the entry points the runtime calls, which convert
 * the parameters, as OP-TEE's ta/user_ta_header.c does.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tee_internal_api.h>
#include <user_ta_header.h>

/* Said here, not as a missing-file error deep inside the SDK. */
#if !__has_include(<user_ta_header_defines.h>)
#error "this TA has no user_ta_header_defines.h on its include path: write one (TA_UUID, TA_FLAGS, TA_STACK_SIZE, TA_DATA_SIZE; see docs/ta-developer-guide.md) in the TA's directory, or add its directory with add_teebox_ta(... INCLUDES dir)"
#else /* the rest of this file */
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

/* The TEE_MALLOC_NO_SHARE pool: none unless the TA asks, as OP-TEE. */
#ifdef TA_NO_SHARE_DATA_SIZE
_Static_assert((TA_NO_SHARE_DATA_SIZE) >= 1024,
	       "TA_NO_SHARE_DATA_SIZE too small (OP-TEE's minimum: 1024)");
const size_t ta_no_share_heap_size = TA_NO_SHARE_DATA_SIZE;
#else
const size_t ta_no_share_heap_size;
#endif

#ifndef TA_DESCRIPTION
#define TA_DESCRIPTION "Undefined description"
#endif
#ifndef TA_VERSION
#define TA_VERSION "Undefined version"
#endif

#define TA_FLAG_PROP(flag) (&(const bool){((TA_FLAGS) & (flag)) != 0})

/* OP-TEE's order (ABI-FACTS-INTERNAL.md §4.2). */
const struct user_ta_property ta_props[] = {
	{TA_PROP_STR_SINGLE_INSTANCE, USER_TA_PROP_TYPE_BOOL,
	 TA_FLAG_PROP(TA_FLAG_SINGLE_INSTANCE)},
	{TA_PROP_STR_MULTI_SESSION, USER_TA_PROP_TYPE_BOOL,
	 TA_FLAG_PROP(TA_FLAG_MULTI_SESSION)},
	{TA_PROP_STR_KEEP_ALIVE, USER_TA_PROP_TYPE_BOOL,
	 TA_FLAG_PROP(TA_FLAG_INSTANCE_KEEP_ALIVE)},
	{TA_PROP_STR_KEEP_CRASHED, USER_TA_PROP_TYPE_BOOL,
	 TA_FLAG_PROP(TA_FLAG_INSTANCE_KEEP_CRASHED)},
	{TA_PROP_STR_DATA_SIZE, USER_TA_PROP_TYPE_U32,
	 &(const uint32_t){TA_DATA_SIZE}},
	{TA_PROP_STR_STACK_SIZE, USER_TA_PROP_TYPE_U32,
	 &(const uint32_t){TA_STACK_SIZE}},
	{TA_PROP_STR_VERSION, USER_TA_PROP_TYPE_STRING, TA_VERSION},
	{TA_PROP_STR_DESCRIPTION, USER_TA_PROP_TYPE_STRING, TA_DESCRIPTION},
	/* Little-endian: the only kind teebox runs on. */
	{TA_PROP_STR_ENDIAN, USER_TA_PROP_TYPE_U32, &(const uint32_t){0}},
	{TA_PROP_STR_DOES_NOT_CLOSE_HANDLE_ON_CORRUPT_OBJECT,
	 USER_TA_PROP_TYPE_BOOL,
	 TA_FLAG_PROP(TA_FLAG_DONT_CLOSE_HANDLE_ON_CORRUPT_OBJECT)},
#ifdef TA_CURRENT_TA_EXT_PROPERTIES
	TA_CURRENT_TA_EXT_PROPERTIES
#endif
};

const size_t ta_num_props = sizeof(ta_props) / sizeof(ta_props[0]);

#if __OPTEE_CORE_API_COMPAT_1_1
/* The 1.3.1 names again, for the entry points the runtime calls. */
#undef TA_OpenSessionEntryPoint
#undef TA_InvokeCommandEntryPoint
#undef TEE_Param

TEE_Result TA_OpenSessionEntryPoint(uint32_t paramTypes,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sessionContext)
{
	return __ta_open_sess(paramTypes, params, sessionContext,
			      __GP11_TA_OpenSessionEntryPoint);
}

TEE_Result TA_InvokeCommandEntryPoint(void *sessionContext, uint32_t commandID,
				      uint32_t paramTypes,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	return __ta_invoke_cmd(sessionContext, commandID, paramTypes, params,
			       __GP11_TA_InvokeCommandEntryPoint);
}
#endif
#endif /* has user_ta_header_defines.h */
