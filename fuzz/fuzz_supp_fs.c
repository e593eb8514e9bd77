// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: tee-supplicant's OPTEE_RPC_CMD_FS decoder (supplicant/
 * fs.c, fs_name.c, fs_root.c) through supp_dispatch(), with parameters
 * and shared memory from the input.  The storage directory holds a
 * symbolic link to a directory beside it; whatever the requests, that
 * directory must stay empty (nothing escapes the storage directory).
 *
 * Input: n (1 byte), then per parameter: type (1 byte) and a, b, c
 * (2 bytes each); the rest is the shared memory.  Before it, file "/f"
 * is created and "/" opened as a directory, so that handle 1 names an
 * open file and an open directory.
 */
#include <dirent.h>
#include <stdbool.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "fuzz_supp_param.h"
#include "supplicant/supplicant.h"

#define SHM_ID	 FUZZ_SUPP_SHM_ID
#define SHM_SIZE FUZZ_SUPP_SHM_SIZE

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[128], outside[128];

/* The scratch directory, removed when the fuzzer exits. */
static char scratch[64];

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_scratch(void)
{
	nftw(scratch, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* A scratch place on tmpfs when there is one: O_SYNC is costly. */
static void make_dirs(void)
{
	char *base = scratch, link[192];
	struct stat st;

	snprintf(scratch, sizeof(scratch), "%s/fuzz_supp_fs-XXXXXX",
		 !stat("/dev/shm", &st) && S_ISDIR(st.st_mode) ? "/dev/shm"
							       : "/tmp");
	if (!mkdtemp(base))
		abort();
	atexit(remove_scratch);
	snprintf(dir, sizeof(dir), "%s/storage", base);
	snprintf(outside, sizeof(outside), "%s/outside", base);
	snprintf(link, sizeof(link), "%s/link", dir);
	if (mkdir(dir, 0700) || mkdir(outside, 0700) ||
	    symlink("../outside", link))
		abort();
}

static void check_outside_empty(void)
{
	DIR *d = opendir(outside);
	struct dirent *e;

	if (!d)
		abort();
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			abort();
	closedir(d);
}

/*
 * CREATE "/f" and OPENDIR "/": handle 1 of each.  false when an earlier
 * input left something in their way (a directory "/f").
 */
static bool prelude(struct supplicant *s, uint8_t *mem)
{
	struct tee_ioctl_param p[3] = {
		{.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT,
		 .a = OPTEE_RPC_FS_CREATE},
		{.attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
		 .b = 3,
		 .c = SHM_ID},
		{.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT},
	};

	memcpy(mem, "/f", 3);
	if (supp_dispatch(s, OPTEE_RPC_CMD_FS, 3, p) != TEEC_SUCCESS)
		return false;
	p[0].a = OPTEE_RPC_FS_OPENDIR;
	p[1].b = 2;
	mem[1] = '\0';
	return supp_dispatch(s, OPTEE_RPC_CMD_FS, 3, p) == TEEC_SUCCESS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t mem[SHM_SIZE];
	struct tee_ioctl_param params[4];
	struct supplicant s;
	struct supp_shm shm = {
		.id = SHM_ID, .fd = -1, .va = mem, .size = sizeof(mem)};
	size_t n;

	if (!dir[0])
		make_dirs();
	if (size < 1)
		return 0;
	n = data[0] % 5;
	if (size < 1 + 7 * n)
		return 0;
	for (size_t i = 0; i < n; i++)
		fuzz_supp_param(&params[i], data + 1 + 7 * i, 12, 8);
	supp_init(&s, dir);
	s.shms = &shm;
	s.nshms = 1;
	if (!prelude(&s, mem)) {
		supp_release(&s);
		return 0;
	}
	memset(mem, 0, sizeof(mem));
	memcpy(mem, data + 1 + 7 * n,
	       size - 1 - 7 * n < sizeof(mem) ? size - 1 - 7 * n : sizeof(mem));
	supp_dispatch(&s, OPTEE_RPC_CMD_FS, n, params);
	/* A second request on what the first left open. */
	supp_dispatch(&s, OPTEE_RPC_CMD_FS, n, params);
	supp_release(&s);
	check_outside_empty();
	return 0;
}
