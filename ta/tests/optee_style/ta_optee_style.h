/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_optee_style: a TA written as for OP-TEE's dev kit (implicit
 * headers, extension properties, instance data).  Its commands:
 */
#ifndef TA_OPTEE_STYLE_H
#define TA_OPTEE_STYLE_H

/* [0] VALUE_INPUT a: TEE_SetInstanceData() to a TEE_Malloc'd copy of a. */
#define TA_OPTEE_STYLE_CMD_SET_INSTANCE 0
/* [0] VALUE_OUTPUT a = the instance data's value, b = 1 if set, else 0. */
#define TA_OPTEE_STYLE_CMD_GET_INSTANCE 1
/*
 * [0] MEMREF_OUTPUT: a line built from the dev-kit headers' macros with
 * snprintf (see the TA; the client knows the values from OP-TEE).
 */
#define TA_OPTEE_STYLE_CMD_HEADERS 2
/*
 * [0] VALUE_INPUT a = 0 for TEE_PROPSET_CURRENT_TA, 1 for
 * TEE_PROPSET_TEE_IMPLEMENTATION; [1] MEMREF_OUTPUT "name=value\n" for
 * each property, the value from TEE_GetPropertyAsString().
 */
#define TA_OPTEE_STYLE_CMD_PROPERTIES 3
/*
 * The extension properties through their own getters: [0] VALUE_OUTPUT
 * a = the U32 one, b = the BOOL one; [1] VALUE_OUTPUT a, b = the U64
 * one's low and high halves; [2] MEMREF_OUTPUT the BINARY_BLOCK one.
 */
#define TA_OPTEE_STYLE_CMD_EXT_VALUES 4
/*
 * An AES-128 key restricted with TEE_RestrictObjectUsage() to
 * ENCRYPT | MAC, copied with TEE_CopyObjectAttributes(), both read with
 * TEE_GetObjectInfo(): [0] VALUE_OUTPUT a = the key's objectUsage, b =
 * its objectSize; [1] VALUE_OUTPUT a = the copy's objectUsage, b = its
 * handleFlags.
 */
#define TA_OPTEE_STYLE_CMD_GP10_OBJECTS 5

/* The TA's extension properties (user_ta_header_defines.h). */
#define TA_OPTEE_STYLE_PROP_STRING "org.teebox.test.string"
#define TA_OPTEE_STYLE_PROP_U32	   "org.teebox.test.u32"
#define TA_OPTEE_STYLE_PROP_BOOL   "org.teebox.test.bool"
#define TA_OPTEE_STYLE_PROP_U64	   "org.teebox.test.u64"
#define TA_OPTEE_STYLE_PROP_BINARY "org.teebox.test.binary"
#define TA_OPTEE_STYLE_PROP_UUID   "org.teebox.test.uuid"

#endif
