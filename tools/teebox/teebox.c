// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox: bring the TEE up and down.
 *
 *   teebox up      start teed (and with it the secure world) and
 *                  tee-supplicant in the background; return once the
 *                  device answers
 *   teebox down    stop them cleanly
 *   teebox status  say what runs where
 *   teebox exec -- PROGRAM [ARGS]
 *                  run a program against this teebox: libteec finds it
 *                  through $TEEBOX_RUNTIME_DIR, and programs that open
 *                  /dev/tee* themselves get the LD_PRELOAD shim
 *
 * Every subcommand takes --runtime-dir DIR (or $TEEBOX_RUNTIME_DIR).
 * teed, the secure world, tee-supplicant, the shim and the TAs are looked
 * for in the build tree when teebox runs from it, else where teebox
 * installs them, relative to this program (transport/tbx_install.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/tee.h>

#include "transport/tbx_client.h"
#include "transport/tbx_daemon.h"
#include "transport/tbx_install.h"
#include "transport/tbx_rundir.h"

#define READY_TIMEOUT_MS 15000
/* How often to look whether a process is up, or gone. */
#define POLL_MS 20
/* How long each process may take to stop after SIGTERM. */
#define SUPP_STOP_TIMEOUT_MS 5000
#define TEED_STOP_TIMEOUT_MS 15000

struct options {
	char rundir[PATH_MAX];
	char ta_dir[PATH_MAX];
	char storage_dir[PATH_MAX];
	const char *threads;
	const char *log_level;
	const char *dtb;
	const char *ta_user;
	const char *max_ta_instances;
};

/* A program or file of teebox's, in the build tree or installed. */
static void teebox_path(char *buf, size_t len, enum tbx_install_dir dir,
			const char *name)
{
	tbx_install_path(buf, len, TBX_DIR_BIN, dir, name);
}

static void usage(FILE *f)
{
	char ta_dir[PATH_MAX];

	teebox_path(ta_dir, sizeof(ta_dir), TBX_DIR_TA, NULL);
	fprintf(f,
		"usage: teebox up|down|status [options]\n"
		"       teebox exec [options] -- PROGRAM [ARGS...]\n"
		"options:\n"
		"  --runtime-dir DIR  device sockets, pids and logs\n"
		"                     ($TEEBOX_RUNTIME_DIR; default /run/teebox"
		" as root,\n"
		"                     $XDG_RUNTIME_DIR/teebox otherwise)\n"
		"  --ta-dir DIR       signed TAs, <uuid>.ta ($TEEBOX_TA_DIR;\n"
		"                     default %s)\n"
		"  --storage-dir DIR  secure storage files"
		" ($TEEBOX_STORAGE_DIR)\n"
		"  --threads N        secure threads (up)\n"
		"  --dtb FILE         device tree for teed (up)\n"
		"  --log-level N      3 errors .. 7 debug (up)\n"
		"  --ta-user USER     TA processes run as USER (up, as root)\n"
		"  --max-ta-instances N  TA processes at a time (up)\n",
		ta_dir);
}

/* DIR/NAME into @buf; a path too long for it comes out empty. */
static void path_in(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= len)
		buf[0] = '\0';
}

static void default_dir(char *buf, size_t len, const char *env,
			const char *fallback)
{
	const char *v = getenv(env);

	snprintf(buf, len, "%s", v && *v ? v : fallback);
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{"runtime-dir", required_argument, NULL, 'r'},
		{"ta-dir", required_argument, NULL, 't'},
		{"storage-dir", required_argument, NULL, 's'},
		{"threads", required_argument, NULL, 'n'},
		{"log-level", required_argument, NULL, 'l'},
		{"dtb", required_argument, NULL, 'd'},
		{"ta-user", required_argument, NULL, 'u'},
		{"max-ta-instances", required_argument, NULL, 'm'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	char ta_dir[PATH_MAX];
	int c;

	if (tbx_runtime_dir(o->rundir, sizeof(o->rundir)))
		return -ENAMETOOLONG;
	teebox_path(ta_dir, sizeof(ta_dir), TBX_DIR_TA, NULL);
	default_dir(o->ta_dir, sizeof(o->ta_dir), "TEEBOX_TA_DIR", ta_dir);
	default_dir(o->storage_dir, sizeof(o->storage_dir),
		    "TEEBOX_STORAGE_DIR", "");
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			snprintf(o->rundir, sizeof(o->rundir), "%s", optarg);
			break;
		case 't':
			snprintf(o->ta_dir, sizeof(o->ta_dir), "%s", optarg);
			break;
		case 's':
			snprintf(o->storage_dir, sizeof(o->storage_dir), "%s",
				 optarg);
			break;
		case 'n':
			o->threads = optarg;
			break;
		case 'l':
			o->log_level = optarg;
			break;
		case 'd':
			o->dtb = optarg;
			break;
		case 'u':
			o->ta_user = optarg;
			break;
		case 'm':
			o->max_ta_instances = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			return -EINVAL;
		}
	}
	if (!o->storage_dir[0])
		path_in(o->storage_dir, sizeof(o->storage_dir), o->rundir,
			"storage");
	return 0;
}

/* The pid in DIR/NAME, when that process lives; else 0. */
static pid_t read_pid(const char *dir, const char *name)
{
	char path[PATH_MAX];
	pid_t pid;

	path_in(path, sizeof(path), dir, name);
	pid = tbx_pid_file_read(path);
	return pid && !kill(pid, 0) ? pid : 0;
}

/* Opens @dev in @dir: 0 when it answers TEE_IOC_VERSION, else -errno. */
static int probe_device(const char *dir, const char *dev,
			struct tee_ioctl_version_data *vers)
{
	char path[PATH_MAX];
	struct tbx_dev *d;
	long rc;

	path_in(path, sizeof(path), dir, dev);
	rc = tbx_dev_open(path, &d);
	if (rc)
		return (int)rc;
	rc = tbx_dev_ioctl(d, TEE_IOC_VERSION, vers);
	tbx_dev_close(d);
	return (int)rc;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* Shows the last lines of a log, to say why something did not start. */
static void show_log(const char *dir, const char *name)
{
	char path[PATH_MAX], line[512];
	FILE *f;

	path_in(path, sizeof(path), dir, name);
	f = fopen(path, "r");
	if (!f)
		return;
	fprintf(stderr, "--- %s ---\n", path);
	while (fgets(line, sizeof(line), f))
		fputs(line, stderr);
	fclose(f);
}

/*
 * Runs a program that daemonizes itself (teed --daemon, tee-supplicant
 * -d) and waits for the foreground part: it exits 0 once the daemon is
 * ready.  Its stderr goes to @log when given.
 */
static int run_daemon(char *const argv[], const char *log)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int fd = log ? open(log, O_WRONLY | O_CREAT | O_APPEND, 0644)
			     : -1;

		/* Only as stderr: the daemon is not to hold the log twice. */
		if (fd >= 0 && dup2(fd, STDERR_FILENO) >= 0 &&
		    fd != STDERR_FILENO)
			close(fd);
		execv(argv[0], argv);
		fprintf(stderr, "teebox: cannot run %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return -ECHILD;
	return 0;
}

static int start_teed(const struct options *o)
{
	char teed[PATH_MAX], sw[PATH_MAX];
	char *argv[20];
	int argc = 0;

	teebox_path(teed, sizeof(teed), TBX_DIR_SBIN, "teed");
	teebox_path(sw, sizeof(sw), TBX_DIR_LIBEXEC, "teebox-secure");
	argv[argc++] = teed;
	argv[argc++] = "--daemon";
	argv[argc++] = "--runtime-dir";
	argv[argc++] = (char *)o->rundir;
	argv[argc++] = "--secure-world";
	argv[argc++] = sw;
	if (o->threads) {
		argv[argc++] = "--threads";
		argv[argc++] = (char *)o->threads;
	}
	if (o->log_level) {
		argv[argc++] = "--log-level";
		argv[argc++] = (char *)o->log_level;
	}
	if (o->dtb) {
		argv[argc++] = "--dtb";
		argv[argc++] = (char *)o->dtb;
	}
	if (o->ta_user) {
		argv[argc++] = "--ta-user";
		argv[argc++] = (char *)o->ta_user;
	}
	if (o->max_ta_instances) {
		argv[argc++] = "--max-ta-instances";
		argv[argc++] = (char *)o->max_ta_instances;
	}
	argv[argc] = NULL;
	/* teed --daemon returns once it is in the background. */
	return run_daemon(argv, NULL);
}

static int wait_teed(const struct options *o)
{
	struct tee_ioctl_version_data vers;

	for (int ms = 0; ms < READY_TIMEOUT_MS; ms += POLL_MS) {
		if (!probe_device(o->rundir, "tee0", &vers) &&
		    read_pid(o->rundir, "teed.pid"))
			return 0;
		sleep_ms(POLL_MS);
	}
	return -ETIMEDOUT;
}

static int start_supplicant(const struct options *o)
{
	char bin[PATH_MAX], log[PATH_MAX], pid_file[PATH_MAX];
	char *argv[] = {bin,	      "-d",
			"--pid-file", pid_file,
			"--ta-dir",   (char *)o->ta_dir,
			"--fs-dir",   (char *)o->storage_dir,
			NULL};

	teebox_path(bin, sizeof(bin), TBX_DIR_SBIN, "tee-supplicant");
	path_in(log, sizeof(log), o->rundir, "tee-supplicant.log");
	path_in(pid_file, sizeof(pid_file), o->rundir, "tee-supplicant.pid");
	setenv("TEEBOX_RUNTIME_DIR", o->rundir, 1);
	/* -d returns once the supplicant is attached to teepriv0. */
	return run_daemon(argv, log);
}

static int cmd_up(const struct options *o)
{
	pid_t teed, supp;
	int rc;

	if (read_pid(o->rundir, "teed.pid")) {
		printf("teebox is already up in %s\n", o->rundir);
		return 0;
	}
	if (tbx_mkdir_p(o->rundir, 0755) || tbx_mkdir_p(o->storage_dir, 0700)) {
		fprintf(stderr, "teebox: cannot create %s: %s\n", o->rundir,
			strerror(errno));
		return 1;
	}
	rc = start_teed(o);
	if (!rc)
		rc = wait_teed(o);
	if (rc) {
		fprintf(stderr, "teebox: teed did not come up (%s)\n",
			strerror(-rc));
		show_log(o->rundir, "teed.log");
		return 1;
	}
	rc = start_supplicant(o);
	if (rc) {
		fprintf(stderr, "teebox: tee-supplicant did not come up (%s)\n",
			strerror(-rc));
		show_log(o->rundir, "tee-supplicant.log");
		return 1;
	}
	teed = read_pid(o->rundir, "teed.pid");
	supp = read_pid(o->rundir, "tee-supplicant.pid");
	printf("teebox up: teed (pid %d) and tee-supplicant (pid %d)\n"
	       "  devices: %s/tee0 %s/teepriv0\n  TAs:     %s\n",
	       (int)teed, (int)supp, o->rundir, o->rundir, o->ta_dir);
	return 0;
}

/* SIGTERM, then wait up to @ms for the process to go. */
static bool stop_pid(pid_t pid, int ms)
{
	if (!pid)
		return true;
	kill(pid, SIGTERM);
	for (int waited = 0; waited < ms; waited += POLL_MS) {
		/* Our own child (the supplicant) must be reaped. */
		waitpid(pid, NULL, WNOHANG);
		if (kill(pid, 0))
			return true;
		sleep_ms(POLL_MS);
	}
	return false;
}

static int cmd_down(const struct options *o)
{
	pid_t supp = read_pid(o->rundir, "tee-supplicant.pid");
	pid_t teed = read_pid(o->rundir, "teed.pid");
	char path[PATH_MAX];
	int rc = 0;

	if (!supp && !teed) {
		printf("teebox is not running in %s\n", o->rundir);
		return 0;
	}
	if (!stop_pid(supp, SUPP_STOP_TIMEOUT_MS)) {
		fprintf(stderr,
			"teebox: tee-supplicant (pid %d) did not stop\n",
			(int)supp);
		rc = 1;
	}
	if (!stop_pid(teed, TEED_STOP_TIMEOUT_MS)) {
		fprintf(stderr, "teebox: teed (pid %d) did not stop\n",
			(int)teed);
		rc = 1;
	}
	path_in(path, sizeof(path), o->rundir, "tee-supplicant.pid");
	unlink(path);
	if (!rc)
		printf("teebox down\n");
	return rc;
}

static int cmd_status(const struct options *o)
{
	pid_t teed = read_pid(o->rundir, "teed.pid");
	pid_t supp = read_pid(o->rundir, "tee-supplicant.pid");
	struct tee_ioctl_version_data vers;
	int rc;

	printf("runtime directory: %s\n", o->rundir);
	if (!teed) {
		printf("teed:              not running\n");
		return 3;
	}
	printf("teed:              running (pid %d)\n", (int)teed);
	rc = probe_device(o->rundir, "tee0", &vers);
	if (rc)
		printf("tee0:              not answering (%s)\n",
		       strerror(-rc));
	else
		printf("tee0:              impl_id %u, gen_caps 0x%x\n",
		       vers.impl_id, vers.gen_caps);
	if (supp)
		printf("tee-supplicant:    running (pid %d)\n", (int)supp);
	else
		printf("tee-supplicant:    not running\n");
	return rc ? 1 : 0;
}

/*
 * The shim that routes /dev/tee* to teed, for programs that open the
 * devices themselves: in the build's lib/teebox or the installed one.
 */
static bool find_preload(char *buf, size_t len)
{
	teebox_path(buf, len, TBX_DIR_PKGLIB, "libteebox-preload.so");
	return buf[0] && !access(buf, R_OK);
}

static int cmd_exec(const struct options *o, int argc, char **argv)
{
	char preload[PATH_MAX], env[2 * PATH_MAX];
	const char *old = getenv("LD_PRELOAD");

	if (argc < 1) {
		usage(stderr);
		return 2;
	}
	setenv("TEEBOX_RUNTIME_DIR", o->rundir, 1);
	if (find_preload(preload, sizeof(preload))) {
		snprintf(env, sizeof(env), "%s%s%s", preload, old ? ":" : "",
			 old ? old : "");
		setenv("LD_PRELOAD", env, 1);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "teebox: cannot run %s: %s\n", argv[0],
		strerror(errno));
	return 127;
}

int main(int argc, char **argv)
{
	struct options o = {0};
	const char *cmd;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	cmd = argv[1];
	if (parse_options(argc - 1, argv + 1, &o)) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(cmd, "up"))
		return cmd_up(&o);
	if (!strcmp(cmd, "down"))
		return cmd_down(&o);
	if (!strcmp(cmd, "status"))
		return cmd_status(&o);
	if (!strcmp(cmd, "exec"))
		return cmd_exec(&o, argc - 1 - optind, argv + 1 + optind);
	usage(stderr);
	return 2;
}
