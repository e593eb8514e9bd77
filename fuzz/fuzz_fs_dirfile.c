// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_fs_dirfile: libFuzzer target for the dirf.db record decoder
 * (secure/fs_dirfile.c).  The input becomes the decrypted content of a
 * valid dirf.db tree built here (the records are what the decoder
 * parses once the tree verifies), then the directory is opened and
 * used: lookups, enumeration, a new record, a removal and a commit.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secure/fs_dirfile.h"
#include "secure/fs_htree.h"
#include "tests/unit/sw_mem_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t key[FS_HTREE_TSK_SIZE] = {9};

/* Bigger files than this are a full disk: hostile sizes cost no memory. */
#define FUZZ_FILE_MAX (1u << 24)

static void use_directory(struct fs_dirfile *df)
{
	struct dirfile_entry ent;
	TEE_UUID uuid = {0};
	uint32_t num;
	int idx = 0, n = 0;

	while (!fs_dirfile_next(df, &uuid, &idx, &ent) && n++ < 1000)
		idx++;
	fs_dirfile_find(df, &uuid, "", 0, &ent, &idx);
	if (!fs_dirfile_new_file_number(df, &num)) {
		memset(&ent, 0, sizeof(ent));
		ent.oidlen = 3;
		memcpy(ent.oid, "new", 3);
		ent.file_number = num;
		idx = -1;
		fs_dirfile_update(df, &ent, &idx);
	}
	if (!fs_dirfile_find(df, &uuid, "new", 3, NULL, &idx))
		fs_dirfile_remove(df, idx);
	fs_dirfile_commit(df);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mem_file f;
	struct fs_dirfile *df;
	struct fs_htree *ht;

	if (size > 64 * FS_DIRFILE_ENTRY_SIZE)
		return 0;
	mem_file_init(&f);
	f.max_size = FUZZ_FILE_MAX;
	if (fs_htree_open(&mem_file_ops, &f, key, NULL, 0, true, &ht))
		goto out;
	if (size)
		fs_htree_write(ht, 0, data, size);
	fs_htree_sync(ht, NULL);
	fs_htree_close(ht);
	if (fs_htree_open(&mem_file_ops, &f, key, NULL, 0, false, &ht))
		goto out;
	if (!fs_dirfile_open(ht, &df)) {
		use_directory(df);
		fs_dirfile_close(df);
	}
	fs_htree_close(ht);
out:
	mem_file_free(&f);
	return 0;
}
