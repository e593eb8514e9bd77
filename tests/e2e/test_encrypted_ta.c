// SPDX-License-Identifier: BSD-2-Clause
/*
 * Encrypted TAs (SHDR_ENCRYPTED_TA), end to end: teebox-sign encrypts as
 * OP-TEE's sign_encrypt.py --enc-key does (AES-256-GCM after signing the
 * plaintext), tee-supplicant serves the image, and the secure world
 * decrypts it with the TA encryption key its flags name, as OP-TEE's
 * ree_fs_ta.c and tee_ta_enc_manager.c do:
 *
 *  - SHDR_ENC_KEY_CLASS_WIDE: the key teed was given (--ta-enc-key FILE);
 *  - SHDR_ENC_KEY_DEV_SPECIFIC: OP-TEE's default tee_otp_get_ta_enc_key(),
 *    huk_subkey_derive(HUK_SUBKEY_TA_ENC = 4, the platform key's modulus),
 *    i.e. HMAC-SHA-256(HUK, u32 LE 4 || modulus).  This test computes that
 *    key itself from a HUK it writes into the secure world's state
 *    directory, so the derivation is checked, not reused.
 *
 * A wrong key or a changed tag fails the GCM tag check: the session is
 * refused with TEE_ERROR_SECURITY, origin TEE, as on OP-TEE.
 */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define TEE_ERROR_SECURITY 0xFFFF000F

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/* Two class-wide keys: the one teed is given, and another one. */
static const char class_key[] =
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char other_key[] =
	"f0e0d0c0b0a090807060504030201000f0e0d0c0b0a090807060504030201000";

static char dir[] = "/tmp/teebox-enc-XXXXXX";

/* The basic TA signed with this build's key and encrypted, into DIR/tas. */
static void sign_encrypted(const char *key, const char *type)
{
	assert_int_equal(
		harness_run((char *const[]){
			TEEBOX_SIGN_TOOL, "sign", "--key", TEEBOX_TEST_SIGN_KEY,
			"--in", TEEBOX_TEST_BASIC_ELF, "--out",
			(char *)harness_path_in(dir, "tas"), "--enc-key",
			(char *)key, "--enc-key-type", (char *)type, NULL}),
		0);
}

static void write_text(const char *file, const void *buf, size_t len,
		       mode_t mode)
{
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	close(fd);
}

/*
 * Opens the basic TA from DIR/tas with teed given @teed_args and the
 * state directory @state: success and a call, or @expected and @log.
 */
static void open_basic(const char *const *teed_args, const char *state,
		       TEEC_Result expected, const char *log)
{
	struct harness_opts o = {.supplicant = true,
				 .ta_dir = harness_path_in(dir, "tas"),
				 .teed_args = teed_args,
				 .state_dir = state};

	e2e_expect_open(&o, &basic_uuid, true, expected, log);
}

/* A class-wide encrypted TA runs with the key teed was given. */
static void test_class_wide_encrypted_ta_runs(void **state)
{
	const char *args[] = {"--ta-enc-key", harness_path_in(dir, "class.key"),
			      NULL};

	(void)state;
	sign_encrypted(class_key, "SHDR_ENC_KEY_CLASS_WIDE");
	open_basic(args, NULL, TEEC_SUCCESS, NULL);
}

/* Encrypted with another key: the tag does not match. */
static void test_wrong_class_key_refused(void **state)
{
	const char *args[] = {"--ta-enc-key", harness_path_in(dir, "class.key"),
			      NULL};

	(void)state;
	sign_encrypted(other_key, "SHDR_ENC_KEY_CLASS_WIDE");
	open_basic(args, NULL, TEE_ERROR_SECURITY,
		   "secure world refused TA " TA_TEST_BASIC_UUID_STR
		   ": it is encrypted and decryption failed (wrong TA "
		   "encryption key or tampered image)");
}

/* No class-wide key configured: refused, and the log says how to give one. */
static void test_no_class_key_refused(void **state)
{
	(void)state;
	sign_encrypted(class_key, "SHDR_ENC_KEY_CLASS_WIDE");
	open_basic(NULL, NULL, TEE_ERROR_SECURITY,
		   "no class-wide TA encryption key: start teed with "
		   "--ta-enc-key FILE");
}

/* One bit of the GCM tag changed (it follows the 12-byte IV). */
static void test_tampered_tag_refused(void **state)
{
	const char *args[] = {"--ta-enc-key", harness_path_in(dir, "class.key"),
			      NULL};
	unsigned char hdr[20];
	long off;
	FILE *f;
	int c;

	(void)state;
	sign_encrypted(class_key, "SHDR_ENC_KEY_CLASS_WIDE");
	f = fopen(harness_path_in(dir, "tas/" TA_TEST_BASIC_UUID_STR ".ta"),
		  "r+b");
	assert_non_null(f);
	assert_int_equal(fread(hdr, 1, sizeof(hdr), f), sizeof(hdr));
	/* shdr, hash, sig, uuid + version, encryption header, IV. */
	off = 20 + 32 + (hdr[18] | hdr[19] << 8) + 20 + 12 + 12 + 3;
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	c = fgetc(f);
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	fputc(c ^ 0x10, f);
	fclose(f);
	open_basic(args, NULL, TEE_ERROR_SECURITY,
		   "it is encrypted and decryption failed");
}

/*
 * OP-TEE's device-specific key, computed here from a HUK this test puts
 * in the state directory: HMAC-SHA-256(HUK, u32 LE 4 || modulus of the
 * platform key, big-endian).
 */
static void dev_key_hex(const unsigned char huk[16], char hex[65])
{
	unsigned char msg[4 + 512] = {4, 0, 0, 0}, mac[32];
	unsigned int mac_len = 0;
	FILE *f = fopen(TEEBOX_TEST_SIGN_KEY, "r");
	EVP_PKEY *key;
	BIGNUM *n = NULL;
	int len;

	assert_non_null(f);
	key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	fclose(f);
	assert_non_null(key);
	assert_int_equal(EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n),
			 1);
	len = BN_bn2bin(n, msg + 4);
	assert_true(len > 0 && len <= 512);
	assert_non_null(HMAC(EVP_sha256(), huk, 16, msg, 4 + (size_t)len, mac,
			     &mac_len));
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", mac[i]);
	BN_free(n);
	EVP_PKEY_free(key);
}

/* A device-specific encrypted TA runs on the device whose HUK it is for. */
static void test_dev_specific_encrypted_ta_runs(void **state)
{
	static const unsigned char huk[16] = {
		0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
	char hex[65], cmd[3 * PATH_MAX];

	(void)state;
	assert_int_equal(mkdir(harness_path_in(dir, "state"), 0700), 0);
	write_text(harness_path_in(dir, "state/huk"), huk, sizeof(huk), 0600);
	dev_key_hex(huk, hex);
	/* teebox-sign ta-enc-key derives the same key. */
	snprintf(cmd, sizeof(cmd),
		 "'%s' ta-enc-key --key '%s' --huk '%s' | grep -qx '%s'",
		 TEEBOX_SIGN_TOOL, TEEBOX_TEST_SIGN_KEY,
		 harness_path_in(dir, "state/huk"), hex);
	assert_int_equal(system(cmd), 0);
	sign_encrypted(hex, "SHDR_ENC_KEY_DEV_SPECIFIC");
	open_basic(NULL, harness_path_in(dir, "state"), TEEC_SUCCESS, NULL);

	/* Another device (another HUK): it does not decrypt there. */
	unlink(harness_path_in(dir, "state/huk"));
	rmdir(harness_path_in(dir, "state"));
	open_basic(NULL, NULL, TEE_ERROR_SECURITY,
		   "it is encrypted and decryption failed");
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir) || mkdir(harness_path_in(dir, "tas"), 0700))
		return -1;
	write_text(harness_path_in(dir, "class.key"), class_key,
		   strlen(class_key), 0600);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return harness_remove_tree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_wide_encrypted_ta_runs),
		cmocka_unit_test(test_wrong_class_key_refused),
		cmocka_unit_test(test_no_class_key_refused),
		cmocka_unit_test(test_tampered_tag_refused),
		cmocka_unit_test(test_dev_specific_encrypted_ta_runs),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
