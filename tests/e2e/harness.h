/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * End-to-end test harness: brings a whole teebox up in a private
 * temporary directory (teed, the secure world, tee-supplicant) and takes
 * it down again.  Tests then talk to it through $TEEBOX_RUNTIME_DIR.
 */
#ifndef TEEBOX_TESTS_HARNESS_H
#define TEEBOX_TESTS_HARNESS_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

/**
 * struct harness_opts - how to start
 * @threads:	secure threads (0: teed's default)
 * @supplicant:	start tee-supplicant too
 * @supp_timeout_ms: how long requests wait for a supplicant (0: default)
 * @ta_dir:	TA directory (NULL: the build's)
 * @log_level:	teed's log level (0: default)
 * @teed_args:	more teed arguments, NULL-terminated (NULL: none)
 * @expect_no_device: teed is expected to come up without tee0 (a device
 *		tree without OP-TEE): wait for "ready" in its log instead
 * @storage_dir: tee-supplicant's storage directory (NULL: DIR/storage)
 * @state_dir:	the secure world's state directory (NULL: DIR/secure);
 *		with @storage_dir, what a test keeps across a restart
 * @plugin_dir:	tee-supplicant's plugin directory (-p; NULL: its default)
 */
struct harness_opts {
	unsigned int threads;
	bool supplicant;
	unsigned int supp_timeout_ms;
	const char *ta_dir;
	int log_level;
	const char *const *teed_args;
	bool expect_no_device;
	const char *storage_dir;
	const char *state_dir;
	const char *plugin_dir;
};

/**
 * struct harness - a running teebox
 * @dir:	its runtime directory
 * @teed:	teed's pid
 * @supp:	tee-supplicant's pid (0: not running)
 * @ta_dir:	the TA directory in use
 * @storage_dir: the supplicant's storage directory
 * @state_dir:	the secure world's state directory
 * @plugin_dir:	tee-supplicant's plugin directory ("": its default)
 */
struct harness {
	char dir[256];
	pid_t teed;
	pid_t supp;
	char ta_dir[PATH_MAX];
	char storage_dir[PATH_MAX];
	char state_dir[PATH_MAX];
	char plugin_dir[PATH_MAX];
};

/**
 * harness_start() - start teed (foreground, logging to DIR/teed.log) and,
 * if asked, tee-supplicant; set $TEEBOX_RUNTIME_DIR
 * Return: 0 once teed says it is ready and tee0 answers (and the
 * supplicant is attached), or -errno
 * (the logs are printed).
 */
int harness_start(struct harness *h, const struct harness_opts *o);

/** harness_start_supplicant() - start tee-supplicant (again). */
int harness_start_supplicant(struct harness *h);

/** harness_stop_supplicant() - stop it with SIGKILL, or SIGTERM if @clean. */
void harness_stop_supplicant(struct harness *h, bool clean);

/**
 * harness_stop() - stop everything, check teed exits 0, remove the
 * directory.
 * Return: teed's exit status (0 = clean shutdown).
 */
int harness_stop(struct harness *h);

/** harness_log_count() - Return: lines of DIR/@log containing @s. */
int harness_log_count(const struct harness *h, const char *log, const char *s);

/** harness_log_contains() - true if DIR/@log has a line containing @s. */
bool harness_log_contains(const struct harness *h, const char *log,
			  const char *s);

/**
 * harness_count_fds() - open files of process @pid, or -1: how a test sees
 * that teed let go of what a client had
 */
int harness_count_fds(pid_t pid);

/**
 * harness_voluntary_switches() - voluntary context switches of all of
 * @pid's threads: how a test sees that a process sleeps in a loop (a TA
 * in a 1 ms wait loop adds about one a millisecond)
 * Return: the sum, or -1 if the process is gone.
 */
long harness_voluntary_switches(pid_t pid);

/** harness_secure_world_pid() - pid of the secure world, or 0. */
pid_t harness_secure_world_pid(const struct harness *h);

/**
 * harness_spawn() - fork and exec @argv (argv[0] a path) with stderr
 * appended to the file @log.  The child gets SIGTERM when the test
 * process ends.
 * Return: the child's pid, or -1.
 */
pid_t harness_spawn(char *const argv[], const char *log);

/**
 * harness_run() - run @argv (argv[0] a path) to its end, its stderr
 * discarded: a tool a test drives (teebox-sign)
 * Return: its exit status, or -1 if it did not exit normally.
 */
int harness_run(char *const argv[]);

/**
 * harness_path_in() - "@dir/@name" in one of four rotating buffers, so
 * that a test may name up to four paths in one call
 * Return: the path, valid until the fourth call after this one.
 */
const char *harness_path_in(const char *dir, const char *name);

/**
 * harness_remove_tree() - remove directory @dir and everything in it (a
 * test's scratch directory)
 * Return: 0, or -1 when rm failed.
 */
int harness_remove_tree(const char *dir);

/** harness_sleep_ms() - sleep @ms milliseconds. */
void harness_sleep_ms(long ms);

/*
 * For cmocka tests (harness_assert.c): a failure is the calling test's.
 */

/** harness_start_ok() - harness_start() with @o, which must succeed. */
void harness_start_ok(struct harness *h, struct harness_opts o);

/**
 * harness_stop_ok() - harness_stop(), which must find teed exit 0: a clean
 * shutdown is part of every test.
 */
void harness_stop_ok(struct harness *h);

/**
 * harness_stop_leftover() - stop @h if it still runs, unchecked: what a
 * teardown does after a test failed half-way, so that the next test
 * starts clean and teed does not outlive the test program.
 */
void harness_stop_leftover(struct harness *h);

#endif
