/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The private channel between the secure world and a TA process.
 *
 * A TA process is started with three descriptors at fixed numbers:
 *
 *   TA_IPC_SOCK_FD (3)  its end of a SOCK_SEQPACKET socket pair.  The
 *		secure world notices the process's death when it hangs up.
 *		Nothing travels on it.
 *   TA_IPC_PAGE_FD (4)  a sealed memory file of TA_IPC_PAGE_SIZE bytes:
 *		struct ta_ipc_page, mapped MAP_SHARED by both sides.
 *   TA_IPC_WIN_FD (5)   the parameter window: a sealed memory file of
 *		TA_IPC_WIN_SIZE bytes, mapped MAP_SHARED by both sides once.
 *		The runtime maps it PROT_NONE and closes the descriptor.
 *
 * stdin is /dev/null, stdout and stderr are the secure world's stderr, and
 * no other descriptor is open.
 *
 * One call at a time (the secure world serialises calls on an instance):
 *
 *   secure world				TA process
 *   copies memrefs into the window,
 *   fills req, stores req_seq,
 *   rings to_ta			 ->	sees req_seq change, copies req,
 *						opens the call's part of the
 *						window, runs the entry point,
 *						closes the window, fills rep,
 *   waits on to_sw, checks it is	 <-	stores rep_seq = req_seq, rings
 *   still alive, copies rep, copies		to_sw
 *   OUTPUT/INOUT memrefs back
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
 * Memrefs: the client's memory never enters the TA process.  The secure
 * world copies each memref's bytes (every direction) into the parameter
 * window, in one of its two banks (calls with memrefs alternate), each
 * memref at its own offset that keeps the client buffer's offset in its
 * page, the rest of its pages zeroed; after the reply it copies OUTPUT
 * and INOUT memrefs back, the whole buffer the client gave.  A memref param gives its offset in the window; the
 * request gives the span of the window the call uses (whole pages).  The
 * runtime makes that span readable and writable while the entry point
 * runs and takes it away again once it replied, before it reads the next
 * request (ta/libutee/utee_memref.c), so a pointer a TA keeps faults on
 * its next use; the bank alternation makes sure the next call's
 * span is elsewhere.  A TA that opens the window itself reaches only its
 * own copies: what it writes after its reply reaches no one.
 *
 * A TA that faults in the window notes the address in page.fault before
 * it dies (a report, trusted no more than the TA), so that the secure
 * world can say a memref was used after its call.  Any fatal signal
 * (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) fills page.crash: registers
 * and a frame-pointer call stack that the secure world prints with the
 * TA's function names (secure/ta_crash.c).
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
#define TA_IPC_WIN_FD	 5
#define TA_IPC_PAGE_SIZE 4096

/*
 * The parameter window: two banks; the memrefs of one call (each at page
 * granularity) must fit in one bank.  A sparse file: only pages a call
 * touched take memory, and the secure world gives back what a large call
 * left above TA_IPC_WIN_KEEP in a bank.
 */
#define TA_IPC_WIN_BANK_SIZE (64ULL << 20)
#define TA_IPC_WIN_SIZE	     (2 * TA_IPC_WIN_BANK_SIZE)
#define TA_IPC_WIN_KEEP	     (1ULL << 20)

#define TA_IPC_MAGIC   0x41544254U /* "TBTA" */
#define TA_IPC_VERSION 6U

#define TA_IPC_NUM_PARAMS  4
#define TA_IPC_MEMREF_NULL 1U /* ta_ipc_param.flags: buffer NULL */
/*
 * ta_ipc_param.flags of a TA-to-TA memref: the caller's buffer lies in a
 * memref its normal-world client gave it, which OP-TEE would pass on as
 * the client's shared memory, not as a secure copy (pseudo TAs that
 * write secrets refuse it).  Older TAs never set it.
 */
#define TA_IPC_MEMREF_CLIENT 2U

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
 *
 * Trusted storage (GP ch. 5; secure/ta_storage.c).  Bytes that do not fit
 * the argument words travel through page.sys_buf: inputs are first
 * appended to the instance's staging buffer with STAGE, and the call that
 * uses them says how long each part is (their sum must be what was
 * staged; the staging buffer is emptied by every storage call); outputs
 * are written to sys_buf.  @h is a handle the secure world gave the TA.
 * @TA_IPC_SYS_STAGE:		args[0] = bytes of sys_buf to append (at
 *				most TA_IPC_SYS_BUF_SIZE), args[1] = 1 to
 *				empty the staging buffer first
 * @TA_IPC_SYS_STORAGE_OPEN:	args[0] = storage id, [1] = flags, [2] = id
 *				length (staged: the id); out[0] = h
 * @TA_IPC_SYS_STORAGE_CREATE:	args[0] = storage id, [1] = flags, [2] = id
 *				length, [3] = data length (staged: the
 *				24-byte head, id, attributes of head's
 *				attr_size, initial data); out[0] = h
 * @TA_IPC_SYS_STORAGE_CLOSE:	args[0] = h
 * @TA_IPC_SYS_STORAGE_DELETE:	args[0] = h (closed unless the answer is
 *				TEE_ERROR_ACCESS_CONFLICT)
 * @TA_IPC_SYS_STORAGE_RENAME:	args[0] = h, [1] = new id length (staged)
 * @TA_IPC_SYS_STORAGE_READ:	args[0] = h, [1] = length, [2] = where:
 *				TA_IPC_STORAGE_SYS_BUF (length at most
 *				TA_IPC_SYS_BUF_SIZE) or TA_IPC_STORAGE_XFER
 *				(at most TA_IPC_STORAGE_XFER_MAX: into the
 *				start of the transfer bank, which the TA
 *				opened for it); out[0] = bytes read there
 * @TA_IPC_SYS_STORAGE_WRITE:	args[0] = h, [1] = data length, [2] =
 *				where: TA_IPC_STORAGE_SYS_BUF (the data was
 *				staged) or TA_IPC_STORAGE_XFER (at most
 *				TA_IPC_STORAGE_XFER_MAX bytes at the start
 *				of the transfer bank, copied once before
 *				use); one atomic update
 * @TA_IPC_SYS_STORAGE_TRUNCATE: args[0] = h, [1] = new size
 * @TA_IPC_SYS_STORAGE_SEEK:	args[0] = h, [1] = offset (int32_t, sign
 *				extended), [2] = whence
 * @TA_IPC_SYS_STORAGE_INFO:	args[0] = h; out[0] = objectType |
 *				objectUsage << 32, out[1] = objectSize |
 *				maxObjectSize << 32, out[2] = dataSize |
 *				open flags << 32, out[3] = dataPosition
 * @TA_IPC_SYS_STORAGE_ATTRS:	args[0] = h, [1] = offset, [2] = at most
 *				TA_IPC_SYS_BUF_SIZE: those bytes of the
 *				serialized attributes into sys_buf; out[0] =
 *				bytes copied, out[1] = attr_size, out[2] =
 *				have_attrs
 * @TA_IPC_SYS_STORAGE_RESTRICT: args[0] = h, [1] = usage mask
 * @TA_IPC_SYS_STORAGE_NEXT:	args[0] = storage id, [1] = cursor (0 to
 *				start, else what the last NEXT gave);
 *				out[0] = next cursor, out[1] = id length,
 *				the id into sys_buf
 *
 * TA persistent time (GP §7.2.2; secure/ta_time.c), the calling TA's own:
 * @TA_IPC_SYS_GET_TA_TIME:	out[0] = seconds, out[1] = milliseconds,
 *				out[2] = GP's result (TEE_SUCCESS,
 *				TEE_ERROR_OVERFLOW with the wrapped time,
 *				TEE_ERROR_TIME_NOT_SET or
 *				TEE_ERROR_TIME_NEEDS_RESET, then time 0)
 * @TA_IPC_SYS_SET_TA_TIME:	args[0] = seconds, [1] = milliseconds (each
 *				at most 32 bits)
 *
 * Sessions to other TAs (GP TEE_OpenTASession and friends; secure/
 * ta2ta_req.h), numbered in a block of their own.  The request is a
 * struct ta_ipc_ta2ta at the start of sys_buf; memrefs are in the
 * caller's transfer bank of the window (see "TA-to-TA memrefs" below).
 * The system call itself fails only when the request is malformed or the
 * handle unknown (libutee then panics, as OP-TEE's does); otherwise it
 * succeeds and out[0] = the operation's TEE_Result, out[1] = its origin,
 * and the outputs are a struct ta_ipc_ta2ta_out at the start of sys_buf.
 * @TA_IPC_SYS_TA_OPEN:		args[0] = cancellationRequestTimeout (ms,
 *				TEE_TIMEOUT_INFINITE: none); out[2] = the
 *				session handle (never 0) on success
 * @TA_IPC_SYS_TA_INVOKE:	args[0] = handle, [1] = timeout as above,
 *				[2] = command id
 * @TA_IPC_SYS_TA_CLOSE:	args[0] = handle; no request in sys_buf
 */
enum ta_ipc_sys {
	TA_IPC_SYS_GET_REE_TIME = 1,
	TA_IPC_SYS_GET_SYSTEM_TIME = 2,
	TA_IPC_SYS_WAIT = 3,
	TA_IPC_SYS_STAGE = 4,
	TA_IPC_SYS_STORAGE_OPEN = 5,
	TA_IPC_SYS_STORAGE_CREATE = 6,
	TA_IPC_SYS_STORAGE_CLOSE = 7,
	TA_IPC_SYS_STORAGE_DELETE = 8,
	TA_IPC_SYS_STORAGE_RENAME = 9,
	TA_IPC_SYS_STORAGE_READ = 10,
	TA_IPC_SYS_STORAGE_WRITE = 11,
	TA_IPC_SYS_STORAGE_TRUNCATE = 12,
	TA_IPC_SYS_STORAGE_SEEK = 13,
	TA_IPC_SYS_STORAGE_INFO = 14,
	TA_IPC_SYS_STORAGE_ATTRS = 15,
	TA_IPC_SYS_STORAGE_RESTRICT = 16,
	TA_IPC_SYS_STORAGE_NEXT = 17,
	TA_IPC_SYS_GET_TA_TIME = 18,
	TA_IPC_SYS_SET_TA_TIME = 19,

	TA_IPC_SYS_TA_OPEN = 64,
	TA_IPC_SYS_TA_INVOKE = 65,
	TA_IPC_SYS_TA_CLOSE = 66,
};

/* page.sys_buf: the bytes of a system call. */
#define TA_IPC_SYS_BUF_SIZE 2048

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
 * @data_size:	TA_DATA_SIZE + TA_NO_SHARE_DATA_SIZE, the TEE_Malloc
 *		heap and no-share pool (saturated to 32 bits)
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
 * @flags:	MEMREF_*: TA_IPC_MEMREF_NULL for a null memref
 * @offset:	MEMREF_*: where the buffer starts in the window
 * @size:	MEMREF_*: the buffer's size
 */
struct ta_ipc_param {
	uint32_t a;
	uint32_t b;
	uint32_t flags;
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
 * @client_login: OPEN_SESSION: the client's login (TEE_LOGIN_*)
 * @client_uuid: OPEN_SESSION: the client's UUID
 * @win_offset:	the span of the window the call's memrefs use (page
 *		aligned, in one bank)
 * @win_size:	its size (whole pages), 0 when the call has no memref
 * @params:	the parameters
 */
struct ta_ipc_request {
	uint32_t cmd;
	uint32_t session_id;
	uint32_t func;
	uint32_t param_types;
	uint32_t pad;
	uint32_t client_login;
	struct ta_ipc_uuid client_uuid;
	uint64_t win_offset;
	uint64_t win_size;
	struct ta_ipc_param params[TA_IPC_NUM_PARAMS];
};

/*
 * TA-to-TA memrefs: the caller's runtime copies each memref of a
 * TA_IPC_SYS_TA_OPEN/INVOKE into the transfer bank of its own window (the
 * bank that does not hold the current call's span; bank 0 when the call
 * has none), at the buffer's offset in its page, zeros for an OUTPUT one
 * (as OP-TEE's bounce buffer), and opens that part of the bank while the
 * system call runs.  The secure world copies them from there into the
 * target's window and the OUTPUT/INOUT ones back after the call; the
 * runtime copies min(size returned, size given) bytes back to the TA's
 * buffer and closes the bank again.
 */
/*
 * Storage READ and WRITE data: in sys_buf (READ) or staged (WRITE), or
 * in one piece at the start of the transfer bank (the bank TA-to-TA
 * memrefs use, opened by the TA around the system call), which saves a
 * system call per 2 KiB.
 */
#define TA_IPC_STORAGE_SYS_BUF	0
#define TA_IPC_STORAGE_XFER	1
#define TA_IPC_STORAGE_XFER_MAX (1ULL << 20)

#define TA_IPC_TA2TA_TIMEOUT_NONE 0xffffffffU /* TEE_TIMEOUT_INFINITE */

/**
 * struct ta_ipc_ta2ta - a TA_IPC_SYS_TA_OPEN or TA_IPC_SYS_TA_INVOKE
 * request (written by the caller TA into sys_buf)
 * @uuid:	OPEN: the target TA; INVOKE: zeros
 * @param_types: TEE_PARAM_TYPES of @params
 * @pad:	0
 * @params:	values (a, b); memrefs: flags TA_IPC_MEMREF_NULL (then
 *		offset and size 0) or offset in the window (inside the
 *		transfer bank) and size, flags 0 or TA_IPC_MEMREF_CLIENT;
 *		all else 0
 */
struct ta_ipc_ta2ta {
	struct ta_ipc_uuid uuid;
	uint32_t param_types;
	uint32_t pad;
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
 * struct ta_ipc_ta2ta_out - the outputs of a TA_IPC_SYS_TA_OPEN/INVOKE
 * (written by the secure world into sys_buf): VALUE_OUTPUT/INOUT values
 * and MEMREF_OUTPUT/INOUT sizes as the target left them, zeros elsewhere
 */
struct ta_ipc_ta2ta_out {
	struct ta_ipc_out_param params[TA_IPC_NUM_PARAMS];
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
 * enum ta_ipc_fault_kind - what a TA's fatal fault hit (ta_ipc_fault.kind)
 * @TA_IPC_FAULT_NONE:		no fault noted
 * @TA_IPC_FAULT_MEMREF_STALE:	where an earlier call's span reached,
 *				the other bank, or any of the window with
 *				no span open: memref memory used after
 *				its call returned
 * @TA_IPC_FAULT_MEMREF_BEYOND: the open span's bank past it and past
 *				every earlier span: beyond the call's
 *				memrefs
 */
enum ta_ipc_fault_kind {
	TA_IPC_FAULT_NONE = 0,
	TA_IPC_FAULT_MEMREF_STALE = 1,
	TA_IPC_FAULT_MEMREF_BEYOND = 2,
};

/**
 * struct ta_ipc_fault - a fatal fault the TA noted as it died (TA)
 * @kind:	enum ta_ipc_fault_kind
 * @offset:	the faulting address's offset in the window
 * @addr:	the faulting address
 */
struct ta_ipc_fault {
	_Atomic uint32_t kind;
	uint32_t pad;
	uint64_t offset;
	uint64_t addr;
};

/* The crash record's register slots and call stack depth. */
#define TA_IPC_CRASH_NREGS  34
#define TA_IPC_CRASH_FRAMES 24
/* ta_ipc_crash.magic once the record is complete. */
#define TA_IPC_CRASH_MAGIC 0x48535243U /* "CRSH" */

/**
 * struct ta_ipc_crash - the state a TA's fault handler saw as it died (TA)
 * @magic:	TA_IPC_CRASH_MAGIC, stored last
 * @sig, @code:	siginfo's si_signo and si_code
 * @nframes:	entries of @frames used (the secure world clips it)
 * @addr:	si_addr (the fault address)
 * @load_base:	where the TA executable is loaded (its first PT_LOAD)
 * @stack_lo, @stack_hi: the entry thread's stack, TA_STACK_SIZE and the
 *		runtime's reserve
 * @guard_lo:	the start of the guard below it (it ends at @stack_lo)
 * @regs:	the registers: x86-64 rax rbx rcx rdx rsi rdi rbp rsp r8-r15
 *		rip eflags; aarch64 x0-x30 sp pc pstate
 * @frames:	return addresses, innermost first (@frames[0] is the pc)
 *
 * Numbers only, as the TA reports them: the secure world prints them,
 * looks names up in its own copy of the TA's ELF, and trusts the signal
 * the kernel gave it, never @sig.
 */
struct ta_ipc_crash {
	_Atomic uint32_t magic;
	uint32_t sig;
	int32_t code;
	uint32_t nframes;
	uint64_t addr;
	uint64_t load_base;
	uint64_t stack_lo;
	uint64_t stack_hi;
	uint64_t guard_lo;
	uint64_t regs[TA_IPC_CRASH_NREGS];
	uint64_t frames[TA_IPC_CRASH_FRAMES];
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
 * @fault:	the fault the TA died of, when it hit the window (TA)
 * @crash:	the state its fault handler saw as it died (TA)
 * @sys_buf:	the bytes of a system call (enum ta_ipc_sys: STAGE input
 *		from the TA, outputs from the secure world)
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
	struct ta_ipc_fault fault;
	struct ta_ipc_crash crash;
	uint8_t sys_buf[TA_IPC_SYS_BUF_SIZE];
};

_Static_assert(sizeof(struct ta_ipc_ta2ta) <= TA_IPC_SYS_BUF_SIZE &&
		       sizeof(struct ta_ipc_ta2ta_out) <= TA_IPC_SYS_BUF_SIZE,
	       "a TA-to-TA request and its outputs must fit in sys_buf");
_Static_assert(sizeof(struct ta_ipc_page) <= TA_IPC_PAGE_SIZE,
	       "the channel must fit in one page");

#endif
