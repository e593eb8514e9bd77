/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the Arithmetical API's files (tee_api_arith_*.c) share: moving a
 * TEE_BigInt in and out of an OpenSSL BIGNUM, where all the computing is
 * done, and the panic every misuse ends in.
 *
 * The BIGNUMs live on the C heap for the length of one call; the TA's
 * TEE_BigInt buffers are read once at the start of a call and written
 * once at its end, which is what lets a destination be an operand.
 */
#ifndef TEE_ARITH_INTERNAL_H
#define TEE_ARITH_INTERNAL_H

#include <openssl/bn.h>

#include <tee_api_types.h>

/* OP-TEE's panic code for the Arithmetical API ("BIGINT"). */
#define TEE_ARITH_PANIC_CODE 0x00B16127U

/* CFG_TA_BIGNUM_MAX_BITS: gpd.tee.arith.maxBigIntSize. */
#define TEE_ARITH_MAX_BITS 2048U

/*
 * The most bits a TEE_BigInt holds: TEE_BigIntInit() accepts up to
 * TEE_ARITH_MAX_BITS / 4 words (OP-TEE's bound), two of them the header.
 */
#define TEE_ARITH_MAX_CAPACITY_BITS ((TEE_ARITH_MAX_BITS / 4 - 2) * 32)

/**
 * arith_panic() - end the TA instance with TEE_ARITH_PANIC_CODE
 * @why:	logged (EMSG) with the caller's name, for the TA's author
 */
#define arith_panic(why) arith_panic_at(__func__, why)

/** arith_panic_at() - what arith_panic() expands to. */
void arith_panic_at(const char *func, const char *why)
	__attribute__((noreturn));

/**
 * arith_get() - a new BIGNUM holding @b's value
 * Panics when @b's header is not one TEE_BigIntInit() could have made or
 * memory runs out.  The caller frees it (BN_free).
 */
BIGNUM *arith_get(const TEE_BigInt *b);

/** arith_new() - a new BIGNUM holding 0; panics when memory runs out. */
BIGNUM *arith_new(void);

/** arith_ctx() - a new BN_CTX; panics when memory runs out. */
BN_CTX *arith_ctx(void);

/**
 * arith_store() - write @bn into @dst
 * Return: TEE_SUCCESS, or TEE_ERROR_OVERFLOW when it needs more limbs
 * than @dst has (then @dst is unchanged).
 */
TEE_Result arith_store(TEE_BigInt *dst, const BIGNUM *bn);

/** arith_put() - arith_store(), panicking when @bn does not fit. */
void arith_put(TEE_BigInt *dst, const BIGNUM *bn);

/**
 * arith_mod() - @dest = @op mod @n, in [0, @n) (tee_api_arith_mod.c)
 * @min:	the smallest modulus allowed; a smaller one panics
 */
void arith_mod(TEE_BigInt *dest, const TEE_BigInt *op, const TEE_BigInt *n,
	       int min);

/**
 * arith_mul_mod() - @dest = @op1 * @op2 mod @n, in [0, @n)
 * (tee_api_arith_mod.c)
 * @min:	the smallest modulus allowed; a smaller one panics
 */
void arith_mul_mod(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2, const TEE_BigInt *n, int min);

/**
 * arith_check() - panic unless an OpenSSL call succeeded (@ok = 1)
 * @what:	the call, for the log
 */
#define arith_check(ok, what)                                                  \
	do {                                                                   \
		if ((ok) != 1)                                                 \
			arith_panic(what);                                     \
	} while (0)

#endif /* TEE_ARITH_INTERNAL_H */
