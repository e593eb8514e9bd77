// SPDX-License-Identifier: BSD-2-Clause
/*
 * Dynamic shared memory: registering memory with the secure world
 * (OPTEE_MSG_CMD_REGISTER_SHM / UNREGISTER_SHM with NONCONTIG page lists,
 * docs/abi.md §4.4, §4.6; mainline smc_abi.c).
 *
 * Two kinds of memory are registered: user-visible allocations of the
 * dynamic pool, and memory a client registers itself (TEE_IOC_SHM_REGISTER),
 * whose file teed plugs into DRAM here.  Registered memory is named by its
 * cookie in RMEM parameters.
 */
#include <errno.h>
#include <string.h>

#include "kernel/log.h"
#include "optee_private.h"

#define LIST_PAGE  OPTEE_MSG_NONCONTIG_PAGE_SIZE
#define LIST_SLOTS (LIST_PAGE / sizeof(u64))
#define LIST_DATA  (LIST_SLOTS - 1) /* the last slot links the next page */

struct tee_shm *optee_page_list(struct tee_context *ctx, struct tee_shm *shm,
				u64 *buf_ptr)
{
	phys_addr_t first = ALIGN_DOWN(shm->paddr, LIST_PAGE);
	size_t npages =
		(shm->paddr - first + shm->size + LIST_PAGE - 1) / LIST_PAGE;
	size_t nlists = (npages + LIST_DATA - 1) / LIST_DATA;
	struct tee_shm *list;
	phys_addr_t list_pa;
	u64 *slots;

	/* One page more than needed, to place the list on a page boundary. */
	list = tee_shm_alloc(ctx, (nlists + 1) * LIST_PAGE, TEE_SHM_MAPPED);
	if (IS_ERR(list))
		return list;
	list_pa = ALIGN_UP(list->paddr, LIST_PAGE);
	slots = (u64 *)((char *)list->kaddr + (list_pa - list->paddr));
	for (size_t i = 0; i < npages; i++) {
		size_t l = i / LIST_DATA, e = i % LIST_DATA;

		slots[l * LIST_SLOTS + e] = first + i * LIST_PAGE;
		if (e == LIST_DATA - 1)
			slots[l * LIST_SLOTS + LIST_DATA] =
				list_pa + (l + 1) * LIST_PAGE;
	}
	*buf_ptr = list_pa | (shm->paddr & (LIST_PAGE - 1));
	return list;
}

/* Sends REGISTER_SHM or UNREGISTER_SHM for @shm; returns its result. */
static int send_shm_cmd(struct optee *optee, struct tee_shm *shm, u32 cmd)
{
	struct tee_context *ctx = optee->ctx;
	struct tee_shm *list = NULL;
	struct optee_msg_arg *arg;
	struct tee_shm *msg;
	phys_addr_t parg;
	u64 buf_ptr = 0;
	int rc = 0;

	if (!ctx)
		return -ENODEV;
	msg = optee_get_msg_arg(ctx, 1, &arg, &parg);
	if (IS_ERR(msg))
		return (int)PTR_ERR(msg);
	arg->cmd = cmd;
	if (cmd == OPTEE_MSG_CMD_REGISTER_SHM) {
		list = optee_page_list(ctx, shm, &buf_ptr);
		if (IS_ERR(list)) {
			rc = (int)PTR_ERR(list);
			goto out;
		}
		/* OP-TEE accepts exactly this attribute (docs/abi.md §4.4). */
		arg->params[0].attr = OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT |
				      OPTEE_MSG_ATTR_NONCONTIG;
		arg->params[0].u.tmem.buf_ptr = buf_ptr;
		arg->params[0].u.tmem.size = shm->size;
		arg->params[0].u.tmem.shm_ref = shm->sec_world_id;
	} else {
		arg->params[0].attr = OPTEE_MSG_ATTR_TYPE_RMEM_INPUT;
		arg->params[0].u.rmem.shm_ref = shm->sec_world_id;
	}
	if (optee_do_call_with_arg(ctx, parg) || arg->ret != TEEC_SUCCESS)
		rc = -EINVAL;
	if (list)
		tee_shm_free(list);
out:
	tee_shm_free(msg);
	return rc;
}

int optee_shm_register_pages(struct optee *optee, struct tee_shm *shm)
{
	int rc = send_shm_cmd(optee, shm, OPTEE_MSG_CMD_REGISTER_SHM);

	if (!rc)
		shm->priv_flags |= OPTEE_SHM_REGISTERED;
	return rc;
}

void optee_shm_unregister_pages(struct optee *optee, struct tee_shm *shm)
{
	if (!(shm->priv_flags & OPTEE_SHM_REGISTERED))
		return;
	shm->priv_flags &= ~OPTEE_SHM_REGISTERED;
	if (send_shm_cmd(optee, shm, OPTEE_MSG_CMD_UNREGISTER_SHM))
		pr_err("optee: secure world kept shm 0x%llx registered",
		       (unsigned long long)shm->sec_world_id);
}

/*
 * Gives user memory a physical address in DRAM (its file plugged there)
 * and a cookie.  Without dynamic shared memory there is no DRAM to plug
 * it into: the secure world refuses such memory (-EINVAL).
 */
static int plug_user_mem(struct optee *optee, struct tee_shm *shm)
{
	struct platform *plat = optee->plat;
	size_t span = ALIGN_UP(shm->offset + shm->size, PAGE_SIZE);
	unsigned long pa;
	void *va;
	int rc;

	if (!optee->dynamic_shm || !optee->dram_space || shm->backing_fd < 0 ||
	    !shm->size || span < shm->size)
		return -EINVAL;
	pa = gen_pool_alloc(optee->dram_space, span);
	if (!pa)
		return -ENOMEM;
	va = plat->ops->ram_plug_fd(plat, pa, span, shm->backing_fd);
	if (IS_ERR(va)) {
		rc = (int)PTR_ERR(va);
		goto err_space;
	}
	shm->paddr = pa + shm->offset;
	if (!shm->kaddr)
		shm->kaddr = (char *)va + shm->offset;
	rc = optee_cookie_add(optee, shm);
	if (rc)
		goto err_unplug;
	return 0;

err_unplug:
	plat->ops->ram_unplug(plat, pa);
err_space:
	gen_pool_free(optee->dram_space, pa, span);
	return rc;
}

/* Undoes plug_user_mem(). */
static void unplug_user_mem(struct optee *optee, struct tee_shm *shm)
{
	struct platform *plat = optee->plat;
	phys_addr_t pa = shm->paddr - shm->offset;

	optee_cookie_remove(optee, shm);
	plat->ops->ram_unplug(plat, pa);
	if (optee->dram_space)
		gen_pool_free(optee->dram_space, (unsigned long)pa,
			      ALIGN_UP(shm->offset + shm->size, PAGE_SIZE));
}

int optee_shm_register(struct tee_context *ctx, struct tee_shm *shm)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	int rc = plug_user_mem(optee, shm);

	if (rc)
		return rc;
	rc = optee_shm_register_pages(optee, shm);
	if (rc)
		unplug_user_mem(optee, shm);
	return rc;
}

int optee_shm_unregister(struct tee_device *teedev, struct tee_shm *shm)
{
	struct optee *optee = tee_get_drvdata(teedev);

	optee_shm_unregister_pages(optee, shm);
	unplug_user_mem(optee, shm);
	return 0;
}

int optee_shm_register_supp(struct tee_context *ctx, struct tee_shm *shm)
{
	struct optee *optee = tee_get_drvdata(ctx->teedev);
	int rc;

	/* Mainline checks the memory type only (optee_check_mem_type). */
	if (!optee->dynamic_shm)
		return 0;
	rc = plug_user_mem(optee, shm);
	if (!rc)
		shm->priv_flags |= OPTEE_SHM_SUPP_PAGES;
	return rc;
}

int optee_shm_unregister_supp(struct tee_device *teedev, struct tee_shm *shm)
{
	struct optee *optee = tee_get_drvdata(teedev);

	if (shm->priv_flags & OPTEE_SHM_SUPP_PAGES)
		unplug_user_mem(optee, shm);
	return 0;
}
