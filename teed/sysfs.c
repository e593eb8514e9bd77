// SPDX-License-Identifier: BSD-2-Clause
/* The TEE class's sysfs attributes as files; see sysfs.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel/log.h"
#include "sysfs.h"
#include "teebox/tee_host.h"
#include "transport/tbx_rundir.h"

/* The attributes of a device, as in /sys/class/tee/teeN/. */
static const char *const attrs[] = {"implementation_id", "revision"};

static int path_of(char *buf, size_t len, const char *a, const char *b,
		   const char *c)
{
	int n = c ? snprintf(buf, len, "%s/%s/%s", a, b, c)
		  : snprintf(buf, len, "%s/%s", a, b);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* Removes <root>/<name>/ with the attribute files in it. */
static void remove_device_dir(const char *root, const char *name)
{
	char path[PATH_MAX];

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		if (!path_of(path, sizeof(path), root, name, attrs[i]))
			unlink(path);
	if (!path_of(path, sizeof(path), root, name, NULL))
		rmdir(path);
}

/* Removes device directories an earlier teed may have left behind. */
static void remove_stale(const char *root)
{
	struct dirent *de;
	DIR *d = opendir(root);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			remove_device_dir(root, de->d_name);
	closedir(d);
}

/* Writes @len bytes of @buf as <dir>/<attr>, whole or not at all. */
static int write_attr(const char *dir, const char *attr, const char *buf,
		      size_t len)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	ssize_t n;
	int fd, rc;

	rc = path_of(path, sizeof(path), dir, attr, NULL);
	if (!rc)
		rc = path_of(tmp, sizeof(tmp), dir, ".attr.tmp", NULL);
	if (rc)
		return rc;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);
	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	rc = n < 0 ? -errno : (size_t)n != len ? -EIO : 0;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc)
		unlink(tmp);
	return rc;
}

static int publish_device(struct tee_device *teedev, void *arg)
{
	struct sysfs_view *view = arg;
	const char *name = tee_device_name(teedev);
	char dir[PATH_MAX];
	int rc;

	if (view->ndevices == SYSFS_MAX_DEVICES ||
	    strlen(name) >= SYSFS_MAX_NAME)
		return -ENOSPC;
	rc = path_of(dir, sizeof(dir), view->root, name, NULL);
	if (rc)
		return rc;
	rc = tbx_mkdir_p(dir, 0755);
	if (rc)
		return rc;
	strcpy(view->names[view->ndevices++], name);

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++) {
		char buf[TEE_ATTR_MAX_LEN];
		int n = tee_device_attr_show(teedev, attrs[i], buf,
					     sizeof(buf));

		/* Absent: the driver has no such attribute (revision). */
		if (n == -ENOENT)
			continue;
		if (n < 0)
			return n;
		rc = write_attr(dir, attrs[i], buf, (size_t)n);
		if (rc)
			return rc;
	}
	return 0;
}

int sysfs_publish(struct sysfs_view *view, const char *rundir)
{
	int rc;

	memset(view, 0, sizeof(*view));
	rc = path_of(view->root, sizeof(view->root), rundir, "class/tee", NULL);
	if (rc)
		return rc;
	remove_stale(view->root);
	rc = tee_class_for_each(publish_device, view);
	if (rc)
		pr_err("cannot write the device attributes in %s: %s",
		       view->root, strerror(-rc));
	return rc;
}

void sysfs_unpublish(struct sysfs_view *view)
{
	char *slash;

	for (unsigned int i = 0; i < view->ndevices; i++)
		remove_device_dir(view->root, view->names[i]);
	view->ndevices = 0;
	if (!view->root[0])
		return;
	/* class/tee, then class, if nothing else lives there. */
	rmdir(view->root);
	slash = strrchr(view->root, '/');
	if (slash) {
		*slash = '\0';
		rmdir(view->root);
	}
	view->root[0] = '\0';
}
