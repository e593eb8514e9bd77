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
 * the normal world.
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
#include "thread.h"
#include "uuid.h"

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
};

/**
 * struct ta_session - an open session
 * @id:		session id given to the normal world
 * @inst:	its instance (holds a reference); NULL for a pseudo TA
 * @pta:	the pseudo TA (pta.h), or NULL
 * @client:	who opened it
 * @refs:	the session itself plus calls in progress
 * @closed:	closing: no new call may start
 */
struct ta_session {
	uint32_t id;
	struct ta_instance *inst;
	const struct pseudo_ta *pta;
	TEE_Identity client;
	unsigned int refs;
	bool closed;
};

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

/* Ends the process (on @t) and frees @inst; no reference is left. */
static void instance_free(struct sthread *t, struct ta_instance *inst)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_storage_ctx ctx;
	struct ta_proc_host host;

	/* Out of the statistics before its process goes. */
	pthread_mutex_lock(&tm->lock);
	list_del(&inst->all_link);
	pthread_mutex_unlock(&tm->lock);
	ta_storage_host(t, inst->storage, &ctx, &host);
	if (ta_proc_dead(inst->proc))
		ta_proc_kill(inst->proc);
	else
		ta_proc_destroy(inst->proc, &host);
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
	struct ta_storage_ctx ctx;
	struct ta_proc_host host;
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

	ta_storage_host(t, inst->storage, &ctx, &host);
	res = ta_proc_create(inst->proc, &host, origin);
	if (res) {
		ta_proc_kill(inst->proc);
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
	sw_mutex_lock(&tm->load_lock, t);
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

/* Takes a reference on session @id unless it is unknown or closing. */
static struct ta_session *session_get(struct ta_manager *tm, uint32_t id)
{
	struct ta_session *s;

	if (id > INT32_MAX)
		return NULL;
	pthread_mutex_lock(&tm->lock);
	s = idr_find(&tm->sessions, (int)id);
	if (s && !s->closed)
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
	if (!proc && t->in_ta)
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
				      const TEE_Identity *client)
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
	s->refs = 1;
	return s;
}

/*
 * A session to a pseudo TA: like OP-TEE's stats PTA, ours have no open
 * entry point, so it always opens, whatever the parameters.
 */
static TEE_Result pta_open_session(struct ta_manager *tm,
				   const struct pseudo_ta *pta,
				   const TEE_Identity *client,
				   uint32_t *session)
{
	struct ta_session *s = session_new(tm, NULL, pta, client);

	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	pr_debug("session %u to pseudo TA %s", s->id, pta->name);
	*session = s->id;
	return TEE_SUCCESS;
}

TEE_Result tm_open_session(struct sthread *t, const struct open_session_req *r,
			   uint32_t param_types, struct ta_call_param params[4],
			   uint32_t *session, uint32_t *origin)
{
	const struct pseudo_ta *pta = pta_find(&r->uuid);
	struct ta_manager *tm = &t->sw->tm;
	struct ta_storage_ctx ctx;
	struct ta_proc_host host;
	struct ta_instance *inst;
	struct ta_session *s;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (pta)
		return pta_open_session(tm, pta, &r->client, session);
	res = get_instance(t, &r->uuid, &inst, origin);
	if (res)
		return res;

	*origin = TEE_ORIGIN_TEE;
	s = session_new(tm, inst, NULL, &r->client);
	if (!s) {
		pthread_mutex_lock(&tm->lock);
		inst->nsessions--;
		pthread_mutex_unlock(&tm->lock);
		instance_put(t, inst);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	t->cancel.session = s->id;

	ta_storage_host(t, inst->storage, &ctx, &host);
	sw_mutex_lock(&inst->call_lock, t);
	set_running(t, inst->proc);
	res = ta_proc_open_session(inst->proc, &host, s->id, &r->client,
				   param_types, params, origin);
	set_running(t, NULL);
	sw_mutex_unlock(&inst->call_lock, t);
	if (res) {
		/* The TA refused: as if the session was never there. */
		s->closed = true;
		session_put(t, s);
		return res;
	}
	*session = s->id;
	return TEE_SUCCESS;
}

TEE_Result tm_invoke(struct sthread *t, uint32_t session, uint32_t cmd,
		     uint32_t param_types, struct ta_call_param params[4],
		     uint32_t *origin)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_session *s = session_get(tm, session);
	struct ta_storage_ctx ctx;
	struct ta_proc_host host;
	struct ta_instance *inst;
	TEE_Result res;

	*origin = TEE_ORIGIN_TEE;
	if (!s)
		return TEE_ERROR_BAD_PARAMETERS;
	if (s->pta) {
		/* What the pseudo TA answers is the TA's answer. */
		res = s->pta->invoke(t, cmd, param_types, params);
		*origin = TEE_ORIGIN_TRUSTED_APP;
		session_put(t, s);
		return res;
	}
	inst = s->inst;
	ta_storage_host(t, inst->storage, &ctx, &host);
	sw_mutex_lock(&inst->call_lock, t);
	set_running(t, inst->proc);
	res = ta_proc_invoke(inst->proc, &host, s->id, cmd, param_types, params,
			     origin);
	set_running(t, NULL);
	sw_mutex_unlock(&inst->call_lock, t);
	session_put(t, s);
	return res;
}

TEE_Result tm_close_session(struct sthread *t, uint32_t session)
{
	struct ta_manager *tm = &t->sw->tm;
	struct ta_session *s = session_get(tm, session);
	struct ta_storage_ctx ctx;
	struct ta_proc_host host;
	struct ta_instance *inst;

	if (!s)
		return TEE_ERROR_ITEM_NOT_FOUND;
	pthread_mutex_lock(&tm->lock);
	s->closed = true;
	pthread_mutex_unlock(&tm->lock);

	inst = s->inst;
	if (inst) {
		ta_storage_host(t, inst->storage, &ctx, &host);
		sw_mutex_lock(&inst->call_lock, t);
		if (!ta_proc_dead(inst->proc))
			ta_proc_close_session(inst->proc, &host, s->id);
		sw_mutex_unlock(&inst->call_lock, t);
	}

	/* Ours from session_get(), then the session's own. */
	session_put(t, s);
	session_put(t, s);
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
