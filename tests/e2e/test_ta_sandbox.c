// SPDX-License-Identifier: BSD-2-Clause
/*
 * What a TA process cannot do (issue 9, items 3 and 6): a hostile TA
 * built with the SDK (ta/tests/hostile) tries every way out of its
 * sandbox and this test lists each attempt and checks it was refused; it
 * runs with no capabilities, no_new_privs and, under a root secure world,
 * an unprivileged user of its own; its memory is what its header says;
 * and the number of TA processes is bounded.
 */
#include <errno.h>
#include <pwd.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_hostile.h"

static const TEEC_UUID hostile_uuid = TA_TEST_HOSTILE_UUID;
static const TEEC_UUID greedy_uuid = TA_TEST_HOSTILE_GREEDY_UUID;

#define TA_HOSTILE_WHAT(id, what) what,
static const char *const attempt_names[] = {
	TA_HOSTILE_ATTEMPTS(TA_HOSTILE_WHAT)};
#undef TA_HOSTILE_WHAT

/* The instance bound the instance test starts teed with. */
#define MAX_INSTANCES	  3
#define MAX_INSTANCES_STR "3"

struct fixture {
	struct harness h;
	TEEC_Context ctx;
};

static int start(void **state, const char *const *teed_args)
{
	struct harness_opts o = {.supplicant = true, .teed_args = teed_args};
	struct fixture *f = calloc(1, sizeof(*f));

	*state = f;
	if (!f || harness_start(&f->h, &o))
		return -1;
	return TEEC_InitializeContext(NULL, &f->ctx) ? -1 : 0;
}

static int setup(void **state)
{
	return start(state, NULL);
}

static int setup_bounded(void **state)
{
	static const char *const args[] = {"--max-ta-instances",
					   MAX_INSTANCES_STR, NULL};

	return start(state, args);
}

static int setup_daemon_user(void **state)
{
	static const char *const args[] = {"--ta-user", "daemon", NULL};

	return start(state, args);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (!f)
		return 0;
	TEEC_FinalizeContext(&f->ctx);
	harness_stop_leftover(&f->h);
	free(f);
	return 0;
}

static void open_ok(struct fixture *f, TEEC_Session *s)
{
	uint32_t origin;

	assert_int_equal(e2e_open_session(&f->ctx, s, &hostile_uuid, &origin),
			 TEEC_SUCCESS);
}

static pid_t ta_pid(TEEC_Session *s)
{
	TEEC_Value v = {0};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, TA_TEST_HOSTILE_CMD_PID,
					   TEEC_VALUE_OUTPUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEEC_SUCCESS);
	return (pid_t)v.a;
}

/*
 * A process of the client's, for the TA to aim at: as root it runs as
 * nobody, like the TA, so that only the sandbox stands between them.
 */
static pid_t start_victim(void)
{
	struct passwd *pw = getpwnam("nobody");
	pid_t pid = fork();

	if (!pid) {
		if (!geteuid() && pw &&
		    (setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) ||
		     setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid)))
			_exit(1);
		for (;;)
			pause();
	}
	assert_true(pid > 0);
	return pid;
}

static void stop_victim(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void test_ta_sandbox__every_way_out_refused(void **state)
{
	struct fixture *f = *state;
	int32_t results[TA_HOSTILE_NUM];
	TEEC_Session attacker, target;
	TEEC_Operation op = {0};
	uint32_t origin;
	pid_t victim;
	int escaped = 0;

	open_ok(f, &attacker);
	open_ok(f, &target);
	victim = start_victim();
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = (uint32_t)ta_pid(&target);
	op.params[0].value.b = (uint32_t)victim;
	op.params[1].tmpref.buffer = results;
	op.params[1].tmpref.size = sizeof(results);
	assert_int_equal(TEEC_InvokeCommand(&attacker,
					    TA_TEST_HOSTILE_CMD_ESCAPE, &op,
					    &origin),
			 TEEC_SUCCESS);
	stop_victim(victim);

	for (int i = 0; i < TA_HOSTILE_NUM; i++) {
		print_message("  %-45s %s\n", attempt_names[i],
			      results[i] == EPERM ? "refused (EPERM)"
			      : results[i]	  ? strerror(results[i])
						  : "ESCAPED");
		if (results[i] != EPERM)
			escaped++;
	}
	assert_int_equal(escaped, 0);
	/* The TAs are unharmed, and so is everything else. */
	assert_true(ta_pid(&target) > 0);
	TEEC_CloseSession(&attacker);
	TEEC_CloseSession(&target);
	harness_stop_ok(&f->h);
}

static void get_creds(struct fixture *f, struct ta_hostile_creds *c)
{
	TEEC_Operation op = {0};
	TEEC_Session s;
	uint32_t origin;

	open_ok(f, &s);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = c;
	op.params[0].tmpref.size = sizeof(*c);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_HOSTILE_CMD_CREDS, &op, &origin),
		TEEC_SUCCESS);
	TEEC_CloseSession(&s);
}

/* What the secure world set before any code of the TA ran. */
static void assert_confined(const struct ta_hostile_creds *c)
{
	assert_int_equal(c->cap_eff, 0);
	assert_int_equal(c->cap_prm, 0);
	assert_int_equal(c->cap_inh, 0);
	assert_int_equal(c->cap_amb, 0);
	assert_int_equal(c->no_new_privs, 1);
	assert_int_equal(c->setuid_err, EPERM);
	assert_true(c->rlimit_data != RLIM_INFINITY);
}

static void test_ta_creds__no_caps_no_new_privs_own_user(void **state)
{
	struct fixture *f = *state;
	struct ta_hostile_creds c;
	struct passwd *pw;

	get_creds(f, &c);
	print_message("  TA: uid %u gid %u CapEff %llx CapBnd %llx "
		      "NoNewPrivs %u RLIMIT_DATA %llu\n",
		      c.uid, c.gid, (unsigned long long)c.cap_eff,
		      (unsigned long long)c.cap_bnd, c.no_new_privs,
		      (unsigned long long)c.rlimit_data);
	assert_confined(&c);
	if (geteuid()) {
		print_message("  [ SKIPPED  ] own user: the test does not run "
			      "as root, TA processes keep uid %u\n",
			      (unsigned int)getuid());
		assert_int_equal(c.uid, getuid());
	} else {
		/* The default: teebox-ta if it exists, else nobody. */
		pw = getpwnam("teebox-ta");
		if (!pw)
			pw = getpwnam("nobody");
		assert_non_null(pw);
		assert_int_equal(c.uid, pw->pw_uid);
		assert_int_equal(c.gid, pw->pw_gid);
		/* Root's bounding set was emptied too. */
		assert_int_equal(c.cap_bnd, 0);
	}
	harness_stop_ok(&f->h);
}

static void test_ta_creds__ta_user_option(void **state)
{
	struct fixture *f = *state;
	struct ta_hostile_creds c;
	struct passwd *pw = getpwnam("daemon");

	get_creds(f, &c);
	assert_confined(&c);
	if (geteuid() || !pw) {
		print_message("  [ SKIPPED  ] --ta-user: needs root and a user "
			      "\"daemon\"\n");
	} else {
		assert_int_equal(c.uid, pw->pw_uid);
		assert_int_equal(c.gid, pw->pw_gid);
	}
	harness_stop_ok(&f->h);
}

/* 0 or the errno of the TA mapping @mib MiB. */
static uint32_t ta_mmap(TEEC_Session *s, uint32_t mib)
{
	TEEC_Value in = {.a = mib}, out = {0};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, TA_TEST_HOSTILE_CMD_MMAP,
					   TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					   &in, &out, &origin),
			 TEEC_SUCCESS);
	return out.a;
}

static void test_ta_memory__mmap_beyond_header_enomem(void **state)
{
	struct fixture *f = *state;
	TEEC_Session s;

	open_ok(f, &s);
	assert_int_equal(ta_mmap(&s, 1), 0);
	assert_int_equal(ta_mmap(&s, TA_TEST_HOSTILE_OVER_MIB), ENOMEM);
	/* Refused, not fatal: the TA still serves. */
	assert_int_equal(ta_mmap(&s, 1), 0);
	TEEC_CloseSession(&s);
	harness_stop_ok(&f->h);
}

/* TA processes of the TA @time_low ("ta:614e3b4d" in ps). */
static int count_tas(uint32_t time_low)
{
	char cmd[64];
	int n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "grep -lx 'ta:%08x' /proc/[0-9]*/comm",
		 time_low);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(cmd, sizeof(cmd), p))
		n++;
	pclose(p);
	return n;
}

static void assert_hostile_count(int want)
{
	for (int i = 0; i < 100 && count_tas(hostile_uuid.timeLow) != want; i++)
		harness_sleep_ms(20);
	assert_int_equal(count_tas(hostile_uuid.timeLow), want);
}

/* Whether the secure world starts TAs from the TA zygote (ta_proc.c). */
static bool tas_from_zygote(void)
{
#if defined(TEEBOX_SANITIZER_RUNTIME_STATIC) && TEEBOX_SANITIZER_RUNTIME_STATIC
	return false;
#else
	const char *v = getenv("TEEBOX_TA_ZYGOTE");

	return !v || strcmp(v, "0");
#endif
}

/*
 * A TA that takes more than its header allows in its constructor, before
 * it says hello.  Forked by the TA zygote, its limit holds before any of
 * its code runs: the constructor's mmap fails (ENOMEM) and the TA
 * serves.  Started by exec (TEEBOX_TA_ZYGOTE=0: test_ta_sandbox_exec),
 * the limit is lowered at hello, and the secure world refuses the TA
 * that is above it by then.  Either way it never keeps the memory.
 */
static void test_ta_memory__over_header_at_start_refused(void **state)
{
	struct fixture *f = *state;
	TEEC_Operation op = {0};
	struct ta_hostile_creds c;
	uint32_t origin = 0;
	TEEC_Session s;

	if (!tas_from_zygote()) {
		assert_int_equal(
			e2e_open_session(&f->ctx, &s, &greedy_uuid, &origin),
			TEEC_ERROR_OUT_OF_MEMORY);
		assert_int_equal(origin, TEEC_ORIGIN_TEE);
		assert_true(harness_log_contains(
			&f->h, "teed.log", "more than its header allows"));
		assert_int_equal(count_tas(greedy_uuid.timeLow), 0);
		harness_stop_ok(&f->h);
		return;
	}
	assert_int_equal(e2e_open_session(&f->ctx, &s, &greedy_uuid, &origin),
			 TEEC_SUCCESS);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = &c;
	op.params[0].tmpref.size = sizeof(c);
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_HOSTILE_CMD_CREDS, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(c.greedy_err, ENOMEM);
	assert_int_equal(ta_mmap(&s, TA_TEST_HOSTILE_OVER_MIB), ENOMEM);
	TEEC_CloseSession(&s);
	harness_stop_ok(&f->h);
}

static void test_ta_instances__bound_out_of_memory_origin_tee(void **state)
{
	struct fixture *f = *state;
	TEEC_Session s[MAX_INSTANCES + 1];
	uint32_t origin = 0;

	for (int i = 0; i < MAX_INSTANCES; i++)
		open_ok(f, &s[i]);
	assert_hostile_count(MAX_INSTANCES);
	/* As OP-TEE when it cannot create a TA instance. */
	assert_int_equal(e2e_open_session(&f->ctx, &s[MAX_INSTANCES],
					  &hostile_uuid, &origin),
			 TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_hostile_count(MAX_INSTANCES);
	assert_true(harness_log_contains(&f->h, "teed.log",
					 "as many TA processes as allowed"));

	/* A slot comes back with its process. */
	TEEC_CloseSession(&s[0]);
	open_ok(f, &s[0]);
	for (int i = 0; i < MAX_INSTANCES; i++)
		TEEC_CloseSession(&s[i]);
	assert_hostile_count(0);
	harness_stop_ok(&f->h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_ta_sandbox__every_way_out_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_ta_creds__no_caps_no_new_privs_own_user, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_ta_creds__ta_user_option,
						setup_daemon_user, teardown),
		cmocka_unit_test_setup_teardown(
			test_ta_memory__mmap_beyond_header_enomem, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_ta_memory__over_header_at_start_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_ta_instances__bound_out_of_memory_origin_tee,
			setup_bounded, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
