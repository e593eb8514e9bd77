// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for logging (kernel/log.c).
 *
 * Every test that allocates from the kernel heap records kmem_live() first
 * and checks it is back to that value at the end.  Threads never call
 * cmocka assertions (they cannot unwind another thread): they record what
 * they saw and the test thread checks it after joining them.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include "kernel/err.h"
#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/kref.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "kernel/sync.h"
#include "kernel/types.h"
#include "kernel/uaccess.h"

#include "kernel_test_util.h"

/* ------------------------------------------------------------------ */
/* log                                                                 */
/* ------------------------------------------------------------------ */

/* Captures what is written to stderr between start and end. */
struct stderr_capture {
	FILE *file;
	int saved_fd;
};

static void capture_start(struct stderr_capture *cap)
{
	fflush(stderr);
	cap->file = tmpfile();
	assert_non_null(cap->file);
	cap->saved_fd = dup(STDERR_FILENO);
	assert_true(cap->saved_fd >= 0);
	assert_true(dup2(fileno(cap->file), STDERR_FILENO) >= 0);
}

/* Restores stderr and returns what was captured (free() it). */
static char *capture_end(struct stderr_capture *cap)
{
	long len;
	char *buf;

	fflush(stderr);
	assert_true(dup2(cap->saved_fd, STDERR_FILENO) >= 0);
	close(cap->saved_fd);
	len = ftell(cap->file);
	assert_true(len >= 0);
	buf = calloc(1, (size_t)len + 1);
	assert_non_null(buf);
	rewind(cap->file);
	assert_int_equal(fread(buf, 1, (size_t)len, cap->file), (size_t)len);
	fclose(cap->file);
	return buf;
}

static size_t count_char(const char *s, char ch)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == ch;
	return n;
}

static void test_log_line_has_ident_level_and_one_newline(void **state)
{
	struct stderr_capture cap;
	char *out;

	log_set_ident("kt");
	log_set_level(LOG_INFO);
	capture_start(&cap);
	log_printf(LOG_ERR, "disk %d on fire", 3);
	log_printf(LOG_INFO, "already ends in newline\n");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: error: disk 3 on fire\n"
				 "kt: info: already ends in newline\n");
	free(out);
	log_set_ident("teebox");
}

static void test_log_default_level_drops_debug(void **state)
{
	struct stderr_capture cap;
	char *out;

	/* No other test leaves the level changed: this is the default. */
	log_set_ident("kt");
	capture_start(&cap);
	pr_debug("hidden");
	pr_info("shown");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: info: shown\n");
	free(out);
	log_set_ident("teebox");
}

static void test_log_level_filters_lines_above_it(void **state)
{
	struct stderr_capture cap;
	char *out;

	log_set_ident("kt");
	log_set_level(LOG_WARN);
	capture_start(&cap);
	pr_debug("d1");
	pr_info("i1");
	pr_warn("w1");
	pr_err("e1");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: warning: w1\nkt: error: e1\n");
	free(out);

	log_set_level(LOG_ERR);
	capture_start(&cap);
	pr_warn("w2");
	pr_err("e2");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: error: e2\n");
	free(out);

	log_set_level(LOG_DEBUG);
	capture_start(&cap);
	pr_debug("d3");
	pr_info("i3");
	out = capture_end(&cap);
	assert_string_equal(out, "kt: debug: d3\nkt: info: i3\n");
	free(out);

	log_set_level(LOG_INFO);
	log_set_ident("teebox");
}

static void test_log_long_line_is_printed_as_one_line(void **state)
{
	enum { LONG = 5000 };
	static const char prefix[] = "kt: warning: ";
	struct stderr_capture cap;
	char *msg = malloc(LONG + 1);
	char *out;
	size_t len;

	assert_non_null(msg);
	memset(msg, 'x', LONG);
	msg[LONG] = '\0';
	log_set_ident("kt");
	capture_start(&cap);
	pr_warn("%s", msg);
	pr_warn("%s%s", msg, msg);
	pr_err("after");
	out = capture_end(&cap);
	/* Three lines; long ones may be cut but stay single lines. */
	assert_int_equal(count_char(out, '\n'), 3);
	assert_int_equal(strncmp(out, prefix, strlen(prefix)), 0);
	len = strcspn(out, "\n");
	assert_true(len > 1024 - 100);
	for (size_t i = strlen(prefix); i < len; i++)
		assert_int_equal(out[i], 'x');
	assert_non_null(strstr(out, "\nkt: error: after\n"));
	free(out);
	free(msg);
	log_set_ident("teebox");
}

static void test_log_long_ident_does_not_crash(void **state)
{
	enum { LONG = 2000 };
	struct stderr_capture cap;
	char *ident = malloc(LONG + 1);
	char *out;

	assert_non_null(ident);
	memset(ident, 'i', LONG);
	ident[LONG] = '\0';
	log_set_ident(ident);
	capture_start(&cap);
	pr_err("message");
	out = capture_end(&cap);
	log_set_ident("teebox");
	/* Whatever is printed is at most one line. */
	assert_true(count_char(out, '\n') <= 1);
	free(out);
	free(ident);
}

/* ------------------------------------------------------------------ */

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* log */
		cmocka_unit_test(test_log_default_level_drops_debug),
		cmocka_unit_test(test_log_line_has_ident_level_and_one_newline),
		cmocka_unit_test(test_log_level_filters_lines_above_it),
		cmocka_unit_test(test_log_long_line_is_printed_as_one_line),
		cmocka_unit_test(test_log_long_ident_does_not_crash),
	};

	return cmocka_run_group_tests_name("kernel services: log", tests, NULL,
					   NULL);
}
