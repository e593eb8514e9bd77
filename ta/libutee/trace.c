// SPDX-License-Identifier: BSD-2-Clause
/*
 * Trace output of TAs (see trace.h): one write(2) per line on stderr, so
 * that lines from several TA processes do not mix.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <trace.h>

/* OP-TEE prints at most this much of one message. */
#define TRACE_LINE_MAX 512

static int trace_level = TRACE_MAX;

void trace_set_level(int level)
{
	if (level >= 0 && level <= TRACE_MAX)
		trace_level = level;
}

int trace_get_level(void)
{
	return trace_level;
}

static char level_char(int level)
{
	switch (level) {
	case TRACE_ERROR:
		return 'E';
	case TRACE_INFO:
		return 'I';
	case TRACE_DEBUG:
		return 'D';
	case TRACE_FLOW:
		return 'F';
	default:
		return '?';
	}
}

void trace_printf(const char *func, int line, int level, bool level_ok,
		  const char *fmt, ...)
{
	char buf[TRACE_LINE_MAX];
	size_t len = 0, done = 0;
	va_list ap;
	ssize_t n;
	int r;

	if (!level_ok && level > trace_level)
		return;
	if (func) {
		r = snprintf(buf, sizeof(buf), "%c/TA: %s:%d ",
			     level_char(level), func, line);
		if (r < 0)
			return;
		len = (size_t)r < sizeof(buf) ? (size_t)r : sizeof(buf) - 1;
	}
	va_start(ap, fmt);
	r = vsnprintf(buf + len, sizeof(buf) - len, fmt, ap);
	va_end(ap);
	if (r < 0)
		return;
	len += (size_t)r;
	if (len > sizeof(buf) - 2)
		len = sizeof(buf) - 2; /* truncated: keep room for '\n' */
	if (!len || buf[len - 1] != '\n')
		buf[len++] = '\n';

	while (done < len) {
		n = write(STDERR_FILENO, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		done += (size_t)n;
	}
}
