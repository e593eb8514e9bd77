/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where teed's endpoints live, and whether that place can be trusted: the
 * runtime directory holds the device sockets, the pid files that say which
 * process to signal, and the logs, so it must be the caller's alone to
 * change (docs/security.md, "The runtime directory").
 */
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

/*
 * What to do when nothing listens in the runtime directory: the one hint
 * libteec and teectl both give, so that they say the same.
 */
#define TBX_NOT_UP_HINT                                                        \
	"is teebox up? Start it with 'teebox up', or set TEEBOX_RUNTIME_DIR "  \
	"to the runtime directory of the teed to use"

/**
 * tbx_mkdir_p() - create @path and any missing parents with @mode
 * Return: 0 (also when it exists) or -errno.
 */
int tbx_mkdir_p(const char *path, unsigned int mode);

/**
 * tbx_rundir_mode() - the mode a new runtime directory gets: 0755 when
 * the caller is root (its devices serve other users, through the device
 * groups), else 0700 (a user's teebox is that user's alone)
 * Return: the mode.
 */
unsigned int tbx_rundir_mode(void);

/**
 * tbx_rundir_prepare() - create the runtime directory @path (and missing
 * parents), or check the one that exists, before anything is put in it
 * or read from it
 * @path:	the directory
 * @why:	on refusal, a sentence naming @path, what is wrong and the fix
 * @len:	size of @why
 *
 * A new directory gets tbx_rundir_mode() whatever the umask.  An existing
 * one is used only when it is a directory itself (not a symbolic link to
 * one), owned by the caller's effective uid and not writable by group or
 * others; its mode is otherwise left as it is.
 * Return: 0, -ELOOP (a symbolic link), -ENOTDIR, -EPERM (another owner, or
 * writable by group or others), or the -errno of creating or opening it.
 */
int tbx_rundir_prepare(const char *path, char *why, size_t len);

/**
 * tbx_rundir_check() - tbx_rundir_prepare() for a directory that must
 * exist already: for reading pid files and signalling the processes they
 * name, which an untrusted directory could point anywhere
 * @path:	the directory
 * @why:	on refusal, a sentence naming @path, what is wrong and the fix
 * @len:	size of @why
 * Return: 0, -ENOENT, or the refusals of tbx_rundir_prepare().
 */
int tbx_rundir_check(const char *path, char *why, size_t len);

#endif
