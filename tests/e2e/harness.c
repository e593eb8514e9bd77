// SPDX-License-Identifier: BSD-2-Clause
/* End-to-end test harness; see harness.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/tee.h>

#include "harness.h"
#include "transport/tbx_client.h"

#define READY_TIMEOUT_MS 20000

void harness_sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

pid_t harness_spawn(char *const argv[], const char *log)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		int fd;

		/*
		 * A test that fails an assertion never reaches its
		 * harness_stop(): when the test process ends, so does what
		 * it started (teed takes the secure world and the
		 * supplicant with it), instead of serving a runtime
		 * directory nobody will remove.
		 */
		if (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != parent)
			_exit(127);
		fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);

		if (fd >= 0)
			dup2(fd, STDERR_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	return pid;
}

int harness_run(char *const argv[])
{
	int status;
	pid_t pid = harness_spawn(argv, "/dev/null");

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int harness_remove_tree(const char *dir)
{
	return harness_run((char *const[]){"/bin/rm", "-rf", "--", (char *)dir,
					   NULL})
		       ? -1
		       : 0;
}

const char *harness_path_in(const char *dir, const char *name)
{
	static char buf[4][PATH_MAX];
	static unsigned int n;
	char *p = buf[n++ % 4];

	snprintf(p, PATH_MAX, "%s/%s", dir, name);
	return p;
}

/* 0 when @dev answers TEE_IOC_VERSION, else -errno. */
static int probe(const struct harness *h, const char *dev)
{
	struct tee_ioctl_version_data vers;
	char path[PATH_MAX];
	struct tbx_dev *d;
	long rc;

	snprintf(path, sizeof(path), "%s/%s", h->dir, dev);
	rc = tbx_dev_open(path, &d);
	if (rc)
		return (int)rc;
	rc = tbx_dev_ioctl(d, TEE_IOC_VERSION, &vers);
	tbx_dev_close(d);
	return (int)rc;
}

static void dump_log(const struct harness *h, const char *name)
{
	char path[PATH_MAX], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", h->dir, name);
	f = fopen(path, "r");
	if (!f)
		return;
	fprintf(stderr, "--- %s ---\n", path);
	while (fgets(line, sizeof(line), f))
		fputs(line, stderr);
	fclose(f);
}

/* Reads the pid tee-supplicant -d wrote; 0 if none. */
static pid_t read_pid_file(const char *path)
{
	FILE *f = fopen(path, "r");
	int pid = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%d", &pid) != 1)
		pid = 0;
	fclose(f);
	return pid;
}

int harness_start_supplicant(struct harness *h)
{
	char log[PATH_MAX], pid_file[PATH_MAX];
	/* Storage in the test's directory, never OP-TEE's /var/lib/tee. */
	char *argv[] = {TEEBOX_SUPP_BIN,
			"-d",
			"--pid-file",
			pid_file,
			"--ta-path",
			h->ta_dir,
			"-f",
			h->storage_dir,
			NULL,
			NULL,
			NULL};
	int status;

	if (h->plugin_dir[0]) {
		argv[8] = "-p";
		argv[9] = h->plugin_dir;
	}
	pid_t pid;

	snprintf(log, sizeof(log), "%s/tee-supplicant.log", h->dir);
	snprintf(pid_file, sizeof(pid_file), "%s/tee-supplicant.pid", h->dir);
	/* -d returns once the supplicant is attached to teepriv0. */
	pid = harness_spawn(argv, log);
	if (pid < 0)
		return -errno;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		dump_log(h, "tee-supplicant.log");
		return -ECHILD;
	}
	h->supp = read_pid_file(pid_file);
	return h->supp ? 0 : -ESRCH;
}

/*
 * True once @pid has exited.  A daemon is not our child, and whoever
 * reaps it may take its time: a zombie has closed its files, which is
 * all that matters to teed.
 */
static bool process_gone(pid_t pid)
{
	char path[64], buf[256];
	const char *state;
	ssize_t n;
	int fd;

	if (kill(pid, 0))
		return true;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return true;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return true;
	buf[n] = '\0';
	/* "pid (comm) S ...": the state follows the last ')'. */
	state = strrchr(buf, ')');
	return state && state[1] == ' ' && (state[2] == 'Z' || state[2] == 'X');
}

void harness_stop_supplicant(struct harness *h, bool clean)
{
	if (!h->supp)
		return;
	kill(h->supp, clean ? SIGTERM : SIGKILL);
	for (int ms = 0; ms < READY_TIMEOUT_MS && !process_gone(h->supp);
	     ms += 5)
		harness_sleep_ms(5);
	h->supp = 0;
}

static int start_teed(struct harness *h, const struct harness_opts *o)
{
	char log[PATH_MAX], threads[16], timeout[16], level[16];
	char *argv[32];
	int argc = 0;

	argv[argc++] = TEEBOX_TEED_BIN;
	argv[argc++] = "--runtime-dir";
	argv[argc++] = h->dir;
	argv[argc++] = "--secure-world";
	argv[argc++] = TEEBOX_SECURE_BIN;
	/* Never the user's own state ($HOME): the test's. */
	argv[argc++] = "--state-dir";
	argv[argc++] = h->state_dir;
	if (o->threads) {
		snprintf(threads, sizeof(threads), "%u", o->threads);
		argv[argc++] = "--threads";
		argv[argc++] = threads;
	}
	if (o->supp_timeout_ms) {
		snprintf(timeout, sizeof(timeout), "%u", o->supp_timeout_ms);
		argv[argc++] = "--supplicant-timeout";
		argv[argc++] = timeout;
	}
	if (o->log_level) {
		snprintf(level, sizeof(level), "%d", o->log_level);
		argv[argc++] = "--log-level";
		argv[argc++] = level;
	}
	/* The whole suite runs in either shared-memory mode. */
	if (getenv("TEEBOX_TEST_DYNAMIC_SHM"))
		argv[argc++] = "--dynamic-shm";
	for (int i = 0; o->teed_args && o->teed_args[i] && argc < 31; i++)
		argv[argc++] = (char *)o->teed_args[i];
	argv[argc] = NULL;
	snprintf(log, sizeof(log), "%s/teed.log", h->dir);
	h->teed = harness_spawn(argv, log);
	if (h->teed < 0)
		return -errno;
	for (int ms = 0; ms < READY_TIMEOUT_MS; ms += 10) {
		/*
		 * "ready" comes once every device is served: tee0 may answer
		 * before teepriv0 exists, and a supplicant started then
		 * would find no device.
		 */
		if (harness_log_contains(h, "teed.log", "ready (") &&
		    (o->expect_no_device || !probe(h, "tee0")))
			return 0;
		if (waitpid(h->teed, NULL, WNOHANG) == h->teed) {
			h->teed = 0;
			dump_log(h, "teed.log");
			return -ECHILD;
		}
		harness_sleep_ms(10);
	}
	return -ETIMEDOUT;
}

int harness_start(struct harness *h, const struct harness_opts *o)
{
	int rc;

	memset(h, 0, sizeof(*h));
	snprintf(h->dir, sizeof(h->dir), "/tmp/teebox-test-XXXXXX");
	if (!mkdtemp(h->dir))
		return -errno;
	snprintf(h->ta_dir, sizeof(h->ta_dir), "%s",
		 o->ta_dir ? o->ta_dir : TEEBOX_TEST_TA_DIR);
	if (o->storage_dir)
		snprintf(h->storage_dir, sizeof(h->storage_dir), "%s",
			 o->storage_dir);
	else
		snprintf(h->storage_dir, sizeof(h->storage_dir), "%s/storage",
			 h->dir);
	if (o->state_dir)
		snprintf(h->state_dir, sizeof(h->state_dir), "%s",
			 o->state_dir);
	else
		snprintf(h->state_dir, sizeof(h->state_dir), "%s/secure",
			 h->dir);
	if (o->plugin_dir)
		snprintf(h->plugin_dir, sizeof(h->plugin_dir), "%s",
			 o->plugin_dir);
	setenv("TEEBOX_RUNTIME_DIR", h->dir, 1);
	setenv("TEEBOX_BACKEND", "teebox", 1);
	rc = start_teed(h, o);
	if (!rc && o->supplicant)
		rc = harness_start_supplicant(h);
	if (rc) {
		dump_log(h, "teed.log");
		harness_stop(h);
	}
	return rc;
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	return remove(path);
}

int harness_stop(struct harness *h)
{
	int status = 0;

	harness_stop_supplicant(h, true);
	if (h->teed > 0) {
		kill(h->teed, SIGTERM);
		if (waitpid(h->teed, &status, 0) != h->teed)
			status = -1;
		h->teed = 0;
		if (status)
			dump_log(h, "teed.log");
	}
	if (getenv("TEEBOX_KEEP_TEST_DIR"))
		fprintf(stderr, "harness: kept %s\n", h->dir);
	else if (h->dir[0])
		nftw(h->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return status;
}

int harness_log_count(const struct harness *h, const char *log, const char *s)
{
	char path[PATH_MAX], line[1024];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", h->dir, log);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		n += strstr(line, s) != NULL;
	fclose(f);
	return n;
}

bool harness_log_contains(const struct harness *h, const char *log,
			  const char *s)
{
	return harness_log_count(h, log, s) > 0;
}

/* The voluntary context switches in /proc/@pid/task/@tid/status, or 0. */
static long task_voluntary_switches(pid_t pid, const char *tid)
{
	static const char key[] = "voluntary_ctxt_switches:";
	char path[PATH_MAX], line[256];
	long n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%s/status", (int)pid, tid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, sizeof(key) - 1))
			n = strtol(line + sizeof(key) - 1, NULL, 10);
	fclose(f);
	return n;
}

long harness_voluntary_switches(pid_t pid)
{
	char path[64];
	struct dirent *de;
	long n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			n += task_voluntary_switches(pid, de->d_name);
	closedir(d);
	return n;
}

pid_t harness_secure_world_pid(const struct harness *h)
{
	char path[64], buf[256];
	struct dirent *de;
	pid_t found = 0;
	DIR *d = opendir("/proc");

	if (!d)
		return 0;
	/* The secure world is teed's only child. */
	while (!found && (de = readdir(d))) {
		FILE *f;
		int pid, ppid;
		char comm[64];

		pid = atoi(de->d_name);
		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(buf, sizeof(buf), f) &&
		    sscanf(buf, "%d (%63[^)]) %*c %d", &pid, comm, &ppid) ==
			    3 &&
		    ppid == h->teed)
			found = pid;
		fclose(f);
	}
	closedir(d);
	return found;
}

int harness_count_fds(pid_t pid)
{
	char path[64];
	struct dirent *de;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}
