// SPDX-License-Identifier: BSD-2-Clause
/*
 * Hash-tree files (fs_htree.h), in OP-TEE's on-disk format.
 *
 * Decoder: every header and node is read once into a private copy and
 * nothing in it is used before it verifies.  The header's imeta must
 * decrypt with the FEK under an AAD that binds the root hash and the
 * counter; each node's hash is recomputed from its own fields and its
 * children's hashes; each data block must decrypt with its node's IV and
 * tag.  A short read is corruption, not an end of file.
 *
 * In memory the tree is an array of nodes by id (root 1, children of n
 * at 2n and 2n + 1), so a walk from the highest id down visits children
 * before parents: that is the commit order.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <tbx/byteorder.h>

#include "fs_htree.h"
#include "tee_fs_key_manager.h"

#define BLOCK_SHIFT	12
#define NODES_PER_BLOCK (FS_HTREE_BLOCK_SIZE / (2 * FS_HTREE_NODE_IMAGE_SIZE))
#define IV_SIZE		16
#define TAG_SIZE	16
#define IMETA_SIZE	16
/* Bytes of the root hash in the header's AAD (HASH_SIZE_COMPAT=y). */
#define HEAD_AAD_HASH_SIZE 16
/* Node flags. */
#define NODE_COMMITTED_BLOCK	0x1u
#define NODE_COMMITTED_CHILD(n) (0x2u << (n))
/* Data blocks one read request carries at most (their span: twice). */
#define READ_RUN_BLOCKS 16
/* Bytes of a node block that hold node images (both slots of each). */
#define NODE_BLOCK_USED (NODES_PER_BLOCK * 2 * FS_HTREE_NODE_IMAGE_SIZE)
/* Most nodes: enough for FS_HTREE_MAX_LENGTH bytes of data. */
#define MAX_NODES ((uint32_t)(FS_HTREE_MAX_LENGTH >> BLOCK_SHIFT) + 2)

/* Offsets in tee_fs_htree_image. */
#define HEAD_IV	     0
#define HEAD_TAG     16
#define HEAD_ENC_FEK 32
#define HEAD_IMETA   48
#define HEAD_COUNTER 64

/**
 * struct htree_node - a node of the tree, as in memory
 * @hash:	its hash (as stored; recomputed before it is written)
 * @iv:		IV of its data block
 * @tag:	GCM tag of its data block
 * @flags:	NODE_COMMITTED_*
 * @dirty:	changed since the last commit: written at the next
 * @block_updated: its block went to the other slot in this cycle
 */
struct htree_node {
	uint8_t hash[FS_HTREE_HASH_SIZE];
	uint8_t iv[IV_SIZE];
	uint8_t tag[TAG_SIZE];
	uint16_t flags;
	bool dirty;
	bool block_updated;
};

/**
 * struct fs_htree - an open hash-tree file
 * @ops, @io:	its file
 * @fek:	the file key, plain
 * @enc_fek:	the file key wrapped with the TSK, as in the header
 * @counter:	header counter of the committed version
 * @length:	data length (imeta)
 * @max_node_id: nodes in use (imeta)
 * @nodes:	nodes by id - 1; entries past @max_node_id keep the state of
 *		nodes cut off by a truncation in this cycle, so a node that
 *		comes back still knows which slots the committed version uses
 * @nalloc:	entries in @nodes
 * @dirty:	something changed since the last commit
 * @trim:	a commit shortened the data: fs_htree_trim() has work
 * @broken:	an I/O error left memory and file apart: no more changes
 */
struct fs_htree {
	const struct fs_htree_io_ops *ops;
	void *io;
	uint8_t fek[FS_HTREE_FEK_SIZE];
	uint8_t enc_fek[FS_HTREE_FEK_SIZE];
	uint32_t counter;
	uint64_t length;
	uint32_t max_node_id;
	struct htree_node *nodes;
	uint32_t nalloc;
	bool dirty;
	bool trim;
	bool broken;
};

uint64_t fs_htree_node_offset(uint32_t id, unsigned int slot)
{
	uint64_t n = id - 1;

	return ((1 + n / NODES_PER_BLOCK * 62) << BLOCK_SHIFT) +
	       2 * FS_HTREE_NODE_IMAGE_SIZE * (n % NODES_PER_BLOCK) +
	       FS_HTREE_NODE_IMAGE_SIZE * slot;
}

uint64_t fs_htree_block_offset(uint64_t block, unsigned int slot)
{
	uint64_t i = 2 * block + slot;

	return (2 + i + i / 61) << BLOCK_SHIFT;
}

static uint64_t num_blocks(uint64_t length)
{
	return (length + FS_HTREE_BLOCK_SIZE - 1) >> BLOCK_SHIFT;
}

/*
 * Nodes in the tree.  OP-TEE leaves imeta's max_node_id at 0 while the
 * root is the only node (get_node() only raises it for a new node), so
 * 0 and 1 both mean "the root alone".
 */
static uint32_t last_node(const struct fs_htree *ht)
{
	return ht->max_node_id ? ht->max_node_id : 1;
}

static struct htree_node *node_of(struct fs_htree *ht, uint32_t id)
{
	return &ht->nodes[id - 1];
}

/* Exactly @len bytes at @offs, or corruption. */
static TEE_Result io_read_exact(struct fs_htree *ht, uint64_t offs, void *buf,
				size_t len)
{
	size_t got = 0;
	TEE_Result res;

	res = ht->ops->read(ht->io, offs, buf, len, &got);
	if (res)
		return res;
	return got == len ? TEE_SUCCESS : TEE_ERROR_CORRUPT_OBJECT;
}

static TEE_Result io_write(struct fs_htree *ht, uint64_t offs, const void *buf,
			   size_t len)
{
	TEE_Result res = ht->ops->write(ht->io, offs, buf, len);

	if (res)
		ht->broken = true;
	return res;
}

static void node_to_image(const struct htree_node *n,
			  uint8_t img[FS_HTREE_NODE_IMAGE_SIZE])
{
	memcpy(img, n->hash, FS_HTREE_HASH_SIZE);
	memcpy(img + 32, n->iv, IV_SIZE);
	memcpy(img + 48, n->tag, TAG_SIZE);
	tbx_put_le16(img + 64, n->flags);
}

static void node_from_image(struct htree_node *n,
			    const uint8_t img[FS_HTREE_NODE_IMAGE_SIZE])
{
	memcpy(n->hash, img, FS_HTREE_HASH_SIZE);
	memcpy(n->iv, img + 32, IV_SIZE);
	memcpy(n->tag, img + 48, TAG_SIZE);
	n->flags = (uint16_t)(img[64] | img[65] << 8);
}

/*
 * SHA-256(iv || tag || flags || [root: length] || children's hashes):
 * OP-TEE's calc_node_hash().
 */
static TEE_Result node_hash(struct fs_htree *ht, uint32_t id,
			    uint8_t out[FS_HTREE_HASH_SIZE])
{
	uint8_t img[FS_HTREE_NODE_IMAGE_SIZE], meta[8];
	TEE_Result res = TEE_ERROR_GENERIC;
	unsigned int len = 0;
	EVP_MD_CTX *md;

	md = EVP_MD_CTX_new();
	if (!md)
		return TEE_ERROR_OUT_OF_MEMORY;
	node_to_image(node_of(ht, id), img);
	if (EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1 ||
	    EVP_DigestUpdate(md, img + FS_HTREE_HASH_SIZE,
			     sizeof(img) - FS_HTREE_HASH_SIZE) != 1)
		goto out;
	if (id == 1) {
		tbx_put_le64(meta, ht->length);
		if (EVP_DigestUpdate(md, meta, sizeof(meta)) != 1)
			goto out;
	}
	for (uint32_t c = 2 * id; c <= 2 * id + 1; c++)
		if (c <= ht->max_node_id &&
		    EVP_DigestUpdate(md, node_of(ht, c)->hash,
				     FS_HTREE_HASH_SIZE) != 1)
			goto out;
	if (EVP_DigestFinal_ex(md, out, &len) == 1 && len == FS_HTREE_HASH_SIZE)
		res = TEE_SUCCESS;
out:
	EVP_MD_CTX_free(md);
	return res;
}

/*
 * AES-128-GCM with a 16-byte IV.  Decryption failing to verify is
 * TEE_ERROR_CORRUPT_OBJECT.
 */
static TEE_Result gcm(const uint8_t key[FS_HTREE_FEK_SIZE], bool encrypt,
		      const uint8_t iv[IV_SIZE], const uint8_t *aad1,
		      size_t aad1_len, const uint8_t *aad2, size_t aad2_len,
		      const uint8_t *in, uint8_t *out, size_t len,
		      uint8_t tag[TAG_SIZE])
{
	TEE_Result res = TEE_ERROR_GENERIC;
	EVP_CIPHER_CTX *ctx;
	int n = 0;

	ctx = EVP_CIPHER_CTX_new();
	if (!ctx)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (EVP_CipherInit_ex(ctx, EVP_aes_128_gcm(), NULL, NULL, NULL,
			      encrypt) != 1 ||
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, IV_SIZE, NULL) !=
		    1 ||
	    EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, encrypt) != 1)
		goto out;
	if ((aad1_len &&
	     EVP_CipherUpdate(ctx, NULL, &n, aad1, (int)aad1_len) != 1) ||
	    (aad2_len &&
	     EVP_CipherUpdate(ctx, NULL, &n, aad2, (int)aad2_len) != 1))
		goto out;
	if (EVP_CipherUpdate(ctx, out, &n, in, (int)len) != 1 ||
	    (size_t)n != len)
		goto out;
	if (!encrypt) {
		if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, TAG_SIZE,
					tag) != 1)
			goto out;
		res = EVP_CipherFinal_ex(ctx, out + len, &n) == 1
			      ? TEE_SUCCESS
			      : TEE_ERROR_CORRUPT_OBJECT;
		goto out;
	}
	if (EVP_CipherFinal_ex(ctx, out + len, &n) == 1 &&
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, TAG_SIZE, tag) == 1)
		res = TEE_SUCCESS;
out:
	EVP_CIPHER_CTX_free(ctx);
	return res;
}

/* The header AAD: root hash (first 16 bytes), counter, enc_fek, iv. */
static void head_aad(const struct fs_htree *ht, uint32_t counter,
		     const uint8_t iv[IV_SIZE], uint8_t aad[52])
{
	memcpy(aad, ht->nodes[0].hash, HEAD_AAD_HASH_SIZE);
	tbx_put_le32(aad + HEAD_AAD_HASH_SIZE, counter);
	memcpy(aad + 20, ht->enc_fek, FS_HTREE_FEK_SIZE);
	memcpy(aad + 36, iv, IV_SIZE);
}

/* Makes room for nodes up to @id. */
static TEE_Result grow_nodes(struct fs_htree *ht, uint32_t id)
{
	struct htree_node *n;
	uint32_t want;

	if (id <= ht->nalloc)
		return TEE_SUCCESS;
	if (id > MAX_NODES)
		return TEE_ERROR_STORAGE_NO_SPACE;
	want = ht->nalloc ? ht->nalloc : 8;
	while (want < id)
		want = want > MAX_NODES / 2 ? MAX_NODES : 2 * want;
	n = realloc(ht->nodes, (size_t)want * sizeof(*n));
	if (!n)
		return TEE_ERROR_OUT_OF_MEMORY;
	memset(n + ht->nalloc, 0, (size_t)(want - ht->nalloc) * sizeof(*n));
	ht->nodes = n;
	ht->nalloc = want;
	return TEE_SUCCESS;
}

/*
 * Nodes up to @id exist.  A new node and its parent change, so both are
 * dirty; a node that comes back after a truncation keeps its flags.
 */
static TEE_Result get_node(struct fs_htree *ht, uint32_t id)
{
	TEE_Result res = grow_nodes(ht, id);

	if (res)
		return res;
	for (uint32_t nid = last_node(ht) + 1; nid <= id; nid++) {
		node_of(ht, nid)->dirty = true;
		node_of(ht, nid / 2)->dirty = true;
		ht->dirty = true;
		ht->max_node_id = nid;
	}
	return TEE_SUCCESS;
}

/* Reads node @id from @slot. */
static TEE_Result read_node(struct fs_htree *ht, uint32_t id, unsigned int slot)
{
	uint8_t img[FS_HTREE_NODE_IMAGE_SIZE];
	TEE_Result res;

	res = io_read_exact(ht, fs_htree_node_offset(id, slot), img,
			    sizeof(img));
	if (!res)
		node_from_image(node_of(ht, id), img);
	return res;
}

/*
 * Nodes [@first, @last] (one node block) from the slots their parents
 * name, read in one request; their parents are read already.
 */
static TEE_Result read_nodes(struct fs_htree *ht, uint32_t first, uint32_t last)
{
	uint8_t blk[NODE_BLOCK_USED];
	uint64_t base = fs_htree_node_offset(first, 0);
	size_t span = (size_t)(fs_htree_node_offset(last, 1) +
			       FS_HTREE_NODE_IMAGE_SIZE - base);
	TEE_Result res = TEE_SUCCESS;
	size_t got = 0;

	if (first < last)
		res = ht->ops->read(ht->io, base, blk, span, &got);
	for (uint32_t id = first; !res && id <= last; id++) {
		const struct htree_node *p = node_of(ht, id / 2);
		unsigned int slot = !!(p->flags & NODE_COMMITTED_CHILD(id & 1));
		uint64_t at = fs_htree_node_offset(id, slot) - base;

		/* Short (the file ends in a slot no one uses): node by node. */
		if (got == span)
			node_from_image(node_of(ht, id), blk + at);
		else
			res = read_node(ht, id, slot);
	}
	return res;
}

/* Every node below the root, then every hash checked. */
static TEE_Result read_tree(struct fs_htree *ht)
{
	uint8_t hash[FS_HTREE_HASH_SIZE];
	TEE_Result res;

	res = grow_nodes(ht, ht->max_node_id);
	if (res)
		return res;
	/* A node block at a time: one request per 31 nodes. */
	for (uint32_t id = 2; id <= ht->max_node_id;) {
		uint32_t end =
			((id - 1) / NODES_PER_BLOCK + 1) * NODES_PER_BLOCK;

		if (end > ht->max_node_id)
			end = ht->max_node_id;
		res = read_nodes(ht, id, end);
		if (res)
			return res;
		id = end + 1;
	}
	for (uint32_t id = last_node(ht); id >= 1; id--) {
		res = node_hash(ht, id, hash);
		if (res)
			return res;
		if (CRYPTO_memcmp(hash, node_of(ht, id)->hash, sizeof(hash)))
			return TEE_ERROR_CORRUPT_OBJECT;
	}
	return TEE_SUCCESS;
}

/* Decrypts the header image @img into the tree's meta data. */
static TEE_Result load_head(struct fs_htree *ht,
			    const uint8_t tsk[FS_HTREE_TSK_SIZE],
			    const uint8_t img[FS_HTREE_IMAGE_SIZE])
{
	uint8_t aad[52], imeta[IMETA_SIZE + 16], tag[TAG_SIZE];
	uint32_t counter = tbx_get_le32(img + HEAD_COUNTER);
	TEE_Result res;

	memcpy(ht->enc_fek, img + HEAD_ENC_FEK, FS_HTREE_FEK_SIZE);
	res = tee_fs_fek_crypt(tsk, false, ht->enc_fek, ht->fek);
	if (res)
		return res;
	head_aad(ht, counter, img + HEAD_IV, aad);
	memcpy(tag, img + HEAD_TAG, TAG_SIZE);
	res = gcm(ht->fek, false, img + HEAD_IV, aad, sizeof(aad), NULL, 0,
		  img + HEAD_IMETA, imeta, IMETA_SIZE, tag);
	if (res)
		goto out;
	ht->counter = counter;
	ht->length = tbx_get_le64(imeta);
	ht->max_node_id = tbx_get_le32(imeta + 8);
	if (ht->length > FS_HTREE_MAX_LENGTH || ht->max_node_id > MAX_NODES ||
	    num_blocks(ht->length) > last_node(ht))
		res = TEE_ERROR_CORRUPT_OBJECT;
out:
	OPENSSL_cleanse(imeta, sizeof(imeta));
	return res;
}

/*
 * Which header is current without a known root hash: even counters are
 * written to slot 0, odd ones to slot 1.
 */
static TEE_Result choose_slot(uint32_t c0, uint32_t c1, unsigned int *slot)
{
	bool odd0 = c0 & 1, odd1 = c1 & 1;

	if (!odd0 && !odd1)
		*slot = 0;
	else if (!odd0 && odd1)
		*slot = c0 > c1 ? 0 : 1;
	else if (odd0 && !odd1)
		return TEE_ERROR_SECURITY;
	else
		*slot = 1;
	return TEE_SUCCESS;
}

static const uint8_t zero_tag[TAG_SIZE];

static TEE_Result open_by_counter(struct fs_htree *ht,
				  const uint8_t tsk[FS_HTREE_TSK_SIZE])
{
	uint8_t img[2][FS_HTREE_IMAGE_SIZE];
	unsigned int slot;
	TEE_Result res;
	size_t got = 0;

	/* Both headers, back to back; an empty file was never committed. */
	res = ht->ops->read(ht->io, 0, img, sizeof(img), &got);
	if (res)
		return res;
	if (!got)
		return TEE_ERROR_ITEM_NOT_FOUND;
	if (got != sizeof(img))
		return TEE_ERROR_CORRUPT_OBJECT;
	res = choose_slot(tbx_get_le32(img[0] + HEAD_COUNTER),
			  tbx_get_le32(img[1] + HEAD_COUNTER), &slot);
	if (res)
		return res;
	/* Counter 0 and no tag: created, never committed (a crash). */
	if (!tbx_get_le32(img[slot] + HEAD_COUNTER) &&
	    !memcmp(img[slot] + HEAD_TAG, zero_tag, TAG_SIZE))
		return TEE_ERROR_ITEM_NOT_FOUND;
	res = read_node(ht, 1, slot);
	if (res)
		return res;
	return load_head(ht, tsk, img[slot]);
}

static TEE_Result open_by_hash(struct fs_htree *ht,
			       const uint8_t tsk[FS_HTREE_TSK_SIZE],
			       const uint8_t hash[FS_HTREE_HASH_SIZE])
{
	uint8_t img[FS_HTREE_IMAGE_SIZE];
	unsigned int slot;
	TEE_Result res;

	for (slot = 0; slot < 2; slot++) {
		res = read_node(ht, 1, slot);
		if (res)
			return res;
		if (!CRYPTO_memcmp(ht->nodes[0].hash, hash, FS_HTREE_HASH_SIZE))
			break;
	}
	if (slot == 2)
		return TEE_ERROR_CORRUPT_OBJECT;
	res = io_read_exact(ht, (uint64_t)FS_HTREE_IMAGE_SIZE * slot, img,
			    sizeof(img));
	if (res)
		return res;
	return load_head(ht, tsk, img);
}

/* A new, empty tree: committed once into slot 1, slot 0 a blank header. */
static TEE_Result create_tree(struct fs_htree *ht,
			      const uint8_t tsk[FS_HTREE_TSK_SIZE])
{
	uint8_t blank[FS_HTREE_IMAGE_SIZE] = {0};
	TEE_Result res;

	res = tee_fs_fek_generate(tsk, ht->fek, ht->enc_fek);
	if (res)
		return res;
	ht->max_node_id = 0;
	ht->nodes[0].dirty = true;
	ht->dirty = true;
	res = fs_htree_sync(ht, NULL);
	if (res)
		return res;
	return io_write(ht, 0, blank, sizeof(blank));
}

TEE_Result fs_htree_open(const struct fs_htree_io_ops *ops, void *io,
			 const uint8_t tsk[FS_HTREE_TSK_SIZE],
			 const uint8_t *hash, uint32_t min_counter, bool create,
			 struct fs_htree **ht_out)
{
	struct fs_htree *ht;
	TEE_Result res;

	ht = calloc(1, sizeof(*ht));
	if (!ht)
		return TEE_ERROR_OUT_OF_MEMORY;
	ht->ops = ops;
	ht->io = io;
	res = grow_nodes(ht, 1);
	if (res)
		goto err;
	if (create) {
		res = create_tree(ht, tsk);
		goto done;
	}
	res = hash ? open_by_hash(ht, tsk, hash) : open_by_counter(ht, tsk);
	if (res)
		goto err;
	if (ht->counter < min_counter) {
		res = TEE_ERROR_SECURITY;
		goto err;
	}
	res = read_tree(ht);
done:
	if (res)
		goto err;
	*ht_out = ht;
	return TEE_SUCCESS;
err:
	fs_htree_close(ht);
	return res;
}

void fs_htree_close(struct fs_htree *ht)
{
	if (!ht)
		return;
	OPENSSL_cleanse(ht->fek, sizeof(ht->fek));
	free(ht->nodes);
	free(ht);
}

uint64_t fs_htree_length(const struct fs_htree *ht)
{
	return ht->length;
}

uint32_t fs_htree_counter(const struct fs_htree *ht)
{
	return ht->counter;
}

static TEE_Result read_block(struct fs_htree *ht, uint64_t b, uint8_t *out)
{
	uint8_t *enc;
	struct htree_node *n = node_of(ht, (uint32_t)b + 1);
	TEE_Result res;

	enc = malloc(FS_HTREE_BLOCK_SIZE);
	if (!enc)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = io_read_exact(
		ht, fs_htree_block_offset(b, n->flags & NODE_COMMITTED_BLOCK),
		enc, FS_HTREE_BLOCK_SIZE);
	if (!res)
		res = gcm(ht->fek, false, n->iv, ht->enc_fek, FS_HTREE_FEK_SIZE,
			  n->iv, IV_SIZE, enc, out, FS_HTREE_BLOCK_SIZE,
			  n->tag);
	free(enc);
	return res;
}

/*
 * Encrypts block @b from @in into @enc for the slot the committed
 * version does not use; *@offs: where it goes.
 */
static TEE_Result seal_block(struct fs_htree *ht, uint64_t b, const uint8_t *in,
			     uint8_t *enc, uint64_t *offs)
{
	struct htree_node *n;
	TEE_Result res;

	res = get_node(ht, (uint32_t)b + 1);
	if (res)
		return res;
	n = node_of(ht, (uint32_t)b + 1);
	if (!n->block_updated) {
		n->flags ^= NODE_COMMITTED_BLOCK;
		n->block_updated = true;
	}
	n->dirty = true;
	ht->dirty = true;
	res = TEE_ERROR_GENERIC;
	if (getrandom(n->iv, IV_SIZE, 0) == IV_SIZE)
		res = gcm(ht->fek, true, n->iv, ht->enc_fek, FS_HTREE_FEK_SIZE,
			  n->iv, IV_SIZE, in, enc, FS_HTREE_BLOCK_SIZE, n->tag);
	/* The node names a slot that does not hold its block. */
	if (res)
		ht->broken = true;
	*offs = fs_htree_block_offset(b, n->flags & NODE_COMMITTED_BLOCK);
	return res;
}

/*
 * Writes the @n sealed blocks in @enc, at @offs each (rising), in one
 * request: the span from the first to the last is read, the blocks laid
 * over it and the span written.  The bytes between them (the committed
 * slots, a node block) go back as they were read, so a crash during the
 * write leaves the committed version as valid as a crash between two
 * single writes would.  The request is written by @buf's owner.
 */
static TEE_Result write_sealed(struct fs_htree *ht, size_t n,
			       const uint64_t *offs, const uint8_t *enc,
			       uint8_t *buf)
{
	uint64_t lo = offs[0];
	size_t span = (size_t)(offs[n - 1] + FS_HTREE_BLOCK_SIZE - lo);
	TEE_Result res;
	size_t got = 0;

	if (n == 1)
		return io_write(ht, lo, enc, FS_HTREE_BLOCK_SIZE);
	res = ht->ops->read(ht->io, lo, buf, span, &got);
	if (res) {
		ht->broken = true;
		return res;
	}
	/* Past the end of the file: nothing there yet. */
	memset(buf + got, 0, span - got);
	for (size_t i = 0; i < n; i++)
		memcpy(buf + (offs[i] - lo), enc + i * FS_HTREE_BLOCK_SIZE,
		       FS_HTREE_BLOCK_SIZE);
	return io_write(ht, lo, buf, span);
}

/* Where block @b of the committed version is. */
static uint64_t committed_block_offset(struct fs_htree *ht, uint64_t b)
{
	const struct htree_node *n = node_of(ht, (uint32_t)b + 1);

	return fs_htree_block_offset(b, n->flags & NODE_COMMITTED_BLOCK);
}

/*
 * Blocks [@b, @b + @n) of the committed version into @out, with one read
 * of the file span that holds them (their other slots and any node block
 * between come along and are skipped): one FS request instead of @n.
 */
static TEE_Result read_blocks(struct fs_htree *ht, uint64_t b, size_t n,
			      uint8_t *out)
{
	uint64_t first = committed_block_offset(ht, b);
	uint64_t span = committed_block_offset(ht, b + n - 1) +
			FS_HTREE_BLOCK_SIZE - first;
	TEE_Result res;
	uint8_t *enc;

	if (n == 1)
		return read_block(ht, b, out);
	enc = malloc((size_t)span);
	if (!enc)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = io_read_exact(ht, first, enc, (size_t)span);
	for (size_t i = 0; !res && i < n; i++) {
		struct htree_node *nd = node_of(ht, (uint32_t)(b + i) + 1);
		uint64_t at = committed_block_offset(ht, b + i) - first;

		res = gcm(ht->fek, false, nd->iv, ht->enc_fek,
			  FS_HTREE_FEK_SIZE, nd->iv, IV_SIZE, enc + at,
			  out + i * FS_HTREE_BLOCK_SIZE, FS_HTREE_BLOCK_SIZE,
			  nd->tag);
	}
	free(enc);
	return res;
}

TEE_Result fs_htree_read(struct fs_htree *ht, uint64_t pos, void *buf,
			 size_t len, size_t *got)
{
	const size_t bufsz = READ_RUN_BLOCKS * FS_HTREE_BLOCK_SIZE;
	uint8_t *blk;
	uint8_t *dst = buf;
	TEE_Result res = TEE_SUCCESS;

	*got = 0;
	if (pos >= ht->length)
		return TEE_SUCCESS;
	if (len > ht->length - pos)
		len = (size_t)(ht->length - pos);
	if (!len)
		return TEE_SUCCESS;
	blk = malloc(bufsz);
	if (!blk)
		return TEE_ERROR_OUT_OF_MEMORY;
	while (len) {
		uint64_t b = pos >> BLOCK_SHIFT;
		size_t off = pos & (FS_HTREE_BLOCK_SIZE - 1);
		uint64_t last = (pos + len - 1) >> BLOCK_SHIFT;
		size_t nb = last - b + 1 > READ_RUN_BLOCKS ? READ_RUN_BLOCKS
							   : last - b + 1;
		size_t n = nb * FS_HTREE_BLOCK_SIZE - off;

		if (n > len)
			n = len;
		res = read_blocks(ht, b, nb, blk);
		if (res)
			break;
		memcpy(dst, blk + off, n);
		dst += n;
		pos += n;
		len -= n;
		*got += n;
	}
	OPENSSL_cleanse(blk, bufsz);
	free(blk);
	return res;
}

/* A run of up to READ_RUN_BLOCKS blocks being written. */
struct write_run {
	size_t n;
	uint64_t offs[READ_RUN_BLOCKS];
	uint8_t *enc;  /* READ_RUN_BLOCKS sealed blocks */
	uint8_t *span; /* their span in the file: twice that and a node block */
};

#define RUN_SPAN_SIZE ((2 * READ_RUN_BLOCKS + 1) * FS_HTREE_BLOCK_SIZE)

static TEE_Result flush_run(struct fs_htree *ht, struct write_run *r)
{
	TEE_Result res = TEE_SUCCESS;

	if (r->n)
		res = write_sealed(ht, r->n, r->offs, r->enc, r->span);
	r->n = 0;
	if (res)
		ht->broken = true;
	return res;
}

/*
 * Writes @len bytes of @src (zeros if NULL) at @pos: whole blocks are
 * read, changed, sealed and written back, up to READ_RUN_BLOCKS of them
 * in one request.  Bytes between the end and @pos must be filled by the
 * caller (write_range() of zeros) first.
 */
static TEE_Result write_range(struct fs_htree *ht, uint64_t pos,
			      const uint8_t *src, size_t len)
{
	uint64_t old_blocks = num_blocks(ht->length);
	struct write_run r = {0};
	uint8_t *blk;
	TEE_Result res = TEE_ERROR_OUT_OF_MEMORY;

	blk = malloc(FS_HTREE_BLOCK_SIZE);
	r.enc = malloc(READ_RUN_BLOCKS * FS_HTREE_BLOCK_SIZE);
	r.span = malloc(RUN_SPAN_SIZE);
	if (!blk || !r.enc || !r.span)
		goto out;
	res = TEE_SUCCESS;
	while (len) {
		uint64_t b = pos >> BLOCK_SHIFT;
		size_t off = pos & (FS_HTREE_BLOCK_SIZE - 1);
		size_t n = FS_HTREE_BLOCK_SIZE - off;

		if (n > len)
			n = len;
		if (n < FS_HTREE_BLOCK_SIZE && b < old_blocks)
			res = read_block(ht, b, blk);
		else
			memset(blk, 0, FS_HTREE_BLOCK_SIZE);
		if (res)
			break;
		if (src)
			memcpy(blk + off, src, n);
		else
			memset(blk + off, 0, n);
		res = seal_block(ht, b, blk, r.enc + r.n * FS_HTREE_BLOCK_SIZE,
				 &r.offs[r.n]);
		if (res) {
			/* No room for a node: what is sealed still goes out. */
			if (!ht->broken)
				(void)flush_run(ht, &r);
			break;
		}
		if (++r.n == READ_RUN_BLOCKS)
			res = flush_run(ht, &r);
		if (res)
			break;
		if (src)
			src += n;
		pos += n;
		len -= n;
		if (pos > ht->length)
			ht->length = pos;
	}
	if (!res)
		res = flush_run(ht, &r);
out:
	if (blk)
		OPENSSL_cleanse(blk, FS_HTREE_BLOCK_SIZE);
	free(blk);
	free(r.enc);
	free(r.span);
	return res;
}

/* Zeros from the end up to @pos, so a gap never shows old bytes. */
static TEE_Result extend_to(struct fs_htree *ht, uint64_t pos)
{
	uint64_t end = ht->length;

	if (pos <= end)
		return TEE_SUCCESS;
	/* The gap may exceed size_t on 32-bit hosts: go in steps. */
	while (end < pos) {
		uint64_t step = pos - end;
		TEE_Result res;

		if (step > (1u << 20))
			step = 1u << 20;
		res = write_range(ht, end, NULL, (size_t)step);
		if (res)
			return res;
		end += step;
	}
	return TEE_SUCCESS;
}

TEE_Result fs_htree_write(struct fs_htree *ht, uint64_t pos, const void *buf,
			  size_t len)
{
	TEE_Result res;

	if (ht->broken)
		return TEE_ERROR_CORRUPT_OBJECT;
	if (pos > FS_HTREE_MAX_LENGTH || len > FS_HTREE_MAX_LENGTH - pos)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (!len)
		return TEE_SUCCESS;
	res = extend_to(ht, pos);
	if (!res)
		res = write_range(ht, pos, buf, len);
	return res;
}

TEE_Result fs_htree_truncate(struct fs_htree *ht, uint64_t len)
{
	uint32_t keep;

	if (ht->broken)
		return TEE_ERROR_CORRUPT_OBJECT;
	if (len > FS_HTREE_MAX_LENGTH)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (len >= ht->length)
		return extend_to(ht, len);
	ht->length = len;
	ht->dirty = true;
	ht->trim = true;
	/* As OP-TEE: nodes up to block len / 4096 stay. */
	keep = (uint32_t)(len >> BLOCK_SHIFT) + 1;
	while (ht->max_node_id > keep) {
		node_of(ht, ht->max_node_id / 2)->dirty = true;
		ht->max_node_id--;
	}
	return TEE_SUCCESS;
}

/**
 * struct node_batch - the node images of one commit that fall in one
 * node block, written together
 * @group:	the node block (node id - 1) / NODES_PER_BLOCK, or -1: empty
 * @n:		images held
 * @offs:	each one's file offset
 * @img:	the images
 */
struct node_batch {
	int64_t group;
	unsigned int n;
	uint64_t offs[NODES_PER_BLOCK];
	uint8_t img[NODES_PER_BLOCK][FS_HTREE_NODE_IMAGE_SIZE];
};

/*
 * Writes the batch.  More than one image: the span from the first to the
 * last is read, the images laid over it and the span written in one
 * request.  The bytes between them are the other slots, written back as
 * they were read: the committed version's nodes keep their bytes, so a
 * crash during the write leaves them as valid as a crash between two
 * single writes would.
 */
static TEE_Result flush_nodes(struct fs_htree *ht, struct node_batch *nb)
{
	uint8_t blk[NODE_BLOCK_USED];
	uint64_t lo = UINT64_MAX, hi = 0;
	TEE_Result res;
	size_t got = 0;

	if (nb->n <= 1) {
		res = nb->n ? io_write(ht, nb->offs[0], nb->img[0],
				       FS_HTREE_NODE_IMAGE_SIZE)
			    : TEE_SUCCESS;
		nb->n = 0;
		return res;
	}
	for (unsigned int i = 0; i < nb->n; i++) {
		if (nb->offs[i] < lo)
			lo = nb->offs[i];
		if (nb->offs[i] + FS_HTREE_NODE_IMAGE_SIZE > hi)
			hi = nb->offs[i] + FS_HTREE_NODE_IMAGE_SIZE;
	}
	res = ht->ops->read(ht->io, lo, blk, (size_t)(hi - lo), &got);
	if (res) {
		ht->broken = true;
		return res;
	}
	/* Past the end of the file: nothing there yet. */
	memset(blk + got, 0, (size_t)(hi - lo) - got);
	for (unsigned int i = 0; i < nb->n; i++)
		memcpy(blk + (nb->offs[i] - lo), nb->img[i],
		       FS_HTREE_NODE_IMAGE_SIZE);
	nb->n = 0;
	return io_write(ht, lo, blk, (size_t)(hi - lo));
}

/* Adds node @id's image for @offs, writing the batch of another block. */
static TEE_Result batch_node(struct fs_htree *ht, struct node_batch *nb,
			     uint32_t id, uint64_t offs)
{
	int64_t group = (id - 1) / NODES_PER_BLOCK;
	TEE_Result res;

	if (nb->group != group) {
		res = flush_nodes(ht, nb);
		if (res)
			return res;
		nb->group = group;
	}
	nb->offs[nb->n] = offs;
	node_to_image(node_of(ht, id), nb->img[nb->n]);
	nb->n++;
	return TEE_SUCCESS;
}

/*
 * Children first: each dirty node goes to the slot its parent now names.
 * The ids fall, so the nodes of one node block come one after another
 * and are written together (flush_nodes()); all of them before the
 * header, which alone makes the commit.
 */
static TEE_Result sync_nodes(struct fs_htree *ht, uint32_t new_counter)
{
	struct node_batch *nb;
	TEE_Result res = TEE_SUCCESS;

	nb = malloc(sizeof(*nb));
	if (!nb)
		return TEE_ERROR_OUT_OF_MEMORY;
	nb->group = -1;
	nb->n = 0;
	node_of(ht, 1)->dirty = true;
	for (uint32_t id = last_node(ht); id >= 1 && !res; id--) {
		struct htree_node *n = node_of(ht, id);
		unsigned int slot;

		if (!n->dirty)
			continue;
		if (id > 1) {
			struct htree_node *p = node_of(ht, id / 2);
			uint16_t f = NODE_COMMITTED_CHILD(id & 1);

			p->flags ^= f;
			p->dirty = true;
			slot = !!(p->flags & f);
		} else {
			slot = new_counter & 1;
		}
		res = node_hash(ht, id, n->hash);
		if (!res)
			res = batch_node(ht, nb, id,
					 fs_htree_node_offset(id, slot));
	}
	if (!res)
		res = flush_nodes(ht, nb);
	free(nb);
	return res;
}

static TEE_Result write_head(struct fs_htree *ht, uint32_t counter)
{
	uint8_t img[FS_HTREE_IMAGE_SIZE] = {0};
	uint8_t aad[52], imeta[IMETA_SIZE + 16] = {0};
	TEE_Result res;

	if (getrandom(img + HEAD_IV, IV_SIZE, 0) != IV_SIZE)
		return TEE_ERROR_GENERIC;
	tbx_put_le64(imeta, ht->length);
	tbx_put_le32(imeta + 8, ht->max_node_id);
	head_aad(ht, counter, img + HEAD_IV, aad);
	res = gcm(ht->fek, true, img + HEAD_IV, aad, sizeof(aad), NULL, 0,
		  imeta, img + HEAD_IMETA, IMETA_SIZE, img + HEAD_TAG);
	OPENSSL_cleanse(imeta, sizeof(imeta));
	if (res)
		return res;
	memcpy(img + HEAD_ENC_FEK, ht->enc_fek, FS_HTREE_FEK_SIZE);
	tbx_put_le32(img + HEAD_COUNTER, counter);
	return io_write(ht, (uint64_t)FS_HTREE_IMAGE_SIZE * (counter & 1), img,
			sizeof(img));
}

TEE_Result fs_htree_sync(struct fs_htree *ht, uint8_t hash[FS_HTREE_HASH_SIZE])
{
	uint32_t counter = ht->counter + 1;
	TEE_Result res;

	if (ht->broken)
		return TEE_ERROR_CORRUPT_OBJECT;
	if (ht->dirty) {
		res = sync_nodes(ht, counter);
		if (!res)
			res = write_head(ht, counter);
		if (res) {
			ht->broken = true;
			return res;
		}
		ht->counter = counter;
		ht->dirty = false;
		for (uint32_t i = 0; i < ht->nalloc; i++) {
			ht->nodes[i].dirty = false;
			ht->nodes[i].block_updated = false;
		}
	}
	if (hash)
		memcpy(hash, ht->nodes[0].hash, FS_HTREE_HASH_SIZE);
	return TEE_SUCCESS;
}

TEE_Result fs_htree_trim(struct fs_htree *ht)
{
	uint64_t end;
	TEE_Result res;

	if (!ht->trim || ht->dirty)
		return TEE_SUCCESS;
	/* As OP-TEE: the end of data block ceil(len / 4096), slot 1. */
	end = fs_htree_block_offset(num_blocks(ht->length), 1) +
	      FS_HTREE_BLOCK_SIZE;
	res = ht->ops->truncate(ht->io, end);
	if (!res)
		ht->trim = false;
	return res;
}
