/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Going to the background and the pid files in the runtime directory:
 * teed and tee-supplicant write them, teebox reads them.
 */
#ifndef TEEBOX_TBX_DAEMON_H
#define TEEBOX_TBX_DAEMON_H

#include <sys/types.h>

/**
 * tbx_daemonize() - continue in a child in a new session; the parent
 * exits 0
 * @pid_file:	when not NULL, the parent writes the child's pid there
 *		before it exits, so that whoever waits for the parent finds
 *		it next
 * @log:	when not NULL, stderr is appended to this file from now on
 * stdin and stdout go to /dev/null.
 * Return: 0 in the child, or -errno
 * (stderr is then still the original one).
 */
int tbx_daemonize(const char *pid_file, const char *log);

/**
 * tbx_pid_file_write() - write @pid to @path, one decimal line
 * Return: 0 or -errno.
 */
int tbx_pid_file_write(const char *path, pid_t pid);

/**
 * tbx_pid_file_read() - the pid in @path; 0 when there is no such file
 * or no pid in it (whether the process lives is not checked)
 */
pid_t tbx_pid_file_read(const char *path);

#endif
