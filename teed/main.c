// SPDX-License-Identifier: BSD-2-Clause
/*
 * teed: the kernel side of teebox.  It boots the emulated machine (the
 * secure world first, like firmware), probes the built-in TEE drivers
 * (OP-TEE finds itself in the device tree), exposes every registered TEE
 * device as a socket in the runtime directory, and serves until SIGTERM
 * or SIGINT.  It knows drivers only through teebox/tee_host.h.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "control.h"
#include "dt.h"
#include "endpoint.h"
#include "kernel/alloc.h"
#include "kernel/log.h"
#include "limits.h"
#include "machine.h"
#include "machine/board.h"
#include "stop_deadline.h"
#include "sysfs.h"
#include "teebox/tee_host.h"
#include "transport/tbx_daemon.h"
#include "transport/tbx_install.h"
#include "transport/tbx_rundir.h"
#include "teebox/version.h"

/* How long a request waits for an absent supplicant (--supplicant-timeout). */
#define DEFAULT_SUPP_TIMEOUT_MS 10000
/*
 * How long a call whose client is gone may run on after its cancellation
 * before its TA instance is killed (--stuck-call-ms; docs/security.md).
 */
#define DEFAULT_STUCK_CALL_MS 10000

#define MAX_ENDPOINTS 32
/* Drivers probed, and drivers asked for by name. */
#define MAX_DRIVERS 8
/* Secure threads: OP-TEE's common default, and a sane limit. */
#define DEFAULT_SECURE_THREADS 4
#define MAX_SECURE_THREADS     64

struct options {
	char rundir[PATH_MAX];
	const char *dtb;
	char secure_world[PATH_MAX];
	bool daemon;
	unsigned int threads;
	unsigned int cpus;
	unsigned int supp_timeout_ms;
	unsigned int stuck_call_ms;
	int log_level;
	bool dynamic_shm;
	const char *ta_user;
	unsigned int max_ta_instances;
	const char *state_dir;
	const char *ta_enc_key;
	const char *drivers[MAX_DRIVERS];
	unsigned int ndrivers;
	struct endpoint_groups groups;
	struct limits_config limits;
};

/**
 * struct probed_driver - a driver that came up
 * @driver:	what it is
 * @drv:	the instance its probe returned
 */
struct probed_driver {
	const struct tee_driver *driver;
	void *drv;
};

struct teed {
	struct options opt;
	struct machine machine;
	void *fdt;
	struct probed_driver drivers[MAX_DRIVERS];
	unsigned int ndrivers;
	struct endpoint *endpoints[MAX_ENDPOINTS];
	unsigned int nendpoints;
	struct sysfs_view sysfs;
	struct control *control;
	struct limits limits;
	bool limits_unbalanced;
};

static void usage(FILE *f, const char *secure_world)
{
	fprintf(f,
		"usage: teed [options]\n"
		"  --runtime-dir DIR   where the device sockets go\n"
		"                      (default: $TEEBOX_RUNTIME_DIR, "
		"/run/teebox"
		" as root,\n"
		"                      $XDG_RUNTIME_DIR/teebox otherwise)\n"
		"  --dtb FILE          boot with this flattened device tree\n"
		"  --daemon            run in the background, log to"
		" DIR/teed.log\n"
		"  --secure-world BIN  the secure world binary\n"
		"                      (default %s)\n"
		"  --threads N         secure threads (default %u)\n"
		"  --cpus N            emulated CPUs (default %u)\n"
		"  --supplicant-timeout MS  how long requests wait for\n"
		"                      tee-supplicant to attach (default "
		"10000)\n"
		"  --stuck-call-ms MS  how long a call whose client died may\n"
		"                      run on, once cancelled, before its TA\n"
		"                      is killed (default 10000)\n"
		"  --log-level N       3 errors .. 7 debug (default 6)\n"
		"  --dynamic-shm       the secure world offers dynamic shared\n"
		"                      memory (else only the reserved "
		"memory)\n"
		"  --ta-user USER      TA processes run as USER when teed\n"
		"                      runs as root (default teebox-ta if it\n"
		"                      exists, else nobody)\n"
		"  --max-ta-instances N  TA processes at a time (default "
		"128)\n"
		"  --state-dir DIR     the secure world's state (HUK, storage\n"
		"                      counters; default its own, see\n"
		"                      docs/storage.md)\n"
		"  --ta-enc-key FILE   the class-wide TA encryption key (64 "
		"hex\n"
		"                      digits) encrypted TAs of key type\n"
		"                      SHDR_ENC_KEY_CLASS_WIDE are decrypted\n"
		"                      with (docs/ta-image-format.md)\n"
		"  --loopback          also register teebox's loopback TEE\n"
		"                      (after OP-TEE: tee1, teepriv1)\n"
		"  --driver NAME       also register the built-in TEE driver\n"
		"                      NAME that is only probed on request\n"
		"                      (--loopback: --driver loopback)\n"
		"  --client-group NAME  as root: the group that may open\n"
		"                      tee0 (default teeclnt, if it exists)\n"
		"  --supplicant-group NAME  as root: the group that may\n"
		"                      open teepriv0 (default tee, if it "
		"exists)\n"
		"  --max-conns-per-uid N  open device files of one uid\n"
		"                      (default %u; then EMFILE; root: no "
		"bound)\n"
		"  --max-conns N       open device files in all (default %u;\n"
		"                      then ENFILE)\n"
		"  --max-shm-per-context SIZE  shared memory one context\n"
		"                      may allocate (default %uM; then "
		"ENOMEM)\n"
		"  --max-shm-per-uid SIZE  the same for one uid (default "
		"%uM)\n"
		"  --max-shm-files-per-context N  shared-memory files of\n"
		"                      one context (default %u; then "
		"EMFILE)\n"
		"  --max-shm-files-per-uid N  the same for one uid "
		"(default %u)\n"
		"                      (SIZE: bytes, or with K, M, G; 0: no "
		"bound)\n",
		secure_world, DEFAULT_SECURE_THREADS, BOARD_DEFAULT_CPUS,
		LIMITS_DEFAULT_CONNS_PER_UID, LIMITS_DEFAULT_CONNS,
		LIMITS_DEFAULT_SHM_PER_CTX >> 20,
		LIMITS_DEFAULT_SHM_PER_UID >> 20, LIMITS_DEFAULT_NSHM_PER_CTX,
		LIMITS_DEFAULT_NSHM_PER_UID);
}

/*
 * The secure world unless --secure-world says: in the build tree it sits
 * next to teed; installed, it is firmware in libexec/teebox, found from
 * where teed itself is installed (transport/tbx_install.h).
 */
static void default_secure_world(char *buf, size_t len)
{
	if (tbx_install_path(buf, len, TBX_DIR_SBIN, TBX_DIR_LIBEXEC,
			     "teebox-secure"))
		snprintf(buf, len, "teebox-secure");
}

/* The built-in driver probed only on request that is called @name. */
static const struct tee_driver *find_on_request(const char *name)
{
	for (const struct tee_driver *const *d = tee_builtin_drivers; *d; d++)
		if ((*d)->on_request && !strcmp((*d)->name, name))
			return *d;
	return NULL;
}

/* Asks for the driver @name (once is enough); -EINVAL: there is none. */
static int request_driver(struct options *o, const char *name)
{
	if (!find_on_request(name))
		return -EINVAL;
	for (unsigned int i = 0; i < o->ndrivers; i++)
		if (!strcmp(o->drivers[i], name))
			return 0;
	if (o->ndrivers == MAX_DRIVERS)
		return -EINVAL;
	o->drivers[o->ndrivers++] = name;
	return 0;
}

static bool requested(const struct options *o, const char *name)
{
	for (unsigned int i = 0; i < o->ndrivers; i++)
		if (!strcmp(o->drivers[i], name))
			return true;
	return false;
}

/* A count: a whole number, nothing after it. */
static int parse_count(const char *arg, unsigned int *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || v > UINT_MAX || *arg == '-')
		return -EINVAL;
	*out = (unsigned int)v;
	return 0;
}

/* A size: bytes, or a number with K, M or G after it. */
static int parse_size(const char *arg, size_t *out)
{
	char *end;
	unsigned long long v;
	unsigned int shift = 0;

	errno = 0;
	v = strtoull(arg, &end, 0);
	if (errno || end == arg || *arg == '-')
		return -EINVAL;
	if (*end == 'K' || *end == 'k')
		shift = 10;
	else if (*end == 'M' || *end == 'm')
		shift = 20;
	else if (*end == 'G' || *end == 'g')
		shift = 30;
	if (shift)
		end++;
	if (*end || v > (SIZE_MAX >> shift))
		return -EINVAL;
	*out = (size_t)(v << shift);
	return 0;
}

/* The options of the limits (limits.h); -ENOENT: not one of them. */
static int parse_limit(int c, const char *arg, struct limits_config *l)
{
	switch (c) {
	case 1:
		return parse_count(arg, &l->conns_per_uid);
	case 2:
		return parse_count(arg, &l->conns);
	case 3:
		return parse_size(arg, &l->shm_per_ctx);
	case 4:
		return parse_size(arg, &l->shm_per_uid);
	case 5:
		return parse_count(arg, &l->nshm_per_ctx);
	case 6:
		return parse_count(arg, &l->nshm_per_uid);
	default:
		return -ENOENT;
	}
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{"runtime-dir", required_argument, NULL, 'r'},
		{"dtb", required_argument, NULL, 'd'},
		{"daemon", no_argument, NULL, 'D'},
		{"secure-world", required_argument, NULL, 's'},
		{"threads", required_argument, NULL, 't'},
		{"cpus", required_argument, NULL, 'c'},
		{"supplicant-timeout", required_argument, NULL, 'S'},
		{"stuck-call-ms", required_argument, NULL, 'K'},
		{"log-level", required_argument, NULL, 'l'},
		{"dynamic-shm", no_argument, NULL, 'y'},
		{"ta-user", required_argument, NULL, 'u'},
		{"max-ta-instances", required_argument, NULL, 'm'},
		{"state-dir", required_argument, NULL, 'E'},
		{"loopback", no_argument, NULL, 'L'},
		{"driver", required_argument, NULL, 'R'},
		{"client-group", required_argument, NULL, 'G'},
		{"supplicant-group", required_argument, NULL, 'P'},
		{"max-conns-per-uid", required_argument, NULL, 1},
		{"max-conns", required_argument, NULL, 2},
		{"max-shm-per-context", required_argument, NULL, 3},
		{"max-shm-per-uid", required_argument, NULL, 4},
		{"max-shm-files-per-context", required_argument, NULL, 5},
		{"max-shm-files-per-uid", required_argument, NULL, 6},
		{"ta-enc-key", required_argument, NULL, 7},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->threads = DEFAULT_SECURE_THREADS;
	o->cpus = BOARD_DEFAULT_CPUS;
	o->supp_timeout_ms = DEFAULT_SUPP_TIMEOUT_MS;
	o->stuck_call_ms = DEFAULT_STUCK_CALL_MS;
	o->log_level = LOG_INFO;
	/* OP-TEE's udev rules: /dev/tee* teeclnt, /dev/teepriv* tee. */
	o->groups.client = "teeclnt";
	o->groups.supp = "tee";
	limits_config_default(&o->limits);
	if (tbx_runtime_dir(o->rundir, sizeof(o->rundir)))
		return -ENAMETOOLONG;
	default_secure_world(o->secure_world, sizeof(o->secure_world));
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			snprintf(o->rundir, sizeof(o->rundir), "%s", optarg);
			break;
		case 'd':
			o->dtb = optarg;
			break;
		case 'D':
			o->daemon = true;
			break;
		case 's':
			snprintf(o->secure_world, sizeof(o->secure_world), "%s",
				 optarg);
			break;
		case 't':
			o->threads = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'c':
			o->cpus = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'S':
			o->supp_timeout_ms =
				(unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'K':
			o->stuck_call_ms =
				(unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'l':
			o->log_level = atoi(optarg);
			break;
		case 'y':
			o->dynamic_shm = true;
			break;
		case 'u':
			o->ta_user = optarg;
			break;
		case 'm':
			o->max_ta_instances =
				(unsigned int)strtoul(optarg, NULL, 0);
			if (!o->max_ta_instances)
				return -EINVAL;
			break;
		case 'E':
			o->state_dir = optarg;
			break;
		case 7:
			o->ta_enc_key = optarg;
			break;
		case 'L':
			if (request_driver(o, "loopback"))
				return -EINVAL;
			break;
		case 'R':
			if (request_driver(o, optarg))
				return -EINVAL;
			break;
		case 'G':
			o->groups.client = optarg;
			break;
		case 'P':
			o->groups.supp = optarg;
			break;
		case 'h':
			usage(stdout, o->secure_world);
			exit(0);
		case 'V':
			exit(tbx_version_print("teed"));
		default:
			if (parse_limit(c, optarg, &o->limits))
				return -EINVAL;
		}
	}
	if (!o->threads || o->threads > MAX_SECURE_THREADS || !o->cpus ||
	    o->cpus > SMC_MAX_LANES)
		return -EINVAL;
	return 0;
}

/*
 * Every client's device file and shared-memory files are fds of teed:
 * it takes all the fds it may (--max-conns keeps the total under them).
 */
static void raise_fd_limit(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* Into the background: logs go to DIR/teed.log, started afresh. */
static int daemonize(const struct options *o)
{
	char log[PATH_MAX + 16];

	snprintf(log, sizeof(log), "%s/teed.log", o->rundir);
	/* The pid file comes once teed is ready: teebox waits for it. */
	return tbx_daemonize(NULL, log);
}

static int add_endpoint(struct tee_device *teedev, void *arg)
{
	struct teed *t = arg;
	int rc;

	if (t->nendpoints == MAX_ENDPOINTS)
		return -ENOSPC;
	rc = endpoint_create(&t->endpoints[t->nendpoints], teedev,
			     t->opt.rundir, &t->opt.groups, &t->limits);
	if (rc) {
		pr_err("cannot serve %s in %s: %s", tee_device_name(teedev),
		       t->opt.rundir, strerror(-rc));
		return rc;
	}
	pr_info("%s ready at %s", tee_device_name(teedev),
		t->endpoints[t->nendpoints]->path);
	t->nendpoints++;
	return 0;
}

/* teed.pid: written once teed is ready, for teebox to wait for. */
static int write_pid_file(const struct options *o)
{
	char path[PATH_MAX + 16];
	int rc;

	snprintf(path, sizeof(path), "%s/teed.pid", o->rundir);
	rc = tbx_pid_file_write(path, getpid());
	if (rc)
		pr_err("cannot write %s: %s", path, strerror(-rc));
	return rc;
}

static void remove_pid_file(const struct options *o)
{
	char path[PATH_MAX + 16];

	snprintf(path, sizeof(path), "%s/teed.pid", o->rundir);
	unlink(path);
}

/*
 * Probes the built-in drivers in their order.  One probed on its own may
 * find nothing or fail: teed runs without it (the driver said why).  One
 * asked for by name must come up.
 */
static int probe_drivers(struct teed *t)
{
	const struct tee_driver_options opts = {
		.fdt = t->fdt,
		.plat = &t->machine.plat,
		.supp_timeout_ms = t->opt.supp_timeout_ms,
		.stuck_call_ms = t->opt.stuck_call_ms,
	};

	for (const struct tee_driver *const *d = tee_builtin_drivers; *d; d++) {
		void *drv;

		if ((*d)->on_request && !requested(&t->opt, (*d)->name))
			continue;
		if (t->ndrivers == MAX_DRIVERS)
			return -ENOSPC;
		drv = (*d)->probe(&opts);
		if (IS_ERR(drv)) {
			if ((*d)->on_request)
				return (int)PTR_ERR(drv);
			continue;
		}
		t->drivers[t->ndrivers].driver = *d;
		t->drivers[t->ndrivers].drv = drv;
		t->ndrivers++;
	}
	return 0;
}

/* Removes the drivers that came up, the last probed first. */
static void remove_drivers(struct teed *t)
{
	while (t->ndrivers) {
		struct probed_driver *p = &t->drivers[--t->ndrivers];

		p->driver->remove(p->drv);
	}
}

static int start(struct teed *t)
{
	struct machine_config mc = {.secure_world = t->opt.secure_world,
				    .threads = t->opt.threads,
				    .cpus = t->opt.cpus,
				    .log_level = t->opt.log_level,
				    .dynamic_shm = t->opt.dynamic_shm,
				    .ta_user = t->opt.ta_user,
				    .max_ta_instances = t->opt.max_ta_instances,
				    .state_dir = t->opt.state_dir,
				    .ta_enc_key = t->opt.ta_enc_key};
	struct control_view view;
	int rc;

	limits_init(&t->limits, &t->opt.limits);
	rc = machine_boot(&t->machine, &mc);
	if (rc)
		return rc;
	t->fdt = t->opt.dtb ? dt_load(t->opt.dtb) : dt_builtin();
	if (!t->fdt)
		return -EINVAL;
	rc = probe_drivers(t);
	if (rc)
		return rc;
	/* The attribute files exist before any device answers. */
	rc = sysfs_publish(&t->sysfs, t->opt.rundir);
	if (rc)
		return rc;
	rc = tee_class_for_each(add_endpoint, t);
	if (rc)
		return rc;
	view.endpoints = t->endpoints;
	view.nendpoints = t->nendpoints;
	return control_start(&t->control, t->opt.rundir, &view);
}

/*
 * How long the users' release may wait on TA processes (close-session
 * entry points) before those still running are killed: a TA stopped
 * under a debugger would otherwise hold the stop for ever.
 */
#define TA_STOP_DEADLINE_MS 2000

static void stop(struct teed *t)
{
	struct stop_deadline deadline = {0};

	if (stop_deadline_arm(&deadline, t->machine.sw_pid,
			      TA_STOP_DEADLINE_MS))
		pr_warn("stopping without a deadline on TA processes");
	/* It looks at the endpoints' connections: it goes before them. */
	control_stop(t->control);
	t->control = NULL;
	/* Users first: closing them releases their contexts and sessions. */
	for (unsigned int i = 0; i < t->nendpoints; i++)
		endpoint_destroy(t->endpoints[i]);
	t->nendpoints = 0;
	t->limits_unbalanced = limits_destroy(&t->limits) != 0;
	sysfs_unpublish(&t->sysfs);
	/* Their memory is the machine's RAM: removed before the halt. */
	remove_drivers(t);
	stop_deadline_disarm(&deadline);
	/* The secure world stops last, like firmware. */
	machine_halt(&t->machine);
	free(t->fdt);
}

/* Waits for a stop signal, watching the secure world meanwhile. */
static void serve(struct teed *t, const sigset_t *set)
{
	for (;;) {
		int sig = sigwaitinfo(set, NULL);

		if (sig == SIGCHLD) {
			machine_reap(&t->machine);
			continue;
		}
		if (sig == SIGTERM || sig == SIGINT) {
			pr_info("stopping (signal %d)", sig);
			return;
		}
	}
}

/*
 * Everything teed's kernel side allocated is freed by a clean stop: what
 * is left is a leak, and the exit status says so (every end-to-end test
 * checks it).
 */
static int report_leaks(const struct teed *t)
{
	long live = kmem_live();

	if (t->limits_unbalanced)
		return 1;
	if (live) {
		pr_err("stopped with %ld allocations not freed", live);
		return 1;
	}
	pr_info("stopped");
	return 0;
}

int main(int argc, char **argv)
{
	static struct teed t;
	char why[PATH_MAX + 256];
	sigset_t set;
	int rc;

	log_set_ident("teed");
	if (parse_options(argc, argv, &t.opt)) {
		usage(stderr, t.opt.secure_world);
		return 2;
	}
	log_set_level((enum log_level)t.opt.log_level);
	/* Its sockets, log and pid file go there: it must be ours alone. */
	rc = tbx_rundir_prepare(t.opt.rundir, why, sizeof(why));
	if (rc) {
		pr_err("%s", why);
		return 1;
	}
	if (t.opt.daemon) {
		rc = daemonize(&t.opt);
		if (rc) {
			pr_err("cannot go to the background: %s",
			       strerror(-rc));
			return 1;
		}
	}

	/* Signals are taken by serve(); no thread may get them. */
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	raise_fd_limit();

	rc = start(&t);
	if (!rc)
		rc = write_pid_file(&t.opt);
	if (rc) {
		stop(&t);
		return 1;
	}
	pr_info("ready (runtime directory %s)", t.opt.rundir);
	serve(&t, &set);
	stop(&t);
	remove_pid_file(&t.opt);
	return report_leaks(&t);
}
