// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA processes (secure/ta_proc.h) with the real runtime (ta/libutee): the
 * test TAs' unsigned ELF files are started with ta_proc_spawn() and driven
 * through every entry point.  Each test ends with no TA process, no child
 * (alive or zombie) but the TA zygote, no descriptor and no kmalloc block
 * more than it started with.
 *
 * TA processes are forked by the TA zygote (TEEBOX_TA_ZYGOTE names the
 * build's teebox-ta-zygote); the suite runs a second time with
 * TEEBOX_TA_ZYGOTE=0, every TA exec'd (test_ta_proc_exec in ctest).
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include <tbx/memfd.h>
#include "secure/ta_proc.h"
#include "secure/ta_elf_dyn.h"
#include "secure/ta_proc_priv.h"
#include "secure/ta_proc_zygote.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/user_ta_header.h"
#include "ta/examples/hello_world/ta/include/hello_world_ta.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "teebox/ta_ipc.h"

/* Never dereferenced by ta_proc (its contract): only tested for NULL. */
#define DUMMY_CHUNK ((struct sw_chunk *)(uintptr_t)0x5a5a0)

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define VIO   TEE_PARAM_TYPE_VALUE_INOUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT
#define MIO   TEE_PARAM_TYPE_MEMREF_INOUT

struct image {
	const char *path;
	void *buf;
	size_t len;
};

static struct image img_basic = {.path = TA_TEST_BASIC_ELF};
static struct image img_multi = {.path = TA_TEST_FLAGS_MULTI_INSTANCE_ELF};
static struct image img_single = {.path = TA_TEST_FLAGS_SINGLE_INSTANCE_ELF};
static struct image img_keep = {.path = TA_TEST_FLAGS_KEEP_ALIVE_ELF};
static struct image img_hello = {.path = TA_HELLO_WORLD_ELF};
static struct image img_true = {.path = "/bin/true"};
/* ta_test_basic linked without the zygote's entry (EXEC_ONLY). */
static struct image img_basic_exec = {.path = TA_TEST_BASIC_EXEC_ONLY_ELF};

static const TEE_UUID uuid_basic = TA_TEST_BASIC_UUID;
static const TEE_UUID uuid_multi = TA_TEST_FLAGS_MULTI_INSTANCE_UUID;
static const TEE_UUID uuid_single = TA_TEST_FLAGS_SINGLE_INSTANCE_UUID;
static const TEE_UUID uuid_keep = TA_TEST_FLAGS_KEEP_ALIVE_UUID;
static const TEE_UUID uuid_hello = TA_HELLO_WORLD_UUID;

/* What a test started with (see setup/teardown). */
static int fds_before;
static long kmem_before;

static void load_image(struct image *img)
{
	struct stat st;
	ssize_t n;
	int fd;

	fd = open(img->path, O_RDONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	img->len = (size_t)st.st_size;
	img->buf = malloc(img->len);
	assert_non_null(img->buf);
	n = read(fd, img->buf, img->len);
	assert_int_equal(n, (ssize_t)img->len);
	close(fd);
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static struct ta_proc *spawn(const struct image *img, const TEE_UUID *uuid,
			     struct ta_proc_info *info)
{
	struct ta_proc_info dummy;
	struct ta_proc *p = NULL;

	assert_int_equal(ta_proc_spawn(img->buf, img->len, uuid, &p,
				       info ? info : &dummy),
			 TEE_SUCCESS);
	assert_non_null(p);
	return p;
}

/* A TA with its instance created and session @sess open. */
static struct ta_proc *spawn_open(const struct image *img, const TEE_UUID *uuid,
				  uint32_t sess)
{
	static const TEE_Identity client = {.login = TEE_LOGIN_PUBLIC};
	struct ta_proc *p = spawn(img, uuid, NULL);
	uint32_t origin = 0;

	assert_int_equal(ta_proc_create(p, NULL, &origin), TEE_SUCCESS);
	assert_int_equal(
		ta_proc_open_session(p, NULL, sess, &client, 0, NULL, &origin),
		TEE_SUCCESS);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	return p;
}

static void set_value(struct ta_call_param *p, uint32_t type, uint32_t a,
		      uint32_t b)
{
	p->type = type;
	p->u.value.a = a;
	p->u.value.b = b;
}

/**
 * struct chunk - a stand-in for a normal-world RAM chunk
 * @fd:		its sealed memory file
 * @va:		our mapping of it (the "client's" view)
 * @size:	its size
 * @id:		its chunk id (never reused)
 */
struct chunk {
	int fd;
	uint8_t *va;
	size_t size;
	uint64_t id;
};

static void chunk_new(struct chunk *c, size_t size)
{
	static uint64_t next_id = 1;

	c->fd = memfd_new_sealed("test-chunk", size, false);
	assert_true(c->fd >= 0);
	c->va = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, 0);
	assert_true(c->va != MAP_FAILED);
	c->size = size;
	c->id = next_id++;
}

static void chunk_free(struct chunk *c)
{
	munmap(c->va, c->size);
	close(c->fd);
}

static void set_memref(struct ta_call_param *p, uint32_t type,
		       const struct chunk *c, size_t offset, size_t size)
{
	memset(p, 0, sizeof(*p));
	p->type = type;
	p->u.memref.size = size;
	if (!c)
		return; /* a null memref */
	p->u.memref.mem.chunk = DUMMY_CHUNK;
	p->u.memref.mem.fd = c->fd;
	p->u.memref.mem.offset = offset;
	p->u.memref.mem.chunk_id = c->id;
	p->u.memref.mem.va = c->va + offset; /* what ta_proc copies */
}

static TEE_Result invoke(struct ta_proc *p, uint32_t sess, uint32_t cmd,
			 uint32_t types, struct ta_call_param *params,
			 uint32_t *origin)
{
	uint32_t dummy;

	return ta_proc_invoke(p, NULL, sess, cmd, types, params,
			      origin ? origin : &dummy);
}

/*
 * Invokes @cmd on session @sess with its first @nout params
 * VALUE_OUTPUT (zeroed, for the TA to fill) and the rest NONE.
 */
static TEE_Result invoke_vout(struct ta_proc *p, uint32_t sess, uint32_t cmd,
			      int nout, struct ta_call_param prm[4],
			      uint32_t *origin)
{
	memset(prm, 0, 4 * sizeof(*prm));
	for (int i = 0; i < nout; i++)
		prm[i].type = VOUT;
	return invoke(p, sess, cmd,
		      TYPES(prm[0].type, prm[1].type, prm[2].type, prm[3].type),
		      prm, origin);
}

/**
 * struct fake_host - a struct ta_proc_host that records what it is asked
 * @host:	the callbacks, arg = this struct
 * @syscalls:	system calls that reached it
 * @yields:	yield() calls
 * @nr, @args:	the last system call
 */
struct fake_host {
	struct ta_proc_host host;
	unsigned int syscalls;
	unsigned int yields;
	uint32_t nr;
	uint64_t args[4];
};

#define FAKE_SECONDS 0x5eed

/* Clocks answer FAKE_SECONDS; WAIT really sleeps. */
static TEE_Result fake_syscall(void *arg, struct ta_proc *p, uint32_t nr,
			       const uint64_t args[4], uint64_t out[4])
{
	struct fake_host *h = arg;

	h->syscalls++;
	h->nr = nr;
	memcpy(h->args, args, sizeof(h->args));
	switch (nr) {
	case TA_IPC_SYS_GET_REE_TIME:
	case TA_IPC_SYS_GET_SYSTEM_TIME:
		out[0] = FAKE_SECONDS;
		out[1] = 999999999;
		return TEE_SUCCESS;
	case TA_IPC_SYS_WAIT:
		sleep_ms((unsigned int)args[0]);
		return TEE_SUCCESS;
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}

static void fake_yield(void *arg)
{
	struct fake_host *h = arg;

	h->yields++;
}

static void fake_host_init(struct fake_host *h)
{
	memset(h, 0, sizeof(*h));
	h->host.syscall = fake_syscall;
	h->host.yield = fake_yield;
	h->host.arg = h;
}

/* TA_TEST_CMD_SYSCALL: raw system call @nr; returns its result. */
static TEE_Result raw_syscall(struct ta_proc *p,
			      const struct ta_proc_host *host, uint32_t nr,
			      uint64_t arg0, uint64_t arg1, uint32_t arg23,
			      uint32_t *out0)
{
	struct ta_call_param prm[4];
	uint32_t origin = 0;

	set_value(&prm[0], VIN, nr, arg23);
	set_value(&prm[1], VIN, (uint32_t)arg0, (uint32_t)(arg0 >> 32));
	set_value(&prm[2], VIN, (uint32_t)arg1, (uint32_t)(arg1 >> 32));
	set_value(&prm[3], VOUT, 0xdead, 0xdead);
	assert_int_equal(ta_proc_invoke(p, host, 1, TA_TEST_CMD_SYSCALL,
					TYPES(VIN, VIN, VIN, VOUT), prm,
					&origin),
			 TEE_SUCCESS);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	if (out0)
		*out0 = prm[3].u.value.b;
	return prm[3].u.value.a;
}

/* The TA still serves: VALUE_INC. */
static void assert_serves(struct ta_proc *p)
{
	struct ta_call_param prm[4];

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIO, 1, 1);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC,
				TYPES(VIO, NONE, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, 2);
	assert_false(ta_proc_dead(p));
}

static int group_setup(void **state)
{
	struct ta_proc *p;

	load_image(&img_basic);
	load_image(&img_multi);
	load_image(&img_single);
	load_image(&img_keep);
	load_image(&img_hello);
	load_image(&img_true);
	load_image(&img_basic_exec);
	/* The monitor's descriptors live for ever, and so do the zygote's:
	 * start them before counting. */
	p = spawn(&img_basic, &uuid_basic, NULL);
	ta_proc_kill(p);
	return 0;
}

static int group_teardown(void **state)
{
	free(img_basic.buf);
	free(img_multi.buf);
	free(img_single.buf);
	free(img_keep.buf);
	free(img_hello.buf);
	free(img_true.buf);
	free(img_basic_exec.buf);
	return 0;
}

static int setup(void **state)
{
	fds_before = count_fds();
	kmem_before = kmem_live();
	return 0;
}

static int teardown(void **state)
{
	assert_int_equal(ta_proc_count(), 0);
	/* No child but the zygote, not even a zombie. */
	if (ta_zygote_pid() > 0) {
		assert_int_equal(waitpid(-1, NULL, WNOHANG), 0);
	} else {
		assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
		assert_int_equal(errno, ECHILD);
	}
	assert_int_equal(count_fds(), fds_before);
	assert_int_equal(kmem_live(), kmem_before);
	return 0;
}

/* Reads a "Name:\tvalue" line of /proc/<pid>/status; -1 if missing. */
static long proc_status(pid_t pid, const char *name)
{
	char path[64], line[256];
	size_t len = strlen(name);
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, len) && line[len] == ':')
			v = strtol(line + len + 1, NULL, 10);
	fclose(f);
	return v;
}

static void test_spawn_hello(void **state)
{
	struct ta_proc_info info;
	char path[64];
	struct ta_proc *p;
	struct dirent *e;
	DIR *d;

	p = spawn(&img_basic, &uuid_basic, &info);
	assert_memory_equal(&info.uuid, &uuid_basic, sizeof(TEE_UUID));
	assert_int_equal(info.flags,
			 TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION);
	assert_int_equal(info.stack_size, 16 * 1024);
	assert_int_equal(info.data_size, TA_TEST_BASIC_DATA_SIZE);
	assert_true(ta_proc_pid(p) > 0);
	assert_false(ta_proc_dead(p));
	assert_int_equal(ta_proc_count(), 1);
	/* Its image: nobody writes it any more, the TA included (the
	 * zygote's child has it open while the TA's constructors run). */
	assert_true(fcntl(p->image_fd, F_GET_SEALS) & F_SEAL_WRITE);

	/* Sandboxed: a seccomp filter (mode 2) on both threads, no new
	 * privileges. */
	assert_int_equal(proc_status(ta_proc_pid(p), "Seccomp"), 2);
	assert_int_equal(proc_status(ta_proc_pid(p), "NoNewPrivs"), 1);
	assert_int_equal(proc_status(ta_proc_pid(p), "Threads"), 2);

	/* Only stdin/out/err and the channel socket (when we may look). */
	snprintf(path, sizeof(path), "/proc/%d/fd", (int)ta_proc_pid(p));
	d = opendir(path);
	if (d) {
		int n = 0;

		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			assert_true(atoi(e->d_name) <= 3);
			n++;
		}
		closedir(d);
		assert_int_equal(n, 4);
	}
	ta_proc_kill(p);
	assert_int_equal(ta_proc_count(), 0);
}

static void test_spawn_wrong_uuid(void **state)
{
	TEE_UUID other = uuid_basic;
	struct ta_proc_info info;
	struct ta_proc *p = (struct ta_proc *)&other;

	other.clockSeqAndNode[7] ^= 1;
	assert_int_equal(
		ta_proc_spawn(img_basic.buf, img_basic.len, &other, &p, &info),
		TEE_ERROR_SECURITY);
	assert_null(p);
	assert_int_equal(ta_proc_count(), 0);
}

static void test_spawn_bad_images(void **state)
{
	static const char junk[] = "this is not an ELF file";
	struct ta_proc_info info;
	struct ta_proc *p = NULL;

	/* exec fails: dies before hello. */
	assert_int_equal(
		ta_proc_spawn(junk, sizeof(junk), &uuid_basic, &p, &info),
		TEE_ERROR_GENERIC);
	assert_null(p);
	/* An executable that is no TA: exits before hello. */
	assert_int_equal(ta_proc_spawn(img_true.buf, img_true.len, &uuid_basic,
				       &p, &info),
			 TEE_ERROR_GENERIC);
	assert_null(p);
	assert_int_equal(ta_proc_spawn(NULL, 0, &uuid_basic, &p, &info),
			 TEE_ERROR_BAD_PARAMETERS);
	/* Out of memory before anything started. */
	kmem_fail_nth(1);
	assert_int_equal(ta_proc_spawn(img_basic.buf, img_basic.len,
				       &uuid_basic, &p, &info),
			 TEE_ERROR_OUT_OF_MEMORY);
	kmem_fail_nth(0);
	assert_null(p);
	assert_int_equal(ta_proc_count(), 0);
}

/* Run as "test_ta_proc --spawn-and-exit": start a TA, print its pid and
 * exit without ending it. */
static int spawn_and_exit(void)
{
	struct ta_proc_info info;
	struct ta_proc *p;

	load_image(&img_basic);
	if (ta_proc_spawn(img_basic.buf, img_basic.len, &uuid_basic, &p, &info))
		return 1;
	printf("%d %d\n", (int)ta_proc_pid(p), (int)ta_zygote_pid());
	fflush(stdout);
	_exit(0);
}

/* A TA dies with the secure world (PR_SET_PDEATHSIG): no orphan. */
static void test_parent_death(void **state)
{
	char buf[32] = {0};
	int fds[2], status;
	pid_t child, ta, zygote;
	ssize_t n;

	/* Orphaned TAs come to us, so that we see how they ended. */
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	assert_int_equal(pipe2(fds, O_CLOEXEC), 0);
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		dup2(fds[1], 1);
		execl("/proc/self/exe", "test_ta_proc", "--spawn-and-exit",
		      (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	assert_true(n > 0);
	assert_int_equal(sscanf(buf, "%d %d", &ta, &zygote), 2);
	assert_true(ta > 0);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status) && !WEXITSTATUS(status));

	assert_int_equal(waitpid(ta, &status, 0), ta);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	/*
	 * Its zygote too, orphaned to us as well: killed by its parent-death
	 * signal, or gone on its own when its control socket hung up (the
	 * dying process's descriptors close before the signal is sent; under
	 * load, or the sanitizers, the zygote sees that first).
	 */
	if (zygote > 0) {
		assert_int_equal(waitpid(zygote, &status, 0), zygote);
		assert_true(
			(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) ||
			(WIFEXITED(status) && !WEXITSTATUS(status)));
	}
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 0), 0);
}

static void test_lifecycle(void **state)
{
	static const TEE_Identity client = {.login = TEE_LOGIN_USER};
	struct ta_call_param prm[4];
	struct ta_proc *p;
	uint32_t origin = 0;

	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_int_equal(ta_proc_create(p, NULL, &origin), TEE_SUCCESS);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	/* A second create is a runtime error. */
	assert_int_equal(ta_proc_create(p, NULL, &origin), TEE_ERROR_BAD_STATE);

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIO, 0, 0);
	assert_int_equal(ta_proc_open_session(p, NULL, 1, &client,
					      TYPES(VIO, NONE, NONE, NONE), prm,
					      &origin),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.b, 1);
	assert_int_equal(
		ta_proc_open_session(p, NULL, 2, &client, 0, NULL, &origin),
		TEE_SUCCESS);
	/* The same session id twice is refused by the runtime. */
	assert_int_equal(
		ta_proc_open_session(p, NULL, 2, &client, 0, NULL, &origin),
		TEE_ERROR_BAD_STATE);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	/* The TA refuses: no close follows, and the id stays free. */
	set_value(&prm[0], VIN, TA_TEST_REFUSE, 0);
	assert_int_equal(ta_proc_open_session(p, NULL, 3, &client,
					      TYPES(VIN, NONE, NONE, NONE), prm,
					      &origin),
			 TEE_ERROR_ACCESS_DENIED);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);

	ta_proc_close_session(p, NULL, 1);
	assert_int_equal(
		invoke_vout(p, 2, TA_TEST_CMD_LIFECYCLE, 2, prm, &origin),
		TEE_SUCCESS);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	assert_int_equal(prm[0].u.value.a, 1); /* creates */
	/* Opens: the refused one counts, the duplicate id never ran. */
	assert_int_equal(prm[0].u.value.b, 3);
	assert_int_equal(prm[1].u.value.a, 1); /* closes */
	assert_int_equal(prm[1].u.value.b, 1); /* invokes */

	/* Closed and unknown sessions: the runtime refuses. */
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_LIFECYCLE,
				TYPES(VOUT, VOUT, NONE, NONE), prm, &origin),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	ta_proc_close_session(p, NULL, 99);

	ta_proc_close_session(p, NULL, 2);
	assert_false(ta_proc_dead(p));
	ta_proc_destroy(p, NULL);
	assert_int_equal(ta_proc_count(), 0);
}

static void test_values(void **state)
{
	struct ta_call_param prm[4];
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	uint32_t origin;

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIN, 0x12345678, 0x9abcdef0);
	set_value(&prm[1], VOUT, 1, 1);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_ECHO,
				TYPES(VIN, VOUT, NONE, NONE), prm, &origin),
			 TEE_SUCCESS);
	assert_int_equal(prm[1].u.value.a, 0x12345678);
	assert_int_equal(prm[1].u.value.b, 0x9abcdef0);
	/* Input values are not written back. */
	assert_int_equal(prm[0].u.value.a, 0x12345678);

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIO, 41, 0xffffffff);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC,
				TYPES(VIO, NONE, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, 42);
	assert_int_equal(prm[0].u.value.b, 1);

	/* The TA checks its types. */
	set_value(&prm[0], VIN, 0, 0);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC,
				TYPES(VIN, NONE, NONE, NONE), prm, &origin),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	/* ta_proc checks that the param types and params agree. */
	set_value(&prm[0], VIO, 0, 0);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC,
				TYPES(VIN, NONE, NONE, NONE), prm, &origin),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC,
				TYPES(VIO, NONE, NONE, NONE), NULL, &origin),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_VALUE_INC, 4, prm, &origin),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	/* Unknown command. */
	assert_int_equal(invoke(p, 1, 0x777, 0, NULL, &origin),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	ta_proc_destroy(p, NULL);
}

static uint32_t byte_sum(const uint8_t *b, size_t n)
{
	uint32_t s = 0;

	for (size_t i = 0; i < n; i++)
		s += b[i];
	return s;
}

/*
 * TA_TEST_CMD_MEMREF_FILL on session 1 of [@off, @off + @size) of @c
 * passed as @type, with the value (@a, @b) saying what to fill in.
 */
static TEE_Result memref_fill(struct ta_proc *p, struct ta_call_param prm[4],
			      uint32_t type, const struct chunk *c, size_t off,
			      size_t size, uint32_t a, uint32_t b)
{
	set_memref(&prm[0], type, c, off, size);
	set_value(&prm[1], VIN, a, b);
	return invoke(p, 1, TA_TEST_CMD_MEMREF_FILL,
		      TYPES(type, VIN, NONE, NONE), prm, NULL);
}

static void test_memref_copy_in_out(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	const size_t size = 3 * 4096;
	struct ta_call_param prm[4];
	struct chunk c;
	uint8_t *copy;

	chunk_new(&c, size);
	for (size_t i = 0; i < size; i++)
		c.va[i] = (uint8_t)(i * 13 + 5);
	copy = malloc(size);
	assert_non_null(copy);
	memcpy(copy, c.va, size);

	/* The TA reads the client's memory: a range across pages. */
	set_memref(&prm[0], MIN, &c, 100, 5000);
	set_value(&prm[1], VOUT, 0, 0);
	memset(&prm[2], 0, sizeof(prm[2]) * 2);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_MEMREF_SUM,
				TYPES(MIN, VOUT, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[1].u.value.a, byte_sum(c.va + 100, 5000));
	assert_int_equal(prm[1].u.value.b, 5000);
	assert_int_equal(prm[0].u.memref.size, 5000);

	/* ... and writes it: ta_proc copies the buffer back, only it. */
	assert_int_equal(memref_fill(p, prm, MIO, &c, 4000, 300, 7, 0),
			 TEE_SUCCESS);
	for (size_t i = 0; i < 300; i++)
		assert_int_equal(c.va[4000 + i], (uint8_t)(7 + i));
	assert_memory_equal(c.va, copy, 4000);
	assert_memory_equal(c.va + 4300, copy + 4300, size - 4300);
	assert_int_equal(prm[0].u.memref.size, 300);

	/* The TA reports a smaller output size. */
	assert_int_equal(memref_fill(p, prm, MOUT, &c, 0, 64, 1, 10),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.memref.size, 10);

	/* Short buffer: the size needed comes back, nothing is written. */
	memcpy(copy, c.va, size);
	assert_int_equal(memref_fill(p, prm, MOUT, &c, 8192, 16, 1, 4000),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(prm[0].u.memref.size, 4000);
	assert_memory_equal(c.va, copy, size);

	/* A null memref: the TA sees buffer NULL and asks for more. */
	assert_int_equal(memref_fill(p, prm, MOUT, NULL, 0, 0, 1, 32),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(prm[0].u.memref.size, 32);

	/* The end of the chunk, exactly. */
	set_memref(&prm[0], MIN, &c, size - 1, 1);
	set_value(&prm[1], VOUT, 0, 0);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_MEMREF_SUM,
				TYPES(MIN, VOUT, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[1].u.value.a, c.va[size - 1]);

	ta_proc_destroy(p, NULL);
	chunk_free(&c);
	free(copy);
}

/* Many chunks, in rounds: each call sees its own chunk's bytes. */
static void test_memref_many_chunks(void **state)
{
	enum { NCHUNKS = 48, ROUNDS = 3 };
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct chunk c[NCHUNKS];
	struct ta_call_param prm[4];

	for (int i = 0; i < NCHUNKS; i++) {
		chunk_new(&c[i], 4096);
		memset(c[i].va, i + 1, 4096);
	}
	memset(prm, 0, sizeof(prm));
	for (int r = 0; r < ROUNDS; r++) {
		for (int k = 0; k < NCHUNKS; k++) {
			/* Some rounds revisit recent chunks out of order. */
			int i = r == 1 ? (k * 7) % NCHUNKS : k;

			set_memref(&prm[0], MIN, &c[i], (size_t)i, 64);
			set_value(&prm[1], VOUT, 0, 0);
			assert_int_equal(invoke(p, 1, TA_TEST_CMD_MEMREF_SUM,
						TYPES(MIN, VOUT, NONE, NONE),
						prm, NULL),
					 TEE_SUCCESS);
			assert_int_equal(prm[1].u.value.a, 64 * (i + 1));
		}
	}
	for (int i = 0; i < NCHUNKS; i++)
		chunk_free(&c[i]);
	ta_proc_destroy(p, NULL);
}

/* TA_TEST_CMD_MEMREF_SUM of [@off, @off + @size) of @c; its result. */
static TEE_Result memref_sum_of(struct ta_proc *p, const struct chunk *c,
				size_t off, size_t size, uint32_t *origin)
{
	struct ta_call_param prm[4];

	memset(prm, 0, sizeof(prm));
	set_memref(&prm[0], MIN, c, off, size);
	set_value(&prm[1], VOUT, 0, 0);
	if (invoke(p, 1, TA_TEST_CMD_MEMREF_SUM, TYPES(MIN, VOUT, NONE, NONE),
		   prm, origin))
		return TEE_ERROR_GENERIC;
	assert_int_equal(prm[1].u.value.b, size);
	return prm[1].u.value.a == byte_sum(c->va + off, size)
		       ? TEE_SUCCESS
		       : TEE_ERROR_BAD_FORMAT;
}

/*
 * Memrefs larger than TA_IPC_WIN_KEEP go through the window whole, in
 * both banks, again after the pages above the keep were given back.
 */
static void test_memref_window__large_calls_trimmed_and_refilled(void **state)
{
	const size_t size = 3 * TA_IPC_WIN_KEEP + 123;
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct chunk c;

	chunk_new(&c, size + 4096);
	for (size_t i = 0; i < size + 4096; i++)
		c.va[i] = (uint8_t)(i * 7 + i / 4096);
	for (int round = 0; round < 4; round++)
		assert_int_equal(
			memref_sum_of(p, &c, (size_t)round * 1000, size, NULL),
			TEE_SUCCESS);
	ta_proc_destroy(p, NULL);
	chunk_free(&c);
}

/*
 * The memrefs of one call must fit in a bank of the window: more is
 * TEE_ERROR_OUT_OF_MEMORY with origin TEE before the TA sees the call (as
 * OP-TEE, core/mm/vm.c vm_map_param(), when it cannot map a call's params
 * into the TA), and the TA serves on.
 */
static void test_memref_window__too_large_out_of_memory(void **state)
{
	const size_t half = TA_IPC_WIN_BANK_SIZE / 2 + 4096;
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];
	uint32_t origin = 0;
	struct chunk c;

	chunk_new(&c, TA_IPC_WIN_BANK_SIZE + 8192);
	memset(prm, 0, sizeof(prm));
	set_memref(&prm[0], MIN, &c, 0, TA_IPC_WIN_BANK_SIZE + 1);
	set_value(&prm[1], VOUT, 0, 0);
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_MEMREF_SUM,
				TYPES(MIN, VOUT, NONE, NONE), prm, &origin),
			 TEE_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	/* Two that fit alone do not fit together. */
	set_memref(&prm[0], MIN, &c, 0, half);
	set_memref(&prm[1], MIN, &c, 4096, half);
	origin = 0;
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_LIFECYCLE,
				TYPES(MIN, MIN, NONE, NONE), prm, &origin),
			 TEE_ERROR_OUT_OF_MEMORY);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	assert_false(ta_proc_dead(p));
	c.va[5] = 9;
	assert_int_equal(memref_sum_of(p, &c, 0, 4096, NULL), TEE_SUCCESS);
	ta_proc_destroy(p, NULL);
	chunk_free(&c);
}

static void expect_dead_after(uint32_t cmd)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	uint32_t origin = 0;

	assert_int_equal(invoke(p, 1, cmd, 0, NULL, &origin),
			 TEE_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	assert_true(ta_proc_dead(p));
	/* Every later call fails the same way, at once. */
	origin = 0;
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_PID, 0, NULL, &origin),
			 TEE_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	assert_int_equal(ta_proc_create(p, NULL, &origin),
			 TEE_ERROR_TARGET_DEAD);
	ta_proc_close_session(p, NULL, 1);
	ta_proc_kill(p);
}

static void test_panic(void **state)
{
	expect_dead_after(TA_TEST_CMD_PANIC);
}

static void test_segv(void **state)
{
	expect_dead_after(TA_TEST_CMD_SEGV);
}

static void test_destroy_dead(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);

	assert_int_equal(invoke(p, 1, TA_TEST_CMD_PANIC, 0, NULL, NULL),
			 TEE_ERROR_TARGET_DEAD);
	/* destroy of a dead TA is a kill. */
	ta_proc_destroy(p, NULL);
}

/* A TA that never finishes TA_DestroyEntryPoint is killed (bounded). */
static void test_destroy_hangs(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);

	assert_int_equal(
		invoke(p, 1, TA_TEST_CMD_HANG_IN_DESTROY, 0, NULL, NULL),
		TEE_SUCCESS);
	ta_proc_close_session(p, NULL, 1);
	ta_proc_destroy(p, NULL);
}

static void test_sandbox(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];

	assert_int_equal(invoke_vout(p, 1, TA_TEST_CMD_SANDBOX, 2, prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, EPERM); /* open */
	assert_int_equal(prm[0].u.value.b, EPERM); /* socket */
	assert_int_equal(prm[1].u.value.a, EPERM); /* fork */
	assert_int_equal(prm[1].u.value.b, EPERM); /* PROT_EXEC */
	/*
	 * Signals to itself only: the filter's pid is the TA's own, whether
	 * libutee built the filter or the zygote did (its placeholder
	 * replaced in the child).  getppid() is this process, which the
	 * kernel alone would let the TA signal.
	 */
	assert_int_equal(invoke_vout(p, 1, TA_TEST_CMD_KILL, 1, prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, 0);
	assert_int_equal(prm[0].u.value.b, EPERM);
	/* Still alive and well. */
	assert_false(ta_proc_dead(p));
	ta_proc_destroy(p, NULL);
}

static void test_heap_limit(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];

	assert_int_equal(invoke_vout(p, 1, TA_TEST_CMD_HEAP, 1, prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, TA_TEST_HEAP_ALL);
	assert_int_equal(prm[0].u.value.b, TA_TEST_BASIC_DATA_SIZE);
	ta_proc_destroy(p, NULL);
}

static void test_access_rights(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];
	struct chunk c;

	chunk_new(&c, 2 * 4096);
	memset(prm, 0, sizeof(prm));
	set_memref(&prm[0], MIO, &c, 4000, 200);
	prm[1].type = VOUT;
	assert_int_equal(invoke(p, 1, TA_TEST_CMD_ACCESS,
				TYPES(MIO, VOUT, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[1].u.value.b, 0); /* the checks that failed */
	assert_int_equal(prm[1].u.value.a, TA_TEST_ACCESS_ALL);
	ta_proc_destroy(p, NULL);
	chunk_free(&c);
}

struct call_thread {
	struct ta_proc *p;
	uint32_t cmd;
	uint32_t arg;
	TEE_Result res;
	uint32_t origin;
	uint32_t out;
};

static void *call_thread_main(void *arg)
{
	struct call_thread *ct = arg;
	struct ta_call_param prm[4];

	bool sleep = ct->cmd == TA_TEST_CMD_SLEEP;

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIN, ct->arg, 0);
	prm[1].type = sleep ? NONE : VOUT;
	ct->res = invoke(ct->p, 1, ct->cmd, TYPES(VIN, prm[1].type, NONE, NONE),
			 prm, &ct->origin);
	ct->out = prm[1].u.value.a;
	return NULL;
}

static TEE_Result wait_cancel_call(struct ta_proc *p, uint32_t ms,
				   uint32_t *seen_masked)
{
	struct call_thread ct = {
		.p = p, .cmd = TA_TEST_CMD_WAIT_CANCEL, .arg = ms};

	call_thread_main(&ct);
	*seen_masked = ct.out;
	return ct.res;
}

static void test_cancel(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct call_thread ct = {
		.p = p, .cmd = TA_TEST_CMD_WAIT_CANCEL, .arg = 20000};
	uint32_t masked;
	pthread_t t;

	/* Cancel during the call. */
	assert_int_equal(pthread_create(&t, NULL, call_thread_main, &ct), 0);
	sleep_ms(100);
	ta_proc_request_cancel(p);
	pthread_join(t, NULL);
	assert_int_equal(ct.res, TEE_ERROR_CANCEL);
	assert_int_equal(ct.origin, TEE_ORIGIN_TRUSTED_APP);
	assert_int_equal(ct.out, 0);

	/* The request is spent: the next call is not cancelled. */
	assert_int_equal(wait_cancel_call(p, 50, &masked), TEE_SUCCESS);

	/* A request between calls is for the next call; masked by default,
	 * it shows only once the TA unmasks. */
	ta_proc_request_cancel(p);
	assert_int_equal(wait_cancel_call(p, 20000, &masked), TEE_ERROR_CANCEL);
	assert_int_equal(masked, 0);
	ta_proc_destroy(p, NULL);
}

static void test_kill_during_call(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct call_thread ct = {
		.p = p, .cmd = TA_TEST_CMD_SLEEP, .arg = 60000};
	pthread_t t;

	assert_int_equal(pthread_create(&t, NULL, call_thread_main, &ct), 0);
	sleep_ms(100);
	/* The caller wakes at once; the struct outlives its call. */
	ta_proc_kill(p);
	pthread_join(t, NULL);
	assert_int_equal(ct.res, TEE_ERROR_TARGET_DEAD);
	assert_int_equal(ct.origin, TEE_ORIGIN_TEE);
}

struct spawn_thread {
	struct ta_proc *p;
	pid_t pid;
};

static void *spawn_thread_main(void *arg)
{
	struct spawn_thread *st = arg;
	struct ta_call_param prm[4];

	st->p = spawn_open(&img_basic, &uuid_basic, 1);
	assert_int_equal(invoke_vout(st->p, 1, TA_TEST_CMD_PID, 1, prm, NULL),
			 TEE_SUCCESS);
	st->pid = (pid_t)prm[0].u.value.a;
	return NULL;
}

/* Spawned from threads that end: the TAs live on (death signal is tied
 * to the monitor thread). */
static void test_concurrent_spawn(void **state)
{
	enum { N = 4 };
	struct spawn_thread st[N];
	pthread_t t[N];

	memset(st, 0, sizeof(st));
	for (int i = 0; i < N; i++)
		assert_int_equal(
			pthread_create(&t[i], NULL, spawn_thread_main, &st[i]),
			0);
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(ta_proc_count(), N);
	for (int i = 0; i < N; i++) {
		struct ta_call_param prm[4];

		assert_int_equal(st[i].pid, ta_proc_pid(st[i].p));
		for (int j = 0; j < i; j++)
			assert_int_not_equal(st[i].pid, st[j].pid);
		/* Alive after the thread that spawned it ended. */
		assert_int_equal(
			invoke_vout(st[i].p, 1, TA_TEST_CMD_PID, 1, prm, NULL),
			TEE_SUCCESS);
	}
	for (int i = 0; i < N; i++)
		ta_proc_destroy(st[i].p, NULL);
}

static void check_flags_ta(const struct image *img, const TEE_UUID *uuid,
			   uint32_t flags)
{
	static const TEE_Identity client = {.login = TEE_LOGIN_PUBLIC};
	struct ta_call_param prm[4];
	struct ta_proc_info info;
	struct ta_proc *p;
	uint32_t origin;

	p = spawn(img, uuid, &info);
	assert_int_equal(info.flags, flags);
	assert_int_equal(ta_proc_create(p, NULL, &origin), TEE_SUCCESS);
	assert_int_equal(
		ta_proc_open_session(p, NULL, 7, &client, 0, NULL, &origin),
		TEE_SUCCESS);
	for (uint32_t n = 1; n <= 2; n++) {
		assert_int_equal(
			invoke_vout(p, 7, TA_TEST_FLAGS_CMD_INFO, 2, prm, NULL),
			TEE_SUCCESS);
		assert_int_equal(prm[0].u.value.a, (uint32_t)ta_proc_pid(p));
		assert_int_equal(prm[0].u.value.b, n);
		assert_int_equal(prm[1].u.value.a, 1);
	}
	ta_proc_close_session(p, NULL, 7);
	ta_proc_destroy(p, NULL);
}

static void test_flags_tas(void **state)
{
	check_flags_ta(&img_multi, &uuid_multi, 0);
	check_flags_ta(&img_single, &uuid_single, TA_FLAG_SINGLE_INSTANCE);
	check_flags_ta(&img_keep, &uuid_keep,
		       TA_FLAG_SINGLE_INSTANCE | TA_FLAG_MULTI_SESSION |
			       TA_FLAG_INSTANCE_KEEP_ALIVE);
}

static void test_hello_world(void **state)
{
	struct ta_proc *p = spawn_open(&img_hello, &uuid_hello, 1);
	struct ta_call_param prm[4];
	struct chunk c;

	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIO, 42, 0);
	assert_int_equal(invoke(p, 1, TA_HELLO_WORLD_CMD_INC_VALUE,
				TYPES(VIO, NONE, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, 43);

	chunk_new(&c, 4096);
	set_memref(&prm[0], MOUT, &c, 0, 4);
	assert_int_equal(invoke(p, 1, TA_HELLO_WORLD_CMD_GET_HELLO,
				TYPES(MOUT, NONE, NONE, NONE), prm, NULL),
			 TEE_ERROR_SHORT_BUFFER);
	assert_int_equal(prm[0].u.memref.size, sizeof("Hello from the TEE"));
	set_memref(&prm[0], MOUT, &c, 100, 64);
	assert_int_equal(invoke(p, 1, TA_HELLO_WORLD_CMD_GET_HELLO,
				TYPES(MOUT, NONE, NONE, NONE), prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.memref.size, sizeof("Hello from the TEE"));
	assert_string_equal((char *)c.va + 100, "Hello from the TEE");
	ta_proc_close_session(p, NULL, 1);
	ta_proc_destroy(p, NULL);
	chunk_free(&c);
}

/* Without a host every system call fails, and the TA lives on. */
static void test_syscall_no_host(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_proc_host empty = {0};
	struct ta_call_param prm[4];
	uint32_t origin = 0;

	assert_int_equal(
		raw_syscall(p, NULL, TA_IPC_SYS_GET_SYSTEM_TIME, 0, 0, 0, NULL),
		TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(
		raw_syscall(p, &empty, TA_IPC_SYS_WAIT, 10, 0, 0, NULL),
		TEE_ERROR_NOT_SUPPORTED);
	assert_serves(p);
	/* GP: a TA that cannot read the clock panics. */
	assert_int_equal(
		invoke_vout(p, 1, TA_TEST_CMD_SYSTEM_TIME, 2, prm, &origin),
		TEE_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEE_ORIGIN_TEE);
	ta_proc_destroy(p, NULL);
}

/*
 * What a TA writes is checked before the host sees it: unknown numbers,
 * arguments where the system call takes none, a request that belongs to
 * no call.  Each is answered with an error and the TA lives on.
 */
static void test_syscall_refused(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct fake_host h;
	uint32_t out0 = 1;

	fake_host_init(&h);
	assert_int_equal(raw_syscall(p, &h.host, 0, 0, 0, 0, &out0),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(out0, 0);
	assert_int_equal(raw_syscall(p, &h.host, 0xffffffff, 0, 0, 0, NULL),
			 TEE_ERROR_NOT_SUPPORTED);
	assert_int_equal(raw_syscall(p, &h.host, TA_IPC_SYS_SET_TA_TIME + 1, 0,
				     0, 0, NULL),
			 TEE_ERROR_NOT_SUPPORTED);
	/* TA persistent time: GET takes no argument, SET two. */
	assert_int_equal(
		raw_syscall(p, &h.host, TA_IPC_SYS_GET_TA_TIME, 1, 0, 0, NULL),
		TEE_ERROR_BAD_PARAMETERS);
	/* The clocks take no argument; WAIT takes two. */
	assert_int_equal(raw_syscall(p, &h.host, TA_IPC_SYS_GET_SYSTEM_TIME, 1,
				     0, 0, NULL),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(raw_syscall(p, &h.host, TA_IPC_SYS_GET_REE_TIME, 0,
				     UINT64_MAX, 0, NULL),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(
		raw_syscall(p, &h.host, TA_IPC_SYS_WAIT, 1, 0, 7, NULL),
		TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(h.syscalls, 0);
	assert_serves(p);

	/* A request made outside the call it names: BAD_STATE, unserved. */
	p->page->sys_req.call_seq = 0x12345;
	p->page->sys_req.nr = TA_IPC_SYS_GET_SYSTEM_TIME;
	atomic_store(&p->page->sys_seq, 0x7fffffff);
	assert_serves(p);
	assert_int_equal(atomic_load(&p->page->sys_ack), 0x7fffffff);
	assert_int_equal(p->page->sys_rep.ret, TEE_ERROR_BAD_STATE);
	assert_int_equal(h.syscalls, 0);

	/* A good one reaches the host, and its results the TA. */
	assert_int_equal(raw_syscall(p, &h.host, TA_IPC_SYS_GET_SYSTEM_TIME, 0,
				     0, 0, &out0),
			 TEE_SUCCESS);
	assert_int_equal(out0, FAKE_SECONDS);
	assert_int_equal(h.syscalls, 1);
	assert_int_equal(h.nr, TA_IPC_SYS_GET_SYSTEM_TIME);
	ta_proc_destroy(p, NULL);
}

/* TEE_Wait and TEE_GetSystemTime through a host. */
static void test_syscall_wait(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];
	struct fake_host h;
	uint32_t origin = 0;

	fake_host_init(&h);
	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIN, 30, 0);
	prm[1].type = VOUT;
	assert_int_equal(ta_proc_invoke(p, &h.host, 1, TA_TEST_CMD_TEE_WAIT,
					TYPES(VIN, VOUT, NONE, NONE), prm,
					&origin),
			 TEE_SUCCESS);
	/* Clock, wait, clock; the fake clock stands still. */
	assert_int_equal(h.syscalls, 3);
	assert_int_equal(prm[1].u.value.a, 0);
	/* The wait: 30 ms, cancellation masked (the default). */
	h.syscalls = 0;
	assert_int_equal(
		raw_syscall(p, &h.host, TA_IPC_SYS_WAIT, 30, 0, 0, NULL),
		TEE_SUCCESS);
	assert_int_equal(h.args[0], 30);
	assert_int_equal(h.args[1], 0);
	/* Unmasked: the TA says so. */
	set_value(&prm[0], VIN, 5, 1);
	assert_int_equal(ta_proc_invoke(p, &h.host, 1, TA_TEST_CMD_TEE_WAIT,
					TYPES(VIN, VOUT, NONE, NONE), prm,
					&origin),
			 TEE_SUCCESS);
	assert_int_equal(h.nr, TA_IPC_SYS_GET_SYSTEM_TIME);
	assert_int_equal(h.syscalls, 4);

	/* A request already there: TEE_Wait returns at once, unmasked. */
	h.syscalls = 0;
	ta_proc_request_cancel(p);
	set_value(&prm[0], VIN, 20000, 1);
	assert_int_equal(ta_proc_invoke(p, &h.host, 1, TA_TEST_CMD_TEE_WAIT,
					TYPES(VIN, VOUT, NONE, NONE), prm,
					&origin),
			 TEE_ERROR_CANCEL);
	assert_int_equal(origin, TEE_ORIGIN_TRUSTED_APP);
	assert_int_equal(h.syscalls, 2); /* the clocks only */
	ta_proc_destroy(p, &h.host);
}

/* A call longer than TA_PROC_YIELD_MS yields to its caller's host. */
static void test_yield_long_call(void **state)
{
	struct ta_proc *p = spawn_open(&img_basic, &uuid_basic, 1);
	struct ta_call_param prm[4];
	struct fake_host h;

	fake_host_init(&h);
	memset(prm, 0, sizeof(prm));
	set_value(&prm[0], VIN, 300, 0);
	assert_int_equal(ta_proc_invoke(p, &h.host, 1, TA_TEST_CMD_BUSY,
					TYPES(VIN, NONE, NONE, NONE), prm,
					NULL),
			 TEE_SUCCESS);
	assert_true(h.yields >= 1);
	assert_int_equal(h.syscalls, 0);
	ta_proc_destroy(p, &h.host);
}

/* Whether process @pid runs with the zygote's command line (it forked it)
 * rather than "teebox-ta-<uuid>" (exec'd, ta_proc.c). */
static bool forked_by_zygote(pid_t pid)
{
	char path[64], cmd[64] = {0};
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	n = read(fd, cmd, sizeof(cmd) - 1);
	close(fd);
	assert_true(n > 0);
	if (!strcmp(cmd, "teebox-ta-zygote"))
		return true;
	assert_memory_equal(cmd, "teebox-ta-", 10);
	return false;
}

/* The images the zygote can load, and why it cannot load the others. */
static void test_zygote__image_check(void **state)
{
	static const char junk[] = "this is not an ELF file";
	struct ta_elf_dyn dyn;
	uint64_t flags;

	assert_null(
		ta_elf_dyn_zygote_check(img_basic.buf, img_basic.len, &dyn));
	/* The PIE flag is cleared in the copy the zygote gets, nothing else
	 * (glibc refuses to dlopen a PIE: elf/dl-load.c, DF_1_PIE). */
	assert_true(dyn.flags1_off > 0);
	memcpy(&flags, (char *)img_basic.buf + dyn.flags1_off, sizeof(flags));
	assert_true(flags & DF_1_PIE);
	assert_int_equal(dyn.flags1, flags & ~(uint64_t)DF_1_PIE);
	assert_non_null(
		strstr(ta_elf_dyn_zygote_check(img_basic_exec.buf,
					       img_basic_exec.len, &dyn),
		       "utee_zygote_entry"));
	assert_non_null(strstr(
		ta_elf_dyn_zygote_check(img_true.buf, img_true.len, &dyn),
		"utee_zygote_entry"));
	assert_non_null(ta_elf_dyn_zygote_check(junk, sizeof(junk), &dyn));
	assert_non_null(ta_elf_dyn_zygote_check(img_basic.buf, 16, &dyn));
	/* Truncated within the section headers: refused, not read beyond. */
	assert_non_null(ta_elf_dyn_zygote_check(img_basic.buf,
						img_basic.len - 64, &dyn));
}

/*
 * An image's DT_NEEDED names, as the TA libraries' walk reads them
 * (secure/ta_shlib.c): a TA names libc.so.6, each name ends with its NUL
 * in the image, the count does not depend on the room given, and what is
 * not an ELF image, or is cut short, is refused.
 */
static void test_zygote__needed_names(void **state)
{
	static const char junk[] = "this is not an ELF file";
	struct ta_elf_needed e[8];
	bool libc = false;
	int n;

	(void)state;
	n = ta_elf_dyn_needed(img_basic.buf, img_basic.len, e, 8);
	assert_in_range(n, 1, 8);
	assert_int_equal(
		ta_elf_dyn_needed(img_basic.buf, img_basic.len, NULL, 0), n);
	for (int i = 0; i < n; i++) {
		const char *name = (const char *)img_basic.buf + e[i].off;

		assert_int_equal(strlen(name), e[i].len);
		libc |= !strcmp(name, "libc.so.6");
	}
	assert_true(libc);
	assert_int_equal(ta_elf_dyn_needed(junk, sizeof(junk), e, 8), -1);
	assert_int_equal(ta_elf_dyn_needed(img_basic.buf, 16, e, 8), -1);
}

/*
 * A TA the zygote forked is the secure world's child (CLONE_PARENT), in
 * the same sandbox as an exec'd one, and the zygote is not its parent.
 */
static void test_zygote__forks_ta_as_our_child(void **state)
{
	struct ta_proc *p;
	pid_t pid;

	if (!ta_zygote_enabled())
		skip();
	p = spawn(&img_basic, &uuid_basic, NULL);
	pid = ta_proc_pid(p);
	assert_true(p->by_zygote);
	assert_true(forked_by_zygote(pid));
	assert_int_equal(proc_status(pid, "PPid"), getpid());
	assert_true(ta_zygote_pid() > 0);
	assert_int_not_equal(ta_zygote_pid(), pid);
	assert_int_equal(proc_status(pid, "Seccomp"), 2);
	assert_int_equal(proc_status(pid, "NoNewPrivs"), 1);
	/* The zygote itself: not traceable by a TA of its uid. */
	assert_int_equal(proc_status(ta_zygote_pid(), "NoNewPrivs"), 1);
	assert_int_equal(proc_status(ta_zygote_pid(), "Threads"), 1);
	ta_proc_kill(p);
}

/* An image without the zygote's entry (a TA built before it) is exec'd. */
static void test_zygote__exec_only_image_is_execd(void **state)
{
	struct ta_call_param prm[4];
	struct ta_proc *p;

	p = spawn_open(&img_basic_exec, &uuid_basic, 1);
	assert_false(p->by_zygote);
	assert_false(forked_by_zygote(ta_proc_pid(p)));
	assert_int_equal(invoke_vout(p, 1, TA_TEST_CMD_HEAP, 1, prm, NULL),
			 TEE_SUCCESS);
	assert_int_equal(prm[0].u.value.a, TA_TEST_HEAP_ALL);
	ta_proc_destroy(p, NULL);
}

/*
 * An image the zygote's dlopen refuses though it passed the secure
 * world's check (here DF_1_NOOPEN, which exec ignores): the child exits
 * with TA_ZYGOTE_EXIT_LOAD before any TA code ran, and the TA is exec'd.
 */
static void test_zygote__load_failure_falls_back_to_exec(void **state)
{
	struct image img = img_basic;
	struct ta_elf_dyn dyn;
	struct ta_proc *p;
	uint64_t flags;

	if (!ta_zygote_enabled())
		skip();
	img.buf = malloc(img.len);
	assert_non_null(img.buf);
	memcpy(img.buf, img_basic.buf, img.len);
	assert_null(ta_elf_dyn_zygote_check(img.buf, img.len, &dyn));
	memcpy(&flags, (char *)img.buf + dyn.flags1_off, sizeof(flags));
	flags |= DF_1_NOOPEN;
	memcpy((char *)img.buf + dyn.flags1_off, &flags, sizeof(flags));

	p = spawn(&img, &uuid_basic, NULL);
	assert_false(p->by_zygote);
	assert_false(forked_by_zygote(ta_proc_pid(p)));
	ta_proc_kill(p);
	free(img.buf);
}

/*
 * Waits until the TA monitor reaped zygote @old (5 s at most): no zombie
 * of it is left for the next TA start to find.
 */
static void wait_zygote_reaped(pid_t old)
{
	siginfo_t si;

	for (int ms = 0; ta_zygote_pid() == old; ms++) {
		assert_true(ms < 5000);
		sleep_ms(1);
	}
	assert_int_equal(ta_zygote_pid(), -1);
	memset(&si, 0, sizeof(si));
	assert_int_equal(
		waitid(P_PID, (id_t)old, &si, WEXITED | WNOHANG | WNOWAIT), -1);
	assert_int_equal(errno, ECHILD);
}

/* Kills the zygote, if there is one, and waits until it is reaped. */
static void zygote_kill(void)
{
	pid_t old = ta_zygote_pid();

	if (old <= 0)
		return;
	assert_int_equal(kill(old, SIGKILL), 0);
	wait_zygote_reaped(old);
}

/*
 * The build's zygote again, running as at the setup (its descriptors are
 * counted there).
 */
static void zygote_restore(const char *real)
{
	struct ta_proc *p;

	zygote_kill();
	assert_int_equal(setenv("TEEBOX_TA_ZYGOTE", real, 1), 0);
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_true(p->by_zygote);
	ta_proc_kill(p);
}

/* A dead zygote is reaped at once (not at the next start: it is watched
 * by its pidfd, as ta_proc_monitor.c does), and replaced at the next
 * start. */
static void test_zygote__dead_zygote_restarted(void **state)
{
	struct ta_proc *p;
	pid_t old;

	if (!ta_zygote_enabled())
		skip();
	old = ta_zygote_pid();
	assert_true(old > 0);
	zygote_kill();
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_true(p->by_zygote);
	assert_true(ta_zygote_pid() > 0);
	assert_int_not_equal(ta_zygote_pid(), old);
	ta_proc_kill(p);
}

/* A zygote that does not answer: the TA is exec'd, the next start gets a
 * working zygote again. */
static void test_zygote__broken_zygote_falls_back_to_exec(void **state)
{
	const char *env = getenv("TEEBOX_TA_ZYGOTE");
	char real[4096];
	struct ta_proc *p;
	pid_t old;

	if (!ta_zygote_enabled() || !env)
		skip();
	snprintf(real, sizeof(real), "%s", env);
	old = ta_zygote_pid();
	assert_int_equal(kill(old, SIGKILL), 0);
	assert_int_equal(setenv("TEEBOX_TA_ZYGOTE", "/bin/true", 1), 0);
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_false(p->by_zygote);
	ta_proc_kill(p);
	assert_int_equal(ta_zygote_pid(), -1);

	assert_int_equal(setenv("TEEBOX_TA_ZYGOTE", real, 1), 0);
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_true(p->by_zygote);
	ta_proc_kill(p);
}

/*
 * The zygote dies between its fork and its answer (a zygote built with a
 * test hook that kills itself right after the fork): the child answers
 * by itself, so the TA runs, and nothing of the zygote is left.
 */
static void test_zygote__dies_after_fork(void **state)
{
	const char *env = getenv("TEEBOX_TA_ZYGOTE");
	struct ta_call_param prm[4];
	char real[4096];
	struct ta_proc *p;
	pid_t dying;

	if (!ta_zygote_enabled() || !env)
		skip();
	snprintf(real, sizeof(real), "%s", env);
	zygote_kill();
	assert_int_equal(setenv("TEEBOX_TA_ZYGOTE", ZYGOTE_DIES_AFTER_FORK, 1),
			 0);
	p = spawn_open(&img_basic, &uuid_basic, 1);
	dying = ta_zygote_pid();
	assert_true(p->by_zygote);
	assert_true(forked_by_zygote(ta_proc_pid(p)));
	assert_int_equal(invoke_vout(p, 1, TA_TEST_CMD_HEAP, 1, prm, NULL),
			 TEE_SUCCESS);
	if (dying > 0)
		wait_zygote_reaped(dying);
	ta_proc_destroy(p, NULL);
	zygote_restore(real);
}

/*
 * The zygote's child dies before it answered (a zygote built with a test
 * hook for it): the zygote names it, the secure world reaps it (the
 * teardown finds no zombie) and starts the TA by exec; the zygote works
 * on.
 */
static void test_zygote__child_dies_before_answer(void **state)
{
	const char *env = getenv("TEEBOX_TA_ZYGOTE");
	char real[4096];
	struct ta_proc *p;
	pid_t zygote;

	if (!ta_zygote_enabled() || !env)
		skip();
	snprintf(real, sizeof(real), "%s", env);
	zygote_kill();
	assert_int_equal(
		setenv("TEEBOX_TA_ZYGOTE", ZYGOTE_CHILD_DIES_BEFORE_ANSWER, 1),
		0);
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_false(p->by_zygote);
	assert_false(forked_by_zygote(ta_proc_pid(p)));
	zygote = ta_zygote_pid();
	assert_true(zygote > 0);
	ta_proc_kill(p);
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_false(p->by_zygote);
	assert_int_equal(ta_zygote_pid(), zygote);
	ta_proc_kill(p);
	/* No zombie of the children (waitpid(-1) would find one). */
	assert_int_equal(waitpid(-1, NULL, WNOHANG), 0);
	zygote_restore(real);
}

/* TEEBOX_TA_DEBUG=1: TAs are exec'd, so that gdb -p finds their
 * executable (docs/ta-developer-guide.md). */
static void test_zygote__debug_mode_execs(void **state)
{
	struct ta_proc *p;

	if (!ta_zygote_enabled())
		skip();
	assert_int_equal(setenv("TEEBOX_TA_DEBUG", "1", 1), 0);
	assert_false(ta_zygote_enabled());
	p = spawn(&img_basic, &uuid_basic, NULL);
	assert_false(p->by_zygote);
	assert_false(forked_by_zygote(ta_proc_pid(p)));
	ta_proc_kill(p);
	assert_int_equal(unsetenv("TEEBOX_TA_DEBUG"), 0);
	assert_true(ta_zygote_enabled());
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		T(test_spawn_hello),
		T(test_spawn_wrong_uuid),
		T(test_spawn_bad_images),
		T(test_lifecycle),
		T(test_values),
		T(test_memref_copy_in_out),
		T(test_memref_window__large_calls_trimmed_and_refilled),
		T(test_memref_window__too_large_out_of_memory),
		T(test_memref_many_chunks),
		T(test_panic),
		T(test_segv),
		T(test_destroy_dead),
		T(test_destroy_hangs),
		T(test_sandbox),
		T(test_heap_limit),
		T(test_access_rights),
		T(test_cancel),
		T(test_kill_during_call),
		T(test_concurrent_spawn),
		T(test_flags_tas),
		T(test_hello_world),
		T(test_syscall_no_host),
		T(test_syscall_refused),
		T(test_syscall_wait),
		T(test_yield_long_call),
		T(test_parent_death),
		T(test_zygote__image_check),
		T(test_zygote__needed_names),
		T(test_zygote__forks_ta_as_our_child),
		T(test_zygote__exec_only_image_is_execd),
		T(test_zygote__load_failure_falls_back_to_exec),
		T(test_zygote__dead_zygote_restarted),
		T(test_zygote__broken_zygote_falls_back_to_exec),
		T(test_zygote__dies_after_fork),
		T(test_zygote__child_dies_before_answer),
		T(test_zygote__debug_mode_execs),
	};

	if (argc > 1 && !strcmp(argv[1], "--spawn-and-exit"))
		return spawn_and_exit();

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
