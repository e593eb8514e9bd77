/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_output: a hostile TA that prints lines meant to pass for the
 * secure world's in the log (embedded newlines, carriage returns, ANSI
 * escapes, NUL bytes, an over-long line).  Its UUID and commands.
 *
 *  ta_test_output                 e01215a7-010f-40ad-8e4f-6277ba528732
 *	SINGLE_INSTANCE | MULTI_SESSION
 */
#ifndef TEST_TA_OUTPUT_H
#define TEST_TA_OUTPUT_H

#define TA_TEST_OUTPUT_UUID                                                    \
	{                                                                      \
		0xe01215a7, 0x010f, 0x40ad,                                    \
		{                                                              \
			0x8e, 0x4f, 0x62, 0x77, 0xba, 0x52, 0x87, 0x32         \
		}                                                              \
	}
#define TA_TEST_OUTPUT_UUID_STR "e01215a7-010f-40ad-8e4f-6277ba528732"

/* Writes the forged lines on stdout and stderr, then TA_TEST_OUTPUT_DONE. */
#define TA_TEST_OUTPUT_CMD_FORGE 0

/* What every forged line says, to find them in the log. */
#define TA_TEST_OUTPUT_FORGED "FORGED-BY-TA"
/* The last line the command prints. */
#define TA_TEST_OUTPUT_DONE "output-test-done"
/* Bytes of the over-long line before its forged tail. */
#define TA_TEST_OUTPUT_LONG 5000

#endif
