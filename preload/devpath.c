// SPDX-License-Identifier: BSD-2-Clause
/* Which paths the shim takes over; see devpath.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "devpath.h"
#include "transport/tbx_client.h"

#define DEV_DIR "/dev/"

/* True for "0", "7", "15": a decimal number as the kernel prints one. */
static bool is_number(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n > 0 && n <= 3 && !s[n] && (s[0] != '0' || n == 1);
}

/* The node name in @path ("tee0", "teepriv0"), or NULL. */
static const char *device_name(const char *path)
{
	const char *name;

	if (strncmp(path, DEV_DIR "tee", strlen(DEV_DIR "tee")))
		return NULL;
	name = path + strlen(DEV_DIR);
	if (is_number(name + strlen("tee")))
		return name;
	if (!strncmp(name, "teepriv", strlen("teepriv")) &&
	    is_number(name + strlen("teepriv")))
		return name;
	return NULL;
}

int pl_devpath_socket(const char *path, char *sock, size_t len)
{
	const char *env = getenv("TEEBOX_RUNTIME_DIR");
	const char *name;
	struct stat st;

	if (!path || !(name = device_name(path)))
		return 0;
	if (tbx_dev_path(sock, len, name))
		return -ENAMETOOLONG;
	if (env && *env)
		return 1;
	/* No explicit choice: ours only if teed serves the default. */
	return !stat(sock, &st) && S_ISSOCK(st.st_mode);
}
