// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA process's main() and the calls of the GP entry points.
 *
 * A TA is a Linux executable linked with this runtime, started by the
 * secure world with its channel at fixed descriptors (teebox/ta_ipc.h):
 * by exec (main()), or loaded by the TA zygote in a process it forked
 * (utee_zygote_entry(), teebox/ta_zygote.h).  Then, both ways:
 *  1. finds the channel and maps the shared page and the parameter
 *     window (inaccessible between calls);
 *  2. names itself "ta:<timeLow of its UUID>" and makes the process
 *     non-dumpable (no ptrace, no /proc/<pid>/mem, no core file), unless
 *     TEEBOX_TA_DEBUG=1 is in its environment: then it stays dumpable so
 *     that `gdb -p <pid>` can attach (the secure world logs the pid);
 *  3. creates the entry thread, on a stack of TA_STACK_SIZE plus a
 *     reserve for the runtime and libc (UTEE_STACK_RESERVE), with a guard
 *     below it (UTEE_STACK_GUARD) that turns an overflow into a fault the
 *     crash report names; installs the fatal-signal handler that fills
 *     the crash record (utee_fault.c);
 *  4. brings libcrypto up (utee_crypto_init.c: no configuration file,
 *     the default provider; the DRBGs start at their first use, which
 *     needs no file), then installs the seccomp
 *     filter on both threads (utee_sandbox.c): from here on the TA can
 *     open no file, socket or process;
 *  5. lets the entry thread go: it says hello and serves calls until
 *     TA_DestroyEntryPoint, then the process exits.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <tee_internal_api.h>
#include <user_ta_header.h>

#include "utee_crypto.h"
#include "teebox/ta_zygote.h"
#include "utee_priv.h"

/*
 * Stack beyond TA_STACK_SIZE for the runtime and libc (printf alone takes
 * a few KiB).  Sanitizers put redzones around every local, so their
 * builds get a larger reserve and twice the TA's own figure.
 */
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
#define UTEE_STACK_RESERVE (512 * 1024)
#define UTEE_STACK_FACTOR  2
#else
#define UTEE_STACK_RESERVE (64 * 1024)
#define UTEE_STACK_FACTOR  1
#endif

/*
 * Inaccessible memory below the entry stack: a frame larger than a page
 * still lands in it, so that the fault reads as a stack overflow.  Not
 * writable, so it costs no memory and does not count in RLIMIT_DATA.
 */
#define UTEE_STACK_GUARD (64 * 1024)

/*
 * Main and entry thread meet twice: once the entry thread runs (glibc's
 * thread start-up, rseq registration included, is done: it would be
 * refused under the filter), and once the filter is in place.
 */
static pthread_barrier_t sandbox_sync;

void utee_fatal(int status, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	EMSG("%s", msg);
	fflush(stdout);
	_exit(status);
}

/* Turns the request's params into the TA's, memrefs in the window. */
static TEE_Result params_in(const struct ta_ipc_request *req,
			    TEE_Param params[TEE_NUM_PARAMS])
{
	TEE_Result res;

	memset(params, 0, sizeof(TEE_Param) * TEE_NUM_PARAMS);
	for (unsigned int i = 0; i < TEE_NUM_PARAMS; i++) {
		const struct ta_ipc_param *ip = &req->params[i];

		switch (TEE_PARAM_TYPE_GET(req->param_types, i)) {
		case TEE_PARAM_TYPE_NONE:
			break;
		case TEE_PARAM_TYPE_VALUE_INPUT:
		case TEE_PARAM_TYPE_VALUE_OUTPUT:
		case TEE_PARAM_TYPE_VALUE_INOUT:
			params[i].value.a = ip->a;
			params[i].value.b = ip->b;
			break;
		case TEE_PARAM_TYPE_MEMREF_INPUT:
		case TEE_PARAM_TYPE_MEMREF_OUTPUT:
		case TEE_PARAM_TYPE_MEMREF_INOUT:
			res = utee_memref_map(
				ip,
				TEE_PARAM_TYPE_GET(req->param_types, i) !=
					TEE_PARAM_TYPE_MEMREF_INPUT,
				&params[i].memref.buffer);
			if (res)
				return res;
			params[i].memref.size = (size_t)ip->size;
			break;
		default:
			return TEE_ERROR_BAD_PARAMETERS;
		}
	}
	return TEE_SUCCESS;
}

/* Reports the outputs the TA left in its params. */
static void params_out(uint32_t types, const TEE_Param params[TEE_NUM_PARAMS],
		       struct ta_ipc_reply *rep)
{
	for (unsigned int i = 0; i < TEE_NUM_PARAMS; i++) {
		switch (TEE_PARAM_TYPE_GET(types, i)) {
		case TEE_PARAM_TYPE_VALUE_OUTPUT:
		case TEE_PARAM_TYPE_VALUE_INOUT:
			rep->params[i].a = params[i].value.a;
			rep->params[i].b = params[i].value.b;
			break;
		case TEE_PARAM_TYPE_MEMREF_OUTPUT:
		case TEE_PARAM_TYPE_MEMREF_INOUT:
			rep->params[i].size = params[i].memref.size;
			break;
		default:
			break;
		}
	}
}

static TEE_Result do_create(void)
{
	static bool created;

	if (created)
		return TEE_ERROR_BAD_STATE;
	created = true;
	return TA_CreateEntryPoint();
}

static TEE_Result do_open_session(const struct ta_ipc_request *req,
				  TEE_Param params[TEE_NUM_PARAMS],
				  uint32_t *origin)
{
	struct utee_session *s;
	TEE_Identity client;
	TEE_Result res;

	if (utee_session_find(req->session_id))
		return TEE_ERROR_BAD_STATE;
	client.login = req->client_login;
	client.uuid.timeLow = req->client_uuid.time_low;
	client.uuid.timeMid = req->client_uuid.time_mid;
	client.uuid.timeHiAndVersion = req->client_uuid.time_hi_and_version;
	memcpy(client.uuid.clockSeqAndNode, req->client_uuid.clock_seq_and_node,
	       sizeof(client.uuid.clockSeqAndNode));
	s = utee_session_add(req->session_id, &client);
	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;

	utee_session_set_current(s);
	*origin = TEE_ORIGIN_TRUSTED_APP;
	res = TA_OpenSessionEntryPoint(req->param_types, params, &s->ctx);
	if (res)
		utee_session_remove(s); /* refused: no close follows */
	return res;
}

static TEE_Result do_invoke(const struct ta_ipc_request *req,
			    TEE_Param params[TEE_NUM_PARAMS], uint32_t *origin)
{
	struct utee_session *s = utee_session_find(req->session_id);

	if (!s)
		return TEE_ERROR_BAD_PARAMETERS;
	utee_session_set_current(s);
	*origin = TEE_ORIGIN_TRUSTED_APP;
	return TA_InvokeCommandEntryPoint(s->ctx, req->func, req->param_types,
					  params);
}

static void do_close_session(const struct ta_ipc_request *req)
{
	struct utee_session *s = utee_session_find(req->session_id);

	if (!s)
		return;
	utee_session_set_current(s);
	TA_CloseSessionEntryPoint(s->ctx);
	utee_session_remove(s);
}

/* Runs one request; @rep gets the result. */
static void handle(const struct ta_ipc_request *req, struct ta_ipc_reply *rep)
{
	TEE_Param params[TEE_NUM_PARAMS];
	uint32_t origin = TEE_ORIGIN_TEE;
	TEE_Result res;

	/* The last call's span, left open, is no business of these. */
	if (req->cmd != TA_IPC_CMD_OPEN_SESSION &&
	    req->cmd != TA_IPC_CMD_INVOKE)
		utee_memref_close();
	switch (req->cmd) {
	case TA_IPC_CMD_CREATE:
		origin = TEE_ORIGIN_TRUSTED_APP;
		res = do_create();
		break;
	case TA_IPC_CMD_OPEN_SESSION:
	case TA_IPC_CMD_INVOKE:
		res = utee_memref_open(req);
		if (!res)
			res = params_in(req, params);
		if (!res && req->cmd == TA_IPC_CMD_OPEN_SESSION)
			res = do_open_session(req, params, &origin);
		else if (!res)
			res = do_invoke(req, params, &origin);
		if (origin == TEE_ORIGIN_TRUSTED_APP)
			params_out(req->param_types, params, rep);
		break;
	case TA_IPC_CMD_CLOSE_SESSION:
		do_close_session(req);
		res = TEE_SUCCESS;
		break;
	case TA_IPC_CMD_DESTROY:
		origin = TEE_ORIGIN_TRUSTED_APP;
		TA_DestroyEntryPoint();
		res = TEE_SUCCESS;
		break;
	default:
		res = TEE_ERROR_NOT_SUPPORTED;
		break;
	}
	utee_session_set_current(NULL);
	rep->ret = res;
	rep->origin = origin;
	rep->param_types = req->param_types;
}

static void *entry_thread(void *arg)
{
	struct ta_ipc_request req;
	struct ta_ipc_reply rep;
	uint32_t seq;
	int err;

	/* Its own signal stack, before the filter refuses sigaltstack. */
	err = utee_fault_thread_init();
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "no signal stack: %s",
			   strerror(-err));
	pthread_barrier_wait(&sandbox_sync);
	/* Nothing runs before the filter covers this thread too. */
	pthread_barrier_wait(&sandbox_sync);
	/* The runtime is up: what the TA allocates is its own from here. */
	utee_heap_start();
	utee_channel_hello();
	for (;;) {
		seq = utee_channel_next(&req);
		memset(&rep, 0, sizeof(rep));
		handle(&req, &rep);
		utee_channel_reply(seq, &rep);
		/*
		 * The entry point has returned: its memrefs are gone, its
		 * span stays open.  No TA code runs before the next request,
		 * which closes or keeps the span before anything else
		 * (utee_memref_open(), utee_memref_close()).
		 */
		utee_memref_end();
		if (req.cmd == TA_IPC_CMD_DESTROY)
			exit(0);
	}
	return NULL;
}

/* Creates the entry thread on its own stack; it waits for the sandbox. */
static int start_entry_thread(pthread_t *thread)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t size = (size_t)ta_head.stack_size * UTEE_STACK_FACTOR +
		      UTEE_STACK_RESERVE;
	pthread_attr_t attr;
	char *base;
	int err;

	size = (size + pg - 1) & ~(pg - 1);
	/* The stack grows down: the guard below it, mapped inaccessible. */
	base = mmap(NULL, size + UTEE_STACK_GUARD, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED)
		return -errno;
	if (mprotect(base + UTEE_STACK_GUARD, size, PROT_READ | PROT_WRITE))
		return -errno;
	utee_mem_set_stack(base + UTEE_STACK_GUARD, size);
	utee_fault_set_stack(base, base + UTEE_STACK_GUARD, size);

	err = pthread_attr_init(&attr);
	if (!err)
		err = pthread_attr_setstack(&attr, base + UTEE_STACK_GUARD,
					    size);
	if (!err)
		err = pthread_create(thread, &attr, entry_thread, NULL);
	pthread_attr_destroy(&attr);
	return -err;
}

static bool debug_mode(void)
{
	const char *v = getenv("TEEBOX_TA_DEBUG");

	return v && !strcmp(v, "1");
}

/* The TA's start, whether exec'd (main()) or forked (the zygote). */
static int utee_main(void)
{
	pthread_t thread;
	char name[16];
	int err;

	err = utee_channel_open();
	if (err == -EBADF) {
		fprintf(stderr, "This is a Trusted Application: it runs when "
				"the teebox secure world loads it.\n");
		return 2;
	}
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "unusable channel: %s",
			   strerror(-err));
	/* "ta:<first field of the UUID>" in ps and top; both threads. */
	snprintf(name, sizeof(name), "ta:%08x", ta_head.uuid.timeLow);
	(void)prctl(PR_SET_NAME, name, 0, 0, 0); /* cosmetic only */
	if (!debug_mode() && prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
		utee_fatal(UTEE_EXIT_SETUP, "cannot become non-dumpable: %s",
			   strerror(errno));
	utee_heap_init(ta_heap_size);
	err = utee_fault_init();
	if (!err)
		err = utee_fault_thread_init();
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "no fatal-signal handler: %s",
			   strerror(-err));
	err = utee_memref_init();
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "unusable parameter window: %s",
			   strerror(-err));

	err = pthread_barrier_init(&sandbox_sync, NULL, 2);
	if (!err)
		err = -start_entry_thread(&thread);
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "cannot start the entry thread: %s",
			   strerror(err));
	if (utee_crypto_init())
		utee_fatal(UTEE_EXIT_SETUP, "libcrypto does not start");
	pthread_barrier_wait(&sandbox_sync);
	err = utee_sandbox_enter();
	if (err)
		utee_fatal(UTEE_EXIT_SETUP, "cannot enter the sandbox: %s",
			   strerror(-err));
	pthread_barrier_wait(&sandbox_sync);
	pthread_join(thread, NULL);
	return 0;
}

int main(void)
{
	return utee_main();
}

/*
 * The TA zygote's way in (teebox/ta_zygote.h): it loaded this image with
 * dlopen in a process it forked, put the channel at its descriptors, and
 * runs libc and libcrypto it had already loaded, and the sandbox's
 * filter it built once; all the rest is the same start as main()'s.  Exported by the link line (TeeboxTA.cmake and
 * the dev kit), so that an image without it is started by exec.
 */
int utee_zygote_entry(const struct ta_zygote_start *start)
{
	if (start && start->version == TA_ZYGOTE_START_VERSION &&
	    start->filter_len)
		utee_sandbox_use_program(start->filter, start->filter_len);
	return utee_main();
}
