// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the request line of teed's control endpoint
 * (teed/control_request.c).  A line it accepts must be exactly one of the
 * forms control.h documents.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teed/control.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {"info", "sessions", "shm", "tas"};
	char expect[CONTROL_MAX_REQUEST + 1];
	enum control_cmd cmd;
	bool json;
	int n;

	if (control_parse_request((const char *)data, size, &cmd, &json))
		return 0;
	if ((unsigned int)cmd >= sizeof(names) / sizeof(names[0]))
		abort();
	n = snprintf(expect, sizeof(expect), "%s%s\n", names[cmd],
		     json ? " json" : "");
	/* Accepted: "<cmd>\n", "<cmd> json\n" or "<cmd> text\n". */
	if (((size_t)n == size && !memcmp(expect, data, size)) ||
	    (!json && size == strlen(names[cmd]) + 6 &&
	     !memcmp(data, names[cmd], strlen(names[cmd])) &&
	     !memcmp(data + strlen(names[cmd]), " text\n", 6)))
		return 0;
	abort();
}
