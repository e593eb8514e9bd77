/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_arith: one command that runs one TEE_BigInt* function, so that
 * a client can check the Arithmetical API case by case.
 *
 * TA_TEST_ARITH_CMD_RUN:
 *  [0] MEMREF_INPUT	the operands, each a record (TA_TEST_ARITH_REC)
 *  [1] VALUE_INPUT	a = TA_TEST_ARITH_OP_* (| TA_TEST_ARITH_IN_PLACE:
 *			the first result goes into the first operand's
 *			buffer), b = the destinations' size in bits (0:
 *			TA_TEST_ARITH_DEFAULT_BITS)
 *  [2] MEMREF_OUTPUT	the results, records again
 *  [3] VALUE_INOUT	in: a, b small arguments (bit index, shift, level,
 *			an int32, a buffer length); out: a = the function's
 *			TEE_Result or int result, b = a second one
 * A function that panics makes the call fail with TEE_ERROR_TARGET_DEAD.
 *
 * A record: a u32 sign (0 non-negative, 1 negative), a u32 length n,
 * then n bytes of magnitude, big-endian; native-endian u32s.
 */
#ifndef TA_TEST_ARITH_CMDS_H
#define TA_TEST_ARITH_CMDS_H

#define TA_TEST_ARITH_CMD_RUN 0

#define TA_TEST_ARITH_DEFAULT_BITS 4096
#define TA_TEST_ARITH_REC	   8 /* bytes before the magnitude */
#define TA_TEST_ARITH_IN_PLACE	   0x100U

enum ta_test_arith_op {
	/* r = a + b, a - b, a * b, a * a, -a */
	TA_TEST_ARITH_OP_ADD = 1,
	TA_TEST_ARITH_OP_SUB = 2,
	TA_TEST_ARITH_OP_MUL = 3,
	TA_TEST_ARITH_OP_SQUARE = 4,
	TA_TEST_ARITH_OP_NEG = 5,
	/* q, r = a / b */
	TA_TEST_ARITH_OP_DIV = 6,
	/* r = a mod n; (a + b), (a - b), (a * b) mod n; a^2 mod n */
	TA_TEST_ARITH_OP_MOD = 7,
	TA_TEST_ARITH_OP_ADDMOD = 8,
	TA_TEST_ARITH_OP_SUBMOD = 9,
	TA_TEST_ARITH_OP_MULMOD = 10,
	TA_TEST_ARITH_OP_SQUAREMOD = 11,
	/* r = a^-1 mod n */
	TA_TEST_ARITH_OP_INVMOD = 12,
	/* r = a^b mod n; out a = TEE_Result */
	TA_TEST_ARITH_OP_EXPMOD = 13,
	/* gcd, u, v of a, b */
	TA_TEST_ARITH_OP_EXT_GCD = 14,
	/* out a = TEE_BigIntRelativePrime(a, b) */
	TA_TEST_ARITH_OP_RELATIVE_PRIME = 15,
	/* out a = TEE_BigIntIsProbablePrime(a, in a) */
	TA_TEST_ARITH_OP_IS_PRIME = 16,
	/* out a = TEE_BigIntCmp(a, b), b = TEE_BigIntCmpS32(a, in a) */
	TA_TEST_ARITH_OP_CMP = 17,
	/* r = a >> in a */
	TA_TEST_ARITH_OP_SHIFT_RIGHT = 18,
	/* out a = TEE_BigIntGetBit(a, in a), b = TEE_BigIntGetBitCount(a) */
	TA_TEST_ARITH_OP_BITS = 19,
	/* r = a with bit in a set to in b; out a = TEE_Result */
	TA_TEST_ARITH_OP_SET_BIT = 20,
	/* r = a, |a|; out a, b = their TEE_Results */
	TA_TEST_ARITH_OP_ASSIGN_ABS = 21,
	/*
	 * TEE_BigIntConvertFromOctetString(r, a's bytes, a's sign);
	 * out a = its TEE_Result
	 */
	TA_TEST_ARITH_OP_FROM_OCTETS = 22,
	/*
	 * TEE_BigIntConvertToOctetString(a) into in a bytes; out a = its
	 * TEE_Result, b = the length it gives back; r = the bytes (as a
	 * positive record) on success
	 */
	TA_TEST_ARITH_OP_TO_OCTETS = 23,
	/* r = TEE_BigIntConvertFromS32(in a); out a = ConvertToS32 result */
	TA_TEST_ARITH_OP_FROM_S32 = 24,
	/* out a = TEE_BigIntConvertToS32(a)'s result, b = the int32 */
	TA_TEST_ARITH_OP_TO_S32 = 25,
	/* r = FromFMM(ComputeFMM(ToFMM(a), ToFMM(b), n)) */
	TA_TEST_ARITH_OP_FMM = 26,
	/* TEE_BigIntInit(in a words); r = the words raw (a's layout) */
	TA_TEST_ARITH_OP_INIT = 27,
	/* r = a's words as TEE_BigInt holds them, a TEE_BigIntSizeInU32(in
	 * a) array; out a = the size macros: SizeInU32(in a) | FMMSize <<
	 * 16, b = FMMContextSizeInU32 */
	TA_TEST_ARITH_OP_LAYOUT = 28,
};

#endif
