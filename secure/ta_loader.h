/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Loading a TA from the normal world (OP-TEE's ree_fs_ta.c): fetched
 * through tee-supplicant, copied into secure memory, verified, started.
 */
#ifndef TEEBOX_SECURE_TA_LOADER_H
#define TEEBOX_SECURE_TA_LOADER_H

#include "ta/include/tee_api_types.h"
#include "ta_proc.h"

struct sthread;

/**
 * ta_load() - fetch the TA @uuid from the normal world, verify it, and
 * start its process
 * Return: TEE_SUCCESS with *@proc and *@info, TEE_ERROR_ITEM_NOT_FOUND
 * when the normal world has no such TA, TEE_ERROR_SECURITY when the image
 * is not validly signed for @uuid, or another error.
 */
TEE_Result ta_load(struct sthread *t, const TEE_UUID *uuid,
		   struct ta_proc **proc, struct ta_proc_info *info);

#endif
