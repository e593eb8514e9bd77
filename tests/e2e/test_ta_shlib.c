// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA shared libraries (OP-TEE's SHLIBNAME/SHLIBUUID): chains of libraries
 * built from tests/devkit/shlib_chain with the dev kit's Makefiles, and a
 * TA (tests/devkit/shlib_ta) that links the top one, as OP-TEE's os_test
 * links os_test_lib.  Link N computes N + link N-1's result, link 1
 * x + 1, each through the TA's TEE_Malloc and TEE_Free.
 *
 * The rules are OP-TEE's ldelf (ldelf/ta_elf.c): every DT_NEEDED of the
 * TA and of each library is a UUID, loaded from the TA store
 * (sys_open_ta_bin, which verifies it as a TA: ree_fs_ta.c), each once
 * (queue_elf() skips a UUID it queued: a cycle loads); a library that is
 * not there ends the load with sys_open_ta_bin()'s
 * TEE_ERROR_ITEM_NOT_FOUND, one that does not verify with
 * TEE_ERROR_SECURITY.  teebox's own rules: at most TA_ZYGOTE_MAX_LIBS
 * (16) libraries, and a TA that links any is never exec'd
 * (TEEBOX_TA_ZYGOTE=0): TEE_ERROR_NOT_SUPPORTED.  optee_test's own
 * os_test_lib is built and used when TEEBOX_OPTEE_TEST_DIR names an
 * optee_test checkout.
 */
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "ta/tests/shlib/ta_test_shlib.h"
#include "ta/tests/test_ta_uuids.h"
#include "teec_helpers.h"

#define TA_UUID_STR "5b9e0e40-2636-11e1-ad9e-0002a5d5c51c"

static const TEEC_UUID shlib_ta_uuid = {
	0x5b9e0e40,
	0x2636,
	0x11e1,
	{0xad, 0x9e, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1c}};

/* The most libraries a TA may link (TA_ZYGOTE_MAX_LIBS). */
#define MAX_LIBS 16

struct scratch {
	char dir[64];	      /* the scratch root */
	char tas[PATH_MAX];   /* the supplicant's TA directory */
	char ldadd[8192];     /* -L/-l of every link built */
	char state[PATH_MAX]; /* the secure world's, kept ("": fresh) */
};

static int setup(void **state)
{
	struct scratch *s = calloc(1, sizeof(*s));

	if (!s)
		return -1;
	snprintf(s->dir, sizeof(s->dir), "/tmp/teebox-shlib-XXXXXX");
	if (!mkdtemp(s->dir)) {
		free(s);
		return -1;
	}
	snprintf(s->tas, sizeof(s->tas), "%s/tas", s->dir);
	if (mkdir(s->tas, 0700)) {
		free(s);
		return -1;
	}
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	struct scratch *s = *state;
	int rc = harness_remove_tree(s->dir);

	free(s);
	return rc;
}

/* The UUID of link @n: its soname and the name of its .ta. */
static void link_uuid(char *buf, size_t size, int n)
{
	snprintf(buf, size, "c4a1d000-0000-4000-8000-%012x", n);
}

/*
 * Builds link @n of the chain (linking link @n - 1 unless @n is 1, and
 * link @cycle too if not 0), signed as version @version, from a fresh
 * copy of the fixture, and puts its signed image in the TA directory.
 */
static void build_link_v(struct scratch *s, int n, int cycle, int version)
{
	char uuid[40], extra[3 * PATH_MAX];
	size_t len;

	link_uuid(uuid, sizeof(uuid), n);
	snprintf(extra, sizeof(extra), "CFG_TA_VERSION=%d", version);
	len = strlen(extra);
	if (n > 1)
		snprintf(extra + len, sizeof(extra) - len,
			 " CHAIN_NEXT=%d CHAIN_NEXT_DIR='%s/c%d'", n - 1,
			 s->dir, n - 1);
	len = strlen(extra);
	if (cycle)
		snprintf(extra + len, sizeof(extra) - len,
			 " CHAIN_CYCLE=%d CHAIN_CYCLE_DIR='%s/c%d'", cycle,
			 s->dir, cycle);
	e2e_sh("rm -rf '%s/c%d' && cp -R '%s' '%s/c%d'", s->dir, n,
	       TEEBOX_SHLIB_FIXTURE, s->dir, n);
	e2e_sh("'%s' -s -C '%s/c%d' TA_DEV_KIT_DIR='%s' CFG_WERROR=y "
	       "CFG_CHAIN_N=%d CHAIN_UUID=%s %s && cp '%s/c%d/%s.ta' '%s'",
	       TEEBOX_MAKE, s->dir, n, TEEBOX_DEVKIT_DIR, n, uuid, extra,
	       s->dir, n, uuid, s->tas);
	snprintf(extra, sizeof(extra), " -L%s/c%d -lchain%d", s->dir, n, n);
	/* Each link once, even when built again. */
	if (!cycle && !strstr(s->ldadd, extra)) {
		len = strlen(s->ldadd);
		snprintf(s->ldadd + len, sizeof(s->ldadd) - len, "%s", extra);
	}
}

/* build_link_v() of version 0. */
static void build_link(struct scratch *s, int n, int cycle)
{
	build_link_v(s, n, cycle, 0);
}

/* Links 1 to @top, then the TA that calls link @top. */
static void build_chain(struct scratch *s, int top)
{
	for (int n = 1; n <= top; n++)
		build_link(s, n, 0);
}

/* The TA, calling link @top, linked with every link built. */
static void build_ta(struct scratch *s, int top)
{
	e2e_sh("rm -rf '%s/ta' && cp -R '%s' '%s/ta'", s->dir,
	       TEEBOX_TA_FIXTURE, s->dir);
	e2e_sh("'%s' -s -C '%s/ta' TA_DEV_KIT_DIR='%s' CFG_WERROR=y "
	       "CFG_CHAIN_TOP=%d CHAIN_LDADD='%s' && cp '%s/ta/" TA_UUID_STR
	       ".ta' '%s'",
	       TEEBOX_MAKE, s->dir, TEEBOX_DEVKIT_DIR, top, s->ldadd, s->dir,
	       s->tas);
}

/* Opens the TA; on success its chain_<top>(@x) is checked: @expect. */
static void run(const struct scratch *s, uint32_t x, TEEC_Result res,
		uint32_t expect, const char *log)
{
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Operation op;
	uint32_t origin = 0;

	harness_start_ok(&h, (struct harness_opts){
				     .ta_dir = s->tas,
				     .supplicant = true,
				     .state_dir = s->state[0] ? s->state : NULL,
			     });
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx, &sess, &shlib_ta_uuid, &origin),
			 res);
	if (res == TEEC_SUCCESS) {
		memset(&op, 0, sizeof(op));
		op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE,
						 TEEC_NONE, TEEC_NONE);
		op.params[0].value.a = x;
		assert_int_equal(TEEC_InvokeCommand(&sess, 0, &op, &origin),
				 TEEC_SUCCESS);
		assert_int_equal(op.params[0].value.b, expect);
		TEEC_CloseSession(&sess);
	} else {
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
	}
	if (log && !harness_log_contains(&h, "teed.log", log))
		fail_msg("teed.log has no line with \"%s\"", log);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
}

/*
 * The dev kit makes OP-TEE's outputs of a library (libchainN.so with
 * soname <uuid>, <uuid>.elf, .stripped.elf, .dmp, .ta), the TA gets
 * DT_NEEDED <uuid> of the library it calls, and the call goes through
 * two libraries and back into the TA's GP API: 2 + (100 + 1).
 */
static void test_chain_of_two_runs(void **state)
{
	static const char *const outputs[] = {
		"libchain2.so",
		"c4a1d000-0000-4000-8000-000000000002.elf",
		"c4a1d000-0000-4000-8000-000000000002.stripped.elf",
		"c4a1d000-0000-4000-8000-000000000002.dmp",
		"c4a1d000-0000-4000-8000-000000000002.ta",
	};
	struct scratch *s = *state;
	char c2[PATH_MAX];

	build_chain(s, 2);
	build_ta(s, 2);
	snprintf(c2, sizeof(c2), "%s/c2", s->dir);
	for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		if (!e2e_exists(c2, outputs[i]))
			fail_msg("%s was not made", outputs[i]);
	e2e_sh("readelf -d '%s/libchain2.so' | grep -q 'soname: "
	       "\\[c4a1d000-0000-4000-8000-000000000002\\]'",
	       c2);
	e2e_sh("readelf -d '%s/ta/" TA_UUID_STR ".elf' | grep -q 'NEEDED.*"
	       "\\[c4a1d000-0000-4000-8000-000000000002\\]'",
	       s->dir);
	run(s, 100, TEEC_SUCCESS, 103, NULL);
}

/* A library whose signed payload changed: TEE_ERROR_SECURITY. */
static void test_tampered_library_is_refused(void **state)
{
	struct scratch *s = *state;

	build_chain(s, 2);
	build_ta(s, 2);
	/* One byte of link 1's ELF, near the end of its image. */
	e2e_sh("f='%s/c4a1d000-0000-4000-8000-000000000001.ta' && "
	       "n=$(stat -c %%s \"$f\") && printf '\\125' | dd of=\"$f\" bs=1 "
	       "seek=$((n - 64)) conv=notrunc status=none",
	       s->tas);
	run(s, 0, TEEC_ERROR_SECURITY, 0,
	    "secure world refused TA c4a1d000-0000-4000-8000-000000000001");
}

/* A library tee-supplicant does not have: TEE_ERROR_ITEM_NOT_FOUND. */
static void test_missing_library_is_item_not_found(void **state)
{
	struct scratch *s = *state;

	build_chain(s, 2);
	build_ta(s, 2);
	e2e_sh("rm '%s/c4a1d000-0000-4000-8000-000000000001.ta'", s->tas);
	run(s, 0, TEEC_ERROR_ITEM_NOT_FOUND, 0,
	    "TA c4a1d000-0000-4000-8000-000000000001 not found");
}

/*
 * A TA whose DT_NEEDED names its own UUID (linked with a library whose
 * soname is the TA's UUID): TEE_ERROR_BAD_FORMAT, so that nothing is
 * left for ld.so to look for in the file system.
 */
static void test_ta_naming_itself_is_refused(void **state)
{
	struct scratch *s = *state;

	e2e_sh("rm -rf '%s/c1' && cp -R '%s' '%s/c1'", s->dir,
	       TEEBOX_SHLIB_FIXTURE, s->dir);
	e2e_sh("'%s' -s -C '%s/c1' TA_DEV_KIT_DIR='%s' CFG_WERROR=y "
	       "CFG_CHAIN_N=1 CHAIN_UUID=" TA_UUID_STR,
	       TEEBOX_MAKE, s->dir, TEEBOX_DEVKIT_DIR);
	snprintf(s->ldadd, sizeof(s->ldadd), " -L%s/c1 -lchain1", s->dir);
	build_ta(s, 1);
	e2e_sh("readelf -d '%s/ta/" TA_UUID_STR ".elf' | grep -q 'NEEDED.*"
	       "\\[" TA_UUID_STR "\\]'",
	       s->dir);
	run(s, 0, TEEC_ERROR_BAD_FORMAT, 0, "names itself in DT_NEEDED");
}

/*
 * Link 1 also needs link 2, which needs link 1: each is loaded once, as
 * ldelf's queue_elf() does, and the TA runs.
 */
static void test_cycle_loads_each_once(void **state)
{
	struct scratch *s = *state;

	build_chain(s, 2);
	build_link(s, 1, 2);
	e2e_sh("readelf -d '%s/c1/libchain1.so' | grep -q 'NEEDED.*"
	       "\\[c4a1d000-0000-4000-8000-000000000002\\]'",
	       s->dir);
	build_ta(s, 2);
	run(s, 7, TEEC_SUCCESS, 10, NULL);
}

/*
 * 16 libraries load (1 + 7 + 2 + 3 + ... + 16); a 17th is refused with
 * TEE_ERROR_OUT_OF_MEMORY, the code of a TA that does not fit.
 */
static void test_seventeen_libraries_are_refused(void **state)
{
	struct scratch *s = *state;

	build_chain(s, MAX_LIBS);
	build_ta(s, MAX_LIBS);
	run(s, 7, TEEC_SUCCESS, 7 + 1 + (2 + MAX_LIBS) * (MAX_LIBS - 1) / 2,
	    NULL);
	build_link(s, MAX_LIBS + 1, 0);
	build_ta(s, MAX_LIBS + 1);
	run(s, 7, TEEC_ERROR_OUT_OF_MEMORY, 0,
	    "it links more than 16 TA libraries");
}

/*
 * A library is a binary of the TA store like a TA, and OP-TEE's
 * ree_fs_ta.c checks every one against ta_ver.db: a library older than
 * one loaded before is refused with TEE_ERROR_ACCESS_CONFLICT.
 */
static void test_library_rollback_is_refused(void **state)
{
	struct scratch *s = *state;

	snprintf(s->state, sizeof(s->state), "%s/secure", s->dir);
	build_link_v(s, 1, 0, 2);
	build_ta(s, 1);
	run(s, 4, TEEC_SUCCESS, 5, NULL);
	build_link_v(s, 1, 0, 1);
	run(s, 4, TEEC_ERROR_ACCESS_CONFLICT, 0,
	    "its ta_version 1 is lower than that of a version loaded before");
}

/*
 * With TAs started by exec (TEEBOX_TA_ZYGOTE=0 in the secure world's
 * environment) a TA that links libraries is refused, never exec'd: ld.so
 * would look for its libraries' UUIDs in the file system.
 */
static void test_exec_path_refuses(void **state)
{
	struct scratch *s = *state;

	build_chain(s, 1);
	build_ta(s, 1);
	setenv("TEEBOX_TA_ZYGOTE", "0", 1);
	run(s, 0, TEEC_ERROR_NOT_SUPPORTED, 0,
	    "links TA libraries, which only the TA zygote loads");
	unsetenv("TEEBOX_TA_ZYGOTE");
}

#define OS_TEST_USER_UUID "0e9d4b3c-4a8e-4c8f-9d6a-6a3f2b1c0d11"

static const TEEC_UUID os_test_user_uuid = {
	0x0e9d4b3c,
	0x4a8e,
	0x4c8f,
	{0x9d, 0x6a, 0x6a, 0x3f, 0x2b, 0x1c, 0x0d, 0x11}};

/* Calls the os_test_lib user TA: add(@a, @b), and what it read. */
static void run_os_test_user(const struct scratch *s, uint32_t a, uint32_t b,
			     TEEC_Value out[2])
{
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Operation op;
	uint32_t origin = 0;

	harness_start_ok(&h, (struct harness_opts){.ta_dir = s->tas,
						   .supplicant = true});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(
		e2e_open_session(&ctx, &sess, &os_test_user_uuid, &origin),
		TEEC_SUCCESS);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = a;
	op.params[0].value.b = b;
	assert_int_equal(TEEC_InvokeCommand(&sess, 0, &op, &origin),
			 TEEC_SUCCESS);
	out[0] = op.params[0].value;
	out[1] = op.params[1].value;
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
}

/*
 * optee_test's os_test_lib, a real SHLIBNAME library, builds unchanged
 * from an optee_test checkout named by TEEBOX_OPTEE_TEST_DIR (skipped
 * without one: OP-TEE's code is not in this tree), with COMPILER=clang,
 * for which its sub.mk leaves out its C++ file; a TA of ours
 * (tests/devkit/os_test_lib_user) links it as os_test does.  What
 * os_test checks of it: the library's constructor ran on the TA's
 * os_test_global before the TA (1 -> 12), its function and its
 * thread-local variable (123) work.
 */
static void test_optee_os_test_lib(void **state)
{
	const char *optee_test = getenv("TEEBOX_OPTEE_TEST_DIR");
	struct scratch *s = *state;
	TEEC_Value out[2];

	if (!optee_test || !*optee_test)
		skip();
	e2e_sh("'%s' -s -C '%s/ta/os_test_lib' TA_DEV_KIT_DIR='%s' "
	       "COMPILER=clang O='%s/lib' && cp '%s/lib/"
	       "ffd2bded-ab7d-4988-95ee-e4962fff7154.ta' '%s'",
	       TEEBOX_MAKE, optee_test, TEEBOX_DEVKIT_DIR, s->dir, s->dir,
	       s->tas);
	e2e_sh("cp -R '%s' '%s/user' && '%s' -s -C '%s/user' "
	       "TA_DEV_KIT_DIR='%s' "
	       "CFG_WERROR=y OS_TEST_LIB_DIR='%s/lib' && cp "
	       "'%s/user/" OS_TEST_USER_UUID ".ta' '%s'",
	       TEEBOX_OS_TEST_USER_FIXTURE, s->dir, TEEBOX_MAKE, s->dir,
	       TEEBOX_DEVKIT_DIR, s->dir, s->dir, s->tas);
	run_os_test_user(s, 30, 12, out);
	assert_int_equal(out[0].a, 42);
	assert_int_equal(out[0].b, 12);
	assert_int_equal(out[1].a, 123);
}

/*
 * The CMake side: ta_test_shlib_lib (add_teebox_ta_library) under
 * ta_test_shlib (add_teebox_ta LIBRARIES), from the build's TA
 * directory: 6 times the TA's shlib_factor, 7, which the library reads.
 */
static void test_cmake_built_library(void **state)
{
	static const TEEC_UUID uuid = TA_TEST_SHLIB_UUID;
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Value v = {.a = 6};
	uint32_t origin;

	(void)state;
	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &sess, &uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(e2e_invoke_values(&sess, TA_TEST_SHLIB_CMD_SCALE,
					   TEEC_VALUE_INOUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(v.b, 42);
	e2e_close(&ctx, &sess);
	harness_stop_ok(&h);
}

/* SHLIBNAME without SHLIBUUID is refused by the dev kit, with why. */
static void test_shlibname_needs_shlibuuid(void **state)
{
	struct scratch *s = *state;

	e2e_sh("cp -R '%s' '%s/c1'", TEEBOX_SHLIB_FIXTURE, s->dir);
	e2e_sh("! '%s' -C '%s/c1' TA_DEV_KIT_DIR='%s' 2>'%s/err' && "
	       "grep -q 'needs SHLIBUUID' '%s/err'",
	       TEEBOX_MAKE, s->dir, TEEBOX_DEVKIT_DIR, s->dir, s->dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_chain_of_two_runs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_tampered_library_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_missing_library_is_item_not_found, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_ta_naming_itself_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cycle_loads_each_once,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_seventeen_libraries_are_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_library_rollback_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_exec_path_refuses, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_shlibname_needs_shlibuuid,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_optee_os_test_lib, setup,
						teardown),
		cmocka_unit_test(test_cmake_built_library),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
