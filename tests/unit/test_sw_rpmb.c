// SPDX-License-Identifier: BSD-2-Clause
/*
 * The trusted OS's RPMB client and RPMB FS (secure/tee_rpmb.c,
 * tee_rpmb_fs.c) against tee-supplicant's emulated device
 * (supplicant/rpmb_emu.c) and against a hostile relay that changes,
 * replays or cuts its answers.  The rules checked are OP-TEE's
 * (optee_os core/tee/tee_rpmb_fs.c; ABI-FACTS §5.6,
 * ABI-FACTS-INTERNAL §5.10): the key is HMAC-SHA-256(HUK, CID with
 * bytes 9 and 15 zeroed), programmed when the device has none; a read
 * answer must echo the nonce and verify; a write answer must name
 * counter + 1 and verify; anything else is refused, never used.
 */
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
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "secure/nv_counter.h"
#include "secure/ree_fs_anchor.h"
#include "secure/tee_rpmb.h"
#include "secure/tee_rpmb_fs.h"
#include "supplicant/rpmb_emu.h"

#define DEV "dev"

static const uint8_t huk[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const uint8_t ssk[32] = {0x5a};
static const TEE_UUID ta1 = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4}};
static const TEE_UUID ta2 = {0x55555555, 0x6666, 0x7777, {8, 8, 8, 8}};

/*
 * The relay between the client and the device: what it does to the
 * next answer.
 */
enum relay_mode {
	RELAY_PASS,
	RELAY_FLIP_MAC,	  /* one bit of the last frame's MAC */
	RELAY_FLIP_DATA,  /* one bit of the first frame's data */
	RELAY_RECORD,	  /* keep a copy of the answer */
	RELAY_REPLAY,	  /* answer with the copy kept, device untouched */
	RELAY_ZERO,	  /* all zero bytes */
	RELAY_FAIL,	  /* the supplicant's error */
	RELAY_DROP_WRITE, /* the device never sees it: replay the copy */
};

static struct relay {
	struct rpmb_emu *emu;
	enum relay_mode mode;
	uint8_t kept[8 * RPMB_FRAME_SIZE];
	size_t kept_size;
	int requests;
	long crash_at; /* data writes from this one on never arrive; -1 */
	long writes;
	uint8_t key[32];  /* the client's key, to forge authentic failures */
	int fail_writes;  /* next writes: authentic GENERAL_FAILURE, not done */
	int lose_answers; /* next writes: done, but the answer is lost */
	uint32_t sent[16]; /* write counter of each write request seen */
	int nsent;
	int stale;	   /* write requests below the device's counter */
	bool host_blkcnt;  /* read answers as OP-TEE's RPMB_EMU makes them */
	size_t max_frames; /* most frames in one write request */
} relay;

static char dir[64];
static int dirfd = -1;

static bool is_data_io(const uint8_t *req, size_t size)
{
	uint16_t type;

	if (size < 6 + RPMB_FRAME_SIZE)
		return false;
	type = (uint16_t)(req[6 + 510] << 8 | req[6 + 511]);
	return type == RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE ||
	       type == RPMB_MSG_TYPE_REQ_AUTH_DATA_READ;
}

static bool is_write(const uint8_t *req, size_t size)
{
	return size >= 6 + RPMB_FRAME_SIZE &&
	       (uint16_t)(req[6 + 510] << 8 | req[6 + 511]) ==
		       RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE;
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* The device's write counter now, asked directly (not through the client). */
static uint32_t device_counter(struct rpmb_emu *emu)
{
	uint8_t req[6 + RPMB_FRAME_SIZE] = {0}, rsp[RPMB_FRAME_SIZE];
	uint16_t hdr[3] = {RPMB_CMD_DATA_REQ, 0, 1};

	memcpy(req, hdr, sizeof(hdr));
	req[6 + 511] = RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ;
	assert_int_equal(
		rpmb_emu_request(emu, req, sizeof(req), rsp, sizeof(rsp)), 0);
	return be32(rsp + 500);
}

/*
 * What a flaky device answers to write frame @f without doing it: an
 * authentic (MAC'ed) GENERAL_FAILURE naming the unchanged counter.
 */
static void forge_failure(const struct relay *r, const uint8_t *f, uint8_t *rsp)
{
	unsigned int len = 0;

	memset(rsp, 0, RPMB_FRAME_SIZE);
	memcpy(rsp + 500, f + 500, 6); /* counter, address */
	rsp[509] = 0x01;	       /* GENERAL_FAILURE */
	rsp[510] = 0x03;	       /* RESP_AUTH_DATA_WRITE */
	assert_non_null(HMAC(EVP_sha256(), r->key, 32, rsp + 228, 284,
			     rsp + 196, &len));
}

/*
 * Every write request is checked against the device as it arrives: its
 * counter must be the device's, never an older one.
 */
static bool relay_write_hooks(struct relay *r, const uint8_t *req,
			      size_t req_size, void *rsp)
{
	const uint8_t *f = req + 6;
	uint32_t counter = be32(f + 500);
	size_t frames = (req_size - 6) / RPMB_FRAME_SIZE;

	if (r->nsent < 16)
		r->sent[r->nsent++] = counter;
	if (r->max_frames < frames)
		r->max_frames = frames;
	if (counter < device_counter(r->emu))
		r->stale++;
	if (r->fail_writes <= 0)
		return false;
	r->fail_writes--;
	forge_failure(r, f, rsp);
	return true;
}

/*
 * A read answer as OP-TEE's tee-supplicant emulation (RPMB_EMU) makes
 * it: the block count in the host's byte order ("frm[i].block_count =
 * nfrm", tee-supplicant/src/rpmb.c), MAC'ed as it stands.
 */
static void host_order_blkcnt(const struct relay *r, uint8_t *rsp, size_t n)
{
	uint8_t msg[8 * 284];
	uint16_t count = (uint16_t)n;
	unsigned int len = 0;

	assert_true(n <= 8);
	for (size_t i = 0; i < n; i++) {
		memcpy(rsp + i * RPMB_FRAME_SIZE + 506, &count, 2);
		memcpy(msg + i * 284, rsp + i * RPMB_FRAME_SIZE + 228, 284);
	}
	/* The MAC chains the frames: one HMAC over their bytes in a row. */
	assert_non_null(HMAC(EVP_sha256(), r->key, 32, msg, n * 284,
			     rsp + (n - 1) * RPMB_FRAME_SIZE + 196, &len));
}

static TEE_Result relay_rpmb(void *ctx, const void *req, size_t req_size,
			     void *rsp, size_t rsp_size)
{
	struct relay *r = ctx;
	enum relay_mode mode = r->mode;
	uint8_t *b = rsp;

	r->requests++;
	if (mode == RELAY_FAIL) {
		r->mode = RELAY_PASS;
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	}
	if (is_write(req, req_size) && r->crash_at >= 0 &&
	    r->writes++ >= r->crash_at)
		return TEE_ERROR_COMMUNICATION;
	if (is_write(req, req_size) && relay_write_hooks(r, req, req_size, rsp))
		return TEE_SUCCESS;
	/* The other modes are for the next data read or write. */
	if (!is_data_io(req, req_size))
		mode = RELAY_PASS;
	else
		r->mode = RELAY_PASS;
	if (mode == RELAY_REPLAY || mode == RELAY_DROP_WRITE) {
		memcpy(rsp, r->kept,
		       rsp_size < r->kept_size ? rsp_size : r->kept_size);
		return TEE_SUCCESS;
	}
	if (rpmb_emu_request(r->emu, req, req_size, rsp, rsp_size))
		return TEE_ERROR_BAD_PARAMETERS;
	if (is_write(req, req_size) && r->lose_answers > 0) {
		r->lose_answers--;
		memset(rsp, 0, rsp_size);
	}
	if (r->host_blkcnt && is_data_io(req, req_size) &&
	    !is_write(req, req_size))
		host_order_blkcnt(r, b, rsp_size / RPMB_FRAME_SIZE);
	switch (mode) {
	case RELAY_FLIP_MAC:
		b[rsp_size - RPMB_FRAME_SIZE + 196] ^= 1;
		break;
	case RELAY_FLIP_DATA:
		b[228] ^= 0x80;
		break;
	case RELAY_RECORD:
		memcpy(r->kept, rsp, rsp_size);
		r->kept_size = rsp_size;
		break;
	case RELAY_ZERO:
		memset(rsp, 0, rsp_size);
		break;
	default:
		break;
	}
	return TEE_SUCCESS;
}

static const struct tee_fs_rpc_ops relay_ops = {.rpmb = relay_rpmb};
static const struct tee_fs_rpc_ops no_rpmb_ops = {0};
static const struct tee_fs_rpc rpc = {.ops = &relay_ops, .ctx = &relay};

static void open_device(void)
{
	rpmb_emu_close(relay.emu);
	relay.emu = NULL;
	assert_int_equal(rpmb_emu_open(dirfd, DEV, NULL, &relay.emu), 0);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_sw_rpmb.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	memset(&relay, 0, sizeof(relay));
	relay.crash_at = -1;
	return rpmb_emu_open(dirfd, DEV, NULL, &relay.emu) ? -1 : 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	rpmb_emu_close(relay.emu);
	relay.emu = NULL;
	close(dirfd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static struct tee_rpmb *client(const uint8_t *k, bool floor)
{
	struct tee_rpmb *r = NULL;

	assert_int_equal(
		tee_rpmb_new(k, floor ? &nv_rpmb_floor_ops : NULL, dir, &r),
		TEE_SUCCESS);
	return r;
}

/* The CID of teebox's emulated device, read like the client does. */
static void device_cid(uint8_t cid[16])
{
	uint16_t hdr[3] = {RPMB_CMD_GET_DEV_INFO, 0, 0};
	struct rpmb_dev_info info;

	assert_int_equal(rpmb_emu_request(relay.emu, hdr, sizeof(hdr), &info,
					  sizeof(info)),
			 0);
	memcpy(cid, info.cid, 16);
}

/* OP-TEE's key rule, computed here with libcrypto's one-shot HMAC. */
static void test_key__hmac_of_huk_over_cid_without_prv_and_crc(void **state)
{
	uint8_t cid[16], msg[16], want[32], got[32];
	unsigned int len = 0;

	(void)state;
	device_cid(cid);
	memcpy(msg, cid, 16);
	msg[9] = 0;
	msg[15] = 0;
	HMAC(EVP_sha256(), huk, 16, msg, 16, want, &len);
	assert_int_equal(tee_rpmb_key_derive(huk, cid, got), TEE_SUCCESS);
	assert_memory_equal(got, want, 32);
	/* PRV and CRC7 do not change it. */
	cid[9] ^= 0xff;
	cid[15] ^= 0xff;
	assert_int_equal(tee_rpmb_key_derive(huk, cid, got), TEE_SUCCESS);
	assert_memory_equal(got, want, 32);
}

/* Programmed once, then read, written, counted; a new client agrees. */
static void test_client__program_write_read_counter(void **state)
{
	uint8_t in[2 * 256], out[2 * 256];
	struct tee_rpmb *r = client(huk, true);
	uint32_t c;

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_size(r), RPMB_EMU_BLOCKS);
	/* One block per write, as OP-TEE (see test_compat__*). */
	assert_int_equal(tee_rpmb_max_write(r), 1);
	c = tee_rpmb_counter(r);
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7);
	assert_int_equal(tee_rpmb_write(r, &rpc, 10, 1, in), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_write(r, &rpc, 11, 1, in + 256), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_counter(r), c + 2);
	assert_int_equal(tee_rpmb_read(r, &rpc, 10, 2, out), TEE_SUCCESS);
	assert_memory_equal(in, out, sizeof(in));
	tee_rpmb_free(r);
	/* Another start: the device keeps key and counter; no new key. */
	open_device();
	r = client(huk, true);
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_counter(r), c + 2);
	memset(out, 0, sizeof(out));
	assert_int_equal(tee_rpmb_read(r, &rpc, 10, 2, out), TEE_SUCCESS);
	assert_memory_equal(in, out, sizeof(in));
	/* Out of range and too many blocks are the caller's error. */
	assert_int_equal(tee_rpmb_write(r, &rpc, 10, 2, in),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(tee_rpmb_read(r, &rpc, RPMB_EMU_BLOCKS - 1, 2, out),
			 TEE_ERROR_BAD_PARAMETERS);
	tee_rpmb_free(r);
}

/* A HUK that is not the one the key came from: nothing verifies. */
static void test_client__other_huk_refused(void **state)
{
	uint8_t other[16] = {0xee};
	struct tee_rpmb *r = client(huk, false);

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	tee_rpmb_free(r);
	r = client(other, false);
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_ERROR_COMMUNICATION);
	tee_rpmb_free(r);
}

static void expect_read(struct tee_rpmb *r, enum relay_mode mode,
			TEE_Result want)
{
	uint8_t out[256];

	relay.mode = mode;
	memset(out, 0x33, sizeof(out));
	assert_int_equal(tee_rpmb_read(r, &rpc, 20, 1, out), want);
	/* Nothing of a refused answer reaches the caller. */
	if (want) {
		for (size_t i = 0; i < sizeof(out); i++)
			assert_int_equal(out[i], 0x33);
	}
}

/* Hostile answers to reads: bad MAC, changed data, replay, zeros. */
static void test_hostile__read_answers_refused(void **state)
{
	uint8_t blk[256] = "fresh";
	struct tee_rpmb *r = client(huk, false);

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_write(r, &rpc, 20, 1, blk), TEE_SUCCESS);
	expect_read(r, RELAY_FLIP_MAC, TEE_ERROR_COMMUNICATION);
	expect_read(r, RELAY_FLIP_DATA, TEE_ERROR_COMMUNICATION);
	expect_read(r, RELAY_ZERO, TEE_ERROR_COMMUNICATION);
	expect_read(r, RELAY_FAIL, TEE_ERROR_STORAGE_NOT_AVAILABLE);
	/* An authentic old answer: its nonce is not this read's. */
	expect_read(r, RELAY_RECORD, TEE_SUCCESS);
	expect_read(r, RELAY_REPLAY, TEE_ERROR_COMMUNICATION);
	expect_read(r, RELAY_PASS, TEE_SUCCESS);
	tee_rpmb_free(r);
}

/*
 * Hostile answers to writes: a replayed "done" is caught by its counter,
 * a damaged one by its MAC; neither is believed, and the write is tried
 * again (OP-TEE's write_req(), RPMB_MAX_RETRIES) until an answer of the
 * device verifies.  Each retry carries the device's counter at that
 * moment, never a stale one.
 */
static void test_hostile__write_answers_refused(void **state)
{
	uint8_t blk[256] = "one", out[256];
	struct tee_rpmb *r = client(huk, false);
	uint32_t c;

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	relay.mode = RELAY_RECORD;
	assert_int_equal(tee_rpmb_write(r, &rpc, 30, 1, blk), TEE_SUCCESS);
	c = tee_rpmb_counter(r);
	/* The device never sees the first try; the old "done" comes back. */
	memcpy(blk, "two", 4);
	relay.mode = RELAY_DROP_WRITE;
	assert_int_equal(tee_rpmb_write(r, &rpc, 30, 1, blk), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_counter(r), c + 1);
	/* The first try is done, its answer damaged: done again. */
	relay.mode = RELAY_FLIP_MAC;
	assert_int_equal(tee_rpmb_write(r, &rpc, 30, 1, blk), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_counter(r), c + 3);
	relay.mode = RELAY_ZERO;
	assert_int_equal(tee_rpmb_write(r, &rpc, 30, 1, blk), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_counter(r), c + 5);
	assert_int_equal(tee_rpmb_read(r, &rpc, 30, 1, out), TEE_SUCCESS);
	assert_string_equal((char *)out, "two");
	assert_int_equal(relay.stale, 0);
	tee_rpmb_free(r);
}

/* A client ready for the write tests, the relay knowing its key. */
static struct tee_rpmb *write_client(uint32_t *counter);

/*
 * OP-TEE's tee-supplicant serves the device: its RPMB_EMU answers a
 * read with the block count in the host's byte order.  OP-TEE's
 * trusted OS does not look at that field (tee_rpmb_resp_unpack_verify()
 * checks result, type, address, counter, nonce and MAC), so neither
 * may teebox's: every read through OP-TEE's supplicant would fail.
 */
static void test_compat__read_answer_block_count_not_checked(void **state)
{
	uint8_t in[2 * 256] = "first", out[2 * 256];
	uint32_t c;
	struct tee_rpmb *r = write_client(&c);

	(void)state;
	memcpy(in + 256, "second", 7);
	assert_int_equal(tee_rpmb_write(r, &rpc, 50, 1, in), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_write(r, &rpc, 51, 1, in + 256), TEE_SUCCESS);
	relay.host_blkcnt = true;
	assert_int_equal(tee_rpmb_read(r, &rpc, 50, 1, out), TEE_SUCCESS);
	assert_string_equal((char *)out, "first");
	assert_int_equal(tee_rpmb_read(r, &rpc, 50, 2, out), TEE_SUCCESS);
	assert_memory_equal(in, out, sizeof(in));
	relay.host_blkcnt = false;
	tee_rpmb_free(r);
}

/*
 * One block per authenticated write, as OP-TEE's trusted OS sends them
 * (rel_wr_blkcnt = 1 unless RPMB_DRIVER_MULTIPLE_WRITE_FIXED, which
 * upstream never defines), although the device reports EXT_CSD[222] =
 * 1 (two blocks): OP-TEE's tee-supplicant emulation moves the counter
 * once per block, so a two-block write would answer counter + 2.  An
 * RPMB FS object of several blocks goes in single-frame writes.
 */
static struct tee_rpmb_fs *fs_new(void);
static void fs_free(struct tee_rpmb_fs *fs);

static void test_compat__one_block_per_write(void **state)
{
	static char data[3000];
	struct tee_rpmb_fs *fs = fs_new();
	struct tee_rpmb_fs_file *f;

	(void)state;
	memset(data, 'x', sizeof(data));
	relay.max_frames = 0;
	assert_int_equal(tee_rpmb_fs_create(fs, &rpc, &ta1, "big", 3, true,
					    data, sizeof(data), &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_rpmb_fs_write(f, &rpc, 0, data, sizeof(data)),
			 TEE_SUCCESS);
	tee_rpmb_fs_close(f, &rpc);
	assert_int_equal(relay.max_frames, 1);
	fs_free(fs);
}

static struct tee_rpmb *write_client(uint32_t *counter)
{
	struct tee_rpmb *r = client(huk, false);
	uint8_t cid[16];

	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	device_cid(cid);
	assert_int_equal(tee_rpmb_key_derive(huk, cid, relay.key), TEE_SUCCESS);
	*counter = tee_rpmb_counter(r);
	relay.nsent = 0;
	relay.stale = 0;
	return r;
}

/*
 * A flaky device fails the first three writes (authentic
 * GENERAL_FAILURE, nothing written): OP-TEE sends the same write again,
 * up to RPMB_MAX_RETRIES (10) times in all (optee_os
 * core/tee/tee_rpmb_fs.c write_req()); the fourth try is done.  Every
 * try carries the counter the device still has: the write never
 * happened, so it is not stale.
 */
static void test_write__retried_after_device_failures(void **state)
{
	uint8_t blk[256] = "retried", out[256];
	uint32_t c;
	struct tee_rpmb *r = write_client(&c);

	(void)state;
	relay.fail_writes = 3;
	assert_int_equal(tee_rpmb_write(r, &rpc, 40, 1, blk), TEE_SUCCESS);
	assert_int_equal(relay.nsent, 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(relay.sent[i], c);
	assert_int_equal(relay.stale, 0);
	assert_int_equal(tee_rpmb_counter(r), c + 1);
	assert_int_equal(device_counter(relay.emu), c + 1);
	assert_int_equal(tee_rpmb_read(r, &rpc, 40, 1, out), TEE_SUCCESS);
	assert_string_equal((char *)out, "retried");
	tee_rpmb_free(r);
}

/*
 * The write is done but its answer is lost: sending the request again
 * would replay a counter the device has passed (COUNTER_FAILURE, ten
 * times, RPMB dead).  The counter is read again first, and the same
 * data goes signed with the device's new counter.
 */
static void test_write__lost_answer_never_replays_stale_counter(void **state)
{
	uint8_t blk[256] = "lost", out[256];
	uint32_t c;
	struct tee_rpmb *r = write_client(&c);

	(void)state;
	relay.lose_answers = 1;
	assert_int_equal(tee_rpmb_write(r, &rpc, 41, 1, blk), TEE_SUCCESS);
	assert_int_equal(relay.nsent, 2);
	assert_int_equal(relay.sent[0], c);
	assert_int_equal(relay.sent[1], c + 1);
	assert_int_equal(relay.stale, 0);
	assert_int_equal(tee_rpmb_counter(r), c + 2);
	assert_int_equal(tee_rpmb_read(r, &rpc, 41, 1, out), TEE_SUCCESS);
	assert_string_equal((char *)out, "lost");
	/* The next write carries the counter after it. */
	relay.nsent = 0;
	assert_int_equal(tee_rpmb_write(r, &rpc, 41, 1, blk), TEE_SUCCESS);
	assert_int_equal(relay.sent[0], c + 2);
	tee_rpmb_free(r);
}

/*
 * Ten tries without a verified answer: OP-TEE marks RPMB dead until
 * reboot and answers TEE_ERROR_COMMUNICATION (rpmb_dead in
 * tee_rpmb_fs.c), so no other data is ever signed while a signed
 * request may still be pending.  Nothing more reaches the device; a
 * restarted trusted OS (a new client) works again.
 */
static void test_write__dead_after_ten_tries(void **state)
{
	uint8_t blk[256] = "never", out[256];
	uint32_t c;
	struct tee_rpmb *r = write_client(&c);
	int requests;

	(void)state;
	relay.fail_writes = 1000;
	assert_int_equal(tee_rpmb_write(r, &rpc, 42, 1, blk),
			 TEE_ERROR_COMMUNICATION);
	assert_int_equal(relay.nsent, 10);
	for (int i = 0; i < 10; i++)
		assert_int_equal(relay.sent[i], c);
	relay.fail_writes = 0;
	requests = relay.requests;
	assert_int_equal(tee_rpmb_write(r, &rpc, 42, 1, blk),
			 TEE_ERROR_COMMUNICATION);
	assert_int_equal(tee_rpmb_read(r, &rpc, 42, 1, out),
			 TEE_ERROR_COMMUNICATION);
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_ERROR_COMMUNICATION);
	assert_int_equal(relay.requests, requests);
	tee_rpmb_free(r);

	/* Every answer lost, each try done: the counter climbs, never stale. */
	r = write_client(&c);
	relay.lose_answers = 1000;
	assert_int_equal(tee_rpmb_write(r, &rpc, 42, 1, blk),
			 TEE_ERROR_COMMUNICATION);
	relay.lose_answers = 0;
	assert_int_equal(relay.nsent, 10);
	for (int i = 0; i < 10; i++)
		assert_int_equal(relay.sent[i], c + (uint32_t)i);
	assert_int_equal(relay.stale, 0);
	assert_int_equal(device_counter(relay.emu), c + 10);
	tee_rpmb_free(r);

	r = write_client(&c);
	assert_int_equal(tee_rpmb_write(r, &rpc, 42, 1, blk), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_read(r, &rpc, 42, 1, out), TEE_SUCCESS);
	assert_string_equal((char *)out, "never");
	tee_rpmb_free(r);
}

/* The decoder on frames that are not an answer: refused, no crash. */
static void test_hostile__decoder_bounds(void **state)
{
	uint8_t key[32] = {0}, frames[9 * 512] = {0};
	uint32_t c = 0;

	(void)state;
	assert_int_equal(
		tee_rpmb_check_response(key, frames, 0, 0x0400, NULL, 0, NULL),
		TEE_ERROR_COMMUNICATION);
	assert_int_equal(
		tee_rpmb_check_response(key, frames, 9, 0x0400, NULL, 0, NULL),
		TEE_ERROR_COMMUNICATION);
	assert_int_equal(
		tee_rpmb_check_response(key, frames, 1, 0x0300, NULL, 0, &c),
		TEE_ERROR_COMMUNICATION);
	assert_int_equal(
		tee_rpmb_check_response(key, frames, 1, 0x0200, NULL, 0, NULL),
		TEE_ERROR_COMMUNICATION);
}

/* No device, or a relay that fails: RPMB is not available. */
static void test_client__no_device(void **state)
{
	struct tee_fs_rpc none = {.ops = &no_rpmb_ops};
	struct tee_rpmb *r = client(huk, false);

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &none),
			 TEE_ERROR_STORAGE_NOT_AVAILABLE);
	relay.mode = RELAY_FAIL;
	assert_int_equal(tee_rpmb_init(r, &rpc),
			 TEE_ERROR_STORAGE_NOT_AVAILABLE);
	tee_rpmb_free(r);
}

static void copy_file(const char *from, const char *to)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "cp %s/%s %s/%s", dir, from, dir, to);
	assert_int_equal(system(cmd), 0);
}

/*
 * The device file put back to an old copy (while the trusted OS is
 * down), or replaced by a new device: the floor in the state
 * directory catches both; the key is not handed to a new device.
 */
static void test_floor__restored_or_reset_device_security(void **state)
{
	uint8_t blk[256] = {0};
	struct tee_rpmb *r = client(huk, true);

	(void)state;
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_SUCCESS);
	rpmb_emu_close(relay.emu);
	relay.emu = NULL;
	copy_file(DEV, "old");
	open_device();
	assert_int_equal(tee_rpmb_write(r, &rpc, 40, 1, blk), TEE_SUCCESS);
	tee_rpmb_free(r);
	rpmb_emu_close(relay.emu);
	relay.emu = NULL;
	copy_file("old", DEV);
	open_device();
	r = client(huk, true);
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_ERROR_SECURITY);
	tee_rpmb_free(r);
	/* A blank device where ours was. */
	rpmb_emu_close(relay.emu);
	relay.emu = NULL;
	assert_int_equal(unlinkat(dirfd, DEV, 0), 0);
	open_device();
	r = client(huk, true);
	assert_int_equal(tee_rpmb_init(r, &rpc), TEE_ERROR_SECURITY);
	tee_rpmb_free(r);
}

static struct tee_rpmb *fs_rpmb;

static struct tee_rpmb_fs *fs_new(void)
{
	struct tee_rpmb_fs *fs = NULL;

	fs_rpmb = client(huk, false);
	assert_int_equal(tee_rpmb_fs_new(ssk, fs_rpmb, &fs), TEE_SUCCESS);
	return fs;
}

static void fs_free(struct tee_rpmb_fs *fs)
{
	tee_rpmb_fs_free(fs);
	tee_rpmb_free(fs_rpmb);
}

static void read_all(struct tee_rpmb_fs_file *f, const char *want)
{
	char buf[1024] = {0};
	size_t got = 0;

	assert_int_equal(
		tee_rpmb_fs_read(f, &rpc, 0, buf, sizeof(buf) - 1, &got),
		TEE_SUCCESS);
	assert_int_equal(got, strlen(want));
	assert_string_equal(buf, want);
}

/* Create, read, write, truncate, rename, enumerate, remove; remount. */
static void test_fs__objects(void **state)
{
	struct tee_rpmb_fs *fs = fs_new();
	struct tee_rpmb_fs_file *f, *g;
	uint8_t oid[64];
	size_t oidlen;
	int idx = -1;

	(void)state;
	assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta1, "a", 1, &f),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(tee_rpmb_fs_create(fs, &rpc, &ta1, "a", 1, false,
					    "hello", 5, &f),
			 TEE_SUCCESS);
	assert_int_equal(
		tee_rpmb_fs_create(fs, &rpc, &ta1, "a", 1, false, "x", 1, &g),
		TEE_ERROR_ACCESS_CONFLICT);
	read_all(f, "hello");
	assert_int_equal(
		tee_rpmb_fs_write(f, &rpc, 3, "p me, a block more", 18),
		TEE_SUCCESS);
	read_all(f, "help me, a block more");
	assert_int_equal(tee_rpmb_fs_truncate(f, &rpc, 7), TEE_SUCCESS);
	read_all(f, "help me");
	assert_int_equal(
		tee_rpmb_fs_create(fs, &rpc, &ta1, "b", 1, false, "", 0, &g),
		TEE_SUCCESS);
	assert_int_equal(tee_rpmb_fs_rename(g, &rpc, "a", 1),
			 TEE_ERROR_ACCESS_CONFLICT);
	assert_int_equal(tee_rpmb_fs_rename(g, &rpc, "c", 1), TEE_SUCCESS);
	tee_rpmb_fs_close(g, &rpc);
	tee_rpmb_fs_close(f, &rpc);
	/* Another TA's name space is its own. */
	assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta2, "a", 1, &f),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(tee_rpmb_fs_next(fs, &rpc, &ta2, &idx, oid, &oidlen),
			 TEE_ERROR_ITEM_NOT_FOUND);
	fs_free(fs);

	/* A new mount reads it all back from the device. */
	fs = fs_new();
	assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta1, "a", 1, &f),
			 TEE_SUCCESS);
	read_all(f, "help me");
	idx = 0;
	assert_int_equal(tee_rpmb_fs_next(fs, &rpc, &ta1, &idx, oid, &oidlen),
			 TEE_SUCCESS);
	assert_int_equal(oidlen, 1);
	assert_int_equal(oid[0], 'a');
	assert_int_equal(tee_rpmb_fs_next(fs, &rpc, &ta1, &idx, oid, &oidlen),
			 TEE_SUCCESS);
	assert_int_equal(oid[0], 'c');
	assert_int_equal(tee_rpmb_fs_next(fs, &rpc, &ta1, &idx, oid, &oidlen),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(tee_rpmb_fs_remove(f, &rpc), TEE_SUCCESS);
	assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta1, "a", 1, &f),
			 TEE_ERROR_ITEM_NOT_FOUND);
	/* Overwrite replaces in one commit. */
	assert_int_equal(
		tee_rpmb_fs_create(fs, &rpc, &ta1, "c", 1, true, "new", 3, &f),
		TEE_SUCCESS);
	read_all(f, "new");
	tee_rpmb_fs_close(f, &rpc);
	fs_free(fs);
}

/* The device is full: NO_SPACE, and what was there stays readable. */
static void test_fs__no_space(void **state)
{
	static uint8_t big[64 * 1024];
	struct tee_rpmb_fs *fs = fs_new();
	struct tee_rpmb_fs_file *f;
	TEE_Result res = TEE_SUCCESS;
	char id[8];
	int n;

	(void)state;
	for (n = 0; n < 10 && !res; n++) {
		snprintf(id, sizeof(id), "o%d", n);
		res = tee_rpmb_fs_create(fs, &rpc, &ta1, id, strlen(id), false,
					 big, sizeof(big), &f);
		if (!res)
			tee_rpmb_fs_close(f, &rpc);
	}
	assert_int_equal(res, TEE_ERROR_STORAGE_NO_SPACE);
	assert_true(n >= 3);
	assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta1, "o0", 2, &f),
			 TEE_SUCCESS);
	assert_int_equal(tee_rpmb_fs_size(f), sizeof(big));
	tee_rpmb_fs_close(f, &rpc);
	fs_free(fs);
}

/* The trusted OS's own files, as the REE FS anchor uses them. */
static void test_fs__raw_files_and_anchor(void **state)
{
	struct tee_rpmb_fs *fs = fs_new();
	struct ree_fs_anchor a = {.state_dir = dir, .rpmb_fs = fs};
	uint32_t c = 0;

	(void)state;
	assert_int_equal(ree_fs_anchor_ops.get(&a, &rpc, &c), TEE_SUCCESS);
	assert_int_equal(c, 0);
	assert_int_equal(ree_fs_anchor_ops.incr_to(&a, &rpc, 9), TEE_SUCCESS);
	/* The state directory's floor lost: RPMB still says 9. */
	{
		char path[128];

		snprintf(path, sizeof(path), "%s/" NV_COUNTER_FILE, dir);
		assert_int_equal(unlink(path), 0);
	}
	assert_int_equal(ree_fs_anchor_ops.get(&a, &rpc, &c), TEE_SUCCESS);
	assert_int_equal(c, 9);
	fs_free(fs);
}

/* Bytes @n long, all @c. */
static char *filled(char c, size_t n)
{
	char *p = malloc(n + 1);

	assert_non_null(p);
	memset(p, c, n);
	p[n] = 0;
	return p;
}

/*
 * Every write of an update lost in turn (the device never gets it, as
 * at a power cut): a fresh mount reads exactly the old or the new
 * content, never a mix (the FAT entry write is the commit).
 */
static void test_fs__crash_at_every_write(void **state)
{
	char *old = filled('o', 300), *new = filled('n', 700);
	bool done = false;

	(void)state;
	for (long k = 0; !done && k < 32; k++) {
		struct tee_rpmb_fs *fs = fs_new();
		struct tee_rpmb_fs_file *f;

		relay.crash_at = -1;
		assert_int_equal(tee_rpmb_fs_create(fs, &rpc, &ta1, "c", 1,
						    true, old, strlen(old), &f),
				 TEE_SUCCESS);
		relay.writes = 0;
		relay.crash_at = k;
		done = !tee_rpmb_fs_write(f, &rpc, 0, new, strlen(new));
		relay.crash_at = -1;
		tee_rpmb_fs_close(f, &rpc);
		fs_free(fs);

		fs = fs_new();
		assert_int_equal(tee_rpmb_fs_open(fs, &rpc, &ta1, "c", 1, &f),
				 TEE_SUCCESS);
		read_all(f, done ? new : old);
		tee_rpmb_fs_close(f, &rpc);
		fs_free(fs);
	}
	assert_true(done);
	free(old);
	free(new);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_key__hmac_of_huk_over_cid_without_prv_and_crc,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_client__program_write_read_counter, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_client__other_huk_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_hostile__read_answers_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_hostile__write_answers_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_write__retried_after_device_failures, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_write__lost_answer_never_replays_stale_counter,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_write__dead_after_ten_tries, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_compat__read_answer_block_count_not_checked, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_compat__one_block_per_write, setup, teardown),
		cmocka_unit_test(test_hostile__decoder_bounds),
		cmocka_unit_test_setup_teardown(test_client__no_device, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_floor__restored_or_reset_device_security, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_fs__objects, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_fs__no_space, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_fs__crash_at_every_write,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_fs__raw_files_and_anchor,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
