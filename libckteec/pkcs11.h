/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * <pkcs11.h> for programs built against libckteec, as OP-TEE's
 * optee_client installs one: the Cryptoki types and functions come from
 * p11-kit's header (ckteec.pc requires p11-kit-1), which has the same
 * ABI as OP-TEE's copy (PKCS#11 2.40, CK_ULONG = unsigned long).
 */
#ifndef CKTEEC_PKCS11_H
#define CKTEEC_PKCS11_H

#include <p11-kit/pkcs11.h>

#endif
