// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters kept in the secure world's state directory (nv_counter.h):
 * the REE FS rollback floor and the RPMB write-counter floor.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nv_counter.h"

/* *@present: whether file @name exists; *@counter its value, else 0. */
static TEE_Result nv_read(const char *dir, const char *name, bool *present,
			  uint32_t *counter)
{
	char path[4096];
	uint8_t b[4];
	struct stat st;
	int fd, n;

	*counter = 0;
	*present = false;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? TEE_SUCCESS
				       : TEE_ERROR_STORAGE_NOT_AVAILABLE;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size != 4 ||
	    (st.st_mode & 077) || st.st_uid != geteuid()) {
		close(fd);
		return TEE_ERROR_SECURITY;
	}
	n = (int)read(fd, b, sizeof(b));
	close(fd);
	if (n != 4)
		return TEE_ERROR_SECURITY;
	*present = true;
	*counter = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		   (uint32_t)b[3] << 24;
	return TEE_SUCCESS;
}

/* Raises file @name to @counter (never lowers it); a synced rename. */
static TEE_Result nv_raise(const char *dir, const char *name, uint32_t counter)
{
	char path[4096], tmp[4096];
	uint8_t b[4] = {(uint8_t)counter, (uint8_t)(counter >> 8),
			(uint8_t)(counter >> 16), (uint8_t)(counter >> 24)};
	TEE_Result res;
	bool present;
	uint32_t cur;
	int fd, ok;

	res = nv_read(dir, name, &present, &cur);
	if (res)
		return res;
	if (present && counter <= cur)
		return TEE_SUCCESS;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.%ld", dir, name, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	ok = write(fd, b, sizeof(b)) == sizeof(b) && !fsync(fd);
	close(fd);
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	}
	return TEE_SUCCESS;
}

static TEE_Result nv_get(void *ctx, const struct tee_fs_rpc *rpc,
			 uint32_t *counter)
{
	bool present;

	(void)rpc;
	return nv_read(ctx, NV_COUNTER_FILE, &present, counter);
}

static TEE_Result nv_incr_to(void *ctx, const struct tee_fs_rpc *rpc,
			     uint32_t counter)
{
	(void)rpc;
	return nv_raise(ctx, NV_COUNTER_FILE, counter);
}

const struct tee_fs_rollback_ops nv_counter_ops = {
	.get = nv_get,
	.incr_to = nv_incr_to,
};

static TEE_Result rpmb_floor_get(void *ctx, bool *present, uint32_t *counter)
{
	return nv_read(ctx, NV_RPMB_COUNTER_FILE, present, counter);
}

static TEE_Result rpmb_floor_set(void *ctx, uint32_t counter)
{
	return nv_raise(ctx, NV_RPMB_COUNTER_FILE, counter);
}

const struct tee_rpmb_floor_ops nv_rpmb_floor_ops = {
	.get = rpmb_floor_get,
	.set = rpmb_floor_set,
};
