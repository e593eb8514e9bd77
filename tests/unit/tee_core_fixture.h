/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the unit tests of the generic TEE subsystem share
 * (test_tee_device.c, test_tee_shm.c, test_tee_shm_pool.c,
 * test_tee_session.c, test_tee_supp.c): the fixture every test starts from
 * and its leak checks, and the helpers that write ioctl arguments into the
 * modelled process of tee_uproc.h and check what the core wrote back.
 */
#ifndef TEEBOX_TESTS_TEE_CORE_FIXTURE_H
#define TEEBOX_TESTS_TEE_CORE_FIXTURE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "drivers/tee/tee_private.h"
#include "tee_test_driver.h"
#include "tee_uproc.h"

/* The offset of param @n in an argument whose params start at @base. */
#define PARAM_OFF(base, n) ((base) + PARAM_SIZE * (n))

/* A page the SHM_REGISTER tests register. */
#define UREG_OFF (2 * PAGE_SIZE)

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

/* A snapshot of what an error path must give back. */
struct mark {
	long live;
	int clnt_ids;
	int supp_ids;
};

/**
 * struct unreg_thread - tee_device_unregister() running on a thread
 * @thread:	the thread
 * @dev:	the device it unregisters
 * @returned:	tee_device_unregister() has returned
 */
struct unreg_thread {
	pthread_t thread;
	struct tee_device *dev;
	atomic_bool returned;
};

/*
 * Every test runs on fresh devices: DEV() with the test driver's tee0 and
 * teepriv0 registered, POOL() with only its pool (registration tests).
 */
#define DEV(f)	cmocka_unit_test_setup_teardown(f, setup_devices, teardown)
#define POOL(f) cmocka_unit_test_setup_teardown(f, setup_pool, teardown)

/** setup_pool() - cmocka setup: a struct fx with the test driver's pool. */
int setup_pool(void **state);
/** setup_devices() - cmocka setup: a struct fx with tee0 and teepriv0. */
int setup_devices(void **state);
/**
 * teardown() - cmocka teardown: free the struct fx in *@state
 * @state:	the fixture setup_pool() or setup_devices() made
 *
 * Return: 0, or -1 (the test fails) when anything it allocated is left.
 */
int teardown(void **state);

/**
 * warm_idr() - grow @dev's idr up front
 * @dev:	the device
 *
 * An idr keeps its slot array once grown (as the kernel's keeps its
 * layers), until idr_destroy(), so that leak marks taken afterwards count
 * shared memory objects, not that array.
 */
void warm_idr(struct tee_device *dev);
/** mark_now() - what kmem and the devices' idrs hold now, in @fx. */
struct mark mark_now(const struct fx *fx);
/** assert_no_leak() - fail unless @fx is back to where @m was taken. */
void assert_no_leak(const struct fx *fx, const struct mark *m);
/** open_ctx() - a context on @dev with @fx's credentials, or an ERR_PTR. */
struct tee_context *open_ctx(struct fx *fx, struct tee_device *dev);
/** close_ctx() - close @ctx, which open_ctx() on @fx opened. */
void close_ctx(struct fx *fx, struct tee_context *ctx);
/** dev_num_users() - how many users @teedev counts, under its mutex. */
size_t dev_num_users(struct tee_device *teedev);
/** shm_refs() - the reference count of @shm. */
unsigned int shm_refs(struct tee_shm *shm);

/** uproc_num_fds() - how many fds process @p has open. */
int uproc_num_fds(const struct uproc *p);
/**
 * uproc_pass_fd() - move @fd of process @from to process @to
 * @from:	the sender, which no longer has @fd afterwards
 * @fd:		a shm fd of @from
 * @to:		the receiver
 *
 * As SCM_RIGHTS followed by close() in the sender.
 * Return: the fd in @to, or -EMFILE when its table is full.
 */
int uproc_pass_fd(struct uproc *from, int fd, struct uproc *to);
/** hook_unmap() - a testdrv hook: process @arg unmaps from its unmap_at. */
void hook_unmap(void *arg);
/**
 * open_arg() - an OPEN_SESSION argument at UBUF_OFF of @p
 * @p:		the process
 * @login:	its clnt_login
 * @num_params: how many params, all zeroed
 *
 * Return: the argument, in @p's memory.
 */
struct tee_ioctl_open_session_arg *open_arg(struct uproc *p, u32 login,
					    u32 num_params);
/** recv_arg() - a SUPPL_RECV argument in @p with @num_params NONE params. */
struct tee_iocl_supp_recv_arg *recv_arg(struct uproc *p, u32 num_params);
/** send_arg() - a SUPPL_SEND argument in @p: @ret, @num_params params. */
struct tee_iocl_supp_send_arg *send_arg(struct uproc *p, u32 ret,
					u32 num_params);
/**
 * open_session_ok() - open a PUBLIC session without params, which must work
 * @p:		the process
 * @ctx:	its context
 *
 * Return: the session id.
 */
u32 open_session_ok(struct uproc *p, struct tee_context *ctx);
/** assert_spans() - the last ioctl wrote exactly the @n spans of @exp. */
void assert_spans(const struct uproc *p, const struct tee_uspan *exp, size_t n);
/** assert_nothing_written() - the last ioctl of @p wrote nothing. */
void assert_nothing_written(const struct uproc *p);
/** assert_param() - @ip holds exactly @attr, @a, @b and @c. */
void assert_param(const struct tee_ioctl_param *ip, u64 attr, u64 a, u64 b,
		  u64 c);
/**
 * assert_arg_ptr_efault() - @cmd with its argument outside @p, then across
 * the end of its memory (@tail bytes inside), is -EFAULT both times
 * @p:		the process
 * @ctx:	its context
 * @cmd:	the ioctl
 * @tail:	bytes of the argument inside the memory, in the second call
 */
void assert_arg_ptr_efault(struct uproc *p, struct tee_context *ctx,
			   unsigned int cmd, u64 tail);

/** unregister_thread() - thread body: unregister the device of @arg. */
void *unregister_thread(void *arg);
/**
 * start_unregister() - start tee_device_unregister(@dev) on a thread
 * @u:		the thread's state
 * @dev:	the device
 * @users:	the users @dev has left once the registration reference is gone
 *
 * It comes back once the thread has hidden the device and dropped its
 * registration reference, so that the thread waits for those @users.
 */
void start_unregister(struct unreg_thread *u, struct tee_device *dev,
		      size_t users);

#endif /* TEEBOX_TESTS_TEE_CORE_FIXTURE_H */
