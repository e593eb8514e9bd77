// SPDX-License-Identifier: BSD-2-Clause
/* The emulated machine as teed runs it; see machine.h. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/log.h"
#include "machine.h"
#include "machine/board.h"

/* How long the secure world may take to boot. */
#define BOOT_TIMEOUT_MS 10000
/* How often to look whether the secure world is ready. */
#define BOOT_POLL_MS 2
/* How long the secure world may take to stop before it is killed. */
#define STOP_TIMEOUT_MS 2000
/* How often to look whether it has stopped. */
#define STOP_POLL_MS 10

static struct machine *to_machine(struct platform *plat)
{
	return plat->priv;
}

static void plat_smc(struct platform *plat, const unsigned long a[8],
		     struct arm_smccc_res *res)
{
	smc_nw_call(&to_machine(plat)->smc, a, res);
}

/*
 * HVC: on real hardware it goes to a hypervisor, which forwards OP-TEE
 * calls to the secure world tagged with the guest's id (a7).  teebox has
 * one guest, the host (id 0, as TF-A and OP-TEE expect without a
 * hypervisor), so the call reaches the same conduit.
 */
static void plat_hvc(struct platform *plat, const unsigned long a[8],
		     struct arm_smccc_res *res)
{
	unsigned long regs[8];

	memcpy(regs, a, sizeof(regs));
	regs[7] = 0; /* hypervisor client id */
	smc_nw_call(&to_machine(plat)->smc, regs, res);
}

static void *plat_ram_plug(struct platform *plat, phys_addr_t pa, size_t size,
			   int *fd)
{
	return nw_ram_plug(&to_machine(plat)->ram, pa, size, fd);
}

static void *plat_ram_plug_fd(struct platform *plat, phys_addr_t pa,
			      size_t size, int fd)
{
	return nw_ram_plug_fd(&to_machine(plat)->ram, pa, size, fd);
}

static void plat_ram_unplug(struct platform *plat, phys_addr_t pa)
{
	nw_ram_unplug(&to_machine(plat)->ram, pa);
}

static const struct platform_ops machine_platform_ops = {
	.smc = plat_smc,
	.hvc = plat_hvc,
	.ram_plug = plat_ram_plug,
	.ram_plug_fd = plat_ram_plug_fd,
	.ram_unplug = plat_ram_unplug,
};

/* In the child: put the two fds at 3 and 4 and exec the secure world. */
static void exec_secure_world(const struct machine_config *cfg, int conduit,
			      int bus)
{
	char threads[16], base[32], size[32], level[8], max_tas[16];
	char *argv[] = {(char *)cfg->secure_world, "--conduit-fd", "3",
			"--bus-fd", "4", "--threads", threads, "--shm-base",
			base, "--shm-size", size, "--log-level", level,
			/* --dynamic-shm, --ta-user U, --max-ta-instances N,
			 * --state-dir D, --ta-enc-key F */
			NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
			NULL};
	/* The first of the optional slots; the last one stays NULL. */
	size_t n = ARRAY_SIZE(argv) - 10;

	snprintf(threads, sizeof(threads), "%u", cfg->threads);
	snprintf(base, sizeof(base), "0x%llx", BOARD_SHM_BASE);
	snprintf(size, sizeof(size), "0x%llx", BOARD_SHM_SIZE);
	snprintf(level, sizeof(level), "%d", cfg->log_level);
	if (cfg->dynamic_shm)
		argv[n++] = "--dynamic-shm";
	if (cfg->ta_user) {
		argv[n++] = "--ta-user";
		argv[n++] = (char *)cfg->ta_user;
	}
	if (cfg->max_ta_instances) {
		snprintf(max_tas, sizeof(max_tas), "%u", cfg->max_ta_instances);
		argv[n++] = "--max-ta-instances";
		argv[n++] = max_tas;
	}
	if (cfg->state_dir) {
		argv[n++] = "--state-dir";
		argv[n++] = (char *)cfg->state_dir;
	}
	if (cfg->ta_enc_key) {
		argv[n++] = "--ta-enc-key";
		argv[n++] = (char *)cfg->ta_enc_key;
	}
	/*
	 * Move both out of the way first: one may already sit at 3 or 4,
	 * and dup2() onto itself would keep its close-on-exec flag.
	 */
	conduit = fcntl(conduit, F_DUPFD, 10);
	bus = fcntl(bus, F_DUPFD, 10);
	if (conduit < 0 || bus < 0 || dup2(conduit, 3) < 0 || dup2(bus, 4) < 0)
		_exit(127);
	close_range(5, ~0U, 0);
	execv(cfg->secure_world, argv);
	fprintf(stderr, "teed: cannot run the secure world %s: %s\n",
		cfg->secure_world, strerror(errno));
	_exit(127);
}

static int spawn_secure_world(struct machine *m,
			      const struct machine_config *cfg)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
		return -errno;
	pid = fork();
	if (pid < 0) {
		int err = -errno;

		close(sv[0]);
		close(sv[1]);
		return err;
	}
	if (pid == 0)
		exec_secure_world(cfg, m->smc.fd, sv[1]);
	close(sv[1]);
	m->bus_fd = sv[0];
	m->sw_pid = pid;
	return 0;
}

/* Waits for the secure world to serve its CPUs, or to die trying. */
static int wait_ready(struct machine *m)
{
	struct timespec ts = {.tv_nsec = BOOT_POLL_MS * 1000 * 1000};

	for (int waited = 0; waited < BOOT_TIMEOUT_MS; waited += BOOT_POLL_MS) {
		if (atomic_load(&m->smc.shared->sw_ready))
			return 0;
		if (machine_reap(m))
			return -ECHILD;
		nanosleep(&ts, NULL);
	}
	return -ETIMEDOUT;
}

int machine_boot(struct machine *m, const struct machine_config *cfg)
{
	int rc;

	memset(m, 0, sizeof(*m));
	m->bus_fd = -1;
	m->plat.ops = &machine_platform_ops;
	m->plat.priv = m;
	m->plat.dram_base = BOARD_DRAM_BASE;
	m->plat.dram_size = BOARD_DRAM_SIZE;
	rc = smc_nw_create(&m->smc, cfg->cpus);
	if (rc) {
		pr_err("cannot create the SMC conduit: %s", strerror(-rc));
		return rc;
	}
	rc = spawn_secure_world(m, cfg);
	if (rc) {
		pr_err("cannot start the secure world: %s", strerror(-rc));
		goto err_conduit;
	}
	nw_ram_init(&m->ram, m->bus_fd, &m->smc.shared->ram_gen);
	rc = wait_ready(m);
	if (rc) {
		pr_err("the secure world did not boot (%s)", strerror(-rc));
		machine_halt(m);
		return rc;
	}
	return 0;

err_conduit:
	smc_nw_destroy(&m->smc);
	return rc;
}

bool machine_reap(struct machine *m)
{
	int status;

	if (!m->sw_pid || waitpid(m->sw_pid, &status, WNOHANG) != m->sw_pid)
		return false;
	m->sw_pid = 0;
	if (WIFSIGNALED(status))
		pr_err("the secure world died (signal %d): every call to it "
		       "fails from now on",
		       WTERMSIG(status));
	else
		pr_err("the secure world exited (status %d): every call to it "
		       "fails from now on",
		       WEXITSTATUS(status));
	smc_nw_mark_dead(&m->smc);
	return true;
}

void machine_halt(struct machine *m)
{
	/*
	 * Never booted, or halted already: a failed machine_boot() cleans
	 * up after itself, and teed's stop() then halts again.
	 */
	if (!m->smc.shared)
		return;
	if (m->bus_fd >= 0) {
		/* Closing the bus tells the secure world to stop. */
		close(m->bus_fd);
		m->bus_fd = -1;
	}
	if (m->sw_pid) {
		int status;

		for (int waited = 0;; waited += STOP_POLL_MS) {
			if (waitpid(m->sw_pid, &status, WNOHANG) == m->sw_pid)
				break;
			if (waited + STOP_POLL_MS >= STOP_TIMEOUT_MS) {
				kill(m->sw_pid, SIGKILL);
				waitpid(m->sw_pid, &status, 0);
				break;
			}
			usleep(STOP_POLL_MS * 1000);
		}
		m->sw_pid = 0;
	}
	smc_nw_mark_dead(&m->smc);
	nw_ram_destroy(&m->ram);
	smc_nw_destroy(&m->smc);
}
