/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Normal-world RAM as the secure world sees it; see nw_ram.h.
 *
 * The secure world trusts no address from the normal world: a physical
 * range is usable only when it lies wholly inside one announced chunk,
 * and a chunk is accepted only when it is page aligned, does not overlap
 * another chunk or secure RAM, and its file is sealed against shrinking.
 */
#ifndef TEEBOX_MACHINE_NW_RAM_SW_H
#define TEEBOX_MACHINE_NW_RAM_SW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "kernel/types.h"

struct sw_chunk;

/**
 * struct nw_ram_sw - the secure world's map of normal-world RAM
 * @lock:	protects the array; readers look up, the writer applies
 *		bus messages
 * @chunks:	chunks sorted by address
 * @nchunks:	entries used
 * @cap:	entries allocated
 * @bus_fd:	socket from the normal world
 * @gen:	the conduit's ram_gen counter
 * @seen:	the counter's value when the bus was last read
 * @secure_base: secure RAM, never accepted as normal-world RAM
 * @secure_size: its size
 * @next_id:	id of the next chunk (ids are never reused)
 */
struct nw_ram_sw {
	pthread_rwlock_t lock;
	struct sw_chunk **chunks;
	size_t nchunks;
	size_t cap;
	int bus_fd;
	_Atomic uint64_t *gen;
	_Atomic uint64_t seen;
	phys_addr_t secure_base;
	size_t secure_size;
	uint64_t next_id;
};

/**
 * struct nw_mem - a validated range of normal-world memory in use
 * @chunk:	the chunk (holds a reference until nw_ram_sw_put())
 * @va:		where the range is mapped in the secure world
 * @fd:		the chunk's file, to pass on to a TA
 * @offset:	offset of the range in that file
 * @chunk_id:	the chunk's id (stable while the reference is held)
 * @pa:		the range's physical address
 */
struct nw_mem {
	struct sw_chunk *chunk;
	void *va;
	int fd;
	size_t offset;
	uint64_t chunk_id;
	phys_addr_t pa;
};

/** nw_ram_sw_init() - an empty map fed by @bus_fd. */
void nw_ram_sw_init(struct nw_ram_sw *ram, int bus_fd, _Atomic uint64_t *gen,
		    phys_addr_t secure_base, size_t secure_size);

/**
 * nw_ram_sw_sync() - apply every bus message that is waiting
 * Return: 0, or -EPIPE when the normal world has gone away.
 */
int nw_ram_sw_sync(struct nw_ram_sw *ram);

/**
 * nw_ram_sw_get() - validate [@pa, @pa + @size) and take a reference on
 * its chunk (a size of 0 checks the address only)
 * Return: true and fills @mem, or false when the range is not normal-world
 * RAM.
 */
bool nw_ram_sw_get(struct nw_ram_sw *ram, phys_addr_t pa, size_t size,
		   struct nw_mem *mem);

/** nw_ram_sw_put() - drop the reference nw_ram_sw_get() took. */
void nw_ram_sw_put(struct nw_mem *mem);

/** nw_ram_sw_count() - chunks in the map. */
size_t nw_ram_sw_count(struct nw_ram_sw *ram);

#endif
