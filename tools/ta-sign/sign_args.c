// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: the values of its options that more than one command
 * takes (numbers, UUIDs, --algo).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secure/uuid.h"

#include "sign_priv.h"

int parse_u32(const char *s, const char *what, uint32_t *val)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (!*s || *s == '-' || *s == '+')
		goto bad;
	v = strtoull(s, &end, 0);
	if (errno || *end || v > UINT32_MAX)
		goto bad;
	*val = (uint32_t)v;
	return EXIT_OK;
bad:
	return bad_usage("invalid %s: '%s' (expected 0..4294967295)", what, s);
}

/*
 * The 32 hex digits of @s into 8-4-4-4-12 form in @canon, reading @s as
 * OP-TEE's sign_encrypt.py does (Python's uuid.UUID(): "urn:" and "uuid:"
 * dropped, braces stripped, dashes anywhere ignored).  OP-TEE TA
 * Makefiles are not always canonical: optee_test's aes_perf and sha_perf
 * once set BINARY = e626662e-c0e2-485c-b8c809fbce6edf3d and OP-TEE's
 * tools signed them.
 */
static int uuid_canon(char canon[UUID_STR_LEN], const char *s)
{
	static const char digits[] = "0123456789abcdefABCDEF";
	size_t n = 0, len;

	if (!strncmp(s, "urn:", 4))
		s += 4;
	if (!strncmp(s, "uuid:", 5))
		s += 5;
	len = strlen(s);
	while (len && s[len - 1] == '}')
		len--;
	while (len && *s == '{') {
		s++;
		len--;
	}
	for (; len; s++, len--) {
		if (*s == '-')
			continue;
		if (!*s || !strchr(digits, *s) || n >= 32)
			return -1;
		if (n == 8 || n == 12 || n == 16 || n == 20)
			*canon++ = '-';
		*canon++ = *s;
		n++;
	}
	*canon = '\0';
	return n == 32 ? 0 : -1;
}

int parse_uuid(const char *s, TEE_UUID *uuid)
{
	char canon[UUID_STR_LEN];

	if (uuid_canon(canon, s) || uuid_from_str(uuid, canon))
		return bad_usage("invalid UUID '%s' (expected "
				 "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)",
				 s);
	return EXIT_OK;
}

int parse_algo(const struct opts *o, bool *pss)
{
	*pss = true;
	if (o->algo && !strcmp(o->algo, "pkcs1"))
		*pss = false;
	else if (o->algo && strcmp(o->algo, "pss"))
		return bad_usage("--algo must be pss or pkcs1");
	return EXIT_OK;
}
