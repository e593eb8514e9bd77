/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Log lines from the kernel-side code.  They go to stderr, one line each,
 * prefixed with the program and the level, so a user reading teed's output
 * sees what happened and where.
 */
#ifndef TEEBOX_KERNEL_LOG_H
#define TEEBOX_KERNEL_LOG_H

enum log_level {
	LOG_ERR = 3,
	LOG_WARN = 4,
	LOG_INFO = 6,
	LOG_DEBUG = 7,
};

/** log_set_ident() - name printed at the start of each line (e.g. "teed"). */
void log_set_ident(const char *ident);

/** log_set_level() - lines above @level are dropped (default LOG_INFO). */
void log_set_level(enum log_level level);

/** log_printf() - print one line at @level; a trailing newline is added. */
void log_printf(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define pr_err(...)   log_printf(LOG_ERR, __VA_ARGS__)
#define pr_warn(...)  log_printf(LOG_WARN, __VA_ARGS__)
#define pr_info(...)  log_printf(LOG_INFO, __VA_ARGS__)
#define pr_debug(...) log_printf(LOG_DEBUG, __VA_ARGS__)

#endif
