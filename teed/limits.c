// SPDX-License-Identifier: BSD-2-Clause
/* What one user may take of teed; see limits.h. */
#include <errno.h>
#include <string.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "limits.h"

/**
 * struct limits_user - what one uid holds
 * @uid:	the uid
 * @conns:	its connections
 * @shm_bytes:	allocated shared memory of all its connections
 * @nshm:	shared-memory files of all its connections
 */
struct limits_user {
	uid_t uid;
	unsigned int conns;
	size_t shm_bytes;
	unsigned int nshm;
};

void limits_config_default(struct limits_config *cfg)
{
	cfg->conns_per_uid = LIMITS_DEFAULT_CONNS_PER_UID;
	cfg->conns = LIMITS_DEFAULT_CONNS;
	cfg->shm_per_ctx = LIMITS_DEFAULT_SHM_PER_CTX;
	cfg->shm_per_uid = LIMITS_DEFAULT_SHM_PER_UID;
	cfg->nshm_per_ctx = LIMITS_DEFAULT_NSHM_PER_CTX;
	cfg->nshm_per_uid = LIMITS_DEFAULT_NSHM_PER_UID;
}

void limits_init(struct limits *l, const struct limits_config *cfg)
{
	memset(l, 0, sizeof(*l));
	l->cfg = *cfg;
	pthread_mutex_init(&l->lock, NULL);
}

int limits_destroy(struct limits *l)
{
	int rc = 0;

	if (l->nusers || l->conns) {
		pr_err("limits: %zu users, %u connections still counted",
		       l->nusers, l->conns);
		rc = -EBUSY;
	}
	kfree(l->users);
	l->users = NULL;
	pthread_mutex_destroy(&l->lock);
	return rc;
}

/* The entry of @uid, NULL if it holds nothing.  l->lock held. */
static struct limits_user *find_user(struct limits *l, uid_t uid)
{
	for (size_t i = 0; i < l->nusers; i++)
		if (l->users[i].uid == uid)
			return &l->users[i];
	return NULL;
}

/* The entry of @uid, made if need be (NULL: no memory).  l->lock held. */
static struct limits_user *get_user(struct limits *l, uid_t uid)
{
	struct limits_user *u = find_user(l, uid);

	if (u)
		return u;
	u = kcalloc(l->nusers + 1, sizeof(*u));
	if (!u)
		return NULL;
	if (l->nusers)
		memcpy(u, l->users, l->nusers * sizeof(*u));
	kfree(l->users);
	l->users = u;
	u = &l->users[l->nusers++];
	u->uid = uid;
	return u;
}

/* Forgets @u once it holds nothing.  l->lock held. */
static void put_user(struct limits *l, struct limits_user *u)
{
	if (u->conns || u->shm_bytes || u->nshm)
		return;
	*u = l->users[--l->nusers];
	if (!l->nusers) {
		kfree(l->users);
		l->users = NULL;
	}
}

static bool over(unsigned long long have, unsigned long long more,
		 unsigned long long limit)
{
	return limit && have + more > limit;
}

int limits_conn_get(struct limits *l, struct limits_charge *ch, uid_t uid,
		    bool exempt)
{
	struct limits_user *u;
	int rc = 0;

	memset(ch, 0, sizeof(*ch));
	ch->uid = uid;
	ch->exempt = exempt;
	if (exempt)
		return 0;
	ch->per_uid = uid != 0;
	pthread_mutex_lock(&l->lock);
	if (over(l->conns, 1, l->cfg.conns)) {
		rc = -ENFILE;
		goto out;
	}
	if (ch->per_uid) {
		u = get_user(l, uid);
		if (!u) {
			rc = -ENOMEM;
			goto out;
		}
		if (over(u->conns, 1, l->cfg.conns_per_uid)) {
			put_user(l, u);
			rc = -EMFILE;
			goto out;
		}
		u->conns++;
	}
	l->conns++;
	ch->counted = true;
out:
	pthread_mutex_unlock(&l->lock);
	return rc;
}

void limits_conn_put(struct limits *l, struct limits_charge *ch)
{
	struct limits_user *u;

	if (ch->exempt || !ch->counted)
		return;
	pthread_mutex_lock(&l->lock);
	l->conns--;
	u = ch->per_uid ? find_user(l, ch->uid) : NULL;
	if (u) {
		u->conns--;
		u->shm_bytes -= ch->shm_bytes;
		u->nshm -= ch->nshm;
		put_user(l, u);
	}
	pthread_mutex_unlock(&l->lock);
	ch->counted = false;
	ch->shm_bytes = 0;
	ch->nshm = 0;
}

int limits_shm_charge(struct limits *l, struct limits_charge *ch, size_t bytes)
{
	struct limits_user *u = NULL;
	int rc = 0;

	if (ch->exempt)
		return 0;
	pthread_mutex_lock(&l->lock);
	if (ch->per_uid)
		u = find_user(l, ch->uid);
	if (over(ch->shm_bytes, bytes, l->cfg.shm_per_ctx) ||
	    (u && over(u->shm_bytes, bytes, l->cfg.shm_per_uid))) {
		rc = -ENOMEM;
		goto out;
	}
	if (over(ch->nshm, 1, l->cfg.nshm_per_ctx) ||
	    (u && over(u->nshm, 1, l->cfg.nshm_per_uid))) {
		rc = -EMFILE;
		goto out;
	}
	ch->shm_bytes += bytes;
	ch->nshm++;
	if (u) {
		u->shm_bytes += bytes;
		u->nshm++;
	}
out:
	pthread_mutex_unlock(&l->lock);
	return rc;
}

void limits_shm_uncharge(struct limits *l, struct limits_charge *ch,
			 size_t bytes)
{
	struct limits_user *u = NULL;

	if (ch->exempt)
		return;
	pthread_mutex_lock(&l->lock);
	if (ch->per_uid)
		u = find_user(l, ch->uid);
	ch->shm_bytes -= bytes;
	ch->nshm--;
	if (u) {
		u->shm_bytes -= bytes;
		u->nshm--;
	}
	pthread_mutex_unlock(&l->lock);
}
