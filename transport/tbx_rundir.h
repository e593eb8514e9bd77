/* SPDX-License-Identifier: BSD-2-Clause */
/* Where teed's endpoints live. */
#ifndef TEEBOX_TBX_RUNDIR_H
#define TEEBOX_TBX_RUNDIR_H

#include <stddef.h>

/**
 * tbx_runtime_dir() - the runtime directory: $TEEBOX_RUNTIME_DIR if set,
 * else /run/teebox for root, else $XDG_RUNTIME_DIR/teebox, else
 * /tmp/teebox-<uid>
 * Return: 0, or -ENAMETOOLONG.
 */
int tbx_runtime_dir(char *buf, size_t len);

/**
 * tbx_mkdir_p() - create @path and any missing parents with @mode
 * Return: 0 (also when it exists) or -errno.
 */
int tbx_mkdir_p(const char *path, unsigned int mode);

#endif
