// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_arith: the Arithmetical API driven from a client, one function
 * per call (ta_test_arith_cmds.h).
 */
#include <string.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#include "ta_test_arith_cmds.h"

#define MAX_OPERANDS 3
#define MAX_RESULTS  3
/* An operand big enough for any call. */
#define MAX_BYTES (TA_TEST_ARITH_DEFAULT_BITS / 8)

/**
 * struct call - one TA_TEST_ARITH_CMD_RUN
 * @op:		the operands (TEE_Malloc'd)
 * @nop:	how many
 * @r:		the results (TEE_Malloc'd, @dest_words each)
 * @nr:		how many to send back
 * @dest_words:	TEE_BigIntSizeInU32 of the destination size
 * @arg:	[3]: small arguments in, results out
 */
struct call {
	TEE_BigInt *op[MAX_OPERANDS];
	size_t nop;
	TEE_BigInt *r[MAX_RESULTS];
	size_t nr;
	size_t dest_words;
	TEE_Param *arg;
};

static TEE_BigInt *new_bigint(size_t words)
{
	TEE_BigInt *b = TEE_Malloc(words * sizeof(TEE_BigInt), 0);

	if (b)
		TEE_BigIntInit(b, words);
	return b;
}

/* Reads the operand records of @buf into @c->op. */
static TEE_Result read_operands(struct call *c, const uint8_t *buf, size_t len,
				bool in_place)
{
	size_t off = 0;

	while (off < len) {
		uint32_t rec[2];
		size_t words;

		if (c->nop == MAX_OPERANDS || len - off < sizeof(rec))
			return TEE_ERROR_BAD_PARAMETERS;
		memcpy(rec, buf + off, sizeof(rec));
		off += sizeof(rec);
		if (rec[1] > len - off || rec[1] > MAX_BYTES)
			return TEE_ERROR_BAD_PARAMETERS;
		words = TEE_BigIntSizeInU32(rec[1] * 8);
		if (in_place && !c->nop && words < c->dest_words)
			words = c->dest_words;
		c->op[c->nop] = new_bigint(words);
		if (!c->op[c->nop])
			return TEE_ERROR_OUT_OF_MEMORY;
		if (TEE_BigIntConvertFromOctetString(c->op[c->nop++], buf + off,
						     rec[1], rec[0] ? -1 : 1))
			return TEE_ERROR_GENERIC;
		off += rec[1];
	}
	return TEE_SUCCESS;
}

/* Appends @b as a record to @out (*@off bytes used). */
static TEE_Result write_result(const TEE_BigInt *b, TEE_Param *out, size_t *off)
{
	uint32_t rec[2] = {TEE_BigIntCmpS32(b, 0) < 0, 0};
	uint8_t *dst = out->memref.buffer;
	size_t len;

	if (out->memref.size - *off < sizeof(rec))
		return TEE_ERROR_SHORT_BUFFER;
	len = out->memref.size - *off - sizeof(rec);
	if (TEE_BigIntConvertToOctetString(dst + *off + sizeof(rec), &len, b))
		return TEE_ERROR_SHORT_BUFFER;
	rec[1] = (uint32_t)len;
	memcpy(dst + *off, rec, sizeof(rec));
	*off += sizeof(rec) + len;
	return TEE_SUCCESS;
}

/* Raw words as a positive record (for the layout checks). */
static TEE_Result write_words(const TEE_BigInt *b, size_t words, TEE_Param *out,
			      size_t *off)
{
	uint32_t rec[2] = {0, (uint32_t)(words * sizeof(*b))};

	if (out->memref.size - *off < sizeof(rec) + rec[1])
		return TEE_ERROR_SHORT_BUFFER;
	memcpy((uint8_t *)out->memref.buffer + *off, rec, sizeof(rec));
	memcpy((uint8_t *)out->memref.buffer + *off + sizeof(rec), b, rec[1]);
	*off += sizeof(rec) + rec[1];
	return TEE_SUCCESS;
}

static TEE_BigInt *operand(struct call *c, size_t i)
{
	/* A missing operand is the client's mistake: fail loudly. */
	if (i >= c->nop)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	return c->op[i];
}

static void set_out(struct call *c, uint32_t a, uint32_t b)
{
	c->arg->value.a = a;
	c->arg->value.b = b;
}

/* The plain computations: r[0] (and r[1], r[2]) from the operands. */
static bool run_compute(struct call *c, uint32_t op)
{
	TEE_BigInt **r = c->r;

	switch (op) {
	case TA_TEST_ARITH_OP_ADD:
		TEE_BigIntAdd(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_SUB:
		TEE_BigIntSub(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_MUL:
		TEE_BigIntMul(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_SQUARE:
		TEE_BigIntSquare(r[0], operand(c, 0));
		break;
	case TA_TEST_ARITH_OP_NEG:
		TEE_BigIntNeg(r[0], operand(c, 0));
		break;
	case TA_TEST_ARITH_OP_DIV:
		TEE_BigIntDiv(r[0], r[1], operand(c, 0), operand(c, 1));
		c->nr = 2;
		break;
	case TA_TEST_ARITH_OP_SHIFT_RIGHT:
		TEE_BigIntShiftRight(r[0], operand(c, 0), c->arg->value.a);
		break;
	default:
		return false;
	}
	return true;
}

/* The modular computations. */
static bool run_modular(struct call *c, uint32_t op)
{
	TEE_BigInt **r = c->r;

	switch (op) {
	case TA_TEST_ARITH_OP_MOD:
		TEE_BigIntMod(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_ADDMOD:
		TEE_BigIntAddMod(r[0], operand(c, 0), operand(c, 1),
				 operand(c, 2));
		break;
	case TA_TEST_ARITH_OP_SUBMOD:
		TEE_BigIntSubMod(r[0], operand(c, 0), operand(c, 1),
				 operand(c, 2));
		break;
	case TA_TEST_ARITH_OP_MULMOD:
		TEE_BigIntMulMod(r[0], operand(c, 0), operand(c, 1),
				 operand(c, 2));
		break;
	case TA_TEST_ARITH_OP_SQUAREMOD:
		TEE_BigIntSquareMod(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_INVMOD:
		TEE_BigIntInvMod(r[0], operand(c, 0), operand(c, 1));
		break;
	case TA_TEST_ARITH_OP_EXPMOD:
		set_out(c,
			TEE_BigIntExpMod(r[0], operand(c, 0), operand(c, 1),
					 operand(c, 2), NULL),
			0);
		break;
	default:
		return false;
	}
	return true;
}

/* r = FromFMM(ComputeFMM(ToFMM(a), ToFMM(b))), the GP sequence. */
static TEE_Result run_fmm(struct call *c)
{
	const TEE_BigInt *n = operand(c, 2);
	size_t bits = TEE_BigIntGetBitCount(n);
	size_t words = TEE_BigIntFMMSizeInU32(bits);
	TEE_BigIntFMMContext *ctx;
	TEE_BigIntFMM *a, *b;
	TEE_Result res = TEE_ERROR_OUT_OF_MEMORY;

	ctx = TEE_Malloc(TEE_BigIntFMMContextSizeInU32(bits) * sizeof(*ctx), 0);
	a = TEE_Malloc(words * sizeof(*a), 0);
	b = TEE_Malloc(words * sizeof(*b), 0);
	if (!ctx || !a || !b)
		goto out;
	res = TEE_BigIntInitFMMContext1(ctx, words, n);
	if (res)
		goto out;
	TEE_BigIntInitFMM(a, words);
	TEE_BigIntInitFMM(b, words);
	TEE_BigIntConvertToFMM(a, operand(c, 0), n, ctx);
	TEE_BigIntConvertToFMM(b, operand(c, 1), n, ctx);
	TEE_BigIntComputeFMM(a, a, b, n, ctx);
	TEE_BigIntConvertFromFMM(c->r[0], a, n, ctx);
out:
	TEE_Free(b);
	TEE_Free(a);
	TEE_Free(ctx);
	return res;
}

/* Everything else: results in [3], perhaps r[0]. */
static bool run_other(struct call *c, uint32_t op)
{
	uint32_t in_a = c->arg->value.a, in_b = c->arg->value.b;
	int32_t s32 = 0;
	TEE_Result res;

	switch (op) {
	case TA_TEST_ARITH_OP_EXT_GCD:
		TEE_BigIntComputeExtendedGcd(c->r[0], c->r[1], c->r[2],
					     operand(c, 0), operand(c, 1));
		c->nr = 3;
		break;
	case TA_TEST_ARITH_OP_RELATIVE_PRIME:
		set_out(c,
			TEE_BigIntRelativePrime(operand(c, 0), operand(c, 1)),
			0);
		c->nr = 0;
		break;
	case TA_TEST_ARITH_OP_IS_PRIME:
		set_out(c,
			(uint32_t)TEE_BigIntIsProbablePrime(operand(c, 0),
							    in_a),
			0);
		c->nr = 0;
		break;
	case TA_TEST_ARITH_OP_CMP:
		set_out(c,
			(uint32_t)TEE_BigIntCmp(operand(c, 0), operand(c, 1)),
			(uint32_t)TEE_BigIntCmpS32(operand(c, 0),
						   (int32_t)in_a));
		c->nr = 0;
		break;
	case TA_TEST_ARITH_OP_BITS:
		set_out(c, TEE_BigIntGetBit(operand(c, 0), in_a),
			TEE_BigIntGetBitCount(operand(c, 0)));
		c->nr = 0;
		break;
	case TA_TEST_ARITH_OP_SET_BIT:
		TEE_BigIntAssign(c->r[0], operand(c, 0));
		set_out(c, TEE_BigIntSetBit(c->r[0], in_a, in_b != 0), 0);
		break;
	case TA_TEST_ARITH_OP_ASSIGN_ABS:
		res = TEE_BigIntAssign(c->r[0], operand(c, 0));
		set_out(c, res, TEE_BigIntAbs(c->r[1], operand(c, 0)));
		c->nr = 2;
		break;
	case TA_TEST_ARITH_OP_FROM_S32:
		TEE_BigIntConvertFromS32(c->r[0], (int32_t)in_a);
		set_out(c, TEE_BigIntConvertToS32(&s32, c->r[0]),
			(uint32_t)s32);
		break;
	case TA_TEST_ARITH_OP_TO_S32:
		res = TEE_BigIntConvertToS32(&s32, operand(c, 0));
		set_out(c, res, (uint32_t)s32);
		c->nr = 0;
		break;
	case TA_TEST_ARITH_OP_FMM:
		set_out(c, run_fmm(c), 0);
		break;
	default:
		return false;
	}
	return true;
}

/* Octet strings: the conversions' own results, not through records. */
static TEE_Result run_octets(struct call *c, uint32_t op, TEE_Param *out,
			     size_t *off)
{
	const TEE_Param *in = c->arg;
	uint8_t buf[MAX_BYTES];
	size_t len = in->value.a;
	uint32_t sign;
	TEE_Result res;

	if (op == TA_TEST_ARITH_OP_FROM_OCTETS) {
		/* The operand's record again, converted by itself. */
		len = (TEE_BigIntGetBitCount(operand(c, 0)) + 7) / 8;
		sign = TEE_BigIntCmpS32(operand(c, 0), 0) < 0;
		if (TEE_BigIntConvertToOctetString(buf, &len, operand(c, 0)))
			return TEE_ERROR_GENERIC;
		res = TEE_BigIntConvertFromOctetString(c->r[0], buf, len,
						       sign ? -1 : 1);
		set_out(c, res, 0);
		return res ? TEE_SUCCESS : write_result(c->r[0], out, off);
	}
	if (len > sizeof(buf))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_BigIntConvertToOctetString(len ? buf : NULL, &len,
					     operand(c, 0));
	set_out(c, res, (uint32_t)len);
	if (res)
		return TEE_SUCCESS;
	TEE_BigIntConvertFromOctetString(c->r[0], buf, len, 1);
	return write_result(c->r[0], out, off);
}

/*
 * The memory representation itself: LAYOUT copies a into a fresh
 * TEE_BigInt of in a bits, INIT initialises in a words over 0xa5 bytes.
 */
static TEE_Result run_layout(struct call *c, uint32_t op, TEE_Param *out,
			     size_t *off)
{
	size_t n = c->arg->value.a;
	size_t words =
		op == TA_TEST_ARITH_OP_LAYOUT ? TEE_BigIntSizeInU32(n) : n;
	/* Room for the header even when TEE_BigIntInit() must refuse. */
	size_t size = (words > 2 ? words : 2) * sizeof(TEE_BigInt);
	TEE_BigInt *b = TEE_Malloc(size, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	TEE_Result res;

	if (!b)
		return TEE_ERROR_OUT_OF_MEMORY;
	TEE_MemFill(b, 0xa5, size);
	if (op == TA_TEST_ARITH_OP_LAYOUT) {
		TEE_BigIntInit(b, words);
		set_out(c, (uint32_t)(words | TEE_BigIntFMMSizeInU32(n) << 16),
			(uint32_t)TEE_BigIntFMMContextSizeInU32(n));
		res = TEE_BigIntAssign(b, operand(c, 0));
	} else {
		TEE_BigIntInit(b, words);
		res = TEE_SUCCESS;
	}
	if (!res)
		res = write_words(b, words, out, off);
	TEE_Free(b);
	return res;
}

static TEE_Result run(struct call *c, uint32_t op, TEE_Param *out)
{
	size_t off = 0;
	TEE_Result res = TEE_SUCCESS;

	c->nr = 1;
	if (op == TA_TEST_ARITH_OP_FROM_OCTETS ||
	    op == TA_TEST_ARITH_OP_TO_OCTETS) {
		res = run_octets(c, op, out, &off);
		c->nr = 0;
	} else if (op == TA_TEST_ARITH_OP_INIT ||
		   op == TA_TEST_ARITH_OP_LAYOUT) {
		res = run_layout(c, op, out, &off);
		c->nr = 0;
	} else if (!run_compute(c, op) && !run_modular(c, op) &&
		   !run_other(c, op)) {
		return TEE_ERROR_NOT_SUPPORTED;
	}
	for (size_t i = 0; !res && i < c->nr; i++)
		res = write_result(c->r[i], out, &off);
	out->memref.size = off;
	return res;
}

static TEE_Result cmd_run(uint32_t types, TEE_Param params[4])
{
	uint32_t op = params[1].value.a & ~TA_TEST_ARITH_IN_PLACE;
	bool in_place = params[1].value.a & TA_TEST_ARITH_IN_PLACE;
	size_t bits = params[1].value.b ? params[1].value.b
					: TA_TEST_ARITH_DEFAULT_BITS;
	struct call c = {.arg = &params[3]};
	TEE_Result res = TEE_SUCCESS;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_INOUT))
		return TEE_ERROR_BAD_PARAMETERS;
	c.dest_words = TEE_BigIntSizeInU32(bits);
	res = read_operands(&c, params[0].memref.buffer, params[0].memref.size,
			    in_place);
	for (size_t i = 0; !res && i < MAX_RESULTS; i++) {
		c.r[i] = new_bigint(c.dest_words);
		if (!c.r[i])
			res = TEE_ERROR_OUT_OF_MEMORY;
	}
	if (!res && in_place) {
		TEE_Free(c.r[0]);
		c.r[0] = operand(&c, 0);
	}
	if (!res)
		res = run(&c, op, &params[2]);
	for (size_t i = 0; i < MAX_RESULTS; i++)
		if (!c.r[i] || c.r[i] != c.op[0])
			TEE_Free(c.r[i]);
	for (size_t i = 0; i < c.nop; i++)
		TEE_Free(c.op[i]);
	return res;
}

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types, TEE_Param params[4],
				    void **session)
{
	(void)types;
	(void)params;
	(void)session;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *session)
{
	(void)session;
}

TEE_Result TA_InvokeCommandEntryPoint(void *session, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	(void)session;
	if (cmd == TA_TEST_ARITH_CMD_RUN)
		return cmd_run(types, params);
	return TEE_ERROR_NOT_SUPPORTED;
}
