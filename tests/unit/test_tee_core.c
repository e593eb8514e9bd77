// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem (drivers/tee/tee_*.c) through
 * both of its faces: the driver API of <linux/tee_drv.h>, driven by the
 * test driver of tee_test_driver.c, and the ioctl UAPI of <linux/tee.h>,
 * driven by a modelled user process (struct uproc below).
 *
 * Each test is named after the seed (v16) or mainline function whose rule
 * it checks.  Every test runs on fresh devices (setup/teardown, which also
 * checks that the whole test left no allocation behind), and every
 * negative test checks that kmem_live() and the device's shm idr are back
 * to where they were before the failing call.  Threads never call cmocka
 * assertions: they record what they saw and the test thread checks it
 * after joining them.  Threads are ordered with completions and flags,
 * never with sleeps.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/tee/tee_private.h"
#include "kernel/alloc.h"
#include "kernel/genalloc.h"
#include "kernel/idr.h"
#include "kernel/sync.h"
#include "kernel/uaccess.h"
#include "tee_test_driver.h"
#include "tee_uproc.h"

/* ------------------------------------------------------------------ */
/* A user process: memory, ioctl calls, file descriptors               */
/* ------------------------------------------------------------------ */

/* The process is tee_uproc.h's; what only these tests need is here. */

/* A page the SHM_REGISTER tests register. */
#define UREG_OFF (2 * PAGE_SIZE)

static int uproc_num_fds(const struct uproc *p)
{
	int n = 0;

	for (int i = 0; i < UPROC_MAX_FDS; i++)
		n += p->fds[i] != NULL;
	return n;
}

/* Moves @fd to process @to (SCM_RIGHTS, then close in the sender). */
static int uproc_pass_fd(struct uproc *from, int fd, struct uproc *to)
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
static void hook_unmap(void *arg)
{
	struct uproc *p = arg;

	p->us.regions[0].len = p->unmap_at;
}

/* An open session argument at UBUF_OFF with @num_params zeroed params. */
static struct tee_ioctl_open_session_arg *open_arg(struct uproc *p, u32 login,
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
static struct tee_iocl_supp_recv_arg *recv_arg(struct uproc *p, u32 num_params)
{
	struct tee_iocl_supp_recv_arg *arg = umem(p, UBUF_OFF);

	memset(arg, 0, ARG_LEN(SUPP_HDR, num_params));
	arg->func = 0xdeadbeef;
	arg->num_params = num_params;
	put_buf_data(p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, num_params));
	return arg;
}

/* A supplicant send argument with @num_params zeroed params. */
static struct tee_iocl_supp_send_arg *send_arg(struct uproc *p, u32 ret,
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
static u32 open_session_ok(struct uproc *p, struct tee_context *ctx)
{
	struct tee_ioctl_open_session_arg *arg;

	arg = open_arg(p, TEE_IOCTL_LOGIN_PUBLIC, 0);
	assert_int_equal(uproc_ioctl(p, ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(arg->ret, 0);
	assert_true(arg->session >= 1);
	return arg->session;
}

/* Does the last ioctl's region hold exactly the written spans @exp? */
static void assert_spans(const struct uproc *p, const struct tee_uspan *exp,
			 size_t n)
{
	const struct tee_uregion *r = &p->us.regions[0];

	assert_int_equal(r->nspans, n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(r->spans[i].off, exp[i].off);
		assert_int_equal(r->spans[i].len, exp[i].len);
	}
}

static void assert_nothing_written(const struct uproc *p)
{
	assert_int_equal(p->us.regions[0].nspans, 0);
}

/*
 * Runs @cmd with its argument outside the process, then straddling the
 * end of its memory (@tail bytes inside): both -EFAULT.
 */
static void assert_arg_ptr_efault(struct uproc *p, struct tee_context *ctx,
				  unsigned int cmd, u64 tail)
{
	assert_int_equal(uproc_ioctl_ops(p, ctx, cmd, UBAD, &uproc_ops),
			 -EFAULT);
	assert_int_equal(
		uproc_ioctl_ops(p, ctx, cmd, UA(UMEM_SIZE - tail), &uproc_ops),
		-EFAULT);
}

/* ------------------------------------------------------------------ */
/* Fixtures and leak checks                                            */
/* ------------------------------------------------------------------ */

/**
 * struct fx - what every test starts from
 * @live0:	kmem_live() before the test driver existed
 * @td:		the test driver (its pool always; devices in
 *		setup_devices)
 * @clnt:	td->clnt_dev ("tee0")
 * @supp:	td->supp_dev ("teepriv0")
 * @p:		a user process
 * @cred:	credentials the helpers open contexts with
 * @ctxs:	contexts open_ctx() opened and close_ctx() did not close yet;
 *		teardown closes them when a failed test left them open
 */
struct fx {
	long live0;
	struct testdrv *td;
	struct tee_device *clnt;
	struct tee_device *supp;
	struct uproc *p;
	struct tee_cred cred;
	struct tee_context *ctxs[UPROC_MAX_CTXS];
};

/*
 * An idr keeps its slot array once grown (as the kernel's keeps its
 * layers), until idr_destroy().  Grow it up front so that leak marks
 * count shared memory objects, not that array.
 */
static void warm_idr(struct tee_device *dev)
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
static int setup_pool(void **state)
{
	return setup_common(state, false);
}

/* The test driver with tee0 and teepriv0 registered. */
static int setup_devices(void **state)
{
	return setup_common(state, true);
}

/* Frees everything; fails the test if anything it allocated is left. */
static int teardown(void **state)
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

/* A snapshot of what an error path must give back. */
struct mark {
	long live;
	int clnt_ids;
	int supp_ids;
};

static struct mark mark_now(const struct fx *fx)
{
	struct mark m = {.live = kmem_live()};

	if (fx->clnt)
		m.clnt_ids = idr_count(&fx->clnt->idr);
	if (fx->supp)
		m.supp_ids = idr_count(&fx->supp->idr);
	return m;
}

static void assert_no_leak(const struct fx *fx, const struct mark *m)
{
	assert_int_equal(kmem_live(), m->live);
	if (fx->clnt)
		assert_int_equal(idr_count(&fx->clnt->idr), m->clnt_ids);
	if (fx->supp)
		assert_int_equal(idr_count(&fx->supp->idr), m->supp_ids);
}

static struct tee_context *open_ctx(struct fx *fx, struct tee_device *dev)
{
	return ctxs_open(fx->ctxs, dev, &fx->cred);
}

static void close_ctx(struct fx *fx, struct tee_context *ctx)
{
	ctxs_close(fx->ctxs, ctx);
}

static size_t dev_num_users(struct tee_device *teedev)
{
	size_t n;

	mutex_lock(&teedev->mutex);
	n = teedev->num_users;
	mutex_unlock(&teedev->mutex);
	return n;
}

static unsigned int shm_refs(struct tee_shm *shm)
{
	return refcount_read(&shm->refcount);
}

/* ------------------------------------------------------------------ */
/* Device registration (tee_device_alloc/register/unregister)          */
/* ------------------------------------------------------------------ */

static void nop_get_version(struct tee_device *teedev,
			    struct tee_ioctl_version_data *vers)
{
	memset(vers, 0, sizeof(*vers));
}

static int nop_open(struct tee_context *ctx)
{
	return 0;
}

static void nop_release(struct tee_context *ctx)
{
}

static const struct tee_driver_ops ops_no_version = {
	.open = nop_open,
	.release = nop_release,
};

static const struct tee_driver_ops ops_no_open = {
	.get_version = nop_get_version,
	.release = nop_release,
};

static const struct tee_driver_ops ops_no_release = {
	.get_version = nop_get_version,
	.open = nop_open,
};

static void test_tee_device_alloc__bad_desc_or_null_pool_is_einval(void **state)
{
	struct fx *fx = *state;
	const struct tee_desc no_name = {.ops = testdrv_clnt_desc.ops};
	const struct tee_desc no_ops = {.name = "x"};
	const struct tee_desc bad[] = {
		{.name = "x", .ops = &ops_no_version},
		{.name = "x", .ops = &ops_no_open},
		{.name = "x", .ops = &ops_no_release},
	};
	struct mark m = mark_now(fx);
	struct tee_device *dev;

	dev = tee_device_alloc(NULL, fx->td->pool, fx->td);
	assert_int_equal(PTR_ERR(dev), -EINVAL);
	dev = tee_device_alloc(&no_name, fx->td->pool, fx->td);
	assert_int_equal(PTR_ERR(dev), -EINVAL);
	dev = tee_device_alloc(&no_ops, fx->td->pool, fx->td);
	assert_int_equal(PTR_ERR(dev), -EINVAL);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		dev = tee_device_alloc(&bad[i], fx->td->pool, fx->td);
		assert_int_equal(PTR_ERR(dev), -EINVAL);
	}
	dev = tee_device_alloc(&testdrv_clnt_desc, NULL, fx->td);
	assert_int_equal(PTR_ERR(dev), -EINVAL);
	assert_no_leak(fx, &m);
}

static void test_tee_device_alloc__client_ids_0_to_15_named_teeN(void **state)
{
	struct fx *fx = *state;
	struct tee_device *devs[TEE_NUM_DEVICES / 2];
	struct mark m = mark_now(fx);
	char name[TEE_MAX_DEV_NAME_LEN];

	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++) {
		devs[i] = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool,
					   fx->td);
		assert_false(IS_ERR(devs[i]));
		assert_int_equal(tee_device_id(devs[i]), i);
		snprintf(name, sizeof(name), "tee%d", i);
		assert_string_equal(tee_device_name(devs[i]), name);
		assert_ptr_equal(tee_get_drvdata(devs[i]), fx->td);
	}
	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++)
		tee_device_unregister(devs[i]);
	assert_no_leak(fx, &m);
}

/* Mainline: v16 let the 17th client device take id 16 (a privileged id). */
static void
test_tee_device_alloc__17th_client_is_enomem_not_a_privileged_id(void **state)
{
	struct fx *fx = *state;
	struct tee_device *devs[TEE_NUM_DEVICES / 2];
	struct tee_device *dev, *priv;
	struct mark m = mark_now(fx);

	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++) {
		devs[i] = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool,
					   fx->td);
		assert_false(IS_ERR(devs[i]));
	}
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_int_equal(PTR_ERR(dev), -ENOMEM);

	/* The privileged half is untouched. */
	priv = tee_device_alloc(&testdrv_supp_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(priv));
	assert_int_equal(tee_device_id(priv), TEE_NUM_DEVICES / 2);
	assert_string_equal(tee_device_name(priv), "teepriv0");

	tee_device_unregister(priv);
	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++)
		tee_device_unregister(devs[i]);
	assert_no_leak(fx, &m);
}

static void
test_tee_device_alloc__privileged_ids_16_to_31_named_teeprivN(void **state)
{
	struct fx *fx = *state;
	struct tee_device *devs[TEE_NUM_DEVICES / 2];
	struct tee_device *dev;
	struct mark m = mark_now(fx);
	char name[TEE_MAX_DEV_NAME_LEN];

	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++) {
		devs[i] = tee_device_alloc(&testdrv_supp_desc, fx->td->pool,
					   fx->td);
		assert_false(IS_ERR(devs[i]));
		assert_int_equal(tee_device_id(devs[i]),
				 TEE_NUM_DEVICES / 2 + i);
		snprintf(name, sizeof(name), "teepriv%d", i);
		assert_string_equal(tee_device_name(devs[i]), name);
	}
	dev = tee_device_alloc(&testdrv_supp_desc, fx->td->pool, fx->td);
	assert_int_equal(PTR_ERR(dev), -ENOMEM);

	/* A client device still gets the first client id. */
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	assert_int_equal(tee_device_id(dev), 0);
	assert_string_equal(tee_device_name(dev), "tee0");
	tee_device_unregister(dev);

	for (int i = 0; i < TEE_NUM_DEVICES / 2; i++)
		tee_device_unregister(devs[i]);
	assert_no_leak(fx, &m);
}

static void test_tee_device_alloc__kzalloc_failure_is_enomem(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_device *dev;

	kmem_fail_nth(1);
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	kmem_fail_nth(0);
	assert_int_equal(PTR_ERR(dev), -ENOMEM);
	assert_no_leak(fx, &m);

	/* The id was not taken. */
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	assert_int_equal(tee_device_id(dev), 0);
	tee_device_unregister(dev);
	assert_no_leak(fx, &m);
}

/* Seed tee_release_device(): the id goes back to dev_mask. */
static void test_tee_device_unregister__releases_the_device_id(void **state)
{
	struct fx *fx = *state;
	struct tee_device *a, *b;

	a = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	b = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(a));
	assert_false(IS_ERR(b));
	assert_int_equal(tee_device_id(b), 1);
	tee_device_unregister(a);
	a = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(a));
	assert_int_equal(tee_device_id(a), 0);
	tee_device_unregister(a);
	tee_device_unregister(b);
}

static void test_tee_device_register__twice_is_einval(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_device *dev;

	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	assert_int_equal(tee_device_register(dev), 0);
	assert_int_equal(tee_device_register(dev), -EINVAL);
	/* Still registered once: found, and unregistered cleanly. */
	assert_ptr_equal(tee_device_find("tee0"), dev);
	tee_device_put(dev);
	tee_device_unregister(dev);
	assert_null(tee_device_find("tee0"));
	assert_no_leak(fx, &m);
}

static void test_tee_device_find__sees_only_registered_devices(void **state)
{
	struct fx *fx = *state;
	struct tee_device *hidden, *shown, *found;
	struct mark m = mark_now(fx);

	hidden = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	shown = tee_device_alloc(&testdrv_supp_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(hidden));
	assert_false(IS_ERR(shown));
	assert_int_equal(tee_device_register(shown), 0);

	assert_null(tee_device_find("tee0"));
	assert_null(tee_device_find("teepriv1"));
	assert_null(tee_device_find("nonsense"));
	found = tee_device_find("teepriv0");
	assert_ptr_equal(found, shown);
	/* The lookup holds a user reference until tee_device_put(). */
	assert_int_equal(dev_num_users(shown), 2);
	tee_device_put(found);
	assert_int_equal(dev_num_users(shown), 1);

	tee_device_unregister(shown);
	assert_null(tee_device_find("teepriv0"));
	tee_device_unregister(hidden);
	assert_no_leak(fx, &m);
}

struct seen_devices {
	int n;
	int ids[TEE_NUM_DEVICES];
	int stop_at;
};

static int record_device(struct tee_device *teedev, void *arg)
{
	struct seen_devices *seen = arg;

	seen->ids[seen->n++] = tee_device_id(teedev);
	return seen->n == seen->stop_at ? 77 : 0;
}

static void
test_tee_class_for_each__visits_registered_devices_in_id_order(void **state)
{
	struct fx *fx = *state;
	struct tee_device *c0, *c1, *c2, *p0;
	struct seen_devices seen = {0};
	struct mark m = mark_now(fx);

	c0 = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	c1 = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	c2 = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	p0 = tee_device_alloc(&testdrv_supp_desc, fx->td->pool, fx->td);
	/* Registered out of order; c1 never. */
	assert_int_equal(tee_device_register(p0), 0);
	assert_int_equal(tee_device_register(c2), 0);
	assert_int_equal(tee_device_register(c0), 0);

	assert_int_equal(tee_class_for_each(record_device, &seen), 0);
	assert_int_equal(seen.n, 3);
	assert_int_equal(seen.ids[0], 0);
	assert_int_equal(seen.ids[1], 2);
	assert_int_equal(seen.ids[2], 16);

	/* A nonzero return stops the walk and is returned. */
	memset(&seen, 0, sizeof(seen));
	seen.stop_at = 2;
	assert_int_equal(tee_class_for_each(record_device, &seen), 77);
	assert_int_equal(seen.n, 2);

	tee_device_unregister(c2);
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(tee_class_for_each(record_device, &seen), 0);
	assert_int_equal(seen.n, 2);
	assert_int_equal(seen.ids[1], 16);

	tee_device_unregister(p0);
	tee_device_unregister(c1);
	tee_device_unregister(c0);
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(tee_class_for_each(record_device, &seen), 0);
	assert_int_equal(seen.n, 0);
	assert_no_leak(fx, &m);
}

/* Seed implementation_id_show(): "%d\n" of impl_id. */
static void
test_tee_device_attr_show__implementation_id_is_decimal(void **state)
{
	struct fx *fx = *state;
	char buf[TEE_ATTR_MAX_LEN];
	char want[TEE_ATTR_MAX_LEN];
	int n;

	snprintf(want, sizeof(want), "%d\n", TESTDRV_IMPL_ID);
	n = tee_device_attr_show(fx->clnt, "implementation_id", buf,
				 sizeof(buf));
	assert_int_equal(n, strlen(want));
	assert_string_equal(buf, "32343\n");
	n = tee_device_attr_show(fx->supp, "implementation_id", buf,
				 sizeof(buf));
	assert_int_equal(n, strlen(want));
	assert_string_equal(buf, want);
}

/* Mainline: "revision" exists only when the driver has get_tee_revision. */
static void
test_tee_device_attr_show__revision_only_when_driver_has_op(void **state)
{
	struct fx *fx = *state;
	char buf[TEE_ATTR_MAX_LEN];
	long live = kmem_live();
	int n;

	n = tee_device_attr_show(fx->clnt, "revision", buf, sizeof(buf));
	assert_int_equal(n, strlen(TESTDRV_REVISION) + 1);
	assert_string_equal(buf, TESTDRV_REVISION "\n");

	/* The privileged device's driver has no get_tee_revision. */
	assert_int_equal(
		tee_device_attr_show(fx->supp, "revision", buf, sizeof(buf)),
		-ENOENT);

	/* The driver's error is passed on. */
	fx->td->revision_err = -EIO;
	assert_int_equal(
		tee_device_attr_show(fx->clnt, "revision", buf, sizeof(buf)),
		-EIO);
	assert_int_equal(kmem_live(), live);
}

static void test_tee_device_attr_show__unknown_attr_is_enoent(void **state)
{
	struct fx *fx = *state;
	char buf[TEE_ATTR_MAX_LEN];

	assert_int_equal(
		tee_device_attr_show(fx->clnt, "impl", buf, sizeof(buf)),
		-ENOENT);
	assert_int_equal(tee_device_attr_show(fx->clnt, "", buf, sizeof(buf)),
			 -ENOENT);
	assert_int_equal(tee_device_attr_show(fx->clnt, "rpmb_routing_model",
					      buf, sizeof(buf)),
			 -ENOENT);
	/* A buffer too small for the line is refused, not cut. */
	assert_int_equal(
		tee_device_attr_show(fx->clnt, "implementation_id", buf, 3),
		-EOVERFLOW);
}

/*
 * Seed: "should be called ... even if tee_device_register() hasn't been
 * called yet.  Does nothing if @teedev is NULL."
 */
static void test_tee_device_unregister__never_registered_device(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_device *dev;

	tee_device_unregister(NULL);
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	tee_device_unregister(dev);
	assert_no_leak(fx, &m);
}

struct unreg_thread {
	pthread_t thread;
	struct tee_device *dev;
	atomic_bool returned;
};

static void *unregister_thread(void *arg)
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
static void start_unregister(struct unreg_thread *u, struct tee_device *dev,
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

/* Seed: unregister drops its reference, then waits for c_no_users. */
static void test_tee_device_unregister__waits_for_last_context(void **state)
{
	struct fx *fx = *state;
	struct unreg_thread u;
	struct tee_context *ctx;

	ctx = open_ctx(fx, fx->clnt);
	start_unregister(&u, fx->clnt, 1);
	fx->td->clnt_dev = NULL;
	fx->clnt = NULL;

	close_ctx(fx, ctx);
	assert_int_equal(pthread_join(u.thread, NULL), 0);
	assert_true(atomic_load(&u.returned));
}

/* Seed tee_shm_release(): a shm holds its device until it is freed. */
static void test_tee_device_unregister__waits_for_last_shm(void **state)
{
	struct fx *fx = *state;
	struct unreg_thread u;
	struct tee_context *ctx;
	int fd;

	ctx = open_ctx(fx, fx->clnt);
	fd = shm_alloc_ok(fx->p, ctx, 100, NULL);
	close_ctx(fx, ctx);

	start_unregister(&u, fx->clnt, 1);
	fx->td->clnt_dev = NULL;
	fx->clnt = NULL;

	uproc_close(fx->p, fd);
	assert_int_equal(pthread_join(u.thread, NULL), 0);
	assert_true(atomic_load(&u.returned));
}

/*
 * The last user may be dropped on one thread while unregister waits on
 * another: the device must not be freed while the dropping thread still
 * holds its mutex.  Repeated so the window is hit in practice.
 */
static void
test_tee_device_put__last_put_races_with_unregister_free(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);

	for (int i = 0; i < 300; i++) {
		struct unreg_thread u;
		struct tee_device *dev;
		struct tee_context *ctx;

		dev = tee_device_alloc(&testdrv_reg_desc, fx->td->pool, fx->td);
		assert_false(IS_ERR(dev));
		assert_int_equal(tee_device_register(dev), 0);
		ctx = open_ctx(fx, dev);
		u.dev = dev;
		atomic_store(&u.returned, false);
		assert_int_equal(
			pthread_create(&u.thread, NULL, unregister_thread, &u),
			0);
		while (dev_num_users(dev) != 1)
			sched_yield();
		close_ctx(fx, ctx);
		assert_int_equal(pthread_join(u.thread, NULL), 0);
	}
	assert_no_leak(fx, &m);
}

/* ------------------------------------------------------------------ */
/* Contexts (seed tee_open/tee_release: teedev_open/close_context)     */
/* ------------------------------------------------------------------ */

/*
 * Once the last user is gone the device only waits to be freed, and
 * tee_device_get() refuses it.  tee_device_unregister() gets there by
 * dropping the registration reference; drop it by hand to stop in that
 * state.
 */
static void test_teedev_open__device_going_away_is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_device *dev = fx->clnt;
	struct mark m = mark_now(fx);
	struct tee_context *ctx;

	tee_device_put(dev);
	ctx = teedev_open(dev, &fx->cred);
	assert_int_equal(PTR_ERR(ctx), -EINVAL);
	assert_int_equal(fx->td->opens, 0);
	assert_false(tee_device_get(dev));
	assert_no_leak(fx, &m);

	/* Unregister's own put is then a no-op, and it frees the device. */
	tee_device_unregister(dev);
	fx->td->clnt_dev = NULL;
	fx->clnt = NULL;
}

static void
test_teedev_open__driver_open_error_is_propagated_nothing_leaked(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_context *ctx;

	fx->td->open_err = -EBUSY;
	ctx = teedev_open(fx->supp, &fx->cred);
	assert_int_equal(PTR_ERR(ctx), -EBUSY);
	assert_int_equal(dev_num_users(fx->supp), 1);
	assert_no_leak(fx, &m);

	/* The driver's own allocation failing is its error too. */
	fx->td->open_err = 0;
	kmem_fail_nth(2);
	ctx = teedev_open(fx->clnt, &fx->cred);
	kmem_fail_nth(0);
	assert_int_equal(PTR_ERR(ctx), -ENOMEM);
	assert_int_equal(dev_num_users(fx->clnt), 1);
	assert_no_leak(fx, &m);
}

static void test_teedev_open__kzalloc_failure_is_enomem(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_context *ctx;

	kmem_fail_nth(1);
	ctx = teedev_open(fx->clnt, &fx->cred);
	kmem_fail_nth(0);
	assert_int_equal(PTR_ERR(ctx), -ENOMEM);
	assert_int_equal(fx->td->opens, 0);
	assert_int_equal(dev_num_users(fx->clnt), 1);
	assert_no_leak(fx, &m);
}

static void test_teedev_open__records_caller_credentials(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx;

	fx->cred.ngroups = 2;
	fx->cred.groups[0] = 7;
	fx->cred.groups[1] = 8;
	ctx = open_ctx(fx, fx->clnt);
	assert_ptr_equal(ctx->teedev, fx->clnt);
	assert_int_equal(ctx->cred.pid, 4242);
	assert_int_equal(ctx->cred.euid, 1000);
	assert_int_equal(ctx->cred.egid, 1000);
	assert_int_equal(ctx->cred.ngroups, 2);
	assert_int_equal(ctx->cred.groups[1], 8);
	assert_true(list_empty(&ctx->list_shm));
	assert_int_equal(dev_num_users(fx->clnt), 2);
	close_ctx(fx, ctx);

	/* No credentials: the caller is root. */
	ctx = teedev_open(fx->clnt, NULL);
	assert_false(IS_ERR(ctx));
	assert_int_equal(ctx->cred.euid, 0);
	assert_int_equal(ctx->cred.ngroups, 0);
	close_ctx(fx, ctx);
	assert_int_equal(dev_num_users(fx->clnt), 1);
}

/*
 * A driver's own context (mainline's optee_probe() opens one): no
 * credentials, and the supplicant is never waited for; a client's is.
 */
static void
test_tee_kernel_open_context__no_credentials_supp_nowait(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx;

	ctx = tee_kernel_open_context(fx->clnt);
	assert_false(IS_ERR(ctx));
	assert_true(ctx->supp_nowait);
	assert_int_equal(ctx->cred.euid, 0);
	assert_int_equal(ctx->cred.pid, 0);
	assert_int_equal(fx->td->opens, 1);
	teedev_close_context(ctx);
	ctx = open_ctx(fx, fx->clnt);
	assert_false(ctx->supp_nowait);
	close_ctx(fx, ctx);
	/* The driver's open error comes back as with teedev_open(). */
	fx->td->open_err = -EBUSY;
	assert_int_equal(PTR_ERR(tee_kernel_open_context(fx->clnt)), -EBUSY);
	assert_int_equal(dev_num_users(fx->clnt), 1);
}

static void
test_teedev_close_context__driver_release_closes_sessions(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_context *ctx;

	ctx = open_ctx(fx, fx->clnt);
	open_session_ok(fx->p, ctx);
	open_session_ok(fx->p, ctx);
	assert_int_equal(testdrv_num_sessions(ctx), 2);
	close_ctx(fx, ctx);
	assert_int_equal(fx->td->releases, 1);
	assert_int_equal(fx->td->release_closed, 2);
	assert_int_equal(dev_num_users(fx->clnt), 1);
	assert_no_leak(fx, &m);
}

/* Seed tee_release(): shm->ctx = NULL; the shm lives while referenced. */
static void
test_teedev_close_context__shm_outlives_context_with_ctx_cleared(void **state)
{
	struct fx *fx = *state;
	struct mark m = mark_now(fx);
	struct tee_context *ctx, *other;
	struct tee_shm *shm;
	int fd, id;

	ctx = open_ctx(fx, fx->clnt);
	other = open_ctx(fx, fx->clnt);
	fd = shm_alloc_ok(fx->p, ctx, 100, &id);
	shm = uproc_shm(fx->p, fd);
	assert_ptr_equal(shm->ctx, ctx);

	close_ctx(fx, ctx);
	assert_null(shm->ctx);
	assert_int_equal(shm_refs(shm), 1);
	assert_int_equal(idr_count(&fx->clnt->idr), 1);
	/* The shm still holds the device: other + shm + registration. */
	assert_int_equal(dev_num_users(fx->clnt), 3);
	/* Nobody can look it up any longer, not even by its id. */
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(other, id)), -EINVAL);
	/* Its memory is still there for whoever holds it. */
	memset(tee_shm_get_va(shm, 0), 0x5a, 100);

	uproc_close(fx->p, fd);
	assert_int_equal(idr_count(&fx->clnt->idr), 0);
	assert_int_equal(dev_num_users(fx->clnt), 2);
	close_ctx(fx, other);
	assert_no_leak(fx, &m);
}

/* ------------------------------------------------------------------ */
/* TEE_IOC_VERSION (tee_ioctl_version)                                 */
/* ------------------------------------------------------------------ */

/* Mainline: the core ORs in TEE_GEN_CAP_PRIVILEGED; v16 did not. */
static void
test_tee_ioctl_version__privileged_cap_only_on_privileged_device(void **st)
{
	struct fx *fx = *st;
	struct tee_ioctl_version_data *vers = umem(fx->p, UARG_OFF);
	const struct tee_uspan span = {UARG_OFF, sizeof(*vers)};
	struct tee_context *clnt = open_ctx(fx, fx->clnt);
	struct tee_context *supp = open_ctx(fx, fx->supp);

	memset(vers, 0xff, sizeof(*vers));
	assert_int_equal(uproc_ioctl(fx->p, clnt, TEE_IOC_VERSION), 0);
	assert_int_equal(vers->impl_id, TESTDRV_IMPL_ID);
	assert_int_equal(vers->impl_caps, 0);
	assert_int_equal(vers->gen_caps, TEE_GEN_CAP_GP);
	assert_spans(fx->p, &span, 1);

	memset(vers, 0xff, sizeof(*vers));
	assert_int_equal(uproc_ioctl(fx->p, supp, TEE_IOC_VERSION), 0);
	assert_int_equal(vers->impl_id, TESTDRV_IMPL_ID);
	assert_int_equal(vers->gen_caps,
			 TEE_GEN_CAP_GP | TEE_GEN_CAP_PRIVILEGED);
	assert_int_equal(TEE_GEN_CAP_PRIVILEGED, 0x2);

	close_ctx(fx, supp);
	close_ctx(fx, clnt);
}

static void test_tee_ioctl_version__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	assert_arg_ptr_efault(fx->p, ctx, TEE_IOC_VERSION, 4);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* TEE_IOC_SHM_ALLOC (tee_ioctl_shm_alloc, tee_shm_alloc)              */
/* ------------------------------------------------------------------ */

static void test_tee_ioctl_shm_alloc__flags_not_zero_is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_shm_alloc_data *data = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);
	const u32 flags[] = {1, 2, 3, 0x80000000};

	for (size_t i = 0; i < ARRAY_SIZE(flags); i++) {
		data->size = 100;
		data->flags = flags[i];
		data->id = -42;
		assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_ALLOC),
				 -EINVAL);
		assert_int_equal(data->id, -42);
		assert_nothing_written(fx->p);
	}
	assert_int_equal(uproc_num_fds(fx->p), 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Mainline: flags are not written back (v16 wrote 0x3). */
static void
test_tee_ioctl_shm_alloc__returns_fd_id_and_page_rounded_size(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_shm_alloc_data *data = umem(fx->p, UARG_OFF);
	const struct tee_uspan span = {UARG_OFF, sizeof(*data)};
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct tee_shm *shm;
	int fd, id;

	fd = shm_alloc_ok(fx->p, ctx, 1, &id);
	assert_int_equal(fd, UPROC_FD_BASE);
	assert_int_equal(id, 1);
	assert_int_equal(data->size, PAGE_SIZE);
	assert_int_equal(data->flags, 0);
	assert_spans(fx->p, &span, 1);
	shm = uproc_shm(fx->p, fd);
	assert_int_equal(tee_shm_get_id(shm), 1);
	assert_int_equal(tee_shm_get_size(shm), PAGE_SIZE);
	assert_int_equal(shm->flags, TEE_SHM_MAPPED | TEE_SHM_DMA_BUF);
	assert_ptr_equal(shm->ctx, ctx);
	/* Only the file holds it now. */
	assert_int_equal(shm_refs(shm), 1);

	fd = shm_alloc_ok(fx->p, ctx, PAGE_SIZE + 1, &id);
	assert_int_equal(fd, UPROC_FD_BASE + 1);
	assert_int_equal(id, 2);
	assert_int_equal(data->size, 2 * PAGE_SIZE);

	fd = shm_alloc_ok(fx->p, ctx, PAGE_SIZE, &id);
	assert_int_equal(data->size, PAGE_SIZE);
	assert_int_equal(list_count(&ctx->list_shm), 3);
	close_ctx(fx, ctx);
}

/* Seed v11+: pool memory is zeroed so no earlier user's data leaks. */
static void test_tee_shm_alloc__memory_is_zeroed_on_reuse(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct tee_shm *shm;
	unsigned char *va;
	void *first;
	int fd;

	fd = shm_alloc_ok(fx->p, ctx, PAGE_SIZE, NULL);
	shm = uproc_shm(fx->p, fd);
	first = shm->kaddr;
	memset(first, 0xa5, PAGE_SIZE);
	uproc_close(fx->p, fd);

	fd = shm_alloc_ok(fx->p, ctx, PAGE_SIZE, NULL);
	shm = uproc_shm(fx->p, fd);
	/* Best fit hands the same page back... */
	assert_ptr_equal(shm->kaddr, first);
	/* ...without the old contents. */
	va = shm->kaddr;
	for (size_t i = 0; i < PAGE_SIZE; i++)
		assert_int_equal(va[i], 0);
	uproc_close(fx->p, fd);
	close_ctx(fx, ctx);
}

static void test_tee_shm_alloc__ids_start_at_1_unique_lowest_reused(void **st)
{
	struct fx *fx = *st;
	struct tee_context *a = open_ctx(fx, fx->clnt);
	struct tee_context *b = open_ctx(fx, fx->clnt);
	int fd1, fd2, fd3, fd, id;

	fd1 = shm_alloc_ok(fx->p, a, 10, &id);
	assert_int_equal(id, 1);
	/* Ids are per device, not per context. */
	fd2 = shm_alloc_ok(fx->p, b, 10, &id);
	assert_int_equal(id, 2);
	fd3 = shm_alloc_ok(fx->p, a, 10, &id);
	assert_int_equal(id, 3);

	uproc_close(fx->p, fd2);
	fd = shm_alloc_ok(fx->p, a, 10, &id);
	assert_int_equal(id, 2);
	shm_alloc_ok(fx->p, a, 10, &id);
	assert_int_equal(id, 4);
	uproc_close(fx->p, fd1);
	uproc_close(fx->p, fd);
	shm_alloc_ok(fx->p, b, 10, &id);
	assert_int_equal(id, 1);
	shm_alloc_ok(fx->p, b, 10, &id);
	assert_int_equal(id, 2);
	assert_ptr_equal(idr_find(&fx->clnt->idr, 3), uproc_shm(fx->p, fd3));
	close_ctx(fx, b);
	close_ctx(fx, a);
}

static void test_tee_shm_get_from_id__only_for_the_owning_context(void **st)
{
	struct fx *fx = *st;
	struct tee_context *a = open_ctx(fx, fx->clnt);
	struct tee_context *b = open_ctx(fx, fx->clnt);
	struct tee_context *s = open_ctx(fx, fx->supp);
	struct mark m;
	struct tee_shm *shm, *got;
	int fd, id;

	fd = shm_alloc_ok(fx->p, a, 10, &id);
	shm = uproc_shm(fx->p, fd);
	m = mark_now(fx);

	got = tee_shm_get_from_id(a, id);
	assert_ptr_equal(got, shm);
	assert_int_equal(shm_refs(shm), 2);
	tee_shm_put(got);
	assert_int_equal(shm_refs(shm), 1);

	assert_int_equal(PTR_ERR(tee_shm_get_from_id(b, id)), -EINVAL);
	/* The same id on another device is another object (or none). */
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(s, id)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(a, 0)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(a, -1)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(a, id + 1)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_get_from_id(NULL, id)), -EINVAL);
	assert_int_equal(shm_refs(shm), 1);
	assert_no_leak(fx, &m);

	close_ctx(fx, s);
	close_ctx(fx, b);
	close_ctx(fx, a);
}

static size_t user_pool_avail(struct fx *fx)
{
	return gen_pool_avail(fx->td->pool->dma_buf_mgr->private_data);
}

static void
test_tee_shm_alloc__pool_exhaustion_is_enomem_nothing_leaked(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	assert_int_equal(
		shm_alloc_ioctl(fx->p, ctx, TESTDRV_USER_SIZE + 1, NULL),
		-ENOMEM);
	assert_no_leak(fx, &m);
	assert_int_equal(user_pool_avail(fx), TESTDRV_USER_SIZE);

	for (int i = 0; i < TESTDRV_USER_PAGES; i++)
		shm_alloc_ok(fx->p, ctx, PAGE_SIZE, NULL);
	assert_int_equal(user_pool_avail(fx), 0);
	m = mark_now(fx);
	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, 1, NULL), -ENOMEM);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	assert_int_equal(uproc_num_fds(fx->p), TESTDRV_USER_PAGES);

	/* Closing one fd makes room again. */
	uproc_close(fx->p, UPROC_FD_BASE + 5);
	shm_alloc_ok(fx->p, ctx, 1, NULL);
	close_ctx(fx, ctx);
}

static void
test_tee_shm_alloc__id_exhaustion_is_enomem_nothing_leaked(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m;
	size_t avail;
	int fd, id;

	fx->clnt->shm_id_max = 3;
	fd = shm_alloc_ok(fx->p, ctx, 1, &id);
	assert_int_equal(id, 1);
	shm_alloc_ok(fx->p, ctx, 1, &id);
	assert_int_equal(id, 2);

	m = mark_now(fx);
	avail = user_pool_avail(fx);
	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, 1, &id), -ENOMEM);
	assert_int_equal(id, -42);
	assert_no_leak(fx, &m);
	/* The pool memory went back too. */
	assert_int_equal(user_pool_avail(fx), avail);

	uproc_close(fx->p, fd);
	shm_alloc_ok(fx->p, ctx, 1, &id);
	assert_int_equal(id, 1);
	close_ctx(fx, ctx);
}

/* Seed pool_op_gen_alloc(): gen_pool_alloc() of 0 bytes fails: ENOMEM. */
static void test_tee_shm_alloc__size_zero_or_huge_is_enomem(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, 0, NULL), -ENOMEM);
	assert_no_leak(fx, &m);
	/* Rounding up to a page must not wrap to a small size. */
	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, UINT64_MAX, NULL),
			 -ENOMEM);
	assert_int_equal(
		shm_alloc_ioctl(fx->p, ctx, UINT64_MAX - PAGE_SIZE, NULL),
		-ENOMEM);
	assert_no_leak(fx, &m);
	assert_int_equal(uproc_num_fds(fx->p), 0);
	close_ctx(fx, ctx);
}

static void
test_tee_shm_alloc__kzalloc_failure_is_enomem_nothing_leaked(void **state)
{
	struct fx *fx = *state;
	struct tee_device *dev;
	struct tee_context *ctx;
	long n, rc;

	/* A device that never had an id, so its idr has to grow too. */
	dev = tee_device_alloc(&testdrv_clnt_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	assert_int_equal(tee_device_register(dev), 0);
	ctx = open_ctx(fx, dev);

	/* Every allocation on the way fails in turn. */
	for (n = 1;; n++) {
		long live = kmem_live();

		kmem_fail_nth(n);
		rc = shm_alloc_ioctl(fx->p, ctx, 100, NULL);
		kmem_fail_nth(0);
		if (rc >= 0)
			break;
		assert_int_equal(rc, -ENOMEM);
		assert_int_equal(kmem_live(), live);
		assert_int_equal(idr_count(&dev->idr), 0);
		assert_int_equal(uproc_num_fds(fx->p), 0);
		assert_int_equal(user_pool_avail(fx), TESTDRV_USER_SIZE);
		assert_true(list_empty(&ctx->list_shm));
	}
	/* The shm, then the idr's first slot array. */
	assert_int_equal(n, 3);
	assert_int_equal(rc, UPROC_FD_BASE);
	uproc_close(fx->p, (int)rc);
	close_ctx(fx, ctx);
	tee_device_unregister(dev);
}

/* Seed: "if tee_shm_get_fd() failed then it will be freed immediately". */
static void test_tee_shm_get_fd__install_failure_frees_shm(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	fx->p->install_err = -EMFILE;
	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, 100, NULL), -EMFILE);
	assert_no_leak(fx, &m);
	assert_int_equal(user_pool_avail(fx), TESTDRV_USER_SIZE);
	assert_true(list_empty(&ctx->list_shm));

	/* A process without a file table gets no fd either. */
	fx->p->install_err = 0;
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SHM_ALLOC,
					 UA(UARG_OFF), NULL),
			 -EINVAL);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void
test_tee_ioctl_shm_alloc__copy_to_user_failure_efault_frees_shm(void **st)
{
	struct fx *fx = *st;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	/* The process unmaps the argument while the memory is allocated. */
	fx->p->unmap_at = 0;
	testdrv_set_hook(fx->td, TESTDRV_HOOK_SHM_ALLOC, hook_unmap, fx->p);
	assert_int_equal(shm_alloc_ioctl(fx->p, ctx, 100, NULL), -EFAULT);
	testdrv_set_hook(fx->td, TESTDRV_HOOK_NONE, NULL, NULL);
	assert_int_equal(uproc_num_fds(fx->p), 0);
	assert_no_leak(fx, &m);
	assert_int_equal(user_pool_avail(fx), TESTDRV_USER_SIZE);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_shm_alloc__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SHM_ALLOC, UBAD,
					 &uproc_ops),
			 -EFAULT);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Seed tee_shm_alloc(): MAPPED required; without DMA_BUF, private memory. */
static void test_tee_shm_alloc__driver_private_memory(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);
	struct tee_shm *shm;
	char *priv = fx->td->mem;

	assert_int_equal(PTR_ERR(tee_shm_alloc(ctx, 100, 0)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_alloc(ctx, 100, TEE_SHM_DMA_BUF)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_alloc(ctx, 100, TEE_SHM_MAPPED | 0x8)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_alloc(
				 ctx, 100, TEE_SHM_MAPPED | TEE_SHM_REGISTER)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_alloc(ctx, TESTDRV_PRIV_SIZE + 1,
					       TEE_SHM_MAPPED)),
			 -ENOMEM);
	assert_no_leak(fx, &m);

	shm = tee_shm_alloc(ctx, 100, TEE_SHM_MAPPED);
	assert_false(IS_ERR(shm));
	/* 8-byte granule, no id, inside the private range. */
	assert_int_equal(tee_shm_get_size(shm), 104);
	assert_int_equal(tee_shm_get_id(shm), -1);
	assert_int_equal(idr_count(&fx->clnt->idr), 0);
	assert_true((char *)shm->kaddr >= priv &&
		    (char *)shm->kaddr < priv + TESTDRV_PRIV_SIZE);
	assert_int_equal(shm->paddr,
			 TESTDRV_PADDR + ((char *)shm->kaddr - priv));
	assert_ptr_equal(shm->ctx, ctx);

	/* Not for user space. */
	tee_uspace_init(&fx->p->us, &uproc_ops, fx->p);
	assert_int_equal(tee_shm_get_fd(shm, &fx->p->us), -EINVAL);
	tee_shm_free(shm);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_shm_get_va_pa__translate_inside_the_object_only(void **s)
{
	struct fx *fx = *s;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct tee_shm *shm;
	phys_addr_t pa;
	char *va;
	void *v;
	int fd;

	shm_alloc_ok(fx->p, ctx, PAGE_SIZE, NULL);
	fd = shm_alloc_ok(fx->p, ctx, PAGE_SIZE, NULL);
	shm = uproc_shm(fx->p, fd);
	va = shm->kaddr;
	assert_int_equal(shm->paddr,
			 TESTDRV_PADDR + TESTDRV_PRIV_SIZE + PAGE_SIZE);

	assert_ptr_equal(tee_shm_get_va(shm, 0), va);
	assert_ptr_equal(tee_shm_get_va(shm, PAGE_SIZE - 1),
			 va + PAGE_SIZE - 1);
	assert_int_equal(PTR_ERR(tee_shm_get_va(shm, PAGE_SIZE)), -EINVAL);

	assert_int_equal(tee_shm_get_pa(shm, 5, &pa), 0);
	assert_int_equal(pa, shm->paddr + 5);
	assert_int_equal(tee_shm_get_pa(shm, 0, NULL), 0);
	assert_int_equal(tee_shm_get_pa(shm, PAGE_SIZE, &pa), -EINVAL);

	assert_int_equal(tee_shm_va2pa(shm, va + 10, &pa), 0);
	assert_int_equal(pa, shm->paddr + 10);
	assert_int_equal(tee_shm_va2pa(shm, va - 1, &pa), -EINVAL);
	assert_int_equal(tee_shm_va2pa(shm, va + PAGE_SIZE, &pa), -EINVAL);

	assert_int_equal(tee_shm_pa2va(shm, shm->paddr + 7, &v), 0);
	assert_ptr_equal(v, va + 7);
	assert_int_equal(tee_shm_pa2va(shm, shm->paddr, NULL), 0);
	assert_int_equal(tee_shm_pa2va(shm, shm->paddr - 1, &v), -EINVAL);
	assert_int_equal(tee_shm_pa2va(shm, shm->paddr + PAGE_SIZE, &v),
			 -EINVAL);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* OPEN_SESSION and INVOKE: buffer and parameter rules                 */
/* (seed tee_ioctl_open_session, tee_ioctl_invoke, params_from_user)   */
/* ------------------------------------------------------------------ */

/* The two calls that carry client params. */
struct call_kind {
	unsigned int cmd;
	size_t hdr;
};

static const struct call_kind call_open = {TEE_IOC_OPEN_SESSION, OPEN_HDR};
static const struct call_kind call_invoke = {TEE_IOC_INVOKE, INVOKE_HDR};
static const struct call_kind *const call_kinds[] = {&call_open, &call_invoke};

/* Writes a call of @k with @num_params zeroed params at UBUF_OFF. */
static struct tee_ioctl_param *prep_call(struct uproc *p,
					 const struct call_kind *k, u32 session,
					 u32 num_params)
{
	if (k->cmd == TEE_IOC_OPEN_SESSION)
		return open_arg(p, TEE_IOCTL_LOGIN_PUBLIC, num_params)->params;
	return invoke_arg(p, session, (u32)TESTDRV_FUNC_NONE, num_params)
		->params;
}

/* How often the driver op behind @k ran. */
static int calls_made(const struct testdrv *td, const struct call_kind *k)
{
	return k->cmd == TEE_IOC_OPEN_SESSION ? td->open_session_calls
					      : td->invoke_calls;
}

static void set_call_err(struct testdrv *td, const struct call_kind *k, int err)
{
	if (k->cmd == TEE_IOC_OPEN_SESSION)
		td->open_session_err = err;
	else
		td->invoke_err = err;
}

/* A context with one session and one shm of @size (fd and id given). */
struct call_env {
	struct tee_context *ctx;
	u32 session;
	int fd;
	int id;
	struct tee_shm *shm;
};

static void call_env_init(struct fx *fx, struct call_env *e, size_t size)
{
	e->ctx = open_ctx(fx, fx->clnt);
	e->session = open_session_ok(fx->p, e->ctx);
	e->fd = shm_alloc_ok(fx->p, e->ctx, size, &e->id);
	e->shm = uproc_shm(fx->p, e->fd);
}

static void call_env_fini(struct fx *fx, struct call_env *e)
{
	uproc_close(fx->p, e->fd);
	close_ctx(fx, e->ctx);
}

/* Runs call @k, expecting @rc, no driver call, nothing written or kept. */
static void assert_call_refused(struct fx *fx, const struct call_kind *k,
				struct call_env *e, long rc)
{
	struct mark m = mark_now(fx);
	int calls = calls_made(fx->td, k);

	assert_int_equal(uproc_ioctl(fx->p, e->ctx, k->cmd), rc);
	assert_int_equal(calls_made(fx->td, k), calls);
	assert_nothing_written(fx->p);
	assert_int_equal(shm_refs(e->shm), 1);
	assert_no_leak(fx, &m);
}

/* ABI-FACTS 1.5: hdr <= buf_len <= TEE_MAX_ARG_SIZE, and exact. */
static void check_buf_len_rules(struct fx *fx, const struct call_kind *k)
{
	u32 max_params = (TEE_MAX_ARG_SIZE - k->hdr) / PARAM_SIZE;
	struct tee_ioctl_param *params;
	struct call_env e;
	u32 *num_params;

	call_env_init(fx, &e, 100);

	/* Consistent but past TEE_MAX_ARG_SIZE. */
	prep_call(fx->p, k, e.session, max_params + 1);
	assert_call_refused(fx, k, &e, -EINVAL);

	/* Shorter than the header: refused before the pointer is used. */
	prep_call(fx->p, k, e.session, 0);
	put_buf_data(fx->p, UA(UBUF_OFF), k->hdr - 1);
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UBAD, k->hdr - 1);
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), 0);
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), UINT64_MAX);
	assert_call_refused(fx, k, &e, -EINVAL);

	/* Not exactly header + 32 * num_params. */
	params = prep_call(fx->p, k, e.session, 2);
	set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 1,
		  (u64)e.id);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(k->hdr, 2) + 1);
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(k->hdr, 2) - 1);
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(k->hdr, 3));
	assert_call_refused(fx, k, &e, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(k->hdr, 1));
	assert_call_refused(fx, k, &e, -EINVAL);

	/* A huge num_params must not wrap into a match. */
	prep_call(fx->p, k, e.session, 0);
	num_params = umem(fx->p, UBUF_OFF + k->hdr - sizeof(u32));
	*num_params = UINT32_MAX;
	assert_call_refused(fx, k, &e, -EINVAL);
	*num_params = 0x08000000; /* 32 * n == 4 GiB */
	assert_call_refused(fx, k, &e, -EINVAL);

	/* The largest call that fits is taken. */
	prep_call(fx->p, k, e.session, max_params);
	assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), 0);
	assert_int_equal(fx->td->last_num_params, max_params);
	call_env_fini(fx, &e);
}

static void test_tee_ioctl_open_session__buf_len_rules_einval(void **state)
{
	check_buf_len_rules(*state, &call_open);
}

static void test_tee_ioctl_invoke__buf_len_rules_einval(void **state)
{
	check_buf_len_rules(*state, &call_invoke);
}

static void check_bad_buf_ptr(struct fx *fx, const struct call_kind *k)
{
	struct tee_ioctl_param *params;
	struct call_env e;
	struct mark m;
	size_t off;

	call_env_init(fx, &e, 100);
	m = mark_now(fx);

	/* The struct tee_ioctl_buf_data itself. */
	prep_call(fx->p, k, e.session, 0);
	assert_arg_ptr_efault(fx->p, e.ctx, k->cmd, 8);
	/* buf_ptr outside the process, or straddling its end. */
	put_buf_data(fx->p, UBAD, k->hdr);
	assert_call_refused(fx, k, &e, -EFAULT);
	put_buf_data(fx->p, UA(UMEM_SIZE - k->hdr + 4), k->hdr);
	assert_call_refused(fx, k, &e, -EFAULT);

	/*
	 * Header and first param inside, second param past the end: the
	 * reference the first one took is dropped again.
	 */
	off = UMEM_SIZE - k->hdr - PARAM_SIZE;
	params = prep_call(fx->p, k, e.session, 2);
	set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 1,
		  (u64)e.id);
	memmove(umem(fx->p, off), umem(fx->p, UBUF_OFF), k->hdr + PARAM_SIZE);
	put_buf_data(fx->p, UA(off), ARG_LEN(k->hdr, 2));
	assert_call_refused(fx, k, &e, -EFAULT);
	assert_no_leak(fx, &m);
	call_env_fini(fx, &e);
}

static void
test_tee_ioctl_open_session__buf_ptr_outside_user_memory_efault(void **state)
{
	check_bad_buf_ptr(*state, &call_open);
}

static void test_tee_ioctl_invoke__buf_ptr_outside_user_memory_efault(void **s)
{
	check_bad_buf_ptr(*s, &call_invoke);
}

/* Fills params[1] with @attr after a resolved memref in params[0]. */
static void check_second_param_refused(struct fx *fx, struct call_env *e,
				       u64 attr, u64 a, u64 b, u64 c)
{
	for (size_t i = 0; i < ARRAY_SIZE(call_kinds); i++) {
		const struct call_kind *k = call_kinds[i];
		struct tee_ioctl_param *params;

		params = prep_call(fx->p, k, e->session, 3);
		set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0,
			  8, (u64)e->id);
		set_param(&params[1], attr, a, b, c);
		set_param(&params[2], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0,
			  8, (u64)e->id);
		assert_call_refused(fx, k, e, -EINVAL);
	}
}

/* Mainline: attr & ~TEE_IOCTL_PARAM_ATTR_MASK (0x1ff) must be 0. */
static void test_params_from_user__unknown_attr_bits_are_einval(void **state)
{
	struct fx *fx = *state;
	const u64 attrs[] = {
		0x200,
		0x200 | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT,
		0x300 | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT,
		0x1000 | TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
		1ULL << 63,
		(1ULL << 32) | TEE_IOCTL_PARAM_ATTR_TYPE_NONE,
	};
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		check_second_param_refused(fx, &e, attrs[i], 1, 2, 3);
	call_env_fini(fx, &e);
}

/* Types 4 and 14..255 are unknown; no driver here takes UBUF/OBJREF. */
static void test_params_from_user__unknown_types_are_einval(void **state)
{
	struct fx *fx = *state;
	const u64 types[] = {4, 8, 9, 10, 11, 12, 13, 14, 0x7f, 0xff};
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(types); i++) {
		check_second_param_refused(fx, &e, types[i], 0, 8, (u64)e.id);
		check_second_param_refused(fx, &e,
					   types[i] | TEE_IOCTL_PARAM_ATTR_META,
					   0, 8, (u64)e.id);
	}
	call_env_fini(fx, &e);
}

/* Mainline: the core accepts META; whether it is valid is the driver's. */
static void test_params_from_user__meta_bit_accepted_by_core(void **state)
{
	struct fx *fx = *state;
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(call_kinds); i++) {
		const struct call_kind *k = call_kinds[i];
		struct tee_ioctl_param *params;
		const struct tee_param *got = fx->td->last_params;

		params = prep_call(fx->p, k, e.session, 3);
		set_param(&params[0],
			  TEE_IOCTL_PARAM_ATTR_META |
				  TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT,
			  1, 2, 3);
		set_param(&params[1], TEE_IOCTL_PARAM_ATTR_META, 4, 5, 6);
		set_param(&params[2],
			  TEE_IOCTL_PARAM_ATTR_META |
				  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
			  16, 32, (u64)e.id);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), 0);
		assert_int_equal(fx->td->last_num_params, 3);
		assert_int_equal(got[0].attr, 0x101);
		assert_int_equal(got[0].u.value.a, 1);
		assert_int_equal(got[0].u.value.b, 2);
		assert_int_equal(got[0].u.value.c, 3);
		/* NONE carries no value in. */
		assert_int_equal(got[1].attr, 0x100);
		assert_int_equal(got[1].u.value.a, 0);
		assert_int_equal(got[2].attr, 0x105);
		assert_ptr_equal(got[2].u.memref.shm, e.shm);
		assert_int_equal(got[2].u.memref.shm_offs, 16);
		assert_int_equal(got[2].u.memref.size, 32);
		assert_int_equal(shm_refs(e.shm), 1);
	}
	call_env_fini(fx, &e);
}

/* Seed: VALUE_OUTPUT and NONE ignore a, b, c on the way in. */
static void test_params_from_user__outputs_carry_no_values_in(void **state)
{
	struct fx *fx = *state;
	const struct tee_param *got = fx->td->last_params;
	struct tee_ioctl_param *params;
	struct call_env e;

	call_env_init(fx, &e, 100);
	params = prep_call(fx->p, &call_invoke, e.session, 3);
	set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 1, 2, 3);
	set_param(&params[1], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 4, 5, 6);
	set_param(&params[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 7, 8, 9);
	assert_int_equal(uproc_ioctl(fx->p, e.ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(got[0].u.value.a, 0);
	assert_int_equal(got[0].u.value.b, 0);
	assert_int_equal(got[0].u.value.c, 0);
	assert_int_equal(got[1].u.value.c, 0);
	assert_int_equal(got[2].u.value.a, 7);
	assert_int_equal(got[2].u.value.c, 9);
	call_env_fini(fx, &e);
}

static void test_params_from_user__memref_of_other_context_is_einval(void **s)
{
	struct fx *fx = *s;
	struct tee_context *other = open_ctx(fx, fx->clnt);
	struct tee_context *priv = open_ctx(fx, fx->supp);
	struct call_env e;
	int fd, id, pid;

	call_env_init(fx, &e, 100);
	fd = shm_alloc_ok(fx->p, other, 100, &id);
	/* Another device's shm, under an id that is free on this one. */
	for (int i = 0; i < 4; i++)
		shm_alloc_ok(fx->p, priv, 1, &pid);
	assert_int_equal(pid, 4);
	assert_null(idr_find(&fx->clnt->idr, pid));

	check_second_param_refused(
		fx, &e, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8, (u64)id);
	check_second_param_refused(fx, &e,
				   TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0,
				   8, (u64)pid);
	assert_int_equal(shm_refs(uproc_shm(fx->p, fd)), 1);
	call_env_fini(fx, &e);
	close_ctx(fx, priv);
	close_ctx(fx, other);
}

static void test_params_from_user__memref_nonexistent_id_is_einval(void **s)
{
	struct fx *fx = *s;
	const u64 ids[] = {0, 999, (u64)-5, 0x7fffffff, (u64)INT32_MIN};
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(ids); i++)
		check_second_param_refused(
			fx, &e, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0, 8,
			ids[i]);
	call_env_fini(fx, &e);
}

/* Mainline: offset + size must not overflow nor pass the object's end. */
static void test_params_from_user__memref_offset_size_overflow_einval(void **s)
{
	struct fx *fx = *s;
	const u64 ab[][2] = {
		{UINT64_MAX, 2},
		{2, UINT64_MAX},
		{UINT64_MAX, UINT64_MAX},
		{1ULL << 63, 1ULL << 63},
	};
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(ab); i++)
		check_second_param_refused(
			fx, &e, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
			ab[i][0], ab[i][1], (u64)e.id);
	call_env_fini(fx, &e);
}

static void
test_params_from_user__memref_past_end_einval_up_to_end_ok(void **state)
{
	struct fx *fx = *state;
	const u64 bad[][2] = {
		{0, PAGE_SIZE + 1},
		{PAGE_SIZE, 1},
		{PAGE_SIZE + 1, 0},
		{100, PAGE_SIZE - 99},
	};
	const u64 good[][2] = {
		{0, PAGE_SIZE},
		{100, PAGE_SIZE - 100},
		{PAGE_SIZE, 0},
		{0, 0},
	};
	const struct tee_param *got = fx->td->last_params;
	struct call_env e;

	call_env_init(fx, &e, 100); /* one page */
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		check_second_param_refused(
			fx, &e, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT,
			bad[i][0], bad[i][1], (u64)e.id);

	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		struct tee_ioctl_param *params;

		params = prep_call(fx->p, &call_invoke, e.session, 1);
		set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT,
			  good[i][0], good[i][1], (u64)e.id);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, TEE_IOC_INVOKE), 0);
		assert_ptr_equal(got[0].u.memref.shm, e.shm);
		assert_int_equal(got[0].u.memref.shm_offs, good[i][0]);
		assert_int_equal(got[0].u.memref.size, good[i][1]);
		assert_int_equal(shm_refs(e.shm), 1);
	}
	call_env_fini(fx, &e);
}

/* Mainline: TEE_MEMREF_NULL only when the driver set cap_memref_null. */
static void test_params_from_user__memref_null_einval_without_cap(void **s)
{
	struct fx *fx = *s;
	struct call_env e;

	call_env_init(fx, &e, 100);
	assert_false(e.ctx->cap_memref_null);
	check_second_param_refused(fx, &e,
				   TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 0,
				   TEE_MEMREF_NULL);
	check_second_param_refused(fx, &e,
				   TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0,
				   16, TEE_MEMREF_NULL);
	call_env_fini(fx, &e);
}

static void
test_params_from_user__memref_null_reaches_driver_with_cap(void **state)
{
	struct fx *fx = *state;
	const struct tee_param *got = fx->td->last_params;
	struct tee_ioctl_invoke_arg *arg;
	struct call_env e;
	struct mark m;

	fx->td->cap_memref_null = true;
	call_env_init(fx, &e, 100);
	assert_true(e.ctx->cap_memref_null);
	m = mark_now(fx);

	for (size_t i = 0; i < ARRAY_SIZE(call_kinds); i++) {
		struct tee_ioctl_param *params;

		params = prep_call(fx->p, call_kinds[i], e.session, 2);
		set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0,
			  0, TEE_MEMREF_NULL);
		set_param(&params[1], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT,
			  0, 64, TEE_MEMREF_NULL);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, call_kinds[i]->cmd),
				 0);
		assert_null(got[0].u.memref.shm);
		assert_null(got[1].u.memref.shm);
		assert_int_equal(got[1].u.memref.size, 64);
	}
	/* Nothing kept but the session the open made. */
	m.live++;
	assert_no_leak(fx, &m);

	/* The size of a null output memref is still written back. */
	arg = invoke_arg(fx->p, e.session, TESTDRV_FUNC_SHORT, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0,
		  64, TEE_MEMREF_NULL);
	assert_int_equal(uproc_ioctl(fx->p, e.ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TESTDRV_RET_SHORT_BUFFER);
	assert_int_equal(arg->params[0].b, 128);
	assert_int_equal(arg->params[0].c, TEE_MEMREF_NULL);
	call_env_fini(fx, &e);
}

/*
 * Seed: "It's the callers responibility to do tee_shm_put() on all
 * resolved pointers" - after the call and on every error path.
 */
static void
test_tee_ioctl_invoke__memref_references_dropped_on_every_path(void **state)
{
	struct fx *fx = *state;
	struct mark m0 = mark_now(fx);
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(call_kinds); i++) {
		const struct call_kind *k = call_kinds[i];
		struct tee_ioctl_param *params;
		struct mark m = mark_now(fx);

		/* Success (an open keeps its new session). */
		params = prep_call(fx->p, k, e.session, 3);
		for (int n = 0; n < 3; n++)
			set_param(&params[n],
				  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT + n,
				  (u64)n, 8, (u64)e.id);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), 0);
		assert_int_equal(shm_refs(e.shm), 1);
		if (k == &call_open)
			m.live++;

		/* The driver fails. */
		set_call_err(fx->td, k, -EIO);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), -EIO);
		set_call_err(fx->td, k, 0);
		assert_nothing_written(fx->p);
		assert_int_equal(shm_refs(e.shm), 1);

		/* Writing the results back fails. */
		fx->p->unmap_at = UBUF_OFF;
		testdrv_set_hook(fx->td,
				 k == &call_open ? TESTDRV_HOOK_OPEN_SESSION
						 : TESTDRV_HOOK_INVOKE,
				 hook_unmap, fx->p);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), -EFAULT);
		testdrv_set_hook(fx->td, TESTDRV_HOOK_NONE, NULL, NULL);
		assert_int_equal(shm_refs(e.shm), 1);

		/* The params array cannot be allocated. */
		kmem_fail_nth(1);
		assert_int_equal(uproc_ioctl(fx->p, e.ctx, k->cmd), -ENOMEM);
		kmem_fail_nth(0);
		assert_int_equal(shm_refs(e.shm), 1);
		assert_no_leak(fx, &m);
	}
	call_env_fini(fx, &e);
	assert_no_leak(fx, &m0);
}

static void test_tee_ioctl_open_session__driver_without_op_einval(void **s)
{
	struct fx *fx = *s;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct mark m = mark_now(fx);

	open_arg(fx->p, TEE_IOCTL_LOGIN_PUBLIC, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION),
			 -EINVAL);
	/* Refused before anything is read. */
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_OPEN_SESSION, UBAD,
					 &uproc_ops),
			 -EINVAL);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_invoke__driver_without_op_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct mark m = mark_now(fx);

	invoke_arg(fx->p, 1, TESTDRV_FUNC_INC, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), -EINVAL);
	assert_int_equal(
		uproc_ioctl_ops(fx->p, ctx, TEE_IOC_INVOKE, UBAD, &uproc_ops),
		-EINVAL);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

struct call_thread {
	pthread_t thread;
	struct uproc *q;
	struct tee_context *ctx;
	unsigned int cmd;
	long rc;
};

static void *call_thread_fn(void *arg)
{
	struct call_thread *c = arg;

	c->rc = uproc_ioctl(c->q, c->ctx, c->cmd);
	return NULL;
}

/*
 * Seed: a memref param holds a reference for the duration of the call,
 * so closing the fd meanwhile does not free the memory under the TEE.
 */
static void
test_tee_ioctl_invoke__memref_shm_alive_while_call_in_flight(void **state)
{
	struct fx *fx = *state;
	struct mark m0 = mark_now(fx);
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	u32 session = open_session_ok(fx->p, ctx);

	for (size_t i = 0; i < ARRAY_SIZE(call_kinds); i++) {
		const struct call_kind *k = call_kinds[i];
		struct tee_ioctl_param *params;
		struct call_thread c = {.ctx = ctx, .cmd = k->cmd};
		struct tee_shm *shm;
		int fd, id;

		fd = shm_alloc_ok(fx->p, ctx, 100, &id);
		shm = uproc_shm(fx->p, fd);

		/* Another thread of the process makes the call. */
		c.q = uproc_new();
		if (k == &call_open) {
			fx->td->open_func = TESTDRV_FUNC_BLOCK;
			params = open_arg(c.q, TEE_IOCTL_LOGIN_PUBLIC, 1)
					 ->params;
		} else {
			params = invoke_arg(c.q, session, TESTDRV_FUNC_BLOCK, 1)
					 ->params;
		}
		set_param(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0,
			  16, (u64)id);
		assert_int_equal(
			pthread_create(&c.thread, NULL, call_thread_fn, &c), 0);
		testdrv_wait_blocked(fx->td);
		assert_ptr_equal(fx->td->blocked_shm, shm);
		assert_int_equal(shm_refs(shm), 2);

		/* The user closes its fd during the call. */
		uproc_close(fx->p, fd);
		assert_int_equal(shm_refs(shm), 1);
		assert_ptr_equal(idr_find(&fx->clnt->idr, id), shm);
		memset(tee_shm_get_va(shm, 0), 0x77, 16);

		testdrv_unblock(fx->td);
		assert_int_equal(pthread_join(c.thread, NULL), 0);
		fx->td->open_func = TESTDRV_FUNC_NONE;
		assert_int_equal(c.rc, 0);
		assert_int_equal(params[0].b, 16);
		/* Freed when the call returned. */
		assert_null(idr_find(&fx->clnt->idr, id));
		uproc_free(c.q);
		if (k == &call_open)
			assert_int_equal(testdrv_num_sessions(ctx), 2);
	}
	close_ctx(fx, ctx);
	assert_no_leak(fx, &m0);
}

/* The driver's result travels in ret/ret_origin with rc 0. */
static void test_tee_ioctl_invoke__ret_and_ret_origin_written(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_invoke_arg *arg;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	u32 session = open_session_ok(fx->p, ctx);
	struct mark m;

	arg = invoke_arg(fx->p, session, TESTDRV_FUNC_INC, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 41, 7,
		  9);
	arg->ret = 0xdead;
	arg->ret_origin = 0xbeef;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->params[0].a, 42);
	assert_int_equal(arg->params[0].b, 7);
	assert_int_equal(arg->ret, 0);
	assert_int_equal(arg->ret_origin, 0);
	assert_int_equal(fx->td->last_func, TESTDRV_FUNC_INC);

	arg = invoke_arg(fx->p, session, 999, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TESTDRV_RET_NOT_SUPPORTED);
	assert_int_equal(arg->ret_origin, TESTDRV_ORIGIN_TRUSTED_APP);

	/* An unknown session is the driver's error; nothing written. */
	m = mark_now(fx);
	arg = invoke_arg(fx->p, session + 100, TESTDRV_FUNC_INC, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), -EINVAL);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* Write-back (seed params_to_user; mainline: switch on the full attr) */
/* ------------------------------------------------------------------ */

#define PARAM_OFF(base, n) ((base) + PARAM_SIZE * (n))

static void assert_param(const struct tee_ioctl_param *ip, u64 attr, u64 a,
			 u64 b, u64 c)
{
	assert_int_equal(ip->attr, attr);
	assert_int_equal(ip->a, a);
	assert_int_equal(ip->b, b);
	assert_int_equal(ip->c, c);
}

static void test_params_to_user__only_outputs_written_meta_untouched(void **s)
{
	struct fx *fx = *s;
	const u64 meta = TEE_IOCTL_PARAM_ATTR_META;
	struct tee_ioctl_invoke_arg *arg;
	struct tee_ioctl_param *ip;
	struct call_env e;
	size_t pbase = UBUF_OFF + INVOKE_HDR;
	u64 id;

	call_env_init(fx, &e, 100);
	id = (u64)e.id;
	arg = invoke_arg(fx->p, e.session, TESTDRV_FUNC_SCRIBBLE, 9);
	ip = arg->params;
	set_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	set_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 4, 5, 6);
	set_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 7, 8, 9);
	set_param(&ip[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 10, id);
	set_param(&ip[4], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0, 20, id);
	set_param(&ip[5], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 8, 30, id);
	set_param(&ip[6], meta | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 10, 11,
		  12);
	set_param(&ip[7], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 13, 14, 15);
	set_param(&ip[8], meta | TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0, 40,
		  id);
	arg->cancel_id = 0x77;

	assert_int_equal(uproc_ioctl(fx->p, e.ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, TESTDRV_SCRIBBLE_RET);
	assert_int_equal(arg->ret_origin, TESTDRV_SCRIBBLE_ORIGIN);
	assert_int_equal(arg->func, TESTDRV_FUNC_SCRIBBLE);
	assert_int_equal(arg->session, e.session);
	assert_int_equal(arg->cancel_id, 0x77);
	assert_int_equal(arg->num_params, 9);

	assert_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	assert_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0xa1, 0xb1,
		     0xc1);
	assert_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 0xa2, 0xb2,
		     0xc2);
	assert_param(&ip[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 10, id);
	assert_param(&ip[4], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0, 0x1004,
		     id);
	assert_param(&ip[5], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 8, 0x1005,
		     id);
	assert_param(&ip[6], meta | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 10,
		     11, 12);
	assert_param(&ip[7], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 13, 14, 15);
	assert_param(&ip[8], meta | TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0,
		     40, id);

	/* Exactly these bytes were stored, nothing else. */
	{
		const struct tee_uspan spans[] = {
			{UBUF_OFF + offsetof(struct tee_ioctl_invoke_arg, ret),
			 8},
			{PARAM_OFF(pbase, 1) + 8, 24},
			{PARAM_OFF(pbase, 2) + 8, 24},
			{PARAM_OFF(pbase, 4) + 16, 8},
			{PARAM_OFF(pbase, 5) + 16, 8},
		};

		assert_spans(fx->p, spans, ARRAY_SIZE(spans));
	}
	call_env_fini(fx, &e);
}

static void
test_tee_ioctl_open_session__writes_session_ret_and_outputs(void **s)
{
	struct fx *fx = *s;
	struct tee_ioctl_open_session_arg *arg;
	struct tee_ioctl_param *ip;
	struct call_env e;
	size_t pbase = UBUF_OFF + OPEN_HDR;
	u8 uuid[TEE_IOCTL_UUID_LEN];

	call_env_init(fx, &e, 100);
	fx->td->open_func = TESTDRV_FUNC_SCRIBBLE;
	arg = open_arg(fx->p, TEE_IOCTL_LOGIN_PUBLIC, 4);
	memcpy(uuid, arg->uuid, sizeof(uuid));
	ip = arg->params;
	set_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	set_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 4, 5, 6);
	set_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 4, 20,
		  (u64)e.id);
	set_param(&ip[3],
		  TEE_IOCTL_PARAM_ATTR_META |
			  TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT,
		  7, 8, 9);
	arg->session = 0xffff;

	assert_int_equal(uproc_ioctl(fx->p, e.ctx, TEE_IOC_OPEN_SESSION), 0);
	assert_int_equal(arg->session, fx->td->next_session);
	assert_int_equal(arg->ret, TESTDRV_SCRIBBLE_RET);
	assert_int_equal(arg->ret_origin, TESTDRV_SCRIBBLE_ORIGIN);
	assert_memory_equal(arg->uuid, uuid, sizeof(uuid));
	assert_int_equal(arg->clnt_login, TEE_IOCTL_LOGIN_PUBLIC);
	assert_int_equal(arg->cancel_id, 0x1234);
	assert_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	assert_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0xa1, 0xb1,
		     0xc1);
	assert_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 4, 0x1002,
		     (u64)e.id);
	assert_param(&ip[3],
		     TEE_IOCTL_PARAM_ATTR_META |
			     TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT,
		     7, 8, 9);
	{
		const struct tee_uspan spans[] = {
			{UBUF_OFF + offsetof(struct tee_ioctl_open_session_arg,
					     session),
			 12},
			{PARAM_OFF(pbase, 1) + 8, 24},
			{PARAM_OFF(pbase, 2) + 16, 8},
		};

		assert_spans(fx->p, spans, ARRAY_SIZE(spans));
	}
	assert_int_equal(testdrv_num_sessions(e.ctx), 2);
	fx->td->open_func = TESTDRV_FUNC_NONE;
	call_env_fini(fx, &e);
}

/* ------------------------------------------------------------------ */
/* Login (mainline tee_ioctl_open_session, tee_session_calc_client_uuid)*/
/* ------------------------------------------------------------------ */

/* ABI-FACTS 2: the client UUIDs of uid/gid 0 and 1000. */
#define UUID_UID_0    "ef0180a3-13f3-5d1c-b7f5-888c0e21059a"
#define UUID_UID_1000 "fc34275c-d8dd-5ba7-968b-504718363b87"
#define UUID_GID_0    "d93bc168-f863-58d3-a1fe-bb2039421b99"
#define UUID_GID_1000 "0ece43ed-001d-51bd-bab7-480c8954c3cf"

static void parse_uuid(const char *str, u8 uuid[TEE_IOCTL_UUID_LEN])
{
	size_t n = 0;

	for (const char *s = str; *s; s++) {
		unsigned int byte;

		if (*s == '-')
			continue;
		assert_int_equal(sscanf(s, "%2x", &byte), 1);
		assert_true(n < TEE_IOCTL_UUID_LEN);
		uuid[n++] = (u8)byte;
		s++;
	}
	assert_int_equal(n, TEE_IOCTL_UUID_LEN);
}

/* Opens a session with @login and connection data @gid (GROUP). */
static long open_login(struct fx *fx, struct tee_context *ctx, u32 login,
		       gid_t gid)
{
	struct tee_ioctl_open_session_arg *arg;

	arg = open_arg(fx->p, login, 0);
	memcpy(arg->clnt_uuid, &gid, sizeof(gid));
	memset(fx->td->last_clnt_uuid, 0xee, TEE_IOCTL_UUID_LEN);
	return uproc_ioctl(fx->p, ctx, TEE_IOC_OPEN_SESSION);
}

/* Opens a context as @euid/@egid and a session with @login, @gid. */
static void assert_login_uuid(struct fx *fx, uid_t euid, gid_t egid, u32 login,
			      gid_t gid, const char *want)
{
	u8 uuid[TEE_IOCTL_UUID_LEN];
	struct tee_context *ctx;

	fx->cred.euid = euid;
	fx->cred.egid = egid;
	ctx = open_ctx(fx, fx->clnt);
	assert_int_equal(open_login(fx, ctx, login, gid), 0);
	parse_uuid(want, uuid);
	assert_memory_equal(fx->td->last_clnt_uuid, uuid, sizeof(uuid));
	assert_int_equal(fx->td->last_login, login);
	assert_int_equal(testdrv_num_sessions(ctx), 1);
	close_ctx(fx, ctx);
}

/* Opens a context as @egid + @groups; a GROUP login to @gid must fail. */
static void assert_group_refused(struct fx *fx, gid_t egid, gid_t gid)
{
	struct tee_context *ctx;
	struct mark m;

	fx->cred.egid = egid;
	ctx = open_ctx(fx, fx->clnt);
	m = mark_now(fx);
	assert_int_equal(open_login(fx, ctx, TEE_IOCTL_LOGIN_GROUP, gid),
			 -EPERM);
	assert_int_equal(testdrv_num_sessions(ctx), 0);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Mainline: 0x80000000..0xBFFFFFFF are for in-kernel clients only. */
static void test_tee_ioctl_open_session__ree_kernel_login_is_eperm(void **st)
{
	struct fx *fx = *st;
	const u32 logins[] = {TEE_IOCTL_LOGIN_REE_KERNEL_MIN, 0x80000001,
			      0xa5a5a5a5, TEE_IOCTL_LOGIN_REE_KERNEL_MAX};
	struct call_env e;

	call_env_init(fx, &e, 100);
	for (size_t i = 0; i < ARRAY_SIZE(logins); i++) {
		struct tee_ioctl_open_session_arg *arg;

		arg = open_arg(fx->p, logins[i], 1);
		set_param(&arg->params[0],
			  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
			  (u64)e.id);
		assert_call_refused(fx, &call_open, &e, -EPERM);
	}
	/* Just outside the range the driver decides (and refuses). */
	assert_int_equal(open_login(fx, e.ctx, 0x7fffffff, 0), -EINVAL);
	assert_int_equal(open_login(fx, e.ctx, 0xc0000000, 0), -EINVAL);
	assert_int_equal(testdrv_num_sessions(e.ctx), 1);
	call_env_fini(fx, &e);
}

/* Mainline order: params are read before the login is checked. */
static void
test_tee_ioctl_open_session__params_checked_before_login(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_open_session_arg *arg;
	struct call_env e;

	call_env_init(fx, &e, 100);
	arg = open_arg(fx->p, TEE_IOCTL_LOGIN_REE_KERNEL, 2);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  (u64)e.id);
	set_param(&arg->params[1], 0x200, 0, 0, 0);
	assert_call_refused(fx, &call_open, &e, -EINVAL);

	arg = open_arg(fx->p, TEE_IOCTL_LOGIN_REE_KERNEL, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  999);
	assert_call_refused(fx, &call_open, &e, -EINVAL);

	arg = open_arg(fx->p, TEE_IOCTL_LOGIN_REE_KERNEL, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 0, 0,
		  0);
	assert_call_refused(fx, &call_open, &e, -EPERM);
	call_env_fini(fx, &e);
}

/* Mainline: the APPLICATION logins and unknown values fall to -EINVAL. */
static void
test_tee_session_calc_client_uuid__application_and_unknown_einval(void **s)
{
	struct fx *fx = *s;
	const u32 logins[] = {3,
			      TEE_IOCTL_LOGIN_APPLICATION,
			      TEE_IOCTL_LOGIN_USER_APPLICATION,
			      TEE_IOCTL_LOGIN_GROUP_APPLICATION,
			      7,
			      0x7fffffff,
			      0xc0000000,
			      0xffffffff};
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	for (size_t i = 0; i < ARRAY_SIZE(logins); i++) {
		int calls = fx->td->open_session_calls;

		assert_int_equal(open_login(fx, ctx, logins[i], 1000), -EINVAL);
		assert_int_equal(fx->td->open_session_calls, calls + 1);
		assert_nothing_written(fx->p);
	}
	assert_int_equal(testdrv_num_sessions(ctx), 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_session_calc_client_uuid__public_is_nil_uuid(void **s)
{
	struct fx *fx = *s;
	const u8 nil[TEE_IOCTL_UUID_LEN] = {0};
	struct tee_context *ctx = open_ctx(fx, fx->clnt);

	assert_int_equal(open_login(fx, ctx, TEE_IOCTL_LOGIN_PUBLIC, 1000), 0);
	assert_memory_equal(fx->td->last_clnt_uuid, nil, sizeof(nil));
	close_ctx(fx, ctx);
}

static void test_tee_session_calc_client_uuid__user_matches_vectors(void **s)
{
	struct fx *fx = *s;

	assert_login_uuid(fx, 0, 0, TEE_IOCTL_LOGIN_USER, 0, UUID_UID_0);
	assert_login_uuid(fx, 1000, 0, TEE_IOCTL_LOGIN_USER, 0, UUID_UID_1000);
	/* The connection data plays no part in a USER login. */
	assert_login_uuid(fx, 1000, 5, TEE_IOCTL_LOGIN_USER, 77, UUID_UID_1000);
}

static void
test_tee_session_calc_client_uuid__group_matches_vectors(void **state)
{
	struct fx *fx = *state;

	assert_login_uuid(fx, 1000, 0, TEE_IOCTL_LOGIN_GROUP, 0, UUID_GID_0);
	assert_login_uuid(fx, 0, 1000, TEE_IOCTL_LOGIN_GROUP, 1000,
			  UUID_GID_1000);
}

/* Mainline: in_egroup_p() must hold, else -EPERM. */
static void
test_tee_session_calc_client_uuid__group_caller_not_in_is_eperm(void **st)
{
	struct fx *fx = *st;

	fx->cred.ngroups = 1;
	fx->cred.groups[0] = 5;
	assert_group_refused(fx, 1000, 0);
	assert_group_refused(fx, 1000, 6);
	assert_group_refused(fx, 0, 1000);
}

/* Mainline: an invalid gid is refused even for a caller "in" it. */
static void
test_tee_session_calc_client_uuid__group_minus_one_is_eperm(void **state)
{
	struct fx *fx = *state;

	assert_group_refused(fx, (gid_t)-1, (gid_t)-1);
	fx->cred.ngroups = 1;
	fx->cred.groups[0] = (gid_t)-1;
	assert_group_refused(fx, 1000, (gid_t)-1);
}

static void
test_tee_session_calc_client_uuid__supplementary_group_accepted(void **st)
{
	struct fx *fx = *st;

	fx->cred.ngroups = 3;
	fx->cred.groups[0] = 5;
	fx->cred.groups[1] = 0;
	fx->cred.groups[2] = 1000;
	assert_login_uuid(fx, 1000, 100, TEE_IOCTL_LOGIN_GROUP, 1000,
			  UUID_GID_1000);
	assert_login_uuid(fx, 1000, 100, TEE_IOCTL_LOGIN_GROUP, 0, UUID_GID_0);
}

/* In-kernel clients may use REE_KERNEL: the TEE gets the nil UUID. */
static void test_tee_session_calc_client_uuid__ree_kernel_is_nil(void **st)
{
	const u8 nil[TEE_IOCTL_UUID_LEN] = {0};
	const u8 data[TEE_IOCTL_UUID_LEN] = {1, 2, 3};
	struct tee_cred cred = {.euid = 1000, .egid = 1000};
	u8 uuid[TEE_IOCTL_UUID_LEN];

	memset(uuid, 0xee, sizeof(uuid));
	assert_int_equal(tee_session_calc_client_uuid(
				 uuid, TEE_IOCTL_LOGIN_REE_KERNEL, data, &cred),
			 0);
	assert_memory_equal(uuid, nil, sizeof(nil));
	assert_int_equal(
		tee_session_calc_client_uuid(uuid, 0x80000001, data, &cred),
		-EINVAL);
}

/* ------------------------------------------------------------------ */
/* Session leak guard (seed tee_ioctl_open_session: have_session)       */
/* ------------------------------------------------------------------ */

/* Opens a session while the process unmaps from @unmap_at on. */
static void check_open_copy_out_fails(struct fx *fx, struct call_env *e,
				      size_t unmap_at, u32 num_params)
{
	struct tee_ioctl_open_session_arg *arg;
	int closes = fx->td->close_calls;
	int opened = fx->td->sessions_opened;
	size_t sessions = testdrv_num_sessions(e->ctx);
	struct mark m = mark_now(fx);

	arg = open_arg(fx->p, TEE_IOCTL_LOGIN_PUBLIC, num_params);
	for (u32 n = 0; n < num_params; n++)
		set_param(&arg->params[n],
			  n % 2 ? TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT
				: TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT,
			  0, 8, (u64)e->id);
	fx->td->open_func = TESTDRV_FUNC_SCRIBBLE;
	fx->p->unmap_at = unmap_at;
	testdrv_set_hook(fx->td, TESTDRV_HOOK_OPEN_SESSION, hook_unmap, fx->p);
	assert_int_equal(uproc_ioctl(fx->p, e->ctx, TEE_IOC_OPEN_SESSION),
			 -EFAULT);
	testdrv_set_hook(fx->td, TESTDRV_HOOK_NONE, NULL, NULL);
	fx->td->open_func = TESTDRV_FUNC_NONE;

	/* The driver opened it, and the core closed it again. */
	assert_int_equal(fx->td->sessions_opened, opened + 1);
	assert_int_equal(fx->td->close_calls, closes + 1);
	assert_int_equal(fx->td->last_closed, fx->td->next_session);
	assert_int_equal(testdrv_num_sessions(e->ctx), sessions);
	assert_int_equal(shm_refs(e->shm), 1);
	assert_no_leak(fx, &m);
}

static void
test_tee_ioctl_open_session__closes_session_when_copy_out_fails(void **st)
{
	struct fx *fx = *st;
	const size_t sess =
		UBUF_OFF + offsetof(struct tee_ioctl_open_session_arg, session);
	struct call_env e;

	call_env_init(fx, &e, 100);
	check_open_copy_out_fails(fx, &e, sess, 0);	/* session */
	check_open_copy_out_fails(fx, &e, sess + 4, 0); /* ret */
	check_open_copy_out_fails(fx, &e, sess + 8, 2); /* ret_origin */
	check_open_copy_out_fails(fx, &e, 0, 1);	/* all of it */
	call_env_fini(fx, &e);
}

static void
test_tee_ioctl_open_session__closes_session_when_params_out_fail(void **st)
{
	struct fx *fx = *st;
	size_t pbase = UBUF_OFF + OPEN_HDR;
	struct call_env e;

	call_env_init(fx, &e, 100);
	/* The first value written, the memref's size not. */
	check_open_copy_out_fails(fx, &e, PARAM_OFF(pbase, 1) + 16, 2);
	/* Part of the first value written. */
	check_open_copy_out_fails(fx, &e, PARAM_OFF(pbase, 0) + 16, 3);
	call_env_fini(fx, &e);
}

static void
test_tee_ioctl_open_session__no_close_when_driver_open_fails(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	fx->td->open_session_err = -EIO;
	assert_int_equal(open_login(fx, ctx, TEE_IOCTL_LOGIN_PUBLIC, 0), -EIO);
	assert_int_equal(fx->td->close_calls, 0);
	assert_int_equal(testdrv_num_sessions(ctx), 0);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* CANCEL and CLOSE_SESSION (seed tee_ioctl_cancel/close_session)       */
/* ------------------------------------------------------------------ */

static void test_tee_ioctl_cancel__args_reach_driver(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_cancel_arg *arg = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->clnt);

	arg->cancel_id = 0x11223344;
	arg->session = 0x55667788;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CANCEL), 0);
	assert_int_equal(fx->td->cancel_calls, 1);
	assert_int_equal(fx->td->cancel_id, 0x11223344);
	assert_int_equal(fx->td->cancel_session, 0x55667788);
	assert_nothing_written(fx->p);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_cancel__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	assert_arg_ptr_efault(fx->p, ctx, TEE_IOC_CANCEL, 4);
	assert_int_equal(fx->td->cancel_calls, 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_cancel__driver_without_op_is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct mark m = mark_now(fx);

	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CANCEL), -EINVAL);
	assert_int_equal(
		uproc_ioctl_ops(fx->p, ctx, TEE_IOC_CANCEL, UBAD, &uproc_ops),
		-EINVAL);
	assert_int_equal(fx->td->cancel_calls, 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_close_session__args_reach_driver(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_close_session_arg *arg = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);
	u32 a = open_session_ok(fx->p, ctx);
	u32 b = open_session_ok(fx->p, ctx);

	arg->session = a;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CLOSE_SESSION), 0);
	assert_int_equal(fx->td->last_closed, a);
	assert_int_equal(testdrv_num_sessions(ctx), 1);
	assert_nothing_written(fx->p);
	/* Closing it again is the driver's error. */
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CLOSE_SESSION),
			 -EINVAL);
	arg->session = b;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CLOSE_SESSION), 0);
	assert_int_equal(fx->td->close_calls, 3);
	assert_int_equal(testdrv_num_sessions(ctx), 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_close_session__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m;

	open_session_ok(fx->p, ctx);
	m = mark_now(fx);
	assert_arg_ptr_efault(fx->p, ctx, TEE_IOC_CLOSE_SESSION, 2);
	assert_int_equal(fx->td->close_calls, 0);
	assert_int_equal(testdrv_num_sessions(ctx), 1);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_close_session__driver_without_op_einval(void **s)
{
	struct fx *fx = *s;
	struct tee_ioctl_close_session_arg *arg = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct mark m = mark_now(fx);

	arg->session = 1;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_CLOSE_SESSION),
			 -EINVAL);
	assert_int_equal(fx->td->close_calls, 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* SUPPL_RECV (seed tee_ioctl_supp_recv, params_to_supp)               */
/* ------------------------------------------------------------------ */

/*
 * Runs @cmd (SUPPL_RECV or SUPPL_SEND), expecting @rc, no call of the
 * driver's supp_recv/supp_send, nothing written or kept.
 */
static void assert_supp_refused(struct fx *fx, struct tee_context *ctx,
				unsigned int cmd, long rc)
{
	const int *calls = cmd == TEE_IOC_SUPPL_RECV ? &fx->td->recv_calls
						     : &fx->td->send_calls;
	struct mark m = mark_now(fx);
	int calls0 = *calls;

	assert_int_equal(uproc_ioctl(fx->p, ctx, cmd), rc);
	assert_int_equal(*calls, calls0);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
}

#define assert_recv_refused(fx, ctx, rc)                                       \
	assert_supp_refused(fx, ctx, TEE_IOC_SUPPL_RECV, rc)
#define assert_send_refused(fx, ctx, rc)                                       \
	assert_supp_refused(fx, ctx, TEE_IOC_SUPPL_SEND, rc)

static void test_tee_ioctl_supp_recv__buf_len_rules_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	u32 max_params = (TEE_MAX_ARG_SIZE - SUPP_HDR) / PARAM_SIZE;
	struct tee_iocl_supp_recv_arg *arg;

	recv_arg(fx->p, max_params + 1);
	assert_recv_refused(fx, ctx, -EINVAL);
	recv_arg(fx->p, 1);
	put_buf_data(fx->p, UA(UBUF_OFF), SUPP_HDR - 1);
	assert_recv_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UBAD, 0);
	assert_recv_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, 1) + 1);
	assert_recv_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, 1) - 1);
	assert_recv_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, 2));
	assert_recv_refused(fx, ctx, -EINVAL);
	arg = recv_arg(fx->p, 0);
	arg->num_params = UINT32_MAX;
	assert_recv_refused(fx, ctx, -EINVAL);

	/* The largest buffer that fits reaches the driver. */
	testdrv_queue_request(fx->td, 9, 0, NULL);
	arg = recv_arg(fx->p, max_params);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), 0);
	assert_int_equal(fx->td->recv_num_in, max_params);
	assert_int_equal(arg->func, 9);
	assert_int_equal(arg->num_params, 0);

	/* No params at all: the core passes an empty array on. */
	recv_arg(fx->p, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), -EINVAL);
	assert_int_equal(fx->td->recv_num_in, 0);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_recv__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_iocl_supp_recv_arg *arg;
	size_t off = UMEM_SIZE - SUPP_HDR - PARAM_SIZE;
	struct mark m;
	int fd, id;

	fd = shm_alloc_ok(fx->p, ctx, 100, &id);
	m = mark_now(fx);
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SUPPL_RECV, UBAD,
					 &uproc_ops),
			 -EFAULT);
	recv_arg(fx->p, 1);
	put_buf_data(fx->p, UBAD, ARG_LEN(SUPP_HDR, 1));
	assert_recv_refused(fx, ctx, -EFAULT);

	/* The first param inside (a memref), the second past the end. */
	arg = recv_arg(fx->p, 2);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  (u64)id);
	memmove(umem(fx->p, off), arg, SUPP_HDR + PARAM_SIZE);
	put_buf_data(fx->p, UA(off), ARG_LEN(SUPP_HDR, 2));
	assert_recv_refused(fx, ctx, -EFAULT);
	assert_int_equal(shm_refs(uproc_shm(fx->p, fd)), 1);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Mainline: the supplicant's input params are parsed like a client's. */
static void test_tee_ioctl_supp_recv__input_params_are_parsed(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_context *other = open_ctx(fx, fx->supp);
	struct tee_iocl_supp_recv_arg *arg;
	struct tee_shm *own;
	struct mark m;
	int fd, id, cid;

	fd = shm_alloc_ok(fx->p, ctx, 100, &id);
	own = uproc_shm(fx->p, fd);
	/* Another context's shm on the same device. */
	shm_alloc_ok(fx->p, other, 100, &cid);
	testdrv_queue_request(fx->td, 1, 0, NULL);
	m = mark_now(fx);

	/* Refused by the core: bad attr bits, a shm that is not ours. */
	arg = recv_arg(fx->p, 2);
	set_param(&arg->params[1], 0x200, 0, 0, 0);
	assert_recv_refused(fx, ctx, -EINVAL);
	arg = recv_arg(fx->p, 2);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  (u64)id);
	set_param(&arg->params[1], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  (u64)cid);
	assert_recv_refused(fx, ctx, -EINVAL);
	assert_int_equal(shm_refs(own), 1);

	/*
	 * A memref to the supplicant's own shm passes the core; the driver
	 * drops its reference and refuses it (only NONE and META).
	 */
	arg = recv_arg(fx->p, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 8,
		  (u64)id);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), -EINVAL);
	assert_int_equal(fx->td->recv_refs_dropped, 1);
	assert_int_equal(fx->td->recv_in_attr[0],
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT);
	assert_int_equal(shm_refs(own), 1);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);

	/* A value param is read too, and refused by the driver. */
	arg = recv_arg(fx->p, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2,
		  3);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), -EINVAL);
	assert_int_equal(fx->td->recv_in_attr[0],
			 TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT);
	assert_no_leak(fx, &m);
	close_ctx(fx, other);
	close_ctx(fx, ctx);
}

static void test_params_to_supp__values_memrefs_and_others(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_context *clnt = open_ctx(fx, fx->clnt);
	struct tee_param req[7];
	struct tee_iocl_supp_recv_arg *arg;
	struct tee_shm *shm, *shm2;
	struct tee_ioctl_param *ip;
	const struct tee_uspan span = {UBUF_OFF, SUPP_HDR + 7 * PARAM_SIZE};

	shm = tee_shm_alloc(clnt, 200, TEE_SHM_MAPPED | TEE_SHM_DMA_BUF);
	shm2 = tee_shm_alloc(clnt, 300, TEE_SHM_MAPPED | TEE_SHM_DMA_BUF);
	assert_false(IS_ERR(shm));
	assert_false(IS_ERR(shm2));

	memset(req, 0, sizeof(req));
	req[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	req[0].u.value = (struct tee_param_value){1, 2, 3};
	req[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	req[1].u.value = (struct tee_param_value){4, 5, 6};
	req[2].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT;
	req[2].u.value = (struct tee_param_value){7, 8, 9};
	req[3].attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT;
	req[3].u.memref = (struct tee_param_memref){16, 100, shm};
	req[4].attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT;
	req[4].u.memref = (struct tee_param_memref){0, 4096, shm2};
	req[5].attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT;
	req[5].u.memref = (struct tee_param_memref){0, 50, NULL};
	req[6].attr = TEE_IOCTL_PARAM_ATTR_TYPE_NONE;
	req[6].u.value = (struct tee_param_value){10, 11, 12};
	testdrv_queue_request(fx->td, 0x42, 7, req);

	arg = recv_arg(fx->p, 8);
	for (int n = 0; n < 8; n++)
		set_param(&arg->params[n], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 0xcc,
			  0xcc, 0xcc);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), 0);
	assert_int_equal(arg->func, 0x42);
	assert_int_equal(arg->num_params, 7);
	ip = arg->params;
	assert_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	assert_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 4, 5, 6);
	assert_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0, 0, 0);
	assert_param(&ip[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 16, 100,
		     (u64)shm->id);
	assert_param(&ip[4], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0, 4096,
		     (u64)shm2->id);
	/* No shm (LOAD_TA's size query): offset 0, id -1. */
	assert_param(&ip[5], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 0, 50,
		     (u64)-1);
	assert_param(&ip[6], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 0, 0, 0);
	/* Past the request: not written. */
	assert_param(&ip[7], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 0xcc, 0xcc, 0xcc);
	assert_spans(fx->p, &span, 1);
	assert_int_equal(fx->td->recv_refs_dropped, 0);
	assert_int_equal(shm_refs(shm), 1);

	tee_shm_free(shm2);
	tee_shm_free(shm);
	close_ctx(fx, clnt);
	close_ctx(fx, ctx);
}

/* Mainline: a META first param asks for request ids (async supplicant). */
static void test_params_to_supp__async_meta_prefix_visible(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_param req[2];
	struct tee_iocl_supp_recv_arg *arg;
	u32 id;

	memset(req, 0, sizeof(req));
	req[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	req[0].u.value.a = 0xabc;
	req[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT;
	testdrv_queue_request(fx->td, 5, 2, req);
	id = testdrv_queue_request(fx->td, 6, 2, req);

	arg = recv_arg(fx->p, 3);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_META, 0, 0, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), 0);
	assert_int_equal(fx->td->recv_in_attr[0], TEE_IOCTL_PARAM_ATTR_META);
	assert_int_equal(arg->func, 6);
	assert_int_equal(arg->num_params, 3);
	/* The full attr goes out, META bit included. */
	assert_param(&arg->params[0],
		     TEE_IOCTL_PARAM_ATTR_META |
			     TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
		     id, 0, 0);
	assert_param(&arg->params[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT,
		     0xabc, 0, 0);
	assert_param(&arg->params[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 0,
		     0, 0);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_recv__capacity_too_small_einval(void **st)
{
	struct fx *fx = *st;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_param req[3];
	struct tee_iocl_supp_recv_arg *arg;
	struct mark m = mark_now(fx);

	memset(req, 0, sizeof(req));
	testdrv_queue_request(fx->td, 5, 3, req);
	recv_arg(fx->p, 2);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), -EINVAL);
	assert_nothing_written(fx->p);
	/* With the META prefix the request needs one more. */
	arg = recv_arg(fx->p, 3);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_META, 0, 0, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), -EINVAL);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);

	/* The request is still there for a large enough buffer. */
	arg = recv_arg(fx->p, 3);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), 0);
	assert_int_equal(arg->num_params, 3);
	assert_int_equal(arg->func, 5);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_recv__driver_without_op_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);

	recv_arg(fx->p, 1);
	assert_recv_refused(fx, ctx, -EINVAL);
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SUPPL_RECV, UBAD,
					 &uproc_ops),
			 -EINVAL);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_recv__copy_out_failure_is_efault(void **st)
{
	struct fx *fx = *st;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_param req[2];
	const size_t unmap[] = {UBUF_OFF, UBUF_OFF + 4,
				UBUF_OFF + SUPP_HDR + PARAM_SIZE + 8};
	struct mark m = mark_now(fx);

	memset(req, 0, sizeof(req));
	req[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	req[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	testdrv_set_hook(fx->td, TESTDRV_HOOK_SUPP_RECV, hook_unmap, fx->p);
	for (size_t i = 0; i < ARRAY_SIZE(unmap); i++) {
		testdrv_queue_request(fx->td, 5, 2, req);
		recv_arg(fx->p, 2);
		fx->p->unmap_at = unmap[i];
		assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV),
				 -EFAULT);
		assert_no_leak(fx, &m);
	}
	testdrv_set_hook(fx->td, TESTDRV_HOOK_NONE, NULL, NULL);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_recv__kcalloc_failure_is_enomem(void **st)
{
	struct fx *fx = *st;
	struct tee_context *ctx = open_ctx(fx, fx->supp);

	testdrv_queue_request(fx->td, 5, 0, NULL);
	recv_arg(fx->p, 1);
	kmem_fail_nth(1);
	assert_recv_refused(fx, ctx, -ENOMEM);
	kmem_fail_nth(0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_RECV), 0);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* SUPPL_SEND (seed tee_ioctl_supp_send, params_from_supp)             */
/* ------------------------------------------------------------------ */

/* ABI-FACTS 1.5: hdr + 32 * num_params <= buf_len, not exact. */
static void
test_tee_ioctl_supp_send__buf_len_may_be_larger_not_smaller(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_iocl_supp_send_arg *arg;

	send_arg(fx->p, 7, 2);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_int_equal(fx->td->send_num_params, 2);
	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, 2) + 100);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_int_equal(fx->td->send_num_params, 2);
	assert_int_equal(fx->td->send_ret, 7);
	put_buf_data(fx->p, UA(UBUF_OFF), TEE_MAX_ARG_SIZE);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_nothing_written(fx->p);

	put_buf_data(fx->p, UA(UBUF_OFF), ARG_LEN(SUPP_HDR, 2) - 1);
	assert_send_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), SUPP_HDR - 1);
	assert_send_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UBAD, SUPP_HDR - 1);
	assert_send_refused(fx, ctx, -EINVAL);
	put_buf_data(fx->p, UA(UBUF_OFF), TEE_MAX_ARG_SIZE + 1);
	assert_send_refused(fx, ctx, -EINVAL);
	arg = send_arg(fx->p, 7, 0);
	arg->num_params = UINT32_MAX;
	put_buf_data(fx->p, UA(UBUF_OFF), TEE_MAX_ARG_SIZE);
	assert_send_refused(fx, ctx, -EINVAL);

	/* No params at all is fine. */
	send_arg(fx->p, 8, 0);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_int_equal(fx->td->send_num_params, 0);
	assert_int_equal(fx->td->send_ret, 8);
	close_ctx(fx, ctx);
}

/* Seed/mainline: only outputs carry data back, and of memrefs the size. */
static void test_params_from_supp__only_outputs_reach_driver(void **state)
{
	struct fx *fx = *state;
	const u64 meta = TEE_IOCTL_PARAM_ATTR_META;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	const struct tee_param *got = fx->td->send_params;
	struct tee_iocl_supp_send_arg *arg;
	struct tee_ioctl_param *ip;

	arg = send_arg(fx->p, 0xfff0, 8);
	ip = arg->params;
	set_param(&ip[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 1, 2, 3);
	set_param(&ip[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 4, 5, 6);
	set_param(&ip[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 7, 8, 9);
	set_param(&ip[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 1, 2, 3);
	set_param(&ip[4], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 5, 77, 9);
	set_param(&ip[5], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, 5, 88, 9);
	set_param(&ip[6], TEE_IOCTL_PARAM_ATTR_TYPE_NONE, 1, 2, 3);
	/* The async request id comes back in a META value. */
	set_param(&ip[7], meta | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, 10, 11,
		  12);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_int_equal(fx->td->send_calls, 1);
	assert_int_equal(fx->td->send_ret, 0xfff0);
	assert_int_equal(fx->td->send_num_params, 8);

	assert_int_equal(got[0].attr, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT);
	assert_int_equal(got[0].u.value.a, 0);
	assert_int_equal(got[0].u.value.b, 0);
	assert_int_equal(got[0].u.value.c, 0);
	assert_int_equal(got[1].u.value.a, 4);
	assert_int_equal(got[1].u.value.b, 5);
	assert_int_equal(got[1].u.value.c, 6);
	assert_int_equal(got[2].u.value.a, 7);
	assert_int_equal(got[2].u.value.c, 9);
	assert_int_equal(got[3].attr, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT);
	assert_null(got[3].u.memref.shm);
	assert_int_equal(got[3].u.memref.shm_offs, 0);
	assert_int_equal(got[3].u.memref.size, 0);
	assert_null(got[4].u.memref.shm);
	assert_int_equal(got[4].u.memref.shm_offs, 0);
	assert_int_equal(got[4].u.memref.size, 77);
	assert_null(got[5].u.memref.shm);
	assert_int_equal(got[5].u.memref.size, 88);
	assert_int_equal(got[6].attr, TEE_IOCTL_PARAM_ATTR_TYPE_NONE);
	assert_int_equal(got[6].u.value.a, 0);
	assert_int_equal(got[7].attr,
			 meta | TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(got[7].u.value.a, 10);
	assert_int_equal(got[7].u.value.c, 12);
	assert_nothing_written(fx->p);
	close_ctx(fx, ctx);
}

static void test_params_from_supp__bad_attr_bits_are_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_iocl_supp_send_arg *arg;
	const u64 attrs[] = {0x200, 0x202, 1ULL << 40};

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++) {
		arg = send_arg(fx->p, 0, 2);
		set_param(&arg->params[0],
			  TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT, 1, 2, 3);
		set_param(&arg->params[1], attrs[i], 1, 2, 3);
		assert_send_refused(fx, ctx, -EINVAL);
	}
	/* Unknown types carry nothing but are not refused (mainline). */
	arg = send_arg(fx->p, 0, 1);
	set_param(&arg->params[0], 4, 1, 2, 3);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), 0);
	assert_int_equal(fx->td->send_params[0].attr, 4);
	assert_int_equal(fx->td->send_params[0].u.value.a, 0);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_send__bad_pointer_is_efault(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	size_t off = UMEM_SIZE - SUPP_HDR - PARAM_SIZE;

	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SUPPL_SEND, UBAD,
					 &uproc_ops),
			 -EFAULT);
	send_arg(fx->p, 0, 1);
	put_buf_data(fx->p, UBAD, ARG_LEN(SUPP_HDR, 1));
	assert_send_refused(fx, ctx, -EFAULT);
	put_buf_data(fx->p, UA(UMEM_SIZE - 4), ARG_LEN(SUPP_HDR, 1));
	assert_send_refused(fx, ctx, -EFAULT);
	/* Header and one param inside, the second past the end. */
	send_arg(fx->p, 0, 2);
	memmove(umem(fx->p, off), umem(fx->p, UBUF_OFF), SUPP_HDR + PARAM_SIZE);
	put_buf_data(fx->p, UA(off), ARG_LEN(SUPP_HDR, 2));
	assert_send_refused(fx, ctx, -EFAULT);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_send__driver_error_or_no_op(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->supp);
	struct tee_context *clnt = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	send_arg(fx->p, 0, 1);
	fx->td->supp_send_err = -ENOENT;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SUPPL_SEND), -ENOENT);
	assert_int_equal(fx->td->send_calls, 1);
	assert_no_leak(fx, &m);
	/* The client device's driver has no supp_send. */
	assert_int_equal(uproc_ioctl(fx->p, clnt, TEE_IOC_SUPPL_SEND), -EINVAL);
	assert_int_equal(uproc_ioctl_ops(fx->p, clnt, TEE_IOC_SUPPL_SEND, UBAD,
					 &uproc_ops),
			 -EINVAL);
	assert_int_equal(fx->td->send_calls, 1);
	close_ctx(fx, clnt);
	close_ctx(fx, ctx);
}

static void test_tee_ioctl_supp_send__kcalloc_failure_is_enomem(void **st)
{
	struct fx *fx = *st;
	struct tee_context *ctx = open_ctx(fx, fx->supp);

	send_arg(fx->p, 0, 1);
	kmem_fail_nth(1);
	assert_send_refused(fx, ctx, -ENOMEM);
	kmem_fail_nth(0);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* SHM_REGISTER (mainline tee_ioctl_shm_register, tee_shm_register)    */
/* ------------------------------------------------------------------ */

/*
 * A registered client device whose driver can register memory; @warm:
 * its idr grown already (see warm_idr()).
 */
static struct tee_device *add_reg_device(struct fx *fx, bool warm)
{
	struct tee_device *dev;

	dev = tee_device_alloc(&testdrv_reg_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(dev));
	assert_int_equal(tee_device_register(dev), 0);
	if (warm)
		warm_idr(dev);
	return dev;
}

static struct tee_ioctl_shm_register_data *reg_data(struct uproc *p, u64 off,
						    u64 len)
{
	struct tee_ioctl_shm_register_data *data = umem(p, UARG_OFF);

	memset(data, 0, sizeof(*data));
	data->addr = UA(off);
	data->length = len;
	data->id = -42;
	return data;
}

/* Mainline: -ENOTSUPP (524) when the driver cannot register memory. */
static void
test_tee_ioctl_shm_register__driver_without_op_is_enotsupp(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER),
			 -ENOTSUPP);
	assert_int_equal(ENOTSUPP, 524);
	assert_nothing_written(fx->p);
	assert_int_equal(uproc_num_fds(fx->p), 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

static void
test_tee_ioctl_shm_register__process_without_hook_is_enotsupp(void **state)
{
	struct fx *fx = *state;
	struct tee_device *dev = add_reg_device(fx, true);
	struct tee_context *ctx = open_ctx(fx, dev);
	struct mark m = mark_now(fx);

	reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SHM_REGISTER,
					 UA(UARG_OFF), &uproc_ops_noreg),
			 -ENOTSUPP);
	assert_int_equal(fx->td->shm_registers, 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
	tee_device_unregister(dev);
}

static void test_tee_ioctl_shm_register__flags_or_pointer_refused(void **st)
{
	struct fx *fx = *st;
	struct tee_device *dev = add_reg_device(fx, true);
	struct tee_context *ctx = open_ctx(fx, dev);
	struct tee_ioctl_shm_register_data *data;
	struct mark m = mark_now(fx);

	data = reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	data->flags = 1;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER),
			 -EINVAL);
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SHM_REGISTER, UBAD,
					 &uproc_ops),
			 -EFAULT);
	/* Memory the process does not have. */
	data = reg_data(fx->p, UMEM_SIZE - 8, PAGE_SIZE);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER),
			 -EFAULT);
	assert_nothing_written(fx->p);
	assert_int_equal(fx->td->shm_registers, 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
	tee_device_unregister(dev);
}

static void
test_tee_ioctl_shm_register__gives_fd_unregisters_on_last_put(void **s)
{
	struct fx *fx = *s;
	struct tee_device *dev = add_reg_device(fx, true);
	long live = kmem_live();
	struct tee_context *ctx = open_ctx(fx, dev);
	struct tee_ioctl_shm_register_data *data;
	struct tee_ioctl_invoke_arg *arg;
	const struct tee_uspan span = {UARG_OFF, sizeof(*data)};
	struct tee_shm *shm;
	u8 *user = umem(fx->p, UREG_OFF);
	u32 session;
	long fd;

	data = reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	fd = uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER);
	assert_int_equal(fd, UPROC_FD_BASE);
	assert_int_equal(data->id, 1);
	assert_int_equal(data->length, PAGE_SIZE);
	assert_int_equal(data->flags, 0);
	assert_int_equal(data->addr, UA(UREG_OFF));
	assert_spans(fx->p, &span, 1);
	shm = uproc_shm(fx->p, (int)fd);
	assert_ptr_equal(shm->kaddr, user);
	assert_true(shm->flags & TEE_SHM_REGISTER);
	assert_int_equal(shm->sec_world_id, 0xc00c1e00 + 1);
	assert_int_equal(shm_refs(shm), 1);
	assert_int_equal(fx->td->shm_registers, 1);
	assert_int_equal(idr_count(&dev->idr), 1);

	/* It works as a memref: the TEE writes into the user's memory. */
	session = open_session_ok(fx->p, ctx);
	arg = invoke_arg(fx->p, session, TESTDRV_FUNC_FILL, 1);
	set_param(&arg->params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 8,
		  64, 1);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_INVOKE), 0);
	assert_int_equal(arg->ret, 0);
	assert_int_equal(arg->params[0].b, TESTDRV_FILL_LEN);
	for (size_t i = 0; i < TESTDRV_FILL_LEN; i++)
		assert_int_equal(user[8 + i], testdrv_pattern(i));

	uproc_close(fx->p, (int)fd);
	assert_int_equal(fx->td->shm_unregisters, 1);
	assert_int_equal(idr_count(&dev->idr), 0);
	close_ctx(fx, ctx);
	assert_int_equal(kmem_live(), live);
	tee_device_unregister(dev);
}

static void test_tee_shm_register__driver_error_releases_the_id(void **st)
{
	struct fx *fx = *st;
	struct tee_device *dev = add_reg_device(fx, false);
	struct tee_context *ctx = open_ctx(fx, dev);
	struct tee_ioctl_shm_register_data *data;
	long rc;
	long n;

	/* Each allocation on the way fails in turn, then the driver. */
	for (n = 1;; n++) {
		long live = kmem_live();

		reg_data(fx->p, UREG_OFF, PAGE_SIZE);
		kmem_fail_nth(n);
		rc = uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER);
		kmem_fail_nth(0);
		if (rc >= 0)
			break;
		assert_int_equal(rc, -ENOMEM);
		assert_int_equal(kmem_live(), live);
		assert_int_equal(idr_count(&dev->idr), 0);
	}
	/* The shm, then the idr's first slot array. */
	assert_int_equal(n, 3);
	uproc_close(fx->p, (int)rc);

	fx->td->shm_register_err = -EIO;
	data = reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER), -EIO);
	assert_int_equal(data->id, -42);
	assert_int_equal(idr_count(&dev->idr), 0);
	assert_int_equal(fx->td->shm_unregisters, 1);
	fx->td->shm_register_err = 0;

	data = reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	rc = uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER);
	assert_true(rc >= UPROC_FD_BASE);
	assert_int_equal(data->id, 1);
	uproc_close(fx->p, (int)rc);
	close_ctx(fx, ctx);
	tee_device_unregister(dev);
}

static void
test_tee_ioctl_shm_register__copy_to_user_failure_frees_shm(void **state)
{
	struct fx *fx = *state;
	struct tee_device *dev = add_reg_device(fx, true);
	struct tee_context *ctx = open_ctx(fx, dev);
	long live = kmem_live();

	reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	fx->p->unmap_after_register = true;
	fx->p->unmap_at = 0;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER),
			 -EFAULT);
	assert_int_equal(fx->td->shm_registers, 1);
	assert_int_equal(fx->td->shm_unregisters, 1);
	assert_int_equal(uproc_num_fds(fx->p), 0);
	assert_int_equal(idr_count(&dev->idr), 0);
	assert_int_equal(kmem_live(), live);

	/* Or the fd cannot be installed. */
	fx->p->unmap_after_register = false;
	fx->p->install_err = -EMFILE;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER),
			 -EMFILE);
	assert_int_equal(fx->td->shm_unregisters, 2);
	assert_int_equal(kmem_live(), live);
	close_ctx(fx, ctx);
	tee_device_unregister(dev);
}

/* Registered memory may outlive its context like allocated memory. */
static void test_tee_shm_register__shm_outlives_its_context(void **state)
{
	struct fx *fx = *state;
	struct tee_device *dev = add_reg_device(fx, true);
	struct tee_context *ctx = open_ctx(fx, dev);
	struct unreg_thread u;
	long fd;

	reg_data(fx->p, UREG_OFF, PAGE_SIZE);
	fd = uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER);
	assert_true(fd >= UPROC_FD_BASE);
	close_ctx(fx, ctx);
	assert_null(uproc_shm(fx->p, (int)fd)->ctx);
	assert_int_equal(fx->td->shm_unregisters, 0);

	/* The device goes away only once the memory is unregistered. */
	start_unregister(&u, dev, 1);
	uproc_close(fx->p, (int)fd);
	assert_int_equal(pthread_join(u.thread, NULL), 0);
	assert_int_equal(fx->td->shm_unregisters, 1);
}

/* Seed tee_shm_get_va()/pa2va(): no kernel mapping, no address. */
static void test_tee_shm_pa2va__object_without_mapping_is_einval(void **st)
{
	struct fx *fx = *st;
	struct tee_device *dev = add_reg_device(fx, true);
	long live = kmem_live();
	struct tee_context *ctx = open_ctx(fx, dev);
	struct tee_shm *shm;
	phys_addr_t pa;
	void *va;

	shm = tee_shm_register(ctx, NULL, 0, PAGE_SIZE, -1);
	assert_false(IS_ERR(shm));
	assert_int_equal(PTR_ERR(tee_shm_get_va(shm, 0)), -EINVAL);
	assert_int_equal(tee_shm_va2pa(shm, fx->p->mem, &pa), -EINVAL);
	assert_int_equal(tee_shm_get_pa(shm, 0, &pa), 0);
	assert_int_equal(tee_shm_pa2va(shm, pa, NULL), 0);
	assert_int_equal(tee_shm_pa2va(shm, pa, &va), -EINVAL);
	tee_shm_free(shm);
	assert_int_equal(fx->td->shm_unregisters, 1);
	close_ctx(fx, ctx);
	assert_int_equal(kmem_live(), live);
	tee_device_unregister(dev);
}

/* ------------------------------------------------------------------ */
/* The ioctls no driver here implements, and unknown ones              */
/* ------------------------------------------------------------------ */

/* Mainline: any failure of tee_shm_register_fd() gives -EINVAL. */
static void test_tee_ioctl_shm_register_fd__is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_ioctl_shm_register_fd_data *data = umem(fx->p, UARG_OFF);
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct mark m = mark_now(fx);

	memset(data, 0, sizeof(*data));
	data->fd = 3;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER_FD),
			 -EINVAL);
	data->flags = 1;
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_SHM_REGISTER_FD),
			 -EINVAL);
	assert_int_equal(uproc_ioctl_ops(fx->p, ctx, TEE_IOC_SHM_REGISTER_FD,
					 UBAD, &uproc_ops),
			 -EFAULT);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Mainline: without object references (qcomtee) OBJECT_INVOKE fails. */
static void test_tee_ioctl_object_invoke__is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	struct tee_ioctl_object_invoke_arg *arg = umem(fx->p, UBUF_OFF);
	struct mark m = mark_now(fx);

	memset(arg, 0, sizeof(*arg));
	put_buf_data(fx->p, UA(UBUF_OFF), sizeof(*arg));
	assert_int_equal(uproc_ioctl(fx->p, ctx, TEE_IOC_OBJECT_INVOKE),
			 -EINVAL);
	assert_nothing_written(fx->p);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* Seed tee_ioctl(): unknown commands are -EINVAL (not -ENOTTY). */
static void test_tee_ioctl__unknown_cmd_is_einval(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = open_ctx(fx, fx->clnt);
	const unsigned int cmds[] = {
		0,
		_IOR(TEE_IOC_MAGIC, 11, struct tee_ioctl_buf_data),
		_IOR(TEE_IOC_MAGIC, 0xff, struct tee_ioctl_buf_data),
		/* Right number, wrong size or direction: another command. */
		_IOR(TEE_IOC_MAGIC, 0, __u32),
		_IOW(TEE_IOC_MAGIC, 0, struct tee_ioctl_version_data),
		_IOR(TEE_IOC_MAGIC, 1, struct tee_ioctl_shm_alloc_data),
		_IOR(0xa5, 2, struct tee_ioctl_buf_data),
	};
	struct mark m = mark_now(fx);

	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++) {
		assert_int_equal(uproc_ioctl(fx->p, ctx, cmds[i]), -EINVAL);
		assert_nothing_written(fx->p);
	}
	assert_int_equal(uproc_num_fds(fx->p), 0);
	assert_no_leak(fx, &m);
	close_ctx(fx, ctx);
}

/* ------------------------------------------------------------------ */
/* Pools (seed tee_shm_pool.c)                                         */
/* ------------------------------------------------------------------ */

static void
test_tee_shm_pool_mgr_alloc_res_mem__bad_range_or_order_einval(void **s)
{
	long live = kmem_live();
	unsigned long va =
		(unsigned long)aligned_alloc(PAGE_SIZE, 2 * PAGE_SIZE);
	struct tee_shm_pool_mgr *mgr;
	long n;

	assert_true(va != 0);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va + 8, 0x1000,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1008,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(
		PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 100, 3)),
		-EINVAL);
	assert_int_equal(
		PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 0, 3)),
		-EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(0, 0x1000,
								PAGE_SIZE, 3)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(va, 0x1000,
								PAGE_SIZE, 2)),
			 -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_mgr_alloc_res_mem(
				 va, 0x1000, PAGE_SIZE, PAGE_SHIFT + 1)),
			 -EINVAL);
	assert_int_equal(kmem_live(), live);

	for (n = 1;; n++) {
		kmem_fail_nth(n);
		mgr = tee_shm_pool_mgr_alloc_res_mem(va, 0x1000, 2 * PAGE_SIZE,
						     PAGE_SHIFT);
		kmem_fail_nth(0);
		if (!IS_ERR(mgr))
			break;
		assert_int_equal(PTR_ERR(mgr), -ENOMEM);
		assert_int_equal(kmem_live(), live);
	}
	assert_true(n >= 3);
	mgr->ops->destroy_poolmgr(mgr);
	assert_int_equal(kmem_live(), live);
	free((void *)va);
}

static void nop_pool_free(struct tee_shm_pool_mgr *poolm, struct tee_shm *shm)
{
}

static void nop_pool_destroy(struct tee_shm_pool_mgr *poolm)
{
}

static int nop_pool_alloc(struct tee_shm_pool_mgr *poolm, struct tee_shm *shm,
			  size_t size)
{
	return -ENOMEM;
}

static void test_tee_shm_pool_alloc__rejects_incomplete_managers(void **st)
{
	const struct tee_shm_pool_mgr_ops full = {nop_pool_alloc, nop_pool_free,
						  nop_pool_destroy};
	const struct tee_shm_pool_mgr_ops partial[] = {
		{NULL, nop_pool_free, nop_pool_destroy},
		{nop_pool_alloc, NULL, nop_pool_destroy},
		{nop_pool_alloc, nop_pool_free, NULL},
	};
	struct tee_shm_pool_mgr good = {.ops = &full};
	struct tee_shm_pool_mgr no_ops = {0};
	long live = kmem_live();
	struct tee_shm_pool *pool;

	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(NULL, &good)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, NULL)), -EINVAL);
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, &no_ops)), -EINVAL);
	for (size_t i = 0; i < ARRAY_SIZE(partial); i++) {
		struct tee_shm_pool_mgr bad = {.ops = &partial[i]};

		assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&bad, &good)),
				 -EINVAL);
		assert_int_equal(PTR_ERR(tee_shm_pool_alloc(&good, &bad)),
				 -EINVAL);
	}
	kmem_fail_nth(1);
	pool = tee_shm_pool_alloc(&good, &good);
	kmem_fail_nth(0);
	assert_int_equal(PTR_ERR(pool), -ENOMEM);
	assert_int_equal(kmem_live(), live);

	pool = tee_shm_pool_alloc(&good, &good);
	assert_false(IS_ERR(pool));
	assert_ptr_equal(pool->private_mgr, &good);
	assert_ptr_equal(pool->dma_buf_mgr, &good);
	tee_shm_pool_free(pool);
	tee_shm_pool_free(NULL);
	assert_int_equal(kmem_live(), live);
}

static void
test_tee_shm_pool_alloc_res_mem__failures_leave_nothing_behind(void **state)
{
	char *mem = aligned_alloc(PAGE_SIZE, 3 * PAGE_SIZE);
	struct tee_shm_pool_mem_info priv = {(unsigned long)mem, 0x10000,
					     PAGE_SIZE};
	struct tee_shm_pool_mem_info user = {(unsigned long)mem + PAGE_SIZE,
					     0x11000, 2 * PAGE_SIZE};
	struct tee_shm_pool_mem_info bad = user;
	long live = kmem_live();
	struct tee_shm_pool *pool;
	long n;

	assert_non_null(mem);
	bad.size = 100;
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc_res_mem(&bad, &user)),
			 -EINVAL);
	/* The private manager made first is destroyed again. */
	assert_int_equal(PTR_ERR(tee_shm_pool_alloc_res_mem(&priv, &bad)),
			 -EINVAL);
	assert_int_equal(kmem_live(), live);

	for (n = 1;; n++) {
		kmem_fail_nth(n);
		pool = tee_shm_pool_alloc_res_mem(&priv, &user);
		kmem_fail_nth(0);
		if (!IS_ERR(pool))
			break;
		assert_int_equal(PTR_ERR(pool), -ENOMEM);
		assert_int_equal(kmem_live(), live);
	}
	/* Two managers of three allocations each, and the pool. */
	assert_int_equal(n, 8);
	tee_shm_pool_free(pool);
	assert_int_equal(kmem_live(), live);
	free(mem);
}

/* ------------------------------------------------------------------ */
/* Concurrency                                                         */
/* ------------------------------------------------------------------ */

#define NWORKERS 8
#define NINVOKES 200
#define NPAIRS	 50

/*
 * struct worker - one thread playing a client process
 * @failed_at:	source line of the first check that failed (0: none)
 */
struct worker {
	pthread_t thread;
	struct tee_device *dev;
	struct tee_cred cred;
	struct uproc *p;
	int failed_at;
};

#define W_CHECK(w, cond)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			(w)->failed_at = __LINE__;                             \
			goto out;                                              \
		}                                                              \
	} while (0)

/* Opens a context, allocates, opens sessions, invokes, closes it all. */
static void *worker_fn(void *arg)
{
	struct worker *w = arg;
	struct uproc *p = w->p;
	struct tee_ioctl_shm_alloc_data *data = umem(p, UARG_OFF);
	struct tee_ioctl_close_session_arg *close_arg;
	struct tee_ioctl_open_session_arg *oarg;
	struct tee_ioctl_invoke_arg *iarg;
	struct tee_context *ctx;
	struct tee_shm *shm;
	u32 sessions[2];
	long fd;
	int id;

	ctx = teedev_open(w->dev, &w->cred);
	if (IS_ERR(ctx)) {
		w->failed_at = __LINE__;
		return NULL;
	}

	memset(data, 0, sizeof(*data));
	data->size = PAGE_SIZE;
	fd = uproc_ioctl(p, ctx, TEE_IOC_SHM_ALLOC);
	W_CHECK(w, fd >= UPROC_FD_BASE);
	id = data->id;
	shm = p->fds[fd - UPROC_FD_BASE];

	for (int s = 0; s < 2; s++) {
		oarg = open_arg(p, TEE_IOCTL_LOGIN_USER, 1);
		set_param(&oarg->params[0],
			  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, 64,
			  (u64)id);
		W_CHECK(w, uproc_ioctl(p, ctx, TEE_IOC_OPEN_SESSION) == 0);
		W_CHECK(w, oarg->ret == 0);
		sessions[s] = oarg->session;
	}

	for (int i = 0; i < NINVOKES; i++) {
		size_t offs = (size_t)(i % 16) * 64;
		u8 *va = (u8 *)shm->kaddr + offs;

		iarg = invoke_arg(p, sessions[i % 2], TESTDRV_FUNC_FILL, 2);
		set_param(&iarg->params[0],
			  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, offs,
			  32 + (u64)(i % 8), (u64)id);
		set_param(&iarg->params[1],
			  TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, 0, PAGE_SIZE,
			  (u64)id);
		memset(va, 0, TESTDRV_FILL_LEN);
		W_CHECK(w, uproc_ioctl(p, ctx, TEE_IOC_INVOKE) == 0);
		W_CHECK(w, iarg->ret == 0);
		W_CHECK(w, iarg->params[0].b == TESTDRV_FILL_LEN);
		for (size_t k = 0; k < TESTDRV_FILL_LEN; k++)
			W_CHECK(w, va[k] == testdrv_pattern(k));

		iarg = invoke_arg(p, sessions[i % 2], TESTDRV_FUNC_INC, 1);
		set_param(&iarg->params[0],
			  TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT, (u64)i, 0, 0);
		W_CHECK(w, uproc_ioctl(p, ctx, TEE_IOC_INVOKE) == 0);
		W_CHECK(w, iarg->params[0].a == (u64)i + 1);
		W_CHECK(w, shm_refs(shm) == 1);
	}

	close_arg = umem(p, UARG_OFF);
	close_arg->session = sessions[0];
	W_CHECK(w, uproc_ioctl(p, ctx, TEE_IOC_CLOSE_SESSION) == 0);
	/* sessions[1] is left for the release to close. */
out:
	/* Close whatever is open, also after a failed check. */
	for (int i = 0; i < UPROC_MAX_FDS; i++) {
		if (p->fds[i]) {
			tee_shm_put(p->fds[i]);
			p->fds[i] = NULL;
		}
	}
	teedev_close_context(ctx);
	return NULL;
}

/*
 * struct fd_pair - a process that closes its context while another
 * process closes the shm fd it was passed, the two racing
 * @passed:	the owner has put an fd in @fd
 * @taken:	the holder has taken it out of its fd table
 */
struct fd_pair {
	pthread_t owner, holder;
	struct tee_device *dev;
	struct tee_cred cred;
	struct uproc *p, *q;
	struct completion passed;
	struct completion taken;
	int fd;
	int failed_at;
};

static void *pair_owner_fn(void *arg)
{
	struct fd_pair *pr = arg;
	struct tee_context *ctx;
	long fd;
	int id;

	for (int i = 0; i < NPAIRS; i++) {
		ctx = teedev_open(pr->dev, &pr->cred);
		if (IS_ERR(ctx)) {
			pr->failed_at = __LINE__;
			pr->fd = -1;
			complete(&pr->passed);
			return NULL;
		}
		fd = shm_alloc_ioctl(pr->p, ctx, 100, &id);
		pr->fd = fd < 0 ? -1 : uproc_pass_fd(pr->p, (int)fd, pr->q);
		if (pr->fd < 0)
			pr->failed_at = __LINE__;
		complete(&pr->passed);
		/* Races with the holder's close of the fd. */
		teedev_close_context(ctx);
		if (pr->fd < 0)
			return NULL;
		wait_for_completion(&pr->taken);
	}
	return NULL;
}

static void *pair_holder_fn(void *arg)
{
	struct fd_pair *pr = arg;

	for (int i = 0; i < NPAIRS; i++) {
		struct tee_shm *shm;

		wait_for_completion(&pr->passed);
		if (pr->fd < 0)
			return NULL;
		shm = pr->q->fds[pr->fd - UPROC_FD_BASE];
		pr->q->fds[pr->fd - UPROC_FD_BASE] = NULL;
		complete(&pr->taken);
		memset(shm->kaddr, 0x3c, 100);
		tee_shm_put(shm);
	}
	return NULL;
}

static void
test_tee_core__concurrent_contexts_sessions_invokes_leave_nothing(void **st)
{
	struct fx *fx = *st;
	struct worker w[NWORKERS];
	struct fd_pair pr;
	struct mark m = mark_now(fx);
	struct unreg_thread u;

	memset(w, 0, sizeof(w));
	for (int i = 0; i < NWORKERS; i++) {
		w[i].dev = fx->clnt;
		w[i].cred = fx->cred;
		w[i].cred.euid = (uid_t)i;
		w[i].p = uproc_new();
	}
	memset(&pr, 0, sizeof(pr));
	pr.dev = fx->clnt;
	pr.cred = fx->cred;
	pr.p = uproc_new();
	pr.q = uproc_new();
	init_completion(&pr.passed);
	init_completion(&pr.taken);

	for (int i = 0; i < NWORKERS; i++)
		assert_int_equal(
			pthread_create(&w[i].thread, NULL, worker_fn, &w[i]),
			0);
	assert_int_equal(pthread_create(&pr.owner, NULL, pair_owner_fn, &pr),
			 0);
	assert_int_equal(pthread_create(&pr.holder, NULL, pair_holder_fn, &pr),
			 0);
	for (int i = 0; i < NWORKERS; i++)
		assert_int_equal(pthread_join(w[i].thread, NULL), 0);
	assert_int_equal(pthread_join(pr.owner, NULL), 0);
	assert_int_equal(pthread_join(pr.holder, NULL), 0);

	for (int i = 0; i < NWORKERS; i++) {
		assert_int_equal(w[i].failed_at, 0);
		assert_int_equal(uproc_num_fds(w[i].p), 0);
		uproc_free(w[i].p);
	}
	assert_int_equal(pr.failed_at, 0);
	assert_int_equal(uproc_num_fds(pr.p) + uproc_num_fds(pr.q), 0);
	uproc_free(pr.p);
	uproc_free(pr.q);
	destroy_completion(&pr.taken);
	destroy_completion(&pr.passed);

	assert_int_equal(fx->td->opens, NWORKERS + NPAIRS);
	assert_int_equal(fx->td->releases, NWORKERS + NPAIRS);
	assert_int_equal(fx->td->release_closed, NWORKERS);
	assert_int_equal(fx->td->invoke_calls, NWORKERS * NINVOKES * 2);
	assert_no_leak(fx, &m);
	assert_int_equal(idr_count(&fx->clnt->idr), 0);
	assert_int_equal(dev_num_users(fx->clnt), 1);

	/* And the device goes away without waiting for anyone. */
	u.dev = fx->clnt;
	fx->td->clnt_dev = NULL;
	fx->clnt = NULL;
	unregister_thread(&u);
	assert_true(atomic_load(&u.returned));
}

/* ------------------------------------------------------------------ */

/*
 * Every test runs on fresh devices: DEV() with the test driver's tee0 and
 * teepriv0 registered, POOL() with only its pool (registration tests).
 */
#define DEV(f)	cmocka_unit_test_setup_teardown(f, setup_devices, teardown)
#define POOL(f) cmocka_unit_test_setup_teardown(f, setup_pool, teardown)

static const struct CMUnitTest tee_core_tests[] = {
	/* registration */
	POOL(test_tee_device_alloc__bad_desc_or_null_pool_is_einval),
	POOL(test_tee_device_alloc__client_ids_0_to_15_named_teeN),
	POOL(test_tee_device_alloc__17th_client_is_enomem_not_a_privileged_id),
	POOL(test_tee_device_alloc__privileged_ids_16_to_31_named_teeprivN),
	POOL(test_tee_device_alloc__kzalloc_failure_is_enomem),
	POOL(test_tee_device_unregister__releases_the_device_id),
	POOL(test_tee_device_register__twice_is_einval),
	POOL(test_tee_device_find__sees_only_registered_devices),
	POOL(test_tee_class_for_each__visits_registered_devices_in_id_order),
	DEV(test_tee_device_attr_show__implementation_id_is_decimal),
	DEV(test_tee_device_attr_show__revision_only_when_driver_has_op),
	DEV(test_tee_device_attr_show__unknown_attr_is_enoent),
	POOL(test_tee_device_unregister__never_registered_device),
	DEV(test_tee_device_unregister__waits_for_last_context),
	DEV(test_tee_device_unregister__waits_for_last_shm),
	POOL(test_tee_device_put__last_put_races_with_unregister_free),
	/* contexts */
	DEV(test_teedev_open__device_going_away_is_einval),
	DEV(test_teedev_open__driver_open_error_is_propagated_nothing_leaked),
	DEV(test_teedev_open__kzalloc_failure_is_enomem),
	DEV(test_teedev_open__records_caller_credentials),
	DEV(test_tee_kernel_open_context__no_credentials_supp_nowait),
	DEV(test_teedev_close_context__driver_release_closes_sessions),
	DEV(test_teedev_close_context__shm_outlives_context_with_ctx_cleared),
	/* VERSION */
	DEV(test_tee_ioctl_version__privileged_cap_only_on_privileged_device),
	DEV(test_tee_ioctl_version__bad_pointer_is_efault),
	/* SHM_ALLOC */
	DEV(test_tee_ioctl_shm_alloc__flags_not_zero_is_einval),
	DEV(test_tee_ioctl_shm_alloc__returns_fd_id_and_page_rounded_size),
	DEV(test_tee_shm_alloc__memory_is_zeroed_on_reuse),
	DEV(test_tee_shm_alloc__ids_start_at_1_unique_lowest_reused),
	DEV(test_tee_shm_get_from_id__only_for_the_owning_context),
	DEV(test_tee_shm_alloc__pool_exhaustion_is_enomem_nothing_leaked),
	DEV(test_tee_shm_alloc__id_exhaustion_is_enomem_nothing_leaked),
	DEV(test_tee_shm_alloc__size_zero_or_huge_is_enomem),
	DEV(test_tee_shm_alloc__kzalloc_failure_is_enomem_nothing_leaked),
	DEV(test_tee_shm_get_fd__install_failure_frees_shm),
	DEV(test_tee_ioctl_shm_alloc__copy_to_user_failure_efault_frees_shm),
	DEV(test_tee_ioctl_shm_alloc__bad_pointer_is_efault),
	DEV(test_tee_shm_alloc__driver_private_memory),
	DEV(test_tee_shm_get_va_pa__translate_inside_the_object_only),
	/* OPEN_SESSION / INVOKE */
	DEV(test_tee_ioctl_open_session__buf_len_rules_einval),
	DEV(test_tee_ioctl_invoke__buf_len_rules_einval),
	DEV(test_tee_ioctl_open_session__buf_ptr_outside_user_memory_efault),
	DEV(test_tee_ioctl_invoke__buf_ptr_outside_user_memory_efault),
	DEV(test_params_from_user__unknown_attr_bits_are_einval),
	DEV(test_params_from_user__unknown_types_are_einval),
	DEV(test_params_from_user__meta_bit_accepted_by_core),
	DEV(test_params_from_user__outputs_carry_no_values_in),
	DEV(test_params_from_user__memref_of_other_context_is_einval),
	DEV(test_params_from_user__memref_nonexistent_id_is_einval),
	DEV(test_params_from_user__memref_offset_size_overflow_einval),
	DEV(test_params_from_user__memref_past_end_einval_up_to_end_ok),
	DEV(test_params_from_user__memref_null_einval_without_cap),
	DEV(test_params_from_user__memref_null_reaches_driver_with_cap),
	DEV(test_tee_ioctl_invoke__memref_references_dropped_on_every_path),
	DEV(test_tee_ioctl_open_session__driver_without_op_einval),
	DEV(test_tee_ioctl_invoke__driver_without_op_einval),
	DEV(test_tee_ioctl_invoke__memref_shm_alive_while_call_in_flight),
	DEV(test_tee_ioctl_invoke__ret_and_ret_origin_written),
	/* write-back */
	DEV(test_params_to_user__only_outputs_written_meta_untouched),
	DEV(test_tee_ioctl_open_session__writes_session_ret_and_outputs),
	/* login */
	DEV(test_tee_ioctl_open_session__ree_kernel_login_is_eperm),
	DEV(test_tee_ioctl_open_session__params_checked_before_login),
	DEV(test_tee_session_calc_client_uuid__application_and_unknown_einval),
	DEV(test_tee_session_calc_client_uuid__public_is_nil_uuid),
	DEV(test_tee_session_calc_client_uuid__user_matches_vectors),
	DEV(test_tee_session_calc_client_uuid__group_matches_vectors),
	DEV(test_tee_session_calc_client_uuid__group_caller_not_in_is_eperm),
	DEV(test_tee_session_calc_client_uuid__group_minus_one_is_eperm),
	DEV(test_tee_session_calc_client_uuid__supplementary_group_accepted),
	DEV(test_tee_session_calc_client_uuid__ree_kernel_is_nil),
	/* session leak guard */
	DEV(test_tee_ioctl_open_session__closes_session_when_copy_out_fails),
	DEV(test_tee_ioctl_open_session__closes_session_when_params_out_fail),
	DEV(test_tee_ioctl_open_session__no_close_when_driver_open_fails),
	/* CANCEL, CLOSE_SESSION */
	DEV(test_tee_ioctl_cancel__args_reach_driver),
	DEV(test_tee_ioctl_cancel__bad_pointer_is_efault),
	DEV(test_tee_ioctl_cancel__driver_without_op_is_einval),
	DEV(test_tee_ioctl_close_session__args_reach_driver),
	DEV(test_tee_ioctl_close_session__bad_pointer_is_efault),
	DEV(test_tee_ioctl_close_session__driver_without_op_einval),
	/* SUPPL_RECV */
	DEV(test_tee_ioctl_supp_recv__buf_len_rules_einval),
	DEV(test_tee_ioctl_supp_recv__bad_pointer_is_efault),
	DEV(test_tee_ioctl_supp_recv__input_params_are_parsed),
	DEV(test_params_to_supp__values_memrefs_and_others),
	DEV(test_params_to_supp__async_meta_prefix_visible),
	DEV(test_tee_ioctl_supp_recv__capacity_too_small_einval),
	DEV(test_tee_ioctl_supp_recv__driver_without_op_einval),
	DEV(test_tee_ioctl_supp_recv__copy_out_failure_is_efault),
	DEV(test_tee_ioctl_supp_recv__kcalloc_failure_is_enomem),
	/* SUPPL_SEND */
	DEV(test_tee_ioctl_supp_send__buf_len_may_be_larger_not_smaller),
	DEV(test_params_from_supp__only_outputs_reach_driver),
	DEV(test_params_from_supp__bad_attr_bits_are_einval),
	DEV(test_tee_ioctl_supp_send__bad_pointer_is_efault),
	DEV(test_tee_ioctl_supp_send__driver_error_or_no_op),
	DEV(test_tee_ioctl_supp_send__kcalloc_failure_is_enomem),
	/* SHM_REGISTER */
	DEV(test_tee_ioctl_shm_register__driver_without_op_is_enotsupp),
	DEV(test_tee_ioctl_shm_register__process_without_hook_is_enotsupp),
	DEV(test_tee_ioctl_shm_register__flags_or_pointer_refused),
	DEV(test_tee_ioctl_shm_register__gives_fd_unregisters_on_last_put),
	DEV(test_tee_shm_register__driver_error_releases_the_id),
	DEV(test_tee_ioctl_shm_register__copy_to_user_failure_frees_shm),
	DEV(test_tee_shm_register__shm_outlives_its_context),
	DEV(test_tee_shm_pa2va__object_without_mapping_is_einval),
	/* other ioctls */
	DEV(test_tee_ioctl_shm_register_fd__is_einval),
	DEV(test_tee_ioctl_object_invoke__is_einval),
	DEV(test_tee_ioctl__unknown_cmd_is_einval),
	/* pools */
	POOL(test_tee_shm_pool_mgr_alloc_res_mem__bad_range_or_order_einval),
	POOL(test_tee_shm_pool_alloc__rejects_incomplete_managers),
	POOL(test_tee_shm_pool_alloc_res_mem__failures_leave_nothing_behind),
	/* concurrency */
	DEV(test_tee_core__concurrent_contexts_sessions_invokes_leave_nothing),
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core", tee_core_tests, NULL,
					   NULL);
}
