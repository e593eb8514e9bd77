// SPDX-License-Identifier: BSD-2-Clause
/* A TA's TA libraries, found by their UUIDs; see ta_shlib.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/log.h"
#include "ta_elf_dyn.h"
#include "ta_shlib.h"
#include "uuid.h"

/* DT_NEEDED entries read per image: far more than any TA has. */
#define NEEDED_MAX 64

/* Index of the image that is the TA itself, for rewrite(). */
#define IMAGE_TA (-1)

/* Copies @len bytes of @src; NULL when there is no memory. */
static void *dup_image(const void *src, size_t len)
{
	void *p = malloc(len);

	if (p)
		memcpy(p, src, len);
	return p;
}

/*
 * The DT_NEEDED name at @e rewritten to the descriptor image @idx
 * (IMAGE_TA: the TA's own) has in the zygote's child.
 */
static void rewrite(void *elf, const struct ta_elf_needed *e, int idx)
{
	char path[UUID_STR_LEN];
	int fd = idx == IMAGE_TA ? TA_ZYGOTE_IMAGE_FD : TA_ZYGOTE_LIB_FD(idx);
	int n = snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	/* NUL-padded: the string table keeps its size. */
	memset((char *)elf + e->off, 0, e->len);
	memcpy((char *)elf + e->off, path, (size_t)n);
}

/* The library of @uuid in @set, or -1. */
static int find_lib(const struct ta_shlib_set *set, const TEE_UUID *uuid)
{
	for (unsigned int i = 0; i < set->n; i++)
		if (uuid_equal(&set->lib[i].uuid, uuid))
			return (int)i;
	return -1;
}

/* Whether DT_NEEDED name @e of @elf is a UUID, into *@uuid. */
static bool needed_uuid(const void *elf, const struct ta_elf_needed *e,
			TEE_UUID *uuid)
{
	char str[UUID_STR_LEN];

	/* Only a UUID names a TA library; libc.so.6 is the host's. */
	if (e->len != UUID_STR_LEN - 1)
		return false;
	/* With its NUL, which ta_elf_dyn_needed() found in the image. */
	memcpy(str, (const char *)elf + e->off, sizeof(str));
	return !uuid_from_str(uuid, str);
}

/* Fetches library @uuid into @set; its index in *@idx. */
static TEE_Result add_lib(struct ta_shlib_set *set, const TEE_UUID *uuid,
			  const char *ta_name, ta_shlib_fetch_fn fetch,
			  void *arg, int *idx)
{
	struct ta_shlib *lib;
	char name[UUID_STR_LEN];
	TEE_Result res;

	uuid_to_str(name, uuid);
	if (set->n == TA_ZYGOTE_MAX_LIBS) {
		pr_err("TA %s: refused: it links more than %d TA libraries "
		       "(counting theirs), the most teebox loads (%s is one "
		       "more)",
		       ta_name, TA_ZYGOTE_MAX_LIBS, name);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	lib = &set->lib[set->n];
	res = fetch(arg, uuid, &lib->elf, &lib->len);
	if (res) {
		pr_err("TA %s: refused: the TA library %s it links could not "
		       "be loaded (0x%08x)",
		       ta_name, name, res);
		lib->elf = NULL;
		return res;
	}
	lib->uuid = *uuid;
	*idx = (int)set->n++;
	return TEE_SUCCESS;
}

/*
 * Every UUID in the DT_NEEDED of @elf (the TA's copy or a library's):
 * fetched into @set unless it is there, and rewritten.
 */
static TEE_Result resolve_image(struct ta_shlib_set *set, void *elf, size_t len,
				const TEE_UUID *ta_uuid, const char *ta_name,
				ta_shlib_fetch_fn fetch, void *arg)
{
	struct ta_elf_needed needed[NEEDED_MAX];
	TEE_UUID uuid;
	TEE_Result res;
	int n, idx;

	n = ta_elf_dyn_needed(elf, len, needed, NEEDED_MAX);
	if (n < 0 || n > NEEDED_MAX) {
		pr_err("TA %s: refused: a dynamic section of it or of its TA "
		       "libraries is malformed",
		       ta_name);
		return TEE_ERROR_BAD_FORMAT;
	}
	for (int i = 0; i < n; i++) {
		if (!needed_uuid(elf, &needed[i], &uuid))
			continue;
		if (uuid_equal(&uuid, ta_uuid) && elf == set->ta_elf) {
			/*
			 * The TA naming itself: with no library to load it
			 * would go on as a TA without any, and ld.so would
			 * look for its UUID in the file system.
			 */
			pr_err("TA %s: refused: it names itself in DT_NEEDED",
			       ta_name);
			return TEE_ERROR_BAD_FORMAT;
		} else if (uuid_equal(&uuid, ta_uuid)) {
			idx = IMAGE_TA;
		} else {
			idx = find_lib(set, &uuid);
			if (idx < 0) {
				res = add_lib(set, &uuid, ta_name, fetch, arg,
					      &idx);
				if (res)
					return res;
			}
		}
		rewrite(elf, &needed[i], idx);
	}
	return TEE_SUCCESS;
}

/*
 * Whether @elf names a UUID in DT_NEEDED (or its dynamic section is
 * malformed: resolve_image() then says so).  Most TAs link no TA
 * library, and their images are not copied.
 */
static bool needs_libs(const void *elf, size_t len)
{
	struct ta_elf_needed needed[NEEDED_MAX];
	TEE_UUID uuid;
	int n;

	n = ta_elf_dyn_needed(elf, len, needed, NEEDED_MAX);
	if (n < 0 || n > NEEDED_MAX)
		return true;
	for (int i = 0; i < n; i++)
		if (needed_uuid(elf, &needed[i], &uuid))
			return true;
	return false;
}

TEE_Result ta_shlib_resolve(const void *ta, size_t ta_len,
			    const TEE_UUID *ta_uuid, ta_shlib_fetch_fn fetch,
			    void *arg, struct ta_shlib_set *set)
{
	char ta_name[UUID_STR_LEN];
	TEE_Result res;

	memset(set, 0, sizeof(*set));
	if (!needs_libs(ta, ta_len))
		return TEE_SUCCESS;
	uuid_to_str(ta_name, ta_uuid);
	set->ta_elf = dup_image(ta, ta_len);
	if (!set->ta_elf)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = resolve_image(set, set->ta_elf, ta_len, ta_uuid, ta_name, fetch,
			    arg);
	/* Breadth first: set->n grows while the libraries are read. */
	for (unsigned int i = 0; !res && i < set->n; i++)
		res = resolve_image(set, set->lib[i].elf, set->lib[i].len,
				    ta_uuid, ta_name, fetch, arg);
	if (!res && !set->n) {
		/* Nothing rewritten: the verified image is used as it is. */
		free(set->ta_elf);
		set->ta_elf = NULL;
	}
	return res;
}

void ta_shlib_release(struct ta_shlib_set *set)
{
	for (unsigned int i = 0; i < set->n; i++)
		free(set->lib[i].elf);
	free(set->ta_elf);
	memset(set, 0, sizeof(*set));
}
