// SPDX-License-Identifier: BSD-2-Clause
/* Names of the REE file system; the rules are in fs_name.h. */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "fs_name.h"

/* Splits @name->buf (after its leading '/') into components. */
static int split(struct supp_fs_name *name)
{
	char *p = name->buf + 1;

	name->ncomp = 0;
	if (!*p)
		return 0;
	for (;;) {
		char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - p) : strlen(p);

		if (!len || p[0] == '.' || len > NAME_MAX ||
		    name->ncomp == SUPP_FS_NAME_DEPTH)
			return -EINVAL;
		name->comp[name->ncomp++] = p;
		if (!slash)
			return 0;
		*slash = '\0';
		p = slash + 1;
	}
}

int supp_fs_name_parse(const void *mem, size_t size, struct supp_fs_name *name)
{
	size_t max = size < SUPP_FS_NAME_MAX ? size : SUPP_FS_NAME_MAX;
	const char *nul;

	if (!mem)
		return -EINVAL;
	nul = memchr(mem, '\0', max);
	if (!nul)
		return -EINVAL;
	memcpy(name->buf, mem, (size_t)(nul - (const char *)mem) + 1);
	if (name->buf[0] != '/')
		return -EINVAL;
	return split(name);
}
