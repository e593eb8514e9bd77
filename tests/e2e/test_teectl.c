// SPDX-License-Identifier: BSD-2-Clause
/*
 * The per-device information view and teectl, end to end: teed started
 * with --loopback registers teebox's loopback TEE after OP-TEE (tee1,
 * teepriv1), writes the sysfs attributes of every device as files in its
 * runtime directory (<dir>/class/tee/<name>/, docs/abi.md §1.1), and
 * answers teectl over the root-only control endpoint (teed/control.h).
 */
#include <errno.h>
#include <grp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "drivers/tee/loopback/loopback.h"
#include "harness.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tbx_client.h"

#define OUT_MAX	    (64 * 1024)
#define NOBODY	    65534
#define ECHO_UUID_S "7eb0ec40-0000-4000-8000-746565626f78"

static const u8 echo_uuid[TEE_IOCTL_UUID_LEN] = LOOPBACK_UUID_ECHO;
static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/* teed with @args; returns once it said "ready". */
static void start_with(struct harness *h, bool supplicant,
		       const char *const *args)
{
	assert_int_equal(harness_start(h,
				       &(struct harness_opts){
					       .supplicant = supplicant,
					       .teed_args = args,
				       }),
			 0);
	/* tee0 answers before the control endpoint is up. */
	for (int ms = 0; !harness_log_contains(h, "teed.log", "ready (");
	     ms += 5) {
		assert_true(ms < 20000);
		harness_sleep_ms(5);
	}
}

/* teed with the loopback TEE; returns once it said "ready". */
static void start(struct harness *h, bool supplicant)
{
	static const char *const args[] = {"--loopback", NULL};

	start_with(h, supplicant, args);
}

/* The contents of <dir>/<rel>, or "" when it cannot be read. */
static void read_file(const struct harness *h, const char *rel, char *buf,
		      size_t len)
{
	char path[PATH_MAX];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", h->dir, rel);
	f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
}

/* Runs teectl with @args; its stdout in @out, returns its exit status. */
static int teectl(const struct harness *h, const char *args, char *out)
{
	char cmd[PATH_MAX * 2];
	size_t n = 0;
	FILE *f;
	int st;

	snprintf(cmd, sizeof(cmd), "%s --runtime-dir %s %s", TEEBOX_TEECTL_BIN,
		 h->dir, args);
	f = popen(cmd, "r");
	assert_non_null(f);
	while (n < OUT_MAX - 1) {
		size_t r = fread(out + n, 1, OUT_MAX - 1 - n, f);

		if (!r)
			break;
		n += r;
	}
	out[n] = '\0';
	st = pclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * The minimal JSON reading the tests need: the number after "@key": in
 * the first object that contains @anchor (NULL: anywhere).
 */
static long long json_num(const char *json, const char *anchor, const char *key)
{
	char k[64];
	const char *p = json, *obj;

	if (anchor) {
		p = strstr(json, anchor);
		assert_non_null(p);
		/* Back to the start of the object holding the anchor. */
		for (obj = p; obj > json && *obj != '{'; obj--)
			;
		p = obj;
	}
	snprintf(k, sizeof(k), "\"%s\":", key);
	p = strstr(p, k);
	assert_non_null(p);
	return strtoll(p + strlen(k), NULL, 0);
}

/* A device of the harness, opened as a client opens /dev/teeN. */
static struct tbx_dev *dev_open(const struct harness *h, const char *name)
{
	char path[PATH_MAX];
	struct tbx_dev *d;

	snprintf(path, sizeof(path), "%s/%s", h->dir, name);
	assert_int_equal(tbx_dev_open(path, &d), 0);
	return d;
}

/* Opens a loopback echo session with @login; returns its id. */
static u32 lb_open_session(struct tbx_dev *d, u32 login)
{
	struct tee_ioctl_open_session_arg arg = {.clnt_login = login};
	struct tee_ioctl_buf_data buf = {.buf_ptr = (uintptr_t)&arg,
					 .buf_len = sizeof(arg)};

	memcpy(arg.uuid, echo_uuid, sizeof(arg.uuid));
	assert_int_equal(tbx_dev_ioctl(d, TEE_IOC_OPEN_SESSION, &buf), 0);
	assert_int_equal(arg.ret, 0);
	return arg.session;
}

/* ------------------------------------------------------------------ */

/* <dir>/class/tee/<name>/implementation_id and revision, as sysfs. */
static void test_info_files_as_sysfs(void **state)
{
	struct harness h;
	char buf[64];

	start(&h, false);
	read_file(&h, "class/tee/tee0/implementation_id", buf, sizeof(buf));
	assert_string_equal(buf, "1\n");
	read_file(&h, "class/tee/tee0/revision", buf, sizeof(buf));
	assert_string_equal(buf, "0.1\n");
	read_file(&h, "class/tee/teepriv0/implementation_id", buf, sizeof(buf));
	assert_string_equal(buf, "1\n");
	read_file(&h, "class/tee/teepriv0/revision", buf, sizeof(buf));
	assert_string_equal(buf, "0.1\n");
	/* The loopback: its own id, 0x7EB0 in decimal. */
	read_file(&h, "class/tee/tee1/implementation_id", buf, sizeof(buf));
	assert_string_equal(buf, "32432\n");
	read_file(&h, "class/tee/tee1/revision", buf, sizeof(buf));
	assert_string_equal(buf, LOOPBACK_REVISION "\n");
	read_file(&h, "class/tee/teepriv1/implementation_id", buf, sizeof(buf));
	assert_string_equal(buf, "32432\n");
	harness_stop_ok(&h);
}

/* A clean shutdown takes the files and the control socket away. */
static void test_shutdown_removes_files_and_control(void **state)
{
	struct harness h;
	char path[PATH_MAX];
	struct stat st;
	int status;

	start(&h, false);
	snprintf(path, sizeof(path), "%s/control", h.dir);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0600);
	kill(h.teed, SIGTERM);
	assert_int_equal(waitpid(h.teed, &status, 0), h.teed);
	h.teed = 0;
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(stat(path, &st), -1);
	snprintf(path, sizeof(path), "%s/class", h.dir);
	assert_int_equal(stat(path, &st), -1);
	harness_stop_ok(&h);
}

/*
 * --driver NAME asks for a driver probed only on request, as --loopback
 * does; a name that is none of those is a usage error (exit 2).
 */
static void test_driver_option_asks_for_a_driver(void **state)
{
	static const char *const args[] = {"--driver", "loopback", NULL};
	static char out[OUT_MAX];
	char cmd[PATH_MAX];
	struct harness h;

	start_with(&h, false, args);
	assert_int_equal(teectl(&h, "info", out), 0);
	assert_non_null(strstr(out, "tee1: loopback, implementation_id 32432 "
				    "(teebox loopback), revision 1.0\n"));
	harness_stop_ok(&h);

	snprintf(cmd, sizeof(cmd), "%s --driver nosuch >/dev/null 2>&1",
		 TEEBOX_TEED_BIN);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	/* OP-TEE is always probed: it cannot be asked for. */
	snprintf(cmd, sizeof(cmd), "%s --driver optee >/dev/null 2>&1",
		 TEEBOX_TEED_BIN);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
}

/* tee1 is the loopback: its own impl id, and it works. */
static void test_tee1_is_the_loopback(void **state)
{
	struct tee_ioctl_version_data vers;
	struct tee_ioctl_shm_alloc_data sa = {.size = 100};
	struct tee_ioctl_invoke_arg *inv;
	struct tee_ioctl_buf_data buf;
	struct tbx_dev *d, *p;
	unsigned char arg[sizeof(*inv) + 2 * sizeof(struct tee_ioctl_param)];
	unsigned char *map;
	struct harness h;
	long fd;
	u32 s;

	start(&h, false);
	d = dev_open(&h, "tee1");
	assert_int_equal(tbx_dev_ioctl(d, TEE_IOC_VERSION, &vers), 0);
	assert_int_equal(vers.impl_id, LOOPBACK_IMPL_ID);
	assert_int_equal(vers.impl_caps, 0);
	assert_int_equal(vers.gen_caps,
			 TEE_GEN_CAP_GP | TEE_GEN_CAP_MEMREF_NULL);
	p = dev_open(&h, "teepriv1");
	assert_int_equal(tbx_dev_ioctl(p, TEE_IOC_VERSION, &vers), 0);
	assert_int_equal(vers.impl_id, LOOPBACK_IMPL_ID);
	assert_true(vers.gen_caps & TEE_GEN_CAP_PRIVILEGED);
	tbx_dev_close(p);
	/* tee0 is still OP-TEE's. */
	p = dev_open(&h, "tee0");
	assert_int_equal(tbx_dev_ioctl(p, TEE_IOC_VERSION, &vers), 0);
	assert_int_equal(vers.impl_id, TEE_IMPL_ID_OPTEE);
	tbx_dev_close(p);

	/* Shared memory comes as a file; the echo service copies it. */
	fd = tbx_dev_ioctl(d, TEE_IOC_SHM_ALLOC, &sa);
	assert_true(fd >= 0);
	map = mmap(NULL, sa.size, PROT_READ | PROT_WRITE, MAP_SHARED, (int)fd,
		   0);
	assert_true(map != MAP_FAILED);
	memcpy(map, "loopback!", 10);
	s = lb_open_session(d, TEE_IOCTL_LOGIN_PUBLIC);
	memset(arg, 0, sizeof(arg));
	inv = (void *)arg;
	inv->func = LOOPBACK_ECHO_CMD_COPY;
	inv->session = s;
	inv->num_params = 2;
	inv->params[0] = (struct tee_ioctl_param){
		.attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
		.a = 0,
		.b = 10,
		.c = (u64)sa.id};
	inv->params[1] = (struct tee_ioctl_param){
		.attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT,
		.a = 32,
		.b = 32,
		.c = (u64)sa.id};
	buf.buf_ptr = (uintptr_t)arg;
	buf.buf_len = sizeof(arg);
	assert_int_equal(tbx_dev_ioctl(d, TEE_IOC_INVOKE, &buf), 0);
	assert_int_equal(inv->ret, 0);
	assert_int_equal(inv->params[1].b, 10);
	assert_string_equal((char *)map + 32, "loopback!");
	munmap(map, sa.size);
	assert_int_equal(tbx_dev_close_shm(d, (int)fd), 0);
	tbx_dev_close(d);
	harness_stop_ok(&h);
}

static void test_teectl_info(void **state)
{
	static char out[OUT_MAX];
	struct harness h;

	start(&h, false);
	assert_int_equal(teectl(&h, "info", out), 0);
	assert_non_null(strstr(out, "tee0: optee, implementation_id 1 "
				    "(OP-TEE), revision 0.1\n"));
	assert_non_null(strstr(out, "teepriv0: optee, privileged"));
	assert_non_null(strstr(out, "secure threads 4, shared memory"));
	assert_non_null(strstr(out, "tee1: loopback, implementation_id 32432"
				    " (teebox loopback), revision 1.0\n"));
	assert_non_null(strstr(out, "gen_caps 0x9 (GP MEMREF_NULL)"));

	assert_int_equal(teectl(&h, "--json info", out), 0);
	assert_int_equal(out[0], '{');
	assert_int_equal(
		json_num(out, "\"name\":\"tee0\"", "implementation_id"), 1);
	assert_int_equal(json_num(out, "\"name\":\"tee0\"", "secure_threads"),
			 4);
	assert_non_null(strstr(out, "\"revision\":\"0.1\""));
	assert_int_equal(
		json_num(out, "\"name\":\"tee1\"", "implementation_id"),
		LOOPBACK_IMPL_ID);
	assert_int_equal(json_num(out, "\"name\":\"teepriv1\"", "gen_caps"),
			 TEE_GEN_CAP_GP | TEE_GEN_CAP_PRIVILEGED |
				 TEE_GEN_CAP_MEMREF_NULL);
	/* The option may follow the command. */
	assert_int_equal(teectl(&h, "info --json", out), 0);
	assert_int_equal(out[0], '{');
	harness_stop_ok(&h);
}

static void test_teectl_sessions_and_tas(void **state)
{
	static char out[OUT_MAX];
	char want[128];
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	struct tbx_dev *a, *b;
	u32 sa1, sa2, sb;
	pid_t ta_pid;

	start(&h, true);
	/* Only the supplicant's context, without sessions. */
	assert_int_equal(teectl(&h, "sessions", out), 0);
	assert_true(!strncmp(out, "teepriv0 pid ", 13));
	assert_non_null(strstr(out, ": no sessions\n"));
	assert_null(strstr(out, "tee0"));

	/* An OP-TEE session through libteec, three loopback ones. */
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	a = dev_open(&h, "tee1");
	b = dev_open(&h, "tee1");
	sa1 = lb_open_session(a, TEE_IOCTL_LOGIN_PUBLIC);
	sa2 = lb_open_session(a, TEE_IOCTL_LOGIN_USER);
	sb = lb_open_session(b, TEE_IOCTL_LOGIN_PUBLIC);

	assert_int_equal(teectl(&h, "sessions", out), 0);
	snprintf(want, sizeof(want), "tee0 pid %d uid %u: 1 session\n",
		 (int)getpid(), (unsigned int)geteuid());
	assert_non_null(strstr(out, want));
	assert_non_null(
		strstr(out, "ta " TA_TEST_BASIC_UUID_STR "  login public\n"));
	snprintf(want, sizeof(want), "tee1 pid %d uid %u: 2 sessions\n",
		 (int)getpid(), (unsigned int)geteuid());
	assert_non_null(strstr(out, want));
	snprintf(want, sizeof(want),
		 "  session %u  ta " ECHO_UUID_S "  login user  (echo)\n", sa2);
	assert_non_null(strstr(out, want));
	/* The supplicant's context: no sessions. */
	assert_non_null(strstr(out, "teepriv0 pid "));

	assert_int_equal(teectl(&h, "--json sessions", out), 0);
	snprintf(want, sizeof(want), "{\"id\":%u,\"ta\":\"" ECHO_UUID_S "\"",
		 sa1);
	assert_non_null(strstr(out, want));
	assert_int_equal(json_num(out, want, "id"), sa1);
	snprintf(want, sizeof(want), "{\"id\":%u,", sb);
	assert_non_null(strstr(out, want));
	assert_int_equal(json_num(out, "\"device\":\"tee0\"", "pid"), getpid());
	assert_non_null(strstr(out, "\"ta\":\"" TA_TEST_BASIC_UUID_STR
				    "\",\"login\":\"public\""));

	/* tas: the normal world's view, grouped by TA. */
	assert_int_equal(teectl(&h, "tas", out), 0);
	assert_non_null(strstr(out, "as seen by the normal world"));
	assert_non_null(strstr(out, ECHO_UUID_S "  tee1      3         2"));
	assert_non_null(
		strstr(out, TA_TEST_BASIC_UUID_STR "  tee0      1         1"));
	assert_int_equal(teectl(&h, "--json tas", out), 0);
	assert_non_null(strstr(out, "\"scope\":\"normal world\""));
	assert_int_equal(json_num(out, "\"ta\":\"" ECHO_UUID_S, "sessions"), 3);
	assert_int_equal(json_num(out, "\"ta\":\"" ECHO_UUID_S, "contexts"), 2);
	assert_int_equal(
		json_num(out, "\"ta\":\"" TA_TEST_BASIC_UUID_STR, "sessions"),
		1);

	/*
	 * Then the secure world's view, from teebox's information pseudo
	 * TA: the basic TA's single instance, its process and flags.
	 */
	ta_pid = (pid_t)e2e_invoke_value(&s, TA_TEST_CMD_PID);
	assert_int_equal(teectl(&h, "tas", out), 0);
	assert_non_null(strstr(out, "\nTA instances in the secure world:\n"));
	snprintf(want, sizeof(want),
		 TA_TEST_BASIC_UUID_STR "  %-8d 1        alive  ", (int)ta_pid);
	assert_non_null(strstr(out, want));
	assert_non_null(strstr(out, " single_instance,multi_session\n"));
	assert_int_equal(teectl(&h, "--json tas", out), 0);
	assert_true(!strncmp(out, "{\"normal_world\":{", 17));
	snprintf(want, sizeof(want),
		 "\"secure_world\":[{\"ta\":\"" TA_TEST_BASIC_UUID_STR
		 "\",\"pid\":%d,\"sessions\":1,\"panicked\":false,",
		 (int)ta_pid);
	assert_non_null(strstr(out, want));
	assert_non_null(strstr(
		out, "\"flags\":[\"single_instance\",\"multi_session\"]}]}"));

	/* Closed: gone from the reports. */
	tbx_dev_close(b);
	TEEC_CloseSession(&s);
	assert_int_equal(teectl(&h, "--json tas", out), 0);
	assert_int_equal(json_num(out, "\"ta\":\"" ECHO_UUID_S, "sessions"), 2);
	assert_null(strstr(out, TA_TEST_BASIC_UUID_STR));
	tbx_dev_close(a);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
}

static void test_teectl_shm(void **state)
{
	static char out[OUT_MAX];
	struct tee_ioctl_shm_alloc_data sa = {.size = 8192};
	struct harness h;
	struct tbx_dev *d;
	char want[128];
	long fd;

	start(&h, false);
	assert_int_equal(teectl(&h, "shm", out), 0);
	assert_string_equal(out, "no shared memory held by open contexts\n");

	d = dev_open(&h, "tee1");
	fd = tbx_dev_ioctl(d, TEE_IOC_SHM_ALLOC, &sa);
	assert_true(fd >= 0);
	assert_int_equal(teectl(&h, "shm", out), 0);
	snprintf(want, sizeof(want),
		 "tee1      %-8d %-8u %-6d 8192       "
		 "mapped,dma_buf\n",
		 (int)getpid(), (unsigned int)geteuid(), sa.id);
	assert_non_null(strstr(out, want));
	assert_non_null(strstr(out, "1 object, 8192 bytes\n"));

	assert_int_equal(teectl(&h, "--json shm", out), 0);
	snprintf(want, sizeof(want), "\"id\":%d,", sa.id);
	assert_int_equal(json_num(out, want, "size"), 8192);
	assert_int_equal(json_num(out, want, "pid"), getpid());
	assert_non_null(strstr(out, "\"device\":\"tee1\""));
	assert_non_null(strstr(out, "\"flags\":\"mapped,dma_buf\""));

	assert_int_equal(tbx_dev_close_shm(d, (int)fd), 0);
	assert_int_equal(teectl(&h, "--json shm", out), 0);
	assert_string_equal(out, "{\"shm\":[]}\n");
	tbx_dev_close(d);
	harness_stop_ok(&h);
}

/*
 * One raw request on the control socket, then the end of our writing
 * (nothing at all: a silent peer); the whole reply in @out.
 */
static int control_request(const struct harness *h, const char *req, size_t len,
			   char *out, size_t outlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	size_t n = 0;
	ssize_t r;
	int fd;

	if ((size_t)snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/control",
			     h->dir) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		int err = -errno;

		close(fd);
		return err;
	}
	if (len && (send(fd, req, len, MSG_NOSIGNAL) != (ssize_t)len ||
		    shutdown(fd, SHUT_WR))) {
		close(fd);
		return -EPIPE;
	}
	while (n < outlen - 1 && (r = recv(fd, out + n, outlen - 1 - n, 0)) > 0)
		n += (size_t)r;
	out[n] = '\0';
	close(fd);
	return 0;
}

static void test_control_validates_requests(void **state)
{
	static const char *const bad[] = {
		"bogus\n",	    "info xml\n",   "info  json\n", "info json",
		"info json\nshm\n", "info\0json\n", "INFO\n",	    "\n",
	};
	static char out[OUT_MAX];
	char longreq[200];
	struct harness h;

	start(&h, false);
	assert_int_equal(control_request(&h, "info\n", 5, out, OUT_MAX), 0);
	assert_true(!strncmp(out, "ok\ntee0: optee", 14));
	assert_int_equal(control_request(&h, "tas json\n", 9, out, OUT_MAX), 0);
	assert_true(!strncmp(out, "ok\n{\"scope\"", 11));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = strlen(bad[i]);

		/* The one with a NUL inside. */
		if (i == 5)
			len = 10;
		assert_int_equal(control_request(&h, bad[i], len, out, OUT_MAX),
				 0);
		assert_string_equal(out, "error bad request\n");
	}
	memset(longreq, 'a', sizeof(longreq));
	longreq[sizeof(longreq) - 1] = '\n';
	assert_int_equal(
		control_request(&h, longreq, sizeof(longreq), out, OUT_MAX), 0);
	assert_string_equal(out, "error bad request\n");
	/* A peer that says nothing is cut off. */
	assert_int_equal(control_request(&h, NULL, 0, out, OUT_MAX), 0);
	assert_string_equal(out, "error bad request\n");
	/* teed still answers. */
	assert_int_equal(teectl(&h, "shm", out), 0);

	/* teectl's own checks, and no teed at all. */
	assert_int_equal(teectl(&h, "frobnicate", out), 2);
	assert_int_equal(teectl(&h, "", out), 2);
	harness_stop_ok(&h);
	assert_int_equal(teectl(&h, "info", out), 1);
}

/* In a child: uid nobody, then connect and ask; exit code says what. */
static int child_as_nobody(const struct harness *h)
{
	char out[256];
	int rc;

	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return 10;
	rc = control_request(h, "info\n", 5, out, sizeof(out));
	if (rc == -EACCES)
		return 1; /* refused by the file system */
	if (rc)
		return 11;
	if (!strcmp(out, "error permission denied\n"))
		return 2; /* refused by teed */
	return 12;
}

static int run_as_nobody(const struct harness *h)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(child_as_nobody(h));
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void test_control_refuses_unprivileged_peer(void **state)
{
	struct harness h;
	char path[PATH_MAX];

	if (geteuid() != 0) {
		skip();
		return;
	}
	start(&h, false);
	/* The socket is 0600: the file system refuses first... */
	assert_int_equal(run_as_nobody(&h), 1);
	/* ...and with the way opened, teed checks the peer itself. */
	assert_int_equal(chmod(h.dir, 0711), 0);
	snprintf(path, sizeof(path), "%s/control", h.dir);
	assert_int_equal(chmod(path, 0666), 0);
	assert_int_equal(run_as_nobody(&h), 2);
	assert_true(harness_log_contains(&h, "teed.log",
					 "control: refused uid 65534"));
	harness_stop_ok(&h);
}

/*
 * No teed in the runtime directory: teectl names the endpoint it tried and
 * gives the hint libteec gives, on one line, and fails.
 */
static void test_teectl_without_teed(void **state)
{
	char dir[] = "/tmp/teebox-teectl-XXXXXX";
	char cmd[PATH_MAX * 2], out[OUT_MAX], want[OUT_MAX];
	size_t n;
	FILE *f;
	int st;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "%s --runtime-dir %s info 2>&1",
		 TEEBOX_TEECTL_BIN, dir);
	f = popen(cmd, "r");
	assert_non_null(f);
	n = fread(out, 1, sizeof(out) - 1, f);
	out[n] = '\0';
	st = pclose(f);
	assert_int_equal(rmdir(dir), 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 1);
	snprintf(want, sizeof(want),
		 "teectl: cannot reach teed at %s/control: No such file or "
		 "directory; is teebox up? Start it with 'teebox up', or set "
		 "TEEBOX_RUNTIME_DIR to the runtime directory of the teed to "
		 "use\n",
		 dir);
	assert_string_equal(out, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_info_files_as_sysfs),
		cmocka_unit_test(test_shutdown_removes_files_and_control),
		cmocka_unit_test(test_tee1_is_the_loopback),
		cmocka_unit_test(test_driver_option_asks_for_a_driver),
		cmocka_unit_test(test_teectl_info),
		cmocka_unit_test(test_teectl_sessions_and_tas),
		cmocka_unit_test(test_teectl_shm),
		cmocka_unit_test(test_control_validates_requests),
		cmocka_unit_test(test_control_refuses_unprivileged_peer),
		cmocka_unit_test(test_teectl_without_teed),
	};

	return cmocka_run_group_tests_name("teectl and the info view", tests,
					   NULL, NULL);
}
