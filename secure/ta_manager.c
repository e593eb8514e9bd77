// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA instances and sessions (OP-TEE's tee_ta_manager.c), with the rules
 * of the GP TEE Internal Core API and OP-TEE's TA flags:
 *
 *  - SINGLE_INSTANCE: all sessions share one instance (one process);
 *    otherwise every session gets an instance of its own.
 *  - MULTI_SESSION: a single instance accepts more than one session at a
 *    time; without it a second one is refused with TEE_ERROR_BUSY.
 *  - INSTANCE_KEEP_ALIVE: a single instance outlives its last session.
 *  - An instance that panicked or crashed answers TEE_ERROR_TARGET_DEAD
 *    to its sessions and is replaced by a fresh one for new sessions
 *    (unless INSTANCE_KEEP_CRASHED).
 *
 * An instance runs one entry point at a time (call_lock), and one TA
 * loads at a time (load_lock); a secure thread that finds either taken
 * waits in the normal world through RPC notifications (mutex.h), as an
 * OP-TEE thread waits on a mutex.
 *
 * Lifetimes: a session holds a reference on its instance; a call in
 * progress holds one on its session.  The last reference on an instance
 * ends its process: TA_DestroyEntryPoint if it is alive, a kill if not.
 *
 * Every entry point runs with the host of ta_storage.c (over
 * ta_syscall.c's) for the secure thread that calls it: the TA's system
 * calls are served, with RPCs, on that thread, and a long call yields to
 * the normal world.  This file adds the TA-to-TA system calls on top
 * (ta2ta_req.h): a TA's session to another TA is opened, invoked and
 * closed on the secure thread of the call that asks, nested in it, so a
 * TA-to-TA call takes no extra secure thread.
 *
 * TA-to-TA rules (OP-TEE's tee_svc.c and tee_ta_manager.c):
 *  - the target sees login TEE_LOGIN_TRUSTED_APP and the caller's UUID;
 *  - the session belongs to the caller instance: only it can reach it
 *    (the normal world cannot, whatever id it guesses), and it is closed
 *    when that instance goes;
 *  - a call that would wait for an instance this thread already runs, or
 *    close a cycle of threads waiting for each other (A calls B while B
 *    calls A), gets TEE_ERROR_BUSY instead of a deadlock, as OP-TEE's
 *    tee_ta_try_set_busy() answers for a busy single instance; a
 *    multi-instance target gets a new instance, so A -> B -> A works;
 *  - at most TM_TA2TA_MAX_SESSIONS sessions per instance and
 *    TM_TA2TA_MAX_DEPTH nested calls per thread (TEE_ERROR_OUT_OF_MEMORY
 *    beyond, as when OP-TEE cannot allocate a session);
 *  - cancellationRequestTimeout: once it passes, the target's
 *    cancellation flag is set (OP-TEE's tee_ta_session_is_cancelled());
 *    a cancel request for the calling TA's own call reaches the target.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/idr.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "mutex.h"
#include "pta.h"
#include "secure_world.h"
#include "ta/include/user_ta_header.h"
#include "ta_loader.h"
#include "ta_manager.h"
#include "ta_proc.h"
#include "ta_storage.h"
#include "ta_syscall.h"
#include "ta2ta_req.h"
#include "teebox/ta_ipc.h"
#include "thread.h"
#include "uuid.h"

#include <time.h>

/**
 * struct ta_instance - a TA context: one process
 * @link:	entry in tm->instances while new sessions may find it
 * @linked:	@link is in the list
 * @all_link:	entry in tm->all until it is freed
 * @uuid:	the TA
 * @proc:	the process
 * @info:	its ta_head
 * @nsessions:	sessions open or opening
 * @refs:	sessions plus calls starting up
 * @call_lock:	one entry point at a time; a thread that waits for it
 *		sleeps in the normal world (mutex.h)
 * @storage:	its persistent object handles (closed when it goes)
 * @ta2ta:	its sessions to other TAs: the session id behind handle
 *		i + 1, 0 when free (only the thread that runs it touches it)
 */
struct ta_instance {
	struct list_head link;
	bool linked;
	struct list_head all_link;
	TEE_UUID uuid;
	struct ta_proc *proc;
	struct ta_proc_info info;
	unsigned int nsessions;
	unsigned int refs;
	struct sw_mutex call_lock;
	struct ta_storage *storage;
	uint32_t ta2ta[TM_TA2TA_MAX_SESSIONS];
};

/**
 * struct ta_session - an open session
 * @id:		session id given to the normal world
 * @inst:	its instance (holds a reference); NULL for a pseudo TA
 * @pta:	the pseudo TA (pta.h), or NULL
 * @client:	who opened it
 * @owner:	the TA instance that opened it (TA-to-TA), NULL for the
 *		normal world's: only the owner may use it
 * @refs:	the session itself plus calls in progress
 * @closed:	closing: no new call may start
 */
struct ta_session {
	uint32_t id;
	struct ta_instance *inst;
	const struct pseudo_ta *pta;
	TEE_Identity client;
	struct ta_instance *owner;
	unsigned int refs;
	bool closed;
};

/**
 * struct inst_host - what serves the system calls of a call into an
 * instance: ta_storage.c's host plus the TA-to-TA system calls
 * @storage:	ta_storage.c's context
 * @base:	ta_storage.c's host
 * @t:		the secure thread of the call
 * @inst:	the instance called
 */
struct inst_host {
	struct ta_storage_ctx storage;
	struct ta_proc_host base;
	struct sthread *t;
	struct ta_instance *inst;
};

static void inst_host_init(struct sthread *t, struct ta_instance *inst,
			   struct inst_host *ih, struct ta_proc_host *host);
static void ta2ta_close_all(struct sthread *t, struct ta_instance *inst);

void tm_init(struct ta_manager *tm)
{
	pthread_mutex_init(&tm->lock, NULL);
	sw_mutex_init(&tm->load_lock);
	INIT_LIST_HEAD(&tm->instances);
	INIT_LIST_HEAD(&tm->all);
	idr_init(&tm->sessions);
}

static bool flag(const struct ta_instance *inst, uint32_t f)
{
	return (inst->info.flags & f) != 0;
}

/* Stops new sessions from finding @inst.  tm->lock held. */
static void unlink_instance(struct ta_instance *inst)
{
	if (inst->linked) {
		list_del(&inst->link);
		inst->linked = false;
	}
}

/*
 * Whether @t waiting for @m would deadlock: @m is held by @t itself, or
 * by a thread that waits (through a chain of such threads) for a mutex
 * @t holds.  tm->lock held: no thread's tm_waiting changes meanwhile.
 */
static bool would_deadlock(struct sthread *t, struct sw_mutex *m)
{
	struct sthread *owner = sw_mutex_owner(m), *next;

	for (unsigned int n = 0; owner; n++) {
		if (owner == t)
			return true;
		if (!owner->tm_waiting || n > SW_MAX_THREADS)
			return n > SW_MAX_THREADS;
		next = sw_mutex_owner(owner->tm_waiting);
		if (next == owner) /* it got it: it waits no more */
			return false;
		owner = next;
	}
	return false;
}

/*
 * Takes @m for @t unless that would deadlock (TEE_ERROR_BUSY).  Only a
 * thread that holds a TA manager mutex already (a TA-to-TA call) can
 * ever get BUSY.  The check and the record of the wait are made under
 * tm->lock, so of two threads about to close a cycle the second sees it.
 */
static TEE_Result tm_mutex_lock(struct sthread *t, struct sw_mutex *m)
{
	struct ta_manager *tm = &t->sw->tm;

	pthread_mutex_lock(&tm->lock);
	if (would_deadlock(t, m)) {
		pthread_mutex_unlock(&tm->lock);
		return TEE_ERROR_BUSY;
	}
	t->tm_waiting = m;
	pthread_mutex_unlock(&tm->lock);
	sw_mutex_lock(m, t);
	pthread_mutex_lock(&tm->lock);
	t->tm_waiting = NULL;
	pthread_mutex_unlock(&tm->lock);
	return TEE_SUCCESS;
}

/* Ends the process (on @t) and frees @inst; no reference is left. */
static void instance_free(struct sthread *t, struct ta_instance *inst)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_proc_host host;
	struct inst_host ih;

	/* Out of the statistics before its process goes. */
	pthread_mutex_lock(&tm->lock);
	list_del(&inst->all_link);
	pthread_mutex_unlock(&tm->lock);
	inst_host_init(t, inst, &ih, &host);
	if (ta_proc_dead(inst->proc))
		ta_proc_kill(inst->proc);
	else
		ta_proc_destroy(inst->proc, &host);
	/* Its sessions to other TAs end with it (OP-TEE: with its context). */
	ta2ta_close_all(t, inst);
	/* After TA_DestroyEntryPoint, which may still use its objects. */
	ta_storage_free(inst->storage, t);
	sw_mutex_destroy(&inst->call_lock);
	kfree(inst);
}

/* Drops a reference; true when it was the last (free it unlocked). */
static bool instance_put_locked(struct ta_instance *inst)
{
	if (--inst->refs)
		return false;
	unlink_instance(inst);
	return true;
}

static void instance_put(struct sthread *t, struct ta_instance *inst)
{
	struct ta_manager *tm = &t->sw->tm;
	bool last;

	pthread_mutex_lock(&tm->lock);
	last = instance_put_locked(inst);
	pthread_mutex_unlock(&tm->lock);
	if (last)
		instance_free(t, inst);
}

/*
 * The instance a new session to @uuid joins, with a reference and the
 * session counted, or NULL when a new instance is needed.  tm->lock held.
 */
static struct ta_instance *find_instance(struct ta_manager *tm,
					 const TEE_UUID *uuid, TEE_Result *res)
{
	struct ta_instance *inst;

	*res = TEE_SUCCESS;
	list_for_each_entry(inst, &tm->instances, link) {
		if (memcmp(&inst->uuid, uuid, sizeof(*uuid)))
			continue;
		if (ta_proc_dead(inst->proc)) {
			if (flag(inst, TA_FLAG_INSTANCE_KEEP_CRASHED)) {
				*res = TEE_ERROR_TARGET_DEAD;
				return NULL;
			}
			/* Replaced by a fresh instance from now on. */
			unlink_instance(inst);
			return NULL;
		}
		if (!flag(inst, TA_FLAG_MULTI_SESSION) && inst->nsessions) {
			*res = TEE_ERROR_BUSY;
			return NULL;
		}
		inst->nsessions++;
		inst->refs++;
		return inst;
	}
	return NULL;
}

/* Loads and creates a new instance of @uuid. */
static TEE_Result new_instance(struct sthread *t, const TEE_UUID *uuid,
			       struct ta_instance **out, uint32_t *origin)
{
	struct ta_instance *inst = kzalloc(sizeof(*inst));
	struct ta_proc_host host;
	struct inst_host ih;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (!inst)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = ta_storage_new(uuid, &inst->storage);
	if (res) {
		kfree(inst);
		return res;
	}
	res = ta_load(t, uuid, &inst->proc, &inst->info);
	if (res) {
		ta_storage_free(inst->storage, t);
		kfree(inst);
		return res;
	}
	inst->uuid = *uuid;
	inst->nsessions = 1;
	inst->refs = 1;
	INIT_LIST_HEAD(&inst->link);
	sw_mutex_init(&inst->call_lock);

	inst_host_init(t, inst, &ih, &host);
	res = ta_proc_create(inst->proc, &host, origin);
	if (res) {
		ta_proc_kill(inst->proc);
		ta2ta_close_all(t, inst);
		ta_storage_free(inst->storage, t);
		sw_mutex_destroy(&inst->call_lock);
		kfree(inst);
		return res;
	}
	pthread_mutex_lock(&t->sw->tm.lock);
	list_add_tail(&inst->all_link, &t->sw->tm.all);
	pthread_mutex_unlock(&t->sw->tm.lock);
	*out = inst;
	return TEE_SUCCESS;
}

/* The instance for a new session: an existing one, or a new one. */
static TEE_Result get_instance(struct sthread *t, const TEE_UUID *uuid,
			       struct ta_instance **out, uint32_t *origin)
{
	struct ta_manager *tm = &t->sw->tm;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	/* One load at a time, so two sessions never load one TA twice. */
	res = tm_mutex_lock(t, &tm->load_lock);
	if (res)
		return res;
	pthread_mutex_lock(&tm->lock);
	*out = find_instance(tm, uuid, &res);
	pthread_mutex_unlock(&tm->lock);
	if (!*out && !res) {
		res = new_instance(t, uuid, out, origin);
		if (!res && flag(*out, TA_FLAG_SINGLE_INSTANCE)) {
			pthread_mutex_lock(&tm->lock);
			list_add_tail(&(*out)->link, &tm->instances);
			(*out)->linked = true;
			pthread_mutex_unlock(&tm->lock);
		}
	}
	sw_mutex_unlock(&tm->load_lock, t);
	return res;
}

/*
 * Takes a reference on session @id unless it is unknown, closing, or not
 * @owner's (NULL: the normal world's).
 */
static struct ta_session *session_get(struct ta_manager *tm, uint32_t id,
				      const struct ta_instance *owner)
{
	struct ta_session *s;

	if (id > INT32_MAX)
		return NULL;
	pthread_mutex_lock(&tm->lock);
	s = idr_find(&tm->sessions, (int)id);
	if (s && !s->closed && s->owner == owner)
		s->refs++;
	else
		s = NULL;
	pthread_mutex_unlock(&tm->lock);
	return s;
}

/*
 * Drops a session reference; the last frees it and leaves its instance
 * (ending it on @t when it was the last session).
 */
static void session_put(struct sthread *t, struct ta_session *s)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_instance *inst = s->inst;
	bool last_inst = false;

	pthread_mutex_lock(&tm->lock);
	if (--s->refs) {
		pthread_mutex_unlock(&tm->lock);
		return;
	}
	idr_remove(&tm->sessions, (int)s->id);
	if (!inst) { /* a pseudo TA's: nothing behind it */
		pthread_mutex_unlock(&tm->lock);
		kfree(s);
		return;
	}
	inst->nsessions--;
	/* A single instance lives on only if it asked to. */
	if (!inst->nsessions && !(flag(inst, TA_FLAG_SINGLE_INSTANCE) &&
				  flag(inst, TA_FLAG_INSTANCE_KEEP_ALIVE)))
		unlink_instance(inst);
	if (!inst->linked || ta_proc_dead(inst->proc))
		last_inst = instance_put_locked(inst);
	else
		inst->refs--;
	pthread_mutex_unlock(&tm->lock);
	kfree(s);
	if (last_inst)
		instance_free(t, inst);
}

/*
 * Which TA call a secure thread runs, for cancellation.  A request that
 * came before the TA was entered applies to the call about to start; one
 * that comes after the call ended is dropped (the instance's call_lock is
 * still held, so no other call has started on it).
 */
static void set_running(struct sthread *t, struct ta_proc *proc)
{
	pthread_mutex_lock(&t->sw->lock);
	/* @proc may be a TA-to-TA caller the thread comes back to. */
	if (t->in_ta && t->in_ta != proc)
		ta_proc_forget_cancel(t->in_ta);
	t->in_ta = proc;
	if (proc && t->cancel.requested)
		ta_proc_request_cancel(proc);
	if (proc && t->cancel.abandoned)
		ta_proc_abandon(proc);
	pthread_mutex_unlock(&t->sw->lock);
}

/* A new session of @inst or @pta with an id, or NULL (no memory). */
static struct ta_session *session_new(struct ta_manager *tm,
				      struct ta_instance *inst,
				      const struct pseudo_ta *pta,
				      const TEE_Identity *client,
				      struct ta_instance *owner)
{
	struct ta_session *s = kzalloc(sizeof(*s));
	int id;

	pthread_mutex_lock(&tm->lock);
	id = s ? idr_alloc(&tm->sessions, s, 1, 0) : -ENOMEM;
	pthread_mutex_unlock(&tm->lock);
	if (id < 0) {
		kfree(s);
		return NULL;
	}
	s->id = (uint32_t)id;
	s->inst = inst;
	s->pta = pta;
	s->client = *client;
	s->owner = owner;
	s->refs = 1;
	return s;
}

/* Who session @s of a pseudo TA serves. */
static void pta_caller_of(const struct ta_session *s, struct pta_caller *c)
{
	c->client = s->client;
	c->from_ta = s->owner != NULL;
}

/*
 * A session to a pseudo TA: one without an open hook (OP-TEE's stats
 * PTA) always opens, whatever the parameters; the hook's refusal has
 * origin TRUSTED_APP, as OP-TEE's open_session_entry_point() result.
 */
static TEE_Result pta_open_session(struct ta_manager *tm,
				   const struct pseudo_ta *pta,
				   const TEE_Identity *client,
				   struct ta_instance *owner, uint32_t *session,
				   uint32_t *origin)
{
	struct pta_caller caller = {.client = *client, .from_ta = owner};
	struct ta_session *s;
	TEE_Result res;

	if (pta->open) {
		res = pta->open(&caller);
		if (res) {
			*origin = TEE_ORIGIN_TRUSTED_APP;
			return res;
		}
	}
	s = session_new(tm, NULL, pta, client, owner);
	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	pr_debug("session %u to pseudo TA %s", s->id, pta->name);
	*session = s->id;
	return TEE_SUCCESS;
}

/*
 * Runs @inst's entry point @fn on @t with the instance's call lock: the
 * thread is marked as running it (cancellation), and comes back to the
 * TA-to-TA caller @back (NULL: none) afterwards.  @cancel_at as struct
 * inst_host.
 */
struct entry_call {
	struct ta_instance *inst;
	struct ta_proc *back;
	uint64_t cancel_at;
	uint32_t cmd; /* TA_IPC_CMD_OPEN_SESSION or _INVOKE */
	uint32_t session;
	uint32_t func;
	const TEE_Identity *client;
	uint32_t types;
	struct ta_call_param *params;
};

static TEE_Result run_entry(struct sthread *t, const struct entry_call *c,
			    uint32_t *origin)
{
	struct ta_instance *inst = c->inst;
	struct ta_proc_host host;
	struct inst_host ih;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	res = tm_mutex_lock(t, &inst->call_lock);
	if (res)
		return res;
	inst_host_init(t, inst, &ih, &host);
	ta_proc_cancel_at(inst->proc, c->cancel_at);
	set_running(t, inst->proc);
	if (c->cmd == TA_IPC_CMD_OPEN_SESSION)
		res = ta_proc_open_session(inst->proc, &host, c->session,
					   c->client, c->types, c->params,
					   origin);
	else
		res = ta_proc_invoke(inst->proc, &host, c->session, c->func,
				     c->types, c->params, origin);
	ta_proc_cancel_at(inst->proc, 0);
	set_running(t, c->back);
	sw_mutex_unlock(&inst->call_lock, t);
	return res;
}

/* tm_open_session() for the normal world (@owner NULL) or a TA. */
static TEE_Result open_session(struct sthread *t,
			       const struct open_session_req *r,
			       struct entry_call *c, struct ta_instance *owner,
			       uint32_t *session, uint32_t *origin)
{
	const struct pseudo_ta *pta = pta_find(&r->uuid);
	struct ta_manager *tm = &t->sw->tm;
	struct ta_instance *inst;
	struct ta_session *s;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (pta)
		return pta_open_session(tm, pta, &r->client, owner, session,
					origin);
	res = get_instance(t, &r->uuid, &inst, origin);
	if (res)
		return res;

	*origin = TEE_ORIGIN_TEE;
	s = session_new(tm, inst, NULL, &r->client, owner);
	if (!s) {
		pthread_mutex_lock(&tm->lock);
		inst->nsessions--;
		pthread_mutex_unlock(&tm->lock);
		instance_put(t, inst);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	if (!owner)
		t->cancel.session = s->id;

	c->inst = inst;
	c->cmd = TA_IPC_CMD_OPEN_SESSION;
	c->session = s->id;
	c->client = &r->client;
	res = run_entry(t, c, origin);
	if (res) {
		/* The TA refused: as if the session was never there. */
		s->closed = true;
		session_put(t, s);
		return res;
	}
	*session = s->id;
	return TEE_SUCCESS;
}

TEE_Result tm_open_session(struct sthread *t, const struct open_session_req *r,
			   uint32_t param_types, struct ta_call_param params[4],
			   uint32_t *session, uint32_t *origin)
{
	struct entry_call c = {.types = param_types, .params = params};

	return open_session(t, r, &c, NULL, session, origin);
}

/* tm_invoke() of session @s (a reference taken). */
static TEE_Result invoke(struct sthread *t, struct ta_session *s,
			 struct entry_call *c, uint32_t *origin)
{
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (s->pta) {
		struct pta_caller caller;

		/* What the pseudo TA answers is the TA's answer. */
		pta_caller_of(s, &caller);
		res = s->pta->invoke(t, &caller, c->func, c->types, c->params);
		*origin = TEE_ORIGIN_TRUSTED_APP;
		session_put(t, s);
		return res;
	}
	c->inst = s->inst;
	c->cmd = TA_IPC_CMD_INVOKE;
	c->session = s->id;
	res = run_entry(t, c, origin);
	session_put(t, s);
	return res;
}

TEE_Result tm_invoke(struct sthread *t, uint32_t session, uint32_t cmd,
		     uint32_t param_types, struct ta_call_param params[4],
		     uint32_t *origin)
{
	struct ta_session *s = session_get(&t->sw->tm, session, NULL);
	struct entry_call c = {
		.func = cmd,
		.types = param_types,
		.params = params,
	};

	*origin = TEE_ORIGIN_TEE;
	if (!s)
		return TEE_ERROR_BAD_PARAMETERS;
	return invoke(t, s, &c, origin);
}

/* tm_close_session() of session @s (a reference taken). */
static void close_session(struct sthread *t, struct ta_session *s)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_instance *inst = s->inst;
	struct ta_proc_host host;
	struct inst_host ih;

	pthread_mutex_lock(&tm->lock);
	s->closed = true;
	pthread_mutex_unlock(&tm->lock);

	/*
	 * A close that would deadlock (a TA closing its session to a TA
	 * that waits for it) ends the session without its close entry
	 * point rather than never.
	 */
	if (inst && !tm_mutex_lock(t, &inst->call_lock)) {
		inst_host_init(t, inst, &ih, &host);
		if (!ta_proc_dead(inst->proc))
			ta_proc_close_session(inst->proc, &host, s->id);
		sw_mutex_unlock(&inst->call_lock, t);
	} else if (inst) {
		pr_warn("session %u closed without TA_CloseSessionEntryPoint: "
			"its TA waits for the caller",
			s->id);
	}

	/* Ours from session_get(), then the session's own. */
	session_put(t, s);
	session_put(t, s);
}

TEE_Result tm_close_session(struct sthread *t, uint32_t session)
{
	struct ta_session *s = session_get(&t->sw->tm, session, NULL);

	if (!s)
		return TEE_ERROR_ITEM_NOT_FOUND;
	close_session(t, s);
	return TEE_SUCCESS;
}

TEE_Result tm_cancel(struct secure_world *sw, uint32_t session,
		     uint32_t cancel_id, bool abandon)
{
	pthread_mutex_lock(&sw->lock);
	for (unsigned int i = 0; i < sw->cfg.nthreads; i++) {
		struct sthread *t = &sw->threads[i];

		if (!sthread_busy(t) || t->cancel.session != session ||
		    t->cancel.cancel_id != cancel_id)
			continue;
		t->cancel.requested = true;
		if (abandon)
			t->cancel.abandoned = true;
		if (t->in_ta)
			ta_proc_request_cancel(t->in_ta);
		if (t->in_ta && abandon)
			ta_proc_abandon(t->in_ta);
	}
	pthread_mutex_unlock(&sw->lock);
	return TEE_SUCCESS;
}

int tm_for_each_instance(struct ta_manager *tm,
			 int (*fn)(const struct tm_instance_view *v, void *arg),
			 void *arg)
{
	struct ta_instance *inst;
	int ret = 0;

	pthread_mutex_lock(&tm->lock);
	list_for_each_entry(inst, &tm->all, all_link) {
		struct tm_instance_view v = {
			.uuid = inst->uuid,
			.flags = inst->info.flags,
			.dead = ta_proc_dead(inst->proc),
			.nsessions = inst->nsessions,
			.proc = inst->proc,
		};

		ret = fn(&v, arg);
		if (ret)
			break;
	}
	pthread_mutex_unlock(&tm->lock);
	return ret;
}

size_t tm_session_count(struct ta_manager *tm)
{
	size_t n;

	pthread_mutex_lock(&tm->lock);
	n = (size_t)idr_count(&tm->sessions);
	pthread_mutex_unlock(&tm->lock);
	return n;
}

/*
 * TA-to-TA: the system calls of enum ta_ipc_sys's TA_* block, served on
 * the thread of the caller's call (see the top of this file).
 */

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* When a call with cancellationRequestTimeout @ms is cancelled; 0 never. */
static uint64_t cancel_deadline(uint64_t ms)
{
	if (ms == TA_IPC_TA2TA_TIMEOUT_NONE)
		return 0;
	return now_ms() + ms + 1; /* never 0 */
}

/* The checked request of caller @p, and its params for the target. */
static TEE_Result ta2ta_params(struct ta_proc *p, bool open,
			       struct ta2ta_req *req,
			       struct ta_call_param cp[TA_IPC_NUM_PARAMS],
			       unsigned int *bank)
{
	uint8_t buf[sizeof(struct ta_ipc_ta2ta)];
	uint8_t *win = ta_proc_xfer(p, bank);
	TEE_Result res;

	/* One copy: the TA may keep writing the page. */
	memcpy(buf, ta_proc_sys_buf(p), sizeof(buf));
	res = ta2ta_req_decode(buf, sizeof(buf), open, *bank, req);
	if (res)
		return res;
	memset(cp, 0, sizeof(*cp) * TA_IPC_NUM_PARAMS);
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta2ta_param *tp = &req->params[i];

		cp[i].type = tp->type;
		cp[i].u.value.a = tp->a;
		cp[i].u.value.b = tp->b;
		if (tp->type < TEE_PARAM_TYPE_MEMREF_INPUT)
			continue;
		memset(&cp[i].u, 0, sizeof(cp[i].u));
		/* Checked inside the transfer bank: our mapping of it. */
		cp[i].u.memref.ta_buf = tp->null ? NULL : win + tp->offset;
		cp[i].u.memref.client_mem = tp->client_mem;
		cp[i].u.memref.size = (size_t)tp->size;
	}
	return TEE_SUCCESS;
}

/*
 * After the call: the outputs to the caller's sys_buf, the transfer bank
 * trimmed.  @res and @origin to out[0] and out[1].
 */
static void ta2ta_reply(struct ta_proc *p, struct ta2ta_req *req,
			const struct ta_call_param cp[TA_IPC_NUM_PARAMS],
			unsigned int bank, TEE_Result res, uint32_t origin,
			uint64_t out[4])
{
	struct ta_ipc_ta2ta_out o;
	uint64_t end = 0;

	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		struct ta2ta_param *tp = &req->params[i];

		if (tp->type >= TEE_PARAM_TYPE_MEMREF_INPUT) {
			if (!tp->null && tp->offset + tp->size > end)
				end = tp->offset + tp->size;
			tp->size = cp[i].u.memref.size;
		} else {
			tp->a = cp[i].u.value.a;
			tp->b = cp[i].u.value.b;
		}
	}
	ta2ta_req_encode_out(req, &o);
	memcpy(ta_proc_sys_buf(p), &o, sizeof(o));
	ta_proc_xfer_done(p, bank, end);
	out[0] = res;
	out[1] = origin;
}

static int ta2ta_free_slot(struct ta_instance *inst)
{
	for (int i = 0; i < TM_TA2TA_MAX_SESSIONS; i++)
		if (!inst->ta2ta[i])
			return i;
	return -1;
}

/* Handle @h of @inst: its slot, or -1. */
static int ta2ta_slot(struct ta_instance *inst, uint64_t h)
{
	if (!h || h > TM_TA2TA_MAX_SESSIONS || !inst->ta2ta[h - 1])
		return -1;
	return (int)h - 1;
}

static TEE_Result ta2ta_open(struct inst_host *ih, struct ta_proc *p,
			     const uint64_t args[4], uint64_t out[4])
{
	struct ta_instance *inst = ih->inst;
	struct sthread *t = ih->t;
	struct ta_call_param cp[TA_IPC_NUM_PARAMS];
	struct entry_call c = {.back = p, .params = cp};
	struct open_session_req r = {.client.login = TEE_LOGIN_TRUSTED_APP};
	uint32_t origin = TEE_ORIGIN_TEE, sid = 0;
	struct ta2ta_req req;
	unsigned int bank;
	TEE_Result res;
	int slot;

	if (args[0] > UINT32_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = ta2ta_params(p, true, &req, cp, &bank);
	if (res)
		return res;
	r.uuid = req.uuid;
	r.client.uuid = inst->uuid;
	c.types = req.types;
	c.cancel_at = cancel_deadline(args[0]);
	slot = ta2ta_free_slot(inst);
	if (slot < 0 || t->ta2ta_depth >= TM_TA2TA_MAX_DEPTH) {
		res = TEE_ERROR_OUT_OF_MEMORY;
	} else {
		t->ta2ta_depth++;
		res = open_session(t, &r, &c, inst, &sid, &origin);
		t->ta2ta_depth--;
	}
	if (!res) {
		inst->ta2ta[slot] = sid;
		out[2] = (uint64_t)slot + 1;
	}
	ta2ta_reply(p, &req, cp, bank, res, origin, out);
	return TEE_SUCCESS;
}

static TEE_Result ta2ta_invoke(struct inst_host *ih, struct ta_proc *p,
			       const uint64_t args[4], uint64_t out[4])
{
	struct ta_instance *inst = ih->inst;
	struct sthread *t = ih->t;
	struct ta_call_param cp[TA_IPC_NUM_PARAMS];
	struct entry_call c = {.back = p, .params = cp};
	uint32_t origin = TEE_ORIGIN_TEE;
	int slot = ta2ta_slot(inst, args[0]);
	struct ta_session *s;
	struct ta2ta_req req;
	unsigned int bank;
	TEE_Result res;

	if (slot < 0 || args[1] > UINT32_MAX || args[2] > UINT32_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = ta2ta_params(p, false, &req, cp, &bank);
	if (res)
		return res;
	c.types = req.types;
	c.func = (uint32_t)args[2];
	c.cancel_at = cancel_deadline(args[1]);
	s = session_get(&t->sw->tm, inst->ta2ta[slot], inst);
	if (!s) {
		res = TEE_ERROR_TARGET_DEAD; /* cannot happen: ours */
	} else if (t->ta2ta_depth >= TM_TA2TA_MAX_DEPTH) {
		session_put(t, s);
		res = TEE_ERROR_OUT_OF_MEMORY;
	} else {
		t->ta2ta_depth++;
		res = invoke(t, s, &c, &origin);
		t->ta2ta_depth--;
	}
	ta2ta_reply(p, &req, cp, bank, res, origin, out);
	return TEE_SUCCESS;
}

static TEE_Result ta2ta_close(struct inst_host *ih, const uint64_t args[4])
{
	struct ta_instance *inst = ih->inst;
	int slot = ta2ta_slot(inst, args[0]);
	struct ta_session *s;
	uint32_t sid;

	if (slot < 0)
		return TEE_ERROR_BAD_PARAMETERS;
	sid = inst->ta2ta[slot];
	inst->ta2ta[slot] = 0;
	s = session_get(&ih->t->sw->tm, sid, inst);
	if (s)
		close_session(ih->t, s);
	return TEE_SUCCESS;
}

static void ta2ta_close_all(struct sthread *t, struct ta_instance *inst)
{
	struct ta_session *s;

	for (unsigned int i = 0; i < TM_TA2TA_MAX_SESSIONS; i++) {
		if (!inst->ta2ta[i])
			continue;
		s = session_get(&t->sw->tm, inst->ta2ta[i], inst);
		inst->ta2ta[i] = 0;
		if (s)
			close_session(t, s);
	}
}

static TEE_Result ih_syscall(void *arg, struct ta_proc *p, uint32_t nr,
			     const uint64_t args[4], uint64_t out[4])
{
	struct inst_host *ih = arg;

	switch (nr) {
	case TA_IPC_SYS_TA_OPEN:
		return ta2ta_open(ih, p, args, out);
	case TA_IPC_SYS_TA_INVOKE:
		return ta2ta_invoke(ih, p, args, out);
	case TA_IPC_SYS_TA_CLOSE:
		return ta2ta_close(ih, args);
	default:
		return ih->base.syscall(ih->base.arg, p, nr, args, out);
	}
}

static void ih_yield(void *arg)
{
	struct inst_host *ih = arg;

	ih->base.yield(ih->base.arg);
	/* Makes the request once a TA caller's timeout passed. */
	(void)ta_proc_cancelled(ih->inst->proc);
}

static void inst_host_init(struct sthread *t, struct ta_instance *inst,
			   struct inst_host *ih, struct ta_proc_host *host)
{
	memset(ih, 0, sizeof(*ih));
	ta_storage_host(t, inst->storage, &ih->storage, &ih->base);
	ih->t = t;
	ih->inst = inst;
	host->syscall = ih_syscall;
	host->yield = ih_yield;
	host->arg = ih;
}
