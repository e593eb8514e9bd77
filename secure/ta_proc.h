/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA processes: each TA context (instance) runs in a process of its own,
 * started from a verified image, sandboxed (non-dumpable, seccomp, no file
 * system or network; no capabilities, no_new_privs, a uid of its own under
 * a root secure world, memory limited by its header: ta_proc_creds.c,
 * ta_proc_limits.c), and driven by the secure world over a private
 * channel: a shared page with doorbells for calls, a parameter window
 * that memrefs are copied through (the client's memory never enters the
 * TA process), and a socket to notice the process's death.
 *
 * The GlobalPlatform entry points run in the TA process; the functions
 * here call them and wait for the answer.  Calls on one struct ta_proc
 * must be serialised by the caller (a TA instance runs one call at a
 * time); ta_proc_dead() and ta_proc_kill() may be called at any time.
 *
 * While it waits, a call serves the TA's system calls (teebox/ta_ipc.h)
 * through the caller's struct ta_proc_host, on the caller's thread, and
 * lets the caller yield regularly during a long call.
 */
#ifndef TEEBOX_SECURE_TA_PROC_H
#define TEEBOX_SECURE_TA_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "machine/nw_ram_sw.h"
#include "ta/include/pta_stats.h"
#include "ta/include/tee_api_types.h"

struct ta_proc;

/**
 * struct ta_proc_info - what a TA says about itself (its ta_head)
 * @uuid:	the TA's UUID
 * @flags:	TA_FLAG_* (SINGLE_INSTANCE, MULTI_SESSION, ...)
 * @stack_size: TA_STACK_SIZE
 * @data_size:	TA_DATA_SIZE (heap for TEE_Malloc)
 */
struct ta_proc_info {
	TEE_UUID uuid;
	uint32_t flags;
	uint32_t stack_size;
	uint32_t data_size;
};

/**
 * struct ta_call_param - one parameter of an entry point call
 * @type:	TEE_PARAM_TYPE_*
 * @u.value:	a, b for VALUE_* (the TA writes OUTPUT/INOUT back)
 * @u.memref.mem: the normal-world memory (mem.chunk NULL: none)
 * @u.memref.ta_buf: instead of @u.memref.mem, another TA's memory (a
 *		TA-to-TA call): the caller's transfer bank as the secure
 *		world maps it.  Both NULL: a null memref
 * @u.memref.client_mem: with @u.memref.ta_buf: the calling TA passed on
 *		memory of its own normal-world client (one of its call's
 *		memrefs), which OP-TEE passes on uncopied: not secure memory
 * @u.memref.size: size given; the TA writes back the size it set for
 *		OUTPUT/INOUT (may exceed the buffer: short buffer)
 */
struct ta_call_param {
	uint32_t type;
	union {
		struct {
			uint32_t a;
			uint32_t b;
		} value;
		struct {
			struct nw_mem mem;
			void *ta_buf;
			bool client_mem;
			size_t size;
		} memref;
	} u;
};

/**
 * struct ta_proc_host - what the caller of a TA call offers the TA
 * @syscall:	runs system call @nr (enum ta_ipc_sys) that TA @p made,
 *		with @args, and fills @out (zeroed before); returns its
 *		result.  ta_proc has checked the number and that unused
 *		arguments are 0; the callback checks the values.  One that
 *		waits must stop once ta_proc_call_over(@p).  NULL: every
 *		system call fails with TEE_ERROR_NOT_SUPPORTED.
 * @yield:	called about every TA_PROC_YIELD_MS while the call waits for
 *		the TA (a long call gives the normal world its CPU back, as
 *		OP-TEE does on a foreign interrupt); may be NULL
 * @arg:	passed to both
 *
 * Both run on the thread that made the call, between the TA's request
 * and its answer; the TA waits meanwhile.  A NULL host is a host with
 * neither callback.
 */
struct ta_proc_host {
	TEE_Result (*syscall)(void *arg, struct ta_proc *p, uint32_t nr,
			      const uint64_t args[4], uint64_t out[4]);
	void (*yield)(void *arg);
	void *arg;
};

/* How often a call waiting for its TA calls the host's yield(). */
#define TA_PROC_YIELD_MS 20

/**
 * ta_proc_spawn() - start a TA process from an ELF image
 * @elf, @elf_len: the verified image, in secure memory
 * @uuid:	the UUID the image was signed for; the process must report
 *		the same one in its ta_head
 * @info:	[out] the TA's ta_head
 * Return: TEE_SUCCESS with *@out set, TEE_ERROR_SECURITY when the TA
 * reports another UUID, TEE_ERROR_OUT_OF_MEMORY (also when there are as
 * many TA processes as ta_proc_set_max_instances() allows, or the TA's
 * header asks for more memory than a TA may have), TEE_ERROR_GENERIC
 * when the process cannot start (logged).
 */
TEE_Result ta_proc_spawn(const void *elf, size_t elf_len, const TEE_UUID *uuid,
			 struct ta_proc **out, struct ta_proc_info *info);

struct ta_shlib_set;

/**
 * ta_proc_spawn_libs() - ta_proc_spawn() for a TA that links TA libraries
 * @elf, @elf_len: the TA's image with its DT_NEEDED rewritten
 *		(@libs->ta_elf), or the verified image when @libs has none
 * @libs:	its libraries (ta_shlib.h); NULL or none: ta_proc_spawn()
 * Only the TA zygote loads TA libraries: with libraries, the TA is never
 * exec'd.
 * Return: as ta_proc_spawn(); TEE_ERROR_NOT_SUPPORTED (logged) when the
 * zygote is off (TEEBOX_TA_ZYGOTE=0, TEEBOX_TA_DEBUG=1, a clang
 * sanitizer build), cannot load the image, or failed.
 */
TEE_Result ta_proc_spawn_libs(const void *elf, size_t elf_len,
			      const TEE_UUID *uuid,
			      const struct ta_shlib_set *libs,
			      struct ta_proc **out, struct ta_proc_info *info);

/**
 * ta_proc_create() - run TA_CreateEntryPoint
 * @host:	serves the TA's system calls meanwhile (NULL: none)
 */
TEE_Result ta_proc_create(struct ta_proc *p, const struct ta_proc_host *host,
			  uint32_t *origin);

/**
 * ta_proc_open_session() - run TA_OpenSessionEntryPoint for session
 * @sess_id (the secure world's id; the TA keeps its sessionContext)
 * @host:	serves the TA's system calls meanwhile (NULL: none)
 * @client:	the client identity (gpd.client.identity)
 */
TEE_Result ta_proc_open_session(struct ta_proc *p,
				const struct ta_proc_host *host,
				uint32_t sess_id, const TEE_Identity *client,
				uint32_t param_types,
				struct ta_call_param params[4],
				uint32_t *origin);

/**
 * ta_proc_invoke() - run TA_InvokeCommandEntryPoint
 * @host:	serves the TA's system calls meanwhile (NULL: none)
 */
TEE_Result ta_proc_invoke(struct ta_proc *p, const struct ta_proc_host *host,
			  uint32_t sess_id, uint32_t cmd, uint32_t param_types,
			  struct ta_call_param params[4], uint32_t *origin);

/**
 * ta_proc_close_session() - run TA_CloseSessionEntryPoint
 * @host:	serves the TA's system calls meanwhile (NULL: none)
 */
void ta_proc_close_session(struct ta_proc *p, const struct ta_proc_host *host,
			   uint32_t sess_id);

/**
 * ta_proc_destroy() - run TA_DestroyEntryPoint, let the process exit and
 * free @p; a TA that does not answer and exit within a bounded time is
 * killed
 * @host:	serves the TA's system calls meanwhile (NULL: none)
 */
void ta_proc_destroy(struct ta_proc *p, const struct ta_proc_host *host);

/**
 * ta_proc_abandon() - the call running in @p was abandoned by the normal
 * world (its client is gone and it did not end when cancelled): kill the
 * process, whose calls then fail with TEE_ERROR_TARGET_DEAD; @p stays
 * valid for whoever holds it.  Safe from any thread.
 */
void ta_proc_abandon(struct ta_proc *p);

/** ta_proc_kill() - kill the process (if alive) and free @p. */
void ta_proc_kill(struct ta_proc *p);

/**
 * ta_proc_dead() - true once the process panicked, crashed or exited;
 * every call then returns TEE_ERROR_TARGET_DEAD with origin TEE
 */
bool ta_proc_dead(struct ta_proc *p);

/**
 * ta_proc_call_over() - for a system call that waits (on the calling
 * thread, from struct ta_proc_host.syscall): true once the TA died or the
 * call it belongs to ran out of time (ta_proc_destroy() is bounded); the
 * wait must end then
 */
bool ta_proc_call_over(struct ta_proc *p);

/**
 * ta_proc_sys_buf() - page.sys_buf of @p (TA_IPC_SYS_BUF_SIZE bytes),
 * for a system call being served; the TA may write it at any time, so
 * the host copies from it once and checks the copy
 * Return: the buffer, in memory the TA shares.
 */
uint8_t *ta_proc_sys_buf(struct ta_proc *p);

/** ta_proc_pid() - the process id (diagnostics, debugging). */
pid_t ta_proc_pid(struct ta_proc *p);

/**
 * ta_proc_heap_stats() - the TEE_Malloc heap figures TA @p last published
 * (struct ta_ipc_heap) into @h, all but its description; may be called
 * at any time (a TA that never ran reports zeros)
 */
void ta_proc_heap_stats(struct ta_proc *p, struct pta_stats_alloc *h);

/**
 * ta_proc_request_cancel() - set the cancellation flag of the call in
 * progress (TEE_GetCancellationFlag in the TA sees it)
 */
void ta_proc_request_cancel(struct ta_proc *p);

/**
 * ta_proc_forget_cancel() - between calls: drop a cancellation request
 * that arrived too late for the call it was meant for, so that it cannot
 * hit the next call (another session's, perhaps)
 */
void ta_proc_forget_cancel(struct ta_proc *p);

/**
 * ta_proc_cancelled() - a cancel request is pending for the call in
 * progress on @p (what TEE_GetCancellationFlag() reads, before the
 * mask); makes the request first if the call's cancel time passed
 * (ta_proc_cancel_at()).  On the calling thread.
 */
bool ta_proc_cancelled(struct ta_proc *p);

/**
 * ta_proc_cancel_at() - the next call on @p gets a cancel request at
 * CLOCK_MONOTONIC @ms (0: never), as a TA caller's
 * cancellationRequestTimeout asks; checked while the call waits and by
 * ta_proc_cancelled().  On the calling thread, before the call.
 */
void ta_proc_cancel_at(struct ta_proc *p, uint64_t ms);

/**
 * ta_proc_xfer() - for a system call being served: the transfer bank of
 * @p's window, where its TA-to-TA memrefs are (teebox/ta_ipc.h): the bank
 * that does not hold the current call's span, bank 0 when it has none
 * @bank:	[out] 0 or 1
 * Return: the secure world's mapping of the whole window.
 */
uint8_t *ta_proc_xfer(struct ta_proc *p, unsigned int *bank);

/**
 * ta_proc_xfer_bank() - for a system call being served: the secure
 * world's mapping of the start of @p's transfer bank (see
 * ta_proc_xfer()), TA_IPC_WIN_BANK_SIZE bytes the TA may write at any
 * time: copy out of it once, before use
 * @bank:	[out] 0 or 1
 * Return: the bank's first byte.
 */
uint8_t *ta_proc_xfer_bank(struct ta_proc *p, unsigned int *bank);

/**
 * ta_proc_xfer_done() - a TA-to-TA call wrote @p's transfer bank @bank up
 * to offset @end of the window: give back what stays resident above
 * TA_IPC_WIN_KEEP, as after a large call
 */
void ta_proc_xfer_done(struct ta_proc *p, unsigned int bank, uint64_t end);

/** ta_proc_count() - TA processes alive (leak checks). */
size_t ta_proc_count(void);

/* The user TA processes run as (secure world run as root), if it exists. */
#define TA_PROC_DEFAULT_USER "teebox-ta"
/* How many TA processes (instances) there may be at a time by default. */
#define TA_PROC_DEFAULT_MAX_INSTANCES 128

/**
 * ta_proc_creds_init() - decide what TA processes run as and drop the
 * secure world's own privileges to what starting them needs; call once,
 * before any other thread exists
 * @user:	name or uid TA processes run as when the secure world runs
 *		as root; NULL: TA_PROC_DEFAULT_USER if it exists, else
 *		nobody (with the user's primary group, nogroup for nobody)
 * Return: 0, -ENOENT when @user does not exist, -EINVAL when it is root,
 * or the -errno of a failed capability call (logged).
 */
int ta_proc_creds_init(const char *user);

/**
 * ta_proc_set_max_instances() - bound the number of TA processes; a spawn
 * beyond it fails with TEE_ERROR_OUT_OF_MEMORY (as OP-TEE when it cannot
 * create a TA instance)
 */
void ta_proc_set_max_instances(unsigned int max);

#endif
