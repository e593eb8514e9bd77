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
#include "tests/unit/sw_mem_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t key[FS_HTREE_TSK_SIZE] = {7};

/* Bigger files than this are a full disk: hostile sizes cost no memory. */
#define FUZZ_FILE_MAX (1u << 24)

static void read_whole(struct mem_file *f, const uint8_t *hash)
{
	struct fs_htree *ht;
	uint8_t buf[4096];
	uint64_t pos = 0;
	size_t got;

	if (fs_htree_open(&mem_file_ops, f, key, hash, 0, false, &ht))
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
static void build_and_patch(struct mem_file *f, const uint8_t *content,
			    size_t len, const uint8_t *patches, size_t np,
			    uint8_t hash[FS_HTREE_HASH_SIZE])
{
	struct fs_htree *ht;

	if (fs_htree_open(&mem_file_ops, f, key, NULL, 0, true, &ht))
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
	struct mem_file f;

	if (!size)
		return 0;
	mem_file_init(&f);
	f.max_size = FUZZ_FILE_MAX;
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
	mem_file_free(&f);
	return 0;
}
