/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated machine as teed runs it: the SMC conduit, normal-world
 * RAM, and the secure world's process, booted first like firmware.
 */
#ifndef TEEBOX_TEED_MACHINE_H
#define TEEBOX_TEED_MACHINE_H

#include <stdbool.h>
#include <sys/types.h>

#include "machine/nw_ram_nw.h"
#include "machine/smc_nw.h"
#include "teebox/platform.h"

/**
 * struct machine_config - how to boot
 * @secure_world: path of the teebox-secure binary
 * @threads:	secure threads
 * @cpus:	emulated CPUs (conduit lanes)
 * @log_level:	the secure world's log level
 * @dynamic_shm: the secure world offers dynamic shared memory
 * @ta_user:	user TA processes run as (NULL: the secure world's default)
 * @max_ta_instances: bound on TA processes (0: the secure world's default)
 * @state_dir:	the secure world's state directory (HUK, counters; NULL:
 *		its default)
 * @ta_enc_key:	file of the class-wide TA encryption key (NULL: none)
 */
struct machine_config {
	const char *secure_world;
	unsigned int threads;
	unsigned int cpus;
	int log_level;
	bool dynamic_shm;
	const char *ta_user;
	unsigned int max_ta_instances;
	const char *state_dir;
	const char *ta_enc_key;
};

/**
 * struct machine - the running machine
 * @plat:	what drivers see
 * @smc:	the conduit
 * @ram:	normal-world RAM
 * @bus_fd:	our end of the bus to the secure world
 * @sw_pid:	the secure world's process (0 once reaped)
 */
struct machine {
	struct platform plat;
	struct smc_nw smc;
	struct nw_ram ram;
	int bus_fd;
	pid_t sw_pid;
};

/**
 * machine_boot() - make the conduit, start the secure world and wait until
 * it serves every CPU
 * Return: 0 or -errno (logged).
 */
int machine_boot(struct machine *m, const struct machine_config *cfg);

/**
 * machine_reap() - call when a child may have exited: if it is the
 * secure world, every SMC fails from now on
 * Return: true if the secure world died.
 */
bool machine_reap(struct machine *m);

/**
 * machine_halt() - stop the secure world and free the machine
 * Nothing happens to a machine halted already, or whose boot failed.
 */
void machine_halt(struct machine *m);

#endif
