/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scratch TA of tests/devkit: built with the dev kit from an
 * OP-TEE-style directory.  Found through sub.mk's global-incdirs-y.
 */
#ifndef SCRATCH_TA_H
#define SCRATCH_TA_H

/* bed682b9-6262-407b-8a41-a50ed4ea2f6f */
#define TA_SCRATCH_UUID                                                        \
	{                                                                      \
		0xbed682b9, 0x6262, 0x407b,                                    \
		{                                                              \
			0x8a, 0x41, 0xa5, 0x0e, 0xd4, 0xea, 0x2f, 0x6f         \
		}                                                              \
	}

/*
 * [0] MEMREF_OUTPUT: what the build gave the TA, one line:
 * "feature=%d absent=%d value=%d file=%d dir=%d level=%d compat=%d
 * hex=%x helper=%d,%d,%d here=%d lib=%d": the CFG_ values, this file's and
 * lib/'s flags as seen here, TRACE_LEVEL, the GP 1.1 switch, an
 * algorithm id, helper.c's view of the flags, libscratch's value; -1
 * for a macro that is not defined (or no libscratch).  With
 * CFG_SCRATCH_GEN=y, " gen=%d" follows: lib/'s generated scratch_gen.c.
 */
#define TA_SCRATCH_CMD_REPORT 0

/* helper.c, compiled in lib/ with its own flags. */
int scratch_helper(int *dir_flag, int *file_flag);

#endif
