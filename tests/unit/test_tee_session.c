// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for the generic TEE subsystem's calls into a driver
 * (drivers/tee/tee_core.c): OPEN_SESSION and INVOKE with their buffer and
 * parameter rules, the write-back, login and client UUIDs, the session
 * leak guard, CANCEL and CLOSE_SESSION, and all of it concurrently.
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

/* docs/abi.md §1.5: hdr <= buf_len <= TEE_MAX_ARG_SIZE, and exact. */
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

/* docs/abi.md §2: the client UUIDs of uid/gid 0 and 1000. */
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

static const struct CMUnitTest tests[] = {
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
	/* concurrency */
	DEV(test_tee_core__concurrent_contexts_sessions_invokes_leave_nothing),
};

int main(void)
{
	return cmocka_run_group_tests_name("tee core: sessions", tests, NULL,
					   NULL);
}
