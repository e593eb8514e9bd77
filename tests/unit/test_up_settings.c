// SPDX-License-Identifier: BSD-2-Clause
/*
 * The settings record of `teebox up` (tools/teebox/up_settings.c): what
 * is written is read back byte for byte (the next up compares the text),
 * a value cannot forge another key, and the file is private.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tools/teebox/up_settings.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_up_settings-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char path[128];

	(void)state;
	snprintf(path, sizeof(path), "%s/%s", dir, UP_SETTINGS_FILE);
	unlink(path);
	return rmdir(dir);
}

static void test_up_settings__round_trip_private(void **state)
{
	struct up_settings s = {0}, r;
	char path[128], v[64];
	struct stat st;

	(void)state;
	assert_int_equal(up_settings_read(dir, &r), -ENOENT);
	assert_int_equal(up_settings_add(&s, "ta-dir", "/a"), 0);
	assert_int_equal(up_settings_add(&s, "threads", NULL), 0);
	assert_int_equal(up_settings_add(&s, "cpus", "2"), 0);
	assert_string_equal(s.text, "ta-dir=/a\ncpus=2\n");
	assert_int_equal(up_settings_write(dir, &s), 0);
	snprintf(path, sizeof(path), "%s/%s", dir, UP_SETTINGS_FILE);
	assert_int_equal(lstat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(up_settings_read(dir, &r), 0);
	assert_int_equal(r.len, s.len);
	assert_memory_equal(r.text, s.text, s.len);
	assert_string_equal(up_settings_get(&r, "cpus", v, sizeof(v)), "2");
	assert_string_equal(up_settings_get(&r, "ta-dir", v, sizeof(v)), "/a");
	assert_string_equal(up_settings_get(&r, "ta", v, sizeof(v)), "");
	assert_string_equal(up_settings_get(&r, "threads", v, sizeof(v)), "");
}

static void test_up_settings__newline_and_overflow_refused(void **state)
{
	static struct up_settings s;
	char big[1024];

	(void)state;
	assert_int_equal(up_settings_add(&s, "ta-dir", "/a\ncpus=9"), -EINVAL);
	assert_int_equal(s.len, 0);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	while (up_settings_add(&s, "k", big) == 0)
		;
	assert_int_equal(up_settings_add(&s, "k", big), -ENAMETOOLONG);
	assert_int_equal(strlen(s.text), s.len);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_up_settings__round_trip_private, setup, teardown),
		cmocka_unit_test(
			test_up_settings__newline_and_overflow_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
