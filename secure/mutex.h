/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Mutexes between secure threads that may be held across RPCs (OP-TEE's
 * core/kernel/mutex.c with its wait queues).  A secure thread does not
 * sleep in the secure world: when it must wait it asks the normal world
 * to sleep for it with OPTEE_RPC_CMD_NOTIFICATION WAIT on a key (its
 * thread id, as OP-TEE's wait queue elements use), and the thread that
 * unlocks asks the normal world to wake that key with SEND.  The CPU
 * (lane) of a waiting thread is the normal world's meanwhile.
 *
 * Waiters queue in arrival order and an unlock wakes the first one; a
 * thread that arrives as the mutex is released may take it first (see
 * sw_mutex_lock()), but a woken waiter that lost keeps its place at the
 * head, so waiters behind it are never overtaken by it.  Waits carry a
 * timeout and are repeated until the mutex is free: a lost or early wake
 * costs at most one timeout, never a hang.
 */
#ifndef TEEBOX_SECURE_MUTEX_H
#define TEEBOX_SECURE_MUTEX_H

#include <pthread.h>
#include <stdbool.h>

#include "kernel/list.h"

struct sthread;

/**
 * struct sw_mutex - a mutex of secure threads
 * @lock:	protects the fields below; never held across an RPC
 * @owner:	the thread holding it, or NULL
 * @waiters:	struct sw_mutex_waiter, in arrival order
 */
struct sw_mutex {
	pthread_mutex_t lock;
	struct sthread *owner;
	struct list_head waiters;
};

/** sw_mutex_init() - an unlocked mutex. */
void sw_mutex_init(struct sw_mutex *m);

/** sw_mutex_destroy() - @m must be unlocked and have no waiter. */
void sw_mutex_destroy(struct sw_mutex *m);

/**
 * sw_mutex_lock() - take @m for secure thread @t, waiting through the
 * normal world (NOTIFICATION WAIT) while another thread holds it
 */
void sw_mutex_lock(struct sw_mutex *m, struct sthread *t);

/**
 * sw_mutex_unlock() - release @m, held by @t: the first waiter becomes
 * the owner and is woken through the normal world (NOTIFICATION SEND)
 */
void sw_mutex_unlock(struct sw_mutex *m, struct sthread *t);

/**
 * sw_mutex_owner() - the thread holding @m now, or NULL (a snapshot, for
 * deadlock checks)
 */
struct sthread *sw_mutex_owner(struct sw_mutex *m);

#endif
