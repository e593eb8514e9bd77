// SPDX-License-Identifier: BSD-2-Clause
/* The storage tests' supplicant in memory (sw_mem_supp.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sw_mem_supp.h"

static bool crashed(struct mem_supp *s)
{
	long n = s->writes++;

	return s->crash_at >= 0 && n >= s->crash_at;
}

int supp_find(struct mem_supp *s, const char *name)
{
	for (int i = 0; i < MAX_FILES; i++)
		if (!strcmp(s->names[i], name))
			return i;
	return -1;
}

static TEE_Result supp_open(void *ctx, const char *name, bool create, int *fd)
{
	struct mem_supp *s = ctx;
	int i = supp_find(s, name);

	if (create) {
		if (crashed(s))
			return TEE_ERROR_COMMUNICATION;
		if (i < 0)
			i = supp_find(s, "");
		/* Every file in use: a full disk (a fuzz input gets here). */
		if (i < 0)
			return TEE_ERROR_STORAGE_NO_SPACE;
		strcpy(s->names[i], name);
		mem_file_free(&s->files[i]);
		mem_file_init(&s->files[i]);
		s->files[i].max_size = s->max_file_size;
	} else if (i < 0) {
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	for (int f = 0; f < MAX_FDS; f++) {
		if (s->fd_file[f] < 0) {
			s->fd_file[f] = i;
			*fd = f;
			return TEE_SUCCESS;
		}
	}
	return TEE_ERROR_OUT_OF_MEMORY;
}

static TEE_Result supp_close(void *ctx, int fd)
{
	struct mem_supp *s = ctx;

	assert_true(fd >= 0 && fd < MAX_FDS && s->fd_file[fd] >= 0);
	s->fd_file[fd] = -1;
	return TEE_SUCCESS;
}

static struct mem_file *fd_file(struct mem_supp *s, int fd)
{
	assert_true(fd >= 0 && fd < MAX_FDS && s->fd_file[fd] >= 0);
	return &s->files[s->fd_file[fd]];
}

static TEE_Result supp_read(void *ctx, int fd, uint64_t offs, void *buf,
			    size_t len, size_t *got)
{
	assert_true(len <= TEE_FS_RPC_MAX_IO);
	return mem_file_ops.read(fd_file(ctx, fd), offs, buf, len, got);
}

static TEE_Result supp_write(void *ctx, int fd, uint64_t offs, const void *buf,
			     size_t len)
{
	assert_true(len <= TEE_FS_RPC_MAX_IO);
	if (crashed(ctx))
		return TEE_ERROR_COMMUNICATION;
	return mem_file_ops.write(fd_file(ctx, fd), offs, buf, len);
}

static TEE_Result supp_truncate(void *ctx, int fd, uint64_t len)
{
	if (crashed(ctx))
		return TEE_ERROR_COMMUNICATION;
	return mem_file_ops.truncate(fd_file(ctx, fd), len);
}

static TEE_Result supp_remove(void *ctx, const char *name)
{
	struct mem_supp *s = ctx;
	int i = supp_find(s, name);

	if (crashed(s))
		return TEE_ERROR_COMMUNICATION;
	if (i < 0)
		return TEE_ERROR_ITEM_NOT_FOUND;
	s->names[i][0] = 0;
	mem_file_free(&s->files[i]);
	return TEE_SUCCESS;
}

const struct tee_fs_rpc_ops mem_supp_ops = {
	.open = supp_open,
	.close = supp_close,
	.read = supp_read,
	.write = supp_write,
	.truncate = supp_truncate,
	.remove = supp_remove,
};

void supp_init(struct mem_supp *s)
{
	memset(s, 0, sizeof(*s));
	for (int f = 0; f < MAX_FDS; f++)
		s->fd_file[f] = -1;
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_init(&s->files[i]);
	s->crash_at = -1;
}

void supp_free(struct mem_supp *s)
{
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_free(&s->files[i]);
}

void supp_copy(struct mem_supp *dst, const struct mem_supp *src)
{
	supp_init(dst);
	memcpy(dst->names, src->names, sizeof(dst->names));
	for (int i = 0; i < MAX_FILES; i++)
		mem_file_copy(&dst->files[i], &src->files[i]);
}

struct mem_file *supp_named(struct mem_supp *s, const char *name)
{
	int i = supp_find(s, name);

	assert_true(i >= 0);
	return &s->files[i];
}

int supp_open_fds(struct mem_supp *s)
{
	int n = 0;

	for (int f = 0; f < MAX_FDS; f++)
		n += s->fd_file[f] >= 0;
	return n;
}
