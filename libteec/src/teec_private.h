/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libteec internals shared between its files: the device registry behind
 * TEEC_Context, shared memory, the operation <-> ioctl parameter mapping
 * and the calls in flight that TEEC_RequestCancellation() can reach.
 *
 * Lifetimes.  A TEEC_Context holds in imp.fd a handle (not a file
 * descriptor: the device may be teed's socket) naming a struct teec_dev in
 * the registry.  The registry holds one reference on the device from
 * TEEC_InitializeContext() to TEEC_FinalizeContext(); every live
 * TEEC_SharedMemory (registered, allocated or the temporary one of a memref)
 * holds one; every call in flight holds one.  The device is closed when the
 * last goes, so shared memory released after TEEC_FinalizeContext() still
 * closes its fd, as with the kernel, where each shm keeps its context.
 */
#ifndef TEEBOX_TEEC_PRIVATE_H
#define TEEBOX_TEEC_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/tee.h>

#include "tee_client_api.h"
#include "tee_client_api_extensions.h"
#include "teec_dev_ops.h"

/* Devices TEEC_InitializeContext() tries: tee0 .. tee9 (docs/abi.md §6.4). */
#define TEEC_MAX_DEV_SEQ 10

/* Context handles fit the upper 24 bits of TEEC_SharedMemory.imp.flags. */
#define TEEC_HANDLE_MAX 0xFFFFFF

/*
 * TEEC_SharedMemory.imp.flags: bits 0..7 describe the memory, bits 8..31
 * hold the handle of the context it belongs to, so that a memref naming
 * another context's memory is refused and release finds the device.
 */
#define TEEC_SHM_LIVE	      (1u << 0) /* registered/allocated, not released */
#define TEEC_SHM_BUF_MAPPED   (1u << 1) /* @buffer is our mapping of the fd */
#define TEEC_SHM_SHADOW	      (1u << 2) /* @shadow_buffer is our mapping */
#define TEEC_SHM_CLIENT	      (1u << 3) /* the application had @buffer */
#define TEEC_SHM_HANDLE_SHIFT 8

/* An allocation of size 0 still gets this many bytes, as OP-TEE does. */
#define TEEC_SHM_MIN_ALLOC 8

/* Open session / invoke arguments: always 4 params (docs/abi.md §6.4). */
#define TEEC_OPEN_ARG_LEN                                                      \
	(sizeof(struct tee_ioctl_open_session_arg) +                           \
	 TEEC_CONFIG_PAYLOAD_REF_COUNT * sizeof(struct tee_ioctl_param))
#define TEEC_INVOKE_ARG_LEN                                                    \
	(sizeof(struct tee_ioctl_invoke_arg) +                                 \
	 TEEC_CONFIG_PAYLOAD_REF_COUNT * sizeof(struct tee_ioctl_param))

/*
 * Bounds of the per-context cache of TEMP memref buffers (tmpref_cache.c):
 * one buffer per parameter of a call, and modest in bytes because reserved
 * shared memory is a pool of a few MiB for every client together.
 */
#define TEEC_TMPREF_CACHE_MAX	TEEC_CONFIG_PAYLOAD_REF_COUNT
#define TEEC_TMPREF_CACHE_BYTES (1024 * 1024)

/**
 * struct teec_tmpref_slot - a cached TEMP memref buffer
 * @shm:	the memory, live, allocated by teec_shm_alloc()
 * @last_use:	when it came back (the cache's clock), for LRU eviction
 * @used:	the slot holds a buffer
 */
struct teec_tmpref_slot {
	TEEC_SharedMemory shm;
	uint64_t last_use;
	bool used;
};

/**
 * struct teec_tmpref_cache - TEMP memref buffers kept for reuse; @lock
 * protects the rest
 * @closed:	the context was finalized: buffers coming back are released
 * @clock:	counts put-backs
 * @bytes:	allocated bytes of the cached buffers
 * @slot:	the buffers
 */
struct teec_tmpref_cache {
	pthread_mutex_t lock;
	bool closed;
	uint64_t clock;
	size_t bytes;
	struct teec_tmpref_slot slot[TEEC_TMPREF_CACHE_MAX];
};

/**
 * struct teec_dev - an open TEE device behind one TEEC_Context
 * @next:	registry list (registry lock)
 * @handle:	the value kept in TEEC_Context.imp.fd, 1..TEEC_HANDLE_MAX
 * @live:	the context is initialized (cleared by FinalizeContext)
 * @refs:	references (registry lock); see the file comment
 * @ops:	device operations, fixed at open
 * @tdev:	the device
 * @gen_caps:	TEE_GEN_CAP_* from TEE_IOC_VERSION
 * @tmpref_cache: buffers of TEMP memrefs kept for the next call
 */
struct teec_dev {
	struct teec_dev *next;
	int handle;
	bool live;
	unsigned int refs;
	const struct teec_dev_ops *ops;
	struct tdev *tdev;
	uint32_t gen_caps;
	struct teec_tmpref_cache tmpref_cache;
};

/* dev.c: the ops seam, the device registry, errno mapping. */

/**
 * teec_dev_ops_current() - the operations a new context should use
 * Return: the table from teec_set_dev_ops(), or the default one.
 */
const struct teec_dev_ops *teec_dev_ops_current(void);

/**
 * teec_dev_add() - put an open device into the registry
 * @ops:	its operations
 * @tdev:	the device; owned by the registry on success
 * @gen_caps:	its generic capabilities
 * @handle:	set to the new handle on success
 *
 * The registry holds the device's first reference.
 * Return: 0, or -ENOMEM (all handles in use or no memory; @tdev is still
 * the caller's).
 */
int teec_dev_add(const struct teec_dev_ops *ops, struct tdev *tdev,
		 uint32_t gen_caps, int *handle);

/**
 * teec_dev_get() - look up a device by handle and take a reference
 * @handle:	TEEC_Context.imp.fd or the handle stored in a shm's flags
 * @finalized:	also find a device whose context was finalized (release of
 *		shared memory that outlived its context)
 *
 * Return: the device with a reference the caller drops with
 * teec_dev_put(), or NULL if there is none.
 */
struct teec_dev *teec_dev_get(int handle, bool finalized);

/**
 * teec_dev_ref() - take another reference on a device the caller holds
 * @dev:	the device
 */
void teec_dev_ref(struct teec_dev *dev);

/**
 * teec_dev_put() - drop a reference; the last one closes the device
 * @dev:	the device, or NULL
 */
void teec_dev_put(struct teec_dev *dev);

/**
 * teec_dev_finalize() - end the context of @handle: forget the handle and
 * drop the registry's reference
 * @handle:	TEEC_Context.imp.fd
 *
 * Return: true if @handle named a live context.
 */
bool teec_dev_finalize(int handle);

/**
 * teec_errno_result() - the TEEC result for a failed device call
 * @err:	positive errno
 *
 * ENOMEM -> TEEC_ERROR_OUT_OF_MEMORY, EINVAL -> TEEC_ERROR_BAD_PARAMETERS,
 * anything else -> TEEC_ERROR_GENERIC; the origin is TEEC_ORIGIN_COMMS
 * (docs/abi.md §6.4).
 */
TEEC_Result teec_errno_result(int err);

/* Log levels: OP-TEE's CFG_TEE_CLIENT_LOG_LEVEL values (log.c). */
#define TEEC_LOG_LEVEL_ENV "TEEC_LOG_LEVEL"
#define TEEC_LOG_NONE	   0
#define TEEC_LOG_ERROR	   1
#define TEEC_LOG_INFO	   2
#define TEEC_LOG_DEBUG	   3
#define TEEC_LOG_FLOW	   4

/**
 * teec_log_level() - the level in force: $TEEC_LOG_LEVEL, read each time
 * (0 to 4; larger values count as 4), else TEEC_LOG_ERROR
 * Return: the level.
 */
int teec_log_level(void);

/**
 * teec_log() - print one line "libteec: <message>" to stderr if @level is
 * within teec_log_level()
 * @level:	TEEC_LOG_ERROR ... TEEC_LOG_FLOW
 * @fmt:	printf format of the message, without a newline
 */
void teec_log(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* shm.c: shared memory. */

/**
 * teec_shm_alloc() - allocate shared memory with TEE_IOC_SHM_ALLOC and map
 * it at @shm->buffer
 * @dev:	the device (a reference is taken for the memory)
 * @shm:	@size and @flags set; everything else is filled in
 * @origin:	set to TEEC_ORIGIN_COMMS when the device refused, else
 *		TEEC_ORIGIN_API
 *
 * Size 0 allocates TEEC_SHM_MIN_ALLOC bytes.  Release with
 * teec_shm_release().
 * Return: TEEC_SUCCESS or the error.
 */
TEEC_Result teec_shm_alloc(struct teec_dev *dev, TEEC_SharedMemory *shm,
			   uint32_t *origin);

/**
 * teec_shm_release() - unmap and close shared memory and drop its
 * reference on the device
 * @shm:	memory from teec_shm_alloc() or one of the TEEC_ functions;
 *		memory that is not live (never registered, or released
 *		already) is left alone
 */
void teec_shm_release(TEEC_SharedMemory *shm);

/**
 * teec_shm_check() - is @shm live memory of the context @handle?
 * @shm:	a memref's parent
 * @handle:	the handle of the context the operation runs in
 */
bool teec_shm_check(const TEEC_SharedMemory *shm, int handle);

/* tmpref_cache.c: TEMP memref buffers kept for reuse. */

/**
 * teec_tmpref_cache_init() - an empty cache
 * @c:	the cache
 */
void teec_tmpref_cache_init(struct teec_tmpref_cache *c);

/**
 * teec_tmpref_cache_destroy() - free what an empty, closed cache holds
 * @c:	the cache
 */
void teec_tmpref_cache_destroy(struct teec_tmpref_cache *c);

/**
 * teec_tmpref_take() - a cached buffer of the context for @size bytes
 * @dev:	the device (any session of its context)
 * @size:	bytes needed
 * @shm:	filled in with the buffer, live, when there is one; its
 *		bytes are those of its last use: write or zero them all
 *		before anyone sees them
 *
 * A buffer the application had (TEEC_SHM_CLIENT) is inaccessible while
 * cached (teec_tmpref_put()); it is made readable and writable again
 * here, and released if that fails.
 *
 * Return: true when @shm got a buffer.
 */
bool teec_tmpref_take(struct teec_dev *dev, size_t size,
		      TEEC_SharedMemory *shm);

/**
 * teec_tmpref_get() - shared memory for a TEMP memref of @size bytes
 * @dev:	the device of the call (any session of its context)
 * @size:	bytes the memref passes
 * @shm:	@flags set; filled in with live memory of at least @size bytes
 * @reused:	set to true when the memory was used before (its bytes must
 *		all be written before the TEE sees them), false when fresh
 *		(zeroed by the device)
 * @origin:	set to where an error comes from
 *
 * On an allocation failure every cached buffer of the context is released
 * and the allocation tried once more.  Give the memory back with
 * teec_tmpref_put().
 * Return: TEEC_SUCCESS or the error of teec_shm_alloc().
 */
TEEC_Result teec_tmpref_get(struct teec_dev *dev, size_t size,
			    TEEC_SharedMemory *shm, bool *reused,
			    uint32_t *origin);

/**
 * teec_tmpref_put() - the call is over: keep @shm for the context's next
 * call, or release it
 * @dev:	the device of the call
 * @shm:	memory from teec_tmpref_get(), or memory that is not live (left
 *		alone); not live afterwards
 *
 * The least recently used buffers go when the cache would exceed its
 * bounds; after teec_tmpref_cache_close() everything is released.  A
 * buffer the application had (TEEC_SHM_CLIENT) is made inaccessible
 * (PROT_NONE) before it is kept, or released if that fails.
 */
void teec_tmpref_put(struct teec_dev *dev, TEEC_SharedMemory *shm);

/**
 * teec_tmpref_flush() - release every buffer the cache keeps now (memory
 * the device lacks may be there)
 * @dev:	the device
 *
 * Return: how many were released.
 */
int teec_tmpref_flush(struct teec_dev *dev);

/**
 * teec_tmpref_cache_close() - release every cached buffer; buffers of calls
 * still running are released when they come back (TEEC_FinalizeContext)
 * @dev:	the device
 */
void teec_tmpref_cache_close(struct teec_dev *dev);

/* param.c: TEEC_Operation <-> struct tee_ioctl_param. */

/**
 * teec_params_from_op() - encode an operation's parameters for the ioctl
 * @dev:	the device of the session (for temporary memory)
 * @handle:	its context handle (memref parents must belong to it)
 * @op:		the operation, or NULL for four TEEC_NONE
 * @params:	the 4 ioctl params to fill in
 * @tmp:	4 shared memory structs for temporary memrefs; each is live
 *		afterwards only if a temporary buffer was taken for it
 * @origin:	set to where an error comes from (API or COMMS)
 *
 * Copies TEMP input data and shadow buffers in.  On error whatever was
 * allocated is in @tmp; the caller releases it with teec_params_release()
 * in every case.
 * Return: TEEC_SUCCESS or the error.
 */
TEEC_Result teec_params_from_op(struct teec_dev *dev, int handle,
				TEEC_Operation *op,
				struct tee_ioctl_param *params,
				TEEC_SharedMemory *tmp, uint32_t *origin);

/**
 * teec_params_to_op() - write the TEE's answers back into the operation
 * @op:		the operation, or NULL
 * @params:	the params as the ioctl returned them
 * @tmp:	the temporary memory of teec_params_from_op()
 *
 * Output values, output sizes and output data (TEMP buffers, shadow
 * buffers) go back to @op.
 */
void teec_params_to_op(TEEC_Operation *op, const struct tee_ioctl_param *params,
		       TEEC_SharedMemory *tmp);

/**
 * teec_params_release() - give back the temporary memory of a call (kept
 * for the context's next call, or released: teec_tmpref_put())
 * @dev:	the device of the call
 * @tmp:	the 4 structs given to teec_params_from_op()
 */
void teec_params_release(struct teec_dev *dev, TEEC_SharedMemory *tmp);

/* cancel.c: operations in flight. */

/**
 * struct teec_inflight - a call TEEC_RequestCancellation() can reach
 * @op:		the application's operation
 * @dev:	the device the call runs on (the call holds a reference)
 * @session_id:	the session (0 while the session is being opened)
 * @next:	list of calls in flight (inflight lock)
 * @prev:	list of calls in flight (inflight lock)
 *
 * Lives on the stack of the calling thread for the duration of the call.
 */
struct teec_inflight {
	TEEC_Operation *op;
	struct teec_dev *dev;
	uint32_t session_id;
	struct teec_inflight *next;
	struct teec_inflight *prev;
};

/**
 * teec_op_begin() - mark @op started and running in @session
 * @call:	the record to put in flight (caller's storage)
 * @op:		the operation, or NULL (then nothing is recorded)
 * @session:	the session, stored in @op->imp.session
 * @dev:	the device of the call
 * @session_id:	the session id a cancellation should name
 */
void teec_op_begin(struct teec_inflight *call, TEEC_Operation *op,
		   TEEC_Session *session, struct teec_dev *dev,
		   uint32_t session_id);

/**
 * teec_op_end() - the call of teec_op_begin() has returned: clear
 * @op->imp.session; cancellations after this do nothing
 * @call:	the record from teec_op_begin()
 */
void teec_op_end(struct teec_inflight *call);

#endif
