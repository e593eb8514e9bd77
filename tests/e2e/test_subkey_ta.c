// SPDX-License-Identifier: BSD-2-Clause
/*
 * TAs signed with subkeys, end to end: teebox-sign makes the subkeys and
 * the images as OP-TEE's sign_encrypt.py does (sign-subkey, sign-enc
 * --subkey), tee-supplicant serves them, and the secure world verifies
 * the chain from the platform key down before the TA runs (OP-TEE's
 * ree_fs_ta_open(); xtest 1039 "Test subkey verification" opens a TA
 * under two levels of subkeys and one under an identity subkey).  A
 * broken chain fails TEEC_OpenSession() with TEE_ERROR_SECURITY, origin
 * TEE, as on OP-TEE.
 *
 * The subkeys here are identity subkeys (name size 0) of ta_test_basic's
 * UUID, the only way a TA of a fixed UUID fits under a new subkey; the
 * named namespaces are test_shdr_subkey's and test_sign_tool's.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"

#define TEE_ERROR_SECURITY 0xFFFF000F

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/* The scratch directory: keys, subkeys and the TA directory. */
static char dir[] = "/tmp/teebox-subkey-XXXXXX";

static void keygen(const char *name)
{
	assert_int_equal(
		harness_run((char *const[]){TEEBOX_SIGN_TOOL, "keygen", "--out",
					    (char *)harness_path_in(dir, name),
					    "--bits", "2048", "--force", NULL}),
		0);
}

/*
 * sign-subkey: @pem's public key as an identity subkey of the basic TA's
 * UUID, signed with @signer (under @parent's chain if not NULL).
 */
static void sign_subkey(const char *signer, const char *parent, const char *pem,
			const char *out, const char *depth)
{
	char *argv[24] = {TEEBOX_SIGN_TOOL, "sign-subkey",
			  "--key",	    (char *)signer,
			  "--in",	    (char *)harness_path_in(dir, pem),
			  "--out",	    (char *)harness_path_in(dir, out),
			  "--uuid",	    TA_TEST_BASIC_UUID_STR,
			  "--name-size",    "0",
			  "--max-depth",    (char *)depth};
	int n = 14;

	if (parent) {
		argv[n++] = "--subkey";
		argv[n++] = (char *)harness_path_in(dir, parent);
	}
	assert_int_equal(harness_run(argv), 0);
}

/* The basic TA signed with @pem under @bin, into DIR/tas. */
static void sign_ta(const char *pem, const char *bin)
{
	assert_int_equal(harness_run((char *const[]){
				 TEEBOX_SIGN_TOOL, "sign", "--key",
				 (char *)harness_path_in(dir, pem), "--subkey",
				 (char *)harness_path_in(dir, bin), "--in",
				 TEEBOX_TEST_BASIC_ELF, "--out",
				 (char *)harness_path_in(dir, "tas"), NULL}),
			 0);
}

/*
 * Opens the basic TA from DIR/tas: TEEC_SUCCESS, or the error expected
 * with @log in teed.log.
 */
static void open_basic(TEEC_Result expected, const char *log)
{
	struct harness_opts o = {.supplicant = true,
				 .ta_dir = harness_path_in(dir, "tas")};

	e2e_expect_open(&o, &basic_uuid, true, expected, log);
}

/* xtest 1039 "Load TA with identity subkey": it loads and runs. */
static void test_ta_under_identity_subkey_runs(void **state)
{
	(void)state;
	sign_subkey(TEEBOX_TEST_SIGN_KEY, NULL, "sub.pem", "sub.bin", "0");
	sign_ta("sub.pem", "sub.bin");
	open_basic(TEEC_SUCCESS, NULL);
}

/* xtest 1039 "Load TA with two levels of subkeys". */
static void test_ta_under_two_levels_runs(void **state)
{
	(void)state;
	sign_subkey(TEEBOX_TEST_SIGN_KEY, NULL, "top.pem", "top.bin", "1");
	sign_subkey(harness_path_in(dir, "top.pem"), "top.bin", "mid.pem",
		    "mid.bin", "0");
	sign_ta("mid.pem", "mid.bin");
	open_basic(TEEC_SUCCESS, NULL);
}

/* A subkey signed with a key the platform does not know. */
static void test_subkey_signed_by_another_key_refused(void **state)
{
	(void)state;
	sign_subkey(harness_path_in(dir, "rogue.pem"), NULL, "sub.pem",
		    "rogue.bin", "0");
	sign_ta("sub.pem", "rogue.bin");
	open_basic(TEE_ERROR_SECURITY,
		   "secure world refused TA " TA_TEST_BASIC_UUID_STR
		   ": it is not signed with the TA key this teebox was built "
		   "with");
}

/* A byte of the subkey's public key changed after signing. */
static void test_tampered_subkey_refused(void **state)
{
	unsigned char hdr[20];
	long off;
	FILE *f;
	int c;

	(void)state;
	sign_subkey(TEEBOX_TEST_SIGN_KEY, NULL, "sub.pem", "sub.bin", "0");
	sign_ta("sub.pem", "sub.bin");
	/* Past shdr, hash and signature (sig_size at 18), into the modulus. */
	f = fopen(harness_path_in(dir, "tas/" TA_TEST_BASIC_UUID_STR ".ta"),
		  "r+b");
	assert_non_null(f);
	assert_int_equal(fread(hdr, 1, sizeof(hdr), f), sizeof(hdr));
	off = 20 + 32 + (hdr[18] | hdr[19] << 8) + 100;
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	c = fgetc(f);
	assert_int_equal(fseek(f, off, SEEK_SET), 0);
	fputc(c ^ 0x01, f);
	fclose(f);
	open_basic(TEE_ERROR_SECURITY,
		   "secure world refused TA " TA_TEST_BASIC_UUID_STR
		   ": its subkey chain does not allow it (subkey hash "
		   "mismatch)");
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir) || mkdir(harness_path_in(dir, "tas"), 0700))
		return -1;
	keygen("sub.pem");
	keygen("top.pem");
	keygen("mid.pem");
	keygen("rogue.pem");
	return 0;
}

static int teardown(void **state)
{
	static const char *const files[] = {
		"sub.pem",   "top.pem",	  "mid.pem",
		"rogue.pem", "sub.bin",	  "top.bin",
		"mid.bin",   "rogue.bin", "tas/" TA_TEST_BASIC_UUID_STR ".ta",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(harness_path_in(dir, files[i]));
	rmdir(harness_path_in(dir, "tas"));
	rmdir(dir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ta_under_identity_subkey_runs),
		cmocka_unit_test(test_ta_under_two_levels_runs),
		cmocka_unit_test(test_subkey_signed_by_another_key_refused),
		cmocka_unit_test(test_tampered_subkey_refused),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
