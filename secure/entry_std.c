// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_MSG commands of a yielding call (OP-TEE's entry_std.c): the
 * message is read from normal-world memory into a private copy once,
 * validated field by field, dispatched, and only its results are written
 * back.  Nothing in it is trusted: a bad address makes the call fail with
 * OPTEE_SMC_RETURN_EBADADDR, bad parameters with TEE_ERROR_BAD_PARAMETERS.
 */
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_smc.h"
#include "entry.h"
#include "kernel/alloc.h"
#include "kernel/log.h"
#include "machine/nw_ram_sw.h"
#include "nw_shm.h"
#include "secure_world.h"
#include "ta_manager.h"
#include "ta_proc.h"
#include "thread.h"
#include "uuid.h"

/* The attribute bits a parameter may carry besides its type. */
#define PARAM_CACHE_BITS                                                       \
	((uint64_t)OPTEE_MSG_ATTR_CACHE_MASK << OPTEE_MSG_ATTR_CACHE_SHIFT)

/**
 * struct msg - one command being served
 * @t:		the secure thread
 * @arg:	our copy of the message
 * @nw:		the message in normal-world memory
 * @mem:	the reference on that memory
 * @params:	the TA parameters made from the message's
 * @types:	their GP types
 */
struct msg {
	struct sthread *t;
	struct optee_msg_arg *arg;
	struct optee_msg_arg *nw;
	struct nw_mem mem;
	struct ta_call_param params[TEE_NUM_PARAMS];
	uint32_t types;
};

static void put_params(struct msg *m)
{
	for (size_t i = 0; i < TEE_NUM_PARAMS; i++) {
		struct ta_call_param *p = &m->params[i];

		if (p->type >= TEE_PARAM_TYPE_MEMREF_INPUT &&
		    p->type <= TEE_PARAM_TYPE_MEMREF_INOUT)
			nw_ram_sw_put(&p->u.memref.mem);
	}
}

/*
 * A TMEM param: a buffer (in the reserved shared memory, or anywhere in
 * normal-world RAM with dynamic shared memory), a page list, or none.
 */
static TEE_Result tmem_param(struct secure_world *sw,
			     const struct optee_msg_param *mp,
			     struct ta_call_param *p)
{
	uint64_t pa = mp->u.tmem.buf_ptr;
	uint64_t size = mp->u.tmem.size;

	p->u.memref.size = (size_t)size;
	if (size > SIZE_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!pa && !mp->u.tmem.shm_ref) {
		p->u.memref.mem.chunk = NULL; /* a null memref */
		return TEE_SUCCESS;
	}
	if (mp->attr & OPTEE_MSG_ATTR_NONCONTIG)
		return sw_noncontig_get(sw, pa, size, &p->u.memref.mem);
	if (!sw_nw_mem_get(sw, pa, size, &p->u.memref.mem)) {
		pr_err("refusing memref at 0x%llx (+0x%llx): not shared memory",
		       (unsigned long long)pa, (unsigned long long)size);
		return TEE_ERROR_BAD_PARAMETERS;
	}
	return TEE_SUCCESS;
}

/* An RMEM param: a range of registered memory, named by its cookie. */
static TEE_Result rmem_param(struct secure_world *sw,
			     const struct optee_msg_param *mp,
			     struct ta_call_param *p)
{
	p->u.memref.size = (size_t)mp->u.rmem.size;
	if (mp->u.rmem.size > SIZE_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	return sw_reg_shm_get(sw, mp->u.rmem.shm_ref, mp->u.rmem.offs,
			      mp->u.rmem.size, &p->u.memref.mem);
}

/* Turns @num message params at @mp into the TA's params. */
static TEE_Result params_from_msg(struct msg *m,
				  const struct optee_msg_param *mp, size_t num)
{
	uint32_t types[TEE_NUM_PARAMS] = {0};
	TEE_Result res;

	if (num > TEE_NUM_PARAMS)
		return TEE_ERROR_BAD_PARAMETERS;
	for (size_t i = 0; i < num; i++) {
		struct ta_call_param *p = &m->params[i];
		uint64_t type = mp[i].attr & OPTEE_MSG_ATTR_TYPE_MASK;

		if (mp[i].attr & ~(OPTEE_MSG_ATTR_TYPE_MASK | PARAM_CACHE_BITS |
				   OPTEE_MSG_ATTR_NONCONTIG))
			return TEE_ERROR_BAD_PARAMETERS;
		/* Only a temporary memref may be a page list. */
		if ((mp[i].attr & OPTEE_MSG_ATTR_NONCONTIG) &&
		    (type < OPTEE_MSG_ATTR_TYPE_TMEM_INPUT ||
		     type > OPTEE_MSG_ATTR_TYPE_TMEM_INOUT))
			return TEE_ERROR_BAD_PARAMETERS;
		switch (type) {
		case OPTEE_MSG_ATTR_TYPE_NONE:
			break;
		case OPTEE_MSG_ATTR_TYPE_VALUE_INPUT:
		case OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_VALUE_INOUT:
			p->type = TEE_PARAM_TYPE_VALUE_INPUT + (uint32_t)type -
				  OPTEE_MSG_ATTR_TYPE_VALUE_INPUT;
			/* GP values are 32 bits: the low halves travel. */
			p->u.value.a = (uint32_t)mp[i].u.value.a;
			p->u.value.b = (uint32_t)mp[i].u.value.b;
			break;
		case OPTEE_MSG_ATTR_TYPE_TMEM_INPUT:
		case OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_TMEM_INOUT:
			res = tmem_param(m->t->sw, &mp[i], p);
			if (res)
				return res;
			p->type = TEE_PARAM_TYPE_MEMREF_INPUT + (uint32_t)type -
				  OPTEE_MSG_ATTR_TYPE_TMEM_INPUT;
			break;
		case OPTEE_MSG_ATTR_TYPE_RMEM_INPUT:
		case OPTEE_MSG_ATTR_TYPE_RMEM_OUTPUT:
		case OPTEE_MSG_ATTR_TYPE_RMEM_INOUT:
			res = rmem_param(m->t->sw, &mp[i], p);
			if (res)
				return res;
			p->type = TEE_PARAM_TYPE_MEMREF_INPUT + (uint32_t)type -
				  OPTEE_MSG_ATTR_TYPE_RMEM_INPUT;
			break;
		default:
			return TEE_ERROR_BAD_PARAMETERS;
		}
		types[i] = p->type;
	}
	m->types = TEE_PARAM_TYPES(types[0], types[1], types[2], types[3]);
	return TEE_SUCCESS;
}

/* Writes the TA's outputs back into the normal world's message. */
static void params_to_msg(struct msg *m, struct optee_msg_param *nw_mp,
			  size_t num)
{
	for (size_t i = 0; i < num && i < TEE_NUM_PARAMS; i++) {
		const struct ta_call_param *p = &m->params[i];

		switch (p->type) {
		case TEE_PARAM_TYPE_VALUE_OUTPUT:
		case TEE_PARAM_TYPE_VALUE_INOUT:
			nw_mp[i].u.value.a = p->u.value.a;
			nw_mp[i].u.value.b = p->u.value.b;
			nw_mp[i].u.value.c = 0;
			break;
		case TEE_PARAM_TYPE_MEMREF_OUTPUT:
		case TEE_PARAM_TYPE_MEMREF_INOUT:
			nw_mp[i].u.tmem.size = p->u.memref.size;
			break;
		default:
			break;
		}
	}
}

static void set_result(struct msg *m, TEE_Result res, uint32_t origin)
{
	m->nw->ret = res;
	m->nw->ret_origin = origin;
}

/* Accepts the login methods OP-TEE accepts (docs/abi.md §2). */
static bool login_ok(uint32_t login)
{
	switch (login) {
	case TEE_LOGIN_PUBLIC:
	case TEE_LOGIN_USER:
	case TEE_LOGIN_GROUP:
	case TEE_LOGIN_APPLICATION:
	case TEE_LOGIN_APPLICATION_USER:
	case TEE_LOGIN_APPLICATION_GROUP:
	case TEE_LOGIN_REE_KERNEL:
		return true;
	default:
		return false;
	}
}

/* Reads the two meta params of OPEN_SESSION (docs/abi.md §4.5). */
static TEE_Result open_session_meta(const struct optee_msg_arg *arg,
				    struct open_session_req *r)
{
	const uint64_t meta =
		OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META;

	if (arg->num_params < 2 || arg->params[0].attr != meta ||
	    arg->params[1].attr != meta)
		return TEE_ERROR_BAD_PARAMETERS;
	uuid_from_octets(&r->uuid, arg->params[0].u.octets);
	r->client.login = (uint32_t)arg->params[1].u.value.c;
	if (!login_ok(r->client.login))
		return TEE_ERROR_BAD_PARAMETERS;
	if (r->client.login == TEE_LOGIN_PUBLIC ||
	    r->client.login == TEE_LOGIN_REE_KERNEL)
		memset(&r->client.uuid, 0, sizeof(r->client.uuid));
	else
		uuid_from_octets(&r->client.uuid, arg->params[1].u.octets);
	r->cancel_id = arg->cancel_id;
	return TEE_SUCCESS;
}

static void cmd_open_session(struct msg *m)
{
	struct open_session_req r;
	uint32_t origin = TEE_ORIGIN_TEE;
	uint32_t session = 0;
	TEE_Result res;
	/* The client's params follow the two meta ones, if there are two. */
	size_t nparams = m->arg->num_params >= 2 ? m->arg->num_params - 2 : 0;

	res = open_session_meta(m->arg, &r);
	if (!res)
		res = params_from_msg(m, m->arg->params + 2, nparams);
	if (!res) {
		m->t->cancel.cancel_id = r.cancel_id;
		res = tm_open_session(m->t, &r, m->types, m->params, &session,
				      &origin);
	}
	if (!res)
		m->nw->session = session;
	params_to_msg(m, m->nw->params + 2, nparams);
	set_result(m, res, origin);
}

static void cmd_invoke(struct msg *m)
{
	uint32_t origin = TEE_ORIGIN_TEE;
	TEE_Result res;

	res = params_from_msg(m, m->arg->params, m->arg->num_params);
	if (!res) {
		m->t->cancel.session = m->arg->session;
		m->t->cancel.cancel_id = m->arg->cancel_id;
		res = tm_invoke(m->t, m->arg->session, m->arg->func, m->types,
				m->params, &origin);
	}
	params_to_msg(m, m->nw->params, m->arg->num_params);
	set_result(m, res, origin);
}

static void cmd_close_session(struct msg *m)
{
	set_result(m, tm_close_session(m->t, m->arg->session), TEE_ORIGIN_TEE);
}

/*
 * CANCEL, on a system thread (it never waits nor calls out); func may be
 * TEEBOX_MSG_CANCEL_ABANDON (optee_msg.h), anything else is ignored as
 * OP-TEE ignores it.
 */
static void cmd_cancel(struct msg *m)
{
	bool abandon = m->arg->func == TEEBOX_MSG_CANCEL_ABANDON;

	set_result(m,
		   tm_cancel(m->t->sw, m->arg->session, m->arg->cancel_id,
			     abandon),
		   TEE_ORIGIN_TEE);
}

/*
 * REGISTER_SHM: one param, exactly TMEM_OUTPUT | NONCONTIG as OP-TEE
 * requires (docs/abi.md §4.4), naming the page list and the cookie.
 */
static void cmd_register_shm(struct msg *m)
{
	const struct optee_msg_param *p = &m->arg->params[0];
	TEE_Result res = TEE_ERROR_BAD_PARAMETERS;

	if (m->arg->num_params == 1 &&
	    p->attr == (OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT |
			OPTEE_MSG_ATTR_NONCONTIG))
		res = sw_reg_shm_register(m->t->sw, p->u.tmem.shm_ref,
					  p->u.tmem.buf_ptr, p->u.tmem.size);
	set_result(m, res, TEE_ORIGIN_TEE);
}

/* UNREGISTER_SHM: one RMEM_INPUT param with the cookie. */
static void cmd_unregister_shm(struct msg *m)
{
	const struct optee_msg_param *p = &m->arg->params[0];
	TEE_Result res = TEE_ERROR_BAD_PARAMETERS;

	if (m->arg->num_params == 1 &&
	    p->attr == OPTEE_MSG_ATTR_TYPE_RMEM_INPUT)
		res = sw_reg_shm_unregister(m->t->sw, p->u.rmem.shm_ref);
	set_result(m, res, TEE_ORIGIN_TEE);
}

/* Maps the message at @parg and copies it in; false if it is not there. */
static bool msg_fetch(struct msg *m, phys_addr_t parg)
{
	struct secure_world *sw = m->t->sw;
	struct optee_msg_arg hdr;
	size_t size;

	if (!sw_nw_mem_get(sw, parg, sizeof(hdr), &m->mem))
		return false;
	memcpy(&hdr, m->mem.va, sizeof(hdr));
	nw_ram_sw_put(&m->mem);
	if (hdr.num_params > OPTEE_MSG_MAX_NUM_PARAMS)
		return false;

	size = OPTEE_MSG_GET_ARG_SIZE(hdr.num_params);
	if (!sw_nw_mem_get(sw, parg, size, &m->mem))
		return false;
	m->arg = kmalloc(size);
	if (!m->arg) {
		nw_ram_sw_put(&m->mem);
		return false;
	}
	memcpy(m->arg, m->mem.va, size);
	/* num_params may have changed meanwhile: trust the first read. */
	m->arg->num_params = hdr.num_params;
	m->nw = m->mem.va;
	return true;
}

/*
 * The commands served on a system thread: they never wait nor call out,
 * and must not be starved by the calls that hold every pool thread
 * (registering memory for a TA load suspended in an RPC; cancelling a
 * call stuck in a TA).
 */
static bool is_system_cmd(const struct secure_world *sw, uint32_t cmd)
{
	if (cmd == OPTEE_MSG_CMD_CANCEL)
		return true;
	return sw->cfg.dynamic_shm && (cmd == OPTEE_MSG_CMD_REGISTER_SHM ||
				       cmd == OPTEE_MSG_CMD_UNREGISTER_SHM);
}

bool entry_std_is_system_call(struct secure_world *sw, phys_addr_t parg)
{
	struct nw_mem m;
	uint32_t cmd;

	if (!sw_nw_mem_get(sw, parg, sizeof(struct optee_msg_arg), &m))
		return false;
	cmd = ((const struct optee_msg_arg *)m.va)->cmd;
	nw_ram_sw_put(&m);
	return is_system_cmd(sw, cmd);
}

uint32_t entry_std_call(struct sthread *t, phys_addr_t parg)
{
	struct msg m;
	uint32_t rv = OPTEE_SMC_RETURN_OK;

	memset(&m, 0, sizeof(m));
	m.t = t;
	if (!msg_fetch(&m, parg)) {
		pr_err("bad message address 0x%llx from the normal world",
		       (unsigned long long)parg);
		return OPTEE_SMC_RETURN_EBADADDR;
	}

	/* The command may have changed since it was peeked at: re-check. */
	if (t->id < 0 && !is_system_cmd(t->sw, m.arg->cmd)) {
		rv = OPTEE_SMC_RETURN_ETHREAD_LIMIT;
		goto out;
	}
	switch (m.arg->cmd) {
	case OPTEE_MSG_CMD_OPEN_SESSION:
		cmd_open_session(&m);
		break;
	case OPTEE_MSG_CMD_INVOKE_COMMAND:
		cmd_invoke(&m);
		break;
	case OPTEE_MSG_CMD_CLOSE_SESSION:
		cmd_close_session(&m);
		break;
	case OPTEE_MSG_CMD_CANCEL:
		cmd_cancel(&m);
		break;
	case OPTEE_MSG_CMD_REGISTER_SHM:
	case OPTEE_MSG_CMD_UNREGISTER_SHM:
		if (!t->sw->cfg.dynamic_shm) {
			rv = OPTEE_SMC_RETURN_EBADCMD;
			break;
		}
		if (m.arg->cmd == OPTEE_MSG_CMD_REGISTER_SHM)
			cmd_register_shm(&m);
		else
			cmd_unregister_shm(&m);
		break;
	default:
		pr_err("unknown message command 0x%x", m.arg->cmd);
		rv = OPTEE_SMC_RETURN_EBADCMD;
		break;
	}
out:
	put_params(&m);
	kfree(m.arg);
	nw_ram_sw_put(&m.mem);
	return rv;
}
