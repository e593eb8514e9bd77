// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEEC_InitializeContext() and TEEC_FinalizeContext(): finding a TEE device
 * (docs/abi.md §6.4) and letting it go.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "transport/tbx_rundir.h"
#include "transport/tdev.h"
#include "teec_private.h"

/* The one name besides NULL that selects a TEE: OP-TEE on TrustZone. */
#define TEEC_NAME_OPTEE "optee-tz"

/*
 * Does the device with version @v serve @name?  Any GlobalPlatform TEE
 * for NULL; "optee-tz" also needs OP-TEE with the TrustZone capability.
 */
static bool matches(const char *name, const struct tee_ioctl_version_data *v)
{
	if (!(v->gen_caps & TEE_GEN_CAP_GP))
		return false;
	if (!name)
		return true;
	return v->impl_id == TEE_IMPL_ID_OPTEE &&
	       (v->impl_caps & TEE_OPTEE_CAP_TZ);
}

/*
 * Opens device tee@n and keeps it if it serves @name.  Returns TEEC_SUCCESS
 * with the context filled in, TEEC_ERROR_ITEM_NOT_FOUND to try the next
 * device (*@open_err: the -errno of opening it, or 0), or another error to
 * stop.
 */
static TEEC_Result try_device(const struct teec_dev_ops *ops, unsigned int n,
			      const char *name, TEEC_Context *ctx,
			      int *open_err)
{
	struct tee_ioctl_version_data v = {0};
	struct tdev *tdev;
	char devname[16];
	int handle;

	snprintf(devname, sizeof(devname), "tee%u", n);
	*open_err = ops->open(devname, &tdev);
	if (*open_err)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	if (ops->ioctl(tdev, TEE_IOC_VERSION, &v) < 0 || !matches(name, &v)) {
		ops->close(tdev);
		return TEEC_ERROR_ITEM_NOT_FOUND;
	}
	if (teec_dev_add(ops, tdev, v.gen_caps, &handle)) {
		ops->close(tdev);
		return TEEC_ERROR_OUT_OF_MEMORY;
	}
	ctx->imp.fd = handle;
	ctx->imp.reg_mem = v.gen_caps & TEE_GEN_CAP_REG_MEM;
	ctx->imp.memref_null = v.gen_caps & TEE_GEN_CAP_MEMREF_NULL;
	return TEEC_SUCCESS;
}

/*
 * No tee0 to open: say which file was tried, and, when it is teed's
 * endpoint that nothing serves, how to get one.  Only for the real
 * devices: a test's stand-in ops have no path.
 */
static void report_no_device(const struct teec_dev_ops *ops, int err)
{
	char path[PATH_MAX];
	bool teebox;

	if (ops->open != tdev_open ||
	    tdev_path("tee0", path, sizeof(path), &teebox))
		return;
	if (teebox && err == -ENOENT)
		teec_log(TEEC_LOG_ERROR, "no TEE device at %s: %s; %s", path,
			 strerror(-err), TBX_NOT_UP_HINT);
	else
		teec_log(TEEC_LOG_ERROR, "no TEE device at %s: %s", path,
			 strerror(-err));
}

TEEC_Result TEEC_InitializeContext(const char *name, TEEC_Context *context)
{
	const struct teec_dev_ops *ops;
	int err, tee0_err = 0;
	TEEC_Result res;

	if (!context)
		return TEEC_ERROR_BAD_PARAMETERS;
	/* An unknown name can match no device; do not touch any. */
	if (name && strcmp(name, TEEC_NAME_OPTEE))
		return TEEC_ERROR_ITEM_NOT_FOUND;
	ops = teec_dev_ops_current();
	for (unsigned int n = 0; n < TEEC_MAX_DEV_SEQ; n++) {
		res = try_device(ops, n, name, context, &err);
		if (res != TEEC_ERROR_ITEM_NOT_FOUND)
			return res;
		if (!n)
			tee0_err = err;
	}
	if (tee0_err)
		report_no_device(ops, tee0_err);
	return TEEC_ERROR_ITEM_NOT_FOUND;
}

void TEEC_FinalizeContext(TEEC_Context *context)
{
	if (!context)
		return;
	/*
	 * The device closes now unless shared memory of the context is still
	 * registered or a call still runs; they hold it until they end.
	 */
	teec_dev_finalize(context->imp.fd);
	context->imp.fd = -1;
}
