// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_lifecycle: what setting things up and tearing them down costs, and
 * what teebox costs while it does nothing.
 *
 *  open_close_keep_alive  open + close of a session to a loaded single
 *                  instance keep-alive TA (ta_test_flags_keep_alive).
 *                  Floor: the null invoke of the same run.
 *  open_close_multi_instance  the same to a multi-instance TA
 *                  (ta_test_flags_multi_instance): every session is an
 *                  instance of its own.  Floor: the null invoke.
 *  first_open      open of a TA that is not loaded
 *                  (ta_test_flags_single_instance, which goes away with
 *                  its last session); first_close the close that unloads
 *                  it.  Floor: the null invoke.  Two more floors for the
 *                  first open and the multi-instance open, the part of a
 *                  TA start no change in teebox can remove:
 *                  spawn_true, posix_spawn + waitpid of /bin/true from
 *                  this process; exec_ta, the same of the TA's own ELF
 *                  (dynamic linking of libc, libcrypto and libseccomp up
 *                  to its main(), which finds no channel and exits).
 *                  TA processes are forked by the TA zygote, so two
 *                  floors more: zygote_ta, a request to the build's
 *                  teebox-ta-zygote (started here) up to waitpid of its
 *                  child, which loads the TA's ELF with dlopen, enters
 *                  libutee, finds no channel and exits: the zygote's
 *                  whole part of a TA start; fork, fork + _exit +
 *                  waitpid of this process, which has libcrypto and
 *                  libseccomp mapped as the zygote has.
 *  shm_alloc_SIZE  TEEC_AllocateSharedMemory + TEEC_ReleaseSharedMemory
 *                  of SIZE bytes.  Floor: memfd_create + ftruncate + mmap
 *                  + munmap + close of as many bytes in this process.
 *  rss_*           VmRSS of teed and of the secure world at rest, after
 *                  64 sessions were opened and closed, and after 64 more.
 *  idle_cpu        CPU time teed, the secure world and tee-supplicant use
 *                  together over IDLE_S seconds of nothing to do.
 *
 * Time figures are medians; ratio = value / floor.  Prints a table,
 * writes the figures as JSON to the file named by argv[1] and prints that
 * file's path as the last line.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tee_client_api.h>

#include "bench/bench_util.h"
#include "secure/ta_elf_dyn.h"
#include "teebox/ta_zygote.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

#define WARMUP	    20
#define NULL_CALLS  2000
#define OPEN_CLOSES 300
#define FIRST_OPENS 40
#define SHM_CALLS   300
#define SESSIONS    64
#define IDLE_S	    10
#define SPAWNS	    40

/* The single-instance TA's ELF, unsigned (bench/CMakeLists.txt). */
#ifndef BENCH_TA_ELF
#error "BENCH_TA_ELF: path of ta_test_flags_single_instance"
#endif
#ifndef BENCH_ZYGOTE
#error "BENCH_ZYGOTE: path of teebox-ta-zygote"
#endif

extern char **environ;

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID keep_alive_uuid = TA_TEST_FLAGS_KEEP_ALIVE_UUID;
static const TEEC_UUID multi_uuid = TA_TEST_FLAGS_MULTI_INSTANCE_UUID;
static const TEEC_UUID single_uuid = TA_TEST_FLAGS_SINGLE_INSTANCE_UUID;

/**
 * struct lc_results - every figure of the run
 * @null_us:	null invoke
 * @oc_keep_us:	open + close, keep-alive TA
 * @oc_multi_us: open + close, multi-instance TA
 * @first_open_us: open of an unloaded TA
 * @first_close_us: the close that unloads it
 * @spawn_true_us: posix_spawn + waitpid of /bin/true
 * @exec_ta_us:	the same of the TA's ELF, to its main()
 * @zygote_ta_us: the zygote's fork and dlopen of the TA's ELF, to its
 *		entry, up to waitpid
 * @fork_us:	fork + _exit + waitpid of this process
 * @shm_us:	allocate + release, per size
 * @memfd_us:	the in-process floor, per size
 * @rss_teed:	teed's RSS (KiB): at rest, after 64, after 128 sessions
 * @rss_sw:	the secure world's, likewise
 * @idle_cpu_ms: CPU used over IDLE_S seconds idle
 */
struct lc_results {
	double null_us;
	double oc_keep_us;
	double oc_multi_us;
	double first_open_us;
	double first_close_us;
	double spawn_true_us;
	double exec_ta_us;
	double zygote_ta_us;
	double fork_us;
	double shm_us[2];
	double memfd_us[2];
	long rss_teed[3];
	long rss_sw[3];
	double idle_cpu_ms;
};

static const size_t shm_sizes[2] = {4096, 1024 * 1024};
static const char *const shm_names[2] = {"4k", "1m"};

static TEEC_Result open_session(TEEC_Context *ctx, TEEC_Session *s,
				const TEEC_UUID *uuid)
{
	uint32_t origin;

	return TEEC_OpenSession(ctx, s, uuid, TEEC_LOGIN_PUBLIC, NULL, NULL,
				&origin);
}

static double measure_null(TEEC_Context *ctx, double *v)
{
	TEEC_Session s;
	TEEC_Operation op;
	uint32_t origin;

	bench_check(open_session(ctx, &s, &basic_uuid), "open session");
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	for (int r = 0; r < WARMUP + NULL_CALLS; r++) {
		long t = bench_now_ns();

		bench_check(TEEC_InvokeCommand(&s, TA_TEST_CMD_VALUE_INC, &op,
					       &origin),
			    "null invoke");
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	TEEC_CloseSession(&s);
	return bench_median(v, NULL_CALLS);
}

/* Open + close of a session to @uuid, back to back. */
static double measure_open_close(TEEC_Context *ctx, const TEEC_UUID *uuid,
				 double *v)
{
	for (int r = 0; r < WARMUP + OPEN_CLOSES; r++) {
		TEEC_Session s;
		long t = bench_now_ns();

		bench_check(open_session(ctx, &s, uuid), "open session");
		TEEC_CloseSession(&s);
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(v, OPEN_CLOSES);
}

/*
 * The single-instance TA without keep-alive goes when its session closes,
 * so every open loads it.  Its instance may still be on its way out when
 * the next open comes: that open waits, as it would on OP-TEE, and the
 * busy answer of a dying instance is retried.
 */
static void measure_first_open(TEEC_Context *ctx, double *v, double *w,
			       struct lc_results *res)
{
	int n = 0;

	while (n < FIRST_OPENS) {
		TEEC_Session s;
		long t = bench_now_ns(), t2;
		TEEC_Result rc = open_session(ctx, &s, &single_uuid);

		if (rc == TEEC_ERROR_BUSY) {
			usleep(1000);
			continue;
		}
		bench_check(rc, "first open");
		t2 = bench_now_ns();
		TEEC_CloseSession(&s);
		v[n] = (t2 - t) / 1000.0;
		w[n] = (bench_now_ns() - t2) / 1000.0;
		n++;
		/* Let the instance finish going: the next open is a load. */
		usleep(20000);
	}
	res->first_open_us = bench_median(v, FIRST_OPENS);
	res->first_close_us = bench_median(w, FIRST_OPENS);
}

/* posix_spawn + waitpid of @path, its output to /dev/null. */
static double measure_spawn(const char *path, double *v)
{
	char *const argv[] = {(char *)path, NULL};
	posix_spawn_file_actions_t fa;

	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY,
					     0) ||
	    posix_spawn_file_actions_adddup2(&fa, 1, 2))
		bench_fail("spawn file actions");
	for (int r = 0; r < WARMUP + SPAWNS; r++) {
		long t = bench_now_ns();
		int status;
		pid_t pid;

		if (posix_spawn(&pid, path, &fa, NULL, argv, environ) ||
		    waitpid(pid, &status, 0) != pid)
			bench_fail("spawn");
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	posix_spawn_file_actions_destroy(&fa);
	return bench_median(v, SPAWNS);
}

/* fork + _exit + waitpid of this process (libcrypto and libseccomp are
 * linked in, bench/CMakeLists.txt, as they are in the zygote). */
static double measure_fork(double *v)
{
	for (int r = 0; r < WARMUP + SPAWNS; r++) {
		long t = bench_now_ns();
		int status;
		pid_t pid = fork();

		if (!pid)
			_exit(0);
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			bench_fail("fork");
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(v, SPAWNS);
}

/* The TA's ELF as the secure world gives it to the zygote: a memory file,
 * DF_1_PIE cleared (ta_elf_dyn.h). */
static int zygote_image(void)
{
	struct ta_elf_dyn dyn;
	struct stat st;
	char *buf;
	int in, fd;

	in = open(BENCH_TA_ELF, O_RDONLY | O_CLOEXEC);
	if (in < 0 || fstat(in, &st))
		bench_fail("TA image");
	buf = malloc((size_t)st.st_size);
	if (!buf || read(in, buf, (size_t)st.st_size) != st.st_size)
		bench_fail("TA image");
	close(in);
	if (ta_elf_dyn_zygote_check(buf, (size_t)st.st_size, &dyn))
		bench_fail("the zygote cannot load the TA image");
	if (dyn.flags1_off)
		memcpy(buf + dyn.flags1_off, &dyn.flags1, sizeof(dyn.flags1));
	fd = memfd_create("bench-ta", MFD_CLOEXEC);
	if (fd < 0 || write(fd, buf, (size_t)st.st_size) != st.st_size)
		bench_fail("TA image memfd");
	free(buf);
	return fd;
}

/* One request: the image and /dev/null for every other descriptor. */
static pid_t zygote_request(int sock, int image, int nul)
{
	struct ta_zygote_req req = {TA_ZYGOTE_MAGIC, TA_ZYGOTE_VERSION, 0, 0,
				    0};
	int fds[TA_ZYGOTE_NFDS] = {image, nul, nul, nul, nul};
	union {
		char buf[CMSG_SPACE(sizeof(fds))];
		struct cmsghdr align;
	} ctl = {0};
	struct iovec iov = {.iov_base = &req, .iov_len = sizeof(req)};
	struct msghdr msg = {.msg_iov = &iov,
			     .msg_iovlen = 1,
			     .msg_control = ctl.buf,
			     .msg_controllen = sizeof(ctl.buf)};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	struct ta_zygote_rep rep;

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	if (sendmsg(sock, &msg, 0) != (ssize_t)sizeof(req) ||
	    recv(sock, &rep, sizeof(rep), 0) != (ssize_t)sizeof(rep) ||
	    rep.err || rep.pid <= 0)
		bench_fail("zygote request");
	return rep.pid;
}

/*
 * The build's zygote, started here with its socket at TA_ZYGOTE_SOCK_FD;
 * its children are ours (CLONE_PARENT), so this process waits for them.
 */
static double measure_zygote(double *v)
{
	char *const argv[] = {(char *)BENCH_ZYGOTE, NULL};
	posix_spawn_file_actions_t fa;
	int sv[2], image, nul, status;
	pid_t zygote;

	image = zygote_image();
	nul = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (nul < 0 ||
	    socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
		bench_fail("zygote socket");
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, sv[1], TA_ZYGOTE_SOCK_FD) ||
	    posix_spawn_file_actions_adddup2(&fa, nul, 1) ||
	    posix_spawn_file_actions_adddup2(&fa, nul, 2) ||
	    posix_spawn(&zygote, BENCH_ZYGOTE, &fa, NULL, argv, environ))
		bench_fail("zygote");
	posix_spawn_file_actions_destroy(&fa);
	close(sv[1]);
	for (int r = 0; r < WARMUP + SPAWNS; r++) {
		long t = bench_now_ns();
		pid_t pid = zygote_request(sv[0], image, nul);

		if (waitpid(pid, &status, 0) != pid)
			bench_fail("zygote child");
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	close(sv[0]); /* the zygote exits */
	if (waitpid(zygote, &status, 0) != zygote)
		bench_fail("zygote exit");
	close(image);
	close(nul);
	return bench_median(v, SPAWNS);
}

static double measure_shm(TEEC_Context *ctx, size_t size, double *v)
{
	for (int r = 0; r < WARMUP + SHM_CALLS; r++) {
		TEEC_SharedMemory shm = {.size = size, .flags = TEEC_MEM_INPUT};
		long t = bench_now_ns();

		bench_check(TEEC_AllocateSharedMemory(ctx, &shm),
			    "allocate shared memory");
		TEEC_ReleaseSharedMemory(&shm);
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(v, SHM_CALLS);
}

static double measure_memfd(size_t size, double *v)
{
	for (int r = 0; r < WARMUP + SHM_CALLS; r++) {
		long t = bench_now_ns();
		int fd = memfd_create("bench", MFD_CLOEXEC);
		void *va;

		if (fd < 0 || ftruncate(fd, (off_t)size))
			bench_fail("memfd");
		va = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			  0);
		if (va == MAP_FAILED)
			bench_fail("mmap");
		munmap(va, size);
		close(fd);
		if (r >= WARMUP)
			v[r - WARMUP] = (bench_now_ns() - t) / 1000.0;
	}
	return bench_median(v, SHM_CALLS);
}

/* SESSIONS sessions to ta_test_basic open at once, then all closed. */
static void many_sessions(TEEC_Context *ctx)
{
	static TEEC_Session s[SESSIONS];

	for (int i = 0; i < SESSIONS; i++)
		bench_check(open_session(ctx, &s[i], &basic_uuid),
			    "open session");
	for (int i = 0; i < SESSIONS; i++)
		TEEC_CloseSession(&s[i]);
}

static void sample_rss(const struct harness *h, pid_t sw,
		       struct lc_results *res, int i)
{
	res->rss_teed[i] = bench_rss_kib(h->teed);
	res->rss_sw[i] = bench_rss_kib(sw);
}

static double idle_cpu(const struct harness *h, pid_t sw)
{
	pid_t pids[3] = {h->teed, sw, h->supp};
	double before = 0, after = 0;

	for (int i = 0; i < 3; i++)
		before += bench_cpu_ms(pids[i]);
	sleep(IDLE_S);
	for (int i = 0; i < 3; i++)
		after += bench_cpu_ms(pids[i]);
	return after - before;
}

static void measure_all(struct harness *h, struct lc_results *res)
{
	double *v = calloc(NULL_CALLS, sizeof(double));
	double *w = calloc(NULL_CALLS, sizeof(double));
	pid_t sw = harness_secure_world_pid(h);
	TEEC_Context ctx;
	TEEC_Session keep;

	if (!v || !w || !sw)
		bench_fail("set-up");
	/* At rest: teebox is up, no client has come yet. */
	sample_rss(h, sw, res, 0);
	bench_check(TEEC_InitializeContext(NULL, &ctx), "initialize context");
	res->null_us = measure_null(&ctx, v);

	/* The keep-alive TA stays loaded after its first session. */
	bench_check(open_session(&ctx, &keep, &keep_alive_uuid), "load");
	TEEC_CloseSession(&keep);
	res->oc_keep_us = measure_open_close(&ctx, &keep_alive_uuid, v);
	res->oc_multi_us = measure_open_close(&ctx, &multi_uuid, v);
	measure_first_open(&ctx, v, w, res);
	res->spawn_true_us = measure_spawn("/bin/true", v);
	res->exec_ta_us = measure_spawn(BENCH_TA_ELF, v);
	res->zygote_ta_us = measure_zygote(v);
	res->fork_us = measure_fork(v);
	for (int i = 0; i < 2; i++) {
		res->shm_us[i] = measure_shm(&ctx, shm_sizes[i], v);
		res->memfd_us[i] = measure_memfd(shm_sizes[i], v);
	}

	many_sessions(&ctx);
	sleep(1); /* closing TA instances finish going */
	sample_rss(h, sw, res, 1);
	many_sessions(&ctx);
	sleep(1);
	sample_rss(h, sw, res, 2);
	TEEC_FinalizeContext(&ctx);
	res->idle_cpu_ms = idle_cpu(h, sw);
	free(w);
	free(v);
}

static void print_table(const struct lc_results *r)
{
	printf("%-36s %10s %10s %8s\n", "figure", "value us", "floor us",
	       "ratio");
	printf("%-36s %10.2f\n", "null invoke median", r->null_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "open+close keep-alive TA",
	       r->oc_keep_us, r->null_us, r->oc_keep_us / r->null_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "open+close multi-instance TA",
	       r->oc_multi_us, r->null_us, r->oc_multi_us / r->null_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "  floor: exec of the TA's ELF",
	       r->oc_multi_us, r->exec_ta_us, r->oc_multi_us / r->exec_ta_us);
	printf("%-36s %10.2f %10.2f %8.2f\n",
	       "  floor: zygote fork+dlopen of TA", r->oc_multi_us,
	       r->zygote_ta_us, r->oc_multi_us / r->zygote_ta_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "first open (TA not loaded)",
	       r->first_open_us, r->null_us, r->first_open_us / r->null_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "  floor: posix_spawn /bin/true",
	       r->first_open_us, r->spawn_true_us,
	       r->first_open_us / r->spawn_true_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "  floor: exec of the TA's ELF",
	       r->first_open_us, r->exec_ta_us,
	       r->first_open_us / r->exec_ta_us);
	printf("%-36s %10.2f %10.2f %8.2f\n",
	       "  floor: zygote fork+dlopen of TA", r->first_open_us,
	       r->zygote_ta_us, r->first_open_us / r->zygote_ta_us);
	printf("%-36s %10.2f\n", "  floor: fork of a zygote-sized proc",
	       r->fork_us);
	printf("%-36s %10.2f %10.2f %8.2f\n", "close that unloads it",
	       r->first_close_us, r->null_us, r->first_close_us / r->null_us);
	for (int i = 0; i < 2; i++) {
		char name[48];

		snprintf(name, sizeof(name), "alloc+release shm %s",
			 shm_names[i]);
		printf("%-36s %10.2f %10.2f %8.2f\n", name, r->shm_us[i],
		       r->memfd_us[i], r->shm_us[i] / r->memfd_us[i]);
	}
	printf("(floors: the null invoke, or the spawn named; for shm "
	       "memfd_create + ftruncate + mmap + munmap + close)\n");
	printf("RSS KiB teed: rest %ld, after %d sessions %ld, after %d more "
	       "%ld\n",
	       r->rss_teed[0], SESSIONS, r->rss_teed[1], SESSIONS,
	       r->rss_teed[2]);
	printf("RSS KiB secure world: rest %ld, after %d sessions %ld, after "
	       "%d more %ld\n",
	       r->rss_sw[0], SESSIONS, r->rss_sw[1], SESSIONS, r->rss_sw[2]);
	printf("idle CPU over %d s (teed + secure world + supplicant): %.0f "
	       "ms\n",
	       IDLE_S, r->idle_cpu_ms);
}

static void json_time(FILE *f, const char *name, double v, double floor)
{
	fprintf(f,
		"  {\"name\": \"%s\", \"value\": %.2f, \"unit\": \"us\", "
		"\"floor\": %.2f, \"ratio\": %.2f},\n",
		name, v, floor, v / floor);
}

static void write_json(const char *path, const struct lc_results *r)
{
	static const char *const when[3] = {"rest", "after_64", "after_128"};
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "[\n");
	fprintf(f,
		"  {\"name\": \"lifecycle_null_invoke_median\", "
		"\"value\": %.2f, \"unit\": \"us\"},\n",
		r->null_us);
	json_time(f, "open_close_keep_alive_median", r->oc_keep_us, r->null_us);
	json_time(f, "open_close_multi_instance_median", r->oc_multi_us,
		  r->null_us);
	json_time(f, "first_open_median", r->first_open_us, r->null_us);
	json_time(f, "first_open_vs_spawn_true_median", r->first_open_us,
		  r->spawn_true_us);
	json_time(f, "first_open_vs_exec_ta_median", r->first_open_us,
		  r->exec_ta_us);
	json_time(f, "open_close_multi_instance_vs_exec_ta_median",
		  r->oc_multi_us, r->exec_ta_us);
	json_time(f, "first_open_vs_zygote_ta_median", r->first_open_us,
		  r->zygote_ta_us);
	json_time(f, "open_close_multi_instance_vs_zygote_ta_median",
		  r->oc_multi_us, r->zygote_ta_us);
	fprintf(f,
		"  {\"name\": \"fork_zygote_sized_median\", "
		"\"value\": %.2f, \"unit\": \"us\"},\n",
		r->fork_us);
	json_time(f, "first_close_median", r->first_close_us, r->null_us);
	json_time(f, "shm_alloc_release_4k_median", r->shm_us[0],
		  r->memfd_us[0]);
	json_time(f, "shm_alloc_release_1m_median", r->shm_us[1],
		  r->memfd_us[1]);
	for (int i = 0; i < 3; i++)
		fprintf(f,
			"  {\"name\": \"rss_teed_%s\", \"value\": %ld, "
			"\"unit\": \"KiB\"},\n"
			"  {\"name\": \"rss_secure_world_%s\", \"value\": %ld, "
			"\"unit\": \"KiB\"},\n",
			when[i], r->rss_teed[i], when[i], r->rss_sw[i]);
	fprintf(f,
		"  {\"name\": \"idle_cpu_%ds\", \"value\": %.0f, "
		"\"unit\": \"ms\"}\n",
		IDLE_S, r->idle_cpu_ms);
	fprintf(f, "]\n");
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct harness_opts o = {.supplicant = true};
	struct lc_results res;
	struct harness h;

	if (argc != 2) {
		fprintf(stderr, "usage: bench_lifecycle RESULTS.json\n");
		return 2;
	}
	memset(&res, 0, sizeof(res));
	if (harness_start(&h, &o))
		bench_fail("teebox did not start");
	measure_all(&h, &res);
	if (harness_stop(&h))
		bench_fail("teed did not stop cleanly");
	print_table(&res);
	write_json(argv[1], &res);
	printf("%s\n", argv[1]);
	return 0;
}
