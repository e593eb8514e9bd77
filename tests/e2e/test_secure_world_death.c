// SPDX-License-Identifier: BSD-2-Clause
/*
 * The secure world dies under a live session (kill -9 of teebox-secure,
 * as firmware crashing under the kernel): every later call fails, and
 * the machine can still be taken down and brought up again.  On Linux a
 * dead OP-TEE leaves the driver's remove path waiting for nothing it
 * cannot drop itself; `teebox down` must return promptly (the issue asks
 * 2 s; the test allows 5 s on a loaded machine) and a fresh `teebox up`
 * must serve clients.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tbx_daemon.h"

/* Generous bound for `teebox down` (the target is 2 s). */
#define DOWN_BOUND_MS	 5000
#define REAP_DEADLINE_MS 5000
/*
 * With a stopped TA: teed kills it 2 s into its stop (teed/main.c,
 * TA_STOP_DEADLINE_MS); teebox itself gives teed 15 s.
 */
#define STOPPED_TA_DOWN_BOUND_MS 10000

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static char rundir[256];

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/*
 * Runs `teebox @cmd --runtime-dir DIR`, its stdout into @out; returns its
 * exit status (-1: killed) and how long it took in *@ms.
 */
static int run_teebox(const char *cmd, char *out, size_t outlen, long *ms)
{
	char *argv[] = {TEEBOX_TEEBOX_BIN, (char *)cmd, "--runtime-dir", rundir,
			NULL};
	long start = now_ms();
	size_t got = 0;
	int p[2], status;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(p[1], STDOUT_FILENO);
		close(p[0]);
		close(p[1]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	while (got + 1 < outlen &&
	       (n = read(p[0], out + got, outlen - got - 1)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(p[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	*ms = now_ms() - start;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static pid_t teed_pid(void)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/teed.pid", rundir);
	return tbx_pid_file_read(path);
}

/* @pid exited (a zombie init has not reaped yet counts). */
static bool pid_gone(pid_t pid)
{
	char path[64], buf[256], *p;
	bool gone = true;
	FILE *f;

	if (kill(pid, 0))
		return errno == ESRCH;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return true;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')))
		gone = p[2] == 'Z' || p[2] == 'X';
	fclose(f);
	return gone;
}

/* The secure world: the only child of teed. */
static pid_t secure_world_pid(pid_t teed)
{
	struct harness h = {.teed = teed};

	return harness_secure_world_pid(&h);
}

static void teebox_up_ok(void)
{
	char out[1024];
	long ms;

	assert_int_equal(run_teebox("up", out, sizeof(out), &ms), 0);
	assert_non_null(strstr(out, "teebox up:"));
	assert_null(strstr(out, "already up"));
}

/* A client opens a session and calls the TA. */
static void client_runs(void)
{
	TEEC_Context ctx;
	TEEC_Session s;

	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&s, TA_TEST_CMD_VALUE_INC);
	e2e_close(&ctx, &s);
}

static int setup(void **state)
{
	const char *tmp = getenv("TMPDIR");

	(void)state;
	snprintf(rundir, sizeof(rundir), "%s/teebox-swdeath.XXXXXX",
		 tmp ? tmp : "/tmp");
	if (!mkdtemp(rundir))
		return -1;
	setenv("TEEBOX_RUNTIME_DIR", rundir, 1);
	setenv("TEEBOX_TA_DIR", TEEBOX_TEST_TA_DIR, 1);
	return 0;
}

static int teardown(void **state)
{
	char out[1024];
	long ms;

	(void)state;
	run_teebox("down", out, sizeof(out), &ms);
	return harness_remove_tree(rundir);
}

/*
 * kill -9 of the secure world under an open session: the session's calls
 * fail, `teebox down` stops everything within the bound and exits 0, and
 * `teebox up` then brings up a TEE a client uses.
 */
static void test_down_after_secure_world_death__prompt_and_up_works(void **s)
{
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Operation op = {0};
	uint32_t origin;
	pid_t teed, sw;
	char out[1024];
	long ms;

	(void)s;
	teebox_up_ok();
	teed = teed_pid();
	assert_true(teed > 0);
	sw = secure_world_pid(teed);
	assert_true(sw > 0);

	e2e_open(&ctx, &sess, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&sess, TA_TEST_CMD_VALUE_INC);
	assert_int_equal(kill(sw, SIGKILL), 0);
	/* teed reaps it: gone from the process table. */
	for (ms = 0; ms < REAP_DEADLINE_MS && !pid_gone(sw); ms += 10)
		harness_sleep_ms(10);
	assert_true(pid_gone(sw));

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	assert_int_not_equal(
		TEEC_InvokeCommand(&sess, TA_TEST_CMD_VALUE_INC, &op, &origin),
		TEEC_SUCCESS);

	assert_int_equal(run_teebox("down", out, sizeof(out), &ms), 0);
	printf("# teebox down took %ld ms after the secure world died\n", ms);
	assert_true(ms < DOWN_BOUND_MS);
	assert_non_null(strstr(out, "teebox down"));
	assert_true(pid_gone(teed));

	/* The client still holds its context: closing it is harmless. */
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);

	teebox_up_ok();
	assert_int_not_equal(teed_pid(), teed);
	client_runs();
	assert_int_equal(run_teebox("down", out, sizeof(out), &ms), 0);
	assert_non_null(strstr(out, "teebox down"));
}

/* The pid of the TA process serving @s (it says it). */
static pid_t ta_pid(TEEC_Session *s)
{
	return (pid_t)e2e_invoke_value(s, TA_TEST_CMD_PID);
}

/*
 * A TA stopped with SIGSTOP (under a debugger the user forgot) while its
 * client holds a session: teed's shutdown does not wait on it.  down
 * finishes well within its bound, the TA is killed, and teed's log
 * reports it.
 */
static void test_down_with_stopped_ta__killed_and_reported(void **s)
{
	char out[1024], log[PATH_MAX], line[512];
	TEEC_Context ctx;
	TEEC_Session sess;
	bool reported = false;
	pid_t teed, sw, ta;
	FILE *f;
	long ms;

	(void)s;
	teebox_up_ok();
	teed = teed_pid();
	sw = secure_world_pid(teed);
	assert_true(sw > 0);
	e2e_open(&ctx, &sess, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&sess, TA_TEST_CMD_VALUE_INC);
	ta = ta_pid(&sess);
	assert_true(ta > 0);
	assert_int_equal(kill(ta, SIGSTOP), 0);

	assert_int_equal(run_teebox("down", out, sizeof(out), &ms), 0);
	printf("# teebox down took %ld ms with a stopped TA\n", ms);
	assert_true(ms < STOPPED_TA_DOWN_BOUND_MS);
	assert_non_null(strstr(out, "teebox down"));
	assert_true(pid_gone(teed));
	assert_true(pid_gone(ta));
	snprintf(log, sizeof(log), "%s/teed.log", rundir);
	f = fopen(log, "r");
	assert_non_null(f);
	while (!reported && fgets(line, sizeof(line), f))
		reported = strstr(line, "TA process") && strstr(line, "killed");
	fclose(f);
	assert_true(reported);
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_down_after_secure_world_death__prompt_and_up_works),
		cmocka_unit_test(
			test_down_with_stopped_ta__killed_and_reported),
	};

	return cmocka_run_group_tests_name("secure_world_death", tests, setup,
					   teardown);
}
