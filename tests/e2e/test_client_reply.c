// SPDX-License-Identifier: BSD-2-Clause
/*
 * What teed sends back to a client is what the ioctl wrote, and nothing
 * else (issue 9, item 1).  An ioctl over the socket carries its regions'
 * bytes after the header (transport/tbx_proto.h); a header that claims
 * more than the message carries is malformed and refused with EINVAL
 * before anything runs, and an answer carries zeroes wherever the ioctl
 * did not write, so that no byte of another message, another client or
 * teed's heap can travel back.  The checks run on raw messages, as a
 * hostile client would send them; the decoder itself is fuzzed in
 * fuzz/fuzz_tbx_call.c.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>

#include "harness.h"
#include "transport/tbx_proto.h"
#include <tbx/sock.h>

#define HDR_SIZE  TBX_MSG_SIZE(offsetof(struct tbx_call, data))
#define ARG_UADDR 0x10000
#define BUF_UADDR 0x20000
#define MARK0	  0xa5
#define MARK1	  0x5a

static struct harness tb;
static bool tb_running;

static int setup(void **state)
{
	struct harness_opts o = {0};

	(void)state;
	if (harness_start(&tb, &o))
		return -1;
	tb_running = true;
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

/* A connection to tee0 that said HELLO (the lanes' fd is dropped). */
static int hello_connect(void)
{
	struct tbx_msg msg = {.type = TBX_HELLO};
	struct sockaddr_un sa;
	char path[PATH_MAX];
	int lanes_fd = -1;
	int fd;

	snprintf(path, sizeof(path), "%s/tee0", tb.dir);
	assert_int_equal(tbx_sockaddr(&sa, path), 0);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	assert_true(fd >= 0);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	msg.u.hello.magic = TBX_PROTO_MAGIC;
	msg.u.hello.version = TBX_PROTO_VERSION;
	assert_int_equal(
		tbx_send(fd, &msg, TBX_MSG_SIZE(sizeof(msg.u.hello)), -1), 0);
	assert_true(tbx_recv(fd, &msg, sizeof(msg), &lanes_fd) > 0);
	assert_int_equal(msg.u.hello_reply.status, 0);
	if (lanes_fd >= 0)
		close(lanes_fd);
	return fd;
}

/*
 * TEE_IOC_VERSION with the largest regions the protocol allows: the
 * argument (TBX_ARG_MAX bytes, all writable) full of MARK0 and a buffer
 * (TEE_MAX_ARG_SIZE bytes) full of MARK1, which the ioctl never touches.
 */
static void version_call(struct tbx_msg *msg)
{
	struct tbx_call *call = &msg->u.call;

	memset(msg, 0, sizeof(*msg));
	msg->type = TBX_IOCTL;
	call->cmd = TEE_IOC_VERSION;
	call->arg = ARG_UADDR;
	call->nregions = 2;
	call->regions[0].uaddr = ARG_UADDR;
	call->regions[0].len = TBX_ARG_MAX;
	call->regions[0].wr_len = TBX_ARG_MAX;
	call->regions[1].uaddr = BUF_UADDR;
	call->regions[1].len = TEE_MAX_ARG_SIZE;
	call->regions[1].wr_len = TEE_MAX_ARG_SIZE;
	memset(call->data, MARK0, TBX_ARG_MAX);
	memset(call->data + TBX_ARG_MAX, MARK1, TEE_MAX_ARG_SIZE);
}

/* Sends @len bytes of @msg and returns the answer's length in @ans. */
static size_t exchange(int sock, const struct tbx_msg *msg, size_t len,
		       struct tbx_msg *ans)
{
	ssize_t n;

	assert_int_equal(tbx_send(sock, msg, len, -1), 0);
	memset(ans, 0, sizeof(*ans));
	n = tbx_recv(sock, ans, sizeof(*ans), &(int){-1});
	assert_true(n >= (ssize_t)HDR_SIZE);
	assert_int_equal(ans->type, TBX_IOCTL);
	return (size_t)n;
}

/* No byte of the answer's data is one the client's messages carried. */
static void assert_no_marks(const struct tbx_msg *ans, size_t n)
{
	for (size_t i = HDR_SIZE; i < n; i++) {
		uint8_t b = ((const uint8_t *)ans)[i];

		assert_true(b != MARK0 && b != MARK1);
	}
}

/*
 * A header claiming both regions in full, sent with no data at all:
 * EINVAL, and the answer is the header alone.  Checked on a connection
 * whose previous message filled teed's buffer with marks, and on a new
 * one after another connection did so and went away (its freed buffer
 * is the kind of memory a new connection's may be).
 */
static void test_region_longer_than_message__einval_no_data(void **state)
{
	struct tbx_msg msg, ans;
	size_t n;
	int sock;

	(void)state;
	sock = hello_connect();
	version_call(&msg);
	exchange(sock, &msg, sizeof(msg), &ans);
	assert_int_equal(ans.u.call.ret, 0);

	n = exchange(sock, &msg, HDR_SIZE, &ans);
	assert_int_equal(ans.u.call.ret, -EINVAL);
	assert_int_equal(ans.u.call.nregions, 0);
	assert_int_equal(n, HDR_SIZE);
	assert_no_marks(&ans, n);

	/* One byte short of what the header claims. */
	n = exchange(sock, &msg, sizeof(msg) - 1, &ans);
	assert_int_equal(ans.u.call.ret, -EINVAL);
	assert_int_equal(n, HDR_SIZE);
	close(sock);

	sock = hello_connect();
	n = exchange(sock, &msg, HDR_SIZE, &ans);
	assert_int_equal(ans.u.call.ret, -EINVAL);
	assert_int_equal(n, HDR_SIZE);
	assert_no_marks(&ans, n);
	close(sock);
}

/*
 * A well-formed call: the answer holds the 12 bytes TEE_IOC_VERSION
 * wrote (one span) and zeroes in every other byte of both regions.
 */
static void test_answer_carries_only_written_bytes(void **state)
{
	struct tee_ioctl_version_data vers;
	struct tbx_msg msg, ans;
	const struct tbx_call *call = &ans.u.call;
	size_t n;
	int sock;

	(void)state;
	sock = hello_connect();
	version_call(&msg);
	n = exchange(sock, &msg, sizeof(msg), &ans);
	assert_int_equal(call->ret, 0);
	assert_int_equal(call->nregions, 2);
	assert_int_equal(n, HDR_SIZE + TBX_ARG_MAX + TEE_MAX_ARG_SIZE);
	assert_int_equal(call->regions[0].nspans, 1);
	assert_int_equal(call->regions[0].spans[0].off, 0);
	assert_int_equal(call->regions[0].spans[0].len, sizeof(vers));
	assert_int_equal(call->regions[1].nspans, 0);
	memcpy(&vers, call->data, sizeof(vers));
	assert_int_equal(vers.impl_id, TEE_IMPL_ID_OPTEE);
	for (size_t i = sizeof(vers); i < TBX_ARG_MAX + TEE_MAX_ARG_SIZE; i++)
		assert_int_equal(call->data[i], 0);
	close(sock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_region_longer_than_message__einval_no_data),
		cmocka_unit_test(test_answer_carries_only_written_bytes),
	};

	return cmocka_run_group_tests_name("client_reply", tests, setup,
					   teardown);
}
