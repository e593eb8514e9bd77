/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA instances and sessions (OP-TEE's kernel/tee_ta_manager.h): what an
 * OPEN_SESSION, INVOKE_COMMAND, CLOSE_SESSION or CANCEL of entry_std.c
 * asks of them, and a view of the instances for the pseudo TAs.  The
 * rules (GP lifecycle, OP-TEE's TA flags) are in ta_manager.c.
 */
#ifndef TEEBOX_SECURE_TA_MANAGER_H
#define TEEBOX_SECURE_TA_MANAGER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/idr.h"
#include "kernel/list.h"
#include "mutex.h"
#include "ta/include/tee_api_types.h"
#include "ta_proc.h"

struct secure_world;
struct sthread;

/* Sessions to other TAs one TA instance may hold at once. */
#define TM_TA2TA_MAX_SESSIONS 16
/* TA-to-TA calls that may nest on one secure thread (A -> B -> C ...). */
#define TM_TA2TA_MAX_DEPTH 8

/**
 * struct ta_manager - TA instances and sessions
 * @lock:	protects everything below but @load_lock
 * @load_lock:	serializes TA loading (one TA loads at a time; held
 *		across the RPCs of the load)
 * @instances:	single instances new sessions may join
 * @all:	every struct ta_instance not yet being freed (statistics)
 * @sessions:	struct ta_session by session id
 */
struct ta_manager {
	pthread_mutex_t lock;
	struct sw_mutex load_lock;
	struct list_head instances;
	struct list_head all;
	struct idr sessions;
};

/**
 * struct open_session_req - what an OPEN_SESSION asks
 * @uuid:	the TA
 * @client:	login and client UUID
 * @cancel_id:	the cancel id of this call
 */
struct open_session_req {
	TEE_UUID uuid;
	TEE_Identity client;
	uint32_t cancel_id;
};

/** tm_init() - an empty TA manager. */
void tm_init(struct ta_manager *tm);

/**
 * tm_open_session() - open a session, loading and creating the TA when
 * needed; *@session gets the id
 * Return: the TA's or the trusted OS's answer, with its origin in
 * *@origin.
 */
TEE_Result tm_open_session(struct sthread *t, const struct open_session_req *r,
			   uint32_t param_types, struct ta_call_param params[4],
			   uint32_t *session, uint32_t *origin);

/**
 * tm_invoke() - invoke command @cmd in @session
 * Return: the TA's or the trusted OS's answer, with its origin in
 * *@origin.
 */
TEE_Result tm_invoke(struct sthread *t, uint32_t session, uint32_t cmd,
		     uint32_t param_types, struct ta_call_param params[4],
		     uint32_t *origin);

/**
 * tm_close_session() - close @session
 * Return: TEE_SUCCESS, or TEE_ERROR_ITEM_NOT_FOUND if there is none.
 */
TEE_Result tm_close_session(struct sthread *t, uint32_t session);

/**
 * tm_cancel() - a cancel request for (@session, @cancel_id); with
 * @abandon the normal world gave the call up (its client is gone and a
 * plain cancel did not end it): its TA instance is killed, now or as
 * soon as the call enters it
 * Return: TEE_SUCCESS (whether or not a call was running).
 */
TEE_Result tm_cancel(struct secure_world *sw, uint32_t session,
		     uint32_t cancel_id, bool abandon);

/** tm_session_count() - open sessions (diagnostics and tests). */
size_t tm_session_count(struct ta_manager *tm);

/**
 * struct tm_instance_view - a TA instance as tm_for_each_instance() shows it
 * @uuid:	the TA
 * @flags:	its TA_FLAG_*
 * @dead:	it panicked or crashed
 * @nsessions:	sessions open or opening
 * @proc:	its process (valid during the callback only)
 */
struct tm_instance_view {
	TEE_UUID uuid;
	uint32_t flags;
	bool dead;
	unsigned int nsessions;
	struct ta_proc *proc;
};

/**
 * tm_for_each_instance() - call @fn for every TA instance alive or not
 * yet freed, in creation order, with the manager locked (@fn must not
 * call into the TA manager); stops at the first non-zero return
 * Return: that value, or 0.
 */
int tm_for_each_instance(struct ta_manager *tm,
			 int (*fn)(const struct tm_instance_view *v, void *arg),
			 void *arg);

#endif
