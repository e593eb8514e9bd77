// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shared memory for the secure world's payloads (docs/abi.md §5.9).
 *
 * Every TA load asks for its image's size with SHM_ALLOC and gives it
 * back with SHM_FREE (OP-TEE's ree_fs_ta.c), and so does every storage
 * call for its payload.  A new buffer each time is a new memory file, its
 * RAM announced to the secure world and mapped there and here, its pages
 * faulted in as the image is read, and all of it undone at the free:
 * most of what an SHM_ALLOC + SHM_FREE pair costs beyond its two round
 * trips.  So a freed buffer is zeroed and kept (SUPP_SHM_KEEP_MAX
 * buffers, SUPP_SHM_KEEP_BYTES bytes), and the next SHM_ALLOC it fits
 * gets it again, with its id.  The protocol is OP-TEE's unchanged: the
 * driver sees an allocation of the id the answer names, as from OP-TEE's
 * tee-supplicant, and holds nothing of it between a free and the next
 * allocation; nor do requests here name a kept buffer (supp_shm_find()).
 *
 * Zeroed when kept, a reused buffer shows its next user what a new
 * memory file would: no byte of an earlier payload.  It is only reused
 * for a request of at least half its size, so the zeroing costs at most
 * twice what the request needs.  When the device refuses an allocation
 * (a context's share of the pool), the kept buffers are let go and it is
 * asked once more.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "supplicant.h"

struct supp_shm *supp_shm_find(struct supplicant *s, uint64_t id)
{
	for (size_t i = 0; i < s->nshms; i++)
		if (!s->shms[i].kept && (uint64_t)s->shms[i].id == id)
			return &s->shms[i];
	return NULL;
}

static bool is_value_inout(const struct tee_ioctl_param *p)
{
	return (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) ==
	       TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
}

static void release(struct supplicant *s, struct supp_shm *m)
{
	munmap(m->va, m->size);
	tdev_close_shm(s->dev, m->fd);
	*m = s->shms[--s->nshms];
}

static void release_kept(struct supplicant *s)
{
	size_t i = 0;

	while (i < s->nshms)
		if (s->shms[i].kept)
			release(s, &s->shms[i]);
		else
			i++;
}

/* The smallest kept buffer that holds @size bytes and not twice as many. */
static struct supp_shm *take_kept(struct supplicant *s, size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t most = 2 * ((size + page - 1) / page * page);
	struct supp_shm *best = NULL;

	for (size_t i = 0; i < s->nshms; i++) {
		struct supp_shm *m = &s->shms[i];

		if (m->kept && m->size >= size && m->size <= most &&
		    (!best || m->size < best->size))
			best = m;
	}
	if (best)
		best->kept = false;
	return best;
}

/* A new buffer from the device: 0 with its entry, or -errno. */
static long new_shm(struct supplicant *s, size_t size, struct supp_shm **out)
{
	struct tee_ioctl_shm_alloc_data data = {.size = size};
	struct supp_shm *shms;
	void *va;
	long fd;

	shms = realloc(s->shms, (s->nshms + 1) * sizeof(*shms));
	if (!shms)
		return -1;
	s->shms = shms;
	fd = tdev_ioctl(s->dev, TEE_IOC_SHM_ALLOC, &data);
	if (fd < 0)
		return fd;
	va = mmap(NULL, data.size, PROT_READ | PROT_WRITE, MAP_SHARED, (int)fd,
		  0);
	if (va == MAP_FAILED) {
		tdev_close_shm(s->dev, (int)fd);
		return -1;
	}
	shms[s->nshms] = (struct supp_shm){
		.id = data.id, .fd = (int)fd, .va = va, .size = data.size};
	*out = &shms[s->nshms++];
	return 0;
}

uint32_t supp_shm_alloc(struct supplicant *s, size_t num_params,
			struct tee_ioctl_param *params)
{
	struct supp_shm *m;
	size_t size;

	if (num_params != 1 || !is_value_inout(&params[0]))
		return TEEC_ERROR_BAD_PARAMETERS;
	size = (size_t)params[0].b;
	m = take_kept(s, size);
	if (!m && new_shm(s, size, &m)) {
		/* What we keep may be what the device lacks. */
		release_kept(s);
		if (new_shm(s, size, &m))
			return TEEC_ERROR_OUT_OF_MEMORY;
	}
	params[0].c = (uint64_t)m->id;
	return TEEC_SUCCESS;
}

/* Whether @m fits beside what is kept already. */
static bool may_keep(const struct supplicant *s, const struct supp_shm *m)
{
	size_t n = 0, bytes = m->size;

	for (size_t i = 0; i < s->nshms; i++)
		if (s->shms[i].kept) {
			n++;
			bytes += s->shms[i].size;
		}
	return n < SUPP_SHM_KEEP_MAX && bytes <= SUPP_SHM_KEEP_BYTES;
}

uint32_t supp_shm_free(struct supplicant *s, size_t num_params,
		       struct tee_ioctl_param *params)
{
	struct supp_shm *m;

	if (num_params != 1 || !is_value_inout(&params[0]))
		return TEEC_ERROR_BAD_PARAMETERS;
	m = supp_shm_find(s, params[0].b);
	if (!m)
		return TEEC_ERROR_BAD_PARAMETERS;
	if (may_keep(s, m)) {
		memset(m->va, 0, m->size);
		m->kept = true;
	} else {
		release(s, m);
	}
	return TEEC_SUCCESS;
}

void supp_shm_free_all(struct supplicant *s)
{
	while (s->nshms)
		release(s, &s->shms[0]);
	free(s->shms);
	s->shms = NULL;
}

void *supp_param_mem(struct supplicant *s, const struct tee_ioctl_param *p)
{
	struct supp_shm *m;

	if (p->c == (uint64_t)-1)
		return NULL;
	m = supp_shm_find(s, p->c);
	if (!m || p->a > m->size || p->b > m->size - p->a)
		return NULL;
	return (uint8_t *)m->va + p->a;
}
