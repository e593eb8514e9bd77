/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA output: what a TA process writes on stdout and stderr reaches the
 * log only through the secure world, one log line per line the TA
 * printed, each tagged with the TA's UUID ("TA <uuid>: ...").
 *
 * A TA is not trusted with the log: its bytes never reach it raw.  Every
 * byte outside printable ASCII (newline ends the line; carriage return,
 * escape sequences, NUL, any other control or non-ASCII byte) and the
 * backslash are written as escapes (\xNN, \\), and a line longer than a
 * log line can hold is cut, saying how many bytes were dropped.  So a TA
 * can neither start a line of its own nor make one look like the
 * secure world's.
 */
#ifndef TEEBOX_SECURE_TA_OUTPUT_H
#define TEEBOX_SECURE_TA_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Most characters of TA text (escapes counted) in one log line. */
#define TA_OUTPUT_TEXT_MAX 900

/**
 * struct ta_output_line - one line of TA output being assembled
 * @text:	the escaped text so far (NUL-terminated)
 * @len:	characters in @text
 * @dropped:	bytes of the line that did not fit
 * @pending:	the line has begun (a byte arrived since the last newline)
 */
struct ta_output_line {
	char text[TA_OUTPUT_TEXT_MAX + 1];
	size_t len;
	size_t dropped;
	bool pending;
};

/**
 * ta_output_feed() - add @n bytes a TA wrote to @line, logging each line
 * they complete as "TA @name: <text>"
 */
void ta_output_feed(struct ta_output_line *line, const char *name,
		    const void *buf, size_t n);

/**
 * ta_output_flush() - log the line begun in @line, if any (the TA went
 * away in the middle of it)
 */
void ta_output_flush(struct ta_output_line *line, const char *name);

/**
 * ta_output_watch() - log what a TA process writes into @fd (the read
 * end of its stdout/stderr pipe) until it closes the other end
 * @name:	the TA's UUID as text
 * @id:		[out] what names this output to ta_output_wait_done()
 *
 * Takes @fd in every case.  The output is read by one thread of its own,
 * started on first use, so that a TA that writes much stalls no call.
 * Return: 0, or -errno (then @fd is closed and the output is lost).
 */
int ta_output_watch(int fd, const char *name, unsigned long *id);

/**
 * ta_output_wait_done() - wait until output @id was read to its end and
 * its pipe closed (the TA process is gone: its end is closed), at most
 * @timeout_ms; a TA's last lines then come before what is said of its end
 */
void ta_output_wait_done(unsigned long id, unsigned int timeout_ms);

#endif
