// SPDX-License-Identifier: BSD-2-Clause
/*
 * Calls into a TA process: the request, the wait, the reply; see ta_proc.h
 * and teebox/ta_ipc.h.
 *
 * The reply is written by an untrusted process.  It is copied out of the
 * shared page once, after the TA published it, and only the copy is read:
 * its sequence number must be the request's, its param types the ones
 * sent, its origin a GP origin.  Output values and sizes are numbers the
 * TA reports; they are copied back for OUTPUT and INOUT params only.  A
 * TA that breaks these rules is killed, and the call fails as if it died.
 *
 * Memrefs travel through the TA's parameter window (ta_param_win.h):
 * copied in before the request is posted, OUTPUT and INOUT copied back
 * once an acceptable reply came, whatever its result (a TA on hardware
 * writes the client's memory in place, error or not); a TA that died or
 * broke the protocol changes nothing the client sees.
 *
 * While a call waits for its reply it serves the TA's system calls
 * (teebox/ta_ipc.h) through the caller's host.  A request is copied once
 * and checked here (the call it belongs to, a known number, no argument
 * where the system call takes none); the host checks the values.  A
 * refused system call is answered with an error: the TA decides what to
 * do about it (libutee panics, as GP asks).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "kernel/log.h"
#include "ta/include/tee_api_defines.h"
#include "ta_proc.h"
#include "ta_proc_monitor.h"
#include "ta_proc_priv.h"

/* Waits are cut in slices so that liveness is rechecked regularly. */
#define CALL_SLICE_MS 100

static bool type_is_value(uint32_t type)
{
	return type == TEE_PARAM_TYPE_VALUE_INPUT ||
	       type == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       type == TEE_PARAM_TYPE_VALUE_INOUT;
}

static bool type_is_memref(uint32_t type)
{
	return type == TEE_PARAM_TYPE_MEMREF_INPUT ||
	       type == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       type == TEE_PARAM_TYPE_MEMREF_INOUT;
}

static bool type_is_output(uint32_t type)
{
	return type == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       type == TEE_PARAM_TYPE_VALUE_INOUT ||
	       type == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       type == TEE_PARAM_TYPE_MEMREF_INOUT;
}

static uint32_t param_type(uint32_t types, unsigned int i)
{
	return (types >> (4 * i)) & 0xf;
}

/* The TA broke the protocol: it gets no more calls. */
static void ta_broken(struct ta_proc *p, const char *why)
{
	pr_err("TA %s broke the call protocol (%s): killed", p->name, why);
	atomic_store(&p->quiet, true);
	ta_proc_mark_dead(p);
	ta_monitor_kill(p);
}

/* Checks the caller's params against @types before anything changes. */
static TEE_Result check_params(uint32_t types,
			       const struct ta_call_param *params)
{
	if (types & ~0xffffU)
		return TEE_ERROR_BAD_PARAMETERS;
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		uint32_t t = param_type(types, i);

		if (t != TEE_PARAM_TYPE_NONE && !type_is_value(t) &&
		    !type_is_memref(t))
			return TEE_ERROR_BAD_PARAMETERS;
		if (!params) {
			if (t != TEE_PARAM_TYPE_NONE)
				return TEE_ERROR_BAD_PARAMETERS;
			continue;
		}
		/* Both say the type: they must agree. */
		if (params[i].type != t)
			return TEE_ERROR_BAD_PARAMETERS;
		if (type_is_memref(t) && params[i].u.memref.mem.chunk &&
		    params[i].u.memref.size && !params[i].u.memref.mem.va)
			return TEE_ERROR_BAD_PARAMETERS;
		/* One source of bytes per memref. */
		if (type_is_memref(t) && params[i].u.memref.mem.chunk &&
		    params[i].u.memref.ta_buf)
			return TEE_ERROR_BAD_PARAMETERS;
	}
	return TEE_SUCCESS;
}

/* Fills @req's params; memrefs are copied into the window. */
static TEE_Result params_to_request(struct ta_proc *p, uint32_t types,
				    const struct ta_call_param *params,
				    struct ta_ipc_request *req)
{
	req->param_types = types;
	for (unsigned int i = 0; params && i < TA_IPC_NUM_PARAMS; i++) {
		if (type_is_value(param_type(types, i))) {
			req->params[i].a = params[i].u.value.a;
			req->params[i].b = params[i].u.value.b;
		}
	}
	return ta_param_win_in(&p->win, types, params, req);
}

static uint32_t next_seq(struct ta_proc *p)
{
	uint32_t seq = (uint32_t)atomic_load(&p->call) + 1;

	return seq ? seq : 1; /* 0 means "no request" */
}

/* Publishes @req as request @seq and wakes the TA. */
static void post(struct ta_proc *p, const struct ta_ipc_request *req,
		 uint32_t seq)
{
	struct ta_ipc_page *page = p->page;

	memcpy(&page->req, req, sizeof(*req));
	atomic_store(&p->call, TA_PROC_IN_CALL | seq);
	atomic_store_explicit(&page->req_seq, seq, memory_order_release);
	doorbell_ring(&page->to_ta);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The number of arguments system call @nr takes; false if unknown. */
static bool sys_num_args(uint32_t nr, unsigned int *nargs)
{
	switch (nr) {
	case TA_IPC_SYS_GET_REE_TIME:
	case TA_IPC_SYS_GET_SYSTEM_TIME:
	case TA_IPC_SYS_GET_TA_TIME:
		*nargs = 0;
		return true;
	case TA_IPC_SYS_WAIT:
	case TA_IPC_SYS_STAGE:
	case TA_IPC_SYS_STORAGE_TRUNCATE:
	case TA_IPC_SYS_STORAGE_RESTRICT:
	case TA_IPC_SYS_STORAGE_RENAME:
	case TA_IPC_SYS_STORAGE_NEXT:
	case TA_IPC_SYS_SET_TA_TIME:
		*nargs = 2;
		return true;
	case TA_IPC_SYS_STORAGE_CLOSE:
	case TA_IPC_SYS_STORAGE_DELETE:
	case TA_IPC_SYS_STORAGE_INFO:
	case TA_IPC_SYS_TA_OPEN:
	case TA_IPC_SYS_TA_CLOSE:
		*nargs = 1;
		return true;
	case TA_IPC_SYS_STORAGE_OPEN:
	case TA_IPC_SYS_STORAGE_READ:
	case TA_IPC_SYS_STORAGE_WRITE:
	case TA_IPC_SYS_STORAGE_SEEK:
	case TA_IPC_SYS_STORAGE_ATTRS:
	case TA_IPC_SYS_TA_INVOKE:
		*nargs = 3;
		return true;
	case TA_IPC_SYS_STORAGE_CREATE:
		*nargs = 4;
		return true;
	default:
		return false;
	}
}

/* Checks the copy of a system call request made during call @seq. */
static TEE_Result check_sys_req(const struct ta_ipc_sys_req *req, uint32_t seq)
{
	unsigned int nargs;

	if (req->call_seq != seq)
		return TEE_ERROR_BAD_STATE;
	if (!sys_num_args(req->nr, &nargs))
		return TEE_ERROR_NOT_SUPPORTED;
	for (unsigned int i = nargs; i < TA_IPC_SYS_NUM_ARGS; i++)
		if (req->args[i])
			return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS;
}

/* Serves system call @n, posted during call @seq, and answers it. */
static void serve_sys(struct ta_proc *p, const struct ta_proc_host *host,
		      uint32_t seq, uint32_t n)
{
	struct ta_ipc_page *page = p->page;
	struct ta_ipc_sys_rep rep = {0};
	struct ta_ipc_sys_req req;
	TEE_Result res;

	/* One copy; the TA may keep writing the page. */
	memcpy(&req, (const void *)&page->sys_req, sizeof(req));
	p->sys_done = n;
	res = check_sys_req(&req, seq);
	if (!res && host && host->syscall)
		res = host->syscall(host->arg, p, req.nr, req.args, rep.out);
	else if (!res)
		res = TEE_ERROR_NOT_SUPPORTED;
	if (res)
		memset(rep.out, 0, sizeof(rep.out));
	rep.ret = res;
	memcpy(&page->sys_rep, &rep, sizeof(rep));
	atomic_store_explicit(&page->sys_ack, n, memory_order_release);
	doorbell_ring(&page->to_ta);
}

/*
 * Waits for the reply to @seq and copies it (once) into @rep, serving the
 * TA's system calls meanwhile and calling @host's yield() every
 * TA_PROC_YIELD_MS.  @timeout_ms: 0 waits as long as the TA lives, else
 * TEE_ERROR_TIMEOUT after about that long.
 */
static TEE_Result wait_reply(struct ta_proc *p, const struct ta_proc_host *host,
			     uint32_t seq, unsigned int timeout_ms,
			     struct ta_ipc_reply *rep)
{
	struct ta_ipc_page *page = p->page;
	bool yields = host && host->yield;
	unsigned int slice = yields ? TA_PROC_YIELD_MS : CALL_SLICE_MS;
	uint64_t start = 0, last_yield = 0, now;
	uint32_t rung, n;

	if (yields || timeout_ms)
		start = last_yield = now_ms();
	p->deadline = timeout_ms ? start + timeout_ms : 0;
	for (;;) {
		rung = doorbell_seq(&page->to_sw);
		if (atomic_load_explicit(&page->rep_seq,
					 memory_order_acquire) == seq)
			break;
		if (ta_proc_dead(p))
			return TEE_ERROR_TARGET_DEAD;
		n = atomic_load_explicit(&page->sys_seq, memory_order_acquire);
		if (n != p->sys_done)
			serve_sys(p, host, seq, n);
		else
			doorbell_wait(&page->to_sw, rung, slice);
		if (!yields && !timeout_ms)
			continue;
		now = now_ms();
		if (timeout_ms && now - start >= timeout_ms)
			return TEE_ERROR_TIMEOUT;
		if (yields && now - last_yield >= TA_PROC_YIELD_MS) {
			host->yield(host->arg);
			last_yield = now_ms();
		}
	}
	memcpy(rep, (const void *)&page->rep, sizeof(*rep));
	return TEE_SUCCESS;
}

/* Checks the copy of the reply and hands out its outputs. */
static TEE_Result take_reply(struct ta_proc *p,
			     const struct ta_ipc_request *req,
			     const struct ta_ipc_reply *rep,
			     struct ta_call_param *params, uint32_t *origin)
{
	if (rep->param_types != req->param_types) {
		ta_broken(p, "param types changed");
		return TEE_ERROR_TARGET_DEAD;
	}
	if (rep->origin < TEE_ORIGIN_API ||
	    rep->origin > TEE_ORIGIN_TRUSTED_APP) {
		ta_broken(p, "bad origin");
		return TEE_ERROR_TARGET_DEAD;
	}
	for (unsigned int i = 0; params && i < TA_IPC_NUM_PARAMS; i++) {
		uint32_t t = param_type(req->param_types, i);

		if (type_is_memref(t) && type_is_output(t) &&
		    rep->params[i].size > SIZE_MAX) {
			ta_broken(p, "memref size out of range");
			return TEE_ERROR_TARGET_DEAD;
		}
	}
	ta_param_win_out(&p->win, req->param_types, req, params);
	for (unsigned int i = 0; params && i < TA_IPC_NUM_PARAMS; i++) {
		uint32_t t = param_type(req->param_types, i);

		if (!type_is_output(t))
			continue;
		if (type_is_value(t)) {
			params[i].u.value.a = rep->params[i].a;
			params[i].u.value.b = rep->params[i].b;
		} else {
			params[i].u.memref.size = (size_t)rep->params[i].size;
		}
	}
	*origin = rep->origin;
	return rep->ret;
}

bool ta_proc_call_over(struct ta_proc *p)
{
	return ta_proc_dead(p) || (p->deadline && now_ms() >= p->deadline);
}

uint8_t *ta_proc_sys_buf(struct ta_proc *p)
{
	return p->page->sys_buf;
}

/* One call: @req has cmd, session and func set. */
static TEE_Result call(struct ta_proc *p, const struct ta_proc_host *host,
		       struct ta_ipc_request *req, uint32_t types,
		       struct ta_call_param *params, uint32_t *origin)
{
	struct ta_ipc_reply rep;
	uint32_t dummy, seq;
	TEE_Result res;

	if (!origin)
		origin = &dummy;
	*origin = TEE_ORIGIN_TEE;
	if (!p)
		return TEE_ERROR_BAD_PARAMETERS;
	if (ta_proc_dead(p))
		return TEE_ERROR_TARGET_DEAD;
	res = check_params(types, params);
	if (res)
		return res;
	res = params_to_request(p, types, params, req);
	if (res)
		return res;

	ta_proc_get(p); /* a concurrent ta_proc_kill() must not free it */
	p->span_offset = req->win_offset;
	p->span_size = req->win_size;
	seq = next_seq(p);
	post(p, req, seq);
	res = wait_reply(p, host, seq, 0, &rep);
	if (!res)
		res = take_reply(p, req, &rep, params, origin);
	else
		*origin = TEE_ORIGIN_TEE;
	atomic_store(&p->call, seq);
	p->span_size = 0;
	ta_param_win_trim(&p->win, req);
	ta_proc_put(p);
	return res;
}

uint8_t *ta_proc_xfer(struct ta_proc *p, unsigned int *bank)
{
	*bank = p->span_size ? (unsigned int)(p->span_offset /
					      TA_IPC_WIN_BANK_SIZE) ^
				       1
			     : 0;
	return p->win.va;
}

uint8_t *ta_proc_xfer_bank(struct ta_proc *p, unsigned int *bank)
{
	uint8_t *win = ta_proc_xfer(p, bank);

	return win + (uint64_t)*bank * TA_IPC_WIN_BANK_SIZE;
}

void ta_proc_xfer_done(struct ta_proc *p, unsigned int bank, uint64_t end)
{
	ta_param_win_trim_bank(&p->win, bank, end);
}

TEE_Result ta_proc_create(struct ta_proc *p, const struct ta_proc_host *host,
			  uint32_t *origin)
{
	struct ta_ipc_request req = {.cmd = TA_IPC_CMD_CREATE};

	return call(p, host, &req, 0, NULL, origin);
}

TEE_Result ta_proc_open_session(struct ta_proc *p,
				const struct ta_proc_host *host,
				uint32_t sess_id, const TEE_Identity *client,
				uint32_t param_types,
				struct ta_call_param params[4],
				uint32_t *origin)
{
	struct ta_ipc_request req = {
		.cmd = TA_IPC_CMD_OPEN_SESSION,
		.session_id = sess_id,
	};

	if (client) {
		req.client_login = client->login;
		req.client_uuid.time_low = client->uuid.timeLow;
		req.client_uuid.time_mid = client->uuid.timeMid;
		req.client_uuid.time_hi_and_version =
			client->uuid.timeHiAndVersion;
		memcpy(req.client_uuid.clock_seq_and_node,
		       client->uuid.clockSeqAndNode,
		       sizeof(req.client_uuid.clock_seq_and_node));
	}
	return call(p, host, &req, param_types, params, origin);
}

TEE_Result ta_proc_invoke(struct ta_proc *p, const struct ta_proc_host *host,
			  uint32_t sess_id, uint32_t cmd, uint32_t param_types,
			  struct ta_call_param params[4], uint32_t *origin)
{
	struct ta_ipc_request req = {
		.cmd = TA_IPC_CMD_INVOKE,
		.session_id = sess_id,
		.func = cmd,
	};

	return call(p, host, &req, param_types, params, origin);
}

void ta_proc_close_session(struct ta_proc *p, const struct ta_proc_host *host,
			   uint32_t sess_id)
{
	struct ta_ipc_request req = {
		.cmd = TA_IPC_CMD_CLOSE_SESSION,
		.session_id = sess_id,
	};

	call(p, host, &req, 0, NULL, NULL);
}

int ta_proc_call_destroy(struct ta_proc *p, const struct ta_proc_host *host,
			 unsigned int timeout_ms)
{
	struct ta_ipc_request req = {.cmd = TA_IPC_CMD_DESTROY};
	struct ta_ipc_reply rep;
	TEE_Result res;
	uint32_t seq;

	if (ta_proc_dead(p))
		return -EPIPE;
	ta_proc_get(p);
	seq = next_seq(p);
	post(p, &req, seq);
	res = wait_reply(p, host, seq, timeout_ms, &rep);
	atomic_store(&p->call, seq);
	ta_proc_put(p);
	if (res == TEE_ERROR_TIMEOUT)
		return -ETIMEDOUT;
	/* What it answered does not matter: it exits now. */
	return res ? -EPIPE : 0;
}
