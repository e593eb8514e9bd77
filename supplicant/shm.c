// SPDX-License-Identifier: BSD-2-Clause
/* Shared memory for the secure world's payloads (docs/abi.md §5.9). */
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "supplicant.h"

struct supp_shm *supp_shm_find(struct supplicant *s, uint64_t id)
{
	for (size_t i = 0; i < s->nshms; i++)
		if ((uint64_t)s->shms[i].id == id)
			return &s->shms[i];
	return NULL;
}

static bool is_value_inout(const struct tee_ioctl_param *p)
{
	return (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) ==
	       TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
}

uint32_t supp_shm_alloc(struct supplicant *s, size_t num_params,
			struct tee_ioctl_param *params)
{
	struct tee_ioctl_shm_alloc_data data = {0};
	struct supp_shm *shms;
	void *va;
	long fd;

	if (num_params != 1 || !is_value_inout(&params[0]))
		return TEEC_ERROR_BAD_PARAMETERS;
	data.size = params[0].b;
	shms = realloc(s->shms, (s->nshms + 1) * sizeof(*shms));
	if (!shms)
		return TEEC_ERROR_OUT_OF_MEMORY;
	s->shms = shms;
	fd = tdev_ioctl(s->dev, TEE_IOC_SHM_ALLOC, &data);
	if (fd < 0)
		return TEEC_ERROR_OUT_OF_MEMORY;
	va = mmap(NULL, data.size, PROT_READ | PROT_WRITE, MAP_SHARED, (int)fd,
		  0);
	if (va == MAP_FAILED) {
		tdev_close_shm(s->dev, (int)fd);
		return TEEC_ERROR_OUT_OF_MEMORY;
	}
	shms[s->nshms++] = (struct supp_shm){
		.id = data.id, .fd = (int)fd, .va = va, .size = data.size};
	params[0].c = (uint64_t)data.id;
	return TEEC_SUCCESS;
}

static void release(struct supplicant *s, struct supp_shm *m)
{
	munmap(m->va, m->size);
	tdev_close_shm(s->dev, m->fd);
	*m = s->shms[--s->nshms];
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
	release(s, m);
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
