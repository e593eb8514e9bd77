// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_ta_elf_dyn: libFuzzer target for the secure world's check of
 * whether the TA zygote can load a TA image (secure/ta_elf_dyn.c), which
 * reads the TA author's ELF image before any of it runs.
 *
 * Input: the image, in a heap block of exactly its size (ASan catches a
 * read beyond it).  An image found loadable must name a DT_FLAGS_1 value
 * that lies in the image, and the value to write there must have
 * DF_1_PIE cleared and nothing else changed.  Every DT_NEEDED name the
 * lister gives (the TA libraries' walk, secure/ta_shlib.c) must lie in
 * the image with its NUL, and the count must not change with the room
 * given for entries.
 */
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secure/ta_elf_dyn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* DT_NEEDED entries asked for: fewer than some inputs have. */
#define NEEDED_ROOM 4

/* The DT_NEEDED lister's answer must hold for @elf. */
static void check_needed(const uint8_t *elf, size_t size)
{
	struct ta_elf_needed e[NEEDED_ROOM];
	int n = ta_elf_dyn_needed(elf, size, e, NEEDED_ROOM);

	if (n != ta_elf_dyn_needed(elf, size, NULL, 0))
		abort();
	for (int i = 0; i < n && i < NEEDED_ROOM; i++) {
		if (e[i].off > size || size - e[i].off <= e[i].len ||
		    elf[e[i].off + e[i].len] != '\0' ||
		    memchr(elf + e[i].off, '\0', e[i].len))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ta_elf_dyn dyn;
	uint64_t was;
	uint8_t *elf;

	elf = malloc(size ? size : 1);
	if (!elf)
		return 0;
	memcpy(elf, data, size);
	if (!ta_elf_dyn_zygote_check(elf, size, &dyn) && dyn.flags1_off) {
		if (dyn.flags1_off > size || size - dyn.flags1_off < 8)
			abort();
		memcpy(&was, elf + dyn.flags1_off, sizeof(was));
		if (dyn.flags1 != (was & ~(uint64_t)DF_1_PIE))
			abort();
	}
	check_needed(elf, size);
	free(elf);
	return 0;
}
