// SPDX-License-Identifier: BSD-2-Clause
/*
 * Running the real tools from a test (tool_run.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tool_run.h"

int tool_run(const char *const *argv, const char *const *env, char *out,
	     size_t size)
{
	int fds[2], status = 0;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		for (; env && env[0]; env += 2)
			setenv(env[0], env[1], 1);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void test_write_file(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

size_t test_read_file(const char *path, uint8_t *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, size, f);
	fclose(f);
	return n;
}
