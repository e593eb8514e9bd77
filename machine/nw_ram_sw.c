// SPDX-License-Identifier: BSD-2-Clause
/* Normal-world RAM as the secure world sees it; see nw_ram_sw.h. */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <tbx/memfd.h>
#include <tbx/sock.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "nw_ram.h"
#include "nw_ram_sw.h"

/**
 * struct sw_chunk - one chunk of normal-world RAM
 * @pa, @size:	its physical range
 * @fd:		its file
 * @va:		where it is mapped here
 * @id:		unique id
 * @refs:	one for being in the map, one per nw_ram_sw_get()
 */
struct sw_chunk {
	phys_addr_t pa;
	size_t size;
	int fd;
	void *va;
	uint64_t id;
	atomic_uint refs;
};

void nw_ram_sw_init(struct nw_ram_sw *ram, int bus_fd, _Atomic uint64_t *gen,
		    phys_addr_t secure_base, size_t secure_size)
{
	memset(ram, 0, sizeof(*ram));
	pthread_rwlock_init(&ram->lock, NULL);
	ram->bus_fd = bus_fd;
	ram->gen = gen;
	ram->secure_base = secure_base;
	ram->secure_size = secure_size;
	ram->next_id = 1;
}

static void chunk_put(struct sw_chunk *c)
{
	if (atomic_fetch_sub(&c->refs, 1) != 1)
		return;
	munmap(c->va, c->size);
	close(c->fd);
	kfree(c);
}

/* Index of the first chunk that ends after @pa. */
static size_t lower_bound(const struct nw_ram_sw *ram, phys_addr_t pa)
{
	size_t lo = 0, hi = ram->nchunks;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct sw_chunk *c = ram->chunks[mid];

		if (c->pa + c->size <= pa)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool range_ok(const struct nw_ram_sw *ram, phys_addr_t pa, size_t size)
{
	size_t i;

	if (!size || !IS_ALIGNED(pa, PAGE_SIZE) ||
	    !IS_ALIGNED(size, PAGE_SIZE) || pa + size < pa)
		return false;
	if (pa < ram->secure_base + ram->secure_size &&
	    ram->secure_base < pa + size)
		return false;
	i = lower_bound(ram, pa);
	return i == ram->nchunks || ram->chunks[i]->pa >= pa + size;
}

/* Adds a chunk from a PLUG message; takes ownership of @fd. */
static void apply_plug(struct nw_ram_sw *ram, const struct nw_ram_msg *msg,
		       int fd)
{
	struct sw_chunk *c = NULL;
	size_t i;

	if (fd < 0 || !range_ok(ram, msg->pa, msg->size) ||
	    !memfd_check_sealed(fd, msg->size))
		goto refuse;
	if (ram->nchunks == ram->cap) {
		size_t cap = ram->cap ? ram->cap * 2 : 64;
		struct sw_chunk **a = kcalloc(cap, sizeof(*a));

		if (!a)
			goto refuse;
		if (ram->chunks)
			memcpy(a, ram->chunks, ram->nchunks * sizeof(*a));
		kfree(ram->chunks);
		ram->chunks = a;
		ram->cap = cap;
	}
	c = kzalloc(sizeof(*c));
	if (!c)
		goto refuse;
	c->va = mmap(NULL, msg->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		     0);
	if (c->va == MAP_FAILED)
		goto refuse;
	c->pa = msg->pa;
	c->size = msg->size;
	c->fd = fd;
	c->id = ram->next_id++;
	atomic_store(&c->refs, 1);
	i = lower_bound(ram, c->pa);
	memmove(&ram->chunks[i + 1], &ram->chunks[i],
		(ram->nchunks - i) * sizeof(c));
	ram->chunks[i] = c;
	ram->nchunks++;
	return;
refuse:
	pr_err("refusing normal-world RAM at 0x%llx (+0x%llx): invalid range",
	       (unsigned long long)msg->pa, (unsigned long long)msg->size);
	kfree(c);
	if (fd >= 0)
		close(fd);
}

static void apply_unplug(struct nw_ram_sw *ram, const struct nw_ram_msg *msg)
{
	size_t i = lower_bound(ram, msg->pa);
	struct sw_chunk *c;

	if (i == ram->nchunks || ram->chunks[i]->pa != msg->pa)
		return;
	c = ram->chunks[i];
	memmove(&ram->chunks[i], &ram->chunks[i + 1],
		(ram->nchunks - i - 1) * sizeof(c));
	ram->nchunks--;
	/* In-flight users keep the mapping until they put it. */
	chunk_put(c);
}

/* Receives one message; 1 = got one, 0 = none waiting, -EPIPE = gone. */
static int recv_msg(int bus_fd, struct nw_ram_msg *msg, int *fd)
{
	ssize_t n = tbx_recv_flags(bus_fd, msg, sizeof(*msg), fd, MSG_DONTWAIT);

	if (n == -EAGAIN || n == -EINTR)
		return 0;
	if (n == 0 || (n < 0 && n != -EMSGSIZE))
		return -EPIPE;
	if (n != (ssize_t)sizeof(*msg)) {
		/* Malformed: dropped. */
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		msg->type = 0;
	}
	return 1;
}

int nw_ram_sw_sync(struct nw_ram_sw *ram)
{
	struct nw_ram_msg msg;
	int fd, rc;

	pthread_rwlock_wrlock(&ram->lock);
	ram->seen = ram->gen ? atomic_load(ram->gen) : 0;
	while ((rc = recv_msg(ram->bus_fd, &msg, &fd)) > 0) {
		if (msg.type == NW_RAM_PLUG) {
			apply_plug(ram, &msg, fd);
			continue;
		}
		if (fd >= 0)
			close(fd);
		if (msg.type == NW_RAM_UNPLUG)
			apply_unplug(ram, &msg);
	}
	pthread_rwlock_unlock(&ram->lock);
	return rc;
}

bool nw_ram_sw_get(struct nw_ram_sw *ram, phys_addr_t pa, size_t size,
		   struct nw_mem *mem)
{
	struct sw_chunk *c = NULL;
	size_t i;

	if (pa + size < pa)
		return false;
	/* The normal world may have plugged memory we have not read yet. */
	if (ram->gen && atomic_load(ram->gen) != ram->seen)
		nw_ram_sw_sync(ram);

	pthread_rwlock_rdlock(&ram->lock);
	i = lower_bound(ram, pa);
	if (i < ram->nchunks) {
		c = ram->chunks[i];
		if (pa < c->pa || pa + size > c->pa + c->size)
			c = NULL;
		else
			atomic_fetch_add(&c->refs, 1);
	}
	pthread_rwlock_unlock(&ram->lock);
	if (!c)
		return false;
	mem->chunk = c;
	mem->offset = (size_t)(pa - c->pa);
	mem->va = (char *)c->va + mem->offset;
	mem->fd = c->fd;
	mem->chunk_id = c->id;
	mem->pa = pa;
	return true;
}

void nw_ram_sw_put(struct nw_mem *mem)
{
	if (mem->chunk)
		chunk_put(mem->chunk);
	mem->chunk = NULL;
}

size_t nw_ram_sw_count(struct nw_ram_sw *ram)
{
	size_t n;

	pthread_rwlock_rdlock(&ram->lock);
	n = ram->nchunks;
	pthread_rwlock_unlock(&ram->lock);
	return n;
}
