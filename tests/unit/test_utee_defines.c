// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_utee_defines: the algorithm-identifier helpers of
 * ta/include/utee_defines.h against the values OP-TEE's own helpers give
 * (ABI-FACTS-INTERNAL.md §1.7, "Class/Main/Dig. hash/MGF hash" columns
 * and the special cases listed above the table).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ta/include/utee_defines.h"

/* Raw bits 31-28, but for the identifiers OP-TEE reclassifies. */
static void test_class(void **state)
{
	(void)state;
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_AES_CBC_NOPAD), 1);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_HMAC_SHA256), 3);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_SM2_PKE), 6);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_SM2_KEP), 8);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_RSASSA_PKCS1_V1_5), 7);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_DES3_CMAC), 3);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_SM4_XTS), 1);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_RSASSA_PKCS1_PSS_MGF1_MD5),
			 7);
	assert_int_equal(TEE_ALG_GET_CLASS(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_MD5),
			 6);
}

static void test_main_alg_and_key_type(void **state)
{
	(void)state;
	assert_int_equal(TEE_ALG_GET_MAIN_ALG(TEE_ALG_AES_GCM), 0x10);
	assert_int_equal(TEE_ALG_GET_MAIN_ALG(TEE_ALG_ECDSA_SHA256), 0x41);
	assert_int_equal(
		TEE_ALG_GET_MAIN_ALG(TEE_ALG_ECDH_DERIVE_SHARED_SECRET), 0x42);
	assert_int_equal(TEE_ALG_GET_MAIN_ALG(TEE_ALG_SM2_KEP), 0x46);
	assert_int_equal(TEE_ALG_GET_MAIN_ALG(TEE_ALG_SM2_PKE), 0x47);
	assert_int_equal(TEE_ALG_GET_MAIN_ALG(TEE_ALG_X25519), 0x44);
	assert_int_equal(TEE_ALG_GET_KEY_TYPE(TEE_ALG_ECDSA_SHA256, true),
			 TEE_TYPE_ECDSA_KEYPAIR);
	assert_int_equal(TEE_ALG_GET_KEY_TYPE(TEE_ALG_RSA_NOPAD, false),
			 TEE_TYPE_RSA_PUBLIC_KEY);
	assert_int_equal(TEE_ALG_GET_CHAIN_MODE(TEE_ALG_AES_XTS), 4);
}

/* What asym_cipher_perf and crypt compute a signature's hash with. */
static void test_hashes(void **state)
{
	(void)state;
	assert_int_equal(TEE_ALG_GET_DIGEST_HASH(TEE_ALG_SM2_DSA_SM3), 7);
	assert_int_equal(TEE_ALG_HASH_ALGO(TEE_ALG_GET_DIGEST_HASH(
				 TEE_ALG_RSASSA_PKCS1_V1_5_SHA384)),
			 TEE_ALG_SHA384);
	assert_int_equal(TEE_DIGEST_HASH_TO_ALGO(TEE_ALG_SM2_DSA_SM3),
			 TEE_ALG_SM3);
	assert_int_equal(
		TEE_INTERNAL_HASH_TO_ALGO(TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA224),
		TEE_ALG_SHA224);
	assert_int_equal(TEE_ALG_HMAC_ALGO(TEE_MAIN_ALGO_SHA512),
			 TEE_ALG_HMAC_SHA512);
}

static void test_digest_size(void **state)
{
	(void)state;
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_SHA3_384), 48);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_ECDSA_SHA1), 20);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_HMAC_SM3), 32);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_AES_CMAC), 16);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_DES3_CMAC), 8);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_AES_ECB_NOPAD), 0);
	assert_int_equal(TEE_ALG_GET_DIGEST_SIZE(TEE_ALG_SHAKE128), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class),
		cmocka_unit_test(test_main_alg_and_key_type),
		cmocka_unit_test(test_hashes),
		cmocka_unit_test(test_digest_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
