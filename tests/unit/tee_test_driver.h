/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * testdrv: a small TEE driver for the unit tests of the generic TEE
 * subsystem, registered through <linux/tee_drv.h> like any real driver.
 *
 * It has a client device ("testdrv-clnt", teeN) that opens sessions and
 * invokes a few functions, and a privileged device ("testdrv-supp",
 * teeprivN) that plays the supplicant queue the way the OP-TEE driver's
 * supp.c does.  Both share one pool made with tee_shm_pool_alloc_res_mem()
 * over memory allocated here.  Every call is recorded so a test can check
 * what reached the driver, and knobs make an op fail on purpose.  Both
 * devices show themselves and their sessions to diagnostics (struct
 * tee_diag_ops) as a third driver would, unknown to teed.
 *
 * Usage: testdrv_new(), testdrv_add_devices(), then teedev_open() on
 * td->clnt_dev or td->supp_dev; testdrv_free() at the end.
 */
#ifndef TEEBOX_TESTS_TEE_TEST_DRIVER_H
#define TEEBOX_TESTS_TEE_TEST_DRIVER_H

#include <pthread.h>

#include <linux/tee_drv.h>

#include "kernel/sync.h"

/* What TEE_IOC_VERSION and sysfs report. */
#define TESTDRV_IMPL_ID	 0x7e57
#define TESTDRV_REVISION "1.2 (testdrv)"

/* The pool: one driver-private page and 16 pages user space may map. */
#define TESTDRV_PRIV_SIZE  PAGE_SIZE
#define TESTDRV_USER_PAGES 16
#define TESTDRV_USER_SIZE  (TESTDRV_USER_PAGES * PAGE_SIZE)
/* Fake physical address of the pool's first byte. */
#define TESTDRV_PADDR 0x80000000ULL

/* GlobalPlatform results and origins the driver reports. */
#define TESTDRV_RET_BAD_PARAMETERS 0xFFFF0006
#define TESTDRV_RET_NOT_SUPPORTED  0xFFFF000A
#define TESTDRV_RET_SHORT_BUFFER   0xFFFF0010
#define TESTDRV_ORIGIN_TRUSTED_APP 4
/* What the diagnostics ops say (testdrv_diag_ops). */
#define TESTDRV_DRIVER_NAME "testdrv"
#define TESTDRV_IMPL_NAME   "teebox test driver"
#define TESTDRV_SERVICE	    "testdrv"
/* ret and ret_origin of TESTDRV_FUNC_SCRIBBLE. */
#define TESTDRV_SCRIBBLE_RET	0x5C0FF
#define TESTDRV_SCRIBBLE_ORIGIN 3

/**
 * enum testdrv_func - the functions invoke_func implements
 * @TESTDRV_FUNC_INC:	   param[0] must be VALUE_INOUT: its a += 1
 * @TESTDRV_FUNC_FILL:	   param[0] must be a MEMREF_OUTPUT/INOUT of at least
 *			   TESTDRV_FILL_LEN bytes: writes testdrv_pattern()
 *			   there and sets its size to TESTDRV_FILL_LEN
 * @TESTDRV_FUNC_SHORT:	   param[0] memref: size doubled, ret SHORT_BUFFER
 * @TESTDRV_FUNC_BLOCK:	   waits until testdrv_unblock() (a call in flight)
 * @TESTDRV_FUNC_SCRIBBLE: overwrites every param: memref size = 0x1000 + n,
 *			   anything else a/b/c = 0xa0/0xb0/0xc0 + n; ret and
 *			   origin TESTDRV_SCRIBBLE_RET/_ORIGIN
 * Any other function: ret TESTDRV_RET_NOT_SUPPORTED.
 */
enum testdrv_func {
	TESTDRV_FUNC_INC = 0,
	TESTDRV_FUNC_FILL = 1,
	TESTDRV_FUNC_SHORT = 2,
	TESTDRV_FUNC_BLOCK = 3,
	TESTDRV_FUNC_SCRIBBLE = 4,
	TESTDRV_FUNC_NONE = -1,
};

#define TESTDRV_FILL_LEN 24

/**
 * typedef testdrv_tee_fn - a test's own TEE behind open_session and
 * invoke_func, instead of the functions of enum testdrv_func
 * @arg:	testdrv.tee_arg
 * @open:	an open session (@func is then 0)
 * @func:	the function an invoke names
 * @num_params:	entries in @params (the core's, as a driver gets them)
 * @ret, @ret_origin: the TEE's answer
 * @session:	for an open: the id to give the session, or 0 for the
 *		driver's own
 */
typedef void testdrv_tee_fn(void *arg, bool open, u32 func, u32 num_params,
			    struct tee_param *params, u32 *ret, u32 *ret_origin,
			    u32 *session);

/* Params the driver records per call (the rest are not recorded). */
#define TESTDRV_MAX_PARAMS 8

/**
 * enum testdrv_hook_point - where the test hook runs
 * @TESTDRV_HOOK_OPEN_SESSION: after open_session opened the session
 * @TESTDRV_HOOK_INVOKE:       after invoke_func did its work
 * @TESTDRV_HOOK_SHM_ALLOC:    after the user pool allocated memory
 * @TESTDRV_HOOK_SUPP_RECV:    after supp_recv filled in the request
 *
 * The hook runs between the core reading the ioctl argument and writing
 * it back, so a test can play a user that unmaps its memory meanwhile.
 */
enum testdrv_hook_point {
	TESTDRV_HOOK_NONE,
	TESTDRV_HOOK_OPEN_SESSION,
	TESTDRV_HOOK_INVOKE,
	TESTDRV_HOOK_SHM_ALLOC,
	TESTDRV_HOOK_SUPP_RECV,
};

/**
 * struct testdrv_session - an open session, on its context's list
 * @link:	entry in testdrv_ctx.sessions
 * @id:		session id (>= 1, unique on the driver)
 * @uuid:	the TA UUID it was opened with
 * @login:	clnt_login it was opened with
 * @clnt_uuid:	client UUID tee_session_calc_client_uuid() gave
 */
struct testdrv_session {
	struct list_head link;
	u32 id;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	u32 login;
	u8 clnt_uuid[TEE_IOCTL_UUID_LEN];
};

/**
 * struct testdrv_ctx - the driver's data of a context (ctx->data)
 * @sessions:	open sessions (testdrv.lock)
 */
struct testdrv_ctx {
	struct list_head sessions;
};

/**
 * struct testdrv_request - a request waiting for the supplicant
 * @queued:	set by testdrv_queue_request(), cleared by supp_recv
 * @id:		request id, shown in async mode
 * @func:	function for the supplicant
 * @num_params:	entries used in @params
 * @params:	the params; memrefs point at shm the test keeps alive
 */
struct testdrv_request {
	bool queued;
	u32 id;
	u32 func;
	u32 num_params;
	struct tee_param params[TESTDRV_MAX_PARAMS];
};

/**
 * struct testdrv - one instance of the test driver
 * @mem:	the pool's memory (page aligned)
 * @pool:	the shared memory pool of both devices
 * @clnt_dev:	client device (testdrv_add_devices())
 * @supp_dev:	privileged device (testdrv_add_devices())
 * @lock:	protects the knobs and records below while calls run
 *
 * Knobs, set by the test before the call (0 / false: behave normally):
 * @open_err:	      open returns this
 * @open_session_err: open_session returns this (after computing the
 *		      client UUID)
 * @invoke_err:	      invoke_func returns this
 * @revision_err:     get_tee_revision returns this
 * @supp_send_err:    supp_send returns this
 * @shm_register_err: shm_register returns this
 * @cap_memref_null:  open sets ctx->cap_memref_null
 * @flavour:	      the "flavour" fact describe_device shows (NULL:
 *		      "plain")
 * @open_func:	      open_session also runs this function on its params
 *		      (TESTDRV_FUNC_NONE: none)
 * @open_ret:	      open_session's ret and ret_origin
 * @open_ret_origin:
 * @version:	      what get_version reports (NULL: TESTDRV_IMPL_ID, GP)
 * @tee, @tee_arg:    a test's TEE (NULL: the functions of enum
 *		      testdrv_func), see testdrv_tee_fn
 *
 * Records:
 * @opens, @releases:	       contexts opened and released
 * @open_session_calls:	       open_session calls
 * @invoke_calls:	       invoke_func calls
 * @recv_calls:		       supp_recv calls
 * @sessions_opened:	       sessions opened
 * @release_closed:	       sessions closed by release
 * @close_calls:	       close_session calls (known sessions or not)
 * @last_closed:	       session of the last close_session call
 * @cancel_calls:	       cancel_req calls
 * @cancel_id, @cancel_session: arguments of the last cancel_req
 * @last_login:		       clnt_login of the last open_session
 * @last_clnt_uuid:	       client UUID of the last open_session (also
 *			       when the driver then failed on purpose)
 * @last_func:		       func of the last invoke
 * @last_num_params:	       num_params of the last open_session/invoke
 * @last_params:	       its params as the driver got them
 * @next_session:	       last session id handed out
 * @blocked_shm:	       shm of param[0] of the call in TESTDRV_FUNC_BLOCK
 * @block_entered:	       completed when a call enters FUNC_BLOCK
 * @block_release:	       completed by testdrv_unblock()
 * @req:		       request for the supplicant
 * @req_seq:		       last request id
 * @recv_num_in:	       num_params the supplicant passed to supp_recv
 * @recv_in_attr:	       attrs of those params
 * @recv_refs_dropped:	       memref references supp_recv dropped
 * @send_calls:		       supp_send calls
 * @send_ret, @send_num_params, @send_params: what supp_send got
 * @shm_registers, @shm_unregisters: shm_register/shm_unregister calls
 *
 * @hook_point, @hook, @hook_arg: see testdrv_set_hook()
 */
struct testdrv {
	void *mem;
	struct tee_shm_pool *pool;
	struct tee_device *clnt_dev;
	struct tee_device *supp_dev;
	pthread_mutex_t lock;

	int open_err;
	int open_session_err;
	int invoke_err;
	int revision_err;
	int supp_send_err;
	int shm_register_err;
	bool cap_memref_null;
	const char *flavour;
	int open_func;
	u32 open_ret;
	u32 open_ret_origin;
	const struct tee_ioctl_version_data *version;
	testdrv_tee_fn *tee;
	void *tee_arg;

	int opens;
	int releases;
	int open_session_calls;
	int invoke_calls;
	int recv_calls;
	int sessions_opened;
	int release_closed;
	int close_calls;
	u32 last_closed;
	int cancel_calls;
	u32 cancel_id;
	u32 cancel_session;
	u32 last_login;
	u8 last_clnt_uuid[TEE_IOCTL_UUID_LEN];
	u32 last_func;
	u32 last_num_params;
	struct tee_param last_params[TESTDRV_MAX_PARAMS];
	u32 next_session;

	struct tee_shm *blocked_shm;
	struct completion block_entered;
	struct completion block_release;

	struct testdrv_request req;
	u32 req_seq;
	u32 recv_num_in;
	u64 recv_in_attr[TESTDRV_MAX_PARAMS];
	int recv_refs_dropped;
	int send_calls;
	u32 send_ret;
	u32 send_num_params;
	struct tee_param send_params[TESTDRV_MAX_PARAMS];

	int shm_registers;
	int shm_unregisters;

	enum testdrv_hook_point hook_point;
	void (*hook)(void *arg);
	void *hook_arg;

	/* The user pool's ops with alloc wrapped for TESTDRV_HOOK_SHM_ALLOC. */
	struct tee_shm_pool_mgr_ops user_pool_ops;
	int (*real_user_alloc)(struct tee_shm_pool_mgr *poolm,
			       struct tee_shm *shm, size_t size);
};

/*
 * The descriptors: client device (sessions, invoke, cancel, revision),
 * privileged device (supplicant calls only, no revision), a client
 * device that can also register user memory, and one with every client
 * operation (the device libteec's tests run against).  driver_data must
 * be the struct testdrv.  The first two have testdrv's diagnostics ops:
 * the device is "testdrv" / TESTDRV_IMPL_NAME with two facts of its own,
 * "sessions_opened" (a number) and "flavour" (text), and each session
 * shows its TA UUID, login and TESTDRV_SERVICE.  testdrv_reg_desc has
 * none, as a driver that does not describe itself.
 */
extern const struct tee_desc testdrv_clnt_desc;
extern const struct tee_desc testdrv_supp_desc;
extern const struct tee_desc testdrv_reg_desc;
extern const struct tee_desc testdrv_full_desc;

/**
 * testdrv_new() - a driver instance with its pool but no devices
 * Return: the instance or NULL.  Free it with testdrv_free().
 */
struct testdrv *testdrv_new(void);

/**
 * testdrv_add_devices() - allocate and register td->clnt_dev and
 * td->supp_dev (driver_data = @td)
 * Return: 0 or -errno (nothing left registered then).
 */
int testdrv_add_devices(struct testdrv *td);

/**
 * testdrv_free() - unregister the devices testdrv_add_devices() made
 * (waiting for their users), then free the pool and @td
 * Devices the test allocated itself must be unregistered before.
 */
void testdrv_free(struct testdrv *td);

/**
 * testdrv_set_hook() - run @fn(@arg) at @point from now on
 * (TESTDRV_HOOK_NONE or a NULL @fn: no hook)
 */
void testdrv_set_hook(struct testdrv *td, enum testdrv_hook_point point,
		      void (*fn)(void *arg), void *arg);

/**
 * testdrv_queue_request() - queue a request for the next supp_recv
 * @params:	@num_params (<= TESTDRV_MAX_PARAMS) params, copied; the
 *		shm their memrefs point at must stay alive until then
 * Return: the request id (>= 1).
 */
u32 testdrv_queue_request(struct testdrv *td, u32 func, u32 num_params,
			  const struct tee_param *params);

/** testdrv_wait_blocked() - wait until a call is in TESTDRV_FUNC_BLOCK. */
void testdrv_wait_blocked(struct testdrv *td);

/** testdrv_unblock() - let one call in TESTDRV_FUNC_BLOCK return. */
void testdrv_unblock(struct testdrv *td);

/** testdrv_num_sessions() - sessions open on @ctx (a testdrv context). */
size_t testdrv_num_sessions(struct tee_context *ctx);

/** testdrv_pattern() - byte @i of what TESTDRV_FUNC_FILL writes. */
u8 testdrv_pattern(size_t i);

#endif /* TEEBOX_TESTS_TEE_TEST_DRIVER_H */
