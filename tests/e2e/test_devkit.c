// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA dev kit (ta/devkit): a TA directory written for OP-TEE's dev kit
 * (tests/devkit/scratch_ta: Makefile with BINARY, CFG_ variables and the
 * log level; sub.mk with global-incdirs-y, cflags-<file>-y, subdirs-y;
 * a TA using __unused, PRIx32, snprintf, utee_defines.h) is copied to a
 * scratch directory, built unchanged with
 *
 *	make TA_DEV_KIT_DIR=build/export-ta_<arch> CROSS_COMPILE=...
 *
 * and loaded.  What the build defined comes back from the TA.  The rules
 * checked are OP-TEE's (ta/mk/ta_dev_kit.mk, mk/subdir.mk, mk/compile.mk;
 * ABI-FACTS-INTERNAL.md 7.1-7.3).
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
#include "teec_helpers.h"

#define SCRATCH_UUID "bed682b9-6262-407b-8a41-a50ed4ea2f6f"

static const TEEC_UUID scratch_uuid = {
	0xbed682b9,
	0x6262,
	0x407b,
	{0x8a, 0x41, 0xa5, 0x0e, 0xd4, 0xea, 0x2f, 0x6f}};

/*
 * OP-TEE: TEE_ALG_SHA256 printed with PRIx32 is 50000004; probe=6 is
 * sub.mk's "$(CC$(sm)) -E" probe (OP-TEE's mk/gcc.mk names the compiler
 * CC$(sm)).
 */
#define REPORT_TAIL "compat=1 hex=50000004 helper=1,5,-1 here=-1 probe=6"
#define NO_LIB	    " lib=-1"

struct scratch {
	char dir[64];	   /* the scratch root */
	char ta[PATH_MAX]; /* the TA directory in it */
};

static int setup(void **state)
{
	struct scratch *s = calloc(1, sizeof(*s));

	if (!s)
		return -1;
	snprintf(s->dir, sizeof(s->dir), "/tmp/teebox-devkit-XXXXXX");
	if (!mkdtemp(s->dir)) {
		free(s);
		return -1;
	}
	snprintf(s->ta, sizeof(s->ta), "%s/scratch_ta", s->dir);
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

/* A fresh copy of the fixture, as a TA author's directory. */
static void copy_fixture(const struct scratch *s)
{
	e2e_sh("rm -rf '%s' && cp -R '%s' '%s'", s->ta, TEEBOX_DEVKIT_FIXTURE,
	       s->ta);
}

/* make in the TA directory with the dev kit and @args. */
static void make_ta(const struct scratch *s, const char *args)
{
	e2e_sh("'%s' -C '%s' TA_DEV_KIT_DIR='%s' %s", TEEBOX_MAKE, s->ta,
	       TEEBOX_DEVKIT_DIR, args);
}

/* Opens the scratch TA in @ta_dir; its report into @buf. */
static void report(const char *ta_dir, char *buf, size_t size)
{
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Operation op;
	uint32_t origin;

	harness_start_ok(&h, (struct harness_opts){.ta_dir = ta_dir,
						   .supplicant = true});
	e2e_open(&ctx, &sess, &scratch_uuid, TEEC_LOGIN_PUBLIC, NULL);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = size;
	assert_int_equal(TEEC_InvokeCommand(&sess, 0, &op, &origin),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &sess);
	/* The session's IMSG (level 2) always; DMSG only at level 3. */
	assert_true(harness_log_contains(&h, "teed.log",
					 "scratch TA: info message"));
	buf[size - 1] = '\0';
	if (strstr(buf, "level=3"))
		assert_true(harness_log_contains(&h, "teed.log",
						 "scratch TA: debug message"));
	else
		assert_false(harness_log_contains(&h, "teed.log",
						  "scratch TA: debug message"));
	harness_stop_ok(&h);
}

/*
 * The OP-TEE-style directory builds unchanged (warnings as errors, with
 * OP-TEE's cross-compilation variables given), <uuid>.ta and OP-TEE's
 * other outputs appear in the TA directory, and it loads.  CFG_ y ->
 * -DCFG_X=1, n -> not defined, a value -> that value; cflags-<file>-y
 * for that file only, cflags-y of lib/ for lib/ only; the log level
 * from CFG_TEE_TA_LOG_LEVEL; the GP 1.1 compat define.
 */
static void test_scratch_ta_builds_and_loads(void **state)
{
	static const char *const outputs[] = {
		SCRATCH_UUID ".ta",	      SCRATCH_UUID ".elf",
		SCRATCH_UUID ".map",	      SCRATCH_UUID ".dmp",
		SCRATCH_UUID ".stripped.elf",
	};
	struct scratch *s = *state;
	char buf[256];

	copy_fixture(s);
	make_ta(s, "CROSS_COMPILE=aarch64-linux-gnu- "
		   "PLATFORM=vexpress-qemu_armv8a CFG_WERROR=y");
	for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		if (!e2e_exists(s->ta, outputs[i]))
			fail_msg("%s was not made", outputs[i]);
	assert_true(e2e_exists(s->ta, "lib/helper.o"));

	report(s->ta, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL NO_LIB);

	/*
	 * The dev kit's scripts/sign_encrypt.py takes OP-TEE's command line
	 * (no command: sign-enc) and signs with teebox-sign: its image
	 * verifies, with the version asked for.
	 */
	e2e_sh("cd '%s' && python3 '%s/scripts/sign_encrypt.py' --key "
	       "'%s/keys/default_ta.pem' --uuid " SCRATCH_UUID
	       " --ta-version 5 "
	       "--in " SCRATCH_UUID ".stripped.elf --out resigned.ta && "
	       "python3 '%s/scripts/sign_encrypt.py' verify --key "
	       "'%s/keys/default_ta.pem' --uuid " SCRATCH_UUID
	       " --in resigned.ta | grep -qx 'OK " SCRATCH_UUID
	       " version 5 payload [0-9]*'",
	       s->ta, TEEBOX_DEVKIT_DIR, TEEBOX_DEVKIT_DIR, TEEBOX_DEVKIT_DIR,
	       TEEBOX_DEVKIT_DIR);
}

/*
 * A variable on the command line wins over the Makefile's ?=, and a
 * changed command line rebuilds the objects (OP-TEE's .cmd files).
 */
static void test_command_line_rebuilds(void **state)
{
	struct scratch *s = *state;
	char buf[256];

	copy_fixture(s);
	make_ta(s, "");
	make_ta(s, "CFG_TEE_TA_LOG_LEVEL=3 CFG_SCRATCH_VALUE=7 "
		   "CFG_SCRATCH_ABSENT=y");
	report(s->ta, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=1 value=7 file=7 dir=-1 "
				 "level=3 " REPORT_TAIL NO_LIB);
}

/*
 * O=<dir>: every output goes there, none into the TA directory; make
 * clean removes them (and the directory it made).
 */
static void test_out_dir_and_clean(void **state)
{
	struct scratch *s = *state;
	char out[PATH_MAX + 16], args[PATH_MAX + 32], buf[256];

	copy_fixture(s);
	snprintf(out, sizeof(out), "%s/out", s->dir);
	snprintf(args, sizeof(args), "O='%s'", out);
	make_ta(s, args);
	assert_true(e2e_exists(out, SCRATCH_UUID ".ta"));
	assert_true(e2e_exists(out, "lib/helper.o"));
	assert_false(e2e_exists(s->ta, SCRATCH_UUID ".ta"));
	assert_false(e2e_exists(s->ta, "scratch_ta.o"));
	report(out, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL NO_LIB);

	snprintf(args, sizeof(args), "O='%s' clean", out);
	make_ta(s, args);
	assert_false(e2e_exists(out, SCRATCH_UUID ".ta"));
	assert_false(e2e_exists(out, "lib/helper.o"));
	assert_false(e2e_exists(s->dir, "out"));

	/* And in the TA directory: only the author's files are left. */
	make_ta(s, "");
	assert_true(e2e_exists(s->ta, SCRATCH_UUID ".ta"));
	make_ta(s, "clean");
	assert_false(e2e_exists(s->ta, SCRATCH_UUID ".ta"));
	assert_false(e2e_exists(s->ta, SCRATCH_UUID ".elf"));
	assert_false(e2e_exists(s->ta, "lib/helper.o"));
	assert_true(e2e_exists(s->ta, "lib/helper.c"));
	e2e_sh("cd '%s' && test -z \"$(find . -name '*.o' -o -name '.*.d' -o "
	       "-name '.*.cmd')\"",
	       s->ta);
}

/*
 * LIBNAME: tests/devkit/scratch_lib becomes libscratch.a (its sub.mk's
 * incdirs-y, and cflags-remove-y taking one of the dev kit's own
 * warnings away under CFG_WERROR=y); the TA links it through libnames,
 * libdirs and libdeps given on the command line.
 */
static void test_static_library(void **state)
{
	struct scratch *s = *state;
	char lib[PATH_MAX + 16], args[3 * PATH_MAX], buf[256];

	copy_fixture(s);
	snprintf(lib, sizeof(lib), "%s/scratch_lib", s->dir);
	e2e_sh("cp -R '%s' '%s'", TEEBOX_DEVKIT_LIB_FIXTURE, lib);
	e2e_sh("'%s' -C '%s' TA_DEV_KIT_DIR='%s' O=out CFG_WERROR=y",
	       TEEBOX_MAKE, lib, TEEBOX_DEVKIT_DIR);
	assert_true(e2e_exists(lib, "out/libscratch.a"));
	snprintf(args, sizeof(args),
		 "CFG_WERROR=y CFG_SCRATCH_LIB=y libnames=scratch "
		 "libdirs='%s/out' libdeps='%s/out/libscratch.a'",
		 lib, lib);
	make_ta(s, args);
	report(s->ta, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL " lib=1001");
}

/*
 * gensrcs-y (OP-TEE's mk/subdir.mk): with CFG_SCRATCH_GEN=y, lib/sub.mk
 * generates a header (force-gensrc-) and a C file from gen_value.txt
 * (depends-) into lib/'s output directory ($(sub-dir-out)), where the
 * C file finds the header; the C file is compiled with lib/'s cflags-y
 * and its own cflags-<g>-y and linked: 3 * 11 + 4 + 5 = 42.  A changed
 * input remakes it; make clean removes what was generated.
 */
static void test_generated_sources(void **state)
{
	struct scratch *s = *state;
	char out[PATH_MAX + 16], args[PATH_MAX + 64], buf[256];

	copy_fixture(s);
	snprintf(out, sizeof(out), "%s/out", s->dir);
	snprintf(args, sizeof(args), "O='%s' CFG_WERROR=y CFG_SCRATCH_GEN=y",
		 out);
	make_ta(s, args);
	assert_true(e2e_exists(out, "lib/scratch_gen.h"));
	assert_true(e2e_exists(out, "lib/scratch_gen.c"));
	assert_true(e2e_exists(out, "lib/scratch_gen.o"));
	assert_false(e2e_exists(s->ta, "lib/scratch_gen.c"));
	report(out, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL NO_LIB " gen=42");

	e2e_sh("echo 12 >'%s/lib/gen_value.txt'", s->ta);
	make_ta(s, args);
	report(out, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL NO_LIB " gen=45");

	snprintf(args, sizeof(args), "O='%s' CFG_SCRATCH_GEN=y clean", out);
	make_ta(s, args);
	assert_false(e2e_exists(out, "lib/scratch_gen.c"));
	assert_false(e2e_exists(out, "lib/scratch_gen.h"));
	assert_false(e2e_exists(s->dir, "out"));
}

/*
 * A TA signed with a subkey, as optee_test's subkey2 Makefile does it:
 * TA_SIGN_KEY is the subkey, TA_SUBKEY_ARGS puts its chain in front,
 * TA_SUBKEY_DEPS re-signs the TA when the chain changes (OP-TEE's
 * ta/link.mk).  The subkey is made with the kit's sign_encrypt.py
 * sign-subkey; the TA loads under it.
 */
static void test_subkey_args(void **state)
{
	struct scratch *s = *state;
	char args[4 * PATH_MAX], buf[256];

	copy_fixture(s);
	e2e_sh("cd '%s' && openssl genrsa -out sub.pem 2048 2>/dev/null && "
	       "python3 '%s/scripts/sign_encrypt.py' sign-subkey --key "
	       "'%s/keys/default_ta.pem' --in sub.pem --out sub.bin "
	       "--uuid " SCRATCH_UUID
	       " --name-size 0 --max-depth 0 --subkey-version 1",
	       s->dir, TEEBOX_DEVKIT_DIR, TEEBOX_DEVKIT_DIR);
	snprintf(
		args, sizeof(args),
		"TA_SIGN_KEY='%s/sub.pem' TA_SUBKEY_ARGS='--subkey %s/sub.bin' "
		"TA_SUBKEY_DEPS='%s/sub.bin'",
		s->dir, s->dir, s->dir);
	make_ta(s, args);
	e2e_sh("python3 '%s/scripts/sign_encrypt.py' verify --key "
	       "'%s/keys/default_ta.pem' --uuid " SCRATCH_UUID
	       " --in '%s/" SCRATCH_UUID ".ta' | grep -q ' subkeys 1$'",
	       TEEBOX_DEVKIT_DIR, TEEBOX_DEVKIT_DIR, s->ta);
	report(s->ta, buf, sizeof(buf));
	assert_string_equal(buf, "feature=1 absent=-1 value=42 file=7 dir=-1 "
				 "level=2 " REPORT_TAIL NO_LIB);

	/* A newer chain file: the TA is signed again, and only that. */
	e2e_sh("sleep 1 && touch '%s/sub.bin'", s->dir);
	e2e_sh("'%s' -C '%s' TA_DEV_KIT_DIR='%s' %s >'%s/out' && "
	       "grep -q 'SIGN' '%s/out' && ! grep -q '  CC' '%s/out'",
	       TEEBOX_MAKE, s->ta, TEEBOX_DEVKIT_DIR, args, s->dir, s->dir,
	       s->dir);
}

/*
 * CFG_ENCRYPT_TA=y encrypts with TA_ENC_KEY (OP-TEE's ta/link.mk), for
 * TA_ENC_KEY_TYPE; without a TA_ENC_KEY the build stops and says so.
 */
static void test_encrypt_ta(void **state)
{
	static const char key[] = "00112233445566778899aabbccddeeff"
				  "ffeeddccbbaa99887766554433221100";
	struct scratch *s = *state;
	char args[256];

	copy_fixture(s);
	e2e_sh("! '%s' -C '%s' TA_DEV_KIT_DIR='%s' CFG_ENCRYPT_TA=y 2>'%s/err' "
	       "&& "
	       "grep -q 'CFG_ENCRYPT_TA=y needs TA_ENC_KEY' '%s/err'",
	       TEEBOX_MAKE, s->ta, TEEBOX_DEVKIT_DIR, s->dir, s->dir);
	snprintf(args, sizeof(args),
		 "CFG_ENCRYPT_TA=y TA_ENC_KEY=%s "
		 "TA_ENC_KEY_TYPE=SHDR_ENC_KEY_CLASS_WIDE",
		 key);
	make_ta(s, args);
	e2e_sh("python3 '%s/scripts/sign_encrypt.py' verify --key "
	       "'%s/keys/default_ta.pem' --uuid " SCRATCH_UUID
	       " --in '%s/" SCRATCH_UUID
	       ".ta' --enc-key %s | grep -q ' encrypted$' && "
	       "python3 '%s/scripts/sign_encrypt.py' display --in "
	       "'%s/" SCRATCH_UUID ".ta' | grep -q 'CLASS_WIDE'",
	       TEEBOX_DEVKIT_DIR, TEEBOX_DEVKIT_DIR, s->ta, key,
	       TEEBOX_DEVKIT_DIR, s->ta);
}

/* A Makefile with no BINARY is refused with OP-TEE's rule, not built. */
static void test_no_binary_is_refused(void **state)
{
	struct scratch *s = *state;

	copy_fixture(s);
	e2e_sh("sed -i '/^BINARY/d' '%s/Makefile'", s->ta);
	e2e_sh("! '%s' -C '%s' TA_DEV_KIT_DIR='%s' 2>'%s/err' && "
	       "grep -q 'exactly one of BINARY, LIBNAME and SHLIBNAME' "
	       "'%s/err'",
	       TEEBOX_MAKE, s->ta, TEEBOX_DEVKIT_DIR, s->dir, s->dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_scratch_ta_builds_and_loads, setup, teardown),
		cmocka_unit_test_setup_teardown(test_command_line_rebuilds,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_out_dir_and_clean, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_static_library, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_generated_sources, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_subkey_args, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_encrypt_ta, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_no_binary_is_refused,
						setup, teardown),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
