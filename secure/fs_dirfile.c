// SPDX-License-Identifier: BSD-2-Clause
/*
 * dirf.db (fs_dirfile.h).
 *
 * Decoder: the records are read once at open, each checked and kept in
 * memory; later lookups use that copy, and every change is written
 * through to the tree, so memory and file agree at each commit.
 */
#include <stdlib.h>
#include <string.h>

#include <tbx/byteorder.h>

#include "fs_dirfile.h"

/* Offsets in the on-disk record. */
#define ENT_UUID	0
#define ENT_OID		16
#define ENT_OIDLEN	80
#define ENT_HASH	84
#define ENT_FILE_NUMBER 116

/**
 * struct fs_dirfile - the directory
 * @ht:		dirf.db
 * @ents:	the records by index
 * @used:	which of @ents hold an object
 * @nents:	records in the file
 * @files:	bitmap of file numbers in use or reserved
 */
struct fs_dirfile {
	struct fs_htree *ht;
	struct dirfile_entry *ents;
	bool *used;
	int nents;
	uint8_t files[FS_DIRFILE_MAX_FILES / 8];
};

static void uuid_encode(uint8_t *p, const TEE_UUID *u)
{
	tbx_put_le32(p, u->timeLow);
	p[4] = (uint8_t)u->timeMid;
	p[5] = (uint8_t)(u->timeMid >> 8);
	p[6] = (uint8_t)u->timeHiAndVersion;
	p[7] = (uint8_t)(u->timeHiAndVersion >> 8);
	memcpy(p + 8, u->clockSeqAndNode, 8);
}

static void uuid_decode(TEE_UUID *u, const uint8_t *p)
{
	u->timeLow = tbx_get_le32(p);
	u->timeMid = (uint16_t)(p[4] | p[5] << 8);
	u->timeHiAndVersion = (uint16_t)(p[6] | p[7] << 8);
	memcpy(u->clockSeqAndNode, p + 8, 8);
}

static void entry_encode(uint8_t *p, const struct dirfile_entry *e)
{
	memset(p, 0, FS_DIRFILE_ENTRY_SIZE);
	uuid_encode(p + ENT_UUID, &e->uuid);
	memcpy(p + ENT_OID, e->oid, e->oidlen);
	/* An empty id is told from a free record by oid[0] = 1. */
	if (!e->oidlen)
		p[ENT_OID] = 1;
	tbx_put_le32(p + ENT_OIDLEN, e->oidlen);
	memcpy(p + ENT_HASH, e->hash, FS_HTREE_HASH_SIZE);
	tbx_put_le32(p + ENT_FILE_NUMBER, e->file_number);
}

/* Return: 1 for an object, 0 for a free record, -1 for a bad one. */
static int entry_decode(struct dirfile_entry *e, const uint8_t *p)
{
	memset(e, 0, sizeof(*e));
	e->oidlen = tbx_get_le32(p + ENT_OIDLEN);
	if (!e->oidlen && !p[ENT_OID])
		return 0;
	if (e->oidlen > FS_DIRFILE_OID_MAX)
		return -1;
	uuid_decode(&e->uuid, p + ENT_UUID);
	memcpy(e->oid, p + ENT_OID, e->oidlen);
	memcpy(e->hash, p + ENT_HASH, FS_HTREE_HASH_SIZE);
	e->file_number = tbx_get_le32(p + ENT_FILE_NUMBER);
	if (e->file_number >= FS_DIRFILE_MAX_FILES)
		return -1;
	return 1;
}

static bool file_used(const struct fs_dirfile *df, uint32_t n)
{
	return df->files[n / 8] & (1u << (n % 8));
}

static void file_mark(struct fs_dirfile *df, uint32_t n, bool used)
{
	if (used)
		df->files[n / 8] |= (uint8_t)(1u << (n % 8));
	else
		df->files[n / 8] &= (uint8_t) ~(1u << (n % 8));
}

static TEE_Result grow(struct fs_dirfile *df, int n)
{
	struct dirfile_entry *e;
	bool *u;

	if (n > FS_DIRFILE_MAX_FILES * 2)
		return TEE_ERROR_STORAGE_NO_SPACE;
	e = realloc(df->ents, (size_t)n * sizeof(*e));
	if (!e)
		return TEE_ERROR_OUT_OF_MEMORY;
	df->ents = e;
	u = realloc(df->used, (size_t)n * sizeof(*u));
	if (!u)
		return TEE_ERROR_OUT_OF_MEMORY;
	df->used = u;
	for (int i = df->nents; i < n; i++)
		df->used[i] = false;
	return TEE_SUCCESS;
}

static TEE_Result read_entries(struct fs_dirfile *df)
{
	uint64_t len = fs_htree_length(df->ht);
	uint8_t raw[FS_DIRFILE_ENTRY_SIZE];
	uint64_t count = len / FS_DIRFILE_ENTRY_SIZE;
	TEE_Result res;

	if (count > FS_DIRFILE_MAX_FILES * 2)
		return TEE_ERROR_CORRUPT_OBJECT;
	res = grow(df, (int)count);
	if (res)
		return res;
	for (int i = 0; i < (int)count; i++) {
		struct dirfile_entry *e = &df->ents[i];
		size_t got;
		int kind;

		res = fs_htree_read(df->ht, (uint64_t)i * FS_DIRFILE_ENTRY_SIZE,
				    raw, sizeof(raw), &got);
		if (res)
			return res;
		if (got != sizeof(raw))
			return TEE_ERROR_CORRUPT_OBJECT;
		kind = entry_decode(e, raw);
		if (kind < 0)
			return TEE_ERROR_CORRUPT_OBJECT;
		df->nents = i + 1;
		if (!kind || file_used(df, e->file_number))
			continue;
		file_mark(df, e->file_number, true);
		df->used[i] = true;
	}
	return TEE_SUCCESS;
}

TEE_Result fs_dirfile_open(struct fs_htree *ht, struct fs_dirfile **df_out)
{
	struct fs_dirfile *df;
	TEE_Result res;

	df = calloc(1, sizeof(*df));
	if (!df)
		return TEE_ERROR_OUT_OF_MEMORY;
	df->ht = ht;
	res = read_entries(df);
	if (res) {
		fs_dirfile_close(df);
		return res;
	}
	*df_out = df;
	return TEE_SUCCESS;
}

void fs_dirfile_close(struct fs_dirfile *df)
{
	if (!df)
		return;
	free(df->ents);
	free(df->used);
	free(df);
}

TEE_Result fs_dirfile_find(struct fs_dirfile *df, const TEE_UUID *uuid,
			   const void *oid, size_t oidlen,
			   struct dirfile_entry *ent, int *idx)
{
	for (int i = 0; i < df->nents; i++) {
		const struct dirfile_entry *e = &df->ents[i];

		if (!df->used[i] || e->oidlen != oidlen ||
		    memcmp(&e->uuid, uuid, sizeof(*uuid)) ||
		    memcmp(e->oid, oid, oidlen))
			continue;
		if (ent)
			*ent = *e;
		if (idx)
			*idx = i;
		return TEE_SUCCESS;
	}
	return TEE_ERROR_ITEM_NOT_FOUND;
}

TEE_Result fs_dirfile_next(struct fs_dirfile *df, const TEE_UUID *uuid,
			   int *idx, struct dirfile_entry *ent)
{
	for (int i = *idx < 0 ? 0 : *idx; i < df->nents; i++) {
		if (!df->used[i] ||
		    memcmp(&df->ents[i].uuid, uuid, sizeof(*uuid)))
			continue;
		*ent = df->ents[i];
		*idx = i;
		return TEE_SUCCESS;
	}
	return TEE_ERROR_ITEM_NOT_FOUND;
}

TEE_Result fs_dirfile_new_file_number(struct fs_dirfile *df, uint32_t *num)
{
	for (uint32_t n = 0; n < FS_DIRFILE_MAX_FILES; n++) {
		if (!file_used(df, n)) {
			file_mark(df, n, true);
			*num = n;
			return TEE_SUCCESS;
		}
	}
	return TEE_ERROR_STORAGE_NO_SPACE;
}

void fs_dirfile_put_file_number(struct fs_dirfile *df, uint32_t num)
{
	if (num < FS_DIRFILE_MAX_FILES)
		file_mark(df, num, false);
}

static TEE_Result write_entry(struct fs_dirfile *df, int idx,
			      const uint8_t raw[FS_DIRFILE_ENTRY_SIZE])
{
	return fs_htree_write(df->ht, (uint64_t)idx * FS_DIRFILE_ENTRY_SIZE,
			      raw, FS_DIRFILE_ENTRY_SIZE);
}

TEE_Result fs_dirfile_update(struct fs_dirfile *df,
			     const struct dirfile_entry *ent, int *idx)
{
	uint8_t raw[FS_DIRFILE_ENTRY_SIZE];
	TEE_Result res;
	int i = *idx;

	if (ent->oidlen > FS_DIRFILE_OID_MAX ||
	    ent->file_number >= FS_DIRFILE_MAX_FILES)
		return TEE_ERROR_BAD_PARAMETERS;
	if (i < 0) {
		for (i = 0; i < df->nents && df->used[i]; i++)
			;
		if (i == df->nents) {
			res = grow(df, i + 1);
			if (res)
				return res;
		}
	} else if (i >= df->nents) {
		return TEE_ERROR_BAD_PARAMETERS;
	}
	entry_encode(raw, ent);
	res = write_entry(df, i, raw);
	if (res)
		return res;
	if (i == df->nents)
		df->nents++;
	df->ents[i] = *ent;
	df->used[i] = true;
	file_mark(df, ent->file_number, true);
	*idx = i;
	return TEE_SUCCESS;
}

TEE_Result fs_dirfile_remove(struct fs_dirfile *df, int idx)
{
	uint8_t raw[FS_DIRFILE_ENTRY_SIZE] = {0};
	TEE_Result res;

	if (idx < 0 || idx >= df->nents || !df->used[idx])
		return TEE_ERROR_BAD_PARAMETERS;
	res = write_entry(df, idx, raw);
	if (res)
		return res;
	df->used[idx] = false;
	return TEE_SUCCESS;
}

TEE_Result fs_dirfile_commit(struct fs_dirfile *df)
{
	TEE_Result res = fs_htree_sync(df->ht, NULL);

	if (!res)
		res = fs_htree_trim(df->ht);
	return res;
}
