// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_FS (ABI-FACTS §5.2, ABI-FACTS-INTERNAL §5.9): OP-TEE's REE
 * file system, served from the storage directory as OP-TEE's
 * tee-supplicant serves it: the same sub-commands, parameter checks and
 * error mapping, files opened O_SYNC, files 0600 and directories 0700, the
 * storage directory fsync'ed after CREATE and RENAME.  The layout on disk
 * is OP-TEE's ("dirf.db", "<n hex>" in the directory), so OP-TEE's own
 * tee-supplicant can serve it too.
 *
 * Where teebox differs, it is on the side of refusing:
 *  - handles are indexes into a table of our own, not raw descriptors, so
 *    a request cannot reach a descriptor the FS did not open;
 *  - names are checked (fs_name.h): a bad one is TEEC_ERROR_BAD_PARAMETERS
 *    (as OP-TEE's path-too-long); a symbolic link met on the way or a
 *    file that is not a regular file is TEEC_ERROR_ACCESS_DENIED;
 *  - a handle that is not open is TEEC_ERROR_BAD_PARAMETERS (OP-TEE: the
 *    EBADF of the call, GENERIC);
 *  - RENAME's unexpected errors are TEEC_ERROR_GENERIC (OP-TEE reports
 *    them as success);
 *  - READDIR that answers SHORT_BUFFER keeps the entry for the retry.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "fs_root.h"
#include "supplicant.h"

/* Files and directories open at a time; beyond, as EMFILE would. */
#define SUPP_FS_MAX_OPEN 1024

#define TYPE(p) ((p)->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK)
#define VAL_IN	TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT
#define VAL_OUT TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT
#define MEM_IN	TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT
#define MEM_OUT TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT

/* OP-TEE's mapping of errno, plus the refusals of fs_root.h. */
static uint32_t errno_result(int err)
{
	switch (err) {
	case ENOSPC:
	case EDQUOT:
		return TEEC_ERROR_STORAGE_NO_SPACE;
	case ENOENT:
		return TEEC_ERROR_ITEM_NOT_FOUND;
	case ELOOP:
	case EACCES:
		return TEEC_ERROR_ACCESS_DENIED;
	default:
		return TEEC_ERROR_GENERIC;
	}
}

/* Whether params[i] has type types[i], for exactly @n params. */
static bool types_are(size_t num_params, const struct tee_ioctl_param *params,
		      size_t n, const uint64_t *types)
{
	if (num_params != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (TYPE(&params[i]) != types[i])
			return false;
	return true;
}

/* Parses the name in memref @p: 0 or a TEEC error. */
static uint32_t get_name(struct supplicant *s, const struct tee_ioctl_param *p,
			 struct supp_fs_name *name, bool dir)
{
	void *mem = supp_param_mem(s, p);

	if (!mem || supp_fs_name_parse(mem, p->b, name) ||
	    (!dir && !name->ncomp))
		return TEEC_ERROR_BAD_PARAMETERS;
	if (supp_fs_root(&s->fs) < 0)
		return TEEC_ERROR_STORAGE_NOT_AVAILABLE;
	return TEEC_SUCCESS;
}

/* How many more slots a full table gets. */
#define GROW 16

/* A free slot of the file table, grown as needed: index or -1. */
static long free_file_slot(struct supp_fs *fs)
{
	size_t i;
	int *grown;

	for (i = 0; i < fs->nfiles; i++)
		if (fs->files[i] < 0)
			return (long)i;
	if (fs->nfiles + fs->ndirs >= SUPP_FS_MAX_OPEN)
		return -1;
	grown = realloc(fs->files, (fs->nfiles + GROW) * sizeof(*grown));
	if (!grown)
		return -1;
	for (i = fs->nfiles; i < fs->nfiles + GROW; i++)
		grown[i] = -1;
	fs->files = grown;
	fs->nfiles += GROW;
	return (long)(fs->nfiles - GROW);
}

/* The same for the directory table. */
static long free_dir_slot(struct supp_fs *fs)
{
	size_t i;
	DIR **grown;

	for (i = 0; i < fs->ndirs; i++)
		if (!fs->dirs[i])
			return (long)i;
	if (fs->nfiles + fs->ndirs >= SUPP_FS_MAX_OPEN)
		return -1;
	grown = realloc(fs->dirs, (fs->ndirs + GROW) * sizeof(*grown));
	if (!grown)
		return -1;
	for (i = fs->ndirs; i < fs->ndirs + GROW; i++)
		grown[i] = NULL;
	fs->dirs = grown;
	fs->ndirs += GROW;
	return (long)(fs->ndirs - GROW);
}

/* Files in the table are handle - 1, so no request names a hidden 0. */
static int *file_of(struct supp_fs *fs, uint64_t handle)
{
	if (!handle || handle > fs->nfiles || fs->files[handle - 1] < 0)
		return NULL;
	return &fs->files[handle - 1];
}

static DIR **dir_of(struct supp_fs *fs, uint64_t handle)
{
	if (!handle || handle > fs->ndirs || !fs->dirs[handle - 1])
		return NULL;
	return &fs->dirs[handle - 1];
}

/* Puts @fd in the table and answers its handle in @out. */
static uint32_t add_file(struct supp_fs *fs, int fd,
			 struct tee_ioctl_param *out)
{
	long i = free_file_slot(fs);

	if (i < 0) {
		close(fd);
		return TEEC_ERROR_GENERIC;
	}
	fs->files[i] = fd;
	out->a = (uint64_t)i + 1;
	out->b = 0;
	out->c = 0;
	return TEEC_SUCCESS;
}

/* Refuses what is not a regular file: 0 or -EACCES. */
static int regular(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	return S_ISREG(st.st_mode) ? 0 : -EACCES;
}

/*
 * Opens the last component in @dirfd.  O_NOFOLLOW: a symbolic link is
 * ELOOP; O_NONBLOCK: a FIFO planted there cannot block us before the
 * regular-file check.
 */
static int open_file(int dirfd, const char *comp, int flags)
{
	int fd = openat(dirfd, comp,
			flags | O_SYNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
			0600);
	int rc;

	if (fd < 0)
		return -errno;
	rc = regular(fd);
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

static uint32_t fs_open(struct supplicant *s, size_t n,
			struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_IN, VAL_OUT};
	struct supp_fs_name name;
	struct supp_fs_walk w;
	uint32_t res;
	int fd;

	if (!types_are(n, params, 3, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_name(s, &params[1], &name, false);
	if (res)
		return res;
	fd = supp_fs_walk(&s->fs, &name, name.ncomp - 1, false, &w);
	if (fd)
		return fd == -ELOOP ? TEEC_ERROR_ACCESS_DENIED
				    : TEEC_ERROR_ITEM_NOT_FOUND;
	/* As OP-TEE: read-only when the file system is. */
	fd = open_file(w.fd[w.n], name.comp[w.n], O_RDWR);
	if (fd < 0 && fd != -ELOOP && fd != -EACCES)
		fd = open_file(w.fd[w.n], name.comp[w.n], O_RDONLY);
	supp_fs_walk_end(&w, false);
	if (fd == -ELOOP || fd == -EACCES)
		return TEEC_ERROR_ACCESS_DENIED;
	if (fd < 0)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	return add_file(&s->fs, fd, &params[2]);
}

static uint32_t fs_create(struct supplicant *s, size_t n,
			  struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_IN, VAL_OUT};
	struct supp_fs_name name;
	struct supp_fs_walk w;
	uint32_t res;
	int fd;

	if (!types_are(n, params, 3, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_name(s, &params[1], &name, false);
	if (res)
		return res;
	fd = supp_fs_walk(&s->fs, &name, name.ncomp - 1, true, &w);
	if (fd)
		return errno_result(-fd);
	fd = open_file(w.fd[w.n], name.comp[w.n], O_RDWR | O_CREAT | O_TRUNC);
	if (fd < 0) {
		supp_fs_walk_end(&w, true);
		return errno_result(-fd);
	}
	/* The new entry, and any directory made for it, survive a crash. */
	for (size_t i = w.n; i > 0; i--)
		fsync(w.fd[i]);
	supp_fs_walk_end(&w, false);
	fsync(s->fs.root_fd);
	return add_file(&s->fs, fd, &params[2]);
}

static uint32_t fs_close(struct supplicant *s, size_t n,
			 struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN};
	int *fd;

	if (!types_are(n, params, 1, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	fd = file_of(&s->fs, params[0].b);
	if (!fd)
		return TEEC_ERROR_BAD_PARAMETERS;
	close(*fd);
	*fd = -1;
	return TEEC_SUCCESS;
}

/* The file and offset of READ / WRITE / TRUNCATE, checked. */
static uint32_t get_file(struct supplicant *s, const struct tee_ioctl_param *p,
			 int *fd, off_t *off)
{
	int *f = file_of(&s->fs, p->b);

	if (!f || p->c > (uint64_t)INT64_MAX)
		return TEEC_ERROR_BAD_PARAMETERS;
	*fd = *f;
	*off = (off_t)p->c;
	return TEEC_SUCCESS;
}

/*
 * READ and WRITE: the memref's bytes at the file offset in value c, looped
 * until done; a READ stops early at the end of the file (not an error) and
 * says how much it read in the memref's size.
 */
static uint32_t fs_io(struct supplicant *s, size_t n,
		      struct tee_ioctl_param *params, bool write)
{
	const uint64_t t[] = {VAL_IN, write ? MEM_IN : MEM_OUT};
	size_t len, done = 0;
	uint8_t *buf;
	uint32_t res;
	off_t off;
	int fd;

	if (!types_are(n, params, 2, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_file(s, &params[0], &fd, &off);
	buf = supp_param_mem(s, &params[1]);
	if (res || !buf)
		return TEEC_ERROR_BAD_PARAMETERS;
	len = (size_t)params[1].b;
	while (done < len) {
		ssize_t r = write ? pwrite(fd, buf + done, len - done,
					   off + (off_t)done)
				  : pread(fd, buf + done, len - done,
					  off + (off_t)done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno_result(errno);
		if (!r)
			break;
		done += (size_t)r;
	}
	if (write)
		return done == len ? TEEC_SUCCESS : TEEC_ERROR_GENERIC;
	params[1].b = done;
	return TEEC_SUCCESS;
}

static uint32_t fs_read(struct supplicant *s, size_t n,
			struct tee_ioctl_param *params)
{
	return fs_io(s, n, params, false);
}

static uint32_t fs_write(struct supplicant *s, size_t n,
			 struct tee_ioctl_param *params)
{
	return fs_io(s, n, params, true);
}

static uint32_t fs_truncate(struct supplicant *s, size_t n,
			    struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN};
	uint32_t res;
	off_t len;
	int fd;

	if (!types_are(n, params, 1, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_file(s, &params[0], &fd, &len);
	if (res)
		return res;
	if (ftruncate(fd, len))
		return errno_result(errno);
	return TEEC_SUCCESS;
}

static uint32_t fs_remove(struct supplicant *s, size_t n,
			  struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_IN};
	struct supp_fs_name name;
	struct supp_fs_walk w;
	uint32_t res;
	int rc;

	if (!types_are(n, params, 2, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_name(s, &params[1], &name, false);
	if (res)
		return res;
	rc = supp_fs_walk(&s->fs, &name, name.ncomp - 1, false, &w);
	if (rc)
		return errno_result(-rc);
	/* unlinkat never follows: a symbolic link is removed, as itself. */
	rc = unlinkat(w.fd[w.n], name.comp[w.n], 0) ? errno : 0;
	/* As OP-TEE: the parent and grand-parent go too once empty. */
	for (size_t i = w.n, k = 0; !rc && i > 0 && k < 2; i--, k++)
		if (unlinkat(w.fd[i - 1], name.comp[i - 1], AT_REMOVEDIR))
			break;
	supp_fs_walk_end(&w, false);
	return rc ? errno_result(rc) : TEEC_SUCCESS;
}

static uint32_t fs_rename(struct supplicant *s, size_t n,
			  struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_IN, MEM_IN};
	struct supp_fs_name from, to;
	struct supp_fs_walk wf, wt;
	uint32_t res;
	int rc;

	if (!types_are(n, params, 3, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_name(s, &params[1], &from, false);
	if (!res)
		res = get_name(s, &params[2], &to, false);
	if (res)
		return res;
	rc = supp_fs_walk(&s->fs, &from, from.ncomp - 1, false, &wf);
	if (rc)
		return errno_result(-rc);
	rc = supp_fs_walk(&s->fs, &to, to.ncomp - 1, false, &wt);
	if (rc) {
		supp_fs_walk_end(&wf, false);
		return errno_result(-rc);
	}
	rc = renameat2(wf.fd[wf.n], from.comp[wf.n], wt.fd[wt.n], to.comp[wt.n],
		       params[0].b ? 0 : RENAME_NOREPLACE)
		     ? errno
		     : 0;
	if (!rc) {
		fsync(wt.fd[wt.n]);
		fsync(wf.fd[wf.n]);
	}
	supp_fs_walk_end(&wt, false);
	supp_fs_walk_end(&wf, false);
	if (rc == EEXIST)
		return TEEC_ERROR_ACCESS_CONFLICT;
	if (rc)
		return errno_result(rc);
	fsync(s->fs.root_fd);
	return TEEC_SUCCESS;
}

/* Whether @d has an entry that is not a dot name; rewinds it. */
static bool has_entries(DIR *d)
{
	struct dirent *e;
	bool any = false;

	while (!any && (e = readdir(d)))
		any = e->d_name[0] != '.';
	rewinddir(d);
	return any;
}

static uint32_t fs_opendir(struct supplicant *s, size_t n,
			   struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_IN, VAL_OUT};
	struct supp_fs_name name;
	struct supp_fs_walk w;
	uint32_t res;
	long i;
	DIR *d;
	int fd;

	if (!types_are(n, params, 3, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	res = get_name(s, &params[1], &name, true);
	if (res)
		return res;
	fd = supp_fs_walk(&s->fs, &name, name.ncomp, false, &w);
	if (fd)
		return fd == -ELOOP ? TEEC_ERROR_ACCESS_DENIED
				    : TEEC_ERROR_ITEM_NOT_FOUND;
	/* A descriptor of its own: the walk's are closed below. */
	fd = openat(w.fd[w.n], ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	supp_fs_walk_end(&w, false);
	d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		if (fd >= 0)
			close(fd);
		return TEEC_ERROR_ITEM_NOT_FOUND;
	}
	/* As OP-TEE: a directory of nothing but dot names is not there. */
	i = has_entries(d) ? free_dir_slot(&s->fs) : -2;
	if (i < 0) {
		closedir(d);
		return i == -2 ? TEEC_ERROR_ITEM_NOT_FOUND : TEEC_ERROR_GENERIC;
	}
	s->fs.dirs[i] = d;
	params[2].a = (uint64_t)i + 1;
	params[2].b = 0;
	params[2].c = 0;
	return TEEC_SUCCESS;
}

static uint32_t fs_closedir(struct supplicant *s, size_t n,
			    struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN};
	DIR **d;

	if (!types_are(n, params, 1, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	d = dir_of(&s->fs, params[0].b);
	if (!d)
		return TEEC_ERROR_BAD_PARAMETERS;
	closedir(*d);
	*d = NULL;
	return TEEC_SUCCESS;
}

static uint32_t fs_readdir(struct supplicant *s, size_t n,
			   struct tee_ioctl_param *params)
{
	static const uint64_t t[] = {VAL_IN, MEM_OUT};
	struct dirent *e;
	size_t len;
	char *buf;
	DIR **d;
	long pos;

	if (!types_are(n, params, 2, t))
		return TEEC_ERROR_BAD_PARAMETERS;
	d = dir_of(&s->fs, params[0].b);
	buf = supp_param_mem(s, &params[1]);
	if (!d || !buf)
		return TEEC_ERROR_BAD_PARAMETERS;
	do {
		pos = telldir(*d);
		e = readdir(*d);
	} while (e && e->d_name[0] == '.');
	if (!e)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	len = strlen(e->d_name) + 1;
	if (len > params[1].b) {
		/* The entry stays for the retry with a larger buffer. */
		seekdir(*d, pos);
		params[1].b = len;
		return TEEC_ERROR_SHORT_BUFFER;
	}
	memcpy(buf, e->d_name, len);
	params[1].b = len;
	return TEEC_SUCCESS;
}

typedef uint32_t (*fs_handler)(struct supplicant *, size_t,
			       struct tee_ioctl_param *);

static const fs_handler handlers[] = {
	[OPTEE_RPC_FS_OPEN] = fs_open,
	[OPTEE_RPC_FS_CREATE] = fs_create,
	[OPTEE_RPC_FS_CLOSE] = fs_close,
	[OPTEE_RPC_FS_READ] = fs_read,
	[OPTEE_RPC_FS_WRITE] = fs_write,
	[OPTEE_RPC_FS_TRUNCATE] = fs_truncate,
	[OPTEE_RPC_FS_REMOVE] = fs_remove,
	[OPTEE_RPC_FS_RENAME] = fs_rename,
	[OPTEE_RPC_FS_OPENDIR] = fs_opendir,
	[OPTEE_RPC_FS_CLOSEDIR] = fs_closedir,
	[OPTEE_RPC_FS_READDIR] = fs_readdir,
};

uint32_t supp_fs(struct supplicant *s, size_t num_params,
		 struct tee_ioctl_param *params)
{
	uint64_t cmd;

	/* OP-TEE checks every sub-command's params, value[0] first. */
	if (num_params < 1 || TYPE(&params[0]) != VAL_IN)
		return TEEC_ERROR_BAD_PARAMETERS;
	cmd = params[0].a;
	if (cmd >= sizeof(handlers) / sizeof(handlers[0]))
		return TEEC_ERROR_BAD_PARAMETERS;
	return handlers[cmd](s, num_params, params);
}

void supp_fs_release(struct supp_fs *fs)
{
	for (size_t i = 0; i < fs->nfiles; i++)
		if (fs->files[i] >= 0)
			close(fs->files[i]);
	for (size_t i = 0; i < fs->ndirs; i++)
		if (fs->dirs[i])
			closedir(fs->dirs[i]);
	free(fs->files);
	free(fs->dirs);
	fs->files = NULL;
	fs->dirs = NULL;
	fs->nfiles = 0;
	fs->ndirs = 0;
	if (fs->root_fd >= 0)
		close(fs->root_fd);
	fs->root_fd = -1;
}
