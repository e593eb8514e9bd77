/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: the OP-TEE message protocol (drivers/tee/optee/optee_msg.h).
 *
 * The layout of the argument struct that CALL_WITH_ARG (and the RPC
 * requests) point to, its parameter encoding and the commands it carries.
 * Our own text; every number and layout is OP-TEE's, bit for bit
 * (docs/abi.md §4).  The layout follows current mainline; where the v16 seed
 * (2017) differed, a comment says how.  All fields are little-endian, as
 * on the machines OP-TEE runs on.
 */
#ifndef OPTEE_MSG_H
#define OPTEE_MSG_H

#include "kernel/types.h"

/*
 * Parameter attributes, optee_msg_param.attr (docs/abi.md §4.3).
 *
 *   bits 7:0	type, OPTEE_MSG_ATTR_TYPE_*
 *   bit 8	OPTEE_MSG_ATTR_META
 *   bit 9	OPTEE_MSG_ATTR_NONCONTIG
 *   bits 18:16	cache attributes, OPTEE_MSG_ATTR_CACHE_*
 */
#define OPTEE_MSG_ATTR_TYPE_NONE	 0x0
#define OPTEE_MSG_ATTR_TYPE_VALUE_INPUT	 0x1
#define OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT 0x2
#define OPTEE_MSG_ATTR_TYPE_VALUE_INOUT	 0x3
/* Registered memory (SMC ABI), u.rmem. */
#define OPTEE_MSG_ATTR_TYPE_RMEM_INPUT	0x5
#define OPTEE_MSG_ATTR_TYPE_RMEM_OUTPUT 0x6
#define OPTEE_MSG_ATTR_TYPE_RMEM_INOUT	0x7
/* FF-A memory, u.fmem: the same codes as RMEM, used by the FF-A ABI. */
#define OPTEE_MSG_ATTR_TYPE_FMEM_INPUT	OPTEE_MSG_ATTR_TYPE_RMEM_INPUT
#define OPTEE_MSG_ATTR_TYPE_FMEM_OUTPUT OPTEE_MSG_ATTR_TYPE_RMEM_OUTPUT
#define OPTEE_MSG_ATTR_TYPE_FMEM_INOUT	OPTEE_MSG_ATTR_TYPE_RMEM_INOUT
/* Temporary memory given by physical address, u.tmem. */
#define OPTEE_MSG_ATTR_TYPE_TMEM_INPUT	0x9
#define OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT 0xA
#define OPTEE_MSG_ATTR_TYPE_TMEM_INOUT	0xB

#define OPTEE_MSG_ATTR_TYPE_MASK 0xFFU

/*
 * Meta parameter: information for the trusted OS itself (the TA and client
 * UUIDs of OPEN_SESSION), not a parameter of the TA.
 */
#define OPTEE_MSG_ATTR_META (1U << 8)

/*
 * The TMEM buffer is not physically contiguous: buf_ptr points to a page
 * list (see below) instead of the buffer.  In v16 this bit was
 * OPTEE_MSG_ATTR_FRAGMENT, meaning "the buffer continues in the next TMEM
 * parameter"; page lists replaced fragment chains.
 */
#define OPTEE_MSG_ATTR_NONCONTIG (1U << 9)

/* Cache attributes of a memory parameter, bits 18:16 of attr. */
#define OPTEE_MSG_ATTR_CACHE_SHIFT 16
#define OPTEE_MSG_ATTR_CACHE_MASK  0x7U
/* The cache attributes of the predefined shared memory. */
#define OPTEE_MSG_ATTR_CACHE_PREDEFINED 0

/*
 * Page lists (OPTEE_MSG_ATTR_NONCONTIG, docs/abi.md §4.6).  tmem.buf_ptr is
 * the physical address of a 4 KiB-aligned list page, ORed with the byte
 * offset of the buffer in its first page.  A list page holds 511 physical
 * addresses of 4 KiB data pages (entries 0..510) and, in entry 511, the
 * physical address of the next list page.  A normal world with larger
 * pages splits them into 4 KiB entries.
 */
#define OPTEE_MSG_NONCONTIG_PAGE_SIZE 4096

/*
 * Login methods, value.c of the second OPEN_SESSION meta parameter; the
 * GlobalPlatform values.
 */
#define OPTEE_MSG_LOGIN_PUBLIC		  0x00000000
#define OPTEE_MSG_LOGIN_USER		  0x00000001
#define OPTEE_MSG_LOGIN_GROUP		  0x00000002
#define OPTEE_MSG_LOGIN_APPLICATION	  0x00000004
#define OPTEE_MSG_LOGIN_APPLICATION_USER  0x00000005
#define OPTEE_MSG_LOGIN_APPLICATION_GROUP 0x00000006
/*
 * An in-kernel client (TEE_IOCTL_LOGIN_REE_KERNEL); OP-TEE accepts it and
 * sees a nil client UUID (docs/abi.md §2).
 */
#define OPTEE_MSG_LOGIN_REE_KERNEL 0x80000000U

/**
 * struct optee_msg_param_tmem - temporary memory, by physical address
 * @buf_ptr:	physical address of the buffer, or of a page list with
 *		OPTEE_MSG_ATTR_NONCONTIG; 0 for a memref without a buffer
 * @size:	size of the buffer in bytes
 * @shm_ref:	opaque cookie of the normal world's shared memory object
 *		(Linux passes the struct tee_shm pointer), 0 for none
 */
struct optee_msg_param_tmem {
	u64 buf_ptr;
	u64 size;
	u64 shm_ref;
};

/**
 * struct optee_msg_param_rmem - part of registered shared memory
 * @offs:	offset into the registered memory
 * @size:	size of the part in bytes
 * @shm_ref:	cookie the memory was registered with (REGISTER_SHM)
 */
struct optee_msg_param_rmem {
	u64 offs;
	u64 size;
	u64 shm_ref;
};

/* FF-A handle value of "no memory". */
#define OPTEE_MSG_FMEM_INVALID_GLOBAL_ID 0xFFFFFFFFFFFFFFFFULL

/**
 * struct optee_msg_param_fmem - part of memory shared through FF-A
 * @offs_low:		bits 31:0 of the offset into the shared memory
 * @offs_high:		bits 47:32 of the offset
 * @internal_offs:	offset into the first page of the shared memory
 * @size:		size of the part in bytes
 * @global_id:		FF-A handle of the shared memory, or
 *			OPTEE_MSG_FMEM_INVALID_GLOBAL_ID
 *
 * Later than v16.
 */
struct optee_msg_param_fmem {
	u32 offs_low;
	u16 offs_high;
	u16 internal_offs;
	u64 size;
	u64 global_id;
};

/**
 * struct optee_msg_param_value - three opaque values
 * @a:	first value
 * @b:	second value
 * @c:	third value
 */
struct optee_msg_param_value {
	u64 a;
	u64 b;
	u64 c;
};

/**
 * struct optee_msg_param - one parameter of a message
 * @attr:	OPTEE_MSG_ATTR_* (type, flags and cache attributes)
 * @u:		the view that @attr's type selects
 * @u.tmem:	TMEM_*
 * @u.rmem:	RMEM_*
 * @u.fmem:	FMEM_*
 * @u.value:	VALUE_*
 * @u.octets:	the same 24 bytes as raw octets; OPEN_SESSION meta
 *		parameters carry UUIDs this way (later than v16)
 */
struct optee_msg_param {
	u64 attr;
	union {
		struct optee_msg_param_tmem tmem;
		struct optee_msg_param_rmem rmem;
		struct optee_msg_param_fmem fmem;
		struct optee_msg_param_value value;
		u8 octets[24];
	} u;
};

/**
 * struct optee_msg_arg - argument of a message (docs/abi.md §4.1)
 * @cmd:	OPTEE_MSG_CMD_*, or OPTEE_RPC_CMD_* in an RPC request
 * @func:	TA command id (INVOKE_COMMAND)
 * @session:	session id; set by the secure world on OPEN_SESSION
 * @cancel_id:	cancellation id
 * @pad:	unused, 0
 * @ret:	TEE_Result of the command
 * @ret_origin:	origin of @ret, TEE_ORIGIN_*
 * @num_params:	number of entries in @params
 * @params:	the parameters
 *
 * The layout is unchanged since v16.  The whole struct, parameters
 * included, is OPTEE_MSG_GET_ARG_SIZE(num_params) bytes.
 */
struct optee_msg_arg {
	u32 cmd;
	u32 func;
	u32 session;
	u32 cancel_id;
	u32 pad;
	u32 ret;
	u32 ret_origin;
	u32 num_params;
	struct optee_msg_param params[];
};

/* Bytes of a struct optee_msg_arg with @num_params parameters. */
#define OPTEE_MSG_GET_ARG_SIZE(num_params)                                     \
	(sizeof(struct optee_msg_arg) +                                        \
	 sizeof(struct optee_msg_param) * (num_params))

/*
 * Most parameters one message can carry: (4096 - 32) / 32, so that the
 * struct fits one 4 KiB page.  Later than v16.
 */
#define OPTEE_MSG_MAX_NUM_PARAMS 127

/*
 * Identity of the API, answered to OPTEE_SMC_CALLS_UID in a0..a3
 * (docs/abi.md §3.6): 384fb3e0-e7f8-11e3-af63-0002a5d5c51b.
 */
#define OPTEE_MSG_UID_0 0x384fb3e0U
#define OPTEE_MSG_UID_1 0xe7f811e3U
#define OPTEE_MSG_UID_2 0xaf630002U
#define OPTEE_MSG_UID_3 0xa5d5c51bU

/*
 * UID of the firmware image-load service (TF-A; Linux only), answered to
 * OPTEE_SMC_CALLS_UID before OP-TEE is loaded:
 * a3fbeab1-1246-315d-c7c4-06b9c03cbea4.
 */
#define OPTEE_MSG_IMAGE_LOAD_UID_0 0xa3fbeab1U
#define OPTEE_MSG_IMAGE_LOAD_UID_1 0x1246315dU
#define OPTEE_MSG_IMAGE_LOAD_UID_2 0xc7c406b9U
#define OPTEE_MSG_IMAGE_LOAD_UID_3 0xc03cbea4U

/* Revision of the API, answered to OPTEE_SMC_CALLS_REVISION. */
#define OPTEE_MSG_REVISION_MAJOR 2
#define OPTEE_MSG_REVISION_MINOR 0

/*
 * UUID of OP-TEE the trusted OS, answered to OPTEE_SMC_CALL_GET_OS_UUID
 * in a0..a3: 486178e0-e7f8-11e3-bc5e-0002a5d5c51b.
 */
#define OPTEE_MSG_OS_OPTEE_UUID_0 0x486178e0U
#define OPTEE_MSG_OS_OPTEE_UUID_1 0xe7f811e3U
#define OPTEE_MSG_OS_OPTEE_UUID_2 0xbc5e0002U
#define OPTEE_MSG_OS_OPTEE_UUID_3 0xa5d5c51bU

/*
 * Function numbers of the calls the protocol defines; the SMC transport
 * turns them into full ids (OPTEE_SMC_FUNCID_* in optee_smc.h).
 */
#define OPTEE_MSG_FUNCID_CALLS_UID	 0xFF01
#define OPTEE_MSG_FUNCID_CALLS_REVISION	 0xFF03
#define OPTEE_MSG_FUNCID_GET_OS_UUID	 0x0000
#define OPTEE_MSG_FUNCID_GET_OS_REVISION 0x0001
#define OPTEE_MSG_FUNCID_CALL_WITH_ARG	 0x0004

/*
 * Commands, optee_msg_arg.cmd of CALL_WITH_ARG, CALL_WITH_RPC_ARG and
 * CALL_WITH_REGD_ARG (docs/abi.md §4.4).
 */

/*
 * Open a session.  params[0] and params[1] are meta parameters, attr
 * exactly VALUE_INPUT | META (0x101): params[0] carries the TA UUID and
 * params[1] the client UUID, each as 16 RFC 4122 octets in u.octets
 * (value.a = octets 0-7, value.b = octets 8-15); params[1].u.value.c is
 * the login (OPTEE_MSG_LOGIN_*).  The TA's parameters follow from
 * params[2].  Out: session.  (v16 put the TA UUID in params[1] too.)
 */
#define OPTEE_MSG_CMD_OPEN_SESSION 0

/* Invoke a TA command: func, session, cancel_id and the TA parameters. */
#define OPTEE_MSG_CMD_INVOKE_COMMAND 1

/* Close the session in session. */
#define OPTEE_MSG_CMD_CLOSE_SESSION 2

/* Cancel the request with session and cancel_id. */
#define OPTEE_MSG_CMD_CANCEL 3

/*
 * teebox extension: a CANCEL whose func is TEEBOX_MSG_CANCEL_ABANDON says
 * that the client of the call is gone and that the call went on past its
 * bound after a plain CANCEL: the trusted OS ends it by killing its TA
 * instance.  OP-TEE ignores func in a CANCEL: to it this is a plain one.
 */
#define TEEBOX_MSG_CANCEL_ABANDON 0x7eeb0001

/*
 * Register shared memory.  params[0]: tmem with buf_ptr = page list
 * address | offset in the first page, size = buffer size, shm_ref = the
 * cookie later rmem parameters use.  OP-TEE accepts only attr
 * TMEM_OUTPUT | NONCONTIG (0x20A), which is what Linux sends, whatever its
 * own header comment says.  (v16 described the memory with fragments.)
 */
#define OPTEE_MSG_CMD_REGISTER_SHM 4

/*
 * Unregister shared memory.  params[0]: RMEM_INPUT, rmem.shm_ref = cookie,
 * offs = 0, size = 0.
 */
#define OPTEE_MSG_CMD_UNREGISTER_SHM 5

/*
 * No parameters.  Sent in answer to the asynchronous notification value
 * OPTEE_SMC_ASYNC_NOTIF_VALUE_DO_BOTTOM_HALF.  Later than v16.
 */
#define OPTEE_MSG_CMD_DO_BOTTOM_HALF 6

/* No parameters; the driver shuts notifications down.  Later than v16. */
#define OPTEE_MSG_CMD_STOP_ASYNC_NOTIF 7

/*
 * Lend memory to be protected.  params[0]: VALUE_INPUT, a = use case
 * (OPTEE_MSG_PROTMEM_*); params[1]: TMEM_INPUT, buf_ptr = physical
 * address, size, shm_ref = cookie.  Later than v16.
 */
#define OPTEE_MSG_CMD_LEND_PROTMEM 8

/* Take lent memory back.  params[0]: VALUE_INPUT, a = cookie. */
#define OPTEE_MSG_CMD_RECLAIM_PROTMEM 9

/*
 * Protected memory requirements of a use case.  params[0]: VALUE_INOUT,
 * in a = use case, out a = minimum size, b = alignment, c = physical
 * address width; params[1]: RMEM/FMEM_OUTPUT buffer receiving an array of
 * u32 memory attributes (no buffer / size 0 to ask for the size).
 */
#define OPTEE_MSG_CMD_GET_PROTMEM_CONFIG 10

/*
 * Assign memory lent through FF-A.  params[0]: VALUE_INPUT, a = cookie,
 * b = use case.
 */
#define OPTEE_MSG_CMD_ASSIGN_PROTMEM 11

/* Protected memory use cases. */
#define OPTEE_MSG_PROTMEM_RESERVED	      0
#define OPTEE_MSG_PROTMEM_SECURE_VIDEO_PLAY   1
#define OPTEE_MSG_PROTMEM_TRUSTED_UI	      2
#define OPTEE_MSG_PROTMEM_SECURE_VIDEO_RECORD 3

#endif /* OPTEE_MSG_H */
