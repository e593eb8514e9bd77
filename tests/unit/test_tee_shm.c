// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem's shared memory
 * (drivers/tee/tee_shm.c) through its ioctls: SHM_ALLOC and SHM_REGISTER,
 * the objects' ids, fds and lifetimes.
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

static const struct CMUnitTest tests[] = {
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
	/* SHM_REGISTER */
	DEV(test_tee_ioctl_shm_register__driver_without_op_is_enotsupp),
	DEV(test_tee_ioctl_shm_register__process_without_hook_is_enotsupp),
	DEV(test_tee_ioctl_shm_register__flags_or_pointer_refused),
	DEV(test_tee_ioctl_shm_register__gives_fd_unregisters_on_last_put),
	DEV(test_tee_shm_register__driver_error_releases_the_id),
	DEV(test_tee_ioctl_shm_register__copy_to_user_failure_frees_shm),
	DEV(test_tee_shm_register__shm_outlives_its_context),
	DEV(test_tee_shm_pa2va__object_without_mapping_is_einval),
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core: shm", tests, NULL, NULL);
}
