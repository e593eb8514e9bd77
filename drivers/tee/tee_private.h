/* SPDX-License-Identifier: BSD-2-Clause */
/* What the files of the generic TEE subsystem share with each other. */
#ifndef TEE_PRIVATE_H
#define TEE_PRIVATE_H

#include <linux/tee_drv.h>

#include "kernel/idr.h"
#include "kernel/sync.h"
#include "teebox/tee_host.h"

#define TEE_NUM_DEVICES		   32
#define TEE_DEVICE_FLAG_REGISTERED 0x1
#define TEE_MAX_DEV_NAME_LEN	   32

/**
 * struct tee_device - TEE device representation
 * @name:	"teeN" or "teeprivN"
 * @desc:	the driver's description; NULL once the last user is gone
 * @id:		minor: 0..15 client devices, 16..31 privileged devices
 * @flags:	TEE_DEVICE_FLAG_REGISTERED
 * @driver_data: see tee_get_drvdata()
 * @link:	entry in the registry's list of registered devices
 * @num_users:	open contexts, live shared memory and lookups, plus one
 *		for the registration itself (dropped by unregister)
 * @c_no_users:	completed when @num_users reaches zero
 * @mutex:	protects @num_users, @idr, every context's list_shm and
 *		the ctx pointer of this device's shared memory
 * @idr:	user-visible shared memory objects by id
 * @shm_id_max:	ids are allocated below this (tests lower it)
 * @pool:	shared memory pool
 */
struct tee_device {
	char name[TEE_MAX_DEV_NAME_LEN];
	const struct tee_desc *desc;
	int id;
	unsigned int flags;
	void *driver_data;
	struct list_head link;

	size_t num_users;
	struct completion c_no_users;
	struct mutex mutex;

	struct idr idr;
	int shm_id_max;
	struct tee_shm_pool *pool;
};

/** tee_shm_detach_context() - clear ctx of every shm @ctx owns (release). */
void tee_shm_detach_context(struct tee_context *ctx);

#endif /* TEE_PRIVATE_H */
