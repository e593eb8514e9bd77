/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Going to the background, the logs and the pid files in the runtime
 * directory: teed and tee-supplicant write them, teebox reads them and
 * signals the processes they name.  A file is never written through a
 * symbolic link planted in its place, and a pid is signalled only once
 * the process behind it is known to be the daemon the file is for
 * (docs/security.md, "The runtime directory").
 */
#ifndef TEEBOX_TBX_DAEMON_H
#define TEEBOX_TBX_DAEMON_H

#include <stdbool.h>
#include <sys/types.h>

/**
 * tbx_log_create() - start the log @path afresh: an existing one becomes
 * @path.1 (replacing the previous @path.1), and @path is created new,
 * mode 0600, never through a symbolic link
 * Return: a write descriptor, not close-on-exec since it is meant to
 * become a stderr, or -errno.
 */
int tbx_log_create(const char *path);

/**
 * tbx_daemonize() - continue in a child in a new session; the parent
 * exits 0
 * @pid_file:	when not NULL, the parent writes the child's pid there
 *		before it exits, so that whoever waits for the parent finds
 *		it next
 * @log:	when not NULL, a fresh log (tbx_log_create()) that is stderr
 *		from now on
 * stdin and stdout go to /dev/null.
 * Return: 0 in the child, or -errno
 * (in the caller: stderr is then still the original one, and no child
 * is left).
 */
int tbx_daemonize(const char *pid_file, const char *log);

/**
 * tbx_pid_file_write() - write @pid to @path, one decimal line, mode
 * 0644: a new file renamed over @path, so that a reader sees the old
 * content or the new, and whatever @path was (a symbolic link
 * included) is replaced, not written through
 * Return: 0 or -errno.
 */
int tbx_pid_file_write(const char *path, pid_t pid);

/**
 * tbx_pid_file_read() - the pid in @path
 * Return: the pid; 0 when there is no such file, it is not a regular
 * file of the caller's (a symbolic link included), or holds no pid.
 * Whether the process lives is not checked: see tbx_daemon_find().
 */
pid_t tbx_pid_file_read(const char *path);

/**
 * tbx_pid_is_daemon() - whether @pid is a live process of the caller's
 * (effective uid) running the program @name (the base name of
 * /proc/<pid>/exe)
 * Return: true when it is.
 */
bool tbx_pid_is_daemon(pid_t pid, const char *name);

/**
 * tbx_daemon_find() - the daemon @name that the pid file @pid_file names
 * Return: its pid; 0 when the file is missing or stale (its pid is gone,
 * or is now another program's or another user's process).
 */
pid_t tbx_daemon_find(const char *pid_file, const char *name);

/**
 * tbx_daemon_stop() - SIGTERM the daemon @name at @pid and wait up to
 * @timeout_ms for it to end.  The process is held by a pidfd while it
 * is checked (tbx_pid_is_daemon()), so the signal reaches the process
 * that was checked and no other that took its pid meanwhile.
 * Return: 0 once it has ended, -ESRCH when @pid is not (or no longer)
 * that daemon (nothing was signalled), -ETIMEDOUT, or -errno.
 */
int tbx_daemon_stop(pid_t pid, const char *name, int timeout_ms);

#endif
