// SPDX-License-Identifier: BSD-2-Clause
/*
 * The settings file of `teebox up` (up_settings.h): one "key=value" line
 * a setting, in a fixed order, so that two ups with the same settings
 * write the same bytes and a comparison of the text is enough.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "up_settings.h"

int up_settings_add(struct up_settings *s, const char *key, const char *value)
{
	size_t room = sizeof(s->text) - s->len;
	int n;

	if (!value)
		return 0;
	/* A newline in a value would forge another key. */
	if (strchr(value, '\n'))
		return -EINVAL;
	n = snprintf(s->text + s->len, room, "%s=%s\n", key, value);
	if (n < 0 || (size_t)n >= room) {
		s->text[s->len] = '\0';
		return -ENAMETOOLONG;
	}
	s->len += (size_t)n;
	return 0;
}

static int settings_path(char *buf, size_t len, const char *dir,
			 const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int up_settings_write(const char *dir, const struct up_settings *s)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	int fd, rc;

	rc = settings_path(path, sizeof(path), dir, UP_SETTINGS_FILE);
	if (!rc)
		rc = settings_path(tmp, sizeof(tmp), dir,
				   UP_SETTINGS_FILE ".new");
	if (rc)
		return rc;
	/* Written aside and renamed: a reader never sees half of it. */
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0)
		return -errno;
	if (write(fd, s->text, s->len) != (ssize_t)s->len) {
		rc = errno ? -errno : -EIO;
		goto err_unlink;
	}
	if (close(fd)) {
		fd = -1;
		rc = -errno;
		goto err_unlink;
	}
	fd = -1;
	if (rename(tmp, path)) {
		rc = -errno;
		goto err_unlink;
	}
	return 0;

err_unlink:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return rc;
}

int up_settings_read(const char *dir, struct up_settings *s)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, rc;

	s->len = 0;
	s->text[0] = '\0';
	rc = settings_path(path, sizeof(path), dir, UP_SETTINGS_FILE);
	if (rc)
		return rc;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, s->text, sizeof(s->text) - 1);
	rc = n < 0 ? -errno : 0;
	close(fd);
	if (rc)
		return rc;
	s->len = (size_t)n;
	s->text[s->len] = '\0';
	return 0;
}

const char *up_settings_get(const struct up_settings *s, const char *key,
			    char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *line = s->text;

	buf[0] = '\0';
	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t vlen;

		if (!strncmp(line, key, klen) && line[klen] == '=') {
			line += klen + 1;
			vlen = end ? (size_t)(end - line) : strlen(line);
			if (vlen >= len)
				vlen = len - 1;
			memcpy(buf, line, vlen);
			buf[vlen] = '\0';
			break;
		}
		line = end ? end + 1 : NULL;
	}
	return buf;
}
