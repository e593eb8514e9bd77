/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Whether a TA image can be started by the TA zygote (teebox/ta_zygote.h),
 * which loads it with dlopen: it must export the zygote's entry symbol,
 * carry no thread-local storage (a PIE addresses its own at offsets fixed
 * at link time, which hold only for the main executable), and glibc must
 * be told it is not a PIE (dlopen refuses DF_1_PIE).
 *
 * It also lists an image's DT_NEEDED names, for the TA libraries a TA
 * or a library links (ta_shlib.h).
 *
 * The image is the TA author's: signed, but not trusted to be well formed.
 * Every offset, size and count is checked against the image's length
 * before use, and structures are copied out (no unaligned access).
 */
#ifndef TEEBOX_SECURE_TA_ELF_DYN_H
#define TEEBOX_SECURE_TA_ELF_DYN_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct ta_elf_dyn - what the zygote needs changed in an image
 * @flags1_off:	file offset of the DT_FLAGS_1 value, 0 when there is none
 * @flags1:	that value with DF_1_PIE cleared (write it at @flags1_off)
 */
struct ta_elf_dyn {
	uint64_t flags1_off;
	uint64_t flags1;
};

/**
 * ta_elf_dyn_zygote_check() - can the TA zygote load @elf?
 * @elf, @len:	the ELF image (ELF64, the host's byte order)
 * @out:	[out] the change to make in the loaded copy
 * Return: NULL when it can, else why not (a phrase for a log line).
 */
const char *ta_elf_dyn_zygote_check(const void *elf, size_t len,
				    struct ta_elf_dyn *out);

/**
 * struct ta_elf_needed - one DT_NEEDED entry of an image
 * @off:	file offset of the name in the dynamic string table
 * @len:	its length, the NUL excluded; the NUL is at @off + @len,
 *		inside both the image and DT_STRSZ
 */
struct ta_elf_needed {
	uint64_t off;
	size_t len;
};

/**
 * ta_elf_dyn_needed() - the names an image needs (DT_NEEDED), in order
 * @elf, @len:	the ELF image (ELF64, the host's byte order)
 * @out:	[out] up to @max entries
 * @max:	room in @out
 * The string table is found as ld.so finds it: DT_STRTAB's address, in
 * the PT_LOAD segment that holds it, bounded by DT_STRSZ.
 * Return: how many entries the image has (more than @max: only @max
 * were written), or -1 when its dynamic section or string table is
 * malformed.
 */
int ta_elf_dyn_needed(const void *elf, size_t len, struct ta_elf_needed *out,
		      unsigned int max);

#endif
