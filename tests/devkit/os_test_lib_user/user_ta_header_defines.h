/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#define TA_UUID                                                                \
	{                                                                      \
		0x0e9d4b3c, 0x4a8e, 0x4c8f,                                    \
		{                                                              \
			0x9d, 0x6a, 0x6a, 0x3f, 0x2b, 0x1c, 0x0d, 0x11         \
		}                                                              \
	}

#define TA_FLAGS      TA_FLAG_EXEC_DDR
#define TA_STACK_SIZE (16 * 1024)
#define TA_DATA_SIZE  (64 * 1024)

#endif
