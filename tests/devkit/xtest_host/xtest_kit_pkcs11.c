// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PKCS#11 headers as optee_test's pkcs11_1000.c includes them
 * (<ck_debug.h>, <pkcs11.h>, <util.h>, <utee_defines.h>), and the
 * names libckteec gives: xtest's subcases print ckm2str() of the
 * mechanism under test (OP-TEE optee_client libckteec/src/ck_debug.c:
 * an unknown id is "Unknown ID", or "Vendor defined" with the vendor
 * bit).
 */
#include <ck_debug.h>
#include <inttypes.h>
#include <pkcs11.h>
#include <pkcs11_ta.h>
#include <stdio.h>
#include <string.h>
#include <utee_defines.h>
#include <util.h>

#include "xtest_kit.h"

static bool is(const char *got, const char *want)
{
	return got && !strcmp(got, want);
}

void kit_check_pkcs11(void)
{
	CK_FUNCTION_LIST_PTR list = NULL;

	kit_check(is(ckm2str(CKM_AES_CBC), "CKM_AES_CBC") &&
			  is(ckm2str(CKM_SHA256_HMAC), "CKM_SHA256_HMAC"),
		  "ckm2str names mechanisms");
	kit_check(is(ckm2str(CKM_VENDOR_DEFINED | 7), "Vendor defined") &&
			  is(ckm2str(0x7ffe), "Unknown ID"),
		  "ckm2str: vendor and unknown mechanisms");
	kit_check(is(ckr2str(CKR_OK), "CKR_OK") &&
			  is(ckr2str(CKR_BUFFER_TOO_SMALL),
			     "CKR_BUFFER_TOO_SMALL") &&
			  is(ckr2str(CKR_VENDOR_DEFINED | 1), "Vendor defined"),
		  "ckr2str");
	kit_check(is(cka2str(CKA_VALUE_LEN), "CKA_VALUE_LEN") &&
			  is(cko2str(CKO_SECRET_KEY), "CKO_SECRET_KEY") &&
			  is(ckk2str(CKK_AES), "CKK_AES") &&
			  is(cko2str(0x7777), "Unknown") &&
			  is(ckk2str(0x7777), "Unknown"),
		  "cka2str, cko2str, ckk2str");
	kit_check(is(mecha_ckf2str(CKF_SIGN), "CKF_SIGN") &&
			  is(token_ckf2str(CKF_RNG), "CKF_RNG") &&
			  is(slot_ckf2str(CKF_TOKEN_PRESENT),
			     "CKF_TOKEN_PRESENT") &&
			  is(session_ckf2str(CKF_SERIAL_SESSION),
			     "CKF_SERIAL_SESSION") &&
			  is(session_cks2str(CKS_RW_USER_FUNCTIONS),
			     "CKS_RW_USER_FUNCTIONS") &&
			  is(mecha_ckf2str(CKF_SIGN | CKF_VERIFY),
			     "Unknown flag"),
		  "flag and state names");
	/* Needs no TEE: the table is libckteec's own. */
	kit_check(C_GetFunctionList(&list) == CKR_OK && list &&
			  list->C_Initialize == C_Initialize,
		  "libckteec linked: C_GetFunctionList");
}
