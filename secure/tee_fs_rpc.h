/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The REE file system's requests to tee-supplicant (OP-TEE's
 * tee_fs_rpc.c): OPTEE_RPC_CMD_FS with OP-TEE's sub-commands and
 * parameter conventions, so that OP-TEE's own tee-supplicant can serve
 * them.  struct tee_fs_rpc_ops is the seam: the storage layers above
 * see only it, tests put a supplicant in memory behind it.
 */
#ifndef TEEBOX_SECURE_TEE_FS_RPC_H
#define TEEBOX_SECURE_TEE_FS_RPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* TEE_FS_NAME_MAX: every name travels in a buffer of this size. */
#define TEE_FS_NAME_MAX 350
/*
 * Largest READ or WRITE one request carries.  OP-TEE's protocol takes
 * any length; runs of hash-tree blocks go in one request up to this.
 */
#define TEE_FS_RPC_MAX_IO (256 * 1024)

struct sthread;

/**
 * struct tee_fs_rpc_ops - the supplicant's file operations
 * @open:	OPEN (or CREATE if @create) file @name; *@fd receives the
 *		supplicant's descriptor
 * @close:	CLOSE
 * @read:	READ up to @len bytes at @offs; *@got = bytes read
 * @write:	WRITE
 * @truncate:	TRUNCATE to @len bytes
 * @remove:	REMOVE file @name
 * @rpmb:	OPTEE_RPC_CMD_RPMB: @req (header and frames) in, @rsp_size
 *		bytes of answer copied to @rsp once the supplicant answered;
 *		NULL when there is no RPMB device
 *
 * @ctx is struct tee_fs_rpc's.  Each returns the supplicant's
 * TEE_Result, or TEE_ERROR_COMMUNICATION for an answer that breaks the
 * protocol.
 */
struct tee_fs_rpc_ops {
	TEE_Result (*open)(void *ctx, const char *name, bool create, int *fd);
	TEE_Result (*close)(void *ctx, int fd);
	TEE_Result (*read)(void *ctx, int fd, uint64_t offs, void *buf,
			   size_t len, size_t *got);
	TEE_Result (*write)(void *ctx, int fd, uint64_t offs, const void *buf,
			    size_t len);
	TEE_Result (*truncate)(void *ctx, int fd, uint64_t len);
	TEE_Result (*remove)(void *ctx, const char *name);
	TEE_Result (*rpmb)(void *ctx, const void *req, size_t req_size,
			   void *rsp, size_t rsp_size);
};

/**
 * struct tee_fs_rpc - the supplicant as reached from one call
 * @ops:	its operations
 * @ctx:	their context (the secure thread making the call)
 */
struct tee_fs_rpc {
	const struct tee_fs_rpc_ops *ops;
	void *ctx;
};

/**
 * tee_fs_rpc_thread() - the supplicant reached by RPCs of secure thread
 * @t (OPTEE_RPC_CMD_FS, payloads in OPTEE_RPC_SHM_TYPE_APPL memory)
 * Return: the binding; valid while @t runs the current call.
 */
struct tee_fs_rpc tee_fs_rpc_thread(struct sthread *t);

#endif
