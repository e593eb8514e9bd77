// SPDX-License-Identifier: BSD-2-Clause
/*
 * The secure world on its own: the machine is booted as teed boots it,
 * and the test plays the normal world, issuing SMCs by hand.  Everything
 * the normal world says is checked by the secure world: bad physical
 * addresses, malformed messages and stray resumes get the OP-TEE answers
 * (docs/abi.md §3), never a crash.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_smc.h"
#include "kernel/err.h"
#include "machine/board.h"
#include "teed/machine.h"

#define TEE_ERROR_BAD_PARAMETERS 0xFFFF0006
#define TEE_ERROR_OUT_OF_MEMORY	 0xFFFF000C

/* Where the test puts its messages: the start of the reserved memory. */
#define MSG_PA BOARD_SHM_BASE

struct world {
	struct machine m;
	struct optee_msg_arg *msg;
};

static void boot(struct world *w, unsigned int threads)
{
	struct machine_config cfg = {.secure_world = TEEBOX_SECURE_BIN,
				     .threads = threads,
				     .cpus = 8,
				     .log_level = 3};
	int fd;

	assert_int_equal(machine_boot(&w->m, &cfg), 0);
	w->msg = nw_ram_plug(&w->m.ram, MSG_PA, 4096, &fd);
	assert_false(IS_ERR(w->msg));
}

static void halt(struct world *w)
{
	/* The secure world must still be alive: nothing crashed it. */
	assert_false(machine_reap(&w->m));
	machine_halt(&w->m);
}

static void smc(struct world *w, unsigned long a0, unsigned long a1,
		unsigned long a2, unsigned long a3, struct arm_smccc_res *res)
{
	const unsigned long a[8] = {a0, a1, a2, a3};

	smc_nw_call(&w->m.smc, a, res);
}

static unsigned long call_with_arg(struct world *w, unsigned long long pa)
{
	struct arm_smccc_res res;

	smc(w, OPTEE_SMC_CALL_WITH_ARG, pa >> 32, pa & 0xffffffff, 0, &res);
	return res.a0;
}

/* Fast calls answer as OP-TEE does (docs/abi.md §3.2, §3.6). */
static void test_fast_calls(void **state)
{
	struct arm_smccc_res res;
	struct world w;

	boot(&w, 3);
	smc(&w, OPTEE_SMC_CALLS_UID, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_MSG_UID_0);
	assert_int_equal(res.a1, OPTEE_MSG_UID_1);
	assert_int_equal(res.a2, OPTEE_MSG_UID_2);
	assert_int_equal(res.a3, OPTEE_MSG_UID_3);
	smc(&w, OPTEE_SMC_CALLS_REVISION, 0, 0, 0, &res);
	assert_int_equal(res.a0, 2);
	assert_int_equal(res.a1, 0);
	smc(&w, OPTEE_SMC_CALL_GET_OS_UUID, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_MSG_OS_OPTEE_UUID_0);
	assert_int_equal(res.a3, OPTEE_MSG_OS_OPTEE_UUID_3);
	smc(&w, OPTEE_SMC_GET_THREAD_COUNT, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_OK);
	assert_int_equal(res.a1, 3);
	smc(&w, OPTEE_SMC_GET_SHM_CONFIG, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_OK);
	assert_int_equal(res.a1, BOARD_SHM_BASE);
	assert_int_equal(res.a2, BOARD_SHM_SIZE);
	assert_int_equal(res.a3, OPTEE_SMC_SHM_CACHED);
	smc(&w, OPTEE_SMC_EXCHANGE_CAPABILITIES, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_OK);
	assert_true(res.a1 & OPTEE_SMC_SEC_CAP_HAVE_RESERVED_SHM);
	/* Only the uniprocessor hint may come from the normal world. */
	smc(&w, OPTEE_SMC_EXCHANGE_CAPABILITIES, 0x2, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_ENOTAVAIL);
	smc(&w, 0xB200FFF0, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_UNKNOWN_FUNCTION);
	halt(&w);
}

/*
 * A message address outside normal-world RAM, in secure RAM, or in the
 * reserved range where nothing is plugged: OPTEE_SMC_RETURN_EBADADDR.
 */
static void test_bad_message_addresses(void **state)
{
	struct world w;

	boot(&w, 2);
	assert_int_equal(call_with_arg(&w, 0), OPTEE_SMC_RETURN_EBADADDR);
	assert_int_equal(call_with_arg(&w, BOARD_SECURE_RAM_BASE),
			 OPTEE_SMC_RETURN_EBADADDR);
	assert_int_equal(call_with_arg(&w, BOARD_SHM_BASE + 0x100000),
			 OPTEE_SMC_RETURN_EBADADDR);
	/* A message whose params run past the end of its memory... */
	memset(w.msg, 0, 4096);
	((struct optee_msg_arg *)((char *)w.msg + 4096 - 64))->num_params = 4;
	assert_int_equal(call_with_arg(&w, MSG_PA + 4096 - 64),
			 OPTEE_SMC_RETURN_EBADADDR);
	/* ...and one with more params than a message may have. */
	w.msg->num_params = OPTEE_MSG_MAX_NUM_PARAMS + 1;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_EBADADDR);
	assert_int_equal(call_with_arg(&w, ~0ULL - 8),
			 OPTEE_SMC_RETURN_EBADADDR);
	halt(&w);
}

static void put_open_session_meta(struct optee_msg_arg *msg)
{
	msg->params[0].attr =
		OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META;
	msg->params[1].attr =
		OPTEE_MSG_ATTR_TYPE_VALUE_INPUT | OPTEE_MSG_ATTR_META;
}

/* Malformed messages: TEE_ERROR_BAD_PARAMETERS in the message. */
static void test_bad_messages(void **state)
{
	struct world w;

	boot(&w, 2);

	/* OPEN_SESSION without its meta parameters. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_OPEN_SESSION;
	w.msg->num_params = 1;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);

	/* A login OP-TEE does not know. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_OPEN_SESSION;
	w.msg->num_params = 2;
	put_open_session_meta(w.msg);
	w.msg->params[1].u.value.c = 3;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);

	/* A memref in secure RAM, and one outside any RAM. */
	for (int i = 0; i < 2; i++) {
		memset(w.msg, 0, 4096);
		w.msg->cmd = OPTEE_MSG_CMD_OPEN_SESSION;
		w.msg->num_params = 3;
		put_open_session_meta(w.msg);
		w.msg->params[2].attr = OPTEE_MSG_ATTR_TYPE_TMEM_INPUT;
		w.msg->params[2].u.tmem.buf_ptr =
			i ? 0x1000 : BOARD_SECURE_RAM_BASE;
		w.msg->params[2].u.tmem.size = 16;
		w.msg->params[2].u.tmem.shm_ref = 1;
		assert_int_equal(call_with_arg(&w, MSG_PA),
				 OPTEE_SMC_RETURN_OK);
		assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);
	}

	/* More than the four parameters a TA takes; unknown attributes. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_INVOKE_COMMAND;
	w.msg->num_params = 5;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_INVOKE_COMMAND;
	w.msg->num_params = 1;
	w.msg->params[0].attr = 0x4;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);

	/* A session that does not exist. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_INVOKE_COMMAND;
	w.msg->session = 12345;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_BAD_PARAMETERS);

	/* An unknown command. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = 99;
	assert_int_equal(call_with_arg(&w, MSG_PA), OPTEE_SMC_RETURN_EBADCMD);
	halt(&w);
}

/* A resume for a thread that is not suspended: ERESUME. */
static void test_stray_resume(void **state)
{
	struct arm_smccc_res res;
	struct world w;

	boot(&w, 2);
	smc(&w, OPTEE_SMC_CALL_RETURN_FROM_RPC, 0, 0, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_ERESUME);
	halt(&w);
}

struct second_call {
	struct world *w;
	unsigned long ret;
};

static void *second_caller(void *p)
{
	struct second_call *sc = p;

	sc->ret = call_with_arg(sc->w, MSG_PA + 2048);
	return NULL;
}

/*
 * With its only thread suspended in an RPC, the secure world answers a
 * new call with ETHREAD_LIMIT; the suspended thread resumes on its own
 * lane and finishes.
 */
static void test_thread_limit_and_resume(void **state)
{
	struct optee_msg_arg *second;
	struct second_call sc;
	struct arm_smccc_res res;
	pthread_t thread;
	struct world w;

	boot(&w, 1);
	/* Opening a session to a TA makes the thread ask for RPC memory. */
	memset(w.msg, 0, 4096);
	w.msg->cmd = OPTEE_MSG_CMD_OPEN_SESSION;
	w.msg->num_params = 2;
	put_open_session_meta(w.msg);
	smc(&w, OPTEE_SMC_CALL_WITH_ARG, 0, MSG_PA, 0, &res);
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_RPC_ALLOC);

	second = (void *)((char *)w.msg + 2048);
	memset(second, 0, 64);
	second->cmd = OPTEE_MSG_CMD_CLOSE_SESSION;
	sc.w = &w;
	pthread_create(&thread, NULL, second_caller, &sc);
	pthread_join(thread, NULL);
	assert_int_equal(sc.ret, OPTEE_SMC_RETURN_ETHREAD_LIMIT);

	/* No memory for you: the open fails cleanly, out of memory. */
	{
		const unsigned long a[8] = {OPTEE_SMC_CALL_RETURN_FROM_RPC, 0,
					    0, res.a3};

		smc_nw_call(&w.m.smc, a, &res);
	}
	assert_int_equal(res.a0, OPTEE_SMC_RETURN_OK);
	assert_int_equal(w.msg->ret, TEE_ERROR_OUT_OF_MEMORY);
	/* The thread is free again. */
	assert_int_equal(call_with_arg(&w, MSG_PA + 2048), OPTEE_SMC_RETURN_OK);
	halt(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_calls),
		cmocka_unit_test(test_bad_message_addresses),
		cmocka_unit_test(test_bad_messages),
		cmocka_unit_test(test_stray_resume),
		cmocka_unit_test(test_thread_limit_and_resume),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
