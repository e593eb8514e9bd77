// SPDX-License-Identifier: BSD-2-Clause
/* The sessions of this TA instance; see utee_priv.h. */
#include <stdlib.h>

#include "utee_priv.h"

static struct utee_session *sessions;
static struct utee_session *current;
/* Outside sessions (create, destroy) cancellation stays masked. */
static bool instance_cancel_masked = true;

struct utee_session *utee_session_add(uint32_t id, const TEE_Identity *client)
{
	struct utee_session *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->id = id;
	s->cancel_masked = true;
	s->client = *client;
	s->next = sessions;
	sessions = s;
	return s;
}

struct utee_session *utee_session_find(uint32_t id)
{
	for (struct utee_session *s = sessions; s; s = s->next)
		if (s->id == id)
			return s;
	return NULL;
}

void utee_session_remove(struct utee_session *s)
{
	struct utee_session **pp;

	for (pp = &sessions; *pp; pp = &(*pp)->next) {
		if (*pp == s) {
			*pp = s->next;
			break;
		}
	}
	if (current == s)
		current = NULL;
	free(s);
}

void utee_session_set_current(struct utee_session *s)
{
	current = s;
}

const TEE_Identity *utee_session_client(void)
{
	return current ? &current->client : NULL;
}

bool *utee_session_cancel_mask(void)
{
	return current ? &current->cancel_masked : &instance_cancel_masked;
}
