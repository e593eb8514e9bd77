// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: modular arithmetic (GP
 * 8.7).  Results are in [0, n); the operands may be anything (negative,
 * or n and larger).  A modulus below 2 panics, as in OP-TEE.
 */
#include <tee_internal_api.h>

#include "tee_arith_internal.h"

/* An OpenSSL modular operation in one shape: r = f(a, b) mod m. */
typedef int (*bn_modop)(BIGNUM *r, const BIGNUM *a, const BIGNUM *b,
			const BIGNUM *m, BN_CTX *ctx);

/* The modulus @n as a BIGNUM; panics when it is below @min. */
static BIGNUM *get_modulus(const TEE_BigInt *n, int min)
{
	BIGNUM *m = arith_get(n);
	BIGNUM *lo = arith_new();

	arith_check(BN_set_word(lo, (BN_ULONG)min), "BN_set_word");
	if (BN_cmp(m, lo) < 0)
		arith_panic("modulus out of range");
	BN_free(lo);
	return m;
}

/* @dest = @op(@op1, @op2) mod @n, @n >= @min. */
static void modop(TEE_BigInt *dest, const TEE_BigInt *op1,
		  const TEE_BigInt *op2, const TEE_BigInt *n, int min,
		  bn_modop op, const char *what)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	BIGNUM *m = get_modulus(n, min);
	BIGNUM *r = arith_new();
	BN_CTX *ctx = arith_ctx();

	arith_check(op(r, a, b, m, ctx), what);
	arith_put(dest, r);
	BN_CTX_free(ctx);
	BN_free(r);
	BN_free(m);
	BN_free(b);
	BN_free(a);
}

/* a mod m, in the shape of bn_modop (b unused). */
static int bn_mod(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, const BIGNUM *m,
		  BN_CTX *ctx)
{
	(void)b;
	return BN_nnmod(r, a, m, ctx);
}

void arith_mod(TEE_BigInt *dest, const TEE_BigInt *op, const TEE_BigInt *n,
	       int min)
{
	modop(dest, op, op, n, min, bn_mod, "BN_nnmod");
}

void arith_mul_mod(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2, const TEE_BigInt *n, int min)
{
	modop(dest, op1, op2, n, min, BN_mod_mul, "BN_mod_mul");
}

void TEE_BigIntMod(TEE_BigInt *dest, const TEE_BigInt *op, const TEE_BigInt *n)
{
	arith_mod(dest, op, n, 2);
}

void TEE_BigIntAddMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n)
{
	modop(dest, op1, op2, n, 2, BN_mod_add, "BN_mod_add");
}

void TEE_BigIntSubMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n)
{
	modop(dest, op1, op2, n, 2, BN_mod_sub, "BN_mod_sub");
}

void TEE_BigIntMulMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n)
{
	arith_mul_mod(dest, op1, op2, n, 2);
}

void TEE_BigIntSquareMod(TEE_BigInt *dest, const TEE_BigInt *op,
			 const TEE_BigInt *n)
{
	arith_mul_mod(dest, op, op, n, 2);
}

void TEE_BigIntInvMod(TEE_BigInt *dest, const TEE_BigInt *op,
		      const TEE_BigInt *n)
{
	BIGNUM *a = arith_get(op);
	BIGNUM *m = get_modulus(n, 2);
	BIGNUM *r = arith_new();
	BN_CTX *ctx = arith_ctx();

	if (BN_is_zero(a))
		arith_panic("zero has no inverse");
	if (!BN_mod_inverse(r, a, m, ctx))
		arith_panic("no inverse");
	arith_put(dest, r);
	BN_CTX_free(ctx);
	BN_free(r);
	BN_free(m);
	BN_free(a);
}

TEE_Result TEE_BigIntExpMod(TEE_BigInt *dest, const TEE_BigInt *op1,
			    const TEE_BigInt *op2, const TEE_BigInt *n,
			    const TEE_BigIntFMMContext *context)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *e = arith_get(op2);
	BIGNUM *m = get_modulus(n, 3);
	BIGNUM *r;
	BN_CTX *ctx;

	(void)context;
	/* OP-TEE's Montgomery code takes odd moduli only. */
	if (!BN_is_odd(m)) {
		BN_free(m);
		BN_free(e);
		BN_free(a);
		return TEE_ERROR_NOT_SUPPORTED;
	}
	if (BN_is_negative(e))
		arith_panic("negative exponent");
	r = arith_new();
	ctx = arith_ctx();
	arith_check(BN_mod_exp(r, a, e, m, ctx), "BN_mod_exp");
	arith_put(dest, r);
	BN_CTX_free(ctx);
	BN_free(r);
	BN_free(m);
	BN_free(e);
	BN_free(a);
	return TEE_SUCCESS;
}
