/* SPDX-License-Identifier: BSD-2-Clause */
/* ta_test_optee_style's ta_optee_style_gp10.c, for its entry point. */
#ifndef TA_OPTEE_STYLE_GP10_H
#define TA_OPTEE_STYLE_GP10_H

#include <tee_api.h>

/**
 * ta_optee_style_gp10_objects() - TA_OPTEE_STYLE_CMD_GP10_OBJECTS
 * @types:	the command's parameter types
 * @params:	its parameters
 *
 * Return: TEE_SUCCESS, TEE_ERROR_BAD_PARAMETERS, or what allocating and
 * generating the key returned.
 */
TEE_Result ta_optee_style_gp10_objects(uint32_t types, TEE_Param params[4]);

#endif
