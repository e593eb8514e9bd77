// SPDX-License-Identifier: BSD-2-Clause
/*
 * LOAD_TA (docs/abi.md §5.7): find <uuid>.ta in the TA directories; the
 * first request asks for its size (a memref without shared memory), the
 * second brings the memory to copy it into.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "supplicant.h"

/* The file name forms tee-supplicant looks for, in order. */
static void ta_name(char *buf, size_t len, const uint8_t u[16], int form)
{
	snprintf(buf, len,
		 form == 0 ? "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
			     "%02x%02x%02x%02x%02x%02x.ta"
			   : "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x"
			     "%02x%02x%02x%02x%02x%02x.ta",
		 u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9],
		 u[10], u[11], u[12], u[13], u[14], u[15]);
}

/* Opens the TA file: each directory of the path, each name form. */
static FILE *open_ta(const char *ta_path, const uint8_t uuid[16])
{
	const char *dir = ta_path;

	while (dir && *dir) {
		const char *end = strchr(dir, ':');
		size_t dlen = end ? (size_t)(end - dir) : strlen(dir);

		for (int form = 0; form < 2; form++) {
			char name[64], path[PATH_MAX];
			FILE *f;

			ta_name(name, sizeof(name), uuid, form);
			snprintf(path, sizeof(path), "%.*s/%s", (int)dlen, dir,
				 name);
			f = fopen(path, "rb");
			if (f)
				return f;
		}
		dir = end ? end + 1 : NULL;
	}
	return NULL;
}

/*
 * Says where a missing TA was looked for: the trusted OS only learns
 * "not found", and the directories are this program's to know.
 */
static void report_missing(const char *ta_path, const uint8_t uuid[16])
{
	char name[64];

	ta_name(name, sizeof(name), uuid, 0);
	fprintf(stderr,
		"tee-supplicant: TA %.36s not found: no %s in %s (the TA "
		"path, directories separated by ':')\n",
		name, name, ta_path && *ta_path ? ta_path : "(empty)");
}

static long file_size(FILE *f)
{
	long size;

	if (fseek(f, 0, SEEK_END))
		return -1;
	size = ftell(f);
	if (fseek(f, 0, SEEK_SET))
		return -1;
	return size;
}

uint32_t supp_load_ta(struct supplicant *s, size_t num_params,
		      struct tee_ioctl_param *params)
{
	struct tee_ioctl_param *mem = &params[1];
	uint32_t res = TEEC_SUCCESS;
	struct supp_shm *shm;
	uint8_t uuid[16];
	FILE *f;
	long size;

	if (num_params != 2 ||
	    (params[0].attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) !=
		    TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT ||
	    (mem->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) !=
		    TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT)
		return TEEC_ERROR_BAD_PARAMETERS;
	/* value a and b carry the UUID octets in memory order. */
	memcpy(uuid, &params[0].a, 8);
	memcpy(uuid + 8, &params[0].b, 8);

	f = open_ta(s->ta_path, uuid);
	if (!f) {
		report_missing(s->ta_path, uuid);
		return TEEC_ERROR_ITEM_NOT_FOUND;
	}
	size = file_size(f);
	if (size <= 0) {
		res = TEEC_ERROR_ITEM_NOT_FOUND;
		goto out;
	}
	/* A memref without shared memory asks for the size. */
	shm = mem->c == (uint64_t)-1 ? NULL : supp_shm_find(s, mem->c);
	if (!shm) {
		if (mem->c != (uint64_t)-1)
			res = TEEC_ERROR_BAD_PARAMETERS;
		mem->b = (uint64_t)size;
		goto out;
	}
	if (mem->a > shm->size || mem->b > shm->size - mem->a ||
	    mem->b < (uint64_t)size) {
		mem->b = (uint64_t)size;
		res = TEEC_ERROR_SHORT_BUFFER;
		goto out;
	}
	if (fread((char *)shm->va + mem->a, 1, (size_t)size, f) !=
	    (size_t)size) {
		res = TEEC_ERROR_GENERIC;
		goto out;
	}
	mem->b = (uint64_t)size;
out:
	fclose(f);
	return res;
}
