// SPDX-License-Identifier: BSD-2-Clause
/* A TEE device file through the kernel or teed; see tdev.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "tbx_client.h"
#include "tdev.h"

/**
 * struct tdev - an open device
 * @kfd:	the kernel device's fd, or -1
 * @tbx:	teed's connection, or NULL
 */
struct tdev {
	int kfd;
	struct tbx_dev *tbx;
};

static bool use_kernel(const char *name)
{
	const char *env = getenv("TEEBOX_BACKEND");
	char path[PATH_MAX];

	if (env && !strcmp(env, "kernel"))
		return true;
	if (env && !strcmp(env, "teebox"))
		return false;
	if (getenv("TEEBOX_RUNTIME_DIR"))
		return false;
	snprintf(path, sizeof(path), "/dev/%s", name);
	return access(path, F_OK) == 0;
}

static int open_kernel(const char *name, struct tdev *d)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/dev/%s", name);
	d->kfd = open(path, O_RDWR | O_CLOEXEC);
	return d->kfd < 0 ? -errno : 0;
}

static int open_teebox(const char *name, struct tdev *d)
{
	char path[PATH_MAX];
	int rc = tbx_dev_path(path, sizeof(path), name);

	return rc ? rc : tbx_dev_open(path, &d->tbx);
}

int tdev_open(const char *name, struct tdev **out)
{
	struct tdev *d = calloc(1, sizeof(*d));
	int rc;

	if (!d)
		return -ENOMEM;
	d->kfd = -1;
	rc = use_kernel(name) ? open_kernel(name, d) : open_teebox(name, d);
	if (rc) {
		free(d);
		return rc;
	}
	*out = d;
	return 0;
}

int tdev_path(const char *name, char *buf, size_t len, bool *teebox)
{
	int n;

	*teebox = !use_kernel(name);
	if (*teebox)
		return tbx_dev_path(buf, len, name);
	n = snprintf(buf, len, "/dev/%s", name);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

long tdev_ioctl(struct tdev *d, unsigned long cmd, void *arg)
{
	long rc;

	if (d->tbx)
		return tbx_dev_ioctl(d->tbx, cmd, arg);
	do {
		rc = ioctl(d->kfd, cmd, arg);
	} while (rc < 0 && errno == EINTR);
	return rc < 0 ? -errno : rc;
}

int tdev_close_shm(struct tdev *d, int fd)
{
	if (d->tbx)
		return tbx_dev_close_shm(d->tbx, fd);
	return close(fd) ? -errno : 0;
}

void tdev_close(struct tdev *d)
{
	if (!d)
		return;
	if (d->tbx)
		tbx_dev_close(d->tbx);
	if (d->kfd >= 0)
		close(d->kfd);
	free(d);
}

const char *tdev_backend(const struct tdev *d)
{
	return d->tbx ? "teebox" : "kernel";
}
