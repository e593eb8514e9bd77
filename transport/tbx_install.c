// SPDX-License-Identifier: BSD-2-Clause
/* Where teebox's programs and files are; see tbx_install.h. */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tbx_install.h"

/*
 * The build passes both layouts (transport/CMakeLists.txt): the build
 * tree's absolute directories, and the install directories as
 * GNUInstallDirs has them, relative to the prefix unless configured
 * absolute.
 */
static const char *const build_dirs[TBX_DIR_COUNT] = {
	[TBX_DIR_BIN] = TBX_BUILD_BIN_DIR,
	[TBX_DIR_SBIN] = TBX_BUILD_BIN_DIR,
	[TBX_DIR_LIBEXEC] = TBX_BUILD_BIN_DIR,
	[TBX_DIR_PKGLIB] = TBX_BUILD_PKGLIB_DIR,
	[TBX_DIR_TA] = TBX_BUILD_TA_DIR,
};

static const char *const install_dirs[TBX_DIR_COUNT] = {
	[TBX_DIR_BIN] = TBX_INSTALL_BINDIR,
	[TBX_DIR_SBIN] = TBX_INSTALL_SBINDIR,
	[TBX_DIR_LIBEXEC] = TBX_INSTALL_LIBEXECDIR,
	[TBX_DIR_PKGLIB] = TBX_INSTALL_PKGLIBDIR,
	[TBX_DIR_TA] = TBX_INSTALL_TADIR,
};

/* The running program's directory; "" if /proc cannot say. */
static void self_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n <= 0) {
		buf[0] = '\0';
		return;
	}
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
}

/*
 * Whether the program runs from the build tree's bin/.  /proc/self/exe
 * has symbolic links resolved, so the build directory is resolved too.
 */
static bool in_build_tree(const char *self)
{
	char build[PATH_MAX];

	return realpath(TBX_BUILD_BIN_DIR, build) && !strcmp(self, build);
}

/*
 * The prefix of an installed program in @self installed into @rel:
 * @self without a trailing "/@rel", or the configured prefix when @self
 * does not end so.
 */
static void prefix_of(char *buf, size_t len, const char *self, const char *rel)
{
	size_t n = strlen(self), r = strlen(rel);

	if (rel[0] != '/' && n > r && self[n - r - 1] == '/' &&
	    !strcmp(self + n - r, rel) && n - r - 1 < len) {
		memcpy(buf, self, n - r - 1);
		buf[n - r - 1] = '\0';
		return;
	}
	snprintf(buf, len, "%s", TBX_INSTALL_PREFIX);
}

int tbx_install_path(char *buf, size_t len, enum tbx_install_dir self,
		     enum tbx_install_dir dir, const char *name)
{
	char me[PATH_MAX], prefix[PATH_MAX];
	const char *rel = install_dirs[dir];
	int n;

	self_dir(me, sizeof(me));
	if (in_build_tree(me)) {
		n = snprintf(buf, len, "%s%s%s", build_dirs[dir],
			     name ? "/" : "", name ? name : "");
	} else if (rel[0] == '/') {
		n = snprintf(buf, len, "%s%s%s", rel, name ? "/" : "",
			     name ? name : "");
	} else {
		prefix_of(prefix, sizeof(prefix), me, install_dirs[self]);
		n = snprintf(buf, len, "%s/%s%s%s", prefix, rel,
			     name ? "/" : "", name ? name : "");
	}
	if (n < 0 || (size_t)n >= len) {
		if (len)
			buf[0] = '\0';
		return -ENAMETOOLONG;
	}
	return 0;
}
