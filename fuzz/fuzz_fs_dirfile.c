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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/**
 * struct fuzz_file - the file in memory
 * @data:	its bytes
 * @size:	its length
 */
struct fuzz_file {
	uint8_t *data;
	size_t size;
};

static const uint8_t key[FS_HTREE_TSK_SIZE] = {9};

static TEE_Result ff_read(void *io, uint64_t offs, void *buf, size_t len,
			  size_t *got)
{
	struct fuzz_file *f = io;

	*got = 0;
	if (offs >= f->size)
		return TEE_SUCCESS;
	*got = f->size - offs < len ? f->size - offs : len;
	memcpy(buf, f->data + offs, *got);
	return TEE_SUCCESS;
}

static TEE_Result ff_write(void *io, uint64_t offs, const void *buf, size_t len)
{
	struct fuzz_file *f = io;

	if (offs + len > f->size) {
		uint8_t *p = realloc(f->data, offs + len);

		if (!p)
			return TEE_ERROR_OUT_OF_MEMORY;
		memset(p + f->size, 0, offs + len - f->size);
		f->data = p;
		f->size = offs + len;
	}
	memcpy(f->data + offs, buf, len);
	return TEE_SUCCESS;
}

static TEE_Result ff_truncate(void *io, uint64_t len)
{
	struct fuzz_file *f = io;

	if (len < f->size)
		f->size = len;
	return TEE_SUCCESS;
}

static const struct fs_htree_io_ops ff_ops = {
	.read = ff_read,
	.write = ff_write,
	.truncate = ff_truncate,
};

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
	struct fuzz_file f = {0};
	struct fs_dirfile *df;
	struct fs_htree *ht;

	if (size > 64 * FS_DIRFILE_ENTRY_SIZE)
		return 0;
	if (fs_htree_open(&ff_ops, &f, key, NULL, 0, true, &ht))
		goto out;
	if (size)
		fs_htree_write(ht, 0, data, size);
	fs_htree_sync(ht, NULL);
	fs_htree_close(ht);
	if (fs_htree_open(&ff_ops, &f, key, NULL, 0, false, &ht))
		goto out;
	if (!fs_dirfile_open(ht, &df)) {
		use_directory(df);
		fs_dirfile_close(df);
	}
	fs_htree_close(ht);
out:
	free(f.data);
	return 0;
}
