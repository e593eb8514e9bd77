/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_hostile's memref attacks (ta_hostile_memref.c). */
#ifndef TA_HOSTILE_MEMREF_H
#define TA_HOSTILE_MEMREF_H

#include <tee_internal_api.h>

/**
 * hostile_memref_ctor() - from the TA's constructor: keep copies of the
 * descriptors the process starts with
 */
void hostile_memref_ctor(void);

/**
 * hostile_memref_grab() - TA_TEST_HOSTILE_CMD_MEMREF_GRAB
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS for other params.
 */
TEE_Result hostile_memref_grab(uint32_t types, TEE_Param params[4]);

/**
 * hostile_memref_stale() - TA_TEST_HOSTILE_CMD_MEMREF_STALE
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS for other params or
 * when no buffer was kept.
 */
TEE_Result hostile_memref_stale(uint32_t types, TEE_Param params[4]);

#endif
