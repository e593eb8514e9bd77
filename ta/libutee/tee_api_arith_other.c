// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: other arithmetic (GP
 * 8.8): relative primality, the extended GCD and prime testing.
 */
#include <tee_internal_api.h>

#include "tee_arith_internal.h"

/* OP-TEE tests primes to at least this confidence level. */
#define MIN_CONFIDENCE 80U
/* BN_check_prime()'s error bound for any input, in bits (64+ rounds). */
#define CHECK_PRIME_BITS 128U

bool TEE_BigIntRelativePrime(const TEE_BigInt *op1, const TEE_BigInt *op2)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	BIGNUM *g = arith_new();
	BN_CTX *ctx = arith_ctx();
	bool one;

	arith_check(BN_gcd(g, a, b, ctx), "BN_gcd");
	one = BN_is_one(g);
	BN_CTX_free(ctx);
	BN_free(g);
	BN_free(b);
	BN_free(a);
	return one;
}

/*
 * (x0, x1) = (x1, x0 - q * x1): one step of the Euclidean sequences,
 * @t scratch.
 */
static void euclid_step(BIGNUM *x0, BIGNUM *x1, const BIGNUM *q, BIGNUM *t,
			BN_CTX *ctx)
{
	arith_check(BN_mul(t, q, x1, ctx), "BN_mul");
	arith_check(BN_sub(t, x0, t), "BN_sub");
	BN_swap(x0, x1);
	BN_swap(x1, t);
}

/*
 * The extended Euclidean algorithm on |a|, |b| (@r0, @r1 on entry):
 * leaves gcd in @r0 and Bezout coefficients of |a|, |b| in @s0, @t0.
 */
static void extended_euclid(BIGNUM *r0, BIGNUM *r1, BIGNUM *s0, BIGNUM *t0,
			    BN_CTX *ctx)
{
	BIGNUM *s1 = arith_new(), *t1 = arith_new();
	BIGNUM *q = arith_new(), *t = arith_new();

	BN_one(s0);
	BN_zero(s1);
	BN_zero(t0);
	BN_one(t1);
	while (!BN_is_zero(r1)) {
		arith_check(BN_div(q, NULL, r0, r1, ctx), "BN_div");
		euclid_step(r0, r1, q, t, ctx);
		euclid_step(s0, s1, q, t, ctx);
		euclid_step(t0, t1, q, t, ctx);
	}
	BN_free(t);
	BN_free(q);
	BN_free(t1);
	BN_free(s1);
}

void TEE_BigIntComputeExtendedGcd(TEE_BigInt *gcd, TEE_BigInt *u, TEE_BigInt *v,
				  const TEE_BigInt *op1, const TEE_BigInt *op2)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	BIGNUM *s = arith_new(), *t = arith_new();
	BN_CTX *ctx = arith_ctx();
	int a_neg = BN_is_negative(a), b_neg = BN_is_negative(b);

	BN_set_negative(a, 0);
	BN_set_negative(b, 0);
	extended_euclid(a, b, s, t, ctx);
	/* s|x| + t|y| = g, so the signs of x and y go to s and t. */
	if (a_neg)
		BN_set_negative(s, !BN_is_negative(s));
	if (b_neg)
		BN_set_negative(t, !BN_is_negative(t));
	arith_put(gcd, a);
	if (u)
		arith_put(u, s);
	if (v)
		arith_put(v, t);
	BN_CTX_free(ctx);
	BN_free(t);
	BN_free(s);
	BN_free(b);
	BN_free(a);
}

int32_t TEE_BigIntIsProbablePrime(const TEE_BigInt *op,
				  uint32_t confidenceLevel)
{
	BIGNUM *a = arith_get(op);
	BN_CTX *ctx = arith_ctx();
	uint32_t level = confidenceLevel > MIN_CONFIDENCE ? confidenceLevel
							  : MIN_CONFIDENCE;
	int prime = 1;

	BN_set_negative(a, 0);
	/* Each call runs fresh random rounds: errors multiply. */
	for (uint32_t done = 0; prime == 1 && done < level;
	     done += CHECK_PRIME_BITS)
		prime = BN_check_prime(a, ctx, NULL);
	if (prime < 0)
		arith_panic("BN_check_prime");
	BN_CTX_free(ctx);
	BN_free(a);
	return prime;
}
