// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_RPMB (ABI-FACTS §5.1, §5.6): memref[0] IN the request,
 * memref[1] OUT the answer, served by the emulated device of
 * rpmb_emu.h.  The device is a file of the storage directory, opened on
 * the first request.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs_root.h"
#include "rpmb_emu.h"
#include "supplicant.h"

/* In the storage directory; a dot name, so not one the FS serves. */
#define RPMB_FILE ".teebox-rpmb"

#define TYPE(p) ((p)->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK)

/* The device, opened on first use: NULL when it cannot be. */
static struct rpmb_emu *device(struct supplicant *s)
{
	int root, rc;

	if (s->rpmb)
		return s->rpmb;
	root = supp_fs_root(&s->fs);
	if (root < 0)
		return NULL;
	rc = rpmb_emu_open(root, RPMB_FILE, s->rpmb_cid, &s->rpmb);
	if (rc) {
		fprintf(stderr, "tee-supplicant: RPMB device %s/%s: %s\n",
			s->fs.dir, RPMB_FILE,
			rc == -EEXIST ? "has another CID than --rpmb-cid"
				      : strerror(-rc));
		s->rpmb = NULL;
	}
	return s->rpmb;
}

uint32_t supp_rpmb(struct supplicant *s, size_t num_params,
		   struct tee_ioctl_param *params)
{
	struct rpmb_emu *emu;
	void *req, *rsp, *copy, *out;
	size_t req_size, rsp_size;
	uint32_t res;

	if (num_params != 2 ||
	    TYPE(&params[0]) != TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT ||
	    TYPE(&params[1]) != TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT)
		return TEEC_ERROR_BAD_PARAMETERS;
	req = supp_param_mem(s, &params[0]);
	rsp = supp_param_mem(s, &params[1]);
	if (!req || !rsp)
		return TEEC_ERROR_BAD_PARAMETERS;
	req_size = (size_t)params[0].b;
	rsp_size = (size_t)params[1].b;
	emu = device(s);
	if (!emu)
		return TEEC_ERROR_STORAGE_NOT_AVAILABLE;
	/*
	 * Private copies: the request is checked and MAC'ed once, and what
	 * the device answers is what was checked, whatever the shared
	 * memory does meanwhile.
	 */
	copy = malloc(req_size ? req_size : 1);
	out = calloc(1, rsp_size ? rsp_size : 1);
	res = TEEC_ERROR_OUT_OF_MEMORY;
	if (copy && out) {
		memcpy(copy, req, req_size);
		res = rpmb_emu_request(emu, copy, req_size, out, rsp_size);
	}
	if (res == TEEC_SUCCESS)
		memcpy(rsp, out, rsp_size);
	free(copy);
	free(out);
	return res;
}
