// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: fast modular
 * multiplication (GP 8.9).  As in OP-TEE, the "FMM representation" of x
 * is x mod n itself: converting is a reduction, converting back a copy,
 * and the product an ordinary modular product.  A TA that follows GP
 * (convert, compute, convert back) cannot tell the difference.
 */
#include <tee_internal_api.h>

#include "tee_arith_internal.h"

void TEE_BigIntConvertToFMM(TEE_BigIntFMM *dest, const TEE_BigInt *src,
			    const TEE_BigInt *n,
			    const TEE_BigIntFMMContext *context)
{
	(void)context;
	arith_mod(dest, src, n, 2);
}

void TEE_BigIntConvertFromFMM(TEE_BigInt *dest, const TEE_BigIntFMM *src,
			      const TEE_BigInt *n,
			      const TEE_BigIntFMMContext *context)
{
	BIGNUM *a = arith_get(src);

	(void)n;
	(void)context;
	arith_put(dest, a);
	BN_free(a);
}

void TEE_BigIntComputeFMM(TEE_BigIntFMM *dest, const TEE_BigIntFMM *op1,
			  const TEE_BigIntFMM *op2, const TEE_BigInt *n,
			  const TEE_BigIntFMMContext *context)
{
	(void)context;
	arith_mul_mod(dest, op1, op2, n, 1);
}
