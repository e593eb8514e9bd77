/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Normal-world shared memory as the secure world accepts it (OP-TEE's
 * mobj_* in mm/mobj.h): buffers in the reserved shared memory or, with
 * dynamic shared memory, anywhere in normal-world RAM; page lists; and
 * memory the normal world registered, named by its cookie.  Every
 * function takes a reference on the memory it validates (nw_ram_sw_get()).
 */
#ifndef TEEBOX_SECURE_NW_SHM_H
#define TEEBOX_SECURE_NW_SHM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine/nw_ram_sw.h"
#include "ta/include/tee_api_types.h"

struct secure_world;

/**
 * sw_nw_mem_get() - validate a contiguous normal-world buffer: in the
 * reserved shared memory, or (dynamic shared memory) anywhere in
 * normal-world RAM; takes a reference like nw_ram_sw_get()
 * Return: true with a reference in @mem, false for memory we refuse.
 */
bool sw_nw_mem_get(struct secure_world *sw, uint64_t pa, uint64_t size,
		   struct nw_mem *mem);

/**
 * sw_noncontig_get() - the buffer a NONCONTIG page list at @buf_ptr
 * (list address | offset in the first page) describes for @size bytes
 * Return: TEE_SUCCESS with a reference in @mem, TEE_ERROR_BAD_PARAMETERS,
 * or TEE_ERROR_NOT_SUPPORTED for pages that do not follow each other.
 */
TEE_Result sw_noncontig_get(struct secure_world *sw, uint64_t buf_ptr,
			    uint64_t size, struct nw_mem *mem);

/**
 * sw_reg_shm_register() - OPTEE_MSG_CMD_REGISTER_SHM of a page list
 * Return: TEE_SUCCESS; an error of sw_noncontig_get();
 * TEE_ERROR_OUT_OF_MEMORY; TEE_ERROR_BAD_PARAMETERS when @cookie is
 * registered already.
 */
TEE_Result sw_reg_shm_register(struct secure_world *sw, uint64_t cookie,
			       uint64_t buf_ptr, uint64_t size);

/**
 * sw_reg_shm_unregister() - OPTEE_MSG_CMD_UNREGISTER_SHM
 * Return: TEE_SUCCESS, or TEE_ERROR_ITEM_NOT_FOUND for an unknown @cookie.
 */
TEE_Result sw_reg_shm_unregister(struct secure_world *sw, uint64_t cookie);

/**
 * sw_reg_shm_get() - [@offs, @offs + @size) of registered memory @cookie
 * (an RMEM parameter), with a reference in @mem
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS.
 */
TEE_Result sw_reg_shm_get(struct secure_world *sw, uint64_t cookie,
			  uint64_t offs, uint64_t size, struct nw_mem *mem);

/** sw_reg_shm_count() - registrations (diagnostics, tests). */
size_t sw_reg_shm_count(struct secure_world *sw);

/**
 * sw_reg_shm_release_all() - forget every registration, as a reboot of
 * the secure world would (tests and the fuzzer start each case afresh)
 */
void sw_reg_shm_release_all(struct secure_world *sw);

#endif
