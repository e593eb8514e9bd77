// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unmodified programs on teebox through libteebox-preload.so: a client
 * written against <linux/tee.h> alone (raw_tee_client.c, every ioctl and
 * the kernel's error paths), and our libteec forced onto its /dev/tee0
 * path (TEEBOX_BACKEND=kernel) running the hello_world example.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <seccomp.h>

#include "harness.h"

#define RUN_TIMEOUT_MS 120000
#define OUTPUT_MAX     (64 * 1024)

/**
 * struct run - how to run a program, and what it did
 * @preload:	run it with the shim preloaded
 * @backend:	$TEEBOX_BACKEND for it (NULL: unset)
 * @rundir:	$TEEBOX_RUNTIME_DIR for it (NULL: as the harness set it)
 * @no_rundir:	unset $TEEBOX_RUNTIME_DIR, and point $XDG_RUNTIME_DIR
 *		nowhere: only root's default directory is left
 * @no_vm_rw:	forbid process_vm_readv/writev (seccomp), so that the shim
 *		checks user memory the other way
 * @status:	its wait status
 * @out:	its stdout and stderr
 */
struct run {
	bool preload;
	const char *backend;
	const char *rundir;
	bool no_rundir;
	bool no_vm_rw;
	int status;
	char out[OUTPUT_MAX];
};

/*
 * LD_PRELOAD for the shim.  Sanitizer builds instrument the shim too, and
 * the ASan runtime insists on coming first in the library list.
 */
static void set_preload(void)
{
#ifdef TEEBOX_ASAN_RUNTIME
	setenv("LD_PRELOAD", TEEBOX_ASAN_RUNTIME ":" TEEBOX_PRELOAD_LIB, 1);
#else
	setenv("LD_PRELOAD", TEEBOX_PRELOAD_LIB, 1);
#endif
}

/* Makes process_vm_readv/writev fail, as a sandbox may; false on error. */
static bool forbid_vm_rw(void)
{
	scmp_filter_ctx c = seccomp_init(SCMP_ACT_ALLOW);
	bool ok = c &&
		  !seccomp_rule_add(c, SCMP_ACT_ERRNO(EPERM),
				    SCMP_SYS(process_vm_readv), 0) &&
		  !seccomp_rule_add(c, SCMP_ACT_ERRNO(ENOSYS),
				    SCMP_SYS(process_vm_writev), 0) &&
		  !seccomp_load(c);

	seccomp_release(c);
	return ok;
}

static void child(const char *prog, const struct run *r, int out)
{
	dup2(out, STDOUT_FILENO);
	dup2(out, STDERR_FILENO);
	if (out > STDERR_FILENO)
		close(out);
	if (r->preload)
		set_preload();
	else
		unsetenv("LD_PRELOAD");
	if (r->backend)
		setenv("TEEBOX_BACKEND", r->backend, 1);
	else
		unsetenv("TEEBOX_BACKEND");
	if (r->rundir)
		setenv("TEEBOX_RUNTIME_DIR", r->rundir, 1);
	if (r->no_rundir) {
		unsetenv("TEEBOX_RUNTIME_DIR");
		setenv("XDG_RUNTIME_DIR", "/nonexistent/xdg", 1);
	}
	if (r->no_vm_rw && !forbid_vm_rw()) {
		fprintf(stderr, "cannot install the seccomp filter\n");
		_exit(126);
	}
	execl(prog, prog, (char *)NULL);
	_exit(127);
}

/* Runs @prog as @r says, collecting its output; prints it. */
static void run(const char *prog, struct run *r)
{
	size_t len = 0;
	int pipefd[2];
	int waited = 0;
	pid_t pid;

	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(pipefd[0]);
		child(prog, r, pipefd[1]);
	}
	close(pipefd[1]);
	for (;;) {
		struct pollfd pfd = {.fd = pipefd[0], .events = POLLIN};
		ssize_t n;

		if (poll(&pfd, 1, 100) == 0) {
			waited += 100;
			if (waited < RUN_TIMEOUT_MS)
				continue;
			fprintf(stderr, "%s: timed out, killing it\n", prog);
			kill(pid, SIGKILL);
			break;
		}
		n = read(pipefd[0], r->out + len, sizeof(r->out) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (len == sizeof(r->out) - 1)
			break;
	}
	r->out[len] = '\0';
	close(pipefd[0]);
	assert_int_equal(waitpid(pid, &r->status, 0), pid);
	fprintf(stderr, "--- %s (%s%s%s) ---\n%s--- exit status %d ---\n", prog,
		r->preload ? "preloaded" : "no shim",
		r->backend ? ", TEEBOX_BACKEND=" : "",
		r->backend ? r->backend : "", r->out,
		WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1);
}

static bool exited_ok(const struct run *r)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

/*
 * Runs @prog as @r says while a teebox of its own, with tee-supplicant,
 * serves it; the teebox stops clean.
 */
static void run_in_teebox(const char *prog, struct run *r)
{
	struct harness h;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	run(prog, r);
	harness_stop_ok(&h);
}

/* Every ioctl of <linux/tee.h> and its error paths, as the kernel's. */
static void test_raw_client_through_shim(void **state)
{
	static struct run r = {.preload = true};

	run_in_teebox(TEEBOX_RAW_CLIENT_BIN, &r);
	assert_true(exited_ok(&r));
	assert_non_null(strstr(r.out, "PASSED: 0 check(s) failed"));
}

/*
 * The same where process_vm_readv/writev are forbidden: the shim's user
 * memory checks fall back to a pipe, and still find the bad pointers.
 */
static void test_raw_client_through_shim_no_vm_rw(void **state)
{
	static struct run r = {.preload = true, .no_vm_rw = true};

	run_in_teebox(TEEBOX_RAW_CLIENT_BIN, &r);
	assert_true(exited_ok(&r));
	assert_non_null(strstr(r.out, "PASSED: 0 check(s) failed"));
}

/* libteec on its kernel path, that path served by the shim. */
static void test_libteec_kernel_path_through_shim(void **state)
{
	static struct run r = {.preload = true, .backend = "kernel"};

	run_in_teebox(TEEBOX_HELLO_WORLD_BIN, &r);
	assert_true(exited_ok(&r));
	assert_non_null(strstr(r.out, "TA incremented value to 43"));
}

/*
 * tee-supplicant on its kernel path, /dev/teepriv0 served by the shim
 * (issue 5: "tee-supplicant works on either path too"): started in the
 * foreground, logging to DIR/tee-supplicant.log.  Returns its pid once it
 * serves, or -1.
 */
static pid_t start_supplicant_through_shim(const struct harness *h)
{
	char log[PATH_MAX];
	pid_t pid;

	snprintf(log, sizeof(log), "%s/tee-supplicant.log", h->dir);
	pid = fork();
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			      0600);

		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 ||
		    dup2(fd, STDERR_FILENO) < 0)
			_exit(126);
		set_preload();
		setenv("TEEBOX_BACKEND", "kernel", 1);
		execl(TEEBOX_SUPP_BIN, TEEBOX_SUPP_BIN, "--ta-path", h->ta_dir,
		      (char *)NULL);
		_exit(127);
	}
	for (int waited = 0; pid > 0 && waited < RUN_TIMEOUT_MS; waited += 10) {
		if (harness_log_contains(h, "tee-supplicant.log", "serving "))
			return pid;
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return -1;
		usleep(10 * 1000);
	}
	return -1;
}

/*
 * The supplicant on the shim loads the TA a client on teed's own path
 * asks for: both paths reach the same devices.
 */
static void test_supplicant_kernel_path_through_shim(void **state)
{
	static struct run r;
	struct harness h;
	pid_t supp;

	harness_start_ok(&h, (struct harness_opts){0});
	supp = start_supplicant_through_shim(&h);
	assert_true(supp > 0);
	h.supp = supp; /* harness_stop() ends it */
	assert_true(harness_log_contains(&h, "tee-supplicant.log",
					 "serving teepriv0 (kernel)"));
	run(TEEBOX_HELLO_WORLD_BIN, &r);
	harness_stop_ok(&h);
	assert_int_equal(waitpid(supp, NULL, 0), supp);
	assert_true(exited_ok(&r));
	assert_non_null(strstr(r.out, "TA incremented value to 43"));
}

/* Without the shim there is no /dev/tee0 here: libteec fails cleanly. */
static void test_libteec_kernel_path_without_shim(void **state)
{
	static struct run r = {.backend = "kernel"};

	if (access("/dev/tee0", F_OK) == 0) {
		fprintf(stderr, "this machine has a /dev/tee0\n");
		skip();
	}
	run_in_teebox(TEEBOX_HELLO_WORLD_BIN, &r);
	assert_true(WIFEXITED(r.status));
	assert_int_not_equal(WEXITSTATUS(r.status), 0);
	assert_non_null(strstr(r.out, "TEEC_InitializeContext failed"));
}

/* The shim with no teed behind it: no such device, a clean failure. */
static void test_shim_without_teed(void **state)
{
	static struct run r = {.preload = true,
			       .backend = "kernel",
			       .rundir = "/nonexistent/teebox-test"};

	run(TEEBOX_HELLO_WORLD_BIN, &r);
	assert_true(WIFEXITED(r.status));
	assert_int_not_equal(WEXITSTATUS(r.status), 0);
	assert_non_null(strstr(r.out, "TEEC_InitializeContext failed"));
}

/*
 * teebox not chosen ($TEEBOX_RUNTIME_DIR unset, no socket in the default
 * runtime directory): the shim leaves /dev/tee0 to the system, which has
 * none here.
 */
static void test_shim_passes_through_when_teebox_not_chosen(void **state)
{
	static struct run r = {.preload = true, .no_rundir = true};

	if (access("/dev/tee0", F_OK) == 0 ||
	    access("/run/teebox/tee0", F_OK) == 0) {
		fprintf(stderr, "this machine has a /dev/tee0 or a teed\n");
		skip();
	}
	run(TEEBOX_RAW_CLIENT_BIN, &r);
	assert_true(WIFEXITED(r.status));
	assert_int_not_equal(WEXITSTATUS(r.status), 0);
	assert_non_null(strstr(
		r.out, "FAIL open /dev/tee0: No such file or directory"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_raw_client_through_shim),
		cmocka_unit_test(test_raw_client_through_shim_no_vm_rw),
		cmocka_unit_test(test_libteec_kernel_path_through_shim),
		cmocka_unit_test(test_supplicant_kernel_path_through_shim),
		cmocka_unit_test(test_libteec_kernel_path_without_shim),
		cmocka_unit_test(test_shim_without_teed),
		cmocka_unit_test(
			test_shim_passes_through_when_teebox_not_chosen),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
