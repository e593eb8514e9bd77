// SPDX-License-Identifier: BSD-2-Clause
/*
 * The HUK file and the storage key hierarchy (secure/huk.c,
 * secure/tee_fs_key_manager.c).  The vectors are those of
 * ABI-FACTS-INTERNAL §5.2, computed from OP-TEE's rules
 * (core/kernel/huk_subkey.c, core/tee/tee_fs_key_manager.c) with
 * HUK = 16 zero bytes, OP-TEE's CFG_INSECURE default.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "secure/huk.h"
#include "secure/nv_counter.h"
#include "secure/tee_fs_key_manager.h"

static const uint8_t zero_huk[HUK_SIZE];

static void unhex(uint8_t *out, const char *hex)
{
	for (size_t i = 0; hex[2 * i]; i++)
		sscanf(hex + 2 * i, "%2hhx", &out[i]);
}

static void assert_hex(const uint8_t *got, const char *hex)
{
	uint8_t want[64];

	unhex(want, hex);
	assert_memory_equal(got, want, strlen(hex) / 2);
}

/* OP-TEE's compat SSK: HMAC(HUK, "BEEF" x 8 || "ONLY_FOR_tee_fs_ssk\0"). */
static void test_ssk__compat_vector(void **state)
{
	uint8_t ssk[32];

	(void)state;
	assert_int_equal(huk_ssk_derive(zero_huk, ssk), 0);
	assert_hex(ssk, "79b082214416d9f43a9be1cb6c4abaa5"
			"435c1a1a55b8ae51c3a6857460952147");
}

/* The generic rule HMAC(HUK, u32 LE usage): the non-compat SSK. */
static void test_subkey__generic_rule_vector(void **state)
{
	uint8_t key[32];

	(void)state;
	assert_int_equal(huk_subkey_derive(zero_huk, HUK_SUBKEY_SSK, NULL, 0,
					   key, sizeof(key)),
			 0);
	assert_hex(key, "a3e7181c6eed030fd52f79537c56c4d0"
			"7da92e56d374ff1dd2043350785b37d8");
}

static void test_subkey__bad_sizes_einval(void **state)
{
	uint8_t key[33];

	(void)state;
	assert_int_equal(huk_subkey_derive(zero_huk, 1, NULL, 0, key, 0),
			 -EINVAL);
	assert_int_equal(huk_subkey_derive(zero_huk, 1, NULL, 0, key, 33),
			 -EINVAL);
}

static void ssk_of_zero_huk(uint8_t ssk[32])
{
	assert_int_equal(huk_ssk_derive(zero_huk, ssk), 0);
}

/* dirf.db's TSK: the message is one 0x00 byte. */
static void test_tsk__dirf_vector(void **state)
{
	uint8_t ssk[32], tsk[32];

	(void)state;
	ssk_of_zero_huk(ssk);
	assert_int_equal(tee_fs_tsk_derive(ssk, NULL, tsk), TEE_SUCCESS);
	assert_hex(tsk, "efa8fc65f1ff33c90da75ee3e2359acf"
			"9d981e99bed1b70b8f8517b09e5bb0d9");
}

/* A TA's TSK: its TEE_UUID in memory order (integers little-endian). */
static void test_tsk__ta_uuid_vector(void **state)
{
	const TEE_UUID uuid = {
		0xfd02c9da,
		0x306c,
		0x48c7,
		{0xa4, 0x9c, 0xbb, 0xd8, 0x27, 0xae, 0x86, 0xee}};
	uint8_t ssk[32], tsk[32];

	(void)state;
	ssk_of_zero_huk(ssk);
	assert_int_equal(tee_fs_tsk_derive(ssk, &uuid, tsk), TEE_SUCCESS);
	assert_hex(tsk, "bee9ef9633661542741c1f49534156d7"
			"395772b118dcbedf49045613384c9390");
}

/* FEK wrap = one AES-256-ECB block (vector from openssl enc). */
static void test_fek__wrap_vector_and_round_trip(void **state)
{
	uint8_t ssk[32], tsk[32], fek[16], enc[16], back[16];

	(void)state;
	ssk_of_zero_huk(ssk);
	assert_int_equal(tee_fs_tsk_derive(ssk, NULL, tsk), TEE_SUCCESS);
	for (int i = 0; i < 16; i++)
		fek[i] = (uint8_t)i;
	assert_int_equal(tee_fs_fek_crypt(tsk, true, fek, enc), TEE_SUCCESS);
	assert_hex(enc, "9630e567c97f8121daff74972b6fca44");
	assert_int_equal(tee_fs_fek_crypt(tsk, false, enc, back), TEE_SUCCESS);
	assert_memory_equal(back, fek, 16);
	assert_int_equal(tee_fs_fek_generate(tsk, fek, enc), TEE_SUCCESS);
	assert_int_equal(tee_fs_fek_crypt(tsk, false, enc, back), TEE_SUCCESS);
	assert_memory_equal(back, fek, 16);
}

static char tmpdir[64];
static char statedir[128];
static char hukpath[160];

static int setup_dir(void **state)
{
	(void)state;
	strcpy(tmpdir, "/tmp/test_sw_huk.XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	snprintf(statedir, sizeof(statedir), "%s/state", tmpdir);
	snprintf(hukpath, sizeof(hukpath), "%s/" HUK_FILE_NAME, statedir);
	return 0;
}

static int teardown_dir(void **state)
{
	char path[200];

	(void)state;
	snprintf(path, sizeof(path), "%s/" NV_COUNTER_FILE, statedir);
	unlink(path);
	unlink(hukpath);
	rmdir(statedir);
	rmdir(tmpdir);
	return 0;
}

/* First start makes a private random key; later starts read the same. */
static void test_huk_load__made_once_private_and_stable(void **state)
{
	uint8_t a[HUK_SIZE], b[HUK_SIZE];
	struct stat st;

	(void)state;
	assert_int_equal(huk_load(statedir, a), 0);
	assert_int_equal(stat(statedir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(hukpath, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_size, HUK_SIZE);
	assert_memory_not_equal(a, zero_huk, HUK_SIZE);
	assert_int_equal(huk_load(statedir, b), 0);
	assert_memory_equal(a, b, HUK_SIZE);
}

/* A key others could read is not a secret any more: refused, not reused. */
static void test_huk_load__readable_by_others_eperm(void **state)
{
	uint8_t a[HUK_SIZE];

	(void)state;
	assert_int_equal(huk_load(statedir, a), 0);
	assert_int_equal(chmod(hukpath, 0644), 0);
	assert_int_equal(huk_load(statedir, a), -EPERM);
}

static void test_huk_load__wrong_size_einval(void **state)
{
	uint8_t a[HUK_SIZE];
	int fd;

	(void)state;
	assert_int_equal(mkdir(statedir, 0700), 0);
	fd = open(hukpath, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "short", 5), 5);
	close(fd);
	assert_int_equal(huk_load(statedir, a), -EINVAL);
}

/* A symbolic link in place of the key is not followed. */
static void test_huk_load__symlink_refused(void **state)
{
	uint8_t a[HUK_SIZE];

	(void)state;
	assert_int_equal(mkdir(statedir, 0700), 0);
	assert_int_equal(symlink("/dev/zero", hukpath), 0);
	assert_int_equal(huk_load(statedir, a), -ELOOP);
}

/* The rollback floor file: 0 when missing, only ever raised, private. */
static void test_nv_counter__missing_zero_raised_never_lowered(void **state)
{
	char path[200];
	uint32_t c = 1;

	(void)state;
	assert_int_equal(mkdir(statedir, 0700), 0);
	assert_int_equal(nv_counter_ops.get(statedir, NULL, &c), TEE_SUCCESS);
	assert_int_equal(c, 0);
	assert_int_equal(nv_counter_ops.incr_to(statedir, NULL, 7),
			 TEE_SUCCESS);
	assert_int_equal(nv_counter_ops.incr_to(statedir, NULL, 3),
			 TEE_SUCCESS);
	assert_int_equal(nv_counter_ops.get(statedir, NULL, &c), TEE_SUCCESS);
	assert_int_equal(c, 7);
	snprintf(path, sizeof(path), "%s/" NV_COUNTER_FILE, statedir);
	assert_int_equal(chmod(path, 0666), 0);
	assert_int_equal(nv_counter_ops.get(statedir, NULL, &c),
			 TEE_ERROR_SECURITY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ssk__compat_vector),
		cmocka_unit_test(test_subkey__generic_rule_vector),
		cmocka_unit_test(test_subkey__bad_sizes_einval),
		cmocka_unit_test(test_tsk__dirf_vector),
		cmocka_unit_test(test_tsk__ta_uuid_vector),
		cmocka_unit_test(test_fek__wrap_vector_and_round_trip),
		cmocka_unit_test_setup_teardown(
			test_huk_load__made_once_private_and_stable, setup_dir,
			teardown_dir),
		cmocka_unit_test_setup_teardown(
			test_huk_load__readable_by_others_eperm, setup_dir,
			teardown_dir),
		cmocka_unit_test_setup_teardown(
			test_huk_load__wrong_size_einval, setup_dir,
			teardown_dir),
		cmocka_unit_test_setup_teardown(test_huk_load__symlink_refused,
						setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(
			test_nv_counter__missing_zero_raised_never_lowered,
			setup_dir, teardown_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
