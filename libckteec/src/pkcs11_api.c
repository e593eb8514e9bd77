// SPDX-License-Identifier: BSD-2-Clause
/*
 * libckteec's Cryptoki entry points: the library state (C_Initialize,
 * C_Finalize, C_GetInfo, C_GetFunctionList) and the function list.  The
 * other functions live by concern in ck_token.c, ck_object.c and
 * ck_unsupported.c.
 */
#include <pthread.h>
#include <string.h>

#include "ck_api.h"

static pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;

CK_RV ck_ready(void)
{
	return ckteec_is_open() ? CKR_OK : CKR_CRYPTOKI_NOT_INITIALIZED;
}

CK_RV C_Initialize(CK_VOID_PTR init_args)
{
	CK_C_INITIALIZE_ARGS_PTR args = init_args;
	CK_RV rv;

	/* PKCS#11 2.40 §5.4: pReserved must be NULL. */
	if (args && args->pReserved)
		return CKR_ARGUMENTS_BAD;
	pthread_mutex_lock(&lib_lock);
	if (ckteec_is_open())
		rv = CKR_CRYPTOKI_ALREADY_INITIALIZED;
	else
		rv = ckteec_open();
	pthread_mutex_unlock(&lib_lock);
	return rv;
}

CK_RV C_Finalize(CK_VOID_PTR reserved)
{
	CK_RV rv = CKR_OK;

	if (reserved)
		return CKR_ARGUMENTS_BAD;
	pthread_mutex_lock(&lib_lock);
	if (!ckteec_is_open())
		rv = CKR_CRYPTOKI_NOT_INITIALIZED;
	else
		ckteec_close();
	pthread_mutex_unlock(&lib_lock);
	return rv;
}

static void pad(CK_UTF8CHAR *dst, size_t size, const char *s)
{
	size_t len = strlen(s);

	memset(dst, ' ', size);
	memcpy(dst, s, len < size ? len : size);
}

/* As OP-TEE's libckteec: local, library version = its TA header's 0.1. */
CK_RV C_GetInfo(CK_INFO_PTR info)
{
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!info)
		return CKR_ARGUMENTS_BAD;
	memset(info, 0, sizeof(*info));
	info->cryptokiVersion.major = 2;
	info->cryptokiVersion.minor = 40;
	pad(info->manufacturerID, sizeof(info->manufacturerID), "Linaro");
	pad(info->libraryDescription, sizeof(info->libraryDescription),
	    "OP-TEE PKCS11 Cryptoki library");
	info->libraryVersion.major = 0;
	info->libraryVersion.minor = 1;
	return CKR_OK;
}

static CK_FUNCTION_LIST function_list = {
	.version = {2, 40},
	.C_Initialize = C_Initialize,
	.C_Finalize = C_Finalize,
	.C_GetInfo = C_GetInfo,
	.C_GetFunctionList = C_GetFunctionList,
	.C_GetSlotList = C_GetSlotList,
	.C_GetSlotInfo = C_GetSlotInfo,
	.C_GetTokenInfo = C_GetTokenInfo,
	.C_GetMechanismList = C_GetMechanismList,
	.C_GetMechanismInfo = C_GetMechanismInfo,
	.C_InitToken = C_InitToken,
	.C_InitPIN = C_InitPIN,
	.C_SetPIN = C_SetPIN,
	.C_OpenSession = C_OpenSession,
	.C_CloseSession = C_CloseSession,
	.C_CloseAllSessions = C_CloseAllSessions,
	.C_GetSessionInfo = C_GetSessionInfo,
	.C_GetOperationState = C_GetOperationState,
	.C_SetOperationState = C_SetOperationState,
	.C_Login = C_Login,
	.C_Logout = C_Logout,
	.C_CreateObject = C_CreateObject,
	.C_CopyObject = C_CopyObject,
	.C_DestroyObject = C_DestroyObject,
	.C_GetObjectSize = C_GetObjectSize,
	.C_GetAttributeValue = C_GetAttributeValue,
	.C_SetAttributeValue = C_SetAttributeValue,
	.C_FindObjectsInit = C_FindObjectsInit,
	.C_FindObjects = C_FindObjects,
	.C_FindObjectsFinal = C_FindObjectsFinal,
	.C_EncryptInit = C_EncryptInit,
	.C_Encrypt = C_Encrypt,
	.C_EncryptUpdate = C_EncryptUpdate,
	.C_EncryptFinal = C_EncryptFinal,
	.C_DecryptInit = C_DecryptInit,
	.C_Decrypt = C_Decrypt,
	.C_DecryptUpdate = C_DecryptUpdate,
	.C_DecryptFinal = C_DecryptFinal,
	.C_DigestInit = C_DigestInit,
	.C_Digest = C_Digest,
	.C_DigestUpdate = C_DigestUpdate,
	.C_DigestKey = C_DigestKey,
	.C_DigestFinal = C_DigestFinal,
	.C_SignInit = C_SignInit,
	.C_Sign = C_Sign,
	.C_SignUpdate = C_SignUpdate,
	.C_SignFinal = C_SignFinal,
	.C_SignRecoverInit = C_SignRecoverInit,
	.C_SignRecover = C_SignRecover,
	.C_VerifyInit = C_VerifyInit,
	.C_Verify = C_Verify,
	.C_VerifyUpdate = C_VerifyUpdate,
	.C_VerifyFinal = C_VerifyFinal,
	.C_VerifyRecoverInit = C_VerifyRecoverInit,
	.C_VerifyRecover = C_VerifyRecover,
	.C_DigestEncryptUpdate = C_DigestEncryptUpdate,
	.C_DecryptDigestUpdate = C_DecryptDigestUpdate,
	.C_SignEncryptUpdate = C_SignEncryptUpdate,
	.C_DecryptVerifyUpdate = C_DecryptVerifyUpdate,
	.C_GenerateKey = C_GenerateKey,
	.C_GenerateKeyPair = C_GenerateKeyPair,
	.C_WrapKey = C_WrapKey,
	.C_UnwrapKey = C_UnwrapKey,
	.C_DeriveKey = C_DeriveKey,
	.C_SeedRandom = C_SeedRandom,
	.C_GenerateRandom = C_GenerateRandom,
	.C_GetFunctionStatus = C_GetFunctionStatus,
	.C_CancelFunction = C_CancelFunction,
	.C_WaitForSlotEvent = C_WaitForSlotEvent,
};

CK_RV C_GetFunctionList(CK_FUNCTION_LIST_PTR_PTR list)
{
	if (!list)
		return CKR_ARGUMENTS_BAD;
	*list = &function_list;
	return CKR_OK;
}
