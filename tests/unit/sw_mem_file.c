// SPDX-License-Identifier: BSD-2-Clause
/* The storage tests' file in memory (sw_mem_file.h). */
#include <stdlib.h>
#include <string.h>

#include "sw_mem_file.h"

static TEE_Result mf_read(void *io, uint64_t offs, void *buf, size_t len,
			  size_t *got)
{
	struct mem_file *f = io;

	if (f->fail_reads)
		return TEE_ERROR_GENERIC;
	*got = 0;
	if (offs >= f->size)
		return TEE_SUCCESS;
	*got = f->size - offs < len ? f->size - offs : len;
	memcpy(buf, f->data + offs, *got);
	return TEE_SUCCESS;
}

static int crashed(struct mem_file *f)
{
	long n = f->writes++;

	return f->crash_at >= 0 && n >= f->crash_at;
}

static void resize(struct mem_file *f, size_t size)
{
	f->data = realloc(f->data, size ? size : 1);
	if (size > f->size)
		memset(f->data + f->size, 0, size - f->size);
	f->size = size;
}

static TEE_Result mf_write(void *io, uint64_t offs, const void *buf, size_t len)
{
	struct mem_file *f = io;

	if (crashed(f))
		return TEE_ERROR_COMMUNICATION;
	if (offs + len > f->size)
		resize(f, offs + len);
	memcpy(f->data + offs, buf, len);
	return TEE_SUCCESS;
}

static TEE_Result mf_truncate(void *io, uint64_t len)
{
	struct mem_file *f = io;

	if (crashed(f))
		return TEE_ERROR_COMMUNICATION;
	resize(f, len);
	return TEE_SUCCESS;
}

const struct fs_htree_io_ops mem_file_ops = {
	.read = mf_read,
	.write = mf_write,
	.truncate = mf_truncate,
};

void mem_file_init(struct mem_file *f)
{
	memset(f, 0, sizeof(*f));
	f->crash_at = -1;
}

void mem_file_free(struct mem_file *f)
{
	free(f->data);
	f->data = NULL;
	f->size = 0;
}

void mem_file_copy(struct mem_file *dst, const struct mem_file *src)
{
	mem_file_init(dst);
	dst->data = malloc(src->size ? src->size : 1);
	if (src->size)
		memcpy(dst->data, src->data, src->size);
	dst->size = src->size;
}
