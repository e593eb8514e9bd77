// SPDX-License-Identifier: BSD-2-Clause
/* The emulated RPMB device's backing file; see rpmb_store.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include <tbx/byteorder.h>

#include "rpmb_store.h"

#define STATE_OFF   0
#define STATE_SIZE  128
#define JOURNAL_OFF 512
/* state, block (u32), count (u32), the blocks, SHA-256 */
#define JOURNAL_DATA 136
#define JOURNAL_SIZE                                                           \
	(JOURNAL_DATA + RPMB_EMU_MAX_WRITE_BLOCKS * RPMB_BLOCK_SIZE + 32)
#define DATA_OFF  4096
#define FILE_SIZE (DATA_OFF + RPMB_EMU_BLOCKS * RPMB_BLOCK_SIZE)
#define HASH_SIZE 32

static const char magic[8] = "TBXRPMB1";

_Static_assert(JOURNAL_OFF + JOURNAL_SIZE <= DATA_OFF, "journal fits");

static int sha256(const uint8_t *p, size_t len, uint8_t out[HASH_SIZE])
{
	return EVP_Digest(p, len, out, NULL, EVP_sha256(), NULL) ? 0 : -ENOMEM;
}

/* The state record: magic, version 1, counter, key, CID, SHA-256. */
static int encode_state(const struct rpmb_state *s, uint8_t rec[STATE_SIZE])
{
	memset(rec, 0, STATE_SIZE);
	memcpy(rec, magic, sizeof(magic));
	tbx_put_le32(rec + 8, 1);
	tbx_put_le32(rec + 12, s->counter);
	rec[16] = s->key_set;
	rec[17] = RPMB_EMU_SIZE_MULT;
	rec[18] = RPMB_EMU_REL_WR_SEC_C;
	memcpy(rec + 20, s->cid, RPMB_CID_SIZE);
	memcpy(rec + 36, s->key, RPMB_KEY_SIZE);
	return sha256(rec, STATE_SIZE - HASH_SIZE,
		      rec + STATE_SIZE - HASH_SIZE);
}

/* 0, or -EIO when @rec is not a state record of this geometry. */
static int decode_state(const uint8_t rec[STATE_SIZE], struct rpmb_state *s)
{
	uint8_t h[HASH_SIZE];

	if (sha256(rec, STATE_SIZE - HASH_SIZE, h) ||
	    memcmp(h, rec + STATE_SIZE - HASH_SIZE, HASH_SIZE) ||
	    memcmp(rec, magic, sizeof(magic)) || tbx_get_le32(rec + 8) != 1 ||
	    rec[16] > 1 || rec[17] != RPMB_EMU_SIZE_MULT ||
	    rec[18] != RPMB_EMU_REL_WR_SEC_C)
		return -EIO;
	s->counter = tbx_get_le32(rec + 12);
	s->key_set = rec[16];
	memcpy(s->cid, rec + 20, RPMB_CID_SIZE);
	memcpy(s->key, rec + 36, RPMB_KEY_SIZE);
	return 0;
}

static int pwrite_all(int fd, const void *p, size_t len, off_t off)
{
	while (len) {
		ssize_t r = pwrite(fd, p, len, off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		p = (const uint8_t *)p + r;
		len -= (size_t)r;
		off += r;
	}
	return 0;
}

static int pread_all(int fd, void *p, size_t len, off_t off)
{
	while (len) {
		ssize_t r = pread(fd, p, len, off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return -EIO;
		p = (uint8_t *)p + r;
		len -= (size_t)r;
		off += r;
	}
	return 0;
}

static int sync_fd(int fd)
{
	return fdatasync(fd) ? -errno : 0;
}

/* The state and blocks in place (step two of a commit, or recovery). */
static int apply(int fd, const uint8_t rec[STATE_SIZE], uint32_t block,
		 size_t n, const uint8_t *data)
{
	int rc = 0;

	if (n)
		rc = pwrite_all(fd, data, n * RPMB_BLOCK_SIZE,
				DATA_OFF + (off_t)block * RPMB_BLOCK_SIZE);
	if (!rc)
		rc = pwrite_all(fd, rec, STATE_SIZE, STATE_OFF);
	return rc ? rc : sync_fd(fd);
}

int rpmb_store_commit(int fd, const struct rpmb_state *next, uint32_t block,
		      size_t n, const uint8_t *data)
{
	uint8_t j[JOURNAL_SIZE] = {0};
	size_t len = n * RPMB_BLOCK_SIZE;
	int rc;

	if (n > RPMB_EMU_MAX_WRITE_BLOCKS || block > RPMB_EMU_BLOCKS ||
	    n > RPMB_EMU_BLOCKS - block)
		return -EINVAL;
	rc = encode_state(next, j);
	if (rc)
		return rc;
	tbx_put_le32(j + STATE_SIZE, block);
	tbx_put_le32(j + STATE_SIZE + 4, (uint32_t)n);
	if (len)
		memcpy(j + JOURNAL_DATA, data, len);
	rc = sha256(j, JOURNAL_SIZE - HASH_SIZE, j + JOURNAL_SIZE - HASH_SIZE);
	if (!rc)
		rc = pwrite_all(fd, j, JOURNAL_SIZE, JOURNAL_OFF);
	if (!rc)
		rc = sync_fd(fd);
	return rc ? rc : apply(fd, j, block, n, data);
}

/* Whether journal state @js is newer than state @s (or @s is lost). */
static bool newer(const struct rpmb_state *js, const struct rpmb_state *s,
		  bool s_ok)
{
	return !s_ok || js->counter > s->counter ||
	       (js->key_set && !s->key_set);
}

/* Applies the journal if it holds a change the state lacks. */
static int recover(int fd, struct rpmb_state *s)
{
	uint8_t rec[STATE_SIZE], j[JOURNAL_SIZE], h[HASH_SIZE];
	struct rpmb_state js;
	uint32_t block, n;
	int rc, s_ok;

	rc = pread_all(fd, rec, sizeof(rec), STATE_OFF);
	if (rc)
		return rc;
	s_ok = !decode_state(rec, s);
	rc = pread_all(fd, j, sizeof(j), JOURNAL_OFF);
	if (rc)
		return rc;
	block = tbx_get_le32(j + STATE_SIZE);
	n = tbx_get_le32(j + STATE_SIZE + 4);
	if (sha256(j, JOURNAL_SIZE - HASH_SIZE, h) ||
	    memcmp(h, j + JOURNAL_SIZE - HASH_SIZE, HASH_SIZE) ||
	    decode_state(j, &js) || n > RPMB_EMU_MAX_WRITE_BLOCKS ||
	    block > RPMB_EMU_BLOCKS || n > RPMB_EMU_BLOCKS - block ||
	    !newer(&js, s, s_ok))
		return s_ok ? 0 : -EIO;
	rc = apply(fd, j, block, n, j + JOURNAL_DATA);
	if (!rc)
		*s = js;
	return rc;
}

/* A new device, made under a temporary name and renamed into place. */
static int create(int dirfd, const char *name, const uint8_t *cid)
{
	struct rpmb_state s = {0};
	uint8_t rec[STATE_SIZE];
	char tmp[256];
	int fd, rc;

	if (snprintf(tmp, sizeof(tmp), "%s.new", name) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	memcpy(s.cid, cid, RPMB_CID_SIZE);
	rc = encode_state(&s, rec);
	if (rc)
		return rc;
	fd = openat(dirfd, tmp,
		    O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	rc = ftruncate(fd, FILE_SIZE) ? -errno : 0;
	if (!rc)
		rc = pwrite_all(fd, rec, sizeof(rec), STATE_OFF);
	if (!rc)
		rc = fsync(fd) ? -errno : 0;
	close(fd);
	if (!rc)
		rc = renameat(dirfd, tmp, dirfd, name) ? -errno : 0;
	if (rc)
		unlinkat(dirfd, tmp, 0);
	else
		fsync(dirfd);
	return rc;
}

int rpmb_store_open(int dirfd, const char *name, const uint8_t *cid, int *fd,
		    struct rpmb_state *state)
{
	struct stat st;
	int rc;

	*fd = openat(dirfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (*fd < 0 && errno == ENOENT) {
		rc = create(dirfd, name, cid);
		if (rc)
			return rc;
		*fd = openat(dirfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	}
	if (*fd < 0)
		return -errno;
	rc = fstat(*fd, &st) ? -errno : 0;
	if (!rc && (!S_ISREG(st.st_mode) || st.st_size != FILE_SIZE))
		rc = -EIO;
	if (!rc)
		rc = recover(*fd, state);
	if (rc) {
		close(*fd);
		*fd = -1;
	}
	return rc;
}

int rpmb_store_read(int fd, uint32_t block, size_t n, uint8_t *out)
{
	if (block > RPMB_EMU_BLOCKS || n > RPMB_EMU_BLOCKS - block)
		return -EINVAL;
	return pread_all(fd, out, n * RPMB_BLOCK_SIZE,
			 DATA_OFF + (off_t)block * RPMB_BLOCK_SIZE);
}
