// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: what it tells the user, and the files it reads and writes.
 *
 * Everything it writes is written to a temporary file first and renamed
 * into place, so a failed run never leaves a half-written key or image
 * behind for a build to pick up.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/err.h>

#include "sign_priv.h"

/* Prints "teebox-sign: <message>" and a newline on stderr. */
static void vmessage(const char *fmt, va_list ap)
{
	fputs(PROG ": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	return EXIT_FAIL;
}

int fail_ossl(const char *fmt, ...)
{
	unsigned long e = ERR_peek_last_error();
	const char *why = e ? ERR_reason_error_string(e) : NULL;
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", why ? why : "OpenSSL error");
	ERR_clear_error();
	return EXIT_FAIL;
}

int bad_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

int read_file(const char *path, uint8_t **data, size_t *len)
{
	uint8_t *buf = NULL;
	struct stat st;
	size_t n = 0;
	FILE *f;

	f = fopen(path, "rb");
	if (!f)
		return fail("cannot open %s: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		fclose(f);
		return fail("%s is not a regular file", path);
	}
	if ((uint64_t)st.st_size > MAX_INPUT_SIZE) {
		fclose(f);
		return fail("%s is too large (%lld bytes)", path,
			    (long long)st.st_size);
	}
	/* One spare byte: reading it tells us the file grew meanwhile. */
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		fclose(f);
		return fail("out of memory reading %s", path);
	}
	n = fread(buf, 1, (size_t)st.st_size + 1, f);
	if (ferror(f) || n != (size_t)st.st_size) {
		const char *why = ferror(f) ? strerror(errno) : "size changed";

		fclose(f);
		free(buf);
		return fail("cannot read %s: %s", path, why);
	}
	fclose(f);
	*data = buf;
	*len = n;
	return EXIT_OK;
}

int write_file(const char *path, const void *data, size_t len, mode_t mode,
	       bool apply_umask, bool replace)
{
	const uint8_t *p = data;
	char *tmp = NULL;
	int fd, ret = EXIT_FAIL;

	if (asprintf(&tmp, "%s.tmp-XXXXXX", path) < 0)
		return fail("out of memory");
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail("cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return EXIT_FAIL;
	}
	if (apply_umask) {
		mode_t mask = umask(0);

		umask(mask);
		mode &= ~mask;
	}
	if (fchmod(fd, mode)) {
		fail("cannot set the mode of %s: %s", tmp, strerror(errno));
		goto out;
	}
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fail("cannot write %s: %s", tmp, strerror(errno));
			goto out;
		}
		p += w;
		len -= (size_t)w;
	}
	if (close(fd)) {
		fd = -1;
		fail("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	fd = -1;
	if (replace) {
		if (rename(tmp, path)) {
			fail("cannot create %s: %s", path, strerror(errno));
			goto out;
		}
	} else {
		/* link() refuses to replace, atomically. */
		if (link(tmp, path)) {
			if (errno == EEXIST)
				fail("%s already exists (use --force to "
				     "replace it)",
				     path);
			else
				fail("cannot create %s: %s", path,
				     strerror(errno));
			goto out;
		}
		unlink(tmp);
	}
	ret = EXIT_OK;
out:
	if (fd >= 0)
		close(fd);
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

int write_two(const char *path, const uint8_t *a, size_t a_len,
	      const uint8_t *b, size_t b_len)
{
	uint8_t *all = malloc(a_len + b_len ? a_len + b_len : 1);
	int ret;

	if (!all)
		return fail("out of memory");
	if (a_len)
		memcpy(all, a, a_len);
	memcpy(all + a_len, b, b_len);
	ret = write_file(path, all, a_len + b_len, 0644, true, true);
	free(all);
	return ret;
}

void print_hex(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}
