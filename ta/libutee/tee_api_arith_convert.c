// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: converter functions
 * (GP 8.4): octet strings (big-endian magnitude, sign apart) and int32.
 */
#include <limits.h>

#include <tee_internal_api.h>

#include "tee_arith_internal.h"

TEE_Result TEE_BigIntConvertFromOctetString(TEE_BigInt *dest,
					    const uint8_t *buffer,
					    size_t bufferLen, int32_t sign)
{
	TEE_Result res;
	BIGNUM *bn;

	if ((!buffer && bufferLen) || bufferLen > INT_MAX)
		arith_panic("bad buffer");
	bn = BN_bin2bn(buffer, (int)bufferLen, NULL);
	if (!bn)
		arith_panic("out of memory");
	BN_set_negative(bn, sign < 0);
	res = arith_store(dest, bn);
	BN_free(bn);
	return res;
}

TEE_Result TEE_BigIntConvertToOctetString(uint8_t *buffer, size_t *bufferLen,
					  const TEE_BigInt *bigInt)
{
	BIGNUM *bn = arith_get(bigInt);
	size_t len = (size_t)BN_num_bytes(bn);
	TEE_Result res = TEE_SUCCESS;

	if (!bufferLen)
		arith_panic("NULL length");
	if (*bufferLen < len)
		res = TEE_ERROR_SHORT_BUFFER;
	else if (len && !buffer)
		arith_panic("NULL buffer");
	else
		BN_bn2bin(bn, buffer);
	*bufferLen = len;
	BN_free(bn);
	return res;
}

void TEE_BigIntConvertFromS32(TEE_BigInt *dest, int32_t shortVal)
{
	BIGNUM *bn = arith_new();
	/* |INT32_MIN| is no int32_t: go through 64 bits. */
	uint64_t mag = shortVal < 0 ? (uint64_t)(-(int64_t)shortVal)
				    : (uint64_t)shortVal;

	arith_check(BN_set_word(bn, (BN_ULONG)mag), "BN_set_word");
	BN_set_negative(bn, shortVal < 0);
	arith_put(dest, bn);
	BN_free(bn);
}

TEE_Result TEE_BigIntConvertToS32(int32_t *dest, const TEE_BigInt *src)
{
	BIGNUM *bn = arith_get(src);
	TEE_Result res = TEE_ERROR_OVERFLOW;
	uint64_t mag;

	if (!dest)
		arith_panic("NULL destination");
	/* Magnitudes up to 2^31 (INT32_MIN's) have at most 32 bits. */
	if (BN_num_bits(bn) <= 32) {
		mag = BN_get_word(bn);
		if (!BN_is_negative(bn) && mag <= INT32_MAX) {
			*dest = (int32_t)mag;
			res = TEE_SUCCESS;
		} else if (BN_is_negative(bn) &&
			   mag <= (uint64_t)INT32_MAX + 1) {
			*dest = (int32_t)(-(int64_t)mag);
			res = TEE_SUCCESS;
		}
	}
	BN_free(bn);
	return res;
}
