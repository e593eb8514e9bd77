/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the two files of the xtest-style program share: a check that
 * counts failures, and the PKCS#11 part (built when CFG_PKCS11_TA=y, as
 * xtest builds pkcs11_1000.c).
 */
#ifndef XTEST_KIT_H
#define XTEST_KIT_H

#include <stdbool.h>

/* Reports @what and counts it as a failure when @ok is false. */
void kit_check(bool ok, const char *what);

/* The libckteec names xtest prints (ck_debug.h). */
void kit_check_pkcs11(void);

#endif
