// SPDX-License-Identifier: BSD-2-Clause
/*
 * Version databases (ta_ver_db.h).  A database is read whole, changed in
 * memory and replaced by a synced rename, so it is always the one before
 * or the one after a load, never half of each.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tbx/byteorder.h>

#include "ta_ver_db.h"

#define HDR_SIZE   8
#define ENTRY_SIZE 20
/* More entries than any installation has TAs and subkeys: damage. */
#define MAX_ENTRIES 65536u

/* OP-TEE's ver_db_mutex: two loads must not both rewrite a database. */
static pthread_mutex_t db_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Reads database @path into *@buf (malloc'ed, *@len bytes); a missing
 * one is an empty database, as OP-TEE creates it with a zero header.
 */
static TEE_Result db_read(const char *path, uint8_t **buf, size_t *len)
{
	struct stat st;
	ssize_t n;
	int fd;

	*buf = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? TEE_SUCCESS
				       : TEE_ERROR_STORAGE_NOT_AVAILABLE;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (st.st_mode & 077) ||
	    st.st_uid != geteuid() || st.st_size < HDR_SIZE ||
	    st.st_size > HDR_SIZE + (off_t)MAX_ENTRIES * ENTRY_SIZE) {
		close(fd);
		return TEE_ERROR_BAD_STATE;
	}
	*buf = malloc((size_t)st.st_size);
	if (!*buf) {
		close(fd);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	n = read(fd, *buf, (size_t)st.st_size);
	close(fd);
	*len = (size_t)st.st_size;
	if (n != st.st_size ||
	    *len != HDR_SIZE + (size_t)tbx_get_le32(*buf + 4) * ENTRY_SIZE) {
		free(*buf);
		*buf = NULL;
		return TEE_ERROR_BAD_STATE;
	}
	return TEE_SUCCESS;
}

/*
 * mkdir -p @dir, 0700: the first TA may load before storage was ever
 * used, when not even the state directory's parents exist.
 */
static int make_dirs(const char *dir)
{
	char p[4096];
	size_t n = strlen(dir);

	if (n >= sizeof(p))
		return -1;
	memcpy(p, dir, n + 1);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0700) && errno != EEXIST ? -1 : 0;
}

/* Replaces database @path with @len bytes of @buf. */
static TEE_Result db_write(const char *dir, const char *path,
			   const uint8_t *buf, size_t len)
{
	char tmp[4200];
	int fd, ok;

	if (make_dirs(dir))
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	snprintf(tmp, sizeof(tmp), "%s.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	ok = write(fd, buf, len) == (ssize_t)len && !fsync(fd);
	close(fd);
	if (!ok || rename(tmp, path)) {
		unlink(tmp);
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	}
	return TEE_SUCCESS;
}

/*
 * OP-TEE's rule on database @buf (@len bytes, possibly NULL: empty):
 * lower refused, equal kept, higher or new recorded.  *@out is NULL when
 * nothing changes, else the new database (malloc'ed, *@out_len bytes).
 */
static TEE_Result db_apply(const uint8_t *buf, size_t len,
			   const uint8_t uuid[16], uint32_t version,
			   uint8_t **out, size_t *out_len)
{
	size_t n = buf ? tbx_get_le32(buf + 4) : 0, i;

	*out = NULL;
	for (i = 0; i < n; i++) {
		const uint8_t *e = buf + HDR_SIZE + i * ENTRY_SIZE;

		if (memcmp(e, uuid, 16))
			continue;
		if (tbx_get_le32(e + 16) > version)
			return TEE_ERROR_ACCESS_CONFLICT;
		if (tbx_get_le32(e + 16) == version)
			return TEE_SUCCESS;
		break;
	}
	if (i == n && n >= MAX_ENTRIES)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	*out_len = HDR_SIZE + (i == n ? n + 1 : n) * ENTRY_SIZE;
	*out = calloc(1, *out_len);
	if (!*out)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (buf)
		memcpy(*out, buf, len);
	tbx_put_le32(*out + 4, (uint32_t)(i == n ? n + 1 : n));
	memcpy(*out + HDR_SIZE + i * ENTRY_SIZE, uuid, 16);
	tbx_put_le32(*out + HDR_SIZE + i * ENTRY_SIZE + 16, version);
	return TEE_SUCCESS;
}

TEE_Result ta_ver_db_check_update(const char *state_dir, const char *db,
				  const uint8_t uuid[16], uint32_t version)
{
	uint8_t *buf = NULL, *out = NULL;
	size_t len = 0, out_len = 0;
	char path[4096];
	TEE_Result res;

	if (!state_dir)
		return TEE_SUCCESS;
	snprintf(path, sizeof(path), "%s/%s", state_dir, db);
	pthread_mutex_lock(&db_lock);
	res = db_read(path, &buf, &len);
	if (!res)
		res = db_apply(buf, len, uuid, version, &out, &out_len);
	if (!res && out)
		res = db_write(state_dir, path, out, out_len);
	pthread_mutex_unlock(&db_lock);
	free(buf);
	free(out);
	return res;
}
