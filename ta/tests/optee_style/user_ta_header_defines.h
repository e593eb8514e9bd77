/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_optee_style, declared as OP-TEE's examples declare their TAs. */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#include "ta_optee_style.h"

#define TA_UUID TA_TEST_OPTEE_STYLE_UUID

#define TA_FLAGS                                                               \
	(TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION |                     \
	 TA_FLAG_INSTANCE_KEEP_ALIVE)
#define TA_STACK_SIZE (2 * 1024)
#define TA_DATA_SIZE  (32 * 1024)

#define TA_VERSION     "1.0"
#define TA_DESCRIPTION "OP-TEE style test TA"

/* clang-format off */
#define TA_CURRENT_TA_EXT_PROPERTIES \
	{ TA_OPTEE_STYLE_PROP_STRING, USER_TA_PROP_TYPE_STRING, \
	  "Some string" }, \
	{ TA_OPTEE_STYLE_PROP_U32, USER_TA_PROP_TYPE_U32, \
	  &(const uint32_t){ 0x0010 } }, \
	{ TA_OPTEE_STYLE_PROP_BOOL, USER_TA_PROP_TYPE_BOOL, \
	  &(const bool){ true } }, \
	{ TA_OPTEE_STYLE_PROP_U64, USER_TA_PROP_TYPE_U64, \
	  &(const uint64_t){ 0x123456789abcdef0 } }, \
	{ TA_OPTEE_STYLE_PROP_BINARY, USER_TA_PROP_TYPE_BINARY_BLOCK, \
	  "aGVsbG8=" }, \
	{ TA_OPTEE_STYLE_PROP_UUID, USER_TA_PROP_TYPE_UUID, \
	  &(const TEE_UUID){ 0x01234567, 0x89ab, 0xcdef, \
			     { 0, 1, 2, 3, 4, 5, 6, 7 } } }
/* clang-format on */

#endif
