// SPDX-License-Identifier: BSD-2-Clause
/*
 * The RPMB FS (tee_rpmb_fs.h).  The FAT is read once at mount and kept
 * in memory: only this trusted OS can write the device, every write
 * goes through here, and a write the device did not take is detected by
 * its answer (tee_rpmb_write()), after which the FAT is read again.
 *
 * Layout, in 256-byte blocks: 0 the partition header, 1 unused, 2.. the
 * FAT (entry i in block 2 + i, the last one flagged LAST_ENTRY and free),
 * data from the last block downward.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <tbx/byteorder.h>

#include "tee_fs.h"
#include "tee_fs_key_manager.h"
#include "tee_rpmb_fs.h"

#define BLK		TEE_RPMB_BLOCK_SIZE
#define FAT_BLOCK(i)	(RPMB_FS_FAT_START / BLK + (uint32_t)(i))
#define NAME_PREFIX_LEN 34 /* "/" + 32 hex + "/" */
#define ENTRY_NAME_OFF	32
#define ENTRY_FEK_OFF	16

/**
 * struct fat_entry - one FAT entry as kept in memory
 * @start:	data start address (bytes)
 * @size:	data size (bytes)
 * @flags:	RPMB_FS_ACTIVE, RPMB_FS_LAST_ENTRY
 * @enc_fek:	the FEK wrapped with the TSK
 * @name:	the file name
 */
struct fat_entry {
	uint32_t start;
	uint32_t size;
	uint32_t flags;
	uint8_t enc_fek[TEE_FS_KM_FEK_SIZE];
	char name[RPMB_FS_FILENAME_MAX];
};

/**
 * struct tee_rpmb_fs - the file system
 * @rpmb:	the device
 * @ssk:	the secure storage key
 * @mounted:	@fat is the device's
 * @fat:	entries, the last one LAST_ENTRY
 * @nfat:	their number
 */
struct tee_rpmb_fs {
	struct tee_rpmb *rpmb;
	uint8_t ssk[32];
	bool mounted;
	struct fat_entry *fat;
	uint32_t nfat;
};

/**
 * struct tee_rpmb_fs_file - an open file
 * @fs:		its file system
 * @idx:	its FAT entry
 * @uuid:	the owning TA (zero for raw files)
 * @fek:	its plain FEK
 */
struct tee_rpmb_fs_file {
	struct tee_rpmb_fs *fs;
	uint32_t idx;
	TEE_UUID uuid;
	uint8_t fek[TEE_FS_KM_FEK_SIZE];
};

TEE_Result tee_rpmb_fs_new(const uint8_t ssk[32], struct tee_rpmb *rpmb,
			   struct tee_rpmb_fs **out)
{
	struct tee_rpmb_fs *fs = calloc(1, sizeof(*fs));

	if (!fs)
		return TEE_ERROR_OUT_OF_MEMORY;
	fs->rpmb = rpmb;
	memcpy(fs->ssk, ssk, sizeof(fs->ssk));
	*out = fs;
	return TEE_SUCCESS;
}

void tee_rpmb_fs_free(struct tee_rpmb_fs *fs)
{
	if (!fs)
		return;
	free(fs->fat);
	OPENSSL_cleanse(fs, sizeof(*fs));
	free(fs);
}

static void entry_encode(uint8_t b[BLK], const struct fat_entry *e)
{
	memset(b, 0, BLK);
	tbx_put_le32(b, e->start);
	tbx_put_le32(b + 4, e->size);
	tbx_put_le32(b + 8, e->flags);
	memcpy(b + ENTRY_FEK_OFF, e->enc_fek, TEE_FS_KM_FEK_SIZE);
	memcpy(b + ENTRY_NAME_OFF, e->name, RPMB_FS_FILENAME_MAX);
}

static void entry_decode(struct fat_entry *e, const uint8_t b[BLK])
{
	e->start = tbx_get_le32(b);
	e->size = tbx_get_le32(b + 4);
	e->flags = tbx_get_le32(b + 8);
	memcpy(e->enc_fek, b + ENTRY_FEK_OFF, TEE_FS_KM_FEK_SIZE);
	memcpy(e->name, b + ENTRY_NAME_OFF, RPMB_FS_FILENAME_MAX);
	e->name[RPMB_FS_FILENAME_MAX - 1] = 0;
}

static TEE_Result write_blocks(struct tee_rpmb_fs *fs,
			       const struct tee_fs_rpc *rpc, uint32_t blk,
			       uint32_t n, const uint8_t *buf)
{
	uint32_t max = tee_rpmb_max_write(fs->rpmb);
	TEE_Result res = TEE_SUCCESS;

	for (uint32_t i = 0; !res && i < n; i += max) {
		uint32_t k = n - i < max ? n - i : max;

		res = tee_rpmb_write(fs->rpmb, rpc, blk + i, k,
				     buf + (size_t)i * BLK);
	}
	/* What the device holds is no longer known: read the FAT again. */
	if (res)
		fs->mounted = false;
	return res;
}

static TEE_Result read_blocks(struct tee_rpmb_fs *fs,
			      const struct tee_fs_rpc *rpc, uint32_t blk,
			      uint32_t n, uint8_t *buf)
{
	TEE_Result res = TEE_SUCCESS;

	for (uint32_t i = 0; !res && i < n; i += TEE_RPMB_MAX_READ_BLOCKS) {
		uint32_t k = n - i < TEE_RPMB_MAX_READ_BLOCKS
				     ? n - i
				     : TEE_RPMB_MAX_READ_BLOCKS;

		res = tee_rpmb_read(fs->rpmb, rpc, blk + i, k,
				    buf + (size_t)i * BLK);
	}
	return res;
}

static TEE_Result write_entry(struct tee_rpmb_fs *fs,
			      const struct tee_fs_rpc *rpc, uint32_t i,
			      const struct fat_entry *e)
{
	uint8_t b[BLK];

	entry_encode(b, e);
	return write_blocks(fs, rpc, FAT_BLOCK(i), 1, b);
}

/* The header, naming the current write counter as OP-TEE's does. */
static TEE_Result write_header(struct tee_rpmb_fs *fs,
			       const struct tee_fs_rpc *rpc)
{
	uint8_t b[BLK] = {0};

	tbx_put_le32(b, RPMB_FS_MAGIC);
	tbx_put_le32(b + 4, RPMB_FS_VERSION);
	tbx_put_le32(b + 8, tee_rpmb_counter(fs->rpmb));
	tbx_put_le32(b + 12, RPMB_FS_FAT_START);
	return write_blocks(fs, rpc, 0, 1, b);
}

/* An empty FS: the terminating entry, then the header (the commit). */
static TEE_Result format(struct tee_rpmb_fs *fs, const struct tee_fs_rpc *rpc)
{
	struct fat_entry last = {.flags = RPMB_FS_LAST_ENTRY};
	TEE_Result res = write_entry(fs, rpc, 0, &last);

	return res ? res : write_header(fs, rpc);
}

static TEE_Result load_fat(struct tee_rpmb_fs *fs, const struct tee_fs_rpc *rpc)
{
	uint32_t max = tee_rpmb_size(fs->rpmb) / 2;
	struct fat_entry *fat = NULL, *tmp;
	uint8_t b[BLK];
	TEE_Result res;

	for (uint32_t i = 0; i < max; i++) {
		res = read_blocks(fs, rpc, FAT_BLOCK(i), 1, b);
		if (res)
			goto err;
		tmp = realloc(fat, (i + 1) * sizeof(*fat));
		if (!tmp) {
			res = TEE_ERROR_OUT_OF_MEMORY;
			goto err;
		}
		fat = tmp;
		entry_decode(&fat[i], b);
		if (fat[i].flags & RPMB_FS_LAST_ENTRY) {
			fat[i].flags = RPMB_FS_LAST_ENTRY;
			free(fs->fat);
			fs->fat = fat;
			fs->nfat = i + 1;
			return TEE_SUCCESS;
		}
	}
	/* Only this OS writes the device: a FAT without end is not ours. */
	res = TEE_ERROR_CORRUPT_OBJECT;
err:
	free(fat);
	return res;
}

TEE_Result tee_rpmb_fs_mount(struct tee_rpmb_fs *fs,
			     const struct tee_fs_rpc *rpc)
{
	uint8_t b[BLK];
	TEE_Result res;

	if (fs->mounted)
		return tee_rpmb_init(fs->rpmb, rpc);
	res = tee_rpmb_init(fs->rpmb, rpc);
	if (!res)
		res = read_blocks(fs, rpc, 0, 1, b);
	if (res)
		return res;
	if (tbx_get_le32(b) != RPMB_FS_MAGIC)
		res = format(fs, rpc);
	else if (tbx_get_le32(b + 4) != RPMB_FS_VERSION)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	else
		res = write_header(fs, rpc);
	if (!res)
		res = load_fat(fs, rpc);
	if (!res)
		fs->mounted = true;
	return res;
}

static void uuid_bytes(uint8_t b[16], const TEE_UUID *u)
{
	tbx_put_le32(b, u->timeLow);
	b[4] = (uint8_t)u->timeMid;
	b[5] = (uint8_t)(u->timeMid >> 8);
	b[6] = (uint8_t)u->timeHiAndVersion;
	b[7] = (uint8_t)(u->timeHiAndVersion >> 8);
	memcpy(b + 8, u->clockSeqAndNode, 8);
}

static void hex(char *out, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789ABCDEF";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * n] = 0;
}

/* "/<UUID as 32 uppercase hex of its memory bytes>/" */
static void dir_name(char out[NAME_PREFIX_LEN + 1], const TEE_UUID *uuid)
{
	uint8_t b[16];

	uuid_bytes(b, uuid);
	out[0] = '/';
	hex(out + 1, b, 16);
	out[33] = '/';
	out[34] = 0;
}

static void obj_name(char out[RPMB_FS_FILENAME_MAX], const TEE_UUID *uuid,
		     const void *oid, size_t oidlen)
{
	dir_name(out, uuid);
	hex(out + NAME_PREFIX_LEN, oid, oidlen);
}

static int find(struct tee_rpmb_fs *fs, const char *name)
{
	for (uint32_t i = 0; i + 1 < fs->nfat; i++)
		if ((fs->fat[i].flags & RPMB_FS_ACTIVE) &&
		    !strcmp(fs->fat[i].name, name))
			return (int)i;
	return -1;
}

static TEE_Result tsk_of(struct tee_rpmb_fs *fs, const TEE_UUID *uuid,
			 uint8_t tsk[TEE_FS_KM_TSK_SIZE])
{
	return tee_fs_tsk_derive(fs->ssk, uuid, tsk);
}

/* ESSIV: IV = AES-256-ECB(SHA-256(FEK), block number LE, zero padded). */
static TEE_Result crypt_block(const uint8_t fek[TEE_FS_KM_FEK_SIZE],
			      uint32_t blk, bool enc, const uint8_t *in,
			      uint8_t *out)
{
	uint8_t digest[32], iv[16] = {0};
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int len = 0, ok;

	tbx_put_le32(iv, blk);
	ok = ctx && EVP_Digest(fek, TEE_FS_KM_FEK_SIZE, digest, NULL,
			       EVP_sha256(), NULL);
	ok = ok &&
	     EVP_EncryptInit_ex(ctx, EVP_aes_256_ecb(), NULL, digest, NULL) &&
	     EVP_CIPHER_CTX_set_padding(ctx, 0) &&
	     EVP_EncryptUpdate(ctx, iv, &len, iv, sizeof(iv)) && len == 16;
	ok = ok &&
	     EVP_CipherInit_ex(ctx, EVP_aes_128_cbc(), NULL, fek, iv, enc) &&
	     EVP_CIPHER_CTX_set_padding(ctx, 0) &&
	     EVP_CipherUpdate(ctx, out, &len, in, BLK) && len == BLK;
	EVP_CIPHER_CTX_free(ctx);
	OPENSSL_cleanse(digest, sizeof(digest));
	return ok ? TEE_SUCCESS : TEE_ERROR_GENERIC;
}

static uint32_t nblocks(uint32_t size)
{
	return (size + BLK - 1) / BLK;
}

static bool overlaps(struct tee_rpmb_fs *fs, uint32_t lo, uint32_t hi)
{
	for (uint32_t i = 0; i + 1 < fs->nfat; i++) {
		const struct fat_entry *e = &fs->fat[i];
		uint32_t s, n;

		if (!(e->flags & RPMB_FS_ACTIVE) || !e->size)
			continue;
		s = e->start / BLK;
		n = nblocks(e->size);
		if (s < hi && lo < s + n)
			return true;
	}
	return false;
}

/*
 * @n free blocks for data, top down, above the FAT and room for one more
 * entry.  Every live file's blocks are avoided, the one being replaced
 * included: it stays valid until its entry is rewritten.
 */
static TEE_Result alloc(struct tee_rpmb_fs *fs, uint32_t n, uint32_t *blk)
{
	uint32_t floor = FAT_BLOCK(fs->nfat + 1);
	uint32_t top = tee_rpmb_size(fs->rpmb);

	if (!n) {
		*blk = 0;
		return TEE_SUCCESS;
	}
	while (top >= floor + n) {
		if (!overlaps(fs, top - n, top)) {
			*blk = top - n;
			return TEE_SUCCESS;
		}
		top--;
	}
	return TEE_ERROR_STORAGE_NO_SPACE;
}

/* Writes @len bytes encrypted under @fek to fresh blocks; *@start. */
static TEE_Result put_data(struct tee_rpmb_fs *fs, const struct tee_fs_rpc *rpc,
			   const uint8_t *fek, const uint8_t *data, size_t len,
			   uint32_t *start)
{
	uint32_t n = nblocks((uint32_t)len), blk;
	uint8_t *enc, plain[BLK];
	TEE_Result res;

	if (len > RPMB_FS_MAX_FILE)
		return TEE_ERROR_STORAGE_NO_SPACE;
	res = alloc(fs, n, &blk);
	if (res || !n) {
		*start = 0;
		return res;
	}
	enc = malloc((size_t)n * BLK);
	if (!enc)
		return TEE_ERROR_OUT_OF_MEMORY;
	for (uint32_t i = 0; !res && i < n; i++) {
		size_t off = (size_t)i * BLK;
		size_t k = len - off < BLK ? len - off : BLK;

		memset(plain, 0, BLK);
		memcpy(plain, data + off, k);
		res = crypt_block(fek, blk + i, true, plain, enc + off);
	}
	if (!res)
		res = write_blocks(fs, rpc, blk, n, enc);
	free(enc);
	*start = blk * BLK;
	return res;
}

/* The whole content of entry @e, decrypted: *@data (len e->size). */
static TEE_Result get_data(struct tee_rpmb_fs *fs, const struct tee_fs_rpc *rpc,
			   const struct fat_entry *e, const uint8_t *fek,
			   uint8_t **data)
{
	uint32_t n = nblocks(e->size), blk = e->start / BLK;
	TEE_Result res;
	uint8_t *buf;

	*data = NULL;
	if (e->start % BLK || blk + (uint64_t)n > tee_rpmb_size(fs->rpmb))
		return TEE_ERROR_CORRUPT_OBJECT;
	buf = calloc(1, (size_t)n * BLK + 1);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = read_blocks(fs, rpc, blk, n, buf);
	for (uint32_t i = 0; !res && i < n; i++)
		res = crypt_block(fek, blk + i, false, buf + (size_t)i * BLK,
				  buf + (size_t)i * BLK);
	if (res) {
		OPENSSL_cleanse(buf, (size_t)n * BLK);
		free(buf);
		return res;
	}
	*data = buf;
	return TEE_SUCCESS;
}

static TEE_Result unwrap_fek(struct tee_rpmb_fs *fs, const TEE_UUID *uuid,
			     const struct fat_entry *e, uint8_t *fek)
{
	static const uint8_t zero[TEE_FS_KM_FEK_SIZE];
	uint8_t tsk[TEE_FS_KM_TSK_SIZE];
	TEE_Result res;

	/* OP-TEE's rule: a file without a FEK is not one of ours. */
	if (!CRYPTO_memcmp(e->enc_fek, zero, sizeof(zero)))
		return TEE_ERROR_SECURITY;
	res = tsk_of(fs, uuid, tsk);
	if (!res)
		res = tee_fs_fek_crypt(tsk, false, e->enc_fek, fek);
	OPENSSL_cleanse(tsk, sizeof(tsk));
	return res;
}

static TEE_Result file_new(struct tee_rpmb_fs *fs, const TEE_UUID *uuid,
			   uint32_t idx, const uint8_t *fek,
			   struct tee_rpmb_fs_file **out)
{
	struct tee_rpmb_fs_file *f = calloc(1, sizeof(*f));

	if (!f)
		return TEE_ERROR_OUT_OF_MEMORY;
	f->fs = fs;
	f->idx = idx;
	f->uuid = *uuid;
	memcpy(f->fek, fek, TEE_FS_KM_FEK_SIZE);
	*out = f;
	return TEE_SUCCESS;
}

static TEE_Result open_name(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			    const char *name, struct tee_rpmb_fs_file **f)
{
	uint8_t fek[TEE_FS_KM_FEK_SIZE];
	TEE_Result res;
	int i;

	res = tee_rpmb_fs_mount(fs, rpc);
	if (res)
		return res;
	i = find(fs, name);
	if (i < 0)
		return TEE_ERROR_ITEM_NOT_FOUND;
	res = unwrap_fek(fs, uuid, &fs->fat[i], fek);
	if (!res)
		res = file_new(fs, uuid, (uint32_t)i, fek, f);
	OPENSSL_cleanse(fek, sizeof(fek));
	return res;
}

TEE_Result tee_rpmb_fs_open(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			    const void *oid, size_t oidlen,
			    struct tee_rpmb_fs_file **f)
{
	char name[RPMB_FS_FILENAME_MAX];

	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	obj_name(name, uuid, oid, oidlen);
	return open_name(fs, rpc, uuid, name, f);
}

/*
 * A new entry: the first free one, or the terminator, after writing a
 * new terminator behind it (never reachable before this entry is).
 */
static TEE_Result add_entry(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc,
			    const struct fat_entry *e, uint32_t *idx)
{
	struct fat_entry last = {.flags = RPMB_FS_LAST_ENTRY}, *tmp;
	TEE_Result res;
	uint32_t i;

	for (i = 0; i + 1 < fs->nfat; i++)
		if (!(fs->fat[i].flags & RPMB_FS_ACTIVE))
			break;
	if (i + 1 == fs->nfat) {
		if (overlaps(fs, FAT_BLOCK(i + 1), FAT_BLOCK(i + 2)))
			return TEE_ERROR_STORAGE_NO_SPACE;
		tmp = realloc(fs->fat, (fs->nfat + 1) * sizeof(*tmp));
		if (!tmp)
			return TEE_ERROR_OUT_OF_MEMORY;
		fs->fat = tmp;
		res = write_entry(fs, rpc, i + 1, &last);
		if (res)
			return res;
		fs->fat[i + 1] = last;
		fs->nfat++;
	}
	res = write_entry(fs, rpc, i, e);
	if (res)
		return res;
	fs->fat[i] = *e;
	*idx = i;
	return TEE_SUCCESS;
}

static TEE_Result create_name(struct tee_rpmb_fs *fs,
			      const struct tee_fs_rpc *rpc,
			      const TEE_UUID *uuid, const char *name,
			      bool overwrite, const void *data, size_t len,
			      struct tee_rpmb_fs_file **f)
{
	uint8_t tsk[TEE_FS_KM_TSK_SIZE], fek[TEE_FS_KM_FEK_SIZE];
	struct fat_entry e = {.flags = RPMB_FS_ACTIVE};
	TEE_Result res;
	uint32_t idx;
	int old;

	res = tee_rpmb_fs_mount(fs, rpc);
	if (res)
		return res;
	old = find(fs, name);
	if (old >= 0 && !overwrite)
		return TEE_ERROR_ACCESS_CONFLICT;
	res = tsk_of(fs, uuid, tsk);
	if (!res)
		res = tee_fs_fek_generate(tsk, fek, e.enc_fek);
	OPENSSL_cleanse(tsk, sizeof(tsk));
	if (!res)
		res = put_data(fs, rpc, fek, data, len, &e.start);
	if (res)
		goto out;
	e.size = (uint32_t)len;
	snprintf(e.name, sizeof(e.name), "%s", name);
	/* Replacing: the old entry, rewritten in place, is the commit. */
	if (old >= 0) {
		idx = (uint32_t)old;
		res = write_entry(fs, rpc, idx, &e);
		if (!res)
			fs->fat[idx] = e;
	} else {
		res = add_entry(fs, rpc, &e, &idx);
	}
	if (!res && f)
		res = file_new(fs, uuid, idx, fek, f);
out:
	OPENSSL_cleanse(fek, sizeof(fek));
	return res;
}

TEE_Result tee_rpmb_fs_create(struct tee_rpmb_fs *fs,
			      const struct tee_fs_rpc *rpc,
			      const TEE_UUID *uuid, const void *oid,
			      size_t oidlen, bool overwrite, const void *data,
			      size_t len, struct tee_rpmb_fs_file **f)
{
	char name[RPMB_FS_FILENAME_MAX];

	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	obj_name(name, uuid, oid, oidlen);
	return create_name(fs, rpc, uuid, name, overwrite, data, len, f);
}

uint64_t tee_rpmb_fs_size(const struct tee_rpmb_fs_file *f)
{
	return f->fs->fat[f->idx].size;
}

/* The file's entry, as long as the FAT in memory is the device's. */
static TEE_Result entry_of(struct tee_rpmb_fs_file *f,
			   const struct tee_fs_rpc *rpc, struct fat_entry **e)
{
	TEE_Result res = tee_rpmb_fs_mount(f->fs, rpc);

	if (res)
		return res;
	if (f->idx + 1 >= f->fs->nfat ||
	    !(f->fs->fat[f->idx].flags & RPMB_FS_ACTIVE))
		return TEE_ERROR_CORRUPT_OBJECT;
	*e = &f->fs->fat[f->idx];
	return TEE_SUCCESS;
}

TEE_Result tee_rpmb_fs_read(struct tee_rpmb_fs_file *f,
			    const struct tee_fs_rpc *rpc, uint64_t pos,
			    void *buf, size_t len, size_t *got)
{
	struct fat_entry *e;
	uint8_t *data;
	TEE_Result res;

	*got = 0;
	res = entry_of(f, rpc, &e);
	if (res || pos >= e->size || !len)
		return res;
	res = get_data(f->fs, rpc, e, f->fek, &data);
	if (res)
		return res;
	*got = e->size - pos < len ? (size_t)(e->size - pos) : len;
	memcpy(buf, data + pos, *got);
	OPENSSL_cleanse(data, nblocks(e->size) * (size_t)BLK);
	free(data);
	return TEE_SUCCESS;
}

/* New content for @f: fresh blocks, then its entry (the commit). */
static TEE_Result replace(struct tee_rpmb_fs_file *f,
			  const struct tee_fs_rpc *rpc, struct fat_entry *e,
			  const uint8_t *data, size_t len)
{
	struct fat_entry next = *e;
	TEE_Result res;

	res = put_data(f->fs, rpc, f->fek, data, len, &next.start);
	if (res)
		return res;
	next.size = (uint32_t)len;
	res = write_entry(f->fs, rpc, f->idx, &next);
	if (!res)
		*e = next;
	return res;
}

static TEE_Result resize(struct tee_rpmb_fs_file *f,
			 const struct tee_fs_rpc *rpc, uint64_t pos,
			 const void *buf, size_t len, uint64_t new_size)
{
	struct fat_entry *e;
	uint8_t *old, *data;
	TEE_Result res;

	if (new_size > RPMB_FS_MAX_FILE || pos + len > new_size)
		return TEE_ERROR_STORAGE_NO_SPACE;
	res = entry_of(f, rpc, &e);
	if (res)
		return res;
	res = get_data(f->fs, rpc, e, f->fek, &old);
	if (res)
		return res;
	data = calloc(1, new_size + 1);
	if (!data) {
		free(old);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	memcpy(data, old, e->size < new_size ? e->size : new_size);
	if (len)
		memcpy(data + pos, buf, len);
	res = replace(f, rpc, e, data, new_size);
	OPENSSL_cleanse(data, new_size);
	free(data);
	free(old);
	return res;
}

TEE_Result tee_rpmb_fs_write(struct tee_rpmb_fs_file *f,
			     const struct tee_fs_rpc *rpc, uint64_t pos,
			     const void *buf, size_t len)
{
	uint64_t size = tee_rpmb_fs_size(f);

	if (pos > RPMB_FS_MAX_FILE || len > RPMB_FS_MAX_FILE - pos)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (pos + len > size)
		size = pos + len;
	return resize(f, rpc, pos, buf, len, size);
}

TEE_Result tee_rpmb_fs_truncate(struct tee_rpmb_fs_file *f,
				const struct tee_fs_rpc *rpc, uint64_t len)
{
	return resize(f, rpc, 0, NULL, 0, len);
}

TEE_Result tee_rpmb_fs_rename(struct tee_rpmb_fs_file *f,
			      const struct tee_fs_rpc *rpc, const void *oid,
			      size_t oidlen)
{
	char name[RPMB_FS_FILENAME_MAX];
	struct fat_entry *e, next;
	TEE_Result res;

	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = entry_of(f, rpc, &e);
	if (res)
		return res;
	obj_name(name, &f->uuid, oid, oidlen);
	if (!strcmp(name, e->name))
		return TEE_SUCCESS;
	if (find(f->fs, name) >= 0)
		return TEE_ERROR_ACCESS_CONFLICT;
	next = *e;
	snprintf(next.name, sizeof(next.name), "%s", name);
	res = write_entry(f->fs, rpc, f->idx, &next);
	if (!res)
		*e = next;
	return res;
}

void tee_rpmb_fs_close(struct tee_rpmb_fs_file *f, const struct tee_fs_rpc *rpc)
{
	(void)rpc;
	if (!f)
		return;
	OPENSSL_cleanse(f, sizeof(*f));
	free(f);
}

TEE_Result tee_rpmb_fs_remove(struct tee_rpmb_fs_file *f,
			      const struct tee_fs_rpc *rpc)
{
	struct fat_entry *e, next = {0};
	TEE_Result res;

	res = entry_of(f, rpc, &e);
	if (!res)
		res = write_entry(f->fs, rpc, f->idx, &next);
	if (!res)
		*e = next;
	tee_rpmb_fs_close(f, rpc);
	return res;
}

static int unhex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

TEE_Result tee_rpmb_fs_next(struct tee_rpmb_fs *fs,
			    const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			    int *idx, uint8_t oid[FS_DIRFILE_OID_MAX],
			    size_t *oidlen)
{
	char dir[NAME_PREFIX_LEN + 1];
	TEE_Result res = tee_rpmb_fs_mount(fs, rpc);

	if (res)
		return res;
	dir_name(dir, uuid);
	for (uint32_t i = *idx < 0 ? 0 : (uint32_t)*idx; i + 1 < fs->nfat;
	     i++) {
		const char *h = fs->fat[i].name + NAME_PREFIX_LEN;
		size_t n = strlen(h) / 2;
		bool ok = true;

		if (!(fs->fat[i].flags & RPMB_FS_ACTIVE) ||
		    strncmp(fs->fat[i].name, dir, NAME_PREFIX_LEN) ||
		    strlen(h) % 2 || n > FS_DIRFILE_OID_MAX)
			continue;
		for (size_t k = 0; k < n && ok; k++) {
			int hi = unhex(h[2 * k]), lo = unhex(h[2 * k + 1]);

			ok = hi >= 0 && lo >= 0;
			oid[k] = (uint8_t)(hi << 4 | lo);
		}
		if (!ok)
			continue;
		*oidlen = n;
		*idx = (int)i + 1;
		return TEE_SUCCESS;
	}
	return TEE_ERROR_ITEM_NOT_FOUND;
}

static const TEE_UUID raw_uuid;

TEE_Result tee_rpmb_fs_raw_read(struct tee_rpmb_fs *fs,
				const struct tee_fs_rpc *rpc, const char *name,
				void *buf, size_t len, size_t *got)
{
	struct tee_rpmb_fs_file *f;
	TEE_Result res;

	*got = 0;
	res = open_name(fs, rpc, &raw_uuid, name, &f);
	if (res)
		return res;
	res = tee_rpmb_fs_read(f, rpc, 0, buf, len, got);
	tee_rpmb_fs_close(f, rpc);
	return res;
}

TEE_Result tee_rpmb_fs_raw_write(struct tee_rpmb_fs *fs,
				 const struct tee_fs_rpc *rpc, const char *name,
				 const void *buf, size_t len)
{
	if (strlen(name) >= RPMB_FS_FILENAME_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	return create_name(fs, rpc, &raw_uuid, name, true, buf, len, NULL);
}

/* struct tee_file_operations over the functions above (tee_fs.h). */
DEFINE_TEE_FILE_OPERATIONS(tee_rpmb_fs_ops, tee_rpmb_fs,
			   struct tee_rpmb_fs_file);
