/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's extensions to the Internal Core API.  TAs written for OP-TEE
 * include this header; teebox has none of the extension functions yet, so
 * it only brings in the standard API.
 */
#ifndef TEE_INTERNAL_API_EXTENSIONS_H
#define TEE_INTERNAL_API_EXTENSIONS_H

#include "tee_internal_api.h"

#endif /* TEE_INTERNAL_API_EXTENSIONS_H */
