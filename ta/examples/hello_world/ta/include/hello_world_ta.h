/* SPDX-License-Identifier: BSD-2-Clause */
/* The hello_world TA's interface: its UUID and commands. */
#ifndef TA_HELLO_WORLD_H
#define TA_HELLO_WORLD_H

/* 8aaaf200-2450-11e4-abe2-0002a5d5c51b */
#define TA_HELLO_WORLD_UUID                                                    \
	{                                                                      \
		0x8aaaf200, 0x2450, 0x11e4,                                    \
		{                                                              \
			0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b         \
		}                                                              \
	}

/* params[0] VALUE_INOUT: value.a is incremented. */
#define TA_HELLO_WORLD_CMD_INC_VALUE 0
/*
 * params[0] MEMREF_OUTPUT: receives "Hello from the TEE" with its NUL;
 * too small a buffer gets TEE_ERROR_SHORT_BUFFER and the size needed.
 */
#define TA_HELLO_WORLD_CMD_GET_HELLO 1

#endif
