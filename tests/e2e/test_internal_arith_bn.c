// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API chapter 8 (Arithmetical API) on random
 * operands: ta_test_arith (ta/tests/arith/ta_test_arith_cmds.h) runs one
 * TEE_BigInt* function per call and this process computes the same with
 * libcrypto's BIGNUM functions, its own implementation: every basic and
 * modular operation, division, inverse, extended GCD, exponentiation,
 * FMM, comparisons, shifts, bits and the prime test, with operands of
 * random sizes (up to 2000 bits) and signs.  test_internal_arith.c has
 * the chosen edge cases and the panics; this is the volume.
 *
 * The operands come from a fixed-seed generator (TEEBOX_ARITH_SEED
 * overrides the seed, printed first), so a failure can be replayed.
 * GP's semantics: division truncates toward zero, the remainder has the
 * dividend's sign (GP 1.3.1 8.7.3); modular results are in [0, n)
 * (8.8); a shift keeps the sign and shifts the magnitude (8.6.4).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/bn.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/arith/ta_test_arith_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define BUF_MAX 4200
#define ROUNDS	24

static struct harness tb;
static TEEC_Context ctx;
static TEEC_Session sess;
static const TEEC_UUID arith_uuid = TA_TEST_ARITH_UUID;
static BN_CTX *bc;
static uint64_t rng;

static int start(void **state)
{
	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &sess, &arith_uuid, TEEC_LOGIN_PUBLIC, NULL);
	return 0;
}

static int stop(void **state)
{
	(void)state;
	e2e_close(&ctx, &sess);
	harness_stop_ok(&tb);
	return 0;
}

/* xorshift64*: reproducible from the seed, unlike BN_rand(). */
static uint32_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 0x2545F4914F6CDD1DULL) >> 32);
}

/* A random number of 1..@max_bits bits (exactly @max_bits if @exact),
 * negative half the time if @sign. */
static BIGNUM *rand_bn(int max_bits, bool exact, bool sign)
{
	int bits = exact ? max_bits : 1 + (int)(rnd() % (uint32_t)max_bits);
	uint8_t buf[BUF_MAX / 2];
	size_t n = ((size_t)bits + 7) / 8;
	BIGNUM *bn;

	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)rnd();
	bn = BN_bin2bn(buf, (int)n, NULL);
	assert_non_null(bn);
	(void)BN_mask_bits(bn, bits); /* 0 when nothing is above */
	assert_true(BN_set_bit(bn, bits - 1));
	if (sign && rnd() & 1)
		BN_set_negative(bn, 1);
	return bn;
}

/* Appends @bn as a record (sign, length, big-endian magnitude). */
static void put_bn(uint8_t *buf, size_t *off, const BIGNUM *bn)
{
	uint32_t rec[2] = {(uint32_t)BN_is_negative(bn),
			   (uint32_t)BN_num_bytes(bn)};

	assert_true(*off + TA_TEST_ARITH_REC + rec[1] <= BUF_MAX);
	memcpy(buf + *off, rec, sizeof(rec));
	BN_bn2bin(bn, buf + *off + TA_TEST_ARITH_REC);
	*off += TA_TEST_ARITH_REC + rec[1];
}

/**
 * struct call - one TA call: operands in, results and values out
 * @r:		the results (up to three), or NULL
 * @nr:		how many came back
 * @out_a, @out_b: [3]'s values after the call
 */
struct call {
	BIGNUM *r[3];
	int nr;
	uint32_t out_a, out_b;
};

/* Runs @op on @a, @b, @n (NULL: absent) with small args @in_a, @in_b. */
static void run(uint32_t op, const BIGNUM *a, const BIGNUM *b, const BIGNUM *n,
		uint32_t in_a, uint32_t in_b, struct call *c)
{
	static uint8_t in[BUF_MAX], out[BUF_MAX];
	const BIGNUM *ops[3] = {a, b, n};
	TEEC_Operation o = {0};
	size_t len = 0, off = 0;

	for (int k = 0; k < 3; k++)
		if (ops[k])
			put_bn(in, &len, ops[k]);
	o.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT);
	o.params[0].tmpref = (TEEC_TempMemoryReference){in, len};
	o.params[1].value.a = op;
	o.params[2].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	o.params[3].value.a = in_a;
	o.params[3].value.b = in_b;
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_TEST_ARITH_CMD_RUN, &o, NULL),
		TEEC_SUCCESS);
	memset(c, 0, sizeof(*c));
	len = o.params[2].tmpref.size;
	while (off < len && c->nr < 3) {
		uint32_t rec[2];

		assert_true(len - off >= sizeof(rec));
		memcpy(rec, out + off, sizeof(rec));
		off += sizeof(rec);
		assert_true(rec[1] <= len - off);
		c->r[c->nr] = BN_bin2bn(out + off, (int)rec[1], NULL);
		BN_set_negative(c->r[c->nr], (int)rec[0]);
		off += rec[1];
		c->nr++;
	}
	c->out_a = o.params[3].value.a;
	c->out_b = o.params[3].value.b;
}

static void done(struct call *c)
{
	for (int i = 0; i < c->nr; i++)
		BN_free(c->r[i]);
}

/* Result @i of @c equals @want; names the operation when it does not. */
static void expect(const struct call *c, int i, const BIGNUM *want,
		   const char *what)
{
	char *got, *exp;

	assert_true(i < c->nr);
	if (!BN_cmp(c->r[i], want))
		return;
	got = BN_bn2hex(c->r[i]);
	exp = BN_bn2hex(want);
	fail_msg("%s: TA %s, libcrypto %s", what, got, exp);
}

#define OP(x) TA_TEST_ARITH_OP_##x

/* +, -, *, square, negation; division with its remainder. */
static void test_basic_and_division_match_bn(void **state)
{
	BIGNUM *w = BN_new(), *q = BN_new(), *rm = BN_new();
	struct call c;

	(void)state;
	for (int i = 0; i < ROUNDS; i++) {
		BIGNUM *a = rand_bn(2000, false, true);
		BIGNUM *b = rand_bn(i % 3 ? 1100 : 64, false, true);

		run(OP(ADD), a, b, NULL, 0, 0, &c);
		assert_true(BN_add(w, a, b));
		expect(&c, 0, w, "a + b");
		done(&c);
		run(OP(SUB), a, b, NULL, 0, 0, &c);
		assert_true(BN_sub(w, a, b));
		expect(&c, 0, w, "a - b");
		done(&c);
		run(OP(MUL), a, b, NULL, 0, 0, &c);
		assert_true(BN_mul(w, a, b, bc));
		expect(&c, 0, w, "a * b");
		done(&c);
		run(OP(SQUARE), b, NULL, NULL, 0, 0, &c);
		assert_true(BN_sqr(w, b, bc));
		expect(&c, 0, w, "b^2");
		done(&c);
		run(OP(NEG), a, NULL, NULL, 0, 0, &c);
		assert_non_null(BN_copy(w, a));
		BN_set_negative(w, !BN_is_negative(a));
		expect(&c, 0, w, "-a");
		done(&c);
		/* BN_div truncates toward zero, as GP's TEE_BigIntDiv */
		run(OP(DIV), a, b, NULL, 0, 0, &c);
		assert_true(BN_div(q, rm, a, b, bc));
		expect(&c, 0, q, "a / b");
		expect(&c, 1, rm, "a % b");
		done(&c);
		BN_free(a);
		BN_free(b);
	}
	BN_free(w);
	BN_free(q);
	BN_free(rm);
}

/* mod, addmod, submod, mulmod, squaremod, invmod, expmod and FMM. */
static void test_modular_match_bn(void **state)
{
	BIGNUM *w = BN_new(), *g = BN_new(), *ar = BN_new(), *br = BN_new();
	struct call c;

	(void)state;
	for (int i = 0; i < ROUNDS; i++) {
		BIGNUM *a = rand_bn(1500, false, true);
		BIGNUM *b = rand_bn(1500, false, true);
		BIGNUM *n = rand_bn(1021, false, false);

		if (BN_is_one(n) || BN_is_zero(n))
			assert_true(BN_add_word(n, 2));
		run(OP(MOD), a, NULL, n, 0, 0, &c);
		assert_true(BN_nnmod(w, a, n, bc));
		expect(&c, 0, w, "a mod n");
		done(&c);
		/* the modular operations take operands already reduced */
		assert_true(BN_nnmod(ar, a, n, bc) && BN_nnmod(br, b, n, bc));
		run(OP(ADDMOD), ar, br, n, 0, 0, &c);
		assert_true(BN_mod_add(w, ar, br, n, bc));
		expect(&c, 0, w, "(a + b) mod n");
		done(&c);
		run(OP(SUBMOD), ar, br, n, 0, 0, &c);
		assert_true(BN_mod_sub(w, ar, br, n, bc));
		expect(&c, 0, w, "(a - b) mod n");
		done(&c);
		run(OP(MULMOD), ar, br, n, 0, 0, &c);
		assert_true(BN_mod_mul(w, ar, br, n, bc));
		expect(&c, 0, w, "(a * b) mod n");
		done(&c);
		run(OP(SQUAREMOD), ar, NULL, n, 0, 0, &c);
		assert_true(BN_mod_sqr(w, ar, n, bc));
		expect(&c, 0, w, "a^2 mod n");
		done(&c);
		assert_true(BN_gcd(g, ar, n, bc));
		if (BN_is_one(g)) {
			run(OP(INVMOD), ar, NULL, n, 0, 0, &c);
			assert_non_null(BN_mod_inverse(w, ar, n, bc));
			expect(&c, 0, w, "a^-1 mod n");
			done(&c);
		}
		/* exponentiation and FMM: odd moduli (OP-TEE's) */
		if (!BN_is_odd(n)) {
			assert_true(BN_add_word(n, 1));
			assert_true(BN_nnmod(ar, a, n, bc) &&
				    BN_nnmod(br, b, n, bc));
		}
		BN_set_negative(b, 0);
		run(OP(EXPMOD), ar, b, n, 0, 0, &c);
		assert_int_equal(c.out_a, TEEC_SUCCESS);
		assert_true(BN_mod_exp(w, ar, b, n, bc));
		expect(&c, 0, w, "a^b mod n");
		done(&c);
		run(OP(FMM), ar, br, n, 0, 0, &c);
		assert_true(BN_mod_mul(w, ar, br, n, bc));
		expect(&c, 0, w, "FMM a * b mod n");
		done(&c);
		BN_free(a);
		BN_free(b);
		BN_free(n);
	}
	BN_free(w);
	BN_free(g);
	BN_free(ar);
	BN_free(br);
}

/* Extended GCD (gcd = BN_gcd, u a + v b = gcd) and relative primality. */
static void test_gcd_match_bn(void **state)
{
	BIGNUM *g = BN_new(), *t = BN_new(), *t2 = BN_new();
	struct call c;

	(void)state;
	for (int i = 0; i < ROUNDS; i++) {
		BIGNUM *a = rand_bn(1200, false, true);
		BIGNUM *b = rand_bn(900, false, true);

		if (i % 4 == 0) { /* a common factor */
			BIGNUM *f = rand_bn(200, false, false);

			assert_true(BN_mul(a, a, f, bc) && BN_mul(b, b, f, bc));
			BN_free(f);
		}
		assert_true(BN_gcd(g, a, b, bc));
		run(OP(EXT_GCD), a, b, NULL, 0, 0, &c);
		expect(&c, 0, g, "gcd(a, b)");
		assert_int_equal(c.nr, 3);
		assert_true(BN_mul(t, c.r[1], a, bc));
		assert_true(BN_mul(t2, c.r[2], b, bc));
		assert_true(BN_add(t, t, t2));
		expect(&c, 0, t, "u a + v b");
		done(&c);
		run(OP(RELATIVE_PRIME), a, b, NULL, 0, 0, &c);
		assert_int_equal(c.out_a, BN_is_one(g));
		done(&c);
		BN_free(a);
		BN_free(b);
	}
	BN_free(g);
	BN_free(t);
	BN_free(t2);
}

/* Compare, shift right, bits; the prime test on primes libcrypto makes
 * and on their products. */
static void test_compare_bits_primes_match_bn(void **state)
{
	BIGNUM *w = BN_new();
	struct call c;

	(void)state;
	for (int i = 0; i < ROUNDS; i++) {
		BIGNUM *a = rand_bn(1500, false, true);
		BIGNUM *b = i % 5 ? rand_bn(1500, false, true) : BN_dup(a);
		uint32_t k = rnd() % 1600;
		int cmp = BN_cmp(a, b);

		run(OP(CMP), a, b, NULL, 0, 0, &c);
		assert_int_equal((int32_t)c.out_a > 0	? 1
				 : (int32_t)c.out_a < 0 ? -1
							: 0,
				 cmp > 0   ? 1
				 : cmp < 0 ? -1
					   : 0);
		done(&c);
		run(OP(SHIFT_RIGHT), a, NULL, NULL, k, 0, &c);
		assert_true(BN_rshift(w, a, (int)k));
		/* BN_rshift shifts the magnitude and keeps the sign, as GP */
		expect(&c, 0, w, "a >> k");
		done(&c);
		run(OP(BITS), a, NULL, NULL, k, 0, &c);
		assert_int_equal(c.out_a, BN_is_bit_set(a, (int)k) ? 1 : 0);
		assert_int_equal(c.out_b, BN_num_bits(a));
		done(&c);
		BN_free(a);
		BN_free(b);
	}
	for (int i = 0; i < 8; i++) {
		BIGNUM *p = BN_new(), *q = BN_new();
		int bits = 64 + (int)(rnd() % 448);

		assert_true(BN_generate_prime_ex(p, bits, 0, NULL, NULL, NULL));
		assert_true(BN_generate_prime_ex(q, 64, 0, NULL, NULL, NULL));
		run(OP(IS_PRIME), p, NULL, NULL, 80, 0, &c);
		assert_int_equal(c.out_a, 1);
		done(&c);
		assert_true(BN_mul(p, p, q, bc));
		run(OP(IS_PRIME), p, NULL, NULL, 80, 0, &c);
		assert_int_equal(c.out_a, 0);
		done(&c);
		BN_free(p);
		BN_free(q);
	}
	BN_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_basic_and_division_match_bn),
		cmocka_unit_test(test_modular_match_bn),
		cmocka_unit_test(test_gcd_match_bn),
		cmocka_unit_test(test_compare_bits_primes_match_bn),
	};
	const char *seed = getenv("TEEBOX_ARITH_SEED");
	int res;

	rng = seed ? strtoull(seed, NULL, 0) : 0x7eeb0c5eedULL;
	if (!rng)
		rng = 1;
	printf("TEEBOX_ARITH_SEED=0x%llx\n", (unsigned long long)rng);
	bc = BN_CTX_new();
	res = cmocka_run_group_tests(tests, start, stop);
	BN_CTX_free(bc);
	return res;
}
