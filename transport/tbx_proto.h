/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How a process talks to teed's device endpoints: /dev/teeN as a UNIX
 * socket (SOCK_SEQPACKET) in teed's runtime directory.
 *
 * Opening the device = connecting and exchanging HELLO; closing it =
 * closing the socket.  An ioctl travels as its number, the bytes of its
 * argument struct and, for the buffer ioctls, the bytes of the buffer
 * (struct tbx_call), each as far as the caller can read it and with the
 * part it can write; the answer carries the return value and exactly the
 * bytes teed wrote back, as spans.  Which error an ioctl gets for memory
 * it cannot use is the TEE core's decision, as in the kernel.
 *
 * Calls travel in one of two ways:
 *  - over the socket, for ioctls that create or take file descriptors
 *    (SHM_ALLOC, SHM_REGISTER): the shared-memory file rides along with
 *    SCM_RIGHTS;
 *  - through "lanes", for everything else: slots in a memory region teed
 *    shares with the client, each with a pair of doorbells, so a call
 *    costs no socket round trip (see tbx/doorbell.h for why).
 *
 * teed reads a lane exactly once into private memory before it looks at
 * it, and never trusts a length it did not check.
 */
#ifndef TEEBOX_TBX_PROTO_H
#define TEEBOX_TBX_PROTO_H

#include <stdint.h>
#include <linux/tee.h>

#include <tbx/doorbell.h>

#define TBX_PROTO_MAGIC	  0x584f4254 /* "TBOX" */
#define TBX_PROTO_VERSION 1

#define TBX_NUM_LANES	16
#define TBX_MAX_REGIONS 2
#define TBX_MAX_SPANS	32
/* Largest fixed ioctl argument struct (24 bytes today). */
#define TBX_ARG_MAX  32
#define TBX_DATA_MAX (TBX_ARG_MAX + TEE_MAX_ARG_SIZE)

enum tbx_msg_type {
	TBX_HELLO = 1,	     /* client -> teed, first message */
	TBX_HELLO_REPLY,     /* teed -> client: status, lane region (fd) */
	TBX_IOCTL,	     /* an ioctl over the socket, both ways */
	TBX_SHM_CLOSE,	     /* client -> teed: a shm file was closed */
	TBX_SHM_CLOSE_REPLY, /* teed -> client */
	TBX_LANE_START,	     /* client -> teed: serve this lane from now on */
};

/**
 * struct tbx_span - bytes teed wrote, [off, off + len) of a region
 */
struct tbx_span {
	uint32_t off;
	uint32_t len;
};

/**
 * struct tbx_region - user memory an ioctl may touch
 * @uaddr:	its address in the caller
 * @len:	bytes sent (they follow in tbx_call.data): as many as the
 *		caller could read from @uaddr on, which may be fewer than
 *		the ioctl names (the core then fails with EFAULT where the
 *		kernel would)
 * @wr_off:	start of the part of those bytes the caller can write
 * @wr_len:	its length; the core may not write the rest
 * @nspans:	in the answer: how many @spans teed wrote
 * @spans:	in the answer: what teed wrote
 */
struct tbx_region {
	uint64_t uaddr;
	uint32_t len;
	uint32_t wr_off;
	uint32_t wr_len;
	uint32_t nspans;
	struct tbx_span spans[TBX_MAX_SPANS];
};

/**
 * struct tbx_call - one ioctl
 * @cmd:	the TEE_IOC_* number
 * @nregions:	regions used
 * @ret:	answer: >= 0, or -errno
 * @arg:	user address of the argument
 * @regions:	region 0: the argument struct (_IOC_SIZE(@cmd) bytes at
 *		@arg); region 1: the buffer of a buffer ioctl
 * @data:	the regions' bytes, back to back
 */
struct tbx_call {
	uint32_t cmd;
	uint32_t nregions;
	int64_t ret;
	uint64_t arg;
	struct tbx_region regions[TBX_MAX_REGIONS];
	uint8_t data[TBX_DATA_MAX];
};

struct tbx_hello {
	uint32_t magic;
	uint32_t version;
};

/**
 * struct tbx_hello_reply - the answer to HELLO
 * @status:	0, or -errno the open fails with (-EBUSY: a supplicant is
 *		already attached; -EACCES: not privileged)
 * @nlanes:	lanes in the region (its fd rides along)
 */
struct tbx_hello_reply {
	int32_t status;
	uint32_t nlanes;
};

/**
 * struct tbx_msg - a socket message
 */
struct tbx_msg {
	uint32_t type;
	uint32_t pad;
	union {
		struct tbx_hello hello;
		struct tbx_hello_reply hello_reply;
		struct tbx_call call;
		struct {
			int32_t shm_id;
			int32_t status;
		} shm_close;
		struct {
			uint32_t lane;
		} lane_start;
	} u;
};

/* Size of a socket message carrying @body bytes of the union. */
#define TBX_MSG_SIZE(body) (offsetof(struct tbx_msg, u) + (body))

/**
 * struct tbx_lane - one call slot
 * @req:	rung by the client when @call holds a request
 * @resp:	rung by teed when @call holds the answer
 * @call:	the call
 */
struct tbx_lane {
	struct doorbell req;
	struct doorbell resp;
	struct tbx_call call;
} __attribute__((aligned(64)));

/**
 * struct tbx_lanes - the region teed shares with one client
 * @magic:	TBX_PROTO_MAGIC
 * @nlanes:	TBX_NUM_LANES
 * @closing:	set by teed when it stops serving the connection
 * @client_busy: lanes in use, one bit each; the client's own bookkeeping
 *		(in the shared region so that forked processes sharing the
 *		connection do not collide); teed never reads it
 * @lanes:	the lanes
 */
struct tbx_lanes {
	uint32_t magic;
	uint32_t nlanes;
	_Atomic uint32_t closing;
	_Atomic uint32_t client_busy;
	struct tbx_lane lanes[TBX_NUM_LANES];
};

/**
 * tbx_is_buf_ioctl() - true for the ioctls whose argument is a struct
 * tee_ioctl_buf_data pointing at a variable sized buffer
 *
 * The one thing about the ioctls the client side must know: the kernel
 * reads user memory when it needs it, but teed lives in another process,
 * so the memory a pointer inside the argument names has to be sent with
 * the call.  Nothing else (sizes, layouts, which error comes first) is
 * decided here: drivers/tee/tee_core.c does that on what was sent.
 */
static inline int tbx_is_buf_ioctl(unsigned int cmd)
{
	return cmd == TEE_IOC_OPEN_SESSION || cmd == TEE_IOC_INVOKE ||
	       cmd == TEE_IOC_SUPPL_RECV || cmd == TEE_IOC_SUPPL_SEND ||
	       cmd == TEE_IOC_OBJECT_INVOKE;
}

/**
 * tbx_is_fd_ioctl() - true for the ioctls that return a new fd: they
 * travel over the socket, the only path that carries files
 */
static inline int tbx_is_fd_ioctl(unsigned int cmd)
{
	return cmd == TEE_IOC_SHM_ALLOC || cmd == TEE_IOC_SHM_REGISTER ||
	       cmd == TEE_IOC_SHM_REGISTER_FD;
}

#endif
