// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA and subkey anti-rollback, end to end, with OP-TEE's rules
 * (core/kernel/ree_fs_ta.c check_update_version()): the secure world
 * keeps the highest ta_version loaded per TA UUID (ta_ver.db) and the
 * highest subkey_version per subkey UUID (subkey_ver.db).  A lower TA
 * version fails TEEC_OpenSession() with TEE_ERROR_ACCESS_CONFLICT (what
 * check_update_version() returns once the image is read), a lower subkey
 * version with TEE_ERROR_SECURITY (ree_fs_ta_open() turns every failure
 * of the check into that); equal versions load, higher ones raise the
 * record.  Every open below starts teebox anew over the same state
 * directory, so each test also proves that the record survives a
 * restart.
 */
#include <ftw.h>
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

#define TEE_ERROR_ACCESS_CONFLICT 0xFFFF0003
#define TEE_ERROR_SECURITY	  0xFFFF000F

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID arith_uuid = TA_TEST_ARITH_UUID;

/* The scratch directory: keys, subkeys, TAs and state directories. */
static char dir[] = "/tmp/teebox-taver-XXXXXX";
/* This test's state directory: a new one for each test. */
static char state_path[PATH_MAX];

/* @elf signed with the platform key as version @ver into DIR/tas. */
static void sign_ta(const char *elf, const char *ver)
{
	assert_int_equal(harness_run((char *const[]){
				 TEEBOX_SIGN_TOOL, "sign", "--key",
				 TEEBOX_TEST_SIGN_KEY, "--in", (char *)elf,
				 "--out", (char *)harness_path_in(dir, "tas"),
				 "--ta-version", (char *)ver, NULL}),
			 0);
}

/*
 * The basic TA (version 0) under an identity subkey of @uuid at subkey
 * version @ver, made from DIR/sub.pem and signed with the platform key.
 */
static void sign_under_subkey(const char *elf, const char *uuid,
			      const char *ver)
{
	assert_int_equal(
		harness_run((char *const[]){
			TEEBOX_SIGN_TOOL, "sign-subkey", "--key",
			TEEBOX_TEST_SIGN_KEY, "--in",
			(char *)harness_path_in(dir, "sub.pem"), "--out",
			(char *)harness_path_in(dir, "sub.bin"), "--uuid",
			(char *)uuid, "--name-size", "0", "--max-depth", "0",
			"--subkey-version", (char *)ver, NULL}),
		0);
	assert_int_equal(
		harness_run((char *const[]){
			TEEBOX_SIGN_TOOL, "sign", "--key",
			(char *)harness_path_in(dir, "sub.pem"), "--subkey",
			(char *)harness_path_in(dir, "sub.bin"), "--in",
			(char *)elf, "--out",
			(char *)harness_path_in(dir, "tas"), NULL}),
		0);
}

/*
 * Starts teebox over this test's state directory and opens TA @uuid from
 * DIR/tas: TEEC_SUCCESS, or the error expected with @log in teed.log.
 */
static void open_ta(const TEEC_UUID *uuid, TEEC_Result expected,
		    const char *log)
{
	struct harness_opts o = {.supplicant = true,
				 .ta_dir = harness_path_in(dir, "tas"),
				 .state_dir = state_path};

	e2e_expect_open(&o, uuid, false, expected, log);
}

#define TA_ROLLBACK_LOG(ver)                                                   \
	"secure world refused TA " TA_TEST_BASIC_UUID_STR                      \
	": its ta_version " ver " is lower than that of a version loaded "     \
	"before"
#define SUBKEY_ROLLBACK_LOG                                                    \
	"secure world refused TA " TA_TEST_BASIC_UUID_STR                      \
	": its subkey chain does not allow it (subkey version lower than "     \
	"one loaded before)"

/* ta_version 2 loaded: 1 is a rollback. */
static void test_ta_lower_version_refused(void **state)
{
	(void)state;
	sign_ta(TEEBOX_TEST_BASIC_ELF, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_ta(TEEBOX_TEST_BASIC_ELF, "1");
	open_ta(&basic_uuid, TEE_ERROR_ACCESS_CONFLICT, TA_ROLLBACK_LOG("1"));
	/* The refusal did not lower the record: 2 still loads. */
	sign_ta(TEEBOX_TEST_BASIC_ELF, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
}

/* The same version again is no rollback. */
static void test_ta_same_version_loads(void **state)
{
	(void)state;
	sign_ta(TEEBOX_TEST_BASIC_ELF, "1");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
}

/* 1 then 2 raises the record: 1 is then refused. */
static void test_ta_raised_version_kept(void **state)
{
	(void)state;
	sign_ta(TEEBOX_TEST_BASIC_ELF, "1");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_ta(TEEBOX_TEST_BASIC_ELF, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_ta(TEEBOX_TEST_BASIC_ELF, "1");
	open_ta(&basic_uuid, TEE_ERROR_ACCESS_CONFLICT, TA_ROLLBACK_LOG("1"));
}

/* Within one run of teebox too: the check is made at every load. */
static void test_ta_rollback_refused_without_restart(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin = 0;

	(void)state;
	harness_start_ok(
		&h, (struct harness_opts){.supplicant = true,
					  .ta_dir = harness_path_in(dir, "tas"),
					  .state_dir = state_path});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	sign_ta(TEEBOX_TEST_BASIC_ELF, "3");
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_inc(&s, TA_TEST_CMD_VALUE_INC);
	TEEC_CloseSession(&s);
	sign_ta(TEEBOX_TEST_BASIC_ELF, "2");
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_true(harness_log_contains(&h, "teed.log", TA_ROLLBACK_LOG("2")));
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
}

/* The record is per UUID: another TA's version 1 loads. */
static void test_ta_other_uuid_unaffected(void **state)
{
	(void)state;
	sign_ta(TEEBOX_TEST_BASIC_ELF, "5");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_ta(TEEBOX_TEST_ARITH_ELF, "1");
	open_ta(&arith_uuid, TEEC_SUCCESS, NULL);
}

/* subkey_version 2 loaded: a chain with 1 is refused, 2 still loads. */
static void test_subkey_lower_version_refused(void **state)
{
	(void)state;
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "1");
	open_ta(&basic_uuid, TEE_ERROR_SECURITY, SUBKEY_ROLLBACK_LOG);
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
}

/* The same subkey version again loads; 1, 2, then 1 is refused. */
static void test_subkey_same_then_raised(void **state)
{
	(void)state;
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "1");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "2");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "1");
	open_ta(&basic_uuid, TEE_ERROR_SECURITY, SUBKEY_ROLLBACK_LOG);
}

/* Per subkey UUID: a subkey of another UUID at version 1 loads. */
static void test_subkey_other_uuid_unaffected(void **state)
{
	(void)state;
	sign_under_subkey(TEEBOX_TEST_BASIC_ELF, TA_TEST_BASIC_UUID_STR, "5");
	open_ta(&basic_uuid, TEEC_SUCCESS, NULL);
	sign_under_subkey(TEEBOX_TEST_ARITH_ELF, TA_TEST_ARITH_UUID_STR, "1");
	open_ta(&arith_uuid, TEEC_SUCCESS, NULL);
}

/* Each test from no record: a new state directory. */
static int fresh_state(void **st)
{
	static unsigned int n;

	(void)st;
	snprintf(state_path, sizeof(state_path), "%s/state%u", dir, n++);
	return 0;
}

static int setup(void **st)
{
	(void)st;
	if (!mkdtemp(dir) || mkdir(harness_path_in(dir, "tas"), 0700))
		return -1;
	return harness_run(
		(char *const[]){TEEBOX_SIGN_TOOL, "keygen", "--out",
				(char *)harness_path_in(dir, "sub.pem"),
				"--bits", "2048", "--force", NULL});
}

static int remove_one(const char *p, const struct stat *sb, int flag,
		      struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(p);
}

/* DIR is this test's own (mkdtemp above): remove it whole. */
static int teardown(void **st)
{
	(void)st;
	return nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_ta_lower_version_refused,
				       fresh_state),
		cmocka_unit_test_setup(test_ta_same_version_loads, fresh_state),
		cmocka_unit_test_setup(test_ta_raised_version_kept,
				       fresh_state),
		cmocka_unit_test_setup(test_ta_rollback_refused_without_restart,
				       fresh_state),
		cmocka_unit_test_setup(test_ta_other_uuid_unaffected,
				       fresh_state),
		cmocka_unit_test_setup(test_subkey_lower_version_refused,
				       fresh_state),
		cmocka_unit_test_setup(test_subkey_same_then_raised,
				       fresh_state),
		cmocka_unit_test_setup(test_subkey_other_uuid_unaffected,
				       fresh_state),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
