// SPDX-License-Identifier: BSD-2-Clause
/*
 * The RPMB client (tee_rpmb.h).  Frames are built and checked as bytes
 * at OP-TEE's offsets; every answer is first copied into secure memory
 * by the transport, then checked here field by field, MAC last over the
 * exact bytes checked.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <tbx/byteorder.h>

#include "tee_rpmb.h"

/* The CID bytes OP-TEE zeroes before deriving the key: PRV and CRC7. */
#define CID_PRV_BYTE 9
#define CID_CRC_BYTE 15

/*
 * OP-TEE's RPMB_MAX_RETRIES (core/tee/tee_rpmb_fs.c, write_req()): an
 * authenticated write is sent at most this many times; then RPMB is
 * dead until the trusted OS restarts.
 */
#define RPMB_MAX_WRITE_TRIES 10

/**
 * struct tee_rpmb - the client
 * @huk:	the HUK, for the key once the CID is known
 * @key:	the RPMB key
 * @ready:	tee_rpmb_init() succeeded
 * @synced:	@counter is the device's (false after a failed write)
 * @dead:	a write failed RPMB_MAX_WRITE_TRIES times: every use is
 *		TEE_ERROR_COMMUNICATION from now on
 * @counter:	the write counter
 * @blocks:	device size in blocks
 * @max_write:	blocks per write
 * @floor:	the counter floor, or NULL
 * @floor_ctx:	its context
 */
struct tee_rpmb {
	uint8_t huk[16];
	uint8_t key[TEE_RPMB_KEY_SIZE];
	bool ready;
	bool synced;
	bool dead;
	uint32_t counter;
	uint32_t blocks;
	uint32_t max_write;
	const struct tee_rpmb_floor_ops *floor;
	void *floor_ctx;
};

static void put_hdr(uint8_t *p, uint16_t cmd, uint16_t count)
{
	/* struct rpmb_req is in the host's byte order, as OP-TEE's. */
	uint16_t h[3] = {cmd, 0, count};

	memcpy(p, h, sizeof(h));
}

TEE_Result tee_rpmb_new(const uint8_t huk[16],
			const struct tee_rpmb_floor_ops *floor, void *floor_ctx,
			struct tee_rpmb **out)
{
	struct tee_rpmb *r = calloc(1, sizeof(*r));

	if (!r)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(r->huk, huk, sizeof(r->huk));
	r->floor = floor;
	r->floor_ctx = floor_ctx;
	*out = r;
	return TEE_SUCCESS;
}

void tee_rpmb_free(struct tee_rpmb *r)
{
	if (!r)
		return;
	OPENSSL_cleanse(r, sizeof(*r));
	free(r);
}

uint32_t tee_rpmb_size(const struct tee_rpmb *r)
{
	return r->ready ? r->blocks : 0;
}

uint32_t tee_rpmb_max_write(const struct tee_rpmb *r)
{
	return r->max_write;
}

uint32_t tee_rpmb_counter(const struct tee_rpmb *r)
{
	return r->counter;
}

static TEE_Result hmac(const uint8_t *key, size_t key_len,
		       const uint8_t *const *parts, const size_t *lens,
		       size_t n, uint8_t out[32])
{
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
						 (char *)"SHA256", 0),
		OSSL_PARAM_construct_end(),
	};
	EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = alg ? EVP_MAC_CTX_new(alg) : NULL;
	size_t outl = 0;
	int ok = ctx && EVP_MAC_init(ctx, key, key_len, params);

	for (size_t i = 0; ok && i < n; i++)
		ok = EVP_MAC_update(ctx, parts[i], lens[i]);
	ok = ok && EVP_MAC_final(ctx, out, &outl, 32) && outl == 32;
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(alg);
	return ok ? TEE_SUCCESS : TEE_ERROR_GENERIC;
}

TEE_Result tee_rpmb_key_derive(const uint8_t huk[16],
			       const uint8_t cid[TEE_RPMB_CID_SIZE],
			       uint8_t key[TEE_RPMB_KEY_SIZE])
{
	uint8_t msg[TEE_RPMB_CID_SIZE];
	const uint8_t *parts[] = {msg};
	const size_t lens[] = {sizeof(msg)};
	TEE_Result res;

	memcpy(msg, cid, sizeof(msg));
	msg[CID_PRV_BYTE] = 0;
	msg[CID_CRC_BYTE] = 0;
	res = hmac(huk, 16, parts, lens, 1, key);
	OPENSSL_cleanse(msg, sizeof(msg));
	return res;
}

/* The MAC over bytes 228..511 of @n frames, chained. */
static TEE_Result frames_mac(const uint8_t *key, const uint8_t *f, size_t n,
			     uint8_t mac[32])
{
	const uint8_t *parts[TEE_RPMB_MAX_READ_BLOCKS];
	size_t lens[TEE_RPMB_MAX_READ_BLOCKS];

	if (!n || n > TEE_RPMB_MAX_READ_BLOCKS)
		return TEE_ERROR_BAD_PARAMETERS;
	for (size_t i = 0; i < n; i++) {
		parts[i] = f + i * TEE_RPMB_FRAME_SIZE + TEE_RPMB_OFF_DATA;
		lens[i] = TEE_RPMB_FRAME_SIZE - TEE_RPMB_OFF_DATA;
	}
	return hmac(key, TEE_RPMB_KEY_SIZE, parts, lens, n, mac);
}

TEE_Result tee_rpmb_check_response(const uint8_t key[TEE_RPMB_KEY_SIZE],
				   const uint8_t *rsp, size_t nrsp,
				   uint16_t type, const uint8_t *nonce,
				   uint16_t addr, uint32_t *counter)
{
	const uint8_t *last;
	uint16_t result = 0;
	uint8_t mac[32];

	if (!nrsp || nrsp > TEE_RPMB_MAX_READ_BLOCKS)
		return TEE_ERROR_COMMUNICATION;
	last = rsp + (nrsp - 1) * TEE_RPMB_FRAME_SIZE;
	/* Authentic first: nothing of an answer is believed before that. */
	if (frames_mac(key, rsp, nrsp, mac) ||
	    CRYPTO_memcmp(mac, last + TEE_RPMB_OFF_KEY_MAC, sizeof(mac)))
		return TEE_ERROR_COMMUNICATION;
	for (size_t i = 0; i < nrsp; i++) {
		const uint8_t *f = rsp + i * TEE_RPMB_FRAME_SIZE;

		if (tbx_get_be16(f + TEE_RPMB_OFF_TYPE) != type)
			return TEE_ERROR_COMMUNICATION;
		if (nonce && CRYPTO_memcmp(f + TEE_RPMB_OFF_NONCE, nonce,
					   TEE_RPMB_NONCE_SIZE))
			return TEE_ERROR_COMMUNICATION;
		/*
		 * Not the block count: OP-TEE does not check it, and
		 * OP-TEE's tee-supplicant (RPMB_EMU) answers it in the
		 * host's byte order.
		 */
		if (type != TEE_RPMB_MSG_RESP_WCOUNTER &&
		    tbx_get_be16(f + TEE_RPMB_OFF_ADDR) != addr)
			return TEE_ERROR_COMMUNICATION;
		result |= tbx_get_be16(f + TEE_RPMB_OFF_RESULT);
	}
	if (result & TEE_RPMB_RESULT_MASK)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	if ((type == TEE_RPMB_MSG_RESP_DATA_WRITE ||
	     type == TEE_RPMB_MSG_RESP_WCOUNTER) &&
	    !counter)
		return TEE_ERROR_BAD_PARAMETERS;
	if (type == TEE_RPMB_MSG_RESP_DATA_WRITE) {
		/* A replayed or stale answer names another counter. */
		if (tbx_get_be32(last + TEE_RPMB_OFF_WCNT) != *counter + 1)
			return TEE_ERROR_COMMUNICATION;
		*counter += 1;
	} else if (type == TEE_RPMB_MSG_RESP_WCOUNTER) {
		*counter = tbx_get_be32(last + TEE_RPMB_OFF_WCNT);
	}
	return TEE_SUCCESS;
}

/* One request of @nreq frames and @nrsp answer frames. */
static TEE_Result exchange(const struct tee_fs_rpc *rpc, const uint8_t *frames,
			   size_t nreq, uint8_t *rsp, size_t nrsp)
{
	size_t size = TEE_RPMB_REQ_HDR_SIZE + nreq * TEE_RPMB_FRAME_SIZE;
	uint8_t *req;
	TEE_Result res;

	if (!rpc->ops->rpmb)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	req = calloc(1, size);
	if (!req)
		return TEE_ERROR_OUT_OF_MEMORY;
	put_hdr(req, TEE_RPMB_CMD_DATA_REQ, (uint16_t)nreq);
	memcpy(req + TEE_RPMB_REQ_HDR_SIZE, frames, nreq * TEE_RPMB_FRAME_SIZE);
	res = rpc->ops->rpmb(rpc->ctx, req, size, rsp,
			     nrsp * TEE_RPMB_FRAME_SIZE);
	free(req);
	return res;
}

static TEE_Result get_dev_info(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			       uint8_t cid[TEE_RPMB_CID_SIZE])
{
	uint8_t req[TEE_RPMB_REQ_HDR_SIZE], info[TEE_RPMB_DEV_INFO_SIZE];
	TEE_Result res;

	if (!rpc->ops->rpmb)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	put_hdr(req, TEE_RPMB_CMD_GET_DEV_INFO, 0);
	res = rpc->ops->rpmb(rpc->ctx, req, sizeof(req), info, sizeof(info));
	if (res)
		return res == TEE_ERROR_COMMUNICATION
			       ? res
			       : TEE_ERROR_STORAGE_NOT_AVAILABLE;
	/* ret_code and EXT_CSD[168] (size), as OP-TEE checks them */
	if (info[18] != 0 || !info[16])
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	memcpy(cid, info, TEE_RPMB_CID_SIZE);
	/* 128 KiB per unit; block numbers are 16 bits on the wire. */
	r->blocks = info[16] * 512u;
	if (r->blocks > 65536)
		r->blocks = 65536;
	/*
	 * One block per authenticated write whatever EXT_CSD[222] says:
	 * OP-TEE's rel_wr_blkcnt without RPMB_DRIVER_MULTIPLE_WRITE_FIXED
	 * (never set upstream).  OP-TEE's tee-supplicant emulation counts
	 * one write per block, so a two-block write would answer
	 * counter + 2.
	 */
	r->max_write = 1;
	return TEE_SUCCESS;
}

/*
 * WCOUNTER_READ with a fresh nonce.  *@unprogrammed tells the one
 * unauthenticated answer apart: a device without a key cannot MAC.
 */
static TEE_Result read_counter(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			       bool *unprogrammed)
{
	uint8_t req[TEE_RPMB_FRAME_SIZE] = {0}, rsp[TEE_RPMB_FRAME_SIZE];
	uint8_t nonce[TEE_RPMB_NONCE_SIZE];
	uint32_t counter = 0;
	TEE_Result res;

	*unprogrammed = false;
	if (RAND_bytes(nonce, sizeof(nonce)) != 1)
		return TEE_ERROR_GENERIC;
	memcpy(req + TEE_RPMB_OFF_NONCE, nonce, sizeof(nonce));
	tbx_put_be16(req + TEE_RPMB_OFF_TYPE, TEE_RPMB_MSG_REQ_WCOUNTER_READ);
	res = exchange(rpc, req, 1, rsp, 1);
	if (res)
		return res;
	if (tbx_get_be16(rsp + TEE_RPMB_OFF_TYPE) ==
		    TEE_RPMB_MSG_RESP_WCOUNTER &&
	    tbx_get_be16(rsp + TEE_RPMB_OFF_RESULT) ==
		    TEE_RPMB_RESULT_KEY_NOT_PROGRAMMED) {
		*unprogrammed = true;
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	}
	res = tee_rpmb_check_response(
		r->key, rsp, 1, TEE_RPMB_MSG_RESP_WCOUNTER, nonce, 0, &counter);
	if (res)
		return res;
	r->counter = counter;
	r->synced = true;
	return TEE_SUCCESS;
}

/* KEY_PROGRAM with the derived key, as CFG_RPMB_WRITE_KEY=y does. */
static TEE_Result program_key(struct tee_rpmb *r, const struct tee_fs_rpc *rpc)
{
	uint8_t req[TEE_RPMB_FRAME_SIZE] = {0}, rsp[TEE_RPMB_FRAME_SIZE];
	TEE_Result res;

	memcpy(req + TEE_RPMB_OFF_KEY_MAC, r->key, TEE_RPMB_KEY_SIZE);
	tbx_put_be16(req + TEE_RPMB_OFF_TYPE, TEE_RPMB_MSG_REQ_KEY_PROGRAM);
	res = exchange(rpc, req, 1, rsp, 1);
	OPENSSL_cleanse(req, sizeof(req));
	if (res)
		return res;
	/* Not MAC'ed: the counter read that follows proves the key. */
	if (tbx_get_be16(rsp + TEE_RPMB_OFF_TYPE) !=
	    TEE_RPMB_MSG_RESP_KEY_PROGRAM)
		return TEE_ERROR_COMMUNICATION;
	if (tbx_get_be16(rsp + TEE_RPMB_OFF_RESULT) & TEE_RPMB_RESULT_MASK)
		return TEE_ERROR_STORAGE_NOT_AVAILABLE;
	return TEE_SUCCESS;
}

static TEE_Result floor_check(struct tee_rpmb *r, bool *present)
{
	uint32_t floor = 0;
	TEE_Result res;

	*present = false;
	if (!r->floor)
		return TEE_SUCCESS;
	res = r->floor->get(r->floor_ctx, present, &floor);
	if (res)
		return res;
	if (*present && r->synced && r->counter < floor)
		return TEE_ERROR_SECURITY;
	return TEE_SUCCESS;
}

static TEE_Result floor_raise(struct tee_rpmb *r)
{
	return r->floor ? r->floor->set(r->floor_ctx, r->counter) : TEE_SUCCESS;
}

TEE_Result tee_rpmb_init(struct tee_rpmb *r, const struct tee_fs_rpc *rpc)
{
	uint8_t cid[TEE_RPMB_CID_SIZE];
	bool unprogrammed = false, known;
	TEE_Result res;

	if (r->dead)
		return TEE_ERROR_COMMUNICATION;
	if (r->ready && r->synced)
		return TEE_SUCCESS;
	r->ready = false;
	r->synced = false;
	res = get_dev_info(r, rpc, cid);
	if (!res)
		res = tee_rpmb_key_derive(r->huk, cid, r->key);
	if (!res)
		res = read_counter(r, rpc, &unprogrammed);
	if (res && unprogrammed) {
		/*
		 * A device used before does not forget its key: one asking
		 * for a key now was replaced or reset, and the key must
		 * not be handed to it in the clear.
		 */
		res = floor_check(r, &known);
		if (!res && known)
			res = TEE_ERROR_SECURITY;
		if (!res)
			res = program_key(r, rpc);
		if (!res)
			res = read_counter(r, rpc, &unprogrammed);
	}
	if (!res)
		res = floor_check(r, &known);
	if (!res)
		res = floor_raise(r);
	if (res)
		return res;
	r->ready = true;
	return TEE_SUCCESS;
}

TEE_Result tee_rpmb_read(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			 uint32_t blk, uint32_t n, void *buf)
{
	uint8_t req[TEE_RPMB_FRAME_SIZE] = {0}, nonce[TEE_RPMB_NONCE_SIZE];
	uint8_t *rsp;
	TEE_Result res;

	res = tee_rpmb_init(r, rpc);
	if (res)
		return res;
	if (!n || n > TEE_RPMB_MAX_READ_BLOCKS || blk >= r->blocks ||
	    n > r->blocks - blk)
		return TEE_ERROR_BAD_PARAMETERS;
	if (RAND_bytes(nonce, sizeof(nonce)) != 1)
		return TEE_ERROR_GENERIC;
	rsp = malloc(n * TEE_RPMB_FRAME_SIZE);
	if (!rsp)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(req + TEE_RPMB_OFF_NONCE, nonce, sizeof(nonce));
	tbx_put_be16(req + TEE_RPMB_OFF_ADDR, (uint16_t)blk);
	tbx_put_be16(req + TEE_RPMB_OFF_BLKCNT, (uint16_t)n);
	tbx_put_be16(req + TEE_RPMB_OFF_TYPE, TEE_RPMB_MSG_REQ_DATA_READ);
	res = exchange(rpc, req, 1, rsp, n);
	if (!res)
		res = tee_rpmb_check_response(r->key, rsp, n,
					      TEE_RPMB_MSG_RESP_DATA_READ,
					      nonce, (uint16_t)blk, NULL);
	for (uint32_t i = 0; !res && i < n; i++)
		memcpy((uint8_t *)buf + i * TEE_RPMB_BLOCK_SIZE,
		       rsp + i * TEE_RPMB_FRAME_SIZE + TEE_RPMB_OFF_DATA,
		       TEE_RPMB_BLOCK_SIZE);
	free(rsp);
	return res;
}

/* Signs @n frames of @buf for block @blk with write counter @counter. */
static TEE_Result write_frames(struct tee_rpmb *r, uint8_t *req, uint32_t blk,
			       uint32_t n, const void *buf, uint32_t counter)
{
	for (uint32_t i = 0; i < n; i++) {
		uint8_t *f = req + i * TEE_RPMB_FRAME_SIZE;

		memcpy(f + TEE_RPMB_OFF_DATA,
		       (const uint8_t *)buf + i * TEE_RPMB_BLOCK_SIZE,
		       TEE_RPMB_BLOCK_SIZE);
		tbx_put_be32(f + TEE_RPMB_OFF_WCNT, counter);
		tbx_put_be16(f + TEE_RPMB_OFF_ADDR, (uint16_t)blk);
		tbx_put_be16(f + TEE_RPMB_OFF_BLKCNT, (uint16_t)n);
		tbx_put_be16(f + TEE_RPMB_OFF_TYPE,
			     TEE_RPMB_MSG_REQ_DATA_WRITE);
	}
	return frames_mac(r->key, req, n,
			  req + (n - 1) * TEE_RPMB_FRAME_SIZE +
				  TEE_RPMB_OFF_KEY_MAC);
}

/* One send of the write signed with @counter: done once its answer verifies. */
static TEE_Result write_once(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			     const uint8_t *req, uint32_t blk, uint32_t n,
			     uint32_t counter)
{
	uint8_t rsp[TEE_RPMB_FRAME_SIZE];
	TEE_Result res;

	res = exchange(rpc, req, n, rsp, 1);
	if (!res)
		res = tee_rpmb_check_response(r->key, rsp, 1,
					      TEE_RPMB_MSG_RESP_DATA_WRITE,
					      NULL, (uint16_t)blk, &counter);
	if (res)
		return res;
	r->counter = counter;
	r->synced = true;
	return TEE_SUCCESS;
}

/*
 * Before another try of a write signed with *@sent: the device's counter,
 * read with a fresh nonce.  Still *@sent: the write did not happen, the
 * same frames go again.  Higher: a try was done (its answer lost) or the
 * counter moved past it; a request carrying *@sent can never apply again,
 * so the same data is signed anew with the device's counter, never with
 * the stale one.  Lower: the device went back, TEE_ERROR_SECURITY.  A
 * counter that cannot be read leaves the request as it is (sending it
 * again is harmless: it is the same write).
 */
static TEE_Result write_resync(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			       uint8_t *req, uint32_t blk, uint32_t n,
			       const void *buf, uint32_t *sent)
{
	bool unprogrammed;

	if (read_counter(r, rpc, &unprogrammed))
		return TEE_SUCCESS;
	if (r->counter < *sent)
		return TEE_ERROR_SECURITY;
	if (r->counter == *sent)
		return TEE_SUCCESS;
	*sent = r->counter;
	return write_frames(r, req, blk, n, buf, *sent);
}

TEE_Result tee_rpmb_write(struct tee_rpmb *r, const struct tee_fs_rpc *rpc,
			  uint32_t blk, uint32_t n, const void *buf)
{
	uint8_t req[TEE_RPMB_MAX_READ_BLOCKS * TEE_RPMB_FRAME_SIZE] = {0};
	uint32_t sent;
	TEE_Result res;

	res = tee_rpmb_init(r, rpc);
	if (res)
		return res;
	if (!n || n > r->max_write || blk >= r->blocks || n > r->blocks - blk)
		return TEE_ERROR_BAD_PARAMETERS;
	sent = r->counter;
	/* Nothing sent yet: a failure here needs no retry (as OP-TEE). */
	res = write_frames(r, req, blk, n, buf, sent);
	if (res)
		return res;
	/*
	 * Once a signed write has left, giving up would leave it for
	 * someone to apply later, over whatever is written next: OP-TEE
	 * tries again (RPMB_MAX_RETRIES) and then declares RPMB dead.
	 */
	for (int tries = 0; tries < RPMB_MAX_WRITE_TRIES; tries++) {
		if (tries)
			res = write_resync(r, rpc, req, blk, n, buf, &sent);
		if (res == TEE_ERROR_SECURITY)
			break;
		r->synced = false;
		res = write_once(r, rpc, req, blk, n, sent);
		if (!res)
			return floor_raise(r);
	}
	r->dead = true;
	/* As OP-TEE: whether the data is on the device is unknown. */
	return res == TEE_ERROR_SECURITY ? res : TEE_ERROR_COMMUNICATION;
}
