// SPDX-License-Identifier: BSD-2-Clause
/*
 * The REE FS RPC client (secure/tee_fs_rpc.c) with the RPC layer
 * (thread_rpc_cmd(), thread_rpc_shm_alloc/free()) played by a stub
 * normal world: the requests must carry OP-TEE's parameter conventions
 * (ABI-FACTS §5.2, OP-TEE core/tee/tee_fs_rpc.c; [CL] tee_supp_fs.c
 * checks the same counts and types), and hostile answers must be
 * refused with TEE_ERROR_COMMUNICATION.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "secure/tee_fs_rpc.h"
#include "secure/thread.h"
#include "secure/thread_rpc.h"

#define SHM_PA 0x40000000ULL

/**
 * struct stub_nw - the normal world as the client sees it
 * @cmd, @num, @p: the last FS request, as sent
 * @shm:	payload memory handed out (one buffer at a time)
 * @shm_size:	its size
 * @allocs:	times the payload cache had to allocate or grow
 * @answer:	called to make the answer
 */
struct stub_nw {
	uint32_t cmd;
	size_t num;
	struct rpc_param p[THREAD_RPC_MAX_NUM_PARAMS];
	uint8_t shm[8192];
	size_t shm_size;
	int allocs;
	TEE_Result (*answer)(size_t num, struct rpc_param *p);
};

static struct stub_nw nw;

TEE_Result thread_rpc_cmd(struct sthread *t, uint32_t cmd, size_t num_params,
			  struct rpc_param *params)
{
	(void)t;
	nw.cmd = cmd;
	nw.num = num_params;
	memcpy(nw.p, params, num_params * sizeof(*params));
	return nw.answer(num_params, params);
}

/* The thread's payload cache: one buffer, grown when a request needs it. */
TEE_Result thread_rpc_shm_cache_alloc(struct sthread *t, unsigned int user,
				      size_t size, struct nw_mem **mem,
				      uint64_t *cookie)
{
	static struct nw_mem m;

	(void)t;
	assert_int_equal(user, THREAD_SHM_CACHE_USER_FS);
	assert_true(size <= sizeof(nw.shm));
	if (size > nw.shm_size) {
		nw.shm_size = size;
		nw.allocs++;
	}
	memset(&m, 0, sizeof(m));
	m.va = nw.shm;
	m.pa = SHM_PA;
	*mem = &m;
	*cookie = 0x1234;
	return TEE_SUCCESS;
}

static TEE_Result answer_fd(size_t num, struct rpc_param *p)
{
	if (num == 3)
		p[2].u.value.a = 7;
	return TEE_SUCCESS;
}

static TEE_Result answer_huge_fd(size_t num, struct rpc_param *p)
{
	(void)num;
	p[2].u.value.a = 0x80000000ULL;
	return TEE_SUCCESS;
}

static TEE_Result answer_read_short(size_t num, struct rpc_param *p)
{
	(void)num;
	memset(nw.shm, 0xab, 10);
	p[1].u.tmem.size = 10;
	return TEE_SUCCESS;
}

static TEE_Result answer_read_oversized(size_t num, struct rpc_param *p)
{
	(void)num;
	p[1].u.tmem.size = p[1].u.tmem.size + 1;
	return TEE_SUCCESS;
}

static TEE_Result answer_not_found(size_t num, struct rpc_param *p)
{
	(void)num;
	(void)p;
	return TEE_ERROR_ITEM_NOT_FOUND;
}

static struct tee_fs_rpc rpc;

static int setup(void **state)
{
	(void)state;
	memset(&nw, 0, sizeof(nw));
	nw.answer = answer_fd;
	rpc = tee_fs_rpc_thread(NULL);
	return 0;
}

static void assert_value(const struct rpc_param *p, uint64_t attr, uint64_t a,
			 uint64_t b, uint64_t c)
{
	assert_int_equal(p->attr, attr);
	assert_int_equal(p->u.value.a, a);
	assert_int_equal(p->u.value.b, b);
	assert_int_equal(p->u.value.c, c);
}

static void assert_name_memref(const struct rpc_param *p, const char *name)
{
	assert_int_equal(p->attr, OPTEE_MSG_ATTR_TYPE_TMEM_INPUT);
	assert_int_equal(p->u.tmem.buf_ptr, SHM_PA);
	assert_int_equal(p->u.tmem.size, TEE_FS_NAME_MAX);
	assert_int_equal(p->u.tmem.shm_ref, 0x1234);
	assert_string_equal((const char *)nw.shm, name);
}

/* OPEN / CREATE: 3 params, value a = sub-command, name, value out fd. */
static void test_open_create__optee_params(void **state)
{
	int fd = -1;

	(void)state;
	assert_int_equal(rpc.ops->open(rpc.ctx, "/dirf.db", false, &fd),
			 TEE_SUCCESS);
	assert_int_equal(fd, 7);
	assert_int_equal(nw.cmd, OPTEE_RPC_CMD_FS);
	assert_int_equal(nw.num, 3);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_OPEN, 0, 0);
	assert_name_memref(&nw.p[1], "/dirf.db");
	assert_value(&nw.p[2], OPTEE_MSG_ATTR_TYPE_VALUE_OUTPUT, 0, 0, 0);
	assert_int_equal(rpc.ops->open(rpc.ctx, "/1a", true, &fd), TEE_SUCCESS);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_CREATE, 0, 0);
	assert_name_memref(&nw.p[1], "/1a");
	/* Both requests used the thread's one cached payload buffer. */
	assert_int_equal(nw.allocs, 1);
}

static void test_close_truncate_remove__optee_params(void **state)
{
	(void)state;
	assert_int_equal(rpc.ops->close(rpc.ctx, 5), TEE_SUCCESS);
	assert_int_equal(nw.num, 1);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_CLOSE, 5, 0);
	assert_int_equal(rpc.ops->truncate(rpc.ctx, 5, 12288), TEE_SUCCESS);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_TRUNCATE, 5, 12288);
	assert_int_equal(rpc.ops->remove(rpc.ctx, "/3"), TEE_SUCCESS);
	assert_int_equal(nw.num, 2);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_REMOVE, 0, 0);
	assert_name_memref(&nw.p[1], "/3");
}

/* READ / WRITE: value (sub-command, fd, offset) + the data memref. */
static void test_read_write__optee_params(void **state)
{
	uint8_t buf[66] = {1, 2, 3};
	size_t got = 0;

	(void)state;
	assert_int_equal(rpc.ops->write(rpc.ctx, 4, 4162, buf, sizeof(buf)),
			 TEE_SUCCESS);
	assert_int_equal(nw.num, 2);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_WRITE, 4, 4162);
	assert_int_equal(nw.p[1].attr, OPTEE_MSG_ATTR_TYPE_TMEM_INPUT);
	assert_int_equal(nw.p[1].u.tmem.size, sizeof(buf));
	assert_memory_equal(nw.shm, buf, sizeof(buf));
	nw.answer = answer_read_short;
	assert_int_equal(
		rpc.ops->read(rpc.ctx, 4, 8192, buf, sizeof(buf), &got),
		TEE_SUCCESS);
	assert_value(&nw.p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
		     OPTEE_RPC_FS_READ, 4, 8192);
	assert_int_equal(nw.p[1].attr, OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT);
	/* A short read is reported as such (the tree makes it CORRUPT). */
	assert_int_equal(got, 10);
	assert_int_equal(buf[9], 0xab);
	assert_int_equal(nw.allocs, 1);
}

/* Hostile answers: a size beyond the buffer, an fd that is no int. */
static void test_hostile_answers__communication(void **state)
{
	uint8_t buf[16];
	size_t got;
	int fd;

	(void)state;
	nw.answer = answer_read_oversized;
	assert_int_equal(rpc.ops->read(rpc.ctx, 1, 0, buf, sizeof(buf), &got),
			 TEE_ERROR_COMMUNICATION);
	nw.answer = answer_huge_fd;
	assert_int_equal(rpc.ops->open(rpc.ctx, "/0", false, &fd),
			 TEE_ERROR_COMMUNICATION);
	nw.answer = answer_not_found;
	assert_int_equal(rpc.ops->open(rpc.ctx, "/0", false, &fd),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(nw.allocs, 1);
}

/* Names that do not fit TEE_FS_NAME_MAX, transfers over TEE_FS_RPC_MAX_IO. */
static void test_bad_requests__bad_parameters(void **state)
{
	static uint8_t big[TEE_FS_RPC_MAX_IO + 1];
	char name[TEE_FS_NAME_MAX + 1];
	size_t got;
	int fd;

	(void)state;
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	assert_int_equal(rpc.ops->open(rpc.ctx, name, false, &fd),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(rpc.ops->read(rpc.ctx, 1, 0, big, sizeof(big), &got),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(rpc.ops->write(rpc.ctx, 1, 0, big, sizeof(big)),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(nw.allocs, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_open_create__optee_params, setup),
		cmocka_unit_test_setup(test_close_truncate_remove__optee_params,
				       setup),
		cmocka_unit_test_setup(test_read_write__optee_params, setup),
		cmocka_unit_test_setup(test_hostile_answers__communication,
				       setup),
		cmocka_unit_test_setup(test_bad_requests__bad_parameters,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
