/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A secure world without its threads, for tests and fuzz targets that
 * drive its message and RPC code directly: its configuration as the
 * board has it, and normal-world RAM plugged and announced to it over a
 * bus socket pair, as teed would.
 */
#ifndef TEEBOX_TESTS_SW_TEST_WORLD_H
#define TEEBOX_TESTS_SW_TEST_WORLD_H

#include <stddef.h>
#include <stdint.h>

#include "machine/nw_ram_nw.h"
#include "secure/secure_world.h"

/**
 * sw_test_world_init() - set up @sw with one secure thread and the
 * board's address map, and plug @shm_bytes of reserved shared memory
 * (and @dram_bytes of DRAM if not 0) into @nw, announced to @sw
 * @sw, @nw:	zeroed structs, initialised here
 * @gen:	the RAM generation counter both sides share
 * @shm_bytes, @shm_va:	the reserved memory and where it is mapped
 * @dram_bytes, @dram_va:	the same for DRAM (@dram_va may be NULL when
 *		@dram_bytes is 0)
 *
 * The secure world's log is quieted to below errors: what the code under
 * test refuses is expected, and a crash's report stays readable.
 * Return: 0, or -1 if the RAM could not be set up.
 */
int sw_test_world_init(struct secure_world *sw, struct nw_ram *nw,
		       _Atomic uint64_t *gen, size_t shm_bytes,
		       uint8_t **shm_va, size_t dram_bytes, uint8_t **dram_va);

#endif
