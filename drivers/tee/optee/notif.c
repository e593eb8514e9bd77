// SPDX-License-Identifier: BSD-2-Clause
/*
 * Notifications: how secure threads wait for each other through the
 * normal world (the seed's wait queue, mainline's OPTEE_RPC_CMD_NOTIFICATION).
 * A secure thread that must wait, e.g. for a mutex another secure thread
 * holds, asks the normal world to sleep on a key; the holder later asks it
 * to wake that key.  A wake that comes first is remembered, so the wait
 * then passes at once.
 */
#include <errno.h>

#include "kernel/alloc.h"
#include "optee_private.h"

/* Largest key, as mainline's OPTEE_DEFAULT_MAX_NOTIF_VALUE. */
#define OPTEE_NOTIF_MAX_KEY 255

/**
 * struct optee_notif_entry - a key waited for or already sent
 * @link:	entry in optee_notif.db
 * @key:	the key
 * @waiting:	someone sleeps on @c; otherwise the key was sent first
 * @c:		completed by the send
 */
struct optee_notif_entry {
	struct list_head link;
	u64 key;
	bool waiting;
	struct completion c;
};

void optee_notif_init(struct optee_notif *notif)
{
	mutex_init(&notif->mutex);
	INIT_LIST_HEAD(&notif->db);
}

void optee_notif_uninit(struct optee_notif *notif)
{
	struct optee_notif_entry *e, *tmp;

	list_for_each_entry_safe(e, tmp, &notif->db, link) {
		list_del(&e->link);
		destroy_completion(&e->c);
		kfree(e);
	}
	mutex_destroy(&notif->mutex);
}

/* The entry for @key, or NULL.  notif->mutex held. */
static struct optee_notif_entry *find_key(struct optee_notif *notif, u64 key)
{
	struct optee_notif_entry *e;

	list_for_each_entry(e, &notif->db, link)
		if (e->key == key)
			return e;
	return NULL;
}

/* Adds an entry for @key.  notif->mutex held. */
static struct optee_notif_entry *add_entry(struct optee_notif *notif, u64 key,
					   bool waiting)
{
	struct optee_notif_entry *e = kzalloc(sizeof(*e));

	if (!e)
		return NULL;
	e->key = key;
	e->waiting = waiting;
	init_completion(&e->c);
	list_add_tail(&e->link, &notif->db);
	return e;
}

static void free_entry(struct optee_notif_entry *e)
{
	destroy_completion(&e->c);
	kfree(e);
}

int optee_notif_wait(struct optee_notif *notif, u64 key, u32 timeout_ms)
{
	struct optee_notif_entry *e;
	int rc = 0;

	if (key > OPTEE_NOTIF_MAX_KEY)
		return -EINVAL;
	mutex_lock(&notif->mutex);
	e = find_key(notif, key);
	if (e) {
		/* Sent before we came: take it.  Two waiters: a bug. */
		if (e->waiting) {
			rc = -EBUSY;
		} else {
			list_del(&e->link);
			free_entry(e);
		}
		mutex_unlock(&notif->mutex);
		return rc;
	}
	e = add_entry(notif, key, true);
	mutex_unlock(&notif->mutex);
	if (!e)
		return -ENOMEM;

	if (timeout_ms) {
		if (!wait_for_completion_timeout(&e->c, timeout_ms))
			rc = -ETIMEDOUT;
	} else {
		wait_for_completion(&e->c);
	}

	mutex_lock(&notif->mutex);
	list_del(&e->link);
	mutex_unlock(&notif->mutex);
	free_entry(e);
	return rc;
}

int optee_notif_send(struct optee_notif *notif, u64 key)
{
	struct optee_notif_entry *e;
	int rc = 0;

	if (key > OPTEE_NOTIF_MAX_KEY)
		return -EINVAL;
	mutex_lock(&notif->mutex);
	e = find_key(notif, key);
	if (e) {
		/* Wake the waiter; a second send before it ran is one. */
		if (e->waiting)
			complete(&e->c);
	} else if (!add_entry(notif, key, false)) {
		rc = -ENOMEM;
	}
	mutex_unlock(&notif->mutex);
	return rc;
}
