/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_abi: every number of docs/abi.md §1.2-§1.5, §3, §4.1-§4.4, §5.1-§5.5
 * and §6.1-§6.3, checked against our headers twice.
 *
 * Each fact lives once, in a list below: an expression and the value
 * docs/abi.md gives for it, written here as a literal.  The lists expand
 * into _Static_asserts, so a wrong number stops the build, and into cmocka
 * tables, one test per header, so that a build with
 * -DTEST_ABI_RUNTIME_ONLY names every wrong number at run time.
 *
 * Headers checked: include/uapi/linux/tee.h, drivers/tee/optee/optee_smc.h,
 * optee_msg.h, optee_rpc_cmd.h and libteec/include/tee_client_api.h.
 */
#include <inttypes.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

/*
 * include/uapi comes first on the include path and must shadow the system
 * <linux/tee.h> (a 6.1 header, which has no TEE_IOC_OBJECT_INVOKE).
 */
#include <linux/tee.h>
#ifndef TEE_IOC_OBJECT_INVOKE
#error "<linux/tee.h> is the system header, not include/uapi/linux/tee.h"
#endif

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "drivers/tee/optee/optee_smc.h"
#include "libteec/include/tee_client_api.h"
#include "libteec/include/tee_client_api_extensions.h"

/* Short forms for the lists. */
#define SZ(t)	   sizeof(struct t)
#define OFF(t, m)  offsetof(struct t, m)
#define MSZ(t, m)  sizeof(((struct t *)0)->m)
#define TSZ(t)	   sizeof(t)
#define TOFF(t, m) offsetof(t, m)
#define TMSZ(t, m) sizeof(((t *)0)->m)
/* Offset of result register a<n> in struct arm_smccc_res. */
#define REG(n) offsetof(struct arm_smccc_res, a##n)
/* 1 when function @f has exactly the prototype @type (§6.1). */
#define PROTO(f, type) __builtin_types_compatible_p(__typeof__(f), type)

/* clang-format off */

/* §1.2 Linux TEE UAPI constants. */
#define UAPI_CONSTANTS(X)						\
	X(TEE_IOC_MAGIC, 0xa4)						\
	X(TEE_IOC_BASE, 0)						\
	X(TEE_MAX_ARG_SIZE, 4096)					\
	X(TEE_GEN_CAP_GP, 0x1)						\
	X(TEE_GEN_CAP_PRIVILEGED, 0x2)					\
	X(TEE_GEN_CAP_REG_MEM, 0x4)					\
	X(TEE_GEN_CAP_MEMREF_NULL, 0x8)					\
	X(TEE_GEN_CAP_OBJREF, 0x10)					\
	X(TEE_MEMREF_NULL, 0xFFFFFFFFFFFFFFFFULL)			\
	X(TEE_OBJREF_NULL, 0xFFFFFFFFFFFFFFFFULL)			\
	X(TEE_IMPL_ID_OPTEE, 1)						\
	X(TEE_IMPL_ID_AMDTEE, 2)					\
	X(TEE_IMPL_ID_TSTEE, 3)						\
	X(TEE_IMPL_ID_QTEE, 4)						\
	X(TEE_OPTEE_CAP_TZ, 0x1)					\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 0)				\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 2)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 3)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 5)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 6)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 7)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_INPUT, 8)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_OUTPUT, 9)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_INOUT, 10)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_INPUT, 11)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_OUTPUT, 12)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_INOUT, 13)			\
	X(TEE_IOCTL_PARAM_ATTR_TYPE_MASK, 0xff)				\
	X(TEE_IOCTL_PARAM_ATTR_META, 0x100)				\
	X(TEE_IOCTL_PARAM_ATTR_MASK, 0x1ff)				\
	X(TEE_IOCTL_LOGIN_PUBLIC, 0)					\
	X(TEE_IOCTL_LOGIN_USER, 1)					\
	X(TEE_IOCTL_LOGIN_GROUP, 2)					\
	X(TEE_IOCTL_LOGIN_APPLICATION, 4)				\
	X(TEE_IOCTL_LOGIN_USER_APPLICATION, 5)				\
	X(TEE_IOCTL_LOGIN_GROUP_APPLICATION, 6)				\
	X(TEE_IOCTL_LOGIN_REE_KERNEL_MIN, 0x80000000)			\
	X(TEE_IOCTL_LOGIN_REE_KERNEL_MAX, 0xBFFFFFFF)			\
	X(TEE_IOCTL_LOGIN_REE_KERNEL, 0x80000000)			\
	X(TEE_IOCTL_UUID_LEN, 16)

/* §1.3 ioctl numbers (the same on x86_64, aarch64 and arm32). */
#define UAPI_IOCTLS(X)							\
	X(TEE_IOC_VERSION, 0x800CA400)					\
	X(TEE_IOC_SHM_ALLOC, 0xC010A401)				\
	X(TEE_IOC_OPEN_SESSION, 0x8010A402)				\
	X(TEE_IOC_INVOKE, 0x8010A403)					\
	X(TEE_IOC_CANCEL, 0x8008A404)					\
	X(TEE_IOC_CLOSE_SESSION, 0x8004A405)				\
	X(TEE_IOC_SUPPL_RECV, 0x8010A406)				\
	X(TEE_IOC_SUPPL_SEND, 0x8010A407)				\
	X(TEE_IOC_SHM_REGISTER_FD, 0xC018A408)				\
	X(TEE_IOC_SHM_REGISTER, 0xC018A409)				\
	X(TEE_IOC_OBJECT_INVOKE, 0x8010A40A)

/* §1.4 struct layouts; §1.5 largest parameter counts (4096-byte limit). */
#define UAPI_LAYOUTS(X)							\
	X(SZ(tee_ioctl_version_data), 12)				\
	X(OFF(tee_ioctl_version_data, impl_id), 0)			\
	X(OFF(tee_ioctl_version_data, impl_caps), 4)			\
	X(OFF(tee_ioctl_version_data, gen_caps), 8)			\
	X(SZ(tee_ioctl_shm_alloc_data), 16)				\
	X(OFF(tee_ioctl_shm_alloc_data, size), 0)			\
	X(OFF(tee_ioctl_shm_alloc_data, flags), 8)			\
	X(OFF(tee_ioctl_shm_alloc_data, id), 12)			\
	X(SZ(tee_ioctl_buf_data), 16)					\
	X(OFF(tee_ioctl_buf_data, buf_ptr), 0)				\
	X(OFF(tee_ioctl_buf_data, buf_len), 8)				\
	X(SZ(tee_ioctl_param), 32)					\
	X(OFF(tee_ioctl_param, attr), 0)				\
	X(OFF(tee_ioctl_param, a), 8)					\
	X(OFF(tee_ioctl_param, b), 16)					\
	X(OFF(tee_ioctl_param, c), 24)					\
	X(SZ(tee_ioctl_open_session_arg), 56)				\
	X(OFF(tee_ioctl_open_session_arg, uuid), 0)			\
	X(MSZ(tee_ioctl_open_session_arg, uuid), 16)			\
	X(OFF(tee_ioctl_open_session_arg, clnt_uuid), 16)		\
	X(MSZ(tee_ioctl_open_session_arg, clnt_uuid), 16)		\
	X(OFF(tee_ioctl_open_session_arg, clnt_login), 32)		\
	X(OFF(tee_ioctl_open_session_arg, cancel_id), 36)		\
	X(OFF(tee_ioctl_open_session_arg, session), 40)			\
	X(OFF(tee_ioctl_open_session_arg, ret), 44)			\
	X(OFF(tee_ioctl_open_session_arg, ret_origin), 48)		\
	X(OFF(tee_ioctl_open_session_arg, num_params), 52)		\
	X(OFF(tee_ioctl_open_session_arg, params), 56)			\
	X(SZ(tee_ioctl_invoke_arg), 24)					\
	X(OFF(tee_ioctl_invoke_arg, func), 0)				\
	X(OFF(tee_ioctl_invoke_arg, session), 4)			\
	X(OFF(tee_ioctl_invoke_arg, cancel_id), 8)			\
	X(OFF(tee_ioctl_invoke_arg, ret), 12)				\
	X(OFF(tee_ioctl_invoke_arg, ret_origin), 16)			\
	X(OFF(tee_ioctl_invoke_arg, num_params), 20)			\
	X(OFF(tee_ioctl_invoke_arg, params), 24)			\
	X(SZ(tee_ioctl_cancel_arg), 8)					\
	X(OFF(tee_ioctl_cancel_arg, cancel_id), 0)			\
	X(OFF(tee_ioctl_cancel_arg, session), 4)			\
	X(SZ(tee_ioctl_close_session_arg), 4)				\
	X(OFF(tee_ioctl_close_session_arg, session), 0)			\
	X(SZ(tee_iocl_supp_recv_arg), 8)				\
	X(OFF(tee_iocl_supp_recv_arg, func), 0)				\
	X(OFF(tee_iocl_supp_recv_arg, num_params), 4)			\
	X(OFF(tee_iocl_supp_recv_arg, params), 8)			\
	X(SZ(tee_iocl_supp_send_arg), 8)				\
	X(OFF(tee_iocl_supp_send_arg, ret), 0)				\
	X(OFF(tee_iocl_supp_send_arg, num_params), 4)			\
	X(OFF(tee_iocl_supp_send_arg, params), 8)			\
	X(SZ(tee_ioctl_shm_register_data), 24)				\
	X(OFF(tee_ioctl_shm_register_data, addr), 0)			\
	X(OFF(tee_ioctl_shm_register_data, length), 8)			\
	X(OFF(tee_ioctl_shm_register_data, flags), 16)			\
	X(OFF(tee_ioctl_shm_register_data, id), 20)			\
	X(SZ(tee_ioctl_shm_register_fd_data), 24)			\
	X(OFF(tee_ioctl_shm_register_fd_data, fd), 0)			\
	X(OFF(tee_ioctl_shm_register_fd_data, size), 8)			\
	X(OFF(tee_ioctl_shm_register_fd_data, flags), 16)		\
	X(OFF(tee_ioctl_shm_register_fd_data, id), 20)			\
	X(SZ(tee_ioctl_object_invoke_arg), 24)				\
	X(OFF(tee_ioctl_object_invoke_arg, id), 0)			\
	X(OFF(tee_ioctl_object_invoke_arg, op), 8)			\
	X(OFF(tee_ioctl_object_invoke_arg, ret), 12)			\
	X(OFF(tee_ioctl_object_invoke_arg, num_params), 16)		\
	X(OFF(tee_ioctl_object_invoke_arg, params), 24)			\
	X((TEE_MAX_ARG_SIZE - SZ(tee_ioctl_open_session_arg)) / 32, 126) \
	X((TEE_MAX_ARG_SIZE - SZ(tee_ioctl_invoke_arg)) / 32, 127)	\
	X((TEE_MAX_ARG_SIZE - SZ(tee_ioctl_object_invoke_arg)) / 32, 127) \
	X((TEE_MAX_ARG_SIZE - SZ(tee_iocl_supp_recv_arg)) / 32, 127)

/* §1.4 alignment, LP64 only (i386 aligns u64 to 4). */
#define UAPI_LP64(X)							\
	X(_Alignof(struct tee_ioctl_shm_alloc_data), 8)			\
	X(_Alignof(struct tee_ioctl_buf_data), 8)

/* §3.1 SMCCC function-id encoding. */
#define SMC_ENCODING(X)							\
	X(OPTEE_SMC_FAST_CALL, 0x80000000)				\
	X(OPTEE_SMC_STD_CALL, 0)					\
	X(OPTEE_SMC_64, 0x40000000)					\
	X(OPTEE_SMC_32, 0)						\
	X(OPTEE_SMC_OWNER_ARCH, 0)					\
	X(OPTEE_SMC_OWNER_CPU, 1)					\
	X(OPTEE_SMC_OWNER_SIP, 2)					\
	X(OPTEE_SMC_OWNER_OEM, 3)					\
	X(OPTEE_SMC_OWNER_STANDARD, 4)					\
	X(OPTEE_SMC_OWNER_TRUSTED_APP, 48)				\
	X(OPTEE_SMC_OWNER_TRUSTED_OS, 50)				\
	X(OPTEE_SMC_OWNER_TRUSTED_OS_OPTEED, 62)			\
	X(OPTEE_SMC_OWNER_TRUSTED_OS_API, 63)				\
	X(OPTEE_SMC_CALL_VAL(OPTEE_SMC_FAST_CALL, OPTEE_SMC_32,		\
			     OPTEE_SMC_OWNER_TRUSTED_OS, 7), 0xB2000007) \
	X(OPTEE_SMC_CALL_VAL(OPTEE_SMC_STD_CALL, OPTEE_SMC_32,		\
			     OPTEE_SMC_OWNER_TRUSTED_OS, 4), 0x32000004) \
	X(OPTEE_SMC_CALL_VAL(OPTEE_SMC_FAST_CALL, OPTEE_SMC_64,		\
			     OPTEE_SMC_OWNER_SIP, 0x1234), 0xC2001234)	\
	X(OPTEE_SMC_IS_FAST_CALL(0xB2000007), 1)			\
	X(OPTEE_SMC_IS_FAST_CALL(0x32000004), 0)			\
	X(OPTEE_SMC_IS_64(0xC2001234), 1)				\
	X(OPTEE_SMC_IS_64(0xBF00FF01), 0)				\
	X(OPTEE_SMC_OWNER_NUM(0xBF00FF01), 63)				\
	X(OPTEE_SMC_OWNER_NUM(0x32000004), 50)				\
	X(OPTEE_SMC_FUNC_NUM(0xBF00FF01), 0xFF01)

/* §3.2 function ids: number and full id. */
#define SMC_FUNCIDS(X)							\
	X(OPTEE_SMC_FUNCID_CALLS_COUNT, 0xFF00)				\
	X(OPTEE_SMC_CALLS_COUNT, 0xBF00FF00)				\
	X(OPTEE_SMC_FUNCID_CALLS_UID, 0xFF01)				\
	X(OPTEE_SMC_CALLS_UID, 0xBF00FF01)				\
	X(OPTEE_SMC_FUNCID_CALLS_REVISION, 0xFF03)			\
	X(OPTEE_SMC_CALLS_REVISION, 0xBF00FF03)				\
	X(OPTEE_SMC_FUNCID_GET_OS_UUID, 0)				\
	X(OPTEE_SMC_CALL_GET_OS_UUID, 0xB2000000)			\
	X(OPTEE_SMC_FUNCID_GET_OS_REVISION, 1)				\
	X(OPTEE_SMC_CALL_GET_OS_REVISION, 0xB2000001)			\
	X(OPTEE_SMC_FUNCID_LOAD_IMAGE, 2)				\
	X(OPTEE_SMC_CALL_LOAD_IMAGE, 0xBF000002)			\
	X(OPTEE_SMC_FUNCID_RETURN_FROM_RPC, 3)				\
	X(OPTEE_SMC_CALL_RETURN_FROM_RPC, 0x32000003)			\
	X(OPTEE_SMC_FUNCID_CALL_WITH_ARG, 4)				\
	X(OPTEE_SMC_CALL_WITH_ARG, 0x32000004)				\
	X(OPTEE_SMC_FUNCID_GET_SHM_CONFIG, 7)				\
	X(OPTEE_SMC_GET_SHM_CONFIG, 0xB2000007)				\
	X(OPTEE_SMC_FUNCID_L2CC_MUTEX, 8)				\
	X(OPTEE_SMC_L2CC_MUTEX, 0xB2000008)				\
	X(OPTEE_SMC_FUNCID_EXCHANGE_CAPABILITIES, 9)			\
	X(OPTEE_SMC_EXCHANGE_CAPABILITIES, 0xB2000009)			\
	X(OPTEE_SMC_FUNCID_DISABLE_SHM_CACHE, 10)			\
	X(OPTEE_SMC_DISABLE_SHM_CACHE, 0xB200000A)			\
	X(OPTEE_SMC_FUNCID_ENABLE_SHM_CACHE, 11)			\
	X(OPTEE_SMC_ENABLE_SHM_CACHE, 0xB200000B)			\
	X(OPTEE_SMC_FUNCID_BOOT_SECONDARY, 12)				\
	X(OPTEE_SMC_BOOT_SECONDARY, 0xB200000C)				\
	X(OPTEE_SMC_FUNCID_VM_CREATED, 13)				\
	X(OPTEE_SMC_VM_CREATED, 0xB200000D)				\
	X(OPTEE_SMC_FUNCID_VM_DESTROYED, 14)				\
	X(OPTEE_SMC_VM_DESTROYED, 0xB200000E)				\
	X(OPTEE_SMC_FUNCID_GET_THREAD_COUNT, 15)			\
	X(OPTEE_SMC_GET_THREAD_COUNT, 0xB200000F)			\
	X(OPTEE_SMC_FUNCID_ENABLE_ASYNC_NOTIF, 16)			\
	X(OPTEE_SMC_ENABLE_ASYNC_NOTIF, 0xB2000010)			\
	X(OPTEE_SMC_FUNCID_GET_ASYNC_NOTIF_VALUE, 17)			\
	X(OPTEE_SMC_GET_ASYNC_NOTIF_VALUE, 0xB2000011)			\
	X(OPTEE_SMC_FUNCID_CALL_WITH_RPC_ARG, 18)			\
	X(OPTEE_SMC_CALL_WITH_RPC_ARG, 0x32000012)			\
	X(OPTEE_SMC_FUNCID_CALL_WITH_REGD_ARG, 19)			\
	X(OPTEE_SMC_CALL_WITH_REGD_ARG, 0x32000013)			\
	X(OPTEE_SMC_FUNCID_GET_PROTMEM_CONFIG, 20)			\
	X(OPTEE_SMC_GET_PROTMEM_CONFIG, 0xB2000014)			\
	X(OPTEE_SMC_L2CC_MUTEX_GET_ADDR, 0)				\
	X(OPTEE_SMC_L2CC_MUTEX_SET_ADDR, 1)				\
	X(OPTEE_SMC_L2CC_MUTEX_ENABLE, 2)				\
	X(OPTEE_SMC_L2CC_MUTEX_DISABLE, 3)				\
	X(OPTEE_SMC_SHM_CACHED, 1)					\
	X(OPTEE_SMC_ASYNC_NOTIF_VALUE_VALID, 0x1)			\
	X(OPTEE_SMC_ASYNC_NOTIF_VALUE_PENDING, 0x2)			\
	X(OPTEE_SMC_ASYNC_NOTIF_VALUE_DO_BOTTOM_HALF, 0)

/* §3.3 return codes and the RPC rule. */
#define SMC_RETURNS(X)							\
	X(OPTEE_SMC_RETURN_OK, 0x0)					\
	X(OPTEE_SMC_RETURN_ETHREAD_LIMIT, 0x1)				\
	X(OPTEE_SMC_RETURN_EBUSY, 0x2)					\
	X(OPTEE_SMC_RETURN_ERESUME, 0x3)				\
	X(OPTEE_SMC_RETURN_EBADADDR, 0x4)				\
	X(OPTEE_SMC_RETURN_EBADCMD, 0x5)				\
	X(OPTEE_SMC_RETURN_ENOMEM, 0x6)					\
	X(OPTEE_SMC_RETURN_ENOTAVAIL, 0x7)				\
	X(OPTEE_SMC_RETURN_UNKNOWN_FUNCTION, 0xFFFFFFFF)		\
	X(OPTEE_SMC_RPC_VAL(5), 0xFFFF0005)				\
	X(OPTEE_SMC_RETURN_IS_RPC(0xFFFF0000), 1)			\
	X(OPTEE_SMC_RETURN_IS_RPC(0xFFFF0005), 1)			\
	X(OPTEE_SMC_RETURN_IS_RPC(0xFFFFFFFE), 1)			\
	X(OPTEE_SMC_RETURN_IS_RPC(0xFFFFFFFF), 0)			\
	X(OPTEE_SMC_RETURN_IS_RPC(0xFFFE0005), 0)			\
	X(OPTEE_SMC_RETURN_IS_RPC(0x7), 0)				\
	X(OPTEE_SMC_RETURN_IS_RPC(0x0), 0)				\
	X(OPTEE_SMC_RETURN_IS_RPC((unsigned long)0xFFFF0004), 1)	\
	X(OPTEE_SMC_RETURN_IS_RPC((unsigned long)0xFFFFFFFF), 0)	\
	X(OPTEE_SMC_RETURN_GET_RPC_FUNC(0xFFFF0005), 5)			\
	X(OPTEE_SMC_RETURN_GET_RPC_FUNC((unsigned long)0xFFFF0002), 2)

/* §3.4 RPC functions. */
#define SMC_RPC(X)							\
	X(OPTEE_SMC_RPC_FUNC_ALLOC, 0)					\
	X(OPTEE_SMC_RETURN_RPC_ALLOC, 0xFFFF0000)			\
	X(OPTEE_SMC_RPC_FUNC_FREE, 2)					\
	X(OPTEE_SMC_RETURN_RPC_FREE, 0xFFFF0002)			\
	X(OPTEE_SMC_RPC_FUNC_FOREIGN_INTR, 4)				\
	X(OPTEE_SMC_RETURN_RPC_FOREIGN_INTR, 0xFFFF0004)		\
	X(OPTEE_SMC_RPC_FUNC_IRQ, 4)					\
	X(OPTEE_SMC_RPC_FUNC_CMD, 5)					\
	X(OPTEE_SMC_RETURN_RPC_CMD, 0xFFFF0005)

/* §3.5 capability bits. */
#define SMC_CAPS(X)							\
	X(OPTEE_SMC_NSEC_CAP_UNIPROCESSOR, 0x1)				\
	X(OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM, 0x1)			\
	X(OPTEE_SMC_SEC_CAP_HAVE_RESERVERED_SHM, 0x1)			\
	X(OPTEE_SMC_SEC_CAP_UNREGISTERED_SHM, 0x2)			\
	X(OPTEE_SMC_SEC_CAP_DYNAMIC_SHM, 0x4)				\
	X(OPTEE_SMC_SEC_CAP_VIRTUALIZATION, 0x8)			\
	X(OPTEE_SMC_SEC_CAP_MEMREF_NULL, 0x10)				\
	X(OPTEE_SMC_SEC_CAP_ASYNC_NOTIF, 0x20)				\
	X(OPTEE_SMC_SEC_CAP_RPC_ARG, 0x40)				\
	X(OPTEE_SMC_SEC_CAP_RPMB_PROBE, 0x80)				\
	X(OPTEE_SMC_SEC_CAP_PROTMEM, 0x100)				\
	X(OPTEE_SMC_SEC_CAP_DYNAMIC_PROTMEM, 0x200)

/* §3.2 result registers: each result struct overlays arm_smccc_res. */
#define SMC_RESULTS(X)							\
	X(SZ(arm_smccc_res), 4 * sizeof(unsigned long))			\
	X(SZ(optee_smc_calls_revision_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_calls_revision_result, major), REG(0))		\
	X(OFF(optee_smc_calls_revision_result, minor), REG(1))		\
	X(SZ(optee_smc_call_get_os_revision_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_call_get_os_revision_result, major), REG(0))	\
	X(OFF(optee_smc_call_get_os_revision_result, minor), REG(1))	\
	X(OFF(optee_smc_call_get_os_revision_result, build_id), REG(2))	\
	X(SZ(optee_smc_get_shm_config_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_get_shm_config_result, status), REG(0))		\
	X(OFF(optee_smc_get_shm_config_result, start), REG(1))		\
	X(OFF(optee_smc_get_shm_config_result, size), REG(2))		\
	X(OFF(optee_smc_get_shm_config_result, settings), REG(3))	\
	X(SZ(optee_smc_exchange_capabilities_result), SZ(arm_smccc_res)) \
	X(OFF(optee_smc_exchange_capabilities_result, status), REG(0))	\
	X(OFF(optee_smc_exchange_capabilities_result, capabilities), REG(1)) \
	X(OFF(optee_smc_exchange_capabilities_result, max_notif_value),	\
	  REG(2))							\
	X(OFF(optee_smc_exchange_capabilities_result, data), REG(3))	\
	X(SZ(optee_smc_disable_shm_cache_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_disable_shm_cache_result, status), REG(0))	\
	X(OFF(optee_smc_disable_shm_cache_result, shm_upper32), REG(1))	\
	X(OFF(optee_smc_disable_shm_cache_result, shm_lower32), REG(2))	\
	X(SZ(optee_smc_get_thread_count_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_get_thread_count_result, status), REG(0))	\
	X(OFF(optee_smc_get_thread_count_result, thread_count), REG(1))	\
	X(SZ(optee_smc_get_async_notif_value_result), SZ(arm_smccc_res)) \
	X(OFF(optee_smc_get_async_notif_value_result, status), REG(0))	\
	X(OFF(optee_smc_get_async_notif_value_result, value), REG(1))	\
	X(OFF(optee_smc_get_async_notif_value_result, flags), REG(2))	\
	X(SZ(optee_smc_get_protmem_config_result), SZ(arm_smccc_res))	\
	X(OFF(optee_smc_get_protmem_config_result, status), REG(0))	\
	X(OFF(optee_smc_get_protmem_config_result, start), REG(1))	\
	X(OFF(optee_smc_get_protmem_config_result, size), REG(2))	\
	X(OFF(optee_smc_get_protmem_config_result, pa_width), REG(3))

/* §3.6 UIDs, revision, OS UUID and the function numbers of optee_msg.h. */
#define MSG_IDS(X)							\
	X(OPTEE_MSG_UID_0, 0x384fb3e0)					\
	X(OPTEE_MSG_UID_1, 0xe7f811e3)					\
	X(OPTEE_MSG_UID_2, 0xaf630002)					\
	X(OPTEE_MSG_UID_3, 0xa5d5c51b)					\
	X(OPTEE_MSG_REVISION_MAJOR, 2)					\
	X(OPTEE_MSG_REVISION_MINOR, 0)					\
	X(OPTEE_MSG_OS_OPTEE_UUID_0, 0x486178e0)			\
	X(OPTEE_MSG_OS_OPTEE_UUID_1, 0xe7f811e3)			\
	X(OPTEE_MSG_OS_OPTEE_UUID_2, 0xbc5e0002)			\
	X(OPTEE_MSG_OS_OPTEE_UUID_3, 0xa5d5c51b)			\
	X(OPTEE_MSG_IMAGE_LOAD_UID_0, 0xa3fbeab1)			\
	X(OPTEE_MSG_IMAGE_LOAD_UID_1, 0x1246315d)			\
	X(OPTEE_MSG_IMAGE_LOAD_UID_2, 0xc7c406b9)			\
	X(OPTEE_MSG_IMAGE_LOAD_UID_3, 0xc03cbea4)			\
	X(OPTEE_MSG_FUNCID_CALLS_UID, 0xFF01)				\
	X(OPTEE_MSG_FUNCID_CALLS_REVISION, 0xFF03)			\
	X(OPTEE_MSG_FUNCID_GET_OS_UUID, 0)				\
	X(OPTEE_MSG_FUNCID_GET_OS_REVISION, 1)				\
	X(OPTEE_MSG_FUNCID_CALL_WITH_ARG, 4)				\
	X(OPTEE_SMC_FUNCID_CALLS_UID, OPTEE_MSG_FUNCID_CALLS_UID)	\
	X(OPTEE_SMC_FUNCID_CALLS_REVISION, OPTEE_MSG_FUNCID_CALLS_REVISION) \
	X(OPTEE_SMC_FUNCID_GET_OS_UUID, OPTEE_MSG_FUNCID_GET_OS_UUID)	\
	X(OPTEE_SMC_FUNCID_GET_OS_REVISION, OPTEE_MSG_FUNCID_GET_OS_REVISION) \
	X(OPTEE_SMC_FUNCID_CALL_WITH_ARG, OPTEE_MSG_FUNCID_CALL_WITH_ARG)

/* §4.1 struct optee_msg_arg, §4.2 struct optee_msg_param. */
#define MSG_LAYOUTS(X)							\
	X(SZ(optee_msg_arg), 32)					\
	X(OFF(optee_msg_arg, cmd), 0)					\
	X(OFF(optee_msg_arg, func), 4)					\
	X(OFF(optee_msg_arg, session), 8)				\
	X(OFF(optee_msg_arg, cancel_id), 12)				\
	X(OFF(optee_msg_arg, pad), 16)					\
	X(OFF(optee_msg_arg, ret), 20)					\
	X(OFF(optee_msg_arg, ret_origin), 24)				\
	X(OFF(optee_msg_arg, num_params), 28)				\
	X(OFF(optee_msg_arg, params), 32)				\
	X(OPTEE_MSG_GET_ARG_SIZE(0), 32)				\
	X(OPTEE_MSG_GET_ARG_SIZE(4), 160)				\
	X(OPTEE_MSG_MAX_NUM_PARAMS, 127)				\
	X(OPTEE_MSG_GET_ARG_SIZE(OPTEE_MSG_MAX_NUM_PARAMS), 4096)	\
	X(SZ(optee_msg_param), 32)					\
	X(OFF(optee_msg_param, attr), 0)				\
	X(OFF(optee_msg_param, u), 8)					\
	X(MSZ(optee_msg_param, u), 24)					\
	X(MSZ(optee_msg_param, u.octets), 24)				\
	X(OFF(optee_msg_param, u.octets), 8)				\
	X(OFF(optee_msg_param, u.tmem.buf_ptr), 8)			\
	X(OFF(optee_msg_param, u.tmem.size), 16)			\
	X(OFF(optee_msg_param, u.tmem.shm_ref), 24)			\
	X(OFF(optee_msg_param, u.rmem.offs), 8)				\
	X(OFF(optee_msg_param, u.rmem.size), 16)			\
	X(OFF(optee_msg_param, u.rmem.shm_ref), 24)			\
	X(OFF(optee_msg_param, u.fmem.offs_low), 8)			\
	X(MSZ(optee_msg_param, u.fmem.offs_low), 4)			\
	X(OFF(optee_msg_param, u.fmem.offs_high), 12)			\
	X(MSZ(optee_msg_param, u.fmem.offs_high), 2)			\
	X(OFF(optee_msg_param, u.fmem.internal_offs), 14)		\
	X(MSZ(optee_msg_param, u.fmem.internal_offs), 2)		\
	X(OFF(optee_msg_param, u.fmem.size), 16)			\
	X(OFF(optee_msg_param, u.fmem.global_id), 24)			\
	X(OFF(optee_msg_param, u.value.a), 8)				\
	X(OFF(optee_msg_param, u.value.b), 16)				\
	X(OFF(optee_msg_param, u.value.c), 24)				\
	X(SZ(optee_msg_param_tmem), 24)					\
	X(SZ(optee_msg_param_rmem), 24)					\
	X(SZ(optee_msg_param_fmem), 24)					\
	X(SZ(optee_msg_param_value), 24)				\
	X(OPTEE_MSG_FMEM_INVALID_GLOBAL_ID, 0xFFFFFFFFFFFFFFFFULL)

/* §4.3 attribute field and login values. */
#define MSG_ATTRS(X)							\
	X(OPTEE_MSG_ATTR_TYPE_NONE, 0x0)				\
	X(OPTEE_MSG_ATTR_TYPE_VALUE_INPUT, 0x1)				\
	X(OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT, 0x2)			\
	X(OPTEE_MSG_ATTR_TYPE_VALUE_INOUT, 0x3)				\
	X(OPTEE_MSG_ATTR_TYPE_RMEM_INPUT, 0x5)				\
	X(OPTEE_MSG_ATTR_TYPE_RMEM_OUTPUT, 0x6)				\
	X(OPTEE_MSG_ATTR_TYPE_RMEM_INOUT, 0x7)				\
	X(OPTEE_MSG_ATTR_TYPE_FMEM_INPUT, 0x5)				\
	X(OPTEE_MSG_ATTR_TYPE_FMEM_OUTPUT, 0x6)				\
	X(OPTEE_MSG_ATTR_TYPE_FMEM_INOUT, 0x7)				\
	X(OPTEE_MSG_ATTR_TYPE_TMEM_INPUT, 0x9)				\
	X(OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT, 0xA)				\
	X(OPTEE_MSG_ATTR_TYPE_TMEM_INOUT, 0xB)				\
	X(OPTEE_MSG_ATTR_TYPE_MASK, 0xFF)				\
	X(OPTEE_MSG_ATTR_META, 0x100)					\
	X(OPTEE_MSG_ATTR_NONCONTIG, 0x200)				\
	X(OPTEE_MSG_ATTR_CACHE_SHIFT, 16)				\
	X(OPTEE_MSG_ATTR_CACHE_MASK, 0x7)				\
	X(OPTEE_MSG_ATTR_CACHE_PREDEFINED, 0)				\
	X(OPTEE_MSG_NONCONTIG_PAGE_SIZE, 4096)				\
	X(OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META, 0x101)	\
	X(OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT | OPTEE_MSG_ATTR_NONCONTIG, 0x20A) \
	X(OPTEE_MSG_LOGIN_PUBLIC, 0)					\
	X(OPTEE_MSG_LOGIN_USER, 1)					\
	X(OPTEE_MSG_LOGIN_GROUP, 2)					\
	X(OPTEE_MSG_LOGIN_APPLICATION, 4)				\
	X(OPTEE_MSG_LOGIN_APPLICATION_USER, 5)				\
	X(OPTEE_MSG_LOGIN_APPLICATION_GROUP, 6)				\
	X(OPTEE_MSG_LOGIN_REE_KERNEL, 0x80000000)

/* §4.4 commands and protected memory use cases. */
#define MSG_CMDS(X)							\
	X(OPTEE_MSG_CMD_OPEN_SESSION, 0)				\
	X(OPTEE_MSG_CMD_INVOKE_COMMAND, 1)				\
	X(OPTEE_MSG_CMD_CLOSE_SESSION, 2)				\
	X(OPTEE_MSG_CMD_CANCEL, 3)					\
	X(OPTEE_MSG_CMD_REGISTER_SHM, 4)				\
	X(OPTEE_MSG_CMD_UNREGISTER_SHM, 5)				\
	X(OPTEE_MSG_CMD_DO_BOTTOM_HALF, 6)				\
	X(OPTEE_MSG_CMD_STOP_ASYNC_NOTIF, 7)				\
	X(OPTEE_MSG_CMD_LEND_PROTMEM, 8)				\
	X(OPTEE_MSG_CMD_RECLAIM_PROTMEM, 9)				\
	X(OPTEE_MSG_CMD_GET_PROTMEM_CONFIG, 10)				\
	X(OPTEE_MSG_CMD_ASSIGN_PROTMEM, 11)				\
	X(OPTEE_MSG_PROTMEM_RESERVED, 0)				\
	X(OPTEE_MSG_PROTMEM_SECURE_VIDEO_PLAY, 1)			\
	X(OPTEE_MSG_PROTMEM_TRUSTED_UI, 2)				\
	X(OPTEE_MSG_PROTMEM_SECURE_VIDEO_RECORD, 3)

/* §5.1 RPC commands and their constants, §5.5 shared memory types. */
#define RPC_CMDS(X)							\
	X(OPTEE_RPC_CMD_LOAD_TA, 0)					\
	X(OPTEE_RPC_CMD_RPMB, 1)					\
	X(OPTEE_RPC_CMD_FS, 2)						\
	X(OPTEE_RPC_CMD_GET_TIME, 3)					\
	X(OPTEE_RPC_CMD_NOTIFICATION, 4)				\
	X(OPTEE_RPC_CMD_SUSPEND, 5)					\
	X(OPTEE_RPC_CMD_SHM_ALLOC, 6)					\
	X(OPTEE_RPC_CMD_SHM_FREE, 7)					\
	X(OPTEE_RPC_CMD_SQL_FS_RESERVED, 8)				\
	X(OPTEE_RPC_CMD_GPROF, 9)					\
	X(OPTEE_RPC_CMD_SOCKET, 10)					\
	X(OPTEE_RPC_CMD_FTRACE, 11)					\
	X(OPTEE_RPC_CMD_SUPP_PLUGIN, 12)				\
	X(OPTEE_RPC_CMD_BENCH_REG, 20)					\
	X(OPTEE_RPC_CMD_I2C_TRANSFER, 21)				\
	X(OPTEE_RPC_CMD_RPMB_PROBE_RESET, 22)				\
	X(OPTEE_RPC_CMD_RPMB_PROBE_NEXT, 23)				\
	X(OPTEE_RPC_CMD_RPMB_FRAMES, 24)				\
	X(OPTEE_RPC_NOTIFICATION_WAIT, 0)				\
	X(OPTEE_RPC_NOTIFICATION_SEND, 1)				\
	X(OPTEE_RPC_I2C_TRANSFER_RD, 0)					\
	X(OPTEE_RPC_I2C_TRANSFER_WR, 1)					\
	X(OPTEE_RPC_I2C_FLAGS_TEN_BIT, 0x1)				\
	X(OPTEE_RPC_RPMB_EMMC, 0)					\
	X(OPTEE_RPC_RPMB_UFS, 1)					\
	X(OPTEE_RPC_RPMB_NVME, 2)					\
	X(OPTEE_RPC_SHM_TYPE_APPL, 0)					\
	X(OPTEE_RPC_SHM_TYPE_KERNEL, 1)					\
	X(OPTEE_RPC_SHM_TYPE_GLOBAL, 2)

/* §5.2 FS, §5.3 SOCKET and §5.4 SUPP_PLUGIN sub-commands. */
#define RPC_SUBCMDS(X)							\
	X(OPTEE_RPC_FS_OPEN, 0)						\
	X(OPTEE_RPC_FS_CREATE, 1)					\
	X(OPTEE_RPC_FS_CLOSE, 2)					\
	X(OPTEE_RPC_FS_READ, 3)						\
	X(OPTEE_RPC_FS_WRITE, 4)					\
	X(OPTEE_RPC_FS_TRUNCATE, 5)					\
	X(OPTEE_RPC_FS_REMOVE, 6)					\
	X(OPTEE_RPC_FS_RENAME, 7)					\
	X(OPTEE_RPC_FS_OPENDIR, 8)					\
	X(OPTEE_RPC_FS_CLOSEDIR, 9)					\
	X(OPTEE_RPC_FS_READDIR, 10)					\
	X(OPTEE_RPC_SOCKET_TIMEOUT_NONBLOCKING, 0)			\
	X(OPTEE_RPC_SOCKET_TIMEOUT_BLOCKING, 0xFFFFFFFF)		\
	X(OPTEE_RPC_SOCKET_OPEN, 0)					\
	X(OPTEE_RPC_SOCKET_CLOSE, 1)					\
	X(OPTEE_RPC_SOCKET_CLOSE_ALL, 2)				\
	X(OPTEE_RPC_SOCKET_SEND, 3)					\
	X(OPTEE_RPC_SOCKET_RECV, 4)					\
	X(OPTEE_RPC_SOCKET_IOCTL, 5)					\
	X(OPTEE_RPC_SUPP_PLUGIN_INVOKE, 0)

/* §6.1 prototypes and parameter type macros. */
#define TEEC_FUNCTIONS(X)						\
	X(PROTO(TEEC_InitializeContext,					\
		TEEC_Result(const char *, TEEC_Context *)), 1)		\
	X(PROTO(TEEC_FinalizeContext, void(TEEC_Context *)), 1)		\
	X(PROTO(TEEC_OpenSession,					\
		TEEC_Result(TEEC_Context *, TEEC_Session *,		\
			    const TEEC_UUID *, uint32_t, const void *,	\
			    TEEC_Operation *, uint32_t *)), 1)		\
	X(PROTO(TEEC_CloseSession, void(TEEC_Session *)), 1)		\
	X(PROTO(TEEC_InvokeCommand,					\
		TEEC_Result(TEEC_Session *, uint32_t, TEEC_Operation *,	\
			    uint32_t *)), 1)				\
	X(PROTO(TEEC_RegisterSharedMemory,				\
		TEEC_Result(TEEC_Context *, TEEC_SharedMemory *)), 1)	\
	X(PROTO(TEEC_AllocateSharedMemory,				\
		TEEC_Result(TEEC_Context *, TEEC_SharedMemory *)), 1)	\
	X(PROTO(TEEC_ReleaseSharedMemory, void(TEEC_SharedMemory *)), 1) \
	X(PROTO(TEEC_RequestCancellation, void(TEEC_Operation *)), 1)	\
	X(PROTO(TEEC_RegisterSharedMemoryFileDescriptor,		\
		TEEC_Result(TEEC_Context *, TEEC_SharedMemory *, int)), 1) \
	X(TSZ(TEEC_Result), 4)						\
	X(TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT,	\
			   TEEC_NONE, TEEC_MEMREF_PARTIAL_INOUT), 0xF061) \
	X(TEEC_PARAM_TYPE_GET(0xF061, 0), TEEC_VALUE_INPUT)		\
	X(TEEC_PARAM_TYPE_GET(0xF061, 1), TEEC_MEMREF_TEMP_OUTPUT)	\
	X(TEEC_PARAM_TYPE_GET(0xF061, 2), TEEC_NONE)			\
	X(TEEC_PARAM_TYPE_GET(0xF061, 3), TEEC_MEMREF_PARTIAL_INOUT)

/* §6.2 constants. */
#define TEEC_CONSTANTS(X)						\
	X(TEEC_CONFIG_PAYLOAD_REF_COUNT, 4)				\
	X(TEEC_CONFIG_SHAREDMEM_MAX_SIZE, ULONG_MAX)			\
	X(TEEC_NONE, 0x0)						\
	X(TEEC_VALUE_INPUT, 0x1)					\
	X(TEEC_VALUE_OUTPUT, 0x2)					\
	X(TEEC_VALUE_INOUT, 0x3)					\
	X(TEEC_MEMREF_TEMP_INPUT, 0x5)					\
	X(TEEC_MEMREF_TEMP_OUTPUT, 0x6)					\
	X(TEEC_MEMREF_TEMP_INOUT, 0x7)					\
	X(TEEC_MEMREF_WHOLE, 0xC)					\
	X(TEEC_MEMREF_PARTIAL_INPUT, 0xD)				\
	X(TEEC_MEMREF_PARTIAL_OUTPUT, 0xE)				\
	X(TEEC_MEMREF_PARTIAL_INOUT, 0xF)				\
	X(TEEC_MEM_INPUT, 0x1)						\
	X(TEEC_MEM_OUTPUT, 0x2)						\
	X(TEEC_ORIGIN_API, 1)						\
	X(TEEC_ORIGIN_COMMS, 2)						\
	X(TEEC_ORIGIN_TEE, 3)						\
	X(TEEC_ORIGIN_TRUSTED_APP, 4)					\
	X(TEEC_LOGIN_PUBLIC, 0)						\
	X(TEEC_LOGIN_USER, 1)						\
	X(TEEC_LOGIN_GROUP, 2)						\
	X(TEEC_LOGIN_APPLICATION, 4)					\
	X(TEEC_LOGIN_USER_APPLICATION, 5)				\
	X(TEEC_LOGIN_GROUP_APPLICATION, 6)				\
	X(TEEC_SUCCESS, 0)						\
	X(TEEC_ERROR_GENERIC, 0xFFFF0000)				\
	X(TEEC_ERROR_ACCESS_DENIED, 0xFFFF0001)				\
	X(TEEC_ERROR_CANCEL, 0xFFFF0002)				\
	X(TEEC_ERROR_ACCESS_CONFLICT, 0xFFFF0003)			\
	X(TEEC_ERROR_EXCESS_DATA, 0xFFFF0004)				\
	X(TEEC_ERROR_BAD_FORMAT, 0xFFFF0005)				\
	X(TEEC_ERROR_BAD_PARAMETERS, 0xFFFF0006)			\
	X(TEEC_ERROR_BAD_STATE, 0xFFFF0007)				\
	X(TEEC_ERROR_ITEM_NOT_FOUND, 0xFFFF0008)			\
	X(TEEC_ERROR_NOT_IMPLEMENTED, 0xFFFF0009)			\
	X(TEEC_ERROR_NOT_SUPPORTED, 0xFFFF000A)				\
	X(TEEC_ERROR_NO_DATA, 0xFFFF000B)				\
	X(TEEC_ERROR_OUT_OF_MEMORY, 0xFFFF000C)				\
	X(TEEC_ERROR_BUSY, 0xFFFF000D)					\
	X(TEEC_ERROR_COMMUNICATION, 0xFFFF000E)				\
	X(TEEC_ERROR_SECURITY, 0xFFFF000F)				\
	X(TEEC_ERROR_SHORT_BUFFER, 0xFFFF0010)				\
	X(TEEC_ERROR_STORAGE_NOT_AVAILABLE, 0xF0100003)			\
	X(TEEC_ERROR_EXTERNAL_CANCEL, 0xFFFF0011)			\
	X(TEE_ERROR_EXTERNAL_CANCEL, 0xFFFF0011)			\
	X(TEE_ERROR_OVERFLOW, 0xFFFF300F)				\
	X(TEEC_ERROR_TARGET_DEAD, 0xFFFF3024)				\
	X(TEE_ERROR_TARGET_DEAD, 0xFFFF3024)				\
	X(TEEC_ERROR_STORAGE_NO_SPACE, 0xFFFF3041)			\
	X(TEE_ERROR_STORAGE_NO_SPACE, 0xFFFF3041)			\
	X(TEE_ERROR_MAC_INVALID, 0xFFFF3071)				\
	X(TEE_ERROR_SIGNATURE_INVALID, 0xFFFF3072)			\
	X(TEE_ERROR_TIME_NOT_SET, 0xFFFF5000)				\
	X(TEE_ERROR_TIME_NEEDS_RESET, 0xFFFF5001)

/* §6.3 layouts that do not depend on the data model. */
#define TEEC_LAYOUTS(X)							\
	X(TSZ(TEEC_UUID), 16)						\
	X(TOFF(TEEC_UUID, timeLow), 0)					\
	X(TOFF(TEEC_UUID, timeMid), 4)					\
	X(TOFF(TEEC_UUID, timeHiAndVersion), 6)				\
	X(TOFF(TEEC_UUID, clockSeqAndNode), 8)				\
	X(TMSZ(TEEC_UUID, clockSeqAndNode), 8)				\
	X(TSZ(TEEC_Context), 8)						\
	X(TOFF(TEEC_Context, imp.fd), 0)				\
	X(TOFF(TEEC_Context, imp.reg_mem), 4)				\
	X(TMSZ(TEEC_Context, imp.reg_mem), 1)				\
	X(TOFF(TEEC_Context, imp.memref_null), 5)			\
	X(TMSZ(TEEC_Context, imp.memref_null), 1)			\
	X(TSZ(TEEC_Value), 8)						\
	X(TOFF(TEEC_Value, a), 0)					\
	X(TOFF(TEEC_Value, b), 4)					\
	X(TOFF(TEEC_Parameter, tmpref), 0)				\
	X(TOFF(TEEC_Parameter, memref), 0)				\
	X(TOFF(TEEC_Parameter, value), 0)				\
	X(TOFF(TEEC_Operation, started), 0)				\
	X(TOFF(TEEC_Operation, paramTypes), 4)				\
	X(TOFF(TEEC_Operation, params), 8)				\
	X(TOFF(TEEC_Session, imp.ctx), 0)

/*
 * §6.3 layouts that depend on the data model: LP64_ILP32(lp64, ilp32)
 * gives the value on LP64 (x86_64, aarch64) and on ILP32 (arm32; i386
 * is the same for these structs).
 */
#define TEEC_BY_MODEL(X)						\
	X(TSZ(TEEC_SharedMemory), LP64_ILP32(56, 32))			\
	X(TOFF(TEEC_SharedMemory, buffer), LP64_ILP32(0, 0))		\
	X(TOFF(TEEC_SharedMemory, size), LP64_ILP32(8, 4))		\
	X(TOFF(TEEC_SharedMemory, flags), LP64_ILP32(16, 8))		\
	X(TOFF(TEEC_SharedMemory, imp.id), LP64_ILP32(24, 12))		\
	X(TOFF(TEEC_SharedMemory, imp.alloced_size), LP64_ILP32(32, 16)) \
	X(TOFF(TEEC_SharedMemory, imp.shadow_buffer), LP64_ILP32(40, 20)) \
	X(TOFF(TEEC_SharedMemory, imp.registered_fd), LP64_ILP32(48, 24)) \
	X(TOFF(TEEC_SharedMemory, imp.flags), LP64_ILP32(52, 28))	\
	X(TSZ(TEEC_TempMemoryReference), LP64_ILP32(16, 8))		\
	X(TOFF(TEEC_TempMemoryReference, buffer), LP64_ILP32(0, 0))	\
	X(TOFF(TEEC_TempMemoryReference, size), LP64_ILP32(8, 4))	\
	X(TSZ(TEEC_RegisteredMemoryReference), LP64_ILP32(24, 12))	\
	X(TOFF(TEEC_RegisteredMemoryReference, parent), LP64_ILP32(0, 0)) \
	X(TOFF(TEEC_RegisteredMemoryReference, size), LP64_ILP32(8, 4))	\
	X(TOFF(TEEC_RegisteredMemoryReference, offset), LP64_ILP32(16, 8)) \
	X(TSZ(TEEC_Parameter), LP64_ILP32(24, 12))			\
	X(TSZ(TEEC_Operation), LP64_ILP32(112, 60))			\
	X(TOFF(TEEC_Operation, params[1]), LP64_ILP32(32, 20))		\
	X(TOFF(TEEC_Operation, imp.session), LP64_ILP32(104, 56))	\
	X(TSZ(TEEC_Session), LP64_ILP32(16, 8))				\
	X(TOFF(TEEC_Session, imp.session_id), LP64_ILP32(8, 4))

/* clang-format on */

#if defined(__LP64__)
#define ABI_LP64 1
#elif __SIZEOF_POINTER__ == 4 && __SIZEOF_SIZE_T__ == 4
#define ABI_ILP32 1
#endif

/* The value of a TEEC_BY_MODEL row for the data model built for. */
#if defined(ABI_LP64)
#define ABI_MODEL		"LP64"
#define LP64_ILP32(lp64, ilp32) (lp64)
#elif defined(ABI_ILP32)
#define ABI_MODEL		"ILP32"
#define LP64_ILP32(lp64, ilp32) (ilp32)
#endif

/*
 * Compile-time half: one _Static_assert per fact.
 */
#ifndef TEST_ABI_RUNTIME_ONLY
#define FACT_ASSERT(expr, want)                                                \
	_Static_assert((uint64_t)(expr) == (uint64_t)(want),                   \
		       "docs/abi.md: " #expr " == " #want);

UAPI_CONSTANTS(FACT_ASSERT)
UAPI_IOCTLS(FACT_ASSERT)
UAPI_LAYOUTS(FACT_ASSERT)
SMC_ENCODING(FACT_ASSERT)
SMC_FUNCIDS(FACT_ASSERT)
SMC_RETURNS(FACT_ASSERT)
SMC_RPC(FACT_ASSERT)
SMC_CAPS(FACT_ASSERT)
SMC_RESULTS(FACT_ASSERT)
MSG_IDS(FACT_ASSERT)
MSG_LAYOUTS(FACT_ASSERT)
MSG_ATTRS(FACT_ASSERT)
MSG_CMDS(FACT_ASSERT)
RPC_CMDS(FACT_ASSERT)
RPC_SUBCMDS(FACT_ASSERT)
TEEC_FUNCTIONS(FACT_ASSERT)
TEEC_CONSTANTS(FACT_ASSERT)
TEEC_LAYOUTS(FACT_ASSERT)
#if defined(ABI_LP64)
UAPI_LP64(FACT_ASSERT)
#endif
#if defined(ABI_MODEL)
TEEC_BY_MODEL(FACT_ASSERT)
#endif
#endif /* TEST_ABI_RUNTIME_ONLY */

/*
 * Run-time half: the same facts as tables, so that a wrong number is
 * reported by name.
 */

/**
 * struct abi_fact - one number of docs/abi.md
 * @expr:	the expression checked, as written in the list
 * @want_text:	the expected value, as written in the list
 * @got:	value of @expr
 * @want:	value of @want_text
 */
struct abi_fact {
	const char *expr;
	const char *want_text;
	uint64_t got;
	uint64_t want;
};

#define FACT_ENTRY(expr, want)                                                 \
	{#expr, #want, (uint64_t)(expr), (uint64_t)(want)},

#define FACT_TABLE(name, list)                                                 \
	static const struct abi_fact name[] = {list(FACT_ENTRY)}

FACT_TABLE(uapi_constants, UAPI_CONSTANTS);
FACT_TABLE(uapi_ioctls, UAPI_IOCTLS);
FACT_TABLE(uapi_layouts, UAPI_LAYOUTS);
FACT_TABLE(smc_encoding, SMC_ENCODING);
FACT_TABLE(smc_funcids, SMC_FUNCIDS);
FACT_TABLE(smc_returns, SMC_RETURNS);
FACT_TABLE(smc_rpc, SMC_RPC);
FACT_TABLE(smc_caps, SMC_CAPS);
FACT_TABLE(smc_results, SMC_RESULTS);
FACT_TABLE(msg_ids, MSG_IDS);
FACT_TABLE(msg_layouts, MSG_LAYOUTS);
FACT_TABLE(msg_attrs, MSG_ATTRS);
FACT_TABLE(msg_cmds, MSG_CMDS);
FACT_TABLE(rpc_cmds, RPC_CMDS);
FACT_TABLE(rpc_subcmds, RPC_SUBCMDS);
FACT_TABLE(teec_functions, TEEC_FUNCTIONS);
FACT_TABLE(teec_constants, TEEC_CONSTANTS);
FACT_TABLE(teec_layouts, TEEC_LAYOUTS);
#if defined(ABI_LP64)
FACT_TABLE(uapi_lp64, UAPI_LP64);
#endif
#if defined(ABI_MODEL)
FACT_TABLE(teec_by_model, TEEC_BY_MODEL);
#endif

/* A table of facts and the section(s) of docs/abi.md it holds. */
struct abi_section {
	const char *name;
	const struct abi_fact *facts;
	size_t count;
};

/*
 * What one test checks: the sections of docs/abi.md about header @name.
 * Entries of @sections a header does not fill are zero and skipped.
 */
struct abi_header {
	const char *name;
	struct abi_section sections[6];
};

#define FACTS(table) table, ARRAY_SIZE(table)

/* docs/abi.md §1.2-§1.5: include/uapi/linux/tee.h. */
static struct abi_header uapi_tee_h = {
	.name = "linux/tee.h",
	.sections = {
		{"§1.2 constants", FACTS(uapi_constants)},
		{"§1.3 ioctls", FACTS(uapi_ioctls)},
		{"§1.4/§1.5 layouts", FACTS(uapi_layouts)},
#if defined(ABI_LP64)
		{"§1.4 LP64 alignment", FACTS(uapi_lp64)},
#endif
	}};

/* docs/abi.md §3.1-§3.5: drivers/tee/optee/optee_smc.h. */
static struct abi_header optee_smc_h = {
	.name = "optee_smc.h",
	.sections = {
		{"§3.1 SMCCC encoding", FACTS(smc_encoding)},
		{"§3.2 function ids", FACTS(smc_funcids)},
		{"§3.2 result registers", FACTS(smc_results)},
		{"§3.3 return codes", FACTS(smc_returns)},
		{"§3.4 RPC functions", FACTS(smc_rpc)},
		{"§3.5 capabilities", FACTS(smc_caps)},
	}};

/* docs/abi.md §3.6 and §4.1-§4.4: drivers/tee/optee/optee_msg.h. */
static struct abi_header optee_msg_h = {
	.name = "optee_msg.h",
	.sections = {
		{"§3.6 UIDs and revision", FACTS(msg_ids)},
		{"§4.1/§4.2 layouts", FACTS(msg_layouts)},
		{"§4.3 attributes", FACTS(msg_attrs)},
		{"§4.4 commands", FACTS(msg_cmds)},
	}};

/* docs/abi.md §5.1-§5.5: drivers/tee/optee/optee_rpc_cmd.h. */
static struct abi_header optee_rpc_cmd_h = {
	.name = "optee_rpc_cmd.h",
	.sections = {
		{"§5.1/§5.5 commands", FACTS(rpc_cmds)},
		{"§5.2-§5.4 sub-commands", FACTS(rpc_subcmds)},
	}};

/* docs/abi.md §6.1-§6.3: libteec/include/tee_client_api.h. */
static struct abi_header tee_client_api_h = {
	.name = "tee_client_api.h",
	.sections = {
		{"§6.1 functions", FACTS(teec_functions)},
		{"§6.2 constants", FACTS(teec_constants)},
		{"§6.3 layouts", FACTS(teec_layouts)},
#if defined(ABI_MODEL)
		{"§6.3 " ABI_MODEL " layouts", FACTS(teec_by_model)},
#endif
	}};

/*
 * Prints every fact of @facts that does not hold, under @section, and
 * returns how many there were.
 */
static unsigned int check_facts(const char *section,
				const struct abi_fact *facts, size_t count)
{
	unsigned int bad = 0;
	size_t i;

	for (i = 0; i < count; i++) {
		const struct abi_fact *f = &facts[i];

		if (f->got == f->want)
			continue;
		print_error("docs/abi.md %s: %s is 0x%" PRIx64
			    ", expected %s (0x%" PRIx64 ")\n",
			    section, f->expr, f->got, f->want_text, f->want);
		bad++;
	}
	return bad;
}

/*
 * Checks the struct abi_header in *@state, naming every wrong fact of
 * every section before it fails, so that one run lists them all.
 */
static void test_header(void **state)
{
	const struct abi_header *h = *state;
	const struct abi_section *s;
	unsigned int bad = 0;

	for (s = h->sections; s < h->sections + ARRAY_SIZE(h->sections); s++)
		if (s->name)
			bad += check_facts(s->name, s->facts, s->count);
	if (bad)
		fail_msg("%u number(s) in %s differ from docs/abi.md", bad,
			 h->name);
}

int main(void)
{
	/* Named as when each header had a test function of its own. */
	const struct CMUnitTest tests[] = {
		{"test_uapi_tee_h", test_header, NULL, NULL, &uapi_tee_h},
		{"test_optee_smc_h", test_header, NULL, NULL, &optee_smc_h},
		{"test_optee_msg_h", test_header, NULL, NULL, &optee_msg_h},
		{"test_optee_rpc_cmd_h", test_header, NULL, NULL,
		 &optee_rpc_cmd_h},
		{"test_tee_client_api_h", test_header, NULL, NULL,
		 &tee_client_api_h},
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
