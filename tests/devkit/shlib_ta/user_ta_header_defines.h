/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#define TA_UUID                                                                \
	{                                                                      \
		0x5b9e0e40, 0x2636, 0x11e1,                                    \
		{                                                              \
			0xad, 0x9e, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1c         \
		}                                                              \
	}

#define TA_FLAGS       TA_FLAG_EXEC_DDR
#define TA_STACK_SIZE  (16 * 1024)
#define TA_DATA_SIZE   (64 * 1024)
#define TA_VERSION     "1.0"
#define TA_DESCRIPTION "teebox test: a TA linking a TA shared library"

#endif
