// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_ecdsa_der: libutee's reading of an ECDSA signature from DER into
 * GP's r || s (ta/libutee/utee_ecdsa_der.c), which every ECDSA
 * TEE_AsymmetricSignDigest() goes through.  The DER comes from
 * libcrypto's own encoder (i2d_ECDSA_SIG) and r, s back from
 * BN_bn2binpad(): values whose top bit is set (DER's sign byte), values
 * shorter than the order (GP pads them), P-521's long-form length.
 * Framing that is not one ECDSA-Sig-Value is refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/rand.h>

#include "ta/libutee/utee_ecdsa_der.h"

#define MAX_HALF 66 /* P-521 */

/* libcrypto's DER of (r, s), each @rl / @sl bytes of @half with the
 * first byte @top; into @der, its length returned; r || s into @want. */
static int encode(size_t half, size_t rl, size_t sl, uint8_t top, uint8_t *der,
		  uint8_t *want)
{
	uint8_t r[MAX_HALF] = {0}, s[MAX_HALF] = {0};
	ECDSA_SIG *sig = ECDSA_SIG_new();
	uint8_t *p = der;
	int len;

	assert_true(RAND_bytes(r + half - rl, (int)rl) == 1);
	assert_true(RAND_bytes(s + half - sl, (int)sl) == 1);
	r[half - rl] = top;
	s[half - sl] = top;
	assert_true(ECDSA_SIG_set0(sig, BN_bin2bn(r, (int)half, NULL),
				   BN_bin2bn(s, (int)half, NULL)));
	len = i2d_ECDSA_SIG(sig, &p);
	assert_true(len > 0);
	assert_true(BN_bn2binpad(ECDSA_SIG_get0_r(sig), want, (int)half) > 0);
	assert_true(BN_bn2binpad(ECDSA_SIG_get0_s(sig), want + half,
				 (int)half) > 0);
	ECDSA_SIG_free(sig);
	return len;
}

/* Every curve's order length; full-length values with the top bit set
 * or not, and shorter ones down to one byte. */
static void test_matches_libcrypto(void **state)
{
	static const size_t halves[] = {24, 28, 32, 48, 66};
	static const uint8_t tops[] = {0x80, 0xff, 0x7f, 0x01};
	uint8_t der[2 * MAX_HALF + 16], want[2 * MAX_HALF], rs[2 * MAX_HALF];

	(void)state;
	for (size_t h = 0; h < sizeof(halves) / sizeof(halves[0]); h++) {
		size_t half = halves[h];

		for (size_t t = 0; t < sizeof(tops) / sizeof(tops[0]); t++) {
			size_t lens[] = {half, half - 1, 1};

			for (size_t i = 0; i < 3; i++) {
				int n = encode(half, lens[i], half - i, tops[t],
					       der, want);

				memset(rs, 0xa5, sizeof(rs));
				assert_true(utee_ecdsa_der_to_rs(der, (size_t)n,
								 rs, half));
				assert_memory_equal(rs, want, 2 * half);
			}
		}
	}
}

/* P-521 with both values' top bit set: 2 + 67 + 2 + 67 bytes, past
 * DER's short form. */
static void test_p521_long_form(void **state)
{
	uint8_t der[2 * MAX_HALF + 16], want[2 * MAX_HALF], rs[2 * MAX_HALF];
	int n = encode(MAX_HALF, MAX_HALF, MAX_HALF, 0xff, der, want);

	(void)state;
	assert_int_equal(n, 141);
	assert_int_equal(der[1], 0x81);
	assert_int_equal(der[2], 138);
	assert_true(utee_ecdsa_der_to_rs(der, (size_t)n, rs, MAX_HALF));
	assert_memory_equal(rs, want, 2 * MAX_HALF);
}

/* A P-256 signature, then each way of breaking its framing. */
static void test_refuses_other_framing(void **state)
{
	static const uint8_t empty_r[] = {0x30, 0x05, 0x02, 0x00,
					  0x02, 0x01, 0x01};
	static const uint8_t long_short[] = {0x30, 0x81, 0x06, 0x02, 0x01,
					     0x01, 0x02, 0x01, 0x01};
	uint8_t der[2 * MAX_HALF + 16], bad[sizeof(der) + 1];
	uint8_t want[2 * MAX_HALF], rs[2 * MAX_HALF];
	int n = encode(32, 32, 32, 0x11, der, want);
	size_t len = (size_t)n;

	(void)state;
	assert_int_equal(n, 70);
	assert_true(utee_ecdsa_der_to_rs(der, len, rs, 32));
	/* shorter order: r does not fit in 31 bytes */
	assert_false(utee_ecdsa_der_to_rs(der, len, rs, 31));
	/* truncated, empty, one byte over */
	assert_false(utee_ecdsa_der_to_rs(der, len - 1, rs, 32));
	assert_false(utee_ecdsa_der_to_rs(der, 0, rs, 32));
	memcpy(bad, der, len);
	bad[len] = 0;
	assert_false(utee_ecdsa_der_to_rs(bad, len + 1, rs, 32));
	/* not a SEQUENCE, r not an INTEGER */
	memcpy(bad, der, len);
	bad[0] = 0x31;
	assert_false(utee_ecdsa_der_to_rs(bad, len, rs, 32));
	memcpy(bad, der, len);
	bad[2] = 0x04;
	assert_false(utee_ecdsa_der_to_rs(bad, len, rs, 32));
	/* r negative (its top bit set without the sign byte) */
	memcpy(bad, der, len);
	bad[4] = 0x91;
	assert_false(utee_ecdsa_der_to_rs(bad, len, rs, 32));
	/* the SEQUENCE's length disagrees with what follows */
	memcpy(bad, der, len);
	bad[1]--;
	assert_false(utee_ecdsa_der_to_rs(bad, len, rs, 32));
	/* r's length runs past the end */
	memcpy(bad, der, len);
	bad[3] = 0x7f;
	assert_false(utee_ecdsa_der_to_rs(bad, len, rs, 32));
	/* a zero-length INTEGER */
	assert_false(utee_ecdsa_der_to_rs(empty_r, sizeof(empty_r), rs, 32));
	/* long form where the short one fits (not DER) */
	assert_false(
		utee_ecdsa_der_to_rs(long_short, sizeof(long_short), rs, 32));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matches_libcrypto),
		cmocka_unit_test(test_p521_long_form),
		cmocka_unit_test(test_refuses_other_framing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
