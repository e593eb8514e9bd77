/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated eMMC RPMB partition tee-supplicant serves
 * OPTEE_RPC_CMD_RPMB with (ABI-FACTS §5.6, ABI-FACTS-INTERNAL §5.10): the
 * request and frame layouts OP-TEE's tee-supplicant and trusted OS share,
 * and a device that behaves as JEDEC's RPMB does: an authentication key
 * programmed once, a write counter that every authenticated write must
 * name and that moves by one, HMAC-SHA-256 over every frame.  It lives in
 * a file of the storage directory (rpmb_store.h), so it survives restarts.
 */
#ifndef TEEBOX_SUPP_RPMB_EMU_H
#define TEEBOX_SUPP_RPMB_EMU_H

#include <stddef.h>
#include <stdint.h>

/* struct rpmb_req.cmd */
#define RPMB_CMD_DATA_REQ     0x00
#define RPMB_CMD_GET_DEV_INFO 0x01

/* struct rpmb_dev_info.ret_code */
#define RPMB_CMD_GET_DEV_INFO_RET_OK	0x00
#define RPMB_CMD_GET_DEV_INFO_RET_ERROR 0x01

/* struct rpmb_frame.msg_type */
#define RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM	  0x0001
#define RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ  0x0002
#define RPMB_MSG_TYPE_REQ_AUTH_DATA_WRITE	  0x0003
#define RPMB_MSG_TYPE_REQ_AUTH_DATA_READ	  0x0004
#define RPMB_MSG_TYPE_REQ_RESULT_READ		  0x0005
#define RPMB_MSG_TYPE_RESP_AUTH_KEY_PROGRAM	  0x0100
#define RPMB_MSG_TYPE_RESP_WRITE_COUNTER_VAL_READ 0x0200
#define RPMB_MSG_TYPE_RESP_AUTH_DATA_WRITE	  0x0300
#define RPMB_MSG_TYPE_RESP_AUTH_DATA_READ	  0x0400

/* struct rpmb_frame.op_result (JEDEC; OP-TEE names the ones it uses) */
#define RPMB_RESULT_OK			    0x00
#define RPMB_RESULT_GENERAL_FAILURE	    0x01
#define RPMB_RESULT_AUTH_FAILURE	    0x02
#define RPMB_RESULT_COUNTER_FAILURE	    0x03
#define RPMB_RESULT_ADDRESS_FAILURE	    0x04
#define RPMB_RESULT_WRITE_FAILURE	    0x05
#define RPMB_RESULT_READ_FAILURE	    0x06
#define RPMB_RESULT_AUTH_KEY_NOT_PROGRAMMED 0x07
/* Or'ed in once the write counter has reached its maximum. */
#define RPMB_RESULT_WRITE_COUNTER_EXPIRED 0x80

#define RPMB_FRAME_SIZE 512
#define RPMB_BLOCK_SIZE 256
#define RPMB_KEY_SIZE	32
#define RPMB_NONCE_SIZE 16
#define RPMB_CID_SIZE	16
/* Where the MAC'ed part of a frame starts: data .. msg_type. */
#define RPMB_MAC_OFFSET 228

/* The device's geometry, as OP-TEE's emulation: 2 × 128 KiB. */
#define RPMB_EMU_SIZE_MULT 2
/* Reliable write sector count: one 512-byte sector, two blocks a write. */
#define RPMB_EMU_REL_WR_SEC_C	  1
#define RPMB_EMU_BLOCKS		  (RPMB_EMU_SIZE_MULT * 128u * 1024u / RPMB_BLOCK_SIZE)
#define RPMB_EMU_MAX_WRITE_BLOCKS (RPMB_EMU_REL_WR_SEC_C * 2u)

/**
 * struct rpmb_req - the request header (host byte order); data frames
 * follow for RPMB_CMD_DATA_REQ
 * @cmd:	RPMB_CMD_*
 * @dev_id:	the eMMC device (the emulation has only one)
 * @block_count: frames that follow (informative: the size counts)
 */
struct rpmb_req {
	uint16_t cmd;
	uint16_t dev_id;
	uint16_t block_count;
};

/**
 * struct rpmb_dev_info - the answer to RPMB_CMD_GET_DEV_INFO (19 bytes)
 * @cid:	the device's CID register
 * @rpmb_size_mult: EXT_CSD[168], the size in 128 KiB
 * @rel_wr_sec_c: EXT_CSD[222], the reliable write sector count
 * @ret_code:	RPMB_CMD_GET_DEV_INFO_RET_*
 */
struct rpmb_dev_info {
	uint8_t cid[RPMB_CID_SIZE];
	uint8_t rpmb_size_mult;
	uint8_t rel_wr_sec_c;
	uint8_t ret_code;
};

/**
 * struct rpmb_frame - JEDEC's data frame for RPMB access, without start
 * and stop bits; multi-byte fields are big-endian
 * @stuff:	unused
 * @key_mac:	the key (KEY_PROGRAM) or the MAC (in the last frame)
 * @data:	one 256-byte block
 * @nonce:	a read's nonce, echoed in the answer
 * @write_counter: the write counter
 * @address:	the first block
 * @block_count: blocks
 * @op_result:	RPMB_RESULT_*
 * @msg_type:	RPMB_MSG_TYPE_*
 */
struct rpmb_frame {
	uint8_t stuff[196];
	uint8_t key_mac[RPMB_KEY_SIZE];
	uint8_t data[RPMB_BLOCK_SIZE];
	uint8_t nonce[RPMB_NONCE_SIZE];
	uint8_t write_counter[4];
	uint8_t address[2];
	uint8_t block_count[2];
	uint8_t op_result[2];
	uint8_t msg_type[2];
};

_Static_assert(sizeof(struct rpmb_req) == 6, "rpmb_req");
_Static_assert(sizeof(struct rpmb_dev_info) == 19, "rpmb_dev_info");
_Static_assert(sizeof(struct rpmb_frame) == RPMB_FRAME_SIZE, "rpmb_frame");

struct rpmb_emu;

/**
 * rpmb_emu_open() - open the emulated device kept in file @name of
 * directory @dirfd, making a new one (no key, counter 0) if there is none
 * @dirfd:	the storage directory
 * @name:	the file (a dot name: out of the secure world's FS names)
 * @cid:	the CID a new device gets and an existing one must have, or
 *		NULL for teebox's default
 * @emu:	the device
 * Return: 0, -ENOMEM, -EEXIST (the device has another CID), -EIO (the
 * file is damaged beyond what its journal repairs) or the -errno of the
 * file.
 */
int rpmb_emu_open(int dirfd, const char *name, const uint8_t *cid,
		  struct rpmb_emu **emu);

/** rpmb_emu_close() - close the device (NULL is fine). */
void rpmb_emu_close(struct rpmb_emu *emu);

/**
 * rpmb_emu_request() - one OPTEE_RPC_CMD_RPMB request, as bytes
 * @emu:	the device
 * @req:	struct rpmb_req, then data frames (a private copy: the
 *		shared memory it came from may change meanwhile)
 * @req_size:	its size
 * @rsp:	the answer: struct rpmb_dev_info or data frames
 * @rsp_size:	its size
 * Return: TEEC_SUCCESS (the device's verdict is in the frames),
 * TEEC_ERROR_BAD_PARAMETERS for sizes, counts or commands OP-TEE's
 * tee-supplicant refuses, TEEC_ERROR_GENERIC for an unknown message type
 * (as OP-TEE's).
 */
uint32_t rpmb_emu_request(struct rpmb_emu *emu, const void *req,
			  size_t req_size, void *rsp, size_t rsp_size);

/**
 * rpmb_frames_mac() - HMAC-SHA-256 with @key over bytes 228..511 of each
 * of @n frames, chained, as the device and OP-TEE compute it
 * @key:	the 32-byte key
 * @f:		the frames
 * @n:		how many
 * @mac:	the result
 * Return: 0, or -ENOMEM when libcrypto fails.
 */
int rpmb_frames_mac(const uint8_t *key, const struct rpmb_frame *f, size_t n,
		    uint8_t mac[RPMB_KEY_SIZE]);

#endif
