/* SPDX-License-Identifier: BSD-2-Clause */
/* The random TA's interface, shared by the TA and its clients. */
#ifndef RANDOM_TA_H
#define RANDOM_TA_H

/* b6c53aba-9669-4668-a7f2-205629d00f86, as OP-TEE's random example. */
#define TA_RANDOM_UUID                                                         \
	{                                                                      \
		0xb6c53aba, 0x9669, 0x4668,                                    \
		{                                                              \
			0xa7, 0xf2, 0x20, 0x56, 0x29, 0xd0, 0x0f, 0x86         \
		}                                                              \
	}

/* [0] MEMREF_OUTPUT: filled with random bytes. */
#define TA_RANDOM_CMD_GENERATE 0

#endif
