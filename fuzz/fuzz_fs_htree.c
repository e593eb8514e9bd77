// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_fs_htree: libFuzzer target for the hash-tree file decoder
 * (secure/fs_htree.c), which reads files tee-supplicant returns.
 *
 * The first input byte picks what the rest is:
 *  - even: the raw file, opened by header counter and by a root hash
 *    taken from the input, then read whole;
 *  - odd: the content of a valid file built here with a fixed key, then
 *    patched by (u32 offset, u8 xor) triples from the input's tail, so
 *    mutations reach the node walk and block decryption past the
 *    header's authentication.
 * Either way the open must fail cleanly or the reads stay in bounds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

static const uint8_t key[FS_HTREE_TSK_SIZE] = {7};

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

	if (offs > (1u << 24) || len > (1u << 24))
		return TEE_ERROR_STORAGE_NO_SPACE;
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

static void read_whole(struct fuzz_file *f, const uint8_t *hash)
{
	struct fs_htree *ht;
	uint8_t buf[4096];
	uint64_t pos = 0;
	size_t got;

	if (fs_htree_open(&ff_ops, f, key, hash, 0, false, &ht))
		return;
	while (pos < fs_htree_length(ht) && pos < (1u << 20)) {
		if (fs_htree_read(ht, pos, buf, sizeof(buf), &got) || !got)
			break;
		pos += got;
	}
	/* A write and commit over what was read must not crash either. */
	if (!fs_htree_write(ht, pos / 2, buf, 100))
		fs_htree_sync(ht, NULL);
	fs_htree_close(ht);
}

/* A valid file with @len bytes of @content, then the patches. */
static void build_and_patch(struct fuzz_file *f, const uint8_t *content,
			    size_t len, const uint8_t *patches, size_t np,
			    uint8_t hash[FS_HTREE_HASH_SIZE])
{
	struct fs_htree *ht;

	if (fs_htree_open(&ff_ops, f, key, NULL, 0, true, &ht))
		return;
	fs_htree_write(ht, 0, content, len);
	fs_htree_sync(ht, hash);
	fs_htree_close(ht);
	for (size_t i = 0; i + 5 <= np; i += 5) {
		uint32_t off = patches[i] | patches[i + 1] << 8 |
			       patches[i + 2] << 16 |
			       (uint32_t)patches[i + 3] << 24;

		if (f->size)
			f->data[off % f->size] ^= patches[i + 4];
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t hash[FS_HTREE_HASH_SIZE] = {0};
	struct fuzz_file f = {0};

	if (!size)
		return 0;
	if (data[0] & 1) {
		/* byte 1: how much of the rest is content (x 64 bytes) */
		size_t clen = size > 1 ? (size_t)data[1] * 64 : 0;
		const uint8_t *rest = data + (size > 1 ? 2 : 1);
		size_t rlen = size - (size > 1 ? 2 : 1);

		if (clen > rlen)
			clen = rlen;
		build_and_patch(&f, rest, clen, rest + clen, rlen - clen, hash);
	} else {
		f.size = size - 1;
		f.data = malloc(f.size ? f.size : 1);
		if (!f.data)
			return 0;
		memcpy(f.data, data + 1, f.size);
		if (size > 1 + FS_HTREE_HASH_SIZE)
			memcpy(hash, data + 1, FS_HTREE_HASH_SIZE);
	}
	read_whole(&f, NULL);
	read_whole(&f, hash);
	free(f.data);
	return 0;
}
