// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the bottom library's UUID forms (lib/tbx/uuid.c): the
 * RFC 4122 octets (integer fields big-endian, as the TEE UAPI, the OP-TEE
 * message protocol and signed TA images carry them) and the 8-4-4-4-12
 * text, from GP's field struct of either world (TEE_UUID, TEEC_UUID).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <tbx/uuid.h>

/* GP's layout, as TEE_UUID and TEEC_UUID both spell it. */
struct gp_uuid {
	uint32_t timeLow;
	uint16_t timeMid;
	uint16_t timeHiAndVersion;
	uint8_t clockSeqAndNode[8];
};

/* OP-TEE's hello_world TA: 8aaaf200-2450-11e4-abe2-0002a5d5c51b. */
static const struct gp_uuid hello = {
	0x8aaaf200,
	0x2450,
	0x11e4,
	{0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b}};
static const uint8_t hello_octets[TBX_UUID_OCTETS] = {
	0x8a, 0xaa, 0xf2, 0x00, 0x24, 0x50, 0x11, 0xe4,
	0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b};
static const char hello_str[] = "8aaaf200-2450-11e4-abe2-0002a5d5c51b";

static void test_tbx_uuid_to_octets__fields_big_endian_node_as_is(void **state)
{
	uint8_t octets[TBX_UUID_OCTETS];

	tbx_uuid_to_octets(octets, &hello);
	assert_memory_equal(octets, hello_octets, sizeof(octets));
}

static void test_tbx_uuid_from_octets__fields_host_order(void **state)
{
	struct gp_uuid u;

	memset(&u, 0x77, sizeof(u));
	tbx_uuid_from_octets(&u, hello_octets);
	assert_int_equal(u.timeLow, hello.timeLow);
	assert_int_equal(u.timeMid, hello.timeMid);
	assert_int_equal(u.timeHiAndVersion, hello.timeHiAndVersion);
	assert_memory_equal(u.clockSeqAndNode, hello.clockSeqAndNode,
			    sizeof(u.clockSeqAndNode));
}

static void test_tbx_uuid_octets__unaligned_buffers(void **state)
{
	uint8_t odd[TBX_UUID_OCTETS + 1];
	struct gp_uuid u;

	tbx_uuid_to_octets(odd + 1, &hello);
	assert_memory_equal(odd + 1, hello_octets, TBX_UUID_OCTETS);
	tbx_uuid_from_octets(&u, odd + 1);
	assert_memory_equal(&u, &hello, sizeof(u));
}

static void test_tbx_uuid_octets_to_str__lowercase_8_4_4_4_12(void **state)
{
	char str[TBX_UUID_STR_LEN];

	memset(str, 'x', sizeof(str));
	tbx_uuid_octets_to_str(str, hello_octets);
	assert_string_equal(str, hello_str);
}

static void test_tbx_uuid_octets_from_str__either_case(void **state)
{
	uint8_t octets[TBX_UUID_OCTETS];

	assert_int_equal(tbx_uuid_octets_from_str(octets, hello_str), 0);
	assert_memory_equal(octets, hello_octets, sizeof(octets));
	memset(octets, 0, sizeof(octets));
	assert_int_equal(
		tbx_uuid_octets_from_str(
			octets, "8AAAF200-2450-11E4-ABE2-0002A5D5C51B"),
		0);
	assert_memory_equal(octets, hello_octets, sizeof(octets));
}

static void
test_tbx_uuid_octets_from_str__not_a_uuid_einval_untouched(void **state)
{
	static const char *const bad[] = {
		"",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51b0",
		"8aaaf200x2450-11e4-abe2-0002a5d5c51b",
		"8aaaf2002-450-11e4-abe2-0002a5d5c51b",
		"8aaaf200-2450-11e4-abe2-0002a5d5c51g",
		"{aaaf200-2450-11e4-abe2-0002a5d5c51b",
		"8aaaf200-2450-11e4-abe2-0002a5d5c5 b",
	};
	uint8_t octets[TBX_UUID_OCTETS], before[TBX_UUID_OCTETS];

	memset(before, 0x77, sizeof(before));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(octets, before, sizeof(octets));
		assert_int_equal(tbx_uuid_octets_from_str(octets, bad[i]),
				 -EINVAL);
		assert_memory_equal(octets, before, sizeof(octets));
	}
}

static void test_tbx_uuid__text_round_trip_through_fields(void **state)
{
	uint8_t octets[TBX_UUID_OCTETS];
	char str[TBX_UUID_STR_LEN];
	struct gp_uuid u;

	assert_int_equal(tbx_uuid_octets_from_str(octets, hello_str), 0);
	tbx_uuid_from_octets(&u, octets);
	assert_memory_equal(&u, &hello, sizeof(u));
	tbx_uuid_to_octets(octets, &u);
	tbx_uuid_octets_to_str(str, octets);
	assert_string_equal(str, hello_str);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_tbx_uuid_to_octets__fields_big_endian_node_as_is),
		cmocka_unit_test(test_tbx_uuid_from_octets__fields_host_order),
		cmocka_unit_test(test_tbx_uuid_octets__unaligned_buffers),
		cmocka_unit_test(
			test_tbx_uuid_octets_to_str__lowercase_8_4_4_4_12),
		cmocka_unit_test(test_tbx_uuid_octets_from_str__either_case),
		cmocka_unit_test(
			test_tbx_uuid_octets_from_str__not_a_uuid_einval_untouched),
		cmocka_unit_test(test_tbx_uuid__text_round_trip_through_fields),
	};

	return cmocka_run_group_tests_name("tbx uuid", tests, NULL, NULL);
}
