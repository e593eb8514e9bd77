/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tee-supplicant -d as OP-TEE's: the process that serves the device is
 * the one that opened it.  teed (like the kernel) records the opener of
 * teepriv0, and teectl shows that pid: forking after the open would show
 * a parent that has exited.  So the child opens the device and tells the
 * waiting parent, which then writes the pid file and exits 0 (or 1 when
 * the child failed).
 */
#ifndef TEEBOX_SUPP_DAEMON_H
#define TEEBOX_SUPP_DAEMON_H

/**
 * struct supp_daemon - a child on its way to the background
 * @ready_fd:	the child's end of the pipe the parent waits on; -1 after
 *		supp_daemon_ready()
 */
struct supp_daemon {
	int ready_fd;
};

/**
 * supp_daemon_start() - fork; the parent waits until the child calls
 * supp_daemon_ready() and exits 0 after writing the child's pid to
 * @pid_file (when not NULL), or exits 1 when the child ends first
 * @d:		gets the child's state
 * @pid_file:	where the daemon's pid goes, or NULL
 * In the child: a new session, stdin and stdout on /dev/null; stderr is
 * kept, it is the log whoever started us gave.
 * Return: 0 in the child, or -errno in the caller (no child left).
 */
int supp_daemon_start(struct supp_daemon *d, const char *pid_file);

/**
 * supp_daemon_ready() - release the waiting parent
 * @d:		from supp_daemon_start()
 * Return: 0, or -errno when the parent could not be told.
 */
int supp_daemon_ready(struct supp_daemon *d);

#endif
