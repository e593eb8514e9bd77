// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API: the memory representation
 * and its initialisation (GP 8.2, 8.3).
 *
 * A TEE_BigInt is laid out as OP-TEE lays it out, so that a TA that
 * allocates TEE_BigIntSizeInU32(bits) words, or looks inside, sees what
 * it would see on OP-TEE:
 *
 *   bytes 0-3   int32_t sign, +1 or -1 (+1 for zero)
 *   bytes 4-5   uint16_t alloc_size: limb capacity, len - 2, fixed by
 *		 TEE_BigIntInit()
 *   bytes 6-7   uint16_t nblimbs: limbs in use, no leading zero limb
 *   words 2..   uint32_t limbs, least significant first, native order
 *
 * Only little-endian hosts are supported (as by OP-TEE): the limbs are
 * then the magnitude's little-endian byte string, which is what
 * BN_lebin2bn() and BN_bn2lebinpad() read and write.
 */
#include <string.h>

#include <tee_internal_api.h>

#include "tee_arith_internal.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "TEE_BigInt limbs are read as little-endian bytes"
#endif

/* Words of the header (sign, alloc_size, nblimbs). */
#define HDR_WORDS 2

/**
 * struct bigint_hdr - the first two words of a TEE_BigInt
 * @sign:	+1 or -1
 * @alloc_size:	limbs the value may use
 * @nblimbs:	limbs it uses
 */
struct bigint_hdr {
	int32_t sign;
	uint16_t alloc_size;
	uint16_t nblimbs;
};

_Static_assert(sizeof(struct bigint_hdr) == HDR_WORDS * sizeof(uint32_t),
	       "TEE_BigInt header is OP-TEE's");

/* The header is read and written by copy: TEE_BigInt is uint32_t. */
static struct bigint_hdr hdr_read(const TEE_BigInt *b)
{
	struct bigint_hdr h;

	memcpy(&h, b, sizeof(h));
	return h;
}

void arith_panic_at(const char *func, const char *why)
{
	EMSG("%s: %s", func, why);
	TEE_Panic(TEE_ARITH_PANIC_CODE);
}

BIGNUM *arith_new(void)
{
	BIGNUM *bn = BN_new();

	if (!bn)
		arith_panic("out of memory");
	return bn;
}

BN_CTX *arith_ctx(void)
{
	BN_CTX *ctx = BN_CTX_new();

	if (!ctx)
		arith_panic("out of memory");
	return ctx;
}

BIGNUM *arith_get(const TEE_BigInt *b)
{
	struct bigint_hdr h;
	BIGNUM *bn;

	if (!b)
		arith_panic("NULL big integer");
	h = hdr_read(b);
	if (h.nblimbs > h.alloc_size || (h.sign != 1 && h.sign != -1))
		arith_panic("not an initialised big integer");
	bn = BN_lebin2bn((const unsigned char *)(b + HDR_WORDS),
			 (int)(h.nblimbs * sizeof(uint32_t)), NULL);
	if (!bn)
		arith_panic("out of memory");
	BN_set_negative(bn, h.sign < 0);
	return bn;
}

TEE_Result arith_store(TEE_BigInt *dst, const BIGNUM *bn)
{
	struct bigint_hdr h;
	size_t limbs = ((size_t)BN_num_bytes(bn) + 3) / 4;

	if (!dst)
		arith_panic("NULL big integer");
	h = hdr_read(dst);
	if (limbs > h.alloc_size)
		return TEE_ERROR_OVERFLOW;
	/* Unused limbs are zeroed, as a fresh TEE_BigIntInit() leaves them. */
	if (BN_bn2lebinpad(bn, (unsigned char *)(dst + HDR_WORDS),
			   (int)(h.alloc_size * sizeof(uint32_t))) < 0)
		arith_panic("cannot write the limbs");
	h.sign = BN_is_negative(bn) ? -1 : 1;
	h.nblimbs = (uint16_t)limbs;
	memcpy(dst, &h, sizeof(h));
	return TEE_SUCCESS;
}

void arith_put(TEE_BigInt *dst, const BIGNUM *bn)
{
	if (arith_store(dst, bn))
		arith_panic("result does not fit the destination");
}

void TEE_BigIntInit(TEE_BigInt *bigInt, size_t len)
{
	struct bigint_hdr h = {.sign = 1};

	/* OP-TEE's bound: four times the words of the largest size. */
	if (!bigInt || len < HDR_WORDS || len > TEE_ARITH_MAX_BITS / 4)
		arith_panic("bad length");
	h.alloc_size = (uint16_t)(len - HDR_WORDS);
	memset(bigInt, 0, len * sizeof(uint32_t));
	memcpy(bigInt, &h, sizeof(h));
}

void TEE_BigIntInitFMM(TEE_BigIntFMM *bigIntFMM, size_t len)
{
	TEE_BigIntInit(bigIntFMM, len);
}

size_t TEE_BigIntFMMSizeInU32(size_t modulusSizeInBits)
{
	return TEE_BigIntSizeInU32(modulusSizeInBits);
}

/* The FMM functions compute as the others: no context is kept. */
size_t TEE_BigIntFMMContextSizeInU32(size_t modulusSizeInBits)
{
	(void)modulusSizeInBits;
	return 1;
}

void TEE_BigIntInitFMMContext(TEE_BigIntFMMContext *context, size_t len,
			      const TEE_BigInt *modulus)
{
	(void)context;
	(void)len;
	(void)modulus;
}

TEE_Result TEE_BigIntInitFMMContext1(TEE_BigIntFMMContext *context, size_t len,
				     const TEE_BigInt *modulus)
{
	TEE_BigIntInitFMMContext(context, len, modulus);
	return TEE_SUCCESS;
}
