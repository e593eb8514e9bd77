/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_crypto: the Internal API's crypto (see ta_crypto_cmds.h). */
#ifndef USER_TA_HEADER_DEFINES_H
#define USER_TA_HEADER_DEFINES_H

#include <test_ta_uuids.h>

#define TA_UUID TA_TEST_CRYPTO_UUID

/* One instance per session: a panic ends the session that caused it. */
#define TA_FLAGS      0
#define TA_STACK_SIZE (32 * 1024)
#define TA_DATA_SIZE  (256 * 1024)

#define TA_DESCRIPTION "teebox test TA: objects and cryptographic operations"
#define TA_VERSION     "1.0"

#endif
