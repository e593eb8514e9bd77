// SPDX-License-Identifier: BSD-2-Clause
/*
 * Normal-world shared memory as the secure world accepts it (OP-TEE's
 * mobj_*): plain buffers in the reserved shared memory, page lists
 * (OPTEE_MSG_ATTR_NONCONTIG, docs/abi.md §4.6) and memory the normal world
 * registered with OPTEE_MSG_CMD_REGISTER_SHM, named later by its cookie
 * in RMEM parameters.
 *
 * teebox limitation: a page list must describe pages that follow each
 * other in one chunk of normal-world RAM (which is what teed sends), so
 * that a TA can map the memory from one file.  Other lists are refused
 * with TEE_ERROR_NOT_SUPPORTED.
 */
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "kernel/alloc.h"
#include "kernel/list.h"
#include "kernel/log.h"
#include "machine/nw_ram_sw.h"
#include "nw_shm.h"
#include "secure_world.h"

#define PAGE_ENTRIES (OPTEE_MSG_NONCONTIG_PAGE_SIZE / sizeof(uint64_t))

/**
 * struct reg_shm - memory the normal world registered
 * @link:	entry in sw->reg_shms
 * @cookie:	the normal world's name for it
 * @pa:		physical address of its first byte
 * @size:	its size
 */
struct reg_shm {
	struct list_head link;
	uint64_t cookie;
	phys_addr_t pa;
	size_t size;
};

static bool in_reserved_shm(const struct sw_config *cfg, uint64_t pa,
			    uint64_t size)
{
	return pa >= cfg->shm_base && pa + size >= pa &&
	       pa + size <= cfg->shm_base + cfg->shm_size;
}

bool sw_nw_mem_get(struct secure_world *sw, uint64_t pa, uint64_t size,
		   struct nw_mem *mem)
{
	if (size > SIZE_MAX || pa + size < pa)
		return false;
	/* With dynamic shared memory any normal-world RAM will do. */
	if (!sw->cfg.dynamic_shm && !in_reserved_shm(&sw->cfg, pa, size))
		return false;
	return nw_ram_sw_get(&sw->ram, pa, (size_t)size, mem);
}

/* Reads list page @pa: 511 page addresses and the next list page. */
static bool read_list_page(struct secure_world *sw, uint64_t pa,
			   uint64_t entries[PAGE_ENTRIES])
{
	struct nw_mem m;

	if (!IS_ALIGNED(pa, OPTEE_MSG_NONCONTIG_PAGE_SIZE) ||
	    !nw_ram_sw_get(&sw->ram, pa, OPTEE_MSG_NONCONTIG_PAGE_SIZE, &m))
		return false;
	/* Copied once: the normal world may change its copy. */
	memcpy(entries, m.va, OPTEE_MSG_NONCONTIG_PAGE_SIZE);
	nw_ram_sw_put(&m);
	return true;
}

/*
 * Walks the page list at @list_pa | offset for @size bytes; on success
 * *@start is the physical address of the first byte.  All pages must
 * follow each other (see above).
 */
static TEE_Result walk_page_list(struct secure_world *sw, uint64_t buf_ptr,
				 uint64_t size, uint64_t *start)
{
	uint64_t offset = buf_ptr & (OPTEE_MSG_NONCONTIG_PAGE_SIZE - 1);
	uint64_t list = buf_ptr - offset;
	uint64_t entries[PAGE_ENTRIES];
	uint64_t npages, first = 0;

	if (!size || size > SIZE_MAX - offset)
		return TEE_ERROR_BAD_PARAMETERS;
	npages = (offset + size + OPTEE_MSG_NONCONTIG_PAGE_SIZE - 1) /
		 OPTEE_MSG_NONCONTIG_PAGE_SIZE;
	for (uint64_t i = 0; i < npages; i++) {
		size_t e = (size_t)(i % (PAGE_ENTRIES - 1));

		if (!e) {
			if (!read_list_page(sw, list, entries))
				return TEE_ERROR_BAD_PARAMETERS;
			list = entries[PAGE_ENTRIES - 1];
		}
		if (!i)
			first = entries[0];
		if (!IS_ALIGNED(entries[e], OPTEE_MSG_NONCONTIG_PAGE_SIZE))
			return TEE_ERROR_BAD_PARAMETERS;
		if (entries[e] != first + i * OPTEE_MSG_NONCONTIG_PAGE_SIZE) {
			pr_err("page list of scattered pages: not supported");
			return TEE_ERROR_NOT_SUPPORTED;
		}
	}
	*start = first + offset;
	return TEE_SUCCESS;
}

TEE_Result sw_noncontig_get(struct secure_world *sw, uint64_t buf_ptr,
			    uint64_t size, struct nw_mem *mem)
{
	uint64_t pa;
	TEE_Result res;

	if (!sw->cfg.dynamic_shm)
		return TEE_ERROR_BAD_PARAMETERS;
	res = walk_page_list(sw, buf_ptr, size, &pa);
	if (res)
		return res;
	/* One chunk holds it all, or it is not normal-world RAM. */
	if (!nw_ram_sw_get(&sw->ram, pa, (size_t)size, mem))
		return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS;
}

static struct reg_shm *find_reg(struct secure_world *sw, uint64_t cookie)
{
	struct reg_shm *r;

	list_for_each_entry(r, &sw->reg_shms, link)
		if (r->cookie == cookie)
			return r;
	return NULL;
}

TEE_Result sw_reg_shm_register(struct secure_world *sw, uint64_t cookie,
			       uint64_t buf_ptr, uint64_t size)
{
	struct reg_shm *r;
	struct nw_mem m;
	TEE_Result res;

	res = sw_noncontig_get(sw, buf_ptr, size, &m);
	if (res)
		return res;
	r = kzalloc(sizeof(*r));
	if (!r) {
		nw_ram_sw_put(&m);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	r->cookie = cookie;
	r->pa = m.pa;
	r->size = (size_t)size;
	nw_ram_sw_put(&m);

	pthread_mutex_lock(&sw->reg_lock);
	if (find_reg(sw, cookie)) {
		res = TEE_ERROR_BAD_PARAMETERS;
	} else {
		list_add_tail(&r->link, &sw->reg_shms);
		r = NULL;
	}
	pthread_mutex_unlock(&sw->reg_lock);
	kfree(r);
	return res;
}

TEE_Result sw_reg_shm_unregister(struct secure_world *sw, uint64_t cookie)
{
	struct reg_shm *r;

	pthread_mutex_lock(&sw->reg_lock);
	r = find_reg(sw, cookie);
	if (r)
		list_del(&r->link);
	pthread_mutex_unlock(&sw->reg_lock);
	kfree(r);
	return r ? TEE_SUCCESS : TEE_ERROR_ITEM_NOT_FOUND;
}

TEE_Result sw_reg_shm_get(struct secure_world *sw, uint64_t cookie,
			  uint64_t offs, uint64_t size, struct nw_mem *mem)
{
	TEE_Result res = TEE_ERROR_BAD_PARAMETERS;
	struct reg_shm *r;

	pthread_mutex_lock(&sw->reg_lock);
	r = find_reg(sw, cookie);
	/*
	 * The range must lie in the registration.  The memory itself is
	 * referenced through its RAM chunk, so an unregister meanwhile does
	 * not pull it from under the call.
	 */
	if (r && offs <= r->size && size <= r->size - offs &&
	    nw_ram_sw_get(&sw->ram, r->pa + offs, (size_t)size, mem))
		res = TEE_SUCCESS;
	pthread_mutex_unlock(&sw->reg_lock);
	return res;
}

size_t sw_reg_shm_count(struct secure_world *sw)
{
	size_t n;

	pthread_mutex_lock(&sw->reg_lock);
	n = list_count(&sw->reg_shms);
	pthread_mutex_unlock(&sw->reg_lock);
	return n;
}

void sw_reg_shm_release_all(struct secure_world *sw)
{
	struct reg_shm *r, *tmp;

	pthread_mutex_lock(&sw->reg_lock);
	list_for_each_entry_safe(r, tmp, &sw->reg_shms, link) {
		list_del(&r->link);
		kfree(r);
	}
	pthread_mutex_unlock(&sw->reg_lock);
}
