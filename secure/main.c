// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-secure: the secure world, started by teed as firmware.
 *
 * It serves every lane of the SMC conduit teed made (one thread per
 * emulated CPU) and reads teed's announcements of normal-world RAM.  It
 * exits when teed goes away.  Its memory - TA images, keys, session
 * state - is protected by the process boundary: it is a separate address
 * space and not dumpable.  Started as root, it keeps only the
 * capabilities it needs to start TA processes as their own user
 * (--ta-user; ta_proc_creds.c); either way it sets no_new_privs.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "entry.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "machine/board.h"
#include "machine/nw_ram_sw.h"
#include "machine/smc_sw.h"
#include "mutex.h"
#include "secure_world.h"
#include "sw_storage.h"
#include "ta_enc_key.h"
#include "ta_manager.h"
#include "ta_proc.h"
#include "thread.h"
#include "teebox/version.h"

/* The development public key made at build time (tools/ta-sign). */
extern const unsigned char teebox_ta_pubkey_der[];
extern const unsigned int teebox_ta_pubkey_der_len;

struct options {
	int conduit_fd;
	int bus_fd;
	unsigned int threads;
	unsigned long long shm_base;
	unsigned long long shm_size;
	int log_level;
	bool dynamic_shm;
	const char *ta_user;
	unsigned int max_ta_instances;
	const char *state_dir;
	const char *ta_enc_key;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: teebox-secure --conduit-fd N --bus-fd N [--threads N]\n"
		"                     [--shm-base PA --shm-size BYTES]"
		" [--log-level 3..7] [--dynamic-shm]\n"
		"                     [--ta-user USER] [--max-ta-instances N]\n"
		"                     [--state-dir DIR] [--ta-enc-key FILE]\n"
		"Started by teed; not meant to be run by hand.\n");
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{"conduit-fd", required_argument, NULL, 'c'},
		{"bus-fd", required_argument, NULL, 'b'},
		{"threads", required_argument, NULL, 't'},
		{"shm-base", required_argument, NULL, 's'},
		{"shm-size", required_argument, NULL, 'z'},
		{"log-level", required_argument, NULL, 'l'},
		{"dynamic-shm", no_argument, NULL, 'y'},
		{"ta-user", required_argument, NULL, 'u'},
		{"max-ta-instances", required_argument, NULL, 'm'},
		{"state-dir", required_argument, NULL, 'd'},
		{"ta-enc-key", required_argument, NULL, 'k'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	int c;

	*o = (struct options){.conduit_fd = -1,
			      .bus_fd = -1,
			      .threads = SW_DEFAULT_THREADS,
			      .shm_base = BOARD_SHM_BASE,
			      .shm_size = BOARD_SHM_SIZE,
			      .log_level = LOG_INFO,
			      .max_ta_instances =
				      TA_PROC_DEFAULT_MAX_INSTANCES};
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->conduit_fd = atoi(optarg);
			break;
		case 'b':
			o->bus_fd = atoi(optarg);
			break;
		case 't':
			o->threads = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 's':
			o->shm_base = strtoull(optarg, NULL, 0);
			break;
		case 'z':
			o->shm_size = strtoull(optarg, NULL, 0);
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
			break;
		case 'd':
			o->state_dir = optarg;
			break;
		case 'k':
			o->ta_enc_key = optarg;
			break;
		case 'V':
			exit(tbx_version_print("teebox-secure"));
		default:
			return -EINVAL;
		}
	}
	if (o->conduit_fd < 0 || o->bus_fd < 0 || !o->threads ||
	    o->threads > SW_MAX_THREADS || !o->max_ta_instances)
		return -EINVAL;
	return 0;
}

/*
 * Trusted storage starts on first use (sw_storage_get()), so that a
 * trusted OS whose TAs store nothing never makes a HUK.
 */
static void start_storage(struct secure_world *sw, const struct options *o)
{
	static char dir[4096];

	sw_mutex_init(&sw->storage_lock);
	if (o->state_dir) {
		snprintf(dir, sizeof(dir), "%s", o->state_dir);
		sw->state_dir = dir;
	} else if (!sw_state_dir_default(dir, sizeof(dir))) {
		sw->state_dir = dir;
	} else {
		pr_warn("trusted storage unavailable: no state directory "
			"(--state-dir)");
	}
}

static int boot(struct secure_world *sw, const struct options *o)
{
	int rc;

	sw->cfg.nthreads = o->threads;
	sw->cfg.shm_base = o->shm_base;
	sw->cfg.shm_size = o->shm_size;
	sw->cfg.secure_base = BOARD_SECURE_RAM_BASE;
	sw->cfg.secure_size = BOARD_SECURE_RAM_SIZE;
	sw->cfg.dynamic_shm = o->dynamic_shm;
	pthread_mutex_init(&sw->reg_lock, NULL);
	INIT_LIST_HEAD(&sw->reg_shms);
	sw->pubkey = teebox_ta_pubkey_der;
	sw->pubkey_len = teebox_ta_pubkey_der_len;
	if (o->ta_enc_key) {
		rc = ta_enc_key_load(o->ta_enc_key, sw->ta_enc_key);
		if (rc) {
			pr_err("cannot read the TA encryption key %s: %s",
			       o->ta_enc_key,
			       rc == -EINVAL ? "not 64 hex digits"
					     : strerror(-rc));
			return rc;
		}
		sw->have_ta_enc_key = true;
	}

	rc = smc_sw_attach(&sw->conduit, o->conduit_fd);
	if (rc) {
		pr_err("cannot attach the SMC conduit: %s", strerror(-rc));
		return rc;
	}
	if (sw->conduit.shared->nlanes <= sw->cfg.nthreads)
		pr_warn("%u CPUs for %u secure threads: callers may wait",
			sw->conduit.shared->nlanes, sw->cfg.nthreads);
	nw_ram_sw_init(&sw->ram, o->bus_fd, &sw->conduit.shared->ram_gen,
		       sw->cfg.secure_base, sw->cfg.secure_size);
	sw_threads_init(sw);
	tm_init(&sw->tm);
	start_storage(sw, o);
	return smc_sw_start(&sw->conduit, sw_smc_entry, sw);
}

/* Applies RAM announcements until teed goes away. */
static void serve_bus(struct secure_world *sw, int bus_fd)
{
	struct pollfd pfd = {.fd = bus_fd, .events = POLLIN | POLLRDHUP};

	for (;;) {
		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd.revents & POLLIN && nw_ram_sw_sync(&sw->ram))
			break;
		if (pfd.revents & (POLLHUP | POLLRDHUP | POLLERR))
			break;
	}
}

int main(int argc, char **argv)
{
	static struct secure_world sw;
	struct options o;

	log_set_ident("teebox-secure");
	if (parse_options(argc, argv, &o)) {
		usage();
		return 2;
	}
	log_set_level((enum log_level)o.log_level);
	/* Secure memory: no core dumps, no ptrace by the same user. */
	prctl(PR_SET_DUMPABLE, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGPIPE, SIG_IGN);
	/* Before any thread: capabilities are per thread. */
	if (ta_proc_creds_init(o.ta_user)) {
		pr_err("secure world failed to boot");
		return 1;
	}
	ta_proc_set_max_instances(o.max_ta_instances);

	if (boot(&sw, &o)) {
		pr_err("secure world failed to boot");
		return 1;
	}
	pr_info("secure world ready: %u threads, %u CPUs, shared memory "
		"0x%llx+0x%llx%s",
		sw.cfg.nthreads, sw.conduit.shared->nlanes, o.shm_base,
		o.shm_size, o.dynamic_shm ? ", dynamic shared memory" : "");
	serve_bus(&sw, o.bus_fd);
	pr_info("normal world gone: secure world stops");
	return 0;
}
