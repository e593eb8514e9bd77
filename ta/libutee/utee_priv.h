/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libutee internals: what the runtime's files share.
 *
 *  user_ta_entry.c    main(), the entry thread, dispatch to the entry points
 *  utee_channel.c     the shared page: hello, requests, replies, panic,
 *		       system calls (utee_syscall(), utee_syscalls.h)
 *  utee_memref.c      the parameter window: memrefs of one call
 *  utee_session.c     sessions: their contexts and cancellation masks
 *  utee_sandbox.c     non-dumpable and the seccomp filter
 *  utee_fault.c       the fatal-signal handler: the crash record
 *  utee_malloc.c      the TA heap: libc's malloc family, counted
 *  tee_api_*.c, trace.c  the GP Internal Core API, one file per chapter
 *
 * The entry points run on one thread (the entry thread), one call at a
 * time, so the runtime's state needs no lock: only that thread touches it
 * once the TA serves calls.
 */
#ifndef UTEE_PRIV_H
#define UTEE_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tee_api_types.h>

#include "teebox/ta_ipc.h"

/* Exit status when the runtime cannot go on (before or after hello). */
#define UTEE_EXIT_SETUP	   102
#define UTEE_EXIT_PROTOCOL 103

/**
 * utee_fatal() - the runtime cannot go on: print why (EMSG) and exit
 * with @status; the secure world sees the TA die
 */
void utee_fatal(int status, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));

/* utee_image.c */

struct dl_phdr_info;

/**
 * utee_is_ta_image() - whether @info (from dl_iterate_phdr()) is the TA's
 * own image: the main executable when the TA was exec'd, the object the
 * TA zygote loaded otherwise
 */
bool utee_is_ta_image(const struct dl_phdr_info *info);

/* utee_channel.c */

/**
 * utee_channel_open() - find the channel (TA_IPC_SOCK_FD, TA_IPC_PAGE_FD)
 * and map the page
 * Return: 0, or -EBADF when this process was not started by teebox's
 * secure world, -EPROTO when the page is not what this runtime speaks.
 */
int utee_channel_open(void);

/** utee_channel_hello() - report ta_head and TA_DATA_SIZE: the TA runs. */
void utee_channel_hello(void);

/**
 * utee_channel_heap() - where the heap statistics go for the secure world
 * (the shared page's), or NULL before utee_channel_open()
 */
struct ta_ipc_heap *utee_channel_heap(void);

/**
 * utee_channel_fault() - where a fatal fault in the parameter window is
 * noted for the secure world
 * Return: NULL before utee_channel_open().
 */
struct ta_ipc_fault *utee_channel_fault(void);

/**
 * utee_channel_crash() - where the fatal-signal handler leaves the crash
 * record for the secure world
 * Return: NULL before utee_channel_open().
 */
struct ta_ipc_crash *utee_channel_crash(void);

/**
 * utee_channel_next() - wait for the next request and copy it to @req
 * Return: its sequence number (the current call's from now on).
 */
uint32_t utee_channel_next(struct ta_ipc_request *req);

/** utee_channel_reply() - publish @rep as the answer to request @seq. */
void utee_channel_reply(uint32_t seq, const struct ta_ipc_reply *rep);

/**
 * utee_channel_sys_buf() - the shared page's sys_buf (TA_IPC_SYS_BUF_SIZE
 * bytes), the bytes of a system call
 * Return: the buffer, or NULL before utee_channel_open().
 */
uint8_t *utee_channel_sys_buf(void);

/** utee_channel_cancelled() - the client asked to cancel the current call. */
bool utee_channel_cancelled(void);

/**
 * utee_channel_panic() - record @code as the panic code and exit; the
 * secure world reports it
 */
void utee_channel_panic(uint32_t code) __attribute__((noreturn));

/* utee_memref.c */

/**
 * utee_memref_init() - map the parameter window (inaccessible) and close
 * its descriptor; before the sandbox
 * Return: 0 or -errno.
 */
int utee_memref_init(void);

/**
 * utee_memref_note_fault() - from the fatal-signal handler: when @addr
 * lies in the parameter window, note it in page.fault for the secure
 * world's report (async-signal-safe)
 * @addr:	the fault address
 */
void utee_memref_note_fault(const void *addr);

/**
 * utee_memref_open() - before a call's entry point: make the span of the
 * window request @req uses readable and writable, and nothing else of it
 * (the last call's span stays as it is when it is the same range; see
 * utee_memref.c)
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS for a span outside a
 * bank of the window.
 */
TEE_Result utee_memref_open(const struct ta_ipc_request *req);

/**
 * utee_memref_map() - where memref @ip lies in the call's span
 * @writable:	an OUTPUT or INOUT memref (TA-to-TA alias rule)
 * @buffer:	[out] where the TA sees the buffer; NULL for a null memref
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS for a range outside
 * the span.
 */
TEE_Result utee_memref_map(const struct ta_ipc_param *ip, bool writable,
			   void **buffer);

/**
 * utee_memref_end() - the entry point returned: forget its memrefs; the
 * span stays open until the next request, which no TA code precedes
 */
void utee_memref_end(void);

/**
 * utee_memref_close() - before TA code that takes no memref (create,
 * close session, destroy): make the span inaccessible, so that a memref
 * pointer the TA kept faults
 */
void utee_memref_close(void);

/**
 * utee_memref_overlaps_input() - [@buf, @buf + @size) overlaps a
 * MEMREF_INPUT of the current call (which may not be passed on to
 * another TA as an output: OP-TEE's rights check)
 */
bool utee_memref_overlaps_input(const void *buf, size_t size);

/**
 * utee_memref_overlaps() - [@buf, @buf + @size) overlaps a memref of the
 * current call, of any direction
 */
bool utee_memref_overlaps(const void *buf, size_t size);

/**
 * utee_memref_xfer_open() - make the first @len bytes (whole pages) of
 * the transfer bank readable and writable for a TA-to-TA call (see
 * teebox/ta_ipc.h)
 * @win_off:	[out] the bank's offset in the window
 * Return: where the bank starts here, or NULL when @len does not fit in
 * a bank or the bank cannot be opened.
 */
char *utee_memref_xfer_open(uint64_t len, uint64_t *win_off);

/** utee_memref_xfer_close() - make the transfer bank inaccessible again. */
void utee_memref_xfer_close(void);

/**
 * utee_memref_contains() - [@buf, @buf + @size) lies inside one memref
 * of the current call
 */
bool utee_memref_contains(const void *buf, size_t size);

/* utee_map_zi.c */

/**
 * utee_map_zi_contains() - [@start, @end) lies in one tee_map_zi()
 * mapping: TA-private, writable memory
 */
bool utee_map_zi_contains(uintptr_t start, uintptr_t end);

/**
 * utee_map_zi_shareable_contains() - [@start, @end) lies in one
 * tee_map_zi() mapping made with TEE_MEMORY_ACCESS_ANY_OWNER: not
 * TA-private for the cache maintenance functions
 */
bool utee_map_zi_shareable_contains(uintptr_t start, uintptr_t end);

/* utee_session.c */

/**
 * struct utee_session - a session of this instance
 * @id:		the secure world's session id
 * @ctx:	the sessionContext TA_OpenSessionEntryPoint returned
 * @cancel_masked: cancellation is masked (GP: masked when it opens)
 * @client:	the client's identity
 * @next:	list link
 */
struct utee_session {
	uint32_t id;
	void *ctx;
	bool cancel_masked;
	TEE_Identity client;
	struct utee_session *next;
};

/** utee_session_add() - a new session @id, or NULL (out of memory). */
struct utee_session *utee_session_add(uint32_t id, const TEE_Identity *client);

/** utee_session_find() - session @id, or NULL. */
struct utee_session *utee_session_find(uint32_t id);

/**
 * utee_session_client() - the client of the current call's session, or
 * NULL outside sessions (TA_CreateEntryPoint, TA_DestroyEntryPoint)
 */
const TEE_Identity *utee_session_client(void);

/** utee_session_remove() - forget and free @s. */
void utee_session_remove(struct utee_session *s);

/** utee_session_set_current() - the session of the call (NULL: none). */
void utee_session_set_current(struct utee_session *s);

/**
 * utee_session_cancel_mask() - the cancellation mask of the current
 * call: its session's, or the instance's outside sessions
 */
bool *utee_session_cancel_mask(void);

/* utee_sandbox.c */

/**
 * utee_sandbox_enter() - install the seccomp filter on every thread of
 * the process (no file system, no network, no new processes)
 * Return: 0 or -errno.
 */
int utee_sandbox_enter(void);

/**
 * utee_sandbox_use_program() - install this BPF program (@count struct
 * sock_filter, the zygote's build of utee_sandbox_filter.c for this
 * process) instead of building the filter; before any thread starts
 * @insns:	stays valid for the process's life
 */
void utee_sandbox_use_program(const void *insns, size_t count);

/* utee_fault.c */

/**
 * utee_fault_init() - install the fatal-signal handler (SIGSEGV, SIGBUS,
 * SIGILL, SIGFPE, SIGABRT) that fills the crash record; before the
 * sandbox, after utee_channel_open()
 * Return: 0 or -errno.
 */
int utee_fault_init(void);

/**
 * utee_fault_thread_init() - give the calling thread the alternate
 * signal stack the handler runs on (two threads at most: main and
 * entry); before the sandbox
 * Return: 0 or -errno.
 */
int utee_fault_thread_init(void);

/**
 * utee_fault_set_stack() - the entry thread's stack, the only memory the
 * call stack walk reads
 * @guard:	the start of the inaccessible guard below it
 * @base, @size: the stack
 */
void utee_fault_set_stack(void *guard, void *base, size_t size);

/* utee_malloc.c */

/**
 * utee_heap_init() - the TA heap (malloc and TEE_Malloc) may hold
 * @heap_limit bytes (TA_DATA_SIZE) once the TA starts
 */
void utee_heap_init(size_t heap_limit);

/**
 * utee_heap_exempt_crypto() - libcrypto's allocations stay out of the TA
 * heap's count, as OP-TEE's crypto states live in the core; call before
 * libcrypto allocates anything
 * Return: 0, or -EBUSY when libcrypto already had.
 */
int utee_heap_exempt_crypto(void);

/**
 * utee_heap_start() - the TA starts: from now on the heap holds at most
 * TA_DATA_SIZE more than what the runtime has in use now
 */
void utee_heap_start(void);

/**
 * utee_heap_malloc() - malloc() of the TA heap: counted, refused (NULL,
 * ENOMEM) beyond TA_DATA_SIZE; libc's malloc is this in a TA
 * Return: the block or NULL.
 */
void *utee_heap_malloc(size_t size);

/** utee_heap_calloc() - calloc() of the TA heap. Return: the block or NULL. */
void *utee_heap_calloc(size_t n, size_t size);

/**
 * utee_heap_realloc() - realloc() of the TA heap (@p is left as it was
 * when refused)
 * Return: the block or NULL.
 */
void *utee_heap_realloc(void *p, size_t size);

/**
 * utee_heap_memalign() - memalign() of the TA heap
 * Return: the block or NULL.
 */
void *utee_heap_memalign(size_t align, size_t size);

/** utee_heap_free() - free() of the TA heap. */
void utee_heap_free(void *p);

/**
 * utee_heap_raw_malloc() - a block of the allocator below the TA heap,
 * not counted against TA_DATA_SIZE (the TEE_MALLOC_NO_SHARE pool keeps
 * its own count)
 * Return: the block or NULL.
 */
void *utee_heap_raw_malloc(size_t size);

/**
 * utee_heap_raw_realloc() - realloc() of a utee_heap_raw_malloc() block
 * (@p is left as it was when refused)
 * Return: the block or NULL.
 */
void *utee_heap_raw_realloc(void *p, size_t size);

/** utee_heap_raw_free() - free() of a utee_heap_raw_malloc() block. */
void utee_heap_raw_free(void *p);

/* utee_no_share.c */

/**
 * utee_no_share_alloc() - a block of the TEE_MALLOC_NO_SHARE pool
 * @size:	bytes, not 0
 * @zero:	fill it with zeros
 * Return: the block, or NULL when the TA has no such pool
 * (TA_NO_SHARE_DATA_SIZE) or it is full.
 */
void *utee_no_share_alloc(size_t size, bool zero);

/**
 * utee_no_share_owns() - @p is the start of a live block of the pool
 */
bool utee_no_share_owns(const void *p);

/**
 * utee_no_share_realloc() - resize pool block @p (utee_no_share_owns());
 * bytes added are zero
 * Return: the block, or NULL with @p left as it was.
 */
void *utee_no_share_realloc(void *p, size_t size);

/** utee_no_share_free() - free pool block @p (utee_no_share_owns()). */
void utee_no_share_free(void *p);

/**
 * utee_no_share_overlaps() - [@buf, @buf + @size) touches a live block
 * of the pool (OP-TEE's buf_overlaps_no_share_heap())
 */
bool utee_no_share_overlaps(const void *buf, size_t size);

/**
 * utee_no_share_contains() - [@start, @end) lies in one live block of
 * the pool: TA-private memory for TEE_CheckMemoryAccessRights()
 */
bool utee_no_share_contains(uintptr_t start, uintptr_t end);

/* tee_api_memory.c */

/**
 * utee_mem_set_stack() - the entry thread's stack, which counts as
 * TA-private memory for TEE_CheckMemoryAccessRights()
 */
void utee_mem_set_stack(void *base, size_t size);

#endif
