// SPDX-License-Identifier: BSD-2-Clause
/*
 * The REE FS object layer (tee_ree_fs.h).
 *
 * dirf.db is opened on first use and kept, with one reference per open
 * object file and one per operation in progress; it is closed when the
 * last goes.  When a commit fails half way, the in-memory copies are
 * dropped and read again from the supplicant, so memory never runs
 * ahead of what the files hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "fs_dirfile.h"
#include "fs_htree.h"
#include "tee_fs.h"
#include "tee_fs_key_manager.h"
#include "tee_ree_fs.h"

#define DIRF_NAME "/dirf.db"
/* "/" + 8 hex digits + NUL */
#define OBJ_NAME_LEN 12

/**
 * struct fs_io - a supplicant file as a hash tree's I/O
 * @rpc:	the supplicant of the current call
 * @fd:		its descriptor
 */
struct fs_io {
	struct tee_fs_rpc rpc;
	int fd;
};

/**
 * struct tee_ree_fs - the file system
 * @ssk:	secure storage key
 * @dirf_tsk:	dirf.db's key
 * @dirf_io:	dirf.db's file
 * @dirf_ht:	dirf.db's tree while open, else NULL
 * @df:		the directory while open, else NULL
 * @dirf_refs:	open files plus operations in progress
 * @rb_ops:	replay-protected store of dirf.db's counter, or NULL
 * @rb_ctx:	its context
 */
struct tee_ree_fs {
	uint8_t ssk[TEE_FS_KM_SSK_SIZE];
	uint8_t dirf_tsk[TEE_FS_KM_TSK_SIZE];
	struct fs_io dirf_io;
	struct fs_htree *dirf_ht;
	struct fs_dirfile *df;
	unsigned int dirf_refs;
	const struct tee_fs_rollback_ops *rb_ops;
	void *rb_ctx;
};

/**
 * struct tee_ree_fs_file - an open object file
 * @fs:		its file system (a dirf.db reference is held)
 * @uuid, @oid, @oidlen: whose and which object
 * @file_number: its file
 * @tsk:	its TA's storage key
 * @io:		its supplicant file
 * @ht:		its tree; NULL once it could not be reloaded
 */
struct tee_ree_fs_file {
	struct tee_ree_fs *fs;
	TEE_UUID uuid;
	uint8_t oid[FS_DIRFILE_OID_MAX];
	size_t oidlen;
	uint32_t file_number;
	uint8_t tsk[TEE_FS_KM_TSK_SIZE];
	struct fs_io io;
	struct fs_htree *ht;
};

static TEE_Result io_read(void *arg, uint64_t offs, void *buf, size_t len,
			  size_t *got)
{
	struct fs_io *io = arg;
	uint8_t *p = buf;

	*got = 0;
	while (len) {
		size_t n = len > TEE_FS_RPC_MAX_IO ? TEE_FS_RPC_MAX_IO : len;
		size_t g = 0;
		TEE_Result res;

		res = io->rpc.ops->read(io->rpc.ctx, io->fd, offs, p, n, &g);
		if (res)
			return res;
		if (g > n)
			return TEE_ERROR_COMMUNICATION;
		*got += g;
		if (g < n)
			break;
		p += n;
		offs += n;
		len -= n;
	}
	return TEE_SUCCESS;
}

static TEE_Result io_write(void *arg, uint64_t offs, const void *buf,
			   size_t len)
{
	struct fs_io *io = arg;
	const uint8_t *p = buf;

	while (len) {
		size_t n = len > TEE_FS_RPC_MAX_IO ? TEE_FS_RPC_MAX_IO : len;
		TEE_Result res;

		res = io->rpc.ops->write(io->rpc.ctx, io->fd, offs, p, n);
		if (res)
			return res;
		p += n;
		offs += n;
		len -= n;
	}
	return TEE_SUCCESS;
}

static TEE_Result io_truncate(void *arg, uint64_t len)
{
	struct fs_io *io = arg;

	return io->rpc.ops->truncate(io->rpc.ctx, io->fd, len);
}

static const struct fs_htree_io_ops ree_fs_io_ops = {
	.read = io_read,
	.write = io_write,
	.truncate = io_truncate,
};

void tee_ree_fs_set_rollback(struct tee_ree_fs *fs,
			     const struct tee_fs_rollback_ops *ops, void *ctx)
{
	fs->rb_ops = ops;
	fs->rb_ctx = ctx;
}

/* The rollback floor: 0 without a replay-protected store. */
static TEE_Result min_counter(struct tee_ree_fs *fs, uint32_t *min)
{
	*min = 0;
	if (!fs->rb_ops)
		return TEE_SUCCESS;
	return fs->rb_ops->get(fs->rb_ctx, &fs->dirf_io.rpc, min);
}

static void obj_name(char name[OBJ_NAME_LEN], uint32_t n)
{
	snprintf(name, OBJ_NAME_LEN, "/%x", n);
}

TEE_Result tee_ree_fs_new(const uint8_t ssk[32], struct tee_ree_fs **fs_out)
{
	struct tee_ree_fs *fs;
	TEE_Result res;

	fs = calloc(1, sizeof(*fs));
	if (!fs)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(fs->ssk, ssk, sizeof(fs->ssk));
	res = tee_fs_tsk_derive(ssk, NULL, fs->dirf_tsk);
	if (res) {
		tee_ree_fs_free(fs);
		return res;
	}
	fs->dirf_io.fd = -1;
	*fs_out = fs;
	return TEE_SUCCESS;
}

void tee_ree_fs_free(struct tee_ree_fs *fs)
{
	if (!fs)
		return;
	fs_dirfile_close(fs->df);
	fs_htree_close(fs->dirf_ht);
	OPENSSL_cleanse(fs, sizeof(*fs));
	free(fs);
}

/* (Re)reads dirf.db from its open descriptor. */
static TEE_Result dirf_load(struct tee_ree_fs *fs, bool create)
{
	TEE_Result res;
	uint32_t min;

	fs_dirfile_close(fs->df);
	fs_htree_close(fs->dirf_ht);
	fs->df = NULL;
	fs->dirf_ht = NULL;
	res = min_counter(fs, &min);
	if (res)
		return res;
	/* A floor above 0 means a dirf.db existed: its loss is an attack. */
	if (create && min)
		return TEE_ERROR_SECURITY;
	res = fs_htree_open(&ree_fs_io_ops, &fs->dirf_io, fs->dirf_tsk, NULL,
			    min, create, &fs->dirf_ht);
	if (res)
		return res;
	res = fs_dirfile_open(fs->dirf_ht, &fs->df);
	if (res) {
		fs_htree_close(fs->dirf_ht);
		fs->dirf_ht = NULL;
	}
	return res;
}

/* A reference on dirf.db, opening (or creating) it for the first. */
static TEE_Result dirf_get(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc)
{
	const struct tee_fs_rpc_ops *ops = rpc->ops;
	bool create = false;
	TEE_Result res;
	int fd;

	fs->dirf_io.rpc = *rpc;
	if (fs->dirf_refs) {
		if (!fs->df) {
			res = dirf_load(fs, false);
			if (res)
				return res;
		}
		fs->dirf_refs++;
		return TEE_SUCCESS;
	}
	res = ops->open(rpc->ctx, DIRF_NAME, false, &fd);
	if (res == TEE_ERROR_ITEM_NOT_FOUND) {
		create = true;
		res = ops->open(rpc->ctx, DIRF_NAME, true, &fd);
	}
	if (res)
		return res;
	fs->dirf_io.fd = fd;
	res = dirf_load(fs, create);
	/* Made but never committed (a crash then): make it again. */
	if (res == TEE_ERROR_ITEM_NOT_FOUND && !create)
		res = dirf_load(fs, true);
	if (res) {
		ops->close(rpc->ctx, fd);
		if (create)
			ops->remove(rpc->ctx, DIRF_NAME);
		fs->dirf_io.fd = -1;
		return res;
	}
	fs->dirf_refs = 1;
	return TEE_SUCCESS;
}

static void dirf_put(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc)
{
	if (--fs->dirf_refs)
		return;
	fs_dirfile_close(fs->df);
	fs_htree_close(fs->dirf_ht);
	fs->df = NULL;
	fs->dirf_ht = NULL;
	rpc->ops->close(rpc->ctx, fs->dirf_io.fd);
	fs->dirf_io.fd = -1;
}

/*
 * Commits dirf.db, then raises the rollback floor to its counter (the
 * commit stands if that fails: the floor only lags).  On failure memory
 * is read again from the file.
 */
static TEE_Result dirf_commit(struct tee_ree_fs *fs)
{
	TEE_Result res = fs_dirfile_commit(fs->df);

	if (res) {
		(void)dirf_load(fs, false);
		return res;
	}
	if (fs->rb_ops)
		(void)fs->rb_ops->incr_to(fs->rb_ctx, &fs->dirf_io.rpc,
					  fs_htree_counter(fs->dirf_ht));
	return TEE_SUCCESS;
}

/* Binds @f and dirf.db to this call's supplicant. */
static void bind(struct tee_ree_fs_file *f, const struct tee_fs_rpc *rpc)
{
	f->io.rpc = *rpc;
	f->fs->dirf_io.rpc = *rpc;
}

/*
 * @f's record.  One that names another file means the object was
 * replaced (created again with OVERWRITE) while @f was open: @f's file
 * is no longer the object's, and must never update the record.
 */
static TEE_Result file_find(struct tee_ree_fs_file *f,
			    struct dirfile_entry *ent, int *idx)
{
	struct dirfile_entry e;
	TEE_Result res;

	if (!f->fs->df)
		return TEE_ERROR_CORRUPT_OBJECT;
	res = fs_dirfile_find(f->fs->df, &f->uuid, f->oid, f->oidlen, &e, idx);
	if (res)
		return res;
	if (e.file_number != f->file_number)
		return TEE_ERROR_CORRUPT_OBJECT;
	if (ent)
		*ent = e;
	return TEE_SUCCESS;
}

/* Opens @f's tree at the version the directory names. */
static TEE_Result file_load(struct tee_ree_fs_file *f)
{
	struct dirfile_entry ent;
	TEE_Result res;

	fs_htree_close(f->ht);
	f->ht = NULL;
	res = file_find(f, &ent, NULL);
	if (res)
		return TEE_ERROR_CORRUPT_OBJECT;
	return fs_htree_open(&ree_fs_io_ops, &f->io, f->tsk, ent.hash, 0, false,
			     &f->ht);
}

static struct tee_ree_fs_file *file_new(struct tee_ree_fs *fs,
					const TEE_UUID *uuid, const void *oid,
					size_t oidlen)
{
	struct tee_ree_fs_file *f;

	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->fs = fs;
	f->uuid = *uuid;
	memcpy(f->oid, oid, oidlen);
	f->oidlen = oidlen;
	f->io.fd = -1;
	if (tee_fs_tsk_derive(fs->ssk, uuid, f->tsk)) {
		free(f);
		return NULL;
	}
	return f;
}

static void file_free(struct tee_ree_fs_file *f)
{
	fs_htree_close(f->ht);
	OPENSSL_cleanse(f->tsk, sizeof(f->tsk));
	free(f);
}

TEE_Result tee_ree_fs_open(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, const void *oid, size_t oidlen,
			   struct tee_ree_fs_file **f_out)
{
	struct dirfile_entry ent;
	struct tee_ree_fs_file *f;
	char name[OBJ_NAME_LEN];
	TEE_Result res;

	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = dirf_get(fs, rpc);
	if (res)
		return res;
	res = fs_dirfile_find(fs->df, uuid, oid, oidlen, &ent, NULL);
	if (res)
		goto err_put;
	res = TEE_ERROR_OUT_OF_MEMORY;
	f = file_new(fs, uuid, oid, oidlen);
	if (!f)
		goto err_put;
	f->io.rpc = *rpc;
	f->file_number = ent.file_number;
	obj_name(name, ent.file_number);
	res = rpc->ops->open(rpc->ctx, name, false, &f->io.fd);
	/* Listed in the directory but gone: the storage is damaged. */
	if (res == TEE_ERROR_ITEM_NOT_FOUND)
		res = TEE_ERROR_CORRUPT_OBJECT;
	if (res)
		goto err_free;
	res = fs_htree_open(&ree_fs_io_ops, &f->io, f->tsk, ent.hash, 0, false,
			    &f->ht);
	if (res)
		goto err_close;
	*f_out = f;
	return TEE_SUCCESS;
err_close:
	rpc->ops->close(rpc->ctx, f->io.fd);
err_free:
	file_free(f);
err_put:
	dirf_put(fs, rpc);
	return res;
}

/* The new object file, with its content committed. */
static TEE_Result create_file(struct tee_ree_fs_file *f,
			      const struct tee_fs_rpc *rpc, const void *data,
			      size_t len, uint8_t hash[FS_HTREE_HASH_SIZE])
{
	char name[OBJ_NAME_LEN];
	TEE_Result res;

	obj_name(name, f->file_number);
	res = rpc->ops->open(rpc->ctx, name, true, &f->io.fd);
	if (res)
		return res;
	res = fs_htree_open(&ree_fs_io_ops, &f->io, f->tsk, NULL, 0, true,
			    &f->ht);
	if (!res && len)
		res = fs_htree_write(f->ht, 0, data, len);
	if (!res)
		res = fs_htree_sync(f->ht, hash);
	if (res) {
		rpc->ops->close(rpc->ctx, f->io.fd);
		rpc->ops->remove(rpc->ctx, name);
		f->io.fd = -1;
	}
	return res;
}

TEE_Result tee_ree_fs_create(struct tee_ree_fs *fs,
			     const struct tee_fs_rpc *rpc, const TEE_UUID *uuid,
			     const void *oid, size_t oidlen, bool overwrite,
			     const void *data, size_t len,
			     struct tee_ree_fs_file **f_out)
{
	struct dirfile_entry old, ent = {0};
	struct tee_ree_fs_file *f;
	char name[OBJ_NAME_LEN];
	bool exists;
	TEE_Result res;
	int idx = -1;

	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	res = dirf_get(fs, rpc);
	if (res)
		return res;
	exists = !fs_dirfile_find(fs->df, uuid, oid, oidlen, &old, &idx);
	res = TEE_ERROR_ACCESS_CONFLICT;
	if (exists && !overwrite)
		goto err_put;
	res = TEE_ERROR_OUT_OF_MEMORY;
	f = file_new(fs, uuid, oid, oidlen);
	if (!f)
		goto err_put;
	f->io.rpc = *rpc;
	res = fs_dirfile_new_file_number(fs->df, &f->file_number);
	if (res)
		goto err_free;
	res = create_file(f, rpc, data, len, ent.hash);
	if (res)
		goto err_number;
	ent.uuid = *uuid;
	memcpy(ent.oid, oid, oidlen);
	ent.oidlen = (uint32_t)oidlen;
	ent.file_number = f->file_number;
	res = fs_dirfile_update(fs->df, &ent, &idx);
	if (!res)
		res = dirf_commit(fs);
	if (res)
		goto err_remove;
	if (exists) {
		obj_name(name, old.file_number);
		rpc->ops->remove(rpc->ctx, name);
		fs_dirfile_put_file_number(fs->df, old.file_number);
	}
	*f_out = f;
	return TEE_SUCCESS;
err_remove:
	rpc->ops->close(rpc->ctx, f->io.fd);
	obj_name(name, f->file_number);
	rpc->ops->remove(rpc->ctx, name);
	if (!fs->df)
		goto err_free;
err_number:
	if (fs->df)
		fs_dirfile_put_file_number(fs->df, f->file_number);
err_free:
	file_free(f);
err_put:
	dirf_put(fs, rpc);
	return res;
}

uint64_t tee_ree_fs_size(const struct tee_ree_fs_file *f)
{
	return f->ht ? fs_htree_length(f->ht) : 0;
}

TEE_Result tee_ree_fs_read(struct tee_ree_fs_file *f,
			   const struct tee_fs_rpc *rpc, uint64_t pos,
			   void *buf, size_t len, size_t *got)
{
	bind(f, rpc);
	if (!f->ht)
		return TEE_ERROR_CORRUPT_OBJECT;
	return fs_htree_read(f->ht, pos, buf, len, got);
}

/*
 * Commits the object's file, then points its directory record at the
 * new root hash and commits dirf.db.  On failure both are read again:
 * the directory still names the old version, which is intact.
 */
static TEE_Result file_commit(struct tee_ree_fs_file *f)
{
	struct tee_ree_fs *fs = f->fs;
	struct dirfile_entry ent;
	TEE_Result res;
	int idx;

	res = file_find(f, &ent, &idx);
	if (!res)
		res = fs_htree_sync(f->ht, ent.hash);
	if (!res)
		res = fs_dirfile_update(fs->df, &ent, &idx);
	if (!res)
		res = dirf_commit(fs);
	if (res) {
		if (fs->df)
			(void)dirf_load(fs, false);
		(void)file_load(f);
		return res;
	}
	(void)fs_htree_trim(f->ht);
	return TEE_SUCCESS;
}

TEE_Result tee_ree_fs_write(struct tee_ree_fs_file *f,
			    const struct tee_fs_rpc *rpc, uint64_t pos,
			    const void *buf, size_t len)
{
	TEE_Result res;

	bind(f, rpc);
	if (!f->ht || !f->fs->df)
		return TEE_ERROR_CORRUPT_OBJECT;
	res = fs_htree_write(f->ht, pos, buf, len);
	if (res) {
		(void)file_load(f);
		return res;
	}
	return file_commit(f);
}

TEE_Result tee_ree_fs_truncate(struct tee_ree_fs_file *f,
			       const struct tee_fs_rpc *rpc, uint64_t len)
{
	TEE_Result res;

	bind(f, rpc);
	if (!f->ht || !f->fs->df)
		return TEE_ERROR_CORRUPT_OBJECT;
	res = fs_htree_truncate(f->ht, len);
	if (res) {
		(void)file_load(f);
		return res;
	}
	return file_commit(f);
}

TEE_Result tee_ree_fs_rename(struct tee_ree_fs_file *f,
			     const struct tee_fs_rpc *rpc, const void *oid,
			     size_t oidlen)
{
	struct tee_ree_fs *fs = f->fs;
	struct dirfile_entry ent;
	TEE_Result res;
	int idx;

	bind(f, rpc);
	if (oidlen > FS_DIRFILE_OID_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!fs->df)
		return TEE_ERROR_CORRUPT_OBJECT;
	if (!fs_dirfile_find(fs->df, &f->uuid, oid, oidlen, NULL, NULL))
		return TEE_ERROR_ACCESS_CONFLICT;
	res = file_find(f, &ent, &idx);
	if (res)
		return TEE_ERROR_CORRUPT_OBJECT;
	memset(ent.oid, 0, sizeof(ent.oid));
	memcpy(ent.oid, oid, oidlen);
	ent.oidlen = (uint32_t)oidlen;
	res = fs_dirfile_update(fs->df, &ent, &idx);
	if (!res)
		res = dirf_commit(fs);
	if (res)
		return res;
	memset(f->oid, 0, sizeof(f->oid));
	memcpy(f->oid, oid, oidlen);
	f->oidlen = oidlen;
	return TEE_SUCCESS;
}

void tee_ree_fs_close(struct tee_ree_fs_file *f, const struct tee_fs_rpc *rpc)
{
	struct tee_ree_fs *fs = f->fs;

	bind(f, rpc);
	rpc->ops->close(rpc->ctx, f->io.fd);
	file_free(f);
	dirf_put(fs, rpc);
}

TEE_Result tee_ree_fs_remove(struct tee_ree_fs_file *f,
			     const struct tee_fs_rpc *rpc)
{
	struct tee_ree_fs *fs = f->fs;
	char name[OBJ_NAME_LEN];
	TEE_Result res;
	int idx;

	bind(f, rpc);
	res = file_find(f, NULL, &idx);
	if (!res)
		res = fs_dirfile_remove(fs->df, idx);
	if (!res)
		res = dirf_commit(fs);
	if (!res) {
		obj_name(name, f->file_number);
		rpc->ops->remove(rpc->ctx, name);
		if (fs->df)
			fs_dirfile_put_file_number(fs->df, f->file_number);
	}
	tee_ree_fs_close(f, rpc);
	return res;
}

TEE_Result tee_ree_fs_next(struct tee_ree_fs *fs, const struct tee_fs_rpc *rpc,
			   const TEE_UUID *uuid, int *idx,
			   uint8_t oid[FS_DIRFILE_OID_MAX], size_t *oidlen)
{
	struct dirfile_entry ent;
	TEE_Result res;
	int i = *idx < 0 ? 0 : *idx;

	res = dirf_get(fs, rpc);
	if (res)
		return res;
	res = fs_dirfile_next(fs->df, uuid, &i, &ent);
	if (!res) {
		memcpy(oid, ent.oid, ent.oidlen);
		*oidlen = ent.oidlen;
		*idx = i + 1;
	}
	dirf_put(fs, rpc);
	return res;
}

/* struct tee_file_operations over the functions above (tee_fs.h). */
DEFINE_TEE_FILE_OPERATIONS(tee_ree_fs_ops, tee_ree_fs, struct tee_ree_fs_file);
