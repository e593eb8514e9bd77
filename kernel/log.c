// SPDX-License-Identifier: BSD-2-Clause
/* One-line log output to stderr; see log.h. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

static const char *log_ident = "teebox";
static atomic_int log_level = LOG_INFO;

void log_set_ident(const char *ident)
{
	log_ident = ident;
}

void log_set_level(enum log_level level)
{
	atomic_store(&log_level, level);
}

static const char *level_name(enum log_level level)
{
	switch (level) {
	case LOG_ERR:
		return "error";
	case LOG_WARN:
		return "warning";
	case LOG_INFO:
		return "info";
	default:
		return "debug";
	}
}

void log_printf(enum log_level level, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	if ((int)level > atomic_load(&log_level))
		return;
	n = snprintf(line, sizeof(line), "%s: %s: ", log_ident,
		     level_name(level));
	if (n < 0 || (size_t)n >= sizeof(line))
		return;
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	/* One write per line so lines from several threads do not mix. */
	n = (int)strlen(line);
	if (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	fprintf(stderr, "%s\n", line);
}
