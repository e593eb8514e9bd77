// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the OP-TEE driver's side of the RPCs a hostile secure world
 * makes (drivers/tee/optee/rpc.c and the RPC parameter decoding of
 * core.c, optee_rpc_from_msg_param()).  Everything the secure world
 * controls comes from the input: the RPC function and its registers, the
 * cookie (shm_ref) it names the message by, and the message itself with
 * its parameters and the cookies in them.
 *
 * The driver runs on a real tee_device and tee_context over a res_mem
 * pool whose driver-private allocations get cookies from the driver's own
 * table (optee_cookie_add()), as optee_shm_pool_alloc() gives them.  A
 * few objects live for the whole run: a page for messages, a message too
 * small for any parameter, one too small for the header, and a buffer for
 * memrefs; each is followed by a poisoned guard, so a message or memref
 * the driver let reach past its object is an AddressSanitizer report.
 * No supplicant is attached and the context does not wait for one, so a
 * forwarded command fails at once after its parameters were decoded; the
 * calling task has been signalled, as when the client is gone, so a
 * suspend does not sleep either.
 *
 * After each input the secure world's leftovers are dropped as the
 * driver's removal drops them (optee_shm_release_sw_owned()); then every
 * long-lived object must hold exactly its own reference again and the
 * counted allocations must be back where they were.  A forged cookie, a
 * free of memory the secure world was never given or a range outside its
 * object must leave no trace.
 *
 * Input: records of { u8 op, u32 a1, u32 a2, u16 len (little endian),
 * len bytes }, at most MAX_RECORDS.  The bytes are first written into the
 * object the cookie a1:a2 names, if any.  op % 6: 0 RPC_FUNC_CMD with
 * the message in that object; 1 RPC_FUNC_ALLOC of a1 bytes; 2
 * RPC_FUNC_FREE of cookie a1:a2; 3 a foreign interrupt; 4 an unknown RPC
 * function; 5 optee_rpc_from_msg_param() on the bytes (u8 count, then
 * struct optee_msg_param each), whose memrefs are then checked to lie
 * inside their objects.  fuzz/corpus/fuzz_optee_rpc holds one valid
 * sequence of each kind.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "drivers/tee/optee/optee_private.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "kernel/alloc.h"
#include "kernel/kref.h"
#include "kernel/log.h"
#include "kernel/sync.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define POOL_PRIV_PAGES 32
#define POOL_USER_PAGES 4
#define POOL_PADDR	0x80000000ULL
#define GUARD_BYTES	8
#define MAX_RECORDS	16
#define RECORD_HDR	11

/* The long-lived objects, in pool order; cookies 1 to 4. */
enum { OBJ_MSG, OBJ_SMALL, OBJ_TINY, OBJ_BUF, NUM_OBJS };
static const size_t obj_size[NUM_OBJS] = {
	[OBJ_MSG] = OPTEE_MSG_GET_ARG_SIZE(OPTEE_MSG_MAX_NUM_PARAMS),
	[OBJ_SMALL] = OPTEE_MSG_GET_ARG_SIZE(0) + 8,
	[OBJ_TINY] = 16,
	[OBJ_BUF] = 256,
};

static struct optee optee;
static struct tee_device *teedev;
static struct tee_context *ctx;
static struct tee_shm *obj[NUM_OBJS];
static struct tee_shm_pool_mgr_ops priv_ops;
static int (*inner_alloc)(struct tee_shm_pool_mgr *m, struct tee_shm *shm,
			  size_t size);
static void (*inner_free)(struct tee_shm_pool_mgr *m, struct tee_shm *shm);

/* Driver-private memory with a cookie, as the OP-TEE pool gives it. */
static int cookie_alloc(struct tee_shm_pool_mgr *m, struct tee_shm *shm,
			size_t size)
{
	int rc = inner_alloc(m, shm, size);

	if (rc)
		return rc;
	rc = optee_cookie_add(&optee, shm);
	if (rc)
		inner_free(m, shm);
	return rc;
}

static void cookie_free(struct tee_shm_pool_mgr *m, struct tee_shm *shm)
{
	if (shm->sec_world_id)
		optee_cookie_remove(&optee, shm);
	inner_free(m, shm);
}

static void fuzz_get_version(struct tee_device *d,
			     struct tee_ioctl_version_data *v)
{
	(void)d;
	memset(v, 0, sizeof(*v));
	v->impl_id = TEE_IMPL_ID_OPTEE;
}

static int fuzz_open(struct tee_context *c)
{
	(void)c;
	return 0;
}

static void fuzz_release(struct tee_context *c)
{
	(void)c;
}

static const struct tee_driver_ops fuzz_ops = {
	.get_version = fuzz_get_version,
	.open = fuzz_open,
	.release = fuzz_release,
};

static const struct tee_desc fuzz_desc = {
	.name = "fuzz-optee",
	.ops = &fuzz_ops,
};

static struct tee_shm_pool *make_pool(void)
{
	size_t priv = POOL_PRIV_PAGES * PAGE_SIZE;
	size_t user = POOL_USER_PAGES * PAGE_SIZE;
	uint8_t *mem = aligned_alloc(PAGE_SIZE, priv + user);
	struct tee_shm_pool_mem_info pi, ui;
	struct tee_shm_pool *pool;

	if (!mem)
		abort();
	pi.vaddr = (unsigned long)mem;
	pi.paddr = POOL_PADDR;
	pi.size = priv;
	ui.vaddr = (unsigned long)(mem + priv);
	ui.paddr = POOL_PADDR + priv;
	ui.size = user;
	pool = tee_shm_pool_alloc_res_mem(&pi, &ui);
	if (IS_ERR(pool))
		abort();
	priv_ops = *pool->private_mgr->ops;
	inner_alloc = priv_ops.alloc;
	inner_free = priv_ops.free;
	priv_ops.alloc = cookie_alloc;
	priv_ops.free = cookie_free;
	pool->private_mgr->ops = &priv_ops;
	return pool;
}

/* An object followed by a poisoned guard that has no cookie. */
static struct tee_shm *alloc_guarded(size_t size)
{
	struct tee_shm *shm = tee_shm_alloc(ctx, size, TEE_SHM_MAPPED);
	struct tee_shm *guard = tee_shm_alloc(ctx, GUARD_BYTES, TEE_SHM_MAPPED);

	if (IS_ERR(shm) || IS_ERR(guard) || shm->size != size ||
	    (uint8_t *)shm->kaddr + size != guard->kaddr)
		abort();
	optee_cookie_remove(&optee, guard);
	ASAN_POISON_MEMORY_REGION(guard->kaddr, GUARD_BYTES);
	return shm;
}

static void setup(void)
{
	static struct task gone;

	/* A caller that went away: interruptible sleeps end at once. */
	task_init(&gone);
	task_signal(&gone);
	task_attach(&gone);
	log_set_level((enum log_level)(LOG_ERR - 1));
	mutex_init(&optee.cookie_lock);
	idr_init(&optee.cookies);
	optee_supp_init(&optee.supp);
	optee_notif_init(&optee.notif);
	teedev = tee_device_alloc(&fuzz_desc, make_pool(), &optee);
	if (IS_ERR(teedev) || tee_device_register(teedev))
		abort();
	optee.teedev = teedev;
	ctx = tee_kernel_open_context(teedev);
	if (IS_ERR(ctx))
		abort();
	for (int i = 0; i < NUM_OBJS; i++)
		obj[i] = alloc_guarded(obj_size[i]);
	/* The cookie table grows on first use and keeps its memory. */
	for (int i = NUM_OBJS + 1; i <= 64; i++)
		idr_alloc(&optee.cookies, NULL, i, i + 1);
	for (int i = NUM_OBJS + 1; i <= 64; i++)
		idr_remove(&optee.cookies, i);
}

static uint32_t get_le(const uint8_t *p, int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Puts @len bytes into the object the secure world calls @cookie. */
static void fill_object(u64 cookie, const uint8_t *p, size_t len)
{
	struct tee_shm *shm = optee_shm_from_cookie(&optee, cookie);

	if (!shm)
		return;
	memcpy(shm->kaddr, p, len < shm->size ? len : shm->size);
	tee_shm_put(shm);
}

/*
 * Keeps a wait for a notification from sleeping: its key is sent first,
 * so the wait finds it (a wait that sleeps is not decoding).  A suspend
 * returns at once anyway: the calling task is signalled (setup()).
 */
static void defuse_wait(u64 cookie)
{
	struct tee_shm *shm = optee_shm_from_cookie(&optee, cookie);
	struct optee_msg_arg *arg;
	struct optee_msg_param_value *v;

	if (!shm)
		return;
	arg = shm->kaddr;
	if (shm->size < OPTEE_MSG_GET_ARG_SIZE(1))
		goto out;
	v = &arg->params[0].u.value;
	if (arg->cmd == OPTEE_RPC_CMD_NOTIFICATION &&
	    v->a == OPTEE_RPC_NOTIFICATION_WAIT)
		optee_notif_send(&optee.notif, v->b);
out:
	tee_shm_put(shm);
}

/* optee_rpc_from_msg_param() straight: memrefs must lie in their shm. */
static void decode_params(const uint8_t *p, size_t len)
{
	struct optee_msg_param mp[OPTEE_MSG_MAX_NUM_PARAMS];
	struct tee_param params[OPTEE_MSG_MAX_NUM_PARAMS];
	size_t num;

	if (!len)
		return;
	num = p[0] % (OPTEE_MSG_MAX_NUM_PARAMS + 1);
	memset(mp, 0, sizeof(mp));
	memcpy(mp, p + 1, len - 1 < sizeof(mp) ? len - 1 : sizeof(mp));
	if (optee_rpc_from_msg_param(&optee, params, num, mp))
		return;
	for (size_t n = 0; n < num; n++) {
		struct tee_param_memref *m = &params[n].u.memref;

		if (!tee_param_is_memref(&params[n]) || !m->shm)
			continue;
		if (m->shm_offs > m->shm->size ||
		    m->size > m->shm->size - m->shm_offs ||
		    refcount_read(&m->shm->refcount) < 2) {
			fprintf(stderr, "param %zu: range outside its shm\n",
				n);
			abort();
		}
	}
	tee_params_put_memrefs(params, num);
}

static void run_record(uint8_t op, uint32_t a1, uint32_t a2, const uint8_t *p,
		       size_t len, struct optee_call_ctx *call_ctx)
{
	static const u32 funcs[] = {
		OPTEE_SMC_RPC_FUNC_CMD,
		OPTEE_SMC_RPC_FUNC_ALLOC,
		OPTEE_SMC_RPC_FUNC_FREE,
		OPTEE_SMC_RPC_FUNC_FOREIGN_INTR,
		0x77, /* no such function */
	};
	u64 cookie = reg_pair_to_64(a1, a2);
	struct optee_rpc_param param = {.a1 = a1, .a2 = a2};

	fill_object(cookie, p, len);
	op %= 6;
	if (op == 5) {
		decode_params(p, len);
		return;
	}
	if (op == 0)
		defuse_wait(cookie);
	param.a0 = OPTEE_SMC_RPC_VAL(funcs[op]);
	optee_handle_rpc(ctx, &param, call_ctx);
	if (param.a0 != OPTEE_SMC_CALL_RETURN_FROM_RPC)
		abort();
}

/* Every long-lived object holds its own reference and no other. */
static void check_objects(void)
{
	for (int i = 0; i < NUM_OBJS; i++) {
		if (refcount_read(&obj[i]->refcount) != 1 ||
		    obj[i]->priv_flags ||
		    obj[i]->sec_world_id != (u64)(i + 1)) {
			fprintf(stderr, "object %d: refcount %u flags 0x%x\n",
				i, refcount_read(&obj[i]->refcount),
				obj[i]->priv_flags);
			abort();
		}
		memset(obj[i]->kaddr, 0, obj[i]->size);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct optee_call_ctx call_ctx = {.pages_list = NULL};
	long live;

	if (!ctx)
		setup();
	live = kmem_live();
	for (int r = 0; r < MAX_RECORDS && size >= RECORD_HDR; r++) {
		uint8_t op = data[0];
		uint32_t a1 = get_le(data + 1, 4);
		uint32_t a2 = get_le(data + 5, 4);
		size_t len = get_le(data + 9, 2);

		data += RECORD_HDR;
		size -= RECORD_HDR;
		if (len > size)
			len = size;
		run_record(op, a1, a2, data, len, &call_ctx);
		data += len;
		size -= len;
	}
	optee_rpc_finalize_call(&call_ctx);
	optee_shm_release_sw_owned(&optee);
	/* Notifications sent and never waited for are the driver's. */
	optee_notif_uninit(&optee.notif);
	optee_notif_init(&optee.notif);
	check_objects();
	if (kmem_live() != live) {
		fprintf(stderr, "leak: %ld allocations left\n",
			kmem_live() - live);
		abort();
	}
	return 0;
}
