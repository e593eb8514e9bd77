/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tee-supplicant: serves the secure world's requests that need the normal
 * world's user space (docs/abi.md §5): TA images now, the file system later.
 *
 *  tee_supplicant.c  the request loop (SUPPL_RECV / SUPPL_SEND)
 *  shm.c             shared memory the secure world asks for
 *  load_ta.c         LOAD_TA: TA images from the TA directories
 */
#ifndef TEEBOX_SUPPLICANT_H
#define TEEBOX_SUPPLICANT_H

#include <stddef.h>
#include <stdint.h>

#include <linux/tee.h>

/* The GlobalPlatform results it answers with, as OP-TEE's supplicant. */
#include "tee_client_api.h"
#include "transport/tdev.h"

/**
 * struct supp_shm - shared memory allocated for the secure world
 * @id:		shm id (what the secure world's requests name)
 * @fd:		its fd
 * @va:		where we mapped it
 * @size:	its size
 */
struct supp_shm {
	int id;
	int fd;
	void *va;
	size_t size;
};

/**
 * struct supplicant - the running supplicant
 * @dev:	the privileged device
 * @ta_path:	colon-separated TA directories
 * @fs_dir:	root of the REE file system (secure storage)
 * @shms:	shared memory we hold
 * @nshms:	entries used
 */
struct supplicant {
	struct tdev *dev;
	const char *ta_path;
	const char *fs_dir;
	struct supp_shm *shms;
	size_t nshms;
};

/**
 * supp_shm_alloc() - OPTEE_RPC_CMD_SHM_ALLOC: allocate b bytes, answer
 * the id in c (§5.9)
 */
uint32_t supp_shm_alloc(struct supplicant *s, size_t num_params,
			struct tee_ioctl_param *params);

/** supp_shm_free() - OPTEE_RPC_CMD_SHM_FREE of the id in b. */
uint32_t supp_shm_free(struct supplicant *s, size_t num_params,
		       struct tee_ioctl_param *params);

/** supp_shm_find() - our shared memory with @id, or NULL. */
struct supp_shm *supp_shm_find(struct supplicant *s, uint64_t id);

/** supp_shm_free_all() - release everything (exit). */
void supp_shm_free_all(struct supplicant *s);

/**
 * supp_load_ta() - OPTEE_RPC_CMD_LOAD_TA, both phases (§5.7)
 */
uint32_t supp_load_ta(struct supplicant *s, size_t num_params,
		      struct tee_ioctl_param *params);

#endif
