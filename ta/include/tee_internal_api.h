/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The GlobalPlatform TEE Internal Core API: the one header a TA includes.
 *
 * As with OP-TEE's dev kit, it also gives the TA compiler.h's attribute
 * shorthands (__unused, __packed, ...), <stddef.h>, <stdint.h>,
 * <inttypes.h> (PRIx32 and friends), <stdbool.h> and <limits.h>; TAs
 * include <string.h>, <stdio.h>, <stdlib.h> and <util.h> themselves.
 */
#ifndef TEE_INTERNAL_API_H
#define TEE_INTERNAL_API_H

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"
#include "tee_api_defines.h"
#include "tee_api_types.h"
#include "tee_api.h"
#include "tee_ta_api.h"
#include "trace.h"
/* Last: with __OPTEE_CORE_API_COMPAT_1_1 it renames what came before. */
#include "tee_api_compat.h"

#endif /* TEE_INTERNAL_API_H */
