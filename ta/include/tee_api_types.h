/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GlobalPlatform TEE Internal Core API: types.
 *
 * Layouts follow OP-TEE's public TA headers (docs/abi.md §7.2): a TA
 * built against OP-TEE's headers and one built against these see the same
 * sizes and offsets on LP64 and ILP32.  Handles are pointers to structs
 * that are never completed, so the compiler keeps the handle kinds apart
 * while their contents stay private to the implementation.
 *
 * Shared by TAs and the secure world: only freestanding headers.
 */
#ifndef TEE_API_TYPES_H
#define TEE_API_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tee_api_defines.h"

/* One of TEE_SUCCESS or TEE_ERROR_*. */
typedef uint32_t TEE_Result;

/*
 * A UUID in host byte order.  On the wire (the OP-TEE message protocol,
 * signed TA images) the same UUID travels as the 16 octets of RFC 4122,
 * the integer fields big-endian.
 */
typedef struct {
	uint32_t timeLow;
	uint16_t timeMid;
	uint16_t timeHiAndVersion;
	uint8_t clockSeqAndNode[8];
} TEE_UUID;

/* Who a client is: a TEE_LOGIN_* method and the UUID it implies (or nil). */
typedef struct {
	uint32_t login;
	TEE_UUID uuid;
} TEE_Identity;

/*
 * One parameter of a TA entry point or of TEE_InvokeTACommand().  Which
 * member is meaningful is given by the parameter's TEE_PARAM_TYPE_*.
 */
typedef union {
	struct {
		void *buffer;
		size_t size;
	} memref;
	struct {
		uint32_t a;
		uint32_t b;
	} value;
} TEE_Param;

/*
 * TEE_Param as GP 1.1 had it: memref.size a uint32_t.  A TA built with
 * __OPTEE_CORE_API_COMPAT_1_1 sees it as TEE_Param (tee_api_compat.h).
 */
typedef union {
	struct {
		void *buffer;
		uint32_t size;
	} memref;
	struct {
		uint32_t a;
		uint32_t b;
	} value;
} __GP11_TEE_Param;

/* Opaque handles (see the file comment). */
typedef struct __TEE_TASessionHandle *TEE_TASessionHandle;
typedef struct __TEE_PropSetHandle *TEE_PropSetHandle;
typedef struct __TEE_ObjectHandle *TEE_ObjectHandle;
typedef struct __TEE_ObjectEnumHandle *TEE_ObjectEnumHandle;
typedef struct __TEE_OperationHandle *TEE_OperationHandle;

/* A TEE_ORIGIN_* value. */
typedef uint32_t TEE_ErrorOrigin;

/* A TEE_TYPE_* value. */
typedef uint32_t TEE_ObjectType;

/* A TEE_DATA_SEEK_* value. */
typedef uint32_t TEE_Whence;

/* A TEE_MODE_* value. */
typedef uint32_t TEE_OperationMode;

/*
 * An object attribute: a buffer reference or a pair of values, selected by
 * TEE_ATTR_FLAG_VALUE in @attributeID.
 */
typedef struct {
	uint32_t attributeID;
	union {
		struct {
			void *buffer;
			size_t length;
		} ref;
		struct {
			uint32_t a, b;
		} value;
	} content;
} TEE_Attribute;

/* What TEE_GetObjectInfo1() reports (the 1.1.1+ layout, sizes in size_t). */
typedef struct {
	uint32_t objectType;
	uint32_t objectSize;
	uint32_t maxObjectSize;
	uint32_t objectUsage;
	size_t dataSize;
	size_t dataPosition;
	uint32_t handleFlags;
} TEE_ObjectInfo;

/* TEE_Attribute as GP 1.1 had it: content.ref.length a uint32_t. */
typedef struct {
	uint32_t attributeID;
	union {
		struct {
			void *buffer;
			uint32_t length;
		} ref;
		struct {
			uint32_t a, b;
		} value;
	} content;
} __GP11_TEE_Attribute;

/*
 * TEE_ObjectInfo as GP 1.1 had it: key sizes under their old names, data
 * size and position as uint32_t.
 */
typedef struct {
	uint32_t objectType;
	uint32_t keySize;
	uint32_t maxKeySize;
	uint32_t objectUsage;
	uint32_t dataSize;
	uint32_t dataPosition;
	uint32_t handleFlags;
} __GP11_TEE_ObjectInfo;

/* What TEE_GetOperationInfo() reports. */
typedef struct {
	uint32_t algorithm;
	uint32_t operationClass;
	uint32_t mode;
	uint32_t digestLength;
	uint32_t maxKeySize;
	uint32_t keySize;
	uint32_t requiredKeyUsage;
	uint32_t handleState;
} TEE_OperationInfo;

/* One key's entry in TEE_OperationInfoMultiple. */
typedef struct {
	uint32_t keySize;
	uint32_t requiredKeyUsage;
} TEE_OperationInfoKey;

/* What TEE_GetOperationInfoMultiple() reports: @numberOfKeys entries. */
typedef struct {
	uint32_t algorithm;
	uint32_t operationClass;
	uint32_t mode;
	uint32_t digestLength;
	uint32_t maxKeySize;
	uint32_t handleState;
	uint32_t operationState;
	uint32_t numberOfKeys;
	TEE_OperationInfoKey keyInformation[];
} TEE_OperationInfoMultiple;

/* A point in time or a duration: seconds and milliseconds. */
typedef struct {
	uint32_t seconds;
	uint32_t millis;
} TEE_Time;

/* Arithmetic API storage units. */
typedef uint32_t TEE_BigInt;
typedef uint32_t TEE_BigIntFMM;
typedef uint32_t TEE_BigIntFMMContext;

#endif /* TEE_API_TYPES_H */
