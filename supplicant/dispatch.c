// SPDX-License-Identifier: BSD-2-Clause
/*
 * One request of the secure world to its handler, as OP-TEE's
 * tee-supplicant dispatches (ABI-FACTS §5.8): anything not served here is
 * TEEC_ERROR_NOT_SUPPORTED.
 */
#include <stdlib.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "rpmb_emu.h"
#include "supplicant.h"

void supp_init(struct supplicant *s, const char *fs_dir)
{
	*s = (struct supplicant){0};
	s->fs.dir = fs_dir;
	s->fs.root_fd = -1;
}

void supp_release(struct supplicant *s)
{
	rpmb_emu_close(s->rpmb);
	s->rpmb = NULL;
	supp_fs_release(&s->fs);
	supp_plugin_unload_all(s);
}

uint32_t supp_dispatch(struct supplicant *s, uint32_t func, size_t num_params,
		       struct tee_ioctl_param *params)
{
	switch (func) {
	case OPTEE_RPC_CMD_LOAD_TA:
		return supp_load_ta(s, num_params, params);
	case OPTEE_RPC_CMD_RPMB:
		return supp_rpmb(s, num_params, params);
	case OPTEE_RPC_CMD_FS:
		return supp_fs(s, num_params, params);
	case OPTEE_RPC_CMD_SHM_ALLOC:
		return supp_shm_alloc(s, num_params, params);
	case OPTEE_RPC_CMD_SHM_FREE:
		return supp_shm_free(s, num_params, params);
	case OPTEE_RPC_CMD_SUPP_PLUGIN:
		return supp_plugin(s, num_params, params);
	default:
		return TEEC_ERROR_NOT_SUPPORTED;
	}
}
