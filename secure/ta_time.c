// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA persistent time records (ta_time.h).  A record is 16 bytes, little
 * endian: the offset (TA time - wall clock, ms, signed) and the wall
 * clock when it was set (ms).  It is replaced by a synced rename, so it
 * is always one whole record or the one before.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tbx/byteorder.h>

#include "ta/include/tee_api_defines.h"
#include "ta_time.h"

#define RECORD_SIZE 16

/* "<dir>/ta_time/<UUID as 32 hex digits of its fields>" */
static void record_path(char *buf, size_t len, const char *dir,
			const TEE_UUID *u)
{
	const uint8_t *n = u->clockSeqAndNode;

	snprintf(buf, len,
		 "%s/" TA_TIME_DIR "/%08x%04x%04x%02x%02x%02x%02x%02x%02x%02x"
		 "%02x",
		 dir, u->timeLow, u->timeMid, u->timeHiAndVersion, n[0], n[1],
		 n[2], n[3], n[4], n[5], n[6], n[7]);
}

TEE_Result ta_time_get(const char *state_dir, const TEE_UUID *uuid,
		       int64_t now_ms, uint32_t *sec, uint32_t *millis)
{
	uint8_t b[RECORD_SIZE];
	char path[4096];
	int64_t offs, set_at, t;
	struct stat st;
	int fd, n;

	*sec = 0;
	*millis = 0;
	record_path(path, sizeof(path), state_dir, uuid);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? TEE_ERROR_TIME_NOT_SET
				       : TEE_ERROR_TIME_NEEDS_RESET;
	n = -1;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    st.st_size == RECORD_SIZE && !(st.st_mode & 077) &&
	    st.st_uid == geteuid())
		n = (int)read(fd, b, sizeof(b));
	close(fd);
	if (n != RECORD_SIZE)
		return TEE_ERROR_TIME_NEEDS_RESET;
	offs = (int64_t)tbx_get_le64(b);
	set_at = (int64_t)tbx_get_le64(b + 8);
	/* The clock went back past the setting: it cannot be trusted. */
	if (now_ms < set_at)
		return TEE_ERROR_TIME_NEEDS_RESET;
	if ((offs > 0 && now_ms > INT64_MAX - offs) || now_ms + offs < 0)
		return TEE_ERROR_TIME_NEEDS_RESET;
	t = now_ms + offs;
	*sec = (uint32_t)(t / 1000);
	*millis = (uint32_t)(t % 1000);
	/* GP: past 2^32 - 1 seconds the wrapped value, with OVERFLOW. */
	return t / 1000 > UINT32_MAX ? TEE_ERROR_OVERFLOW : TEE_SUCCESS;
}

TEE_Result ta_time_set(const char *state_dir, const TEE_UUID *uuid,
		       int64_t now_ms, uint32_t sec, uint32_t millis)
{
	int64_t t = (int64_t)sec * 1000 + millis;
	char path[4096], tmp[4200], dir[4096];
	uint8_t b[RECORD_SIZE];
	int fd, ok;

	tbx_put_le64(b, (uint64_t)(t - now_ms));
	tbx_put_le64(b + 8, (uint64_t)now_ms);
	snprintf(dir, sizeof(dir), "%s/" TA_TIME_DIR, state_dir);
	/* Storage may not have been used yet: the state directory too. */
	if (mkdir(state_dir, 0700) && errno != EEXIST)
		return TEE_ERROR_STORAGE_NO_SPACE;
	if (mkdir(dir, 0700) && errno != EEXIST)
		return TEE_ERROR_STORAGE_NO_SPACE;
	record_path(path, sizeof(path), state_dir, uuid);
	snprintf(tmp, sizeof(tmp), "%s.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return TEE_ERROR_STORAGE_NO_SPACE;
	ok = write(fd, b, sizeof(b)) == sizeof(b) && !fsync(fd);
	close(fd);
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		return TEE_ERROR_STORAGE_NO_SPACE;
	}
	return TEE_SUCCESS;
}
