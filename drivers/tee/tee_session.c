// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sessions a driver keeps per context: finding one by id and taking
 * it off its list, which every driver's close, invoke and cancel need
 * alike.  The list, its lock and what a session holds besides its id
 * (struct tee_session_node) stay the driver's.
 */
#include "kernel/sync.h"
#include "tee_private.h"

struct tee_session_node *tee_session_find(struct list_head *sessions, u32 id)
{
	struct tee_session_node *node;

	list_for_each_entry(node, sessions, link)
		if (node->id == id)
			return node;
	return NULL;
}

struct tee_session_node *tee_session_unlink(struct mutex *lock,
					    struct list_head *sessions, u32 id)
{
	struct tee_session_node *node;

	mutex_lock(lock);
	node = tee_session_find(sessions, id);
	if (node)
		list_del(&node->link);
	mutex_unlock(lock);
	return node;
}
