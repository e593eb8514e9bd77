// SPDX-License-Identifier: BSD-2-Clause
/*
 * The control endpoint's request line: the one decoder of bytes a peer
 * sends it (see control.h for the format).  It checks the length before
 * anything else and accepts only the exact words it knows.
 */
#include <errno.h>
#include <string.h>

#include "control.h"
#include "kernel/types.h"

static const char *const commands[] = {
	[CONTROL_INFO] = "info",
	[CONTROL_SESSIONS] = "sessions",
	[CONTROL_SHM] = "shm",
	[CONTROL_TAS] = "tas",
};

/* The index of the @len bytes at @s in @words, or -1. */
static int lookup(const char *const *words, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(words[i]) == len && !memcmp(words[i], s, len))
			return (int)i;
	return -1;
}

int control_parse_request(const char *buf, size_t len, enum control_cmd *cmd,
			  bool *json)
{
	static const char *const formats[] = {"text", "json"};
	const char *nl, *sp;
	int c, f = 0;

	/* One line, newline last, nothing else; no NUL inside. */
	if (!len || len > CONTROL_MAX_REQUEST || buf[len - 1] != '\n')
		return -EINVAL;
	nl = memchr(buf, '\n', len);
	if (nl != buf + len - 1 || memchr(buf, '\0', len))
		return -EINVAL;
	sp = memchr(buf, ' ', len);
	c = lookup(commands, ARRAY_SIZE(commands), buf,
		   (size_t)((sp ? sp : nl) - buf));
	if (c < 0)
		return -EINVAL;
	if (sp) {
		f = lookup(formats, ARRAY_SIZE(formats), sp + 1,
			   (size_t)(nl - sp - 1));
		if (f < 0)
			return -EINVAL;
	}
	*cmd = (enum control_cmd)c;
	*json = f == 1;
	return 0;
}
