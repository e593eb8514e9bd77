/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA's trusted storage system calls (enum ta_ipc_sys, STAGE and
 * STORAGE_*): per TA instance, the handles it holds on persistent
 * objects and the bytes it staged for its next call, served with
 * tee_svc_storage.h on the calling secure thread under sw->storage_lock.
 */
#ifndef TEEBOX_SECURE_TA_STORAGE_H
#define TEEBOX_SECURE_TA_STORAGE_H

#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "ta_proc.h"

struct sthread;
struct ta_storage;

/* Persistent object handles one TA instance may hold at once. */
#define TA_STORAGE_MAX_HANDLES 64
/* Most bytes a TA may stage for one call (a write, a create's data). */
#define TA_STORAGE_STAGE_MAX (1024 * 1024)

/**
 * ta_storage_new() - the storage state of a new instance of TA @uuid
 * @st:		receives it
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result ta_storage_new(const TEE_UUID *uuid, struct ta_storage **st);

/**
 * ta_storage_free() - the instance is gone: close every handle it held
 * (so that their sharing records do not outlive it), on secure thread
 * @t, and free @st (NULL: nothing)
 */
void ta_storage_free(struct ta_storage *st, struct sthread *t);

/**
 * struct ta_storage_ctx - what the host of one TA call serves with
 * @base:	ta_syscall.c's host for the call's secure thread
 * @t:		that thread
 * @storage:	the instance's storage state
 */
struct ta_storage_ctx {
	struct ta_proc_host base;
	struct sthread *t;
	struct ta_storage *storage;
};

/**
 * ta_storage_host() - fill @host for a TA call made on secure thread @t
 * by the instance whose storage state is @storage: ta_syscall_host()'s
 * system calls and yield, plus STAGE and STORAGE_*
 * @ctx:	filled here; must live as long as @host
 */
void ta_storage_host(struct sthread *t, struct ta_storage *storage,
		     struct ta_storage_ctx *ctx, struct ta_proc_host *host);

/**
 * ta_storage_syscall() - serve storage system call @nr of TA process @p
 * @st:		the instance's storage state
 * @t:		the secure thread of the call (RPCs to the supplicant)
 * @args, @out:	as struct ta_proc_host.syscall
 *
 * Every handle, length and offset the TA gives is checked; bytes are
 * copied from the shared page once.
 * Return: the storage call's result, TEE_ERROR_BAD_PARAMETERS for a bad
 * handle or length, TEE_ERROR_STORAGE_NOT_AVAILABLE without storage,
 * TEE_ERROR_NOT_SUPPORTED for another @nr.
 */
TEE_Result ta_storage_syscall(struct ta_storage *st, struct sthread *t,
			      struct ta_proc *p, uint32_t nr,
			      const uint64_t args[4], uint64_t out[4]);

#endif
