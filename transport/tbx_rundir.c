// SPDX-License-Identifier: BSD-2-Clause
/* Where teed's endpoints live; see tbx_rundir.h. */
#include <errno.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tbx_rundir.h"

int tbx_runtime_dir(char *buf, size_t len)
{
	const char *env = getenv("TEEBOX_RUNTIME_DIR");
	int n;

	if (env && *env)
		n = snprintf(buf, len, "%s", env);
	else if (geteuid() == 0)
		n = snprintf(buf, len, "/run/teebox");
	else if ((env = getenv("XDG_RUNTIME_DIR")) && *env)
		n = snprintf(buf, len, "%s/teebox", env);
	else
		n = snprintf(buf, len, "/tmp/teebox-%u", (unsigned)geteuid());
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int tbx_mkdir_p(const char *path, unsigned int mode)
{
	char tmp[PATH_MAX];
	int n = snprintf(tmp, sizeof(tmp), "%s", path);

	if (n < 0 || (size_t)n >= sizeof(tmp))
		return -ENAMETOOLONG;
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, mode) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, mode) && errno != EEXIST)
		return -errno;
	return 0;
}
