// SPDX-License-Identifier: BSD-2-Clause
/*
 * What libteec prints, and when.  OP-TEE's libteec has one knob,
 * CFG_TEE_CLIENT_LOG_LEVEL, fixed when it is built: 0 prints nothing,
 * 1 errors (the default), 2 information, 3 debugging, 4 flow.  A teebox
 * client is not rebuilt to be diagnosed, so the same levels are read at
 * run time from $TEEC_LOG_LEVEL (the build-time name without CFG_ and
 * TEE_CLIENT_, the TEEC_ prefix of the API).  Lines go to stderr, as
 * OP-TEE's do when it does not log to a file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "teec_private.h"

int teec_log_level(void)
{
	const char *env = getenv(TEEC_LOG_LEVEL_ENV);
	char *end;
	long level;

	if (!env || !*env)
		return TEEC_LOG_ERROR;
	level = strtol(env, &end, 10);
	/* Not a number: the default, as an unset variable. */
	if (*end || level < TEEC_LOG_NONE)
		return TEEC_LOG_ERROR;
	return level > TEEC_LOG_FLOW ? TEEC_LOG_FLOW : (int)level;
}

void teec_log(int level, const char *fmt, ...)
{
	va_list ap;

	if (level > teec_log_level())
		return;
	va_start(ap, fmt);
	/* One line, in one write, so that threads do not interleave. */
	flockfile(stderr);
	fputs("libteec: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}
