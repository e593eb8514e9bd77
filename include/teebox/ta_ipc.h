/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The private channel between the secure world and a TA process.
 *
 * A TA process is started with two descriptors at fixed numbers:
 *
 *   TA_IPC_SOCK_FD (3)  its end of a SOCK_SEQPACKET socket pair.  The
 *		secure world sends the memory files of memref parameters on
 *		it (SCM_RIGHTS), and notices the process's death when it
 *		hangs up.  Nothing else travels on it.
 *   TA_IPC_PAGE_FD (4)  a sealed memory file of TA_IPC_PAGE_SIZE bytes:
 *		struct ta_ipc_page, mapped MAP_SHARED by both sides.
 *
 * stdin is /dev/null, stdout and stderr are the secure world's stderr, and
 * no other descriptor is open.
 *
 * One call at a time (the secure world serialises calls on an instance):
 *
 *   secure world				TA process
 *   fills req, sends any new memref files
 *   (one socket message, struct ta_ipc_files),
 *   stores req_seq, rings to_ta	 ->	sees req_seq change, copies req,
 *						receives the files, runs the
 *						entry point, fills rep,
 *   waits on to_sw, checks it is	 <-	stores rep_seq = req_seq, rings
 *   still alive, copies rep			to_sw
 *
 * System calls: while a call runs, the TA may ask the secure world for a
 * service (the time, a wait), as an OP-TEE TA makes a system call into
 * the TEE core.  The secure world serves them in the loop that waits for
 * the reply, on the secure thread of the call, which may itself ask the
 * normal world (an RPC):
 *
 *   secure world				TA process
 *						fills sys_req (call_seq = the
 *						call's req_seq, nr, args),
 *   sees sys_seq change while waiting	 <-	stores sys_seq = n (never 0),
 *   for rep_seq, copies sys_req once,		rings to_sw
 *   checks it, runs it, fills sys_rep,
 *   stores sys_ack = n, rings to_ta	 ->	sees sys_ack == n, copies
 *						sys_rep, goes on with the call
 *
 * One system call at a time, only inside a call.  A request whose
 * call_seq is not the call being served is answered TEE_ERROR_BAD_STATE,
 * an unknown number TEE_ERROR_NOT_SUPPORTED, arguments out of range or
 * set where the call takes none TEE_ERROR_BAD_PARAMETERS; the TA lives
 * on.  The numbers and their arguments are enum ta_ipc_sys.
 *
 * Start-up: the secure world writes magic and version and starts the
 * process; the runtime fills hello from its ta_head, sets state to
 * TA_IPC_STATE_RUNNING and rings to_sw.  TEE_Panic() stores panic_code,
 * sets state to TA_IPC_STATE_PANICKED and exits.
 *
 * Memref files live in TA_IPC_NUM_SLOTS slots that the secure world
 * manages: it decides which slot a normal-world RAM chunk occupies, sends
 * the chunk's file with its slot number only when the TA does not hold it
 * yet, and the TA closes whatever the slot held before.  A memref param
 * names a slot and a range of its file; the TA maps the pages covering
 * that range for the duration of the call (so it works on the client's
 * memory in place) and unmaps them before it replies.
 *
 * Trust: the TA trusts the secure world.  The secure world trusts nothing
 * the TA writes here: it copies the reply once and checks every field of
 * the copy (sequence, param types, origin), uses no TA-written value as an
 * index or size of its own memory, and treats hello and the panic code as
 * reports to check or print, nothing more.  System call requests are
 * copied once too, and every field of the copy is checked before use.
 */
#ifndef TEEBOX_TA_IPC_H
#define TEEBOX_TA_IPC_H

#include <stdint.h>

#include <tbx/doorbell.h>

#define TA_IPC_SOCK_FD	 3
#define TA_IPC_PAGE_FD	 4
#define TA_IPC_PAGE_SIZE 4096

#define TA_IPC_MAGIC   0x41544254U /* "TBTA" */
#define TA_IPC_VERSION 3U

#define TA_IPC_NUM_PARAMS 4
#define TA_IPC_NUM_SLOTS  16
#define TA_IPC_SLOT_NONE  0xffffffffU /* a null memref: buffer NULL */

/* Exit status of a TA process after TEE_Panic(). */
#define TA_IPC_EXIT_PANIC 101

/**
 * enum ta_ipc_cmd - what the secure world asks for (request.cmd)
 * @TA_IPC_CMD_CREATE:		TA_CreateEntryPoint
 * @TA_IPC_CMD_OPEN_SESSION:	TA_OpenSessionEntryPoint for session_id
 * @TA_IPC_CMD_INVOKE:		TA_InvokeCommandEntryPoint (func = command)
 * @TA_IPC_CMD_CLOSE_SESSION:	TA_CloseSessionEntryPoint
 * @TA_IPC_CMD_DESTROY:		TA_DestroyEntryPoint, then the process exits
 */
enum ta_ipc_cmd {
	TA_IPC_CMD_CREATE = 1,
	TA_IPC_CMD_OPEN_SESSION = 2,
	TA_IPC_CMD_INVOKE = 3,
	TA_IPC_CMD_CLOSE_SESSION = 4,
	TA_IPC_CMD_DESTROY = 5,
};

/**
 * enum ta_ipc_sys - the system calls (ta_ipc_sys_req.nr); arguments not
 * listed must be 0, results not listed are 0
 * @TA_IPC_SYS_GET_REE_TIME:	the normal world's clock (GP TEE_GetREETime):
 *				out[0] = seconds since the Epoch,
 *				out[1] = nanoseconds (< 1e9)
 * @TA_IPC_SYS_GET_SYSTEM_TIME: the secure world's monotonic clock (GP
 *				TEE_GetSystemTime): out[0] = seconds,
 *				out[1] = nanoseconds (< 1e9)
 * @TA_IPC_SYS_WAIT:		sleep (GP TEE_Wait): args[0] = milliseconds
 *				(at most 32 bits; TEE_TIMEOUT_INFINITE waits
 *				for ever), args[1] = 1 when cancellation is
 *				unmasked (a cancel request then ends the
 *				wait with TEE_ERROR_CANCEL), else 0
 */
enum ta_ipc_sys {
	TA_IPC_SYS_GET_REE_TIME = 1,
	TA_IPC_SYS_GET_SYSTEM_TIME = 2,
	TA_IPC_SYS_WAIT = 3,
};

/* Arguments and results of a system call. */
#define TA_IPC_SYS_NUM_ARGS 4

/**
 * enum ta_ipc_state - the TA's state (page.state, written by the TA)
 * @TA_IPC_STATE_STARTING:	no hello yet
 * @TA_IPC_STATE_RUNNING:	hello is valid; serving calls
 * @TA_IPC_STATE_PANICKED:	TEE_Panic() was called; panic_code is set
 */
enum ta_ipc_state {
	TA_IPC_STATE_STARTING = 0,
	TA_IPC_STATE_RUNNING = 1,
	TA_IPC_STATE_PANICKED = 2,
};

/* A TEE_UUID, spelt out so that this header needs no GP header. */
struct ta_ipc_uuid {
	uint32_t time_low;
	uint16_t time_mid;
	uint16_t time_hi_and_version;
	uint8_t clock_seq_and_node[8];
};

/**
 * struct ta_ipc_hello - what the TA says about itself (its ta_head)
 * @uuid:	ta_head.uuid
 * @stack_size:	ta_head.stack_size (TA_STACK_SIZE)
 * @flags:	ta_head.flags (TA_FLAGS)
 * @data_size:	TA_DATA_SIZE, the TEE_Malloc heap (saturated to 32 bits)
 */
struct ta_ipc_hello {
	struct ta_ipc_uuid uuid;
	uint32_t stack_size;
	uint32_t flags;
	uint32_t data_size;
};

/**
 * struct ta_ipc_param - one parameter of a request
 * @a, @b:	VALUE_*: the value
 * @slot:	MEMREF_*: the file slot, or TA_IPC_SLOT_NONE for a null memref
 * @offset:	MEMREF_*: where the buffer starts in the slot's file
 * @size:	MEMREF_*: the buffer's size
 */
struct ta_ipc_param {
	uint32_t a;
	uint32_t b;
	uint32_t slot;
	uint32_t pad;
	uint64_t offset;
	uint64_t size;
};

/**
 * struct ta_ipc_request - a call (written by the secure world)
 * @cmd:	enum ta_ipc_cmd
 * @session_id:	the secure world's session id (OPEN/INVOKE/CLOSE)
 * @func:	INVOKE: the command id
 * @param_types: TEE_PARAM_TYPES of @params
 * @nfiles:	memref files waiting on the socket for this call (one
 *		struct ta_ipc_files message), 0 when none
 * @client_login: OPEN_SESSION: the client's login (TEE_LOGIN_*)
 * @client_uuid: OPEN_SESSION: the client's UUID
 * @params:	the parameters
 */
struct ta_ipc_request {
	uint32_t cmd;
	uint32_t session_id;
	uint32_t func;
	uint32_t param_types;
	uint32_t nfiles;
	uint32_t client_login;
	struct ta_ipc_uuid client_uuid;
	struct ta_ipc_param params[TA_IPC_NUM_PARAMS];
};

/**
 * struct ta_ipc_out_param - one output parameter of a reply
 * @a, @b:	VALUE_OUTPUT/INOUT: the value the TA left
 * @size:	MEMREF_OUTPUT/INOUT: the size the TA set (may exceed the
 *		buffer: the TA asks for a larger one)
 */
struct ta_ipc_out_param {
	uint32_t a;
	uint32_t b;
	uint64_t size;
};

/**
 * struct ta_ipc_reply - the answer to a call (written by the TA)
 * @ret:	the entry point's result (TEE_Result)
 * @origin:	TEE_ORIGIN_TRUSTED_APP, or TEE_ORIGIN_TEE when the runtime
 *		failed before the entry point ran
 * @param_types: must repeat the request's param types
 * @params:	output values and sizes
 */
struct ta_ipc_reply {
	uint32_t ret;
	uint32_t origin;
	uint32_t param_types;
	uint32_t pad;
	struct ta_ipc_out_param params[TA_IPC_NUM_PARAMS];
};

/**
 * struct ta_ipc_files - the socket message that carries memref files
 * @seq:	the request (req_seq) they belong to
 * @count:	files attached (SCM_RIGHTS), in the order of @slot
 * @slot:	the slot each file goes to
 */
struct ta_ipc_files {
	uint32_t seq;
	uint32_t count;
	uint32_t slot[TA_IPC_NUM_PARAMS];
};

/**
 * struct ta_ipc_sys_req - a system call (written by the TA)
 * @call_seq:	the call it is made from (req_seq)
 * @nr:		enum ta_ipc_sys
 * @args:	its arguments
 */
struct ta_ipc_sys_req {
	uint32_t call_seq;
	uint32_t nr;
	uint64_t args[TA_IPC_SYS_NUM_ARGS];
};

/**
 * struct ta_ipc_sys_rep - the answer to a system call (secure world)
 * @ret:	TEE_SUCCESS or an error (TEE_Result)
 * @out:	its results
 */
struct ta_ipc_sys_rep {
	uint32_t ret;
	uint32_t pad;
	uint64_t out[TA_IPC_SYS_NUM_ARGS];
};

/**
 * struct ta_ipc_heap - the TA's TEE_Malloc heap, as the TA accounts it
 * (OP-TEE's struct malloc_stats without its description)
 * @allocated:	bytes in use now
 * @max_allocated: most bytes in use at once
 * @size:	the heap's size, TA_DATA_SIZE
 * @num_alloc_fail: allocations refused
 * @biggest_alloc_fail: the largest refused allocation
 * @biggest_alloc_fail_used: bytes in use when it was refused
 *
 * The TA updates it as it allocates; the secure world reads it when the
 * statistics pseudo TA is asked (a report, trusted no more than the TA).
 */
struct ta_ipc_heap {
	_Atomic uint32_t allocated;
	_Atomic uint32_t max_allocated;
	_Atomic uint32_t size;
	_Atomic uint32_t num_alloc_fail;
	_Atomic uint32_t biggest_alloc_fail;
	_Atomic uint32_t biggest_alloc_fail_used;
};

/**
 * struct ta_ipc_page - the shared page
 * @magic, @version: TA_IPC_MAGIC, TA_IPC_VERSION (secure world)
 * @to_ta:	rung by the secure world: a request is waiting
 * @to_sw:	rung by the TA (a reply, hello) and by the secure world's
 *		process monitor when the TA dies
 * @req_seq:	sequence number of the request in @req (secure world);
 *		never 0 once a request was made
 * @rep_seq:	the request @rep answers (TA)
 * @cancel:	req_seq of a call the client asked to cancel, 0 when none
 *		(secure world; TEE_GetCancellationFlag)
 * @state:	enum ta_ipc_state (TA)
 * @panic_code:	TEE_Panic()'s argument (TA)
 * @hello:	the TA's ta_head (TA)
 * @req:	the request (secure world)
 * @rep:	the reply (TA)
 * @sys_seq:	number of the system call in @sys_req, 0 before the first
 *		(TA)
 * @sys_ack:	the system call @sys_rep answers (secure world)
 * @sys_req:	a system call (TA)
 * @sys_rep:	its answer (secure world)
 * @heap:	heap statistics (TA)
 */
struct ta_ipc_page {
	uint32_t magic;
	uint32_t version;
	struct doorbell to_ta;
	struct doorbell to_sw;
	_Atomic uint32_t req_seq;
	_Atomic uint32_t rep_seq;
	_Atomic uint32_t cancel;
	_Atomic uint32_t state;
	uint32_t panic_code;
	uint32_t pad;
	struct ta_ipc_hello hello;
	struct ta_ipc_request req;
	struct ta_ipc_reply rep;
	_Atomic uint32_t sys_seq;
	_Atomic uint32_t sys_ack;
	struct ta_ipc_sys_req sys_req;
	struct ta_ipc_sys_rep sys_rep;
	struct ta_ipc_heap heap;
};

_Static_assert(sizeof(struct ta_ipc_page) <= TA_IPC_PAGE_SIZE,
	       "the channel must fit in one page");

#endif
