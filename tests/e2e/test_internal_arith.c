// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Arithmetical API (GP chapter 8), live:
 * ta_test_arith runs one TEE_BigInt* function per call, and every result
 * is checked by Python's integers (an implementation of its own), never
 * against values this code produced; sizes and layouts against
 * ABI-FACTS-INTERNAL.md §2.  Cases are numbered as in OP-TEE's xtest
 * (41xx: arithmetic).
 *
 * A check is a Python expression over the operands a, b, n and the
 * results x, y, z, with helpers for GP's truncating division (tdiv).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/arith/ta_test_arith_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define HEX_MAX	 (2 * BUF_MAX + 2)
#define BUF_MAX	 4200	  /* three results, or 512 raw words */
#define PANIC	 0xB16127 /* only logged; the client sees TARGET_DEAD */
#define OVERFLOW 0xFFFF300F
#define NOT_SUPP 0xFFFF000A
#define SHORT	 0xFFFF0010

/* A 2000-bit, a 1100-bit and an odd 1021-bit number (random). */
#define BIG_A                                                                  \
	"4d88e8dac663f0e5865031e875ba224c06013c53d0e30109c207953b00b00b54aa"   \
	"22600fecc19d02fc90708cc1b6f829d29f3d4806c2fb7f6f5ddc2c2e2cc49104d0"   \
	"74f942cb220adb0a5cd2875ea96ec2b34d984bffaf949e5e2cb7362c74f2e2ed43"   \
	"2779eeacca7f0dd3ac535f489b340f6bd7f50361b0ee095ae6a2289a6ab3292381"   \
	"23e5dc3383836b9f15c40b680c1c5c74e45eff1e5befbedc25e6f3ebcf12f3d06f"   \
	"863fffc830137a977753e8eb437d763fb9854a965708ceac392904cdefcf84b683"   \
	"a749f9c5470b9805d2d6b8777dc59a3ad035d259766bad0734c2da8003cc0f2793"   \
	"fdcab87b89296c6dcbac5008577eb1924770d3"
#define BIG_B                                                                  \
	"14bdae98554ec9cce6f889263ce1270dee2a86b8a6e9b4f32afd167533a4d1919a"   \
	"07f21682208208d090973e89c3d06143769b1dcbff843bdb8396ba83ad798c9cf2"   \
	"80b11fd807da245d814d575531ec56c95a4d257a7298c6610a37558785036de6f9"   \
	"fb997735c076b8c8a18b2aaac3142507a25603d7c95f9e5f0307ec5a56d7e5dbbb"   \
	"7ce894deab4"
#define BIG_N                                                                  \
	"1bad1e402daf94c185986adb9e04470624bd48204652f62dae4839a13ed7e66672"   \
	"13516d6a013380f871cfde6ee8427059432a19f29c11ad30e0888fceb506f6fb60"   \
	"5ee62a96d06a7109799918bb28e9c5ec6148c6880007f6bb5ea11ce80b12265039"   \
	"f699ef1857e9b7ea615fc9eba4f2108d619136580b626946462651f637"

/* The Python side: operands a b n, results x y z, then the check. */
static const char py_prog[] =
	"import sys, math\n"
	"a, b, n, x, y, z = (int(v, 16) for v in sys.argv[1:7])\n"
	"def tdiv(a, b):\n"
	"    q = abs(a) // abs(b)\n"
	"    q = q if (a < 0) == (b < 0) else -q\n"
	"    return q, a - q * b\n"
	"def shr(a, k):\n"
	"    return (abs(a) >> k) * (-1 if a < 0 else 1)\n"
	"sys.exit(0 if eval(sys.argv[7]) else 1)\n";

/**
 * struct arith_case - one call and its check
 * @op:		TA_TEST_ARITH_OP_* (| TA_TEST_ARITH_IN_PLACE)
 * @a, @b, @n:	operands in signed hex, NULL for none
 * @in_a, @in_b: the small arguments
 * @bits:	the destinations' size (0: the TA's default)
 * @res:	what the call must return (PANIC: TEEC_ERROR_TARGET_DEAD)
 * @out_a:	when @check is NULL, what [3].a must hold
 * @check:	Python expression that must hold, or NULL
 */
struct arith_case {
	uint32_t op;
	const char *a, *b, *n;
	uint32_t in_a, in_b;
	uint32_t bits;
	uint32_t res;
	uint32_t out_a;
	const char *check;
};

static struct harness tb;
static TEEC_Context ctx;
static TEEC_Session sess;
static const TEEC_UUID arith_uuid = TA_TEST_ARITH_UUID;

static int start(void **state)
{
	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &sess, &arith_uuid, TEEC_LOGIN_PUBLIC, NULL);
	return 0;
}

static int stop(void **state)
{
	(void)state;
	e2e_close(&ctx, &sess);
	harness_stop_ok(&tb);
	return 0;
}

/* Appends the record of signed hex @hex to @buf at *@off. */
static void put_record(uint8_t *buf, size_t *off, const char *hex)
{
	uint32_t rec[2] = {hex[0] == '-', 0};
	char even[HEX_MAX + 1];

	hex += rec[0];
	/* An odd digit count: a leading 0 makes whole bytes. */
	snprintf(even, sizeof(even), "%s%s", strlen(hex) % 2 ? "0" : "", hex);
	rec[1] = (uint32_t)(strlen(even) / 2);
	for (size_t i = 0; i < rec[1]; i++) {
		char byte[3] = {even[2 * i], even[2 * i + 1], 0};

		buf[*off + TA_TEST_ARITH_REC + i] =
			(uint8_t)strtoul(byte, NULL, 16);
	}
	memcpy(buf + *off, rec, sizeof(rec));
	*off += TA_TEST_ARITH_REC + rec[1];
}

/* Decodes the records of @buf into signed hex strings. */
static size_t get_records(const uint8_t *buf, size_t len, char out[3][HEX_MAX])
{
	size_t off = 0, n = 0;

	while (off < len && n < 3) {
		uint32_t rec[2];
		char *p = out[n];

		assert_true(len - off >= sizeof(rec));
		memcpy(rec, buf + off, sizeof(rec));
		off += sizeof(rec);
		assert_true(rec[1] <= len - off);
		if (rec[0])
			*p++ = '-';
		*p++ = '0';
		for (uint32_t i = 0; i < rec[1]; i++)
			p += sprintf(p, "%02x", buf[off + i]);
		off += rec[1];
		n++;
	}
	return n;
}

/* Runs python3 on @check with the six numbers; true when it holds. */
static bool python_says(const char *check, const char *v[6])
{
	const char *argv[] = {"python3", "-c", py_prog, v[0],  v[1], v[2],
			      v[3],	 v[4], v[5],	check, NULL};
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		execvp("python3", (char *const *)argv);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_not_equal(WEXITSTATUS(status), 127);
	return WEXITSTATUS(status) == 0;
}

/* Reopens the session after a panic killed the TA instance. */
static void reopen(void)
{
	TEEC_CloseSession(&sess);
	assert_int_equal(e2e_open_session(&ctx, &sess, &arith_uuid, NULL),
			 TEEC_SUCCESS);
}

static void run_case(const struct arith_case *c, size_t i)
{
	static uint8_t in[BUF_MAX], out[BUF_MAX];
	char res[3][HEX_MAX] = {"0", "0", "0"};
	const char *v[6] = {"0", "0", "0", res[0], res[1], res[2]};
	TEEC_Operation op = {0};
	uint32_t origin;
	size_t len = 0;
	TEEC_Result r;

	for (size_t k = 0; k < 3; k++) {
		const char *x = k == 0 ? c->a : k == 1 ? c->b : c->n;

		if (x) {
			put_record(in, &len, x);
			v[k] = x;
		}
	}
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT);
	op.params[0].tmpref = (TEEC_TempMemoryReference){in, len};
	op.params[1].value.a = c->op;
	op.params[1].value.b = c->bits;
	op.params[2].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	op.params[3].value.a = c->in_a;
	op.params[3].value.b = c->in_b;
	r = TEEC_InvokeCommand(&sess, TA_TEST_ARITH_CMD_RUN, &op, &origin);
	if (c->res == PANIC) {
		if (r != TEEC_ERROR_TARGET_DEAD)
			fail_msg("case %zu: 0x%x, not a panic", i, r);
		reopen();
		return;
	}
	if (r != c->res)
		fail_msg("case %zu: 0x%x, not 0x%x", i, r, c->res);
	get_records(out, op.params[2].tmpref.size, res);
	if (!c->check && op.params[3].value.a != c->out_a)
		fail_msg("case %zu: [3].a 0x%x, not 0x%x", i,
			 op.params[3].value.a, c->out_a);
	if (c->check && !python_says(c->check, v))
		fail_msg("case %zu: %s fails: x=%s y=%s z=%s", i, c->check,
			 res[0], res[1], res[2]);
}

#define RUN(cases)                                                             \
	do {                                                                   \
		for (size_t i_ = 0; i_ < sizeof(cases) / sizeof(cases[0]);     \
		     i_++)                                                     \
			run_case(&cases[i_], i_);                              \
	} while (0)

#define OP(x) TA_TEST_ARITH_OP_##x

/* 4101: +, -, *, square, negation with every sign, carries, big values. */
static void test_4101_add_sub_mul_neg(void **state)
{
	static const struct arith_case cases[] = {
		{OP(ADD), "ff", "ff", .check = "x == a + b"},
		{OP(ADD), "ffffffff", "ffffffff", .check = "x == a + b"},
		{OP(ADD), "-ffffffff", "ffffffff", .check = "x == 0"},
		{OP(ADD), "ffff", "-ff", .check = "x == a + b"},
		{OP(ADD), "-" BIG_A, BIG_B, .check = "x == a + b"},
		{OP(SUB), "0", "1", .check = "x == a - b"},
		{OP(SUB), BIG_B, BIG_A, .check = "x == a - b"},
		{OP(SUB), "-" BIG_B, "-" BIG_B, .check = "x == 0"},
		{OP(MUL), "ffffffff", "ffffffff", .check = "x == a * b"},
		{OP(MUL), "-" BIG_B, "123456789abcdef", .check = "x == a * b"},
		{OP(MUL), "-" BIG_N, "-" BIG_N, .check = "x == a * b"},
		{OP(MUL), "0", "-" BIG_N, .check = "x == 0"},
		{OP(SQUARE), "-" BIG_N, .check = "x == a * a"},
		{OP(NEG), BIG_A, .check = "x == -a"},
		{OP(NEG), "-1", .check = "x == 1"},
		{OP(NEG), "0", .check = "x == 0"},
	};

	(void)state;
	RUN(cases);
}

/* 4102: division truncates toward zero, the remainder has a's sign. */
static void test_4102_div_truncates(void **state)
{
	static const struct arith_case cases[] = {
		{OP(DIV), "53", "7", .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), "-53", "7", .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), "53", "-7", .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), "-53", "-7", .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), BIG_A, BIG_B, .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), "-" BIG_A, BIG_N, .check = "(x, y) == tdiv(a, b)"},
		{OP(DIV), BIG_B, "-" BIG_A, .check = "(x, y) == (0, a)"},
		{OP(DIV), "0", "1", .check = "(x, y) == (0, 0)"},
		/* a zero divisor panics */
		{OP(DIV), "5", "0", .res = PANIC},
	};

	(void)state;
	RUN(cases);
}

/* 4103: modular arithmetic gives [0, n) for any operands; n < 2 panics. */
static void test_4103_modular(void **state)
{
	static const struct arith_case cases[] = {
		{OP(MOD), "10", "a", .check = "x == a % b"},
		{OP(MOD), "-1", "123", .check = "x == a % b"},
		{OP(MOD), "-" BIG_A, BIG_N, .check = "x == a % b"},
		{OP(MOD), BIG_N, BIG_N, .check = "x == 0"},
		{OP(ADDMOD), BIG_A, BIG_B, BIG_N, .check = "x == (a + b) % n"},
		{OP(ADDMOD), "-" BIG_A, BIG_B, BIG_N,
		 .check = "x == (a + b) % n"},
		{OP(SUBMOD), BIG_B, BIG_A, BIG_N, .check = "x == (a - b) % n"},
		{OP(MULMOD), BIG_A, "-" BIG_B, BIG_N,
		 .check = "x == (a * b) % n"},
		{OP(MULMOD), "ffffffffffffffff", "ffffffffffffffff", "2",
		 .check = "x == 1"},
		{OP(SQUAREMOD), "-" BIG_A, BIG_N, .check = "x == (a * a) % b"},
		{OP(MOD), "5", "1", .res = PANIC},
		{OP(ADDMOD), "5", "1", "-7", .res = PANIC},
		{OP(MULMOD), "5", "1", "0", .res = PANIC},
	};

	(void)state;
	RUN(cases);
}

/* 4104: the inverse; none (or of 0) panics. */
static void test_4104_invmod(void **state)
{
	static const struct arith_case cases[] = {
		{OP(INVMOD), "3", "7", .check = "x == 5"},
		{OP(INVMOD), "7b", "fa1", .check = "x == pow(a, -1, b)"},
		{OP(INVMOD), BIG_A, BIG_N, .check = "x == pow(a, -1, b)"},
		{OP(INVMOD), "-" BIG_B, BIG_N, .check = "x == pow(a, -1, b)"},
		{OP(INVMOD), "6", "9", .res = PANIC},
		{OP(INVMOD), "0", "7", .res = PANIC},
		{OP(INVMOD), "3", "1", .res = PANIC},
	};

	(void)state;
	RUN(cases);
}

/* 4105: exponentiation: odd moduli only, even ones NOT_SUPPORTED. */
static void test_4105_expmod(void **state)
{
	static const struct arith_case cases[] = {
		{OP(EXPMOD), "2", "10", "3e9", .check = "x == pow(a, b, n)"},
		{OP(EXPMOD), BIG_A, BIG_B, BIG_N, .check = "x == pow(a, b, n)"},
		{OP(EXPMOD), "-" BIG_A, "3", BIG_N,
		 .check = "x == pow(a, b, n)"},
		{OP(EXPMOD), BIG_A, "0", BIG_N, .check = "x == 1"},
		{OP(EXPMOD), "3", "5", "10", .out_a = NOT_SUPP},
		{OP(EXPMOD), "3", "5", "2", .res = PANIC},
		{OP(EXPMOD), "3", "-5", "7", .res = PANIC},
	};

	(void)state;
	RUN(cases);
}

/* 4106: gcd >= 0 and u*a + v*b = gcd, whatever the signs. */
static void test_4106_extended_gcd(void **state)
{
	static const char bezout[] =
		"x == math.gcd(a, b) and y * a + z * b == x";
	static const struct arith_case cases[] = {
		{OP(EXT_GCD), "0", "0", .check = bezout},
		{OP(EXT_GCD), "0", "123", .check = bezout},
		{OP(EXT_GCD), "1", "-1", .check = bezout},
		{OP(EXT_GCD), "-2", "-4", .check = bezout},
		{OP(EXT_GCD), "261", "2b5", .check = bezout},
		{OP(EXT_GCD), "165d662", "1664fea", .check = bezout},
		{OP(EXT_GCD), BIG_A, "-" BIG_B, .check = bezout},
		{OP(EXT_GCD), "-" BIG_N, BIG_A, .check = bezout},
		{OP(RELATIVE_PRIME), "f", "a", .out_a = 0},
		{OP(RELATIVE_PRIME), "c", "13", .out_a = 1},
	};

	(void)state;
	RUN(cases);
}

/* 4107: primes are 1 and composites 0, never -1; the sign is ignored. */
static void test_4107_is_probable_prime(void **state)
{
	static const struct arith_case cases[] = {
		{OP(IS_PRIME), "0", .in_a = 80, .out_a = 0},
		{OP(IS_PRIME), "1", .in_a = 80, .out_a = 0},
		{OP(IS_PRIME), "2", .in_a = 80, .out_a = 1},
		{OP(IS_PRIME), "fa1", .in_a = 80, .out_a = 1},
		{OP(IS_PRIME), "fa0", .in_a = 80, .out_a = 0},
		/* 561: a Carmichael number */
		{OP(IS_PRIME), "231", .in_a = 80, .out_a = 0},
		/* 2^127 - 1 and 2^521 - 1: Mersenne primes */
		{OP(IS_PRIME), "7fffffffffffffffffffffffffffffff", .in_a = 200,
		 .out_a = 1},
		{OP(IS_PRIME),
		 "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
		 "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
		 "fffffffffff",
		 .in_a = 0, .out_a = 1},
		{OP(IS_PRIME), "-7", .in_a = 80, .out_a = 1},
		/* (2^127 - 1)^2 */
		{OP(MUL), "7fffffffffffffffffffffffffffffff",
		 "7fffffffffffffffffffffffffffffff",
		 .check = "x == (2**127 - 1)**2"},
	};

	(void)state;
	RUN(cases);
}

/* 4108: comparisons, bits of the magnitude, shifts keep the sign. */
static void test_4108_compare_and_bits(void **state)
{
	static const struct arith_case cases[] = {
		{OP(CMP), "-" BIG_A, BIG_B, .in_a = 0, .out_a = (uint32_t)-1},
		{OP(CMP), BIG_B, BIG_B, .out_a = 0},
		{OP(CMP), "1", "-" BIG_B, .out_a = 1},
		{OP(SHIFT_RIGHT), "-3", .in_a = 1, .check = "x == -1"},
		{OP(SHIFT_RIGHT), "-2", .in_a = 1, .check = "x == -1"},
		{OP(SHIFT_RIGHT), "7fffffff", .in_a = 65, .check = "x == 0"},
		{OP(SHIFT_RIGHT), BIG_A, .in_a = 81,
		 .check = "x == shr(a, 81)"},
		{OP(SHIFT_RIGHT), "-" BIG_A, .in_a = 1999,
		 .check = "x == shr(a, 1999)"},
		{OP(BITS), "-1", .in_a = 0, .out_a = 1},
		{OP(BITS), "100000000", .in_a = 32, .out_a = 1},
		{OP(BITS), "100000000", .in_a = 31, .out_a = 0},
		{OP(BITS), "100000000", .in_a = 4000, .out_a = 0},
		{OP(SET_BIT), "-1", .in_a = 64, .in_b = 1,
		 .check = "x == -(2**64 + 1)"},
		{OP(SET_BIT), "ff", .in_a = 3, .in_b = 0, .check = "x == 0xf7"},
		{OP(SET_BIT), "ff", .in_a = 300, .in_b = 0, .check = "x == a"},
		/* bit 64 of a 64-bit destination does not fit */
		{OP(SET_BIT), "1", .in_a = 64, .in_b = 1, .bits = 64,
		 .out_a = OVERFLOW},
	};

	(void)state;
	RUN(cases);
}

/* 4109: Assign, Abs, conversions: OVERFLOW, not a panic, when too small. */
static void test_4109_assign_and_convert(void **state)
{
	static const struct arith_case cases[] = {
		{OP(ASSIGN_ABS), "-" BIG_B, .check = "x == a and y == -a"},
		{OP(ASSIGN_ABS), "-123456789", .bits = 32, .out_a = OVERFLOW},
		{OP(FROM_OCTETS), "-" BIG_A, .check = "x == a"},
		{OP(FROM_OCTETS), "1ffffffff", .bits = 32, .out_a = OVERFLOW},
		{OP(TO_OCTETS), "-" BIG_B, .in_a = 512, .check = "x == -a"},
		{OP(TO_OCTETS), "0", .in_a = 0, .out_a = 0},
		{OP(TO_OCTETS), "10000", .in_a = 2, .out_a = SHORT},
		{OP(FROM_S32), .in_a = 0x80000000, .check = "x == -2**31"},
		{OP(FROM_S32), .in_a = 0x7fffffff, .check = "x == 2**31 - 1"},
		{OP(FROM_S32), .in_a = 0xffffffff, .check = "x == -1"},
		{OP(TO_S32), "-80000000", .out_a = 0},
		{OP(TO_S32), "80000000", .out_a = OVERFLOW},
		{OP(TO_S32), "-80000001", .out_a = OVERFLOW},
		{OP(TO_S32), BIG_A, .out_a = OVERFLOW},
	};

	(void)state;
	RUN(cases);
}

/* 4110: FMM round trip: ToFMM, ComputeFMM, FromFMM = a * b mod n. */
static void test_4110_fmm(void **state)
{
	static const struct arith_case cases[] = {
		{OP(FMM), BIG_A, BIG_B, BIG_N, .check = "x == (a * b) % n"},
		{OP(FMM), "-" BIG_A, BIG_B, BIG_N, .check = "x == (a * b) % n"},
		{OP(FMM), "2", "3", "5", .check = "x == 1"},
		{OP(FMM), "2", "3", "1", .res = PANIC},
	};

	(void)state;
	RUN(cases);
}

/* 4111: a destination may be an operand (OP-TEE allows any aliasing). */
static void test_4111_in_place(void **state)
{
	static const struct arith_case cases[] = {
		{OP(ADD) | TA_TEST_ARITH_IN_PLACE, BIG_A, BIG_A,
		 .check = "x == 2 * a"},
		{OP(MULMOD) | TA_TEST_ARITH_IN_PLACE, BIG_A, BIG_B, BIG_N,
		 .check = "x == (a * b) % n"},
		{OP(DIV) | TA_TEST_ARITH_IN_PLACE, BIG_A, "-" BIG_B,
		 .check = "(x, y) == tdiv(a, b)"},
	};

	(void)state;
	RUN(cases);
}

/* 4112: a result too big for its destination panics; the next works. */
static void test_4112_too_small_panics(void **state)
{
	static const struct arith_case cases[] = {
		{OP(MUL), "ffffffffff", "ffffffffff", .bits = 64, .res = PANIC},
		{OP(ADD), "ffffffffffffffff", "1", .bits = 64, .res = PANIC},
		{OP(SQUARE), "-100000000", .bits = 64, .res = PANIC},
		{OP(ADD), "ffffffffffffffff", "1", .bits = 65,
		 .check = "x == 2**64"},
	};

	(void)state;
	RUN(cases);
}

/* Little-endian u32 @i of the hex string @hex of raw words. */
static uint32_t word(const char *hex, size_t i)
{
	uint32_t w = 0;

	for (size_t k = 0; k < 4; k++) {
		char byte[3] = {hex[1 + 8 * i + 2 * k], hex[2 + 8 * i + 2 * k]};

		w |= (uint32_t)strtoul(byte, NULL, 16) << (8 * k);
	}
	return w;
}

/*
 * 4113: the memory layout and size macros are OP-TEE's
 * (ABI-FACTS-INTERNAL.md §2.1, §2.2).
 */
static void test_4113_layout_is_optee(void **state)
{
	static uint8_t in[64], out[256];
	char res[3][HEX_MAX];
	TEEC_Operation op = {0};
	size_t len = 0;

	(void)state;
	put_record(in, &len, "-100000002");
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_VALUE_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT);
	op.params[0].tmpref = (TEEC_TempMemoryReference){in, len};
	op.params[1].value.a = OP(LAYOUT);
	op.params[2].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	op.params[3].value.a = 96;
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_TEST_ARITH_CMD_RUN, &op, NULL),
		TEEC_SUCCESS);
	/* TEE_BigIntSizeInU32(96) = 5 = FMM size; context size 1 */
	assert_int_equal(op.params[3].value.a, 5 | 5 << 16);
	assert_int_equal(op.params[3].value.b, 1);
	assert_int_equal(get_records(out, op.params[2].tmpref.size, res), 1);
	assert_int_equal(strlen(res[0]), 1 + 5 * 8);
	assert_int_equal(word(res[0], 0), 0xffffffff);	/* sign -1 */
	assert_int_equal(word(res[0], 1), 3 | 2 << 16); /* alloc 3, used 2 */
	assert_int_equal(word(res[0], 2), 2);
	assert_int_equal(word(res[0], 3), 1);
	assert_int_equal(word(res[0], 4), 0);

	/* TEE_BigIntInit(4 words): +1, alloc 2, used 0, limbs zeroed */
	op.params[1].value.a = OP(INIT);
	op.params[2].tmpref.size = sizeof(out);
	op.params[3].value.a = 4;
	assert_int_equal(
		TEEC_InvokeCommand(&sess, TA_TEST_ARITH_CMD_RUN, &op, NULL),
		TEEC_SUCCESS);
	get_records(out, op.params[2].tmpref.size, res);
	assert_int_equal(word(res[0], 0), 1);
	assert_int_equal(word(res[0], 1), 2);
	assert_int_equal(word(res[0], 2), 0);
	assert_int_equal(word(res[0], 3), 0);
}

/* 4114: TEE_BigIntInit() panics below 2 and above 512 words. */
static void test_4114_init_bad_length_panics(void **state)
{
	static const struct arith_case cases[] = {
		{OP(INIT), .in_a = 1, .res = PANIC},
		{OP(INIT), .in_a = 513, .res = PANIC},
		{OP(INIT), .in_a = 512, .out_a = 512},
	};

	(void)state;
	RUN(cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_4101_add_sub_mul_neg),
		cmocka_unit_test(test_4102_div_truncates),
		cmocka_unit_test(test_4103_modular),
		cmocka_unit_test(test_4104_invmod),
		cmocka_unit_test(test_4105_expmod),
		cmocka_unit_test(test_4106_extended_gcd),
		cmocka_unit_test(test_4107_is_probable_prime),
		cmocka_unit_test(test_4108_compare_and_bits),
		cmocka_unit_test(test_4109_assign_and_convert),
		cmocka_unit_test(test_4110_fmm),
		cmocka_unit_test(test_4111_in_place),
		cmocka_unit_test(test_4112_too_small_panics),
		cmocka_unit_test(test_4113_layout_is_optee),
		cmocka_unit_test(test_4114_init_bad_length_panics),
	};

	return cmocka_run_group_tests(tests, start, stop);
}
