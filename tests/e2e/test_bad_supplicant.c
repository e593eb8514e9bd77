// SPDX-License-Identifier: BSD-2-Clause
/*
 * A supplicant that misbehaves.  tee-supplicant runs as root but is still
 * a user-space program: teed must not trust what it sends back (seed
 * drivers/tee/optee/supp.c optee_supp_send, mainline supp_pop_req and
 * cmd_alloc_suppl), and the secure world must not trust what the
 * answers say about memory (OP-TEE ree_fs_ta.c).  Each test puts a rogue
 * supplicant (a child process on /dev/teepriv0 through the raw UAPI) in
 * the real one's place, checks the errno teed gives each wrong answer
 * and the result the client sees, then checks teed is unharmed: the real
 * supplicant serves the same context, and teed stops cleanly.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tdev.h"

#define TEE_ERROR_SECURITY 0xFFFF000F
#define REPORT_DEADLINE_MS 60000
#define RPC_PARAMS	   5
/* What a rogue says when it cannot run its script. */
#define ROGUE_BROKEN (-1000)

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

static struct harness tb;

/**
 * enum rogue - how the stand-in supplicant misbehaves
 * @ROGUE_NUM_PARAMS:	answers with too many and too few params first
 * @ROGUE_UNKNOWN_ID:	(asynchronous ids) answers a request it never got,
 *			and without the id, first
 * @ROGUE_UNASKED:	answers before anything was asked
 * @ROGUE_HUGE_TA:	says the TA is 1 GiB
 * @ROGUE_BOGUS_SHM:	answers SHM_ALLOC with an id that names nothing
 * @ROGUE_SMALL_SHM:	answers SHM_ALLOC with memory smaller than asked
 * @ROGUE_OVERFLOW:	says it wrote more of the TA than the buffer holds
 * @SUPP_REGISTER:	no rogue: serves the TA from memory it registered
 *			with TEE_IOC_SHM_REGISTER, as OP-TEE's tee-supplicant
 *			does when the device has TEE_GEN_CAP_REG_MEM
 */
enum rogue {
	ROGUE_NUM_PARAMS,
	ROGUE_UNKNOWN_ID,
	ROGUE_UNASKED,
	ROGUE_HUGE_TA,
	ROGUE_BOGUS_SHM,
	ROGUE_SMALL_SHM,
	ROGUE_OVERFLOW,
	SUPP_REGISTER,
};

/**
 * struct rogue_ctx - the stand-in supplicant's state (in the child)
 * @dev:	teepriv0
 * @report:	pipe to the test: 'a' once attached, then int results
 * @mode:	its misbehaviour
 * @async:	asks for asynchronous request ids (a META param)
 * @shm_fd:	memory it allocated for the secure world (-1: none)
 * @shm_id:	its id
 * @shm_buf:	the registered memory (SUPP_REGISTER)
 * @shm_len:	its size
 */
struct rogue_ctx {
	struct tdev *dev;
	int report;
	enum rogue mode;
	bool async;
	int shm_fd;
	int shm_id;
	void *shm_buf;
	size_t shm_len;
};

struct supp_msg {
	union {
		struct tee_iocl_supp_recv_arg recv;
		struct tee_iocl_supp_send_arg send;
	} hdr;
	struct tee_ioctl_param params[RPC_PARAMS];
};

static void report(struct rogue_ctx *r, int value)
{
	if (write(r->report, &value, sizeof(value)) != sizeof(value))
		_exit(3);
}

static long recv_request(struct rogue_ctx *r, struct supp_msg *m)
{
	struct tee_ioctl_buf_data data = {.buf_ptr = (uintptr_t)m,
					  .buf_len = sizeof(*m)};

	memset(m, 0, sizeof(*m));
	m->hdr.recv.num_params = RPC_PARAMS;
	if (r->async)
		m->params[0].attr = TEE_IOCTL_PARAM_ATTR_META;
	return tdev_ioctl(r->dev, TEE_IOC_SUPPL_RECV, &data);
}

/* SUPPL_SEND of @m's params [0, @num) with result @ret: 0 or -errno. */
static long send_answer(struct rogue_ctx *r, struct supp_msg *m, uint32_t ret,
			uint32_t num)
{
	struct tee_ioctl_buf_data data = {
		.buf_ptr = (uintptr_t)m,
		.buf_len = sizeof(m->hdr.send) + num * sizeof(m->params[0]),
	};

	m->hdr.send.ret = ret;
	m->hdr.send.num_params = num;
	return tdev_ioctl(r->dev, TEE_IOC_SUPPL_SEND, &data);
}

/* The request's own params (after the META one in async mode). */
static struct tee_ioctl_param *req_params(struct rogue_ctx *r,
					  struct supp_msg *m)
{
	return m->params + (r->async ? 1 : 0);
}

/* Wrong answers first, each reported; the request must survive them. */
static void answer_wrongly(struct rogue_ctx *r, struct supp_msg *m,
			   uint32_t num)
{
	struct supp_msg bad = *m;

	switch (r->mode) {
	case ROGUE_NUM_PARAMS:
		report(r, (int)send_answer(r, &bad, TEEC_SUCCESS, num + 1));
		report(r, (int)send_answer(r, &bad, TEEC_SUCCESS, num - 1));
		report(r, (int)send_answer(r, &bad, TEEC_SUCCESS, 0));
		break;
	case ROGUE_UNKNOWN_ID:
		bad.params[0].a += 1000;
		report(r, (int)send_answer(r, &bad, TEEC_SUCCESS, num));
		bad.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_NONE;
		report(r, (int)send_answer(r, &bad, TEEC_SUCCESS, num));
		break;
	default:
		break;
	}
}

/* The TA file a LOAD_TA names (UUID octets in value a and b). */
static FILE *open_ta(const struct tee_ioctl_param *p)
{
	/* The directory, a UUID and ".ta". */
	char path[PATH_MAX + 64];
	uint8_t u[16];

	memcpy(u, &p[0].a, 8);
	memcpy(u + 8, &p[0].b, 8);
	snprintf(path, sizeof(path),
		 "%s/%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x.ta",
		 tb.ta_dir, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7],
		 u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
	return fopen(path, "rb");
}

/* LOAD_TA done right, into the memory registered for SHM_ALLOC. */
static uint32_t load_ta_registered(struct rogue_ctx *r,
				   struct tee_ioctl_param *p)
{
	struct tee_ioctl_param *mem = &p[1];
	FILE *f = open_ta(p);
	uint32_t res = TEEC_SUCCESS;
	long size;

	if (!f)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		res = TEEC_ERROR_GENERIC;
		goto out;
	}
	if (mem->c == (uint64_t)-1) {
		mem->b = (uint64_t)size;
		goto out;
	}
	if (!r->shm_buf || mem->c != (uint64_t)r->shm_id ||
	    mem->a > r->shm_len || (uint64_t)size > r->shm_len - mem->a) {
		res = TEEC_ERROR_BAD_PARAMETERS;
		goto out;
	}
	if (fread((char *)r->shm_buf + mem->a, 1, (size_t)size, f) !=
	    (size_t)size)
		res = TEEC_ERROR_GENERIC;
	mem->b = (uint64_t)size;
out:
	fclose(f);
	return res;
}

/* LOAD_TA: the size query or the copy, answered per the mode. */
static uint32_t load_ta(struct rogue_ctx *r, struct tee_ioctl_param *p)
{
	struct tee_ioctl_param *mem = &p[1];

	if (r->mode == SUPP_REGISTER)
		return load_ta_registered(r, p);
	if (r->mode == ROGUE_NUM_PARAMS || r->mode == ROGUE_UNKNOWN_ID ||
	    r->mode == ROGUE_UNASKED)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	if (mem->c == (uint64_t)-1) {
		mem->b = r->mode == ROGUE_HUGE_TA ? 1u << 30 : 8192;
		return TEEC_SUCCESS;
	}
	/* ROGUE_OVERFLOW: more than the buffer the secure world gave. */
	mem->b += 1;
	return TEEC_SUCCESS;
}

/*
 * SHM_ALLOC answered with page-aligned memory of our own, registered on
 * teepriv0 (OP-TEE's tee-supplicant: TEE_IOC_SHM_REGISTER when the device
 * says TEE_GEN_CAP_REG_MEM).  Reports the ioctl's result (0 or -errno).
 */
static uint32_t shm_register(struct rogue_ctx *r, struct tee_ioctl_param *p)
{
	struct tee_ioctl_shm_register_data data = {0};
	long fd;

	r->shm_len = (size_t)p[0].b;
	r->shm_buf = mmap(NULL, r->shm_len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (r->shm_buf == MAP_FAILED)
		_exit(5);
	data.addr = (uintptr_t)r->shm_buf;
	data.length = r->shm_len;
	fd = tdev_ioctl(r->dev, TEE_IOC_SHM_REGISTER, &data);
	report(r, fd < 0 ? (int)fd : 0);
	if (fd < 0)
		return TEEC_ERROR_OUT_OF_MEMORY;
	r->shm_fd = (int)fd;
	r->shm_id = data.id;
	p[0].c = (uint64_t)data.id;
	return TEEC_SUCCESS;
}

static uint32_t shm_alloc(struct rogue_ctx *r, struct tee_ioctl_param *p)
{
	struct tee_ioctl_shm_alloc_data data = {.size = p[0].b};
	long fd;

	if (r->mode == SUPP_REGISTER)
		return shm_register(r, p);
	if (r->mode == ROGUE_BOGUS_SHM) {
		p[0].c = 0x7fff;
		return TEEC_SUCCESS;
	}
	if (r->mode == ROGUE_SMALL_SHM)
		data.size = 16;
	fd = tdev_ioctl(r->dev, TEE_IOC_SHM_ALLOC, &data);
	if (fd < 0)
		return TEEC_ERROR_OUT_OF_MEMORY;
	r->shm_fd = (int)fd;
	r->shm_id = data.id;
	p[0].c = (uint64_t)data.id;
	return TEEC_SUCCESS;
}

/* SHM_FREE: must name what we allocated; reported (1: ours, 0: not). */
static uint32_t shm_free(struct rogue_ctx *r, struct tee_ioctl_param *p)
{
	bool ours = r->shm_fd >= 0 && p[0].b == (uint64_t)r->shm_id;

	report(r, ours);
	if (!ours)
		return TEEC_ERROR_BAD_PARAMETERS;
	tdev_close_shm(r->dev, r->shm_fd);
	r->shm_fd = -1;
	return TEEC_SUCCESS;
}

static uint32_t dispatch(struct rogue_ctx *r, uint32_t func,
			 struct tee_ioctl_param *p)
{
	switch (func) {
	case OPTEE_RPC_CMD_LOAD_TA:
		return load_ta(r, p);
	case OPTEE_RPC_CMD_SHM_ALLOC:
		return shm_alloc(r, p);
	case OPTEE_RPC_CMD_SHM_FREE:
		return shm_free(r, p);
	default:
		return TEEC_ERROR_NOT_SUPPORTED;
	}
}

/* Answers before any request: nothing to answer, whatever the id. */
static void answer_unasked(struct rogue_ctx *r)
{
	struct supp_msg m;

	memset(&m, 0, sizeof(m));
	report(r, (int)send_answer(r, &m, TEEC_SUCCESS, 1));
	m.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
			   TEE_IOCTL_PARAM_ATTR_META;
	m.params[0].a = 5;
	report(r, (int)send_answer(r, &m, TEEC_SUCCESS, 1));
}

static void rogue_serve(struct rogue_ctx *r)
{
	struct supp_msg m;
	bool first = true;

	for (;;) {
		uint32_t ret, num;

		if (recv_request(r, &m))
			_exit(4);
		num = m.hdr.recv.num_params;
		if (first)
			answer_wrongly(r, &m, num);
		first = false;
		ret = dispatch(r, m.hdr.recv.func, req_params(r, &m));
		report(r, (int)send_answer(r, &m, ret, num));
	}
}

/* The child: attach, say 'a', misbehave as told, serve until killed. */
static void rogue_main(int report_fd, enum rogue mode)
{
	struct rogue_ctx r = {.report = report_fd,
			      .mode = mode,
			      .async = mode == ROGUE_UNKNOWN_ID,
			      .shm_fd = -1};

	/* The old supplicant's release may still be under way: EBUSY. */
	for (int i = 0; i < 2000 && tdev_open("teepriv0", &r.dev); i++)
		harness_sleep_ms(5);
	if (!r.dev || write(report_fd, "a", 1) != 1)
		_exit(1);
	if (mode == ROGUE_UNASKED)
		answer_unasked(&r);
	rogue_serve(&r);
}

/**
 * struct rogue_run - a rogue supplicant seen from the test
 * @pid:	its process
 * @fd:		the read end of its report pipe
 */
struct rogue_run {
	pid_t pid;
	int fd;
};

static int read_exact(int fd, void *buf, size_t len)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	size_t got = 0;

	while (got < len) {
		ssize_t n;

		if (poll(&pfd, 1, REPORT_DEADLINE_MS) != 1)
			return -ETIMEDOUT;
		n = read(fd, (char *)buf + got, len - got);
		if (n <= 0)
			return -EPIPE;
		got += (size_t)n;
	}
	return 0;
}

/* Replaces the real supplicant with a rogue one, attached on return. */
static void rogue_start(struct rogue_run *run, enum rogue mode)
{
	int p[2];
	char byte = 0;

	harness_stop_supplicant(&tb, true);
	assert_int_equal(pipe(p), 0);
	run->pid = fork();
	assert_true(run->pid >= 0);
	if (run->pid == 0) {
		close(p[0]);
		rogue_main(p[1], mode);
	}
	close(p[1]);
	run->fd = p[0];
	assert_int_equal(read_exact(run->fd, &byte, 1), 0);
	assert_int_equal(byte, 'a');
}

/* The next thing the rogue reported. */
static int rogue_report(struct rogue_run *run)
{
	int v = ROGUE_BROKEN;

	assert_int_equal(read_exact(run->fd, &v, sizeof(v)), 0);
	return v;
}

/* Kills the rogue and brings the real supplicant back. */
static void rogue_replace(struct rogue_run *run)
{
	kill(run->pid, SIGKILL);
	assert_int_equal(waitpid(run->pid, NULL, 0), run->pid);
	close(run->fd);
	assert_int_equal(harness_start_supplicant(&tb), 0);
}

/*
 * Starts a teebox whose supplicant is replaced by a rogue in @mode, then
 * a context @ctx.  The rogue is forked before the context exists: the
 * child holds none of it.
 */
static void start_with_rogue(struct rogue_run *run, enum rogue mode,
			     TEEC_Context *ctx)
{
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	rogue_start(run, mode);
	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
}

/* teed is unharmed: the real supplicant serves @ctx, teed stops clean. */
static void check_recovers(TEEC_Context *ctx)
{
	TEEC_Session s;
	uint32_t origin = 0;

	assert_int_equal(e2e_open_session(ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_close(ctx, &s);
	harness_stop_ok(&tb);
}

static int stop_leftover(void **state)
{
	harness_stop_leftover(&tb);
	return 0;
}

/* Opens a session to the basic TA while @mode is in charge. */
static TEEC_Result open_with_rogue(TEEC_Context *ctx, uint32_t *origin)
{
	TEEC_Session s;
	TEEC_Result res;

	*origin = 0;
	res = e2e_open_session(ctx, &s, &basic_uuid, origin);
	if (res == TEEC_SUCCESS)
		TEEC_CloseSession(&s);
	return res;
}

/*
 * An answer with a different number of params than the request has is
 * refused with EINVAL and the request stays pending (mainline
 * supp_pop_req): the right answer that follows still completes it.
 */
static void test_supp_send_wrong_num_params(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_with_rogue(&run, ROGUE_NUM_PARAMS, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(rogue_report(&run), -EINVAL); /* one too many */
	assert_int_equal(rogue_report(&run), -EINVAL); /* one too few */
	assert_int_equal(rogue_report(&run), -EINVAL); /* none at all */
	assert_int_equal(rogue_report(&run), 0);       /* the right one */
	rogue_replace(&run);
	check_recovers(&ctx);
}

/*
 * Asynchronous ids (mainline supp_pop_req): an id that names no request
 * gets ENOENT, an answer without the META id param EINVAL; neither
 * touches the pending request.
 */
static void test_supp_send_unknown_id(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_with_rogue(&run, ROGUE_UNKNOWN_ID, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(rogue_report(&run), -ENOENT);
	assert_int_equal(rogue_report(&run), -EINVAL);
	assert_int_equal(rogue_report(&run), 0);
	rogue_replace(&run);
	check_recovers(&ctx);
}

/* An answer to nothing: EINVAL without an id, ENOENT with one. */
static void test_supp_send_unasked(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_with_rogue(&run, ROGUE_UNASKED, &ctx);
	assert_int_equal(rogue_report(&run), -EINVAL);
	assert_int_equal(rogue_report(&run), -ENOENT);
	assert_int_equal(open_with_rogue(&ctx, &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(rogue_report(&run), 0);
	rogue_replace(&run);
	check_recovers(&ctx);
}

/*
 * A TA size beyond what the secure world accepts is refused before any
 * memory is asked for (OP-TEE ree_fs_ta.c checks the size it is told).
 */
static void test_load_ta_huge_size(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_with_rogue(&run, ROGUE_HUGE_TA, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin), TEE_ERROR_SECURITY);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(rogue_report(&run), 0);
	rogue_replace(&run);
	check_recovers(&ctx);
}

/*
 * SHM_ALLOC answered with an id of no shared memory, or with memory
 * smaller than asked: teed refuses it (mainline cmd_alloc_suppl) and the
 * secure world sees an allocation failure.
 */
static void check_bad_shm_alloc(enum rogue mode)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	start_with_rogue(&run, mode, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin),
			 TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(rogue_report(&run), 0); /* the size query */
	assert_int_equal(rogue_report(&run), 0); /* the bad allocation */
	rogue_replace(&run);
	check_recovers(&ctx);
}

static void test_shm_alloc_bogus_id(void **state)
{
	(void)state;
	check_bad_shm_alloc(ROGUE_BOGUS_SHM);
}

static void test_shm_alloc_too_small(void **state)
{
	(void)state;
	check_bad_shm_alloc(ROGUE_SMALL_SHM);
}

/*
 * The copy says it wrote more than the buffer holds: the secure world
 * refuses the image, and still gives the memory back (SHM_FREE of the
 * very id the supplicant allocated).
 */
static void test_load_ta_overflowing_answer(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_with_rogue(&run, ROGUE_OVERFLOW, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin), TEE_ERROR_SECURITY);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(rogue_report(&run), 0); /* the size query */
	assert_int_equal(rogue_report(&run), 0); /* SHM_ALLOC */
	assert_int_equal(rogue_report(&run), 0); /* the overflowing copy */
	assert_int_equal(rogue_report(&run), 1); /* SHM_FREE of our id */
	assert_int_equal(rogue_report(&run), 0);
	rogue_replace(&run);
	check_recovers(&ctx);
}

/* Starts a teebox with @dynamic shared memory and a SUPP_REGISTER one. */
static void start_registering(struct rogue_run *run, bool dynamic,
			      TEEC_Context *ctx)
{
	static const char *const dyn[] = {"--dynamic-shm", NULL};
	bool env = getenv("TEEBOX_TEST_DYNAMIC_SHM") != NULL;

	harness_start_ok(&tb, (struct harness_opts){
				      .supplicant = true,
				      .teed_args = dynamic && !env ? dyn : NULL,
			      });
	rogue_start(run, SUPP_REGISTER);
	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
}

/*
 * With dynamic shared memory OP-TEE's tee-supplicant registers its memory
 * on teepriv0 and answers SHM_ALLOC with it.  Mainline lets it (smc_abi.c
 * optee_shm_register_supp) and passes the pages in the answer as a
 * NONCONTIG list (handle_rpc_func_cmd_shm_alloc): the TA loads from it.
 */
static void test_supp_registered_memory(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	start_registering(&run, true, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin), TEEC_SUCCESS);
	assert_int_equal(rogue_report(&run), 0); /* the size query */
	assert_int_equal(rogue_report(&run), 0); /* TEE_IOC_SHM_REGISTER */
	assert_int_equal(rogue_report(&run), 0); /* SHM_ALLOC answered */
	assert_int_equal(rogue_report(&run), 0); /* the copy */
	assert_int_equal(rogue_report(&run), 1); /* SHM_FREE of our id */
	assert_int_equal(rogue_report(&run), 0);
	rogue_replace(&run);
	check_recovers(&ctx);
}

/*
 * Without dynamic shared memory mainline still accepts the registration
 * (optee_shm_register_supp only checks the memory type), but a secure
 * world without dynamic shared memory cannot map the page list of the
 * SHM_ALLOC answer: the TA load fails for want of memory.
 */
static void test_supp_registered_memory_static(void **state)
{
	static TEEC_Context ctx;
	struct rogue_run run;
	uint32_t origin;

	(void)state;
	if (getenv("TEEBOX_TEST_DYNAMIC_SHM"))
		skip();
	start_registering(&run, false, &ctx);
	assert_int_equal(open_with_rogue(&ctx, &origin),
			 TEEC_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_int_equal(rogue_report(&run), 0); /* the size query */
	assert_int_equal(rogue_report(&run), 0); /* TEE_IOC_SHM_REGISTER */
	assert_int_equal(rogue_report(&run), 0); /* SHM_ALLOC answered */
	rogue_replace(&run);
	check_recovers(&ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_supp_send_wrong_num_params,
					  stop_leftover),
		cmocka_unit_test_teardown(test_supp_send_unknown_id,
					  stop_leftover),
		cmocka_unit_test_teardown(test_supp_send_unasked,
					  stop_leftover),
		cmocka_unit_test_teardown(test_load_ta_huge_size,
					  stop_leftover),
		cmocka_unit_test_teardown(test_shm_alloc_bogus_id,
					  stop_leftover),
		cmocka_unit_test_teardown(test_shm_alloc_too_small,
					  stop_leftover),
		cmocka_unit_test_teardown(test_load_ta_overflowing_answer,
					  stop_leftover),
		cmocka_unit_test_teardown(test_supp_registered_memory,
					  stop_leftover),
		cmocka_unit_test_teardown(test_supp_registered_memory_static,
					  stop_leftover),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
