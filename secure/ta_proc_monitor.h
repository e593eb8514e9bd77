/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA process monitor: one thread, started on first use, that forks
 * every TA process and reaps every one of them.
 *
 * Forking on one long-lived thread matters because PR_SET_PDEATHSIG fires
 * when the thread that forked the child exits, not the process: a TA
 * forked by a short-lived caller thread would be killed with it.  The
 * monitor never exits, so a TA dies exactly when the secure world does.
 *
 * Reaping: the monitor waits (epoll) for the channel socket of each TA to
 * hang up.  That happens when the process exits or crashes, or when it
 * closes its end, which leaves it useless (it is then killed).  The
 * monitor marks the process dead at once, which wakes a caller waiting
 * for a reply, collects the exit status (no zombie stays behind), and
 * logs a panic or a crash once.
 */
#ifndef TEEBOX_SECURE_TA_PROC_MONITOR_H
#define TEEBOX_SECURE_TA_PROC_MONITOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct ta_proc;

/**
 * struct ta_exec_args - what a new TA process starts from
 * @image_fd:	the executable (a sealed memory file)
 * @sock_fd:	the TA's end of the channel socket
 * @page_fd:	the shared page's file
 * @win_fd:	the parameter window's file
 * @out_fd:	its stdout and stderr (the write end of the pipe the
 *		secure world logs from, ta_output.h)
 * @argv, @envp: its arguments and environment
 * @lib_fds, @nlibs: its TA libraries (sealed memory files, ta_shlib.h),
 *		for the TA zygote only: exec cannot load them
 * @data_limit:	the TA zygote's child sets RLIMIT_DATA to it before it
 *		loads the image (0: the ceiling stays until hello); exec
 *		does not use it
 */
struct ta_exec_args {
	int image_fd;
	int sock_fd;
	int page_fd;
	int win_fd;
	int out_fd;
	char *const *argv;
	char *const *envp;
	const int *lib_fds;
	unsigned int nlibs;
	uint64_t data_limit;
};

/**
 * ta_monitor_spawn() - fork a TA process (on the monitor thread) that
 * execs @args->image_fd with the channel at TA_IPC_SOCK_FD,
 * TA_IPC_PAGE_FD and TA_IPC_WIN_FD, stdout and stderr on @args->out_fd, stdin on /dev/null
 * and no other descriptor
 * @pid, @pidfd: [out] the process; the caller owns @pidfd and must pass
 *		the process to ta_monitor_watch() or ta_monitor_reap() to
 *		leave no zombie
 * The caller still owns the descriptors in @args.
 * Return: 0 or -errno.
 */
int ta_monitor_spawn(const struct ta_exec_args *args, pid_t *pid, int *pidfd);

/**
 * ta_monitor_watch() - watch @p (pid, pidfd and sock set) until it dies
 * The monitor takes a reference on @p, drops it once it reaped the process
 * and counts @p in ta_monitor_count() until then.
 * Return: 0 or -errno (then the process is not watched).
 */
int ta_monitor_watch(struct ta_proc *p);

/**
 * ta_monitor_reap() - kill and reap a process that is not watched (the
 * error path of a failed ta_monitor_watch()); closes @pidfd
 */
void ta_monitor_reap(pid_t pid, int pidfd);

/**
 * struct ta_monitor_exit_watch - a process that is no TA's, watched by
 * its pidfd (the TA zygote)
 * @pidfd:	the process's; read by the monitor only when it registers it
 * @exited:	called on the monitor thread while the process has exited
 *		and is not reaped yet, until the callee reaps it or calls
 *		ta_monitor_unwatch_exit(); it must not wait for the monitor
 *		(nor take a lock held across ta_monitor_spawn())
 */
struct ta_monitor_exit_watch {
	int pidfd;
	void (*exited)(struct ta_monitor_exit_watch *w);
};

/**
 * ta_monitor_watch_exit() - call @w->exited once @w->pidfd's process
 * exited (the monitor must be running: after a ta_monitor_spawn())
 * Return: 0 or -errno (not watched).
 */
int ta_monitor_watch_exit(struct ta_monitor_exit_watch *w);

/**
 * ta_monitor_unwatch_exit() - stop watching @w (before its pidfd is
 * closed); a call of @w->exited already under way may still finish
 */
void ta_monitor_unwatch_exit(struct ta_monitor_exit_watch *w);

/**
 * ta_monitor_kill() - send SIGKILL to @p's process (nothing happens if it
 * is already gone; never another process that reused its pid)
 */
void ta_monitor_kill(struct ta_proc *p);

/**
 * ta_monitor_wait_reaped() - wait until the monitor reaped @p's process
 * @timeout_ms:	0 waits for ever
 * Return: true when reaped, false on timeout.
 */
bool ta_monitor_wait_reaped(struct ta_proc *p, unsigned int timeout_ms);

/** ta_monitor_count() - watched processes not yet reaped. */
size_t ta_monitor_count(void);

#endif
