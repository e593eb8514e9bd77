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

static TEE_Result resize(struct mem_file *f, uint64_t size)
{
	uint8_t *p;

	if (f->max_size && size > f->max_size)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (size > SIZE_MAX - 1)
		return TEE_ERROR_OUT_OF_MEMORY;
	p = realloc(f->data, size ? (size_t)size : 1);
	if (!p)
		return TEE_ERROR_OUT_OF_MEMORY;
	f->data = p;
	if (size > f->size)
		memset(f->data + f->size, 0, (size_t)size - f->size);
	f->size = (size_t)size;
	return TEE_SUCCESS;
}

static TEE_Result mf_write(void *io, uint64_t offs, const void *buf, size_t len)
{
	struct mem_file *f = io;
	TEE_Result res;

	if (crashed(f))
		return TEE_ERROR_COMMUNICATION;
	if (offs > UINT64_MAX - len)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (offs + len > f->size) {
		res = resize(f, offs + len);
		if (res)
			return res;
	}
	memcpy(f->data + offs, buf, len);
	return TEE_SUCCESS;
}

static TEE_Result mf_truncate(void *io, uint64_t len)
{
	struct mem_file *f = io;

	if (crashed(f))
		return TEE_ERROR_COMMUNICATION;
	return resize(f, len);
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
