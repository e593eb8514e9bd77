/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The accept loop of teed's sockets (device endpoints, control endpoint):
 * one copy of what to do when accept() fails.
 */
#ifndef TEEBOX_TEED_ACCEPT_H
#define TEEBOX_TEED_ACCEPT_H

/* How long to wait before trying again when out of file descriptors. */
#define ACCEPT_RETRY_US 100000

/**
 * accept_loop() - accept connections on the listening socket @lsock until
 * it is shut down, handing each to @serve, which owns the new fd
 * @who:	what the socket serves, for the log
 * @serve:	called in the loop's thread; returning -ESHUTDOWN ends the
 *		loop (anything else: go on)
 * An interrupted or aborted accept is retried.  Out of file descriptors,
 * the loop logs it and tries again after ACCEPT_RETRY_US.
 */
void accept_loop(int lsock, const char *who, int (*serve)(int fd, void *arg),
		 void *arg);

#endif
