/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * <ck_debug.h>: the names of Cryptoki identifiers, as OP-TEE's
 * optee_client installs the header and its libckteec exports the
 * functions.  Clients print them in logs: optee_test's xtest names each
 * mechanism it tests with ckm2str().
 *
 * Each returns a static string, the identifier's name from the PKCS#11
 * 2.40 headers ("CKR_OK", "CKM_AES_CBC", ...).  An identifier without a
 * name gives "Vendor defined" when it has the vendor bit, else
 * "Unknown ID" (ckr2str, ckm2str, cka2str); "Unknown" (cko2str,
 * ckk2str); "Unknown flag" (the flag functions, which take one flag).
 */
#ifndef LIBCKTEEC_CK_DEBUG_H
#define LIBCKTEEC_CK_DEBUG_H

#include <pkcs11.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The name of a CKR_* return value. */
const char *ckr2str(CK_RV id);
/* The name of a CKM_* mechanism. */
const char *ckm2str(CK_MECHANISM_TYPE id);
/* The name of one CKF_* flag of CK_SLOT_INFO.flags. */
const char *slot_ckf2str(CK_ULONG flag);
/* The name of one CKF_* flag of CK_TOKEN_INFO.flags. */
const char *token_ckf2str(CK_ULONG flag);
/* The name of one CKF_* flag of CK_MECHANISM_INFO.flags. */
const char *mecha_ckf2str(CK_ULONG flag);
/* The name of one CKF_* flag of CK_SESSION_INFO.flags. */
const char *session_ckf2str(CK_ULONG flag);
/* The name of a CKS_* session state. */
const char *session_cks2str(CK_ULONG flag);
/* The name of a CKA_* attribute. */
const char *cka2str(CK_ATTRIBUTE_TYPE id);
/* The name of a CKO_* object class. */
const char *cko2str(CK_OBJECT_CLASS id);
/* The name of a CKK_* key type. */
const char *ckk2str(CK_KEY_TYPE id);

#ifdef __cplusplus
}
#endif

#endif /* LIBCKTEEC_CK_DEBUG_H */
