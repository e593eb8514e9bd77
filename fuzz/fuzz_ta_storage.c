// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the TA storage system calls as the secure world decodes
 * them (secure/ta_storage.c): STAGE and STORAGE_* from a hostile TA,
 * with any number and any four 64-bit arguments, and any bytes in the
 * shared page's 2 KiB sys_buf.  Behind the decoder is the real storage
 * service (tee_svc_storage.c, REE FS, hash trees, dirf.db) over
 * tee-supplicant played in memory (tests/unit/sw_mem_supp.c).
 *
 * What must hold, besides no memory error: a handle given out is 1..64;
 * a call writes sys_buf only as far as its answer says (READ, ATTRS:
 * out[0] bytes, NEXT: out[1]) and never more than it was asked; a READ
 * through the transfer bank (args[2] = TA_IPC_STORAGE_XFER) writes the
 * bank only as far as out[0] <= args[1] <= TA_IPC_STORAGE_XFER_MAX and
 * leaves sys_buf alone; a READ or WRITE whose args[2] names neither
 * place is TEE_ERROR_BAD_PARAMETERS; a STAGE
 * beyond sys_buf is TEE_ERROR_BAD_PARAMETERS and a number outside STAGE
 * .. STORAGE_NEXT is TEE_ERROR_NOT_SUPPORTED; and once the instance is
 * freed (ta_storage_free(), as when a TA dies) no supplicant descriptor
 * is open and every counted allocation is back.  The supplicant's disk
 * is full at 256 KiB a file, so that an object grown towards 4 GiB costs
 * milliseconds, not minutes.
 *
 * The secure thread's lock, RPC binding and the TA's page are this
 * file's: the storage lock is the caller's alone here, the RPCs go to
 * the supplicant in memory, sys_buf is a static page.
 *
 * Input: records of { u8 nr, u8 wide, args[4] (arg i: a u64 if bit i
 * of wide is set, else a u16), u16 n, n bytes copied into sys_buf and
 * to the start of the transfer bank before the call (at most 2048) }
 * (little endian), until the input
 * ends.  fuzz/corpus/fuzz_ta_storage holds the calls libutee makes for
 * create, write, read, seek, truncate, rename, info, attributes,
 * enumeration and delete.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/alloc.h"
#include "secure/mutex.h"
#include "secure/secure_world.h"
#include "secure/sw_storage.h"
#include "secure/ta_proc.h"
#include "secure/ta_storage.h"
#include "secure/ta_syscall.h"
#include "secure/tee_fs_rpc.h"
#include "secure/tee_svc_storage.h"
#include "secure/thread.h"
#include "ta/include/tee_api_defines.h"
#include "teebox/ta_ipc.h"
#include "tests/unit/sw_mem_supp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_CALLS     64
#define MAX_FILE_SIZE (256 * 1024)

static const TEE_UUID ta = {0x5ca1ab1e, 0x0001, 0x0002, {1, 2, 3, 4}};
static const uint8_t ssk[32] = {0x42};

static struct secure_world sw;
static struct sthread thread = {.sw = &sw};
static struct mem_supp supp;
static struct tee_svc_storage *svc;
static uint8_t sys_buf[TA_IPC_SYS_BUF_SIZE];
/* The transfer bank, as far as a storage call may use it. */
static uint8_t xfer[TA_IPC_STORAGE_XFER_MAX];
/* How far the last call said it wrote the bank (ta_proc_xfer_done()). */
static uint64_t xfer_end;
/* The bank's first bytes before a call (all after them are zeros). */
static uint8_t xfer_before[TA_IPC_SYS_BUF_SIZE];

/* The secure world's pieces ta_storage.c uses, for this process. */
void sw_mutex_lock(struct sw_mutex *m, struct sthread *t)
{
	(void)m;
	(void)t;
}

void sw_mutex_unlock(struct sw_mutex *m, struct sthread *t)
{
	(void)m;
	(void)t;
}

struct tee_svc_storage *sw_storage_get(struct secure_world *s)
{
	(void)s;
	return svc;
}

struct tee_fs_rpc tee_fs_rpc_thread(struct sthread *t)
{
	(void)t;
	return (struct tee_fs_rpc){.ops = &mem_supp_ops, .ctx = &supp};
}

uint8_t *ta_proc_sys_buf(struct ta_proc *p)
{
	(void)p;
	return sys_buf;
}

uint8_t *ta_proc_xfer_bank(struct ta_proc *p, unsigned int *bank)
{
	(void)p;
	*bank = 0;
	return xfer;
}

void ta_proc_xfer_done(struct ta_proc *p, unsigned int bank, uint64_t end)
{
	(void)p;
	if (bank || end > sizeof(xfer))
		abort();
	xfer_end = end;
}

void ta_syscall_host(struct sthread *t, struct ta_proc_host *host)
{
	(void)t;
	(void)host;
	abort(); /* ta_storage_host() is not fuzzed */
}

/* sw_mem_supp.c checks its own use with cmocka's assert_true(). */
void _assert_true(uintmax_t result, const char *expr, const char *file,
		  int line);

void _assert_true(uintmax_t result, const char *expr, const char *file,
		  int line)
{
	(void)expr;
	(void)file;
	(void)line;
	if (!result)
		abort();
}

struct input {
	const uint8_t *p;
	size_t left;
};

static uint64_t take(struct input *in, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n && in->left; i++, in->left--)
		v |= (uint64_t)*in->p++ << (8 * i);
	return v;
}

/* Bytes of sys_buf the answer to @nr says it wrote. */
static uint64_t written(uint32_t nr, const uint64_t out[4])
{
	if (nr == TA_IPC_SYS_STORAGE_READ || nr == TA_IPC_SYS_STORAGE_ATTRS)
		return out[0];
	if (nr == TA_IPC_SYS_STORAGE_NEXT)
		return out[1];
	return 0;
}

/* A READ through the transfer bank: the bank as far as out[0] only. */
static void check_xfer_read(const uint64_t args[4], const uint64_t out[4],
			    TEE_Result res)
{
	uint64_t n = res ? 0 : out[0];
	uint64_t end = n + 2 * TA_IPC_SYS_BUF_SIZE;

	if (args[1] > TA_IPC_STORAGE_XFER_MAX &&
	    res != TEE_ERROR_BAD_PARAMETERS)
		abort();
	if (n > args[1] || xfer_end > n)
		abort();
	/* Beyond the answer, a sample: what the fuzzer left there. */
	if (end > sizeof(xfer))
		end = sizeof(xfer);
	for (uint64_t i = n; i < end; i++)
		if (xfer[i] != (i < sizeof(xfer_before) ? xfer_before[i] : 0))
			abort();
}

/* What the decoder's contract says about one answer. */
static void check(uint32_t nr, const uint64_t args[4], const uint64_t out[4],
		  TEE_Result res, const uint8_t *before)
{
	uint64_t n = 0;

	if ((nr == TA_IPC_SYS_STORAGE_READ || nr == TA_IPC_SYS_STORAGE_WRITE) &&
	    args[2] > TA_IPC_STORAGE_XFER && res != TEE_ERROR_BAD_PARAMETERS)
		abort();
	if (nr == TA_IPC_SYS_STORAGE_READ && args[2] == TA_IPC_STORAGE_XFER) {
		check_xfer_read(args, out, res);
		if (memcmp(sys_buf, before, sizeof(sys_buf)))
			abort();
		return;
	}

	if (nr < TA_IPC_SYS_STAGE || nr > TA_IPC_SYS_STORAGE_NEXT) {
		if (res != TEE_ERROR_NOT_SUPPORTED)
			abort();
		return;
	}
	if (nr == TA_IPC_SYS_STAGE && args[0] > TA_IPC_SYS_BUF_SIZE &&
	    res != TEE_ERROR_BAD_PARAMETERS)
		abort();
	if (res == TEE_SUCCESS) {
		if ((nr == TA_IPC_SYS_STORAGE_OPEN ||
		     nr == TA_IPC_SYS_STORAGE_CREATE) &&
		    (out[0] < 1 || out[0] > TA_STORAGE_MAX_HANDLES))
			abort();
		n = written(nr, out);
		if (n > TA_IPC_SYS_BUF_SIZE)
			abort();
		if (nr == TA_IPC_SYS_STORAGE_READ && n > args[1])
			abort();
		if (nr == TA_IPC_SYS_STORAGE_ATTRS && n > args[2])
			abort();
		if (nr == TA_IPC_SYS_STORAGE_NEXT && n > TEE_OBJECT_ID_MAX_LEN)
			abort();
	}
	if (memcmp(sys_buf + n, before + n, sizeof(sys_buf) - n))
		abort();
}

static void one_call(struct ta_storage *st, struct input *in)
{
	static uint8_t before[TA_IPC_SYS_BUF_SIZE];
	uint32_t nr = (uint32_t)take(in, 1);
	uint8_t wide = (uint8_t)take(in, 1);
	uint64_t args[4], out[4] = {0};
	size_t n;
	TEE_Result res;

	for (int i = 0; i < 4; i++)
		args[i] = take(in, wide & (1u << i) ? 8 : 2);
	n = (size_t)take(in, 2);
	if (n > sizeof(sys_buf))
		n = sizeof(sys_buf);
	if (n > in->left)
		n = in->left;
	memcpy(sys_buf, in->p, n);
	in->p += n;
	in->left -= n;
	/* The bank: these bytes, then zeros as far as the last call went. */
	memset(xfer, 0, xfer_end > n ? (size_t)xfer_end : n);
	memcpy(xfer, sys_buf, n);
	xfer_end = 0;
	memcpy(xfer_before, xfer, sizeof(xfer_before));
	memcpy(before, sys_buf, sizeof(sys_buf));
	res = ta_storage_syscall(st, &thread, NULL, nr, args, out);
	check(nr, args, out, res, before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = {.p = data, .left = size};
	long live = kmem_live();
	struct ta_storage *st;

	supp_init(&supp);
	/*
	 * A full disk at 256 KiB a file: a TA may grow an object to 4 GiB
	 * (TEE_DATA_MAX_POSITION), which in memory takes minutes.
	 */
	supp.max_file_size = MAX_FILE_SIZE;
	if (tee_svc_storage_new(ssk, &svc))
		abort();
	if (ta_storage_new(&ta, &st))
		abort();
	memset(sys_buf, 0, sizeof(sys_buf));
	memset(xfer, 0, sizeof(xfer));
	xfer_end = 0;
	for (int i = 0; i < MAX_CALLS && in.left; i++)
		one_call(st, &in);
	/* The TA dies: every handle closed, nothing of it left. */
	ta_storage_free(st, &thread);
	if (supp_open_fds(&supp))
		abort();
	tee_svc_storage_free(svc);
	svc = NULL;
	supp_free(&supp);
	if (kmem_live() != live)
		abort();
	return 0;
}
