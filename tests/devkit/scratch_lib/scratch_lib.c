// SPDX-License-Identifier: BSD-2-Clause
/*
 * libscratch: TA code in a static library.  The local "base" shadows the
 * global one, which -Wshadow (in the dev kit's warnings) would call an
 * error under CFG_WERROR=y unless sub.mk's cflags-remove-y took it out.
 */
#include <scratch_lib_base.h>

int scratch_lib_value(void);

static int base = 1;

/* 1 + SCRATCH_LIB_BASE: 1001. */
int scratch_lib_value(void)
{
	int total = base;

	{
		int base = SCRATCH_LIB_BASE;

		total += base;
	}
	return total;
}
