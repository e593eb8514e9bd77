// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem's supplicant ioctls
 * (drivers/tee/tee_core.c): SUPPL_RECV and SUPPL_SEND, and how parameters
 * travel to and from the supplicant.
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

/* docs/abi.md §1.5: hdr + 32 * num_params <= buf_len, not exact. */
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

static const struct CMUnitTest tests[] = {
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
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core: supplicant", tests, NULL,
					   NULL);
}
