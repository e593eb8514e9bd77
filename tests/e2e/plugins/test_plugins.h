/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tee-supplicant plugins the tests load (tests/e2e/plugins): one
 * that works and one that lies about its answer's length, one whose init
 * fails, and a shared object that is no plugin.
 */
#ifndef TEEBOX_TESTS_PLUGINS_H
#define TEEBOX_TESTS_PLUGINS_H

/* "test": the commands below. */
#define TEST_PLUGIN_UUID                                                       \
	{                                                                      \
		0x15b2f8ae, 0x3985, 0x4a03,                                    \
		{                                                              \
			0x9f, 0x9a, 0xc7, 0xdd, 0xaf, 0xe3, 0x3b, 0x19         \
		}                                                              \
	}

/* "broken": its init fails, so tee-supplicant does not load it. */
#define TEST_PLUGIN_BROKEN_UUID                                                \
	{                                                                      \
		0x7c97ce8c, 0x7912, 0x408b,                                    \
		{                                                              \
			0xa8, 0x21, 0x55, 0x99, 0x84, 0x77, 0xe4, 0xf0         \
		}                                                              \
	}

/* TEST_PLUGIN_CMD_PING - TEEC_SUCCESS, nothing else */
#define TEST_PLUGIN_CMD_PING 0
/*
 * TEST_PLUGIN_CMD_VALUES - data = {u32 a, u32 b}: a becomes a + b for
 * sub-command '+', else a - b; the answer is 4 bytes
 */
#define TEST_PLUGIN_CMD_VALUES 1
/* TEST_PLUGIN_CMD_SUM - data[0] becomes the byte sum; the answer 1 byte */
#define TEST_PLUGIN_CMD_SUM 2
/*
 * TEST_PLUGIN_CMD_GET - TEST_PLUGIN_GET_TEXT with its NUL, or
 * TEEC_ERROR_SHORT_BUFFER with its length when the data is shorter
 */
#define TEST_PLUGIN_CMD_GET  3
#define TEST_PLUGIN_GET_TEXT "Array from plugin"
/*
 * TEST_PLUGIN_CMD_LIE - fills the data with TEST_PLUGIN_LIE_BYTE and
 * claims an answer sub-command bytes longer than the data
 */
#define TEST_PLUGIN_CMD_LIE  4
#define TEST_PLUGIN_LIE_BYTE 0x5a
/* TEST_PLUGIN_CMD_RESULT - returns the sub-command as its result */
#define TEST_PLUGIN_CMD_RESULT 5

#endif
