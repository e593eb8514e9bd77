// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox: bring the TEE up and down.
 *
 *   teebox up      start teed (and with it the secure world) and
 *                  tee-supplicant in the background; return once the
 *                  device answers
 *   teebox down    stop them cleanly
 *   teebox status  say what runs where, and with which directories
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
#include <dirent.h>
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
#include "up_settings.h"
#include "teebox/version.h"

#define READY_TIMEOUT_MS 15000
/* How often to look whether a process is up, or gone. */
#define POLL_MS 20
/* How long each process may take to stop after SIGTERM. */
#define SUPP_STOP_TIMEOUT_MS 5000
#define TEED_STOP_TIMEOUT_MS 15000

/* teed's options for its limits (limit_options), getopt values 1.. */
#define NLIMITS 6

struct options {
	char rundir[PATH_MAX];
	char ta_dir[PATH_MAX];
	char storage_dir[PATH_MAX];
	char state_dir[PATH_MAX];
	const char *threads;
	const char *cpus;
	const char *log_level;
	const char *dtb;
	const char *ta_user;
	const char *max_ta_instances;
	const char *plugin_path;
	const char *ta_enc_key;
	const char *limits[NLIMITS];
	bool dynamic_shm;
	bool loopback;
	bool no_supplicant;
	bool json;
};

/* teed's limits on what one user may take, passed on as they are. */
static const char *const limit_options[NLIMITS] = {
	"max-conns-per-uid",	     "max-conns",
	"max-shm-per-context",	     "max-shm-per-uid",
	"max-shm-files-per-context", "max-shm-files-per-uid",
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
		"       teebox status [--json]\n"
		"       teebox exec [options] -- PROGRAM [ARGS...]\n"
		"options:\n"
		"  --runtime-dir DIR  device sockets, pids and logs\n"
		"                     ($TEEBOX_RUNTIME_DIR; default /run/teebox"
		" as root,\n"
		"                     $XDG_RUNTIME_DIR/teebox otherwise)\n"
		"  --ta-dir DIR       signed TAs, <uuid>.ta ($TEEBOX_TA_DIR;\n"
		"                     default %s)\n"
		"  --storage-dir DIR  secure storage: tee-supplicant's REE file"
		" system and\n"
		"                     RPMB device ($TEEBOX_STORAGE_DIR;"
		" default\n"
		"                     <runtime dir>/storage)\n"
		"  --state-dir DIR    the secure world's own state: HUK and\n"
		"                     counters ($TEEBOX_STATE_DIR; default\n"
		"                     <runtime dir>/secure); keep it with the\n"
		"                     storage directory\n"
		"  --threads N        secure threads (up)\n"
		"  --cpus N           emulated CPUs (up)\n"
		"  --dynamic-shm      the secure world offers dynamic shared"
		" memory (up)\n"
		"  --loopback         also the loopback TEE driver: tee1,"
		" teepriv1 (up)\n"
		"  --no-supplicant    start no tee-supplicant: run your own"
		" (up)\n"
		"  --plugin-path DIR  tee-supplicant's plugin directory (up;"
		" tee-supplicant(8))\n"
		"  --json             as JSON (status)\n"
		"  --dtb FILE         device tree for teed (up)\n"
		"  --log-level N      3 errors .. 7 debug (up)\n"
		"  --ta-user USER     TA processes run as USER (up, as root)\n"
		"  --max-ta-instances N  TA processes at a time (up)\n"
		"  --ta-enc-key FILE  the class-wide TA encryption key (up;"
		" teed(8))\n"
		"  --max-conns-per-uid N, --max-conns N,\n"
		"  --max-shm-per-context SIZE, --max-shm-per-uid SIZE,\n"
		"  --max-shm-files-per-context N, --max-shm-files-per-uid N\n"
		"                     what one user may take of teed (up;"
		" teed(8))\n",
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
		{"state-dir", required_argument, NULL, 'e'},
		{"threads", required_argument, NULL, 'n'},
		{"cpus", required_argument, NULL, 'c'},
		{"dynamic-shm", no_argument, NULL, 'y'},
		{"loopback", no_argument, NULL, 'L'},
		{"no-supplicant", no_argument, NULL, 'S'},
		{"plugin-path", required_argument, NULL, 'p'},
		{"json", no_argument, NULL, 'j'},
		{"log-level", required_argument, NULL, 'l'},
		{"dtb", required_argument, NULL, 'd'},
		{"ta-user", required_argument, NULL, 'u'},
		{"max-ta-instances", required_argument, NULL, 'm'},
		{"ta-enc-key", required_argument, NULL, 'K'},
		{"max-conns-per-uid", required_argument, NULL, 1},
		{"max-conns", required_argument, NULL, 2},
		{"max-shm-per-context", required_argument, NULL, 3},
		{"max-shm-per-uid", required_argument, NULL, 4},
		{"max-shm-files-per-context", required_argument, NULL, 5},
		{"max-shm-files-per-uid", required_argument, NULL, 6},
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
	default_dir(o->state_dir, sizeof(o->state_dir), "TEEBOX_STATE_DIR", "");
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
		case 'e':
			snprintf(o->state_dir, sizeof(o->state_dir), "%s",
				 optarg);
			break;
		case 'n':
			o->threads = optarg;
			break;
		case 'c':
			o->cpus = optarg;
			break;
		case 'y':
			o->dynamic_shm = true;
			break;
		case 'L':
			o->loopback = true;
			break;
		case 'S':
			o->no_supplicant = true;
			break;
		case 'p':
			o->plugin_path = optarg;
			break;
		case 'j':
			o->json = true;
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
		case 'K':
			o->ta_enc_key = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			if (c < 1 || c > NLIMITS)
				return -EINVAL;
			o->limits[c - 1] = optarg;
			break;
		}
	}
	if (!o->storage_dir[0])
		path_in(o->storage_dir, sizeof(o->storage_dir), o->rundir,
			"storage");
	if (!o->state_dir[0])
		path_in(o->state_dir, sizeof(o->state_dir), o->rundir,
			"secure");
	return 0;
}

/* The daemons teebox runs, by their pid files in the runtime directory. */
static const struct daemon {
	const char *pid_file;
	const char *program;
} teed_daemon = {"teed.pid", "teed"},
  supp_daemon = {"tee-supplicant.pid", "tee-supplicant"};

/*
 * The pid of @d running for DIR, or 0: a pid file whose process is gone,
 * or is now some other program, names no daemon (tbx_daemon_find()).
 */
static pid_t read_pid(const char *dir, const struct daemon *d)
{
	char path[PATH_MAX];

	path_in(path, sizeof(path), dir, d->pid_file);
	return path[0] ? tbx_daemon_find(path, d->program) : 0;
}

/*
 * What a killed teed leaves behind, once no teed runs for DIR: the pid
 * files and the device and control sockets (teed removes its stale
 * class/ attributes itself when it starts).
 */
static void clean_stale(const char *dir)
{
	const char *const files[] = {teed_daemon.pid_file, supp_daemon.pid_file,
				     UP_SETTINGS_FILE};
	struct dirent *de;
	struct stat st;
	DIR *d;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[PATH_MAX];

		path_in(path, sizeof(path), dir, files[i]);
		if (path[0])
			unlink(path);
	}
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)))
		if (!fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) &&
		    S_ISSOCK(st.st_mode))
			unlinkat(dirfd(d), de->d_name, 0);
	closedir(d);
}

/*
 * The runtime directory, created if @create, must be the caller's alone
 * before its pid files are believed (tbx_rundir.h).  0, 1 when it does
 * not exist (and !@create), or -errno (said on stderr).
 */
static int use_rundir(const char *dir, bool create)
{
	char why[PATH_MAX + 256];
	int rc = create ? tbx_rundir_prepare(dir, why, sizeof(why))
			: tbx_rundir_check(dir, why, sizeof(why));

	if (rc == -ENOENT && !create)
		return 1;
	if (rc)
		fprintf(stderr, "teebox: %s\n", why);
	return rc;
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
	int status, fd = -1;
	pid_t pid;

	/* A fresh log each time: the last run's becomes LOG.1. */
	if (log) {
		fd = tbx_log_create(log);
		if (fd < 0)
			return fd;
	}
	pid = fork();
	if (pid < 0) {
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	if (pid == 0) {
		/* Only as stderr: the daemon is not to hold the log twice. */
		if (fd >= 0 && dup2(fd, STDERR_FILENO) >= 0 &&
		    fd != STDERR_FILENO)
			close(fd);
		execv(argv[0], argv);
		fprintf(stderr, "teebox: cannot run %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	if (fd >= 0)
		close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return -ECHILD;
	return 0;
}

static int start_teed(const struct options *o)
{
	char teed[PATH_MAX], sw[PATH_MAX];
	char limit_names[NLIMITS][40];
	char *argv[40];
	int argc = 0;

	teebox_path(teed, sizeof(teed), TBX_DIR_SBIN, "teed");
	teebox_path(sw, sizeof(sw), TBX_DIR_LIBEXEC, "teebox-secure");
	argv[argc++] = teed;
	argv[argc++] = "--daemon";
	argv[argc++] = "--runtime-dir";
	argv[argc++] = (char *)o->rundir;
	argv[argc++] = "--secure-world";
	argv[argc++] = sw;
	argv[argc++] = "--state-dir";
	argv[argc++] = (char *)o->state_dir;
	if (o->threads) {
		argv[argc++] = "--threads";
		argv[argc++] = (char *)o->threads;
	}
	if (o->cpus) {
		argv[argc++] = "--cpus";
		argv[argc++] = (char *)o->cpus;
	}
	if (o->dynamic_shm)
		argv[argc++] = "--dynamic-shm";
	if (o->loopback)
		argv[argc++] = "--loopback";
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
	if (o->ta_enc_key) {
		argv[argc++] = "--ta-enc-key";
		argv[argc++] = (char *)o->ta_enc_key;
	}
	for (int i = 0; i < NLIMITS; i++) {
		if (!o->limits[i])
			continue;
		snprintf(limit_names[i], sizeof(limit_names[i]), "--%s",
			 limit_options[i]);
		argv[argc++] = limit_names[i];
		argv[argc++] = (char *)o->limits[i];
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
		    read_pid(o->rundir, &teed_daemon))
			return 0;
		sleep_ms(POLL_MS);
	}
	return -ETIMEDOUT;
}

static int start_supplicant(const struct options *o)
{
	char bin[PATH_MAX], log[PATH_MAX], pid_file[PATH_MAX];
	char *argv[] = {bin,
			"-d",
			"--pid-file",
			pid_file,
			"--ta-path",
			(char *)o->ta_dir,
			"--fs-parent-path",
			(char *)o->storage_dir,
			NULL,
			NULL,
			NULL};

	if (o->plugin_path) {
		argv[8] = "--plugin-path";
		argv[9] = (char *)o->plugin_path;
	}

	teebox_path(bin, sizeof(bin), TBX_DIR_SBIN, "tee-supplicant");
	path_in(log, sizeof(log), o->rundir, "tee-supplicant.log");
	path_in(pid_file, sizeof(pid_file), o->rundir, "tee-supplicant.pid");
	setenv("TEEBOX_RUNTIME_DIR", o->rundir, 1);
	/* -d returns once the supplicant is attached to teepriv0. */
	return run_daemon(argv, log);
}

/*
 * tee-supplicant refuses a storage directory that others could change
 * (docs/storage.md): say so now rather than in its log at the first
 * storage request.  0, or 1 after saying why.
 */
static int check_storage_dir(const char *dir)
{
	const char *why = NULL;
	struct stat st;

	if (lstat(dir, &st))
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "is not a directory (a symbolic link is refused too)";
	else if (st.st_uid != geteuid())
		why = "belongs to another user";
	else if (st.st_mode & (S_IWGRP | S_IWOTH))
		why = "is writable by group or others (chmod go-w it)";
	if (!why)
		return 0;
	fprintf(stderr, "teebox: storage directory %s %s\n", dir, why);
	return 1;
}

/*
 * What up runs with, as the settings file records it: every option that
 * changes the teebox, and the environment its programs read.
 */
static int up_settings_of(const struct options *o, struct up_settings *s)
{
	int rc = 0;

	s->len = 0;
	s->text[0] = '\0';
	rc |= up_settings_add(s, "ta-dir", o->ta_dir);
	rc |= up_settings_add(s, "storage-dir", o->storage_dir);
	rc |= up_settings_add(s, "state-dir", o->state_dir);
	rc |= up_settings_add(s, "threads", o->threads);
	rc |= up_settings_add(s, "cpus", o->cpus);
	rc |= up_settings_add(s, "log-level", o->log_level);
	rc |= up_settings_add(s, "dtb", o->dtb);
	rc |= up_settings_add(s, "ta-user", o->ta_user);
	rc |= up_settings_add(s, "max-ta-instances", o->max_ta_instances);
	rc |= up_settings_add(s, "ta-enc-key", o->ta_enc_key);
	for (int i = 0; i < NLIMITS; i++)
		rc |= up_settings_add(s, limit_options[i], o->limits[i]);
	rc |= up_settings_add(s, "dynamic-shm", o->dynamic_shm ? "1" : NULL);
	rc |= up_settings_add(s, "loopback", o->loopback ? "1" : NULL);
	rc |= up_settings_add(s, "no-supplicant",
			      o->no_supplicant ? "1" : NULL);
	rc |= up_settings_add(s, "plugin-path", o->plugin_path);
	/* Read by the secure world when it starts a TA. */
	rc |= up_settings_add(s, "TEEBOX_TA_DEBUG", getenv("TEEBOX_TA_DEBUG"));
	return rc ? -EINVAL : 0;
}

/*
 * A teebox is up in the runtime directory: fine when it runs with @want,
 * else up would silently ignore what it was asked.  0 or 1 (said why).
 */
static int already_up(const struct options *o, const struct up_settings *want)
{
	struct up_settings have;

	if (!up_settings_read(o->rundir, &have) && have.len == want->len &&
	    !memcmp(have.text, want->text, want->len)) {
		printf("teebox is already up in %s\n", o->rundir);
		return 0;
	}
	fprintf(stderr,
		"teebox: teebox is already up in %s with other settings: "
		"run `teebox down` first\n",
		o->rundir);
	return 1;
}

/* No teed: a supplicant left is attached to nothing.  0, or 1 (said). */
static int stop_orphan_supplicant(const struct options *o)
{
	pid_t supp = read_pid(o->rundir, &supp_daemon);

	if (supp && tbx_daemon_stop(supp, supp_daemon.program,
				    SUPP_STOP_TIMEOUT_MS) == -ETIMEDOUT) {
		fprintf(stderr,
			"teebox: a tee-supplicant (pid %d) of a stopped teed "
			"does not stop\n",
			(int)supp);
		return 1;
	}
	return 0;
}

static void say_up(const struct options *o)
{
	pid_t teed = read_pid(o->rundir, &teed_daemon);
	pid_t supp = read_pid(o->rundir, &supp_daemon);

	if (o->no_supplicant)
		printf("teebox up: teed (pid %d), no tee-supplicant: run "
		       "your own on %s/teepriv0\n",
		       (int)teed, o->rundir);
	else
		printf("teebox up: teed (pid %d) and tee-supplicant (pid "
		       "%d)\n",
		       (int)teed, (int)supp);
	printf("  devices: %s/tee0 %s/teepriv0", o->rundir, o->rundir);
	if (o->loopback)
		printf(" %s/tee1 %s/teepriv1", o->rundir, o->rundir);
	printf("\n  TAs:     %s\n", o->ta_dir);
}

static int cmd_up(const struct options *o)
{
	struct up_settings want;
	int rc;

	if (use_rundir(o->rundir, true))
		return 1;
	if (up_settings_of(o, &want)) {
		fprintf(stderr, "teebox: settings too long, or with a "
				"newline\n");
		return 1;
	}
	if (read_pid(o->rundir, &teed_daemon))
		return already_up(o, &want);
	if (stop_orphan_supplicant(o))
		return 1;
	clean_stale(o->rundir);
	rc = tbx_mkdir_p(o->storage_dir, 0700);
	if (rc) {
		fprintf(stderr, "teebox: cannot create %s: %s\n",
			o->storage_dir, strerror(-rc));
		return 1;
	}
	if (check_storage_dir(o->storage_dir))
		return 1;
	rc = start_teed(o);
	if (!rc)
		rc = wait_teed(o);
	if (rc) {
		fprintf(stderr, "teebox: teed did not come up (%s)\n",
			strerror(-rc));
		show_log(o->rundir, "teed.log");
		return 1;
	}
	rc = up_settings_write(o->rundir, &want);
	if (rc) {
		fprintf(stderr,
			"teebox: cannot record the settings in %s: "
			"%s\n",
			o->rundir, strerror(-rc));
		return 1;
	}
	rc = o->no_supplicant ? 0 : start_supplicant(o);
	if (rc) {
		fprintf(stderr, "teebox: tee-supplicant did not come up (%s)\n",
			strerror(-rc));
		show_log(o->rundir, "tee-supplicant.log");
		return 1;
	}
	say_up(o);
	return 0;
}

/*
 * SIGTERM the daemon @d at @pid, then wait up to @ms for it to go.  A pid
 * that turns out not to be @d (its pid file was stale) counts as gone:
 * it is not signalled.
 */
static bool stop_daemon(const struct daemon *d, pid_t pid, int ms)
{
	int rc;

	if (!pid)
		return true;
	rc = tbx_daemon_stop(pid, d->program, ms);
	if (!rc || rc == -ESRCH)
		return true;
	fprintf(stderr, "teebox: %s (pid %d) did not stop: %s\n", d->program,
		(int)pid, strerror(-rc));
	return false;
}

static int cmd_down(const struct options *o)
{
	pid_t supp, teed;
	int rc;

	rc = use_rundir(o->rundir, false);
	if (rc < 0)
		return 1;
	supp = rc ? 0 : read_pid(o->rundir, &supp_daemon);
	teed = rc ? 0 : read_pid(o->rundir, &teed_daemon);
	if (!supp && !teed) {
		if (!rc)
			clean_stale(o->rundir);
		printf("teebox is not running in %s\n", o->rundir);
		return 0;
	}
	rc = 0;
	if (!stop_daemon(&supp_daemon, supp, SUPP_STOP_TIMEOUT_MS))
		rc = 1;
	if (!stop_daemon(&teed_daemon, teed, TEED_STOP_TIMEOUT_MS))
		rc = 1;
	if (rc)
		return rc;
	/* teed removed what it made; what a dead supplicant left goes. */
	clean_stale(o->rundir);
	printf("teebox down\n");
	return 0;
}

/* @s as a JSON string. */
static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/**
 * struct status - what status found
 * @teed:	its pid, or 0
 * @supp:	tee-supplicant's pid, or 0
 * @probe:	0 when tee0 answered TEE_IOC_VERSION (then @vers), else -errno
 * @vers:	what tee0 said
 * @ta_dir:	the TA directory up used, or the one given
 * @storage_dir: the storage directory, likewise
 */
struct status {
	pid_t teed;
	pid_t supp;
	int probe;
	struct tee_ioctl_version_data vers;
	char ta_dir[PATH_MAX];
	char storage_dir[PATH_MAX];
};

static void status_text(const struct options *o, const struct status *st)
{
	printf("runtime directory: %s\n", o->rundir);
	if (!st->teed) {
		printf("teed:              not running\n");
		return;
	}
	printf("teed:              running (pid %d)\n", (int)st->teed);
	if (st->probe)
		printf("tee0:              not answering (%s)\n",
		       strerror(-st->probe));
	else
		printf("tee0:              impl_id %u, gen_caps 0x%x\n",
		       st->vers.impl_id, st->vers.gen_caps);
	if (st->supp)
		printf("tee-supplicant:    running (pid %d)\n", (int)st->supp);
	else
		printf("tee-supplicant:    not running\n");
	printf("TA directory:      %s\n", st->ta_dir);
	printf("storage directory: %s\n", st->storage_dir);
	printf("logs:              %s/teed.log %s/tee-supplicant.log\n",
	       o->rundir, o->rundir);
}

static void status_json(const struct options *o, const struct status *st)
{
	char log[PATH_MAX];

	printf("{\"runtime_dir\":");
	json_str(o->rundir);
	printf(",\"teed\":{\"running\":%s,\"pid\":%d}",
	       st->teed ? "true" : "false", (int)st->teed);
	if (st->teed && !st->probe)
		printf(",\"tee0\":{\"answering\":true,\"impl_id\":%u,"
		       "\"gen_caps\":%u}",
		       st->vers.impl_id, st->vers.gen_caps);
	else
		printf(",\"tee0\":{\"answering\":false}");
	printf(",\"tee_supplicant\":{\"running\":%s,\"pid\":%d}",
	       st->supp ? "true" : "false", (int)st->supp);
	printf(",\"ta_dir\":");
	json_str(st->ta_dir);
	printf(",\"storage_dir\":");
	json_str(st->storage_dir);
	printf(",\"logs\":[");
	path_in(log, sizeof(log), o->rundir, "teed.log");
	json_str(log);
	putchar(',');
	path_in(log, sizeof(log), o->rundir, "tee-supplicant.log");
	json_str(log);
	printf("]}\n");
}

static int cmd_status(const struct options *o)
{
	struct status st = {.probe = -ENODEV};
	struct up_settings s;
	int rc;

	rc = use_rundir(o->rundir, false);
	if (rc < 0)
		return 1;
	st.teed = rc ? 0 : read_pid(o->rundir, &teed_daemon);
	st.supp = rc ? 0 : read_pid(o->rundir, &supp_daemon);
	if (st.teed)
		st.probe = probe_device(o->rundir, "tee0", &st.vers);
	/* Where up put things, when it said; else what was given. */
	if (!st.teed || up_settings_read(o->rundir, &s))
		s.len = 0;
	snprintf(st.ta_dir, sizeof(st.ta_dir), "%s", o->ta_dir);
	snprintf(st.storage_dir, sizeof(st.storage_dir), "%s", o->storage_dir);
	if (s.len) {
		up_settings_get(&s, "ta-dir", st.ta_dir, sizeof(st.ta_dir));
		up_settings_get(&s, "storage-dir", st.storage_dir,
				sizeof(st.storage_dir));
	}
	if (o->json)
		status_json(o, &st);
	else
		status_text(o, &st);
	if (!st.teed)
		return 3;
	return st.probe ? 1 : 0;
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
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
	    !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version"))
		return tbx_version_print("teebox");
	if (strcmp(cmd, "up") && strcmp(cmd, "down") && strcmp(cmd, "status") &&
	    strcmp(cmd, "exec")) {
		fprintf(stderr, "teebox: unknown subcommand '%s'\n", cmd);
		usage(stderr);
		return 2;
	}
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
