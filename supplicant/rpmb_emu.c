// SPDX-License-Identifier: BSD-2-Clause
/*
 * The emulated RPMB device: JEDEC's rules for the frames OP-TEE's trusted
 * OS sends (ABI-FACTS-INTERNAL §5.10).  OP-TEE's own emulation counts one
 * per block written and never checks the request's counter; a device
 * checks it and counts one per write, which is what OP-TEE's trusted OS
 * verifies (the answer must carry counter + 1), and what makes a replayed
 * write fail.
 *
 * The checks of an authenticated write: key programmed, counter not
 * expired, MAC, then counter and address, so that a request that is not
 * authentic learns nothing more than AUTH_FAILURE.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <tbx/byteorder.h>

#include "rpmb_emu.h"
#include "rpmb_store.h"
#include "supplicant.h"

/*
 * teebox's default CID: a made-up device (manufacturer 0x00, product
 * name "TEEBOX") so that it never matches a real one.
 */
static const uint8_t default_cid[RPMB_CID_SIZE] = {
	0x00, 0x01, 0x00, 'T',	'E',  'E',  'B',  'O',
	'X',  0x10, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01,
};

/**
 * struct rpmb_emu - the device
 * @fd:		its backing file
 * @st:		key, counter, CID
 * @broken:	a write could not be stored: nothing more until reopened
 * @last_type:	the last write-type request, for RESULT_READ
 * @last_result: its result
 * @last_address: its address
 */
struct rpmb_emu {
	int fd;
	struct rpmb_state st;
	bool broken;
	uint16_t last_type;
	uint16_t last_result;
	uint16_t last_address;
};

int rpmb_frames_mac(const uint8_t *key, const struct rpmb_frame *f, size_t n,
		    uint8_t mac[RPMB_KEY_SIZE])
{
	char digest[] = "SHA256";
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest,
						 0),
		OSSL_PARAM_construct_end(),
	};
	EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = alg ? EVP_MAC_CTX_new(alg) : NULL;
	size_t len = 0;
	int rc = -ENOMEM;

	if (!ctx || !EVP_MAC_init(ctx, key, RPMB_KEY_SIZE, params))
		goto out;
	for (size_t i = 0; i < n; i++)
		if (!EVP_MAC_update(ctx,
				    (const uint8_t *)&f[i] + RPMB_MAC_OFFSET,
				    RPMB_FRAME_SIZE - RPMB_MAC_OFFSET))
			goto out;
	if (EVP_MAC_final(ctx, mac, &len, RPMB_KEY_SIZE) &&
	    len == RPMB_KEY_SIZE)
		rc = 0;
out:
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(alg);
	return rc;
}

/* MACs the answer's frames into the last one, when there is a key. */
static void sign(struct rpmb_emu *emu, struct rpmb_frame *f, size_t n)
{
	if (emu->st.key_set &&
	    rpmb_frames_mac(emu->st.key, f, n, f[n - 1].key_mac))
		memset(f[n - 1].key_mac, 0, RPMB_KEY_SIZE);
}

static uint16_t expired(const struct rpmb_emu *emu)
{
	return emu->st.counter == UINT32_MAX ? RPMB_RESULT_WRITE_COUNTER_EXPIRED
					     : 0;
}

static uint16_t key_program(struct rpmb_emu *emu, const struct rpmb_frame *req)
{
	struct rpmb_state next = emu->st;

	/* One-time programmable, as on eMMC. */
	if (emu->st.key_set)
		return RPMB_RESULT_GENERAL_FAILURE;
	next.key_set = true;
	memcpy(next.key, req->key_mac, RPMB_KEY_SIZE);
	if (rpmb_store_commit(emu->fd, &next, 0, 0, NULL)) {
		emu->broken = true;
		return RPMB_RESULT_WRITE_FAILURE;
	}
	emu->st = next;
	return RPMB_RESULT_OK;
}

static uint16_t data_write(struct rpmb_emu *emu, const struct rpmb_frame *req,
			   size_t n)
{
	uint8_t mac[RPMB_KEY_SIZE],
		data[RPMB_EMU_MAX_WRITE_BLOCKS * RPMB_BLOCK_SIZE];
	struct rpmb_state next = emu->st;
	uint16_t address = tbx_get_be16(req->address);

	if (!emu->st.key_set)
		return RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED;
	if (expired(emu))
		return RPMB_RESULT_WRITE_FAILURE | expired(emu);
	if (rpmb_frames_mac(emu->st.key, req, n, mac) ||
	    CRYPTO_memcmp(mac, req[n - 1].key_mac, RPMB_KEY_SIZE))
		return RPMB_RESULT_AUTH_FAILURE;
	if (tbx_get_be32(req->write_counter) != emu->st.counter)
		return RPMB_RESULT_COUNTER_FAILURE;
	if (tbx_get_be16(req->block_count) != n ||
	    n > RPMB_EMU_MAX_WRITE_BLOCKS)
		return RPMB_RESULT_GENERAL_FAILURE;
	if (address >= RPMB_EMU_BLOCKS || n > RPMB_EMU_BLOCKS - address)
		return RPMB_RESULT_ADDRESS_FAILURE;
	for (size_t i = 0; i < n; i++)
		memcpy(data + i * RPMB_BLOCK_SIZE, req[i].data,
		       RPMB_BLOCK_SIZE);
	next.counter++;
	if (rpmb_store_commit(emu->fd, &next, address, n, data)) {
		emu->broken = true;
		return RPMB_RESULT_WRITE_FAILURE;
	}
	emu->st = next;
	return RPMB_RESULT_OK;
}

/* The result-read answer of the last write-type request. */
static void result(struct rpmb_emu *emu, struct rpmb_frame *rsp)
{
	memset(rsp, 0, sizeof(*rsp));
	tbx_put_be16(rsp->op_result, emu->last_result | expired(emu));
	if (emu->last_type == RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM) {
		tbx_put_be16(rsp->msg_type,
			     RPMB_MSG_TYPE_RESP_AUTH_KEY_PROGRAM);
		return;
	}
	tbx_put_be16(rsp->msg_type, RPMB_MSG_TYPE_RESP_AUTH_DATA_WRITE);
	tbx_put_be32(rsp->write_counter, emu->st.counter);
	tbx_put_be16(rsp->address, emu->last_address);
	sign(emu, rsp, 1);
}

static void counter_read(struct rpmb_emu *emu, const struct rpmb_frame *req,
			 struct rpmb_frame *rsp)
{
	memset(rsp, 0, sizeof(*rsp));
	tbx_put_be16(rsp->msg_type, RPMB_MSG_TYPE_RESP_WRITE_COUNTER_VAL_READ);
	memcpy(rsp->nonce, req->nonce, RPMB_NONCE_SIZE);
	if (!emu->st.key_set) {
		tbx_put_be16(rsp->op_result,
			     RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED);
		return;
	}
	tbx_put_be32(rsp->write_counter, emu->st.counter);
	tbx_put_be16(rsp->op_result, RPMB_RESULT_OK | expired(emu));
	sign(emu, rsp, 1);
}

static void data_read(struct rpmb_emu *emu, const struct rpmb_frame *req,
		      struct rpmb_frame *rsp, size_t n)
{
	uint16_t address = tbx_get_be16(req->address);
	uint16_t res = RPMB_RESULT_OK;

	memset(rsp, 0, n * sizeof(*rsp));
	if (!emu->st.key_set)
		res = RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED;
	else if (address >= RPMB_EMU_BLOCKS || n > RPMB_EMU_BLOCKS - address)
		res = RPMB_RESULT_ADDRESS_FAILURE;
	for (size_t i = 0; i < n && res == RPMB_RESULT_OK; i++)
		if (rpmb_store_read(emu->fd, address + (uint32_t)i, 1,
				    rsp[i].data))
			res = RPMB_RESULT_READ_FAILURE;
	for (size_t i = 0; i < n; i++) {
		if (res != RPMB_RESULT_OK)
			memset(rsp[i].data, 0, RPMB_BLOCK_SIZE);
		memcpy(rsp[i].nonce, req->nonce, RPMB_NONCE_SIZE);
		tbx_put_be16(rsp[i].address, address);
		tbx_put_be16(rsp[i].block_count, (uint16_t)n);
		tbx_put_be16(rsp[i].op_result, res);
		tbx_put_be16(rsp[i].msg_type,
			     RPMB_MSG_TYPE_RESP_AUTH_DATA_READ);
	}
	sign(emu, rsp, n);
}

/* A write-type request: done now, its result kept for RESULT_READ. */
static void write_op(struct rpmb_emu *emu, uint16_t type,
		     const struct rpmb_frame *req, size_t nreq,
		     struct rpmb_frame *rsp)
{
	emu->last_type = type;
	emu->last_address = tbx_get_be16(req->address);
	if (emu->broken)
		emu->last_result = RPMB_RESULT_GENERAL_FAILURE;
	else if (type == RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM)
		emu->last_result = key_program(emu, req);
	else
		emu->last_result = data_write(emu, req, nreq);
	result(emu, rsp);
}

/*
 * The frame counts OP-TEE's tee-supplicant accepts per message type
 * (rpmb.c rpmb_data_req()): BAD_PARAMETERS otherwise.
 */
static uint32_t data_request(struct rpmb_emu *emu, const struct rpmb_frame *req,
			     size_t nreq, struct rpmb_frame *rsp, size_t nrsp)
{
	uint16_t type = tbx_get_be16(req->msg_type);

	for (size_t i = 1; i < nreq; i++)
		if (tbx_get_be16(req[i].msg_type) != type)
			return TEEC_ERROR_BAD_PARAMETERS;
	switch (type) {
	case RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM:
	case RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE:
		if (nrsp != 1 ||
		    (type == RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM && nreq != 1))
			return TEEC_ERROR_BAD_PARAMETERS;
		write_op(emu, type, req, nreq, rsp);
		return TEEC_SUCCESS;
	case RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ:
	case RPMB_MSG_TYPE_REQ_RESULT_READ:
		if (nreq != 1 || nrsp != 1)
			return TEEC_ERROR_BAD_PARAMETERS;
		if (type == RPMB_MSG_TYPE_REQ_RESULT_READ)
			result(emu, rsp);
		else
			counter_read(emu, req, rsp);
		return TEEC_SUCCESS;
	case RPMB_MSG_TYPE_REQ_AUTH_DATA_READ:
		if (nreq != 1 || !nrsp)
			return TEEC_ERROR_BAD_PARAMETERS;
		data_read(emu, req, rsp, nrsp);
		return TEEC_SUCCESS;
	default:
		return TEEC_ERROR_GENERIC;
	}
}

static void dev_info(struct rpmb_emu *emu, struct rpmb_dev_info *info)
{
	memcpy(info->cid, emu->st.cid, RPMB_CID_SIZE);
	info->rpmb_size_mult = RPMB_EMU_SIZE_MULT;
	info->rel_wr_sec_c = RPMB_EMU_REL_WR_SEC_C;
	info->ret_code = RPMB_CMD_GET_DEV_INFO_RET_OK;
}

uint32_t rpmb_emu_request(struct rpmb_emu *emu, const void *req,
			  size_t req_size, void *rsp, size_t rsp_size)
{
	const size_t hdr = sizeof(struct rpmb_req);
	struct rpmb_req r;

	if (req_size < hdr)
		return TEEC_ERROR_BAD_PARAMETERS;
	memcpy(&r, req, hdr);
	switch (r.cmd) {
	case RPMB_CMD_GET_DEV_INFO:
		if (req_size != hdr || rsp_size != sizeof(struct rpmb_dev_info))
			return TEEC_ERROR_BAD_PARAMETERS;
		dev_info(emu, rsp);
		return TEEC_SUCCESS;
	case RPMB_CMD_DATA_REQ:
		/* Whole frames only: a partial one is not a request. */
		if ((req_size - hdr) % RPMB_FRAME_SIZE || req_size == hdr ||
		    rsp_size % RPMB_FRAME_SIZE ||
		    rsp_size / RPMB_FRAME_SIZE > RPMB_EMU_BLOCKS)
			return TEEC_ERROR_BAD_PARAMETERS;
		return data_request(
			emu,
			(const struct rpmb_frame *)((const uint8_t *)req + hdr),
			(req_size - hdr) / RPMB_FRAME_SIZE, rsp,
			rsp_size / RPMB_FRAME_SIZE);
	default:
		return TEEC_ERROR_BAD_PARAMETERS;
	}
}

int rpmb_emu_open(int dirfd, const char *name, const uint8_t *cid,
		  struct rpmb_emu **emu)
{
	struct rpmb_emu *e = calloc(1, sizeof(*e));
	int rc;

	if (!e)
		return -ENOMEM;
	rc = rpmb_store_open(dirfd, name, cid ? cid : default_cid, &e->fd,
			     &e->st);
	if (!rc && cid && memcmp(cid, e->st.cid, RPMB_CID_SIZE))
		rc = -EEXIST;
	if (rc) {
		if (e->fd >= 0)
			close(e->fd);
		free(e);
		return rc;
	}
	e->last_type = RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE;
	e->last_result = RPMB_RESULT_OK;
	*emu = e;
	return 0;
}

void rpmb_emu_close(struct rpmb_emu *emu)
{
	if (!emu)
		return;
	close(emu->fd);
	free(emu);
}
