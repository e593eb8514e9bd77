// SPDX-License-Identifier: BSD-2-Clause
/* Deliberate faults for the crash harness's own test; see crash_inject.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crash_inject.h"

/* An object file: a lowercase hex number (dirf.db is not one). */
static bool object_file(const char *name)
{
	return name[0] && strspn(name, "0123456789abcdef") == strlen(name);
}

static int flip_at(int fd, off_t off)
{
	unsigned char c;

	if (pread(fd, &c, 1, off) != 1)
		return -EIO;
	c ^= 0x5a;
	return pwrite(fd, &c, 1, off) == 1 ? 0 : -errno;
}

int crash_inject_flip(const char *storage_dir)
{
	char path[PATH_MAX];
	struct dirent *de;
	int fd, rc = -ENOENT;
	DIR *d = opendir(storage_dir);

	if (!d)
		return -errno;
	while ((de = readdir(d)) && !object_file(de->d_name))
		;
	if (!de)
		goto out;
	snprintf(path, sizeof(path), "%s/%s", storage_dir, de->d_name);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		goto out;
	}
	rc = flip_at(fd, 4);
	if (!rc)
		rc = flip_at(fd, 68 + 4);
	close(fd);
out:
	closedir(d);
	return rc;
}

static int copy_file(int from_dir, int to_dir, const char *name)
{
	char buf[65536];
	ssize_t n = 0;
	int in, out, rc = 0;

	in = openat(from_dir, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (in < 0)
		return -errno;
	out = openat(to_dir, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
		     0600);
	if (out < 0) {
		rc = -errno;
		goto close_in;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			rc = -EIO;
			break;
		}
	if (n < 0)
		rc = -errno;
	close(out);
close_in:
	close(in);
	return rc;
}

/* Removes every regular file of @dir. */
static int empty_dir(int dir)
{
	int fd = dup(dir), rc = 0;
	struct dirent *de;
	DIR *d;

	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -errno;
	}
	while (!rc && (de = readdir(d)))
		if (de->d_type == DT_REG && unlinkat(dir, de->d_name, 0))
			rc = -errno;
	closedir(d);
	return rc;
}

int crash_dir_copy(const char *from, const char *to)
{
	int from_dir, to_dir, rc;
	struct dirent *de;
	DIR *d;

	if (mkdir(to, 0700) && errno != EEXIST)
		return -errno;
	to_dir = open(to, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (to_dir < 0)
		return -errno;
	rc = empty_dir(to_dir);
	if (rc)
		goto close_to;
	d = opendir(from);
	if (!d) {
		rc = -errno;
		goto close_to;
	}
	from_dir = dirfd(d);
	while (!rc && (de = readdir(d)))
		if (de->d_type == DT_REG)
			rc = copy_file(from_dir, to_dir, de->d_name);
	closedir(d);
close_to:
	close(to_dir);
	return rc;
}
