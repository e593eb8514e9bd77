/* SPDX-License-Identifier: BSD-2-Clause */
/* Normal-world RAM as teed manages it; see nw_ram.h. */
#ifndef TEEBOX_MACHINE_NW_RAM_NW_H
#define TEEBOX_MACHINE_NW_RAM_NW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "kernel/list.h"
#include "kernel/types.h"

/**
 * struct nw_ram - the normal world's RAM map
 * @lock:	protects @chunks and serialises bus messages with @gen
 * @chunks:	plugged chunks
 * @bus_fd:	socket to the secure world
 * @gen:	the conduit's ram_gen counter
 */
struct nw_ram {
	pthread_mutex_t lock;
	struct list_head chunks;
	int bus_fd;
	_Atomic uint64_t *gen;
};

/** nw_ram_init() - an empty map announcing on @bus_fd, counting in @gen. */
void nw_ram_init(struct nw_ram *ram, int bus_fd, _Atomic uint64_t *gen);

/**
 * nw_ram_plug() - create RAM at [@pa, @pa + @size), page aligned, backed
 * by a new zeroed memory file, mapped here and announced to the secure
 * world
 * @fd:		[out] the chunk's file (owned by the map; dup it to share)
 * Return: the local mapping or an ERR_PTR (-EINVAL overlap/alignment,
 * -ENOMEM, -EPIPE when the secure world is gone).
 */
void *nw_ram_plug(struct nw_ram *ram, phys_addr_t pa, size_t size, int *fd);

/**
 * nw_ram_plug_fd() - make [@pa, @pa + @size) normal-world RAM backed by
 * the file @fd, which must be sealed against shrinking and hold at least
 * @size bytes (e.g. memory a client registers); the chunk keeps its own
 * duplicate of @fd
 * Return: the local mapping or an ERR_PTR (-EINVAL: not such a file, or
 * overlap/alignment).
 */
void *nw_ram_plug_fd(struct nw_ram *ram, phys_addr_t pa, size_t size, int fd);

/**
 * nw_ram_unplug() - remove the chunk that starts at @pa: announced to the
 * secure world, unmapped and closed
 */
void nw_ram_unplug(struct nw_ram *ram, phys_addr_t pa);

/** nw_ram_count() - number of chunks (leak checks). */
size_t nw_ram_count(struct nw_ram *ram);

/** nw_ram_destroy() - unplug everything. */
void nw_ram_destroy(struct nw_ram *ram);

#endif
