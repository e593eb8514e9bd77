// SPDX-License-Identifier: BSD-2-Clause
/* The REE FS rollback floor in the state directory (nv_counter.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nv_counter.h"

static TEE_Result nv_get(void *ctx, uint32_t *counter)
{
	const char *dir = ctx;
	char path[4096];
	uint8_t b[4];
	struct stat st;
	int fd, n;

	*counter = 0;
	snprintf(path, sizeof(path), "%s/" NV_COUNTER_FILE, dir);
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
	*counter = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		   (uint32_t)b[3] << 24;
	return TEE_SUCCESS;
}

static TEE_Result nv_incr_to(void *ctx, uint32_t counter)
{
	const char *dir = ctx;
	char path[4096], tmp[4096];
	uint8_t b[4] = {(uint8_t)counter, (uint8_t)(counter >> 8),
			(uint8_t)(counter >> 16), (uint8_t)(counter >> 24)};
	TEE_Result res;
	uint32_t cur;
	int fd, ok;

	res = nv_get(ctx, &cur);
	if (res)
		return res;
	if (counter <= cur)
		return TEE_SUCCESS;
	snprintf(path, sizeof(path), "%s/" NV_COUNTER_FILE, dir);
	snprintf(tmp, sizeof(tmp), "%s/." NV_COUNTER_FILE ".%ld", dir,
		 (long)getpid());
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

const struct tee_fs_rollback_ops nv_counter_ops = {
	.get = nv_get,
	.incr_to = nv_incr_to,
};
