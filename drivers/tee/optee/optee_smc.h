/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: the OP-TEE SMC interface (drivers/tee/optee/optee_smc.h).
 *
 * The function ids, return codes, RPC requests and capability bits that
 * travel in registers between the OP-TEE driver (normal world) and the
 * trusted OS.  Our own text; every number is OP-TEE's, bit for bit
 * (docs/abi.md §3).  The calling convention under it (result registers,
 * function-id encoding) is linux/arm-smccc.h's: the emulated machine
 * knows that one and not this.
 *
 * Register conventions (docs/abi.md §3.1):
 * - a0..a7 are r0..r7 on arm32 and w0..w7 on arm64; each carries 32 bits.
 * - A 64-bit quantity takes a register pair written "hi:lo": "a1:a2" means
 *   a1 holds bits 63:32 and a2 bits 31:0.
 * - a7 holds the hypervisor client id on every call.
 *
 * Yielding ("standard") calls follow three return patterns:
 * - done: a0 = OPTEE_SMC_RETURN_*, a1-a3 unused, a4-a7 preserved;
 * - OPTEE_SMC_RETURN_ETHREAD_LIMIT: a1-a7 preserved, retry later;
 * - RPC request: a0 = OPTEE_SMC_RETURN_RPC_*, a1-a2 RPC parameters,
 *   a3-a7 resume information that the normal world hands back unchanged
 *   in OPTEE_SMC_CALL_RETURN_FROM_RPC.
 *
 * Where the 2017 (v16) driver differed: it knew only CALLS_COUNT/UID/
 * REVISION, GET_OS_UUID/REVISION, CALL_WITH_ARG, GET_SHM_CONFIG,
 * EXCHANGE_CAPABILITIES, DISABLE/ENABLE_SHM_CACHE and RETURN_FROM_RPC,
 * capability bits 0-1, and RPC functions 0, 2, 4 (then called IRQ) and 5.
 */
#ifndef OPTEE_SMC_H
#define OPTEE_SMC_H

#include <linux/arm-smccc.h>

/*
 * The result registers are struct arm_smccc_res (linux/arm-smccc.h); the
 * optee_smc_*_result structs below overlay it field for field.
 *
 * SMC Calling Convention function id (docs/abi.md §3.1), in OP-TEE's
 * spelling: the type and convention bits already in place.
 */
#define OPTEE_SMC_STD_CALL    (ARM_SMCCC_STD_CALL << ARM_SMCCC_TYPE_SHIFT)
#define OPTEE_SMC_FAST_CALL   (ARM_SMCCC_FAST_CALL << ARM_SMCCC_TYPE_SHIFT)
#define OPTEE_SMC_32	      (ARM_SMCCC_SMC_32 << ARM_SMCCC_CALL_CONV_SHIFT)
#define OPTEE_SMC_64	      (ARM_SMCCC_SMC_64 << ARM_SMCCC_CALL_CONV_SHIFT)
#define OPTEE_SMC_OWNER_SHIFT ARM_SMCCC_OWNER_SHIFT
#define OPTEE_SMC_OWNER_MASK  ARM_SMCCC_OWNER_MASK
#define OPTEE_SMC_FUNC_MASK   ARM_SMCCC_FUNC_MASK

/* Owners, bits 29:24 of a function id. */
#define OPTEE_SMC_OWNER_ARCH	    ARM_SMCCC_OWNER_ARCH
#define OPTEE_SMC_OWNER_CPU	    ARM_SMCCC_OWNER_CPU
#define OPTEE_SMC_OWNER_SIP	    ARM_SMCCC_OWNER_SIP
#define OPTEE_SMC_OWNER_OEM	    ARM_SMCCC_OWNER_OEM
#define OPTEE_SMC_OWNER_STANDARD    ARM_SMCCC_OWNER_STANDARD
#define OPTEE_SMC_OWNER_TRUSTED_APP ARM_SMCCC_OWNER_TRUSTED_APP
#define OPTEE_SMC_OWNER_TRUSTED_OS  ARM_SMCCC_OWNER_TRUSTED_OS
/* Reserved for calls between OP-TEE and its TF-A dispatcher. */
#define OPTEE_SMC_OWNER_TRUSTED_OS_OPTEED 62
/* Linux spells this one ARM_SMCCC_OWNER_TRUSTED_OS_END. */
#define OPTEE_SMC_OWNER_TRUSTED_OS_API ARM_SMCCC_OWNER_TRUSTED_OS_END

/* Builds a function id from call type, convention, owner and number. */
#define OPTEE_SMC_CALL_VAL(type, calling_convention, owner, func_num)          \
	((type) | (calling_convention) |                                       \
	 (((owner)&OPTEE_SMC_OWNER_MASK) << OPTEE_SMC_OWNER_SHIFT) |           \
	 ((func_num)&OPTEE_SMC_FUNC_MASK))

/* A yielding SMC32 call of the trusted OS. */
#define OPTEE_SMC_STD_CALL_VAL(func_num)                                       \
	ARM_SMCCC_CALL_VAL(ARM_SMCCC_STD_CALL, ARM_SMCCC_SMC_32,               \
			   ARM_SMCCC_OWNER_TRUSTED_OS, (func_num))

/* A fast SMC32 call of the trusted OS. */
#define OPTEE_SMC_FAST_CALL_VAL(func_num)                                      \
	ARM_SMCCC_CALL_VAL(ARM_SMCCC_FAST_CALL, ARM_SMCCC_SMC_32,              \
			   ARM_SMCCC_OWNER_TRUSTED_OS, (func_num))

/* A fast SMC32 call in the Trusted OS API range (owner 63). */
#define OPTEE_SMC_FAST_API_CALL_VAL(func_num)                                  \
	ARM_SMCCC_CALL_VAL(ARM_SMCCC_FAST_CALL, ARM_SMCCC_SMC_32,              \
			   ARM_SMCCC_OWNER_TRUSTED_OS_END, (func_num))

/* Taking a function id apart, for the secure world's dispatcher. */
#define OPTEE_SMC_IS_FAST_CALL(id) (ARM_SMCCC_IS_FAST_CALL(id) != 0)
#define OPTEE_SMC_IS_64(id)	   (ARM_SMCCC_IS_64(id) != 0)
#define OPTEE_SMC_OWNER_NUM(id)	   ARM_SMCCC_OWNER_NUM(id)
#define OPTEE_SMC_FUNC_NUM(id)	   ARM_SMCCC_FUNC_NUM(id)

/*
 * Return codes, a0 after a call (docs/abi.md §3.3).
 */
#define OPTEE_SMC_RETURN_OK 0x0
/* No free secure-world thread; a1-a7 are preserved, retry later. */
#define OPTEE_SMC_RETURN_ETHREAD_LIMIT 0x1
#define OPTEE_SMC_RETURN_EBUSY	       0x2
/* RETURN_FROM_RPC named no suspended thread to resume. */
#define OPTEE_SMC_RETURN_ERESUME	  0x3
#define OPTEE_SMC_RETURN_EBADADDR	  0x4
#define OPTEE_SMC_RETURN_EBADCMD	  0x5
#define OPTEE_SMC_RETURN_ENOMEM		  0x6
#define OPTEE_SMC_RETURN_ENOTAVAIL	  0x7
#define OPTEE_SMC_RETURN_UNKNOWN_FUNCTION 0xFFFFFFFFU

/*
 * An RPC request is a0 = 0xFFFF0000 | function, any function but 0xFFFF
 * (that value is OPTEE_SMC_RETURN_UNKNOWN_FUNCTION).
 */
#define OPTEE_SMC_RETURN_RPC_PREFIX_MASK 0xFFFF0000U
#define OPTEE_SMC_RETURN_RPC_PREFIX	 0xFFFF0000U
#define OPTEE_SMC_RETURN_RPC_FUNC_MASK	 0x0000FFFFU

/* Non-zero when a0 asks the normal world to serve an RPC. */
#define OPTEE_SMC_RETURN_IS_RPC(ret)                                           \
	((ret) != OPTEE_SMC_RETURN_UNKNOWN_FUNCTION &&                         \
	 ((ret)&OPTEE_SMC_RETURN_RPC_PREFIX_MASK) ==                           \
		 OPTEE_SMC_RETURN_RPC_PREFIX)

/* The OPTEE_SMC_RPC_FUNC_* number of an RPC request. */
#define OPTEE_SMC_RETURN_GET_RPC_FUNC(ret)                                     \
	((ret)&OPTEE_SMC_RETURN_RPC_FUNC_MASK)

/* The a0 value that requests RPC function @func. */
#define OPTEE_SMC_RPC_VAL(func) ((func) | OPTEE_SMC_RETURN_RPC_PREFIX)

/*
 * Function ids (docs/abi.md §3.2).  Each call is given twice: its function
 * number (OPTEE_SMC_FUNCID_*) and its full id (OPTEE_SMC_*), which is what
 * goes in a0.
 */

/*
 * Number of calls in the Trusted OS API range.
 * Call:	a0 = OPTEE_SMC_CALLS_COUNT
 * Return:	a0 = count
 */
#define OPTEE_SMC_FUNCID_CALLS_COUNT 0xFF00
#define OPTEE_SMC_CALLS_COUNT                                                  \
	OPTEE_SMC_FAST_API_CALL_VAL(OPTEE_SMC_FUNCID_CALLS_COUNT)

/*
 * UID of the API, to tell OP-TEE from another trusted OS.
 * Call:	a0 = OPTEE_SMC_CALLS_UID
 * Return:	a0..a3 = OPTEE_MSG_UID_0..3
 */
#define OPTEE_SMC_FUNCID_CALLS_UID 0xFF01
#define OPTEE_SMC_CALLS_UID                                                    \
	OPTEE_SMC_FAST_API_CALL_VAL(OPTEE_SMC_FUNCID_CALLS_UID)

/*
 * Revision of the API.
 * Call:	a0 = OPTEE_SMC_CALLS_REVISION
 * Return:	a0 = major (OPTEE_MSG_REVISION_MAJOR, 2),
 *		a1 = minor (OPTEE_MSG_REVISION_MINOR, 0);
 *		see struct optee_smc_calls_revision_result
 */
#define OPTEE_SMC_FUNCID_CALLS_REVISION 0xFF03
#define OPTEE_SMC_CALLS_REVISION                                               \
	OPTEE_SMC_FAST_API_CALL_VAL(OPTEE_SMC_FUNCID_CALLS_REVISION)

/*
 * UUID of the trusted OS.
 * Call:	a0 = OPTEE_SMC_CALL_GET_OS_UUID
 * Return:	a0..a3 = OPTEE_MSG_OS_OPTEE_UUID_0..3
 */
#define OPTEE_SMC_FUNCID_GET_OS_UUID 0
#define OPTEE_SMC_CALL_GET_OS_UUID                                             \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_OS_UUID)

/*
 * Revision of the trusted OS (diagnostics only).
 * Call:	a0 = OPTEE_SMC_CALL_GET_OS_REVISION
 * Return:	a0 = major, a1 = minor, a2 = build id (0 = none; OP-TEE puts
 *		its git SHA1 there); see
 *		struct optee_smc_call_get_os_revision_result
 */
#define OPTEE_SMC_FUNCID_GET_OS_REVISION 1
#define OPTEE_SMC_CALL_GET_OS_REVISION                                         \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_OS_REVISION)

/*
 * Hand an OP-TEE image to the firmware loader (Linux only; needs TF-A
 * support, answers with OPTEE_MSG_IMAGE_LOAD_UID_* to CALLS_UID).
 * Call:	a0 = OPTEE_SMC_CALL_LOAD_IMAGE, a1:a2 = payload size,
 *		a3:a4 = payload physical address
 * Return:	a0 = 0 on success
 */
#define OPTEE_SMC_FUNCID_LOAD_IMAGE 2
#define OPTEE_SMC_CALL_LOAD_IMAGE                                              \
	OPTEE_SMC_FAST_API_CALL_VAL(OPTEE_SMC_FUNCID_LOAD_IMAGE)

/*
 * Resume a secure-world thread after serving its RPC request.
 * Call:	a0 = OPTEE_SMC_CALL_RETURN_FROM_RPC, a1-a2 (a4-a5) = results
 *		where the RPC function says (OPTEE_SMC_RPC_FUNC_*), a3-a7 =
 *		the resume information received with the request, unchanged
 * Return:	as OPTEE_SMC_CALL_WITH_ARG, or OPTEE_SMC_RETURN_ERESUME when
 *		no thread waits for that resume information
 */
#define OPTEE_SMC_FUNCID_RETURN_FROM_RPC 3
#define OPTEE_SMC_CALL_RETURN_FROM_RPC                                         \
	OPTEE_SMC_STD_CALL_VAL(OPTEE_SMC_FUNCID_RETURN_FROM_RPC)

/*
 * Run the command in a struct optee_msg_arg (yielding call).
 * Call:	a0 = OPTEE_SMC_CALL_WITH_ARG, a1:a2 = physical address of
 *		the struct optee_msg_arg, a3 = cache settings (OPTEE_SMC_SHM_*,
 *		ignored inside the predefined shared memory), a4-a6 = 0
 * Return:	a0 = OPTEE_SMC_RETURN_OK (the outcome is in the arg struct),
 *		another OPTEE_SMC_RETURN_* code, or an RPC request
 */
#define OPTEE_SMC_FUNCID_CALL_WITH_ARG 4
#define OPTEE_SMC_CALL_WITH_ARG                                                \
	OPTEE_SMC_STD_CALL_VAL(OPTEE_SMC_FUNCID_CALL_WITH_ARG)

/*
 * Where the predefined (reserved) shared memory is.
 * Call:	a0 = OPTEE_SMC_GET_SHM_CONFIG
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1 = physical start, a2 = size,
 *		a3 = cache settings (OPTEE_SMC_SHM_CACHED);
 *		or a0 = OPTEE_SMC_RETURN_ENOTAVAIL.
 *		See struct optee_smc_get_shm_config_result
 */
#define OPTEE_SMC_FUNCID_GET_SHM_CONFIG 7
#define OPTEE_SMC_GET_SHM_CONFIG                                               \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_SHM_CONFIG)

/* Cache settings of shared memory (a3 of GET_SHM_CONFIG, CALL_WITH_ARG). */
#define OPTEE_SMC_SHM_CACHED 1

/*
 * Manage the L2 cache controller mutex (OP-TEE only, arm32 platforms).
 * Call:	a0 = OPTEE_SMC_L2CC_MUTEX, a1 = OPTEE_SMC_L2CC_MUTEX_*,
 *		a2:a3 = physical address for SET_ADDR
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a2:a3 = physical address for
 *		GET_ADDR; or ENOTAVAIL, EBADADDR, EBADCMD
 */
#define OPTEE_SMC_FUNCID_L2CC_MUTEX 8
#define OPTEE_SMC_L2CC_MUTEX                                                   \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_L2CC_MUTEX)
#define OPTEE_SMC_L2CC_MUTEX_GET_ADDR 0
#define OPTEE_SMC_L2CC_MUTEX_SET_ADDR 1
#define OPTEE_SMC_L2CC_MUTEX_ENABLE   2
#define OPTEE_SMC_L2CC_MUTEX_DISABLE  3

/*
 * Tell each other what both worlds can do.
 * Call:	a0 = OPTEE_SMC_EXCHANGE_CAPABILITIES,
 *		a1 = OPTEE_SMC_NSEC_CAP_* of the normal world
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1 = OPTEE_SMC_SEC_CAP_*,
 *		a2 = highest notification value (with SEC_CAP_ASYNC_NOTIF),
 *		a3 bits 7:0 = number of parameters to reserve in a second
 *		arg struct for RPC (with SEC_CAP_RPC_ARG);
 *		or a0 = OPTEE_SMC_RETURN_ENOTAVAIL with a1 = SEC caps.
 *		OP-TEE answers ENOTAVAIL to any NSEC bit but UNIPROCESSOR.
 *		See struct optee_smc_exchange_capabilities_result
 */
#define OPTEE_SMC_FUNCID_EXCHANGE_CAPABILITIES 9
#define OPTEE_SMC_EXCHANGE_CAPABILITIES                                        \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_EXCHANGE_CAPABILITIES)

/*
 * Capability bits (docs/abi.md §3.5).
 */
/* Normal world -> secure world: the normal world runs on one CPU. */
#define OPTEE_SMC_NSEC_CAP_UNIPROCESSOR (1U << 0)

/* Secure world -> normal world. */
/* Has predefined shared memory (GET_SHM_CONFIG). */
#define OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM (1U << 0)
/*
 * The v16-era driver spelled the bit above HAVE_RESERVERED_SHM (sic); the
 * old name stays for code written against it.
 */
#define OPTEE_SMC_SEC_CAP_HAVE_RESERVERED_SHM                                  \
	OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM
/* Accepts shared memory outside the predefined area. */
#define OPTEE_SMC_SEC_CAP_UNREGISTERED_SHM (1U << 1)
/* Accepts OPTEE_MSG_CMD_REGISTER_SHM (Linux: TEE_GEN_CAP_REG_MEM). */
#define OPTEE_SMC_SEC_CAP_DYNAMIC_SHM (1U << 2)
/* Built with virtualization (hypervisor) support. */
#define OPTEE_SMC_SEC_CAP_VIRTUALIZATION (1U << 3)
/* Accepts memrefs without a buffer (Linux: TEE_GEN_CAP_MEMREF_NULL). */
#define OPTEE_SMC_SEC_CAP_MEMREF_NULL (1U << 4)
/* Sends asynchronous notifications. */
#define OPTEE_SMC_SEC_CAP_ASYNC_NOTIF (1U << 5)
/* Supports CALL_WITH_RPC_ARG and CALL_WITH_REGD_ARG. */
#define OPTEE_SMC_SEC_CAP_RPC_ARG (1U << 6)
/* Probes RPMB devices through OPTEE_RPC_CMD_RPMB_PROBE_*. */
#define OPTEE_SMC_SEC_CAP_RPMB_PROBE (1U << 7)
/* Has a static protected memory pool (GET_PROTMEM_CONFIG). */
#define OPTEE_SMC_SEC_CAP_PROTMEM (1U << 8)
/* Accepts protected memory lent at run time (OPTEE_MSG_CMD_LEND_PROTMEM). */
#define OPTEE_SMC_SEC_CAP_DYNAMIC_PROTMEM (1U << 9)

/*
 * Empty the secure world's cache of shared memory, one buffer per call.
 * Call:	a0 = OPTEE_SMC_DISABLE_SHM_CACHE
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1:a2 = cookie of a buffer the
 *		normal world may now free (call again for the next);
 *		a0 = OPTEE_SMC_RETURN_ENOTAVAIL: the cache is empty;
 *		a0 = OPTEE_SMC_RETURN_EBUSY: secure world not idle.
 *		See struct optee_smc_disable_shm_cache_result
 */
#define OPTEE_SMC_FUNCID_DISABLE_SHM_CACHE 10
#define OPTEE_SMC_DISABLE_SHM_CACHE                                            \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_DISABLE_SHM_CACHE)

/*
 * Let the secure world cache shared memory again.
 * Call:	a0 = OPTEE_SMC_ENABLE_SHM_CACHE
 * Return:	a0 = OPTEE_SMC_RETURN_OK or OPTEE_SMC_RETURN_EBUSY
 */
#define OPTEE_SMC_FUNCID_ENABLE_SHM_CACHE 11
#define OPTEE_SMC_ENABLE_SHM_CACHE                                             \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_ENABLE_SHM_CACHE)

/*
 * Start a secondary core (OP-TEE only).
 * Call:	a0 = OPTEE_SMC_BOOT_SECONDARY, a1 = core index,
 *		a2:a3 = normal-world entry physical address
 * Return:	a0 = OPTEE_SMC_RETURN_OK, EBADCMD or EBUSY
 */
#define OPTEE_SMC_FUNCID_BOOT_SECONDARY 12
#define OPTEE_SMC_BOOT_SECONDARY                                               \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_BOOT_SECONDARY)

/*
 * A hypervisor announces a new guest (OP-TEE only, with virtualization).
 * Call:	a0 = OPTEE_SMC_VM_CREATED, a1 = guest id, a7 = 0
 * Return:	a0 = OPTEE_SMC_RETURN_OK or OPTEE_SMC_RETURN_ENOTAVAIL
 */
#define OPTEE_SMC_FUNCID_VM_CREATED 13
#define OPTEE_SMC_VM_CREATED                                                   \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_VM_CREATED)

/*
 * A hypervisor announces that a guest is gone (OP-TEE only).
 * Call:	a0 = OPTEE_SMC_VM_DESTROYED, a1 = guest id, a7 = 0
 * Return:	a0 = OPTEE_SMC_RETURN_OK
 */
#define OPTEE_SMC_FUNCID_VM_DESTROYED 14
#define OPTEE_SMC_VM_DESTROYED                                                 \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_VM_DESTROYED)

/*
 * Number of secure-world threads, to size the driver's call queue.
 * Call:	a0 = OPTEE_SMC_GET_THREAD_COUNT
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1 = thread count;
 *		or a0 = OPTEE_SMC_RETURN_UNKNOWN_FUNCTION.
 *		See struct optee_smc_get_thread_count_result
 */
#define OPTEE_SMC_FUNCID_GET_THREAD_COUNT 15
#define OPTEE_SMC_GET_THREAD_COUNT                                             \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_THREAD_COUNT)

/*
 * Start delivering asynchronous notifications.
 * Call:	a0 = OPTEE_SMC_ENABLE_ASYNC_NOTIF
 * Return:	a0 = OPTEE_SMC_RETURN_OK or OPTEE_SMC_RETURN_ENOTAVAIL
 */
#define OPTEE_SMC_FUNCID_ENABLE_ASYNC_NOTIF 16
#define OPTEE_SMC_ENABLE_ASYNC_NOTIF                                           \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_ENABLE_ASYNC_NOTIF)

/*
 * Fetch one pending asynchronous notification value.
 * Call:	a0 = OPTEE_SMC_GET_ASYNC_NOTIF_VALUE
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1 = value, a2 = flags
 *		(OPTEE_SMC_ASYNC_NOTIF_VALUE_*); or ENOTAVAIL.
 *		See struct optee_smc_get_async_notif_value_result
 */
#define OPTEE_SMC_FUNCID_GET_ASYNC_NOTIF_VALUE 17
#define OPTEE_SMC_GET_ASYNC_NOTIF_VALUE                                        \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_ASYNC_NOTIF_VALUE)

/* a2 flags of GET_ASYNC_NOTIF_VALUE. */
#define OPTEE_SMC_ASYNC_NOTIF_VALUE_VALID   (1U << 0) /* a1 holds a value */
#define OPTEE_SMC_ASYNC_NOTIF_VALUE_PENDING (1U << 1) /* more to fetch */

/*
 * Notification value asking the driver to issue a yielding
 * OPTEE_MSG_CMD_DO_BOTTOM_HALF.
 */
#define OPTEE_SMC_ASYNC_NOTIF_VALUE_DO_BOTTOM_HALF 0

/*
 * As CALL_WITH_ARG, with a second struct optee_msg_arg for RPC requests
 * right after the first, at OPTEE_MSG_GET_ARG_SIZE(first.num_params),
 * sized for the parameter count EXCHANGE_CAPABILITIES gave in a3.
 * Call:	a0 = OPTEE_SMC_CALL_WITH_RPC_ARG, a1-a6 as CALL_WITH_ARG
 * Return:	as CALL_WITH_ARG
 */
#define OPTEE_SMC_FUNCID_CALL_WITH_RPC_ARG 18
#define OPTEE_SMC_CALL_WITH_RPC_ARG                                            \
	OPTEE_SMC_STD_CALL_VAL(OPTEE_SMC_FUNCID_CALL_WITH_RPC_ARG)

/*
 * As CALL_WITH_RPC_ARG, with the arg struct inside registered memory.
 * Call:	a0 = OPTEE_SMC_CALL_WITH_REGD_ARG, a1:a2 = cookie of the
 *		registered shared memory, a3 = byte offset of the arg struct
 *		in it (the RPC arg struct follows it as above)
 * Return:	as CALL_WITH_ARG
 */
#define OPTEE_SMC_FUNCID_CALL_WITH_REGD_ARG 19
#define OPTEE_SMC_CALL_WITH_REGD_ARG                                           \
	OPTEE_SMC_STD_CALL_VAL(OPTEE_SMC_FUNCID_CALL_WITH_REGD_ARG)

/*
 * Where the static protected memory pool is.
 * Call:	a0 = OPTEE_SMC_GET_PROTMEM_CONFIG
 * Return:	a0 = OPTEE_SMC_RETURN_OK, a1 = physical address, a2 = size,
 *		a3 = physical address width; or ENOTAVAIL.
 *		See struct optee_smc_get_protmem_config_result
 */
#define OPTEE_SMC_FUNCID_GET_PROTMEM_CONFIG 20
#define OPTEE_SMC_GET_PROTMEM_CONFIG                                           \
	OPTEE_SMC_FAST_CALL_VAL(OPTEE_SMC_FUNCID_GET_PROTMEM_CONFIG)

/*
 * RPC functions: requests from a yielding call, a0 = OPTEE_SMC_RETURN_RPC_*
 * (docs/abi.md §3.4).  The normal world answers each with
 * OPTEE_SMC_CALL_RETURN_FROM_RPC, keeping a3-a7 as received unless the
 * function says otherwise.
 */

/*
 * Allocate memory for an RPC argument struct.
 * Request:	a1 = size wanted
 * Answer:	a1:a2 = physical address (0:0 on failure or for size 0),
 *		a4:a5 = cookie naming it in later FREE and CMD requests;
 *		a3, a6, a7 preserved
 */
#define OPTEE_SMC_RPC_FUNC_ALLOC   0
#define OPTEE_SMC_RETURN_RPC_ALLOC OPTEE_SMC_RPC_VAL(OPTEE_SMC_RPC_FUNC_ALLOC)

/*
 * Free memory from OPTEE_SMC_RPC_FUNC_ALLOC.
 * Request:	a1:a2 = cookie
 * Answer:	a3-a7 preserved
 */
#define OPTEE_SMC_RPC_FUNC_FREE	  2
#define OPTEE_SMC_RETURN_RPC_FREE OPTEE_SMC_RPC_VAL(OPTEE_SMC_RPC_FUNC_FREE)

/*
 * A normal-world interrupt arrived while the secure world ran; the normal
 * world serves it and resumes the thread.
 * Request:	nothing
 * Answer:	a1-a7 preserved
 */
#define OPTEE_SMC_RPC_FUNC_FOREIGN_INTR 4
#define OPTEE_SMC_RETURN_RPC_FOREIGN_INTR                                      \
	OPTEE_SMC_RPC_VAL(OPTEE_SMC_RPC_FUNC_FOREIGN_INTR)
/* The v16-era name of the same request. */
#define OPTEE_SMC_RPC_FUNC_IRQ OPTEE_SMC_RPC_FUNC_FOREIGN_INTR

/*
 * Run an RPC command (OPTEE_RPC_CMD_*).
 * Request:	a1:a2 = cookie of the shared memory holding a struct
 *		optee_msg_arg (with CALL_WITH_RPC_ARG / CALL_WITH_REGD_ARG,
 *		the reserved second arg struct is used instead); the normal
 *		world reads cmd, num_params and params and fills in ret
 * Answer:	a3-a7 preserved
 */
#define OPTEE_SMC_RPC_FUNC_CMD	 5
#define OPTEE_SMC_RETURN_RPC_CMD OPTEE_SMC_RPC_VAL(OPTEE_SMC_RPC_FUNC_CMD)

/*
 * Result structs: views of struct arm_smccc_res for the calls whose
 * results the driver reads.  Each field is one result register.
 */

/**
 * struct optee_smc_calls_revision_result - result of CALLS_REVISION
 * @major:	a0, major revision of the API
 * @minor:	a1, minor revision of the API
 * @reserved0:	a2
 * @reserved1:	a3
 */
struct optee_smc_calls_revision_result {
	unsigned long major;
	unsigned long minor;
	unsigned long reserved0;
	unsigned long reserved1;
};

/**
 * struct optee_smc_call_get_os_revision_result - result of GET_OS_REVISION
 * @major:	a0, major revision of the trusted OS
 * @minor:	a1, minor revision of the trusted OS
 * @build_id:	a2, build identifier, 0 when there is none
 * @reserved1:	a3
 */
struct optee_smc_call_get_os_revision_result {
	unsigned long major;
	unsigned long minor;
	unsigned long build_id;
	unsigned long reserved1;
};

/**
 * struct optee_smc_get_shm_config_result - result of GET_SHM_CONFIG
 * @status:	a0, OPTEE_SMC_RETURN_*
 * @start:	a1, physical start of the predefined shared memory
 * @size:	a2, its size in bytes
 * @settings:	a3, cache settings (OPTEE_SMC_SHM_CACHED)
 */
struct optee_smc_get_shm_config_result {
	unsigned long status;
	unsigned long start;
	unsigned long size;
	unsigned long settings;
};

/**
 * struct optee_smc_exchange_capabilities_result - result of
 *						   EXCHANGE_CAPABILITIES
 * @status:		a0, OPTEE_SMC_RETURN_*
 * @capabilities:	a1, OPTEE_SMC_SEC_CAP_* (also on ENOTAVAIL)
 * @max_notif_value:	a2, highest asynchronous notification value
 * @data:		a3, bits 7:0: parameters to reserve for the RPC arg
 *			struct (with OPTEE_SMC_SEC_CAP_RPC_ARG)
 */
struct optee_smc_exchange_capabilities_result {
	unsigned long status;
	unsigned long capabilities;
	unsigned long max_notif_value;
	unsigned long data;
};

/**
 * struct optee_smc_disable_shm_cache_result - result of DISABLE_SHM_CACHE
 * @status:		a0, OPTEE_SMC_RETURN_*
 * @shm_upper32:	a1, bits 63:32 of the freed buffer's cookie
 * @shm_lower32:	a2, bits 31:0 of the freed buffer's cookie
 * @reserved0:		a3
 */
struct optee_smc_disable_shm_cache_result {
	unsigned long status;
	unsigned long shm_upper32;
	unsigned long shm_lower32;
	unsigned long reserved0;
};

/**
 * struct optee_smc_get_thread_count_result - result of GET_THREAD_COUNT
 * @status:		a0, OPTEE_SMC_RETURN_*
 * @thread_count:	a1, number of secure-world threads
 * @reserved0:		a2
 * @reserved1:		a3
 */
struct optee_smc_get_thread_count_result {
	unsigned long status;
	unsigned long thread_count;
	unsigned long reserved0;
	unsigned long reserved1;
};

/**
 * struct optee_smc_get_async_notif_value_result - result of
 *						    GET_ASYNC_NOTIF_VALUE
 * @status:	a0, OPTEE_SMC_RETURN_*
 * @value:	a1, the notification value
 * @flags:	a2, OPTEE_SMC_ASYNC_NOTIF_VALUE_VALID / _PENDING
 * @reserved0:	a3
 */
struct optee_smc_get_async_notif_value_result {
	unsigned long status;
	unsigned long value;
	unsigned long flags;
	unsigned long reserved0;
};

/**
 * struct optee_smc_get_protmem_config_result - result of GET_PROTMEM_CONFIG
 * @status:	a0, OPTEE_SMC_RETURN_*
 * @start:	a1, physical start of the protected memory pool
 * @size:	a2, its size in bytes
 * @pa_width:	a3, physical address width in bits
 */
struct optee_smc_get_protmem_config_result {
	unsigned long status;
	unsigned long start;
	unsigned long size;
	unsigned long pa_width;
};

#endif /* OPTEE_SMC_H */
