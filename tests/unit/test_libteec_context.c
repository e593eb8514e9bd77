// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * TEEC_InitializeContext and TEEC_FinalizeContext (GP §6.4): which
 * device a context opens, what it records, and what a finalized context
 * refuses.
 *
 * The library runs against the real TEE core and the test driver
 * (test_libteec_dev.h); every test ends by checking nothing leaked.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <cmocka.h>

#include <linux/tee.h>

#include "tee_client_api.h"
#include "tee_client_api_extensions.h"
#include "test_libteec_dev.h"

/* ------------------------------------------------------------------ */
/* TEEC_InitializeContext / TEEC_FinalizeContext (§6.4)                */
/* ------------------------------------------------------------------ */

/* NULL takes the first device with GEN_CAP_GP; others are closed again. */
static void test_init_null_name_takes_first_gp_device(void **state)
{
	TEEC_Context ctx;

	dev_set(1, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, 0); /* not GP */
	dev_set(2, TEE_IMPL_ID_AMDTEE, 0, TEE_GEN_CAP_GP);
	dev_set(3, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(last_rec(TEE_IOC_VERSION)->dev, 2);
	assert_int_equal(fake.opens, 2);
	assert_int_equal(fake.closes, 1);
	assert_false(ctx.imp.reg_mem);
	assert_false(ctx.imp.memref_null);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 2);
	assert_int_equal(ctx.imp.fd, -1);
}

/* "optee-tz" needs impl_id OPTEE and TEE_OPTEE_CAP_TZ. */
static void test_init_optee_tz_needs_optee_with_tz(void **state)
{
	TEEC_Context ctx;

	dev_set(0, TEE_IMPL_ID_AMDTEE, TEE_OPTEE_CAP_TZ, TEE_GEN_CAP_GP);
	dev_set(1, TEE_IMPL_ID_OPTEE, 0, TEE_GEN_CAP_GP);   /* no TZ */
	dev_set(2, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, 0); /* not GP */
	dev_set(4, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_SUCCESS);
	assert_int_equal(last_rec(TEE_IOC_VERSION)->dev, 4);
	assert_true(ctx.imp.reg_mem);
	assert_true(ctx.imp.memref_null);
	TEEC_FinalizeContext(&ctx);

	fake.devs[4].present = false;
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	/* tee9 is the last one tried. */
	dev_set(9, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, TEE_GEN_CAP_GP);
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_SUCCESS);
	TEEC_FinalizeContext(&ctx);
}

/* Any other name matches nothing; no device is even opened. */
static void test_init_unknown_name_is_item_not_found(void **state)
{
	TEEC_Context ctx;

	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext("foo", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(TEEC_InitializeContext("", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(TEEC_InitializeContext("optee-tz2", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(fake.opens, 0);
}

static void test_init_no_device_and_null_context(void **state)
{
	TEEC_Context ctx;

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	fake.devs[0].version_fails = true;
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(fake.opens, fake.closes);
	assert_int_equal(TEEC_InitializeContext(NULL, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	TEEC_FinalizeContext(NULL);
}

/* REG_MEM and MEMREF_NULL are recorded one by one. */
static void test_init_records_caps(void **state)
{
	TEEC_Context a, b;

	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ,
		TEE_GEN_CAP_GP | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_InitializeContext(NULL, &a), TEEC_SUCCESS);
	assert_true(a.imp.reg_mem);
	assert_false(a.imp.memref_null);
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ,
		TEE_GEN_CAP_GP | TEE_GEN_CAP_MEMREF_NULL);
	assert_int_equal(TEEC_InitializeContext(NULL, &b), TEEC_SUCCESS);
	assert_false(b.imp.reg_mem);
	assert_true(b.imp.memref_null);
	/* Two contexts, two handles. */
	assert_int_not_equal(a.imp.fd, b.imp.fd);
	TEEC_FinalizeContext(&a);
	TEEC_FinalizeContext(&b);
}

/* A finalized context refuses further use; finalizing twice is harmless. */
static void test_finalize_then_use(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_SharedMemory shm = {.size = 8, .flags = TEEC_MEM_INPUT};
	uint32_t origin = 0;

	open_ctx(&ctx, GP_OPTEE);
	TEEC_FinalizeContext(&ctx);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 1);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(count_recs(TEE_IOC_OPEN_SESSION), 0);
}

/*
 * Shared memory keeps its device, as in the kernel where each shm holds
 * its context: finalizing first closes the device only after release.
 */
static void test_finalize_with_live_shm(void **state)
{
	TEEC_SharedMemory shm = {.size = 16, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 0);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.shm_closed, 1);
	assert_int_equal(fake.closes, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_init_null_name_takes_first_gp_device),
		T(test_init_optee_tz_needs_optee_with_tz),
		T(test_init_unknown_name_is_item_not_found),
		T(test_init_no_device_and_null_context),
		T(test_init_records_caps),
		T(test_finalize_then_use),
		T(test_finalize_with_live_shm),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
