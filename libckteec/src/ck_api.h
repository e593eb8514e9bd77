/* SPDX-License-Identifier: BSD-2-Clause */
/* What libckteec's Cryptoki files share. */
#ifndef CKTEEC_CK_API_H
#define CKTEEC_CK_API_H

#include "invoke_ta.h"

/**
 * ck_ready() - Return: CKR_OK once C_Initialize succeeded, else
 * CKR_CRYPTOKI_NOT_INITIALIZED
 */
CK_RV ck_ready(void);

/**
 * ck_mechanism() - append a mechanism (id, parameter size, parameter) to
 * @c: AES_CBC with its 16-byte IV; AES_ECB and the key generation
 * mechanisms take no parameter; other mechanisms travel without their
 * parameter, for the TA to refuse
 * Return: CKR_OK, CKR_ARGUMENTS_BAD or CKR_MECHANISM_PARAM_INVALID
 */
CK_RV ck_mechanism(struct ctrl_buf *c, CK_MECHANISM_PTR m);

/**
 * ck_mechanism_asymm() - append an RSA or EC mechanism's parameter size
 * and parameter to @c (its id is there already): the PSS ones carry
 * u32 hashAlg, u32 mgf, u32 sLen, OAEP u32 hashAlg, mgf, source, source
 * length and the source, ECDH1_DERIVE u32 kdf, shared data length and
 * data, public data length and data (serialize_ck.c), the others none
 * Return: CKR_OK, CKR_MECHANISM_PARAM_INVALID, or CKR_MECHANISM_INVALID
 * for a mechanism that is not RSA or EC (nothing appended)
 */
CK_RV ck_mechanism_asymm(struct ctrl_buf *c, CK_MECHANISM_PTR m);

/**
 * ck_mechanism_symm() - append the parameter of a symmetric mechanism
 * (AES CBC-PAD, CTR, GCM, the _GENERAL MACs) to @c, after its id
 * @c:		the control buffer
 * @m:		the mechanism
 * @done:	set to 1 if @m was one of those (size and blob appended)
 * Return: CKR_OK or CKR_MECHANISM_PARAM_INVALID (also for a parameter
 * given to a digest, HMAC or CMAC, which take none)
 */
CK_RV ck_mechanism_symm(struct ctrl_buf *c, CK_MECHANISM_PTR m, int *done);

#endif
