/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: OP-TEE's extensions to the GlobalPlatform TEE Client API
 * (tee_client_api_extensions.h).  Our own text (docs/abi.md §6.1).
 */
#ifndef TEE_CLIENT_API_EXTENSIONS_H
#define TEE_CLIENT_API_EXTENSIONS_H

#include "tee_client_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * TEEC_RegisterSharedMemoryFileDescriptor() - share a dma-buf with the TEE
 * @context:	an initialized context
 * @sharedMem:	size and flags set by the caller; buffer is not used
 * @fd:		file descriptor of the dma-buf
 *
 * Return: TEEC_SUCCESS; TEEC_ERROR_BAD_PARAMETERS for bad arguments;
 * another TEEC_ERROR_* code on failure.  Release with
 * TEEC_ReleaseSharedMemory(); the caller keeps @fd.
 */
TEEC_Result
TEEC_RegisterSharedMemoryFileDescriptor(TEEC_Context *context,
					TEEC_SharedMemory *sharedMem, int fd);

#ifdef __cplusplus
}
#endif

#endif /* TEE_CLIENT_API_EXTENSIONS_H */
