/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's extensions to the Internal Core API.  Like OP-TEE's, this
 * header brings in the standard API, <stdio.h> (snprintf and friends),
 * <unistd.h> and OP-TEE's extension constants; teebox has none of
 * OP-TEE's extension functions yet.
 */
#ifndef TEE_INTERNAL_API_EXTENSIONS_H
#define TEE_INTERNAL_API_EXTENSIONS_H

#include <stdio.h>
#include <unistd.h>

#include "tee_api_defines_extensions.h"
#include "tee_internal_api.h"

#endif /* TEE_INTERNAL_API_EXTENSIONS_H */
