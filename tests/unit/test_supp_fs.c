// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for tee-supplicant's OPTEE_RPC_CMD_FS (supplicant/fs.c,
 * fs_name.c, fs_root.c), called through its request entry point
 * supp_dispatch() with the parameters the kernel hands over.  Behaviour
 * is OP-TEE's tee-supplicant's (optee_client tee-supplicant/src/
 * tee_supp_fs.c; ABI-FACTS §5.2, ABI-FACTS-INTERNAL §5.9); the
 * confinement cases are teebox's own (docs/storage.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "supp_test_util.h"

#define VAL_IN	TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT
#define VAL_OUT TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT
#define MEM_IN	TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT
#define MEM_OUT TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT

/* Where names and data go in the shared memory. */
#define NAME_OFF  0
#define NAME2_OFF 512
#define DATA_OFF  4096
/* OP-TEE sends names in a TEE_FS_NAME_MAX buffer. */
#define NAME_BUF 350

static uint32_t fs(struct supp_test *t, size_t n, struct tee_ioctl_param *p)
{
	return supp_dispatch(&t->s, OPTEE_RPC_CMD_FS, n, p);
}

/* @name in a 350-byte buffer at @off, zero padded, as OP-TEE sends it. */
static void put_name(struct supp_test *t, size_t off, const char *name)
{
	memset(t->mem + off, 0, NAME_BUF);
	memcpy(t->mem + off, name, strlen(name) + 1);
}

/* OPEN, CREATE or OPENDIR of @name; the handle in *@h. */
static uint32_t open_as(struct supp_test *t, uint64_t cmd, const char *name,
			uint64_t *h)
{
	struct tee_ioctl_param p[3];
	uint32_t res;

	put_name(t, NAME_OFF, name);
	supp_test_val(&p[0], VAL_IN, cmd, 0, 0);
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, NAME_BUF);
	supp_test_val(&p[2], VAL_OUT, 0, 0, 0);
	res = fs(t, 3, p);
	*h = p[2].a;
	return res;
}

static uint32_t one_val(struct supp_test *t, uint64_t cmd, uint64_t b,
			uint64_t c)
{
	struct tee_ioctl_param p[1];

	supp_test_val(&p[0], VAL_IN, cmd, b, c);
	return fs(t, 1, p);
}

static uint32_t write_at(struct supp_test *t, uint64_t h, uint64_t off,
			 const char *data)
{
	struct tee_ioctl_param p[2];

	memcpy(t->mem + DATA_OFF, data, strlen(data));
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_WRITE, h, off);
	supp_test_mem(&p[1], MEM_IN, DATA_OFF, strlen(data));
	return fs(t, 2, p);
}

/* READ of up to @len bytes; the count read in *@got. */
static uint32_t read_at(struct supp_test *t, uint64_t h, uint64_t off,
			size_t len, size_t *got)
{
	struct tee_ioctl_param p[2];
	uint32_t res;

	memset(t->mem + DATA_OFF, 0, len);
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_READ, h, off);
	supp_test_mem(&p[1], MEM_OUT, DATA_OFF, len);
	res = fs(t, 2, p);
	*got = p[1].b;
	return res;
}

static uint32_t name_op(struct supp_test *t, uint64_t cmd, const char *name)
{
	struct tee_ioctl_param p[2];

	put_name(t, NAME_OFF, name);
	supp_test_val(&p[0], VAL_IN, cmd, 0, 0);
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, NAME_BUF);
	return fs(t, 2, p);
}

static uint32_t rename_to(struct supp_test *t, const char *from, const char *to,
			  bool overwrite)
{
	struct tee_ioctl_param p[3];

	put_name(t, NAME_OFF, from);
	put_name(t, NAME2_OFF, to);
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_RENAME, overwrite, 0);
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, NAME_BUF);
	supp_test_mem(&p[2], MEM_IN, NAME2_OFF, NAME_BUF);
	return fs(t, 3, p);
}

/* READDIR into a @len-byte buffer; the size answered in *@size. */
static uint32_t read_dir(struct supp_test *t, uint64_t h, size_t len,
			 size_t *size)
{
	struct tee_ioctl_param p[2];
	uint32_t res;

	memset(t->mem + DATA_OFF, 0, 300);
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_READDIR, h, 0);
	supp_test_mem(&p[1], MEM_OUT, DATA_OFF, len);
	res = fs(t, 2, p);
	*size = p[1].b;
	return res;
}

static void path_of(struct supp_test *t, char *buf, size_t len,
		    const char *name)
{
	snprintf(buf, len, "%s/%s", t->dir, name);
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode & 07777;
}

static bool exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

static void test_create_write_read(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	uint64_t h;
	size_t got;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	/* The storage directory was made on the first request, 0700. */
	assert_int_equal(mode_of(t->dir), 0700);
	path_of(t, path, sizeof(path), "dirf.db");
	assert_int_equal(mode_of(path), 0600);
	/* Every open is O_SYNC (tee_supp_fs.c open_wrapper()). */
	assert_true(fcntl(t->s.fs.files[h - 1], F_GETFL) & O_SYNC);
	assert_int_equal(write_at(t, h, 10, "hello"), TEEC_SUCCESS);
	/* A short read at the end of the file is no error: size = read. */
	assert_int_equal(read_at(t, h, 0, 64, &got), TEEC_SUCCESS);
	assert_int_equal(got, 15);
	assert_memory_equal(t->mem + DATA_OFF + 10, "hello", 5);
	assert_int_equal(read_at(t, h, 100, 64, &got), TEEC_SUCCESS);
	assert_int_equal(got, 0);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, h, 0), TEEC_SUCCESS);
	/* Closed: the handle names nothing any more. */
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, h, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(read_at(t, h, 0, 4, &got), TEEC_ERROR_BAD_PARAMETERS);

	/* OPEN finds it again, with its content. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/dirf.db", &h),
			 TEEC_SUCCESS);
	assert_int_equal(read_at(t, h, 10, 5, &got), TEEC_SUCCESS);
	assert_int_equal(got, 5);
	assert_memory_equal(t->mem + DATA_OFF, "hello", 5);
	/* CREATE of an existing file truncates it (O_TRUNC). */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	assert_int_equal(read_at(t, h, 0, 8, &got), TEEC_SUCCESS);
	assert_int_equal(got, 0);
}

static void test_open_missing(void **state)
{
	struct supp_test *t = *state;
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/1a", &h),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/no/such", &h),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

static void test_truncate(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	struct stat st;
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/2", &h),
			 TEEC_SUCCESS);
	assert_int_equal(write_at(t, h, 0, "0123456789abcdef"), TEEC_SUCCESS);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_TRUNCATE, h, 4), TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "2");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 4);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_TRUNCATE, h, UINT64_MAX),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_TRUNCATE, h + 5, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
}

/* CREATE makes the parents 0700; REMOVE takes empty parents along. */
static void test_parents(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/a/b/c", &h),
			 TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "a");
	assert_int_equal(mode_of(path), 0700);
	path_of(t, path, sizeof(path), "a/b");
	assert_int_equal(mode_of(path), 0700);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, h, 0), TEEC_SUCCESS);
	assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, "/a/b/c"),
			 TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "a");
	assert_false(exists(path));
	assert_true(exists(t->dir));
	assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, "/a/b/c"),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

static void test_rename(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	uint64_t h;
	size_t got;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/x", &h),
			 TEEC_SUCCESS);
	assert_int_equal(write_at(t, h, 0, "xx"), TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/y", &h),
			 TEEC_SUCCESS);
	/* Without the overwrite flag an existing target is a conflict. */
	assert_int_equal(rename_to(t, "/x", "/y", false),
			 TEEC_ERROR_ACCESS_CONFLICT);
	assert_int_equal(rename_to(t, "/x", "/y", true), TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "x");
	assert_false(exists(path));
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/y", &h), TEEC_SUCCESS);
	assert_int_equal(read_at(t, h, 0, 8, &got), TEEC_SUCCESS);
	assert_int_equal(got, 2);
	assert_int_equal(rename_to(t, "/x", "/z", false),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(rename_to(t, "/y", "/../z", false),
			 TEEC_ERROR_BAD_PARAMETERS);
}

static void test_dirs(void **state)
{
	struct supp_test *t = *state;
	uint64_t h, d;
	size_t size;
	char first[8];

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/d/1", &h),
			 TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/d/22", &h),
			 TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/e/3", &h),
			 TEEC_SUCCESS);
	assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, "/e/3"), TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/d", &d),
			 TEEC_SUCCESS);
	/* Too small: SHORT_BUFFER with the size, NUL included. */
	assert_int_equal(read_dir(t, d, 1, &size), TEEC_ERROR_SHORT_BUFFER);
	assert_true(size == 2 || size == 3);
	/* The entry was kept for the retry. */
	assert_int_equal(read_dir(t, d, 8, &size), TEEC_SUCCESS);
	snprintf(first, sizeof(first), "%s", (char *)t->mem + DATA_OFF);
	assert_int_equal(size, strlen(first) + 1);
	assert_int_equal(read_dir(t, d, 8, &size), TEEC_SUCCESS);
	assert_string_not_equal((char *)t->mem + DATA_OFF, first);
	assert_true(!strcmp(first, "1") || !strcmp(first, "22"));
	assert_int_equal(read_dir(t, d, 8, &size), TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSEDIR, d, 0), TEEC_SUCCESS);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSEDIR, d, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(read_dir(t, d, 8, &size), TEEC_ERROR_BAD_PARAMETERS);
	/* "/" is the storage directory itself. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/", &d),
			 TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/nodir", &d),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

/* As OP-TEE: a directory of nothing but dot names is not found. */
static void test_opendir_empty(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/f", &h),
			 TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "empty");
	assert_int_equal(mkdir(path, 0700), 0);
	path_of(t, path, sizeof(path), "empty/.hidden");
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/empty", &h),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

/* Each sub-command's parameter count and types (tee_supp_fs.c). */
static void test_bad_params(void **state)
{
	static const struct {
		uint64_t cmd;
		size_t n;
		uint64_t types[4];
	} bad[] = {
		{OPTEE_RPC_FS_OPEN, 2, {VAL_IN, MEM_IN}},
		{OPTEE_RPC_FS_OPEN, 3, {VAL_IN, MEM_OUT, VAL_OUT}},
		{OPTEE_RPC_FS_OPEN, 3, {VAL_IN, MEM_IN, VAL_IN}},
		{OPTEE_RPC_FS_CREATE, 4, {VAL_IN, MEM_IN, VAL_OUT, VAL_IN}},
		{OPTEE_RPC_FS_CREATE, 3, {VAL_IN, VAL_IN, VAL_OUT}},
		{OPTEE_RPC_FS_CLOSE, 2, {VAL_IN, VAL_IN}},
		{OPTEE_RPC_FS_READ, 2, {VAL_IN, MEM_IN}},
		{OPTEE_RPC_FS_READ, 1, {VAL_IN}},
		{OPTEE_RPC_FS_WRITE, 2, {VAL_IN, MEM_OUT}},
		{OPTEE_RPC_FS_TRUNCATE, 2, {VAL_IN, VAL_IN}},
		{OPTEE_RPC_FS_REMOVE, 2, {VAL_IN, MEM_OUT}},
		{OPTEE_RPC_FS_REMOVE, 3, {VAL_IN, MEM_IN, MEM_IN}},
		{OPTEE_RPC_FS_RENAME, 2, {VAL_IN, MEM_IN}},
		{OPTEE_RPC_FS_RENAME, 3, {VAL_IN, MEM_IN, MEM_OUT}},
		{OPTEE_RPC_FS_OPENDIR, 3, {VAL_IN, MEM_IN, VAL_IN}},
		{OPTEE_RPC_FS_CLOSEDIR, 2, {VAL_IN, VAL_IN}},
		{OPTEE_RPC_FS_READDIR, 2, {VAL_IN, MEM_IN}},
		/* value[0] must be VALUE_INPUT; the sub-command must exist. */
		{OPTEE_RPC_FS_CLOSE, 1, {VAL_OUT}},
		{11, 1, {VAL_IN}},
		{UINT64_MAX, 1, {VAL_IN}},
		{OPTEE_RPC_FS_OPEN, 0, {0}},
	};
	struct supp_test *t = *state;
	struct tee_ioctl_param p[4];
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	put_name(t, NAME_OFF, "/dirf.db");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (size_t k = 0; k < 4; k++) {
			bool mem = bad[i].types[k] == MEM_IN ||
				   bad[i].types[k] == MEM_OUT;

			if (mem)
				supp_test_mem(&p[k], bad[i].types[k], NAME_OFF,
					      NAME_BUF);
			else
				supp_test_val(&p[k], bad[i].types[k],
					      k ? 0 : bad[i].cmd, h, 0);
		}
		assert_int_equal(fs(t, bad[i].n, p), TEEC_ERROR_BAD_PARAMETERS);
	}
	/* A memref outside our shared memory, or of an unknown one. */
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_READ, h, 0);
	supp_test_mem(&p[1], MEM_OUT, SUPP_TEST_SHM_SIZE - 4, 8);
	assert_int_equal(fs(t, 2, p), TEEC_ERROR_BAD_PARAMETERS);
	supp_test_mem(&p[1], MEM_OUT, UINT64_MAX, 8);
	assert_int_equal(fs(t, 2, p), TEEC_ERROR_BAD_PARAMETERS);
	supp_test_mem(&p[1], MEM_OUT, 0, 8);
	p[1].c = SUPP_TEST_SHM_ID + 1;
	assert_int_equal(fs(t, 2, p), TEEC_ERROR_BAD_PARAMETERS);
	p[1].c = (uint64_t)-1;
	assert_int_equal(fs(t, 2, p), TEEC_ERROR_BAD_PARAMETERS);
	/* An offset no off_t holds. */
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_READ, h, UINT64_MAX);
	supp_test_mem(&p[1], MEM_OUT, DATA_OFF, 8);
	assert_int_equal(fs(t, 2, p), TEEC_ERROR_BAD_PARAMETERS);
	/* Handle 0 and one never given out. */
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, 0, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, 1000, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
}

/* Names that are malformed or could leave the directory: refused. */
static void test_bad_names(void **state)
{
	static const char *const bad[] = {
		"/../x",
		"/a/../../x",
		"x",
		"",
		"//x",
		"/a//b",
		"/a/",
		"/.",
		"/..",
		"/./x",
		"/.teebox-rpmb",
		"/a/.b",
		"/../outside/f",
	};
	struct supp_test *t = *state;
	struct tee_ioctl_param p[3];
	char longname[300];
	uint64_t h;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, bad[i], &h),
				 TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, bad[i], &h),
				 TEEC_ERROR_BAD_PARAMETERS);
		assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, bad[i]),
				 TEEC_ERROR_BAD_PARAMETERS);
	}
	/* "/" is no file. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/", &h),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* A component longer than NAME_MAX. */
	memset(longname, 'a', sizeof(longname));
	longname[0] = '/';
	longname[sizeof(longname) - 1] = '\0';
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, longname, &h),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* No NUL within the 350-byte buffer. */
	memset(t->mem + NAME_OFF, 'b', 400);
	t->mem[NAME_OFF] = '/';
	t->mem[NAME_OFF + 360] = '\0';
	supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_CREATE, 0, 0);
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, NAME_BUF);
	supp_test_val(&p[2], VAL_OUT, 0, 0, 0);
	assert_int_equal(fs(t, 3, p), TEEC_ERROR_BAD_PARAMETERS);
	/* ... nor within a bigger memref's first 350 bytes. */
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, 400);
	assert_int_equal(fs(t, 3, p), TEEC_ERROR_BAD_PARAMETERS);
	/* A NUL past the memref's end does not count. */
	put_name(t, NAME_OFF, "/abcdef");
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, 4);
	assert_int_equal(fs(t, 3, p), TEEC_ERROR_BAD_PARAMETERS);
	supp_test_mem(&p[1], MEM_IN, NAME_OFF, 0);
	assert_int_equal(fs(t, 3, p), TEEC_ERROR_BAD_PARAMETERS);
	/* Refused before any file system call: not even the directory. */
	assert_false(exists(t->dir));
	/* An "absolute" name is just a name beneath the directory. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/etc/passwd", &h),
			 TEEC_ERROR_ITEM_NOT_FOUND);
}

/* Symbolic links beneath the directory are never followed. */
static void test_symlinks(void **state)
{
	struct supp_test *t = *state;
	char path[512], target[512], buf[8] = {0};
	uint64_t h;
	FILE *f;

	snprintf(target, sizeof(target), "%s/secret", t->outside);
	f = fopen(target, "w");
	assert_non_null(f);
	fputs("keep", f);
	fclose(f);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	/* A link to a directory outside. */
	path_of(t, path, sizeof(path), "link");
	assert_int_equal(symlink(t->outside, path), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/link/secret", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/link/new", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/link/secret", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/link", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, "/link/secret"),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(rename_to(t, "/link/secret", "/stolen", false),
			 TEEC_ERROR_ACCESS_DENIED);
	assert_int_equal(rename_to(t, "/dirf.db", "/link/planted", false),
			 TEEC_ERROR_ACCESS_DENIED);
	snprintf(path, sizeof(path), "%s/new", t->outside);
	assert_false(exists(path));
	snprintf(path, sizeof(path), "%s/planted", t->outside);
	assert_false(exists(path));
	/* A link to a file outside, in the file's place. */
	path_of(t, path, sizeof(path), "1");
	assert_int_equal(symlink(target, path), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/1", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	/* CREATE would truncate through it (O_TRUNC): refused. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/1", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	f = fopen(target, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_string_equal(buf, "keep");
	/* REMOVE takes the link, never what it points to. */
	assert_int_equal(name_op(t, OPTEE_RPC_FS_REMOVE, "/1"), TEEC_SUCCESS);
	assert_true(exists(target));
}

/* A FIFO or a directory where a file should be: refused, not blocked on. */
static void test_not_regular(void **state)
{
	struct supp_test *t = *state;
	char path[512];
	uint64_t h;

	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "fifo");
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/fifo", &h),
			 TEEC_ERROR_ACCESS_DENIED);
	path_of(t, path, sizeof(path), "dir");
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/dir", &h),
			 TEEC_ERROR_ACCESS_DENIED);
}

static void test_root_refused(void **state, mode_t mode, bool as_link)
{
	struct supp_test *t = *state;
	uint64_t h;

	if (as_link) {
		assert_int_equal(symlink(t->outside, t->dir), 0);
	} else {
		assert_int_equal(mkdir(t->dir, 0700), 0);
		assert_int_equal(chmod(t->dir, mode), 0);
	}
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
	/* It stays refused. */
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/dirf.db", &h),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/", &h),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
}

static void test_root_group_writable(void **state)
{
	test_root_refused(state, 0770, false);
}

static void test_root_world_writable(void **state)
{
	test_root_refused(state, 0703, false);
}

static void test_root_symlink(void **state)
{
	test_root_refused(state, 0, true);
}

static void test_root_other_owner(void **state)
{
	struct supp_test *t = *state;
	uint64_t h;

	if (geteuid() != 0) {
		print_message("skipped: handing a directory to another user "
			      "needs root\n");
		skip();
	}
	assert_int_equal(mkdir(t->dir, 0700), 0);
	assert_int_equal(chown(t->dir, 65534, 65534), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
}

/*
 * ENOSPC → TEEC_ERROR_STORAGE_NO_SPACE (tee_supp_fs.c): the storage
 * directory on a 16 KiB tmpfs, mounted in a mount namespace of this
 * process's own so nothing outside sees it.  Needs the right to mount.
 */
static bool mount_tmpfs(struct supp_test *t)
{
	return !unshare(CLONE_NEWNS) &&
	       !mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) &&
	       !mkdir(t->dir, 0700) &&
	       !mount("none", t->dir, "tmpfs", 0, "size=16k,mode=0700");
}

/* Unmounts it, after closing what the supplicant holds there. */
static void unmount_tmpfs(struct supp_test *t)
{
	supp_test_restart(t);
	assert_int_equal(umount2(t->dir, MNT_DETACH), 0);
}

static void test_no_space(void **state)
{
	struct supp_test *t = *state;
	uint64_t h;
	uint32_t res;

	if (!mount_tmpfs(t)) {
		print_message("skipped: cannot mount a small tmpfs here (%s) "
			      "to provoke ENOSPC\n",
			      strerror(errno));
		skip();
	}
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/dirf.db", &h),
			 TEEC_SUCCESS);
	memset(t->mem + DATA_OFF, 'z', 32 * 1024);
	{
		struct tee_ioctl_param p[2];

		supp_test_val(&p[0], VAL_IN, OPTEE_RPC_FS_WRITE, h, 0);
		supp_test_mem(&p[1], MEM_IN, DATA_OFF, 32 * 1024);
		res = fs(t, 2, p);
	}
	unmount_tmpfs(t);
	assert_int_equal(res, TEEC_ERROR_STORAGE_NO_SPACE);
}

/*
 * Read-only fallback of OPEN (tee_supp_fs.c ree_fs_new_open()): on a
 * read-only file system (as root: a tmpfs remounted read-only) or for a
 * 0400 file (others).
 */
static void test_open_read_only(void **state)
{
	struct supp_test *t = *state;
	bool mounted = geteuid() == 0;
	char path[512];
	uint64_t h;
	size_t got;

	if (mounted && !mount_tmpfs(t)) {
		print_message("skipped: cannot mount a tmpfs here (%s)\n",
			      strerror(errno));
		skip();
	}
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/ro", &h),
			 TEEC_SUCCESS);
	assert_int_equal(write_at(t, h, 0, "r"), TEEC_SUCCESS);
	path_of(t, path, sizeof(path), "ro");
	if (mounted) {
		supp_test_restart(t);
		assert_int_equal(
			mount(NULL, t->dir, NULL, MS_REMOUNT | MS_RDONLY, NULL),
			0);
	} else {
		assert_int_equal(chmod(path, 0400), 0);
	}
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/ro", &h),
			 TEEC_SUCCESS);
	assert_int_equal(read_at(t, h, 0, 4, &got), TEEC_SUCCESS);
	assert_int_equal(got, 1);
	assert_int_equal(write_at(t, h, 0, "w"), TEEC_ERROR_GENERIC);
	if (mounted)
		unmount_tmpfs(t);
}

/*
 * The handle table is bounded (1024 files and directories together):
 * past it, as EMFILE would, TEEC_ERROR_GENERIC, and a CLOSE makes room.
 */
static void test_handle_limit(void **state)
{
	struct supp_test *t = *state;
	struct rlimit rl;
	uint64_t h, first = 0;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_max < 1200) {
		print_message("skipped: fewer than 1200 descriptors allowed\n");
		skip();
	}
	rl.rlim_cur = rl.rlim_max;
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &rl), 0);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_CREATE, "/c", &first),
			 TEEC_SUCCESS);
	for (int i = 1; i < 1024; i++)
		assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/c", &h),
				 TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/c", &h),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPENDIR, "/", &h),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(one_val(t, OPTEE_RPC_FS_CLOSE, first, 0),
			 TEEC_SUCCESS);
	assert_int_equal(open_as(t, OPTEE_RPC_FS_OPEN, "/c", &h), TEEC_SUCCESS);
	assert_int_equal(h, first);
}

#define T(name)                                                                \
	cmocka_unit_test_setup_teardown(name, supp_test_setup,                 \
					supp_test_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_create_write_read),
		T(test_open_missing),
		T(test_truncate),
		T(test_parents),
		T(test_rename),
		T(test_dirs),
		T(test_opendir_empty),
		T(test_bad_params),
		T(test_bad_names),
		T(test_symlinks),
		T(test_not_regular),
		T(test_root_group_writable),
		T(test_root_world_writable),
		T(test_root_symlink),
		T(test_root_other_owner),
		T(test_no_space),
		T(test_handle_limit),
		T(test_open_read_only),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
