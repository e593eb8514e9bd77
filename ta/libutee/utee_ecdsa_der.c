// SPDX-License-Identifier: BSD-2-Clause
/*
 * ECDSA signatures from DER to r || s (utee_ecdsa_der.h).  libcrypto's
 * EVP interface signs into DER only; the conversion is on the path of
 * every TEE_AsymmetricSignDigest() with ECDSA, so it reads the framing
 * in place instead of decoding into an ECDSA_SIG.
 */
#include <string.h>

#include "utee_ecdsa_der.h"

#define DER_SEQUENCE 0x30
#define DER_INTEGER  0x02
/* A length byte with this bit set announces that many length bytes. */
#define DER_LONG 0x80

/*
 * The INTEGER at *@p, before @end, unsigned and right-aligned into the
 * @n bytes at @out; *@p moves past it.  Its length is short-form: an
 * integer of the largest curve (P-521) takes 67 bytes at most.
 */
static bool der_uint(const uint8_t **p, const uint8_t *end, uint8_t *out,
		     size_t n)
{
	const uint8_t *q = *p;
	size_t len;

	if (end - q < 2 || q[0] != DER_INTEGER || (q[1] & DER_LONG))
		return false;
	len = q[1];
	q += 2;
	if (!len || (size_t)(end - q) < len || (q[0] & 0x80)) /* negative */
		return false;
	*p = q + len;
	/* The sign byte DER adds before a value whose top bit is set. */
	for (; len && !*q; q++)
		len--;
	if (len > n)
		return false;
	memset(out, 0, n - len);
	memcpy(out + n - len, q, len);
	return true;
}

bool utee_ecdsa_der_to_rs(const uint8_t *der, size_t len, uint8_t *rs,
			  size_t half)
{
	const uint8_t *p = der, *end = der + len;
	size_t body;

	if (len < 2 || p[0] != DER_SEQUENCE)
		return false;
	if (!(p[1] & DER_LONG)) {
		body = p[1];
		p += 2;
	} else if (p[1] == (DER_LONG | 1) && len >= 3 && p[2] >= DER_LONG) {
		body = p[2]; /* P-521: up to 140 bytes */
		p += 3;
	} else {
		return false;
	}
	return body == (size_t)(end - p) && der_uint(&p, end, rs, half) &&
	       der_uint(&p, end, rs + half, half) && p == end;
}
