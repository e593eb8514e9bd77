/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Normal-world RAM of the emulated machine.
 *
 * RAM is a set of chunks, each a sealed memory file with a physical
 * address range.  teed (the normal world) creates and removes chunks as
 * it needs memory; every change is announced to the secure world over the
 * "bus" socket (a PLUG message carries the file), and then counted in the
 * conduit's ram_gen so the secure world knows to read the bus before it
 * trusts its map.  Only the normal world ever creates chunks: a physical
 * address the normal world hands to the secure world is valid exactly
 * when it falls inside a chunk.
 */
#ifndef TEEBOX_MACHINE_NW_RAM_H
#define TEEBOX_MACHINE_NW_RAM_H

#include <stdint.h>

enum nw_ram_msg_type {
	NW_RAM_PLUG = 1,   /* a new chunk; its memory file rides along */
	NW_RAM_UNPLUG = 2, /* the chunk at pa is gone */
};

/**
 * struct nw_ram_msg - one bus message
 * @type:	enum nw_ram_msg_type
 * @pa:		first physical address of the chunk
 * @size:	size of the chunk (PLUG)
 */
struct nw_ram_msg {
	uint32_t type;
	uint32_t pad;
	uint64_t pa;
	uint64_t size;
};

#endif
