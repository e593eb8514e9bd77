// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Panic Function.  The panic code goes to the
 * secure world in the shared page and the process exits; the secure world
 * logs the code once and fails every call of the instance with
 * TEE_ERROR_TARGET_DEAD.
 */
#include <tee_internal_api.h>

#include "utee_priv.h"

void TEE_Panic(TEE_Result panicCode)
{
	utee_channel_panic(panicCode);
}
