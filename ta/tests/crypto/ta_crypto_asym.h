/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_crypto's commands for key generation of every type, the
 * asymmetric operations and key derivations (ta_test_crypto_asym.c),
 * and the misuses they add.
 */
#ifndef TA_CRYPTO_ASYM_H
#define TA_CRYPTO_ASYM_H

#include <tee_internal_api.h>

/**
 * ta_key_gen() - TA_CRYPTO_CMD_KEY_GEN
 * Return: TEE_GenerateKey's result, or TEE_ERROR_BAD_PARAMETERS.
 */
TEE_Result ta_key_gen(uint32_t types, TEE_Param params[4]);

/**
 * ta_asym() - TA_CRYPTO_CMD_ASYM
 * Return: the operation's result, or TEE_ERROR_BAD_PARAMETERS.
 */
TEE_Result ta_asym(uint32_t types, TEE_Param params[4]);

/**
 * ta_sm2_kep() - TA_CRYPTO_CMD_SM2_KEP
 * Return: TEE_SUCCESS, or what setting up the operation gave.
 */
TEE_Result ta_sm2_kep(uint32_t types, TEE_Param params[4]);

/**
 * ta_digest_extract() - TA_CRYPTO_CMD_DIGEST_EXTRACT
 * Return: TEE_SUCCESS, or TEE_ERROR_BAD_PARAMETERS.
 */
TEE_Result ta_digest_extract(uint32_t types, TEE_Param params[4]);

/**
 * ta_xts_keys() - TA_CRYPTO_CMD_XTS_KEYS
 * Return: TEE_SUCCESS, or the error of a set-up step.
 */
TEE_Result ta_xts_keys(uint32_t types, TEE_Param params[4]);

/**
 * ta_rekey() - TA_CRYPTO_CMD_REKEY (ta_test_crypto_rekey.c)
 * Return: TEE_SUCCESS, or the first failure (TEE_ERROR_SIGNATURE_INVALID:
 * a signature made with the old key).
 */
TEE_Result ta_rekey(uint32_t types, TEE_Param params[4]);

/**
 * ta_asym_misuse() - the misuse TA_CRYPTO_MISUSE_* @which of this file
 * Return: TEE_SUCCESS when the misuse went unnoticed,
 * TEE_ERROR_BAD_PARAMETERS when @which is not one of them.
 */
TEE_Result ta_asym_misuse(uint32_t which);

/**
 * ta_state_misuse() - the misuse TA_CRYPTO_MISUSE_* @which of
 * ta_test_crypto_state.c
 * Return: TEE_SUCCESS when the misuse went unnoticed,
 * TEE_ERROR_BAD_PARAMETERS when @which is not one of them.
 */
TEE_Result ta_state_misuse(uint32_t which);

/**
 * ta_set_key_reset() - TA_CRYPTO_CMD_SET_KEY_RESET (ta_crypto_cmds.h):
 * TEE_SetOperationKey on a cipher operation that was active, then reset
 * @types:	the parameter types
 * @params:	the parameters
 * Return: TEE_SUCCESS, or what a GP call returned.
 */
TEE_Result ta_set_key_reset(uint32_t types, TEE_Param params[4]);

/**
 * ta_handles_new() - TA_CRYPTO_CMD_HANDLES_NEW and _NEW_OFFSET
 * (ta_test_crypto_handles.c)
 * @as_offset:	values are offsets from ta_head (_NEW_OFFSET)
 * Return: TEE_SUCCESS, or what a GP call returned.
 */
TEE_Result ta_handles_new(uint32_t types, TEE_Param params[4], bool as_offset);

/**
 * ta_handles_use() - TA_CRYPTO_CMD_HANDLES_USE and _USE_OFFSET
 * (ta_test_crypto_handles.c)
 * @as_offset:	values are offsets from ta_head (_USE_OFFSET)
 * Return: TEE_SUCCESS, or what a GP call returned.
 */
TEE_Result ta_handles_use(uint32_t types, TEE_Param params[4], bool as_offset);

#endif
