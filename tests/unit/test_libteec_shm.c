// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API:
 * Shared memory: registration (in place or with a shadow buffer),
 * allocation and the dma-buf extension.
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
/* Shared memory                                                       */
/* ------------------------------------------------------------------ */

/* REG_MEM: the application's buffer itself is registered. */
static void test_register_with_reg_mem(void **state)
{
	uint8_t buf[32] = "registered";
	TEEC_SharedMemory shm = {.buffer = buf,
				 .size = sizeof(buf),
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_PARTIAL_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_SHM_REGISTER);
	assert_non_null(r);
	assert_int_equal(r->u.reg.addr, (uintptr_t)buf);
	assert_int_equal(r->u.reg.length, sizeof(buf));
	assert_int_equal(r->u.reg.flags, 0);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 0);

	op.params[0].memref.parent = &shm;
	op.params[0].memref.offset = 2;
	op.params[0].memref.size = 8;
	memcpy(fake.script.data[0], "TEE", 3);
	fake.script.data_len[0] = 3;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 3;
	assert_int_equal(TEEC_InvokeCommand(&s, 8, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "gistered", 8);
	assert_memory_equal(buf, "reTEEtered", 10);
	assert_int_equal(op.params[0].memref.size, 3);
	assert_int_equal(fake.maps, 0);
	TEEC_ReleaseSharedMemory(&shm);
	assert_ptr_equal(shm.buffer, buf); /* still the application's */
	assert_int_equal(shm.size, sizeof(buf));
	assert_int_equal(fake.shm_closed, 1);
	close_all(&ctx, &s);
}

/*
 * REG_MEM, but the device will not register this memory (OP-TEE
 * TEEC_RegisterSharedMemory(): read-only pages; teed: the caller's own
 * stack): a shadow buffer instead, and the registration succeeds.
 */
static void test_register_falls_back_to_shadow(void **state)
{
	uint8_t buf[32];
	TEEC_SharedMemory shm = {
		.buffer = buf, .size = sizeof(buf), .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	fake.fail_cmd = TEE_IOC_SHM_REGISTER;
	fake.fail_err = EFAULT;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_REGISTER), 1);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 32);
	assert_non_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(fake.shm_closed, 1);
	fake.fail_cmd = 0;
	TEEC_FinalizeContext(&ctx);
}

/*
 * Without REG_MEM: a shadow buffer, copied in before and back after each
 * call, only the referenced part and only in the right direction.
 */
static void test_register_with_shadow_buffer(void **state)
{
	uint8_t buf[32];
	TEEC_SharedMemory shm = {.buffer = buf,
				 .size = sizeof(buf),
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_NONE,
						   TEEC_NONE, TEEC_NONE));
	uint8_t *shadow;
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(buf, 'a', sizeof(buf));
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_REGISTER), 0);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 32);
	shadow = shm.imp.shadow_buffer;
	assert_non_null(shadow);
	assert_ptr_equal(shm.buffer, buf);

	/* WHOLE INOUT: all of it in, the returned size back. */
	op.params[0].memref.parent = &shm;
	memcpy(fake.script.data[0], "WHOLE", 5);
	fake.script.data_len[0] = 5;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 5;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(fake.seen_len[0], 32);
	for (int i = 0; i < 32; i++)
		assert_int_equal(fake.seen[0][i], 'a');
	assert_memory_equal(buf, "WHOLEaaa", 8);
	assert_int_equal(op.params[0].memref.size, 5);

	/* PARTIAL_INPUT: only [4, 12) goes in; nothing comes back. */
	memset(buf, 'b', sizeof(buf));
	memset(shadow, 0, 32);
	op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INPUT, TEEC_NONE,
				    TEEC_NONE, TEEC_NONE));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 8, 4};
	fake.script.b[0] = 8;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "bbbbbbbb", 8);
	assert_int_equal(shadow[3], 0);
	assert_int_equal(shadow[12], 0);
	for (int i = 0; i < 32; i++)
		assert_int_equal(buf[i], 'b');

	/* PARTIAL_OUTPUT: nothing in; the returned bytes back at offset. */
	memset(shadow, 0, 32);
	op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_OUTPUT, TEEC_NONE,
				    TEEC_NONE, TEEC_NONE));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 10, 20};
	memcpy(fake.script.data[0], "xyz", 3);
	fake.script.data_len[0] = 3;
	fake.script.b[0] = 3;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(fake.seen[0][0], 0);
	assert_memory_equal(buf + 20, "xyzbb", 5);
	assert_int_equal(buf[19], 'b');
	assert_int_equal(op.params[0].memref.size, 3);

	/* A size larger than the memref (short buffer) copies nothing. */
	memset(buf, 'c', sizeof(buf));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 4, 0};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.b[0] = 12;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(op.params[0].memref.size, 12);
	for (int i = 0; i < 32; i++)
		assert_int_equal(buf[i], 'c');

	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(fake.unmaps, 1);
	close_all(&ctx, &s);
}

/* A zero-sized registration still shares a small non-zero size. */
static void test_register_size_zero_and_bad_args(void **state)
{
	uint8_t buf[1];
	TEEC_SharedMemory shm = {.buffer = buf, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	assert_int_equal(shm.size, 0);
	TEEC_ReleaseSharedMemory(&shm);

	assert_int_equal(TEEC_RegisterSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.buffer = NULL;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.buffer = buf;
	shm.flags = 0;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = 0x4;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* The device refusing: errno mapped. */
	shm.flags = TEEC_MEM_INPUT;
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = ENOMEM;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_OUT_OF_MEMORY);
	TEEC_FinalizeContext(&ctx);
}

/* Allocated memory is the mapping of the SHM_ALLOC fd. */
static void test_allocate(void **state)
{
	static const char zeros[16];
	TEEC_SharedMemory shm = {.size = 16, .flags = TEEC_MEM_INPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_NONE,
						   TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_non_null(shm.buffer);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 16);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.flags, 0);
	assert_int_equal(fake.maps, 1);
	/* The TEE sees what the application wrote, with no copy. */
	memcpy(shm.buffer, "shared memory!!", 16);
	op.params[0].memref.parent = &shm;
	assert_int_equal(TEEC_InvokeCommand(&s, 10, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "shared memory!!", 16);
	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.buffer);
	assert_int_equal(shm.size, 0);
	/* Kept for the context's next allocation (shm.c), not unmapped. */
	assert_int_equal(fake.unmaps, 0);
	assert_int_equal(fake.shm_closed, 0);
	/* Releasing twice, or NULL, does nothing. */
	TEEC_ReleaseSharedMemory(&shm);
	TEEC_ReleaseSharedMemory(NULL);
	assert_int_equal(fake.shm_closed, 0);

	/* The next allocation that fits takes it back, zeroed, no ioctl. */
	shm.size = 12;
	shm.flags = TEEC_MEM_OUTPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_int_equal(fake.maps, 1);
	assert_int_equal(shm.size, 12);
	assert_int_equal(shm.flags, TEEC_MEM_OUTPUT);
	assert_memory_equal(shm.buffer, zeros, 16);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.unmaps, 0);

	/* Size 0 allocates a small non-zero size; buffer is not NULL. */
	shm.size = 0;
	shm.flags = TEEC_MEM_OUTPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_non_null(shm.buffer);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	TEEC_ReleaseSharedMemory(&shm);

	shm.flags = 0;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = TEEC_MEM_INPUT | 0x100;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = TEEC_MEM_INPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	/*
	 * mmap failing: out of memory, the fd closed again; the kept
	 * buffer (too small to take) is let go before the second try.
	 */
	shm.size = 65536;
	fake.mmap_fail = true;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_OUT_OF_MEMORY);
	fake.mmap_fail = false;
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = EINVAL;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	close_all(&ctx, &s);
}

/* The dma-buf extension: the device may refuse; errno is mapped. */
static void test_register_fd(void **state)
{
	TEEC_SharedMemory shm = {.flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_PARTIAL_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	fake.regfd_err = EINVAL;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(last_rec(TEE_IOC_SHM_REGISTER_FD)->u.regfd.fd, 7);
	fake.regfd_err = ENOMEM;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_OUT_OF_MEMORY);
	fake.regfd_err = ENOTTY;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(
		TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, -1),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(NULL, &shm, 7),
			 TEEC_ERROR_BAD_PARAMETERS);

	fake.regfd_err = 0;
	fake.regfd_size = 4096;
	r = NULL;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 9),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_SHM_REGISTER_FD);
	assert_int_equal(r->u.regfd.fd, 9);
	assert_int_equal(r->u.regfd.flags, 0);
	assert_int_equal(shm.size, 4096);
	assert_null(shm.buffer);
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 100, 1000};
	fake.script.set_b[0] = true;
	fake.script.b[0] = 50;
	assert_int_equal(TEEC_InvokeCommand(&s, 11, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].c, shm.imp.id);
	assert_int_equal(r->u.invoke.params[0].a, 1000);
	assert_int_equal(op.params[0].memref.size, 50);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.shm_closed, 1);
	close_all(&ctx, &s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_register_with_reg_mem),
		T(test_register_falls_back_to_shadow),
		T(test_register_with_shadow_buffer),
		T(test_register_size_zero_and_bad_args),
		T(test_allocate),
		T(test_register_fd),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
