// SPDX-License-Identifier: BSD-2-Clause
/* Sealed memory files; see memfd.h. */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "memfd.h"

#ifndef MFD_EXEC
#define MFD_EXEC 0x0010U /* Linux 6.3 */
#endif
#ifndef MFD_NOEXEC_SEAL
#define MFD_NOEXEC_SEAL 0x0008U
#endif

/* Kernels before 6.3 refuse the exec flags; they allow exec anyway. */
static int memfd_open(const char *name, bool exec)
{
	unsigned int flags = MFD_CLOEXEC | MFD_ALLOW_SEALING;
	int fd =
		memfd_create(name, flags | (exec ? MFD_EXEC : MFD_NOEXEC_SEAL));

	if (fd < 0 && errno == EINVAL)
		fd = memfd_create(name, flags);
	return fd;
}

int memfd_new_sealed(const char *name, size_t size, bool exec)
{
	int fd = memfd_open(name, exec);
	int err;

	if (fd < 0)
		return -errno;
	if (ftruncate(fd, (off_t)size) ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

/* Writes [@src, @src + @len) at @off, all of it. */
static int write_all(int fd, const void *src, size_t len, size_t off)
{
	const char *p = src;
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = pwrite(fd, p + done, len - done, (off_t)(off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
	}
	return 0;
}

int memfd_new_frozen(const char *name, const void *data, size_t len, bool exec,
		     const void *patch, size_t patch_len, size_t patch_off)
{
	int fd = memfd_open(name, exec);
	int err;

	if (fd < 0)
		return -errno;
	err = write_all(fd, data, len, 0);
	if (!err && patch)
		err = write_all(fd, patch, patch_len, patch_off);
	if (!err &&
	    fcntl(fd, F_ADD_SEALS,
		  F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL))
		err = -errno;
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

bool memfd_check_sealed(int fd, size_t size)
{
	struct stat st;
	int seals = fcntl(fd, F_GET_SEALS);

	if (seals < 0 || !(seals & F_SEAL_SHRINK))
		return false;
	if (fstat(fd, &st) || st.st_size < 0 || (size_t)st.st_size < size)
		return false;
	return true;
}
