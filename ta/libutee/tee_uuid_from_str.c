// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's tee_uuid_from_str() (tee_internal_api_extensions.h), with the
 * syntax of OP-TEE's lib/libutee/tee_uuid_from_str.c:
 *
 *  - exactly 36 characters (a longer or shorter string, or NULL, is
 *    TEE_ERROR_BAD_FORMAT);
 *  - '-' at offsets 8, 13, 18 and 23, hexadecimal digits (either case)
 *    everywhere else, read as timeLow, timeMid, timeHiAndVersion and the
 *    eight clockSeqAndNode bytes, big-endian;
 *  - anything else is TEE_ERROR_BAD_FORMAT, and *@uuid is written only on
 *    success.
 */
#include <string.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#define UUID_STR_LEN 36

/* The value of hexadecimal digit @c, or -1. */
static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The @n digits at @s into *@v; false when one is not a digit. */
static bool read_hex(const char *s, size_t n, uint32_t *v)
{
	uint32_t r = 0;

	for (size_t i = 0; i < n; i++) {
		int d = hex_digit(s[i]);

		if (d < 0)
			return false;
		r = (r << 4) | (uint32_t)d;
	}
	*v = r;
	return true;
}

TEE_Result tee_uuid_from_str(TEE_UUID *uuid, const char *s)
{
	/* Where each clockSeqAndNode byte starts: a dash after the second. */
	static const uint8_t node_at[8] = {19, 21, 24, 26, 28, 30, 32, 34};
	TEE_UUID u = {0};
	uint32_t v;

	if (!s || strnlen(s, UUID_STR_LEN + 1) != UUID_STR_LEN)
		return TEE_ERROR_BAD_FORMAT;
	if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-')
		return TEE_ERROR_BAD_FORMAT;
	if (!read_hex(s, 8, &u.timeLow))
		return TEE_ERROR_BAD_FORMAT;
	if (!read_hex(s + 9, 4, &v))
		return TEE_ERROR_BAD_FORMAT;
	u.timeMid = (uint16_t)v;
	if (!read_hex(s + 14, 4, &v))
		return TEE_ERROR_BAD_FORMAT;
	u.timeHiAndVersion = (uint16_t)v;
	for (size_t i = 0; i < sizeof(node_at); i++) {
		if (!read_hex(s + node_at[i], 2, &v))
			return TEE_ERROR_BAD_FORMAT;
		u.clockSeqAndNode[i] = (uint8_t)v;
	}
	*uuid = u;
	return TEE_SUCCESS;
}
