// SPDX-License-Identifier: BSD-2-Clause
/* dirf.db's rollback floor in RPMB and the state directory (ree_fs_anchor.h). */
#include <tbx/byteorder.h>

#include "nv_counter.h"
#include "ree_fs_anchor.h"

bool ree_fs_anchor_rpmb_used(const char *state_dir)
{
	uint32_t counter;
	bool present;

	return !nv_rpmb_floor_ops.get((void *)state_dir, &present, &counter) &&
	       present;
}

/* No device: fine only where none was ever used. */
static TEE_Result no_device(const struct ree_fs_anchor *a, TEE_Result res)
{
	if (res != TEE_ERROR_STORAGE_NOT_AVAILABLE)
		return res;
	if (a->rpmb_used && a->rpmb_used(a->state_dir))
		return res;
	return TEE_SUCCESS;
}

static TEE_Result anchor_get(void *ctx, const struct tee_fs_rpc *rpc,
			     uint32_t *counter)
{
	const struct ree_fs_anchor *a = ctx;
	uint8_t b[4];
	size_t got = 0;
	TEE_Result res;

	res = nv_counter_ops.get((void *)a->state_dir, rpc, counter);
	if (res || !a->rpmb_fs)
		return res;
	res = tee_rpmb_fs_raw_read(a->rpmb_fs, rpc, REE_FS_ANCHOR_FILE, b,
				   sizeof(b), &got);
	if (res == TEE_ERROR_ITEM_NOT_FOUND)
		return TEE_SUCCESS;
	if (res)
		return no_device(a, res);
	if (got != sizeof(b))
		return TEE_ERROR_SECURITY;
	if (tbx_get_le32(b) > *counter)
		*counter = tbx_get_le32(b);
	return TEE_SUCCESS;
}

static TEE_Result anchor_incr_to(void *ctx, const struct tee_fs_rpc *rpc,
				 uint32_t counter)
{
	const struct ree_fs_anchor *a = ctx;
	uint8_t b[4] = {(uint8_t)counter, (uint8_t)(counter >> 8),
			(uint8_t)(counter >> 16), (uint8_t)(counter >> 24)};
	TEE_Result res;

	res = nv_counter_ops.incr_to((void *)a->state_dir, rpc, counter);
	if (res || !a->rpmb_fs)
		return res;
	res = tee_rpmb_fs_raw_write(a->rpmb_fs, rpc, REE_FS_ANCHOR_FILE, b,
				    sizeof(b));
	return no_device(a, res);
}

const struct tee_fs_rollback_ops ree_fs_anchor_ops = {
	.get = anchor_get,
	.incr_to = anchor_incr_to,
};
