// SPDX-License-Identifier: BSD-2-Clause
/* Normal-world RAM as teed manages it; see nw_ram_nw.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tbx/memfd.h>
#include <tbx/sock.h>

#include "kernel/alloc.h"
#include "kernel/err.h"
#include "nw_ram.h"
#include "nw_ram_nw.h"

struct nw_chunk {
	struct list_head link;
	phys_addr_t pa;
	size_t size;
	int fd;
	void *va;
};

void nw_ram_init(struct nw_ram *ram, int bus_fd, _Atomic uint64_t *gen)
{
	pthread_mutex_init(&ram->lock, NULL);
	INIT_LIST_HEAD(&ram->chunks);
	ram->bus_fd = bus_fd;
	ram->gen = gen;
}

/* Sends one message (with @fd when >= 0) and counts it.  Lock held. */
static int announce(struct nw_ram *ram, const struct nw_ram_msg *msg, int fd)
{
	if (tbx_send(ram->bus_fd, msg, sizeof(*msg), fd))
		return -EPIPE;
	/* The message is queued before the secure world sees the count. */
	if (ram->gen)
		atomic_fetch_add(ram->gen, 1);
	return 0;
}

static bool overlaps(struct nw_ram *ram, phys_addr_t pa, size_t size)
{
	struct nw_chunk *c;

	list_for_each_entry(c, &ram->chunks, link)
		if (pa < c->pa + c->size && c->pa < pa + size)
			return true;
	return false;
}

/*
 * Maps @fd (which the chunk then owns) at [@pa, @pa + @size) and tells
 * the secure world.  Returns the mapping or an ERR_PTR; @fd is closed on
 * failure.
 */
static void *plug_file(struct nw_ram *ram, phys_addr_t pa, size_t size, int fd)
{
	struct nw_ram_msg msg = {.type = NW_RAM_PLUG, .pa = pa, .size = size};
	struct nw_chunk *c;
	int rc;

	if (!size || !IS_ALIGNED(pa, PAGE_SIZE) ||
	    !IS_ALIGNED(size, PAGE_SIZE) || pa + size < pa ||
	    !memfd_check_sealed(fd, size)) {
		close(fd);
		return ERR_PTR(-EINVAL);
	}
	c = kzalloc(sizeof(*c));
	if (!c) {
		close(fd);
		return ERR_PTR(-ENOMEM);
	}
	c->pa = pa;
	c->size = size;
	c->fd = fd;
	c->va = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, 0);
	if (c->va == MAP_FAILED) {
		rc = -ENOMEM;
		goto err_close;
	}

	pthread_mutex_lock(&ram->lock);
	rc = overlaps(ram, pa, size) ? -EINVAL : announce(ram, &msg, c->fd);
	if (!rc)
		list_add_tail(&c->link, &ram->chunks);
	pthread_mutex_unlock(&ram->lock);
	if (rc)
		goto err_unmap;
	return c->va;

err_unmap:
	munmap(c->va, size);
err_close:
	close(c->fd);
	kfree(c);
	return ERR_PTR(rc);
}

void *nw_ram_plug(struct nw_ram *ram, phys_addr_t pa, size_t size, int *fd)
{
	int f = memfd_new_sealed("teebox-nw-ram", size, false);
	void *va;

	if (f < 0)
		return ERR_PTR(f);
	va = plug_file(ram, pa, size, f);
	if (!IS_ERR(va))
		*fd = f;
	return va;
}

void *nw_ram_plug_fd(struct nw_ram *ram, phys_addr_t pa, size_t size, int fd)
{
	int f = fcntl(fd, F_DUPFD_CLOEXEC, 0);

	if (f < 0)
		return ERR_PTR(-errno);
	return plug_file(ram, pa, size, f);
}

static void chunk_free(struct nw_chunk *c)
{
	munmap(c->va, c->size);
	close(c->fd);
	kfree(c);
}

void nw_ram_unplug(struct nw_ram *ram, phys_addr_t pa)
{
	struct nw_ram_msg msg = {.type = NW_RAM_UNPLUG, .pa = pa};
	struct nw_chunk *c, *found = NULL;

	pthread_mutex_lock(&ram->lock);
	list_for_each_entry(c, &ram->chunks, link) {
		if (c->pa == pa) {
			found = c;
			list_del(&c->link);
			/* A dead secure world needs no notice. */
			announce(ram, &msg, -1);
			break;
		}
	}
	pthread_mutex_unlock(&ram->lock);
	if (found)
		chunk_free(found);
}

size_t nw_ram_count(struct nw_ram *ram)
{
	size_t n;

	pthread_mutex_lock(&ram->lock);
	n = list_count(&ram->chunks);
	pthread_mutex_unlock(&ram->lock);
	return n;
}

void nw_ram_destroy(struct nw_ram *ram)
{
	struct nw_chunk *c, *tmp;

	pthread_mutex_lock(&ram->lock);
	list_for_each_entry_safe(c, tmp, &ram->chunks, link) {
		list_del(&c->link);
		chunk_free(c);
	}
	pthread_mutex_unlock(&ram->lock);
	pthread_mutex_destroy(&ram->lock);
}
