// SPDX-License-Identifier: BSD-2-Clause
/*
 * teectl: ask a running teed what it knows.
 *
 *   teectl info      the TEE devices: implementation id, revision,
 *                    capabilities; for OP-TEE the secure thread count
 *                    and the shared memory mode
 *   teectl sessions  open contexts (connections) and their sessions
 *   teectl shm       shared memory objects, sizes and owners
 *   teectl tas       sessions grouped by TA, as the normal world sees
 *                    them; then the TA instances in the secure world
 *                    (flags, process, heap), which teectl asks the
 *                    trusted OS for as a GP client (sw_instances.h)
 *
 * Options: --runtime-dir DIR (as teebox: $TEEBOX_RUNTIME_DIR, else
 * /run/teebox for root, $XDG_RUNTIME_DIR/teebox otherwise), --json, and
 * --timeout S: how long tas waits for a free secure thread before it
 * reports the TEE busy (default 5).
 * teectl talks to teed's control endpoint (teed/control.h), which only
 * root and teed's own user may use; it prints teed's report as it comes.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sw_instances.h"
#include "teed/control.h"
#include "transport/tbx_rundir.h"
#include "teebox/version.h"
#include <tbx/sock.h>

static const char *const commands[] = {"info", "sessions", "shm", "tas"};

/* How long tas waits for the secure world's answer (--timeout). */
#define DEFAULT_TIMEOUT_S 5

static void usage(FILE *f)
{
	fprintf(f, "usage: teectl [options] info|sessions|shm|tas\n"
		   "options:\n"
		   "  --runtime-dir DIR  where teed runs ($TEEBOX_RUNTIME_DIR;"
		   " default\n"
		   "                     /run/teebox as root,"
		   " $XDG_RUNTIME_DIR/teebox otherwise)\n"
		   "  --json             machine-readable output\n"
		   "  --timeout S        tas: report the TEE busy when no"
		   " secure thread\n"
		   "                     answers within S seconds (default"
		   " 5)\n");
}

static bool known_command(const char *cmd)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(cmd, commands[i]))
			return true;
	return false;
}

/* Connects to DIR/control; returns the socket or -errno. */
static int connect_control(const char *dir)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/%s", dir, CONTROL_SOCKET_NAME);

	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	return tbx_connect(path, SOCK_STREAM);
}

/*
 * Reads the reply until teed closes: the status line decides whether the
 * rest goes to @out.  Returns the exit status.
 */
static int read_reply(int fd, FILE *out)
{
	char buf[4096];
	char status[128];
	size_t slen = 0;
	bool in_body = false;
	bool ok = false;
	ssize_t n;

	while ((n = recv(fd, buf, sizeof(buf), 0)) != 0) {
		size_t off = 0;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "teectl: reading teed's answer: %s\n",
				strerror(errno));
			return 1;
		}
		/* The status line first: "ok" or "error <reason>". */
		while (!in_body && off < (size_t)n) {
			char ch = buf[off++];

			if (ch == '\n') {
				status[slen] = '\0';
				in_body = true;
				ok = !strcmp(status, "ok");
				if (!ok) {
					fprintf(stderr,
						"teectl: teed says: "
						"%s\n",
						status);
					return 1;
				}
			} else if (slen < sizeof(status) - 1) {
				status[slen++] = ch;
			}
		}
		if (in_body && off < (size_t)n)
			fwrite(buf + off, 1, (size_t)n - off, out);
	}
	if (!ok) {
		fprintf(stderr, "teectl: teed closed without an answer\n");
		return 1;
	}
	return fflush(out) ? 1 : 0;
}

/*
 * tas: teed's report of the normal world, then the secure world's
 * instances; as JSON, one object holding both.
 */
static int print_tas(int fd, bool json, unsigned int timeout_s)
{
	char *body = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&body, &len);
	int rc;

	if (!mem) {
		fprintf(stderr, "teectl: out of memory\n");
		return 1;
	}
	rc = read_reply(fd, mem);
	fclose(mem);
	if (!rc && json) {
		while (len && body[len - 1] == '\n')
			body[--len] = '\0';
		printf("{\"normal_world\":%s,\"secure_world\":", body);
		rc = sw_instances_print(stdout, true, timeout_s);
		printf("}\n");
	} else if (!rc) {
		fputs(body, stdout);
		rc = sw_instances_print(stdout, false, timeout_s);
	}
	free(body);
	return rc || fflush(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"runtime-dir", required_argument, NULL, 'r'},
		{"json", no_argument, NULL, 'j'},
		{"timeout", required_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	char dir[PATH_MAX];
	char req[CONTROL_MAX_REQUEST];
	unsigned int timeout_s = DEFAULT_TIMEOUT_S;
	bool json = false;
	const char *cmd;
	int c, fd, n, rc;

	if (tbx_runtime_dir(dir, sizeof(dir))) {
		fprintf(stderr, "teectl: runtime directory name too long\n");
		return 2;
	}
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			snprintf(dir, sizeof(dir), "%s", optarg);
			/* For libteec, when tas asks the secure world. */
			setenv("TEEBOX_RUNTIME_DIR", dir, 1);
			break;
		case 'j':
			json = true;
			break;
		case 't':
			timeout_s = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			return tbx_version_print("teectl");
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1 || !known_command(argv[optind])) {
		usage(stderr);
		return 2;
	}
	cmd = argv[optind];

	fd = connect_control(dir);
	if (fd < 0) {
		fprintf(stderr, "teectl: cannot reach teed at %s/%s: %s%s%s\n",
			dir, CONTROL_SOCKET_NAME, strerror(-fd),
			fd == -EACCES ? " (root or teed's own user only)" : "",
			fd == -ENOENT || fd == -ECONNREFUSED
				? "; " TBX_NOT_UP_HINT
				: "");
		return 1;
	}
	n = snprintf(req, sizeof(req), "%s %s\n", cmd, json ? "json" : "text");
	if (n < 0 || (size_t)n >= sizeof(req) ||
	    tbx_send_all(fd, req, (size_t)n)) {
		fprintf(stderr, "teectl: cannot send the request: %s\n",
			strerror(errno));
		close(fd);
		return 1;
	}
	rc = strcmp(cmd, "tas") ? read_reply(fd, stdout)
				: print_tas(fd, json, timeout_s);
	close(fd);
	return rc;
}
