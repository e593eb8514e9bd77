/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The GlobalPlatform TEE Internal Core API: the one header a TA includes.
 */
#ifndef TEE_INTERNAL_API_H
#define TEE_INTERNAL_API_H

#include "tee_api_defines.h"
#include "tee_api_types.h"
#include "tee_api.h"
#include "tee_ta_api.h"
#include "trace.h"

#endif /* TEE_INTERNAL_API_H */
