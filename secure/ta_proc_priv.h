/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the files behind ta_proc.h share: the TA process object.
 *
 *  ta_proc.c          start (spawn), end (destroy, kill), queries
 *  ta_proc_call.c     the calls: requests, waiting, checking replies
 *  ta_proc_monitor.c  the one thread that forks TA processes and reaps them
 *  ta_proc_zygote.c   the TA zygote, which forks most of them
 *  ta_elf_dyn.c       whether the zygote can load a TA image
 *  ta_proc_creds.c    their uid, capabilities and no_new_privs
 *  ta_proc_limits.c   their memory limits, and how many there may be
 *  ta_param_win.c     the parameter window memrefs are copied through
 */
#ifndef TEEBOX_SECURE_TA_PROC_PRIV_H
#define TEEBOX_SECURE_TA_PROC_PRIV_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "kernel/kref.h"
#include "ta_proc.h"
#include "ta/include/tee_api_types.h"
#include "ta_param_win.h"
#include "teebox/ta_ipc.h"

/* struct ta_proc.call: a call is in progress. */
#define TA_PROC_IN_CALL (1ULL << 32)

/* "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" and its NUL. */
#define TA_PROC_UUID_STR_LEN 37

/**
 * struct ta_proc - one TA process
 * @refs:	the owner's reference (until ta_proc_destroy/kill), the
 *		monitor's (while it watches the process), and one per call
 *		in progress
 * @pid:	the process
 * @pidfd:	the process as a pidfd: signals through it can never hit
 *		another process that reused @pid
 * @sock:	our end of the channel socket
 * @page:	the shared page (MAP_SHARED)
 * @uuid:	the UUID the image was signed for
 * @name:	@uuid as text, for log lines
 * @output_id:	its stdout/stderr as ta_output.h names it (0: none)
 * @image_fd:	its image (the sealed memory file it was started from):
 *		the crash report names functions from it
 * @stack_size:	TA_STACK_SIZE from its hello, for the crash report
 * @data_limit:	RLIMIT_DATA its process set before the image was loaded
 *		(the TA zygote's child; ta_proc_image_limit()), 0: set at
 *		hello
 * @by_zygote:	forked by the TA zygote, not exec'd
 * @has_libs:	it links TA libraries (ta_shlib.h): never exec'd
 * @dead:	set once, when the process exited or crashed (monitor), or
 *		broke the protocol (ta_proc_call.c); every call then fails
 * @started:	hello received: the monitor reports the death of a started
 *		TA, spawn reports the death of one that never started
 * @quiet:	we killed it: SIGKILL is not news
 * @exit_expected: TA_DestroyEntryPoint was asked for: exit 0 is not news
 * @reaped:	the monitor collected the exit status (monitor lock)
 * @status:	that status (waitpid), valid once @reaped
 * @call:	the last call started: its request number (bits 31:0) and
 *		TA_PROC_IN_CALL while it runs; one word, so that
 *		ta_proc_request_cancel() sees both at once
 * @win:	the parameter window (calls are serialised by the caller,
 *		so the caller's thread owns it)
 * @sys_done:	the last system call number served (page.sys_seq as we
 *		saw it; owned by the calling thread like @win)
 * @deadline:	CLOCK_MONOTONIC ms by which the call in progress must be
 *		answered, 0 for none (owned by the calling thread)
 * @cancel_at:	CLOCK_MONOTONIC ms at which the call in progress gets a
 *		cancel request (a TA caller's cancellationRequestTimeout),
 *		0 for never (owned by the calling thread)
 * @span_offset, @span_size: the window span of the call in progress
 *		(size 0: none), for its TA-to-TA transfer bank (owned by
 *		the calling thread)
 */
struct ta_proc {
	refcount_t refs;
	pid_t pid;
	int pidfd;
	int sock;
	struct ta_ipc_page *page;
	TEE_UUID uuid;
	char name[TA_PROC_UUID_STR_LEN];
	unsigned long output_id;
	int image_fd;
	uint32_t stack_size;
	uint64_t data_limit;
	bool by_zygote;
	bool has_libs;
	atomic_bool dead;
	atomic_bool started;
	atomic_bool quiet;
	atomic_bool exit_expected;
	bool reaped;
	int status;
	_Atomic uint64_t call;
	struct ta_param_win win;
	uint32_t sys_done;
	uint64_t deadline;
	uint64_t cancel_at;
	uint64_t span_offset;
	uint64_t span_size;
};

/** ta_proc_get() - take a reference on @p (the caller holds one). */
void ta_proc_get(struct ta_proc *p);

/**
 * ta_proc_put() - drop a reference; the last one unmaps the page, closes
 * the descriptors and frees @p
 */
void ta_proc_put(struct ta_proc *p);

/**
 * ta_proc_mark_dead() - record that @p can take no more calls and wake a
 * caller waiting for its reply; true the first time
 */
bool ta_proc_mark_dead(struct ta_proc *p);

/**
 * ta_proc_call_destroy() - ask the TA to run TA_DestroyEntryPoint and wait
 * up to @timeout_ms for its answer, serving its system calls through
 * @host; the process exits after answering (ta_proc_destroy() waits for
 * that)
 * Return: 0 once it answered, -EPIPE when the TA is dead, -ETIMEDOUT.
 */
int ta_proc_call_destroy(struct ta_proc *p, const struct ta_proc_host *host,
			 unsigned int timeout_ms);

/**
 * ta_proc_creds_apply() - in a new TA process, before exec: the TA's uid
 * and gid (secure world run as root), no capabilities, no_new_privs;
 * async-signal-safe
 * Return: 0 or -errno.
 */
int ta_proc_creds_apply(void);

/**
 * ta_proc_creds_id() - the uid and gid TA processes run as
 * Return: false when they run as the secure world's (not started as
 * root); @uid and @gid are then meaningless.
 */
bool ta_proc_creds_id(uid_t *uid, gid_t *gid);

/**
 * ta_proc_limits_apply() - in a new TA process, before exec: the memory
 * ceiling that holds until the TA's header is known; async-signal-safe
 * Return: 0 or -errno.
 */
int ta_proc_limits_apply(void);

/**
 * struct ta_proc_mem - a TA's memory figures, from its image's header
 * @stack_size:	ta_head.stack_size (TA_STACK_SIZE)
 * @data_size:	ta_heap_size + ta_no_share_heap_size (TA_DATA_SIZE +
 *		TA_NO_SHARE_DATA_SIZE), as the hello says it
 * @limit:	the RLIMIT_DATA they give, the runtime's reserve included
 */
struct ta_proc_mem {
	uint32_t stack_size;
	uint64_t data_size;
	uint64_t limit;
};

/**
 * ta_proc_image_limit() - the memory limit of the TA in @elf, from its
 * header's objects as the image's file holds them, for the TA zygote's
 * child to set before it loads the image
 * @name:	the TA, for the log
 * @elf, @len:	the verified image
 * @uuid:	the TA's UUID, which ta_head must hold
 * @out:	[out] the figures and the limit
 * Return: TEE_SUCCESS; TEE_ERROR_ITEM_NOT_FOUND when the image does not
 * show them (no symbol table: the limit is then set at hello);
 * TEE_ERROR_OUT_OF_MEMORY when they ask more than a TA may have (logged).
 */
TEE_Result ta_proc_image_limit(const char *name, const void *elf, size_t len,
			       const TEE_UUID *uuid, struct ta_proc_mem *out);

/**
 * ta_proc_check_memory() - at hello of a TA whose process set the limit
 * of @m before any TA code ran: its hello must say @m's figures, and it
 * must not use more than the limit already
 * @p:		the TA process
 * @m:		what ta_proc_image_limit() found
 * @stack_size, @data_size: what its hello says
 * Return: TEE_SUCCESS, TEE_ERROR_SECURITY when the hello says other
 * figures, TEE_ERROR_OUT_OF_MEMORY when it uses more (all logged).
 */
TEE_Result ta_proc_check_memory(struct ta_proc *p, const struct ta_proc_mem *m,
				uint32_t stack_size, uint32_t data_size);

/**
 * ta_proc_limit_memory() - at hello: limit @p's memory to what its header
 * (@stack_size, @data_size) allows plus the runtime's reserve
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY when the header asks more
 * than a TA may have or the TA already uses more, TEE_ERROR_GENERIC when
 * the limit cannot be set (all logged).
 */
TEE_Result ta_proc_limit_memory(struct ta_proc *p, uint32_t stack_size,
				uint32_t data_size);

/**
 * ta_proc_instance_get() - take one of the bounded TA process slots
 * Return: false when all are taken.
 */
bool ta_proc_instance_get(void);

/** ta_proc_instance_put() - give back a slot ta_proc_instance_get() took. */
void ta_proc_instance_put(void);

#endif
