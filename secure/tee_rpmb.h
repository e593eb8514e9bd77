/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trusted OS's RPMB client (OP-TEE's tee_rpmb_fs.c, its lower half):
 * OPTEE_RPC_CMD_RPMB requests to tee-supplicant in OP-TEE's framing
 * (ABI-FACTS §5.6, ABI-FACTS-INTERNAL §5.10), the RPMB key derived from
 * the HUK and the device's CID, programmed once when the device has
 * none (OP-TEE's CFG_RPMB_WRITE_KEY=y), and every answer checked: its
 * type and result, the MAC (HMAC-SHA-256, compared in constant time),
 * the nonce of a read, the write counter of a write (counter + 1).
 * Anything else is refused; the normal world relays the frames and is
 * trusted with none of them.
 *
 * The caller serializes all calls on one struct tee_rpmb.
 */
#ifndef TEEBOX_SECURE_TEE_RPMB_H
#define TEEBOX_SECURE_TEE_RPMB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "tee_fs_rpc.h"

/* struct rpmb_req.cmd (request header, host byte order) */
#define TEE_RPMB_CMD_DATA_REQ	  0x00
#define TEE_RPMB_CMD_GET_DEV_INFO 0x01
#define TEE_RPMB_REQ_HDR_SIZE	  6
#define TEE_RPMB_DEV_INFO_SIZE	  19

/* Frame msg_type (big-endian on the wire) */
#define TEE_RPMB_MSG_REQ_KEY_PROGRAM   0x0001
#define TEE_RPMB_MSG_REQ_WCOUNTER_READ 0x0002
#define TEE_RPMB_MSG_REQ_DATA_WRITE    0x0003
#define TEE_RPMB_MSG_REQ_DATA_READ     0x0004
#define TEE_RPMB_MSG_REQ_RESULT_READ   0x0005
#define TEE_RPMB_MSG_RESP_KEY_PROGRAM  0x0100
#define TEE_RPMB_MSG_RESP_WCOUNTER     0x0200
#define TEE_RPMB_MSG_RESP_DATA_WRITE   0x0300
#define TEE_RPMB_MSG_RESP_DATA_READ    0x0400

/* Frame op_result */
#define TEE_RPMB_RESULT_OK		   0x00
#define TEE_RPMB_RESULT_COUNTER_FAILURE	   0x03
#define TEE_RPMB_RESULT_KEY_NOT_PROGRAMMED 0x07
#define TEE_RPMB_RESULT_MASK		   0x7f

/* JEDEC data frame: offsets of its fields */
#define TEE_RPMB_FRAME_SIZE  512
#define TEE_RPMB_OFF_KEY_MAC 196
#define TEE_RPMB_OFF_DATA    228
#define TEE_RPMB_OFF_NONCE   484
#define TEE_RPMB_OFF_WCNT    500
#define TEE_RPMB_OFF_ADDR    504
#define TEE_RPMB_OFF_BLKCNT  506
#define TEE_RPMB_OFF_RESULT  508
#define TEE_RPMB_OFF_TYPE    510

#define TEE_RPMB_BLOCK_SIZE 256
#define TEE_RPMB_KEY_SIZE   32
#define TEE_RPMB_NONCE_SIZE 16
#define TEE_RPMB_CID_SIZE   16
/* Most blocks one read request asks for. */
#define TEE_RPMB_MAX_READ_BLOCKS 8

/**
 * struct tee_rpmb_floor_ops - where the trusted OS keeps the highest
 * write counter it has seen (teebox's addition: the emulated device is
 * a file the normal world could put back; a real eMMC cannot be)
 * @get:	*@present false when nothing was ever kept (the device was
 *		never used: its key may be programmed); else *@counter
 * @set:	raise it to @counter
 */
struct tee_rpmb_floor_ops {
	TEE_Result (*get)(void *ctx, bool *present, uint32_t *counter);
	TEE_Result (*set)(void *ctx, uint32_t counter);
};

struct tee_rpmb;

/**
 * tee_rpmb_new() - a client for the device tee-supplicant serves
 * @huk:	the HUK (16 bytes), kept to derive the key from the CID
 * @floor:	the write-counter floor (may be NULL: none)
 * @floor_ctx:	its context
 * @rpmb:	receives the client
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result tee_rpmb_new(const uint8_t huk[16],
			const struct tee_rpmb_floor_ops *floor, void *floor_ctx,
			struct tee_rpmb **rpmb);

/** tee_rpmb_free() - wipe the keys and free @rpmb (NULL is fine) */
void tee_rpmb_free(struct tee_rpmb *rpmb);

/**
 * tee_rpmb_init() - make the device usable, once: device info, the key
 * (programmed if the device has none and it never had one), the write
 * counter read with a nonce and checked against the floor
 * @rpmb:	the client
 * @rpc:	the supplicant, for this call
 *
 * Return: TEE_SUCCESS; TEE_ERROR_STORAGE_NOT_AVAILABLE when there is no
 * device (the supplicant has none, or no RPMB operation); TEE_ERROR_SECURITY
 * when the device's counter is below the floor or it asks for a key
 * although one was programmed before (it was replaced or rolled back);
 * TEE_ERROR_COMMUNICATION for an answer that does not verify, and for
 * ever once a write ran out of tries (tee_rpmb_write()).
 */
TEE_Result tee_rpmb_init(struct tee_rpmb *rpmb, const struct tee_fs_rpc *rpc);

/**
 * tee_rpmb_size() - Return: the device's size in 256-byte blocks (0
 * before tee_rpmb_init() succeeded)
 */
uint32_t tee_rpmb_size(const struct tee_rpmb *rpmb);

/**
 * tee_rpmb_max_write() - Return: blocks one authenticated write may
 * carry: 1, as OP-TEE (rel_wr_blkcnt), whatever the device's reliable
 * write sector count
 */
uint32_t tee_rpmb_max_write(const struct tee_rpmb *rpmb);

/**
 * tee_rpmb_counter() - Return: the write counter as last verified
 */
uint32_t tee_rpmb_counter(const struct tee_rpmb *rpmb);

/**
 * tee_rpmb_read() - an authenticated read of @n blocks from block @blk
 * @rpmb:	the client (tee_rpmb_init() done)
 * @rpc:	the supplicant
 * @blk:	first block
 * @n:		1..TEE_RPMB_MAX_READ_BLOCKS
 * @buf:	receives n × 256 bytes, only once all of them verified
 *
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS (range),
 * TEE_ERROR_COMMUNICATION (MAC, nonce, type, address or size wrong),
 * TEE_ERROR_STORAGE_NOT_AVAILABLE (the device failed the read), or the
 * RPC's error.
 */
TEE_Result tee_rpmb_read(struct tee_rpmb *rpmb, const struct tee_fs_rpc *rpc,
			 uint32_t blk, uint32_t n, void *buf);

/**
 * tee_rpmb_write() - an authenticated write of @n blocks at block @blk,
 * carrying the current write counter; done when the answer verifies and
 * names counter + 1
 * @n:		1..tee_rpmb_max_write()
 *
 * Other parameters as tee_rpmb_read().  A try whose answer does not
 * verify (lost, forged, or an authentic failure such as
 * GENERAL_FAILURE or COUNTER_FAILURE) is tried again, up to 10 sends in
 * all as OP-TEE's RPMB_MAX_RETRIES: before each, the counter is read
 * again with a nonce, and the same data is sent signed with the
 * device's counter, never an older one.  After the last try the client
 * is dead: this and every later call is TEE_ERROR_COMMUNICATION.
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS, TEE_ERROR_COMMUNICATION
 * (no try verified: the data may or may not be on the device),
 * TEE_ERROR_SECURITY (counter below the floor, or it went back during
 * the tries; the client is dead too), or the RPC's error from
 * tee_rpmb_init().
 */
TEE_Result tee_rpmb_write(struct tee_rpmb *rpmb, const struct tee_fs_rpc *rpc,
			  uint32_t blk, uint32_t n, const void *buf);

/**
 * tee_rpmb_key_derive() - the RPMB key as OP-TEE derives it with
 * CFG_CORE_HUK_SUBKEY_COMPAT=y: HMAC-SHA-256(key = HUK, msg = CID with
 * byte 9 (PRV) and byte 15 (CRC7) zeroed)
 * @huk:	the HUK
 * @cid:	the device's CID
 * @key:	receives 32 bytes
 * Return: TEE_SUCCESS or TEE_ERROR_GENERIC from libcrypto.
 */
TEE_Result tee_rpmb_key_derive(const uint8_t huk[16],
			       const uint8_t cid[TEE_RPMB_CID_SIZE],
			       uint8_t key[TEE_RPMB_KEY_SIZE]);

/**
 * tee_rpmb_check_response() - the decoder of one answer: checks
 * @nrsp frames at @rsp against what the request expects
 * @key:	the RPMB key
 * @rsp:	the frames (a private copy)
 * @nrsp:	how many
 * @type:	TEE_RPMB_MSG_RESP_* expected
 * @nonce:	the nonce sent (reads, counter reads), or NULL
 * @addr:	the address expected (reads, writes)
 * @counter:	[in] for a write: the counter sent; [out] the answer's
 *		(required for writes and counter reads, else may be NULL)
 *
 * Return: TEE_SUCCESS, TEE_ERROR_COMMUNICATION when the frames are not
 * an authentic answer to the request, TEE_ERROR_STORAGE_NOT_AVAILABLE
 * for an authentic failure (op_result not OK).
 */
TEE_Result tee_rpmb_check_response(const uint8_t key[TEE_RPMB_KEY_SIZE],
				   const uint8_t *rsp, size_t nrsp,
				   uint16_t type, const uint8_t *nonce,
				   uint16_t addr, uint32_t *counter);

#endif
