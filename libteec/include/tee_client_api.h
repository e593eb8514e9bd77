/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: the GlobalPlatform TEE Client API (tee_client_api.h).
 *
 * Our own text of the GlobalPlatform TEE Client API v1.0 header, with the
 * struct layouts of OP-TEE's libteec (docs/abi.md §6): applications allocate
 * these structs themselves, so their sizes are part of the binary
 * interface, and a program built against OP-TEE's header must work with
 * this library and the other way round.  The "imp" members belong to the
 * implementation; applications do not touch them.
 */
#ifndef TEE_CLIENT_API_H
#define TEE_CLIENT_API_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parameters per operation. */
#define TEEC_CONFIG_PAYLOAD_REF_COUNT 4

/* Largest shared memory block; OP-TEE sets no limit of its own. */
#define TEEC_CONFIG_SHAREDMEM_MAX_SIZE ULONG_MAX

/* Parameter types, one 4-bit field per parameter of paramTypes. */
#define TEEC_NONE		   0x00000000
#define TEEC_VALUE_INPUT	   0x00000001
#define TEEC_VALUE_OUTPUT	   0x00000002
#define TEEC_VALUE_INOUT	   0x00000003
#define TEEC_MEMREF_TEMP_INPUT	   0x00000005
#define TEEC_MEMREF_TEMP_OUTPUT	   0x00000006
#define TEEC_MEMREF_TEMP_INOUT	   0x00000007
#define TEEC_MEMREF_WHOLE	   0x0000000C
#define TEEC_MEMREF_PARTIAL_INPUT  0x0000000D
#define TEEC_MEMREF_PARTIAL_OUTPUT 0x0000000E
#define TEEC_MEMREF_PARTIAL_INOUT  0x0000000F

/*
 * Shared memory flags, TEEC_SharedMemory.flags: the direction(s) in which
 * the Trusted Application uses the memory.  (Older OP-TEE clients also had
 * TEEC_MEM_DMABUF 0x00010000 and TEEC_MEM_KAPI 0x00020000; the current
 * header has neither.)
 */
#define TEEC_MEM_INPUT	0x00000001
#define TEEC_MEM_OUTPUT 0x00000002

/* Return codes, TEEC_Result. */
#define TEEC_SUCCESS		   0x00000000
#define TEEC_ERROR_GENERIC	   0xFFFF0000
#define TEEC_ERROR_ACCESS_DENIED   0xFFFF0001
#define TEEC_ERROR_CANCEL	   0xFFFF0002
#define TEEC_ERROR_ACCESS_CONFLICT 0xFFFF0003
#define TEEC_ERROR_EXCESS_DATA	   0xFFFF0004
#define TEEC_ERROR_BAD_FORMAT	   0xFFFF0005
#define TEEC_ERROR_BAD_PARAMETERS  0xFFFF0006
#define TEEC_ERROR_BAD_STATE	   0xFFFF0007
#define TEEC_ERROR_ITEM_NOT_FOUND  0xFFFF0008
#define TEEC_ERROR_NOT_IMPLEMENTED 0xFFFF0009
#define TEEC_ERROR_NOT_SUPPORTED   0xFFFF000A
#define TEEC_ERROR_NO_DATA	   0xFFFF000B
#define TEEC_ERROR_OUT_OF_MEMORY   0xFFFF000C
#define TEEC_ERROR_BUSY		   0xFFFF000D
#define TEEC_ERROR_COMMUNICATION   0xFFFF000E
#define TEEC_ERROR_SECURITY	   0xFFFF000F
#define TEEC_ERROR_SHORT_BUFFER	   0xFFFF0010

/*
 * Codes OP-TEE's client header adds.  The TEE_ERROR_* names are the TEE
 * Internal Core API's; they are defined only where that header has not
 * already done so.
 */
#define TEEC_ERROR_STORAGE_NOT_AVAILABLE 0xF0100003
/* Deprecated. */
#define TEEC_ERROR_EXTERNAL_CANCEL 0xFFFF0011
#define TEEC_ERROR_TARGET_DEAD	   0xFFFF3024
/* Deprecated. */
#define TEEC_ERROR_STORAGE_NO_SPACE 0xFFFF3041

#ifndef TEE_ERROR_EXTERNAL_CANCEL
#define TEE_ERROR_EXTERNAL_CANCEL 0xFFFF0011 /* deprecated */
#endif
#ifndef TEE_ERROR_OVERFLOW
#define TEE_ERROR_OVERFLOW 0xFFFF300F
#endif
#ifndef TEE_ERROR_TARGET_DEAD
#define TEE_ERROR_TARGET_DEAD 0xFFFF3024
#endif
#ifndef TEE_ERROR_STORAGE_NO_SPACE
#define TEE_ERROR_STORAGE_NO_SPACE 0xFFFF3041 /* deprecated */
#endif
#ifndef TEE_ERROR_MAC_INVALID
#define TEE_ERROR_MAC_INVALID 0xFFFF3071
#endif
#ifndef TEE_ERROR_SIGNATURE_INVALID
#define TEE_ERROR_SIGNATURE_INVALID 0xFFFF3072
#endif
#ifndef TEE_ERROR_TIME_NOT_SET
#define TEE_ERROR_TIME_NOT_SET 0xFFFF5000
#endif
#ifndef TEE_ERROR_TIME_NEEDS_RESET
#define TEE_ERROR_TIME_NEEDS_RESET 0xFFFF5001
#endif

/* Where a return code came from (returnOrigin). */
#define TEEC_ORIGIN_API		0x00000001 /* this library */
#define TEEC_ORIGIN_COMMS	0x00000002 /* the transport to the TEE */
#define TEEC_ORIGIN_TEE		0x00000003 /* the TEE itself */
#define TEEC_ORIGIN_TRUSTED_APP 0x00000004 /* the Trusted Application */

/* Login methods, connectionMethod of TEEC_OpenSession(). */
#define TEEC_LOGIN_PUBLIC	     0x00000000
#define TEEC_LOGIN_USER		     0x00000001
#define TEEC_LOGIN_GROUP	     0x00000002
#define TEEC_LOGIN_APPLICATION	     0x00000004
#define TEEC_LOGIN_USER_APPLICATION  0x00000005
#define TEEC_LOGIN_GROUP_APPLICATION 0x00000006

/*
 * Builds paramTypes from the types of parameters 0..3 (TEEC_NONE,
 * TEEC_VALUE_*, TEEC_MEMREF_*).
 */
#define TEEC_PARAM_TYPES(p0, p1, p2, p3)                                       \
	((p0) | ((p1) << 4) | ((p2) << 8) | ((p3) << 12))

/* The type of parameter @i (0..3) in paramTypes @p. */
#define TEEC_PARAM_TYPE_GET(p, i) (((p) >> ((i)*4)) & 0xF)

/* A return code: TEEC_SUCCESS or TEEC_ERROR_*. */
typedef uint32_t TEEC_Result;

/**
 * struct TEEC_Context - a connection to a TEE
 * @imp:		implementation data
 * @imp.fd:		file descriptor of the TEE device
 * @imp.reg_mem:	the device can register application memory
 * @imp.memref_null:	the device accepts memory references without a
 *			buffer
 */
typedef struct TEEC_Context {
	struct {
		int fd;
		bool reg_mem;
		bool memref_null;
	} imp;
} TEEC_Context;

/**
 * struct TEEC_UUID - identifies a Trusted Application (RFC 4122 fields)
 * @timeLow:		time_low
 * @timeMid:		time_mid
 * @timeHiAndVersion:	time_hi_and_version
 * @clockSeqAndNode:	clock_seq_hi_and_reserved, clock_seq_low and node
 */
typedef struct TEEC_UUID {
	uint32_t timeLow;
	uint16_t timeMid;
	uint16_t timeHiAndVersion;
	uint8_t clockSeqAndNode[8];
} TEEC_UUID;

/**
 * struct TEEC_SharedMemory - memory shared with a Trusted Application
 * @buffer:		start of the memory (set by the application before
 *			TEEC_RegisterSharedMemory(), by the library in
 *			TEEC_AllocateSharedMemory())
 * @size:		size in bytes
 * @flags:		TEEC_MEM_INPUT and/or TEEC_MEM_OUTPUT
 * @imp:		implementation data
 * @imp.id:		shared memory id of the TEE device
 * @imp.alloced_size:	bytes actually allocated or registered
 * @imp.shadow_buffer:	the library's copy when @buffer could not be
 *			registered directly
 * @imp.registered_fd:	file descriptor of the shared memory, or -1
 * @imp.flags:		implementation flags
 */
typedef struct TEEC_SharedMemory {
	void *buffer;
	size_t size;
	uint32_t flags;
	struct {
		int id;
		size_t alloced_size;
		void *shadow_buffer;
		int registered_fd;
		uint32_t flags;
	} imp;
} TEEC_SharedMemory;

/**
 * struct TEEC_TempMemoryReference - application memory for one operation
 * @buffer:	start of the memory, or NULL
 * @size:	size in bytes; updated with the size the TA wrote or needs
 */
typedef struct TEEC_TempMemoryReference {
	void *buffer;
	size_t size;
} TEEC_TempMemoryReference;

/**
 * struct TEEC_RegisteredMemoryReference - part of a TEEC_SharedMemory
 * @parent:	the shared memory
 * @size:	size of the part in bytes (all of it for TEEC_MEMREF_WHOLE);
 *		updated with the size the TA wrote or needs
 * @offset:	offset of the part (ignored for TEEC_MEMREF_WHOLE)
 */
typedef struct TEEC_RegisteredMemoryReference {
	TEEC_SharedMemory *parent;
	size_t size;
	size_t offset;
} TEEC_RegisteredMemoryReference;

/**
 * struct TEEC_Value - two small integers passed by value
 * @a:	first value
 * @b:	second value
 */
typedef struct TEEC_Value {
	uint32_t a;
	uint32_t b;
} TEEC_Value;

/**
 * union TEEC_Parameter - one parameter of an operation
 * @tmpref:	for TEEC_MEMREF_TEMP_*
 * @memref:	for TEEC_MEMREF_WHOLE and TEEC_MEMREF_PARTIAL_*
 * @value:	for TEEC_VALUE_*
 */
typedef union TEEC_Parameter {
	TEEC_TempMemoryReference tmpref;
	TEEC_RegisteredMemoryReference memref;
	TEEC_Value value;
} TEEC_Parameter;

/**
 * struct TEEC_Session - a session with a Trusted Application
 * @imp:		implementation data
 * @imp.ctx:		context the session was opened in
 * @imp.session_id:	session id of the TEE
 */
typedef struct TEEC_Session {
	struct {
		struct TEEC_Context *ctx;
		uint32_t session_id;
	} imp;
} TEEC_Session;

/**
 * struct TEEC_Operation - the parameters of an open session or invoke
 * @started:		0 before the operation starts, so that
 *			TEEC_RequestCancellation() can tell it has not begun
 * @paramTypes:		TEEC_PARAM_TYPES() of @params
 * @params:		the parameters
 * @imp:		implementation data
 * @imp.session:	session the operation runs in
 */
typedef struct TEEC_Operation {
	uint32_t started;
	uint32_t paramTypes;
	TEEC_Parameter params[TEEC_CONFIG_PAYLOAD_REF_COUNT];
	struct {
		struct TEEC_Session *session;
	} imp;
} TEEC_Operation;

/**
 * TEEC_InitializeContext() - connect to a TEE
 * @name:	TEE to connect to; NULL for any GlobalPlatform TEE,
 *		"optee-tz" for OP-TEE
 * @context:	context to initialize
 *
 * Opens the first matching TEE device and records its capabilities in
 * @context.
 *
 * Return: TEEC_SUCCESS; TEEC_ERROR_ITEM_NOT_FOUND when no TEE matches
 * @name; another TEEC_ERROR_* code on failure.
 */
TEEC_Result TEEC_InitializeContext(const char *name, TEEC_Context *context);

/**
 * TEEC_FinalizeContext() - disconnect from a TEE
 * @context:	context from TEEC_InitializeContext(); NULL is ignored
 *
 * All sessions and shared memory of @context must be closed and released
 * first.
 */
void TEEC_FinalizeContext(TEEC_Context *context);

/**
 * TEEC_OpenSession() - open a session with a Trusted Application
 * @context:		an initialized context
 * @session:		session to fill in
 * @destination:	UUID of the Trusted Application
 * @connectionMethod:	TEEC_LOGIN_*
 * @connectionData:	for TEEC_LOGIN_GROUP and TEEC_LOGIN_GROUP_APPLICATION
 *			a pointer to the gid_t of the group, otherwise NULL
 * @operation:		parameters for the TA's open-session entry point, or
 *			NULL for none
 * @returnOrigin:	where to store the TEEC_ORIGIN_* of the result, or
 *			NULL
 *
 * Return: TEEC_SUCCESS with @session open, or the error from the library,
 * the transport, the TEE or the Trusted Application (see @returnOrigin).
 */
TEEC_Result TEEC_OpenSession(TEEC_Context *context, TEEC_Session *session,
			     const TEEC_UUID *destination,
			     uint32_t connectionMethod,
			     const void *connectionData,
			     TEEC_Operation *operation, uint32_t *returnOrigin);

/**
 * TEEC_CloseSession() - close a session
 * @session:	session from TEEC_OpenSession(); NULL is ignored
 */
void TEEC_CloseSession(TEEC_Session *session);

/**
 * TEEC_InvokeCommand() - run a command of a Trusted Application
 * @session:		an open session
 * @commandID:		the TA's command id
 * @operation:		parameters of the command, or NULL for none
 * @returnOrigin:	where to store the TEEC_ORIGIN_* of the result, or
 *			NULL
 *
 * Output values and memory reference sizes are written back to
 * @operation.
 *
 * Return: TEEC_SUCCESS, or the error from the library, the transport, the
 * TEE or the Trusted Application (see @returnOrigin).
 */
TEEC_Result TEEC_InvokeCommand(TEEC_Session *session, uint32_t commandID,
			       TEEC_Operation *operation,
			       uint32_t *returnOrigin);

/**
 * TEEC_RegisterSharedMemory() - share application memory with the TEE
 * @context:	an initialized context
 * @sharedMem:	buffer, size and flags set by the caller
 *
 * Return: TEEC_SUCCESS; TEEC_ERROR_BAD_PARAMETERS for bad arguments;
 * TEEC_ERROR_OUT_OF_MEMORY or another TEEC_ERROR_* code on failure.
 * Release with TEEC_ReleaseSharedMemory().
 */
TEEC_Result TEEC_RegisterSharedMemory(TEEC_Context *context,
				      TEEC_SharedMemory *sharedMem);

/**
 * TEEC_AllocateSharedMemory() - allocate memory shared with the TEE
 * @context:	an initialized context
 * @sharedMem:	size and flags set by the caller; buffer set on return
 *
 * Return: TEEC_SUCCESS; TEEC_ERROR_OUT_OF_MEMORY or another TEEC_ERROR_*
 * code on failure.  The library owns the buffer; release it with
 * TEEC_ReleaseSharedMemory().
 */
TEEC_Result TEEC_AllocateSharedMemory(TEEC_Context *context,
				      TEEC_SharedMemory *sharedMem);

/**
 * TEEC_ReleaseSharedMemory() - stop sharing memory with the TEE
 * @sharedMemory:	memory from TEEC_RegisterSharedMemory() or
 *			TEEC_AllocateSharedMemory(); NULL is ignored
 *
 * Allocated memory is freed; registered memory goes back to the
 * application.
 */
void TEEC_ReleaseSharedMemory(TEEC_SharedMemory *sharedMemory);

/**
 * TEEC_RequestCancellation() - ask the TEE to cancel an operation
 * @operation:	operation running in TEEC_OpenSession() or
 *		TEEC_InvokeCommand() on another thread
 *
 * Only a request: the operation may still complete normally.
 */
void TEEC_RequestCancellation(TEEC_Operation *operation);

#ifdef __cplusplus
}
#endif

#endif /* TEE_CLIENT_API_H */
