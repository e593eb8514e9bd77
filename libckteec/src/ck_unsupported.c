// SPDX-License-Identifier: BSD-2-Clause
/*
 * Cryptoki functions libckteec answers itself.  OP-TEE's libckteec does
 * not forward the operation state, recover, dual-function and slot event
 * functions (CKR_FUNCTION_NOT_SUPPORTED) nor the parallel ones
 * (CKR_FUNCTION_NOT_PARALLEL); seeding is not carried by this TA yet
 * and answers CKR_FUNCTION_NOT_SUPPORTED too.
 */
#include "ck_api.h"

#define NOT_SUPPORTED                                                          \
	do {                                                                   \
		CK_RV rv = ck_ready();                                         \
		return rv ? rv : CKR_FUNCTION_NOT_SUPPORTED;                   \
	} while (0)

CK_RV C_GetOperationState(CK_SESSION_HANDLE s, CK_BYTE_PTR st, CK_ULONG_PTR len)
{
	(void)s, (void)st, (void)len;
	NOT_SUPPORTED;
}

CK_RV C_SetOperationState(CK_SESSION_HANDLE s, CK_BYTE_PTR st, CK_ULONG len,
			  CK_OBJECT_HANDLE ek, CK_OBJECT_HANDLE ak)
{
	(void)s, (void)st, (void)len, (void)ek, (void)ak;
	NOT_SUPPORTED;
}

CK_RV C_SignRecoverInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m,
			CK_OBJECT_HANDLE k)
{
	(void)s, (void)m, (void)k;
	NOT_SUPPORTED;
}

CK_RV C_SignRecover(CK_SESSION_HANDLE s, CK_BYTE_PTR d, CK_ULONG dl,
		    CK_BYTE_PTR sig, CK_ULONG_PTR sl)
{
	(void)s, (void)d, (void)dl, (void)sig, (void)sl;
	NOT_SUPPORTED;
}

CK_RV C_VerifyRecoverInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m,
			  CK_OBJECT_HANDLE k)
{
	(void)s, (void)m, (void)k;
	NOT_SUPPORTED;
}

CK_RV C_VerifyRecover(CK_SESSION_HANDLE s, CK_BYTE_PTR sig, CK_ULONG sl,
		      CK_BYTE_PTR d, CK_ULONG_PTR dl)
{
	(void)s, (void)sig, (void)sl, (void)d, (void)dl;
	NOT_SUPPORTED;
}

CK_RV C_DigestEncryptUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR p, CK_ULONG pl,
			    CK_BYTE_PTR e, CK_ULONG_PTR el)
{
	(void)s, (void)p, (void)pl, (void)e, (void)el;
	NOT_SUPPORTED;
}

CK_RV C_DecryptDigestUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR e, CK_ULONG el,
			    CK_BYTE_PTR p, CK_ULONG_PTR pl)
{
	(void)s, (void)e, (void)el, (void)p, (void)pl;
	NOT_SUPPORTED;
}

CK_RV C_SignEncryptUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR p, CK_ULONG pl,
			  CK_BYTE_PTR e, CK_ULONG_PTR el)
{
	(void)s, (void)p, (void)pl, (void)e, (void)el;
	NOT_SUPPORTED;
}

CK_RV C_DecryptVerifyUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR e, CK_ULONG el,
			    CK_BYTE_PTR p, CK_ULONG_PTR pl)
{
	(void)s, (void)e, (void)el, (void)p, (void)pl;
	NOT_SUPPORTED;
}

CK_RV C_SeedRandom(CK_SESSION_HANDLE s, CK_BYTE_PTR seed, CK_ULONG len)
{
	(void)s, (void)seed, (void)len;
	NOT_SUPPORTED;
}

CK_RV C_WaitForSlotEvent(CK_FLAGS flags, CK_SLOT_ID_PTR slot,
			 CK_VOID_PTR reserved)
{
	(void)flags, (void)slot, (void)reserved;
	NOT_SUPPORTED;
}

CK_RV C_GetFunctionStatus(CK_SESSION_HANDLE s)
{
	CK_RV rv = ck_ready();

	(void)s;
	return rv ? rv : CKR_FUNCTION_NOT_PARALLEL;
}

CK_RV C_CancelFunction(CK_SESSION_HANDLE s)
{
	CK_RV rv = ck_ready();

	(void)s;
	return rv ? rv : CKR_FUNCTION_NOT_PARALLEL;
}
