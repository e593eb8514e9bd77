/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA and subkey anti-rollback (OP-TEE's check_update_version() in
 * core/kernel/ree_fs_ta.c): the highest version loaded so far is kept per
 * UUID in a database; an image whose version is lower is refused, an
 * equal one loads, a higher one loads and raises the record.
 *
 * OP-TEE keeps "ta_ver.db" and "subkey_ver.db" as the TEE's own objects
 * in its secure storage.  teebox keeps files of those names in the secure
 * world's state directory, beside the HUK and the REE FS rollback
 * counter (nv_counter.h): out of reach of tee-supplicant and of the
 * normal world's requests.  Layout, little endian, as OP-TEE's:
 *
 *	db_version	u32, 0
 *	nb_entries	u32
 *	entries[]	{ uuid[16] (RFC 4122 octets), version u32 }
 */
#ifndef TEEBOX_SECURE_TA_VER_DB_H
#define TEEBOX_SECURE_TA_VER_DB_H

#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* The database of TA versions (struct shdr_bootstrap_ta's ta_version). */
#define TA_VER_DB "ta_ver.db"
/* The database of subkey versions (a subkey body's subkey_version). */
#define SUBKEY_VER_DB "subkey_ver.db"

/**
 * ta_ver_db_check_update() - refuse a rolled-back version, record a newer
 * @state_dir:	the secure world's state directory; NULL: no storage, so
 *		every version is accepted (OP-TEE built without secure
 *		storage does the same)
 * @db:		TA_VER_DB or SUBKEY_VER_DB
 * @uuid:	the TA's or the subkey's UUID, 16 RFC 4122 octets
 * @version:	the version of the image being loaded
 *
 * Call only once the image (or the subkey) is verified: the version it
 * carries is then the signer's.  Serialized against other loads.
 *
 * Return: TEE_SUCCESS; TEE_ERROR_ACCESS_CONFLICT if a higher version of
 * @uuid was loaded before; TEE_ERROR_BAD_STATE if the database is
 * damaged; TEE_ERROR_STORAGE_NOT_AVAILABLE if it cannot be read or
 * written; TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result ta_ver_db_check_update(const char *state_dir, const char *db,
				  const uint8_t uuid[16], uint32_t version);

#endif
