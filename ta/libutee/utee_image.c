// SPDX-License-Identifier: BSD-2-Clause
/*
 * Which loaded object is the TA's own image.  Started by exec, the image
 * is the main executable, the first object dl_iterate_phdr() reports;
 * started by the TA zygote (utee_zygote_entry()), the zygote is the main
 * executable and the image an object it loaded.  The image is the object
 * that holds ta_head, which every TA defines (user_ta_header.c).
 */
#include <link.h>
#include <stdint.h>

#include <user_ta_header.h>

#include "utee_priv.h"

bool utee_is_ta_image(const struct dl_phdr_info *info)
{
	uintptr_t head = (uintptr_t)&ta_head;

	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && head >= start &&
		    head - start < ph->p_memsz)
			return true;
	}
	return false;
}
