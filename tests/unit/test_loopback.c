// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests of the loopback TEE (drivers/tee/loopback), teebox's own
 * driver, through the generic TEE subsystem's ioctl interface, as a user
 * process drives it: the driver is probed on a fake platform whose RAM
 * is memory files, and a modelled process (struct uproc of tee_uproc.h,
 * as the tee core tests') runs TEE_IOC_* with its memory and fd table.
 *
 * Every test starts from a fresh probe and checks at teardown that
 * nothing is left: no allocation (kmem_live()), no plugged RAM.  Threads
 * never call cmocka assertions; they record what they saw.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "drivers/tee/loopback/loopback.h"
#include "kernel/alloc.h"
#include "kernel/uaccess.h"
#include "machine/board.h"
#include <tbx/memfd.h>
#include "tee_client_api.h"
#include "tee_uproc.h"

static const u8 echo_uuid[TEE_IOCTL_UUID_LEN] = LOOPBACK_UUID_ECHO;
static const u8 supp_uuid[TEE_IOCTL_UUID_LEN] = LOOPBACK_UUID_SUPP;

/* ------------------------------------------------------------------ */
/* A fake platform: RAM is memory files, mapped here                   */
/* ------------------------------------------------------------------ */

#define FAKE_MAX_CHUNKS 64

struct fake_chunk {
	phys_addr_t pa;
	size_t size;
	void *va;
	int fd;
};

/**
 * struct fake_plat - the platform the driver gets
 * @plat:	what the driver sees
 * @lock:	protects the fields below (several threads may allocate)
 * @chunks:	plugged RAM; fd < 0 marks a free slot
 * @nchunks:	slots in use
 * @fail_plug:	when set, ram_plug fails with -ENOMEM
 */
struct fake_plat {
	struct platform plat;
	pthread_mutex_t lock;
	struct fake_chunk chunks[FAKE_MAX_CHUNKS];
	int nchunks;
	bool fail_plug;
};

static void *fake_ram_plug(struct platform *plat, phys_addr_t pa, size_t size,
			   int *fd)
{
	struct fake_plat *fp = plat->priv;
	void *ret = ERR_PTR(-ENOMEM);

	pthread_mutex_lock(&fp->lock);
	for (int i = 0; i < FAKE_MAX_CHUNKS && !fp->fail_plug; i++) {
		struct fake_chunk *c = &fp->chunks[i];
		int f;

		if (c->fd >= 0)
			continue;
		f = memfd_new_sealed("fake-ram", size, false);
		if (f < 0)
			break;
		c->va = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, f,
			     0);
		if (c->va == MAP_FAILED) {
			close(f);
			break;
		}
		c->fd = f;
		c->pa = pa;
		c->size = size;
		*fd = f;
		fp->nchunks++;
		ret = c->va;
		break;
	}
	pthread_mutex_unlock(&fp->lock);
	return ret;
}

static void fake_ram_unplug(struct platform *plat, phys_addr_t pa)
{
	struct fake_plat *fp = plat->priv;

	pthread_mutex_lock(&fp->lock);
	for (int i = 0; i < FAKE_MAX_CHUNKS; i++) {
		struct fake_chunk *c = &fp->chunks[i];

		if (c->fd >= 0 && c->pa == pa) {
			munmap(c->va, c->size);
			close(c->fd);
			c->fd = -1;
			fp->nchunks--;
			break;
		}
	}
	pthread_mutex_unlock(&fp->lock);
}

static const struct platform_ops fake_ops = {
	.ram_plug = fake_ram_plug,
	.ram_unplug = fake_ram_unplug,
};

static int fake_nchunks(struct fake_plat *fp)
{
	int n;

	pthread_mutex_lock(&fp->lock);
	n = fp->nchunks;
	pthread_mutex_unlock(&fp->lock);
	return n;
}

/* ------------------------------------------------------------------ */
/* A user process (tee_uproc.h): the loopback's sessions               */
/* ------------------------------------------------------------------ */

static struct tee_ioctl_open_session_arg *
open_arg(struct uproc *p, const u8 *uuid, u32 login, u32 num_params)
{
	struct tee_ioctl_open_session_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(OPEN_HDR, num_params));
	memcpy(arg->uuid, uuid, TEE_IOCTL_UUID_LEN);
	arg->clnt_login = login;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(OPEN_HDR, num_params));
	return arg;
}

static u32 open_session_ok(struct uproc *p, struct tee_context *ctx,
			   const u8 *uuid, u32 login)
{
	struct tee_ioctl_open_session_arg *arg;

	arg = open_arg(p, uuid, login, 0);
	assert_int_equal(uproc_ioctl(p, ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	assert_int_equal(arg->ret_origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_true(arg->session >= 1);
	return arg->session;
}

static int close_session(struct uproc *p, struct tee_context *ctx, u32 session)
{
	struct tee_ioctl_close_session_arg *arg = umem(p, UARG_OFF);

	arg->session = session;
	return (int)uproc_ioctl(p, ctx, TEE_IOC_CLOSE_SESSION);
}

/* LOOPBACK_ECHO_CMD_INC of the value (1, 2, 3) passed as @attr. */
static struct tee_ioctl_invoke_arg *inc_arg(struct uproc *p, u32 session,
					    u32 num_params, u64 attr)
{
	struct tee_ioctl_invoke_arg *arg;

	arg = invoke_arg(p, session, LOOPBACK_ECHO_CMD_INC, num_params);
	set_param(arg->params, attr, 1, 2, 3);
	return arg;
}

/* A param of type TEE_IOCTL_PARAM_ATTR_TYPE_@type. */
#define PARAM(type, pa, pb, pc)                                                \
	((struct tee_ioctl_param){.attr = TEE_IOCTL_PARAM_ATTR_TYPE_##type,    \
				  .a = (pa),                                   \
				  .b = (pb),                                   \
				  .c = (pc)})

/* LOOPBACK_ECHO_CMD_COPY from param @src into param @dst. */
static struct tee_ioctl_invoke_arg *copy_arg(struct uproc *p, u32 session,
					     struct tee_ioctl_param src,
					     struct tee_ioctl_param dst)
{
	struct tee_ioctl_invoke_arg *arg;

	arg = invoke_arg(p, session, LOOPBACK_ECHO_CMD_COPY, 2);
	arg->params[0] = src;
	arg->params[1] = dst;
	return arg;
}

/* ------------------------------------------------------------------ */
/* Fixture                                                             */
/* ------------------------------------------------------------------ */

/**
 * struct fx - what every test starts from
 * @live0:	kmem_live() before the probe
 * @fp:		the fake platform
 * @lb:		the loopback TEE (tee0 and teepriv0 here)
 * @p:		a user process
 * @cred:	credentials contexts are opened with
 * @ctxs:	contexts open_ctx() opened and close_ctx() did not close
 */
struct fx {
	long live0;
	struct fake_plat fp;
	struct loopback *lb;
	struct uproc *p;
	struct tee_cred cred;
	struct tee_context *ctxs[UPROC_MAX_CTXS];
};

static int setup(void **state)
{
	struct fx *fx = calloc(1, sizeof(*fx));

	if (!fx)
		return -1;
	fx->live0 = kmem_live();
	pthread_mutex_init(&fx->fp.lock, NULL);
	for (int i = 0; i < FAKE_MAX_CHUNKS; i++)
		fx->fp.chunks[i].fd = -1;
	fx->fp.plat.ops = &fake_ops;
	fx->fp.plat.priv = &fx->fp;
	fx->lb = loopback_probe(&fx->fp.plat);
	if (IS_ERR(fx->lb))
		return -1;
	fx->p = uproc_new();
	fx->cred.pid = 4242;
	fx->cred.euid = 1000;
	fx->cred.egid = 1000;
	fx->cred.groups[0] = 27;
	fx->cred.ngroups = 1;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fx *fx = *state;
	int rc = 0;

	kmem_fail_nth(0);
	ctxs_close_all(fx->ctxs);
	uproc_free(fx->p);
	loopback_remove(fx->lb);
	if (kmem_live() != fx->live0) {
		fprintf(stderr, "leak: kmem_live() %ld, was %ld\n", kmem_live(),
			fx->live0);
		rc = -1;
	}
	if (fake_nchunks(&fx->fp)) {
		fprintf(stderr, "leak: %d chunks of RAM still plugged\n",
			fake_nchunks(&fx->fp));
		rc = -1;
	}
	pthread_mutex_destroy(&fx->fp.lock);
	free(fx);
	return rc;
}

static struct tee_context *open_ctx(struct fx *fx, struct tee_device *dev)
{
	return ctxs_open(fx->ctxs, dev, &fx->cred);
}

static void close_ctx(struct fx *fx, struct tee_context *ctx)
{
	ctxs_close(fx->ctxs, ctx);
}

/* ------------------------------------------------------------------ */
/* Devices                                                             */
/* ------------------------------------------------------------------ */

static void test_probe__client_and_privileged_device(void **state)
{
	struct fx *fx = *state;
	struct tee_device *found;

	assert_string_equal(tee_device_name(fx->lb->teedev), "tee0");
	assert_string_equal(tee_device_name(fx->lb->supp_teedev), "teepriv0");
	assert_ptr_equal(tee_get_drvdata(fx->lb->teedev), fx->lb);
	found = tee_device_find("tee0");
	assert_ptr_equal(found, fx->lb->teedev);
	tee_device_put(found);
	/* The private pages are plugged at the board's loopback range. */
	assert_int_equal(fx->lb->priv_pa, BOARD_LOOPBACK_SHM_BASE);
	assert_int_equal(fake_nchunks(&fx->fp), 1);
}

static void test_version__own_impl_id_and_caps(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_version_data *vers = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_context *supp = open_ctx(fx, fx->lb->supp_teedev);

	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_VERSION), 0);
	assert_int_equal(vers->impl_id, LOOPBACK_IMPL_ID);
	assert_int_equal(vers->impl_id, 0x7EB0);
	assert_int_equal(vers->impl_caps, 0);
	assert_int_equal(vers->gen_caps,
			 TEE_GEN_CAP_GP | TEE_GEN_CAP_MEMREF_NULL);

	memset(vers, 0, sizeof(*vers));
	assert_int_equal(uproc_ioctl(fx->p, supp, TEE_IOC_VERSION), 0);
	assert_int_equal(vers->impl_id, LOOPBACK_IMPL_ID);
	assert_int_equal(vers->gen_caps, TEE_GEN_CAP_GP |
						 TEE_GEN_CAP_MEMREF_NULL |
						 TEE_GEN_CAP_PRIVILEGED);
}

static void test_attr_show__implementation_id_and_revision(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_version_data vers;
	char buf[TEE_ATTR_MAX_LEN];

	assert_int_equal(tee_device_attr_show(fx->lb->teedev,
					      "implementation_id", buf,
					      sizeof(buf)),
			 6);
	assert_string_equal(buf, "32432\n");
	assert_int_equal(tee_device_attr_show(fx->lb->supp_teedev, "revision",
					      buf, sizeof(buf)),
			 4);
	assert_string_equal(buf, LOOPBACK_REVISION "\n");
	/* What TEE_IOC_VERSION answers, without a context. */
	tee_device_get_version(fx->lb->supp_teedev, &vers);
	assert_int_equal(vers.impl_id, LOOPBACK_IMPL_ID);
	assert_true(vers.gen_caps & TEE_GEN_CAP_PRIVILEGED);
}

/* What teectl info shows: the driver and implementation, no own facts. */
static void test_describe_device__driver_and_implementation_named(void **state)
{
	struct fx *fx = *state;
	struct tee_diag_device info;

	assert_int_equal(tee_device_describe(fx->lb->teedev, &info), 0);
	assert_string_equal(info.driver, "loopback");
	assert_string_equal(info.impl_name, "teebox loopback");
	assert_int_equal(info.nprops, 0);
	assert_int_equal(tee_device_describe(fx->lb->supp_teedev, &info), 0);
	assert_string_equal(info.driver, "loopback");
}

/* teed probes it only when asked (teed --loopback), through the table. */
static void test_driver__probed_on_request_through_the_table(void **state)
{
	struct fx *fx = *state;
	const struct tee_driver_options opts = {.plat = &fx->fp.plat};
	void *drv;

	assert_string_equal(loopback_driver.name, "loopback");
	assert_true(loopback_driver.on_request);
	/* The fixture's instance has tee0/teepriv0: this one gets tee1. */
	drv = loopback_driver.probe(&opts);
	assert_false(IS_ERR(drv));
	assert_string_equal(tee_device_name(((struct loopback *)drv)->teedev),
			    "tee1");
	loopback_driver.remove(drv);
}

/* Every allocation of the probe may fail: nothing is left behind. */
static void test_probe__fails_cleanly_at_every_allocation(void **state)
{
	struct fx *fx = *state;
	struct loopback *lb;
	long live;
	int n;

	/* The fixture's instance holds tee0; this one gets tee1. */
	for (n = 1;; n++) {
		live = kmem_live();
		kmem_fail_nth(n);
		lb = loopback_probe(&fx->fp.plat);
		kmem_fail_nth(0);
		if (!IS_ERR(lb))
			break;
		assert_int_equal(PTR_ERR(lb), -ENOMEM);
		assert_int_equal(kmem_live(), live);
		assert_int_equal(fake_nchunks(&fx->fp), 1);
	}
	assert_true(n > 3);
	assert_string_equal(tee_device_name(lb->teedev), "tee1");
	loopback_remove(lb);
	assert_int_equal(fake_nchunks(&fx->fp), 1);

	/* The platform refuses RAM: the probe fails with its error. */
	fx->fp.fail_plug = true;
	lb = loopback_probe(&fx->fp.plat);
	fx->fp.fail_plug = false;
	assert_int_equal(PTR_ERR(lb), -ENOMEM);
}

/* ------------------------------------------------------------------ */
/* Sessions and the echo service                                       */
/* ------------------------------------------------------------------ */

static void test_echo__open_invoke_close(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_invoke_arg *arg;
	u32 s;

	s = open_session_ok(fx->p, ctx, echo_uuid, TEE_IOCTL_LOGIN_PUBLIC);
	arg = inc_arg(fx->p, s, 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	assert_int_equal(arg->ret_origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(arg->params[0].a, 2);
	assert_int_equal(arg->params[0].b, 3);
	assert_int_equal(arg->params[0].c, 4);

	assert_int_equal(close_session(fx->p, ctx, s), 0);
	/* Gone: invoking or closing it again is -EINVAL. */
	arg = inc_arg(fx->p, s, 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), -EINVAL);
	assert_int_equal(close_session(fx->p, ctx, s), -EINVAL);
}

static void test_echo__param_types_and_commands_checked(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_invoke_arg *arg;
	u32 s;

	s = open_session_ok(fx->p, ctx, echo_uuid, TEE_IOCTL_LOGIN_PUBLIC);
	/* INC wants VALUE_INOUT. */
	arg = inc_arg(fx->p, s, 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_BAD_PARAMETERS);
	/* ...and nothing else after it. */
	arg = inc_arg(fx->p, s, 2, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	set_param(arg->params + 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 0, 0,
		  0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(arg->params[0].a, 1);
	/* No params at all. */
	arg = invoke_arg(fx->p, s, LOOPBACK_ECHO_CMD_INC, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_BAD_PARAMETERS);
	/* An unknown command. */
	arg = invoke_arg(fx->p, s, 0x77, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(arg->ret_origin, TEEC_ORIGIN_TRUSTED_APP);
}

static int count_session(const struct tee_diag_session *s, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

/* OP-TEE's answer for a TA it cannot find: ITEM_NOT_FOUND from the TEE. */
static void test_open_session__unknown_uuid_is_item_not_found(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_open_session_arg *arg;
	u8 uuid[TEE_IOCTL_UUID_LEN] = {0x12, 0x34};
	int n = 0;

	arg = open_arg(fx->p, uuid, TEE_IOCTL_LOGIN_PUBLIC, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(arg->ret_origin, TEEC_ORIGIN_TEE);
	tee_context_for_each_session(ctx, count_session, &n);
	assert_int_equal(n, 0);
}

static int collect_session(const struct tee_diag_session *s, void *arg)
{
	struct tee_diag_session *out = arg;

	while (out->id)
		out++;
	*out = *s;
	return 0;
}

static int stop_at_first(const struct tee_diag_session *s, void *arg)
{
	(*(int *)arg)++;
	return 7;
}

static void test_sessions__ids_unique_and_listed(void **state)
{
	struct fx *fx = *state;
	struct tee_context *a = open_ctx(fx, fx->lb->teedev);
	struct tee_context *b = open_ctx(fx, fx->lb->teedev);
	struct tee_diag_session seen[4];
	u32 s1, s2, s3;
	int calls = 0;

	s1 = open_session_ok(fx->p, a, echo_uuid, TEE_IOCTL_LOGIN_PUBLIC);
	s2 = open_session_ok(fx->p, b, echo_uuid, TEE_IOCTL_LOGIN_USER);
	s3 = open_session_ok(fx->p, a, supp_uuid, TEE_IOCTL_LOGIN_PUBLIC);
	assert_true(s1 != s2 && s2 != s3 && s1 != s3);

	memset(seen, 0, sizeof(seen));
	assert_int_equal(tee_context_for_each_session(a, collect_session, seen),
			 0);
	assert_int_equal(seen[0].id, s1);
	assert_memory_equal(seen[0].uuid, echo_uuid, TEE_IOCTL_UUID_LEN);
	assert_string_equal(seen[0].service, "echo");
	assert_int_equal(seen[0].login, TEE_IOCTL_LOGIN_PUBLIC);
	assert_int_equal(seen[1].id, s3);
	assert_string_equal(seen[1].service, "supplicant");
	assert_int_equal(seen[2].id, 0);
	/* A session of another context is not this one's. */
	assert_int_equal(close_session(fx->p, a, s2), -EINVAL);
	assert_int_equal(tee_context_for_each_session(a, stop_at_first, &calls),
			 7);
	assert_int_equal(calls, 1);
	/* Closing a context closes its sessions (teardown checks leaks). */
	close_ctx(fx, a);
	memset(seen, 0, sizeof(seen));
	tee_context_for_each_session(b, collect_session, seen);
	assert_int_equal(seen[0].id, s2);
	assert_int_equal(seen[0].login, TEE_IOCTL_LOGIN_USER);
}

/* ------------------------------------------------------------------ */
/* Shared memory and memrefs                                           */
/* ------------------------------------------------------------------ */

/* User-visible memory is a file of its own, above DRAM. */
static void test_shm_alloc__exportable_file_of_its_own(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_shm *shm;
	struct stat st;
	unsigned char *map;
	int fd, id;

	fd = shm_alloc_ok(fx->p, ctx, 100, &id);
	shm = uproc_shm(fx->p, fd);
	assert_int_equal(shm->id, id);
	assert_int_equal(shm->size, PAGE_SIZE);
	assert_true(shm->backing_fd >= 0);
	assert_true(shm->paddr >= BOARD_LOOPBACK_SHM_BASE + 16 * PAGE_SIZE);
	assert_true(shm->paddr + shm->size <=
		    BOARD_LOOPBACK_SHM_BASE + BOARD_LOOPBACK_SHM_SIZE);
	assert_true(shm->paddr >= BOARD_DRAM_BASE + BOARD_DRAM_SIZE);
	assert_int_equal(fake_nchunks(&fx->fp), 2);

	/* The file holds this allocation and nothing else. */
	assert_int_equal(fstat(shm->backing_fd, &st), 0);
	assert_int_equal(st.st_size, PAGE_SIZE);
	map = mmap(NULL, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		   shm->backing_fd, 0);
	assert_true(map != MAP_FAILED);
	map[10] = 0x5a;
	assert_int_equal(((unsigned char *)shm->kaddr)[10], 0x5a);
	munmap(map, PAGE_SIZE);

	/* Closing the fd frees it, and its RAM. */
	uproc_close(fx->p, fd);
	assert_int_equal(fake_nchunks(&fx->fp), 1);
}

static int count_shm(const struct tee_shm *shm, void *arg)
{
	int *ids = arg;

	while (*ids)
		ids++;
	*ids = shm->id;
	return 0;
}

static int stop_shm(const struct tee_shm *shm, void *arg)
{
	(*(int *)arg)++;
	return -5;
}

/* tee_shm_for_each(): a context's objects, oldest first. */
static void test_tee_shm_for_each__lists_a_contexts_shm(void **state)
{
	struct fx *fx = *state;
	struct tee_context *a = open_ctx(fx, fx->lb->teedev);
	struct tee_context *b = open_ctx(fx, fx->lb->teedev);
	int ids[4] = {0};
	struct tee_shm *priv;
	int id1, id2, id3, calls = 0;

	shm_alloc_ok(fx->p, a, 10, &id1);
	shm_alloc_ok(fx->p, b, 10, &id2);
	shm_alloc_ok(fx->p, a, 5000, &id3);
	/* Driver-private memory has no id but is the context's too. */
	priv = tee_shm_alloc(a, 64, TEE_SHM_MAPPED);
	assert_false(IS_ERR(priv));
	assert_true(priv->paddr >= BOARD_LOOPBACK_SHM_BASE &&
		    priv->paddr < BOARD_LOOPBACK_SHM_BASE + 16 * PAGE_SIZE);

	assert_int_equal(tee_shm_for_each(a, count_shm, ids), 0);
	assert_int_equal(ids[0], id1);
	assert_int_equal(ids[1], id3);
	assert_int_equal(ids[2], -1);
	assert_int_equal(ids[3], 0);
	assert_int_equal(tee_shm_for_each(a, stop_shm, &calls), -5);
	assert_int_equal(calls, 1);
	tee_shm_free(priv);
	memset(ids, 0, sizeof(ids));
	tee_shm_for_each(b, count_shm, ids);
	assert_int_equal(ids[0], id2);
	assert_int_equal(ids[1], 0);
}

static void test_echo__copy_memref(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_invoke_arg *arg;
	struct tee_shm *in, *out;
	int in_id, out_id;
	u32 s;

	in = uproc_shm(fx->p, shm_alloc_ok(fx->p, ctx, 64, &in_id));
	out = uproc_shm(fx->p, shm_alloc_ok(fx->p, ctx, 64, &out_id));
	for (int i = 0; i < 64; i++)
		((u8 *)in->kaddr)[i] = (u8)(i * 3);
	s = open_session_ok(fx->p, ctx, echo_uuid, TEE_IOCTL_LOGIN_PUBLIC);

	/* 20 bytes from offset 4 into offset 8 of a 32-byte window. */
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 4, 20, (u64)in_id),
		       PARAM(MEMREF_OUTPUT, 8, 32, (u64)out_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	assert_int_equal(arg->params[1].b, 20);
	assert_memory_equal((u8 *)out->kaddr + 8, (u8 *)in->kaddr + 4, 20);
	assert_int_equal(((u8 *)out->kaddr)[28], 0);

	/* Too small: SHORT_BUFFER and the size needed, nothing copied. */
	memset(out->kaddr, 0, 64);
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 0, 40, (u64)in_id),
		       PARAM(MEMREF_OUTPUT, 0, 10, (u64)out_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(arg->params[1].b, 40);
	assert_int_equal(((u8 *)out->kaddr)[1], 0);

	/* One buffer, overlapping ranges (INOUT both). */
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INOUT, 0, 16, (u64)in_id),
		       PARAM(MEMREF_INOUT, 4, 16, (u64)in_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	for (int i = 0; i < 16; i++)
		assert_int_equal(((u8 *)in->kaddr)[4 + i], (u8)(i * 3));

	/* A range past the end of the shm is refused by the core. */
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 4090, 16, (u64)in_id),
		       PARAM(MEMREF_OUTPUT, 0, 16, (u64)out_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), -EINVAL);
	/* Values where memrefs belong: BAD_PARAMETERS from the service. */
	arg = copy_arg(fx->p, s, PARAM(VALUE_INPUT, 0, 0, 0),
		       PARAM(MEMREF_OUTPUT, 0, 16, (u64)out_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_BAD_PARAMETERS);
}

/* MEMREF_NULL is offered: a null output memref asks for the size. */
static void test_echo__null_memref_is_a_size_query(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_invoke_arg *arg;
	int in_id;
	u32 s;

	shm_alloc_ok(fx->p, ctx, 64, &in_id);
	s = open_session_ok(fx->p, ctx, echo_uuid, TEE_IOCTL_LOGIN_PUBLIC);
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 0, 24, (u64)in_id),
		       PARAM(MEMREF_OUTPUT, 0, 0, TEE_MEMREF_NULL));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(arg->params[1].b, 24);

	/* Nothing into nothing. */
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 0, 0, TEE_MEMREF_NULL),
		       PARAM(MEMREF_OUTPUT, 0, 0, TEE_MEMREF_NULL));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	assert_int_equal(arg->params[1].b, 0);

	/* A null input that claims bytes has none to give. */
	arg = copy_arg(fx->p, s, PARAM(MEMREF_INPUT, 0, 8, TEE_MEMREF_NULL),
		       PARAM(MEMREF_OUTPUT, 0, 16, (u64)in_id));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_ERROR_BAD_PARAMETERS);
}

/* ------------------------------------------------------------------ */
/* Logins: the client UUID of tee_session_calc_client_uuid()           */
/* ------------------------------------------------------------------ */

/* Opens an echo session with @login and asks it who it is. */
static void whoami(struct fx *fx, struct tee_context *ctx, u32 login,
		   const u8 *conn_data, u8 uuid[TEE_IOCTL_UUID_LEN])
{
	struct tee_ioctl_open_session_arg *oarg;
	struct tee_ioctl_invoke_arg *arg;
	struct tee_shm *shm;
	int fd, id;
	u32 s;

	oarg = open_arg(fx->p, echo_uuid, login, 0);
	if (conn_data)
		memcpy(oarg->clnt_uuid, conn_data, TEE_IOCTL_UUID_LEN);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(oarg->ret, TEEC_SUCCESS);
	s = oarg->session;

	fd = shm_alloc_ok(fx->p, ctx, 16, &id);
	shm = uproc_shm(fx->p, fd);
	memset(shm->kaddr, 0xee, 16);
	arg = invoke_arg(fx->p, s, LOOPBACK_ECHO_CMD_WHOAMI, 2);
	set_param(arg->params, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0, 16,
		  (u64)id);
	set_param(arg->params + 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0, 0,
		  0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TEEC_SUCCESS);
	assert_int_equal(arg->params[0].b, 16);
	assert_int_equal(arg->params[1].a, login);
	assert_int_equal(arg->params[1].b, s);
	memcpy(uuid, shm->kaddr, TEE_IOCTL_UUID_LEN);
	uproc_close(fx->p, fd);
	assert_int_equal(close_session(fx->p, ctx, s), 0);
}

static void test_login__client_uuids_as_the_core_computes(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	static const u8 nil[TEE_IOCTL_UUID_LEN];
	u8 conn[TEE_IOCTL_UUID_LEN] = {0};
	u8 got[TEE_IOCTL_UUID_LEN], want[TEE_IOCTL_UUID_LEN];
	gid_t gid = 27;

	whoami(fx, ctx, TEE_IOCTL_LOGIN_PUBLIC, NULL, got);
	assert_memory_equal(got, nil, TEE_IOCTL_UUID_LEN);

	whoami(fx, ctx, TEE_IOCTL_LOGIN_USER, NULL, got);
	assert_int_equal(tee_session_calc_client_uuid(
				 want, TEE_IOCTL_LOGIN_USER, conn, &fx->cred),
			 0);
	assert_memory_equal(got, want, TEE_IOCTL_UUID_LEN);
	assert_memory_not_equal(got, nil, TEE_IOCTL_UUID_LEN);
	/* Version 5 (SHA-1, name based). */
	assert_int_equal(got[6] >> 4, 5);

	/* GROUP: the connection data is a gid the caller belongs to. */
	memcpy(conn, &gid, sizeof(gid));
	whoami(fx, ctx, TEE_IOCTL_LOGIN_GROUP, conn, got);
	assert_int_equal(tee_session_calc_client_uuid(
				 want, TEE_IOCTL_LOGIN_GROUP, conn, &fx->cred),
			 0);
	assert_memory_equal(got, want, TEE_IOCTL_UUID_LEN);
}

static void test_login__refused_logins_open_no_session(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->lb->teedev);
	struct tee_ioctl_open_session_arg *arg;
	gid_t gid = 4711;
	int n = 0;

	/* A group the caller is not in: -EPERM (mainline). */
	arg = open_arg(fx->p, echo_uuid, TEE_IOCTL_LOGIN_GROUP, 0);
	memcpy(arg->clnt_uuid, &gid, sizeof(gid));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION), -EPERM);
	/* APPLICATION logins are not in mainline: -EINVAL. */
	open_arg(fx->p, echo_uuid, TEE_IOCTL_LOGIN_APPLICATION, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION),
			 -EINVAL);
	/* The kernel range is not for user space (the core says so). */
	open_arg(fx->p, echo_uuid, TEE_IOCTL_LOGIN_REE_KERNEL, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION), -EPERM);
	tee_context_for_each_session(ctx, count_session, &n);
	assert_int_equal(n, 0);
}

/* ------------------------------------------------------------------ */
/* The supplicant path                                                 */
/* ------------------------------------------------------------------ */

/**
 * struct asker - a client thread invoking LOOPBACK_SUPP_CMD_ASK
 * @fx:		the fixture (its lb)
 * @ctx:	the client's context
 * @session:	a supplicant-service session
 * @p:		the thread's own process model
 * @task:	its task, signalled to play a client that goes away
 * @thread:	the thread
 * @rc:		the ioctl's result
 * @ret, @origin: the call's result
 * @out:	param[1] as it came back
 */
struct asker {
	struct fx *fx;
	struct tee_context *ctx;
	u32 session;
	struct uproc *p;
	struct task task;
	pthread_t thread;
	long rc;
	u32 ret;
	u32 origin;
	struct tee_ioctl_param out;
};

static void *ask_thread(void *arg)
{
	struct asker *a = arg;
	struct tee_ioctl_invoke_arg *inv;

	task_attach(&a->task);
	inv = invoke_arg(a->p, a->session, LOOPBACK_SUPP_CMD_ASK, 2);
	set_param(inv->params, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 0x42, 7,
		  9);
	set_param(inv->params + 1, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0, 0,
		  0);
	a->rc = uproc_ioctl(a->p, a->ctx, TEE_IOC_INVOKE);
	a->ret = inv->ret;
	a->origin = inv->ret_origin;
	a->out = inv->params[1];
	task_attach(NULL);
	return NULL;
}

static void ask_start(struct fx *fx, struct asker *a)
{
	memset(a, 0, sizeof(*a));
	a->fx = fx;
	a->ctx = open_ctx(fx, fx->lb->teedev);
	a->p = uproc_new();
	a->session = open_session_ok(a->p, a->ctx, supp_uuid,
				     TEE_IOCTL_LOGIN_PUBLIC);
	task_init(&a->task);
	assert_int_equal(pthread_create(&a->thread, NULL, ask_thread, a), 0);
}

static void ask_join(struct asker *a)
{
	pthread_join(a->thread, NULL);
	task_destroy(&a->task);
	uproc_free(a->p);
}

/* Waits until the supplicant queue holds a request (or a current one). */
static void wait_queued(struct loopback *lb)
{
	for (;;) {
		bool queued;

		mutex_lock(&lb->supp.mutex);
		queued = !list_empty(&lb->supp.reqs);
		mutex_unlock(&lb->supp.mutex);
		if (queued)
			return;
		sched_yield();
	}
}

/* TEE_IOC_SUPPL_RECV with @n NONE params (the first with @attr0). */
static long supp_recv(struct uproc *p, struct tee_context *supp, u32 n,
		      u64 attr0)
{
	struct tee_iocl_supp_recv_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(SUPP_HDR, n));
	arg->num_params = n;
	if (n)
		arg->params[0].attr = attr0;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, n));
	return uproc_ioctl(p, supp, TEE_IOC_SUPPL_RECV);
}

static long supp_send(struct uproc *p, struct tee_context *supp, u32 ret, u32 n,
		      u64 a, u64 b, u64 c)
{
	struct tee_iocl_supp_send_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(SUPP_HDR, n));
	arg->ret = ret;
	arg->num_params = n;
	if (n)
		set_param(arg->params, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, a,
			  b, c);
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, n));
	return uproc_ioctl(p, supp, TEE_IOC_SUPPL_SEND);
}

static void test_supp__request_and_answer(void **state)
{
	struct fx *fx = *state;
	struct tee_context *supp = open_ctx(fx, fx->lb->supp_teedev);
	struct tee_iocl_supp_recv_arg *recv = umem(fx->p, UBUF_OFF);
	struct asker a;

	ask_start(fx, &a);
	/* The supplicant gets func = a and one VALUE_INOUT (b, c, 0). */
	assert_int_equal(supp_recv(fx->p, supp, 3, 0), 0);
	assert_int_equal(recv->func, 0x42);
	assert_int_equal(recv->num_params, 1);
	assert_int_equal(recv->params[0].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(recv->params[0].a, 7);
	assert_int_equal(recv->params[0].b, 9);
	assert_int_equal(recv->params[0].c, 0);
	/* One at a time: a second RECV before the SEND is refused. */
	assert_int_equal(supp_recv(fx->p, supp, 1, 0), -EINVAL);
	/* The answer must have the request's number of params. */
	assert_int_equal(supp_send(fx->p, supp, 0, 0, 0, 0, 0), -EINVAL);
	assert_int_equal(supp_send(fx->p, supp, 0x1234, 1, 100, 200, 300), 0);
	ask_join(&a);

	assert_int_equal(a.rc, 0);
	assert_int_equal(a.ret, 0x1234);
	assert_int_equal(a.origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(a.out.a, 100);
	assert_int_equal(a.out.b, 200);
	assert_int_equal(a.out.c, 300);
	/* Nothing is pending any more. */
	assert_int_equal(supp_send(fx->p, supp, 0, 1, 0, 0, 0), -EINVAL);
}

static void test_supp__no_supplicant_fails_at_once(void **state)
{
	struct fx *fx = *state;
	struct asker a;

	ask_start(fx, &a);
	ask_join(&a);
	assert_int_equal(a.rc, 0);
	assert_int_equal(a.ret, TEEC_ERROR_COMMUNICATION);
	assert_int_equal(a.origin, TEEC_ORIGIN_COMMS);
}

/* The supplicant dies holding the request: the caller gets COMMS. */
static void test_supp__supplicant_gone_fails_its_requests(void **state)
{
	struct fx *fx = *state;
	struct tee_context *supp = open_ctx(fx, fx->lb->supp_teedev);
	struct asker a, b;

	ask_start(fx, &a);
	assert_int_equal(supp_recv(fx->p, supp, 1, 0), 0);
	ask_start(fx, &b);
	wait_queued(fx->lb);
	/* One held, one queued: both fail. */
	close_ctx(fx, supp);
	ask_join(&a);
	ask_join(&b);
	assert_int_equal(a.ret, TEEC_ERROR_COMMUNICATION);
	assert_int_equal(a.origin, TEEC_ORIGIN_COMMS);
	assert_int_equal(b.ret, TEEC_ERROR_COMMUNICATION);

	/* A new supplicant may attach and serve. */
	supp = open_ctx(fx, fx->lb->supp_teedev);
	ask_start(fx, &a);
	assert_int_equal(supp_recv(fx->p, supp, 1, 0), 0);
	assert_int_equal(supp_send(fx->p, supp, 0, 1, 1, 2, 3), 0);
	ask_join(&a);
	assert_int_equal(a.ret, TEEC_SUCCESS);
	assert_int_equal(a.out.c, 3);
}

/* A caller that goes away before the request is picked up drops it. */
static void test_supp__caller_gone_drops_queued_request(void **state)
{
	struct fx *fx = *state;
	struct asker a;

	open_ctx(fx, fx->lb->supp_teedev);
	ask_start(fx, &a);
	wait_queued(fx->lb);
	task_signal(&a.task);
	ask_join(&a);
	assert_int_equal(a.ret, TEEC_ERROR_COMMUNICATION);
	assert_true(list_empty(&fx->lb->supp.reqs));
}

static void test_supp__one_supplicant_and_recv_params_checked(void **state)
{
	struct fx *fx = *state;
	struct tee_context *supp = open_ctx(fx, fx->lb->supp_teedev);
	struct tee_context *other;

	/* Only one supplicant at a time. */
	other = teedev_open(fx->lb->supp_teedev, &fx->cred);
	assert_int_equal(PTR_ERR(other), -EBUSY);
	/* No params, a META param (no async ids here), a value param. */
	assert_int_equal(supp_recv(fx->p, supp, 0, 0), -EINVAL);
	assert_int_equal(supp_recv(fx->p, supp, 1,
				   TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
					   TEE_IOCTL_PARAM_ATTR_META),
			 -EINVAL);
	assert_int_equal(supp_recv(fx->p, supp, 1,
				   TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT),
			 -EINVAL);
	/* SEND with nothing asked. */
	assert_int_equal(supp_send(fx->p, supp, 0, 1, 0, 0, 0), -EINVAL);
	/* The client device has no supplicant calls. */
	assert_int_equal(supp_recv(fx->p, open_ctx(fx, fx->lb->teedev), 1, 0),
			 -EINVAL);
	/* Once it is gone another may attach. */
	close_ctx(fx, supp);
	open_ctx(fx, fx->lb->supp_teedev);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_probe__client_and_privileged_device),
		T(test_version__own_impl_id_and_caps),
		T(test_attr_show__implementation_id_and_revision),
		T(test_describe_device__driver_and_implementation_named),
		T(test_driver__probed_on_request_through_the_table),
		T(test_probe__fails_cleanly_at_every_allocation),
		T(test_echo__open_invoke_close),
		T(test_echo__param_types_and_commands_checked),
		T(test_open_session__unknown_uuid_is_item_not_found),
		T(test_sessions__ids_unique_and_listed),
		T(test_shm_alloc__exportable_file_of_its_own),
		T(test_tee_shm_for_each__lists_a_contexts_shm),
		T(test_echo__copy_memref),
		T(test_echo__null_memref_is_a_size_query),
		T(test_login__client_uuids_as_the_core_computes),
		T(test_login__refused_logins_open_no_session),
		T(test_supp__request_and_answer),
		T(test_supp__no_supplicant_fails_at_once),
		T(test_supp__supplicant_gone_fails_its_requests),
		T(test_supp__caller_gone_drops_queued_request),
		T(test_supp__one_supplicant_and_recv_params_checked),
	};

	return cmocka_run_group_tests_name("loopback TEE", tests, NULL, NULL);
}
