// SPDX-License-Identifier: BSD-2-Clause
#include <pthread.h>
#include <sys/socket.h>

#include "kernel/err.h"
#include "kernel/log.h"
#include "machine/board.h"
#include "machine/nw_ram_sw.h"
#include "sw_test_world.h"

int sw_test_world_init(struct secure_world *sw, struct nw_ram *nw,
		       _Atomic uint64_t *gen, size_t shm_bytes,
		       uint8_t **shm_va, size_t dram_bytes, uint8_t **dram_va)
{
	int bus[2];
	int fd;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, bus))
		return -1;
	log_set_level((enum log_level)(LOG_ERR - 1));
	sw->cfg.nthreads = 1;
	sw->cfg.shm_base = BOARD_SHM_BASE;
	sw->cfg.shm_size = shm_bytes;
	sw->cfg.secure_base = BOARD_SECURE_RAM_BASE;
	sw->cfg.secure_size = BOARD_SECURE_RAM_SIZE;
	pthread_mutex_init(&sw->lock, NULL);
	pthread_mutex_init(&sw->reg_lock, NULL);
	INIT_LIST_HEAD(&sw->reg_shms);
	nw_ram_init(nw, bus[0], gen);
	nw_ram_sw_init(&sw->ram, bus[1], gen, sw->cfg.secure_base,
		       sw->cfg.secure_size);
	*shm_va = nw_ram_plug(nw, BOARD_SHM_BASE, shm_bytes, &fd);
	if (IS_ERR(*shm_va))
		return -1;
	if (dram_bytes) {
		*dram_va = nw_ram_plug(nw, BOARD_DRAM_BASE, dram_bytes, &fd);
		if (IS_ERR(*dram_va))
			return -1;
	}
	return nw_ram_sw_sync(&sw->ram) ? -1 : 0;
}
