// SPDX-License-Identifier: BSD-2-Clause
/*
 * Handle tables: as OP-TEE's handle.c, the smallest free index from 1
 * (0 is the invalid handle).
 */
#include <tee_internal_api.h>

#include "pkcs11_token.h"

uint32_t handle_put(struct handle_db *db, void *p)
{
	void **np;
	uint32_t n;

	for (n = 0; n < db->count; n++) {
		if (!db->ptr[n]) {
			db->ptr[n] = p;
			return n + 1;
		}
	}
	if (db->count == UINT32_MAX - 1)
		return 0;
	np = TEE_Realloc(db->ptr, (db->count + 1) * sizeof(*np));
	if (!np)
		return 0;
	np[db->count] = p;
	db->ptr = np;
	return ++db->count;
}

void *handle_get(struct handle_db *db, uint32_t h)
{
	if (!h || h > db->count)
		return NULL;
	return db->ptr[h - 1];
}

uint32_t handle_lookup(struct handle_db *db, void *p)
{
	uint32_t n;

	for (n = 0; n < db->count; n++)
		if (db->ptr[n] == p)
			return n + 1;
	return 0;
}

void handle_remove(struct handle_db *db, uint32_t h)
{
	if (h && h <= db->count)
		db->ptr[h - 1] = NULL;
}

void handle_db_release(struct handle_db *db)
{
	TEE_Free(db->ptr);
	db->ptr = NULL;
	db->count = 0;
}
