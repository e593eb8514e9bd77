// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem's devices and contexts
 * (drivers/tee/tee_core.c): registration, tee_open/tee_release, the
 * VERSION ioctl and the ioctls no driver here implements.
 *
 * The tests drive the core through both of its faces: the driver API of
 * <linux/tee_drv.h>, driven by the test driver of tee_test_driver.c, and
 * the ioctl UAPI of <linux/tee.h>, driven by a modelled user process
 * (tee_uproc.h); the fixtures are tee_core_fixture.h's.
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
#include "tee_core_fixture.h"
#include "tee_test_driver.h"
#include "tee_uproc.h"

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

static const struct CMUnitTest tests[] = {
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
	/* other ioctls */
	DEV(test_tee_ioctl_shm_register_fd__is_einval),
	DEV(test_tee_ioctl_object_invoke__is_einval),
	DEV(test_tee_ioctl__unknown_cmd_is_einval),
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core: devices", tests, NULL,
					   NULL);
}
