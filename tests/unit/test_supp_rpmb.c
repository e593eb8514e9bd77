// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for tee-supplicant's OPTEE_RPC_CMD_RPMB and its emulated
 * eMMC RPMB partition (supplicant/rpmb.c, rpmb_emu.c, rpmb_store.c),
 * through the request entry point supp_dispatch().  Request framing and
 * parameter checks are OP-TEE's tee-supplicant's (optee_client
 * tee-supplicant/src/rpmb.c; ABI-FACTS §5.6); the device rules are
 * JEDEC's as OP-TEE's trusted OS relies on them (optee_os
 * core/tee/tee_rpmb_fs.c: the write answer carries counter + 1, a read
 * answer echoes the nonce; ABI-FACTS-INTERNAL §5.10).  MACs are checked
 * here with libcrypto's own one-shot HMAC, independently of the code.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <openssl/evp.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "supp_test_util.h"
#include "supplicant/rpmb_emu.h"
#include "supplicant/rpmb_store.h"

#define MEM_IN	TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT
#define MEM_OUT TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT
#define VAL_IN	TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT

#define REQ_OFF 0
#define RSP_OFF 8192
#define HDR	sizeof(struct rpmb_req)

static const uint8_t key[RPMB_KEY_SIZE] = "0123456789abcdef0123456789abcdef";

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)(v >> 16));
	put16(p + 2, (uint16_t)v);
}

/* HMAC-SHA-256 over bytes 228..511 of each frame, libcrypto one-shot. */
static void mac_of(const struct rpmb_frame *f, size_t n, uint8_t out[32])
{
	uint8_t buf[4 * (RPMB_FRAME_SIZE - RPMB_MAC_OFFSET)];
	size_t len = 0, outlen = 0;

	assert_true(n <= 4);
	for (size_t i = 0; i < n; i++) {
		memcpy(buf + len, (const uint8_t *)&f[i] + RPMB_MAC_OFFSET,
		       RPMB_FRAME_SIZE - RPMB_MAC_OFFSET);
		len += RPMB_FRAME_SIZE - RPMB_MAC_OFFSET;
	}
	assert_non_null(EVP_Q_mac(NULL, "HMAC", NULL, "SHA256", NULL, key,
				  sizeof(key), buf, len, out, 32, &outlen));
	assert_int_equal(outlen, 32);
}

static struct rpmb_frame *req_frames(struct supp_test *t)
{
	return (struct rpmb_frame *)(t->mem + REQ_OFF + HDR);
}

static struct rpmb_frame *rsp_frames(struct supp_test *t)
{
	return (struct rpmb_frame *)(t->mem + RSP_OFF);
}

/* Sends the request at REQ_OFF: @req_size bytes, @rsp_size back. */
static uint32_t send_req(struct supp_test *t, uint16_t cmd, size_t req_size,
			 size_t rsp_size)
{
	struct rpmb_req r = {
		.cmd = cmd,
		.block_count = (uint16_t)((req_size - HDR) / RPMB_FRAME_SIZE)};
	struct tee_ioctl_param p[2];

	memcpy(t->mem + REQ_OFF, &r, HDR);
	memset(t->mem + RSP_OFF, 0xee, rsp_size);
	supp_test_mem(&p[0], MEM_IN, REQ_OFF, req_size);
	supp_test_mem(&p[1], MEM_OUT, RSP_OFF, rsp_size);
	return supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 2, p);
}

/* @n frames of @type to the device, @nrsp frames back. */
static uint32_t frames(struct supp_test *t, size_t n, size_t nrsp)
{
	return send_req(t, RPMB_CMD_DATA_REQ, HDR + n * RPMB_FRAME_SIZE,
			nrsp * RPMB_FRAME_SIZE);
}

static void clear_req(struct supp_test *t, size_t n, uint16_t type)
{
	memset(req_frames(t), 0, n * RPMB_FRAME_SIZE);
	for (size_t i = 0; i < n; i++)
		put16(req_frames(t)[i].msg_type, type);
}

static uint16_t program_key(struct supp_test *t)
{
	clear_req(t, 1, RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM);
	memcpy(req_frames(t)->key_mac, key, sizeof(key));
	assert_int_equal(frames(t, 1, 1), TEEC_SUCCESS);
	assert_int_equal(be16(rsp_frames(t)->msg_type),
			 RPMB_MSG_TYPE_RESP_AUTH_KEY_PROGRAM);
	return be16(rsp_frames(t)->op_result);
}

/* Reads the counter; its op_result in the return, counter in *@c. */
static uint16_t read_counter(struct supp_test *t, uint32_t *c)
{
	static const uint8_t nonce[RPMB_NONCE_SIZE] = "nonce-of-counter";
	struct rpmb_frame *r = rsp_frames(t);
	uint8_t mac[32];

	clear_req(t, 1, RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ);
	memcpy(req_frames(t)->nonce, nonce, sizeof(nonce));
	assert_int_equal(frames(t, 1, 1), TEEC_SUCCESS);
	assert_int_equal(be16(r->msg_type),
			 RPMB_MSG_TYPE_RESP_WRITE_COUNTER_VAL_READ);
	assert_memory_equal(r->nonce, nonce, sizeof(nonce));
	*c = be32(r->write_counter);
	if (be16(r->op_result) == RPMB_RESULT_OK) {
		mac_of(r, 1, mac);
		assert_memory_equal(r->key_mac, mac, 32);
	}
	return be16(r->op_result);
}

/*
 * An authenticated write of @n blocks of @fill at @addr naming counter
 * @counter, MAC'ed with the key (or broken if @bad_mac).  Returns the
 * result frame's op_result; the counter it carries in *@after.
 */
static uint16_t write_blocks(struct supp_test *t, uint16_t addr, size_t n,
			     uint8_t fill, uint32_t counter, bool bad_mac,
			     uint32_t *after)
{
	struct rpmb_frame *f = req_frames(t), *r = rsp_frames(t);
	uint8_t mac[32];

	clear_req(t, n, RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE);
	for (size_t i = 0; i < n; i++) {
		memset(f[i].data, fill + (int)i, RPMB_BLOCK_SIZE);
		put32(f[i].write_counter, counter);
		put16(f[i].address, addr);
		put16(f[i].block_count, (uint16_t)n);
	}
	mac_of(f, n, f[n - 1].key_mac);
	if (bad_mac)
		f[n - 1].key_mac[3] ^= 1;
	assert_int_equal(frames(t, n, 1), TEEC_SUCCESS);
	assert_int_equal(be16(r->msg_type), RPMB_MSG_TYPE_RESP_AUTH_DATA_WRITE);
	*after = be32(r->write_counter);
	if (be16(r->op_result) != RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED) {
		mac_of(r, 1, mac);
		assert_memory_equal(r->key_mac, mac, 32);
	}
	return be16(r->op_result);
}

/* Reads @n blocks at @addr; checks nonce, address and MAC. */
static uint16_t read_blocks(struct supp_test *t, uint16_t addr, size_t n)
{
	static const uint8_t nonce[RPMB_NONCE_SIZE] = "fresh-read-nonce";
	struct rpmb_frame *r = rsp_frames(t);
	uint8_t mac[32];

	clear_req(t, 1, RPMB_MSG_TYPE_REQ_AUTH_DATA_READ);
	memcpy(req_frames(t)->nonce, nonce, sizeof(nonce));
	put16(req_frames(t)->address, addr);
	put16(req_frames(t)->block_count, (uint16_t)n);
	assert_int_equal(frames(t, 1, n), TEEC_SUCCESS);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(be16(r[i].msg_type),
				 RPMB_MSG_TYPE_RESP_AUTH_DATA_READ);
		assert_memory_equal(r[i].nonce, nonce, sizeof(nonce));
		assert_int_equal(be16(r[i].address), addr);
		assert_int_equal(be16(r[i].block_count), n);
	}
	if (be16(r->op_result) != RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED) {
		mac_of(r, n, mac);
		assert_memory_equal(r[n - 1].key_mac, mac, 32);
	}
	return be16(r->op_result);
}

static void test_dev_info(void **state)
{
	static const uint8_t cid[RPMB_CID_SIZE] = "my-emulated-cid";
	struct supp_test *t = *state;
	struct rpmb_dev_info info;

	t->s.rpmb_cid = cid;
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR, sizeof(info)),
			 TEEC_SUCCESS);
	memcpy(&info, t->mem + RSP_OFF, sizeof(info));
	assert_memory_equal(info.cid, cid, sizeof(cid));
	assert_int_equal(info.rpmb_size_mult, RPMB_EMU_SIZE_MULT);
	assert_int_equal(info.rel_wr_sec_c, RPMB_EMU_REL_WR_SEC_C);
	assert_int_equal(info.ret_code, RPMB_CMD_GET_DEV_INFO_RET_OK);
	/* rpmb.c: exactly the header in, exactly rpmb_dev_info out. */
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR + 1, 19),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR, 20),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* The device keeps its CID: another one is refused. */
	supp_test_restart(t);
	t->s.rpmb_cid = (const uint8_t *)"another-cid-----";
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR, sizeof(info)),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
	supp_test_restart(t);
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR, sizeof(info)),
			 TEEC_SUCCESS);
	assert_memory_equal(t->mem + RSP_OFF, cid, sizeof(cid));
}

static void test_key_not_programmed(void **state)
{
	struct supp_test *t = *state;
	uint32_t c;

	assert_int_equal(read_counter(t, &c),
			 RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED);
	assert_int_equal(write_blocks(t, 0, 1, 0x11, 0, false, &c),
			 RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED);
	assert_int_equal(read_blocks(t, 0, 1),
			 RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED);
}

static void test_key_program_once(void **state)
{
	struct supp_test *t = *state;
	uint32_t c = 99;

	assert_int_equal(program_key(t), RPMB_RESULT_OK);
	assert_int_equal(read_counter(t, &c), RPMB_RESULT_OK);
	assert_int_equal(c, 0);
	/* One-time programmable: a second key is refused... */
	assert_int_equal(program_key(t), RPMB_RESULT_GENERAL_FAILURE);
	/* ... and the first one still signs. */
	assert_int_equal(read_counter(t, &c), RPMB_RESULT_OK);
}

static void test_write_read(void **state)
{
	struct supp_test *t = *state;
	uint32_t c;

	assert_int_equal(program_key(t), RPMB_RESULT_OK);
	/* The answer carries counter + 1 (tee_rpmb_fs.c checks it). */
	assert_int_equal(write_blocks(t, 5, 1, 0x40, 0, false, &c),
			 RPMB_RESULT_OK);
	assert_int_equal(c, 1);
	/* Two blocks (rel_wr_sec_c 1) count as one write. */
	assert_int_equal(write_blocks(t, 6, 2, 0x50, 1, false, &c),
			 RPMB_RESULT_OK);
	assert_int_equal(c, 2);
	assert_int_equal(read_counter(t, &c), RPMB_RESULT_OK);
	assert_int_equal(c, 2);
	assert_int_equal(read_blocks(t, 5, 3), RPMB_RESULT_OK);
	for (size_t i = 0; i < 3; i++)
		for (size_t k = 0; k < RPMB_BLOCK_SIZE; k++)
			assert_int_equal(rsp_frames(t)[i].data[k],
					 i ? 0x50 + i - 1 : 0x40);
	/* RESULT_READ answers the last write again. */
	clear_req(t, 1, RPMB_MSG_TYPE_REQ_RESULT_READ);
	assert_int_equal(frames(t, 1, 1), TEEC_SUCCESS);
	assert_int_equal(be16(rsp_frames(t)->op_result), RPMB_RESULT_OK);
	assert_int_equal(be32(rsp_frames(t)->write_counter), 2);
	assert_int_equal(be16(rsp_frames(t)->address), 6);
}

static void test_replay_and_bad_mac(void **state)
{
	struct supp_test *t = *state;
	uint32_t c;

	assert_int_equal(program_key(t), RPMB_RESULT_OK);
	assert_int_equal(write_blocks(t, 0, 1, 0x01, 0, false, &c),
			 RPMB_RESULT_OK);
	/* The same signed write again: its counter is old. */
	assert_int_equal(write_blocks(t, 0, 1, 0x02, 0, false, &c),
			 RPMB_RESULT_COUNTER_FAILURE);
	assert_int_equal(c, 1);
	/* A counter from the future is no better. */
	assert_int_equal(write_blocks(t, 0, 1, 0x02, 7, false, &c),
			 RPMB_RESULT_COUNTER_FAILURE);
	/* A MAC that does not verify. */
	assert_int_equal(write_blocks(t, 0, 1, 0x03, 1, true, &c),
			 RPMB_RESULT_AUTH_FAILURE);
	assert_int_equal(c, 1);
	/* None of them wrote. */
	assert_int_equal(read_blocks(t, 0, 1), RPMB_RESULT_OK);
	assert_int_equal(rsp_frames(t)->data[0], 0x01);
	/* Past the end of the partition. */
	assert_int_equal(
		write_blocks(t, RPMB_EMU_BLOCKS - 1, 2, 4, 1, false, &c),
		RPMB_RESULT_ADDRESS_FAILURE);
	assert_int_equal(read_blocks(t, RPMB_EMU_BLOCKS, 1),
			 RPMB_RESULT_ADDRESS_FAILURE);
	/* More blocks than one reliable write holds. */
	assert_int_equal(write_blocks(t, 0, 3, 4, 1, false, &c),
			 RPMB_RESULT_GENERAL_FAILURE);
	assert_int_equal(read_counter(t, &c), RPMB_RESULT_OK);
	assert_int_equal(c, 1);
}

/* Key, counter and data survive a restart of the supplicant. */
static void test_persistence(void **state)
{
	struct supp_test *t = *state;
	char path[256];
	struct stat st;
	uint32_t c;

	assert_int_equal(program_key(t), RPMB_RESULT_OK);
	assert_int_equal(write_blocks(t, 9, 1, 0x77, 0, false, &c),
			 RPMB_RESULT_OK);
	snprintf(path, sizeof(path), "%s/.teebox-rpmb", t->dir);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	supp_test_restart(t);
	assert_int_equal(program_key(t), RPMB_RESULT_GENERAL_FAILURE);
	assert_int_equal(read_counter(t, &c), RPMB_RESULT_OK);
	assert_int_equal(c, 1);
	assert_int_equal(read_blocks(t, 9, 1), RPMB_RESULT_OK);
	assert_int_equal(rsp_frames(t)->data[100], 0x77);
	/* The old write replayed after the restart: still refused. */
	assert_int_equal(write_blocks(t, 9, 1, 0x66, 0, false, &c),
			 RPMB_RESULT_COUNTER_FAILURE);
}

/*
 * A crash after the journal but before the state: the next open applies
 * the journal.  Both lost: the device is refused, not reset.
 */
static void test_journal_recovery(void **state)
{
	struct supp_test *t = *state;
	struct rpmb_state st;
	uint8_t block[2 * RPMB_BLOCK_SIZE], zero[128] = {0};
	int root, fd;

	assert_int_equal(mkdir(t->dir, 0700), 0);
	root = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(root >= 0);
	assert_int_equal(rpmb_store_open(root, "dev", zero, &fd, &st), 0);
	assert_int_equal(st.counter, 0);
	st.counter = 41;
	st.key_set = true;
	memset(block, 0x5a, sizeof(block));
	assert_int_equal(rpmb_store_commit(fd, &st, 3, 2, block), 0);
	/* Tear the state record, as a crash in its write would. */
	assert_int_equal(pwrite(fd, zero, 64, 0), 64);
	close(fd);
	memset(&st, 0, sizeof(st));
	assert_int_equal(rpmb_store_open(root, "dev", zero, &fd, &st), 0);
	assert_int_equal(st.counter, 41);
	assert_true(st.key_set);
	memset(block, 0, sizeof(block));
	assert_int_equal(rpmb_store_read(fd, 3, 2, block), 0);
	assert_int_equal(block[511], 0x5a);
	/* An older journal never rolls a newer state back. */
	st.counter = 42;
	assert_int_equal(rpmb_store_commit(fd, &st, 0, 0, NULL), 0);
	close(fd);
	assert_int_equal(rpmb_store_open(root, "dev", zero, &fd, &st), 0);
	assert_int_equal(st.counter, 42);
	/* State and journal both damaged. */
	assert_int_equal(pwrite(fd, zero, 64, 0), 64);
	assert_int_equal(pwrite(fd, zero, 64, 512), 64);
	close(fd);
	assert_int_equal(rpmb_store_open(root, "dev", zero, &fd, &st), -EIO);
	close(root);
}

/* The request sizes and frame counts OP-TEE's rpmb.c refuses. */
static void test_bad_requests(void **state)
{
	struct supp_test *t = *state;
	struct tee_ioctl_param p[3];

	assert_int_equal(send_req(t, 7, HDR, 19), TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(send_req(t, RPMB_CMD_DATA_REQ, HDR - 1, 512),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(send_req(t, RPMB_CMD_DATA_REQ, HDR, 512),
			 TEEC_ERROR_BAD_PARAMETERS);
	clear_req(t, 1, RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ);
	assert_int_equal(send_req(t, RPMB_CMD_DATA_REQ, HDR + 500, 512),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(send_req(t, RPMB_CMD_DATA_REQ, HDR + 512, 500),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(frames(t, 1, 2), TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(frames(t, 2, 1), TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(frames(t, 1, 0), TEEC_ERROR_BAD_PARAMETERS);
	clear_req(t, 1, RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM);
	assert_int_equal(frames(t, 1, 2), TEEC_ERROR_BAD_PARAMETERS);
	clear_req(t, 2, RPMB_MSG_TYPE_REQ_AUTH_DATA_READ);
	assert_int_equal(frames(t, 2, 2), TEEC_ERROR_BAD_PARAMETERS);
	/* All frames of one request are of one type. */
	clear_req(t, 2, RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE);
	put16(req_frames(t)[1].msg_type, RPMB_MSG_TYPE_REQ_AUTH_DATA_READ);
	assert_int_equal(frames(t, 2, 1), TEEC_ERROR_BAD_PARAMETERS);
	/* rpmb.c: an unknown message type is TEEC_ERROR_GENERIC. */
	clear_req(t, 1, 0x0042);
	assert_int_equal(frames(t, 1, 1), TEEC_ERROR_GENERIC);
	/* Parameters: two memrefs, IN then OUT, in our shared memory. */
	supp_test_mem(&p[0], MEM_IN, REQ_OFF, HDR);
	supp_test_mem(&p[1], MEM_OUT, RSP_OFF, 19);
	supp_test_mem(&p[2], MEM_OUT, RSP_OFF, 19);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 3, p),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 1, p),
			 TEEC_ERROR_BAD_PARAMETERS);
	supp_test_mem(&p[1], MEM_IN, RSP_OFF, 19);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 2, p),
			 TEEC_ERROR_BAD_PARAMETERS);
	supp_test_val(&p[1], VAL_IN, 0, 0, 0);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 2, p),
			 TEEC_ERROR_BAD_PARAMETERS);
	supp_test_mem(&p[1], MEM_OUT, SUPP_TEST_SHM_SIZE - 10, 19);
	assert_int_equal(supp_dispatch(&t->s, OPTEE_RPC_CMD_RPMB, 2, p),
			 TEEC_ERROR_BAD_PARAMETERS);
}

static void test_storage_unavailable(void **state)
{
	struct supp_test *t = *state;

	assert_int_equal(mkdir(t->dir, 0777), 0);
	assert_int_equal(chmod(t->dir, 0777), 0);
	assert_int_equal(send_req(t, RPMB_CMD_GET_DEV_INFO, HDR, 19),
			 TEEC_ERROR_STORAGE_NOT_AVAILABLE);
}

#define T(name)                                                                \
	cmocka_unit_test_setup_teardown(name, supp_test_setup,                 \
					supp_test_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_dev_info),
		T(test_key_not_programmed),
		T(test_key_program_once),
		T(test_write_read),
		T(test_replay_and_bad_mac),
		T(test_persistence),
		T(test_journal_recovery),
		T(test_bad_requests),
		T(test_storage_unavailable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
