// SPDX-License-Identifier: BSD-2-Clause
/*
 * A client that does not follow the protocol.  /dev/tee0 is a socket in
 * teed's runtime directory (transport/tbx_proto.h); anyone who can open
 * it can send anything.  teed must answer a bad message by closing that
 * connection (the file is "released", as when a process dies), keep no
 * file it was sent, and go on serving everyone else.  A client killed in
 * the middle of a call loses its session once the call ends, as a
 * process killed in the middle of an ioctl does on Linux (seed
 * tee_core.c tee_release -> teedev_close_context).
 *
 * The request decoder itself (what an ioctl carries) is fuzzed in
 * fuzz/fuzz_tbx_call.c; here the framing around it is checked.
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tbx_proto.h"
#include <tbx/sock.h>

#define CLOSE_DEADLINE_MS 10000

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static struct harness tb;
static bool tb_running;
static int teed_fds;

/* teed's open files once they stayed the same for 100 ms. */
static int settled_fds(pid_t pid)
{
	int last = -1, same = 0;

	for (int i = 0; i < CLOSE_DEADLINE_MS / 10 && same < 10; i++) {
		int n = harness_count_fds(pid);

		same = n == last ? same + 1 : 0;
		last = n;
		harness_sleep_ms(10);
	}
	return last;
}

static int setup(void **state)
{
	struct harness_opts o = {.supplicant = true};
	TEEC_Context ctx;
	TEEC_Session s;

	(void)state;
	if (harness_start(&tb, &o))
		return -1;
	tb_running = true;
	/*
	 * A first load leaves tee-supplicant the buffer it keeps for the
	 * next (supplicant/shm.c): a memory file teed holds too.
	 */
	if (TEEC_InitializeContext(NULL, &ctx))
		return -1;
	if (TEEC_OpenSession(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL,
			     NULL, NULL)) {
		TEEC_FinalizeContext(&ctx);
		return -1;
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	/* Its connection is released in teed's connection thread. */
	teed_fds = settled_fds(tb.teed);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (!tb_running)
		return 0;
	tb_running = false;
	return harness_stop(&tb) ? -1 : 0;
}

/* A raw connection to tee0, nothing sent yet. */
static int raw_connect(void)
{
	struct sockaddr_un sa;
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/tee0", tb.dir);
	assert_int_equal(tbx_sockaddr(&sa, path), 0);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	assert_true(fd >= 0);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	return fd;
}

/* A connection that said HELLO and got its lanes (the fd is dropped). */
static int hello_connect(void)
{
	struct tbx_msg msg = {.type = TBX_HELLO};
	int fd = raw_connect();
	int lanes_fd = -1;

	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION;
	assert_int_equal(
		tbx_send(fd, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1), 0);
	assert_true(tbx_recv(fd, &msg, sizeof(msg), &lanes_fd) > 0);
	assert_int_equal(msg.type, TBX_HELLO_REPLY);
	assert_int_equal(msg.u.hello_reply.status, 0);
	assert_true(lanes_fd >= 0);
	close(lanes_fd);
	return fd;
}

/* Sends @len raw bytes, with file @fd attached if >= 0. */
static void send_raw(int sock, const void *buf, size_t len, int fd)
{
	assert_int_equal(tbx_send(sock, buf, len, fd), 0);
}

/* teed closed the connection: EOF, with nothing sent before it. */
static void assert_closed_by_teed(int sock)
{
	struct pollfd pfd = {.fd = sock, .events = POLLIN};
	char buf[sizeof(struct tbx_msg)];

	assert_int_equal(poll(&pfd, 1, CLOSE_DEADLINE_MS), 1);
	assert_int_equal(recv(sock, buf, sizeof(buf), 0), 0);
	close(sock);
}

/*
 * teed is as it was: every file it had for the bad connections is
 * closed, and a real client opens a session and calls the TA.
 */
static void assert_teed_unharmed(void)
{
	TEEC_Context ctx;
	TEEC_Session s;
	int fds = -1;

	/* The release runs in teed's connection thread: let it finish. */
	for (int i = 0; i < CLOSE_DEADLINE_MS / 10; i++) {
		fds = harness_count_fds(tb.teed);
		if (fds == teed_fds)
			break;
		harness_sleep_ms(10);
	}
	assert_int_equal(fds, teed_fds);
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&s, TA_TEST_CMD_VALUE_INC);
	e2e_close(&ctx, &s);
}

/* The first message is not a HELLO, or a HELLO of another protocol. */
static void test_bad_hello_is_closed(void **state)
{
	struct tbx_msg msg;
	uint8_t noise[37];
	int sock;

	(void)state;
	for (size_t i = 0; i < sizeof(noise); i++)
		noise[i] = (uint8_t)(i * 151 + 7);
	sock = raw_connect();
	send_raw(sock, noise, sizeof(noise), -1);
	assert_closed_by_teed(sock);

	sock = raw_connect();
	send_raw(sock, noise, 1, -1); /* shorter than any message */
	assert_closed_by_teed(sock);

	memset(&msg, 0, sizeof(msg));
	msg.type = TBX_HELLO;
	msg.u.hello.magic = TBX_PROTO_MAGIC ^ 1;
	msg.u.hello.version = TBX_PROTO_VERSION;
	sock = raw_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1);
	assert_closed_by_teed(sock);

	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION + 1;
	sock = raw_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1);
	assert_closed_by_teed(sock);

	/* A valid HELLO cut short by one byte. */
	msg.u.hello.version = TBX_PROTO_VERSION;
	sock = raw_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)) - 1, -1);
	assert_closed_by_teed(sock);
	assert_teed_unharmed();
}

/* A file sent along with the HELLO is not kept. */
static void test_file_with_hello_is_dropped(void **state)
{
	struct tbx_msg msg = {.type = TBX_HELLO};
	int p[2];
	int sock;

	(void)state;
	assert_int_equal(pipe(p), 0);
	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION;
	sock = raw_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), p[0]);
	assert_true(tbx_recv(sock, &msg, sizeof(msg), &(int){-1}) > 0);
	close(sock);
	close(p[0]);
	close(p[1]);
	assert_teed_unharmed();
}

/* After the HELLO: messages teed does not know close the connection. */
static void test_malformed_messages_are_closed(void **state)
{
	struct tbx_msg msg;
	int p[2];
	int sock;

	(void)state;
	sock = hello_connect();
	send_raw(sock, "x", 1, -1);
	assert_closed_by_teed(sock);

	memset(&msg, 0, sizeof(msg));
	msg.type = 0x7777;
	sock = hello_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(8), -1);
	assert_closed_by_teed(sock);

	/* An ioctl too short to hold its call header. */
	msg.type = TBX_IOCTL;
	sock = hello_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(4), -1);
	assert_closed_by_teed(sock);

	/* A lane that does not exist. */
	msg.type = TBX_LANE_START;
	msg.u.lane_start.lane = TBX_NUM_LANES;
	sock = hello_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.lane_start)), -1);
	assert_closed_by_teed(sock);

	/* A file along with a message that takes none. */
	assert_int_equal(pipe(p), 0);
	msg.type = TBX_SHM_CLOSE;
	msg.u.shm_close.shm_id = 1;
	sock = hello_connect();
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.shm_close)), p[0]);
	assert_closed_by_teed(sock);
	close(p[0]);
	close(p[1]);
	assert_teed_unharmed();
}

/*
 * Mistakes the protocol answers without closing: closing shared memory
 * the client never had (EBADF, like close(2) of a bad fd), an ioctl
 * number tee.h does not define (EINVAL, seed tee_core.c tee_ioctl's
 * default case), and a file sent with an ioctl that takes none
 * (dropped).
 */
static void test_answered_mistakes_keep_the_connection(void **state)
{
	struct tbx_msg msg;
	int p[2];
	int sock;

	(void)state;
	sock = hello_connect();
	memset(&msg, 0, sizeof(msg));
	msg.type = TBX_SHM_CLOSE;
	msg.u.shm_close.shm_id = 12345;
	send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.shm_close)), -1);
	assert_true(tbx_recv(sock, &msg, sizeof(msg), &(int){-1}) > 0);
	assert_int_equal(msg.type, TBX_SHM_CLOSE_REPLY);
	assert_int_equal(msg.u.shm_close.status, -EBADF);

	memset(&msg, 0, sizeof(msg));
	msg.type = TBX_IOCTL;
	msg.u.call.cmd = 0xdeadbeef;
	send_raw(sock, &msg, TBX_MSG_SIZE(offsetof(struct tbx_call, data)), -1);
	assert_true(tbx_recv(sock, &msg, sizeof(msg), &(int){-1}) > 0);
	assert_int_equal(msg.type, TBX_IOCTL);
	assert_int_equal(msg.u.call.ret, -EINVAL);

	assert_int_equal(pipe(p), 0);
	memset(&msg, 0, sizeof(msg));
	msg.type = TBX_IOCTL;
	msg.u.call.cmd = 0xdeadbeef;
	send_raw(sock, &msg, TBX_MSG_SIZE(offsetof(struct tbx_call, data)),
		 p[0]);
	assert_true(tbx_recv(sock, &msg, sizeof(msg), &(int){-1}) > 0);
	assert_int_equal(msg.u.call.ret, -EINVAL);
	close(p[0]);
	close(p[1]);
	close(sock);
	assert_teed_unharmed();
}

/* A client that connects and goes away at each step of the open. */
static void test_client_gone_during_open(void **state)
{
	struct tbx_msg msg = {.type = TBX_HELLO};

	(void)state;
	close(raw_connect());
	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION;
	for (int i = 0; i < 16; i++) {
		int sock = raw_connect();

		send_raw(sock, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1);
		close(sock); /* before the reply */
	}
	close(hello_connect());
	assert_teed_unharmed();
}

/* The session's CloseSession count in the basic TA's instance. */
static uint32_t closed_sessions(TEEC_Session *s)
{
	TEEC_Operation op;
	uint32_t origin;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	assert_int_equal(
		TEEC_InvokeCommand(s, TA_TEST_CMD_LIFECYCLE, &op, &origin),
		TEEC_SUCCESS);
	return op.params[1].value.a;
}

/* The victim: a session, then a long call; says 'c' just before it. */
static void sleeping_client(int report_fd)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx) ||
	    e2e_open_session(&ctx, &s, &basic_uuid, &origin))
		_exit(1);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	op.params[0].value.a = 3000;
	if (write(report_fd, "c", 1) != 1)
		_exit(1);
	TEEC_InvokeCommand(&s, TA_TEST_CMD_SLEEP, &op, &origin);
	_exit(0);
}

/* The system call thread @tid of process @pid is in, or -1. */
static long current_syscall(pid_t pid, long tid)
{
	char path[96];
	long nr = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%ld/syscall", (int)pid,
		 tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &nr) != 1)
		nr = -1;
	fclose(f);
	return nr;
}

/*
 * True while a thread of process @pid sleeps in nanosleep(2) or
 * clock_nanosleep(2): the TA runs the call.
 */
static bool in_nanosleep(pid_t pid)
{
	char path[64];
	struct dirent *de;
	bool found = false;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return false;
	while (!found && (de = readdir(d))) {
		long nr;

		if (de->d_name[0] == '.')
			continue;
		nr = current_syscall(pid, strtol(de->d_name, NULL, 10));
		found = nr == SYS_nanosleep || nr == SYS_clock_nanosleep;
	}
	closedir(d);
	return found;
}

/*
 * A client killed while its call runs in the TA (seen sleeping there):
 * the call ends, then its session is closed in the TA (CloseSession
 * ran) and teed keeps nothing of it.
 */
static void test_client_killed_mid_call(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t closed_before, closed = 0;
	pid_t pid, ta;
	int p[2];
	char c = 0;

	(void)state;
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	/* The TA process (the basic TA has a single instance). */
	ta = (pid_t)e2e_invoke_value(&s, TA_TEST_CMD_PID);
	closed_before = closed_sessions(&s);
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		sleeping_client(p[1]);
	assert_int_equal(read(p[0], &c, 1), 1);
	assert_int_equal(c, 'c');
	for (int ms = 0; !in_nanosleep(ta); ms++) {
		assert_true(ms < CLOSE_DEADLINE_MS);
		harness_sleep_ms(1);
	}
	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	for (int i = 0; i < CLOSE_DEADLINE_MS / 10; i++) {
		closed = closed_sessions(&s);
		if (closed == closed_before + 1)
			break;
		harness_sleep_ms(10);
	}
	assert_int_equal(closed, closed_before + 1);
	e2e_close(&ctx, &s);
	close(p[0]);
	close(p[1]);
	assert_teed_unharmed();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_hello_is_closed),
		cmocka_unit_test(test_file_with_hello_is_dropped),
		cmocka_unit_test(test_malformed_messages_are_closed),
		cmocka_unit_test(test_answered_mistakes_keep_the_connection),
		cmocka_unit_test(test_client_gone_during_open),
		cmocka_unit_test(test_client_killed_mid_call),
	};

	signal(SIGPIPE, SIG_IGN);
	/* One teebox for all: each test also proves it still serves. */
	return cmocka_run_group_tests(tests, setup, teardown);
}
