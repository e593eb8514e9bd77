/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What one user may take of teed: open device files (connections) and
 * shared memory, per user id and per context, so that one client cannot
 * starve the others (docs/security.md, "One user cannot starve the
 * others").
 *
 * The kernel bounds open files with RLIMIT_NOFILE per process and the
 * system's file table; teed, one process serving everybody, keeps the
 * same bounds per peer uid and in total, and refuses with the errno the
 * kernel gives there: EMFILE (the caller's own limit) and ENFILE (the
 * whole table).  Shared memory beyond a context's or a uid's share of the
 * pool fails like an exhausted pool: ENOMEM, as tee_shm_alloc() gives;
 * one more shared-memory file than allowed (each is an fd in the kernel)
 * fails with EMFILE.
 */
#ifndef TEEBOX_TEED_LIMITS_H
#define TEEBOX_TEED_LIMITS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Defaults: far above what a normal client uses (docs/man/teed.8). */
#define LIMITS_DEFAULT_CONNS_PER_UID 128
#define LIMITS_DEFAULT_CONNS	     1024
/* The reserved pool is 4 MiB: half for a context, 3/4 for a uid. */
#define LIMITS_DEFAULT_SHM_PER_CTX  (2u << 20)
#define LIMITS_DEFAULT_SHM_PER_UID  (3u << 20)
#define LIMITS_DEFAULT_NSHM_PER_CTX 1024
#define LIMITS_DEFAULT_NSHM_PER_UID 4096

/**
 * struct limits_config - the bounds (0 in a field: no bound)
 * @conns_per_uid:	open device files of one uid
 * @conns:		open device files in all
 * @shm_per_ctx:	bytes of allocated shared memory of one context
 * @shm_per_uid:	bytes of allocated shared memory of one uid
 * @nshm_per_ctx:	shared-memory files of one context
 * @nshm_per_uid:	shared-memory files of one uid
 */
struct limits_config {
	unsigned int conns_per_uid;
	unsigned int conns;
	size_t shm_per_ctx;
	size_t shm_per_uid;
	unsigned int nshm_per_ctx;
	unsigned int nshm_per_uid;
};

struct limits_user;

/**
 * struct limits - the bounds and what each uid holds
 * @cfg:	the bounds
 * @lock:	protects @users, @nusers and @conns
 * @users:	uids that hold something (an entry goes when it holds
 *		nothing)
 * @nusers:	entries used
 * @conns:	connections in all
 */
struct limits {
	struct limits_config cfg;
	pthread_mutex_t lock;
	struct limits_user *users;
	size_t nusers;
	unsigned int conns;
};

/**
 * struct limits_charge - what one connection holds, for giving it back
 * @uid:	its peer's uid
 * @exempt:	not counted at all (the supplicant's device)
 * @per_uid:	counted against @uid (not root)
 * @counted:	the connection itself is counted
 * @shm_bytes:	allocated shared memory it holds
 * @nshm:	shared-memory files it holds
 */
struct limits_charge {
	uid_t uid;
	bool exempt;
	bool per_uid;
	bool counted;
	size_t shm_bytes;
	unsigned int nshm;
};

/** limits_config_default() - the default bounds into @cfg. */
void limits_config_default(struct limits_config *cfg);

/**
 * limits_init() - start accounting with the bounds @cfg
 * @l:		the accounting
 * @cfg:	the bounds (copied)
 */
void limits_init(struct limits *l, const struct limits_config *cfg);

/**
 * limits_destroy() - end accounting; everything must have been given back
 * @l:		the accounting
 * Return: 0, or -EBUSY if something was still counted (logged): a leak
 * of the accounting, which teed's exit status reports.
 */
int limits_destroy(struct limits *l);

/**
 * limits_conn_get() - count a new connection of @uid
 * @l:		the accounting
 * @ch:		the connection's charge, set up here
 * @uid:	the peer's effective uid
 * @exempt:	a connection to a privileged device (root or teed's own
 *		user only: the supplicant): not counted
 *
 * Root is not bound per uid (it could raise its own RLIMIT_NOFILE), but
 * counts in the total.
 * Return: 0, -EMFILE (@uid holds its limit) or -ENFILE (teed holds the
 * total); on an error nothing is counted.
 */
int limits_conn_get(struct limits *l, struct limits_charge *ch, uid_t uid,
		    bool exempt);

/**
 * limits_conn_put() - give back what the connection of @ch holds: the
 * connection and any shared memory still charged to it
 * @l:		the accounting
 * @ch:		the charge (cleared)
 */
void limits_conn_put(struct limits *l, struct limits_charge *ch);

/**
 * limits_shm_charge() - charge a new shared-memory file to a connection
 * @l:		the accounting
 * @ch:		the connection's charge
 * @bytes:	bytes of the pool it takes (0 for registered memory, which
 *		is the client's own)
 * Return: 0, -ENOMEM (bytes over the context's or uid's share) or
 * -EMFILE (files over the context's or uid's count); on an error nothing
 * is charged.
 */
int limits_shm_charge(struct limits *l, struct limits_charge *ch, size_t bytes);

/**
 * limits_shm_uncharge() - give back one shared-memory file of @bytes
 * @l:		the accounting
 * @ch:		the connection's charge
 * @bytes:	what limits_shm_charge() was given for it
 */
void limits_shm_uncharge(struct limits *l, struct limits_charge *ch,
			 size_t bytes);

#endif
