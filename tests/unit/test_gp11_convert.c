// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_gp11_convert: libutee's conversions between the GP 1.1 layouts
 * and the 1.3.1 ones (ta/libutee/utee_compat.c), which every __GP11_
 * twin and the GP 1.1 entry points go through.  As OP-TEE's
 * to_gp11_param() does, a memref size is cut to 32 bits on the way to a
 * 1.1 TA; a size a 1.3.1 function hands back that a 1.1 caller cannot
 * hold makes the TA panic.  Run on the host, with TEE_Panic(),
 * TEE_Malloc() and TEE_Free() stood in for.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <tee_internal_api.h>

#include "ta/libutee/utee_compat.h"

static jmp_buf panicked;
static TEE_Result panic_code;

void TEE_Panic(TEE_Result panicCode)
{
	panic_code = panicCode;
	longjmp(panicked, 1);
}

void *TEE_Malloc(size_t size, uint32_t hint)
{
	(void)hint;
	return calloc(1, size);
}

void TEE_Free(void *buffer)
{
	free(buffer);
}

static void test_params(void **state)
{
	uint32_t pt = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_VALUE_INOUT,
		TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_MEMREF_INPUT);
	TEE_Param p[TEE_NUM_PARAMS] = {0};
	__GP11_TEE_Param g[TEE_NUM_PARAMS];
	char buf[4];

	(void)state;
	memset(g, 0x5A, sizeof(g));
	p[0].memref.buffer = buf;
	p[0].memref.size = 100;
	p[1].value.a = 7;
	p[1].value.b = 9;
	p[3].memref.buffer = buf + 1;
	p[3].memref.size = (size_t)UINT32_MAX;
	utee_gp11_params_to(pt, p, g);
	assert_ptr_equal(g[0].memref.buffer, buf);
	assert_int_equal(g[0].memref.size, 100);
	assert_int_equal(g[1].value.a, 7);
	assert_int_equal(g[1].value.b, 9);
	/* TEE_PARAM_TYPE_NONE: left alone. */
	assert_int_equal(g[2].value.a, 0x5A5A5A5A);
	assert_int_equal(g[3].memref.size, UINT32_MAX);
#if SIZE_MAX > UINT32_MAX
	/* Cut to 32 bits, as OP-TEE's to_gp11_param() does. */
	p[0].memref.size = ((size_t)1 << 32) + 16;
	utee_gp11_params_to(pt, p, g);
	assert_int_equal(g[0].memref.size, 16);
#endif

	/* What the TA wrote comes back, its new sizes included. */
	g[0].memref.size = 3;
	g[1].value.a = 8;
	utee_gp11_params_from(pt, g, p);
	assert_int_equal(p[0].memref.size, 3);
	assert_ptr_equal(p[0].memref.buffer, buf);
	assert_int_equal(p[1].value.a, 8);
	assert_int_equal(p[1].value.b, 9);
	assert_int_equal(p[2].value.a, 0);
}

static void test_attrs(void **state)
{
	static const uint8_t key[16];
	__GP11_TEE_Attribute g[2] = {
		{.attributeID = TEE_ATTR_SECRET_VALUE,
		 .content.ref = {(void *)key, sizeof(key)}},
		{.attributeID = TEE_ATTR_ECC_CURVE,
		 .content.value = {TEE_ECC_CURVE_NIST_P256, 5}},
	};
	TEE_Attribute *a;

	(void)state;
	assert_null(utee_gp11_attrs(g, 0));
	assert_null(utee_gp11_attrs(NULL, 2));
	a = utee_gp11_attrs(g, 2);
	assert_non_null(a);
	assert_int_equal(a[0].attributeID, TEE_ATTR_SECRET_VALUE);
	assert_ptr_equal(a[0].content.ref.buffer, key);
	assert_int_equal(a[0].content.ref.length, sizeof(key));
	assert_int_equal(a[1].attributeID, TEE_ATTR_ECC_CURVE);
	assert_int_equal(a[1].content.value.a, TEE_ECC_CURVE_NIST_P256);
	assert_int_equal(a[1].content.value.b, 5);
	utee_gp11_attrs_free(a);
}

static void test_object_info(void **state)
{
	TEE_ObjectInfo i = {
		.objectType = TEE_TYPE_AES,
		.objectSize = 128,
		.maxObjectSize = 256,
		.objectUsage = 0xFFFFFFFF,
		.dataSize = 10,
		.dataPosition = 7,
		.handleFlags = TEE_HANDLE_FLAG_PERSISTENT,
	};
	__GP11_TEE_ObjectInfo g;

	(void)state;
	memset(&g, 0, sizeof(g));
	utee_gp11_info(&g, &i);
	assert_int_equal(g.objectType, TEE_TYPE_AES);
	assert_int_equal(g.keySize, 128);
	assert_int_equal(g.maxKeySize, 256);
	assert_int_equal(g.objectUsage, 0xFFFFFFFF);
	assert_int_equal(g.dataSize, 10);
	assert_int_equal(g.dataPosition, 7);
	assert_int_equal(g.handleFlags, TEE_HANDLE_FLAG_PERSISTENT);
}

static void test_len_out(void **state)
{
	uint32_t len = 0;

	(void)state;
	utee_gp11_len_out(&len, UINT32_MAX);
	assert_int_equal(len, UINT32_MAX);
	utee_gp11_len_out(NULL, 5);
#if SIZE_MAX > UINT32_MAX
	len = 1;
	panic_code = 0;
	if (!setjmp(panicked)) {
		utee_gp11_len_out(&len, (size_t)UINT32_MAX + 1);
		fail_msg("a size beyond 32 bits did not panic");
	}
	assert_int_equal(panic_code, TEE_ERROR_OVERFLOW);
	assert_int_equal(len, 1);
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_attrs),
		cmocka_unit_test(test_object_info),
		cmocka_unit_test(test_len_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
