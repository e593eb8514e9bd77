/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA traces, OP-TEE style: one line per message on the secure world's
 * stderr,
 *
 *	I/TA: <function>:<line> <message>
 *
 * with E, I, D or F for the level.  EMSG always prints; IMSG, DMSG and
 * FMSG print when their level is at most TRACE_LEVEL (trace_levels.h),
 * decided when the TA is compiled; the arguments are still checked (and
 * count as used) when a message is compiled out.  The *_RAW forms print
 * the message alone.
 */
#ifndef TRACE_H
#define TRACE_H

#include <stdbool.h>

#include "trace_levels.h"

/**
 * trace_printf() - print one trace line (the macros below call this)
 * @func, @line: where it comes from; @func NULL for a raw line
 * @level:	TRACE_ERROR .. TRACE_FLOW
 * @level_ok:	print even if the runtime level (trace_get_level()) is lower
 */
void trace_printf(const char *func, int line, int level, bool level_ok,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/** trace_set_level() - change the runtime level (default TRACE_MAX). */
void trace_set_level(int level);

/** trace_get_level() - the runtime level. */
int trace_get_level(void);

#define __trace_if(enabled, func, line, level, ...)                            \
	do {                                                                   \
		if (enabled)                                                   \
			trace_printf(func, line, level, false, __VA_ARGS__);   \
	} while (0)

#define __trace_at(level, ...)                                                 \
	__trace_if(TRACE_LEVEL >= (level), __func__, __LINE__, level,          \
		   __VA_ARGS__)
#define __trace_raw_at(level, ...)                                             \
	__trace_if(TRACE_LEVEL >= (level), (const char *)0, 0, level,          \
		   __VA_ARGS__)

#define EMSG(...)                                                              \
	trace_printf(__func__, __LINE__, TRACE_ERROR, true, __VA_ARGS__)
#define IMSG(...) __trace_at(TRACE_INFO, __VA_ARGS__)
#define DMSG(...) __trace_at(TRACE_DEBUG, __VA_ARGS__)
#define FMSG(...) __trace_at(TRACE_FLOW, __VA_ARGS__)

#define EMSG_RAW(...)                                                          \
	trace_printf((const char *)0, 0, TRACE_ERROR, true, __VA_ARGS__)
#define IMSG_RAW(...) __trace_raw_at(TRACE_INFO, __VA_ARGS__)
#define DMSG_RAW(...) __trace_raw_at(TRACE_DEBUG, __VA_ARGS__)
#define FMSG_RAW(...) __trace_raw_at(TRACE_FLOW, __VA_ARGS__)

/* Always printed, at info level. */
#define MSG(...) trace_printf(__func__, __LINE__, TRACE_INFO, true, __VA_ARGS__)
#define MSG_RAW(...)                                                           \
	trace_printf((const char *)0, 0, TRACE_INFO, true, __VA_ARGS__)

/* Function flow. */
#define INMSG(...)  FMSG("> " __VA_ARGS__)
#define OUTMSG(...) FMSG("< " __VA_ARGS__)
#define OUTRMSG(r)                                                             \
	do {                                                                   \
		OUTMSG("r=[%x]", (unsigned int)(r));                           \
		return r;                                                      \
	} while (0)

#endif /* TRACE_H */
