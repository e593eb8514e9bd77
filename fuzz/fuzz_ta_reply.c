// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: how the secure world takes what a TA process writes in
 * the shared page during a call (secure/ta_proc_call.c): the system call
 * requests it makes while the call runs and the reply that ends it (its
 * sequence number, param types, origin, return code, output values and
 * sizes).
 *
 * The TA is played by the input, in step with the secure world and on
 * its thread: the doorbells are replaced here, and each time the secure
 * world rings the TA (a request posted, a system call answered) or
 * sleeps waiting for it, the TA takes its next scripted step.  A TA with
 * no step left dies, so every call ends.  The process around it is
 * replaced too: a kill marks it dead and is counted.
 *
 * The secure world must hold to ta_ipc.h: a system call reaches the host
 * only when its copy names the call, a known number and no argument the
 * call does not take, and any other is answered with an error and zero
 * results; a reply is taken only when its copy repeats the param types
 * and carries a GP origin, else the TA is killed and the call fails with
 * TEE_ERROR_TARGET_DEAD; the caller's params change only where they are
 * outputs, and then to what the reply says.  Nothing may leak.
 *
 * Input: the call { u8 kind (% 4: create, open session, invoke, close
 * session), u16 param types, u32 last call number, 4 x { u32 a, u32 b,
 * u64 size } }, then TA steps, each a u8 kind % 3 and its bytes:
 *   0 system call: u8 flags (1: call_seq is the call's, 2: sys_seq is
 *     not bumped), u32 call_seq, u32 nr, u64 args[4]
 *   1 reply: u8 flags (1: rep_seq is the call's), u32 rep_seq, then a
 *     struct ta_ipc_reply
 *   2 die
 * Memrefs are null memrefs (no memory file), so no file is passed.
 * fuzz/corpus/fuzz_ta_reply holds valid calls of each kind.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "secure/ta_proc.h"
#include "secure/ta_proc_monitor.h"
#include "secure/ta_proc_priv.h"
#include "ta/include/tee_api_defines.h"
#include "teebox/ta_ipc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CALL_BYTES  (1 + 2 + 4 + TA_IPC_NUM_PARAMS * 16)
#define SYS_BYTES   (1 + 4 + 4 + 4 * 8)
#define REPLY_BYTES (1 + 4 + sizeof(struct ta_ipc_reply))
#define MAX_STEPS   32

static struct ta_proc *proc;
static const uint8_t *script;
static size_t script_left;
static int steps, kills, served;
/* The system call the TA made last, as it wrote it. */
static struct ta_ipc_sys_req last_sys;
static bool sys_pending;

/* The process around the channel, reduced to what a call touches. */
bool ta_proc_dead(struct ta_proc *p)
{
	return atomic_load(&p->dead);
}

bool ta_proc_mark_dead(struct ta_proc *p)
{
	return !atomic_exchange(&p->dead, true);
}

void ta_monitor_kill(struct ta_proc *p)
{
	(void)p;
	kills++;
}

void ta_proc_get(struct ta_proc *p)
{
	refcount_inc(&p->refs);
}

void ta_proc_put(struct ta_proc *p)
{
	if (refcount_dec_and_test(&p->refs))
		abort(); /* the owner's reference is the harness's */
}

/* Null memrefs only: the parameter window (ta_param_win.h) copies nothing. */

static uint64_t take(size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n && script_left; i++) {
		v |= (uint64_t)*script++ << (8 * i);
		script_left--;
	}
	return v;
}

/* How many arguments system call @nr takes (teebox/ta_ipc.h), or -1. */
static int sys_nargs(uint32_t nr)
{
	switch (nr) {
	case TA_IPC_SYS_GET_REE_TIME:
	case TA_IPC_SYS_GET_SYSTEM_TIME:
	case TA_IPC_SYS_GET_TA_TIME:
		return 0;
	case TA_IPC_SYS_STORAGE_CLOSE:
	case TA_IPC_SYS_STORAGE_DELETE:
	case TA_IPC_SYS_STORAGE_INFO:
	case TA_IPC_SYS_TA_OPEN:
	case TA_IPC_SYS_TA_CLOSE:
		return 1;
	case TA_IPC_SYS_WAIT:
	case TA_IPC_SYS_STAGE:
	case TA_IPC_SYS_STORAGE_RENAME:
	case TA_IPC_SYS_STORAGE_TRUNCATE:
	case TA_IPC_SYS_STORAGE_RESTRICT:
	case TA_IPC_SYS_STORAGE_NEXT:
	case TA_IPC_SYS_SET_TA_TIME:
		return 2;
	case TA_IPC_SYS_STORAGE_OPEN:
	case TA_IPC_SYS_STORAGE_READ:
	case TA_IPC_SYS_STORAGE_WRITE:
	case TA_IPC_SYS_STORAGE_SEEK:
	case TA_IPC_SYS_STORAGE_ATTRS:
	case TA_IPC_SYS_TA_INVOKE:
		return 3;
	case TA_IPC_SYS_STORAGE_CREATE:
		return 4;
	default:
		return -1;
	}
}

/* Whether an argument beyond the first @n of @req is set. */
static bool extra_args(const struct ta_ipc_sys_req *req, int n)
{
	for (int i = n; i < TA_IPC_SYS_NUM_ARGS; i++)
		if (req->args[i])
			return true;
	return false;
}

/* What the secure world answered to the system call the TA made last. */
static void check_sys_answer(void)
{
	struct ta_ipc_page *page = proc->page;
	const struct ta_ipc_sys_rep *rep = &page->sys_rep;
	uint32_t seq = (uint32_t)atomic_load(&proc->call);

	if (!sys_pending)
		return;
	sys_pending = false;
	if (atomic_load(&page->sys_ack) != atomic_load(&page->sys_seq))
		return; /* not served (sys_seq was not bumped) */
	if (last_sys.call_seq != seq) {
		if (rep->ret != TEE_ERROR_BAD_STATE)
			goto bad;
	} else if (sys_nargs(last_sys.nr) < 0) {
		if (rep->ret != TEE_ERROR_NOT_SUPPORTED)
			goto bad;
	} else if (extra_args(&last_sys, sys_nargs(last_sys.nr))) {
		if (rep->ret != TEE_ERROR_BAD_PARAMETERS)
			goto bad;
	} else if (rep->ret != TEE_SUCCESS || rep->out[0] != last_sys.nr) {
		goto bad;
	}
	if (rep->ret)
		for (int i = 0; i < TA_IPC_SYS_NUM_ARGS; i++)
			if (rep->out[i])
				goto bad;
	return;
bad:
	fprintf(stderr, "system call %u (call %u of %u): answered 0x%08x\n",
		last_sys.nr, last_sys.call_seq, seq, rep->ret);
	abort();
}

/* The TA's next step: a system call, a reply or its death. */
static void ta_step(void)
{
	struct ta_ipc_page *page = proc->page;
	uint32_t seq = atomic_load(&page->req_seq);
	uint8_t kind, flags;
	uint32_t n;

	check_sys_answer();
	if (!script_left || ++steps > MAX_STEPS) {
		ta_proc_mark_dead(proc);
		return;
	}
	kind = (uint8_t)(take(1) % 3);
	if (kind == 2) {
		ta_proc_mark_dead(proc);
		return;
	}
	flags = (uint8_t)take(1);
	n = (uint32_t)take(4);
	if (kind == 1) {
		struct ta_ipc_reply rep;

		memset(&rep, 0, sizeof(rep));
		for (size_t i = 0; i < sizeof(rep); i++)
			((uint8_t *)&rep)[i] = (uint8_t)take(1);
		memcpy(&page->rep, &rep, sizeof(rep));
		atomic_store(&page->rep_seq, flags & 1 ? seq : n);
		return;
	}
	last_sys.call_seq = flags & 1 ? seq : n;
	last_sys.nr = (uint32_t)take(4);
	for (int i = 0; i < TA_IPC_SYS_NUM_ARGS; i++)
		last_sys.args[i] = take(8);
	memcpy(&page->sys_req, &last_sys, sizeof(last_sys));
	if (!(flags & 2)) {
		n = atomic_load(&page->sys_seq) + 1;
		atomic_store(&page->sys_seq, n ? n : 1);
		sys_pending = true;
	}
}

/* The doorbells: the secure world rings the TA, or waits for it. */
uint32_t doorbell_seq(struct doorbell *db)
{
	return atomic_load(&db->seq);
}

void doorbell_ring(struct doorbell *db)
{
	atomic_fetch_add(&db->seq, 1);
	if (db == &proc->page->to_ta)
		ta_step();
}

int doorbell_wait(struct doorbell *db, uint32_t seen, unsigned int timeout_ms)
{
	(void)seen;
	(void)timeout_ms;
	if (db != &proc->page->to_sw)
		abort();
	ta_step();
	return 0;
}

/* The host: a system call that got through must be a valid one. */
static TEE_Result host_syscall(void *arg, struct ta_proc *p, uint32_t nr,
			       const uint64_t args[4], uint64_t out[4])
{
	(void)arg;
	if (p != proc || memcmp(args, last_sys.args, sizeof(last_sys.args)) ||
	    nr != last_sys.nr)
		abort();
	served++;
	out[0] = nr; /* check_sys_answer() looks for it */
	return TEE_SUCCESS;
}

static void host_yield(void *arg)
{
	(void)arg;
}

static uint32_t type_of(uint32_t types, int i)
{
	return (types >> (4 * i)) & 0xf;
}

/* The caller's params after the call, against the reply the TA gave. */
static void check_params(uint32_t types, const struct ta_call_param *before,
			 const struct ta_call_param *after, bool took_reply)
{
	const struct ta_ipc_reply *rep = &proc->page->rep;

	for (int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		struct ta_call_param want = before[i];

		if (took_reply) {
			switch (type_of(types, i)) {
			case TEE_PARAM_TYPE_VALUE_OUTPUT:
			case TEE_PARAM_TYPE_VALUE_INOUT:
				want.u.value.a = rep->params[i].a;
				want.u.value.b = rep->params[i].b;
				break;
			case TEE_PARAM_TYPE_MEMREF_OUTPUT:
			case TEE_PARAM_TYPE_MEMREF_INOUT:
				want.u.memref.size = rep->params[i].size;
				break;
			default:
				break;
			}
		}
		if (memcmp(&want, &after[i], sizeof(want))) {
			fprintf(stderr, "param %d changed wrongly\n", i);
			abort();
		}
	}
}

static void make_params(const uint8_t *p, uint32_t types,
			struct ta_call_param params[TA_IPC_NUM_PARAMS])
{
	memset(params, 0, sizeof(struct ta_call_param) * TA_IPC_NUM_PARAMS);
	for (int i = 0; i < TA_IPC_NUM_PARAMS; i++, p += 16) {
		struct ta_call_param *cp = &params[i];

		cp->type = type_of(types, i);
		if (cp->type >= TEE_PARAM_TYPE_MEMREF_INPUT) {
			cp->u.memref.mem.fd = -1;
			memcpy(&cp->u.memref.size, p + 8, 8);
		} else {
			memcpy(&cp->u.value.a, p, 4);
			memcpy(&cp->u.value.b, p + 4, 4);
		}
	}
}

static TEE_Result run_call(uint8_t kind, uint32_t types,
			   struct ta_call_param *params, uint32_t *origin)
{
	const struct ta_proc_host host = {
		.syscall = host_syscall,
		.yield = host_yield,
	};
	static const TEE_Identity client = {.login = TEE_LOGIN_PUBLIC};

	switch (kind % 4) {
	case 0:
		return ta_proc_create(proc, &host, origin);
	case 1:
		return ta_proc_open_session(proc, &host, 7, &client, types,
					    params, origin);
	case 2:
		return ta_proc_invoke(proc, &host, 7, 0x42, types, params,
				      origin);
	default:
		ta_proc_close_session(proc, &host, 7);
		return TEE_SUCCESS;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ta_call_param params[TA_IPC_NUM_PARAMS],
		before[TA_IPC_NUM_PARAMS];
	struct ta_ipc_page *page;
	uint32_t types = 0, last = 0, origin = 0xdead;
	bool took_reply;
	TEE_Result res;
	long live;

	if (size < CALL_BYTES)
		return 0;
	log_set_level((enum log_level)(LOG_ERR - 1));
	memcpy(&types, data + 1, 2);
	memcpy(&last, data + 3, 4);
	script = data + CALL_BYTES;
	script_left = size - CALL_BYTES;
	steps = kills = served = 0;
	sys_pending = false;

	live = kmem_live();
	page = calloc(1, sizeof(*page));
	proc = calloc(1, sizeof(*proc));
	if (!page || !proc)
		abort();
	refcount_set(&proc->refs, 1);
	proc->page = page;
	proc->sock = -1;
	proc->pidfd = -1;
	atomic_store(&proc->call, last);
	make_params(data + 7, types, params);
	memcpy(before, params, sizeof(params));

	res = run_call(data[0], types, params, &origin);
	check_sys_answer();

	/* A reply was taken when it was the call's and the TA lives on. */
	took_reply =
		atomic_load(&page->rep_seq) == atomic_load(&page->req_seq) &&
		atomic_load(&page->req_seq) && !ta_proc_dead(proc);
	if (data[0] % 4 == 1 || data[0] % 4 == 2)
		check_params(types, before, params, took_reply);
	if (took_reply && (page->rep.param_types != page->req.param_types ||
			   page->rep.origin < TEE_ORIGIN_API ||
			   page->rep.origin > TEE_ORIGIN_TRUSTED_APP ||
			   (data[0] % 4 != 3 && (origin != page->rep.origin ||
						 res != page->rep.ret)))) {
		fprintf(stderr, "reply taken against the rules\n");
		abort();
	}
	if (!took_reply && res == TEE_SUCCESS && data[0] % 4 != 3) {
		fprintf(stderr, "call succeeded without a reply\n");
		abort();
	}
	/* A close has no result: run_call() says TEE_SUCCESS for it. */
	if (kills && (!ta_proc_dead(proc) ||
		      (data[0] % 4 != 3 && res != TEE_ERROR_TARGET_DEAD))) {
		fprintf(stderr, "killed TA, call result 0x%08x\n", res);
		abort();
	}
	if (refcount_read(&proc->refs) != 1)
		abort();
	free(page);
	free(proc);
	if (kmem_live() != live) {
		fprintf(stderr, "leak: %ld allocations left\n",
			kmem_live() - live);
		abort();
	}
	return 0;
}
