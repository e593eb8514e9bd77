/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: the Linux generic TEE user-space ABI (include/uapi/linux/tee.h).
 *
 * Our own text; every number and layout is the kernel's, bit for bit, so a
 * program built against the kernel header talks to teebox unchanged and a
 * program built against this one talks to a real /dev/teeN.  The values
 * follow current mainline; where the v16 seed (2017) differed, a comment
 * says how.
 */
#ifndef _UAPI_TEE_H
#define _UAPI_TEE_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define TEE_IOC_MAGIC 0xa4
#define TEE_IOC_BASE  0

/*
 * Largest ioctl argument buffer.  v16 and every kernel before the qcomtee
 * series used 1024; mainline uses 4096.
 */
#define TEE_MAX_ARG_SIZE 4096

/* Generic capabilities, reported in tee_ioctl_version_data.gen_caps. */
#define TEE_GEN_CAP_GP		(1 << 0) /* GlobalPlatform compliant TEE */
#define TEE_GEN_CAP_PRIVILEGED	(1 << 1) /* privileged device (later than v16) */
#define TEE_GEN_CAP_REG_MEM	(1 << 2) /* supports TEE_IOC_SHM_REGISTER */
#define TEE_GEN_CAP_MEMREF_NULL (1 << 3) /* accepts TEE_MEMREF_NULL */
#define TEE_GEN_CAP_OBJREF	(1 << 4) /* object references (qcomtee) */

/* Marks a memref param without a buffer (c = TEE_MEMREF_NULL). */
#define TEE_MEMREF_NULL ((__u64)-1)
#define TEE_OBJREF_NULL ((__u64)-1)

/* Implementation ids, tee_ioctl_version_data.impl_id. */
#define TEE_IMPL_ID_OPTEE  1
#define TEE_IMPL_ID_AMDTEE 2
#define TEE_IMPL_ID_TSTEE  3
#define TEE_IMPL_ID_QTEE   4

/* OP-TEE specific capabilities (impl_caps when impl_id is OPTEE). */
#define TEE_OPTEE_CAP_TZ (1 << 0)

/**
 * struct tee_ioctl_version_data - TEE version
 * @impl_id:	[out] TEE implementation id
 * @impl_caps:	[out] implementation specific capabilities
 * @gen_caps:	[out] generic capabilities, TEE_GEN_CAP_*
 */
struct tee_ioctl_version_data {
	__u32 impl_id;
	__u32 impl_caps;
	__u32 gen_caps;
};

/* Reads the TEE version; the argument is struct tee_ioctl_version_data. */
#define TEE_IOC_VERSION                                                        \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 0, struct tee_ioctl_version_data)

/**
 * struct tee_ioctl_shm_alloc_data - shared memory allocation
 * @size:	[in/out] requested size, then the size allocated
 * @flags:	[in] must be 0.  v16 wrote back TEE_IOCTL_SHM_MAPPED |
 *		TEE_IOCTL_SHM_DMA_BUF (0x3); mainline leaves it untouched.
 * @id:		[out] identifier of the shared memory
 *
 * TEE_IOC_SHM_ALLOC returns a file descriptor to mmap; closing it (once it
 * is unmapped) frees the memory.
 */
struct tee_ioctl_shm_alloc_data {
	__u64 size;
	__u32 flags;
	__s32 id;
};

#define TEE_IOC_SHM_ALLOC                                                      \
	_IOWR(TEE_IOC_MAGIC, TEE_IOC_BASE + 1, struct tee_ioctl_shm_alloc_data)

/**
 * struct tee_ioctl_shm_register_fd_data - register a dma-buf as shared memory
 * @fd:		[in] dma-buf file descriptor
 * @size:	[out] size of the buffer
 * @flags:	[in] must be 0; [out] driver flags
 * @id:		[out] identifier of the shared memory
 *
 * Later than v16 (protected memory series).
 */
struct tee_ioctl_shm_register_fd_data {
	__s64 fd;
	__u64 size;
	__u32 flags;
	__s32 id;
};

#define TEE_IOC_SHM_REGISTER_FD                                                \
	_IOWR(TEE_IOC_MAGIC, TEE_IOC_BASE + 8,                                 \
	      struct tee_ioctl_shm_register_fd_data)

/**
 * struct tee_ioctl_buf_data - variable sized argument buffer
 * @buf_ptr:	[in] user address of the buffer
 * @buf_len:	[in] length of the buffer
 */
struct tee_ioctl_buf_data {
	__u64 buf_ptr;
	__u64 buf_len;
};

/* Parameter attributes, tee_ioctl_param.attr. */
#define TEE_IOCTL_PARAM_ATTR_TYPE_NONE		0
#define TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT	1
#define TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT	2
#define TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT	3
#define TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT	5
#define TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT 6
#define TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT	7
/* User buffers and object references: qcomtee, later than v16. */
#define TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_INPUT	8
#define TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_OUTPUT	9
#define TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_INOUT	10
#define TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_INPUT	11
#define TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_OUTPUT 12
#define TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_INOUT	13

#define TEE_IOCTL_PARAM_ATTR_TYPE_MASK 0xff

/*
 * Meta parameter: carries information for the TEE driver, not for the
 * TEE.  Later than v16, where any bit outside TYPE_MASK was refused.
 */
#define TEE_IOCTL_PARAM_ATTR_META 0x100

/* Every attribute bit a parameter may have. */
#define TEE_IOCTL_PARAM_ATTR_MASK                                              \
	(TEE_IOCTL_PARAM_ATTR_TYPE_MASK | TEE_IOCTL_PARAM_ATTR_META)

/* Login methods, GlobalPlatform TEE Client API values. */
#define TEE_IOCTL_LOGIN_PUBLIC		  0
#define TEE_IOCTL_LOGIN_USER		  1
#define TEE_IOCTL_LOGIN_GROUP		  2
#define TEE_IOCTL_LOGIN_APPLICATION	  4
#define TEE_IOCTL_LOGIN_USER_APPLICATION  5
#define TEE_IOCTL_LOGIN_GROUP_APPLICATION 6
/* Reserved for in-kernel clients; refused (EPERM) from user space. */
#define TEE_IOCTL_LOGIN_REE_KERNEL_MIN 0x80000000
#define TEE_IOCTL_LOGIN_REE_KERNEL_MAX 0xBFFFFFFF
#define TEE_IOCTL_LOGIN_REE_KERNEL     0x80000000

/**
 * struct tee_ioctl_param - one parameter of open session, invoke or the
 *			    supplicant calls
 * @attr:	TEE_IOCTL_PARAM_ATTR_*
 * @a:		value a, or memref offset into the shared memory
 * @b:		value b, or memref size
 * @c:		value c, or memref shared memory id (TEE_MEMREF_NULL for none)
 */
struct tee_ioctl_param {
	__u64 attr;
	__u64 a;
	__u64 b;
	__u64 c;
};

#define TEE_IOCTL_UUID_LEN 16

/**
 * struct tee_ioctl_open_session_arg - open session argument
 * @uuid:	[in] UUID of the Trusted Application, RFC 4122 byte order
 * @clnt_uuid:	[in] connection data (for GROUP logins the gid_t in the
 *		first bytes)
 * @clnt_login:	[in] login method, TEE_IOCTL_LOGIN_*
 * @cancel_id:	[in] cancellation id
 * @session:	[out] session id
 * @ret:	[out] return value
 * @ret_origin:	[out] origin of the return value
 * @num_params:	[in] number of entries in @params
 * @params:	[in/out] the parameters
 */
struct tee_ioctl_open_session_arg {
	__u8 uuid[TEE_IOCTL_UUID_LEN];
	__u8 clnt_uuid[TEE_IOCTL_UUID_LEN];
	__u32 clnt_login;
	__u32 cancel_id;
	__u32 session;
	__u32 ret;
	__u32 ret_origin;
	__u32 num_params;
	struct tee_ioctl_param params[];
};

/* Opens a session; the buffer holds struct tee_ioctl_open_session_arg. */
#define TEE_IOC_OPEN_SESSION                                                   \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 2, struct tee_ioctl_buf_data)

/**
 * struct tee_ioctl_invoke_arg - invoke a function of a Trusted Application
 * @func:	[in] function id
 * @session:	[in] session id
 * @cancel_id:	[in] cancellation id
 * @ret:	[out] return value
 * @ret_origin:	[out] origin of the return value
 * @num_params:	[in] number of entries in @params
 * @params:	[in/out] the parameters
 */
struct tee_ioctl_invoke_arg {
	__u32 func;
	__u32 session;
	__u32 cancel_id;
	__u32 ret;
	__u32 ret_origin;
	__u32 num_params;
	struct tee_ioctl_param params[];
};

#define TEE_IOC_INVOKE                                                         \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 3, struct tee_ioctl_buf_data)

/**
 * struct tee_ioctl_object_invoke_arg - invoke an object (qcomtee)
 * @id:		[in] object id
 * @op:		[in] operation
 * @ret:	[out] return value
 * @num_params:	[in] number of entries in @params
 * @params:	[in/out] the parameters
 */
struct tee_ioctl_object_invoke_arg {
	__u64 id;
	__u32 op;
	__u32 ret;
	__u32 num_params;
	__u32 : 32; /* explicit since 2026; implicit padding before */
	struct tee_ioctl_param params[];
};

#define TEE_IOC_OBJECT_INVOKE                                                  \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 10, struct tee_ioctl_buf_data)

/**
 * struct tee_ioctl_cancel_arg - cancel an open session or invoke
 * @cancel_id:	[in] cancellation id
 * @session:	[in] session id
 */
struct tee_ioctl_cancel_arg {
	__u32 cancel_id;
	__u32 session;
};

#define TEE_IOC_CANCEL                                                         \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 4, struct tee_ioctl_cancel_arg)

/**
 * struct tee_ioctl_close_session_arg - close a session
 * @session:	[in] session id
 */
struct tee_ioctl_close_session_arg {
	__u32 session;
};

#define TEE_IOC_CLOSE_SESSION                                                  \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 5,                                  \
	     struct tee_ioctl_close_session_arg)

/**
 * struct tee_iocl_supp_recv_arg - receive a request for the supplicant
 * @func:	[out] requested function
 * @num_params:	[in] capacity of @params, [out] entries used
 * @params:	[in/out] the parameters
 *
 * Overlays struct tee_iocl_supp_send_arg, so one buffer serves both.
 */
struct tee_iocl_supp_recv_arg {
	__u32 func;
	__u32 num_params;
	struct tee_ioctl_param params[];
};

#define TEE_IOC_SUPPL_RECV                                                     \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 6, struct tee_ioctl_buf_data)

/**
 * struct tee_iocl_supp_send_arg - send the supplicant's answer
 * @ret:	[in] return value for the TEE
 * @num_params:	[in] number of entries in @params
 * @params:	[in] the parameters
 */
struct tee_iocl_supp_send_arg {
	__u32 ret;
	__u32 num_params;
	struct tee_ioctl_param params[];
};

#define TEE_IOC_SUPPL_SEND                                                     \
	_IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 7, struct tee_ioctl_buf_data)

/**
 * struct tee_ioctl_shm_register_data - register user memory as shared memory
 * @addr:	[in] start address of the user memory
 * @length:	[in/out] length of the memory
 * @flags:	[in] must be 0 (no longer written back)
 * @id:		[out] identifier of the shared memory
 *
 * Later than v16.  The ioctl returns a file descriptor, as
 * TEE_IOC_SHM_ALLOC does.
 */
struct tee_ioctl_shm_register_data {
	__u64 addr;
	__u64 length;
	__u32 flags;
	__s32 id;
};

#define TEE_IOC_SHM_REGISTER                                                   \
	_IOWR(TEE_IOC_MAGIC, TEE_IOC_BASE + 9,                                 \
	      struct tee_ioctl_shm_register_data)

#endif /* _UAPI_TEE_H */
