// SPDX-License-Identifier: BSD-2-Clause
/*
 * The per-installation HUK file and the keys derived from the HUK
 * (huk.h).  The file is the secure world's most valuable secret: it is
 * created with O_EXCL at mode 0600 in a 0700 directory, and an existing
 * one is used only if it is ours and private.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "huk.h"

/* The SSK message of OP-TEE's compat mode: chip id, then the label. */
#define SSK_CHIP_ID	"BEEFBEEFBEEFBEEFBEEFBEEFBEEFBEEF"
#define SSK_LABEL	"ONLY_FOR_tee_fs_ssk"
#define SSK_CHIP_ID_LEN 32

static int hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *msg,
		       size_t msg_len, uint8_t out[32])
{
	unsigned int len = 32;

	if (!HMAC(EVP_sha256(), key, (int)key_len, msg, msg_len, out, &len) ||
	    len != 32)
		return -EIO;
	return 0;
}

int huk_subkey_derive(const uint8_t huk[HUK_SIZE], enum huk_subkey_usage usage,
		      const void *const_data, size_t const_size,
		      uint8_t *subkey, size_t subkey_size)
{
	uint8_t msg[sizeof(uint32_t) + HUK_SUBKEY_CONST_MAX];
	uint8_t mac[32];
	int rc;

	if (!subkey_size || subkey_size > HUK_SUBKEY_MAX_LEN ||
	    const_size > sizeof(msg) - sizeof(uint32_t))
		return -EINVAL;
	msg[0] = (uint8_t)usage;
	msg[1] = (uint8_t)((uint32_t)usage >> 8);
	msg[2] = (uint8_t)((uint32_t)usage >> 16);
	msg[3] = (uint8_t)((uint32_t)usage >> 24);
	if (const_size)
		memcpy(msg + sizeof(uint32_t), const_data, const_size);
	rc = hmac_sha256(huk, HUK_SIZE, msg, sizeof(uint32_t) + const_size,
			 mac);
	if (!rc)
		memcpy(subkey, mac, subkey_size);
	OPENSSL_cleanse(mac, sizeof(mac));
	OPENSSL_cleanse(msg, sizeof(msg));
	return rc;
}

int huk_ssk_derive(const uint8_t huk[HUK_SIZE], uint8_t ssk[32])
{
	uint8_t msg[SSK_CHIP_ID_LEN + sizeof(SSK_LABEL)];

	memcpy(msg, SSK_CHIP_ID, SSK_CHIP_ID_LEN);
	memcpy(msg + SSK_CHIP_ID_LEN, SSK_LABEL, sizeof(SSK_LABEL));
	return hmac_sha256(huk, HUK_SIZE, msg, sizeof(msg), ssk);
}

/* Reads an existing HUK file, refusing one that is not private. */
static int huk_read(int dfd, uint8_t huk[HUK_SIZE])
{
	struct stat st;
	ssize_t n;
	int fd, rc;

	fd = openat(dfd, HUK_FILE_NAME, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		rc = -errno;
		goto out;
	}
	rc = -EINVAL;
	if (!S_ISREG(st.st_mode) || st.st_size != HUK_SIZE)
		goto out;
	rc = -EPERM;
	if (st.st_uid != geteuid() || (st.st_mode & 077))
		goto out;
	n = read(fd, huk, HUK_SIZE);
	rc = n == HUK_SIZE ? 0 : (n < 0 ? -errno : -EINVAL);
out:
	close(fd);
	return rc;
}

/* Writes a fresh HUK under a temporary name, then links it in place. */
static int huk_create(int dfd)
{
	char tmp[32];
	uint8_t huk[HUK_SIZE];
	int fd, rc = 0;

	if (getrandom(huk, sizeof(huk), 0) != sizeof(huk))
		return -EIO;
	snprintf(tmp, sizeof(tmp), ".huk.%ld", (long)getpid());
	unlinkat(dfd, tmp, 0);
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = -errno;
		goto out_wipe;
	}
	if (write(fd, huk, sizeof(huk)) != sizeof(huk) || fsync(fd))
		rc = -EIO;
	close(fd);
	/* EEXIST: another secure world won the race; its key is the one. */
	if (!rc && linkat(dfd, tmp, dfd, HUK_FILE_NAME, 0) && errno != EEXIST)
		rc = -errno;
	unlinkat(dfd, tmp, 0);
	if (!rc)
		fsync(dfd);
out_wipe:
	OPENSSL_cleanse(huk, sizeof(huk));
	return rc;
}

int huk_load(const char *state_dir, uint8_t huk[HUK_SIZE])
{
	int dfd, rc;

	if (mkdir(state_dir, 0700) && errno != EEXIST)
		return -errno;
	dfd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	rc = huk_read(dfd, huk);
	if (rc == -ENOENT) {
		rc = huk_create(dfd);
		if (!rc)
			rc = huk_read(dfd, huk);
	}
	close(dfd);
	return rc;
}
