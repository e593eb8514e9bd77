/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RPC requests a secure thread makes to the normal world (OP-TEE's
 * thread_rpc_cmd() and friends in kernel/thread.h): commands carried in
 * an optee_msg_arg, normal-world memory for the RPC's payloads, and the
 * notifications a waiting thread sleeps on.  Each of them suspends the
 * calling thread (sthread_rpc()) until the normal world answers.
 */
#ifndef TEEBOX_SECURE_THREAD_RPC_H
#define TEEBOX_SECURE_THREAD_RPC_H

#include <stddef.h>
#include <stdint.h>

#include "machine/nw_ram_sw.h"
#include "ta/include/tee_api_types.h"

/* Most parameters an RPC message carries (OP-TEE's value). */
#define THREAD_RPC_MAX_NUM_PARAMS 4

struct sthread;

/**
 * struct rpc_param - a parameter of an RPC command
 * @attr:	OPTEE_MSG_ATTR_TYPE_*
 * @u.value:	a, b, c
 * @u.tmem:	buffer physical address, size, cookie
 */
struct rpc_param {
	uint64_t attr;
	union {
		struct {
			uint64_t a, b, c;
		} value;
		struct {
			uint64_t buf_ptr, size, shm_ref;
		} tmem;
	} u;
};

/**
 * rpc_param_value() - make @p a value parameter
 * @p:		the parameter
 * @attr:	OPTEE_MSG_ATTR_TYPE_VALUE_INPUT, _OUTPUT or _INOUT
 * @a:		value a
 * @b:		value b
 * @c:		value c
 */
static inline void rpc_param_value(struct rpc_param *p, uint64_t attr,
				   uint64_t a, uint64_t b, uint64_t c)
{
	*p = (struct rpc_param){.attr = attr, .u.value = {a, b, c}};
}

/**
 * thread_rpc_cmd() - send RPC command @cmd with @num_params params (at
 * most THREAD_RPC_MAX_NUM_PARAMS) and read back the answer into @params
 * The normal world's answer is copied into secure memory before it is
 * read.
 * Return: the command's result (TEE_SUCCESS...), TEE_ERROR_OUT_OF_MEMORY
 * when no RPC buffer could be had, or TEE_ERROR_BAD_STATE when @t may not
 * make an RPC (sthread_rpc()).
 */
TEE_Result thread_rpc_cmd(struct sthread *t, uint32_t cmd, size_t num_params,
			  struct rpc_param *params);

/**
 * thread_rpc_shm_alloc() - ask for normal-world memory of @type
 * (OPTEE_RPC_SHM_TYPE_*) and @size bytes
 * @mem:	[out] the validated memory (holds a reference)
 * @cookie:	[out] its cookie, for thread_rpc_shm_free()
 * Return: TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY, or TEE_ERROR_GENERIC
 * when the normal world answered with memory we cannot use.
 */
TEE_Result thread_rpc_shm_alloc(struct sthread *t, uint32_t type, size_t size,
				struct nw_mem *mem, uint64_t *cookie);

/** thread_rpc_shm_free() - give the memory back (drops @mem's reference). */
void thread_rpc_shm_free(struct sthread *t, uint32_t type, uint64_t cookie,
			 struct nw_mem *mem);

/**
 * thread_rpc_shm_cache_alloc() - a payload buffer of at least @size
 * bytes (OPTEE_RPC_SHM_TYPE_APPL) kept by @t for @user until the call
 * ends (OP-TEE's thread_rpc_shm_cache_alloc()): the first request of a
 * call allocates it, later ones reuse it, a larger one replaces it
 * @user:	enum thread_shm_cache_user
 * @mem:	[out] its memory; valid until the call ends or the next
 *		call of this function for @user
 * @cookie:	[out] its cookie, for the requests' shm_ref
 * Return: TEE_SUCCESS, or thread_rpc_shm_alloc()'s error.
 */
TEE_Result thread_rpc_shm_cache_alloc(struct sthread *t, unsigned int user,
				      size_t size, struct nw_mem **mem,
				      uint64_t *cookie);

/**
 * thread_rpc_shm_cache_clear() - give every buffer of @t's shm cache
 * back to the normal world; called when @t's call ends
 */
void thread_rpc_shm_cache_clear(struct sthread *t);

/**
 * thread_rpc_notif_wait() - sleep in the normal world until key @key is
 * sent or @timeout_ms passes (0: no timeout): OPTEE_RPC_CMD_NOTIFICATION
 * WAIT
 * Return: TEE_SUCCESS when woken, TEE_ERROR_TIMEOUT, or another error
 * when the normal world could not wait.
 */
TEE_Result thread_rpc_notif_wait(struct sthread *t, uint32_t key,
				 uint32_t timeout_ms);

/**
 * thread_rpc_notif_send() - wake key @key: NOTIFICATION SEND
 * Return: TEE_SUCCESS, or the RPC's error.
 */
TEE_Result thread_rpc_notif_send(struct sthread *t, uint32_t key);

/**
 * thread_rpc_release_arg() - give back this thread's RPC buffer (end of a
 * call without the cache, or when the cache is emptied)
 */
void thread_rpc_release_arg(struct sthread *t);

#endif
