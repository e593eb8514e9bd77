// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: logical operations (GP
 * 8.5).  Bits are those of the magnitude, the sign kept apart, as in
 * OP-TEE: -3 >> 1 is -1, bit 0 of -1 is 1.
 */
#include <limits.h>

#include <tee_internal_api.h>

#include "tee_arith_internal.h"

int32_t TEE_BigIntCmp(const TEE_BigInt *op1, const TEE_BigInt *op2)
{
	BIGNUM *a = arith_get(op1);
	BIGNUM *b = arith_get(op2);
	int c = BN_cmp(a, b);

	BN_free(a);
	BN_free(b);
	return c < 0 ? -1 : c > 0;
}

int32_t TEE_BigIntCmpS32(const TEE_BigInt *op, int32_t shortVal)
{
	BIGNUM *a = arith_get(op);
	BIGNUM *b = arith_new();
	uint64_t mag = shortVal < 0 ? (uint64_t)(-(int64_t)shortVal)
				    : (uint64_t)shortVal;
	int c;

	arith_check(BN_set_word(b, (BN_ULONG)mag), "BN_set_word");
	BN_set_negative(b, shortVal < 0);
	c = BN_cmp(a, b);
	BN_free(a);
	BN_free(b);
	return c < 0 ? -1 : c > 0;
}

void TEE_BigIntShiftRight(TEE_BigInt *dest, const TEE_BigInt *op, size_t bits)
{
	BIGNUM *a = arith_get(op);

	/* Past the last bit everything is gone. */
	if (bits >= (size_t)BN_num_bits(a))
		BN_zero(a);
	else
		arith_check(BN_rshift(a, a, (int)bits), "BN_rshift");
	arith_put(dest, a);
	BN_free(a);
}

bool TEE_BigIntGetBit(const TEE_BigInt *src, uint32_t bitIndex)
{
	BIGNUM *a = arith_get(src);
	bool bit = bitIndex <= INT_MAX && BN_is_bit_set(a, (int)bitIndex);

	BN_free(a);
	return bit;
}

uint32_t TEE_BigIntGetBitCount(const TEE_BigInt *src)
{
	BIGNUM *a = arith_get(src);
	uint32_t n = (uint32_t)BN_num_bits(a);

	BN_free(a);
	return n;
}

TEE_Result TEE_BigIntSetBit(TEE_BigInt *op, uint32_t bitIndex, bool value)
{
	BIGNUM *a = arith_get(op);
	TEE_Result res = TEE_SUCCESS;

	if (value) {
		/* Beyond any TEE_BigIntInit() capacity: it cannot fit. */
		if (bitIndex >= TEE_ARITH_MAX_CAPACITY_BITS)
			res = TEE_ERROR_OVERFLOW;
		else
			arith_check(BN_set_bit(a, (int)bitIndex), "BN_set_bit");
	} else if (bitIndex < (uint32_t)BN_num_bits(a)) {
		arith_check(BN_clear_bit(a, (int)bitIndex), "BN_clear_bit");
	}
	if (!res)
		res = arith_store(op, a);
	BN_free(a);
	return res;
}

TEE_Result TEE_BigIntAssign(TEE_BigInt *dest, const TEE_BigInt *src)
{
	BIGNUM *a = arith_get(src);
	TEE_Result res = arith_store(dest, a);

	BN_free(a);
	return res;
}

TEE_Result TEE_BigIntAbs(TEE_BigInt *dest, const TEE_BigInt *src)
{
	BIGNUM *a = arith_get(src);
	TEE_Result res;

	BN_set_negative(a, 0);
	res = arith_store(dest, a);
	BN_free(a);
	return res;
}
