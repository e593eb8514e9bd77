// SPDX-License-Identifier: BSD-2-Clause
/*
 * What a TA gets from the trusted OS during a call, end to end: its
 * system calls (teebox/ta_ipc.h) and the GP functions built on them, and
 * the foreign-interrupt yield of long calls.
 *
 *  - time (GP TEE_GetREETime through OPTEE_RPC_CMD_GET_TIME, served by
 *    the driver; TEE_GetSystemTime; TEE_Wait through
 *    OPTEE_RPC_CMD_SUSPEND, and its cancellation by
 *    TEEC_RequestCancellation);
 *  - the secure world's checks of raw system calls;
 *  - properties (GP 4.4): the client identity the kernel computed
 *    (docs/abi.md §2: mainline tee_session_calc_client_uuid()), the TA's
 *    header, the implementation, enumerators;
 *  - OPTEE_SMC_RPC_FUNC_FOREIGN_INTR: a long TA call lets the normal
 *    world run (the driver logs it at level 7).
 *
 * Every test starts its own teebox and stops it, and teed must exit 0.
 * No test asserts a duration beyond what a result implies (a wait of
 * 50 ms took at least 50 ms); deadlines only turn a hang into a failure.
 */
#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "teebox/ta_ipc.h"

#define TEE_ERROR_CANCEL	 0xFFFF0002
#define TEE_ERROR_BAD_FORMAT	 0xFFFF0005
#define TEE_ERROR_ITEM_NOT_FOUND 0xFFFF0008
#define TEE_ERROR_TARGET_DEAD	 0xFFFF3024
#define TEE_TIMEOUT_INFINITE	 0xFFFFFFFF

/* Deadlines that turn a hang into a failure; never a timing assertion. */
#define HANG_DEADLINE_S 120

/* The line teed logs at level 7 for OPTEE_SMC_RPC_FUNC_FOREIGN_INTR. */
#define FOREIGN_INTR "optee: foreign interrupt"

/* gpd.tee.deviceID (ta/libutee/tee_api_property.c). */
#define TEEBOX_DEVICE_ID "1ebb9ce9-e619-413b-8fff-53159371da2a"

/* The user and group "nobody". */
#define NOBODY 65534

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/*
 * The teebox of the running test; stop_leftover() takes down one that a
 * failed test left up.  What a test's threads write into is static: such
 * a thread may return after its test failed.
 */
static struct harness tb;

static int stop_leftover(void **state)
{
	harness_stop_leftover(&tb);
	return 0;
}

/* Invokes @cmd with up to four value params of types @t0..@t3. */
static TEEC_Result invoke_values(TEEC_Session *s, uint32_t cmd, uint32_t t0,
				 uint32_t t1, uint32_t t2, uint32_t t3,
				 TEEC_Value v[4], uint32_t *origin)
{
	TEEC_Operation op;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(t0, t1, t2, t3);
	for (int i = 0; i < 4; i++)
		op.params[i].value = v[i];
	res = TEEC_InvokeCommand(s, cmd, &op, origin);
	for (int i = 0; i < 4; i++)
		v[i] = op.params[i].value;
	return res;
}

/* TA_TEST_CMD_TEE_WAIT; *@elapsed gets the TA's measure. */
static TEEC_Result tee_wait(TEEC_Session *s, uint32_t ms, bool unmask,
			    uint32_t *elapsed, uint32_t *origin)
{
	TEEC_Value v[4] = {{.a = ms, .b = unmask}};
	TEEC_Result res;

	res = invoke_values(s, TA_TEST_CMD_TEE_WAIT, TEEC_VALUE_INPUT,
			    TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE, v, origin);
	if (elapsed)
		*elapsed = v[1].a;
	return res;
}

/* TA_TEST_CMD_SYSCALL: a raw system call; returns its result. */
static TEEC_Result raw_syscall(TEEC_Session *s, uint32_t nr, uint64_t arg0,
			       uint64_t arg1)
{
	TEEC_Value v[4] = {
		{.a = nr},
		{.a = (uint32_t)arg0, .b = (uint32_t)(arg0 >> 32)},
		{.a = (uint32_t)arg1, .b = (uint32_t)(arg1 >> 32)},
	};
	uint32_t origin;

	assert_int_equal(invoke_values(s, TA_TEST_CMD_SYSCALL, TEEC_VALUE_INPUT,
				       TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
				       TEEC_VALUE_OUTPUT, v, &origin),
			 TEEC_SUCCESS);
	return v[3].a;
}

/* ------------------------------------------------------------------ */
/* Identities                                                          */
/* ------------------------------------------------------------------ */

/* The RFC 4122 octets of the UUID written @str. */
static void uuid_octets(const char *str, uint8_t o[16])
{
	unsigned int v;
	int n = 0;

	for (const char *p = str; *p && n < 16;) {
		if (*p == '-') {
			p++;
			continue;
		}
		assert_int_equal(sscanf(p, "%2x", &v), 1);
		o[n++] = (uint8_t)v;
		p += 2;
	}
	assert_int_equal(n, 16);
}

/*
 * The client UUID of @name (docs/abi.md §2): UUIDv5 in the kernel's
 * namespace, SHA-1 over namespace and name without its NUL.
 */
static void client_uuid(const char *name, uint8_t uuid[16])
{
	static const uint8_t ns[16] = {0x58, 0xac, 0x9c, 0xa0, 0x20, 0x86,
				       0x46, 0x83, 0xa1, 0xb8, 0xec, 0x4b,
				       0xc0, 0x8e, 0x01, 0xb6};
	uint8_t hash[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	EVP_MD_CTX *md = EVP_MD_CTX_new();

	assert_non_null(md);
	assert_true(EVP_DigestInit_ex(md, EVP_sha1(), NULL));
	assert_true(EVP_DigestUpdate(md, ns, sizeof(ns)));
	assert_true(EVP_DigestUpdate(md, name, strlen(name)));
	assert_true(EVP_DigestFinal_ex(md, hash, &len));
	EVP_MD_CTX_free(md);
	memcpy(uuid, hash, 16);
	uuid[6] = (uint8_t)((uuid[6] & 0x0f) | 0x50);
	uuid[8] = (uint8_t)((uuid[8] & 0x3f) | 0x80);
}

/* TA_TEST_CMD_CLIENT_IDENTITY: login, endian and client UUID. */
static void client_identity(TEEC_Session *s, uint32_t *login, uint8_t uuid[16])
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[1].tmpref.buffer = uuid;
	op.params[1].tmpref.size = 16;
	assert_int_equal(TEEC_InvokeCommand(s, TA_TEST_CMD_CLIENT_IDENTITY, &op,
					    &origin),
			 TEEC_SUCCESS);
	assert_int_equal(op.params[1].tmpref.size, 16);
	assert_int_equal(op.params[0].value.b, 0); /* gpd.client.endian */
	*login = op.params[0].value.a;
}

/* The vectors of docs/abi.md §2 hold for our computation. */
static void test_client_uuid_vectors(void **state)
{
	uint8_t got[16], want[16];

	client_uuid("uid=0", got);
	uuid_octets("ef0180a3-13f3-5d1c-b7f5-888c0e21059a", want);
	assert_memory_equal(got, want, 16);
	client_uuid("gid=0", got);
	uuid_octets("d93bc168-f863-58d3-a1fe-bb2039421b99", want);
	assert_memory_equal(got, want, 16);
}

/* PUBLIC: login 0 and the nil UUID (OP-TEE forces it). */
static void test_identity_public(void **state)
{
	static const uint8_t nil[16];
	uint8_t uuid[16];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t login;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	memset(uuid, 0xff, sizeof(uuid));
	client_identity(&s, &login, uuid);
	assert_int_equal(login, TEEC_LOGIN_PUBLIC);
	assert_memory_equal(uuid, nil, 16);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* USER: login 1, the UUID of "uid=<euid in hex>". */
static void test_identity_user(void **state)
{
	uint8_t uuid[16], want[16];
	char name[32];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t login;

	snprintf(name, sizeof(name), "uid=%x", (unsigned int)geteuid());
	client_uuid(name, want);
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_USER, NULL);
	client_identity(&s, &login, uuid);
	assert_int_equal(login, TEEC_LOGIN_USER);
	assert_memory_equal(uuid, want, 16);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* GROUP with our effective gid: login 2, the UUID of "gid=<gid in hex>". */
static void test_identity_group(void **state)
{
	gid_t gid = getegid();
	uint8_t uuid[16], want[16];
	char name[32];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t login;

	snprintf(name, sizeof(name), "gid=%x", (unsigned int)gid);
	client_uuid(name, want);
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_GROUP, &gid);
	client_identity(&s, &login, uuid);
	assert_int_equal(login, TEEC_LOGIN_GROUP);
	assert_memory_equal(uuid, want, 16);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * GROUP with @gid: the results of a PUBLIC open (it must work) and of
 * the GROUP open, with their origins.
 */
static void open_as_group(gid_t gid, uint32_t out[4])
{
	TEEC_Context ctx;
	TEEC_Session s;

	memset(out, 0, 4 * sizeof(out[0]));
	out[0] = TEEC_InitializeContext(NULL, &ctx);
	if (out[0])
		return;
	out[0] = e2e_open_session(&ctx, &s, &basic_uuid, &out[1]);
	if (!out[0])
		TEEC_CloseSession(&s);
	out[2] = TEEC_OpenSession(&ctx, &s, &basic_uuid, TEEC_LOGIN_GROUP, &gid,
				  NULL, &out[3]);
	if (!out[2])
		e2e_close(&ctx, &s);
}

/* A gid we are not in (not root): one that is neither egid nor listed. */
static gid_t foreign_gid(void)
{
	gid_t groups[256];
	int n = getgroups(256, groups);

	assert_true(n >= 0);
	for (gid_t g = 1000;; g++) {
		bool mine = g == getegid();

		for (int i = 0; i < n; i++)
			mine |= groups[i] == g;
		if (!mine)
			return g;
	}
}

/*
 * GROUP with a gid the caller is not in: the kernel refuses with EPERM
 * (mainline: in_egroup_p), which libteec turns into TEEC_ERROR_GENERIC
 * with origin COMMS (OP-TEE's ioctl_errno_to_res()).  As root the caller
 * is in every group that matters, so the check runs in a child that
 * became nobody/nogroup and asks for group 0.
 */
static void test_identity_group_not_member(void **state)
{
	uint32_t out[4];
	int fds[2], status;
	pid_t child;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	if (geteuid()) {
		open_as_group(foreign_gid(), out);
	} else {
		/* nobody must reach the sockets in the runtime directory. */
		assert_int_equal(chmod(tb.dir, 0755), 0);
		assert_int_equal(pipe(fds), 0);
		child = fork();
		assert_true(child >= 0);
		if (!child) {
			close(fds[0]);
			if (setgroups(0, NULL) || setgid(NOBODY) ||
			    setuid(NOBODY))
				_exit(2);
			open_as_group(0, out);
			_exit(write(fds[1], out, sizeof(out)) == sizeof(out)
				      ? 0
				      : 3);
		}
		close(fds[1]);
		assert_int_equal(read(fds[0], out, sizeof(out)), sizeof(out));
		close(fds[0]);
		assert_int_equal(waitpid(child, &status, 0), child);
		assert_true(WIFEXITED(status) && !WEXITSTATUS(status));
	}
	assert_int_equal(out[0], TEEC_SUCCESS); /* it could talk to the TEE */
	assert_int_equal(out[2], TEEC_ERROR_GENERIC);
	assert_int_equal(out[3], TEEC_ORIGIN_COMMS);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Time                                                                */
/* ------------------------------------------------------------------ */

/* TEE_GetREETime is the normal world's clock (the driver's GET_TIME). */
static void test_ree_time(void **state)
{
	TEEC_Value v[4] = {{0}};
	TEEC_Context ctx;
	TEEC_Session s;
	time_t before, after;
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	before = time(NULL);
	assert_int_equal(invoke_values(&s, TA_TEST_CMD_REE_TIME,
				       TEEC_VALUE_OUTPUT, TEEC_NONE, TEEC_NONE,
				       TEEC_NONE, v, &origin),
			 TEEC_SUCCESS);
	after = time(NULL);
	assert_true((time_t)v[0].a >= before - 2);
	assert_true((time_t)v[0].a <= after + 2);
	assert_true(v[0].b < 1000);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

static uint64_t ms_of(const TEEC_Value *v)
{
	return (uint64_t)v->a * 1000 + v->b;
}

/* TEE_GetSystemTime never goes back, within a call or across calls. */
static void test_system_time_monotonic(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint64_t last = 0;
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	for (int i = 0; i < 20; i++) {
		TEEC_Value v[4] = {{0}};

		assert_int_equal(invoke_values(&s, TA_TEST_CMD_SYSTEM_TIME,
					       TEEC_VALUE_OUTPUT,
					       TEEC_VALUE_OUTPUT, TEEC_NONE,
					       TEEC_NONE, v, &origin),
				 TEEC_SUCCESS);
		assert_true(v[0].b < 1000 && v[1].b < 1000);
		assert_true(ms_of(&v[0]) >= last);
		assert_true(ms_of(&v[1]) >= ms_of(&v[0]));
		last = ms_of(&v[1]);
	}
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* TEE_Wait(50) sleeps (at least 50 ms of system time) and succeeds. */
static void test_tee_wait(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin, elapsed;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(tee_wait(&s, 50, false, &elapsed, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_true(elapsed >= 50);
	/* Unmasked and nobody cancels: the same. */
	assert_int_equal(tee_wait(&s, 50, true, &elapsed, &origin),
			 TEEC_SUCCESS);
	assert_true(elapsed >= 50);
	assert_int_equal(tee_wait(&s, 0, false, NULL, &origin), TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * Starts TEE_Wait(@ms) and cancels it until it returns: a request that
 * comes before the call reached the secure world is dropped (nothing to
 * cancel yet), so it is repeated.  Returns the call's result.
 */
static TEEC_Result wait_and_cancel(TEEC_Session *s, uint32_t ms, bool unmask,
				   uint32_t *origin)
{
	static struct e2e_call c;

	memset(&c, 0, sizeof(c));
	c.s = s;
	c.cmd = TA_TEST_CMD_TEE_WAIT;
	c.op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					   TEEC_NONE, TEEC_NONE);
	c.op.params[0].value.a = ms;
	c.op.params[0].value.b = unmask;
	e2e_call_start(&c);
	while (!e2e_call_done(&c)) {
		if (e2e_op_started(&c.op))
			TEEC_RequestCancellation(&c.op);
		harness_sleep_ms(20);
	}
	e2e_call_join(&c, HANG_DEADLINE_S);
	*origin = c.origin;
	return c.res;
}

/*
 * TEE_Wait(10 s) and TEE_Wait(TEE_TIMEOUT_INFINITE), unmasked, end with
 * TEE_ERROR_CANCEL from the TA when the client cancels (GP); a masked
 * wait runs to its end.
 */
static void test_tee_wait_cancelled(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(wait_and_cancel(&s, 10000, true, &origin),
			 TEE_ERROR_CANCEL);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	e2e_assert_serves(&s);
	assert_int_equal(
		wait_and_cancel(&s, TEE_TIMEOUT_INFINITE, true, &origin),
		TEE_ERROR_CANCEL);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	e2e_assert_serves(&s);
	assert_int_equal(wait_and_cancel(&s, 300, false, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * A TA killed from outside while it waits for ever (masked: no cancel can
 * end it) does not keep its caller: the wait ends, the call fails with
 * TEE_ERROR_TARGET_DEAD, and a new session gets a fresh instance.
 */
static void test_tee_wait_ta_killed(void **state)
{
	static struct e2e_call c;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	pid_t pid;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	pid = (pid_t)e2e_invoke_value(&s, TA_TEST_CMD_PID);
	assert_true(pid > 0);

	memset(&c, 0, sizeof(c));
	c.s = &s;
	c.cmd = TA_TEST_CMD_TEE_WAIT;
	/* Masked: no cancel request could end it. */
	c.op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
					   TEEC_NONE, TEEC_NONE);
	c.op.params[0].value.a = TEE_TIMEOUT_INFINITE;
	e2e_call_start(&c);
	/* Killing it before it waits ends the call the same way. */
	while (!e2e_op_started(&c.op))
		harness_sleep_ms(1);
	harness_sleep_ms(100);
	assert_int_equal(kill(pid, SIGKILL), 0);
	e2e_call_join(&c, HANG_DEADLINE_S);
	assert_int_equal(c.res, TEE_ERROR_TARGET_DEAD);
	assert_int_equal(c.origin, TEEC_ORIGIN_TEE);
	TEEC_CloseSession(&s);

	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/*
 * TA_DestroyEntryPoint is bounded even when it waits for ever in
 * TEE_Wait(): the wait ends, the TA is killed, the last session's close
 * returns, and the next session gets a fresh instance.
 */
/*
 * The bound on closing the last session of a TA stuck in TA_DestroyEntryPoint:
 * the trusted OS's destroy deadline (5 s, secure/ta_proc.c) twice over, and
 * a margin for a loaded machine.
 */
#define DESTROY_BOUND_MS 15000

static uint64_t monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void test_tee_wait_in_destroy_bounded(void **state)
{
	TEEC_Value v[4] = {{0}};
	uint64_t start;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(invoke_values(&s, TA_TEST_CMD_WAIT_IN_DESTROY,
				       TEEC_NONE, TEEC_NONE, TEEC_NONE,
				       TEEC_NONE, v, &origin),
			 TEEC_SUCCESS);
	/*
	 * The last session: TA_DestroyEntryPoint runs and never returns.  The
	 * close comes back within the bound, whether the trusted OS ended the
	 * instance at its deadline ("did not exit after TA_DestroyEntryPoint")
	 * or found it dead on the way: which of the two is timing.
	 */
	start = monotonic_ms();
	TEEC_CloseSession(&s);
	assert_true(monotonic_ms() - start < DESTROY_BOUND_MS);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* The secure world checks what a TA's system call asks for. */
static void test_raw_syscalls_checked(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(raw_syscall(&s, 0, 0, 0), TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(raw_syscall(&s, 1000, 0, 0), TEEC_ERROR_NOT_SUPPORTED);
	/* WAIT: milliseconds are 32 bits, cancellable is 0 or 1. */
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_WAIT, 1ULL << 32, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_WAIT, 1, 2),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_GET_REE_TIME, 1, 0),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_WAIT, 1, 1), TEEC_SUCCESS);
	assert_int_equal(raw_syscall(&s, TA_IPC_SYS_GET_SYSTEM_TIME, 0, 0),
			 TEEC_SUCCESS);
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Properties                                                          */
/* ------------------------------------------------------------------ */

/**
 * struct prop - the answer of TA_TEST_CMD_GET_PROPERTY
 * @res, @origin: the getter's result
 * @buf:	memref output (strings end with their NUL)
 * @size:	its size as the TA set it (the size needed on SHORT_BUFFER)
 * @a, @b:	value output
 */
struct prop {
	TEEC_Result res;
	uint32_t origin;
	char buf[256];
	size_t size;
	uint32_t a, b;
};

/* Runs getter @as on @name of @set with an output buffer of @room bytes. */
static TEEC_Result get_prop(TEEC_Session *s, uint32_t set, uint32_t as,
			    const char *name, size_t room, struct prop *p)
{
	TEEC_Operation op;

	memset(p, 0, sizeof(*p));
	assert_true(room <= sizeof(p->buf));
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_OUTPUT);
	op.params[0].value.a = set;
	op.params[0].value.b = as;
	op.params[1].tmpref.buffer = (void *)name;
	op.params[1].tmpref.size = strlen(name);
	op.params[2].tmpref.buffer = room ? p->buf : NULL;
	op.params[2].tmpref.size = room;
	p->res = TEEC_InvokeCommand(s, TA_TEST_CMD_GET_PROPERTY, &op,
				    &p->origin);
	p->size = op.params[2].tmpref.size;
	p->a = op.params[3].value.a;
	p->b = op.params[3].value.b;
	return p->res;
}

static void assert_prop_string(TEEC_Session *s, uint32_t set, const char *name,
			       const char *want)
{
	struct prop p;

	assert_int_equal(get_prop(s, set, TA_TEST_PROP_AS_STRING, name,
				  sizeof(p.buf), &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(p.size, strlen(want) + 1);
	assert_string_equal(p.buf, want);
}

static void assert_prop_u32(TEEC_Session *s, uint32_t set, const char *name,
			    uint32_t want)
{
	struct prop p;

	assert_int_equal(get_prop(s, set, TA_TEST_PROP_AS_U32, name, 0, &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.a, want);
	/* The same as a u64. */
	assert_int_equal(get_prop(s, set, TA_TEST_PROP_AS_U64, name, 0, &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.a, want);
	assert_int_equal(p.b, 0);
}

static void assert_prop_bool(TEEC_Session *s, uint32_t set, const char *name,
			     bool want)
{
	struct prop p;

	assert_int_equal(get_prop(s, set, TA_TEST_PROP_AS_BOOL, name, 0, &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.a, want);
	assert_prop_string(s, set, name, want ? "true" : "false");
}

static void assert_prop_uuid(TEEC_Session *s, uint32_t set, const char *name,
			     const char *want)
{
	uint8_t octets[16];
	struct prop p;

	uuid_octets(want, octets);
	assert_int_equal(get_prop(s, set, TA_TEST_PROP_AS_UUID, name, 16, &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.size, 16);
	assert_memory_equal(p.buf, octets, 16);
	assert_prop_string(s, set, name, want);
}

static void assert_prop_error(TEEC_Session *s, uint32_t set, uint32_t as,
			      const char *name, TEEC_Result want)
{
	struct prop p;

	assert_int_equal(get_prop(s, set, as, name, sizeof(p.buf), &p), want);
	assert_int_equal(p.origin, TEEC_ORIGIN_TRUSTED_APP);
}

/* gpd.ta.*: from the TA's header (user_ta_header_defines.h). */
static void test_ta_properties(void **state)
{
	const uint32_t ta = TA_TEST_PROPSET_TA;
	TEEC_Context ctx;
	TEEC_Session s;
	struct prop p;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_prop_uuid(&s, ta, "gpd.ta.appID", TA_TEST_BASIC_UUID_STR);
	assert_prop_bool(&s, ta, "gpd.ta.singleInstance", true);
	assert_prop_bool(&s, ta, "gpd.ta.multiSession", true);
	assert_prop_bool(&s, ta, "gpd.ta.instanceKeepAlive", false);
	assert_prop_u32(&s, ta, "gpd.ta.dataSize", TA_TEST_BASIC_DATA_SIZE);
	assert_prop_u32(&s, ta, "gpd.ta.stackSize", 16 * 1024);
	assert_prop_string(&s, ta, "gpd.ta.dataSize", "65536");
	assert_prop_u32(&s, ta, "gpd.ta.endian", 0);
	assert_prop_string(&s, ta, "gpd.ta.description",
			   TA_TEST_BASIC_DESCRIPTION);
	assert_prop_string(&s, ta, "gpd.ta.version", TA_TEST_BASIC_VERSION);
	/* A string holding a number converts (GP). */
	assert_prop_u32(&s, ta, "gpd.ta.version", 42);

	/* Short buffers give the size needed, NUL included. */
	assert_int_equal(get_prop(&s, ta, TA_TEST_PROP_AS_STRING,
				  "gpd.ta.description", 4, &p),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(p.size, sizeof(TA_TEST_BASIC_DESCRIPTION));
	assert_int_equal(
		get_prop(&s, ta, TA_TEST_PROP_AS_STRING, "gpd.ta.appID", 0, &p),
		TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(p.size, 37);
	assert_int_equal(
		get_prop(&s, ta, TA_TEST_PROP_AS_UUID, "gpd.ta.appID", 8, &p),
		TEEC_ERROR_SHORT_BUFFER);

	/* Unknown names; names are case-sensitive. */
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_STRING, "gpd.ta.nothing",
			  TEE_ERROR_ITEM_NOT_FOUND);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_UUID, "gpd.ta.appid",
			  TEE_ERROR_ITEM_NOT_FOUND);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_BOOL, "",
			  TEE_ERROR_ITEM_NOT_FOUND);
	/* Conversions GP does not define. */
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_U32, "gpd.ta.singleInstance",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_BOOL, "gpd.ta.dataSize",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_BOOL, "gpd.ta.description",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_U32, "gpd.ta.description",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_UUID, "gpd.ta.description",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_IDENTITY, "gpd.ta.appID",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_BINARY, "gpd.ta.description",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, ta, TA_TEST_PROP_AS_BINARY, "gpd.ta.appID",
			  TEE_ERROR_BAD_FORMAT);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* gpd.tee.*: teebox itself. */
static void test_tee_properties(void **state)
{
	const uint32_t tee = TA_TEST_PROPSET_TEE;
	TEEC_Context ctx;
	TEEC_Session s;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_prop_string(&s, tee, "gpd.tee.apiversion", "1.3.1");
	assert_prop_string(&s, tee, "gpd.tee.description", "teebox");
	assert_prop_uuid(&s, tee, "gpd.tee.deviceID", TEEBOX_DEVICE_ID);
	assert_prop_u32(&s, tee, "gpd.tee.systemTime.protectionLevel", 100);
	assert_prop_u32(&s, tee, "gpd.tee.internalCore.version", 0x01030100);
	assert_prop_error(&s, tee, TA_TEST_PROP_AS_U32, "gpd.tee.apiversion",
			  TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, tee, TA_TEST_PROP_AS_STRING, "gpd.ta.appID",
			  TEE_ERROR_ITEM_NOT_FOUND);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* gpd.client.*: the session's client, in every GP form. */
static void test_client_properties(void **state)
{
	const uint32_t client = TA_TEST_PROPSET_CLIENT;
	uint8_t want[16];
	char str[64], name[32];
	TEEC_Context ctx;
	TEEC_Session s;
	struct prop p;

	snprintf(name, sizeof(name), "uid=%x", (unsigned int)geteuid());
	client_uuid(name, want);
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_USER, NULL);
	assert_int_equal(get_prop(&s, client, TA_TEST_PROP_AS_IDENTITY,
				  "gpd.client.identity", 20, &p),
			 TEEC_SUCCESS);
	assert_int_equal(p.size, 20);
	assert_int_equal(p.buf[0], TEEC_LOGIN_USER);
	assert_int_equal(p.buf[1] | p.buf[2] | p.buf[3], 0);
	assert_memory_equal(p.buf + 4, want, 16);
	/* As a string: "<login>:<uuid>" (implementation defined). */
	snprintf(str, sizeof(str),
		 "1:%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x",
		 want[0], want[1], want[2], want[3], want[4], want[5], want[6],
		 want[7], want[8], want[9], want[10], want[11], want[12],
		 want[13], want[14], want[15]);
	assert_prop_string(&s, client, "gpd.client.identity", str);
	assert_prop_u32(&s, client, "gpd.client.endian", 0);
	assert_prop_error(&s, client, TA_TEST_PROP_AS_UUID,
			  "gpd.client.identity", TEE_ERROR_BAD_FORMAT);
	assert_prop_error(&s, client, TA_TEST_PROP_AS_STRING,
			  "gpd.client.nothing", TEE_ERROR_ITEM_NOT_FOUND);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* TA_TEST_CMD_ENUM_PROPERTIES of @set into @buf; returns the count. */
static uint32_t enum_props(TEEC_Session *s, uint32_t set, char *buf,
			   size_t size)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	memset(buf, 0, size);
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_OUTPUT,
				 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].value.a = set;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = size - 1;
	assert_int_equal(TEEC_InvokeCommand(s, TA_TEST_CMD_ENUM_PROPERTIES, &op,
					    &origin),
			 TEEC_SUCCESS);
	/* The walk ended where the set ends. */
	assert_int_equal(op.params[2].value.b, TEE_ERROR_ITEM_NOT_FOUND);
	buf[op.params[1].tmpref.size] = '\0';
	return op.params[2].value.a;
}

/* Enumerators walk each set in full, values as strings. */
static void test_enumerate_properties(void **state)
{
	/* OP-TEE's order: the TA's table, then the UUID (§4.2). */
	static const char ta_want[] =
		"gpd.ta.singleInstance=true\n"
		"gpd.ta.multiSession=true\n"
		"gpd.ta.instanceKeepAlive=false\n"
		"optee.ta.instanceKeepCrashed=false\n"
		"gpd.ta.dataSize=65536\n"
		"gpd.ta.stackSize=16384\n"
		"gpd.ta.version=" TA_TEST_BASIC_VERSION "\n"
		"gpd.ta.description=" TA_TEST_BASIC_DESCRIPTION "\n"
		"gpd.ta.endian=0\n"
		"gpd.ta.doesNotCloseHandleOnCorruptObject=false\n"
		"gpd.ta.appID=" TA_TEST_BASIC_UUID_STR "\n";
	static const char client_want[] =
		"gpd.client.identity=0:00000000-0000-0000-0000-000000000000\n"
		"gpd.client.endian=0\n";
	/* Every gpd.tee.* property OP-TEE reports, in its order (§4.1). */
	static const char tee_want[] =
		"gpd.tee.arith.maxBigIntSize=2048\n"
		"gpd.tee.sockets.version=16777216\n"
		"gpd.tee.sockets.tcp.version=16777216\n"
		"gpd.tee.internalCore.version=16974080\n"
		"gpd.tee.apiversion=1.3.1\n"
		"gpd.tee.description=teebox\n"
		"gpd.tee.deviceID=" TEEBOX_DEVICE_ID "\n"
		"gpd.tee.systemTime.protectionLevel=100\n"
		"gpd.tee.TAPersistentTime.protectionLevel=100\n"
		"gpd.tee.cryptography.ecc=true\n"
		"gpd.tee.trustedStorage.antiRollback.protectionLevel=100\n"
		"gpd.tee.trustedos.implementation.version=teebox-0.1.0\n"
		"gpd.tee.trustedos.implementation.binaryversion=0\n"
		"gpd.tee.trustedos.manufacturer=teebox\n"
		"gpd.tee.firmware.implementation.version=FW_IMPL_UNDEF\n"
		"gpd.tee.firmware.implementation.binaryversion=0\n"
		"gpd.tee.firmware.manufacturer=FW_MAN_UNDEF\n";
	char buf[1024];
	TEEC_Context ctx;
	TEEC_Session s;

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(enum_props(&s, TA_TEST_PROPSET_TA, buf, sizeof(buf)),
			 11);
	assert_string_equal(buf, ta_want);
	assert_int_equal(
		enum_props(&s, TA_TEST_PROPSET_CLIENT, buf, sizeof(buf)), 2);
	assert_string_equal(buf, client_want);
	assert_int_equal(enum_props(&s, TA_TEST_PROPSET_TEE, buf, sizeof(buf)),
			 17);
	assert_string_equal(buf, tee_want);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

/* ------------------------------------------------------------------ */
/* Foreign interrupts                                                  */
/* ------------------------------------------------------------------ */

/*
 * A TA that computes for 300 ms does not hold its caller's CPU for all
 * that time: the secure world returns OPTEE_SMC_RPC_FUNC_FOREIGN_INTR
 * regularly and the driver resumes it (seed rpc.c), and the call
 * completes.
 */
static void test_foreign_intr(void **state)
{
	TEEC_Value v[4] = {{.a = 300}};
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	harness_start_ok(
		&tb, (struct harness_opts){.supplicant = true, .log_level = 7});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(invoke_values(&s, TA_TEST_CMD_BUSY, TEEC_VALUE_INPUT,
				       TEEC_NONE, TEEC_NONE, TEEC_NONE, v,
				       &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_true(harness_log_contains(&tb, "teed.log", FOREIGN_INTR));
	e2e_assert_serves(&s);
	e2e_close(&ctx, &s);
	harness_stop_ok(&tb);
}

#define T(f) cmocka_unit_test_teardown(f, stop_leftover)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_client_uuid_vectors),
		T(test_identity_public),
		T(test_identity_user),
		T(test_identity_group),
		T(test_identity_group_not_member),
		T(test_ree_time),
		T(test_system_time_monotonic),
		T(test_tee_wait),
		T(test_tee_wait_cancelled),
		T(test_tee_wait_ta_killed),
		T(test_tee_wait_in_destroy_bounded),
		T(test_raw_syscalls_checked),
		T(test_ta_properties),
		T(test_tee_properties),
		T(test_client_properties),
		T(test_enumerate_properties),
		T(test_foreign_intr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
