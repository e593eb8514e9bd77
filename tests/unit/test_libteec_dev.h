/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TEE device behind libteec in its unit tests (test_libteec_*.c):
 * the real TEE core (drivers/tee/tee_core.c) with the test driver
 * (tee_test_driver.c), plugged into the library's device seam
 * (teec_dev_ops.h).  Every rule about ioctl arguments (buf_len,
 * attributes, shm ids and bounds, logins, what is written back) is the
 * core's; nothing here re-checks them.
 *
 * Around the core the device plays what a test needs:
 *  - a scripted TEE (struct script) as the driver's open_session and
 *    invoke_func: answers, bytes written into memrefs, a call that
 *    blocks until a CANCEL, the concurrency test's command;
 *  - a record of every ioctl with its argument as the library passed it;
 *  - the process's fd table and mappings of shared memory, with counts
 *    of device opens/closes, shm fds made/closed and mappings, so that
 *    every test ends by checking nothing was leaked (teardown());
 *  - failures on purpose (fail_cmd, version_fails, mmap_fail,
 *    mprotect_fail), injected
 *    at the seam before the core sees the call;
 *  - SHM_REGISTER_FD: the core imports no dma-buf, so the device plays
 *    the import itself, with memory the core allocates (regfd_*).
 *
 * Threads never call cmocka assertions: they record what they saw and
 * the test thread checks it after joining them.  Threads are ordered
 * with the device's condition variable, never with sleeps.
 */
#ifndef TEEBOX_TESTS_TEST_LIBTEEC_DEV_H
#define TEEBOX_TESTS_TEST_LIBTEEC_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <linux/tee.h>

#include "tee_client_api.h"

#define NDEVS	      10
#define NPARAMS	      TEEC_CONFIG_PAYLOAD_REF_COUNT
#define FAKE_MAX_SHM  64
#define FAKE_MAX_RECS 256
#define FAKE_FD_BASE  500
#define SEEN_MAX      64

/* Commands the scripted TEE treats specially. */
#define CMD_BLOCK  0xB10C /* blocks until a CANCEL arrives */
#define CMD_DOUBLE 0xD0	  /* the concurrency test's command */

/* The group the tests' process is in (GROUP logins name it). */
#define FAKE_GID 0x01020304

struct tdev;
struct tee_shm;
struct testdrv;

/**
 * struct fake_shm - a shared-memory fd the device handed out
 * @used:	slot in use
 * @dev:	device index it belongs to
 * @owner:	the open file (context) that made it
 * @fd:		its fd
 * @shm:	the core's object (the fd's reference)
 * @mappable:	allocated memory (SHM_ALLOC, SHM_REGISTER_FD), not the
 *		application's registered buffer
 * @maps:	live mappings
 * @hidden:	its mapping is PROT_NONE (mprotect)
 */
struct fake_shm {
	bool used;
	int dev;
	const struct tdev *owner;
	int fd;
	struct tee_shm *shm;
	bool mappable;
	int maps;
	bool hidden;
};

/* The decoded arguments of OPEN_SESSION and INVOKE. */
struct rec_open {
	uint8_t uuid[TEE_IOCTL_UUID_LEN];
	uint8_t clnt_uuid[TEE_IOCTL_UUID_LEN];
	uint32_t clnt_login;
	uint32_t cancel_id;
	uint32_t num_params;
	struct tee_ioctl_param params[NPARAMS];
};

struct rec_invoke {
	uint32_t func;
	uint32_t session;
	uint32_t cancel_id;
	uint32_t num_params;
	struct tee_ioctl_param params[NPARAMS];
};

/**
 * struct rec - one recorded ioctl
 * @cmd:	the command
 * @dev:	device index
 * @buf_len:	buf_len of OPEN_SESSION and INVOKE
 * @u:		the decoded argument, as the library passed it
 */
struct rec {
	unsigned long cmd;
	int dev;
	uint64_t buf_len;
	union {
		struct tee_ioctl_version_data version;
		struct tee_ioctl_shm_alloc_data alloc;
		struct tee_ioctl_shm_register_data reg;
		struct tee_ioctl_shm_register_fd_data regfd;
		struct tee_ioctl_cancel_arg cancel;
		struct tee_ioctl_close_session_arg close;
		struct rec_open open;
		struct rec_invoke invoke;
	} u;
};

/**
 * struct script - what the scripted TEE answers to OPEN_SESSION / INVOKE
 * @ret:	result
 * @ret_origin:	origin
 * @session:	session id an open returns
 * @data:	bytes the TA writes into memref @n (at its offset)
 * @data_len:	how many (never more than the memref's size)
 * @set_b:	return @b[n] as the memref size / value b
 * @b:		see @set_b
 * @set_val:	return @a, @b and @c as the value of param @n
 * @a:		value a
 * @c:		value c
 */
struct script {
	uint32_t ret;
	uint32_t ret_origin;
	uint32_t session;
	uint8_t data[NPARAMS][SEEN_MAX];
	size_t data_len[NPARAMS];
	bool set_b[NPARAMS];
	uint64_t b[NPARAMS];
	bool set_val[NPARAMS];
	uint64_t a[NPARAMS];
	uint64_t c[NPARAMS];
};

/**
 * struct fake - the device; @lock protects everything below it
 * @devs:	the devices tee0..tee9 (present, version answer, and the
 *		test driver instance behind them once first set)
 * @fail_cmd:	ioctl that fails with -@fail_err (0: none)
 * @mmap_fail:	mmap fails
 * @mprotect_fail: mprotect fails
 * @regfd_err:	SHM_REGISTER_FD fails with -@regfd_err (0: succeeds)
 * @regfd_size:	the size SHM_REGISTER_FD reports
 * @record:	record ioctls in @recs
 * @recs:	recorded ioctls
 * @nrecs:	ioctls seen (may exceed FAKE_MAX_RECS)
 * @shms:	shared-memory fds handed out
 * @next_fd:	the next fd number
 * @tdevs:	devices open now (closed by fake_reset() if a test failed)
 * @opens:	device opens
 * @closes:	device closes
 * @shm_made:	shm fds handed out
 * @shm_closed:	shm fds closed
 * @maps:	mappings made
 * @unmaps:	mappings removed
 * @hides:	mappings made PROT_NONE
 * @unhides:	mappings made readable and writable again
 * @errors:	misuse the device saw (bad unmap, close while mapped, ...)
 * @cancels:	CANCEL ioctls
 * @block_open:	OPEN_SESSION blocks like CMD_BLOCK
 * @blocked:	a CMD_BLOCK call is waiting
 * @seen:	memref bytes the TEE saw in the last call
 * @seen_len:	how many
 * @script:	the answers
 */
struct fake {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct {
		bool present;
		bool version_fails;
		struct tee_ioctl_version_data v;
		struct testdrv *td;
	} devs[NDEVS];
	unsigned long fail_cmd;
	int fail_err;
	bool mmap_fail;
	bool mprotect_fail;
	int regfd_err;
	uint64_t regfd_size;
	bool record;
	struct rec recs[FAKE_MAX_RECS];
	int nrecs;
	struct fake_shm shms[FAKE_MAX_SHM];
	int next_fd;
	struct tdev *tdevs[NDEVS * 4];
	int opens;
	int closes;
	int shm_made;
	int shm_closed;
	int maps;
	int unmaps;
	int hides;
	int unhides;
	int errors;
	int cancels;
	bool block_open;
	bool blocked;
	uint8_t seen[NPARAMS][SEEN_MAX];
	size_t seen_len[NPARAMS];
	struct script script;
};

extern struct fake fake;

#define GP_OPTEE (TEE_GEN_CAP_GP)
#define ALL_CAPS                                                               \
	(TEE_GEN_CAP_GP | TEE_GEN_CAP_REG_MEM | TEE_GEN_CAP_MEMREF_NULL)
#define SESSION_ID 0x1234

extern const TEEC_UUID ta_uuid;

/**
 * dev_set() - device tee@n is present from now on and answers VERSION
 * with @impl_id, @impl_caps and @gen_caps (MEMREF_NULL in @gen_caps: the
 * driver accepts null memrefs); its test driver is made on first use
 */
void dev_set(int n, uint32_t impl_id, uint32_t impl_caps, uint32_t gen_caps);

/**
 * setup() - cmocka fixture: a fresh device, installed as libteec's
 * Return: 0.
 */
int setup(void **state);

/**
 * teardown() - cmocka fixture: libteec's default device back, and every
 * open, shm fd and mapping the test made undone
 * Return: 0, or -1 (with what leaked on stderr).
 */
int teardown(void **state);

/** nrecs() - Return: how many ioctls the device saw. */
int nrecs(void);

/** last_rec() - Return: the last recorded ioctl @cmd, or NULL. */
struct rec *last_rec(unsigned long cmd);

/** count_recs() - Return: how many ioctls @cmd were recorded. */
int count_recs(unsigned long cmd);

/**
 * fake_shm_bytes() - the memory of the live shm @id, as the TEE sees it
 * @id:		the shm id (a memref param's c)
 * @size:	set to its size
 * Return: its bytes, or NULL if no live shm has that id.
 */
const uint8_t *fake_shm_bytes(int64_t id, size_t *size);

/** open_ctx() - one OP-TEE device tee0 with @gen_caps, and a context. */
void open_ctx(TEEC_Context *ctx, uint32_t gen_caps);

/** open_sess() - open_ctx(), and a session to ta_uuid on it. */
void open_sess(TEEC_Context *ctx, TEEC_Session *s, uint32_t gen_caps);

/** close_all() - close @s, then finalize @ctx. */
void close_all(TEEC_Context *ctx, TEEC_Session *s);

/** op_of() - Return: a zeroed operation with paramTypes @types. */
TEEC_Operation op_of(uint32_t types);

/** wait_blocked() - wait until a call is blocked in the scripted TEE. */
void wait_blocked(void);

#endif /* TEEBOX_TESTS_TEST_LIBTEEC_DEV_H */
