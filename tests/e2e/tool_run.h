/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running the real tools users run (pkcs11-tool, openssl, ssh-keygen)
 * from a test, and the files they read and write.
 */
#ifndef TEEBOX_TESTS_E2E_TOOL_RUN_H
#define TEEBOX_TESTS_E2E_TOOL_RUN_H

#include <stddef.h>
#include <stdint.h>

/**
 * tool_run() - run @argv (looked up in PATH) and wait for it
 * @argv:	the command, NULL-terminated
 * @env:	NAME, VALUE pairs set in the child only, NULL-terminated
 *		(NULL: none)
 * @out:	gets its stdout and stderr, NUL-terminated
 * @size:	bytes at @out
 * Return: its exit status, -1 if it did not exit.
 */
int tool_run(const char *const *argv, const char *const *env, char *out,
	     size_t size);

/** test_write_file() - @path gets the @len bytes at @buf (asserted) */
void test_write_file(const char *path, const void *buf, size_t len);

/**
 * test_read_file() - read up to @size bytes of @path into @buf
 * Return: the bytes read (the file must exist).
 */
size_t test_read_file(const char *path, uint8_t *buf, size_t size);

#endif
