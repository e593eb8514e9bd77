// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's PKCS#11 serialization (ta/pkcs11/src/serializer.c), shared by
 * the TA and libckteec: control arguments are consumed exactly, and a
 * template (u32 attrs_size, u32 attrs_count, then id/size/value
 * attributes, all little-endian and byte-aligned: ABI-FACTS-INTERNAL
 * §6.4) is accepted only if every attribute fits and the sizes add up.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "serializer.h"

/* A template of @n attributes (id, size, value bytes from @vals). */
static size_t build(uint8_t *buf, const uint32_t *ids, const uint32_t *sizes,
		    const char *vals, unsigned int n)
{
	size_t off = 8;
	unsigned int i;

	for (i = 0; i < n; i++) {
		put_u32(buf + off, ids[i]);
		put_u32(buf + off + 4, sizes[i]);
		memcpy(buf + off + 8, vals, sizes[i]);
		vals += sizes[i];
		off += 8 + sizes[i];
	}
	put_u32(buf, off - 8);
	put_u32(buf + 4, n);
	return off;
}

static void test_u32_little_endian(void **state)
{
	uint8_t b[4];

	(void)state;
	put_u32(b, 0x11223344);
	assert_int_equal(b[0], 0x44);
	assert_int_equal(b[3], 0x11);
	assert_int_equal(get_u32(b), 0x11223344);
}

static void test_args_exact(void **state)
{
	uint8_t buf[10] = {1, 0, 0, 0, 2, 0, 0, 0, 9, 9};
	struct serialargs a;
	const void *p = NULL;
	uint32_t v = 0;

	(void)state;
	serialargs_init(&a, buf, sizeof(buf));
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_OK);
	assert_int_equal(v, 1);
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_OK);
	assert_int_equal(v, 2);
	/* Trailing bytes are what the TA answers ARGUMENTS_BAD for. */
	assert_true(serialargs_remaining_bytes(&a));
	/* Two bytes left: no u32, nothing consumed. */
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_ARGUMENTS_BAD);
	assert_int_equal(serialargs_get_ptr(&a, &p, 3),
			 PKCS11_CKR_ARGUMENTS_BAD);
	assert_int_equal(serialargs_get_ptr(&a, &p, 2), PKCS11_CKR_OK);
	assert_ptr_equal(p, buf + 8);
	assert_false(serialargs_remaining_bytes(&a));
	/* A huge length (a PIN length from the wire) cannot wrap. */
	serialargs_init(&a, buf, sizeof(buf));
	assert_int_equal(serialargs_get(&a, NULL, SIZE_MAX),
			 PKCS11_CKR_ARGUMENTS_BAD);
}

static void test_template_ok(void **state)
{
	const uint32_t ids[] = {PKCS11_CKA_CLASS, PKCS11_CKA_TOKEN,
				PKCS11_CKA_LABEL};
	const uint32_t sizes[] = {4, 1, 5};
	uint8_t buf[128], cls[4];
	const void *val = NULL;
	uint32_t size = 0, v = 0, id = 0;
	size_t used = 0, len;

	(void)state;
	put_u32(cls, PKCS11_CKO_SECRET_KEY);
	memcpy(buf + 100, cls, 4);
	len = build(buf, ids, sizes, "\x04\x00\x00\x00\x01hello", 3);
	assert_int_equal(pkcs11_tpl_check(buf, len, &used), PKCS11_CKR_OK);
	assert_int_equal(used, len);
	/* A longer buffer is fine: the template says where it ends. */
	assert_int_equal(pkcs11_tpl_check(buf, sizeof(buf), &used),
			 PKCS11_CKR_OK);
	assert_int_equal(used, len);
	assert_int_equal(pkcs11_tpl_count(buf), 3);
	assert_int_equal(pkcs11_tpl_get_u32(buf, PKCS11_CKA_CLASS, &v),
			 PKCS11_CKR_OK);
	assert_int_equal(v, PKCS11_CKO_SECRET_KEY);
	assert_true(pkcs11_tpl_get_bool(buf, PKCS11_CKA_TOKEN, false));
	assert_false(pkcs11_tpl_get_bool(buf, PKCS11_CKA_PRIVATE, false));
	assert_int_equal(pkcs11_tpl_get(buf, PKCS11_CKA_LABEL, &val, &size),
			 PKCS11_CKR_OK);
	assert_int_equal(size, 5);
	assert_memory_equal(val, "hello", 5);
	assert_int_equal(pkcs11_tpl_get(buf, PKCS11_CKA_VALUE, NULL, NULL),
			 PKCS11_RV_NOT_FOUND);
	/* A u32 attribute of another size is refused, not half read. */
	assert_int_equal(pkcs11_tpl_get_u32(buf, PKCS11_CKA_LABEL, &v),
			 PKCS11_CKR_ATTRIBUTE_VALUE_INVALID);
	assert_non_null(pkcs11_tpl_attr(buf, 2, &id, &size));
	assert_int_equal(id, PKCS11_CKA_LABEL);
	assert_null(pkcs11_tpl_attr(buf, 3, &id, &size));
}

static void test_template_bad(void **state)
{
	const uint32_t ids[] = {PKCS11_CKA_LABEL, PKCS11_CKA_ID};
	const uint32_t sizes[] = {3, 2};
	uint8_t buf[64];
	size_t len;

	(void)state;
	len = build(buf, ids, sizes, "abcde", 2);
	/* No room for the head. */
	assert_int_equal(pkcs11_tpl_check(buf, 7, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	/* attrs_size past the buffer. */
	assert_int_equal(pkcs11_tpl_check(buf, len - 1, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	/* More attributes announced than there are. */
	put_u32(buf + 4, 3);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	/* Fewer: bytes left over inside attrs_size. */
	put_u32(buf + 4, 1);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	put_u32(buf + 4, 2);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL), PKCS11_CKR_OK);
	/* A value size that would wrap an offset. */
	put_u32(buf + 8 + 4, 0xfffffff8);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	put_u32(buf + 8 + 4, 3);
	/* An attribute head cut in two by attrs_size. */
	put_u32(buf, 8 + 3 + 4);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
	/* attrs_size near 4 GiB. */
	put_u32(buf, 0xffffffff);
	assert_int_equal(pkcs11_tpl_check(buf, len, NULL),
			 PKCS11_CKR_ARGUMENTS_BAD);
}

static void test_template_in_args(void **state)
{
	const uint32_t ids[] = {PKCS11_CKA_ID};
	const uint32_t sizes[] = {2};
	uint8_t buf[64];
	const uint8_t *tpl = NULL;
	struct serialargs a;
	size_t len, size = 0;
	uint32_t v = 0;

	(void)state;
	put_u32(buf, 7);
	len = 4 + build(buf + 4, ids, sizes, "xy", 1);
	put_u32(buf + len, 0xabcd);
	serialargs_init(&a, buf, len + 4);
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_OK);
	assert_int_equal(serialargs_get_template(&a, &tpl, &size),
			 PKCS11_CKR_OK);
	assert_ptr_equal(tpl, buf + 4);
	assert_int_equal(size, len - 4);
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_OK);
	assert_int_equal(v, 0xabcd);
	assert_false(serialargs_remaining_bytes(&a));
	/* The same template cut short in the control buffer. */
	serialargs_init(&a, buf, len - 1);
	assert_int_equal(serialargs_get_u32(&a, &v), PKCS11_CKR_OK);
	assert_int_equal(serialargs_get_template(&a, &tpl, &size),
			 PKCS11_CKR_ARGUMENTS_BAD);
}

static void test_template_build(void **state)
{
	struct pkcs11_tpl t;
	uint8_t one = 1, four[4];
	const void *val = NULL;
	uint32_t size = 0, v = 0;
	size_t used = 0;

	(void)state;
	pkcs11_tpl_init(&t);
	put_u32(four, 32);
	assert_int_equal(pkcs11_tpl_add(&t, PKCS11_CKA_TOKEN, &one, 1),
			 PKCS11_CKR_OK);
	assert_int_equal(pkcs11_tpl_add(&t, PKCS11_CKA_VALUE_LEN, four, 4),
			 PKCS11_CKR_OK);
	assert_int_equal(pkcs11_tpl_add(&t, PKCS11_CKA_LABEL, NULL, 0),
			 PKCS11_CKR_OK);
	assert_int_equal(pkcs11_tpl_check(t.buf, t.size, &used), PKCS11_CKR_OK);
	assert_int_equal(used, t.size);
	assert_int_equal(t.size, 8 + 9 + 12 + 8);
	/* set replaces; remove drops every copy. */
	put_u32(four, 16);
	assert_int_equal(pkcs11_tpl_set(&t, PKCS11_CKA_VALUE_LEN, four, 4),
			 PKCS11_CKR_OK);
	assert_int_equal(pkcs11_tpl_count(t.buf), 3);
	assert_int_equal(pkcs11_tpl_get_u32(t.buf, PKCS11_CKA_VALUE_LEN, &v),
			 PKCS11_CKR_OK);
	assert_int_equal(v, 16);
	assert_true(pkcs11_tpl_remove(&t, PKCS11_CKA_TOKEN));
	assert_false(pkcs11_tpl_remove(&t, PKCS11_CKA_TOKEN));
	assert_int_equal(pkcs11_tpl_count(t.buf), 2);
	assert_int_equal(pkcs11_tpl_check(t.buf, t.size, &used), PKCS11_CKR_OK);
	assert_int_equal(used, t.size);
	assert_int_equal(pkcs11_tpl_get(t.buf, PKCS11_CKA_LABEL, &val, &size),
			 PKCS11_CKR_OK);
	assert_int_equal(size, 0);
	pkcs11_tpl_release(&t);
	assert_null(t.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u32_little_endian),
		cmocka_unit_test(test_args_exact),
		cmocka_unit_test(test_template_ok),
		cmocka_unit_test(test_template_bad),
		cmocka_unit_test(test_template_in_args),
		cmocka_unit_test(test_template_build),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
