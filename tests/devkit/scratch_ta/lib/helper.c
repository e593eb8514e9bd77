// SPDX-License-Identifier: BSD-2-Clause
/* Compiled with lib/sub.mk's cflags-y, not scratch_ta.c's own flag. */
#include <scratch_ta.h>

int scratch_helper(int *dir_flag, int *file_flag)
{
#ifdef SCRATCH_DIR_FLAG
	*dir_flag = SCRATCH_DIR_FLAG;
#else
	*dir_flag = -1;
#endif
#ifdef SCRATCH_FILE_FLAG
	*file_flag = SCRATCH_FILE_FLAG;
#else
	*file_flag = -1;
#endif
	return 1;
}
