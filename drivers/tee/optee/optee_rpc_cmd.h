/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: OP-TEE RPC commands (drivers/tee/optee/optee_rpc_cmd.h).
 *
 * The commands the secure world sends the normal world in
 * optee_msg_arg.cmd of an OPTEE_SMC_RPC_FUNC_CMD request, and their
 * sub-commands.  Our own text; the numbers are OP-TEE's (docs/abi.md §5).
 *
 * Notation: value[i] and memref[i] are params[i] of the RPC arg struct.
 * Commands for tee-supplicant are forwarded with func = the command value
 * and the parameters as ioctl parameters (value: a/b/c; memref: a =
 * offset, b = size, c = shm id, or c = (u64)-1 without a buffer).  The
 * handler's TEE_Result goes in optee_msg_arg.ret.
 *
 * In v16 commands 0-7 lived in optee_msg.h as OPTEE_MSG_RPC_CMD_* with the
 * same values (OPTEE_MSG_RPC_CMD_LOAD_TA ... OPTEE_MSG_RPC_CMD_SHM_FREE).
 */
#ifndef OPTEE_RPC_CMD_H
#define OPTEE_RPC_CMD_H

/*
 * Load a TA (supplicant), in two phases.  value[0].a-b = TA UUID as 16
 * octets; memref[1] OUT = the TA image.  Without a buffer the supplicant
 * only sets the size; TA missing: TEEC_ERROR_ITEM_NOT_FOUND.
 */
#define OPTEE_RPC_CMD_LOAD_TA 0

/* RPMB request (supplicant): memref[0] IN request, memref[1] OUT reply. */
#define OPTEE_RPC_CMD_RPMB 1

/* REE file system (supplicant): value[0].a = OPTEE_RPC_FS_*. */
#define OPTEE_RPC_CMD_FS 2

/*
 * Wall-clock time (kernel).  Exactly one VALUE_OUTPUT: a = seconds,
 * b = nanoseconds since the Epoch (UTC).
 */
#define OPTEE_RPC_CMD_GET_TIME 3

/*
 * Wait for or send a notification (kernel).  Exactly one VALUE_INPUT:
 * a = OPTEE_RPC_NOTIFICATION_*, b = notification value (the key),
 * c = timeout in ms for WAIT (0 = none; expiry gives TEE_ERROR_TIMEOUT),
 * 0 for SEND.
 * v16 called it OPTEE_MSG_RPC_CMD_WAIT_QUEUE (4), with
 * OPTEE_MSG_RPC_WAIT_QUEUE_SLEEP (0) and _WAKEUP (1) and no timeout.
 */
#define OPTEE_RPC_CMD_NOTIFICATION  4
#define OPTEE_RPC_NOTIFICATION_WAIT 0
#define OPTEE_RPC_NOTIFICATION_SEND 1

/* Sleep (kernel).  Exactly one VALUE_INPUT: a = ms, interruptible. */
#define OPTEE_RPC_CMD_SUSPEND 5

/*
 * Allocate shared memory (kernel; type APPL goes on to the supplicant).
 * value[0]: a = OPTEE_RPC_SHM_TYPE_*, b = size, c = alignment; the other
 * params NONE.  Result: params[0] becomes TMEM_OUTPUT (static pool) or
 * TMEM_OUTPUT | NONCONTIG (page list), size >= the request, shm_ref =
 * cookie.
 */
#define OPTEE_RPC_CMD_SHM_ALLOC 6

/* Free shared memory.  value[0]: a = type, b = cookie (shm_ref). */
#define OPTEE_RPC_CMD_SHM_FREE 7

/* Retired: once the SQL file system. */
#define OPTEE_RPC_CMD_SQL_FS_RESERVED 8

/*
 * Save TA profiling data (supplicant).  value[0].a INOUT = file id (0 the
 * first time, >= 1 returned); memref[1] IN = TA UUID; memref[2] IN = data.
 */
#define OPTEE_RPC_CMD_GPROF 9

/* Network socket (supplicant): value[0].a = OPTEE_RPC_SOCKET_*. */
#define OPTEE_RPC_CMD_SOCKET 10

/* Save function-graph trace data (supplicant); parameters as GPROF. */
#define OPTEE_RPC_CMD_FTRACE 11

/* Call a tee-supplicant plugin (supplicant): see SUPP_PLUGIN_INVOKE. */
#define OPTEE_RPC_CMD_SUPP_PLUGIN 12

/*
 * Register a benchmark timestamp buffer (forwarded to the supplicant,
 * which answers TEEC_ERROR_NOT_SUPPORTED).  value[0]: a = sub-command,
 * b = physical address of the buffer, c = size.
 */
#define OPTEE_RPC_CMD_BENCH_REG 20

/*
 * I2C transfer (kernel).  Exactly 4 params: value[0] IN: a =
 * OPTEE_RPC_I2C_TRANSFER_*, b = bus, c = chip address; value[1] IN: a =
 * OPTEE_RPC_I2C_FLAGS_*; memref[2] INOUT = data; value[3] OUT: a = bytes
 * transferred.
 */
#define OPTEE_RPC_CMD_I2C_TRANSFER  21
#define OPTEE_RPC_I2C_TRANSFER_RD   0
#define OPTEE_RPC_I2C_TRANSFER_WR   1
#define OPTEE_RPC_I2C_FLAGS_TEN_BIT (1U << 0) /* 10-bit chip address */

/*
 * Restart RPMB device enumeration.  value[0] OUT: a = the
 * OPTEE_RPC_SHM_TYPE_* to use for RPMB buffers from now on.
 */
#define OPTEE_RPC_CMD_RPMB_PROBE_RESET 22

/*
 * Next RPMB device.  value[0] OUT: a = OPTEE_RPC_RPMB_*, b = EXT_CSD[168]
 * (RPMB size), c = EXT_CSD[222] (reliable write sector count); memref[1]
 * OUT = raw CID.  No more devices: TEEC_ERROR_ITEM_NOT_FOUND.
 */
#define OPTEE_RPC_CMD_RPMB_PROBE_NEXT 23
#define OPTEE_RPC_RPMB_EMMC	      0
#define OPTEE_RPC_RPMB_UFS	      1
#define OPTEE_RPC_RPMB_NVME	      2

/* RPMB frames: memref[0] IN to the device, memref[1] OUT from it. */
#define OPTEE_RPC_CMD_RPMB_FRAMES 24

/*
 * Shared memory types, value[0].a of SHM_ALLOC and SHM_FREE
 * (docs/abi.md §5.5).
 */
/*
 * Shareable with a user-space application; Linux has the supplicant
 * allocate it.
 */
#define OPTEE_RPC_SHM_TYPE_APPL 0
/* Private to the kernel. */
#define OPTEE_RPC_SHM_TYPE_KERNEL 1
/* Kernel memory also exported to user space (later than v16). */
#define OPTEE_RPC_SHM_TYPE_GLOBAL 2

/*
 * File system sub-commands, value[0].a of OPTEE_RPC_CMD_FS (docs/abi.md
 * §5.2; older supplicants call them OPTEE_MRF_*).  Paths are NUL-terminated
 * and relative to the supplicant's storage directory.
 */
/* memref[1] IN path; value[2] OUT a = fd. */
#define OPTEE_RPC_FS_OPEN 0
/* memref[1] IN path (parent directories created); value[2] OUT a = fd. */
#define OPTEE_RPC_FS_CREATE 1
/* value[0].b = fd. */
#define OPTEE_RPC_FS_CLOSE 2
/* value[0].b = fd, .c = offset; memref[1] OUT buffer, size = bytes read. */
#define OPTEE_RPC_FS_READ 3
/* value[0].b = fd, .c = offset; memref[1] IN data. */
#define OPTEE_RPC_FS_WRITE 4
/* value[0].b = fd, .c = new length. */
#define OPTEE_RPC_FS_TRUNCATE 5
/* memref[1] IN path. */
#define OPTEE_RPC_FS_REMOVE 6
/*
 * value[0].b = overwrite an existing target; memref[1] IN old path,
 * memref[2] IN new path.
 */
#define OPTEE_RPC_FS_RENAME 7
/* memref[1] IN directory path; value[2] OUT a = directory handle. */
#define OPTEE_RPC_FS_OPENDIR 8
/* value[0].b = directory handle. */
#define OPTEE_RPC_FS_CLOSEDIR 9
/*
 * value[0].b = handle; memref[1] OUT entry name (too small: SHORT_BUFFER,
 * end of directory: ITEM_NOT_FOUND).
 */
#define OPTEE_RPC_FS_READDIR 10

/*
 * Socket sub-commands, value[0].a of OPTEE_RPC_CMD_SOCKET (docs/abi.md
 * §5.3).  value[0].b is the TA instance id, value[0].c the socket handle.
 */
/*
 * value[1]: a = port, b = protocol, c = IP version; memref[2] IN server
 * address; value[3] OUT a = handle.
 */
#define OPTEE_RPC_SOCKET_OPEN  0
#define OPTEE_RPC_SOCKET_CLOSE 1
/* Closes every socket of the instance (no handle). */
#define OPTEE_RPC_SOCKET_CLOSE_ALL 2
/* memref[1] IN data; value[2]: a = timeout, b OUT = bytes sent. */
#define OPTEE_RPC_SOCKET_SEND 3
/* memref[1] OUT buffer; value[2].a = timeout. */
#define OPTEE_RPC_SOCKET_RECV 4
/* memref[1] INOUT buffer; value[2].a = ioctl command. */
#define OPTEE_RPC_SOCKET_IOCTL 5

/* Socket timeouts (value[2].a of SEND and RECV). */
#define OPTEE_RPC_SOCKET_TIMEOUT_NONBLOCKING 0
#define OPTEE_RPC_SOCKET_TIMEOUT_BLOCKING    0xFFFFFFFFU

/*
 * Supplicant plugin sub-command, value[0].a of OPTEE_RPC_CMD_SUPP_PLUGIN
 * (docs/abi.md §5.4).  value[0]: b = UUID d1, c = d2; value[1]: a = d3,
 * b = d4, c = plugin command; value[2]: a = sub-command, b OUT = output
 * length; memref[3] INOUT = data.  d1..d4 are the UUID octets 0-3, 4-7,
 * 8-11 and 12-15, each read as a little-endian u32.
 */
#define OPTEE_RPC_SUPP_PLUGIN_INVOKE 0

#endif /* OPTEE_RPC_CMD_H */
