// SPDX-License-Identifier: BSD-2-Clause
/*
 * One user cannot starve the others (issue 9, item 6; docs/security.md).
 *
 * A hostile flooder opens /dev/tee0 until it is refused, then allocates
 * shared memory on its contexts until that is refused, while another
 * client keeps invoking a TA.  The other client's calls all succeed, the
 * flooder gets the errno the kernel would give (EMFILE for one more open
 * file than its limit, ENOMEM for shared memory beyond its share of the
 * pool, as tee_shm_alloc() gives for an exhausted pool; EMFILE for one
 * more shared-memory file, each being an fd in the kernel), and teed's
 * threads and files stay bounded.
 *
 * As root the flooder runs as nobody, so that the other client is another
 * user: it can still open and allocate while the flooder holds all it may.
 * Not as root both are the same user; that part is skipped, visibly.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <pwd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "harness.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "teec_helpers.h"
#include "transport/tbx_proto.h"
#include "transport/tdev.h"

/* The limits teed gets here: small, so that the flood is quick. */
#define CONNS_PER_UID	  24
#define SHM_FILES_PER_CTX 40
/* Shared memory: one context's share, and one uid's (of a 4 MiB pool). */
#define SHM_PER_CTX (1u << 20)
#define SHM_PER_UID (2u << 20)
#define FLOOD_OPENS (CONNS_PER_UID * 4)
#define BIG_CHUNK   (64u << 10)
#define SMALL_CHUNK 4096u

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;

/**
 * struct flood_report - what the flooder got, sent to the test
 * @opened:	device files it could open
 * @open_err:	the errno of the first refused open (0: none refused)
 * @refused:	opens refused
 * @big:	64 KiB allocations that succeeded on its first context
 * @big_err:	the errno of the first refused one
 * @small:	4 KiB allocations that succeeded on its second context
 * @small_err:	the errno of the first refused one
 * @uid_bytes:	bytes it allocated over all its contexts
 * @uid_err:	the errno that ended that
 */
struct flood_report {
	int opened;
	int open_err;
	int refused;
	int big;
	int big_err;
	int small;
	int small_err;
	size_t uid_bytes;
	int uid_err;
};

/**
 * struct invoker - the other client, invoking while the flood goes on
 * @stop:	set by the test
 * @calls:	calls made
 * @failed:	calls that did not succeed
 * @first_bad:	the first result that was not TEEC_SUCCESS
 */
struct invoker {
	atomic_bool stop;
	atomic_long calls;
	atomic_long failed;
	TEEC_Result first_bad;
	pthread_t thread;
};

static struct harness tb;
static bool tb_running;

static bool as_other_user(void)
{
	return geteuid() == 0 && getpwnam("nobody");
}

static int setup(void **state)
{
	static const char *const args[] = {
		"--max-conns-per-uid", "24", "--max-shm-files-per-context",
		"40", "--max-shm-per-context", "1M", "--max-shm-per-uid", "2M",
		/* As root: tee0 open to everybody (nobody must reach it). */
		"--client-group", "", NULL};
	struct harness_opts o = {.supplicant = true, .teed_args = args};

	(void)state;
	if (harness_start(&tb, &o))
		return -1;
	tb_running = true;
	/* The flooder must reach the socket in the private directory. */
	if (as_other_user() && chmod(tb.dir, 0755))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (tb_running)
		harness_stop_leftover(&tb);
	tb_running = false;
	return 0;
}

static int teed_threads(void)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)tb.teed);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

static void *invoke_loop(void *arg)
{
	struct invoker *iv = arg;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	TEEC_Result res;

	res = TEEC_InitializeContext(NULL, &ctx);
	if (res == TEEC_SUCCESS) {
		res = e2e_open_session(&ctx, &s, &basic_uuid, &origin);
		if (res != TEEC_SUCCESS)
			TEEC_FinalizeContext(&ctx);
	}
	if (res != TEEC_SUCCESS) {
		iv->first_bad = res;
		atomic_fetch_add(&iv->failed, 1);
		return NULL;
	}
	while (!atomic_load(&iv->stop)) {
		TEEC_Value v = {.a = 7, .b = 9};

		res = e2e_invoke_values(&s, TA_TEST_CMD_VALUE_INC,
					TEEC_VALUE_INOUT, TEEC_NONE, &v, NULL,
					&origin);
		if (res != TEEC_SUCCESS || v.a != 8 || v.b != 11) {
			if (!atomic_fetch_add(&iv->failed, 1))
				iv->first_bad = res;
		}
		atomic_fetch_add(&iv->calls, 1);
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	return NULL;
}

/* Allocates @size on @d and keeps it (the fd and mapping stay). */
static int shm_alloc(struct tdev *d, size_t size)
{
	struct tee_ioctl_shm_alloc_data data = {.size = size};
	long fd = tdev_ioctl(d, TEE_IOC_SHM_ALLOC, &data);

	return fd < 0 ? (int)fd : 0;
}

/* A lane call, so that the connection's lane thread runs too. */
static void use_lane(struct tdev *d)
{
	struct tee_ioctl_version_data v;

	tdev_ioctl(d, TEE_IOC_VERSION, &v);
}

static void flood(struct flood_report *r)
{
	struct tdev *devs[FLOOD_OPENS];
	int rc;

	memset(r, 0, sizeof(*r));
	for (int i = 0; i < FLOOD_OPENS; i++) {
		rc = tdev_open("tee0", &devs[r->opened]);
		if (rc) {
			if (!r->open_err)
				r->open_err = -rc;
			r->refused++;
			continue;
		}
		use_lane(devs[r->opened]);
		r->opened++;
	}
	if (r->opened < 3)
		return;
	/* Bytes: one context until its share is gone. */
	while (!(rc = shm_alloc(devs[0], BIG_CHUNK)))
		r->big++;
	r->big_err = -rc;
	/* Files: small ones, so that the count runs out before the bytes. */
	while (!(rc = shm_alloc(devs[1], SMALL_CHUNK)))
		r->small++;
	r->small_err = -rc;
	/* The uid's share: every other context takes what it can. */
	r->uid_bytes =
		(size_t)r->big * BIG_CHUNK + (size_t)r->small * SMALL_CHUNK;
	for (int i = 2; i < r->opened; i++) {
		while (!(rc = shm_alloc(devs[i], BIG_CHUNK)))
			r->uid_bytes += BIG_CHUNK;
		if (rc == -ENOMEM && r->uid_bytes + BIG_CHUNK > SHM_PER_UID) {
			r->uid_err = ENOMEM;
			break;
		}
	}
	/* Everything stays held until the process dies. */
}

/* The flooder: reports, then holds everything until told to go. */
static pid_t start_flooder(int report_fd, int go_fd)
{
	pid_t pid = fork();

	if (!pid) {
		struct flood_report r;
		struct passwd *pw = getpwnam("nobody");
		char c;

		if (as_other_user() &&
		    (setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) ||
		     setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid)))
			_exit(1);
		flood(&r);
		if (write(report_fd, &r, sizeof(r)) != sizeof(r))
			_exit(1);
		if (read(go_fd, &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	return pid;
}

static void wait_for_calls(struct invoker *iv, long more)
{
	long want = atomic_load(&iv->calls) + more;

	for (int i = 0; i < 1000 && atomic_load(&iv->calls) < want; i++)
		harness_sleep_ms(10);
}

/*
 * An open of another user, and an allocation, while the flooder holds all
 * it may: the limits are the flooder's, not everyone's.
 */
static void assert_other_user_served(void)
{
	struct tdev *d;

	if (!as_other_user()) {
		print_message("skipped: the other-user part needs root (the "
			      "flooder runs as nobody)\n");
		return;
	}
	assert_int_equal(tdev_open("tee0", &d), 0);
	/* Without the limits the pool would be the flooder's. */
	assert_int_equal(shm_alloc(d, SHM_PER_CTX), 0);
	tdev_close(d);
}

/*
 * Limits from docs/security.md; errnos as the kernel gives them: EMFILE
 * (fs/file.c alloc_fd over RLIMIT_NOFILE) and ENOMEM (seed tee_shm.c
 * tee_shm_alloc when the pool manager fails).
 */
static void test_flood__other_client_served_flooder_refused(void **state)
{
	struct invoker iv = {0};
	struct flood_report r;
	int report[2], go[2];
	int threads0, fds0, threads, fds, status;
	pid_t pid;

	(void)state;
	threads0 = teed_threads();
	fds0 = harness_count_fds(tb.teed);
	assert_int_equal(pthread_create(&iv.thread, NULL, invoke_loop, &iv), 0);
	wait_for_calls(&iv, 10);
	assert_int_equal(pipe(report), 0);
	assert_int_equal(pipe(go), 0);
	pid = start_flooder(report[1], go[0]);
	assert_true(pid > 0);
	assert_int_equal(read(report[0], &r, sizeof(r)), sizeof(r));

	/* Everything the flooder could get is held now. */
	threads = teed_threads();
	fds = harness_count_fds(tb.teed);
	wait_for_calls(&iv, 10);
	assert_other_user_served();
	wait_for_calls(&iv, 10);
	print_message("  flooder: %d opens, %d refused (errno %d); %d x 64K "
		      "(errno %d); %d x 4K (errno %d); %zu bytes in all "
		      "(errno %d)\n",
		      r.opened, r.refused, r.open_err, r.big, r.big_err,
		      r.small, r.small_err, r.uid_bytes, r.uid_err);
	print_message("  teed: threads %d -> %d, fds %d -> %d; other client "
		      "%ld calls\n",
		      threads0, threads, fds0, fds, atomic_load(&iv.calls));

	assert_int_equal(write(go[1], "x", 1), 1);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	atomic_store(&iv.stop, true);
	pthread_join(iv.thread, NULL);
	close(report[0]);
	close(report[1]);
	close(go[0]);
	close(go[1]);

	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(atomic_load(&iv.failed), 0);
	assert_true(atomic_load(&iv.calls) >= 30);
	/* As nobody: all of its limit.  As us: the invoker holds one. */
	assert_int_equal(r.opened,
			 as_other_user() ? CONNS_PER_UID : CONNS_PER_UID - 1);
	assert_int_equal(r.open_err, EMFILE);
	assert_int_equal(r.refused, FLOOD_OPENS - r.opened);
	assert_int_equal(r.big_err, ENOMEM);
	assert_true((size_t)r.big * BIG_CHUNK <= SHM_PER_CTX);
	assert_true((size_t)(r.big + 1) * BIG_CHUNK > SHM_PER_CTX);
	assert_int_equal(r.small_err, EMFILE);
	assert_int_equal(r.small, SHM_FILES_PER_CTX);
	assert_int_equal(r.uid_err, ENOMEM);
	assert_true(r.uid_bytes <= SHM_PER_UID);
	/*
	 * Bounded: a socket thread and the one lane it used per open file,
	 * nothing for the refused ones (the margin: the other client).
	 */
	assert_true(threads <= threads0 + 2 * r.opened + 8);
	/* Per open file its socket and its shared-memory files. */
	assert_true(fds <= fds0 + r.opened + r.big + r.small +
				   (int)(r.uid_bytes / BIG_CHUNK) + 8);
	/* And all of it given back: teed's clean stop checks the counts. */
	tb_running = false;
	harness_stop_ok(&tb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_flood__other_client_served_flooder_refused, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
