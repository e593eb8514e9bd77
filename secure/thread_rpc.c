// SPDX-License-Identifier: BSD-2-Clause
/*
 * RPC requests from a secure thread to the normal world: message buffers
 * (OPTEE_SMC_RPC_FUNC_ALLOC/FREE) and commands (OPTEE_SMC_RPC_FUNC_CMD
 * with an optee_msg_arg), as OP-TEE's thread_optee_smc.c does.  Nothing
 * the normal world answers is trusted: addresses are checked against
 * normal-world RAM and messages are copied in before they are read.
 */
#include <stdalign.h>
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "drivers/tee/optee/optee_smc.h"
#include "kernel/log.h"
#include "machine/nw_ram_sw.h"
#include "nw_shm.h"
#include "thread.h"
#include "thread_rpc.h"

#define RPC_ARG_SIZE OPTEE_MSG_GET_ARG_SIZE(THREAD_RPC_MAX_NUM_PARAMS)

static uint64_t reg_pair(uint64_t hi, uint64_t lo)
{
	return ((hi & 0xffffffffULL) << 32) | (lo & 0xffffffffULL);
}

/*
 * Hands buffer @cookie back.  A refused RPC (a bug, reported by
 * sthread_rpc()) leaves the buffer with the normal world: nothing of
 * ours is left to undo.
 */
static void rpc_free_arg(struct sthread *t, uint64_t cookie)
{
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_FREE, cookie >> 32,
				       cookie & 0xffffffffULL};

	(void)sthread_rpc(t, regs);
}

/* Makes sure the thread has a buffer for RPC messages. */
static bool ensure_rpc_arg(struct sthread *t)
{
	struct secure_world *sw = t->sw;
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_ALLOC,
				       RPC_ARG_SIZE};
	uint64_t pa, cookie;

	if (t->rpc_arg)
		return true;
	if (sthread_rpc(t, regs))
		return false;
	pa = reg_pair(regs[1], regs[2]);
	cookie = reg_pair(regs[4], regs[5]);
	if (!pa)
		return false;
	/* OP-TEE refuses a misaligned one too (thread_rpc_alloc_arg()). */
	if (pa % alignof(struct optee_msg_arg)) {
		pr_err("normal world gave a misaligned RPC buffer");
		rpc_free_arg(t, cookie);
		return false;
	}
	if (!sw_nw_mem_get(sw, pa, RPC_ARG_SIZE, &t->rpc_mem)) {
		pr_err("normal world gave an RPC buffer outside shared memory");
		rpc_free_arg(t, cookie);
		return false;
	}
	t->rpc_arg = true;
	t->rpc_cookie = cookie;
	return true;
}

void thread_rpc_release_arg(struct sthread *t)
{
	if (!t->rpc_arg)
		return;
	t->rpc_arg = false;
	nw_ram_sw_put(&t->rpc_mem);
	rpc_free_arg(t, t->rpc_cookie);
}

TEE_Result thread_rpc_cmd(struct sthread *t, uint32_t cmd, size_t num_params,
			  struct rpc_param *params)
{
	uint64_t buf[RPC_ARG_SIZE / sizeof(uint64_t)];
	struct optee_msg_arg *arg = (struct optee_msg_arg *)buf;
	uint64_t regs[SMC_NUM_REGS] = {OPTEE_SMC_RETURN_RPC_CMD};
	size_t size = OPTEE_MSG_GET_ARG_SIZE(num_params);

	if (num_params > THREAD_RPC_MAX_NUM_PARAMS)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!ensure_rpc_arg(t))
		return TEE_ERROR_OUT_OF_MEMORY;

	/* Build the message here, then publish it in one copy. */
	memset(buf, 0, sizeof(buf));
	arg->cmd = cmd;
	arg->ret = TEE_ERROR_GENERIC;
	arg->num_params = (uint32_t)num_params;
	for (size_t n = 0; n < num_params; n++) {
		arg->params[n].attr = params[n].attr;
		memcpy(&arg->params[n].u, &params[n].u, sizeof(params[n].u));
	}
	memcpy(t->rpc_mem.va, arg, size);

	regs[1] = t->rpc_cookie >> 32;
	regs[2] = t->rpc_cookie & 0xffffffffULL;
	if (sthread_rpc(t, regs))
		return TEE_ERROR_BAD_STATE;

	/* Read the answer once, from our own copy. */
	memcpy(arg, t->rpc_mem.va, size);
	for (size_t n = 0; n < num_params; n++) {
		params[n].attr = arg->params[n].attr;
		memcpy(&params[n].u, &arg->params[n].u, sizeof(params[n].u));
	}
	return arg->ret;
}

/* The memory of an SHM_ALLOC answer: a buffer, or a page list. */
static bool answer_mem(struct secure_world *sw, const struct rpc_param *p,
		       size_t size, struct nw_mem *mem)
{
	if (p->u.tmem.size < size)
		return false;
	if (p->attr == OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT)
		return sw_nw_mem_get(sw, p->u.tmem.buf_ptr, size, mem);
	if (p->attr ==
	    (OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT | OPTEE_MSG_ATTR_NONCONTIG))
		return !sw_noncontig_get(sw, p->u.tmem.buf_ptr, size, mem);
	return false;
}

TEE_Result thread_rpc_shm_alloc(struct sthread *t, uint32_t type, size_t size,
				struct nw_mem *mem, uint64_t *cookie)
{
	struct secure_world *sw = t->sw;
	struct rpc_param p = {.attr = OPTEE_MSG_ATTR_TYPE_VALUE_INPUT};
	TEE_Result res;

	p.u.value.a = type;
	p.u.value.b = size;
	p.u.value.c = 8; /* alignment, as OP-TEE asks */
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_SHM_ALLOC, 1, &p);
	if (res)
		return TEE_ERROR_OUT_OF_MEMORY;
	*cookie = p.u.tmem.shm_ref;
	if (!answer_mem(sw, &p, size, mem)) {
		pr_err("normal world answered SHM_ALLOC with unusable memory");
		mem->chunk = NULL;
		thread_rpc_shm_free(t, type, *cookie, mem);
		return TEE_ERROR_GENERIC;
	}
	return TEE_SUCCESS;
}

void thread_rpc_shm_free(struct sthread *t, uint32_t type, uint64_t cookie,
			 struct nw_mem *mem)
{
	struct rpc_param p = {.attr = OPTEE_MSG_ATTR_TYPE_VALUE_INPUT};

	nw_ram_sw_put(mem);
	p.u.value.a = type;
	p.u.value.b = cookie;
	thread_rpc_cmd(t, OPTEE_RPC_CMD_SHM_FREE, 1, &p);
}

TEE_Result thread_rpc_shm_cache_alloc(struct sthread *t, unsigned int user,
				      size_t size, struct nw_mem **mem,
				      uint64_t *cookie)
{
	struct thread_shm_cache_entry *ce;
	TEE_Result res;

	if (user >= THREAD_SHM_CACHE_USERS)
		return TEE_ERROR_BAD_PARAMETERS;
	ce = &t->shm_cache[user];
	if (ce->valid && ce->size < size) {
		ce->valid = false;
		thread_rpc_shm_free(t, OPTEE_RPC_SHM_TYPE_APPL, ce->cookie,
				    &ce->mem);
	}
	if (!ce->valid) {
		res = thread_rpc_shm_alloc(t, OPTEE_RPC_SHM_TYPE_APPL, size,
					   &ce->mem, &ce->cookie);
		if (res)
			return res;
		ce->valid = true;
		ce->size = size;
	}
	*mem = &ce->mem;
	*cookie = ce->cookie;
	return TEE_SUCCESS;
}

void thread_rpc_shm_cache_clear(struct sthread *t)
{
	for (unsigned int i = 0; i < THREAD_SHM_CACHE_USERS; i++) {
		struct thread_shm_cache_entry *ce = &t->shm_cache[i];

		if (!ce->valid)
			continue;
		ce->valid = false;
		thread_rpc_shm_free(t, OPTEE_RPC_SHM_TYPE_APPL, ce->cookie,
				    &ce->mem);
	}
}

static TEE_Result notif(struct sthread *t, uint32_t op, uint32_t key,
			uint32_t timeout_ms)
{
	struct rpc_param p = {.attr = OPTEE_MSG_ATTR_TYPE_VALUE_INPUT};

	p.u.value.a = op;
	p.u.value.b = key;
	p.u.value.c = timeout_ms;
	return thread_rpc_cmd(t, OPTEE_RPC_CMD_NOTIFICATION, 1, &p);
}

TEE_Result thread_rpc_notif_wait(struct sthread *t, uint32_t key,
				 uint32_t timeout_ms)
{
	return notif(t, OPTEE_RPC_NOTIFICATION_WAIT, key, timeout_ms);
}

TEE_Result thread_rpc_notif_send(struct sthread *t, uint32_t key)
{
	return notif(t, OPTEE_RPC_NOTIFICATION_SEND, key, 0);
}
