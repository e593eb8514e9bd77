/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_crypto's benchmark command (ta_test_crypto_bench.c). */
#ifndef TA_CRYPTO_BENCH_H
#define TA_CRYPTO_BENCH_H

#include <tee_internal_api.h>

/**
 * ta_bench() - TA_CRYPTO_CMD_BENCH
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS, or what setting up
 * the operation returned.
 */
TEE_Result ta_bench(uint32_t types, TEE_Param params[4]);

#endif
