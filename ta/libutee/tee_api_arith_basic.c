// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: basic arithmetic (GP
 * 8.6).  A result that does not fit its destination panics.
 */
#include <tee_internal_api.h>

#include "tee_arith_internal.h"

/* An OpenSSL binary operation in one shape: r = f(a, b). */
typedef int (*bn_binop)(BIGNUM *r, const BIGNUM *a, const BIGNUM *b,
			BN_CTX *ctx);

static int bn_add(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, BN_CTX *ctx)
{
	(void)ctx;
	return BN_add(r, a, b);
}

static int bn_sub(BIGNUM *r, const BIGNUM *a, const BIGNUM *b, BN_CTX *ctx)
{
	(void)ctx;
	return BN_sub(r, a, b);
}

/* @dest = @op(@op1, @op2); the operands are read before @dest is written. */
static void binop(TEE_BigInt *dest, const TEE_BigInt *op1,
		  const TEE_BigInt *op2, bn_binop op, const char *what)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	BIGNUM *r = arith_new();
	BN_CTX *ctx = arith_ctx();

	arith_check(op(r, a, b, ctx), what);
	arith_put(dest, r);
	BN_CTX_free(ctx);
	BN_free(r);
	BN_free(b);
	BN_free(a);
}

void TEE_BigIntAdd(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2)
{
	binop(dest, op1, op2, bn_add, "BN_add");
}

void TEE_BigIntSub(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2)
{
	binop(dest, op1, op2, bn_sub, "BN_sub");
}

void TEE_BigIntMul(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2)
{
	binop(dest, op1, op2, BN_mul, "BN_mul");
}

void TEE_BigIntSquare(TEE_BigInt *dest, const TEE_BigInt *op)
{
	binop(dest, op, op, BN_mul, "BN_mul");
}

void TEE_BigIntNeg(TEE_BigInt *dest, const TEE_BigInt *op)
{
	BIGNUM *a = arith_get(op);

	BN_set_negative(a, !BN_is_negative(a));
	arith_put(dest, a);
	BN_free(a);
}

void TEE_BigIntDiv(TEE_BigInt *dest_q, TEE_BigInt *dest_r,
		   const TEE_BigInt *op1, const TEE_BigInt *op2)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	BIGNUM *q = arith_new();
	BIGNUM *r = arith_new();
	BN_CTX *ctx = arith_ctx();

	if (BN_is_zero(b))
		arith_panic("division by zero");
	/* BN_div truncates toward zero: r takes a's sign, as GP wants. */
	arith_check(BN_div(q, r, a, b, ctx), "BN_div");
	if (dest_q)
		arith_put(dest_q, q);
	if (dest_r)
		arith_put(dest_r, r);
	BN_CTX_free(ctx);
	BN_free(r);
	BN_free(q);
	BN_free(b);
	BN_free(a);
}
