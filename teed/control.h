/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teed's control endpoint, <rundir>/control: where teectl asks teed what
 * it knows about its devices, open contexts, sessions and shared memory.
 *
 * Who may ask: root or teed's own user.  The socket is mode 0600 and, as
 * for the privileged devices, the peer's credentials (SO_PEERCRED) are
 * checked too; anybody else is answered "error permission denied".
 *
 * Wire format: a SOCK_STREAM UNIX socket, one request per connection.
 *
 *   request   "<command>[ <format>]\n", at most CONTROL_MAX_REQUEST bytes
 *	       with the newline, nothing after it
 *	       command: info | sessions | shm | tas
 *	       format:  text (the default) | json
 *   reply     "ok\n" and the report, or "error <reason>\n";
 *	       then teed closes the connection: the report ends at EOF
 *
 * A request that is longer, has no newline, does not arrive within
 * CONTROL_TIMEOUT_S, or names anything else gets "error bad request".
 * What each report holds is described in report.h.
 */
#ifndef TEEBOX_TEED_CONTROL_H
#define TEEBOX_TEED_CONTROL_H

#include <stdbool.h>
#include <stddef.h>

#define CONTROL_SOCKET_NAME "control"
#define CONTROL_MAX_REQUEST 64
#define CONTROL_TIMEOUT_S   2

struct endpoint;

/**
 * enum control_cmd - what a request asks for
 * @CONTROL_INFO:     the devices
 * @CONTROL_SESSIONS: open contexts and their sessions
 * @CONTROL_SHM:      shared memory owned by open contexts
 * @CONTROL_TAS:      sessions grouped by TA, as the normal world sees them
 */
enum control_cmd {
	CONTROL_INFO,
	CONTROL_SESSIONS,
	CONTROL_SHM,
	CONTROL_TAS,
};

/**
 * struct control_view - what the reports are made from, besides what the
 * core and the drivers tell of each device (teebox/tee_host.h)
 * @endpoints:	the device endpoints (their connections hold the
 *		contexts); must outlive the control endpoint
 * @nendpoints:	entries in @endpoints
 */
struct control_view {
	struct endpoint *const *endpoints;
	unsigned int nendpoints;
};

struct control;

/**
 * control_parse_request() - check a request line (with its newline) of
 * @len bytes and decode it
 * Return: 0 with *@cmd and *@json set, or -EINVAL.
 */
int control_parse_request(const char *buf, size_t len, enum control_cmd *cmd,
			  bool *json);

/**
 * control_start() - listen at <@rundir>/control and answer requests from
 * @view (copied) in a thread of its own
 * Return: 0 with *@out set, or -errno.
 */
int control_start(struct control **out, const char *rundir,
		  const struct control_view *view);

/**
 * control_stop() - stop answering (waits for a request being answered),
 * remove the socket and free; NULL does nothing
 */
void control_stop(struct control *ctl);

#endif
