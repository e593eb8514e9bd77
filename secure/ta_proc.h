/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA processes: each TA context (instance) runs in a process of its own,
 * started from a verified image, sandboxed (non-dumpable, seccomp, no file
 * system or network), and driven by the secure world over a private
 * channel: a shared page with doorbells for calls, and a socket for the
 * memory files of memref parameters and to notice the process's death.
 *
 * The GlobalPlatform entry points run in the TA process; the functions
 * here call them and wait for the answer.  Calls on one struct ta_proc
 * must be serialised by the caller (a TA instance runs one call at a
 * time); ta_proc_dead() and ta_proc_kill() may be called at any time.
 */
#ifndef TEEBOX_SECURE_TA_PROC_H
#define TEEBOX_SECURE_TA_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "machine/nw_ram_sw.h"
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
 * @u.memref.mem: the normal-world memory (mem.chunk NULL: a null memref)
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
			size_t size;
		} memref;
	} u;
};

/**
 * ta_proc_spawn() - start a TA process from an ELF image
 * @elf, @elf_len: the verified image, in secure memory
 * @uuid:	the UUID the image was signed for; the process must report
 *		the same one in its ta_head
 * @info:	[out] the TA's ta_head
 * Returns TEE_SUCCESS with *@out set, TEE_ERROR_SECURITY when the TA
 * reports another UUID, TEE_ERROR_OUT_OF_MEMORY, TEE_ERROR_GENERIC when
 * the process cannot start (logged).
 */
TEE_Result ta_proc_spawn(const void *elf, size_t elf_len, const TEE_UUID *uuid,
			 struct ta_proc **out, struct ta_proc_info *info);

/** ta_proc_create() - run TA_CreateEntryPoint. */
TEE_Result ta_proc_create(struct ta_proc *p, uint32_t *origin);

/**
 * ta_proc_open_session() - run TA_OpenSessionEntryPoint for session
 * @sess_id (the secure world's id; the TA keeps its sessionContext)
 * @client:	the client identity (gpd.client.identity)
 */
TEE_Result ta_proc_open_session(struct ta_proc *p, uint32_t sess_id,
				const TEE_Identity *client,
				uint32_t param_types,
				struct ta_call_param params[4],
				uint32_t *origin);

/** ta_proc_invoke() - run TA_InvokeCommandEntryPoint. */
TEE_Result ta_proc_invoke(struct ta_proc *p, uint32_t sess_id, uint32_t cmd,
			  uint32_t param_types, struct ta_call_param params[4],
			  uint32_t *origin);

/** ta_proc_close_session() - run TA_CloseSessionEntryPoint. */
void ta_proc_close_session(struct ta_proc *p, uint32_t sess_id);

/**
 * ta_proc_destroy() - run TA_DestroyEntryPoint, let the process exit and
 * free @p
 */
void ta_proc_destroy(struct ta_proc *p);

/** ta_proc_kill() - kill the process (if alive) and free @p. */
void ta_proc_kill(struct ta_proc *p);

/**
 * ta_proc_dead() - true once the process panicked, crashed or exited;
 * every call then returns TEE_ERROR_TARGET_DEAD with origin TEE
 */
bool ta_proc_dead(struct ta_proc *p);

/** ta_proc_pid() - the process id (diagnostics, debugging). */
pid_t ta_proc_pid(struct ta_proc *p);

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

/** ta_proc_count() - TA processes alive (leak checks). */
size_t ta_proc_count(void);

#endif
