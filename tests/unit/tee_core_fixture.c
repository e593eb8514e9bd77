// SPDX-License-Identifier: BSD-2-Clause
/*
 * The fixture and helpers of the generic TEE subsystem's unit tests: see
 * tee_core_fixture.h.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include "kernel/idr.h"
#include "kernel/sync.h"
#include "tee_core_fixture.h"

/* ------------------------------------------------------------------ */
/* A user process: memory, ioctl calls, file descriptors               */
/* ------------------------------------------------------------------ */

int uproc_num_fds(const struct uproc *p)
{
	int n = 0;

	for (int i = 0; i < UPROC_MAX_FDS; i++)
		n += p->fds[i] != NULL;
	return n;
}

/* Moves @fd to process @to (SCM_RIGHTS, then close in the sender). */
int uproc_pass_fd(struct uproc *from, int fd, struct uproc *to)
{
	struct tee_shm *shm = uproc_shm(from, fd);

	from->fds[fd - UPROC_FD_BASE] = NULL;
	for (int i = 0; i < UPROC_MAX_FDS; i++) {
		if (!to->fds[i]) {
			to->fds[i] = shm;
			return UPROC_FD_BASE + i;
		}
	}
	return -EMFILE;
}

/*
 * A driver hook (testdrv_set_hook): the process unmaps its memory from
 * p->unmap_at on, between the core reading the argument and writing it
 * back.
 */
void hook_unmap(void *arg)
{
	struct uproc *p = arg;

	p->us.regions[0].len = p->unmap_at;
}

/* An open session argument at UBUF_OFF with @num_params zeroed params. */
struct tee_ioctl_open_session_arg *open_arg(struct uproc *p, u32 login,
					    u32 num_params)
{
	struct tee_ioctl_open_session_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(OPEN_HDR, num_params));
	for (int i = 0; i < TEE_IOCTL_UUID_LEN; i++)
		arg->uuid[i] = (u8)(0x10 + i);
	arg->clnt_login = login;
	arg->cancel_id = 0x1234;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(OPEN_HDR, num_params));
	return arg;
}

/* A supplicant receive argument with @num_params NONE params. */
struct tee_iocl_supp_recv_arg *recv_arg(struct uproc *p, u32 num_params)
{
	struct tee_iocl_supp_recv_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(SUPP_HDR, num_params));
	arg->func = 0xdeadbeef;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, num_params));
	return arg;
}

/* A supplicant send argument with @num_params zeroed params. */
struct tee_iocl_supp_send_arg *send_arg(struct uproc *p, u32 ret,
					u32 num_params)
{
	struct tee_iocl_supp_send_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(SUPP_HDR, num_params));
	arg->ret = ret;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, num_params));
	return arg;
}

/* Opens a PUBLIC session without params; returns its id. */
u32 open_session_ok(struct uproc *p, struct tee_context *ctx)
{
	struct tee_ioctl_open_session_arg *arg;

	arg = open_arg(p, TEE_IOCTL_LOGIN_PUBLIC, 0);
	assert_int_equal(uproc_ioctl(p, ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(arg->ret, 0);
	assert_true(arg->session >= 1);
	return arg->session;
}

/* Does the last ioctl's region hold exactly the written spans @exp? */
void assert_spans(const struct uproc *p, const struct tee_uspan *exp, size_t n)
{
	const struct tee_uregion *r = &p->us.regions[0];

	assert_int_equal(r->nspans, n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(r->spans[i].off, exp[i].off);
		assert_int_equal(r->spans[i].len, exp[i].len);
	}
}

void assert_nothing_written(const struct uproc *p)
{
	assert_int_equal(p->us.regions[0].nspans, 0);
}

/*
 * Runs @cmd with its argument outside the process, then straddling the
 * end of its memory (@tail bytes inside): both -EFAULT.
 */
void assert_arg_ptr_efault(struct uproc *p, struct tee_context *ctx,
			   unsigned int cmd, u64 tail)
{
	assert_int_equal(uproc_ioctl_ops(p, ctx, cmd, UBAD, &uproc_ops),
			 -EFAULT);
	assert_int_equal(
		uproc_ioctl_ops(p, ctx, cmd, UA(UMEM_SIZE - tail), &uproc_ops),
		-EFAULT);
}

void assert_param(const struct tee_ioctl_param *ip, u64 attr, u64 a, u64 b,
		  u64 c)
{
	assert_int_equal(ip->attr, attr);
	assert_int_equal(ip->a, a);
	assert_int_equal(ip->b, b);
	assert_int_equal(ip->c, c);
}

/* ------------------------------------------------------------------ */
/* Fixtures and leak checks                                            */
/* ------------------------------------------------------------------ */

/*
 * An idr keeps its slot array once grown (as the kernel's keeps its
 * layers), until idr_destroy().  Grow it up front so that leak marks
 * count shared memory objects, not that array.
 */
void warm_idr(struct tee_device *dev)
{
	int id;

	mutex_lock(&dev->mutex);
	id = idr_alloc(&dev->idr, NULL, 1, 0);
	if (id > 0)
		idr_remove(&dev->idr, id);
	mutex_unlock(&dev->mutex);
}

static int setup_common(void **state, bool devices)
{
	struct fx *fx = calloc(1, sizeof(*fx));

	if (!fx)
		return -1;
	fx->live0 = kmem_live();
	fx->td = testdrv_new();
	if (!fx->td)
		return -1;
	if (devices) {
		if (testdrv_add_devices(fx->td))
			return -1;
		fx->clnt = fx->td->clnt_dev;
		fx->supp = fx->td->supp_dev;
		warm_idr(fx->clnt);
		warm_idr(fx->supp);
	}
	fx->p = uproc_new();
	fx->cred.pid = 4242;
	fx->cred.euid = 1000;
	fx->cred.egid = 1000;
	*state = fx;
	return 0;
}

/* The test driver with its pool, no devices. */
int setup_pool(void **state)
{
	return setup_common(state, false);
}

/* The test driver with tee0 and teepriv0 registered. */
int setup_devices(void **state)
{
	return setup_common(state, true);
}

/* Frees everything; fails the test if anything it allocated is left. */
int teardown(void **state)
{
	struct fx *fx = *state;
	long live0 = fx->live0;

	kmem_fail_nth(0);
	testdrv_set_hook(fx->td, TESTDRV_HOOK_NONE, NULL, NULL);
	ctxs_close_all(fx->ctxs);
	uproc_free(fx->p);
	testdrv_free(fx->td);
	free(fx);
	if (kmem_live() != live0) {
		fprintf(stderr, "leak: kmem_live() %ld, was %ld\n", kmem_live(),
			live0);
		return -1;
	}
	return 0;
}

struct mark mark_now(const struct fx *fx)
{
	struct mark m = {.live = kmem_live()};

	if (fx->clnt)
		m.clnt_ids = idr_count(&fx->clnt->idr);
	if (fx->supp)
		m.supp_ids = idr_count(&fx->supp->idr);
	return m;
}

void assert_no_leak(const struct fx *fx, const struct mark *m)
{
	assert_int_equal(kmem_live(), m->live);
	if (fx->clnt)
		assert_int_equal(idr_count(&fx->clnt->idr), m->clnt_ids);
	if (fx->supp)
		assert_int_equal(idr_count(&fx->supp->idr), m->supp_ids);
}

struct tee_context *open_ctx(struct fx *fx, struct tee_device *dev)
{
	return ctxs_open(fx->ctxs, dev, &fx->cred);
}

void close_ctx(struct fx *fx, struct tee_context *ctx)
{
	ctxs_close(fx->ctxs, ctx);
}

size_t dev_num_users(struct tee_device *teedev)
{
	size_t n;

	mutex_lock(&teedev->mutex);
	n = teedev->num_users;
	mutex_unlock(&teedev->mutex);
	return n;
}

unsigned int shm_refs(struct tee_shm *shm)
{
	return refcount_read(&shm->refcount);
}

/* ------------------------------------------------------------------ */
/* Unregistering on a thread                                           */
/* ------------------------------------------------------------------ */

void *unregister_thread(void *arg)
{
	struct unreg_thread *u = arg;

	tee_device_unregister(u->dev);
	atomic_store(&u->returned, true);
	return NULL;
}

/*
 * Starts tee_device_unregister(@dev) on a thread and returns once it has
 * hidden the device and dropped the registration reference, so that it
 * waits for the @users remaining users.
 */
void start_unregister(struct unreg_thread *u, struct tee_device *dev,
		      size_t users)
{
	char name[TEE_MAX_DEV_NAME_LEN];

	snprintf(name, sizeof(name), "%s", tee_device_name(dev));
	u->dev = dev;
	atomic_store(&u->returned, false);
	assert_int_equal(pthread_create(&u->thread, NULL, unregister_thread, u),
			 0);
	while (dev_num_users(dev) != users)
		sched_yield();
	/* Hidden at once: no new lookups. */
	assert_null(tee_device_find(name));
	for (int i = 0; i < 100; i++)
		sched_yield();
	assert_false(atomic_load(&u->returned));
}
